"""The docs site builds with -W -n, and what it shows is generated from the YAML.

One build of the project's docs (HTML, warnings as errors, nitpicky) serves the tests
on its pages; a second build, from a copy of docs/ and variants/ with one rule
changed, checks that the new value reaches every page that shows it, and then that
editing, adding and breaking files rebuilds exactly what depends on them (that one in
tests/test_docs_edits.py, so that it builds on one process while this file's build
serves the pages' tests on the other).
"""

from __future__ import annotations

import html
import re
import subprocess
import json
from pathlib import Path

import pytest
from sphinxbuild import sphinx_build

from rentoy.engine import REASONS
from rentoy.ruletable import RULE_NAMES
from rentoy.variants import builtin_ids, builtin_variants, load_variant
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
def site(built_site: Path) -> Path:
    return built_site      # built once per run (conftest.py), as the README builds it


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
    # Every leaf's outcome, as the source text's example has them, leads the page: the
    # outcomes come before the deal, each linked to its branch, which is folded and
    # never nested in another.
    start, deal = markup.index('id="outcomes"'), markup.index('id="the-deal"')
    assert start < deal
    outcomes = markup[start:deal]
    for result in run.results:
        label = html.escape(" › ".join(result.path), quote=False)
        link = re.search(rf'<a class="reference internal" href="#([^"]+)">{re.escape(label)}</a>',
                         outcomes)
        assert link, label
        assert re.search(rf'<details class="rentoy-branch[^"]*" id="{link.group(1)}"', markup)
    scores = {f"A {r.score[0]}, B {r.score[1]}" for r in run.results}
    assert {"A 4, B 8", "A 10, B 5", "A 4, B 11", "A 13, B 5", "A 4, B 14"} <= scores
    for score in scores:
        assert f"<p>{score}</p>" in outcomes
    for branch in re.split(r"<details", markup)[1:]:
        assert branch.index("</details>") < (branch.find("<details") % 10**9)


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
    # The grid comes in parts of a few variants each; a rule's row in every part,
    # read in order, gives its status in every variant.
    for rule in RULE_NAMES:
        rows = re.findall(rf'<tr[^>]*>\s*<th[^>]*><p><span class="rentoy-rule-label">'
                          rf'(?:(?!</th>).)*?<span class="pre">{rule}</span>.*?</th>(.*?)</tr>',
                          table, re.S)
        assert len(rows) >= 2, rule
        statuses = [s for r in rows for s in re.findall(r'<td class="rentoy-cell-(\w+)', r)]
        assert statuses == [v.provenance[rule].status for v in variants], rule


def test_compare_highlights_the_arrastre_difference(site: Path) -> None:
    markup = page(site, "compare")
    two = markup[markup.index("two-variants-every-rule"):]
    arrastre = re.search(r'<tr class="rentoy-differs[^"]*">(.*?)</tr>', two, re.S).group(1)
    assert "arrastre" in arrastre
    assert re.search(r'rentoy-differs"><p><span class="rentoy-value">everyone who holds a '
                     r'trump must play one, and one higher', arrastre)
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


def test_spanish_quoted_in_the_notes_is_marked_spanish(site: Path) -> None:
    # The period texts' words a rule's note quotes, as the glossary's headwords: a screen
    # reader says them in Spanish. Words quoted in English are not marked.
    markup = page(site, "variants/generated/1737")
    marked = re.findall(r'<span class="rentoy-es" lang="es">([^<]*)</span>', markup)
    assert "Se dán tres cartas à cada uno" in marked
    assert "el dos de todos palos" in marked
    assert "“<span class=\"rentoy-es\" lang=\"es\">el quatro</span>”" in markup
    assert "as in ombre" not in marked
    assert re.search(r'<span class="rentoy-es" lang="es">[^<]+</span>',
                     page(site, "glossary"))


def test_roles_quote_the_variant_files(site: Path) -> None:
    rules = (DOCS / "rules.md").read_text(encoding="utf-8")
    markup = page(site, "rules")
    # A value is shown as the files write it: a word of the file as code, a number not.
    values = {text_of(v) for v in re.findall(r'<span class="rentoy-value">(.*?)</span>', markup)}
    values |= {text_of(v) for v in re.findall(
        r'<code class="[^"]*rentoy-value[^"]*">(.*?)</code>', markup, re.S)}
    for spec, rule in set(re.findall(r"\{rentoy-value\}`([^`:]+):(\w+)`", rules)):
        from rentoy.comparison import format_value

        shown = format_value(rule, load_variant(spec).values[rule])
        assert " ".join(shown.split()) in values, (spec, rule)


def test_the_site_words_origins_and_values_as_the_command_line_does(site: Path) -> None:
    from rentoy.comparison import rule_record
    from rentoy.walkthrough.narrate import value_text

    # A rule the variant's own file states is shown in full; one inherited unchanged
    # is one line under "↑ PARENT", its evidence folded away. Values are the CLI's.
    for vid in ("1737", "avila"):
        markup = page(site, f"variants/generated/{vid}")
        variant = load_variant(vid)
        for rule in RULE_NAMES:
            cells = row(markup, f"rule-{vid}-{rule}".replace("_", "-"))
            record = rule_record(variant, rule)
            # The value in words, then as the files write it (when that differs).
            assert f'<span class="rentoy-value">{html.escape(record["words"], quote=False)}' \
                   f"</span>" in cells, (vid, rule)
            if record["words"] != record["display"]:
                assert " ".join(record["display"].split()) in text_of(cells), (vid, rule)
            folded = re.search(r"<details[^>]*>\s*<summary>(.*?)</summary>", cells, re.S)
            if record["from"] == "this file":
                assert folded is None, (vid, rule)
            else:
                assert folded and text_of(folded.group(1)).replace(" ,", ",") == \
                    record["from"].replace("as in ", "↑ "), (vid, rule)
    # Ávila's one difference from 1737 leads its page, highlighted.
    avila = page(site, "variants/generated/avila")
    differs = avila[avila.index('id="how-modern-avila-differs-from-1737"'):]
    differs = differs[:differs.index("</table>")]
    assert len(re.findall(r"<tr", differs)) == 2          # the heading and one rule
    assert "arrastre" in differs and ('<span class="rentoy-value">everyone who holds a trump '
                                      'must play one, and one higher') in differs
    assert re.search(r'<tr class="rentoy-changed[^"]*" id="rule-avila-arrastre"', avila)
    path = DOCS / "examples" / "huetor-pata.yaml"
    outcomes = page(site, f"worked-examples/generated/{path.stem}")
    outcomes = outcomes[outcomes.index('id="outcomes"'):]
    values = {r.value for r in run_walkthrough(path).results}
    assert "game" in values
    for value in values:
        assert f"<p>{value_text(value)}</p>" in outcomes


# ---------------------------------------------------------------------------------------
# Made for reading: the first pages, the plot, the API pages, search.

def test_the_five_minute_page_deals_plays_and_lists_the_differences(site: Path) -> None:
    markup = page(site, "play")
    text = text_of(markup)
    order = ["players-and-teams", "the-cards", "the-deal-and-the-muestra", "playing-a-trick",
             "betting-the-raise-and-its-answers", "scoring", "how-the-variants-differ",
             "history"]
    assert [markup.index(f'id="{part}"') for part in order] == \
        sorted(markup.index(f'id="{part}"') for part in order)
    deck = markup[markup.index('class="rentoy-deck'):markup.index('id="the-deal')]
    deck = deck.split("rentoy-card-orders")[0]
    assert len(re.findall(r'<abbr class="rentoy-face rentoy-face-\w" title="[^"]+"><svg', deck)) \
        == 40
    # The trick the engine played: seat 2 trumps the copas trick with the ace of oros.
    assert re.search(r'seat 2 <abbr class="rentoy-card rentoy-suit-o rentoy-card-won"', markup)
    assert "seat 2 (team A) wins the trick" in text
    assert "Team A wins the hand by tricks and scores 3" in text
    differ = markup[markup.index('id="how-the-variants-differ"'):]
    assert "Duty when a trump is led (arrastre)" in text_of(differ) and "overtrump" in differ
    index = page(site, "index")
    first = index[:index.index("Cervantes names")]
    assert len(re.findall(r'<abbr class="rentoy-face ', first)) == 40
    assert 'href="play.html"' in first


def test_the_compare_page_leads_with_strong_and_perfect_play(site: Path) -> None:
    markup = page(site, "compare")
    answer = markup.index('class="rentoy-answer-lead')
    assert answer < markup.index("rentoy-compare") < markup.index('id="compare-simulated"')
    lead = text_of(markup[answer:markup.index("rentoy-compare")])
    games = json.loads((ROOT / "docs" / "data" / "rule-effects.json").read_text(
        encoding="utf-8"))["strong_play"]["games"]
    assert "strong play" in lead and "perfect play" in lead and f"{games:,} games" in lead
    # Variants that play the cards alike share a row; their difference is not measured.
    assert "by construction: the cards are played as in 1737" in lead
    # Every chart is named for screen readers, and each panel says what it rests on.
    assert re.search(r'<div class="rentoy-panels" role="group" aria-label="Perfect play', markup)
    assert 'aria-label="Winner differs from 1737 (perfect play, 3,000 deals)"' in markup
    # Random play: identical rows are one ("1598, 1704, 1737: the same").
    random_play = text_of(markup[markup.index('id="compare-simulated"'):])
    assert "1598, 1704, 1737: the same" in random_play
    assert "1598, 1704 played exactly as 1737 on these games" in random_play
    assert "1598 - 1737" not in random_play


def test_each_variant_page_offers_its_files_and_every_page_where_to_get_rentoy(site: Path
                                                                             ) -> None:
    import json

    html = site / "html"
    markup = page(site, "variants/generated/avila")
    assert 'href="../../download/variants/avila.yaml"' in markup
    assert 'href="../../download/variants/avila.json"' in markup
    shipped = html / "download" / "variants"
    assert (shipped / "avila.yaml").read_text("utf-8") == \
        (ROOT / "variants" / "avila.yaml").read_text("utf-8")
    rules = json.loads((shipped / "avila.json").read_text("utf-8"))
    assert "arrastre" in json.dumps(rules)
    from rentoy import __version__

    for name in (f"rentoy-{__version__}.tar.gz", f"rentoy-{__version__}-py3-none-any.whl"):
        assert (html / "download" / name).stat().st_size > 10_000, name
    for name in ("index", "compare", "api/engine", "variants/generated/1737"):
        get = re.search(r'<p class="rentoy-get">(.*?)</p>', page(site, name), re.S)
        assert get and "wheel</a>" in get.group(1) and "source archive</a>" in get.group(1)
    # The published folder is the pages alone: no doctrees in it.
    assert not list(html.rglob("*.doctree"))


def test_the_betting_tree_links_each_box_to_its_branch(site: Path) -> None:
    markup = page(site, "worked-examples/generated/betting-from-4-5")
    tree = re.search(r'<svg [^>]*class="rentoy-figure rentoy-tree"[^>]*>(.*?)</svg>',
                     markup, re.S)
    assert tree and 'aria-label="The branches of Betting from 4-5 as a tree: 10 endings"' \
        in markup
    links = re.findall(r'<a href="#([^"]+)" class="rentoy-tree-node">', tree.group(1))
    branches = re.findall(r'<details class="rentoy-branch[^"]*" id="([^"]+)"', markup)
    assert sorted(links) == sorted(branches) and len(links) == 14
    # Each ending shows its final score.
    for score in ("A 4, B 8", "A 10, B 5", "A 4, B 11", "A 13, B 5", "A 4, B 14", "A 16, B 5"):
        assert f">{score}</text>" in tree.group(1), score


def test_the_map_places_each_regional_form(site: Path) -> None:
    markup = page(site, "variants/index")
    found = re.search(r'<svg [^>]*class="rentoy-figure rentoy-map"[^>]*>(.*?)</svg>',
                      markup, re.S)
    assert found and "<title id=\"rentoy-map-title\">Map of Spain" in markup
    linked = set(re.findall(r'<a href="generated/(\w+)\.html#variant-\w+">', found.group(1)))
    assert linked == {"avila", "conil", "galicia", "huetor", "sanlucar"}
    assert "Not placed, as their sources give them for Spain as a whole" in text_of(markup)


def test_main_pages_read_at_390_and_1280_px(site: Path) -> None:
    """A quick look in Chromium at the main pages (the whole site: ``-m browser``)."""
    from devtools import Browser, find_chromium
    from pagecheck import DESKTOP, MAIN_PAGES, PHONE, check_page, tap_shows_card_name

    executable = find_chromium()
    if executable is None:
        pytest.skip("no Chromium installed (chromium, chromium-browser or google-chrome; "
                    "on Debian: apt-get install chromium)")
    problems = []
    with Browser(executable) as browser:
        for name in ("index", "compare", "worked-examples/generated/betting-from-4-5",
                     "family"):
            for width, height, dark in ((*PHONE, False), (*PHONE, True), (*DESKTOP, False)):
                problems += check_page(browser, site / "html", name, width, height,
                                       MAIN_PAGES[name], dark=dark).problems()
        assert tap_shows_card_name(browser, site / "html") == "Dos de oros"
    assert not problems, "\n".join(problems)


def test_each_module_has_its_api_page_without_noise(site: Path) -> None:
    api = site / "html" / "api"
    pages = {p.stem for p in api.glob("*.html")}
    assert {"cards", "variants", "engine", "walkthrough", "compare", "simulate"} <= pages
    for path in [*api.glob("*.html"), site / "html" / "api.html"]:
        text = path.read_text(encoding="utf-8")
        assert "Bases: <code" not in text and "Bases: object" not in text, path
    for path in (site / "html").rglob("*.html"):
        assert "DESIGN" not in text_of(path.read_text(encoding="utf-8")), path


def test_example_and_variant_indexes_list_each_page_once(site: Path) -> None:
    for name, folder in (("worked-examples/index", EXAMPLES), ("variants/index", None)):
        markup = page(site, name)
        article = markup[markup.index("<article"):markup.index("</article>")]
        stems = [p.stem for p in folder] if folder else builtin_ids()
        # Listed by the generated table; the table of contents is in the sidebar only.
        assert "toctree-l1" not in article, name
        for stem in stems:
            assert f'href="generated/{stem}.html' in article, (name, stem)


def test_search_folds_accents(site: Path) -> None:
    from rentoy.sphinxext.search import FoldingEnglish

    lang = FoldingEnglish({})
    assert lang.stem("señas") == lang.stem("senas") == lang.stem("Señas")
    index = (site / "html" / "searchindex.js").read_text(encoding="utf-8")
    assert re.search(r'"sena":\[', index)
    script = (site / "html" / "_static" / "language_data.js").read_text(encoding="utf-8")
    assert 'normalize("NFD")' in script and script.index("EnglishStemmer") < \
        script.index('normalize("NFD")')


def test_the_rule_effects_page_writes_a_duty_neither_variant_has_as_zero_by_construction(
        site: Path) -> None:
    markup = page(site, "rule-effects")
    # Over-trumping is Ávila's duty alone: the other variants' zero is not a measurement,
    # in the strong-play chart (3 rows) and its table (3 cells), nor is following suit
    # (1737+como-al-hombre's alone).
    assert markup.count("by construction: neither variant has the duty") == 6
    assert markup.count("0 by construction (neither has the duty)") == 6
    assert "0.0 pp [0.0, 0.0]" not in text_of(markup)


def test_the_command_line_page_shows_options_and_quotes_as_typed(site: Path) -> None:
    # Smart quotes would make --table an en dash and a shell quotation curly.
    markup = text_of(page(site, "cli"))
    assert "--table prints one row a rule" in markup and "–table" not in markup
    assert "rentoy solve '12o 3e 7c | 6e 7e 10o | 7o 5b 3o | 11o 12b 5e / up 6b'" in markup
