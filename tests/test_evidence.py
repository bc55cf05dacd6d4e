"""`rentoy check` warns where a status is firmer than its evidence (rentoy.evidence): a
status resting on no text about the variant and its period, a general or encyclopedic
sentence attesting a rule, an attested rule that a listed modern report or program
plays otherwise. The cells the third reading of the evidence found are caught in the
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
                or "general or encyclopedic" in w.message or "states another" in w.message]


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
    assert modern.provenance["follow_suit"].alternatives == ("follow-suit",)
    assert modern.with_options("follow-suit").rules.follow_suit is True


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
