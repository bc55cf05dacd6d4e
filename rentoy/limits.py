"""The old name of :mod:`rentoy.core.limits`, kept for programs that import it: importing
``rentoy.limits`` gives that module itself."""

import sys

from .core import limits as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .core.limits import *  # noqa: F401,F403

sys.modules[__name__] = _module
