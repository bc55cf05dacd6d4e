"""The old name of :mod:`rentoy.core.frozen`, kept for programs that import it: importing
``rentoy.frozen`` gives that module itself."""

import sys

from .core import frozen as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .core.frozen import *  # noqa: F401,F403

sys.modules[__name__] = _module
