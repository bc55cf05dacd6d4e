"""Pieces every command shares: the --format option and printing a report."""

from __future__ import annotations

import argparse
import sys

__all__ = ["add_format", "emit"]


def add_format(parser: argparse.ArgumentParser, formats: tuple[str, ...] = ("text", "markdown", "json")
               ) -> None:
    parser.add_argument("--format", "-f", choices=formats, default="text",
                        help="output format (default: text)")


def emit(report, fmt: str) -> None:
    """Print a report in the chosen format."""
    from ..render import render

    sys.stdout.write(render(report, fmt).rstrip("\n") + "\n")
