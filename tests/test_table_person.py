"""The person at the table decides for the person: every raise his team may answer is his
to answer (the partner's view is advice), and the tools around him: hints, taking back,
resuming a saved game, a first deal in the one-line notation, the words he may type."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rentoy.cards import parse_card
from rentoy.engine import RAISE
from rentoy.table import Session, read_line
from rentoy.table.words import COMMON_WORDS, call_words
from rentoy.variants import builtin_ids, load_variant
from rentoy.walkthrough import run_walkthrough

FIXTURES = Path(__file__).parent / "fixtures" / "variants"


def play_out(session: Session, choose, limit: int = 3000) -> list:
    """Play a session to its end, ``choose(session)`` giving each line; every event."""
    events = session.start()
    steps = 0
    while not session.over:
        steps += 1
        assert steps < limit
        events += session.submit(choose(session))
    return events


def first_or_accept(session: Session) -> str:
    legal = session.legal_actions()
    action = next((a for a in legal if a.kind == "accept"), legal[0])
    return action.card.code if action.card is not None else action.kind


@pytest.mark.parametrize("seed", range(12))
def test_the_person_answers_every_raise_his_team_may_answer(seed):
    """Under answer_by: team (1737), no bot of the person's team ever answers a raise:
    each raise against team A waits for the person, with the partner's view as advice."""
    session = Session("1737", seat=0, bots="greedy", seed=seed)
    asked = []

    def choose(s: Session) -> str:
        if s.observation().pending:
            asked.append(s.view().raiser_team)
        return first_or_accept(s)

    events = play_out(session, choose)
    answers = [e for e in events if e.kind == "action"
               and e.data["action"].split()[1] in ("accept", "fold")]
    # No bot of team A ever answered: seat 2 (the partner) never accepts or folds.
    assert not [e.data for e in answers if e.data["seat"] == 2]
    assert all(raiser == "B" for raiser in asked)
    # Each raise by team B (not itself an answer to one) was answered by the person.
    assert len([e for e in answers if e.data["seat"] == 0]) == len(asked)


def test_a_raise_against_his_team_waits_for_him_with_the_partner_s_advice():
    for seed in range(60):
        session = Session("1737", seat=0, bots="greedy,greedy", seed=seed)
        events = session.start()
        for _ in range(200):
            if session.over:
                break
            obs = session.observation()
            if obs.pending and obs.current_seat == 2:
                # The engine names the partner to answer first; the table asks the person.
                assert session.waiting
                assert [e.kind for e in events][-1] == "advice"
                advice = events[-1].data["advice"]
                assert advice.startswith("2 ")
                events = session.submit("partner")      # leave it to him
                assert any(e.data.get("action") == advice for e in events
                           if e.kind == "action")
                return
            events = session.submit(first_or_accept(session))
    pytest.fail("no raise by team B with seat 2 named to answer in 60 games")


def test_where_the_rules_name_one_answerer_the_partner_answers():
    """answer_by: next: only the seat after the raiser answers; the rules, not the table,
    decide, so the partner bot answers when it is his to answer."""
    variant = str(FIXTURES / "answer-next.yaml")
    assert load_variant(variant).rules.answer_by == "next"
    partner_answers = 0
    for seed in range(20):
        session = Session(variant, seat=0, bots="greedy", seed=seed)
        events = play_out(session, first_or_accept)
        partner_answers += sum(1 for e in events if e.kind == "action" and e.data["seat"] == 2
                               and e.data["action"].split()[1] in ("accept", "fold"))
        assert not [e for e in events if e.kind == "advice"]
    assert partner_answers > 0


def test_hint_gives_the_search_bot_s_choice_and_its_chance():
    session = Session("1737", seat=0, seed=3)
    session.start()
    event = session.hint_event()
    assert event.kind == "hint" and not event.data["exact"]
    assert 0 <= event.data["chance"] <= 1
    assert event.data["action"].startswith("0 ")
    assert "search bot would" in event.lines[0]
    assert session.actions_taken == 0          # a hint changes nothing at the table


def test_undo_takes_back_the_last_action_only_while_no_bot_has_seen_it():
    # Two players: the person who wins a trick leads the next at once, before any bot acts.
    for seed in range(80):
        session = Session("1737", players=2, seat=0, bots="random", seed=seed)
        session.start()
        for _ in range(40):
            if session.over:
                break
            before = session.actions_taken
            key = session.observation().info_key
            events = session.submit(first_or_accept(session))
            if session.actions_taken == before + 1 and not session.over:
                undone = session.undo()
                assert undone[0].kind == "undo"
                assert session.observation().info_key == key
                assert session.actions_taken == before
                assert session.undo()[0].kind == "unknown"     # only the last one
                return
            assert session.undo()[0].kind == "unknown"         # a bot has acted since
            assert events
    pytest.fail("no action of the person was followed by his own turn")


def test_resume_continues_a_game_left_off_where_it_was(tmp_path):
    session = Session("1737", seat=1, bots="greedy,random", seed=21)
    session.start()
    for _ in range(3):
        session.submit(first_or_accept(session))
    assert not session.over
    record = tmp_path / "left.yaml"
    record.write_text(session.record())
    assert run_walkthrough(record).ok
    again, events = Session.resume(str(record))
    assert (again.seat, again.bot_names, again.seed) == (1, ("greedy", "random"), 21)
    assert again.observation().info_key == session.observation().info_key
    assert again.waiting and events[0].kind == "game"
    play_out(again, first_or_accept)
    finished = tmp_path / "done.yaml"
    finished.write_text(again.record())
    run = run_walkthrough(finished)
    assert run.ok and run.results[-1].game_winner in ("A", "B")
    with pytest.raises(Exception, match="finished"):
        Session.resume(str(finished))


def test_a_first_deal_in_the_notation():
    from rentoy.engine import Deal
    from rentoy.notation import parse_deal

    text = "1e 12b 5e | 5c 11e 7o | 3c 10c 6c | 2c 3e 2e / up 7e"
    deal = parse_deal(text)
    session = Session("1737", seat=0, seed=1, deals=[Deal(deal.hands, deal.up)])
    session.start()
    assert [c.code for c in sorted(session.view().cards)] == sorted(["1e", "12b", "5e"],
                                                                    key=parse_card)
    assert session.view().up.code == "7e"


CARDS = [parse_card(c) for c in ("3c", "6b", "7e")]


@pytest.mark.parametrize("line, kind", [
    ("me voy", "fold"), ("Me voy", "fold"), ("irse", "fold"), ("no quiero", "fold"),
    ("fold", "fold"), ("quiero", "accept"), ("accept", "accept"), ("envite", "raise"),
    ("raise", "raise")])
def test_the_glossary_s_words_are_understood(line, kind):
    assert read_line(line, 0, CARDS, "1737").action.kind == kind


def test_the_common_words_are_glossary_terms():
    from rentoy.glossary import load_glossary, term_key

    terms = {term_key(t) for t in load_glossary()}
    for words in COMMON_WORDS.values():
        for word in words[1:]:
            assert term_key(word) in terms, word


@pytest.mark.parametrize("vid", builtin_ids())
def test_a_misspelt_call_is_never_taken_for_another_action(vid):
    """For every word of every variant, a slip of one letter (dropped, doubled, swapped)
    is either understood as that word's action, refused with no suggestion, or refused
    with a suggestion of a word of the same action."""
    words = call_words(vid)
    rng = random.Random(vid)
    for word, kind in words.items():
        for _ in range(6):
            i = rng.randrange(len(word))
            slips = [word[:i] + word[i + 1:], word[:i] + word[i] + word[i:],
                     word[:i] + word[i + 1:i + 2] + word[i:i + 1] + word[i + 2:]]
            for slip in slips:
                if not slip.strip():
                    continue
                reading = read_line(slip, 0, CARDS, vid)
                if reading.action is not None:
                    continue
                if reading.error and "did you mean `" in reading.error:
                    meant = reading.error.split("did you mean `")[1].split("`")[0]
                    assert words.get(meant, kind) == kind, (slip, meant)
    assert read_line("irse", 0, CARDS, vid).action.kind == "fold"


def test_help_lists_the_cards_in_the_hand_s_order():
    session = Session("1737", seat=0, seed=5)
    session.start()
    shown = [c.code for c in session.view().cards]
    listed = [line.split()[0] for line in session.help_event().lines[1:]
              if line.split()[0] in shown]
    assert listed == shown
    assert RAISE in " ".join(session.help_event().lines)
