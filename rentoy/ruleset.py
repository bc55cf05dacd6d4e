"""The old name of :mod:`rentoy.model.ruleset`, kept for programs that import it: importing
``rentoy.ruleset`` gives that module itself."""

import sys

from .model import ruleset as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .model.ruleset import *  # noqa: F401,F403

sys.modules[__name__] = _module
