"""Betting: raises, counter-raises, accepts and folds, who may raise, and dead raises.

The deal is the source text's worked example (team A 4, team B 5, game to 12); seats 0
and 2 are team A, 1 and 3 team B, trumps are oros.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rentoy.engine import Deal, Hand
from rentoy.errors import IllegalAction
from views import outcomes, raiser_team, hand_decides

FIXTURES = Path(__file__).parent / "fixtures" / "variants"
DEAL = Deal.parse([["3c", "6b", "7e"], ["12c", "2b", "4e"], ["2c", "1o", "5e"],
                   ["11c", "3b", "6e"]], up="5o")
#: Plays after which team A has two tricks (seat 2's As de oros, then seat 0's 7e).
A_WINS = ["0 play 3c", "1 play 12c", "2 play 1o", "3 play 11c",
          "2 play 5e", "3 play 6e", "0 play 7e", "1 play 4e"]
#: Plays after which team B has two tricks (seat 1's Rey de copas, then seat 3's 6e).
B_WINS = ["0 play 3c", "1 play 12c", "2 play 2c", "3 play 11c",
          "1 play 4e", "2 play 5e", "3 play 6e", "0 play 6b"]


def hand_at(variant: str = "1737", score=(4, 5), actions=(), **kw) -> Hand:
    hand = Hand(variant, deal=DEAL, score=score, **kw)
    for action in actions:
        hand.apply(action)
    return hand


def run(hand: Hand, actions) -> Hand:
    for action in actions:
        hand.apply(action)
    return hand


# ---------------------------------------------------------------------------------------
# The source text's sequence from 4-5

def test_the_hand_starts_at_one_and_anyone_may_raise():
    hand = hand_at()
    assert hand.observation(0).value == 1 and hand.observation(0).accepted_value == 1
    assert hand.observation(0).raise_right is None and not hand.observation(0).pending
    assert outcomes(hand) == ((5, 5), (4, 6))


def test_a_raises_to_three():
    hand = hand_at(actions=["0 raise"])
    assert hand.observation(0).pending and hand.observation(0).value == 3 and hand.observation(0).accepted_value == 1
    assert raiser_team(hand) == "A"
    assert hand.observation(0).to_act == (1, 3)                    # any player of team B may answer
    assert hand.current_seat == 1                     # the player after the raiser by default
    kinds = {(a.seat, a.kind) for a in hand.legal_actions()}
    assert kinds == {(1, k) for k in ("accept", "fold", "raise")}
    assert all(hand.can(f"3 {k}") for k in ("accept", "fold", "raise"))


def test_b_raises_again_which_accepts_three():
    hand = hand_at(actions=["0 raise"])
    event = hand.apply("1 raise")
    assert event.value == 6 and event.pending and not event.dead
    assert hand.observation(0).accepted_value == 3 and raiser_team(hand) == "B"
    assert hand.observation(0).to_act == (0, 2)


def test_e1_a_folds_b_scores_the_value_before_its_raise():
    hand = hand_at(actions=["0 raise", "1 raise"])
    event = hand.apply("0 fold")
    result = event.result
    assert result is not None and hand.is_over
    assert result.how == "fold" and result.winner_name == "B"
    assert result.points == 3 and result.value == 3
    assert result.score == (4, 8) and result.game_winner is None
    assert hand.observation(0).value == 3                             # settled at the value before the raise


def test_e2_e3_a_accepts_six_and_the_hand_is_played_out():
    hand = hand_at(actions=["0 raise", "1 raise", "2 accept"])   # any seat of team A
    assert hand.observation(0).value == 6 and hand.observation(0).accepted_value == 6 and not hand.observation(0).pending
    assert hand.observation(0).raise_right == "A"                    # the accepting team holds the right
    assert outcomes(hand) == ((10, 5), (4, 11))
    a_wins = run(hand.clone(), A_WINS)
    assert a_wins.result.score == (10, 5) and a_wins.result.how == "tricks"
    b_wins = run(hand.clone(), B_WINS)
    assert b_wins.result.score == (4, 11) and b_wins.result.game_winner is None


def test_e4_a_accepts_and_raises_to_nine_b_folds():
    hand = hand_at(actions=["0 raise", "1 raise", "0 raise"])
    assert hand.observation(0).value == 9 and hand.observation(0).accepted_value == 6
    hand.apply("3 fold")
    assert hand.result.score == (10, 5) and hand.result.winner_name == "A"
    assert hand.result.points == 6


def test_e5_b_accepts_nine_and_the_hand_decides_the_game():
    hand = hand_at(actions=["0 raise", "1 raise", "0 raise", "1 accept"])
    assert hand.observation(0).value == 9 and hand.observation(0).raise_right == "B"
    assert hand_decides(hand, 9) and hand.observation(0).dead_raise
    assert outcomes(hand) == ((13, 5), (4, 14))
    a_wins = run(hand.clone(), A_WINS)
    assert a_wins.result.score == (13, 5) and a_wins.result.game_winner_name == "A"
    b_wins = run(hand.clone(), B_WINS)
    assert b_wins.result.score == (4, 14) and b_wins.result.game_winner_name == "B"


def test_e6_a_raise_at_nine_is_dead_but_allowed():
    hand = hand_at(actions=["0 raise", "1 raise", "0 raise", "1 accept"])
    # B holds the right; seat 0 is to play, so B raises when its seat 1 is to act.
    hand.apply("0 play 3c")
    event = hand.apply("1 raise")
    assert event.dead and event.value == 12 and event.pending
    hand.apply("0 accept")
    assert hand.observation(0).value == 12 and outcomes(hand) == ((16, 5), (4, 17))


def test_a_raise_is_not_dead_while_the_value_does_not_decide_the_game():
    hand = hand_at(actions=["0 raise", "1 raise"])
    assert not hand.observation(0).dead_raise                   # 6 leaves A at 10
    assert not hand.apply("0 raise").dead


# ---------------------------------------------------------------------------------------
# Who may raise, and when

def test_after_an_accept_only_the_accepting_team_may_raise():
    hand = hand_at(actions=["0 raise", "1 accept"])    # B accepted 3
    assert hand.observation(0).raise_right == "B"
    assert not hand.can("0 raise")
    assert hand.refusal("0 raise").reason == "no-raise-right"
    hand.apply("0 play 3c")
    event = hand.apply("1 raise")
    assert event.value == 6 and raiser_team(hand) == "B"


def test_raise_right_any_lets_either_team_raise_after_an_accept():
    hand = hand_at(str(FIXTURES / "game-step.yaml"), actions=["0 raise", "1 accept"])
    assert hand.observation(0).raise_right is None
    assert hand.can("0 raise")
    hand.apply("0 raise")
    assert hand.observation(0).value == 6


def test_a_raise_is_made_by_the_player_to_act_before_playing():
    hand = hand_at()
    assert hand.refusal("1 raise").reason == "not-your-turn"
    hand.apply("0 play 3c")
    assert hand.can("1 raise") and not hand.can("0 raise")


def test_no_card_is_played_while_a_raise_waits():
    hand = hand_at(actions=["0 raise"])
    assert hand.refusal("0 play 3c").reason == "raise-pending"
    assert hand.refusal("1 play 12c").reason == "raise-pending"
    assert hand.refusal("2 accept").reason == "own-raise"
    hand.apply("3 accept")
    assert hand.current_seat == 0 and hand.can("0 play 3c")   # the raiser still has to play


def test_the_ladder_has_a_top():
    hand = hand_at(score=(0, 0), actions=["0 raise", "1 raise", "0 raise", "1 raise"])
    assert hand.observation(0).value == 12 and hand.observation(0).pending
    assert hand.refusal("0 raise").reason == "ladder-top"
    assert {a.kind for a in hand.legal_actions()} == {"accept", "fold"}
    hand.apply("2 accept")
    assert hand.refusal("0 raise").reason == "ladder-top"
    assert all(a.kind == "play" for a in hand.legal_actions())


def test_the_source_texts_ladder_tops_at_twelve_after_six():
    hand = hand_at("1737+values-1-3-6-12", score=(0, 0),
                   actions=["0 raise", "1 raise", "0 raise"])
    assert hand.observation(0).value == 12
    assert hand.refusal("1 raise").reason == "ladder-top"
    hand.apply("1 fold")
    assert hand.result.score == (6, 0)


# ---------------------------------------------------------------------------------------
# The `game` step

def test_the_game_step_brings_the_winner_to_the_target():
    spec = str(FIXTURES / "game-step.yaml")
    hand = hand_at(spec, score=(3, 7), actions=["0 raise", "1 raise", "0 raise", "1 accept"])
    assert hand.observation(0).value == "game"
    assert outcomes(hand) == ((12, 7), (3, 12))
    assert hand.refusal("0 raise").reason == "ladder-top"
    result = run(hand.clone(), A_WINS).result
    assert result.value == "game" and result.points == 9
    assert result.score == (12, 7) and result.game_winner_name == "A"
    result = run(hand.clone(), B_WINS).result
    assert result.points == 5 and result.score == (3, 12)


def test_folding_the_game_step_pays_the_step_below():
    spec = str(FIXTURES / "game-step.yaml")
    hand = hand_at(spec, score=(3, 7), actions=["0 raise", "1 raise", "0 raise", "1 fold"])
    assert hand.result.score == (9, 7) and hand.result.value == 6
    assert hand.observation(0).value == 6


def test_events_describe_each_bet():
    hand = hand_at()
    event = hand.apply("0 raise")
    assert (event.value, event.pending, event.raise_right, event.dead) == (3, True, None, False)
    assert event.trick is None and event.result is None
    event = hand.apply("1 accept")
    assert (event.value, event.pending, event.raise_right) == (3, False, "B")


def test_an_illegal_bet_changes_nothing():
    hand = hand_at(actions=["0 raise", "1 accept"])
    before = hand.clone()
    with pytest.raises(IllegalAction):
        hand.apply("2 raise")
    assert hand == before and hand.history == before.history
