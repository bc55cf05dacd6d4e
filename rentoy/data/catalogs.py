"""The translation catalogs: finding the texts to translate, merging, compiling, checking.

A tool for those who translate rentoy, not part of a run: it needs Babel (in the test and
docs extras). The texts are found in two places, each a gettext domain (see
:mod:`rentoy.core.i18n`):

- ``rentoy``: the program's own words, marked in the code with ``_()``, ``N_()`` and
  ``ngettext()``;
- ``variants``: the texts of the variant files and the worked examples (the values of
  :data:`TEXT_KEYS`).

Each domain's translations are kept in parts, ``rentoy/locale/<lang>/parts/
<domain>-<part>.po``: a code message belongs to the part of the folder it is first found
in (:data:`CODE_PARTS`), a file's text to the part named after the file. Commands::

    python -m rentoy.catalogs update     # add each new text to its part, untranslated
    python -m rentoy.catalogs compile    # merge the parts into the .mo files
    python -m rentoy.catalogs check      # fail on a missing, untranslated or fuzzy text,
                                         # or a .mo older than its parts

The site's hand-written pages have catalogs of their own, one per page, in
``docs/locales/<lang>/LC_MESSAGES/<page>.po`` (Sphinx's internationalisation): their
messages are what Sphinx's ``gettext`` builder finds on the pages, less the pages that
have none (:data:`SITE_UNCATALOGUED`: the API reference, which stays in English, and the
generated pages, which rentoy renders in the build's language)::

    python -m rentoy.catalogs site-update   # the pages' messages, by Sphinx's gettext
                                            # builder, merged into each page's .po (new
                                            # ones untranslated, changed ones fuzzy,
                                            # every translation kept)
    python -m rentoy.catalogs site-check    # fail on a page's message that its .po
                                            # lacks, leaves untranslated or marks fuzzy
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.i18n import DOMAINS, LANGUAGES
from ..core.i18n import LOCALE_DIR as _LOCALE_DIR

LOCALE_DIR = Path(_LOCALE_DIR)

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog
    from babel.messages.catalog import Message as BabelMessage

__all__ = ["Message", "TEXT_KEYS", "texts_in", "CODE_PARTS", "code_messages", "data_messages",
           "messages", "part_files", "read_parts", "compiled", "problems", "update",
           "compile_catalogs", "SITE_UNCATALOGUED", "site_templates", "site_update",
           "site_problems", "main"]

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = Path(__file__).resolve().parents[1]

#: The keys of the variant files (and worked examples) whose values are prose to
#: translate; a mapping under one of them is a mapping of such texts (``not_known``: for
#: each field of a source's apparatus, why it is not known). An author is a name, or a
#: description where there is none ("English Wikipedia (its editors)"); a section, a
#: place or an identifier may say how it was read or found ("the whole article", "(as a
#: bookseller's listing gives it)"): translated, a name as itself. A quotation's
#: reference is translated for its own words ("quoted in", "paragraph 2"), its titles
#: and pages kept; quotations themselves (original, modern) stay as written; the
#: Spanish edition shows a quotation's modern reading where the English gives its
#: translation (``english``).
TEXT_KEYS: frozenset[str] = frozenset({
    "note", "name", "title", "description", "gloss", "edition", "facsimile_note",
    "revision", "paraphrase", "label", "accessed", "region", "period", "author",
    "not_known", "section", "place", "identifier", "reference", "extent", "claim"})

#: The part of the ``rentoy`` catalog a message found in a folder (or file) belongs to;
#: the longest prefix wins, and anything else is ``core``.
CODE_PARTS: dict[str, str] = {
    "cli": "cli", "table": "table", "render": "reports", "comparison": "reports",
    "walkthrough": "narration", "model/ruletable.py": "rules", "data/glossary.py": "rules",
    "sphinxext": "site", "equity": "reports", "simulation": "reports",
    "sphinxext/play.py": "play",
}


@dataclass(frozen=True)
class Message:
    """A text to translate: its words (and plural), and where it was found."""

    domain: str
    id: str
    plural: str | None
    where: str        # "rentoy/cli/play.py:120" or "variants/1737.yaml"
    part: str


def _code_part(relative: str) -> str:
    inside = relative.removeprefix("rentoy/")
    best = max((p for p in CODE_PARTS if inside == p or inside.startswith(p + "/")),
               key=len, default=None)
    return CODE_PARTS[best] if best else "core"


def code_messages(package: Path = PACKAGE) -> list[Message]:
    """The messages marked in the code, in the order first found."""
    from babel.messages.extract import extract_from_dir  # optional: babel (the test extra)

    found: list[Message] = []
    keywords = {"_": None, "N_": None, "ngettext": (1, 2)}
    for filename, line, text, _comments, _context in extract_from_dir(
            str(package), method_map=[("**.py", "python")], keywords=keywords,
            comment_tags=("TRANSLATORS:",)):
        relative = f"rentoy/{filename}"
        if relative.startswith("rentoy/catalogs.py"):
            continue
        if isinstance(text, tuple):
            singular, plural = text[0], text[1]
        else:
            singular, plural = text, None
        if singular:
            found.append(Message("rentoy", singular, plural, f"{relative}:{line}",
                                 _code_part(relative)))
    return found


def texts_in(value: object, key: str | None = None) -> Iterator[str]:
    """The texts to translate in a loaded file: the values of :data:`TEXT_KEYS`."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from texts_in(v, key if key in TEXT_KEYS else str(k))
    elif isinstance(value, list):
        for v in value:
            yield from texts_in(v, key)
    elif isinstance(value, str) and key in TEXT_KEYS and value.strip():
        yield value


def data_files(root: Path = ROOT) -> list[Path]:
    """The variant files, worked examples and map places whose texts are translated."""
    return (sorted((root / "variants").glob("*.yaml"))
            + sorted((root / "docs" / "examples").glob("*.yaml"))
            + sorted((root / "docs" / "tutorial").glob("*.yaml"))
            + sorted((root / "docs" / "data" / "map").glob("*.yaml")))


def data_messages(root: Path = ROOT) -> list[Message]:
    """The texts of the variant files and worked examples."""
    import yaml  # at use: start-up (bench/startup.py)

    found: list[Message] = []
    for path in data_files(root):
        relative = path.relative_to(root).as_posix()
        part = {"variants": path.stem, "tutorial": "tutorial", "map": "map"}.get(
            path.parent.name, "examples")
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for text in texts_in(data):
            found.append(Message("variants", text, None, relative, part))
    return found


def messages(domain: str, root: Path = ROOT) -> list[Message]:
    """Every text of ``domain``, each once (where first found)."""
    found = code_messages(root / "rentoy") if domain == "rentoy" else data_messages(root)
    seen: dict[str, Message] = {}
    for message in found:
        seen.setdefault(message.id, message)
    return list(seen.values())


def part_files(lang: str, domain: str, locale: Path = LOCALE_DIR) -> list[Path]:
    """The parts of ``domain``'s catalog for ``lang``."""
    return sorted((locale / lang / "parts").glob(f"{domain}-*.po"))


def read_parts(lang: str, domain: str, locale: Path = LOCALE_DIR) -> Catalog:
    """The parts merged into one catalog (the first part to give a text wins)."""
    from babel.messages.catalog import Catalog  # optional: babel (the test extra)
    from babel.messages.pofile import read_po

    # Fixed dates in the header, so that the same parts always compile to the same bytes
    # (a freshness test compares them).
    fixed = datetime(2026, 1, 1, tzinfo=timezone.utc)
    merged = Catalog(locale=lang, domain=domain, project="rentoy", creation_date=fixed,
                     revision_date=fixed)
    for path in part_files(lang, domain, locale):
        with path.open("rb") as handle:
            part = read_po(handle, locale=lang)
        for message in part:
            if message.id and message.id not in merged:
                merged[message.id] = message
    return merged


def compiled(lang: str, domain: str, locale: Path = LOCALE_DIR) -> bytes:
    """The .mo file the parts make (fuzzy and untranslated texts left out)."""
    from babel.messages.mofile import write_mo  # optional: babel (the test extra)

    buffer = io.BytesIO()
    write_mo(buffer, read_parts(lang, domain, locale), use_fuzzy=False)
    return buffer.getvalue()


def compile_catalogs(langs: Iterable[str] = LANGUAGES[1:], locale: Path = LOCALE_DIR
                     ) -> list[Path]:
    """Write every domain's .mo for ``langs``; returns those written."""
    from ..core.files import write_atomic  # at use: start-up (bench/startup.py)

    written = []
    for lang in langs:
        for domain in DOMAINS:
            path = locale / lang / "LC_MESSAGES" / f"{domain}.mo"
            data = compiled(lang, domain, locale)
            if not path.exists() or path.read_bytes() != data:
                path.parent.mkdir(parents=True, exist_ok=True)
                written.append(write_atomic(path, data))
    return written


def _gap(entry: BabelMessage | None, text: str) -> str | None:
    """What an entry lacks for ``text`` (missing, fuzzy, untranslated), or None."""
    short = text if len(text) < 70 else text[:67] + "..."
    if entry is None:
        return f"lacks {short!r}"
    if entry.fuzzy:
        return f"{short!r} is fuzzy"
    if not _translated(entry):
        return f"{short!r} is not yet translated"
    return None


def _translated(message: BabelMessage) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return all(strings) and bool(strings)


def problems(lang: str, root: Path = ROOT, locale: Path = LOCALE_DIR,
             domains: Iterable[str] = DOMAINS) -> list[str]:
    """What keeps ``lang``'s catalogs from being complete, one line each."""
    found: list[str] = []
    for domain in domains:
        merged = read_parts(lang, domain, locale)
        for message in messages(domain, root):
            entry = merged.get(message.id)
            gap = _gap(entry, message.id)
            if gap:
                found.append(f"{message.where}: {lang}: {gap}" + (
                    " (run `python -m rentoy.catalogs update`)" if entry is None else ""))
        mo = locale / lang / "LC_MESSAGES" / f"{domain}.mo"
        if not mo.exists() or mo.read_bytes() != compiled(lang, domain, locale):
            found.append(f"{mo.relative_to(root) if mo.is_relative_to(root) else mo}: "
                         "older than its parts (run `python -m rentoy.catalogs compile`)")
    return found


def update(lang: str, root: Path = ROOT, locale: Path = LOCALE_DIR) -> dict[Path, int]:
    """Add each text that no part has to its part, untranslated; returns how many
    were added to each part file."""
    from babel.messages.catalog import Catalog  # optional: babel (the test extra)
    from babel.messages.pofile import read_po, write_po

    from ..core.files import write_atomic  # at use: start-up (bench/startup.py)

    added: dict[Path, int] = {}
    for domain in DOMAINS:
        merged = read_parts(lang, domain, locale)
        new: dict[str, list[Message]] = {}
        for message in messages(domain, root):
            if message.id not in merged:
                new.setdefault(message.part, []).append(message)
        for part, items in new.items():
            path = locale / lang / "parts" / f"{domain}-{part}.po"
            if path.exists():
                with path.open("rb") as handle:
                    catalog = read_po(handle, locale=lang)
            else:
                catalog = Catalog(locale=lang, domain=domain, project="rentoy")
            for message in items:
                file, _, line = message.where.partition(":")
                msgid = (message.id, message.plural) if message.plural else message.id
                catalog.add(msgid, locations=[(file, int(line) if line else 0)])
            # Babel marks any text with "% o" in it (as in "% of hands") python-format;
            # the texts are filled with str.format only, and msgfmt -c would refuse them.
            for entry in catalog:
                entry.flags.discard("python-format")
            buffer = io.BytesIO()
            write_po(buffer, catalog, width=88, omit_header=False, sort_output=False)
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, buffer.getvalue())
            added[path] = len(items)
    return added


#: The site's pages that have no catalog: the API reference (the code's docstrings, in
#: English in every edition: ``rentoy_untranslated_pages`` in ``docs/conf.py``) and the
#: generated pages (``rentoy_variant_pages``, ``rentoy_walkthrough_pages``).
SITE_UNCATALOGUED: tuple[str, ...] = ("api", "api/*", "variants/generated/*",
                                      "worked-examples/generated/*")
SITE_DOCS = ROOT / "docs"


def site_templates(out: Path, docs: Path = SITE_DOCS) -> Path:
    """Run Sphinx's gettext builder on the pages into ``out`` (without the simulations,
    whose output is not in the catalogs); the folder of the ``.pot`` files."""
    import os  # at use: start-up (bench/startup.py)
    import subprocess
    import tempfile

    env = dict(os.environ, NO_COLOR="1")
    env.pop("FORCE_COLOR", None)
    with tempfile.TemporaryDirectory(prefix="rentoy-gettext-") as doctrees:
        done = subprocess.run(
            [sys.executable, "-m", "sphinx", "--no-color", "-q", "-b", "gettext",
             "-D", "rentoy_simulations=0", "-d", doctrees, str(docs), str(out / "gettext")],
            cwd=docs.parent, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"sphinx-build -b gettext failed:\n{done.stdout}{done.stderr}")
    return out / "gettext"


def _catalogued(docname: str) -> bool:
    from fnmatch import fnmatchcase  # at use: start-up (bench/startup.py)

    return not any(fnmatchcase(docname, pattern) for pattern in SITE_UNCATALOGUED)


def _site_pots(templates: Path) -> dict[str, Path]:
    pots = {p.relative_to(templates).with_suffix("").as_posix(): p
            for p in sorted(templates.rglob("*.pot"))}
    return {doc: path for doc, path in pots.items() if _catalogued(doc)}


def _site_po(lang: str, docname: str, docs: Path = SITE_DOCS) -> Path:
    return docs / "locales" / lang / "LC_MESSAGES" / f"{docname}.po"


def _po_state(catalog: Catalog) -> list[tuple[object, object, bool]]:
    """What a catalog says, its layout aside: each message, translation and fuzziness."""
    return [(m.id, m.string, m.fuzzy) for m in catalog if m.id] + sorted(
        (str(k), 0, False) for k in catalog.obsolete)


def site_update(lang: str, templates: Path, docs: Path = SITE_DOCS) -> dict[Path, int]:
    """Merge each page's messages (the ``.pot`` files in ``templates``) into its
    ``.po``: new messages untranslated, changed ones fuzzy with the old translation,
    every translation kept (those no page has any more kept as obsolete); returns how
    many messages of each written file need a translator."""
    from babel.messages.catalog import Catalog  # optional: babel (the test extra)
    from babel.messages.pofile import read_po, write_po

    from ..core.files import write_atomic  # at use: start-up (bench/startup.py)

    written: dict[Path, int] = {}
    for docname, pot in _site_pots(templates).items():
        with pot.open("rb") as handle:
            template = read_po(handle)
        path = _site_po(lang, docname, docs)
        if path.is_file():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=lang)
        else:
            catalog = Catalog(locale=lang, domain=docname, project="rentoy")
        before = _po_state(catalog) if path.is_file() else None
        catalog.update(template, update_header_comment=False)
        # A catalog whose messages did not change is left as its translators wrote it.
        if _po_state(catalog) != before:
            buffer = io.BytesIO()
            write_po(buffer, catalog, width=88, sort_output=False, ignore_obsolete=False)
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, buffer.getvalue())
            written[path] = sum(1 for m in catalog if m.id and (m.fuzzy or not m.string))
    return written


def site_problems(lang: str, templates: Path, docs: Path = SITE_DOCS) -> list[str]:
    """Each page's message that its ``.po`` lacks, leaves untranslated or marks fuzzy,
    one line each (the ``.pot`` files in ``templates`` give the pages' messages)."""
    from babel.messages.pofile import read_po  # optional: babel (the test extra)

    found: list[str] = []
    for docname, pot in _site_pots(templates).items():
        with pot.open("rb") as handle:
            template = read_po(handle)
        path = _site_po(lang, docname, docs)
        catalog = None
        if path.is_file():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=lang)
        where = path.relative_to(docs.parent) if path.is_relative_to(docs.parent) else path
        for message in template:
            if not message.id:
                continue
            entry = catalog.get(message.id) if catalog is not None else None
            gap = _gap(entry, str(message.id))
            if gap:
                found.append(f"{where}: {gap}" + (
                    " (run `python -m rentoy.catalogs site-update`)" if entry is None else ""))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rentoy.catalogs",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("update", "compile", "check", "site-update",
                                            "site-check"))
    parser.add_argument("--lang", action="append", choices=LANGUAGES[1:],
                        help="the language (every one but English when not given)")
    args = parser.parse_args(argv)
    langs = args.lang or list(LANGUAGES[1:])
    if args.command == "update":
        for lang in langs:
            for path, count in update(lang).items():
                print(f"{path.relative_to(ROOT)}: {count} new text{'s' * (count != 1)}")
        return 0
    if args.command in ("site-update", "site-check"):
        import tempfile  # at use: start-up (bench/startup.py)

        with tempfile.TemporaryDirectory(prefix="rentoy-site-") as tmp:
            print("reading the pages with Sphinx's gettext builder...", file=sys.stderr)
            templates = site_templates(Path(tmp))
            if args.command == "site-update":
                for lang in langs:
                    for path, count in site_update(lang, templates).items():
                        print(f"{path.relative_to(ROOT)}: written, {count} message"
                              f"{'s' * (count != 1)} to translate")
                return 0
            found = [line for lang in langs for line in site_problems(lang, templates)]
        for line in found[:200]:
            print(line, file=sys.stderr)
        if len(found) > 200:
            print(f"... and {len(found) - 200} more", file=sys.stderr)
        print(f"{len(found)} message{'s' * (len(found) != 1)} missing, untranslated or "
              "fuzzy in the pages' catalogs", file=sys.stderr)
        return 1 if found else 0
    if args.command == "compile":
        for path in compile_catalogs(langs):
            print(f"written {path.relative_to(ROOT)}")
        return 0
    found = [line for lang in langs for line in problems(lang)]
    for line in found[:200]:
        print(line, file=sys.stderr)
    if len(found) > 200:
        print(f"... and {len(found) - 200} more", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
