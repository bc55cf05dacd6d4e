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
from collections.abc import Sequence
from typing import Any

from ..model.cards import SUIT_NAMES, format_cards
from ..comparison.reference import format_value, shown_text
from ..engine import TEAMS
from ..data.glossary import gloss, shown_gloss
from ..core.i18n import N_, _, data_text, language, ngettext
from ..render import Table
from ..render.terminal import display_width
from ..render.text import wrap, render_table
from .narrate import (card_name, data_words, expectations_words, join_words,
                      score_text, team_of_seat, value_text, written_action)
from .model import HandSpec
from .runner import BranchResult, Segment, Step, WalkthroughRun
from .state import Snapshot

__all__ = ["render_text", "render_markdown", "summary_table", "deal_table", "outcome_text",
           "path_label",
           "hand_heading",
           "short_outcome",
           "state_text", "expect_text", "expect_words", "branch_name"]

_WIDTH = 92


# ---------------------------------------------------------------------------------------
# Pieces both formats share.

def path_label(path: Sequence[str]) -> str:
    """A branch's path as one string ("A accepts / A wins two tricks"), each branch's
    name in the language spoken now; "trunk" for the trunk."""
    return " / ".join(branch_name(name) for name in path) or _("trunk")


def branch_name(name: str) -> str:
    """A branch's name in the language spoken now; a record's hands are named by number
    ("hand 2", as the walkthrough's model names them)."""
    number = name.removeprefix("hand ")
    if number.isdigit() and number != name:
        return _("hand {number}").format(number=number)
    return data_text(name)


def deal_table(run: WalkthroughRun, hand: HandSpec | None = None) -> Table:
    """Each seat's cards with its team and role (dealer, mano); ``hand``: a record's
    hand (default: the walkthrough's deal, or a record's first hand)."""
    wt = run.walkthrough
    deal, dealer = (wt.deal, wt.dealer) if hand is None else (hand.deal, hand.dealer)
    mano = (dealer + 1) % wt.players
    rows = []
    for seat, cards in enumerate(deal.hands):
        role = ", ".join(_(r) for r, s in ((N_("mano"), mano), (N_("dealer"), dealer))
                         if s == seat)
        rows.append([seat, team_of_seat(seat), role, format_cards(cards),
                     ", ".join(c.name for c in cards)])
    return Table([N_("seat"), N_("team"), N_("role"), N_("cards"), N_("in Spanish")], rows)


def _turn_up_line(run: WalkthroughRun, hand: HandSpec | None = None) -> str:
    wt = run.walkthrough
    word = wt.variant.rules.calls.turn_up
    meaning = gloss(word) if word else None
    name = f"{word}, {shown_gloss(meaning)}" if word and meaning else word
    up = (wt.deal if hand is None else hand.deal).up
    head = _("Turned up ({name})").format(name=name) if name else _("Turned up")
    return _("{turned_up}: {code}, {card}. Trumps: {suit}.").format(
        turned_up=head, code=up.code, card=card_name(up), suit=SUIT_NAMES[up.suit])


def hand_heading(hand: HandSpec, segment: Segment) -> str:
    """A record's hand in a few words: "Hand 2: seat 0 deals; score A 3, B 0"."""
    return (_("Hand {number}: seat {dealer} deals; before it {score}").format(
        number=hand.number, dealer=hand.dealer, score=score_text(segment.start.score))
            + (_(", games {games}").format(games=score_text(segment.start.games))
               if segment.start.needed > 1 else ""))


def _table_lines(run: WalkthroughRun) -> list[str]:
    wt = run.walkthrough
    v = wt.variant
    seats = {team: [s for s in range(wt.players) if team_of_seat(s) == team]
             for team in TEAMS}
    before = _("Before the first hand") if wt.is_record else _("Before the hand")
    lines = [
        _("Variant {id}: {name}. {players} players: team A holds {seats_a}, team B "
          "{seats_b}.").format(id=v.id, name=data_text(v.name), players=wt.players,
                               seats_a=_seats(seats["A"]), seats_b=_seats(seats["B"])),
        _("{before}: {score}; the game is to {target}. The values of a hand: {ladder}."
          ).format(before=before, score=score_text(wt.start_score), target=wt.target,
                   ladder=format_value("ladder", v.rules.ladder)),
    ]
    if wt.best_of > 1:
        lines.append(_("The match is the best of {best_of} games; before this one team A "
                       "has won {a} and team B {b}.").format(best_of=wt.best_of,
                                                             a=wt.games[0], b=wt.games[1]))
    if wt.is_record:
        n = len(wt.hands)
        if wt.best_of > 1:
            lines.append(ngettext(
                "A record of {n} hand: the deal passes to the next seat after each hand and "
                "the score carries on until a game is won, then starts again at 0-0.",
                "A record of {n} hands: the deal passes to the next seat after each hand "
                "and the score carries on until a game is won, then starts again at 0-0.",
                n).format(n=n))
        else:
            lines.append(ngettext(
                "A record of {n} hand: the deal passes to the next seat after each hand and "
                "the score carries on.",
                "A record of {n} hands: the deal passes to the next seat after each hand "
                "and the score carries on.", n).format(n=n))
    if wt.seed is not None:
        lines.append(_("The cards are dealt at random from seed {seed}.").format(
            seed=wt.seed))
    return lines


def _seats(seats: list[int]) -> str:
    return ngettext("seat {seats}", "seats {seats}", len(seats)).format(
        seats=join_words(seats, "and"))


def state_text(state: Snapshot) -> str:
    """Where a hand stands, in one sentence."""
    if state.finished:
        return _("the hand is over")
    parts = [_("value {value}").format(value=value_text(state.value))]
    if state.pending:
        answering = TEAMS[1 - TEAMS.index(state.raiser_team or "A")]
        parts[0] += _(", team {answering} to answer team {raiser}'s raise").format(
            answering=answering, raiser=state.raiser_team)
    elif state.raise_right:
        parts.append(_("team {team} holds the raise right").format(team=state.raise_right))
    parts.append(_("tricks {tricks}").format(tricks=score_text(state.tricks)))
    if state.current_trick:
        parts.append(_("on the table {cards}").format(cards=", ".join(
            _("{card} (seat {seat})").format(card=card, seat=seat)
            for seat, card in state.current_trick)))
    if not state.pending and state.to_act:
        parts.append(_("seat {seat} to play").format(seat=state.to_act[0]))
    return "; ".join(parts)


def outcome_text(result: BranchResult, segment: Segment | None = None) -> str:
    """How a leaf ended, in one line (``segment``, the leaf, tells tricks from a fold)."""
    if not result.finished:
        assert result.outcomes is not None          # set while the hand goes on
        a, b = result.outcomes["A"], result.outcomes["B"]
        return _("unfinished at value {value}: A {a0}-{a1} if team A wins the hand, "
                 "{b0}-{b1} if team B does").format(value=value_text(result.value),
                                                    a0=a[0], a1=a[1], b0=b[0], b1=b[1])
    how = ""
    settled = segment.end.result if segment is not None else None
    if settled is not None:
        if settled.how == "tricks":
            won = settled.tricks[settled.winner]
            how = _(" {won} tricks to {lost}").format(won=won, lost=sum(settled.tricks) - won)
        else:
            how = _(" by a fold")
    text = _("team {team} wins the hand{how} at {value}; score {score}").format(
        team=result.hand_winner, how=how, value=value_text(result.value),
        score=score_text(result.score))
    if result.game_winner:
        text += _("; team {team} wins the game").format(team=result.game_winner)
        if result.match_winner and segment is not None and segment.end.needed > 1:
            text += _(" and the match")
    return text


def expect_text(expect: dict[str, Any]) -> str:
    """Expectations as written, on one line, as code (each value as JSON)."""
    return "; ".join(f"{k} {json.dumps(v, ensure_ascii=False)}" for k, v in expect.items())


def expect_words(expect: dict[str, Any]) -> str:
    """Expectations on one line, as a message quotes them (``narrate.data_words``): the
    same as :func:`expect_text` in English."""
    return "; ".join(f"{k} {data_words(v)}" for k, v in expect.items())


def short_outcome(result: BranchResult, segment: Segment | None = None) -> str:
    """How a leaf ended, in a few words: "A, 2-0 tricks", "B, by a fold", "unfinished"."""
    if not result.finished:
        return _("unfinished")
    settled = segment.end.result if segment is not None else None
    if settled is None:
        return f"{result.hand_winner}"
    if settled.how == "tricks":
        won = settled.tricks[settled.winner]
        return _("{team}, {won}-{lost} in tricks").format(
            team=result.hand_winner, won=won, lost=sum(settled.tricks) - won)
    return _("{team}, by a fold").format(team=result.hand_winner)


def summary_table(run: WalkthroughRun) -> Table:
    """One row per leaf branch: its path, who won the hand and how, the value, the
    score, the game winner and whether its expectations held."""
    leaves = {seg.path: seg for seg in run.root.walk() if seg.is_leaf}
    matches = run.walkthrough.best_of > 1
    rows = []
    # A record's hands are segments of their own, one result each, in order.
    hands = [seg for seg in run.hands] if run.hands else None
    for k, r in enumerate(run.results):
        if hands is not None and k < len(hands):
            leaves[r.path] = hands[k]
        status = _("ok") if r.ok else _("FAILED ({n})").format(n=len(r.failures))
        match = [r.match_winner or ""] if matches else []
        rows.append([path_label(r.path), short_outcome(r, leaves.get(r.path)), value_text(r.value),
                     f"{r.score[0]}-{r.score[1]}", r.game_winner or "", *match, status])
    headers = [N_("hand") if run.walkthrough.is_record else N_("branch"), N_("hand won by"),
               N_("value"), N_("score"), N_("game won by"),
               *([N_("match won by")] if matches else []), N_("status")]
    return Table(headers, rows, title=_("Summary"), wrap={"branch": 48})


def _verdict(run: WalkthroughRun) -> str:
    n = len(run.results)
    bad = sum(1 for r in run.results if not r.ok)
    if run.walkthrough.is_record:
        if run.ok:
            return ngettext("All expectations hold ({n} hand).",
                            "All expectations hold ({n} hands).", n).format(n=n)
        return ngettext("{bad} of {n} hand failed.", "{bad} of {n} hands failed.",
                        n).format(bad=bad, n=n)
    if run.ok:
        return ngettext("All expectations hold ({n} branch).",
                        "All expectations hold ({n} branches).", n).format(n=n)
    return ngettext("{bad} of {n} branch failed.", "{bad} of {n} branches failed.",
                    n).format(bad=bad, n=n)


def _call_text(step: Step, markdown: bool = False) -> str:
    """The call said (``"quiero"``), with its gloss. Another language than English
    quotes a word as its messages do: between backticks, or in Markdown in italics."""
    if not step.call:
        return ""
    if language() == "en":
        text = f'"*{step.call}*"' if markdown else f'"{step.call}"'
    else:
        text = f"*{step.call}*" if markdown else f"`{step.call}`"
    return f"{text} ({shown_gloss(step.gloss)})" if step.gloss else text


# ---------------------------------------------------------------------------------------
# Terminal text.

def _wrap(text: str, indent: str, width: int = _WIDTH) -> list[str]:
    return wrap(text, width, indent, indent, hyphens=False) or [indent]


def render_text(run: WalkthroughRun, quiet: bool = False, width: int = _WIDTH) -> str:
    """The whole transcript for a terminal (with ``quiet``, the summary only), no line
    wider than ``width``."""

    wt = run.walkthrough
    out: list[str] = []
    if not quiet:
        title = shown_text(wt.title)
        out += [title, "=" * display_width(title), ""]
        if wt.description:
            for para in shown_text(wt.description).split("\n\n"):
                out += _wrap(" ".join(para.split()), "", width) + [""]
        for line in _table_lines(run):
            out += _wrap(line, "", width)
        if wt.is_record:
            out.append("")
            for hand, seg in zip(wt.hands, run.hands):
                out += _hand_text(run, hand, seg, width)
        else:
            out += ["", _("The deal"), render_table(deal_table(run), width),
                    *_wrap(_turn_up_line(run), "", width), ""]
            for seg in run.root.walk():
                out += _segment_text(seg, width)
    out += [render_table(summary_table(run), width)]
    for r in run.results:
        for failure in r.failures:
            out += _wrap(f"{path_label(r.path)}: {failure}", "! ", width)
    out += ["", _verdict(run)]
    return "\n".join(out)


def _hand_text(run: WalkthroughRun, hand: HandSpec, seg: Segment, width: int) -> list[str]:
    out = wrap(_("-- {heading} (line {line})").format(heading=hand_heading(hand, seg),
                                                       line=hand.line), width - 4,
               subsequent_indent="   ", hyphens=False)
    out[-1] += " " + "-" * max(3, width - display_width(out[-1]) - 1)
    out += [render_table(deal_table(run, hand), width),
            *_wrap(_turn_up_line(run, hand), "", width)]
    return out + _segment_text(seg, width, heading=False)


def _segment_text(seg: Segment, width: int, heading: bool = True) -> list[str]:
    head = _("Trunk") if seg.name is None else _("Branch: {label}").format(label=path_label(seg.path))
    out: list[str] = []
    if heading:
        out = wrap(_("-- {heading} (line {line})").format(heading=head, line=seg.line),
                   width - 4, subsequent_indent="   ", hyphens=False)
        out[-1] += " " + "-" * max(3, width - display_width(out[-1]) - 1)
    if seg.description:
        out += _wrap(shown_text(seg.description), "  ", width)
    if seg.name is not None and heading:
        out += _wrap(_("From here: {state}.").format(state=state_text(seg.start)), "  ",
                     width)
    if not seg.ran:
        out += ["  " + _("Not played: an action above was refused."), ""]
        return out
    # The action as the file writes it, or in words outside English (the sentences
    # under it say what it did).
    written = [written_action(step.text, code=False) for step in seg.steps]
    longest = max((display_width(w) for w in written), default=0)
    for step, action in zip(seg.steps, written):
        call = _call_text(step)
        text = f"  {step.line if step.line is not None else '':>4}  {action}"
        line = f"{text:<{longest + 8}}   {call}" if call else text
        if display_width(line) <= width:
            out.append(line)
        else:       # too wide: the call (if any) goes under the action
            out += wrap(text, width, subsequent_indent=" " * 8, hyphens=False) or [text]
            if call:
                out += _wrap(call, " " * 12, width)
        if step.note:
            out += _wrap(shown_text(step.note), "          > ", width)
        marker = "          " if not step.refused or step.expected_refusal else "        ! "
        for remark in step.remarks:
            out += _wrap(remark, marker, width)
    if seg.expect:
        out += _wrap(_("Expected: {expected}").format(
            expected=expectations_words(seg.expect))
                     + (_(" -- held.") if not seg.failures else ""), "  ", width)
    for failure in seg.failures:
        out += _wrap(_("FAILED {failure}").format(failure=failure), "  ! ", width)
    if seg.result is not None:
        out += _wrap(_("Result: {outcome}.").format(outcome=outcome_text(seg.result, seg)),
                     "  ", width)
    out.append("")
    return out


# ---------------------------------------------------------------------------------------
# Markdown.

def render_markdown(run: WalkthroughRun, quiet: bool = False) -> str:
    """The whole transcript as Markdown (with ``quiet``, the summary only)."""
    from ..render.markdown import render_table  # at use: Markdown output only

    wt = run.walkthrough
    out: list[str] = []
    if not quiet:
        out += [f"## {shown_text(wt.title)}", ""]
        if wt.description:
            out += [shown_text(wt.description), ""]
        out += [" ".join(_table_lines(run)), ""]
        if wt.is_record:
            for hand, seg in zip(wt.hands, run.hands):
                out += [f"### {hand_heading(hand, seg)}", "", render_table(deal_table(run, hand)),
                        "", _turn_up_line(run, hand), ""]
                out += _segment_markdown(seg, heading=False)
        else:
            out += ["### " + _("The deal"), "", render_table(deal_table(run)), "",
                    _turn_up_line(run), ""]
            for seg in run.root.walk():
                out += _segment_markdown(seg)
    out += [render_table(summary_table(run)), ""]
    for r in run.results:
        for failure in r.failures:
            out.append(f"- **{path_label(r.path)}**: {failure}")
    if not run.ok:
        out.append("")
    out.append(_verdict(run))
    return "\n".join(out) + "\n"


def _segment_markdown(seg: Segment, heading: bool = True) -> list[str]:
    head = _("Trunk") if seg.name is None else path_label(seg.path)
    out = [f"### {head}", ""] if heading else []
    if seg.description:
        out += [shown_text(seg.description), ""]
    if seg.name is not None and heading:
        out += ["*" + _("From here: {state}.").format(state=state_text(seg.start)) + "*", ""]
    if not seg.ran:
        return out + [_("Not played: an action above was refused."), ""]
    for step in seg.steps:
        call = _call_text(step, markdown=True)
        line = f"- {written_action(step.text)} " + _("(line {line})").format(line=step.line) + (
            f" {call}" if call else "") + ": "
        line += " ".join(step.remarks)
        if step.note:
            line += f" *{shown_text(step.note)}*"
        out.append(line)
    if seg.steps:
        out.append("")
    if seg.expect:
        # In words, the same as the text transcript's.
        out += [_("Expected: {expected}").format(expected=expectations_words(seg.expect))
                + (_(" (held).") if not seg.failures else "."), ""]
    for failure in seg.failures:
        out.append("- **" + _("failed") + f"** {failure}")
    if seg.failures:
        out.append("")
    if seg.result is not None:
        out += ["**" + _("Result") + f"**: {outcome_text(seg.result, seg)}.", ""]
    return out
