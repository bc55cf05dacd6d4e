"""The old name of :mod:`rentoy.core.workers`, kept for programs that import it: importing
``rentoy.workers`` gives that module itself."""

import sys

from .core import workers as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .core.workers import *  # noqa: F401,F403

sys.modules[__name__] = _module
