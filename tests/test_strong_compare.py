"""``rentoy compare`` says what strong play says: the stored figures of the search bots
beside the rules, with where they come from, and ``--simulate`` with the search bots
unless other bots are named (and named in the output)."""

from __future__ import annotations

import json

from rentoy.simulation.stored import STORED, stored_play, stored_table
from inprocess import run


def test_the_stored_figures_are_shipped_and_name_their_command() -> None:
    data = stored_play()
    assert data is not None, STORED
    assert data["generated_by"].startswith("python bench/rule-effects.py")
    assert data["strong_play"]["bots"] == {"A": "search", "B": "search"}
    ids = [r["variant"] for r in data["strong_play"]["results"]]
    assert {"1737", "avila"} <= set(ids)


def test_a_comparison_prints_the_stored_figures_beside_the_rules(capsys) -> None:
    status, out, _ = run(capsys, "--width", "120", "compare", "1737", "avila")
    assert status == 0
    assert "Strong play, as stored:" in out and "bots: search" in out
    assert "bench/rule-effects.py" in out and "source repository" in out
    assert out.index("Strong play, as stored") > out.index("arrastre")


def test_a_variant_without_stored_figures_is_left_out(tmp_path) -> None:
    table = stored_table(["1737", "no-such-variant"])
    assert table is not None and list(table.columns) == ["statistic", "1737"]
    assert stored_table(["no-such-variant"]) is None
    assert stored_table(["1737"], path=tmp_path / "missing.json") is None


def test_compare_simulates_with_the_search_bots_by_default(capsys) -> None:
    status, out, _ = run(capsys, "compare", "1737", "avila", "--simulate", "6", "--seed",
                         "2", "-f", "json")
    assert status == 0
    assert json.loads(out)["simulation"]["bots"] == {"A": "search", "B": "search"}
    status, out, _ = run(capsys, "compare", "1737", "avila", "--simulate", "6", "--bots",
                         "random")
    assert status == 0 and "bots: random" in out
