"""The ``rentoy`` command line: one module per command, each registering its parser.

Every command prints to stdout and reports bad input on stderr as
``file:line:column: key: what is wrong (hint)`` with exit status 2, never a
traceback. Heavy modules are imported inside the commands, so ``rentoy --help``
stays fast.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from collections.abc import Sequence
from importlib import import_module
from ..core.i18n import LANGUAGES, N_, _

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

    from _typeshed import SupportsWrite

__all__ = ["build_parser", "main", "report_error"]

#: The commands, each with the line ``rentoy --help`` gives it. A command is a module of
#: this package named after it, with a ``register(sub)`` function that adds its parser;
#: the module is imported only when its command is run (or its help asked for, or every
#: parser built, as the docs do), so a command module imports what it needs at its top
#: and ``rentoy --help`` imports none of them.
COMMANDS: dict[str, str] = {
    "variants": N_("list the built-in variants"),
    "rules": N_("print a variant's rules with their provenance"),
    "check": N_("validate a variant or walkthrough file"),
    "run": N_("run a walkthrough file (a worked example)"),
    "compare": N_("put variants side by side: rules, simulated play, divergent deals"),
    "simulate": N_("play many hands of one variant with bots and measure them"),
    "solve": N_("who wins a position with every card visible and perfect play"),
    "sources": N_("list the bibliography, or show one source"),
    "glossary": N_("list the Spanish terms, or look one up"),
    "play": N_("play a game against bots (one action per line from a script)"),
    "equity": N_("each team's chance of winning the game from every score, and the take "
                 "points of every raise"),
    "review": N_("analyse a played game decision by decision"),
    "profile": N_("what each variant is like to play, measured on the same deals"),
    "remarks": N_("the sources' remarks about play, tested under each reading"),
}

#: The commands that only read files and print: they run without the cyclic garbage
#: collector (see :func:`main`).
READING: frozenset[str] = frozenset({"variants", "rules", "sources", "glossary"})


class _HelpFormatter(argparse.HelpFormatter):
    """Help that states each option's default once: help strings name a default only
    when it is not a plain value (the docs' argparse directive prints plain ones)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        if width is None:       # argparse would import shutil for this, at every start
            from ..render.terminal import terminal_width  # at use: start-up (bench/startup.py)

            width = terminal_width() - 2
        super().__init__(prog, indent_increment, max_help_position, width)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if (default is None or isinstance(default, bool) or default is argparse.SUPPRESS
                or "default" in text or not action.option_strings):
            return text
        return f"{text} " + _("(default: {value})").format(value=default)


class _Parser(argparse.ArgumentParser):
    """An argument parser (and subparsers) formatting help with :class:`_HelpFormatter`,
    whose messages quote no argument whole (see :func:`shorten`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if message:
            message = "\n".join(shorten(line) for line in message.split("\n"))
        super()._print_message(message, file)


def _width(text: str) -> int:
    from ..render.terminal import MIN_WIDTH  # at use: start-up (bench/startup.py)

    from ..core.limits import shown  # at use: start-up (bench/startup.py)

    try:
        value = int(text) if len(text.strip()) <= 9 else -1
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(
            _("{text} is not a number of columns").format(text=shown(text))) from None
    if value < MIN_WIDTH:
        raise argparse.ArgumentTypeError(
            _("{value} columns is too narrow; give {least} or more").format(
                value=value, least=MIN_WIDTH))
    return value


_WIDTH_HELP = N_("fit text output to N columns (default: COLUMNS, else the terminal's "
               "width, else 80)")
_LANG_HELP = N_("the language to speak: en or es (default: the locale's, from LANGUAGE, "
              "LC_ALL, LC_MESSAGES or LANG; else English)")


def _requested_language(argv: Sequence[str]) -> str | None:
    """The value of ``--lang`` anywhere in ``argv`` (read before the parser is built,
    so that its help is in that language)."""
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if word.startswith("--lang="):
            return word.partition("=")[2]
    return None


def _command_in(argv: Sequence[str]) -> str | None:
    """The command named in ``argv`` (the first word that is not an option), if known."""
    skip = False
    for word in argv:
        if skip:
            skip = False
        elif word in ("--width", "--lang"):
            skip = True
        elif not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def build_parser(only: str | None = None, *, listing: bool = False
                 ) -> argparse.ArgumentParser:
    """The argument parser of ``rentoy`` (also read by the docs); with ``only``, just
    that command's part of it, which is all a run of that command needs; with
    ``listing``, every command by name and help line only, which is all ``rentoy
    --help`` (or a run naming no known command) needs, without importing a command."""
    from .. import __version__  # at use: start-up (bench/startup.py)

    parser = _Parser(
        prog="rentoy",
        description=_("Rentoy, the Spanish trick-taking and betting card game: read the "
                      "variants' rules with their sources, run worked examples, and compare "
                      "variants side by side."),
        epilog=_("Variant ids may carry options: 1737+borrego. Exit status: 0 success, "
                 "1 a walkthrough expectation failed, 2 bad input."))
    parser.add_argument("--version", action="version", version=f"rentoy {__version__}",
                        help=_("show program's version number and exit"))
    parser.add_argument("--width", type=_width, metavar="N", help=_(_WIDTH_HELP))
    parser.add_argument("--lang", choices=LANGUAGES, metavar="LANG", help=_(_LANG_HELP))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, line in COMMANDS.items():
        if listing:
            sub.add_parser(name, help=_(line), add_help=False)
        elif only is None or name == only:
            import_module(f".{name}", __name__).register(sub)
    # Every command takes --width too (after its name), and states defaults once.
    for command in sub.choices.values():
        if not any("--width" in a.option_strings for a in command._actions):
            command.add_argument("--width", type=_width, metavar="N",
                                 default=argparse.SUPPRESS, help=_(_WIDTH_HELP))
        if not any("--lang" in a.option_strings for a in command._actions):
            command.add_argument("--lang", choices=LANGUAGES, metavar="LANG",
                                 default=argparse.SUPPRESS, help=_(_LANG_HELP))
    return parser


def report_error(exc: BaseException) -> None:
    """Print an error as ``rentoy: error: ...`` lines on stderr: at most
    :data:`~rentoy.core.limits.MAX_PROBLEMS` of them (the rest counted), each cut to a
    readable length (a value echoed whole would make a line of many kilobytes)."""
    from ..core.limits import MAX_PROBLEMS  # at use: start-up (bench/startup.py)

    lines = str(exc).splitlines()
    for line in lines[:MAX_PROBLEMS]:
        print(f"rentoy: error: {shorten(line)}", file=sys.stderr)
    if len(lines) > MAX_PROBLEMS:
        from ..core.i18n import ngettext  # at use: start-up (bench/startup.py)

        more = len(lines) - MAX_PROBLEMS
        print("rentoy: error: " + ngettext(
            "... and {count} more problem (rentoy.limits.MAX_PROBLEMS)",
            "... and {count} more problems (rentoy.limits.MAX_PROBLEMS)", more).format(
                count=f"{more:,}"), file=sys.stderr)


#: The longest error line printed, in characters; past it the longest words are cut.
_LONGEST_LINE = 1_000


def shorten(line: str) -> str:
    """``line`` with any word over 200 characters cut in its middle, when the line is
    longer than a reader can take in: the last guard against a message echoing a huge
    value (the messages themselves quote values with :func:`rentoy.core.limits.shown`)."""
    if len(line) <= _LONGEST_LINE:
        return line
    import re  # at use: start-up (bench/startup.py)

    def cut(match: re.Match[str]) -> str:
        word = match.group()
        return f"{word[:80]}...({len(word) - 120:,} characters)...{word[-40:]}"

    line = re.sub(r"\S{200,}", cut, line)
    return line if len(line) <= 2 * _LONGEST_LINE else line[:2 * _LONGEST_LINE] + "..."


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
    argv = sys.argv[1:] if argv is None else list(argv)
    if _command_in(argv) in READING and gc.isenabled():
        # Such a command makes thousands of objects that last until it ends (modules,
        # classes, the variants read) and next to no garbage: the collector would look
        # through them again and again, a few milliseconds of a run of sixty, to free
        # nothing.
        gc.disable()
        try:
            return _run(argv)
        finally:
            gc.enable()
    return _run(argv)


def _run(argv: list[str]) -> int:
    # At use: start-up (bench/startup.py)
    from ..render.terminal import OutputStream, ascii_fallback

    # Accents and symbols the output's encoding cannot show are written as plain ASCII.
    if sys.stdout is not None:
        ascii_fallback(sys.stdout)
    if sys.stderr is not None:
        ascii_fallback(sys.stderr)
    # Everything printed goes through the output layer: control characters escaped,
    # every byte written or an error (a closed stdout, a file-size limit).
    out, err = sys.stdout, sys.stderr
    sys.stdout = OutputStream(out, "standard output")
    sys.stderr = OutputStream(err, "standard error", quiet=True)
    try:
        return _command(argv)
    finally:
        sys.stdout, sys.stderr = out, err


def _command(argv: list[str]) -> int:
    # At use: start-up (bench/startup.py)
    from ..core.i18n import LanguageError, choose_language, use_language

    requested = _requested_language(argv)
    if requested is not None and requested not in LANGUAGES:
        with use_language(choose_language()):     # the locale's language says it
            print(f"rentoy: error: {_language_refusal(requested)}", file=sys.stderr)
        return 2
    try:
        code = choose_language(requested)
    except LanguageError as exc:
        print(f"rentoy: error: {exc}", file=sys.stderr)
        return 2
    # The language of this run only: a program calling main() speaks its own after it.
    with use_language(code):
        if code == "en":
            return _parsed_command(argv)
        from .argwords import speaking  # at use: start-up (bench/startup.py)

        with speaking(code):
            return _parsed_command(argv)


def _language_refusal(requested: str) -> str:
    """Why ``--lang requested`` is refused, with the option written right: ``ES`` is
    ``es``, as the option's values are written (argparse would print its usage)."""
    from ..core.i18n import _code
    from ..core.limits import shown

    near = _code(requested)
    right = (_("write it as rentoy does: --lang {code}").format(code=near)
             if near in LANGUAGES and requested.strip() else
             _("give --lang en or --lang es"))
    return _("--lang {value}: rentoy speaks en (English) and es (Spanish), in lower "
             "case ({right})").format(value=shown(requested), right=right)


def _parsed_command(argv: list[str]) -> int:
    import signal  # at use: start-up (bench/startup.py)

    from ..core.errors import RentoyError  # at use: start-up (bench/startup.py)
    from ..core.files import describe_os_error
    from .common import set_output_width

    command = _command_in(argv)
    parser = build_parser(command, listing=command is None)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:      # --help, --version, or a bad argument (status 2)
        return exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
    set_output_width(args.width)
    try:
        previous = signal.signal(signal.SIGTERM, _raise_terminated)
    except ValueError:      # not the main thread (Python handles signals there only)
        previous = None
    try:
        status = int(args.handler(args) or 0)
        sys.stdout.flush()      # a full disk or a closed pipe shows here, not at exit
        return status
    except RentoyError as exc:
        report_error(exc)
        return 2
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except KeyboardInterrupt:
        print("rentoy: " + _("interrupted"), file=sys.stderr)
        return 130
    except Terminated:
        print("rentoy: " + _("terminated"), file=sys.stderr)
        return 143
    except OSError as exc:
        # Writing the output failed (stdout on a full disk, say), or another system
        # call did: one line, no traceback.
        text, hint = describe_os_error(exc, writing=exc.filename is None)
        if exc.filename is None:
            _silence_stdout()
            where = _("cannot write the output")
        else:
            where = f"{exc.filename}"
        print(shorten(f"rentoy: error: {where}: {text}" + (f" ({hint})" if hint else "")),
              file=sys.stderr)
        return 2
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
