"""The regional and modern variants in play, through the Hand API and the pure trick rules.

Each test deals explicit cards and checks a concrete outcome: who wins a trick with
the top cards, which cards an arrastre forces, five-card hands won with three tricks,
the pata of 18, and the modern whole-game step and its fold value.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rentoy.cards import SUITS, Card
from rentoy.engine import Deal, Game, Hand, cards_left, compile_variant
from rentoy.bots import RandomBot
from rentoy.engine.rules import legal_cards, trick_winner
from rentoy.errors import IllegalAction
from rentoy.variants import load_variant
from views import outcomes


def cards(text: str) -> list[int]:
    return [Card.parse(c) for c in text.split()]


def winner(variant: str, trump: str, trick: str) -> str:
    """The card that wins ``trick`` (codes in playing order) when ``trump`` is trumps."""
    tt = compile_variant(load_variant(variant)).by_trump[SUITS.index(trump)]
    played = cards(trick)
    return str(Card(played[trick_winner(tt, played)]))


def legal(variant: str, trump: str, hand: str, trick: str) -> set[str]:
    tables = compile_variant(load_variant(variant))
    tt = tables.by_trump[SUITS.index(trump)]
    return {str(Card(c)) for c in legal_cards(tables, tt, cards(hand), cards(trick))}


def play_out(hand: Hand, actions: list[str]) -> Hand:
    for action in actions:
        hand.apply(action)
    return hand


# -- Galicia ------------------------------------------------------------------------

@pytest.mark.parametrize("trump,trick,wins", [
    ("c", "2c 5b", "5b"),                  # the 5 de bastos beats the manilla
    ("c", "2c 11b 10o", "11b"),            # caballo de bastos > perica > manilla
    ("c", "10o 2c", "10o"),                # the perica beats the manilla
    ("o", "2o 10o", "10o"),                # the perica stays above the oros trumps
    ("b", "2b 11b 5b", "5b"),              # bastos trumps: the top cards keep their order
    ("e", "12c 11b", "11b"),               # a top card wins a plain lead
    ("e", "12c 3e 1c", "3e"),              # below the top cards, the generic trumps
])
def test_galicia_trick_winners(trump, trick, wins):
    assert winner("galicia", trump, trick) == wins


def test_galicia_top_cards_count_as_trumps_for_the_arrastre():
    # A trump is led: the perica is the only "trump" held, so it must be played.
    assert legal("galicia", "c", "10o 4e 6o", "2c") == {"10o"}
    # Leading a top card is a trump lead: holders of copas must play one.
    assert legal("galicia", "c", "3c 4e 6o", "5b") == {"3c"}
    # Under the alternative reading the top cards are cards of their own suits.
    assert legal("galicia+top-cards-plain", "c", "10o 4e 6o", "2c") == {"10o", "4e", "6o"}
    assert legal("galicia+top-cards-plain", "c", "3c 4e 6o", "5b") == {"3c", "4e", "6o"}
    assert winner("galicia+top-cards-plain", "c", "5b 3c 2c") == "5b"


def test_galicia_hand_default_six_players_and_refusal_names_the_rule():
    deal = Deal.parse([["2c", "4o", "6e"], ["5b", "3o", "7e"], ["10o", "4e", "6o"],
                       ["3c", "5e", "7o"], ["11b", "1e", "2e"], ["12c", "4b", "6b"]], up="7c")
    hand = Hand("galicia", deal=deal)
    assert hand.players == 6 and hand.observation(0).trump == "c"
    play_out(hand, ["0 play 2c", "1 play 5b"])
    with pytest.raises(IllegalAction) as refused:
        hand.apply("2 play 4e")
    assert refused.value.reason == "arrastre" and refused.value.variant == "galicia"
    event = None
    for action in ["2 play 10o", "3 play 3c", "4 play 11b", "5 play 12c"]:
        event = hand.apply(action)
    assert event.trick.winner == 1 and hand.observation(0).tricks_won == (0, 1)


# -- Huétor Vega ----------------------------------------------------------------------

@pytest.mark.parametrize("trump,trick,wins", [
    ("o", "2o 1c", "1c"),                  # an off-suit ace beats the malilla
    ("o", "2o 12o 1b", "1b"),              # ... and every other trump
    ("o", "1o 1c 1e 1b", "1o"),            # the aces rank oros, copas, espadas, bastos
    ("e", "1b 1e", "1e"),                  # the ace of trumps is just one of the aces
    ("o", "1c 5o", "5o"),                  # el Tuerto beats the aces
    ("c", "12c 2c", "2c"),                 # the malilla beats the rey of trumps
    ("c", "7o 4c", "4c"),                  # any trump beats a plain card
    ("e", "12c 1c", "1c"),                 # the ace of the led suit, now a top card
])
def test_huetor_trick_winners(trump, trick, wins):
    assert winner("huetor", trump, trick) == wins


def test_huetor_aces_answer_a_trump_lead():
    # The ace of copas is the only "trump" held when the malilla of oros is led.
    assert legal("huetor", "o", "1c 6e 3b", "2o") == {"1c"}
    assert legal("huetor+top-cards-plain", "o", "1c 6e 3b", "2o") == {"1c", "6e", "3b"}


def test_huetor_pata_of_18():
    deal = Deal.parse([["2e", "12c", "4o"], ["3e", "6c", "5b"], ["12e", "7c", "2b"],
                       ["4e", "11c", "6o"]], up="7e")
    # 16-14 would have ended a game to 12; in Huétor it is two short of the pata.
    hand = Hand("huetor", deal=deal, score=(16, 14))
    hand.apply("0 raise")
    assert outcomes(hand) == ((19, 14), (16, 17))
    refused = play_out(hand.clone(), ["1 fold"])
    assert refused.result.score == (17, 14) and refused.result.game_winner is None
    won = play_out(hand.clone(), ["3 accept", "0 play 2e", "1 play 3e", "2 play 12e",
                                  "3 play 4e", "0 play 12c", "1 play 6c", "2 play 7c",
                                  "3 play 11c"])
    assert won.result.score == (19, 14) and won.result.game_winner_name == "A"
    whole = play_out(hand.clone(), ["1 raise", "0 raise", "1 raise"])
    assert whole.observation(0).value == "game" and outcomes(whole) == ((18, 14), (16, 18))
    with pytest.raises(ValueError):
        Hand("huetor", score=(18, 0))


def test_huetor_game_runs_to_18():
    game = Game("huetor", seed=3)
    bot = RandomBot(seed=3)
    while not game.is_over:
        game.apply_unchecked(bot.choose(game.observation()))
    assert max(game.score) >= 18
    assert all(max(r.score) < 18 for r in game.results[:-1])


# -- Sanlúcar -------------------------------------------------------------------------

@pytest.mark.parametrize("trump,trick,wins", [
    ("e", "12c 1c 3e", "3e"),              # the llera, lowest trump, beats a plain rey
    ("e", "12c 3e 2e", "2e"),              # the malilla beats it
    ("e", "3e 4e", "4e"),                  # the llera is the lowest trump
    ("c", "2o 3o", "3o"),                  # a plain 2 is the lowest card of its suit
])
def test_sanlucar_trick_winners(trump, trick, wins):
    assert winner("sanlucar", trump, trick) == wins


# -- Conil ----------------------------------------------------------------------------

@pytest.mark.parametrize("trump,trick,wins", [
    ("c", "3c 11o", "11o"),                # the tuerto beats the andorra
    ("c", "3c 11o 4b", "4b"),              # the mujero beats them all
    ("c", "12c 2c 3c", "3c"),              # andorra > malilla > rey
    ("c", "5c 4c", "5c"),                  # the 4 is now the lowest trump
    ("o", "2o 11o", "11o"),                # oros trumps: the tuerto stays above
    ("b", "3b 4b", "4b"),                  # bastos trumps: the mujero stays on top
])
def test_conil_trick_winners(trump, trick, wins):
    assert winner("conil", trump, trick) == wins


CONIL_DEAL = [["3c", "12c", "1e", "6o", "5b"], ["11o", "7e", "6e", "4o", "2b"],
              ["4b", "5e", "7o", "3b", "10e"], ["2c", "12e", "5o", "6b", "11e"]]


def test_conil_five_card_hand_needs_three_tricks():
    hand = Hand("conil", deal=Deal.parse(CONIL_DEAL, up="7c"))
    play_out(hand, ["0 play 3c", "1 play 11o", "2 play 4b", "3 play 2c",
                    "2 play 10e", "3 play 12e", "0 play 1e", "1 play 7e",
                    "3 play 11e", "0 play 12c", "1 play 6e", "2 play 5e"])
    assert hand.observation(0).tricks_won == (2, 1) and not hand.is_over      # two of five is not enough
    play_out(hand, ["0 play 6o", "1 play 4o", "2 play 7o", "3 play 5o"])
    assert hand.is_over and hand.result.tricks == (3, 1)         # the fifth is not played
    assert hand.result.winner_name == "A" and hand.result.score == (1, 0)
    assert all(len(cards_left(hand.deal, hand.history)[s]) == 1 for s in range(4))


def test_conil_deals_five_cards_and_refuses_eight_players():
    hand = Hand("conil", seed=11)
    assert [len(cards_left(hand.deal, hand.history)[s]) for s in range(4)] == [5] * 4
    with pytest.raises(ValueError):
        Hand("conil", players=8)
    with pytest.raises(ValueError):   # a three-card deal is not a Conil deal
        Hand("conil", deal=Deal.parse([["1o", "2o", "3o"], ["4o", "5o", "6o"],
                                       ["7o", "10o", "11o"], ["12o", "1c", "2c"]], up="3c"))


# -- Modern ---------------------------------------------------------------------------

MODERN_DEAL = [["2o", "12c", "4e"], ["3o", "6c", "5b"], ["12o", "7c", "2b"], ["4o", "11c", "6e"]]


def test_modern_rentoy_entero_fold_pays_nine():
    hand = Hand("modern", deal=Deal.parse(MODERN_DEAL, up="7o"), score=(0, 2))
    values = [hand.apply(a).value for a in ["0 raise", "1 raise", "0 raise", "1 raise"]]
    assert values == [3, 6, 9, "game"] and hand.observation(0).accepted_value == 9
    assert outcomes(hand) == ((12, 2), (0, 12))
    folded = play_out(hand.clone(), ["0 fold"])
    assert folded.result.points == 9 and folded.result.score == (0, 11)
    assert folded.result.game_winner is None
    with pytest.raises(IllegalAction) as top:
        hand.clone().apply("0 raise")
    assert top.value.reason == "ladder-top"


def test_modern_rentoy_entero_winner_takes_the_game():
    hand = Hand("modern", deal=Deal.parse(MODERN_DEAL, up="7o"), score=(0, 2))
    play_out(hand, ["0 raise", "1 raise", "0 raise", "1 raise", "0 accept",
                    "0 play 2o", "1 play 3o", "2 play 12o", "3 play 4o",
                    "0 play 12c", "1 play 6c", "2 play 7c", "3 play 11c"])
    r = hand.result
    assert (r.value, r.points, r.score, r.game_winner_name) == ("game", 12, (12, 2), "A")


def test_modern_whole_game_step_is_dead_once_nine_decides():
    hand = Hand("modern", deal=Deal.parse(MODERN_DEAL, up="7o"), score=(4, 5))
    play_out(hand, ["0 raise", "1 raise", "0 raise"])
    assert hand.observation(0).value == 9 and hand.observation(0).dead_raise
    assert hand.apply("1 raise").dead


def test_modern_envio_refused_pays_one_and_raises_follow_the_turn():
    deal = Deal.parse([["2b", "12o", "3c"], ["7b", "5o", "4e"], ["12b", "6o", "5c"],
                       ["3b", "11e", "7c"]], up="6b")
    hand = Hand("modern", deal=deal)
    assert hand.refusal("1 raise").reason == "not-your-turn"
    refused = play_out(hand.clone(), ["0 raise", "1 fold"])
    assert refused.result.score == (1, 0) and refused.result.how == "fold"
    play_out(hand, ["0 raise", "3 accept"])
    assert hand.refusal("0 raise").reason == "no-raise-right"   # team A raised last
    assert hand.refusal("0 play 12o") is None
    play_out(hand, ["0 play 2b"])
    assert hand.refusal("1 play 5o").reason == "arrastre"
    play_out(hand, ["1 play 7b", "2 play 12b", "3 play 3b",
                    "0 play 12o", "1 play 5o", "2 play 6o", "3 play 11e"])
    assert hand.result.tricks == (2, 0) and hand.result.score == (3, 0)


# -- Every new variant plays ------------------------------------------------------------

@pytest.mark.parametrize("vid", ["modern", "galicia", "galicia+top-cards-plain", "huetor",
                                 "sanlucar", "conil", "conil+top-cards-plain"])
def test_random_hands_end_with_a_consistent_result(vid):
    rules = load_variant(vid).rules
    rng = random.Random(vid)
    for players in rules.players:
        for _ in range(40):
            hand = Hand(vid, players=players, rng=rng)
            while not hand.is_over:
                action = rng.choice(hand.legal_actions())
                hand.check(action)
                hand.apply(action)
            r = hand.result
            assert sum(r.tricks) <= rules.tricks
            if r.how == "tricks":
                assert r.tricks[r.winner] >= rules.tricks_to_win or sum(r.tricks) == rules.tricks
            assert r.score[r.winner] == hand.score[r.winner] + r.points


# -- The worked examples of the regional variants ---------------------------------------

EXAMPLES = sorted(
    p for prefix in ("modern", "galicia", "huetor", "sanlucar", "conil")
    for p in (Path(__file__).resolve().parent.parent / "docs" / "examples").glob(f"{prefix}-*.yaml"))


def test_every_new_variant_has_a_worked_example():
    assert {p.name.split("-")[0] for p in EXAMPLES} == {
        "modern", "galicia", "huetor", "sanlucar", "conil"}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_regional_walkthrough_runs_green(path):
    from rentoy.walkthrough import run_walkthrough

    run = run_walkthrough(path)
    failures = [(r["path"], r["failures"]) for r in run.to_json()["results"] if not r["ok"]]
    assert run.ok, failures
