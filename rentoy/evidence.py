"""The old name of :mod:`rentoy.data.evidence`, kept for programs that import it: importing
``rentoy.evidence`` gives that module itself."""

import sys

from .data import evidence as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .data.evidence import *  # noqa: F401,F403

sys.modules[__name__] = _module
