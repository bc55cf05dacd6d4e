"""The old name of :mod:`rentoy.model.ruletable`, kept for programs that import it: importing
``rentoy.ruletable`` gives that module itself."""

import sys

from .model import ruletable as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .model.ruletable import *  # noqa: F401,F403

sys.modules[__name__] = _module
