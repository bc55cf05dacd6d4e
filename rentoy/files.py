"""The old name of :mod:`rentoy.core.files`, kept for programs that import it: importing
``rentoy.files`` gives that module itself."""

import sys

from .core import files as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .core.files import *  # noqa: F401,F403

sys.modules[__name__] = _module
