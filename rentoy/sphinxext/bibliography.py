"""The bibliography and the glossary, generated from variants/sources.yaml and
variants/glossary.yaml, the terms of the Spanish edition (rentoy/locale/es/terminology.yaml),
and the ``rentoy-source`` role that cites a source inline.

Each bibliography entry is a link target ``source-<id>`` (the ``source`` objects of the
``rentoy`` domain); every source id in a table or a ``{rentoy-source}`` citation links
to it. The glossary is a Sphinx glossary, so ``{term}`baza``` links a term.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from docutils import nodes
from sphinx import addnodes
from sphinx.domains.std import make_glossary_term
from sphinx.util.docutils import ReferenceRole

from ..core.i18n import N_, _, data_text, language
from .citations import (citation_nodes, citation_text, full_citation, is_anonymous,
                        short_citations, source_refs)
from .directives import RentoyDirective
from .evidence import source_label, spanish_quotations
from .elements import foreign, paragraph, spanish, table, xref
from ..core.errors import suggest
from ..data.glossary import load_glossary, term_key
from ..data.sources import builtin_dir, load_sources
from .domain import register_id
from .errors import Failure, failure_from, library_errors, report_failure
from .tracking import note_files

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from ..data.sources import Source

__all__ = ["BibliographyDirective", "GlossaryDirective", "TerminologyDirective",
           "SourceRole"]

_KIND_TITLES = {"period": N_("Period texts"), "reconstruction": N_("Reconstructions"),
                "scholarship": N_("Scholarship"), "modern-report": N_("Modern reports"),
                "program": N_("Programs"), "reference": N_("Reference works")}


#: The fields of the apparatus as "Not known:" names them (the file's keys, in words).
_FIELD_WORDS = {"author": N_("author"), "title": N_("title"), "year": N_("year"),
                "edition": N_("edition"), "pages": N_("pages"), "section": N_("section"),
                "identifier": N_("identifier"), "url": N_("url"),
                "accessed": N_("date read"), "revision": N_("revision"),
                "archived": N_("archived copy")}


def _apparatus(src: Source) -> nodes.Node:
    """The edition read, the identifier, when it was read, the revision or archived copy,
    and what is not known, with why."""
    parts = [f"{label} {data_text(str(value))}" for label, value in (
        (_("Edition read:"), src.edition), (_("Identifier:"), src.identifier),
        (_("Read on"), src.accessed), (_("Revision:"), src.revision),
        (_("Archived copy:"), src.archived)) if value]
    para = paragraph("; ".join(parts) + ("." if parts else ""), ["rentoy-apparatus"])
    if src.not_known:
        para += nodes.Text((" " if parts else "") + _("Not known:") + " ")
        para += nodes.Text("; ".join(
            f"{_(_FIELD_WORDS[key]) if key in _FIELD_WORDS else key} "
            f"({data_text(why).rstrip('.')})" for key, why in src.not_known.items()) + ".")
    return para


class BibliographyDirective(RentoyDirective):
    """``{rentoy-bibliography}``: every source, grouped by kind, each with its anchor,
    full citation, link, note and the variants that cite it."""

    def make(self) -> list[nodes.Node]:
        path = builtin_dir() / "sources.yaml"
        note_files(self.env, [path])
        sources = load_sources(path)
        labels = short_citations(sources)
        cited_by = self._cited_by()
        out: list[nodes.Node] = []
        for kind, heading in _KIND_TITLES.items():
            entries = [s for s in sources.values() if s.kind == kind]
            if not entries:
                continue
            out.append(nodes.rubric(_(heading), _(heading)))
            listing = nodes.bullet_list(classes=["rentoy-bibliography"])
            for src in entries:
                title = citation_text(src)
                item = nodes.list_item(ids=[register_id(self.env, "source", src.id, title,
                                                        self.get_location())])
                para = paragraph(None, ["rentoy-citation"])
                label = nodes.strong()
                label.extend(citation_nodes(labels[src.id], is_anonymous(src)))
                para += label
                para += nodes.Text(" ")
                para += nodes.literal(src.id, src.id, classes=["rentoy-source-id"])
                para += nodes.Text(" — ")
                para.extend(full_citation(src))
                if src.url:
                    para += nodes.Text(" ")
                    para += nodes.reference(src.url, src.url, refuri=src.url)
                para += nodes.Text(" ")
                para += nodes.inline(text=f"[{source_label(src)}"
                                     + ("; " + _("names no source of its own")
                                        if src.unsourced else "")
                                     + ("; " + _("not about rentoy itself")
                                        if src.subject != "rentoy" else "")
                                     + "]", classes=["rentoy-source-kind"])
                item += para
                item += _apparatus(src)
                if src.note:
                    note = self.parse_inline(" ".join(data_text(src.note).split()))[0]
                    item += paragraph(spanish_quotations(note), ["rentoy-source-note"])
                if src.id in cited_by:
                    para = paragraph(_("Cited by: "), ["rentoy-cited-by"])
                    for i, vid in enumerate(cited_by[src.id]):
                        if i:
                            para += nodes.Text(", ")
                        para += xref("variant", vid, vid)
                    item += para
                listing += item
            out.append(listing)
        return out

    def _cited_by(self) -> dict[str, list[str]]:
        """Source id -> the built-in variants whose file cites it."""
        out: dict[str, list[str]] = {}
        for variant in self.builtin_variants():
            cited = set(variant.sources)
            for prov in variant.provenance.values():
                if prov.defined_in == variant.base_id:
                    cited.update(prov.source)
            for option in variant.options.values():
                if option.provenance.defined_in == variant.base_id:
                    cited.update(option.provenance.source)
            for sid in cited:
                out.setdefault(sid, []).append(variant.id)
        return out


class GlossaryDirective(RentoyDirective):
    """``{rentoy-glossary}``: the Spanish terms as a Sphinx glossary (``{term}`baza```)."""

    def make(self) -> list[nodes.Node]:
        note_files(self.env, [builtin_dir() / "glossary.yaml", builtin_dir() / "sources.yaml"])
        source, lineno = self.get_source_info()
        dlist = nodes.definition_list(classes=["glossary", "rentoy-glossary"])
        for term in sorted(load_glossary().values(), key=lambda t: term_key(t.term)):
            item = nodes.definition_list_item()
            # The headword is Spanish on every edition's page: marked so, for screen readers.
            item += make_glossary_term(self.env, [spanish(term.term, emphasis=False)], None,
                                       source, lineno, None, self.state.document)
            body = nodes.definition()
            para = paragraph(None)
            gloss = data_text(term.gloss)
            para += nodes.emphasis(gloss, gloss)
            if term.note:
                para += nodes.Text(". ")
                para.extend(spanish_quotations(
                    self.parse_inline(" ".join(data_text(term.note).split()))[0]))
            if term.source:
                para += nodes.Text(" (")
                para.extend(source_refs(term.source))
                para += nodes.Text(")")
            body += para
            item += body
            dlist += item
        glossary = addnodes.glossary()
        glossary["sorted"] = False   # already in alphabetical order
        glossary += dlist
        return [glossary]


class TerminologyDirective(RentoyDirective):
    """``{rentoy-terminology}``: one Spanish term for each concept, as the Spanish
    edition uses it, with the evidence for the choice (rentoy/locale/es/terminology.yaml)."""

    def make(self) -> list[nodes.Node]:
        from ..data.terminology import load_terminology, terminology_path

        note_files(self.env, [terminology_path()])
        rows = []
        for term in load_terminology():
            concept, evidence = term.said(language())
            english = foreign(classes=["rentoy-en"])
            english["lang"] = "en"
            english += nodes.Text(term.english)
            rows.append([concept, english, spanish(term.spanish), evidence])
        return [table([_("concept"), _("English term"), _("Spanish term"), _("why this word")],
                      rows, classes=["rentoy-terminology"])]


class SourceRole(ReferenceRole):
    """``{rentoy-source}`autoridades-1737``` -> "Real Academia Española 1737", linked to
    the bibliography entry; ``{rentoy-source}`the dictionary <autoridades-1737>``` sets
    the text."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        try:
            path = builtin_dir() / "sources.yaml"
            self.env.note_dependency(str(path.resolve()))
            sources = load_sources(path)
            sid = self.target.strip()
            if sid not in sources:
                hint = suggest(sid, sources)
                raise Failure([(f"unknown source {sid!r}: it is not in variants/sources.yaml"
                                + (f" ({hint})" if hint else ""), None)])
        except library_errors() as exc:
            report_failure(self.env, failure_from(exc), self.get_location())
            return [nodes.problematic(self.rawtext, self.rawtext)], []
        src = sources[sid]
        if self.has_explicit_title:
            content: list[nodes.Node] = [nodes.Text(self.title)]
        else:
            content = citation_nodes(short_citations(sources)[sid], is_anonymous(src))
        node = xref("source", sid, content, title=citation_text(src))
        node["classes"].append("rentoy-cite")
        return [node], []


def setup(app: Sphinx) -> None:
    app.add_directive("rentoy-bibliography", BibliographyDirective)
    app.add_directive("rentoy-glossary", GlossaryDirective)
    app.add_directive("rentoy-terminology", TerminologyDirective)
    app.add_role("rentoy-source", SourceRole())
