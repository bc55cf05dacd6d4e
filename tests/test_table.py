"""Playing at the table: typed actions, the session with bots, and ``rentoy play`` fed from a
script (standard input not a terminal). The pseudo-terminal test is in test_play_pty.py."""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path

import pytest

from rentoy.cards import parse_card
from rentoy.cli import main
from rentoy.engine import Action, cards_left
from rentoy.table import Session, draw_view, read_line, suit_symbols
from rentoy.variants import load_variant
from rentoy.walkthrough import run_walkthrough

SHORT = str(Path(__file__).parent / "fixtures" / "variants" / "short-game.yaml")
CARDS = [parse_card(c) for c in ("3c", "6b", "7e")]


# -- what a person types ----------------------------------------------------------------------

@pytest.mark.parametrize("line, action", [
    ("7e", Action(0, "play", parse_card("7e"))),
    ("  RC ", Action(0, "play", parse_card("12c"))),
    ("play 3c", Action(0, "play", parse_card("3c"))),
    ("3", Action(0, "play", parse_card("7e"))),
    ("raise", Action(0, "raise")),
    ("ACCEPT", Action(0, "accept")),
    ("quiero", Action(0, "accept")),
    ("fold", Action(0, "fold")),
    ("No  Quiero", Action(0, "fold")),
])
def test_lines_read_as_actions(line, action):
    assert read_line(line, 0, CARDS, "1737").action == action


def test_the_variants_words_and_accents():
    assert read_line("envío", 1, CARDS, "huetor").action == Action(1, "raise")
    assert read_line("REVIO", 1, CARDS, "huetor").action == Action(1, "raise")
    # 1737 records no word for a raise: envío is not one of its calls.
    assert read_line("envío", 1, CARDS, "1737").error is not None


def test_help_empty_and_unknown_lines():
    assert read_line("?", 0, CARDS, "1737").help
    assert read_line("ayuda", 0, CARDS, "1737").help
    empty = read_line("   ", 0, CARDS, "1737")
    assert (empty.action, empty.help, empty.error) == (None, False, None)
    assert "did you mean `fold`" in read_line("fodl", 0, CARDS, "1737").error
    assert read_line("4", 0, CARDS, "1737").error == (
        "there is no card 4: you hold 3 cards, numbered 1 to 3")


# -- the session -------------------------------------------------------------------------------

def first_legal(session: Session) -> str:
    action = session.legal_actions()[0]
    return action.card.code if action.card is not None else action.kind


def play_out(session: Session, limit: int = 2000) -> list:
    events = session.start()
    for _ in range(limit):
        if session.over:
            return events
        events += session.submit(first_legal(session))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("variant", ["1737", "avila", "huetor"])
def test_a_whole_game_or_match_and_its_record(variant):
    session = Session(variant, seat=1, bots="greedy,random", seed=2)
    events = play_out(session)
    kinds = [e.kind for e in events]
    assert kinds.count("game-over") >= 1 and "refused" not in kinds
    if variant == "huetor":
        assert events[-1].kind == "match" and events[-1].data["winner"] in ("A", "B")
        assert max(events[-1].data["games"]) == 3
    run = run_walkthrough(load_walkthrough_text(session.record()))
    assert run.ok, run.failures
    assert len(run.results) == kinds.count("hand")
    assert session.submit("1") == []          # input after the end is ignored


def load_walkthrough_text(text: str):
    from rentoy.walkthrough import parse_walkthrough

    return parse_walkthrough(text)


def test_the_person_sees_only_their_own_cards():
    session = Session("1737", seat=2, seed=5)
    session.start()
    view = session.view()
    assert view.cards == cards_left(session.game.hand.deal, session.game.hand.history)[2]
    text = "\n".join(draw_view(view, {}))
    others = {c.code for s in (0, 1, 3) for c in cards_left(session.game.hand.deal,
                                                              session.game.hand.history)[s]}
    shown = set(text.replace(",", " ").replace(")", " ").split())
    assert not others & shown
    assert all(len(line) <= 80 for line in draw_view(view))


def test_a_refusal_names_the_rule_its_source_and_status():
    # Find a turn where a trump was led and the person holds a trump and a plain card.
    for seed in range(200):
        session = Session("1737", seat=0, bots="random", seed=seed)
        session.start()
        while not session.over:
            view = session.view()
            led = view.trick[0][1] if view.trick else None
            plain = [c for c in view.cards if c.suit != view.trump]
            if led is not None and led.suit == view.trump and plain and len(plain) < len(
                    view.cards):
                (event,) = session.submit(plain[0].code)
                assert event.kind == "refused"
                assert event.data["reason"] == "arrastre" and event.data["rule"] == "arrastre"
                prov = load_variant("1737").provenance["arrastre"]
                assert event.data["status"] == prov.status
                assert event.data["source"] == list(prov.source) != []
                # the rule by its reader's title, its evidence as the rules page marks it
                assert event.lines[1].startswith(
                    f"Rule “Duty when a trump is led (arrastre)” of variant 1737 "
                    f"[{prov.status}: ")
                assert "Real Academia Española 1737" in event.lines[1]
                assert "Rentoy (the untitled Spanish text the project starts from), " \
                       "undated" in event.lines[1]
                assert session.view() == view         # nothing changed
                return
            session.submit(first_legal(session))
    pytest.fail("no arrastre position in 200 games")


def test_bad_settings_are_input_errors():
    from rentoy.errors import InputError

    with pytest.raises(InputError, match="no seat 4"):
        Session("1737", seat=4)
    with pytest.raises(InputError, match="unknown bot 'gredy'"):
        Session("1737", bots="gredy")
    with pytest.raises(InputError, match="not 3"):
        Session("1737", players=3)


def test_the_search_bot_takes_a_seat():
    session = Session("1737", players=2, bots="search:samples=4", seed=1)
    events = session.start()
    assert session.waiting and events[0].data["bots"] == ["search:samples=4"] * 2
    events = session.submit(first_legal(session))
    assert events and events[0].kind == "action"


def test_the_view_names_seats_and_teams_as_the_engine_does():
    """Each field of the view means what the same name means in the engine's observation
    (``current_seat``: the one seat to act; ``tricks_won``, ``games_won``); the team whose
    raise waits is ``raiser_team``, a letter, where the observation's ``raiser`` is a seat."""
    raises = 0
    for seed in range(6):
        session = Session("1737", seat=0, bots="greedy", seed=seed)
        session.start()
        while not session.over:
            view, seen = session.view(), session.observation()
            assert view.current_seat == seen.current_seat == session.current_seat
            assert view.tricks_won == seen.tricks_won and view.games_won == seen.games_won
            if seen.raiser is None:
                assert view.raiser_team is None and not view.pending
            else:
                assert view.raiser_team == "AB"[seen.raiser & 1] and view.pending
                raises += 1
            session.submit(first_legal(session))
        assert session.view().current_seat is None
    assert raises


def test_suit_symbols_fall_back_to_ascii():
    assert suit_symbols("ascii") == {} and suit_symbols("utf-8")["e"] == "♠"


# -- rentoy play from a script ---------------------------------------------------------------

def run_play(argv: list[str], lines: list[str], monkeypatch) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{s}\n" for s in lines)))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["play", *argv])
    return code, out.getvalue(), err.getvalue()


def script_for(variant: str, seed: int, **options) -> list[str]:
    """The lines that play a whole game from this seed, first legal action each time."""
    session = Session(variant, seed=seed, **options)
    session.start()
    lines = []
    while not session.over:
        lines.append(first_legal(session))
        session.submit(lines[-1])
    return lines


def test_play_reads_one_action_per_line_and_saves(tmp_path, monkeypatch):
    lines = script_for(SHORT, seed=7)
    save = tmp_path / "game.yaml"
    script = ["rasie", "fold", *lines, "1", "raise"]    # two bad lines, then the game
    code, out, err = run_play([SHORT, "--seed", "7", "--save", str(save)], script,
                              monkeypatch)
    assert code == 0, err
    assert "unknown action 'rasie' (did you mean `raise`?)" in out
    assert "Refused: no raise is waiting for an answer" in out
    assert "wins the game" in out and "Saved the game to" in out
    # Every line fits 80 columns but one that is a single word (the saved file's path,
    # longer under pytest-xdist's folders), which no wrapping can break.
    assert all(len(line) <= 80 or " " not in line.strip() for line in out.splitlines())
    run = run_walkthrough(save)
    assert run.ok and run.results[-1].game_winner is not None
    # The lines after the end of the game were not read as actions.
    assert out.count("> ") == len(lines) + 2


def test_play_saves_a_game_left_off_when_the_input_ends(tmp_path, monkeypatch):
    lines = script_for(SHORT, seed=7)[:3]
    save = tmp_path / "left.yaml"
    code, out, _ = run_play([SHORT, "--seed", "7", "--save", str(save)], lines, monkeypatch)
    assert code == 0 and "The game is left off." in out
    run = run_walkthrough(save)
    assert run.ok and not run.results[-1].finished


def test_play_json_events(monkeypatch):
    lines = script_for(SHORT, seed=7)
    code, out, _ = run_play([SHORT, "--seed", "7", "--json"], ["?", *lines], monkeypatch)
    events = [json.loads(line) for line in out.splitlines()]
    kinds = [e["event"] for e in events]
    assert code == 0 and kinds[0] == "game" and "turn" in kinds and "help" in kinds
    assert kinds[-1] == "game-over"
    turn = next(e for e in events if e["event"] == "turn")
    assert turn["seat"] == 0 and len(turn["cards"]) == 3 and turn["legal"]


#: The keys of a ``turn`` event of ``rentoy play --json``, in their order.
TURN_KEYS = ["event", "seat", "players", "hand_number", "dealer", "cards", "up", "trump",
             "trick", "tricks", "last_trick", "last_winner", "score", "target", "games",
             "best_of", "value", "pending", "raiser", "raise_right", "to_act", "legal",
             "variant"]


def test_play_json_turns_keep_their_keys(monkeypatch):
    """A turn's keys stay as they were printed before the view's fields were named after
    the engine's: ``raiser`` the raising team's letter, ``to_act`` the seat to act."""
    lines = ["1", "?", "raise", "2", "1", "1", "2", "1", "3", "1", "2", "3", "1", "1", "1", "1",
             "1"]       # a raise by team B waits for the person's answer on the way
    code, out, _ = run_play(["1737", "--seed", "3", "--json"], lines, monkeypatch)
    turns = [e for e in map(json.loads, out.splitlines()) if e["event"] == "turn"]
    assert code == 0 and turns and all(list(t) == TURN_KEYS for t in turns)
    first = turns[0]
    assert first["to_act"] == 0 and first["tricks"] == [0, 0] and first["games"] == [0, 0]
    raised = [t for t in turns if t["pending"]]
    assert raised and all(t["raiser"] in ("A", "B") for t in raised)
    assert all(t["raiser"] is None for t in turns if not t["pending"])
    assert all(isinstance(t["to_act"], int) for t in turns)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_play_help_names_every_bot_it_seats(lang, capsys):
    from rentoy.bots import BOT_NAMES

    assert main(["--lang", lang, "play", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    bots = out.rsplit("--bots B", 1)[1].split("--seed", 1)[0].strip()   # the option's help
    assert "tables" in BOT_NAMES
    assert bots.startswith(", ".join(BOT_NAMES[:-1]) + (" or " if lang == "en" else " o ")
                           + BOT_NAMES[-1] + " ("), bots


def test_the_parser_is_built_without_the_bots():
    """The bots' names are looked up when the help is shown, not when the parser is built
    (importing the bots, and the engine with them, would slow the command's start); the
    list of commands imports no command at all."""
    import subprocess

    code = ("import sys; from rentoy.cli import build_parser; build_parser('play'); "
            "build_parser(listing=True); "
            "print('rentoy.bots' in sys.modules, 'rentoy.engine' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=Path(__file__).resolve().parent.parent, timeout=60)
    assert done.stdout.split() == ["False", "False"]


def test_play_bad_input_exits_2(monkeypatch, tmp_path):
    code, _, err = run_play(["nope"], [], monkeypatch)
    assert code == 2 and "unknown variant" in err.lower()
    # The one rule for output files: a folder is refused, and so is a file that exists
    # (without --force), before the first deal; a missing folder is made.
    code, out, err = run_play(["1737", "--save", str(tmp_path)], [], monkeypatch)
    assert code == 2 and "this is a folder, not a file" in err and out == ""
    taken = tmp_path / "taken.yaml"
    taken.write_text("mine\n")
    code, out, err = run_play(["1737", "--save", str(taken)], [], monkeypatch)
    assert code == 2 and "exists already" in err and "--force" in err and out == ""
    assert taken.read_text() == "mine\n"
    code, _, err = run_play(["1737", "--seed", "1", "--save", str(tmp_path / "no" / "g.yaml")],
                            [], monkeypatch)
    assert code == 0 and (tmp_path / "no" / "g.yaml").exists()
