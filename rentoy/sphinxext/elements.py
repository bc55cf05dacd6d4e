"""The nodes the extension builds: tables, cells, facts, statuses, folds, links.

They are standard docutils nodes (tables, inline text with classes, abbreviations for
cards), so every builder can write them; the HTML look comes from the site's style
sheet. :class:`details` is the one node of the extension's own: a folded block,
``<details>`` in HTML, written unfolded by every other builder.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence, TypeAlias

from docutils import nodes
from sphinx import addnodes

from ..core.i18n import N_, _, ngettext
from ..model.provenance import STATUS_MARKS

if TYPE_CHECKING:
    from sphinx.application import Sphinx

__all__ = ["Content", "text_nodes", "paragraph", "cell", "table", "facts", "status_node",
           "status_word",
           "xref", "details", "summary", "folded", "foreign", "spanish", "report_nodes",
           "setup"]


Content: TypeAlias = "str | nodes.Node | Sequence[nodes.Node] | None"


def text_nodes(content: Content) -> list[nodes.Node]:
    if content is None:
        return []
    if isinstance(content, str):
        return [nodes.Text(content)]
    if isinstance(content, nodes.Node):
        return [content]
    return list(content)


def paragraph(content: Content, classes: Sequence[str] = ()) -> nodes.paragraph:
    para = nodes.paragraph(classes=list(classes))
    para.extend(text_nodes(content))
    return para


class cell:  # noqa: N801  (reads as a node builder, like docutils' own)
    """A table cell: its content and the classes of its ``<td>``."""

    def __init__(self, content: Content, classes: Sequence[str] = (), morecols: int = 0):
        self.content = content
        self.classes = list(classes)
        self.morecols = morecols

    def entry(self) -> nodes.entry:
        entry = nodes.entry(classes=self.classes)
        if self.morecols:
            entry["morecols"] = self.morecols
        content = self.content
        if isinstance(content, nodes.Element) and isinstance(content, nodes.Body):
            entry += content
        elif content not in (None, ""):
            entry += paragraph(content)
        return entry


def table(columns: Sequence[Content], rows: Sequence[Sequence[Content | cell]], *,
          classes: Sequence[str] = (), widths: Sequence[int] | None = None,
          row_classes: Sequence[Sequence[str]] | None = None,
          row_ids: Sequence[str | None] | None = None,
          title: str | None = None, row_headers: bool = True) -> nodes.table:
    """A docutils table; cells are strings, nodes, or :class:`cell` with classes. With
    ``row_headers`` the first column names its row (a rule, a variant, a statistic) and
    is marked up as such (``th`` cells in HTML, as screen readers announce them)."""
    tbl = nodes.table(classes=["rentoy-table", *classes])
    if title:
        tbl += nodes.title(text=title)
    group = nodes.tgroup(cols=len(columns))
    tbl += group
    head_row = _row([c if isinstance(c, cell) else cell(c) for c in columns])
    body_rows = []
    for i, values in enumerate(rows):
        row = _row([v if isinstance(v, cell) else cell(v) for v in values])
        if row_classes:
            row["classes"].extend(row_classes[i])
        if row_ids and row_ids[i]:
            row["ids"].append(row_ids[i])
        body_rows.append(row)
    # Widths matter to the text builders only (HTML sizes columns to their content):
    # the longest text of each column, within reason.
    for i, width in enumerate(widths or _widths([head_row, *body_rows], len(columns))):
        group += nodes.colspec(colwidth=width, **({"stub": 1} if row_headers and i == 0
                                                  and len(columns) > 1 else {}))
    head = nodes.thead()
    group += head
    head += head_row
    body = nodes.tbody()
    group += body
    body.extend(body_rows)
    return tbl


def _widths(rows: Sequence[nodes.row], count: int) -> list[int]:
    widths = [4] * count
    for row in rows:
        for i, entry in enumerate(row.children[:count]):
            longest = max((len(line) for line in entry.astext().splitlines()), default=0)
            widths[i] = max(widths[i], min(longest, 40))
    return widths


def _row(cells: Sequence[cell]) -> nodes.row:
    row = nodes.row()
    for c in cells:
        row += c.entry()
    return row


def facts(items: Sequence[tuple[str, Content]]) -> nodes.field_list:
    """The facts at the head of a generated page: name, value pairs (a field list)."""
    out = nodes.field_list(classes=["rentoy-facts"])
    for name, body in items:
        field = nodes.field()
        field += nodes.field_name(name, name)
        field += nodes.field_body("", paragraph(body))
        out += field
    return out


#: The provenance statuses in words, translated when shown.
STATUS_WORDS = {"attested": N_("attested"), "inferred": N_("inferred"),
                "assumed": N_("assumed"), "disputed": N_("disputed")}


def status_word(status: str) -> str:
    """A provenance status in the language spoken (``attested``, ``atestiguada``)."""
    return _(STATUS_WORDS[status]) if status in STATUS_WORDS else status


def status_count(status: str, count: int) -> str:
    """How many rules have ``status``, the word agreeing with the count and with
    "rule" (``8 inferidas``, ``1 supuesta``): one message per status and number."""
    forms = {"attested": lambda n: ngettext("{count} attested", "{count} attested", n),
             "inferred": lambda n: ngettext("{count} inferred", "{count} inferred", n),
             "assumed": lambda n: ngettext("{count} assumed", "{count} assumed", n),
             "disputed": lambda n: ngettext("{count} disputed", "{count} disputed", n)}
    if status not in forms:
        return f"{count} {status}"
    return forms[status](count).format(count=count)


def status_node(status: str, short: bool = False) -> nodes.Node:
    """A provenance status, coloured by the style sheet (``rentoy-status-<status>``)."""
    text = STATUS_MARKS.get(status, status) if short else status_word(status)
    classes = ["rentoy-status", f"rentoy-status-{status}"]
    if short:
        return nodes.abbreviation(text, text, explanation=status_word(status),
                                  classes=classes)
    return nodes.inline(text, text, classes=classes)


def xref(objtype: str, target: str, content: Content, title: str | None = None,
         warn: bool = True) -> addnodes.pending_xref:
    """A cross-reference to a ``rentoy`` domain object (source, variant, rule, ...)."""
    node = addnodes.pending_xref("", refdomain="rentoy", reftype=objtype, reftarget=target,
                                 refexplicit=True, refwarn=warn)
    if title:
        node["reftitle"] = title
    inline = nodes.inline(classes=["rentoy-xref", f"rentoy-{objtype}"])
    inline.extend(text_nodes(content))
    node.append(inline)
    return node


class details(nodes.General, nodes.Element):  # type: ignore[misc]  # noqa: N801  (docutils: untyped)
    """A folded block: ``<details>`` in HTML with its first child as the ``<summary>``;
    other builders write everything, unfolded."""


class summary(nodes.TextElement):  # type: ignore[misc]  # noqa: N801  (docutils: untyped)
    """The always-visible line of a :class:`details` block."""


def folded(head: Content, body: Sequence[nodes.Node], classes: Sequence[str] = (),
           open: bool = False, ids: Sequence[str] = ()) -> details:
    """A :class:`details` block: ``head`` shown, ``body`` folded away."""
    box = details(classes=list(classes), ids=list(ids))
    box["open"] = open
    line = summary()
    line.extend(text_nodes(head))
    box.append(line)
    box.extend(body)
    return box


def _visit_details(self: Any, node: details) -> None:
    attrs = {"open": "open"} if node.get("open") else {}
    self.body.append(self.starttag(node, "details", **attrs))


def _depart_details(self: Any, node: details) -> None:
    self.body.append("</details>\n")


def _visit_summary(self: Any, node: summary) -> None:
    self.body.append(self.starttag(node, "summary", ""))


def _depart_summary(self: Any, node: summary) -> None:
    self.body.append("</summary>")


def _pass(self: Any, node: nodes.Node) -> None:
    pass


def add_nodes(app: Sphinx) -> None:
    """Register :class:`details`, :class:`summary` and :class:`foreign` with every
    builder."""
    plain = (_pass, _pass)
    app.add_node(details, html=(_visit_details, _depart_details), text=plain, latex=plain,
                 man=plain, texinfo=plain)
    app.add_node(summary, html=(_visit_summary, _depart_summary), text=plain, latex=plain,
                 man=plain, texinfo=plain)
    app.add_node(foreign, html=(_visit_foreign, _depart_foreign), text=plain, latex=plain,
                 man=plain, texinfo=plain)


class foreign(nodes.inline):  # type: ignore[misc]  # noqa: N801  (docutils: untyped)
    """Text in another language than the page's: ``<span lang="es">`` in HTML, so a
    screen reader pronounces it as Spanish; plain text for other builders."""


def spanish(content: Content, emphasis: bool = True) -> foreign:
    """Spanish words in an English page (a passage, a call said at the table), in
    italics unless ``emphasis`` is False."""
    node = foreign(classes=["rentoy-es"])
    node["lang"] = "es"
    inner: list[nodes.Node] = text_nodes(content)
    if emphasis:
        em = nodes.emphasis()
        em.extend(inner)
        node += em
    else:
        node.extend(inner)
    return node


def _visit_foreign(self: Any, node: foreign) -> None:
    self.body.append(self.starttag(node, "span", "", lang=node.get("lang", "es")))


def _depart_foreign(self: Any, node: foreign) -> None:
    self.body.append("</span>")


def report_nodes(report: Any, inline: Any = None) -> list[nodes.Node]:
    """A :class:`rentoy.render.Report` (what a command prints) as tables and notes.

    ``inline`` parses a note as inline markup (a directive's ``parse_inline``);
    without it notes are plain text.
    """
    out: list[nodes.Node] = []
    for text in report.text:
        out.append(paragraph(text))
    for tbl in report.tables:
        rows = [["" if v is None else str(v) for v in row] for row in tbl.rows]
        out.append(table([_(str(c)) for c in tbl.columns], rows, title=tbl.title,
                         classes=["rentoy-report"]))
        for note in tbl.notes:
            content = inline(note)[0] if inline is not None else note
            out.append(paragraph(content, ["rentoy-table-note"]))
    return out


def setup(app: Sphinx) -> None:
    add_nodes(app)
