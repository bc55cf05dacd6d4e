"""The command line basics: `rentoy variants`, `rentoy rules ID`, `rentoy check PATH`.

Run as a separate process where it matters (exit status, stderr, no traceback), and
in-process otherwise.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rentoy.ruletable import RULE_NAMES
from rentoy.variants import builtin_ids
from inprocess import run

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "fixtures" / "variants"
MISSPELT = 'id: mine\nname: Mine\nextends: "1737"\nrules:\n  target: 9\n  arrastr: none\n'


def rentoy(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run([sys.executable, "-m", "rentoy", *args], capture_output=True,
                          text=True, cwd=cwd or ROOT, env=env, timeout=120)


# ---------------------------------------------------------------------------------------
# Separate processes

def test_help():
    done = rentoy("--help")
    assert done.returncode == 0
    for command in ("variants", "rules", "check", "run", "compare", "simulate"):
        assert command in done.stdout
    assert "1737+borrego" in done.stdout


def test_variants_lists_every_builtin():
    done = rentoy("variants")
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0].split()[:4] == ["id", "name", "period", "region"]
    first_words = {line.split()[0] for line in lines[2:] if line.strip()}
    assert set(builtin_ids()) <= first_words


def test_check_a_misspelt_key_names_the_line_and_the_fix(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(MISSPELT, encoding="utf-8")
    done = rentoy("check", str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    assert f"{path}:6:3: rules.arrastr: unknown key `arrastr`" in done.stderr
    assert "did you mean `arrastre`?" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("args", [
    ["rules", "1783"],
    ["rules", "1737+borego"],
    ["rules", "no/such/file.yaml"],
    ["rules", "bad\x01id"],
    ["check", "no-such-file.yaml"],
    ["check", "variants"],
    ["check", "README.md"],
    ["check", "variants/schema.json"],
])
def test_bad_input_exits_2_without_a_traceback(args):
    done = rentoy(*args)
    assert done.returncode == 2, done
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("rentoy: error: ")


def test_bad_arguments_are_argparse_errors():
    done = rentoy("rules")
    assert done.returncode == 2 and "usage:" in done.stderr and "Traceback" not in done.stderr
    done = rentoy("variants", "--format", "yaml")
    assert done.returncode == 2 and "invalid choice" in done.stderr


def test_runs_from_another_folder(tmp_path):
    done = rentoy("rules", "avila", "--table", cwd=tmp_path)
    assert done.returncode == 0 and "overtrump" in done.stdout


# ---------------------------------------------------------------------------------------
# In process

@pytest.mark.parametrize("fmt", ["text", "markdown", "json"])
def test_variants_formats(capsys, fmt):
    status, out, err = run(capsys, "variants", "--format", fmt)
    assert status == 0 and err == ""
    if fmt == "json":
        rows = json.loads(out)
        assert [row["id"] for row in rows if row["id"] in ("1598", "1737")] == ["1598", "1737"]
        avila = next(row for row in rows if row["id"] == "avila")
        assert avila["extends"] == "1737" and sum(avila["statuses"].values()) == len(RULE_NAMES)
        assert avila["options"] == [] and avila["statuses"]["attested"] == 1
    elif fmt == "markdown":
        assert "| id | name |" in out and "| 1737 |" in out
    else:
        lines = out.splitlines()
        assert lines[0].split()[:4] == ["id", "name", "period", "region"]
        assert any(line.startswith("1737 ") and "Rentoy after" in line for line in lines)


@pytest.mark.parametrize("fmt", ["text", "markdown", "json"])
def test_rules_formats(capsys, fmt):
    status, out, err = run(capsys, "rules", "1737+borrego", "-f", fmt)
    assert status == 0 and err == ""
    if fmt == "json":
        data = json.loads(out)
        rules = {r["rule"]: r for r in _records(data)}
        assert rules["top_cards"]["value"] == ["4T"]
        assert rules["top_cards"]["option"] == "borrego"
        assert rules["arrastre"]["status"] == "inferred"
        assert rules["arrastre"]["source"] == ["source-es", "autoridades-1737",
                                               "autoridades-ombre"]
        assert rules["players"]["sources"][0] == {
            "id": "autoridades-1737", "kind": "period", "date": "1737",
            "label": "period text, 1737"}
    else:
        assert "the 4 of the trump suit" in out and "option borrego" in out
        assert "Duty when a trump is led (arrastre)" in out and "The betting" in out


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_rules_as_a_table(capsys, fmt):
    status, out, err = run(capsys, "rules", "1737+borrego", "--table", "-f", fmt)
    assert status == 0 and err == ""
    assert "4T" in out and "option borrego" in out and "arrastre" in out


def test_rules_read_like_a_page_by_section(capsys):
    status, out, _ = run(capsys, "rules", "1737", "--width", "80")
    assert status == 0
    lines = out.splitlines()
    order = [lines.index(title) for title in ("Players and the deal", "The cards and their order",
                                              "The play of the tricks", "The betting", "Scoring")]
    assert order == sorted(order)
    assert "- Points that win the game: 12 points. [inferred" in out
    assert "- Order of the trumps: 2, Rey, Caballo, Sota, As, 7, 6, 5, 4 and 3." in out
    assert all(len(line) <= 80 for line in lines)
    assert "Options (choose with 1737+OPTION)" in out


def _records(data) -> list[dict]:
    if isinstance(data, list):
        if data and isinstance(data[0], dict) and "rule" in data[0]:
            return data
        return [r for item in data for r in _records(item)]
    if isinstance(data, dict):
        return [r for value in data.values() for r in _records(value)]
    return []


def test_rules_of_a_file_with_options(capsys):
    path = str(FIXTURES / "plain-top-cards.yaml") + "+as-trumps"
    status, out, _ = run(capsys, "rules", path, "--table")
    assert status == 0 and "plain-top-cards+as-trumps" in out and "5b > 4T" in out


def test_check_a_valid_variant(capsys):
    # Texts without their Spanish are warned of apart (tests/test_i18n_reports.py).
    status, out, err = run(capsys, "check", "variants/1737.yaml", "--translations", "none")
    assert status == 0 and err == ""
    assert out.startswith("variants/1737.yaml: ok: variant 1737")


def test_check_several_files_json(capsys, tmp_path):
    bad = tmp_path / "mine.yaml"
    bad.write_text(MISSPELT, encoding="utf-8")
    status, out, err = run(capsys, "check", str(FIXTURES / "five-cards.yaml"), str(bad),
                           "--format", "json")
    assert status == 2
    report = json.loads(out)
    assert report["ok"] is False
    good, wrong = report["results"]
    assert good["ok"] and good["kind"] == "variant" and good["problems"] == []
    (problem,) = wrong["problems"]
    assert (problem["file"], problem["line"], problem["column"]) == (str(bad), 6, 3)
    assert problem["path"] == "rules.arrastr"
    assert problem["hint"] == "did you mean `arrastre`?"
    assert "unknown key `arrastr`" in err


def test_check_forced_kind(capsys, tmp_path):
    path = tmp_path / "odd.yaml"
    path.write_text("id: odd\nname: Odd\nextends: '1737'\n", encoding="utf-8")
    status, out, _ = run(capsys, "check", "--kind", "variant", str(path))
    assert status == 0 and "variant odd" in out


def test_check_cannot_tell_what_a_file_is(capsys, tmp_path):
    path = tmp_path / "what.yaml"
    path.write_text("hello: world\n", encoding="utf-8")
    status, _, err = run(capsys, "check", str(path))
    assert status == 2 and "cannot tell whether this is a variant file" in err
    assert f"{path}:1:1" in err


def test_check_json_is_indented_and_ends_in_one_newline(capsys):
    status, out, _ = run(capsys, "check", "variants/1737.yaml", "--format", "json")
    assert status == 0 and out.endswith("}\n") and not out.endswith("\n\n")
    assert out == json.dumps(json.loads(out), indent=2, ensure_ascii=False) + "\n"


def test_run_json_and_format_json_print_the_same(capsys):
    example = str(ROOT / "docs" / "examples" / "betting-from-4-5.yaml")
    outputs = {flags: run(capsys, "run", example, *flags)
               for flags in (("--json",), ("--format", "json"), ("-f", "json"))}
    assert len(set(outputs.values())) == 1
    status, out, _ = outputs[("--json",)]
    assert status == 0 and list(json.loads(out)) == ["ok", "results"]
    for fmt in ("text", "markdown"):
        status, out, _ = run(capsys, "run", example, "--format", fmt, "--quiet")
        assert status == 0 and out.endswith("\n") and not out.endswith("\n\n")
