"""The old name of :mod:`rentoy.core.errors`, kept for programs that import it: importing
``rentoy.errors`` gives that module itself."""

import sys

from .core import errors as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .core.errors import *  # noqa: F401,F403

sys.modules[__name__] = _module
