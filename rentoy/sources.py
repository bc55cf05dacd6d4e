"""The old name of :mod:`rentoy.data.sources`, kept for programs that import it: importing
``rentoy.sources`` gives that module itself."""

import sys

from .data import sources as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .data.sources import *  # noqa: F401,F403

sys.modules[__name__] = _module
