"""The old name of :mod:`rentoy.data.terminology`, kept for programs that import it: importing
``rentoy.terminology`` gives that module itself."""

import sys

from .data import terminology as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .data.terminology import *  # noqa: F401,F403

sys.modules[__name__] = _module
