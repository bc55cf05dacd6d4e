"""The add-a-rule recipe of docs/development.md, followed on a scratch copy of the project.

The page's own code (the rule table's row, the refusal, the check) is taken from the
page and put where the page says, the generated files are written again, and then: the
legal actions leave the refused raise out, the refusal names the rule and its source,
the reason-code table and the rules page show it, and the conformance suite, whose
reference model is taught the rule as the page says, plays a variant that sets it. The
same suite fails before the model knows the rule: the reference is independent.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "development.md"


def recipe_code() -> list[str]:
    """The Python blocks of the page's "How to add a rule" section, in order."""
    text = PAGE.read_text(encoding="utf-8")
    section = text[text.index("(add-a-rule)="):text.index("## Types and lint")]
    return [textwrap.dedent(block) for block in
            re.findall(r"```python\n(.*?)```", section, flags=re.S)]


def recipe_translations() -> dict[str, str]:
    """The Spanish of the page's "Its words in Spanish" step: msgid -> msgstr."""
    text = PAGE.read_text(encoding="utf-8")
    section = text[text.index("(add-a-rule)="):text.index("## Types and lint")]
    block = re.search(r"```po\n(.*?)```", section, flags=re.S)
    assert block, "the recipe gives no Spanish"
    pairs = re.findall(r'msgid "(.*)"\s*\n\s*msgstr "(.*)"', block.group(1))
    return dict(pairs)


def _translate(root: Path, spanish: dict[str, str]) -> None:
    """Fill each new, untranslated entry of the scratch copy's catalog parts."""
    from babel.messages.pofile import read_po, write_po

    for path in sorted((root / "rentoy" / "locale" / "es" / "parts").glob("rentoy-*.po")):
        with path.open("rb") as handle:
            catalog = read_po(handle, locale="es")
        changed = False
        for entry in catalog:
            if entry.id in spanish and not entry.string:
                entry.string = spanish[entry.id]
                changed = True
        if changed:
            with path.open("wb") as handle:
                write_po(handle, catalog, width=88, sort_output=False)


def _insert(path: Path, before: str, code: str, after: str | None = None) -> None:
    """Put ``code`` in ``path`` just before the first ``before`` (that follows ``after``)."""
    text = path.read_text(encoding="utf-8")
    start = text.index(after) if after else 0
    at = text.index(before, start)
    path.write_text(text[:at] + code + text[at:], encoding="utf-8")


FIXTURE = """\
id: partner-waits
name: The dealer's partner does not raise first
extends: "1737"
rules:
  dealer_partner_raises: {value: false, status: assumed, note: a house rule of the test}
  juego_fuera: {value: raise, status: assumed, note: the call for the whole game too}
"""

# What the page's third step asks of the tests: the reference model refuses the raise.
MODEL_RULE = """\
        if (not rules.dealer_partner_raises and self.raises == 0
                and self.turn == (self.dealer + 2) % self.players):
            may = False
"""

CHECK = """\
import json, sys
from rentoy.engine import REASONS, Hand, Deal
from rentoy.variants import load_variant
variant = load_variant(sys.argv[1])
deal = Deal.parse([["3c", "6b", "7e"], ["12c", "2b", "4e"], ["2c", "1o", "5e"],
                   ["11c", "3b", "6e"]], up="5o")
hand = Hand(variant, deal=deal)
hand.apply("0 play 3c")
refused = hand.refusal("1 raise")
called = hand.refusal("1 game")
legal = [str(a) for a in hand.legal_actions()]
other = Hand(load_variant("1737"), deal=deal)
other.apply("0 play 3c")
print(json.dumps({"legal": legal, "reason": refused.reason, "rule": refused.rule,
                  "called": called.reason,
                  "message": str(refused), "known": "partner-first-raise" in REASONS,
                  "default": [str(a) for a in other.legal_actions()],
                  "answer": Hand(variant, deal=deal).can("0 raise")}))
"""


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project with the page's rule added the way the page says."""
    root = tmp_path_factory.mktemp("recipe")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "_build", ".hypothesis")
    for part in ("rentoy", "variants", "tests", "docs/tutorial", "docs/examples"):
        shutil.copytree(ROOT / part, root / part, ignore=ignore)
    shutil.copy(ROOT / "conftest.py", root / "conftest.py")
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    row, refusal, check = recipe_code()
    _insert(root / "rentoy" / "model" / "ruletable.py", "\n)\n", "\n" + textwrap.indent(row, "    ").rstrip(),
            after="RULES: Mapping[str, RuleSpec] = _rules(")
    rules = root / "rentoy" / "engine" / "rules.py"
    _insert(rules, "def raise_refusal(", refusal + "\n\n")
    _insert(rules, "    return None\n", textwrap.indent(check, "    "), after="def stakes_refusal(")
    subprocess.run([sys.executable, "-m", "rentoy.schemagen"], cwd=root, check=True,
                   capture_output=True)
    # Its words in Spanish: the new texts into the catalog's parts, the page's Spanish
    # written in, the catalogs compiled.
    subprocess.run([sys.executable, "-m", "rentoy.catalogs", "update"], cwd=root, check=True,
                   capture_output=True)
    _translate(root, recipe_translations())
    subprocess.run([sys.executable, "-m", "rentoy.catalogs", "compile"], cwd=root,
                   check=True, capture_output=True)
    (root / "tests" / "fixtures" / "variants" / "partner-waits.yaml").write_text(FIXTURE)
    return root


def _run(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=root, capture_output=True, text=True,
                          timeout=600)


def test_the_page_gives_the_three_pieces_of_code() -> None:
    row, refusal, check = recipe_code()
    assert row.startswith("RuleSpec(") and "dealer_partner_raises" in row
    assert "@_refusal(" in refusal and "return PARTNER_FIRST_RAISE" in check


def test_the_new_rule_speaks_spanish_and_the_counts_follow(scratch: Path) -> None:
    done = _run(scratch, "-m", "rentoy.catalogs", "check")
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    select = ["-m", "pytest", "-q", "-p", "no:cacheprovider",
              "tests/test_i18n_reports.py::test_every_text_of_the_reports_has_its_spanish",
              "tests/test_i18n_messages.py::test_every_refusal_has_its_spanish_words",
              "tests/test_i18n_messages.py::test_check_sums_up_a_file_in_spanish"]
    done = _run(scratch, *select)
    assert done.returncode == 0, done.stdout[-3000:]
    assert "failed" not in done.stdout


def test_the_legal_actions_and_the_refusal_follow_the_new_rule(scratch: Path) -> None:
    fixture = str(scratch / "tests" / "fixtures" / "variants" / "partner-waits.yaml")
    done = _run(scratch, "-c", CHECK, fixture)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert "1 raise" not in seen["legal"] and "1 raise" in seen["default"]
    # The call for the whole game raises the stakes too: the same gate refuses it.
    assert "1 game" not in seen["legal"] and seen["called"] == "partner-first-raise"
    assert seen["reason"] == "partner-first-raise" and seen["rule"] == "dealer_partner_raises"
    assert "the dealer's partner" in seen["message"] and seen["known"]
    assert seen["answer"]                       # the mano may still raise first


def test_the_schema_and_the_rules_page_show_the_new_rule(scratch: Path) -> None:
    schema = json.loads((scratch / "variants" / "schema.json").read_text())
    entry = schema["properties"]["rules"]["properties"]["dealer_partner_raises"]
    assert entry["title"] == "The dealer's partner may raise first"
    fixture = str(scratch / "tests" / "fixtures" / "variants" / "partner-waits.yaml")
    done = _run(scratch, "-m", "rentoy", "rules", fixture, "-f", "json")
    assert done.returncode == 0, done.stderr
    assert "dealer_partner_raises" in done.stdout


def test_the_conformance_reference_learns_the_rule(scratch: Path) -> None:
    select = ["-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
              "tests/test_conformance.py::test_conformance[fixture:partner-waits]"]
    before = _run(scratch, *select)
    assert before.returncode == 1, before.stdout[-2000:]    # the model does not know it yet
    model = scratch / "tests" / "test_conformance.py"
    _insert(model, "        if may and self.level < top", MODEL_RULE, after="def legal(self)")
    after = _run(scratch, *select)
    assert after.returncode == 0, after.stdout[-3000:]
    assert "1 passed" in after.stdout and "failed" not in after.stdout
