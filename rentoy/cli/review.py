"""``rentoy review RECORD``: a played game analysed decision by decision.

Every card against the search bot's choice (and the solver's verdict with the cards as
they lay), every raise, accept and fold against the take points at that score, each
error's cost in game-winning chance marked doubtful, bad or very bad, and a summary
per seat; ``--annotate FILE`` writes the record with the review as notes, which
``rentoy run`` replays.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from ..core.i18n import _, interval, number
from .common import add_format, bounded_count, count, chosen_format, emit, refuse_folder
from ..analysis.stakes import source_words
from ..equity.review import MARKS, annotated_record, review_record
from ..core.errors import InputError
from ..core.files import check_output, write_output
from ..render import Report, Table
from . import COMMANDS
from ..equity.review import choice_words
from ..walkthrough.narrate import written_action

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from ..equity.review import Review
    from ..render import Report


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "review", help=_(COMMANDS["review"]),
        description=_("Review a game record (a walkthrough file, such as `rentoy play "
                      "--save` writes): each card against the search bot's choice from what "
                      "the player could see, and the solver's verdict where a card turned a "
                      "won hand into a lost one with the cards as they lay; each raise, "
                      "accept and fold against the take points at that score (`rentoy "
                      "equity`) with the bot's estimate of the hand. Each error's cost in "
                      "game-winning chance is given with its 95% interval, and marked "
                      "doubtful, bad or very bad only when the whole interval lies above 2, 5 "
                      "or 10 points, so that the marks do not change with the seed. Every "
                      "branch of a walkthrough is reviewed."),
        epilog=_("Examples: rentoy review game.yaml; rentoy review game.yaml -f json; "
                 "rentoy review game.yaml --annotate reviewed.yaml && rentoy run "
                 "reviewed.yaml"))
    p.add_argument("record", metavar="RECORD", help=_("the game record (a walkthrough file)"))
    p.add_argument("--samples", type=bounded_count("MAX_SAMPLES"), default=256, metavar="N",
                   help=_("worlds the search bot samples for each decision (default 256, "
                          "at most 4,096: rentoy.limits.MAX_SAMPLES)"))
    p.add_argument("--table", metavar="FILE",
                   help=_("the table of chances to weigh the bets with, one that rentoy "
                          "equity --save wrote (default: the one stored for the variant, "
                          "else even chances)"))
    p.add_argument("--seed", type=count, default=0, metavar="S",
                   help=_("seed of the bot's samples; the same seed gives the same review"))
    p.add_argument("--all", action="store_true",
                   help=_("list every decision, not only the marked ones"))
    p.add_argument("--annotate", metavar="FILE",
                   help=_("also write the record with the review as notes to FILE (a "
                          "walkthrough that `rentoy run` replays)"))
    p.add_argument("--force", action="store_true",
                   help=_("let the --annotate file replace an existing one"))
    add_format(p, ("text", "markdown", "json"))
    p.add_argument("--json", action="store_true", help=_("print JSON (same as --format json)"))
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    fmt = chosen_format(args)
    if args.samples < 1:
        raise InputError.at(_("--samples must be 1 or more, not {samples}").format(
            samples=args.samples))
    refuse_folder(args.record, _("a game record"), _("give a walkthrough file, e.g. the one "
                                                     "`rentoy play --save FILE` writes"))
    if args.annotate:     # the one rule of output paths, asked before the review runs
        check_output(args.annotate, force=args.force, what="--annotate")

    if args.table:
        refuse_folder(args.table, _("a table of chances"),
                      _("give the file that rentoy equity --save wrote"))
    review = review_record(args.record, samples=args.samples, seed=args.seed,
                           table=args.table)
    if args.annotate:
        write_annotated(review, args.annotate, force=args.force)
    emit(review_report(review, every=args.all), fmt)
    return 0


def write_annotated(review: Review, path: str, force: bool = False) -> None:
    """Write the annotated record under the rule of output paths (its folder made, an
    existing file replaced only with ``force``) and say where it went (on stderr)."""


    write_output(path, annotated_record(review), force=force)
    print("rentoy: " + _("annotated record written to {path} (replay it with: rentoy run "
                         "{path})").format(path=path), file=sys.stderr)


def review_report(review: Review, every: bool = False) -> Report:
    """The review as a report: marked decisions (or every one), then the summary."""

    shown = [e for e in review.entries if every or e.mark or e.verdict]
    branches = review.branches > 0
    rows = [[e.hand, *([" / ".join(e.path) or "-"] if branches else []), e.seat,
             written_action(e.action, code=False, seat=False), f"{100 * e.p:.0f}",
             choice_words(e.best),
             number(100 * e.cost, 1) + " " + interval(number(100 * e.cost_low, 1),
                                                      number(100 * e.cost_high, 1)),
             _(e.mark) if e.mark else (_("solver") if e.verdict else "")]
            for e in shown]
    thresholds = ", ".join(_("{mark} from {least}").format(mark=_(name),
                                                           least=f"{100 * least:.0f}")
                           for name, least in MARKS)
    text = [_("{count} decisions of {name} ({variant}, {players} players), each weighed from "
              "what its player could see by the search bot at {samples} worlds, against the "
              "table of game-winning chances ({source}). Cost: the game-winning chance given "
              "up, in points of 100, with its 95% interval; a decision is marked when the "
              "whole interval lies above a mark's threshold: {thresholds}.").format(
                  count=len(review.entries), name=review.path.name, variant=review.variant,
                  players=review.players, samples=review.samples,
                  source=source_words(review.chances_source), thresholds=thresholds)]
    if branches:
        text.append(_("Every branch is reviewed ({count}); the summary adds them all.").format(
            count=review.branches))
    details = [_("Hand {hand}, seat {seat} ({action}): {mark}: {words}.").format(
                   hand=e.hand, seat=e.seat,
                   action=" / ".join([*e.path, written_action(e.action, code=False,
                                                               seat=False)]),
                   mark=_(e.mark) if e.mark else _("solver"), words=e.words)
               for e in shown if e.mark or e.verdict]
    chance = _("hand chance (%)")
    heads = [_("hand"), *([_("branch")] if branches else []), _("seat"), _("action"), chance,
             _("best"), _("cost [95%]"), _("mark")]
    tables = [Table(heads, rows,
                    title=_("Every decision") if every else _("Marked decisions"),
                    abbrev={chance: _("p (%)")},
                    notes=() if rows else (_("No decision is marked."),))]
    summary = review.summary()
    thrown, decisions = _("won hands thrown"), _("decisions")
    tables.append(Table([_("seat"), _("team"), decisions, _("doubtful"), _("bad"),
                         _("very bad"), thrown, _("cost")],
                        [[seat, s["team"], s["decisions"], s["doubtful"], s["bad"],
                          s["very_bad"], s["won_hands_thrown"], number(100 * s['cost'], 1)]
                         for seat, s in summary.items()],
                        title=_("Summary per seat"),
                        abbrev={thrown: _("thrown"), decisions: _("moves")}))
    return Report(review.json(), tables,
                  heading=_("Review: {name}").format(name=review.path.name),
                  text=text + details)


def show_review(record: str, as_json: bool = False) -> None:
    """Print the review of a game given as record text (``rentoy play --review``)."""


    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.yaml"
        path.write_text(record, encoding="utf-8")
        review = review_record(path)
        report = review_report(review)
        if as_json:
            sys.stdout.write(json.dumps({"event": "review", **review.json()},
                                        ensure_ascii=False) + "\n")
            return
        emit(report, "text")
