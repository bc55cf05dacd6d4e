"""`rentoy check` warns where a status is firmer than its evidence (rentoy.evidence): a
status resting on no text about the variant and its period, a general or encyclopedic
sentence attesting a rule, an attested rule that a listed modern report or program
plays otherwise, a disputed rule that offers no other reading as an option and does not
say that the engine cannot play one. The cells the third reading of the evidence found are caught in the
form the files had, and the built-in files give no such warning now."""

from __future__ import annotations

import pytest

from rentoy.evidence import evidence_findings
from rentoy.sources import builtin_dir, load_sources
from rentoy.variants import builtin_ids, check_variant_file, load_variant
from inprocess import run


@pytest.mark.parametrize("vid", builtin_ids())
def test_no_built_in_status_is_firmer_than_its_evidence(vid):
    assert evidence_findings(load_variant(vid)) == []
    warned = check_variant_file(builtin_dir() / f"{vid}.yaml").warnings
    assert not [w for w in warned if "sources is a text about" in w.message
                or "general or encyclopedic" in w.message or "states another" in w.message
                or "is disputed, but names no option" in w.message]


def _file(tmp_path, text):
    path = tmp_path / "v.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_an_early_cell_resting_on_an_encyclopedia_and_a_later_dictionary(tmp_path, capsys):
    # 1598's player counts as they were: English Wikipedia's unsourced sentence on
    # Cervantes' day, and the dictionary of 1737, another period.
    path = _file(tmp_path, 'id: v\nname: V\nextends: "1737"\nperiod: "1598"\n'
                 'sources: [source-es, cervantes-1613, wikipedia-en]\nrules:\n'
                 '  players: {status: inferred, source: [wikipedia-en, autoridades-1737],\n'
                 '            note: Two to eight in Cervantes\' day.}\n')
    (finding,) = evidence_findings(load_variant(path))
    assert finding.rule == "players"
    assert "none of its sources is a text about this variant and its period" in finding.message
    status, out, err = run(capsys, "check", str(path))
    assert status == 0 and "v.yaml:7:3: rules.players: the rule `players` is inferred, but none" \
        in " ".join(err.split())
    assert "mark it assumed" in err
    # The same rule, assumed, is no finding; nor in a file that names no sources.
    assert evidence_findings(load_variant(_file(tmp_path, path.read_text().replace(
        "status: inferred", "status: assumed")))) == []
    assert evidence_findings(load_variant(_file(tmp_path, path.read_text().replace(
        "sources: [source-es, cervantes-1613, wikipedia-en]\n", "")))) == []


def test_a_general_sentence_cannot_attest_a_player_count(tmp_path):
    assert load_sources()["huetor-2017"].general == ("players",)
    assert load_sources()["huetor-2017"].states_generally("players")
    assert not load_sources()["huetor-2017"].states_generally("target")
    path = _file(tmp_path, 'id: v\nname: V\nextends: modern\nsources: [huetor-2017]\n'
                 'rules:\n  players: {value: [2, 4, 6, 8], status: attested, '
                 'source: huetor-2017, note: Two to eight.}\n')
    (finding,) = evidence_findings(load_variant(path))
    assert "attested by huetor-2017, whose statement of players is a general or " \
           "encyclopedic sentence" in finding.message
    assert load_variant("huetor").provenance["players"].status == "inferred"
    assert load_variant("modern").provenance["players"].status == "inferred"


def test_an_attested_rule_a_listed_program_plays_otherwise_is_disputed(tmp_path):
    # modern.follow_suit as it was: attested, while Rentoy1 (listed) makes players follow.
    path = _file(tmp_path, 'id: v\nname: V\nextends: "1737"\n'
                 'sources: [source-es, app-rentoynow, app-rentoy1]\nrules:\n'
                 '  follow_suit: {value: false, status: attested, '
                 'source: [source-es, app-rentoynow], note: The arrastre only.}\n')
    (finding,) = evidence_findings(load_variant(path))
    assert "app-rentoy1, a source of this variant, states another value for " \
           "follow_suit" in finding.message
    modern = load_variant("modern")
    assert modern.provenance["follow_suit"].status == "disputed"
    assert modern.provenance["follow_suit"].alternatives == ("asistir",)
    assert modern.with_options("asistir").rules.follow_suit is True


def test_an_attestation_its_own_source_does_not_state_is_warned(tmp_path):
    path = _file(tmp_path, 'id: v\nname: V\nextends: "1737"\nsources: [source-es]\n'
                 'rules:\n  target: {value: 30, status: attested, source: source-es, '
                 'note: Thirty.}\n')
    (finding,) = evidence_findings(load_variant(path))
    assert finding.message == "the rule `target` is attested, but source-es does not state it"


def test_the_early_cells_are_assumed_now():
    v1598 = load_variant("1598")
    for rule in ("players", "hand_size"):
        prov = v1598.provenance[rule]
        assert prov.status == "assumed" and not prov.carried, rule
        assert "Wikipedia" in (prov.note or "")
    assert load_sources()["wikipedia-en"].unsourced


def test_a_disputed_rule_offers_its_other_readings_or_says_why_not(tmp_path, capsys):
    # modern.target as it was: disputed, the programs' lengths named in the note only.
    text = ('id: v\nname: V\nextends: modern\nsources: [app-rentoynow, source-es]\nrules:\n'
            '  target: {value: 12, status: disputed, source: [source-es, app-rentoynow],\n'
            '           note: Twelve; RentoyNow plays to 21.}\n'
            'options:\n  target-24: null\n  target-30: null\n')
    path = _file(tmp_path, text)
    (finding,) = evidence_findings(load_variant(path))
    assert finding.rule == "target"
    assert finding.message == ("the rule `target` is disputed, but names no option that plays "
                               "another reading (`alternatives`) and does not say that the "
                               "engine cannot play one (`not_modelled`)")
    status, out, err = run(capsys, "check", str(path))
    assert status == 0 and "v.yaml:6:3: rules.target: the rule `target` is disputed, but " \
        "names no option" in " ".join(err.split())
    assert "`not_modelled: true`" in " ".join(err.split())
    # Naming the option that plays the other reading answers it; so does saying, in the
    # note and with not_modelled, that the engine cannot play it.
    assert evidence_findings(load_variant(_file(tmp_path, text.replace(
        "note: Twelve; RentoyNow plays to 21.}", "note: Twelve; RentoyNow plays to 21,\n"
        "           alternatives: [target-21]}")))) == []
    marked = load_variant(_file(tmp_path, text.replace(
        "note: Twelve; RentoyNow plays to 21.}", "note: Twelve; 21 is not modelled.,\n"
        "           not_modelled: true}")))
    assert marked.provenance["target"].not_modelled
    assert evidence_findings(marked) == []
    # not_modelled must be true or false: the schema refuses anything else.
    status, out, err = run(capsys, "check", str(_file(tmp_path, text.replace(
        "note: Twelve; RentoyNow plays to 21.}", "note: Twelve.,\n"
        "           not_modelled: 21 points}"))))
    assert status == 2 and "not_modelled" in err


def test_every_built_in_disputed_rule_is_playable_or_said_not_modelled():
    modern = load_variant("modern")
    assert modern.provenance["target"].alternatives == ("target-21", "target-24", "target-30")
    assert [modern.with_options(o).rules.target
            for o in ("target-21", "target-24", "target-30")] == [21, 24, 30]
    tuerto = modern.with_options("el-tuerto").rules
    assert str(tuerto.top_cards[0]) == "11o" and tuerto.top_cards_are_trumps is False
    assert modern.provenance["top_cards"].alternatives == ("el-tuerto",)
    for rule in ("top_cards", "arrastre", "follow_suit"):
        prov = modern.provenance[rule]
        assert prov.not_modelled and "not modelled" in (prov.note or ""), rule
    assert modern.provenance["arrastre"].alternatives == ()
    assert load_variant("1737").provenance["follow_suit"].not_modelled
    for vid in builtin_ids():
        v = load_variant(vid)
        for name, prov in v.provenance.items():
            if prov.status == "disputed":
                assert prov.alternatives or prov.not_modelled, (vid, name)
    # The regional forms, whose reports give their top cards, do not inherit RentoyNow's;
    # Huétor's pata of 18 leaves the programs' lengths out too.
    for vid in ("galicia", "huetor", "conil", "sanlucar"):
        assert "el-tuerto" not in load_variant(vid).options, vid
    assert not {"target-21", "target-24", "target-30"} & set(load_variant("huetor").options)
    assert load_variant("galicia").with_options("target-21").rules.target == 21
