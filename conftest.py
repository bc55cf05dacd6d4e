"""Runs the examples in the docs ({doctest} fences) and in docstrings under pytest."""

from doctest import ELLIPSIS, NORMALIZE_WHITESPACE

from sybil import Sybil
from sybil.document import PythonDocStringDocument
from sybil.parsers.myst import DocTestDirectiveParser
from sybil.parsers.rest import DocTestParser

_FLAGS = ELLIPSIS | NORMALIZE_WHITESPACE

_docs = Sybil(
    parsers=[DocTestDirectiveParser(optionflags=_FLAGS)],
    patterns=["docs/**/*.md", "docs/*.md"],
    excludes=["docs/_build/**"],
    name="docs",
)
_docstrings = Sybil(
    parsers=[DocTestParser(optionflags=_FLAGS)],
    patterns=["rentoy/**/*.py", "rentoy/*.py"],
    document_types={".py": PythonDocStringDocument},
    name="docstrings",
)

pytest_collect_file = (_docs + _docstrings).pytest()
