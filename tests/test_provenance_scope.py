"""Evidence is scoped to its variant; sources have kinds, dates and the rules they state.

A rule a variant inherits (through `extends` or an inherited option) keeps its value,
sources and note, and says where they come from, but it is `assumed` there unless the
inheriting file ties it to its own variant with a source and a note. Every built-in
`attested` rule is backed by a source that states it, and by a passage.
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
from rentoy.sources import builtin_dir
from rentoy.variants import (builtin_ids, builtin_variants, check_variant_file, cited_source,
                             is_uncorroborated, load_variant, unbacked_attestations)
from inprocess import run


# ---------------------------------------------------------------------------------------
# Carried over: assumed

def test_1598_with_the_borrego_does_not_show_1737_evidence_as_its_own():
    v = load_variant("1598+borrego")
    prov = v.provenance["top_cards"]
    assert (prov.option, prov.defined_in, prov.source) == ("borrego", "1737",
                                                            ("autoridades-1737",))
    assert prov.status == "assumed" and prov.stated_status == "attested"
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
    assert own == {"arrastre", "deck", "hand_size", "trump_order", "plain_order",
                   "follow_suit", "trick_winner", "tricks", "tricks_to_win", "juego_fuera",
                   "calls"}
    defaults = {n for n in RULE_NAMES if v.provenance[n].is_default}
    for name in set(RULE_NAMES) - own - defaults:
        prov = v.provenance[name]
        assert prov.carried and prov.defined_in == "1737", name
        assert prov.status == CARRIED_STATUS[load_variant("1737").provenance[name].status]
    assert v.status_counts()["attested"] == 1          # the over-trumping arrastre
    assert not v.options                                # 1737's options are withdrawn
    status, out, _ = run(capsys, "rules", "avila", "--table", "--width", "200")   # a row a rule
    assert status == 0
    line = next(row for row in out.splitlines() if row.startswith("players"))
    assert "assumed" in line and "as in 1737," in line and "attested there" in out
    status, out, _ = run(capsys, "rules", "avila", "-f", "json")
    rules = {r["rule"]: r for r in json.loads(out)["rules"]}
    assert rules["players"]["status"] == "assumed"
    assert rules["players"]["stated_status"] == "attested" and rules["players"]["carried"]
    assert rules["hand_size"]["status"] == "inferred" and not rules["hand_size"]["carried"]
    assert rules["arrastre"]["carried"] is False


@pytest.mark.parametrize("vid", builtin_ids())
def test_every_carried_rule_is_assumed(vid):
    v = load_variant(vid)
    options = [()] + [(o,) for o in v.options]
    for names in options:
        w = v.with_options(*names)
        for name in RULE_NAMES:
            prov = w.provenance[name]
            if prov.defined_in not in (None, w.base_id) or (
                    prov.option and v.options[prov.option].provenance.defined_in != v.id):
                assert prov.carried and prov.status == "assumed", (w.id, name)


def test_a_carried_rule_is_assumed_whatever_it_is_where_it_is_stated():
    assert set(CARRIED_STATUS.values()) == {"assumed"}
    v = load_variant("avila")
    assert v.provenance["ladder"].status == "assumed"           # disputed in 1737
    assert v.provenance["ladder"].stated_status == "disputed"
    for vid in ("galicia", "huetor", "sanlucar", "conil"):      # betting: assumed
        for rule in ("raise_when", "answer_by", "fold_pays"):
            assert load_variant(vid).provenance[rule].status == "assumed", (vid, rule)
    modern = load_variant("galicia")
    assert modern.provenance["stop_when_decided"].defined_in == "galicia"


def test_carrying_over_is_transitive_and_names_the_stating_variant(tmp_path):
    (tmp_path / "a.yaml").write_text('id: a\nname: A\nextends: "avila"\n', encoding="utf-8")
    a = load_variant(tmp_path / "a.yaml")
    # avila's own attested arrastre is carried into a: assumed, stated in avila.
    prov = a.provenance["arrastre"]
    assert (prov.status, prov.stated_status, prov.defined_in) == ("assumed", "attested",
                                                                  "avila")
    assert a.provenance["players"].stated_status == "attested"     # as stated in 1737
    assert a.provenance["players"].defined_in == "1737"


def test_restating_the_evidence_makes_the_rule_the_variant_own(tmp_path):
    (tmp_path / "a.yaml").write_text(
        'id: a\nname: A\nextends: "1737"\nrules:\n'
        '  hand_size: {status: attested, source: cadiz-2013, note: Three at Sanlúcar.}\n',
        encoding="utf-8")
    prov = load_variant(tmp_path / "a.yaml").provenance["hand_size"]
    assert (prov.status, prov.carried, prov.defined_in) == ("attested", False, "a")


@pytest.mark.parametrize("entry, missing", [
    ("{status: inferred, note: As at home.}", "source"),
    ("{status: attested, source: cadiz-2013}", "note"),
    ("{status: disputed}", "source and no note"),
])
def test_a_restatement_without_source_and_note_does_not_tie_the_rule(tmp_path, capsys,
                                                                      entry, missing):
    path = tmp_path / "a.yaml"
    path.write_text(f'id: a\nname: A\nextends: "1737"\nrules:\n  hand_size: {entry}\n',
                    encoding="utf-8")
    status, _, err = run(capsys, "check", str(path))
    assert status == 2 and "a.yaml:5:3" in err
    assert f"gives no {missing}" in err and "write `status: assumed`" in err
    path.write_text('id: a\nname: A\nextends: "1737"\nrules:\n  hand_size: '
                    '{status: assumed, note: As at home.}\n', encoding="utf-8")
    assert run(capsys, "check", str(path))[0] == 0


_CLAIMING = """id: a
name: A
extends: {parent}
description: |
  Only the cards were read. The betting rules and the scoring rules are the generic
  ones, marked as assumed.
rules:
  ladder: {{status: inferred, source: huetor-2017, note: Envío makes three.}}
"""


def test_check_warns_where_an_inherited_rule_is_firmer_than_the_description(tmp_path,
                                                                           capsys):
    path = tmp_path / "a.yaml"
    path.write_text(_CLAIMING.format(parent="modern"), encoding="utf-8")
    status, out, err = run(capsys, "check", str(path))
    assert status == 0 and "1 warning" in " ".join(out.split())   # wrapped at any width
    assert "a.yaml:8:3: rules.ladder: `ladder` is inferred (restated here), but the " \
           "description says: \"The betting rules and the scoring rules are the generic " \
           "ones, marked as assumed.\"" in err
    # Carried as the first pass carried them (inferred), the betting rules of a regional
    # file would have been caught the same way.
    from rentoy import provenance

    saved = dict(provenance.CARRIED_STATUS)
    provenance.CARRIED_STATUS.update(attested="inferred", inferred="inferred")
    try:
        path.write_text(_CLAIMING.format(parent="modern").replace(
            "rules:\n  ladder: {status: inferred, source: huetor-2017, note: Envío makes "
            "three.}\n", ""), encoding="utf-8")
        warned = check_variant_file(path).warnings
    finally:
        provenance.CARRIED_STATUS.update(saved)
    assert {w.path[1] for w in warned} >= {"raise_when", "fold_pays"}


@pytest.mark.parametrize("vid", builtin_ids())
def test_no_built_in_description_says_less_than_its_rules(vid):
    assert [w for w in check_variant_file(builtin_dir() / f"{vid}.yaml").warnings
            if "the description says" in w.message] == []


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
                          "source-es (reconstruction, n.d.)")
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
        '  hand_size: {value: 3, status: attested}\n', encoding="utf-8")
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


def test_the_second_pass_findings():
    v1737, modern = load_variant("1737"), load_variant("modern")
    # QUERER names no game: the calls are inferred, not attested.
    assert v1737.provenance["calls"].status == "inferred"
    # The dictionary's two truque sequences disagree: the ladder is disputed.
    ladder = v1737.provenance["ladder"]
    assert ladder.status == "disputed" and "autoridades-juego-fuera-1734" in ladder.source
    # Two programs of the 2020s are no evidence of 1737, and attest nothing alone.
    assert v1737.provenance["stop_when_decided"].status == "assumed"
    for rule in ("stop_when_decided", "raise_when"):
        prov = modern.provenance[rule]
        kinds = {load_sources()[s].kind for s in prov.source}
        assert kinds == {"program"} and prov.status == "inferred", rule
    # 1704: nothing of the model game has been read, so every rule is assumed.
    assert set(load_variant("1704").status_counts().items()) >= {("assumed", len(RULE_NAMES))}
    # The founding text reconstructs the old game; its attribution is a note.
    es = load_sources()["source-es"]
    assert es.kind == "reconstruction" and es.author is None and "author" in es.not_known
    v1704 = load_variant("1704")
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
    status, out, _ = run(capsys, "rules", "avila", "--width", "300")
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
    assert match["sources"] == [{"id": "house-rules", "kind": "modern-report", "date": "2024",
                                  "label": "modern report, 2024"}]
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
        assert es["kind"] == "reconstruction" and es["date"] is None and es["unsourced"]
    else:
        assert "autoridades-1737" in out and "period text" in out


def test_one_source_in_full(capsys):
    status, out, _ = run(capsys, "sources", "autoridades-1737", "-f", "json")
    data = json.loads(out)
    assert data["date"] == "1737" and data["pages"] == "575" and data["kind"] == "period"
    assert "1737.players" in data["cited_by"] and data["states"]["hand_size"] == 3
    status, out, _ = run(capsys, "sources", "app-rentoynow")
    assert "revision" in out and "not recorded" in out
    # What a source states is said with the rules' names and values in words.
    status, out, _ = run(capsys, "sources", "autoridades-1737")
    states = " ".join(out.split()).split(" states ")[1].split(" note ")[0]
    assert "number of players: 2, 4, 6 or 8 players; " in states
    assert "order of the trumps: 2, Rey, Caballo, Sota, As, 7, 6, 5, 4 and 3" in states
    assert "trump_order" not in states and "turn_up" not in states


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
    assert record["quotes"] == ["rentoi-deal", "source-es-play"]
    carried = rule_record(load_variant("avila"), "players")
    # 1737's passages, shown as 1737's
    assert carried["quotes"] == ["rentoi-players", "source-es-play"]
    assert rule_record(load_variant("avila"), "hand_size")["quotes"] == ["source-es-play"]
    option = rule_record(load_variant("1737+borrego"), "top_cards")
    assert "rentoi-borrego" in option["quotes"]


def test_a_rule_citing_a_quoted_source_lists_one_of_its_passages():
    # A reader who follows a cited source to its passages finds one for the rule: a
    # rule of a variant's own file that cites a source with passages lists at least one.
    from rentoy.quotations import load_quotations

    quoted = {q.source for q in load_quotations().values()}
    missing = []
    for vid in builtin_ids():
        variant = load_variant(vid)
        for rule in RULE_NAMES:
            prov = variant.provenance[rule]
            if prov.status == "assumed" or prov.carried:
                continue
            record = rule_record(variant, rule)
            listed = {load_quotations()[q].source for q in record["quotes"]}
            missing += [(vid, rule, s) for s in prov.source if s in quoted and s not in listed]
    assert not missing


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


# ---------------------------------------------------------------------------------------
# Every rule resting on a period text has its passage; every attested rule has one.

def _own_rules(vid):
    v = load_variant(vid)
    for name in RULE_NAMES:
        prov = v.provenance[name]
        if prov.defined_in == vid and not prov.option:
            yield name, prov


@pytest.mark.parametrize("vid", builtin_ids())
def test_every_rule_resting_on_a_period_text_quotes_it(vid):
    from rentoy.quotations import quotations_for

    sources = load_sources()
    for name, prov in _own_rules(vid):
        if any(sources[s].kind == "period" for s in prov.source if s in sources):
            quoted = [q for q in quotations_for(vid, name) if q.quoted]
            assert quoted, f"{vid}.{name} rests on a period text but quotes none"
    for oid, option in load_variant(vid).options.items():
        prov = option.provenance
        if prov.defined_in == vid and any(sources[s].kind == "period" for s in prov.source):
            assert [q for q in quotations_for(vid, option=oid) if q.quoted], f"{vid}+{oid}"


@pytest.mark.parametrize("vid", builtin_ids())
def test_every_attested_rule_has_its_passage(vid):
    from rentoy.quotations import quotations_for

    for name, prov in _own_rules(vid):
        if prov.status == "attested":
            found = quotations_for(vid, name)
            assert found, f"{vid}.{name} is attested but no passage supports it"
            assert {q.source for q in found} & set(prov.source), (vid, name)


def test_the_five_truque_entries_are_quoted_and_cited():
    from rentoy.quotations import load_quotations

    quotes = load_quotations()
    for qid, sid in [("juego-fuera", "autoridades-juego-fuera-1734"),
                     ("trucar", "autoridades-trucar-1739"),
                     ("retrucar", "autoridades-retrucar-1737"),
                     ("retruque", "autoridades-retrucar-1737"),
                     ("matarrata", "autoridades-matarrata-1734")]:
        assert quotes[qid].source == sid and quotes[qid].quoted
    ladder = load_variant("1737").provenance["ladder"]
    assert {"autoridades-juego-fuera-1734", "autoridades-trucar-1739",
            "autoridades-retrucar-1737"} <= set(ladder.source)
    # ARRASTRAR is quoted with the clause the arrastre rests on.
    assert quotes["arrastrar-ombre"].original.endswith("echando carta del miſmo palo elegido.")
    assert {"renunciar", "servir", "fallar"} <= set(quotes)
    assert "reading" in quotes["rentoi-borrego"].note


# ---------------------------------------------------------------------------------------
# The bibliography's apparatus

def test_every_source_gives_its_apparatus_or_says_why_not(capsys):
    status, out, err = run(capsys, "sources", "--check")
    assert status == 0 and err == "" and "ok" in out
    for sid, src in load_sources().items():
        if src.url:
            assert src.accessed or "accessed" in src.not_known, sid


def test_a_source_without_its_apparatus_is_found(tmp_path, capsys):
    path = tmp_path / "casa.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    status, out, err = run(capsys, "sources", "--check", "--variant", str(path))
    assert status == 2 and "not ok: 3 gaps" in " ".join(out.split())
    assert "casa.yaml:6:3: bibliography.house-rules: gives no `edition`" in err
    assert "gives no `identifier` or `url`" in err
    complete = HOUSE.replace("    note: Written down by the owner.\n",
                             "    note: Written down by the owner.\n"
                             "    section: the whole sheet\n    not_known:\n"
                             "      edition: One handwritten sheet.\n"
                             "      identifier: It hangs above the bar; it has no address.\n")
    path.write_text(complete, encoding="utf-8")
    status, out, err = run(capsys, "sources", "--check", "--variant", str(path))
    assert status == 0 and err == ""
    status, out, _ = run(capsys, "sources", "--check", "-f", "json")
    data = json.loads(out)
    assert data["ok"] is True and data["sources"] == len(load_sources())


def test_a_reason_and_a_value_for_one_field_is_a_gap():
    from rentoy.sources import apparatus_problems, entries_problems
    from rentoy.yamlfile import parse_document

    text = ("x:\n  title: T\n  author: A\n  year: 2020\n  edition: first\n  pages: '3'\n"
            "  identifier: ISBN 1\n  kind: scholarship\n  not_known: {pages: lost}\n")
    doc = parse_document(text, "x.yaml")
    sources, problems = entries_problems(doc, doc.data)
    assert problems == []
    (problem,) = apparatus_problems(doc, sources)
    assert problem.location.line == 9 and "gives `pages` and also says it is not known" \
        in problem.message


def test_the_family_tree_has_the_period_evidence():
    from rentoy.family import load_family

    family = load_family()
    assert family.games["truque"].date == 1732 and family.games["matarrata"].date == 1734
    assert family.games["truque"].source == "autoridades-dos-a-dos-1732"
    assert "Calderón" in family.games["ombre"].note
    links = {(link.source_game, link.to): link for link in family.links}
    same = links[("truque", "truc")]
    assert same.kind == "same" and same.status == "inferred"
    for pair in [("matarrata", "truc"), ("matarrata", "mata"), ("rento-galicia", "mata"),
                 ("mata", "truc-balear"), ("rento-galicia", "truc-balear")]:
        assert links[pair].kind == "kinship" and links[pair].status == "inferred", pair
    assert links[("truque", "matarrata")].status == "attested"


@pytest.mark.parametrize("vid", builtin_ids())
def test_the_deck_the_trick_rule_and_juego_fuera_carry_provenance(vid):
    v = load_variant(vid)
    for name in RULE_NAMES:
        assert not v.provenance[name].is_default, f"{vid}.{name} is the engine's default"
    stated = {name: load_variant("1737").provenance[name] for name in
              ("deck", "trick_winner", "juego_fuera")}
    assert stated["deck"].status == "inferred" and stated["trick_winner"].status == "inferred"
    assert stated["juego_fuera"].status == "disputed"
    assert stated["juego_fuera"].alternatives == ("juego-fuera",)


def test_both_period_readings_of_the_ladder_play():
    from rentoy import Hand

    v = load_variant("1737")
    assert set(v.provenance["ladder"].alternatives) == {"truque", "juego-fuera",
                                                         "values-1-3-6-12"}
    truque = load_variant("1737+truque")
    assert truque.rules.ladder == (1, 3, 6, 9, "game")
    fuera = load_variant("1737+juego-fuera")
    assert fuera.rules.juego_fuera == "answer" and fuera.rules.ladder == v.rules.ladder
    hand = Hand(fuera, players=4, seed=3)
    seat = hand.current_seat
    hand.apply(f"{seat} raise")
    answer = (seat + 1) % 4
    hand.apply(f"{answer} raise")                   # three more: six
    assert hand.can(f"{seat} game")                 # juego fuera in answer
    hand.apply(f"{seat} game")
    assert hand.observation(seat).value == "game"


def test_dates_of_reading_are_text_so_the_bibliography_stays_cached():
    # An unquoted 2026-12-01 is a YAML date, which the parsed-document cache does not
    # keep: every command would parse the bibliography again.
    import datetime

    from rentoy.yamlfile import load_document

    data = load_document(builtin_dir() / "sources.yaml").data
    dates = [(sid, key) for sid, entry in data.items() for key, value in entry.items()
             if isinstance(value, datetime.date)]
    assert dates == []
    assert all(src.accessed is None or len(src.accessed) == 10
               for src in load_sources().values())
