"""The Play page's Python side (rentoy.integrations.browser), under plain CPython.

The same module runs in the page under Pyodide; here it plays whole games of several
variants, shows the engine's refusals, lets the person answer for his team, deals as
``rentoy play --seed`` does, writes records that ``rentoy run`` replays and the YAML
reader reads back exactly, answers the page's JSON requests (in Spanish for the Spanish
edition, taking the words typed at ``rentoy play``: ``quiero``, ``me voy``, ``envío``),
and needs nothing outside the standard library (checked in a child interpreter in which
PyYAML, jsonschema, tabulate and tqdm cannot be imported).
"""

from __future__ import annotations

import json
import re
import random
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from inprocess import run
from rentoy.engine import Deal, Game
from rentoy.i18n import language
from rentoy.integrations.browser import Seat, SeatError, new_seat
from rentoy.variant import variant_data
from rentoy.variants import load_variant

ROOT = Path(__file__).resolve().parent.parent
DEAL = Deal.parse([["3c", "6b", "7e"], ["12c", "2b", "4e"], ["2c", "1o", "5e"],
                   ["11c", "3b", "6e"]], up="5o")


def data(spec: str = "1737") -> dict:
    """The variant as the page receives it: data written at build time, read back as JSON."""
    return json.loads(json.dumps(variant_data(load_variant(spec))))


def play_out(seat: Seat, rng: random.Random, limit: int = 5000) -> list[dict]:
    """Play the game to its end, the person choosing at random among his legal actions
    (through the same requests the page makes); every reply, in order."""
    replies = [seat.start()]
    for _ in range(limit):
        view = seat.view()
        if view["over"]:
            return replies
        if view["waiting"]:
            legal = [c["action"] for c in view["cards"] if c["legal"]] + \
                    [b["action"] for b in view["bets"] if b["legal"]]
            reply = json.loads(seat.handle(json.dumps(
                {"op": "act", "action": rng.choice(legal), "version": view["actions_taken"]})))
            assert "refused" not in reply and "error" not in reply, reply
        else:
            reply = json.loads(seat.handle('{"op": "step"}'))
            assert reply["events"] and "think_ms" in reply["events"][0]
        replies.append(reply)
    raise AssertionError("the game did not end")


def replay(capsys, tmp_path: Path, text: str) -> dict:
    path = tmp_path / "record.yaml"
    path.write_text(text, encoding="utf-8")
    status, out, err = run(capsys, "run", str(path), "--json")
    assert status == 0, out + err
    return json.loads(out)


@pytest.mark.parametrize("spec, players, bots", [
    ("1737", 4, ("search:samples=8", "search:samples=8")),
    ("avila", 2, ("greedy", "random")),
    ("1737+borrego", 6, ("random", "greedy")),
    ("huetor", 4, ("greedy", "greedy")),            # a best-of-five match
    ("conil", 4, ("random", "random")),             # five cards each
])
def test_whole_games_are_played_and_their_records_replay(capsys, tmp_path, spec, players, bots):
    base, _, options = spec.partition("+")
    seat = Seat(data(base), options=[o for o in options.split("+") if o], players=players,
                bots=bots, seed=11, seat=1)
    replies = play_out(seat, random.Random(3))
    view = seat.view()
    assert view["over"] and view["winner"] in ("A", "B")
    hands = [e for r in replies for e in r.get("events", ()) if e["kind"] == "hand"]
    assert hands[-1]["over"] and hands[-1]["game_winner"] == view["winner"]
    ends = [e for r in replies for e in r.get("events", ()) if e["kind"] == "game-over"]
    assert "wins the game" in " ".join(ends[-1]["lines"])
    text = seat.record()
    result = replay(capsys, tmp_path, text)
    assert result["ok"] and len(result["results"]) == len(hands)
    # The writer is exact: the real YAML reader reads back what it meant to write.
    read = yaml.safe_load(text)
    assert read["variant"] == load_variant(spec).id and read["players"] == players
    assert len(read["hands"]) == len(hands) == len(seat.session.played)
    for entry, played, event in zip(read["hands"], seat.session.played, hands):
        assert entry["deal"]["hands"] == [[c.code for c in h] for h in played.deal.hands]
        assert entry["deal"]["up"] == played.deal.up.code
        assert entry["actions"] == [str(a) for a in played.actions]
        assert entry["expect"]["score"] == event["score"]
        assert entry["expect"]["hand_winner"] == event["winner"]


def test_a_refusal_is_the_engines_with_rule_status_source_and_note():
    seat = Seat(data("avila"), bots=("greedy", "greedy"), seed=1, dealer=3, deal=DEAL)
    seat.start()
    refused = seat.act("0 accept")["refused"]
    assert refused == {
        "kind": "refused", "lines": refused["lines"], "action": "0 accept", "reason": "nothing-to-answer",
        "detail": "no raise is waiting for an answer, so seat 0 cannot accept",
        "message": refused["message"], "rule": "answer_by", "rule_title": "Who answers a raise",
        "variant": "avila", "base": "avila", "source": ["source-es"], "status": "assumed",
        "status_name": "assumed",
        "note": load_variant("avila").provenance["answer_by"].note}
    assert "[nothing-to-answer]" in refused["message"]
    assert seat.session.actions_taken == 0          # nothing changed at the table
    with pytest.raises(SeatError, match="seat 0, not 1"):
        seat.act("1 play 12c")


def test_a_card_the_arrastre_forbids_is_refused_and_shown_as_not_playable():
    # Seat 0 holds nothing but trumps (oros: 5o is turned up), so it leads one; the
    # person at seat 1 holds one trump, the lowest, and must play it.
    deal = Deal.parse([["2o", "6o", "7o"], ["12c", "3o", "4e"], ["1c", "3c", "5e"],
                       ["11c", "3b", "6e"]], up="5o")
    seat = Seat(data("avila"), seat=1, bots=("greedy", "greedy"), seed=1, dealer=3, deal=deal)
    seat.start()
    while not seat.view()["trick"]:
        if seat.waiting:
            seat.act("1 accept")        # a raise first: the person answers it
        else:
            seat.step()
    view = seat.view()
    assert view["waiting"] and view["trick"][0]["card"]["suit"] == "o"
    assert {c["code"]: c["legal"] for c in view["cards"]} == {
        "12c": False, "3o": True, "4e": False}
    refused = seat.act("1 play 12c")["refused"]
    assert refused["reason"] == "arrastre" and refused["rule"] == "arrastre"
    assert refused["source"] and refused["status"] and refused["rule_title"]
    assert "3o" in refused["detail"] or "trump" in refused["detail"]


def test_the_person_answers_for_his_team_instead_of_his_partner():
    # Seat 1 leads and always raises; the seat asked to answer is seat 2, the person's
    # partner, but the person (seat 0) answers for the team and no bot does.
    seat = Seat(data("1737"), seat=0, bots=("greedy", "greedy:bluff=1"), seed=2, dealer=0,
                deal=DEAL)
    start = seat.start()
    assert start["view"]["mano"] == 1
    reply = seat.step()
    assert reply["events"][0]["action"] == "1 raise"
    view = reply["view"]
    assert view["to_act"] == 2 and view["waiting"] and view["pending"]
    assert view["raiser"] == "B"        # a team's letter, as rentoy play --json says it
    assert [b["kind"] for b in view["bets"] if b["legal"]] == ["raise", "accept", "fold"]
    assert seat.step()["events"] == []              # the partner's bot is not asked
    events = seat.act("0 accept")["events"]
    assert events[0]["lines"][0].startswith('You say "quiero": Team A accepts')


def test_the_same_seed_deals_as_rentoy_play(capsys, tmp_path):
    # rentoy play with a scripted person and the page's seat, both from seed 5: whatever
    # each game's course, their hands are dealt alike.
    seat = Seat(data("1737"), bots=("greedy", "greedy"), seed=5)
    play_out(seat, random.Random(1))
    page = [p.deal for p in seat.session.played]
    saved = tmp_path / "cli.yaml"
    import io
    lines = "".join(f"{n}\n" for n in (1, 2, 3) * 400)
    stdin = sys.stdin
    sys.stdin = io.StringIO(lines)
    try:
        status, out, err = run(capsys, "play", "1737", "--seed", "5", "--save", str(saved))
    finally:
        sys.stdin = stdin
    assert status == 0, err
    cli = [Deal.parse(h["deal"]["hands"], h["deal"]["up"])
           for h in yaml.safe_load(saved.read_text(encoding="utf-8"))["hands"]]
    common = min(len(page), len(cli))
    assert common >= 2 and page[:common] == cli[:common]
    # And both are the engine's own game loop dealing from that seed.
    game = Game("1737", seed=5)
    assert game.hand.deal == page[0]


def test_a_worked_examples_deal_starts_the_game_at_its_score():
    seat = new_seat(json.dumps({"variant": data("1737"), "seed": 3, "bots": ["random", "random"],
                                "deal": {"hands": [[c.code for c in h] for h in DEAL.hands],
                                         "up": DEAL.up.code},
                                "dealer": 3, "score": [4, 5]}))
    start = seat.start()
    assert start["view"]["score"] == [4, 5] and start["view"]["up"]["code"] == "5o"
    assert sorted(c["code"] for c in start["view"]["cards"]) == ["3c", "6b", "7e"]
    assert "The game starts at A 4, B 5." in start["events"][0]["lines"]
    assert "score: [4, 5]" in seat.record()


def test_bad_requests_get_a_message_not_a_traceback():
    with pytest.raises(SeatError, match="played by 2, 4, 6, 8 players, not 5"):
        new_seat(json.dumps({"variant": data("1737"), "players": 5}))
    with pytest.raises(SeatError, match="unknown bot 'deep'"):
        new_seat(json.dumps({"variant": data("1737"), "bots": ["deep", "search"]}))
    with pytest.raises(SeatError, match="no variant"):
        new_seat(json.dumps({"seed": 1}))
    with pytest.raises(SeatError, match="option"):
        new_seat(json.dumps({"variant": data("1737"), "options": ["nonesuch"]}))
    seat = Seat(data("1737"), bots=("random", "random"), seed=1)
    seat.start()
    assert "unknown request" in json.loads(seat.handle('{"op": "fly"}'))["error"]
    assert "unknown action" in json.loads(seat.handle('{"op": "act", "action": "0 jump"}'))["error"]
    assert "error" in json.loads(seat.handle("not json"))
    stale = json.loads(seat.handle('{"op": "act", "action": "0 raise", "version": 99}'))
    assert stale["stale"] and seat.session.actions_taken == 0


STDLIB_ONLY = r"""
import importlib.abc, json, random, sys

class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in ("yaml", "jsonschema", "tabulate", "tqdm", "_yaml"):
            raise ImportError(f"{name} is not available in the page")
        return None

sys.meta_path.insert(0, Refuse())
from rentoy.integrations.browser import new_seat
seat = new_seat(json.dumps({"variant": json.load(open(sys.argv[1])), "seed": 4,
                            "bots": ["search:samples=4", "greedy"], "language": "es"}))
seat.handle('{"op": "start"}')
# As typed at the table, in Spanish: read through the table's own reading of a line.
said = json.loads(seat.handle('{"op": "act", "action": "quiero"}'))
assert said["refused"]["status_name"] in ("atestiguada", "inferida", "supuesta"), said
rng = random.Random(2)
while not seat.view()["over"]:
    view = seat.view()
    if view["waiting"]:
        legal = [c["action"] for c in view["cards"] if c["legal"]]
        legal += [b["action"] for b in view["bets"] if b["legal"]]
        seat.act(rng.choice(legal))
    else:
        seat.step()
print(seat.record(), end="")
print("modules:", sorted(m for m in sys.modules if m.split(".")[0] in
                         ("yaml", "jsonschema", "tabulate", "tqdm")), file=sys.stderr)
"""


def test_the_page_needs_nothing_outside_the_standard_library(capsys, tmp_path):
    variant = tmp_path / "avila.json"
    variant.write_text(json.dumps(variant_data(load_variant("avila"))), encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", STDLIB_ONLY, str(variant)], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(ROOT), "RENTOY_CACHE_DIR": ""})
    assert done.returncode == 0, done.stderr
    assert "modules: []" in done.stderr
    assert replay(capsys, tmp_path, done.stdout)["ok"]


def test_the_call_for_the_whole_game_is_a_button_where_the_variant_has_it(capsys):
    fixture = ROOT / "tests" / "fixtures" / "variants" / "juego-fuera.yaml"
    plain = data("1737")
    assert "game" not in [b["kind"] for b in Seat(plain, seed=1).view()["bets"]]
    answer_only = json.loads(json.dumps(variant_data(load_variant(str(fixture)))))
    seat = Seat(answer_only, bots=("greedy", "greedy"), seed=3)
    seat.start()
    while not seat.waiting:
        seat.step()
    bets = {b["kind"]: b for b in seat.view()["bets"]}
    assert bets["game"]["label"] == "Call the whole game" and not bets["game"]["legal"]
    refused = seat.act("0 game")["refused"]
    assert refused["reason"] == "game-call-in-answer" and refused["rule"] == "juego_fuera"
    seat = Seat(answer_only, options=["on-turn"], bots=("greedy", "greedy"), seed=3)
    seat.start()
    while not seat.waiting:
        seat.step()
    assert {b["kind"]: b["legal"] for b in seat.view()["bets"]}["game"]
    events = seat.act("0 game")["events"]
    assert seat.view()["value"] == "the whole game" and seat.view()["pending"]
    assert events[0]["action"] == "0 game"


def handle(seat: Seat, **request) -> dict:
    return json.loads(seat.handle(json.dumps(request)))


def test_the_spanish_page_gets_its_answers_in_spanish():
    seat = new_seat(json.dumps({"variant": data("1737"), "seed": 4, "language": "es",
                                "bots": ["greedy", "greedy"], "dealer": 3, "deal": {
                                    "hands": [[c.code for c in h] for h in DEAL.hands],
                                    "up": DEAL.up.code}}))
    start = handle(seat, op="start")
    assert start["events"][0]["lines"] == [
        "El rentoy según las reglas de 1737 (1737), 4 jugadores, a 12 tantos.",
        "Usted es el asiento 0, equipo A, con el asiento 2 (bot greedy); los rivales son "
        "bots greedy."]
    assert start["events"][1]["lines"][0].startswith("Mano 1: reparte el asiento 3; sale "
                                                     "el asiento 0. Carta vuelta (muestra)")
    view = start["view"]
    assert view["name"] == "El rentoy según las reglas de 1737"
    assert [b["label"] for b in view["bets"]] == ["Envidar a 3", "Quiero", "No quiero"]
    assert language() == "en"           # the seat speaks Spanish only to the page
    # A refusal: the engine's reason, the rule's title, status and note in Spanish (the
    # reason's code as it is).
    refused = handle(seat, op="act", action="0 accept")["refused"]
    assert refused["detail"] == ("ningún envite espera respuesta, así que el asiento 0 no "
                                 "tiene envite que querer")
    assert refused["rule_title"] == "Quién responde a un envite"
    assert refused["status_name"] == "inferida" and refused["note"].startswith("En el texto")
    assert refused["reason"] == "nothing-to-answer"
    # The words typed at the table: "envido" raises, and the narration is Spanish.
    lines = handle(seat, op="act", action="envido", version=0)["events"][0]["lines"]
    assert lines[0].startswith("Usted: El equipo A envida y sube la mano de 1 a 3")
    while not seat.waiting:
        reply = handle(seat, op="step")
    legal = [b["label"] for b in reply["view"]["bets"] if b["legal"]]
    assert legal[-1] == "No quiero"
    # "me voy" folds; the end of the hand in Spanish.
    events = handle(seat, op="act", action="me voy")["events"]
    assert events[0]["action"] == "0 fold"
    assert re.match(r"Fin de la mano \d: la gana el equipo [AB] \((su equipo|los rivales)\)",
                    events[1]["lines"][0])
    record = handle(seat, op="record")["record"]
    assert 'title: "Una partida de 1737 en el navegador"' in record
    # Bad requests are answered in Spanish too.
    assert handle(seat, op="fly")["error"].startswith("petición desconocida 'fly'")
    with pytest.raises(SeatError, match="la variante 1737 se juega entre 2, 4, 6, 8 jugadores, no 5"):
        new_seat(json.dumps({"variant": data("1737"), "players": 5, "language": "es"}))
    with pytest.raises(SeatError, match="the page speaks en, es, not 'fr'"):
        new_seat(json.dumps({"variant": data("1737"), "language": "fr"}))


def test_the_words_typed_at_the_table_are_actions_of_the_seat():
    # Huétor's own words (envío), the glossary's (quiero, no quiero), a position, a code.
    seat = Seat(data("huetor"), bots=("greedy", "greedy"), seed=3, dealer=3, deal=DEAL)
    seat.start()
    assert seat.act("envío")["events"][0]["action"] == "0 raise"
    while not seat.waiting:
        seat.step()
    if seat.view()["pending"]:
        assert seat.act("Quiero")["events"][0]["action"] == "0 accept"
    while not seat.waiting:
        seat.step()
    first = seat.view()["cards"][0]
    if first["legal"] and not seat.view()["pending"]:
        assert seat.act("1")["events"][0]["action"] == first["action"]
    with pytest.raises(SeatError, match="unknown action 'jump'"):
        seat.act("jump")
