"""Run ``rentoy`` from the checkout given first (for ``startup.py --against``)."""

import sys

sys.path.insert(0, sys.argv.pop(1))
from rentoy.cli import main  # noqa: E402

sys.exit(main())
