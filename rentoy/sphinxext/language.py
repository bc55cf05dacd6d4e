"""The site in the build's language: one set of sources, an edition per language.

Sphinx translates the hand-written pages from their catalogs
(``docs/locales/<lang>/LC_MESSAGES/<page>.po``); everything this extension generates
(tables, notes, narration, figures) is rendered by rentoy itself in the build's
language, through :mod:`rentoy.core.i18n`, and kept out of the pages' catalogs. This module:

- speaks the build's ``language`` (``-D language=es``) from ``config-inited`` on, so
  every directive, role and figure writes its words in it;
- marks the nodes a directive makes as not translatable (:func:`untranslatable`):
  rentoy's own catalogs translate them, and the pages' catalogs never see them;
- gives each page of ``rentoy_untranslated_pages`` (the API reference, which is the
  code's docstrings) a note in the build's language saying it stays in English, and
  marks its text as English (``lang="en"``);
- puts a language switch at the top of every page (``rentoy_editions``: where each
  edition lives, relative to the site's root; the English at the root, the Spanish
  under ``es/``), linking the same page in the other editions;
- chooses the search language that folds accents for the build's language
  (``en-folded``, ``es-folded``; see :mod:`rentoy.sphinxext.search`);
- counts, in a build in another language, each page's messages that its catalog lacks,
  leaves untranslated or marks fuzzy (:class:`CatalogGaps`, before Sphinx translates the
  page), and writes them to ``rentoy-catalog-gaps.json`` in the doctrees folder: the
  tests read it (see :mod:`rentoy.data.catalogs` for the command that updates the catalogs).

>>> edition_href("en", "es", {"en": "", "es": "es/"}, "variants/generated/1737",
...              "variants/generated/1737.html")
'../../es/variants/generated/1737.html'
>>> edition_href("es", "en", {"en": "", "es": "es/"}, "index", "index.html")
'../index.html'
"""

from __future__ import annotations

import gettext
import json
from fnmatch import fnmatchcase
from pathlib import Path
from typing import TYPE_CHECKING, Any

from babel.messages.pofile import read_po
from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform
from sphinx.util.nodes import extract_messages

from ..core.files import write_atomic
from ..core.i18n import LANGUAGE_NAMES, LANGUAGES, N_, _, set_language
from .errors import logger

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config
    from sphinx.environment import BuildEnvironment

__all__ = ["build_language", "untranslatable", "is_untranslated_page", "edition_href",
           "page_description",
           "TEMPLATE_TEXTS", "THEME_TEXTS", "SphinxWords", "CatalogGaps", "GAPS_FILE", "setup"]

#: The file, in the doctrees folder, that lists each page's catalog gaps.
GAPS_FILE = "rentoy-catalog-gaps.json"

#: The words of the site's templates (the foot of every page, the language switch), in
#: English; the templates read them translated as ``rentoy_text[key]``.
TEMPLATE_TEXTS: dict[str, str] = {
    "get": N_("Get rentoy:"),
    "repository": N_("the repository"),
    "sdist": N_("source archive"),
    "wheel": N_("wheel"),
    "install": N_("how to install"),
    "languages": N_("This page in other languages"),
    "description": N_("Rentoy, the Spanish trick-taking and betting card game: its rules "
                      "by period and region with their sources, worked examples, "
                      "comparisons, and a table to play at."),
}

#: The longest meta description, in characters (search engines show about this much).
_DESCRIPTION_LENGTH = 160

#: The theme's words that Sphinx's own catalogs do not translate (furo has none of its
#: own): rentoy's catalog gives them, behind Sphinx's.
THEME_TEXTS: frozenset[str] = frozenset({
    N_("On this page"), N_("Back to top"), N_("Skip to content"), N_("Next"),
    N_("Previous"), N_("Home"), N_("Edit this page"), N_("View this page"),
    N_("Please activate JavaScript to enable the search functionality."),
    N_("Made with "),
})

#: The note at the head of a page that stays in English in another edition.
_ENGLISH_NOTE = N_("This page is the reference of rentoy's programming interface, "
                   "generated from the code's documentation strings: it stays in "
                   "English in every edition of the site.")


def build_language(config: Config) -> str:
    """The language rentoy speaks in a build: the build's ``language`` if rentoy speaks
    it (``es``, ``es_AR``), else English."""
    code = str(config.language or "en").replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else "en"


#: docs/conf.py's ``html_title``, marked here for the catalog (the configuration's value
#: is what is translated).
_SITE_TITLE = N_("Rentoy reference")
#: docs/conf.py's ``copyright``, marked likewise.
_COPYRIGHT = N_("the rentoy authors")


def configure_language(app: Sphinx, config: Config) -> None:
    """``config-inited``: speak the build's language; search in it, accents folded."""
    code = build_language(config)
    set_language(code)
    # For the pages that include a file made in each language (``{only}
    # rentoy_language_es``): the transcript of a command run with --lang es.
    app.tags.add(f"rentoy_language_{code}")
    if str(config.html_search_language or "").endswith("-folded"):
        config.html_search_language = f"{code}-folded"
    if config.html_title:       # the site's name, in the heading of every page
        config.html_title = _(str(config.html_title))
    if config.copyright:        # the foot of every page
        config.copyright = _(str(config.copyright))
    if code != "en":
        # furo's foot credits "Sphinx and @pradyunsg's Furo" with an English possessive
        # outside its translatable text: another edition credits the theme alone.
        config.html_show_sphinx = False


def theme_words(app: Sphinx) -> None:
    """``builder-inited``: the theme's words Sphinx's catalog lacks, from rentoy's, for
    the templates of a build in another language."""

    if build_language(app.config) == "en":
        return

    class ThemeWords(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return _(message) if message in THEME_TEXTS else message

    translator = getattr(app, "translator", None)
    if isinstance(translator, gettext.NullTranslations):
        translator.add_fallback(ThemeWords())


def untranslatable(found: list[nodes.Node]) -> list[nodes.Node]:
    """``found`` with every text element marked as not translatable by the pages'
    catalogs (rentoy's own catalogs have translated it already)."""
    for node in found:
        if isinstance(node, nodes.Element):
            for element in node.findall(nodes.TextElement):
                # (Inline nodes are never translated on their own; Sphinx unwraps an
                # inline node that says either way.)
                if not isinstance(element, nodes.Inline):
                    element["translatable"] = False
            # An image's text alternative would be a message of the page (Sphinx takes
            # every image's): it is kept aside, and given back when HTML is written.
            for image in node.findall(nodes.image):
                if image.get("alt"):
                    image["rentoy_alt"] = image["alt"]
                    del image["alt"]
    return found


def _images_alt(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: the generated images' text alternatives back, for HTML."""
    if getattr(app.builder, "format", "") != "html":
        return
    for image in doctree.findall(nodes.image):
        if image.get("rentoy_alt") and not image.get("alt"):
            image["alt"] = image["rentoy_alt"]


def is_untranslated_page(docname: str, patterns: list[str] | tuple[str, ...]) -> bool:
    """Whether a page stays in English in every edition (a ``rentoy_untranslated_pages``
    pattern matches its name)."""
    return any(fnmatchcase(docname, pattern) for pattern in patterns)


def has_catalog(config: Config, docname: str) -> bool:
    """Whether a page is translated through a catalog of its own: not a page that stays
    in English, nor a generated page (rendered in the build's language by rentoy)."""
    generated = [f"{folder.strip('/')}/*" for folder in
                 (config.rentoy_variant_pages, config.rentoy_walkthrough_pages) if folder]
    return not is_untranslated_page(docname, [*config.rentoy_untranslated_pages, *generated])


def _gaps(env: BuildEnvironment) -> dict[str, dict[str, Any]]:
    if not hasattr(env, "rentoy_catalog_gaps"):
        env.rentoy_catalog_gaps = {}  # type: ignore[attr-defined]
    return env.rentoy_catalog_gaps  # type: ignore[attr-defined,no-any-return]


class SphinxWords(SphinxTransform):
    """The labels Sphinx writes into an object's description (autodoc's "Return type",
    "Parameters") are Sphinx's own words, translated by its catalog: not the page's
    messages."""

    default_priority = 12     # before the catalogs are read (15) and used (20)

    def apply(self, **kwargs: Any) -> None:
        for content in self.document.findall(addnodes.desc_content):
            for name in content.findall(nodes.field_name):
                name["translatable"] = False


class CatalogGaps(SphinxTransform):
    """A page's messages that its catalog lacks, leaves untranslated or marks fuzzy, as
    Sphinx reads them from the page (before it translates them), noted for the build's
    report. English builds, and pages with no catalog of their own, note nothing."""

    default_priority = 15     # Sphinx's Locale transform, which translates, is 20

    def apply(self, **kwargs: Any) -> None:
        lang = build_language(self.config)
        docname = self.env.docname
        if lang == "en" or not has_catalog(self.config, docname):
            return
        found: dict[str, Any] = {}
        for folder in self.config.locale_dirs:
            path = (Path(self.env.srcdir) / folder / lang / "LC_MESSAGES" / f"{docname}.po")
            if path.is_file():
                with path.open("rb") as handle:
                    found = {str(m.id): m for m in read_po(handle, locale=lang) if m.id}
                break
        counts = {"messages": 0, "missing": 0, "untranslated": 0, "fuzzy": 0}
        examples: list[str] = []
        # A page's metadata (front matter: orphan: true) is still a field list at the head
        # of the page here; docutils makes it the page's docinfo later and Sphinx drops
        # it, so Sphinx's catalogs never hold its words.
        head = next((child for child in self.document.children
                     if not isinstance(child, (nodes.comment, nodes.target))), None)
        metadata = head if isinstance(head, (nodes.field_list, nodes.docinfo)) else None
        for node, msgid in extract_messages(self.document):
            if metadata is not None and any(up is metadata for up in _ancestors(node)):
                continue
            counts["messages"] += 1
            entry = found.get(msgid)
            kind = ("missing" if entry is None else "fuzzy" if entry.fuzzy else
                    "untranslated" if not entry.string else None)
            if kind:
                counts[kind] += 1
                if len(examples) < 3:
                    examples.append(f"{kind}: {msgid[:70]}")
        _gaps(self.env)[docname] = {**counts, "examples": examples}


def _purge_gaps(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    _gaps(env).pop(docname, None)


def _merge_gaps(app: Sphinx, env: BuildEnvironment, docnames: set[str],
                other: BuildEnvironment) -> None:
    for docname in docnames:
        if docname in _gaps(other):
            _gaps(env)[docname] = _gaps(other)[docname]


def _report_gaps(app: Sphinx, exception: BaseException | None) -> None:
    """``build-finished``: the catalogs' gaps, written for the tests and summed up."""

    if exception is not None or build_language(app.config) == "en":
        return
    gaps = {doc: found for doc, found in sorted(_gaps(app.env).items())
            if doc in app.env.all_docs}
    write_atomic(Path(app.doctreedir) / GAPS_FILE, json.dumps(gaps, indent=1))
    short = sum(found["missing"] + found["untranslated"] + found["fuzzy"]
                for found in gaps.values())
    total = sum(found["messages"] for found in gaps.values())
    logger.info(f"rentoy: the pages' catalogs ({app.config.language}) lack "
                f"{short} of {total} messages (see {GAPS_FILE} in the doctrees)")


def _english_note(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read``: an untranslated page's note, in the build's language, and its
    text marked as English."""
    docname = app.env.docname
    if not is_untranslated_page(docname, app.config.rentoy_untranslated_pages):
        return
    if build_language(app.config) == "en":
        return
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is None:
        return
    section["classes"].append("language-en")
    text = _(_ENGLISH_NOTE)
    note = nodes.note("", nodes.paragraph(text, text),
                      classes=[f"language-{build_language(app.config)}",
                               "rentoy-english-page"])
    title = next(iter(section.findall(nodes.title)), None)
    at = section.index(title) + 1 if title is not None and title.parent is section else 0
    section.insert(at, note)


def edition_href(current: str, other: str, editions: dict[str, str], pagename: str,
                 target: str) -> str:
    """The relative address, from page ``pagename`` of edition ``current``, of the same
    page in edition ``other`` (``target``: the page's file, as the builder names it)."""
    up = "../" * (pagename.count("/") + editions.get(current, "").strip("/").count("/")
                  + (1 if editions.get(current, "").strip("/") else 0))
    where = editions.get(other, "").strip("/")
    return f"{up}{where + '/' if where else ''}{target}"


def _page_context(app: Sphinx, pagename: str, templatename: str,
                  context: dict[str, Any], doctree: Any) -> None:
    """``html-page-context``: the template texts in the build's language and the links
    to this page in the other editions."""
    context["rentoy_text"] = {key: _(text) for key, text in TEMPLATE_TEXTS.items()}
    context["rentoy_description"] = (page_description(doctree) if doctree is not None
                                     else None) or context["rentoy_text"]["description"]
    editions: dict[str, str] = dict(app.config.rentoy_editions or {})
    current = build_language(app.config)
    if current not in editions:
        context["rentoy_editions"] = []
        return
    target = app.builder.get_target_uri(pagename)
    context["rentoy_editions"] = [
        {"code": code, "name": LANGUAGE_NAMES.get(code, code).capitalize(),
         "current": code == current,
         "href": "#" if code == current else edition_href(current, code, editions,
                                                          pagename, target)}
        for code in editions]


#: The words sphinx-argparse writes of its own, in English whatever the page's language.
ARGPARSE_WORDS: dict[str, str] = {
    "Positional Arguments": N_("Positional Arguments"),
    "Named Arguments": N_("Named Arguments"),
    "Sub-commands": N_("Sub-commands"),
    "Default: ": N_("Default: "),
    "Possible choices: ": N_("Possible choices: ")}


def argparse_words(tree: nodes.Element) -> None:
    """sphinx-argparse's own headings and labels in the build's language, a label's list
    of choices as code (they are typed as they are)."""
    for text in list(tree.findall(nodes.Text)):
        parent = text.parent
        if parent is None:
            continue
        found = str(text)
        if found in ARGPARSE_WORDS:
            parent.replace(text, nodes.Text(_(ARGPARSE_WORDS[found])))
            continue
        label = next((k for k in ARGPARSE_WORDS if k.endswith(": ") and found.startswith(k)),
                     None)
        if label is None:
            continue
        new: list[nodes.Node] = [nodes.Text(_(ARGPARSE_WORDS[label]))]
        rest = found[len(label):]
        if label == "Possible choices: ":
            for i, choice in enumerate(rest.split(", ")):
                if i:
                    new.append(nodes.Text(", "))
                new.append(nodes.literal(choice, choice))
        elif rest:
            new.append(nodes.Text(rest))
        index = parent.index(text)
        parent.remove(text)
        for k, node in enumerate(new):
            parent.insert(index + k, node)


def page_description(doctree: nodes.Node) -> str | None:
    """A page's meta description: its first paragraph of prose (not a note, a figure's
    caption or a table cell), cut at a word to :data:`_DESCRIPTION_LENGTH` characters;
    None when the page has none."""
    for para in doctree.findall(nodes.paragraph):
        if any(isinstance(up, (nodes.Admonition, nodes.caption, nodes.table,
                               nodes.field_list, nodes.list_item, nodes.legend))
               for up in _ancestors(para)):
            continue
        text = " ".join(para.astext().split())
        if len(text) < 40:
            continue
        if len(text) <= _DESCRIPTION_LENGTH:
            return text
        return text[:_DESCRIPTION_LENGTH - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"
    return None


def _ancestors(node: nodes.Node) -> list[nodes.Node]:
    out = []
    while node.parent is not None:
        node = node.parent
        out.append(node)
    return out


def _untranslated_argparse(app: Sphinx) -> None:
    """sphinx-argparse's directive with its output kept out of the pages' catalogs: the
    command line's parser is built in the build's language and speaks it itself. Its text
    is also kept from smart quotes, which would make ``--table`` an en dash and a shell
    quotation curly: the help shows commands as they are typed."""
    if "sphinxarg.ext" not in app.extensions:
        return
    # Optional: sphinx-argparse is imported only by a build that loads it.
    from sphinxarg.ext import ArgParseDirective

    class ArgParse(ArgParseDirective):  # type: ignore[misc]  # sphinx-argparse is untyped
        def run(self) -> list[nodes.Node]:
            out = untranslatable(super().run())
            for node in out:
                if isinstance(node, nodes.Element):
                    node["support_smartquotes"] = False
                    argparse_words(node)
            return out

    app.add_directive("argparse", ArgParse, override=True)


def _commands_by_name(app: Sphinx, config: Config) -> None:
    """``config-inited`` (before the domains are made): sphinx-argparse's commands
    listed for search under their names (``rentoy compare``), not their descriptions:
    the search index escapes the names it lists, and shows them so, so a description's
    apostrophe read ``&#x27;`` in the results."""
    if "sphinxarg.ext" not in app.extensions:
        return
    from sphinxarg.ext import ArgParseDomain

    class Commands(ArgParseDomain):  # type: ignore[misc]  # sphinx-argparse is untyped
        def get_objects(self) -> Any:
            for command, _description, kind, docname, anchor, priority in super().get_objects():
                yield command, command, kind, docname, anchor, priority

    app.add_domain(Commands, override=True)


def setup(app: Sphinx) -> None:
    app.connect("config-inited", _commands_by_name)
    app.connect("builder-inited", _untranslated_argparse)
    app.add_config_value("rentoy_editions", {}, "html", types=frozenset({dict}))
    app.add_config_value("rentoy_untranslated_pages", [], "env",
                         types=frozenset({list, tuple}))
    app.connect("config-inited", configure_language, priority=100)
    app.connect("builder-inited", theme_words)
    app.connect("doctree-read", _english_note)
    app.connect("html-page-context", _page_context)
    app.connect("doctree-resolved", _images_alt)
    app.add_transform(SphinxWords)
    app.add_transform(CatalogGaps)
    app.connect("env-purge-doc", _purge_gaps)
    app.connect("env-merge-info", _merge_gaps)
    app.connect("build-finished", _report_gaps)
