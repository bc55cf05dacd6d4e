"""Pieces every command shares: the --format option and printing a report."""

from __future__ import annotations

import argparse
import sys

__all__ = ["add_format", "emit", "write"]


def add_format(parser: argparse.ArgumentParser,
               formats: tuple[str, ...] = ("text", "markdown", "json")) -> None:
    """The ``--format``/``-f`` option: one of ``formats`` (a subset of
    :data:`rentoy.render.FORMATS`), text by default."""
    parser.add_argument("--format", "-f", choices=formats, default="text",
                        help="output format (default: text)")


def write(text: str) -> None:
    """Print ``text`` to stdout, ending in exactly one newline."""
    sys.stdout.write(text.rstrip("\n") + "\n")


def emit(report, fmt: str) -> None:
    """Print a report in the chosen format."""
    from ..render import render

    write(render(report, fmt))
