"""The old name of :mod:`rentoy.data.quotations`, kept for programs that import it: importing
``rentoy.quotations`` gives that module itself."""

import sys

from .data import quotations as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .data.quotations import *  # noqa: F401,F403

sys.modules[__name__] = _module
