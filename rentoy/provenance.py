"""The old name of :mod:`rentoy.model.provenance`, kept for programs that import it: importing
``rentoy.provenance`` gives that module itself."""

import sys

from .model import provenance as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .model.provenance import *  # noqa: F401,F403

sys.modules[__name__] = _module
