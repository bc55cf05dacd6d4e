"""The sources' remarks about play, tested under each reading of the rules."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from rentoy.comparison.remarks import check_remarks, load_remarks, take_point
from rentoy.errors import InputError
from inprocess import run


def verdicts(rid: str, **kw):
    (found,) = check_remarks([rid], **kw)
    return {r.reading: r for r in found.readings}


def test_every_remark_quotes_the_source_text_exactly():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "shared" / "sources"
            / "rentoy-source-es.txt")
    if not text.exists():
        pytest.skip("the source text is kept beside the repository")
    words = text.read_text(encoding="utf-8")
    for remark in load_remarks().values():
        if remark.source == "source-es":
            assert remark.quoted in words, remark.id


def test_the_raise_to_12_at_4_5_is_dead_where_the_ladder_has_a_9():
    found = verdicts("no-sense-raising-to-12")
    assert found["1737"].holds == "holds"
    assert found["1737"].data["next"] == 12 and found["1737"].data["dead"] is True
    assert found["1737+values-1-3-6-12"].holds == "does not apply"     # no step worth 9
    assert found["huetor"].holds == "does not hold"                      # a game to 18
    assert found["modern"].data["next"] == "game"


def test_take_points_of_a_ladder_beside_the_doubling_cube():
    assert take_point(1, 2) == Fraction(1, 4)
    found = verdicts("doubling-cube")
    assert [t["take_point"] for t in found["1737+values-1-3-6-12"].data["take_points"]] == [
        pytest.approx(1 / 3), 0.25, 0.25]
    assert found["1737"].holds == "partly"          # 3 -> 6 is a doubling; 1 -> 3 is not
    assert found["1737"].data["raise_right"] == "acceptor"


def test_the_arrastre_as_the_only_duty_under_each_reading():
    found = verdicts("arrastre-only-duty", hands=60, bots="greedy", seed=1)
    assert found["1737"].holds == "holds" and found["1737"].data["by_construction"]
    hombre = found["1737+como-al-hombre"]
    assert hombre.holds == "does not hold"
    assert 0 < hombre.data["low"] <= hombre.data["value"] <= hombre.data["high"] < 1


def test_a_malformed_remarks_file_names_file_and_line(tmp_path):
    path = tmp_path / "remarks.yaml"
    path.write_text("x:\n  source: s\n  section: s\n  quoted: q\n  claim: c\n"
                    "  check: {kind: nonsense}\n  readings: ['1737']\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_remarks(path)
    assert "remarks.yaml:6" in str(caught.value) and "dead-raise" in str(caught.value)


def test_rentoy_remarks_prints_and_writes_json(capsys):
    status, out, err = run(capsys, "remarks", "no-sense-raising-to-12", "doubling-cube",
                           "-f", "json")
    assert status == 0, err
    data = json.loads(out)
    assert [d["id"] for d in data["remarks"]] == ["no-sense-raising-to-12", "doubling-cube"]
    assert data["bots"] == "search" and data["seconds"] >= 0
    status, out, _err = run(capsys, "--lang", "es", "--width", "80", "remarks",
                            "no-sense-raising-to-12")
    assert status == 0 and "se cumple" in out
    status, _out, err = run(capsys, "remarks", "nope")
    assert status == 2 and "doubling-cube" in err
