"""Runs the examples in docstrings under pytest. The docs' own ``{doctest}`` fences are
run once, by ``sphinx-build -b doctest`` in the README's test command (which reads the
doctrees the HTML build left), not here a second time."""

import os
import uuid
from doctest import ELLIPSIS, NORMALIZE_WHITESPACE

from sybil import Sybil
from sybil.document import PythonDocStringDocument
from sybil.parsers.rest import DocTestParser

_FLAGS = ELLIPSIS | NORMALIZE_WHITESPACE

# One id for the whole test run, set before pytest-xdist starts its workers (they inherit
# it): the site is built once per run (tests/conftest.py).
os.environ.setdefault("RENTOY_TEST_RUN", uuid.uuid4().hex)

_docstrings = Sybil(
    parsers=[DocTestParser(optionflags=_FLAGS)],
    patterns=["rentoy/**/*.py", "rentoy/*.py"],
    document_types={".py": PythonDocStringDocument},
    name="docstrings",
)

pytest_collect_file = _docstrings.pytest()
