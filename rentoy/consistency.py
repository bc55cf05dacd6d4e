"""The old name of :mod:`rentoy.model.consistency`, kept for programs that import it: importing
``rentoy.consistency`` gives that module itself."""

import sys

from .model import consistency as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .model.consistency import *  # noqa: F401,F403

sys.modules[__name__] = _module
