"""The ``rentoy`` command line: one module per command, each registering its parser.

Every command prints to stdout and reports bad input on stderr as
``file:line:column: key: what is wrong (hint)`` with exit status 2, never a
traceback. Heavy modules are imported inside the commands, so ``rentoy --help``
stays fast.
"""

from __future__ import annotations

import argparse
import os
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


class Terminated(BaseException):
    """SIGTERM, raised so that cleanups run (temporary files, worker processes)."""


def _raise_terminated(signum: int, frame: object) -> None:
    raise Terminated()


def _silence_stdout() -> None:
    """Point stdout at the null device once writing to it failed, so that the flush at
    exit does not fail again with a second message."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):   # stdout is not a real file
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    import signal
    import threading

    from ..errors import RentoyError
    from ..files import describe_os_error

    parser = build_parser()
    args = parser.parse_args(argv)
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        status = int(args.handler(args) or 0)
        sys.stdout.flush()      # a full disk or a closed pipe shows here, not at exit
        return status
    except RentoyError as exc:
        for line in str(exc).splitlines():
            print(f"rentoy: error: {line}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except KeyboardInterrupt:
        print("rentoy: interrupted", file=sys.stderr)
        return 130
    except Terminated:
        print("rentoy: terminated", file=sys.stderr)
        return 143
    except OSError as exc:
        # Writing the output failed (stdout on a full disk, say), or another system
        # call did: one line, no traceback.
        text, hint = describe_os_error(exc)
        if exc.filename is None:
            _silence_stdout()
            where = "cannot write the output"
        else:
            where = f"{exc.filename}"
        print(f"rentoy: error: {where}: {text}" + (f" ({hint})" if hint else ""),
              file=sys.stderr)
        return 2
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
