"""The docs follow their sources: a build from a copy of docs/ and variants/ with one
rule changed shows the new value on every page that shows it, and editing, adding and
breaking files rebuilds exactly what depends on them (the pages' own tests on the
project's build are in tests/test_docs.py)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from test_docs import DOCS, QUICK, ROOT, page, row, sphinx, text_of

from rentoy.variants import builtin_ids, builtin_variants


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
    from rentoy.comparison import value_words

    # A page shows the value as the files write it, or (a table) in words.
    shown, words = "2, 4, 6, 8, 10", value_words("players", (2, 4, 6, 8, 10))
    pages = _pages_showing(copy / "docs", changed, "players")
    for name in sorted(pages):
        text = text_of(page(out, name))
        assert shown in text or words in text, name
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
    again = value_words("players", (2, 4, 6, 8, 12))
    for name in sorted(pages):
        text = text_of(page(out, name))
        assert ("2, 4, 6, 8, 12" in text or again in text) and shown not in text \
            and words not in text, name
    assert "An extra reading" in page(out, "variants/generated/extra")
    assert 'href="generated/extra.html' in page(out, "variants/index")
    assert "generated/zz-extra.html" in page(out, "worked-examples/index")
    assert 'href="variants/generated/extra.html' in page(out, "provenance")

    # An edit of a leaf variant (one no other extends) reads again the pages that read
    # its rules, not every variant's page (each names its children by lineage only).
    leaf = copy / "variants" / "huetor.yaml"
    leaf.write_text(leaf.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    done = sphinx(copy / "docs", out, *QUICK)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    reread = set(re.findall(r"reading sources\.\.\. \[[ \d]+%\] (\S+)", done.stdout))
    assert {"variants/generated/huetor", "provenance", "compare"} <= reread
    others = {f"variants/generated/{vid}" for vid in builtin_ids()} - {
        "variants/generated/huetor"}
    assert reread & others == set()
