"""Runs the examples in docstrings under pytest. The docs' own ``{doctest}`` fences are
run once, by ``sphinx-build -b doctest`` in the README's test command (which reads the
doctrees the HTML build left), not here a second time."""

from doctest import ELLIPSIS, NORMALIZE_WHITESPACE

from sybil import Sybil
from sybil.document import PythonDocStringDocument
from sybil.parsers.rest import DocTestParser

_FLAGS = ELLIPSIS | NORMALIZE_WHITESPACE

_docstrings = Sybil(
    parsers=[DocTestParser(optionflags=_FLAGS)],
    patterns=["rentoy/**/*.py", "rentoy/*.py"],
    document_types={".py": PythonDocStringDocument},
    name="docstrings",
)

pytest_collect_file = _docstrings.pytest()
