"""Strong play: simulations with the search bot through the command line, and the
stored figures of the "What each rule changes" page checked for staleness."""

from __future__ import annotations

import json

from rentoy.cli import main


def test_compare_with_search_bots_reports_the_duty_counts(capsys):
    args = ["compare", "1737", "avila", "--simulate", "3", "--bots", "search:samples=4",
            "--seed", "1", "--format", "json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)["simulation"]
    assert data["bots"] == {"A": "search:samples=4", "B": "search:samples=4"}
    assert data["games"] >= 1
    for result in data["results"]:
        stats = result["statistics"]
        for name in ("constrained_rate", "arrastre_forced_rate", "overtrump_forced_rate",
                     "follow_suit_forced_rate"):
            assert 0.0 <= stats[name]["value"] <= 1.0
        assert stats["follow_suit_forced_rate"]["value"] == 0.0    # neither asks it
    assert data["results"][0]["statistics"]["overtrump_forced_rate"]["value"] == 0.0
    assert set(data["differences"][0]["statistics"]) >= {"constrained_rate"}
    assert main(args) == 0                            # the same seed, the same figures
    assert json.loads(capsys.readouterr().out)["simulation"] == data


def test_simulate_with_search_in_text_and_csv(capsys):
    assert main(["simulate", "avila", "--hands", "2", "--bots", "search:samples=4,random",
                 "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "over-trumping forced a higher trump" in out
    assert "search:samples=4 (team A), random (team B)" in out
    assert main(["simulate", "avila", "--hands", "2", "--bots", "search:samples=4,random",
                 "--seed", "3", "--format", "csv"]) == 0
    assert "arrastre_forced_rate,avila," in capsys.readouterr().out
