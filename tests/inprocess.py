"""Run the command line in the test process, the way the command-line tests read it."""

from __future__ import annotations

from typing import Any

from rentoy.cli import main


def run(capsys: Any, *args: str) -> tuple[int, str, str]:
    """``rentoy ARGS`` in-process: its exit status, standard output and standard error
    (read from pytest's ``capsys``)."""
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err
