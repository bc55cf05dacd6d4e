"""The old name of :mod:`rentoy.data.variants`, kept for programs that import it: importing
``rentoy.variants`` gives that module itself."""

import sys

from .data import variants as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .data.variants import *  # noqa: F401,F403

sys.modules[__name__] = _module
