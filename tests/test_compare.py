"""Rules side by side: the comparison data, its formats, and `rentoy compare` errors."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rentoy.comparison import compare_rules, status_legend
from rentoy.provenance import STATUS_MARKS
from rentoy.render import render
from rentoy.ruletable import RULE_NAMES
from rentoy.variants import builtin_ids
from inprocess import run


# -- the data ----------------------------------------------------------------------------

def test_1737_and_avila_differ_in_the_arrastre_with_sources():
    comparison = compare_rules(["1737", "avila"])
    assert comparison.variants == ("1737", "avila")
    assert [row.rule for row in comparison.rows] == ["arrastre"]
    old, avila = comparison.rows[0].cells
    assert (old.variant, old.value, old.status, old.mark) == ("1737", "follow", "inferred", "I")
    assert (avila.variant, avila.value, avila.status, avila.mark) == (
        "avila", "overtrump", "attested", "A")
    assert avila.source == ("source-es",)
    assert "source-es" in old.source
    assert avila.origin == "this file" and old.origin == "this file"
    assert avila.text == ("everyone who holds a trump must play one, and one higher than "
                          "every card in the trick if he can (A: source-es)")
    assert "source-es" in comparison.sources


def test_all_rules_lists_every_rule_and_says_which_are_the_same():
    comparison = compare_rules(["1737", "avila"], all_rules=True)
    assert [row.rule for row in comparison.rows] == list(RULE_NAMES)
    same = {row.rule: row.same_value for row in comparison.rows}
    assert same["arrastre"] is False
    assert same["ladder"] is True and same["target"] is True


def test_options_are_compared_as_variants_with_the_options_provenance():
    comparison = compare_rules(["1737", "1737+borrego", "1737+como-al-hombre"])
    rows = {row.rule: row for row in comparison.rows}
    assert set(rows) == {"top_cards", "follow_suit"}
    borrego = rows["top_cards"].cells[1]
    assert (borrego.value, borrego.origin, borrego.source) == (
        ["4T"], "option borrego", ("autoridades-1737",))
    assert rows["follow_suit"].cells[2].value is True
    assert rows["follow_suit"].cells[2].mark == "D"


def test_the_same_value_on_other_evidence_differs_by_provenance_only(tmp_path):
    # 1598 plays the 1737 rules, resting on weaker evidence.
    assert compare_rules(["1737", "1598"]).rows == ()
    by_evidence = compare_rules(["1737", "1598"], by="provenance")
    assert by_evidence.rows
    assert all(row.same_value and not row.same_provenance for row in by_evidence.rows)
    with pytest.raises(ValueError):
        compare_rules(["1737", "1598"], by="colour")


def test_no_variant_named_means_every_built_in():
    comparison = compare_rules([])
    assert set(comparison.variants) == set(builtin_ids())


def test_a_variant_file_by_path(tmp_path):
    path = tmp_path / "strict.yaml"
    path.write_text('id: strict\nname: Strict\nextends: "1737"\nrules:\n'
                    '  follow_suit: {value: true, status: assumed}\n', encoding="utf-8")
    comparison = compare_rules(["1737", str(path)])
    assert [row.rule for row in comparison.rows] == ["follow_suit"]
    assert comparison.rows[0].cells[1].text == ("a player who holds a card of the suit led "
                                                "must play one (?)")


def test_status_marks_cover_every_status_and_the_legend_says_them():
    from rentoy.provenance import STATUSES

    assert set(STATUS_MARKS) == set(STATUSES)
    assert len(set(STATUS_MARKS.values())) == len(STATUSES)
    for status, mark in STATUS_MARKS.items():
        assert f"{mark} {status}" in status_legend()


# -- formats ------------------------------------------------------------------------------

def test_text_format_is_a_table_with_the_legend(capsys):
    status, out, err = run(capsys, "compare", "1737", "avila")
    assert status == 0 and err == ""
    line = next(row for row in out.splitlines() if row.startswith("Duty when a trump"))
    assert "everyone who holds a" in line and "everyone who holds a" in line.split("  ")[-1]
    assert "(I:" in out and "(A: source-es)" in out
    assert status_legend() in out
    assert "the untitled Spanish text" in out   # the sources, as references


def test_markdown_format(capsys):
    status, out, _ = run(capsys, "compare", "1737", "avila", "--format", "markdown")
    assert status == 0
    assert "| rule | 1737 | avila |" in out
    assert ("| Duty when a trump is led (arrastre) | everyone who holds a trump must play one "
            "(I: source-es, autoridades-1737, autoridades-ombre) | everyone who holds a trump "
            "must play one, and one higher than every card in the trick if he can "
            "(A: source-es) |") in out


def test_json_format(capsys):
    status, out, _ = run(capsys, "compare", "1737", "avila", "-f", "json")
    assert status == 0
    data = json.loads(out)
    assert [v["id"] for v in data["rules"]["variants"]] == ["1737", "avila"]
    (row,) = data["rules"]["rows"]
    assert row["rule"] == "arrastre"
    assert row["cells"][1] == {"variant": "avila", "value": "overtrump",
                               "display": "overtrump", "status": "attested", "mark": "A",
                               "source": ["source-es"], "note": row["cells"][1]["note"],
                               "from": "this file"}
    assert "simulation" not in data and "divergences" not in data


def test_csv_format_has_one_row_per_rule_and_variant(capsys):
    status, out, _ = run(capsys, "compare", "1737", "avila", "--format", "csv")
    assert status == 0
    rows = list(csv.reader(io.StringIO(out.split("\n\n")[0])))
    assert rows[0] == ["rule", "variant", "value", "status", "source", "from", "same value"]
    assert ["arrastre", "avila", "overtrump", "attested", "source-es", "this file", "no"] in rows


def test_all_rules_flag(capsys):
    _, out, _ = run(capsys, "compare", "1737", "avila", "--all-rules", "-f", "json")
    assert len(json.loads(out)["rules"]["rows"]) == len(RULE_NAMES)


def test_report_renders_in_every_format():
    report = compare_rules(["1737", "avila"]).report()
    for fmt in ("text", "markdown", "json", "csv"):
        assert "arrastre" in render(report, fmt)


# -- bad input ----------------------------------------------------------------------------

@pytest.mark.parametrize("argv, message", [
    (["compare", "1737", "avla"], "did you mean `avila`?"),
    (["compare", "1737", "1737"], "named twice"),
    (["compare", "1737", "1737+borego"], "no option `borego`"),
    (["compare", "1737", "avila", "--save", "d"], "give --divergences"),
    (["compare", "1737", "avila", "--divergences", "0"], "positive"),
    (["compare", "1737", "avila", "--simulate", "0"], "positive whole number"),
    (["compare", "1737", "avila", "--simulate", "10", "--bots", "clever"], "unknown bot"),
    (["compare", "1737", "avila", "--simulate", "10", "--bots", "search:raise_at=3"],
     "raise_at is a chance between 0 and 1, not 3.0"),
    (["compare", "1737", "avila", "--simulate", "10", "--players", "3"], "not allowed"),
    (["compare", "1737", "avila", "--simulate", "10", "--reference", "1598"], "not one of"),
    (["compare", "1737", "avila", "--plot", "x.svg"], "give --simulate"),
    (["compare", "no/such/file.yaml", "1737"], "no variant file"),
])
def test_bad_input_exits_2_with_a_message_and_no_traceback(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert message in err
    assert "Traceback" not in err and out == ""


def test_the_command_exits_2_as_a_process():
    proc = subprocess.run([sys.executable, "-m", "rentoy", "compare", "1737", "avla"],
                          capture_output=True, text=True, cwd=Path(__file__).parent)
    assert proc.returncode == 2
    assert "did you mean `avila`?" in proc.stderr and "Traceback" not in proc.stderr
