"""The old name of :mod:`rentoy.model.variant`, kept for programs that import it: importing
``rentoy.variant`` gives that module itself."""

import sys

from .model import variant as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .model.variant import *  # noqa: F401,F403

sys.modules[__name__] = _module
