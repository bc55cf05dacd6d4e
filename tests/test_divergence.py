"""Deals on which variants part ways, and the walkthrough files that show them."""

from __future__ import annotations

import json

import pytest
import yaml

from rentoy.cli import main
from rentoy.comparison import find_divergences, save_divergences
from rentoy.engine import Action, Deal, Hand

walkthrough = pytest.importorskip("rentoy.walkthrough")


def replay(path) -> None:
    """Check a divergence file with the Hand API alone, independently of the runner."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    deal = Deal.parse(data["deal"]["hands"], data["deal"]["up"])
    base = Hand(str(data["variant"]), data["players"], data["dealer"], data["score"], deal=deal)
    for a in data["actions"]:
        base.apply(a)
    for branch in data["branches"]:
        hand = base.clone()
        expect = branch["expect"]
        *head, last = [Action.parse(a) for a in branch["actions"]]
        for a in head:
            hand.apply(a)
        if expect.get("illegal"):
            refusal = hand.refusal(last)
            assert refusal is not None and refusal.reason == expect["reason"]
            continue
        hand.apply(last)
        r = hand.result
        seen = {"finished": hand.is_over, "tricks": list(hand.observation(0).tricks_won),
                "trick_winners": [t.winner for t in list(hand.observation(0).tricks)],
                "value": r.value if r else hand.observation(0).value}
        if r is not None:
            seen.update(hand_winner="AB"[r.winner], score=list(r.score))
        for key, wanted in expect.items():
            assert seen[key] == wanted, (path.name, branch["name"], key)


def test_1737_and_avila_part_ways_on_the_over_trumping_duty():
    found = find_divergences(["1737", "avila"], count=3, seed=1)
    assert len(found) == 3
    assert len({d.number for d in found}) == 3              # three different deals
    for d in found:
        assert (d.kind, d.first, d.second) == ("refused", "1737", "avila")
        assert d.refusal.reason == "overtrump" and d.refusal.rule == "arrastre"
        assert d.refusal.source == ("source-es",)
        # the same action is legal under 1737 after the same prefix
        hand = Hand("1737", deal=d.deal)
        for a in d.prefix:
            hand.apply(a)
        assert hand.can(d.step)
        assert "avila refuses it [overtrump]" in d.summary


def test_the_search_is_reproducible():
    a = [x.as_dict() for x in find_divergences(["1737", "avila"], 2, seed=5)]
    assert a == [x.as_dict() for x in find_divergences(["1737", "avila"], 2, seed=5)]
    assert a != [x.as_dict() for x in find_divergences(["1737", "avila"], 2, seed=6)]


@pytest.mark.parametrize("other, kind", [
    ("1737+borrego", "trick"),                 # the borrego takes a trick the malilla lost
    ("1737+values-1-3-6-12", "value"),         # the third raise: 9 or 12
    ("1737+como-al-hombre", "refused"),        # following suit
])
def test_each_kind_of_rule_difference_is_found(tmp_path, other, kind):
    found = find_divergences(["1737", other], count=4, seed=1)
    assert kind in {d.kind for d in found}
    saved = save_divergences(found, tmp_path)
    assert len(saved) == 2 * len(found)
    for s in saved:
        replay(s.path)
        assert walkthrough.run_walkthrough(s.path).ok, s.path


def test_saved_files_run_green_and_show_the_refusal(tmp_path):
    found = find_divergences(["1737", "avila"], count=2, seed=1)
    saved = save_divergences(found, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "divergence-1-1737.yaml", "divergence-1-avila.yaml",
        "divergence-2-1737.yaml", "divergence-2-avila.yaml"]
    for s in saved:
        replay(s.path)
        assert walkthrough.run_walkthrough(s.path).ok
    data = yaml.safe_load((tmp_path / "divergence-1-avila.yaml").read_text(encoding="utf-8"))
    old = yaml.safe_load((tmp_path / "divergence-1-1737.yaml").read_text(encoding="utf-8"))
    assert data["deal"] == old["deal"] and data["actions"] == old["actions"]
    assert data["variant"] == "avila" and old["variant"] == "1737"
    refused = data["branches"][0]
    assert refused["actions"] == [str(found[0].step)]
    assert refused["expect"] == {"illegal": True, "reason": "overtrump"}
    assert data["branches"][1]["expect"]["finished"] is True
    assert old["branches"][0]["actions"] == [str(found[0].step)]


def test_existing_files_are_never_overwritten(tmp_path):
    found = find_divergences(["1737", "avila"], count=1, seed=1)
    first = save_divergences(found, tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    (tmp_path / "divergence-2-avila.yaml").write_text("mine\n", encoding="utf-8")
    second = save_divergences(found, tmp_path)
    assert [s.path.name for s in second] == ["divergence-3-1737.yaml",
                                             "divergence-3-avila.yaml"]
    assert second[0].wanted == tmp_path / "divergence-1-1737.yaml"
    assert first[0].wanted is None
    for name, content in before.items():
        assert (tmp_path / name).read_bytes() == content
    assert (tmp_path / "divergence-2-avila.yaml").read_text(encoding="utf-8") == "mine\n"


def test_a_variant_file_is_referred_to_by_a_relative_path(tmp_path):
    variants = tmp_path / "variants"
    variants.mkdir()
    (variants / "strict.yaml").write_text(
        'id: strict\nname: Strict\nextends: "1737"\nrules:\n  follow_suit: true\n',
        encoding="utf-8")
    found = find_divergences(["1737", str(variants / "strict.yaml")], count=1, seed=2)
    out = tmp_path / "out"
    saved = save_divergences(found, out)
    data = yaml.safe_load((out / "divergence-1-strict.yaml").read_text(encoding="utf-8"))
    assert data["variant"] == "../variants/strict.yaml"
    for s in saved:
        assert walkthrough.run_walkthrough(s.path).ok


def test_variants_with_the_same_rules_never_part(tmp_path):
    twin = tmp_path / "twin.yaml"
    twin.write_text('id: twin\nname: Twin\nextends: "1737"\n', encoding="utf-8")
    assert find_divergences(["1737", str(twin)], count=2, seed=1, max_deals=60) == []
    assert find_divergences(["1737"], count=2) == []


def test_the_command_writes_walkthroughs_that_rentoy_run_accepts(tmp_path, capsys):
    folder = tmp_path / "d"
    status = main(["compare", "1737", "avila", "--divergences", "3", "--save", str(folder)])
    out, err = capsys.readouterr()
    assert status == 0 and err == ""
    assert "Deals on which the variants part ways" in out and "overtrump" in out
    files = sorted(folder.iterdir())
    assert len(files) == 6
    for path in files:
        assert main(["run", str(path)]) == 0, path
        capsys.readouterr()
    status = main(["run", str(files[0]), "--json"])
    assert status == 0 and json.loads(capsys.readouterr().out)["ok"] is True
    # again into the same folder: new names, nothing overwritten, and it says so
    status = main(["compare", "1737", "avila", "--divergences", "3", "--save", str(folder)])
    out, _ = capsys.readouterr()
    assert status == 0 and "existed; wrote" in out
    assert len(list(folder.iterdir())) == 12


def test_the_command_lists_divergences_as_json_without_saving(capsys):
    status = main(["compare", "1737", "avila", "--divergences", "1", "-f", "json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0
    (d,) = data["divergences"]
    assert d["kind"] == "refused" and d["reason"] == "overtrump" and d["files"] == []


def test_a_file_in_the_way_of_the_folder_is_an_input_error(tmp_path, capsys):
    blocker = tmp_path / "d"
    blocker.write_text("", encoding="utf-8")
    status = main(["compare", "1737", "avila", "--divergences", "1", "--save", str(blocker)])
    assert status == 2 and "not a folder" in capsys.readouterr().err


def test_json_says_which_files_were_renamed(tmp_path, capsys):
    argv = ["compare", "1737", "avila", "--divergences", "1", "--save", str(tmp_path),
            "-f", "json"]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)["divergences"][0]["files"]
    assert [f["wanted"] for f in first] == [None, None]
    assert main(argv) == 0
    second = json.loads(capsys.readouterr().out)["divergences"][0]["files"]
    assert [f["wanted"] for f in second] == [f["path"] for f in first]
    assert [f["variant"] for f in second] == ["1737", "avila"]
    assert all(f["path"].endswith(f"divergence-2-{f['variant']}.yaml") for f in second)
