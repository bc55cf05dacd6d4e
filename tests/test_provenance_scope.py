"""Evidence is scoped to its variant; sources have kinds, dates and the rules they state.

A rule a variant inherits (through `extends` or an inherited option) keeps its value,
sources and note, and says where they come from, but its status there is at most
`inferred`. Every built-in `attested` rule is backed by a source that states it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from rentoy.errors import VariantError
from rentoy.comparison import rule_record, rules_report
from rentoy.render import render
from rentoy.sources import KINDS, load_sources
from rentoy.provenance import CARRIED_STATUS
from rentoy.ruletable import RULE_NAMES
from rentoy.variants import (builtin_ids, builtin_variants, cited_source, is_uncorroborated,
                             load_variant, unbacked_attestations)
from inprocess import run


# ---------------------------------------------------------------------------------------
# Carried over, at most inferred

def test_1598_with_the_borrego_does_not_show_1737_evidence_as_its_own():
    v = load_variant("1598+borrego")
    prov = v.provenance["top_cards"]
    assert (prov.option, prov.defined_in, prov.source) == ("borrego", "1737",
                                                            ("autoridades-1737",))
    assert prov.status == "inferred" and prov.stated_status == "attested"
    record = rule_record(v, "top_cards")
    assert record["from"] == "option borrego, as in 1737, attested there"
    assert record["carried"] is True and record["stated_status"] == "attested"
    # In 1737 itself the same option is the dictionary's own word.
    assert load_variant("1737+borrego").provenance["top_cards"].status == "attested"


def test_1598_has_no_attested_rule():
    assert load_variant("1598").status_counts()["attested"] == 0
    assert load_variant("1598+borrego").status_counts()["attested"] == 0


def test_avila_shows_the_inherited_rules_as_carried_over(capsys):
    v = load_variant("avila")
    own = {n for n in RULE_NAMES if v.provenance[n].defined_in == "avila"}
    assert own == {"arrastre", "plain_order", "follow_suit", "calls"}
    defaults = {n for n in RULE_NAMES if v.provenance[n].is_default}
    for name in set(RULE_NAMES) - own - defaults:
        prov = v.provenance[name]
        assert prov.carried and prov.defined_in == "1737", name
        assert prov.status == CARRIED_STATUS[load_variant("1737").provenance[name].status]
    assert v.status_counts()["attested"] == 1          # the over-trumping arrastre
    assert not v.options                                # 1737's options are withdrawn
    status, out, _ = run(capsys, "rules", "avila", "--width", "200")   # one row a rule
    assert status == 0
    line = next(row for row in out.splitlines() if row.startswith("hand_size"))
    assert "inferred" in line and "as in 1737," in line and "attested there" in out
    status, out, _ = run(capsys, "rules", "avila", "-f", "json")
    rules = {r["rule"]: r for r in json.loads(out)["rules"]}
    assert rules["hand_size"]["status"] == "inferred"
    assert rules["hand_size"]["stated_status"] == "attested" and rules["hand_size"]["carried"]
    assert rules["arrastre"]["carried"] is False


@pytest.mark.parametrize("vid", builtin_ids())
def test_no_carried_rule_is_attested(vid):
    v = load_variant(vid)
    options = [()] + [(o,) for o in v.options]
    for names in options:
        w = v.with_options(*names)
        for name in RULE_NAMES:
            prov = w.provenance[name]
            if prov.defined_in not in (None, w.base_id) or (
                    prov.option and v.options[prov.option].provenance.defined_in != v.id):
                assert prov.carried and prov.status != "attested", (w.id, name)


def test_carried_status_caps_at_inferred_and_keeps_disputes():
    assert CARRIED_STATUS == {"attested": "inferred", "inferred": "inferred",
                              "assumed": "assumed", "disputed": "disputed"}
    v = load_variant("avila")
    assert v.provenance["ladder"].status == "inferred"          # inferred in 1737
    modern = load_variant("galicia")
    assert modern.provenance["stop_when_decided"].defined_in == "galicia"


def test_carrying_over_is_transitive_and_names_the_stating_variant(tmp_path):
    (tmp_path / "a.yaml").write_text('id: a\nname: A\nextends: "avila"\n', encoding="utf-8")
    a = load_variant(tmp_path / "a.yaml")
    # avila's own attested arrastre is carried into a: inferred, stated in avila.
    prov = a.provenance["arrastre"]
    assert (prov.status, prov.stated_status, prov.defined_in) == ("inferred", "attested",
                                                                  "avila")
    assert a.provenance["hand_size"].stated_status == "attested"   # as stated in 1737
    assert a.provenance["hand_size"].defined_in == "1737"


def test_restating_the_evidence_makes_the_rule_the_variant_own(tmp_path):
    (tmp_path / "a.yaml").write_text(
        'id: a\nname: A\nextends: "1737"\nrules:\n'
        '  hand_size: {status: attested, source: cadiz-2013}\n', encoding="utf-8")
    prov = load_variant(tmp_path / "a.yaml").provenance["hand_size"]
    assert (prov.status, prov.carried, prov.defined_in) == ("attested", False, "a")


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(builtin_ids())), st.sampled_from(RULE_NAMES))
def test_counts_follow_the_scoped_status(vid, rule):
    v = load_variant(vid)
    counts = v.status_counts()
    assert sum(counts.values()) == len(RULE_NAMES)
    assert counts[v.provenance[rule].status] >= 1


def test_the_text_listing_shows_kinds_and_dates(capsys):
    table = rules_report(load_variant("1737")).tables[0]
    players = next(row for row in table.rows if row[0] == "players")
    assert players[3] == ("autoridades-1737 (period text, 1737), "
                          "source-es (account of modern play, n.d.)")
    assert "period text" in render(rules_report(load_variant("1737")), "text")


# ---------------------------------------------------------------------------------------
# Sources: kinds, dates, what they state

def test_every_source_has_a_kind_and_states_a_date_or_says_it_is_not_known():
    text = (Path(__file__).parent.parent / "variants" / "sources.yaml").read_text("utf-8")
    for sid, src in load_sources().items():
        assert src.kind in KINDS, sid
        assert f"\n{sid}:\n" in text
        block = text.split(f"\n{sid}:\n", 1)[1].split("\n\n", 1)[0]
        assert "\n  year:" in "\n" + block, f"{sid} does not state its date"


@pytest.mark.parametrize("vid", builtin_ids())
def test_every_attested_rule_is_backed_by_a_source_that_states_it(vid):
    assert unbacked_attestations(load_variant(vid)) == []


def test_an_attestation_no_source_states_is_caught(tmp_path):
    (tmp_path / "v.yaml").write_text(
        'id: v\nname: V\nextends: "1737"\nrules:\n'
        '  target: {value: 30, status: attested, source: source-es}\n'
        '  ladder: {value: [1, 3, 6, 9, game], status: attested, source: app-fpalomares}\n'
        '  calls: {value: {accept: quiero, fold: me voy}, status: attested,'
        ' source: autoridades-querer-1737}\n', encoding="utf-8")
    found = unbacked_attestations(load_variant(tmp_path / "v.yaml"))
    assert found == [
        "v.ladder is attested by app-fpalomares, but app-fpalomares does not state "
        "ladder: [1, 3, 6, 9, game]",
        "v.target is attested by source-es, but source-es does not state target: 30",
        "v.calls is attested, but no source states its fold"]


def test_every_source_of_an_attested_rule_must_state_it(tmp_path):
    (tmp_path / "v.yaml").write_text(
        'id: v\nname: V\nextends: "1737"\nrules:\n'
        '  target: {value: 12, status: attested, source: [source-es, app-rentoy1]}\n'
        '  hand_size: {status: attested}\n', encoding="utf-8")
    assert unbacked_attestations(load_variant(tmp_path / "v.yaml")) == [
        "v.hand_size is attested, but cites no source",
        "v.target is attested by app-rentoy1, but app-rentoy1 does not state target: 12"]


def test_the_findings_that_were_stretched_are_now_honest():
    v1737, modern = load_variant("1737"), load_variant("modern")
    assert v1737.provenance["arrastre"].status == "inferred"
    for rule in ("tricks", "tricks_to_win", "target"):
        assert v1737.provenance[rule].status == "inferred", rule
    assert v1737.provenance["plain_order"].status == "disputed"
    assert "dos-de-todos-palos" in v1737.options
    assert modern.provenance["ladder"].status == "inferred"
    assert modern.provenance["top_cards"].status == "disputed"
    assert modern.provenance["target"].status == "disputed"
    v1704 = load_variant("1704")
    assert v1704.status_counts()["attested"] == 0
    for name in RULE_NAMES:
        prov = v1704.provenance[name]
        assert prov.carried or prov.note, f"1704.{name} is restated without a note"
    assert "etienvre-campana" in v1704.sources
    assert "irse" in v1737.provenance["calls"].note


def test_uncorroborated_marks_a_single_unsourced_source(capsys):
    avila = load_variant("avila")
    assert is_uncorroborated(avila, "arrastre")
    assert not is_uncorroborated(load_variant("1737"), "players")
    status, out, _ = run(capsys, "rules", "avila", "-f", "json")
    rules = {r["rule"]: r for r in json.loads(out)["rules"]}
    assert rules["arrastre"]["uncorroborated"] is True
    assert rules["players"]["uncorroborated"] is False
    status, out, _ = run(capsys, "rules", "avila")
    assert "attested, uncorroborated" in out


# ---------------------------------------------------------------------------------------
# A variant's own sources

HOUSE = '''id: casa
name: Rentoy at our house
extends: "1737"
sources: [house-rules]
bibliography:
  house-rules:
    title: The rules pinned above the bar
    author: Bar La Parra
    year: 2024
    kind: modern-play
    states: {match: 3}
    note: Written down by the owner.
rules:
  match: {value: 3, status: attested, source: house-rules, note: The best of three games.}
'''


def test_a_variant_cites_its_own_source_and_passes_check(tmp_path, capsys):
    path = tmp_path / "casa.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    v = load_variant(path)
    assert cited_source(v, "house-rules").title == "The rules pinned above the bar"
    assert cited_source(v, "house-rules").defined_in == "casa"
    assert cited_source(v, "autoridades-1737").kind == "period"
    assert unbacked_attestations(v) == []
    status, out, err = run(capsys, "check", str(path))
    assert status == 0 and err == "" and "ok" in out
    status, out, _ = run(capsys, "rules", str(path), "-f", "json")
    data = json.loads(out)
    assert data["bibliography"] == ["house-rules"]
    match = next(r for r in data["rules"] if r["rule"] == "match")
    assert match["sources"] == [{"id": "house-rules", "kind": "modern-play", "date": "2024",
                                  "label": "account of modern play, 2024"}]
    status, out, _ = run(capsys, "sources", "house-rules", "--variant", str(path), "-f", "json")
    assert status == 0 and json.loads(out)["declared_in"] == "casa"
    # A file extending it may cite the same source.
    (tmp_path / "child.yaml").write_text(
        "id: child\nname: C\nextends: casa.yaml\nrules:\n"
        "  target: {value: 12, status: assumed, source: house-rules}\n", encoding="utf-8")
    assert cited_source(load_variant(tmp_path / "child.yaml"), "house-rules") is not None


def test_an_undeclared_source_says_where_to_declare_it(tmp_path, capsys):
    path = tmp_path / "casa.yaml"
    path.write_text(HOUSE.replace("  house-rules:\n", "  our-rules:\n", 1), encoding="utf-8")
    status, _, err = run(capsys, "check", str(path))
    assert status == 2
    assert "unknown source `house-rules`: it is not in variants/sources.yaml nor in this " \
           "file's `bibliography`" in err


@pytest.mark.parametrize("change, message", [
    ("    kind: modern-play\n", "missing key `kind`"),
    ("    year: 2024\n", "missing key `year`"),
])
def test_a_bad_own_entry_is_located(tmp_path, change, message):
    path = tmp_path / "casa.yaml"
    path.write_text(HOUSE.replace(change, ""), encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(path)
    problem = info.value.problems[0]
    assert message in problem.message and problem.location.line == 6
    assert problem.path[:2] == ("bibliography", "house-rules")


def test_an_own_entry_may_not_shadow_the_bibliography(tmp_path):
    path = tmp_path / "casa.yaml"
    path.write_text(HOUSE.replace("house-rules", "source-es"), encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(path)
    assert any("already an entry of variants/sources.yaml" in p.message
               for p in info.value.problems)


def test_an_unknown_kind_suggests_one(tmp_path):
    path = tmp_path / "casa.yaml"
    path.write_text(HOUSE.replace("kind: modern-play", "kind: modern-ply"), encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(path)
    text = str(info.value)
    assert "modern-ply" in text


# ---------------------------------------------------------------------------------------
# rentoy sources, rentoy glossary

@pytest.mark.parametrize("fmt", ["text", "markdown", "json"])
def test_sources_lists_every_entry_with_kind_and_date(capsys, fmt):
    status, out, err = run(capsys, "sources", "-f", fmt)
    assert status == 0 and err == ""
    if fmt == "json":
        rows = json.loads(out)
        assert {r["id"] for r in rows} == set(load_sources())
        first = rows[0]
        assert first["kind"] == "period"
        es = next(r for r in rows if r["id"] == "source-es")
        assert es["kind"] == "modern-play" and es["date"] is None and es["unsourced"]
    else:
        assert "autoridades-1737" in out and "period text" in out


def test_one_source_in_full(capsys):
    status, out, _ = run(capsys, "sources", "autoridades-1737", "-f", "json")
    data = json.loads(out)
    assert data["date"] == "1737" and data["pages"] == "575" and data["kind"] == "period"
    assert "1737.players" in data["cited_by"] and data["states"]["hand_size"] == 3
    status, out, _ = run(capsys, "sources", "app-rentoynow")
    assert "revision" in out and "not recorded" in out


def test_an_unknown_source_is_bad_input(capsys):
    status, _, err = run(capsys, "sources", "autoridades-173")
    assert status == 2 and "did you mean `autoridades-1737`?" in err


@pytest.mark.parametrize("word, term", [("quiero", "quiero"), ("¡Envío!", "envío"),
                                        ("ENVIO", "envío"), ("Malilla", "malilla")])
def test_glossary_looks_up_a_term(capsys, word, term):
    status, out, _ = run(capsys, "glossary", word, "-f", "json")
    assert status == 0 and json.loads(out)["term"] == term


def test_glossary_lists_and_refuses_unknown_terms(capsys):
    status, out, _ = run(capsys, "glossary", "-f", "json")
    assert status == 0 and any(t["term"] == "baza" for t in json.loads(out))
    status, _, err = run(capsys, "glossary", "quero")
    assert status == 2 and "did you mean `quiero`?" in err


def test_every_source_the_glossary_cites_exists():
    from rentoy.glossary import load_glossary

    known = load_sources()
    for term in load_glossary().values():
        assert set(term.source) <= set(known), term.term


def test_builtin_variants_load():
    assert len(builtin_variants()) == len(builtin_ids())


# ---------------------------------------------------------------------------------------
# Quotations and the family of games

def test_every_quotation_is_short_cited_and_supports_real_rules():
    from rentoy.quotations import load_quotations

    sources = load_sources()
    ids = set(builtin_ids())
    for q in load_quotations().values():
        src = sources[q.source]
        if src.kind == "period":
            assert q.quoted, f"{q.id}: a period text is quoted, original and translation"
            assert len(q.original.split()) <= 40, f"{q.id} is not a short quotation"
            assert q.facsimile or q.facsimile_note, q.id
        else:
            assert not q.quoted and q.paraphrase, f"{q.id}: a modern text is paraphrased"
        assert q.reference
        for target in q.supports:
            if "+" in target:
                vid, option = target.split("+", 1)
                assert vid in ids and option in load_variant(vid).options, (q.id, target)
            else:
                vid, rule = target.split(".", 1)
                assert vid in ids and rule in RULE_NAMES, (q.id, target)


def test_a_rule_lists_the_passages_it_rests_on():
    record = rule_record(load_variant("1737"), "hand_size")
    assert record["quotes"] == ["rentoi-deal"]
    carried = rule_record(load_variant("avila"), "hand_size")
    assert carried["quotes"] == ["rentoi-deal"]        # 1737's passage, shown as 1737's
    option = rule_record(load_variant("1737+borrego"), "top_cards")
    assert "rentoi-borrego" in option["quotes"]


def test_the_family_links_are_evidenced():
    from rentoy.family import load_family

    family = load_family()
    sources = load_sources()
    for link in family.links:
        assert link.source and set(link.source) <= set(sources), link
        assert link.note and link.label
    # No link says that Truc or Truco descends from rentoy.
    assert not [link for link in family.links
                if link.kind == "descent" and link.source_game == "rentoy"]
    truc = next(link for link in family.links if {link.source_game, link.to} == {"rentoy", "truc"})
    assert truc.kind == "kinship" and truc.status == "inferred"
    assert {c.year for c in family.claims} == {1598, 1704}


@pytest.mark.parametrize("name", ["my-variant.yaml", "step-3.yaml", "house-sources.yaml"])
def test_the_tutorial_files_attest_only_what_their_sources_state(name):
    path = Path(__file__).parent.parent / "docs" / "tutorial" / name
    assert unbacked_attestations(load_variant(path)) == []
