"""The old name of :mod:`rentoy.data.catalogs`, kept for programs that import it: importing
``rentoy.catalogs`` gives that module itself, and ``python -m rentoy.catalogs``
runs it."""

import sys

from .data import catalogs as _module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .data.catalogs import *  # noqa: F401,F403

if __name__ == "__main__":
    raise SystemExit(_module.main())
sys.modules[__name__] = _module
