"""``rentoy solve FILE``: the winner of a position with every card visible and perfect
play, and the winner after each card the seat to play may play.

The file is a walkthrough (variant, players, dealer, score, deal, optional actions);
its actions are replayed through the engine and the position reached is solved. Its
branches are not followed. Betting is not analysed: a position where a raise waits
for an answer, or a finished hand, is refused (exit status 2).
"""

from __future__ import annotations

import argparse
from typing import Any

from .common import add_format, emit


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "solve", help="who wins a position with every card visible and perfect play",
        description="Solve a position double dummy: replay a walkthrough file's actions "
                    "(its branches are not followed), then find which team wins the hand "
                    "when every card is visible and both teams play perfectly, and which "
                    "team wins after each card the seat to play may play. Betting is not "
                    "analysed: the position must be one where a card is to be played.",
        epilog="Exit status: 0 solved, 2 bad input (no such file, a bad walkthrough, a "
               "refused action, a raise waiting for an answer, a finished hand).")
    p.add_argument("file", metavar="FILE", help="a walkthrough file (YAML)")
    add_format(p, ("text", "markdown", "json"))
    p.add_argument("--json", action="store_true",
                   help='the same as --format json: {"winner": ..., "moves": {...}, ...}')
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    from ..analysis import solve, tricks_to_decide
    from ..render import Report, Table
    from .common import chosen_format

    args.format = chosen_format(args)      # --json and another --format are refused
    wt, hand, replayed, branches = _replay(args.file)
    position = _position(args.file, hand, wt)
    solution = solve(position)
    decide = tricks_to_decide(position)
    n = position.players
    seat, team = position.seat, position.team
    line = solution.line_seats()
    data: dict[str, Any] = {
        "winner": solution.winner_name,
        "moves": solution.move_names,
        "seat": seat,
        "team": "AB"[team],
        "variant": wt.variant.id,
        "players": n,
        "dealer": wt.dealer,
        "score": list(wt.start_score),
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

    head = (f"{wt.variant.id}, {n} players, dealer seat {wt.dealer}, score "
            f"{wt.start_score[0]}-{wt.start_score[1]}; trumps {_suit(position.trump)} "
            f"(turned up {wt.deal.up.code}).")
    status = (f"After {replayed} action{'s' if replayed != 1 else ''}: tricks A "
              f"{position.tricks[0]}, B {position.tricks[1]}; seat {seat} (team "
              f"{'AB'[team]}) to play.")
    text = [_wrap(head), _wrap(status)]
    if branches:
        text.append(_wrap(f"The file's branches ({branches}) are not followed: this is "
                          "the position after its main line of actions."))
    rows = []
    for s in range(n):
        played = next((c.code for k, c in enumerate(position.trick)
                       if (position.leader + k) % n == s), "")
        rows.append([s, "AB"[s & 1], " ".join(c.code for c in position.hands[s]) or "-",
                     played])
    tables = [Table(["seat", "team", "cards", "in the trick"], rows, title="The position")]
    other = "AB"[1 - solution.winner]
    verdict = (f"With perfect play team {solution.winner_name} wins the hand, and can make "
               f"sure of it by trick {decide} whatever team {other} does.")
    text.append(_wrap(verdict))
    tables.append(Table(["card", "winner after it"],
                        [[code, who] for code, who in solution.move_names.items()],
                        title=f"Each card seat {seat} may play"))
    shown = [((position.leader + k) % n, c) for k, c in enumerate(position.trick)] + line
    text_line = _line_text(shown, n, position.done + 1)
    tables.append(Table(["trick", "cards (seat:card)"], text_line,
                        title="A line of perfect play", wrap={"cards (seat:card)": 64}))
    emit(Report(data, tables, text=text), args.format)
    return 0


def _replay(file: str) -> tuple[Any, Any, int, int]:
    """Load the walkthrough and apply its main line; refuse a refused action."""
    from ..errors import InputError, Location, Problem
    from ..walkthrough import load_walkthrough

    wt = load_walkthrough(file)
    from ..consistency import check_solvable

    check_solvable(wt.variant, wt.players)      # before any work, not in the middle of it
    if wt.seed is not None:
        raise InputError(Problem("the file writes no deal: solve needs the cards",
                                 Location(file, wt.root.line), ("deal",),
                                 hint="add deal: {hands: [[...], ...], up: ...}"))
    hand = wt.new_hand()
    for spec in wt.root.actions:
        refusal = hand.refusal(spec.action)
        if refusal is not None:
            raise InputError(Problem(f"`{spec.text}` is refused: {refusal}",
                                     Location(file, spec.line), ("actions",),
                                     hint="solve takes a position reached by legal actions"))
        hand.apply(spec.action)
    return wt, hand, len(wt.root.actions), len(wt.root.branches)


def _position(file: str, hand: Any, wt: Any) -> Any:
    from ..analysis import PositionError, position_of
    from ..errors import Location, Problem

    try:
        return position_of(hand)
    except PositionError as exc:
        actions = wt.root.actions
        line = actions[-1].line if actions else wt.root.line
        problem = exc.problems[0]
        raise PositionError(Problem(problem.message, Location(file, line), ("actions",),
                                    problem.hint)) from None


def _line_text(line: list, n: int, trick_no: int) -> list[list[str]]:
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
    from ..cards import SUIT_NAMES

    return SUIT_NAMES[letter]


def _wrap(text: str) -> str:
    from ..render.text import wrap
    from .common import output_width

    return "\n".join(wrap(text, output_width()))
