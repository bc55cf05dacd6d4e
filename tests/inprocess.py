"""Run the command line in the test process, the way the command-line tests read it."""

from __future__ import annotations

import re
from typing import Any

from rentoy.cli import main

#: An error line that names a file and a line: ``rentoy: error: FILE:LINE:COLUMN: ...``.
LOCATED = re.compile(r"^rentoy: error: (?P<file>[^:\n]+):(?P<line>\d+):\d+: ", re.M)


def located(err: str, name: str, line: int | None = None) -> re.Match[str]:
    """The first located error line, which must name ``name`` (at ``line``)."""
    match = LOCATED.search(err)
    assert match, err
    assert match["file"].endswith(name), err
    if line is not None:
        assert int(match["line"]) == line, err
    return match


def run(capsys: Any, *args: str) -> tuple[int, str, str]:
    """``rentoy ARGS`` in-process: its exit status, standard output and standard error
    (read from pytest's ``capsys``)."""
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err
