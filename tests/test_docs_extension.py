"""The Sphinx extension on small sites: failures located, every builder served, helpers.

Each site is a page or two built in a temporary folder (with the project's variants
beside it), so these run in seconds; the whole site is built by test_docs.py.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from sphinxbuild import sphinx_build

from rentoy.i18n import has_translation, use_language
from rentoy.sources import load_sources
from rentoy.sphinxext.citations import short_citations
from rentoy.sphinxext.pages import _sync, variant_page, walkthrough_page
from rentoy.sphinxext.schema import _bare, _describe
from rentoy.validation import load_schema
from rentoy.variants import schema_path

ROOT = Path(__file__).resolve().parent.parent
BETTING = ROOT / "docs" / "examples" / "betting-from-4-5.yaml"

CONF = """\
extensions = ["myst_parser", "sphinx.ext.doctest", "rentoy.sphinxext"]
rentoy_variants_dir = "../variants"
rentoy_variant_pages = ""
rentoy_walkthrough_pages = ""
exclude_patterns = ["_build", "examples"]
"""


def make_site(base: Path, page: str, files: dict[str, str] | None = None) -> Path:
    """A site with one page (``index.md``) and ``files`` (path under docs -> text)."""
    docs = base / "docs"
    docs.mkdir(parents=True)
    if not (base / "variants").exists():
        shutil.copytree(ROOT / "variants", base / "variants")
    (docs / "conf.py").write_text(CONF, encoding="utf-8")
    (docs / "index.md").write_text(page, encoding="utf-8")
    for name, text in (files or {}).items():
        path = docs / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return docs


def build(docs: Path, builder: str = "html", strict: bool = True
          ) -> subprocess.CompletedProcess:
    flags = ["-W", "-n"] if strict else ["-n"]
    out = docs.parent / "out"
    return sphinx_build(*flags, "-b", builder, "-d", str(out / "doctrees"),
                        str(docs), str(out / builder), cwd=docs.parent, timeout=120)


def line_of(path: Path, text: str) -> int:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if text in line:
            return number
    raise AssertionError(f"{text!r} not in {path}")


# ---------------------------------------------------------------------------------------
# Failures: the build fails and says where.

def test_a_failed_expectation_fails_the_build_at_its_line(tmp_path: Path) -> None:
    broken = BETTING.read_text(encoding="utf-8").replace("score: [4, 8]", "score: [4, 9]", 1)
    assert broken != BETTING.read_text(encoding="utf-8")
    docs = make_site(tmp_path, "# Example\n\n```{rentoy-walkthrough} examples/broken.yaml\n```\n",
                     {"examples/broken.yaml": broken})
    line = line_of(docs / "examples" / "broken.yaml", "score: [4, 9]")
    done = build(docs)
    assert done.returncode != 0
    assert f"examples/broken.yaml:{line}: ERROR:" in done.stderr
    assert "A folds: score is [4, 8], expected [4, 9]" in done.stderr
    assert "index.md:3" in done.stderr                     # the directive that ran it
    assert "Traceback" not in done.stderr
    # Without -W the build fails too, and it keeps failing until the file is fixed.
    for _ in range(2):
        again = build(docs, strict=False)
        assert again.returncode == 1
        assert f"examples/broken.yaml:{line}: ERROR:" in again.stderr


def test_an_unexpected_refusal_names_the_action_and_reason(tmp_path: Path) -> None:
    walkthrough = ('title: Out of turn\nvariant: "1737"\n'
                   "deal:\n  hands: [[3c, 6b, 7e], [12c, 2b, 4e], [2c, 1o, 5e], [11c, 3b, 6e]]\n"
                   "  up: 5o\nactions:\n  - 0 play 3c\n  - 2 play 2c\n")
    docs = make_site(tmp_path, "# Example\n\n```{rentoy-walkthrough} turn.yaml\n```\n",
                     {"turn.yaml": walkthrough})
    done = build(docs)
    assert done.returncode != 0
    assert "turn.yaml:8: ERROR:" in done.stderr
    assert "`2 play 2c` was refused" in done.stderr and "not-your-turn" in done.stderr


def test_an_invalid_walkthrough_file_is_located(tmp_path: Path) -> None:
    walkthrough = 'title: Typo\nvariant: "1737"\nactoins: ["0 raise"]\n'
    docs = make_site(tmp_path, "# Example\n\n```{rentoy-walkthrough} typo.yaml\n```\n",
                     {"typo.yaml": walkthrough})
    done = build(docs)
    assert done.returncode != 0
    assert "typo.yaml:3" in done.stderr and "did you mean `actions`?" in done.stderr


def test_a_broken_example_variant_is_located(tmp_path: Path) -> None:
    variant = ('id: mine\nname: Mine\nextends: "1737"\nrules:\n'
               "  arrastre: {value: folow, status: assumed}\n")
    docs = make_site(tmp_path, "# Mine\n\n```{rentoy-example-variant} mine.yaml\n```\n",
                     {"mine.yaml": variant})
    done = build(docs)
    assert done.returncode != 0
    assert "mine.yaml:5" in done.stderr and "follow" in done.stderr


def test_bad_arguments_and_roles_are_located_with_suggestions(tmp_path: Path) -> None:
    page = ("# Page\n\n```{rentoy-rules} avilla\n```\n\n"
            "The ladder is {rentoy-value}`1737:ladderr`, see {rentoy-source}`autoridades-1738`.\n")
    docs = make_site(tmp_path, page)
    done = build(docs)
    assert done.returncode != 0
    errors = [line for line in done.stderr.splitlines() if "ERROR" in line]
    assert any("index.md:3" in e and "did you mean `avila`?" in e for e in errors), errors
    assert any("index.md:6" in e and "did you mean `ladder`?" in e for e in errors), errors
    assert any("index.md:6" in e and "autoridades-1737" in e for e in errors), errors


# ---------------------------------------------------------------------------------------
# Every builder: HTML draws cards, the others get text, the doctest builder runs.

PAGE = """\
# Everything

```{rentoy-card-orders} huetor
```

```{rentoy-ladder} modern
```

```{rentoy-rules} 1737+borrego
:rules: top_cards, ladder
```

```{rentoy-walkthrough} betting.yaml
```

The ladder of 1737 is {rentoy-value}`1737:ladder`, its follow-suit rule
{rentoy-status}`1737:follow_suit`.

```{doctest}
>>> 1 + 1
2
```

## Sources

```{rentoy-bibliography}
```
"""


@pytest.fixture(scope="module")
def everything(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("everything")
    return make_site(base, PAGE, {"betting.yaml": BETTING.read_text(encoding="utf-8")})


def test_text_builder_writes_cards_as_text(everything: Path) -> None:
    done = build(everything, "text")
    assert done.returncode == 0, done.stderr
    text = (everything.parent / "out" / "text" / "index.txt").read_text(encoding="utf-8")
    assert "2o (Dos de oros" in text          # the deal, and the muestra named
    assert "A folds" in text and "A 4, B 14" in text
    assert "4T" in text and "1 - 3 - 6 - 9 - 12" in text


def test_html_builder_draws_cards(everything: Path) -> None:
    done = build(everything, "html")
    assert done.returncode == 0, done.stderr
    markup = (everything.parent / "out" / "html" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<abbr class="rentoy-card rentoy-suit-o" title="Dos de oros">'
                     r'<span class="rentoy-card-rank">2</span>', markup)
    assert 'class="rentoy-status rentoy-status-disputed"' in markup


def test_doctest_builder_runs_the_page(everything: Path) -> None:
    done = build(everything, "doctest")
    assert done.returncode == 0, done.stderr
    assert "1 passed" in (everything.parent / "out" / "doctest" / "output.txt").read_text()


# ---------------------------------------------------------------------------------------
# Helpers.

def test_short_citations_tell_same_author_and_year_apart() -> None:
    labels = short_citations(load_sources())
    assert labels["autoridades-1737"] == ("Real Academia Española", None, "1737a")
    assert labels["autoridades-retrucar-1737"][2] == "1737b"
    assert labels["autoridades-querer-1737"][2] == "1737c"
    assert labels["cervantes-1613"] == ("Miguel de Cervantes", None, "1613")
    # An anonymous work is cited by its title; an undated one with its title.
    assert labels["estebanillo-1646"][0].startswith("La vida y hechos de Estebanillo")
    assert labels["moreto-cigarral"] == ("Agustín Moreto or Alonso de Castillo Solórzano",
                                         "El Marqués del Cigarral", "")


def test_schema_fragments_in_words() -> None:
    root = {"$defs": {"card": {"type": "string", "description": "A card code."}}}
    assert _describe({"enum": ["none", "follow"]}, root) == "one of `none`, `follow`"
    assert _describe({"enum": ["spanish-40"]}, root) == "only `spanish-40`"
    assert _describe({"type": "integer", "minimum": 1, "maximum": 19}, root) == \
        "a whole number from 1 to 19"
    assert _describe({"type": "array", "items": {"$ref": "#/$defs/card"},
                      "uniqueItems": True}, root) == \
        "a list, each item a card code (no repeats)"
    assert _describe({"type": "array", "items": {"type": "integer", "minimum": 2},
                      "minItems": 1}, root) == \
        "a list of whole numbers, at least 2 (at least 1 item)"
    assert _describe({"type": ["string", "integer", "null"]}, root) == \
        "text, a whole number or empty (`null`)"


def test_schema_fragments_in_spanish_words() -> None:
    schema = load_schema(str(schema_path()))
    rules = schema["properties"]["rules"]["properties"]
    with use_language("es"):
        players = _describe(_bare(rules["players"]), schema)
        ladder = _describe(_bare(rules["ladder"]), schema)
        region = _describe(schema["properties"]["region"], schema)
    assert players == ("una lista de números enteros de 2 a 38 (al menos 1 elemento, sin "
                       "repeticiones)")
    assert ladder.startswith("una lista de números enteros de 1 a 100 o `game` (al menos 1")
    assert region == "texto o vacío (`null`)"


def _descriptions(schema: dict, shown: dict) -> list[str]:
    """The descriptions the schema reference shows (or reads through a reference)."""
    found = [shown["description"]] if shown.get("description") else []
    for key in ("properties", "$defs"):
        for sub in (shown.get(key) or {}).values():
            found += _descriptions(schema, sub)
    for key in ("anyOf", "items", "additionalProperties"):
        value = shown.get(key)
        for sub in value if isinstance(value, list) else [value]:
            if isinstance(sub, dict):
                found += _descriptions(schema, sub)
    return found


def test_every_description_of_the_schema_has_its_spanish() -> None:
    from rentoy.ruletable import RULES

    schema = load_schema(str(schema_path()))
    texts = _descriptions(schema, schema)
    # The rule table's own texts, and the keys' descriptions marked where the schema is made.
    assert len(texts) > 60
    missing = [t for t in texts if not has_translation(t, "rentoy")
               and t != schema["$defs"]["sourceEntry"]["properties"]["kind"]["description"]]
    assert not missing
    assert all(has_translation(RULES[name].title, "rentoy") for name in RULES)


def test_the_status_legend_reads_the_statuses_meanings_in_the_language_spoken() -> None:
    from rentoy.sphinxext.variants import status_legend

    with use_language("es"):
        legend = status_legend().astext()
    assert "atestiguada: una fuente lo afirma" in legend
    assert "a source states it" not in legend


def test_spanish_passages_quoted_in_a_note_are_marked_spanish() -> None:
    from docutils import nodes

    from rentoy.sphinxext.evidence import spanish_quotations

    note = [nodes.Text('The dictionary: "Se dán tres cartas à cada uno" (three cards); '
                       'tricks "as in ombre", and "Quiero" for accepting; '),
            nodes.literal('"el quatro"', '"el quatro"')]
    found = spanish_quotations(note)
    marked = [n.astext() for n in found if isinstance(n, nodes.Element) and n.get("lang")]
    assert marked == ["Se dán tres cartas à cada uno", "Quiero"]
    # The page's quotation marks around a marked passage; the others left to the build.
    assert "".join(n.astext() for n in found) == (
        'The dictionary: “Se dán tres cartas à cada uno” (three cards); tricks "as in '
        'ombre", and “Quiero” for accepting; "el quatro"')
    with use_language("es"):
        said = "".join(n.astext() for n in spanish_quotations([nodes.Text('("Quiero")')]))
    assert said == "(«Quiero»)"


def test_sources_are_cited_in_the_language_spoken() -> None:
    from rentoy.sphinxext.citations import citation_text

    sources = load_sources()
    with use_language("es"):
        labels = short_citations(sources)
        cervantes = citation_text(sources["cervantes-1613"])
    english = short_citations(sources)
    wikipedia = next(s for s in sources.values()
                     if s.author == "English Wikipedia (its editors)")
    assert english[wikipedia.id][0] == "English Wikipedia"
    assert labels[wikipedia.id][0] == "Wikipedia en inglés"
    # The letters that tell one author's works of a year apart do not change.
    assert [v[2] for v in labels.values()] == [v[2] for v in english.values()]
    assert "la octava de las Novelas ejemplares" in cervantes
    assert "de la edición que usó la Academia" in cervantes


def test_the_catalogs_read_the_reasons_of_what_is_not_known() -> None:
    from rentoy.catalogs import texts_in

    entry = {"title": "T", "author": "the bar's owner", "year": None, "pages": "12",
             "not_known": {"year": "The sheet is undated.", "url": "None."}}
    assert sorted(texts_in({"house": entry})) == ["None.", "T", "The sheet is undated.",
                                                  "the bar's owner"]


def test_generated_pages_are_synced(tmp_path: Path) -> None:
    folder = tmp_path / "generated"
    _sync(folder, {"a": variant_page("a"), "b": walkthrough_page("../b.yaml")})
    # The title is a role, in the build's language: the page is the same in every one.
    assert (folder / "a.md").read_text().splitlines()[2] == "# {rentoy-variant-title}`a`"
    stamp = (folder / "a.md").stat().st_mtime_ns
    _sync(folder, {"a": variant_page("a")})
    assert (folder / "a.md").stat().st_mtime_ns == stamp        # unchanged: not rewritten
    assert not (folder / "b.md").exists()                         # gone: removed
    assert ":headings: sections" in walkthrough_page("../b.yaml")


def test_the_extension_declares_parallel_safety() -> None:
    from rentoy.sphinxext import setup

    class App:
        def __getattr__(self, name):
            return lambda *args, **kwargs: None

    meta = setup(App())  # type: ignore[arg-type]
    assert meta["parallel_read_safe"] and meta["parallel_write_safe"]
    json.dumps(meta)


def test_card_faces_count_their_emblems_and_break_their_frames() -> None:
    from rentoy.cards import parse_card
    from rentoy.sphinxext.faces import face_svg

    for rank in range(1, 8):
        face = face_svg(parse_card(f"{rank}o"))
        assert face.count('<g transform="translate(') == rank
    # The pintas: the frame's top and bottom lines in 1, 2, 3, 4 pieces by suit.
    for suit, pieces in (("o", 1), ("c", 2), ("e", 3), ("b", 4)):
        face = face_svg(parse_card(f"5{suit}"))
        assert len(re.findall(r'<path d="M[\d.]+ [\d.]+H[\d.]+"', face)) == 2 * pieces
    king = face_svg(parse_card("12c"))
    assert 'aria-label="Rey de copas"' in king and "l1.5-5" in king   # crowned
