"""The old name of :mod:`rentoy.model.dependencies`, kept for programs that import it: importing
``rentoy.dependencies`` gives that module itself."""

import sys

from .model import dependencies as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .model.dependencies import *  # noqa: F401,F403

sys.modules[__name__] = _module
