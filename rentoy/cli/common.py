"""Pieces every command shares: the --format option, the output width, printing.

A command builds a :class:`rentoy.render.Report` and calls :func:`emit`; the text
renderer lays it out to :func:`output_width` (``--width N``, else ``COLUMNS``, else the
terminal's width, else 80). Text a command lays out itself (a transcript, say) is
wrapped to :func:`output_width` and printed with :func:`write`. Output that the
terminal's encoding cannot show is transliterated to ASCII by ``rentoy``'s ``main``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from ..core import i18n
from ..core.i18n import N_, _

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Protocol, TextIO

    from ..render import Report

    class ProgressBar(Protocol):
        """What a caller of :func:`progress_bar` does with its bar: close it."""

        def close(self) -> None: ...

__all__ = ["add_format", "emit", "write", "chosen_format", "refuse_folder",
           "refuse_empty_variant", "output_width",
           "set_output_width", "warn", "count", "bounded_count", "progress_bar", "seconds",
           "input_lines", "whole_number"]

_width: int | None = None      # set once per run from --width


def set_output_width(width: int | None) -> None:
    """Fix the width of text output for this run (None: the terminal's)."""
    global _width
    _width = width


def output_width() -> int:
    """The width text output must fit (see :func:`rentoy.render.terminal.terminal_width`)."""
    from ..render.terminal import terminal_width  # at use: start-up (bench/startup.py)

    return terminal_width(_width)


def warn(message: str) -> None:
    """A warning on stderr: ``rentoy: warning: ...``."""
    from . import shorten  # at use: start-up (bench/startup.py)

    print(shorten("rentoy: " + _("warning: {message}").format(message=message)),
          file=sys.stderr)


def count(text: str) -> int:
    """An ``argparse`` type for counts: ``20000``, ``20_000`` or ``2e4``.

    >>> count("2e4"), count("1_000_000"), count("20000")
    (20000, 1000000, 20000)
    """
    from ..core.limits import MAX_DIGITS, digits_over, shown  # at use: start-up (bench/startup.py)

    cleaned = text.strip().replace("_", "")
    if digits_over(cleaned):        # before int(), which fails past 4,300 digits
        raise argparse.ArgumentTypeError(
            _("{text} has more than {digits} digits; write it like 20000 or 2e4").format(
                text=shown(text), digits=MAX_DIGITS))
    try:
        return int(cleaned)
    except ValueError:
        pass
    try:
        number = float(cleaned)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a number; write it like 20000 or 2e4").format(text=shown(text))
        ) from None
    if number != number or number in (float("inf"), float("-inf")) \
            or number != int(number):
        raise argparse.ArgumentTypeError(
            _("{text} is not a whole number").format(text=shown(text))) from None
    return int(number)


def whole_number(least: int, most: int | None = None) -> Callable[[str], int]:
    """An ``argparse`` type for a whole number from ``least`` to ``most`` (a seat, a
    number of players, a seed): ASCII digits, their count checked before they are
    converted (at most :data:`~rentoy.core.limits.MAX_DIGITS`), so that no value of thousands
    of digits reaches ``int()`` or a record.

    >>> whole_number(0, 7)("3")
    3
    >>> whole_number(0, 7)("9" * 5000)
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '99999999999999999999999999999999999999999999999999999...' (5,000 characters) has more than 100 digits; the limit is 100 digits (rentoy.limits.MAX_DIGITS)
    """
    def read(text: str) -> int:
        from ..core.limits import MAX_DIGITS, digits_over, shown

        cleaned = text.strip()
        digits = cleaned[1:] if cleaned[:1] in "+-" else cleaned
        if not (digits.isascii() and digits.isdigit()):
            raise argparse.ArgumentTypeError(_("{text} is not a whole number").format(
                text=shown(text)))
        if digits_over(cleaned):
            raise argparse.ArgumentTypeError(_(
                "{text} has more than {digits} digits; the limit is {digits} digits "
                "(rentoy.limits.MAX_DIGITS)").format(text=shown(text), digits=MAX_DIGITS))
        value = int(cleaned)
        if value < least or (most is not None and value > most):
            raise argparse.ArgumentTypeError(
                (_("give a whole number from {least} to {most}, not {text}") if most is not None
                 else _("give a whole number of at least {least}, not {text}")).format(
                    least=least, most=most, text=shown(text)))
        return value
    return read


#: The longest wait an option in seconds takes (a day).
MAX_SECONDS = 86_400.0


def seconds(text: str) -> float:
    """An ``argparse`` type for a wait in seconds: a number above 0, at most a day
    (``nan`` and ``inf`` are not waits).

    >>> seconds("20"), seconds("0.5")
    (20.0, 0.5)
    """
    from ..core.limits import shown  # at use: start-up (bench/startup.py)

    try:
        value = float(text) if len(text) <= 40 else float("nan")
    except ValueError:
        value = float("nan")
    if not 0 < value <= MAX_SECONDS:      # false for nan as well
        raise argparse.ArgumentTypeError(
            _("{text} is not a number of seconds: give one above 0 and at most {most} "
              "(a day)").format(text=shown(text), most=i18n.number(MAX_SECONDS, 0)))
    return value


def input_lines(stream: TextIO | None = None, what: str = "action") -> Iterator[str]:
    """The lines of standard input (or ``stream``), each read bounded: a line longer than
    :data:`~rentoy.core.limits.MAX_INPUT_LINE` characters is reported on stderr and skipped
    (read to its end in pieces, never held whole), and input whose line does not end
    within :data:`~rentoy.core.limits.MAX_FILE_BYTES` characters (``/dev/zero``) is an
    :class:`~rentoy.core.errors.InputError`. A closed standard input has no lines; bytes that
    are not UTF-8 read as U+FFFD, so the line is refused like any unknown word. ``what``:
    what a line holds, for the message.

    >>> import io
    >>> list(input_lines(io.StringIO("2\\n" + "x" * 5000 + "\\nfold\\n")))
    ['2\\n', 'fold\\n']
    """
    # At use: start-up (bench/startup.py)
    from ..core.limits import MAX_FILE_BYTES, MAX_INPUT_LINE, over_limit

    stream = sys.stdin if stream is None else stream
    if stream is None:
        return
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        try:
            reconfigure(errors="replace")
        except (ValueError, OSError):
            pass
    number = 0
    while True:
        line = stream.readline(MAX_INPUT_LINE + 1)
        if not line:
            return
        number += 1
        if len(line) <= MAX_INPUT_LINE or line.endswith("\n"):
            yield line
            continue
        skipped = len(line)
        while not line.endswith("\n"):
            line = stream.readline(65_536)
            if not line:
                break
            skipped += len(line)
            if skipped > MAX_FILE_BYTES:
                # At use: start-up (bench/startup.py)
                from ..core.errors import InputError, Location, Problem

                raise InputError(Problem(over_limit(
                    "MAX_FILE_BYTES", _("line {number} does not end").format(
                        number=i18n.number(number))),
                    Location("<standard input>"),
                    hint=(_("give one deal per line") if what == "deal"
                          else _("give one action per line"))))
        warn(over_limit("MAX_INPUT_LINE", _("<standard input>:{number}: this line is {count} "
                                            "characters long").format(
                                                number=number, count=i18n.number(skipped)))
             + _("; it is skipped"))


#: The units of the counts held to a limit (``rentoy.limits.LIMITS``) on the command line.
_UNITS = (N_("hands"), N_("deals"))


def bounded_count(limit: str, positive: bool = True) -> Callable[[str], int]:
    """An ``argparse`` type for a count held to the limit ``limit`` of
    :mod:`rentoy.core.limits` (and, with ``positive``, at least 1).

    >>> bounded_count("MAX_HANDS")("2e4")
    20000
    >>> bounded_count("MAX_HANDS")("1e12")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 1e12 is over the limit of 10,000,000 hands (rentoy.limits.MAX_HANDS)
    """
    def read(text: str) -> int:
        from ..core import limits  # at use: start-up (bench/startup.py)

        value = count(text)
        top, unit = limits.LIMITS[limit]
        if value > top:
            raise argparse.ArgumentTypeError(
                _("{text} is over the limit of {top} {unit} (rentoy.limits.{limit})").format(
                    text=text, top=i18n.number(top), unit=_(unit), limit=limit))
        if positive and value < 1:
            raise argparse.ArgumentTypeError(
                _("give a positive whole number, 1 or more, not {text}").format(text=text))
        return value
    return read


def progress_bar(seconds: float, unit: str
                 ) -> tuple[Callable[[int, int], None] | None, ProgressBar | None]:
    """A ``progress(done, total)`` callback drawing a bar on stderr, and the bar to
    close, for a run estimated at ``seconds`` (:mod:`rentoy.simulation.cost`); or
    ``(None, None)`` when the run is short or stderr is not a terminal (a pipe, a log
    file: nothing is drawn there)."""
    from ..simulation.cost import is_long  # at use: start-up (bench/startup.py)

    if not is_long(seconds) or not sys.stderr.isatty():
        return None, None
    from tqdm import tqdm  # at use: only a long run shows progress

    bar = tqdm(total=None, unit=unit, file=sys.stderr, leave=False)

    def update(done: int, total: int) -> None:
        bar.total = total
        bar.n = done
        bar.refresh()

    return update, bar


def add_format(parser: argparse.ArgumentParser,
               formats: tuple[str, ...] = ("text", "markdown", "json")) -> None:
    """The ``--format``/``-f`` option: one of ``formats`` (a subset of
    :data:`rentoy.render.FORMATS`), text by default."""
    parser.add_argument("--format", "-f", choices=formats, default="text",
                        action=_FormatGiven, help=_("output format"))


class _FormatGiven(argparse.Action):
    """Stores ``--format`` and notes that it was given (``--json -f text`` is refused)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)
        namespace.format_given = True


def chosen_format(args: argparse.Namespace) -> str:
    """The output format of a command that takes both ``--json`` and ``--format``;
    asking for JSON and another format at once is refused."""
    fmt: str = args.format
    if getattr(args, "json", False):
        if fmt != "json" and getattr(args, "format_given", False):
            from ..core.errors import InputError, Problem  # at use: start-up (bench/startup.py)

            raise InputError(Problem(_("--json and --format {format} ask for two formats").format(
                format=fmt), hint=_("give one of them")))
        return "json"
    return fmt


def refuse_folder(path: str, what: str, hint: str) -> None:
    """Refuse a folder given where a file is wanted, in the same words everywhere."""
    from pathlib import Path  # at use: start-up (bench/startup.py)

    if Path(path).is_dir():
        from ..core.errors import InputError, Location, Problem  # at use: start-up (bench/startup.py)

        raise InputError(Problem(_("this is a folder, not {what}").format(what=what),
                                 Location(path), hint=hint))


def refuse_empty_variant(spec: str, example: str) -> None:
    """Refuse a variant argument that names no variant before its options (``''``,
    ``+borrego``): read as a path, the empty name is the current folder, and a message
    about a folder would mislead. ``example``: the command written right."""
    if spec.split("+")[0].strip():
        return
    from ..core.errors import InputError, Problem
    from ..data.variants import builtin_ids

    options = spec.strip().lstrip("+")
    if options:
        what = _("{spec} names options but no variant before them").format(spec=spec.strip())
        hint = _("write the variant first, then its options: {id}+{options}").format(
            id="1737", options=options)
    else:
        what = _("the variant is empty")
        hint = _("give a built-in id ({ids}) or a variant file, e.g. {example}").format(
            ids=", ".join(builtin_ids()), example=example)
    raise InputError(Problem(what, hint=hint))


def write(text: str) -> None:
    """Print ``text`` to stdout, ending in exactly one newline."""
    sys.stdout.write(text.rstrip("\n") + "\n")


def emit(report: Report, fmt: str) -> None:
    """Print a report in the chosen format (text fitting :func:`output_width`)."""
    from ..render import render  # at use: start-up (bench/startup.py)

    text = render(report, fmt, output_width() if fmt == "text" else None)
    if fmt == "json" and not _encodable(text):
        # JSON stays exact where the output cannot show accents: \u escapes, not the
        # transliteration text gets.
        import json

        text = json.dumps(json.loads(text), indent=2, ensure_ascii=True)
    write(text)


def _encodable(text: str) -> bool:
    try:
        text.encode(getattr(sys.stdout, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True
