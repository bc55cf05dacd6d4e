"""The old name of :mod:`rentoy.model.notation`, kept for programs that import it: importing
``rentoy.notation`` gives that module itself."""

import sys

from .model import notation as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .model.notation import *  # noqa: F401,F403

sys.modules[__name__] = _module
