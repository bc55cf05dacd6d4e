"""The regional and modern variants as data: values, provenance, calls, CLI listing.

Covers ``modern``, ``galicia``, ``huetor``, ``sanlucar`` and ``conil``, and the
``calls`` rule of every built-in variant.
"""

from __future__ import annotations

import json

import pytest

from rentoy.cards import Card, TrumpRelative
from rentoy.cli import main
from rentoy.glossary import gloss
from rentoy.comparison import rules_report
from rentoy.sources import load_sources
from rentoy.ruletable import RULE_NAMES
from rentoy.variants import builtin_ids, load_variant

NEW = ("modern", "galicia", "huetor", "sanlucar", "conil")
REGIONAL = ("galicia", "huetor", "sanlucar", "conil")
#: Every variant file whose `calls` rule this suite covers.
WITH_CALLS = ("1598", "1704", "1737", "avila", *NEW)


def card(code: str) -> Card:
    return Card.parse(code)


@pytest.mark.parametrize("vid", NEW)
def test_each_new_variant_loads_as_a_builtin(vid):
    v = load_variant(vid)
    assert vid in builtin_ids()
    assert v.builtin and v.id == vid and v.base_id == vid
    assert v.description and v.sources


def test_lineage_modern_extends_1737_and_the_regions_extend_modern():
    assert load_variant("modern").lineage == ("modern", "1737")
    for vid in REGIONAL:
        assert load_variant(vid).lineage == (vid, "modern", "1737")


def test_modern_ladder_calls_and_provenance():
    v = load_variant("modern")
    assert v.rules.ladder == (1, 3, 6, 9, "game")
    calls = v.rules.calls
    assert calls.raise_ == ("envío", "revío", "nueve", "el rentoy entero")
    assert (calls.accept, calls.fold, calls.turn_up) == ("quiero", "no quiero", "muestra")
    assert calls.for_raise(4) == "el rentoy entero" and calls.for_raise(5) is None
    prov = v.provenance["calls"]
    assert prov.status == "inferred" and prov.defined_in == "modern"
    assert set(prov.source) == {"app-fpalomares", "app-rentoy1", "app-rentoynow", "huetor-2017"}
    # No source states the whole ladder; the programs disagree on the length of a game.
    assert v.provenance["ladder"].status == "inferred"
    assert v.provenance["target"].status == "disputed"
    assert v.provenance["top_cards"].status == "disputed"
    assert v.provenance["stop_when_decided"].source == ("app-rentoynow", "app-rentoy1")
    # everything else is the 1737 reading
    base = load_variant("1737")
    assert v.rules.trump_order == base.rules.trump_order
    assert v.rules.target == 12 and v.rules.top_cards == ()


def test_galicia_rules():
    v = load_variant("galicia")
    r = v.rules
    assert r.top_cards == (card("5b"), card("11b"), card("10o"))
    assert r.top_cards_are_trumps is True
    assert r.players == (2, 4, 6) and r.default_players == 6
    assert r.trump_order == (2, 12, 11, 10, 1, 7, 6, 5, 4, 3)
    assert r.calls.turn_up == "vira" and r.calls.raise_ == () and r.calls.accept is None
    assert r.ladder == (1, 3, 6, 9, "game")   # inherited from modern
    assert v.provenance["top_cards"].source == ("galicia-rento-2021",)
    assert v.provenance["top_cards_are_trumps"].status == "assumed"
    assert v.provenance["trump_order"].status == "inferred"   # manilla read as the 2
    assert v.provenance["ladder"].status == "assumed"
    assert v.with_options("top-cards-plain").rules.top_cards_are_trumps is False


def test_huetor_rules():
    v = load_variant("huetor")
    r = v.rules
    assert r.top_cards == (TrumpRelative(5), card("1o"), card("1c"), card("1e"), card("1b"),
                           TrumpRelative(2))
    assert r.target == 18
    assert r.players == (2, 4, 6, 8) and r.default_players == 4
    assert r.calls.raise_[0] == "envío" and r.calls.turn_up == "muestra"
    assert v.provenance["target"].status == "attested"
    assert v.provenance["calls"].status == "inferred"


def test_conil_rules():
    v = load_variant("conil")
    r = v.rules
    assert (r.hand_size, r.tricks, r.tricks_to_win) == (5, 5, 3)
    assert r.top_cards == (card("4b"), card("11o"))
    assert r.trump_order[:3] == (3, 2, 12) and r.trump_order[-1] == 4
    assert r.players == (2, 4, 6)
    assert v.provenance["hand_size"].status == "attested"
    for rule in ("tricks", "tricks_to_win", "players"):
        assert v.provenance[rule].status == "assumed"
    assert r.calls.turn_up == "el triunfo"


def test_sanlucar_plays_the_generic_cards_on_its_own_evidence():
    v, modern = load_variant("sanlucar"), load_variant("modern")
    assert v.rules.trump_order == modern.rules.trump_order
    assert v.rules.hand_size == 3 and v.rules.top_cards == ()
    assert v.provenance["trump_order"].source == ("cadiz-2013",)
    assert v.provenance["trump_order"].status == "inferred"   # the 7 to the 4 unranked


@pytest.mark.parametrize("vid", NEW)
def test_every_rule_a_new_file_states_has_its_reason(vid):
    v = load_variant(vid)
    stated = [name for name in RULE_NAMES if v.provenance[name].defined_in == vid]
    assert stated
    for name in stated:
        prov = v.provenance[name]
        if prov.status == "assumed":
            assert prov.note, f"{vid}.{name} is assumed without saying why"
        else:
            assert prov.source, f"{vid}.{name} is {prov.status} without a source"


@pytest.mark.parametrize("vid", REGIONAL)
def test_regional_rules_do_not_borrow_generic_evidence_silently(vid):
    """Rules the regional source is silent on are restated as assumed, not left
    showing the generic game's 'attested'."""
    v = load_variant(vid)
    for name in ("ladder", "raise_right", "arrastre", "plain_order"):
        prov = v.provenance[name]
        assert prov.defined_in == vid
        if name != "ladder" or vid != "huetor":
            assert prov.status == "assumed"


def test_every_variant_file_states_its_calls():
    for v in map(load_variant, WITH_CALLS):
        prov = v.provenance["calls"]
        assert prov.defined_in == v.id, f"{v.id} inherits its calls without a word"
        assert prov.note


def test_raise_calls_match_the_ladder_and_every_call_is_glossed():
    sources = load_sources()
    for v in map(load_variant, WITH_CALLS):
        calls = v.rules.calls
        if calls.raise_:
            assert len(calls.raise_) == len(v.rules.ladder) - 1, v.id
        for word in (*calls.raise_, calls.accept, calls.fold, calls.turn_up):
            if word is not None:
                assert gloss(word), f"{v.id}: no gloss for {word!r}"
        assert all(s in sources for s in v.provenance["calls"].source)


def test_1737_records_no_raise_names():
    calls = load_variant("1737").rules.calls
    assert calls.raise_ == () and calls.fold is None
    assert (calls.accept, calls.turn_up) == ("quiero", "muestra")


@pytest.mark.parametrize("word,expected", [
    ("tuerto", "the one-eyed"), ("Perica", "sota de oros"), ("mujero", "4 de bastos"),
    ("andorra", "3 of trumps"), ("gaita", "manilla"), ("matasetes", "ace of trumps"),
    ("barbas", "rey of trumps"), ("llera", "3 of trumps"), ("¡Revío!", "again"),
    ("pata", "18"), ("farol", "bluff"), ("la guinea", "Conil"),
])
def test_regional_terms_are_glossed(word, expected):
    assert expected in gloss(word)


def test_rentoy_variants_lists_the_new_ids(capsys):
    assert main(["variants", "--format", "json"]) == 0
    listed = {row["id"]: row for row in json.loads(capsys.readouterr().out)}
    assert set(NEW) <= set(listed)
    assert listed["galicia"]["extends"] == "modern"
    assert "top-cards-plain" in listed["huetor"]["options"]
    assert main(["variants"]) == 0
    text = capsys.readouterr().out
    for vid in NEW:
        assert f"\n{vid} " in text


def test_rentoy_rules_shows_the_regional_differences(capsys):
    assert main(["rules", "galicia"]) == 0
    text = capsys.readouterr().out
    assert "the Cinco de bastos, the Caballo de bastos, then the\n  Sota de oros" in text
    assert "[attested: Manuel Fajar Salcidos 2021]" in text
    assert "this file" in text and "the turned-up card, vira" in text
    assert main(["rules", "galicia", "--table"]) == 0
    text = capsys.readouterr().out
    assert "5b > 11b > 10o" in text and "galicia-rento-2021" in text
    assert main(["rules", "huetor", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    by_rule = {r["rule"]: r for r in data["rules"]}
    assert by_rule["top_cards"]["display"] == "5T > 1o > 1c > 1e > 1b > 2T"
    assert by_rule["target"]["value"] == 18 and by_rule["target"]["from"] == "this file"
    assert by_rule["arrastre"]["status"] == "assumed"


def test_rules_report_of_conil_and_modern():
    conil = {r["rule"]: r for r in rules_report(load_variant("conil")).data["rules"]}
    assert conil["hand_size"]["display"] == "5" and conil["tricks_to_win"]["display"] == "3"
    modern = {r["rule"]: r for r in rules_report(load_variant("modern")).data["rules"]}
    assert modern["ladder"]["display"] == "1 - 3 - 6 - 9 - game"
    assert "el rentoy entero" in modern["calls"]["display"]
