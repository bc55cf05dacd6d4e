"""The old name of :mod:`rentoy.data.glossary`, kept for programs that import it: importing
``rentoy.glossary`` gives that module itself."""

import sys

from .data import glossary as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .data.glossary import *  # noqa: F401,F403

sys.modules[__name__] = _module
