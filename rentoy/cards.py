"""The old name of :mod:`rentoy.model.cards`, kept for programs that import it: importing
``rentoy.cards`` gives that module itself."""

import sys

from .model import cards as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .model.cards import *  # noqa: F401,F403

sys.modules[__name__] = _module
