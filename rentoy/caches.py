"""The old name of :mod:`rentoy.core.caches`, kept for programs that import it: importing
``rentoy.caches`` gives that module itself."""

import sys

from .core import caches as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .core.caches import *  # noqa: F401,F403

sys.modules[__name__] = _module
