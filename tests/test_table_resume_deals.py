"""A resumed game goes on with the seed's deals: hand k is the seed's k-th deal, as in
the game played from the start, never the first hands dealt again."""

from __future__ import annotations

import random

from rentoy.table.session import Session


def _deals(session: Session, hands: int) -> list:
    out: list = []
    rng, game = random.Random(1), session.game
    while len(out) < hands and not game.is_over:
        deal = game.hand.deal
        if not out or out[-1] != deal:
            out.append(deal)
        legal = game.legal_actions()
        plays = [a for a in legal if a.kind == "play"] or legal   # long games: few raises
        game.apply_unchecked(rng.choice(plays))
    return out


def test_the_hands_after_a_resumed_record_are_the_seeds_own():
    whole = _deals(Session("1737", seed=5, bots="random"), 5)
    resumed = _deals(Session("1737", seed=5, bots="random", deals=whole[:2]), 5)
    assert len(whole) == 5 and resumed == whole
    assert resumed[2] != whole[0]       # the third hand is not the first dealt again
