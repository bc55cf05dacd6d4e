"""The docs site builds with -W -n, and what it shows is generated from the YAML.

One build of the project's docs (HTML, warnings as errors, nitpicky) serves the tests
on its pages; a second build, from a copy of docs/ and variants/ with one rule
changed, checks that the new value reaches every page that shows it, and then that
editing, adding and breaking files rebuilds exactly what depends on them.
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from sphinxbuild import sphinx_build

from rentoy.engine import REASONS
from rentoy.variants import RULE_NAMES, builtin_ids, builtin_variants, load_variant
from rentoy.walkthrough import run_walkthrough

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
EXAMPLES = sorted((DOCS / "examples").glob("*.yaml"))
QUICK = ("-D", "rentoy_simulations=0")   # the copy's checks need no simulation


def sphinx(src: Path, out: Path, *args: str, cwd: Path | None = None,
           builder: str = "html") -> subprocess.CompletedProcess:
    """Run sphinx-build (warnings as errors, nitpicky) and return the finished process."""
    return sphinx_build("-W", "-n", "-b", builder, "-d", str(out / ".doctrees"),
                        *args, str(src), str(out / builder), cwd=cwd or src.parent)


def page(out: Path, name: str) -> str:
    return (out / "html" / f"{name}.html").read_text(encoding="utf-8")


def text_of(markup: str) -> str:
    """The visible text of an HTML fragment, whitespace collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def row(markup: str, row_id: str) -> str:
    match = re.search(rf'<tr[^>]*id="{re.escape(row_id)}"[^>]*>(.*?)</tr>', markup, re.S)
    assert match, f"no table row {row_id}"
    return match.group(1)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    done = sphinx(DOCS, out, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    return out


def test_the_build_is_clean(site: Path) -> None:
    assert (site / "html" / "index.html").is_file()


def test_a_page_per_variant_and_per_walkthrough(site: Path) -> None:
    for vid in builtin_ids():
        text = page(site, f"variants/generated/{vid}")
        assert f'id="variant-{vid}"' in text or f'id="variant-{vid.lower()}"' in text
    for path in EXAMPLES:
        assert (site / "html" / "worked-examples" / "generated" / f"{path.stem}.html").is_file()
    index = page(site, "variants/index")
    for vid in builtin_ids():
        assert f'href="generated/{vid}.html' in index
    examples = page(site, "worked-examples/index")
    for path in EXAMPLES:
        assert f'generated/{path.stem}.html' in examples


def test_the_4_5_walkthrough_shows_cards_transcript_and_every_outcome(site: Path) -> None:
    path = DOCS / "examples" / "betting-from-4-5.yaml"
    run = run_walkthrough(path)
    markup = page(site, "worked-examples/generated/betting-from-4-5")
    text = text_of(markup)
    # The deal, drawn as cards with their Spanish names, the turned-up card marked.
    for hand in run.walkthrough.deal.hands:
        for card in hand:
            assert f'title="{card.name}"' in markup
    up = run.walkthrough.deal.up
    name = run.walkthrough.variant.rules.calls.turn_up
    assert re.search(rf'class="rentoy-card rentoy-suit-{up.suit} rentoy-card-up" '
                     rf'title="{up.name}, {name or "turned up"}"', markup)
    # The transcript: every branch and every action, the dead raise flagged.
    for segment in run.segments():
        if segment.name:
            assert html.escape(segment.name, quote=False) in markup
        for step in segment.steps:
            assert step.text in text
    assert "rentoy-dead" in markup and "A dead raise" in text
    # Every leaf's outcome, as DESIGN.md's example has them.
    outcomes = markup[markup.index('id="outcomes"'):]
    for result in run.results:
        assert html.escape(result.label, quote=False) in outcomes
    scores = {"-".join(map(str, r.score)) for r in run.results}
    assert {"4-8", "10-5", "4-11", "13-5", "4-14"} <= scores
    for score in scores:
        assert f"<p>{score}</p>" in outcomes


def test_rules_tables_link_their_sources(site: Path) -> None:
    markup = page(site, "variants/generated/1737")
    variant = load_variant("1737")
    bibliography = page(site, "sources")
    for rule in RULE_NAMES:
        cells = row(markup, f"rule-1737-{rule}".replace("_", "-"))
        prov = variant.provenance[rule]
        assert f"rentoy-status-{prov.status}" in cells
        for sid in prov.source:
            assert f'href="../../sources.html#source-{sid}"' in cells
            assert f'id="source-{sid}"' in bibliography


def test_provenance_matrix_has_every_rule_and_variant(site: Path) -> None:
    markup = page(site, "provenance")
    table = markup[markup.index("rentoy-matrix"):]
    variants = builtin_variants()
    for v in variants:
        assert f'href="variants/generated/{v.id}.html#variant-' in table
    for rule in RULE_NAMES:
        match = re.search(rf"<tr[^>]*>\s*<td[^>]*><p><code[^>]*><span class=\"pre\">{rule}"
                          r"</span></code></p>\s*</td>(.*?)</tr>", table, re.S)
        assert match, rule
        statuses = re.findall(r'<td class="rentoy-cell-(\w+)', match.group(1))
        assert statuses == [v.provenance[rule].status for v in variants], rule


def test_compare_highlights_the_arrastre_difference(site: Path) -> None:
    markup = page(site, "compare")
    two = markup[markup.index("two-variants-every-rule"):]
    arrastre = re.search(r'<tr class="rentoy-differs[^"]*">(.*?)</tr>', two, re.S).group(1)
    assert "arrastre" in arrastre
    assert re.search(r'rentoy-differs"><p><span class="rentoy-value">overtrump', arrastre)
    two = two[:two.index("</table>")]
    assert len(re.findall(r'<tr class="rentoy-differs', two)) == 1   # 1737, avila: one rule
    assert len(re.findall(r'<tr class="rentoy-same', two)) == len(RULE_NAMES) - 1
    assert "<svg" in markup                                   # the simulation's plot


def test_reason_codes_and_glossary(site: Path) -> None:
    api = page(site, "api")
    for code in REASONS:
        assert f'id="reason-{code}"' in api
    glossary = page(site, "glossary")
    assert 'id="term-baza"' in glossary


def test_roles_quote_the_variant_files(site: Path) -> None:
    rules = (DOCS / "rules.md").read_text(encoding="utf-8")
    markup = page(site, "rules")
    for spec, rule in set(re.findall(r"\{rentoy-value\}`([^`:]+):(\w+)`", rules)):
        from rentoy.reference import format_value

        shown = format_value(rule, load_variant(spec).values[rule])
        assert f'<span class="rentoy-value">{html.escape(shown, quote=False)}</span>' in markup


def test_the_site_words_origins_and_values_as_the_command_line_does(site: Path) -> None:
    from rentoy.reference import rule_record
    from rentoy.walkthrough.narrate import value_text

    for vid in ("1737", "avila"):
        markup = page(site, f"variants/generated/{vid}")
        variant = load_variant(vid)
        for rule in RULE_NAMES:
            cells = row(markup, f"rule-{vid}-{rule}".replace("_", "-"))
            stated_in = re.findall(r"<td[^>]*>(.*?)</td>", cells, re.S)[-1]
            assert text_of(stated_in).replace(" ,", ",") == \
                rule_record(variant, rule)["from"], (vid, rule)
    path = DOCS / "examples" / "huetor-pata.yaml"
    outcomes = page(site, f"worked-examples/generated/{path.stem}")
    outcomes = outcomes[outcomes.index('id="outcomes"'):]
    values = {r.value for r in run_walkthrough(path).results}
    assert "game" in values
    for value in values:
        assert f"<p>{value_text(value)}</p>" in outcomes


# ---------------------------------------------------------------------------------------
# A copy of the docs and the variants, edited.

def _pages_showing(docs: Path, variant_ids: set[str], rule: str) -> set[str]:
    """Pages whose source shows ``rule`` of one of ``variant_ids`` through a directive
    or role: rules tables, the variant pages, the comparison of all built-ins."""
    pages = {f"variants/generated/{v}" for v in variant_ids} | {"compare"}
    for source in docs.rglob("*.md"):
        if "_build" in source.parts or "generated" in source.parts:
            continue
        text = source.read_text(encoding="utf-8")
        name = source.relative_to(docs).with_suffix("").as_posix()
        for vid in variant_ids:
            if re.search(rf"\{{rentoy-(rules|variant)\}} {re.escape(vid)}\s", text) or \
                    f"{{rentoy-value}}`{vid}:{rule}`" in text:
                pages.add(name)
    return pages


def _players_of_each(variants_dir: Path) -> dict[str, tuple]:
    from rentoy.sphinxext.pages import use_variants_dir

    try:
        use_variants_dir(variants_dir)
        return {v.id: v.values["players"] for v in builtin_variants()}
    finally:
        use_variants_dir(None)


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("copy")
    shutil.copytree(DOCS, base / "docs", ignore=shutil.ignore_patterns("_build", "generated"))
    shutil.copytree(ROOT / "variants", base / "variants")
    return base


def _set_players(copy: Path, players: str) -> None:
    path = copy / "variants" / "1737.yaml"
    text = path.read_text(encoding="utf-8")
    new = re.sub(r"(\n  players:\n    value: )\[[^\]]*\]", rf"\g<1>{players}", text, count=1)
    assert new != text
    path.write_text(new, encoding="utf-8")


def test_an_edited_rule_shows_everywhere_and_edits_rebuild(copy: Path) -> None:
    out = copy / "out"
    _set_players(copy, "[2, 4, 6, 8, 10]")
    changed = {vid for vid, players in _players_of_each(copy / "variants").items()
               if players == (2, 4, 6, 8, 10)}
    assert "1737" in changed and "avila" in changed          # avila inherits it
    done = sphinx(copy / "docs", out, *QUICK)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    shown = "2, 4, 6, 8, 10"
    pages = _pages_showing(copy / "docs", changed, "players")
    for name in sorted(pages):
        assert shown in text_of(page(out, name)), name
    for vid in changed:
        assert shown in text_of(row(page(out, f"variants/generated/{vid}"),
                                    f"rule-{vid}-players"))

    # Edit again, and add a variant file and an example: the pages that read 1737.yaml
    # or list the variants are read again, the others are not; the new files get pages.
    _set_players(copy, "[2, 4, 6, 8, 12]")
    (copy / "variants" / "extra.yaml").write_text(
        'id: extra\nname: An extra reading\nextends: "1737"\nperiod: "1800"\n'
        "rules:\n  arrastre: {value: none, status: assumed, note: For the test.}\n",
        encoding="utf-8")
    example = copy / "docs" / "examples" / "zz-extra.yaml"
    example.write_text((DOCS / "examples" / "arrastre.yaml").read_text(encoding="utf-8")
                       .replace("title:", "title: Extra --", 1), encoding="utf-8")
    done = sphinx(copy / "docs", out, *QUICK)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    reread = set(re.findall(r"reading sources\.\.\. \[[ \d]+%\] (\S+)", done.stdout))
    assert {"variants/generated/1737", "compare", "provenance",
            "variants/generated/extra", "worked-examples/generated/zz-extra"} <= reread
    assert "api" not in reread and "cli" not in reread
    for name in sorted(pages):
        text = text_of(page(out, name))
        assert "2, 4, 6, 8, 12" in text and shown not in text, name
    assert "An extra reading" in page(out, "variants/generated/extra")
    assert 'href="generated/extra.html' in page(out, "variants/index")
    assert "generated/zz-extra.html" in page(out, "worked-examples/index")
    assert 'href="variants/generated/extra.html' in page(out, "provenance")
