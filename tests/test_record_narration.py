"""A replayed record narrates each hand with its own turned-up card.

Every sentence about trumps (a card named as a trump, a card that cannot win the trick, an
arrastre) is checked, in English and in Spanish, against the trump suit of the hand it is
in: the up-card of that hand, never of the first. The records are the worked example's,
simulated games' (``rentoy simulate --save-games``) and one the Play page downloads.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_browser_glue import data, play_out

from rentoy.integrations.browser import Seat

from rentoy.cards import SUITS
from rentoy.engine import PLAY
from rentoy.engine.tables import ARRASTRE_NONE, compile_variant
from rentoy.i18n import _, use_language
from rentoy.simulation.records import game_records
from rentoy.walkthrough import Walkthrough, load_walkthrough, parse_walkthrough, run_walkthrough
from rentoy.walkthrough.transcript import render_markdown, render_text

ROOT = Path(__file__).resolve().parent.parent
GAME_RECORD = ROOT / "docs" / "examples" / "game-record.yaml"


def _records() -> list[tuple[str, Walkthrough]]:
    """The worked example's record and whole games of simulations: several hands each,
    with up-cards of different suits."""
    records = [("game-record", load_walkthrough(GAME_RECORD))]
    for variant, players, seed in (("1737", 4, 3), ("avila", 2, 5), ("1598", 6, 1)):
        for k, text in enumerate(game_records(variant, 2, seed, players=players)):
            records.append((f"{variant}-{k}", parse_walkthrough(text)))
    # A record as the Play page downloads it: a whole game played at its seat.
    seat = Seat(data("1737"), players=4, bots=("greedy", "random"), seed=7, seat=0)
    play_out(seat, random.Random(2))
    records.append(("play-page", parse_walkthrough(seat.record())))
    return records


RECORDS = _records()


def test_the_records_have_hands_of_different_trump_suits():
    for name, wt in RECORDS:
        assert len(wt.hands) >= 2, name
    suits = {h.deal.up.suit for _n, wt in RECORDS for h in wt.hands}
    assert len(suits) >= 3
    ups = [h.deal.up.suit for h in RECORDS[0][1].hands]
    assert len(set(ups)) >= 2


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("name,wt", RECORDS, ids=[n for n, _w in RECORDS])
def test_every_sentence_about_trumps_reads_its_own_hands_up_card(name, wt, language):
    tables = compile_variant(wt.variant)
    with use_language(language):
        run = run_walkthrough(wt)
        a_trump = _(", a trump")
        cannot_win = _("It cannot win the trick: it is neither of the led suit nor a trump.")
        arrastre = (_("A trump led is an arrastre: whoever holds a trump must play one, "
                      "higher than every card in the trick if he can."),
                    _("A trump led is an arrastre: whoever holds a trump must play one."))
        checked = 0
        for hand, segment in zip(run.walkthrough.hands, run.hands):
            up = hand.deal.up
            tt = tables.by_trump[SUITS.index(up.suit)]
            led = None
            for step in segment.steps:
                if step.action is None or step.action.kind != PLAY or step.refused:
                    continue
                card = step.action.card
                is_trump = tt.suit[card] == tt.trump and card not in tt.top
                said = step.remarks[0]
                where = f"{name}, hand {hand.number}, {step.text} (up {up.code}): {said}"
                assert (f"{card.name}{a_trump})".lower() in said.lower()) == is_trump, where
                leading = led is None
                if leading:
                    led = card
                    assert any(r in arrastre for r in step.remarks) == (
                        tt.suit[card] == tt.trump and tables.arrastre != ARRASTRE_NONE), where
                else:
                    can_win = tt.always[card] or tt.suit[card] in (tt.suit[led], tt.trump)
                    assert (cannot_win in step.remarks) == (not can_win), where
                    assert not any(r in arrastre for r in step.remarks), where
                if step.event is not None and step.event.trick is not None:
                    trick = step.event.trick
                    winner_card = trick.cards[(trick.winner - trick.leader) % len(trick.cards)]
                    head = _("Seat {seat} (team {team}) wins the trick with {card}. "
                             "Tricks: {tricks}.").split("{card}")[0].format(
                        seat=trick.winner, team="AB"[trick.winner % 2])
                    won = next(r for r in step.remarks if r.startswith(head))
                    winner_trump = (tt.suit[winner_card] == tt.trump
                                    and winner_card not in tt.top)
                    assert (f"{winner_card.name}{a_trump})".lower() in won.lower()) == winner_trump, where
                    led = None
                checked += 1
        assert checked > 0


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_game_records_second_hand_says_its_trumps_are_copas(language):
    """The worked example's second hand turns up 5c: 1c, played on a lead of bastos, is a
    trump there and wins the trick, as its narration now says (it said the opposite)."""
    with use_language(language):
        run = run_walkthrough(RECORDS[0][1])
        text = render_text(run)
        markdown = render_markdown(run)
        cannot_win = _("It cannot win the trick: it is neither of the led suit nor a trump.")
        a_trump = _(", a trump")
    second = run.hands[1]
    step = next(s for s in second.steps if s.text == "1 play 1c")
    assert "1c (" in step.remarks[0] and a_trump + ")" in step.remarks[0]
    assert cannot_win not in step.remarks
    # Both transcripts carry the remarks as the run made them.
    for remark in step.remarks:
        assert remark.split()[0] in text and remark in markdown
