"""Transcripts of a walkthrough run: terminal text and Markdown.

Both show the same things in the same order: the table (variant, players, score
before the hand), the deal (each seat's cards with its team, the dealer and the
mano, the turned-up card and the trump suit, with Spanish names), then every
segment depth-first (where it starts from, each action with the call said and its
effect, the refusals, the expectations and, on leaves, the result), and a summary
table of the branches. :func:`summary_table` and :func:`deal_table` are the two
tables, as :class:`rentoy.render.Table` values.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from ..cards import SUIT_NAMES, format_cards
from ..engine import TEAMS
from ..glossary import gloss
from ..comparison.reference import format_value
from ..render import Table
from ..render.terminal import display_width
from ..render.text import wrap
from .narrate import join_words, score_text, team_of_seat, value_text
from .model import HandSpec
from .runner import BranchResult, Segment, Step, WalkthroughRun
from .state import Snapshot

__all__ = ["render_text", "render_markdown", "summary_table", "deal_table", "outcome_text",
           "hand_heading",
           "short_outcome",
           "state_text", "expect_text"]

_WIDTH = 92


# ---------------------------------------------------------------------------------------
# Pieces both formats share.

def deal_table(run: WalkthroughRun, hand: HandSpec | None = None) -> Table:
    """Each seat's cards with its team and role (dealer, mano); ``hand``: a record's
    hand (default: the walkthrough's deal, or a record's first hand)."""
    wt = run.walkthrough
    deal, dealer = (wt.deal, wt.dealer) if hand is None else (hand.deal, hand.dealer)
    mano = (dealer + 1) % wt.players
    rows = []
    for seat, cards in enumerate(deal.hands):
        role = ", ".join(r for r, s in (("mano", mano), ("dealer", dealer)) if s == seat)
        rows.append([seat, team_of_seat(seat), role, format_cards(cards),
                     ", ".join(c.name for c in cards)])
    return Table(["seat", "team", "role", "cards", "in Spanish"], rows)


def _turn_up_line(run: WalkthroughRun, hand: HandSpec | None = None) -> str:
    wt = run.walkthrough
    word = wt.variant.rules.calls.turn_up
    meaning = gloss(word) if word else None
    name = f"{word}, {meaning}" if word and meaning else word
    up = (wt.deal if hand is None else hand.deal).up
    return (f"Turned up{f' ({name})' if name else ''}: {up.code}, {up.name}. "
            f"Trumps: {SUIT_NAMES[up.suit]}.")


def hand_heading(hand: HandSpec, segment: Segment) -> str:
    """A record's hand in a few words: "Hand 2: seat 0 deals; score A 3, B 0"."""
    return (f"Hand {hand.number}: seat {hand.dealer} deals; "
            f"before it {score_text(segment.start.score)}"
            + (f", games {score_text(segment.start.games)}" if segment.start.needed > 1
               else ""))


def _table_lines(run: WalkthroughRun) -> list[str]:
    wt = run.walkthrough
    v = wt.variant
    seats = {team: [s for s in range(wt.players) if team_of_seat(s) == team]
             for team in TEAMS}
    before = "Before the first hand" if wt.is_record else "Before the hand"
    lines = [
        f"Variant {v.id}: {v.name}. {wt.players} players: team A holds "
        f"{_seats(seats['A'])}, team B {_seats(seats['B'])}.",
        f"{before}: {score_text(wt.start_score)}; the game is to {wt.target}. "
        f"The values of a hand: {format_value('ladder', v.rules.ladder)}.",
    ]
    if wt.best_of > 1:
        lines.append(f"The match is the best of {wt.best_of} games; before this one team A "
                     f"has won {wt.games[0]} and team B {wt.games[1]}.")
    if wt.is_record:
        lines.append(f"A record of {len(wt.hands)} hand{'s' if len(wt.hands) != 1 else ''}: "
                     "the deal passes to the next seat after each hand and the score "
                     "carries on" + (" until a game is won, then starts again at 0-0."
                                     if wt.best_of > 1 else "."))
    if wt.seed is not None:
        lines.append(f"The cards are dealt at random from seed {wt.seed}.")
    return lines


def _seats(seats: list[int]) -> str:
    return ("seat " if len(seats) == 1 else "seats ") + join_words(seats, "and")


def state_text(state: Snapshot) -> str:
    """Where a hand stands, in one sentence."""
    if state.finished:
        return "the hand is over"
    parts = [f"value {value_text(state.value)}"]
    if state.pending:
        answering = TEAMS[1 - TEAMS.index(state.raiser_team or "A")]
        parts[0] += f", team {answering} to answer team {state.raiser_team}'s raise"
    elif state.raise_right:
        parts.append(f"team {state.raise_right} holds the raise right")
    parts.append(f"tricks {score_text(state.tricks)}")
    if state.current_trick:
        parts.append("on the table " + ", ".join(f"{card} (seat {seat})"
                                                 for seat, card in state.current_trick))
    if not state.pending and state.to_act:
        parts.append(f"seat {state.to_act[0]} to play")
    return "; ".join(parts)


def outcome_text(result: BranchResult, segment: Segment | None = None) -> str:
    """How a leaf ended, in one line (``segment``, the leaf, tells tricks from a fold)."""
    if not result.finished:
        assert result.outcomes is not None          # set while the hand goes on
        a, b = result.outcomes["A"], result.outcomes["B"]
        return (f"unfinished at value {value_text(result.value)}: A {a[0]}-{a[1]} if team A "
                f"wins the hand, {b[0]}-{b[1]} if team B does")
    how = ""
    settled = segment.end.result if segment is not None else None
    if settled is not None:
        if settled.how == "tricks":
            won = settled.tricks[settled.winner]
            how = f" {won} tricks to {sum(settled.tricks) - won}"
        else:
            how = " by a fold"
    text = (f"team {result.hand_winner} wins the hand{how} at {value_text(result.value)}; "
            f"score {score_text(result.score)}")
    if result.game_winner:
        text += f"; team {result.game_winner} wins the game"
        if result.match_winner and segment is not None and segment.end.needed > 1:
            text += " and the match"
    return text


def expect_text(expect: dict[str, Any]) -> str:
    """Expectations as written, on one line."""
    return "; ".join(f"{k} {json.dumps(v, ensure_ascii=False)}" for k, v in expect.items())


def short_outcome(result: BranchResult, segment: Segment | None = None) -> str:
    """How a leaf ended, in a few words: "A, 2-0 tricks", "B, by a fold", "unfinished"."""
    if not result.finished:
        return "unfinished"
    settled = segment.end.result if segment is not None else None
    if settled is None:
        return f"{result.hand_winner}"
    if settled.how == "tricks":
        won = settled.tricks[settled.winner]
        return f"{result.hand_winner}, {won}-{sum(settled.tricks) - won} in tricks"
    return f"{result.hand_winner}, by a fold"


def summary_table(run: WalkthroughRun) -> Table:
    """One row per leaf branch: its path, who won the hand and how, the value, the
    score, the game winner and whether its expectations held."""
    leaves = {seg.path: seg for seg in run.root.walk() if seg.is_leaf}
    matches = run.walkthrough.best_of > 1
    rows = []
    for r in run.results:
        status = "ok" if r.ok else f"FAILED ({len(r.failures)})"
        match = [r.match_winner or ""] if matches else []
        rows.append([r.label, short_outcome(r, leaves.get(r.path)), value_text(r.value),
                     f"{r.score[0]}-{r.score[1]}", r.game_winner or "", *match, status])
    headers = ["hand" if run.walkthrough.is_record else "branch", "hand won by", "value", "score", "game won by",
               *(["match won by"] if matches else []), "status"]
    return Table(headers, rows, title="Summary", wrap={"branch": 48})


def _verdict(run: WalkthroughRun) -> str:
    n = len(run.results)
    bad = sum(1 for r in run.results if not r.ok)
    plural = "es" if n != 1 else ""
    what = (f"hand{'s' if n != 1 else ''}" if run.walkthrough.is_record
            else f"branch{plural}")
    if run.ok:
        return f"All expectations hold ({n} {what})."
    return f"{bad} of {n} {what} failed."


def _call_text(step: Step, emphasis: Callable[[str], str] = lambda s: s) -> str:
    if not step.call:
        return ""
    text = f'"{emphasis(step.call)}"'
    return f"{text} ({step.gloss})" if step.gloss else text


# ---------------------------------------------------------------------------------------
# Terminal text.

def _wrap(text: str, indent: str, width: int = _WIDTH) -> list[str]:
    return wrap(text, width, indent, indent, hyphens=False) or [indent]


def render_text(run: WalkthroughRun, quiet: bool = False, width: int = _WIDTH) -> str:
    """The whole transcript for a terminal (with ``quiet``, the summary only), no line
    wider than ``width``."""
    from ..render.text import render_table

    wt = run.walkthrough
    out: list[str] = []
    if not quiet:
        out += [wt.title, "=" * len(wt.title), ""]
        if wt.description:
            for para in wt.description.split("\n\n"):
                out += _wrap(" ".join(para.split()), "", width) + [""]
        for line in _table_lines(run):
            out += _wrap(line, "", width)
        if wt.is_record:
            out.append("")
            for hand, seg in zip(wt.hands, run.hands):
                out += _hand_text(run, hand, seg, width)
        else:
            out += ["", "The deal", render_table(deal_table(run), width),
                    *_wrap(_turn_up_line(run), "", width), ""]
            for seg in run.root.walk():
                out += _segment_text(seg, width)
    out += [render_table(summary_table(run), width)]
    for r in run.results:
        for failure in r.failures:
            out += _wrap(f"{r.label}: {failure}", "! ", width)
    out += ["", _verdict(run)]
    return "\n".join(out)


def _hand_text(run: WalkthroughRun, hand: HandSpec, seg: Segment, width: int) -> list[str]:
    from ..render.text import render_table

    out = wrap(f"-- {hand_heading(hand, seg)} (line {hand.line})", width - 4,
               subsequent_indent="   ", hyphens=False)
    out[-1] += " " + "-" * max(3, width - display_width(out[-1]) - 1)
    out += [render_table(deal_table(run, hand), width),
            *_wrap(_turn_up_line(run, hand), "", width)]
    return out + _segment_text(seg, width, heading=False)


def _segment_text(seg: Segment, width: int, heading: bool = True) -> list[str]:
    head = "Trunk" if seg.name is None else f"Branch: {seg.label}"
    out: list[str] = []
    if heading:
        out = wrap(f"-- {head} (line {seg.line})", width - 4, subsequent_indent="   ",
                   hyphens=False)
        out[-1] += " " + "-" * max(3, width - display_width(out[-1]) - 1)
    if seg.description:
        out += _wrap(seg.description, "  ", width)
    if seg.name is not None and heading:
        out += _wrap(f"From here: {state_text(seg.start)}.", "  ", width)
    if not seg.ran:
        out += ["  Not played: an action above was refused.", ""]
        return out
    longest = max((len(step.text) for step in seg.steps), default=0)
    for step in seg.steps:
        call = _call_text(step)
        text = f"  {step.line if step.line is not None else '':>4}  {step.text}"
        line = f"{text:<{longest + 8}}   {call}" if call else text
        if display_width(line) <= width:
            out.append(line)
        else:       # too wide: the call (if any) goes under the action
            out += wrap(text, width, subsequent_indent=" " * 8, hyphens=False) or [text]
            if call:
                out += _wrap(call, " " * 12, width)
        if step.note:
            out += _wrap(step.note, "          > ", width)
        marker = "          " if not step.refused or step.expected_refusal else "        ! "
        for remark in step.remarks:
            out += _wrap(remark, marker, width)
    if seg.expect:
        out += _wrap(f"Expected: {expect_text(seg.expect)}"
                     + (" -- held." if not seg.failures else ""), "  ", width)
    for failure in seg.failures:
        out += _wrap(f"FAILED {failure}", "  ! ", width)
    if seg.result is not None:
        out += _wrap(f"Result: {outcome_text(seg.result, seg)}.", "  ", width)
    out.append("")
    return out


# ---------------------------------------------------------------------------------------
# Markdown.

def render_markdown(run: WalkthroughRun, quiet: bool = False) -> str:
    """The whole transcript as Markdown (with ``quiet``, the summary only)."""
    from ..render.markdown import render_table

    wt = run.walkthrough
    out: list[str] = []
    if not quiet:
        out += [f"## {wt.title}", ""]
        if wt.description:
            out += [wt.description, ""]
        out += [" ".join(_table_lines(run)), ""]
        if wt.is_record:
            for hand, seg in zip(wt.hands, run.hands):
                out += [f"### {hand_heading(hand, seg)}", "", render_table(deal_table(run, hand)),
                        "", _turn_up_line(run, hand), ""]
                out += _segment_markdown(seg, heading=False)
        else:
            out += ["### The deal", "", render_table(deal_table(run)), "", _turn_up_line(run), ""]
            for seg in run.root.walk():
                out += _segment_markdown(seg)
    out += [render_table(summary_table(run)), ""]
    for r in run.results:
        for failure in r.failures:
            out.append(f"- **{r.label}**: {failure}")
    if not run.ok:
        out.append("")
    out.append(_verdict(run))
    return "\n".join(out) + "\n"


def _segment_markdown(seg: Segment, heading: bool = True) -> list[str]:
    head = "Trunk" if seg.name is None else seg.label
    out = [f"### {head}", ""] if heading else []
    if seg.description:
        out += [seg.description, ""]
    if seg.name is not None and heading:
        out += [f"*From here: {state_text(seg.start)}.*", ""]
    if not seg.ran:
        return out + ["Not played: an action above was refused.", ""]
    for step in seg.steps:
        call = _call_text(step, lambda s: f"*{s}*")
        line = f"- `{step.text}` (line {step.line})" + (f" {call}" if call else "") + ": "
        line += " ".join(step.remarks)
        if step.note:
            line += f" *{step.note}*"
        out.append(line)
    if seg.steps:
        out.append("")
    if seg.expect:
        out += [f"Expected: `{expect_text(seg.expect)}`"
                + (" (held)." if not seg.failures else "."), ""]
    for failure in seg.failures:
        out.append(f"- **failed** {failure}")
    if seg.failures:
        out.append("")
    if seg.result is not None:
        out += [f"**Result**: {outcome_text(seg.result, seg)}.", ""]
    return out
