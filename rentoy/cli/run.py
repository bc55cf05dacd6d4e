"""``rentoy run FILE``: run a walkthrough and print its transcript, branch by branch."""

from __future__ import annotations

import argparse

from ..analysis.stakes import source_words
from ..equity.worth import walkthrough_worth
from ..core.errors import InputError, Location, Problem
from ..core.i18n import _, data_text
from ..render import Report, render
from ..walkthrough import run_walkthrough
from ..walkthrough.narrate import written_action
from ..walkthrough.transcript import render_markdown, render_text
from . import COMMANDS
from .check import file_kind
from .common import add_format, chosen_format, emit, output_width, write

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from ..walkthrough.runner import WalkthroughRun


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "run", help=_(COMMANDS["run"]),
        description=_("Run a walkthrough: deal the cards, take every action through the engine, "
                      "branch by branch, and check what each segment expects. Prints the deal, "
                      "each action with its effect (the value, the raise right, the tricks, "
                      "the calls and their glosses, dead raises, refusals) and a summary of "
                      "every branch. Exit status 0 when every expectation holds, 1 when one "
                      "fails or an action is refused unexpectedly, 2 when the file is wrong."))
    p.add_argument("file", metavar="FILE", help=_("the walkthrough file (YAML)"))
    add_format(p)
    p.add_argument("--json", action="store_true",
                   help=_('the same as --format json: {"ok": ..., "results": [...]}'))
    p.add_argument("--quiet", "-q", action="store_true",
                   help=_("print only the summary of the branches (text and markdown)"))
    p.set_defaults(handler=handle)


def _refuse_variant_file(path: str) -> None:
    """A variant file given to ``run`` is named as one, with the commands that take it,
    rather than refused key by key as a walkthrough."""

    try:
        kind = file_kind(path)
    except InputError:
        return                  # not clearly either: the walkthrough loader says what is wrong
    if kind == "variant":
        raise InputError(Problem(
            _("this is a variant file, not a walkthrough: `rentoy run` plays a worked "
              "example"),
            Location(path, 1, 1), hint=_("check it with `rentoy check {path}`, read it with "
                                         "`rentoy rules {path}`, or play it with `rentoy "
                                         "play {path}`").format(path=path)))


def handle(args: argparse.Namespace) -> int:
    fmt = chosen_format(args)
    path: str = args.file
    quiet: bool = args.quiet
    _refuse_variant_file(path)
    from ..walkthrough.reading import RecordError, read_record

    reading = read_record(path)       # a record: its play checked by the record rules
    run = reading.run or run_walkthrough(reading.walkthrough)
    if fmt == "json":
        emit(Report(run.to_json()), "json")
    elif fmt == "markdown":
        write(_before_summary(render_markdown(run, quiet=quiet),
                              _worth(path, run, "markdown", quiet), "\n### " + _("Summary")))
    else:
        write(_before_summary(render_text(run, quiet=quiet, width=output_width()),
                              _worth(path, run, "text", quiet), "\n" + _("Summary") + "\n"))
    if reading.problems:
        # Named as every command names them (file, line, rule); the status stays 1, as
        # for any expectation that fails.
        from . import report_error

        report_error(RecordError(list(reading.problems)))
    return 0 if run.ok else 1


def _before_summary(text: str, worth: str, heading: str) -> str:
    """``worth`` placed before the transcript's closing summary, which stays last."""
    at = text.rfind(heading)
    if not worth or at < 0:
        return text + worth
    return text[:at] + worth + "\n" + text[at:]


def _worth(path: str, run: WalkthroughRun, fmt: str, quiet: bool) -> str:
    """What each betting decision of the walkthrough at ``path`` is worth, from the tables
    (after the transcript; none with --quiet, for a record, or when the run failed)."""
    if quiet or not run.ok or run.walkthrough.is_record:
        return ""

    worth = walkthrough_worth(path)
    if not worth.entries:
        return ""

    text = [_("At each raise, accept and fold: what each answer leads to, and over which "
              "chances of winning the hand the choice made is the best of all those open, "
              "from the table of game-winning chances of {variant} at {players} players "
              "({source}; see `rentoy equity {variant} --at A-B`), first not counting the "
              "raises that may follow, then counting them. Figures in brackets are 95% "
              "intervals; where one is wide, the table cannot yet tell.").format(
                  variant=worth.variant, players=worth.players,
                  source=source_words(worth.source))]
    for e in worth.entries:
        where = " / ".join(data_text(p) for p in e.path) or _("every branch")
        text.append(_("{where}, {action} (at {score}): {words}").format(
            where=where, action=written_action(e.action),
            score=f"{e.score[0]}-{e.score[1]}", words=e.words))
    report = Report(None, heading=_("What each decision is worth"), text=text)
    return "\n\n" + render(report, fmt, output_width() if fmt == "text" else None)
