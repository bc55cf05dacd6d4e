"""The old name of :mod:`rentoy.data.schemagen`, kept for programs that import it: importing
``rentoy.schemagen`` gives that module itself, and ``python -m rentoy.schemagen``
runs it."""

import sys

from .data import schemagen as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .data.schemagen import *  # noqa: F401,F403

if __name__ == "__main__":
    raise SystemExit(_module.main())
sys.modules[__name__] = _module
