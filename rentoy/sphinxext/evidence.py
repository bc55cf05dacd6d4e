"""The words the rules rest on, on the site: the ``rentoy-quotations`` directive (each
period passage in its original spelling, a modern Spanish reading and an English
translation side by side, with its exact reference and facsimile; the key statements of
the modern texts paraphrased, with their section), and the pieces the rules tables use to show each source's kind
and date and the passages a rule rests on.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Sequence

from docutils import nodes

from ..comparison.reference import rule_quotations
from ..data.glossary import lookup
from ..core.i18n import N_, _, data_text, language
from ..data.quotations import load_quotations, passage_quoted
from ..data.sources import builtin_dir, load_sources
from ..data.variants import builtin_ids, cited_source
from .citations import citation_text, short_citations, source_refs
from .directives import RentoyDirective
from .domain import register_id
from .elements import paragraph, spanish, table, xref
from .family import word
from .tracking import note_files

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from ..model.variant import Variant

__all__ = ["labelled_sources", "quotation_refs", "spanish_quotations", "QuotationsDirective"]


_UNDATED = N_("n.d.")


def source_label(src: Any) -> str:
    """A source's kind and date in the language spoken ("period text, 1737")."""

    return f"{word(src.kind_label)}, {_(_UNDATED) if src.date == _UNDATED else src.date}"


#: A passage in double quotes, as the files' notes quote one.
_QUOTED = re.compile(r'"([^"\n]+)"|“([^”\n]+)”')


def _is_spanish(passage: str) -> bool:
    """Whether a passage a note quotes is Spanish: words of a period text, or a term of
    the glossary (a call said at the table)."""

    return passage_quoted(passage) or lookup(passage) is not None


#: The quotation marks of each language the site is written in.
_MARKS = {"en": ("“", "”"), "es": ("«", "»")}


def spanish_quotations(found: Sequence[nodes.Node]) -> list[nodes.Node]:
    """Parsed inline text (a note) with each Spanish passage it quotes marked as Spanish
    (``lang="es"``, as the glossary's headwords are), the quotation marks, the page's
    own, left to the sentence around it. Code is left as it is."""
    # The marks are set here: the build's typographic quotes cannot tell an opening mark
    # from a closing one beside the marked passage.
    opening, closing = _MARKS.get(language(), _MARKS["en"])
    box = nodes.inline()
    box.extend(found)
    for text in list(box.findall(nodes.Text)):
        if _kept(text, box):
            continue
        value = str(text)
        parts: list[nodes.Node] = []
        at = 0
        for match in _QUOTED.finditer(value):
            passage = match.group(1) or match.group(2)
            if _is_spanish(passage):
                parts += [nodes.Text(value[at:match.start()] + opening),
                          spanish(passage, emphasis=False)]
                at = match.end()
                parts.append(nodes.Text(closing))
        if parts:
            parts.append(nodes.Text(value[at:]))
            text.parent.replace(text, [p for p in parts
                                       if not isinstance(p, nodes.Text) or str(p)])
    return list(box.children)


def _kept(text: nodes.Text, box: nodes.Element) -> bool:
    """Whether a text is code, or already marked with its language."""
    node = text.parent
    while node is not None and node is not box:
        if isinstance(node, (nodes.literal, nodes.FixedTextElement)) or node.get("lang"):
            return True
        node = node.parent
    return False


def labelled_sources(variant: Variant, ids: Sequence[str]) -> list[nodes.Node]:
    """Sources cited by author and year with their kind ("Real Academia Española 1737
    (period text, 1737)"): an entry of the bibliography linked to it, one the variant
    file declares itself as plain text with its full reference as the tooltip."""

    if not ids:
        return [nodes.Text("-")]
    out: list[nodes.Node] = []
    for i, sid in enumerate(ids):
        if i:
            out.append(nodes.Text(", "))
        src = cited_source(variant, sid)
        if src is not None and src.defined_in is not None:
            who, title, year = short_citations({sid: src})[sid]
            text = " ".join(t for t in (who + (f", {title}" if title else ""), year) if t)
            out.append(nodes.abbreviation(text, text, explanation=citation_text(src),
                                          classes=["rentoy-own-source"]))
        else:
            out.extend(source_refs([sid]))
        if src is not None:
            label = f" ({source_label(src)})"
            out.append(nodes.inline(label, label, classes=["rentoy-source-kind"]))
    return out


def quotation_refs(variant: Variant, rule: str) -> list[nodes.Node]:
    """" Passages: ..." links to the quotations a rule rests on, or nothing."""

    ids = rule_quotations(variant, rule)
    if not ids:
        return []
    out: list[nodes.Node] = [nodes.Text(" " + _("Passages:") + " ")]
    for i, qid in enumerate(ids):
        if i:
            out.append(nodes.Text(", "))
        # A passage's id is a name to type (``rentoi-players``), the same in every language.
        out.append(xref("quote", qid, nodes.literal(qid, qid)))
    out.append(nodes.Text("."))
    return out


def _supports(targets: Sequence[str]) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    ids = set(builtin_ids())
    for i, target in enumerate(targets):
        if i:
            out.append(nodes.Text(", "))
        vid = target.split("+")[0].split(".")[0]
        if "+" not in target and vid in ids:
            out.append(xref("rule", target, nodes.literal(target, target)))
        else:
            out.append(nodes.literal(target, target))
    return out or [nodes.Text("-")]


class QuotationsDirective(RentoyDirective):
    """``{rentoy-quotations}``: every passage of ``variants/quotations.yaml``: the
    period texts side by side (as printed, modern reading, English), then the modern
    texts' statements paraphrased. Each passage is a link target (``rentoy:quote``)."""

    def make(self) -> list[nodes.Node]:
        note_files(self.env, [builtin_dir() / "quotations.yaml",
                              builtin_dir() / "sources.yaml"])
        sources = load_sources()
        passages = list(load_quotations().values())
        out: list[nodes.Node] = []
        for q in passages:
            if not q.quoted:
                continue
            where = data_text(q.reference)
            box = nodes.container(classes=["rentoy-quotation"],
                                  ids=[register_id(self.env, "quote", q.id, where,
                                                   self.get_location())])
            box += nodes.rubric("", "", nodes.Text(f"{where} ("), nodes.literal(q.id, q.id),
                                nodes.Text(")"))
            src = sources.get(q.source)
            year = src.year if src is not None and src.year else _("original")
            columns = [_("As printed ({year})").format(year=year), _("Modern Spanish reading")]
            cells: list[Any] = [spanish(q.original), spanish(q.modern)]
            # The English edition gives the project's translation beside the passage;
            # the Spanish one has the modern reading, and no translation back.
            if language() == "en":
                columns.append("English (this project's translation)")
                cells.append(q.english)
            box += table(columns, [cells], classes=["rentoy-side-by-side"])
            facts = paragraph(None, ["rentoy-quotation-facts"])
            facts += nodes.Text(_("Source: "))
            facts.extend(source_refs([q.source]))
            if q.transcription:
                # Where it was read: a repository and its files, each name as typed.
                facts += nodes.Text(". " + _("Read in: {where}").format(where=""))
                for i, piece in enumerate(q.transcription.split(" and ")):
                    if i:
                        facts += nodes.Text(" " + _("and") + " ")
                    facts += nodes.literal(piece, piece)
            facts += nodes.Text(". " + _("Facsimile:") + " ")
            if q.facsimile:
                facts += nodes.reference(q.facsimile, q.facsimile, refuri=q.facsimile)
            else:
                facts += nodes.Text((data_text(q.facsimile_note or "")
                                     or _("not known")).rstrip("."))
            facts += nodes.Text(". " + _("Supports:") + " ")
            facts.extend(_supports(q.supports))
            facts += nodes.Text(".")
            box += facts
            if q.note:
                box += paragraph(" ".join(data_text(q.note).split()),
                                 ["rentoy-quotation-note"])
            out.append(box)
        rows = []
        ids = []
        for q in passages:
            if q.quoted:
                continue
            rows.append([[*source_refs([q.source]), nodes.Text(f", {data_text(q.reference)}")],
                         " ".join(data_text(q.paraphrase or "").split()),
                         _supports(q.supports)])
            ids.append(register_id(self.env, "quote", q.id, data_text(q.reference),
                                   self.get_location()))
        if rows:
            title = _("The modern texts, paraphrased")
            out.append(nodes.rubric(title, title))
            out.append(paragraph(_("The source text and the regional reports are modern "
                                   "texts, so their statements are given in this project's "
                                   "words, not quoted, with the section or paragraph each "
                                   "comes from.")))
            out.append(table([_("where"), _("what it says"), _("supports")], rows,
                             classes=["rentoy-paraphrases"], row_ids=ids))
        return out


def setup(app: Sphinx) -> None:
    app.add_directive("rentoy-quotations", QuotationsDirective)
