"""``rentoy solve FILE|DEAL``: a position with every card visible and perfect play: the
winner, the tricks each team takes, and both after each card the seat to play may play.

The position is a walkthrough file (variant, players, dealer, score, deal, optional
actions; its actions are replayed through the engine and its branches not followed),
or a deal in the one-line notation (:mod:`rentoy.model.notation`) given on the command line,
solved from its first lead. With ``-`` (or no argument, standard input not being a
terminal) every line of standard input is a deal, solved in turn: a batch, one answer
a line (``--json``: one JSON object a line). Betting is not analysed: a position where
a raise waits for an answer, or a finished hand, is refused (exit status 2).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, TypedDict

from ..analysis import PositionError, perfect_tricks, position_of, solve, tricks_to_decide
from ..model.cards import SUIT_NAMES
from ..model.consistency import check_solvable
from ..engine import Deal, Hand
from ..core.errors import InputError, Location, Problem
from ..core.i18n import _, ngettext
from ..model.notation import format_deal, looks_like_deal, parse_deal
from ..render import Report, Table
from ..render.text import wrap
from ..data.variants import load_variant
from ..walkthrough import load_walkthrough
from . import COMMANDS, shorten
from .common import add_format, chosen_format, emit, input_lines, output_width, write
from .common import refuse_empty_variant

if TYPE_CHECKING:
    from ..analysis import Position, TrickResult
    from ..model.cards import Card
    from ..engine import Hand
    from ..model.variant import Variant
    from ..walkthrough import Walkthrough


class _Tricks(TypedDict):
    """The tricks with perfect play in the JSON: each team's at the end of the hand, and
    after each card (by its code) the seat to play may play."""

    tricks: list[int]
    move_tricks: dict[str, list[int]]


class _Answer(_Tricks):
    """A batch's answer for one deal (one JSON line of ``rentoy solve -``)."""

    deal: str
    variant: str
    winner: str
    moves: dict[str, str]
    seat: int


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "solve", help=_(COMMANDS["solve"]),
        description=_("Solve a position double dummy: which team wins the hand when every "
                      "card is visible and both teams play perfectly, the tricks each team "
                      "takes, and both after each card the seat to play may play. The "
                      "position is a walkthrough file (its actions replayed, its branches "
                      "not followed) or a deal in the one-line notation, seat 0 first: "
                      "'1e 12b 5e | 5c 11e 7o | 3c 10c 6c | 2c 3e 2e / up 7e' (add "
                      "'/ dealer N' to name the dealer; by default the last seat deals and "
                      "seat 0 leads). With - every line of standard input is a deal (a "
                      "batch). Betting is not analysed: the position must be one where a "
                      "card is to be played."),
        epilog=_("Examples: rentoy solve docs/tutorial/perfect-play.yaml; rentoy solve "
                 "'12o 3e 7c | 6e 7e 10o | 7o 5b 3o | 11o 12b 5e / up 6b'; rentoy solve - "
                 "--json < deals.txt. Exit status: 0 solved, 2 bad input (no such file, a "
                 "bad walkthrough or deal, a refused action, a raise waiting for an answer, "
                 "a finished hand; in a batch, any bad line, each reported with its number)."))
    p.add_argument("position", metavar="FILE|DEAL", nargs="?",
                   help=_("a walkthrough file (YAML), a deal in the one-line notation, or - "
                          "for one deal a line from standard input"))
    p.add_argument("--variant", metavar="ID|PATH", default="1737",
                   help=_("the variant a one-line deal is played under (with options: "
                          "1737+borrego); a walkthrough file names its own"))
    add_format(p, ("text", "markdown", "json"))
    p.add_argument("--json", action="store_true",
                   help=_('the same as --format json: {"winner": ..., "moves": {...}, '
                          '"tricks": [...], "move_tricks": {...}, ...}'))
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    args.format = chosen_format(args)      # --json and another --format are refused
    target = args.position
    if target is None:
        if sys.stdin is not None and sys.stdin.isatty():
            raise InputError(Problem(_("give a walkthrough file, a one-line deal, or - to "
                                       "read deals from standard input"),
                                     hint=_("e.g. rentoy solve '12o 3e 7c | 6e 7e 10o | 7o "
                                            "5b 3o | 11o 12b 5e / up 6b'")))
        target = "-"
    if target == "-":
        return _batch(args, input_lines(what="deal"))   # read bounded; none if closed
    if looks_like_deal(target):
        refuse_empty_variant(args.variant, "--variant 1737")
        return _solve_deal(args, target)
    _refuse_position(target)
    return _solve_file(args, target)


#: A one-line deal, as the messages give it for an example.
_DEAL_EXAMPLE = "rentoy solve '12o 3e 7c | 6e 7e 10o | 7o 5b 3o | 11o 12b 5e / up 6b'"


def _refuse_position(target: str) -> None:
    """Refuse a position that is neither a deal nor a file, saying what solve takes: an
    empty argument (a path to the current folder) or a word that names no file."""
    from pathlib import Path

    from ..core.errors import InputError, Problem
    from ..core.limits import shown

    if not target.strip():
        raise InputError(Problem(_("the position is empty: solve takes a walkthrough file, "
                                   "a one-line deal, or - for deals on standard input"),
                                 hint=_("e.g. rentoy solve docs/tutorial/perfect-play.yaml or "
                                        "{example}").format(example=_DEAL_EXAMPLE)))
    if not Path(target).exists():
        raise InputError(Problem(_("{text} is neither a file nor a deal in the one-line "
                                   "notation, which holds | between the seats' cards and "
                                   "ends with / up and the turned-up card").format(
                                       text=shown(target)),
                                 hint=_("give a walkthrough file that exists, or a deal: "
                                        "{example}").format(example=_DEAL_EXAMPLE)))


def _deal_position(text: str, variant_spec: str) -> tuple[Variant, Position, int]:
    """The variant, the position and the dealer of a one-line deal."""

    variant = load_variant(variant_spec)
    deal = parse_deal(text)
    n, size = len(deal.hands), variant.rules.hand_size
    if n not in variant.rules.players:
        raise InputError(Problem(_("the deal has {hands} hands, but variant {variant} is "
                                   "played by {players} players").format(
            hands=n, variant=variant.id, players=", ".join(map(str, variant.rules.players)))))
    if any(len(cards) != size for cards in deal.hands):
        raise InputError(Problem(_("the deal gives {cards} cards a seat; variant {variant} "
                                   "deals {size}").format(cards=len(deal.hands[0]),
                                                          variant=variant.id, size=size)))
    dealer = n - 1 if deal.dealer is None else deal.dealer
    hand = Hand(variant, players=n, dealer=dealer, deal=Deal(deal.hands, deal.up))
    return variant, position_of(hand), dealer


def _tricks_data(position: Position) -> tuple[TrickResult, _Tricks]:
    """The tricks with perfect play, checked against the solver's winner (two readings)."""

    result = perfect_tricks(position)
    return result, {"tricks": list(result.tricks),
                    "move_tricks": {c.code: list(t) for c, t in result.moves.items()}}


def _solve_deal(args: argparse.Namespace, text: str) -> int:
    variant, position, dealer = _deal_position(text, args.variant)
    deal_line = format_deal(position.hands, _up(text))
    return _report(args, position, variant.id, dealer, (0, 0), 0, 0, deal_line)


def _up(text: str) -> Card:
    return parse_deal(text).up


def _batch(args: argparse.Namespace, stream: Iterable[str]) -> int:
    """One deal a line from ``stream``: one answer a line; bad lines on stderr."""


    from ..core.i18n import ngettext
    from ..core.limits import MAX_PROBLEMS

    bad = solved = 0
    rows: list[list[object]] = []
    for number, raw in enumerate(stream, 1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        try:
            variant, position, dealer = _deal_position(text, args.variant)
            data = _answer(position, variant.id, dealer, text)
        except InputError as exc:
            bad += 1
            if bad <= MAX_PROBLEMS:       # the rest are counted at the end

                print(shorten(f"rentoy: error: <stdin>:{number}: {exc.problems[0].detail}"),
                      file=sys.stderr)
            continue
        solved += 1
        if args.format == "json":
            write(json.dumps(dict(data, line=number), ensure_ascii=False))
            continue
        moves = ", ".join(f"{card} {'-'.join(map(str, data['move_tricks'][card]))} {team}"
                          for card, team in data["moves"].items())
        rows.append([number, data["deal"], data["winner"],
                     "-".join(map(str, data["tricks"])), moves])
    if args.format != "json" and solved:
        deal, each = _("deal"), _("each card: tricks A-B, winner")
        table = Table([_("line"), deal, _("winner"), _("tricks A-B"), each],
                      rows, title=_("Deals solved with perfect play"),
                      notes=[_("Variant {variant}; seat 0 leads unless a deal names its "
                               "dealer; tricks as each team ends the hand.").format(
                                   variant=args.variant)],
                      wrap={deal: 30, each: 24})
        emit(Report({"deals": rows}, [table]), args.format)
    if bad > MAX_PROBLEMS:
        more = bad - MAX_PROBLEMS
        print("rentoy: error: " + ngettext(
            "... and {count} more bad line (rentoy.limits.MAX_PROBLEMS)",
            "... and {count} more bad lines (rentoy.limits.MAX_PROBLEMS)", more).format(
                count=f"{more:,}"), file=sys.stderr)
    if not solved:
        print("rentoy: error: " + (_("no line of the standard input was solved") if bad
                                    else _("the standard input holds no deal to solve")),
              file=sys.stderr)
        return 2
    return 2 if bad else 0


def _answer(position: Position, variant_id: str, dealer: int, text: str) -> _Answer:
    """The batch's answer for one deal: the winner, the tricks, and both per card."""

    solution = solve(position)
    result, tricks = _tricks_data(position)
    assert result.winner == solution.winner, "the two readings of the winner differ"
    return {"deal": format_deal(position.hands, _up(text), dealer
                                if dealer != position.players - 1 else None),
            "variant": variant_id, "winner": solution.winner_name,
            "moves": solution.move_names, "seat": position.seat, **tricks}


def _solve_file(args: argparse.Namespace, file: str) -> int:
    wt, hand, replayed, branches = _replay(file)
    position = _position(file, hand, wt)
    deal_line = format_deal(wt.deal.hands, wt.deal.up)
    return _report(args, position, wt.variant.id, wt.dealer, wt.start_score, replayed,
                   branches, deal_line, wt.deal.up.code)


def _report(args: argparse.Namespace, position: Position, variant_id: str, dealer: int,
            score: tuple[int, int], replayed: int, branches: int, deal_line: str,
            up: str | None = None) -> int:
    solution = solve(position)
    result, tricks = _tricks_data(position)
    assert result.winner == solution.winner, "the two readings of the winner differ"
    decide = tricks_to_decide(position)
    n = position.players
    seat, team = position.seat, position.team
    line = solution.line_seats()
    up = up or deal_line.rsplit("up ", 1)[-1].split()[0]
    data: dict[str, object] = {
        "winner": solution.winner_name,
        "moves": solution.move_names,
        **tricks,
        "deal": deal_line,
        "seat": seat,
        "team": "AB"[team],
        "variant": variant_id,
        "players": n,
        "dealer": dealer,
        "score": list(score),
        "actions": replayed,
        "position": position.describe(),
        "line": [{"seat": s, "card": c.code} for s, c in line],
        "tricks_to_decide": decide,
    }
    if branches:
        data["branches_ignored"] = branches
    if args.format == "json":
        emit(Report(data), "json")
        return 0


    head = _("{variant}, {players} players, dealer seat {dealer}, score {score}; trumps "
             "{suit} (turned up {up}). The deal: {deal}").format(
                 variant=variant_id, players=n, dealer=dealer, score=f"{score[0]}-{score[1]}",
                 suit=_suit(position.trump), up=up, deal=deal_line)
    status = ngettext("After {count} action: tricks A {a}, B {b}; seat {seat} (team {team}) "
                      "to play.",
                      "After {count} actions: tricks A {a}, B {b}; seat {seat} (team {team}) "
                      "to play.", replayed).format(
                          count=replayed, a=position.tricks[0], b=position.tricks[1],
                          seat=seat, team="AB"[team])
    text = [_wrap(head), _wrap(status)]
    if branches:
        text.append(_wrap(_("The file's branches ({branches}) are not followed: this is "
                            "the position after its main line of actions.").format(
                                branches=branches)))
    rows = []
    for s in range(n):
        played = next((c.code for k, c in enumerate(position.trick)
                       if (position.leader + k) % n == s), "")
        rows.append([s, "AB"[s & 1], " ".join(c.code for c in position.hands[s]) or "-",
                     played])
    tables = [Table([_("seat"), _("team"), _("cards"), _("in the trick")], rows,
                    title=_("The position"))]
    other = "AB"[1 - solution.winner]
    verdict = _("With perfect play team {winner} wins the hand, {tricks} in tricks (A-B), "
                "and can make sure of it by trick {decide} whatever team {other} does.").format(
                    winner=solution.winner_name, tricks=f"{result.tricks[0]}-{result.tricks[1]}",
                    decide=decide, other=other)
    text.append(_wrap(verdict))
    tables.append(Table([_("card"), _("winner after it"), _("tricks A-B after it")],
                        [[code, who, "-".join(map(str, tricks["move_tricks"][code]))]
                         for code, who in solution.move_names.items()],
                        title=_("Each card seat {seat} may play").format(seat=seat),
                        notes=[_("Tricks as the hand ends with perfect play: each team "
                                 "plays to win the hand, then to take the most tricks.")]))
    shown = [((position.leader + k) % n, c) for k, c in enumerate(position.trick)] + line
    text_line = _line_text(shown, n, position.done + 1)
    cards = _("cards (seat:card)")
    tables.append(Table([_("trick"), cards], text_line,
                        title=_("A line of perfect play"), wrap={cards: 64}))
    emit(Report(data, tables, text=text), args.format)
    return 0


def _replay(file: str) -> tuple[Walkthrough, Hand, int, int]:
    """Load the walkthrough and apply its main line; refuse a refused action."""

    wt = load_walkthrough(file)

    check_solvable(wt.variant, wt.players)      # before any work, not in the middle of it
    if wt.seed is not None:
        raise InputError(Problem(_("the file writes no deal: solve needs the cards"),
                                 Location(file, wt.root.line), ("deal",),
                                 hint="add deal: {hands: [[...], ...], up: ...}"))
    hand = wt.new_hand()
    for spec in wt.root.actions:
        refusal = hand.refusal(spec.action)
        if refusal is not None:
            raise InputError(Problem(_("`{action}` is refused: {refusal}").format(
                                         action=spec.text, refusal=refusal),
                                     Location(file, spec.line), ("actions",),
                                     hint=_("solve takes a position reached by legal actions")))
        hand.apply(spec.action)
    return wt, hand, len(wt.root.actions), len(wt.root.branches)


def _position(file: str, hand: Hand, wt: Walkthrough) -> Position:
    try:
        return position_of(hand)
    except PositionError as exc:
        actions = wt.root.actions
        line = actions[-1].line if actions else wt.root.line
        problem = exc.problems[0]
        raise PositionError(Problem(problem.message, Location(file, line), ("actions",),
                                    problem.hint)) from None


def _line_text(line: Iterable[tuple[int, Card]], n: int, trick_no: int) -> list[list[str]]:
    """The cards of the current trick and the principal line, cut into tricks."""
    rows: list[list[str]] = []
    current: list[str] = []
    count = 0
    for seat, card in line:
        current.append(f"{seat}:{card.code}")
        count += 1
        if count == n:
            rows.append([str(trick_no), " ".join(current)])
            current, count, trick_no = [], 0, trick_no + 1
    if current:
        rows.append([str(trick_no), " ".join(current)])
    return rows


def _suit(letter: str) -> str:
    return SUIT_NAMES[letter]


def _wrap(text: str) -> str:
    return "\n".join(wrap(text, output_width()))
