"""The old name of :mod:`rentoy.data.yamlfile`, kept for programs that import it: importing
``rentoy.yamlfile`` gives that module itself."""

import sys

from .data import yamlfile as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .data.yamlfile import *  # noqa: F401,F403

sys.modules[__name__] = _module
