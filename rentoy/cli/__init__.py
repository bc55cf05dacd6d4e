"""The ``rentoy`` command line: one module per command, each registering its parser.

Every command prints to stdout and reports bad input on stderr as
``file:line:column: key: what is wrong (hint)`` with exit status 2, never a
traceback. Heavy modules are imported inside the commands, so ``rentoy --help``
stays fast.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from . import check, compare, glossary, rules, run, simulate, solve, sources, variants

__all__ = ["build_parser", "main"]

_COMMANDS = (variants, rules, check, run, compare, simulate, solve, sources, glossary)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``rentoy`` (also read by the docs)."""
    from .. import __version__

    parser = argparse.ArgumentParser(
        prog="rentoy",
        description="Rentoy, the Spanish trick-taking and betting card game: read the "
                    "variants' rules with their sources, run worked examples, and compare "
                    "variants side by side.",
        epilog="Variant ids may carry options: 1737+borrego. Exit status: 0 success, "
               "1 a walkthrough expectation failed, 2 bad input.")
    parser.add_argument("--version", action="version", version=f"rentoy {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in _COMMANDS:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    from ..errors import RentoyError

    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args) or 0)
    except RentoyError as exc:
        for line in str(exc).splitlines():
            print(f"rentoy: error: {line}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        print("rentoy: interrupted", file=sys.stderr)
        return 130
