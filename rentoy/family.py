"""The old name of :mod:`rentoy.data.family`, kept for programs that import it: importing
``rentoy.family`` gives that module itself."""

import sys

from .data import family as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .data.family import *  # noqa: F401,F403

sys.modules[__name__] = _module
