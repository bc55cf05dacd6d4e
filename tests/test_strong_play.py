"""Strong play: simulations with the search bot through the command line, and the
stored figures of the "What each rule changes" page checked for staleness."""

from __future__ import annotations

import json
from pathlib import Path

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
    out = " ".join(capsys.readouterr().out.split())     # wrapped to the terminal's width
    assert "over-trumping forced a higher trump" in out
    assert "search:samples=4 (team A), random (team B)" in out
    assert main(["simulate", "avila", "--hands", "2", "--bots", "search:samples=4,random",
                 "--seed", "3", "--format", "csv"]) == 0
    assert "arrastre_forced_rate,avila," in capsys.readouterr().out


# ---------------------------------------------------------------------------------------
# The stored figures of docs/rule-effects.md

ROOT = Path(__file__).resolve().parent.parent
STORED = ROOT / "docs" / "data" / "rule-effects.json"


def _stored() -> dict:
    return json.loads(STORED.read_text(encoding="utf-8"))


def test_the_stored_rule_effects_are_not_stale():
    from rentoy.sphinxext.rule_effects import stale_variants

    stale = stale_variants(_stored())
    assert not stale, (f"docs/data/rule-effects.json was computed under other rules "
                       f"({stale}); run `python bench/rule-effects.py --jobs 2` again")


def test_a_changed_rule_makes_them_stale():
    from rentoy.sphinxext.rule_effects import changed_rules, stale_variants

    data = _stored()
    data["variants"]["avila"]["rules"]["arrastre"] = "follow"
    data["variants"]["1737"]["rules"]["target"] = 99
    assert stale_variants(data) == {"1737": ["target"], "avila": ["arrastre"]}
    assert changed_rules(_stored(), "avila", "1737") == ["arrastre"]
    assert changed_rules(_stored(), "1737+como-al-hombre", "1737") == ["follow_suit"]


def test_the_stored_figures_say_what_produced_them():
    data = _stored()
    strong, perfect = data["strong_play"], data["perfect_play"]
    command = data["generated_by"].split()
    assert command[:2] == ["python", "bench/rule-effects.py"]
    assert int(command[command.index("--hands") + 1]) == strong["hands_requested"]
    assert int(command[command.index("--deals") + 1]) == perfect["deals"]
    assert int(command[command.index("--seed") + 1]) == strong["seed"] == data["seed"]
    assert strong["bots"] == {"A": "search", "B": "search"}
    assert strong["games"] >= 100 and strong["reference"] == "1737"
    from rentoy.variants import builtin_ids

    assert set(builtin_ids()) <= set(perfect["variants"])
    for record in data["variants"].values():
        assert record["files"] and all(len(h) == 64 for h in record["files"].values())
    # the duties: over-trumping only where the variant asks for it, following suit too
    results = {r["variant"]: r["statistics"] for r in strong["results"]}
    assert results["1737"]["overtrump_forced_rate"]["value"] == 0
    assert results["avila"]["overtrump_forced_rate"]["value"] > 0
    assert results["1737+como-al-hombre"]["follow_suit_forced_rate"]["value"] > 0
