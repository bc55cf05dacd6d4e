"""The old name of :mod:`rentoy.data.validation`, kept for programs that import it: importing
``rentoy.validation`` gives that module itself."""

import sys

from .data import validation as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .data.validation import *  # noqa: F401,F403

sys.modules[__name__] = _module
