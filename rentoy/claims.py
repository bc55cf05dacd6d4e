"""The old name of :mod:`rentoy.model.claims`, kept for programs that import it: importing
``rentoy.claims`` gives that module itself."""

import sys

from .model import claims as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .model.claims import *  # noqa: F401,F403

sys.modules[__name__] = _module
