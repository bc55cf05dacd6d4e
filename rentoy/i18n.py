"""The old name of :mod:`rentoy.core.i18n`, kept for programs that import it: importing
``rentoy.i18n`` gives that module itself."""

import sys

from .core import i18n as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .core.i18n import *  # noqa: F401,F403

sys.modules[__name__] = _module
