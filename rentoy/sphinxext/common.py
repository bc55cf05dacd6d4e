"""Shared pieces of the Sphinx extension: loading through the library, errors, nodes.

Every directive reads its input through the library (no second parser), notes every
file it read as a dependency of the page (so editing a variant or walkthrough file
rebuilds the pages that show it), and turns a library error into a build error at the
file and line the library names, or at the directive when the library names none.
Pages whose directives failed are read again on every build, so an incremental build
keeps failing until the input is fixed, and the build's exit status is 1 even without
``-W``. Pages that list every variant or every example are read again when a file is
added or removed.

The nodes built here are standard docutils nodes (tables, inline text with classes,
abbreviations for cards), so every builder can write them; the HTML look comes from
the site's style sheet.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Sequence, TypeAlias

from docutils import nodes
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole

from ..provenance import STATUS_MARKS

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

    from ..variant import Variant

__all__ = [
    "logger", "Failure", "RentoyDirective", "RentoyRole", "failure_from", "library_errors",
    "report_failure", "note_files", "variant_files", "library_files", "note_listing",
    "mark_failed", "table", "cell", "facts", "status_node", "xref", "source_refs",
    "text_nodes", "paragraph", "split_spec_rule", "report_nodes", "STATUS_MARKS",
    "details", "summary", "folded",
]

logger = logging.getLogger(__name__)


class Failure(Exception):
    """A directive's input was refused by the library: located messages to report.

    ``messages`` holds ``(text, location)`` pairs; a location is ``"file:line"`` or
    None for the directive's own position.
    """

    def __init__(self, messages: Sequence[tuple[str, str | None]]):
        self.messages = tuple(messages)
        super().__init__("\n".join(text for text, _ in self.messages))


def _problem_location(problem: Any) -> str | None:
    loc = problem.location
    if not loc.file:
        return None
    return f"{loc.file}:{loc.line}" if loc.line is not None else f"{loc.file}:"


def failure_from(exc: BaseException) -> Failure:
    """The located messages of a library error (input problems, refused actions)."""
    from ..errors import InputError

    if isinstance(exc, Failure):
        return exc
    if isinstance(exc, InputError):
        return Failure([(p.detail, _problem_location(p)) for p in exc.problems])
    return Failure([(str(exc), None)])


def library_errors() -> tuple[type[BaseException], ...]:
    """The exceptions the library raises for input it refuses."""
    from ..cards import CardError
    from ..errors import RentoyError

    return (RentoyError, CardError, Failure)


# ---------------------------------------------------------------------------------------
# Pages read again: failed pages, and pages listing every variant or every example.

def _failed(env: BuildEnvironment) -> set[str]:
    if not hasattr(env, "rentoy_failed_docs"):
        env.rentoy_failed_docs = set()  # type: ignore[attr-defined]
    return env.rentoy_failed_docs  # type: ignore[attr-defined]


def mark_failed(env: BuildEnvironment, docname: str) -> None:
    _failed(env).add(docname)


def report_failure(env: BuildEnvironment, failure: Failure, location: Any,
                   context: str | None = None) -> None:
    """Log each message of ``failure`` as a build error and mark the page failed.

    A message with no location of its own is reported at ``location`` (the directive
    or role); one located in an input file is reported there, with ``context`` (the
    directive or role that read the file) appended so the page is named too.
    """
    for text, where in failure.messages:
        logger.error(f"{text} [{context}]" if where and context else text,
                     location=where or location)
    mark_failed(env, env.docname)


def _listings(env: BuildEnvironment) -> dict[str, dict[str, tuple[str, ...]]]:
    """Per page, the lists of files it shows all of: kind -> names when it was read."""
    if not hasattr(env, "rentoy_listings"):
        env.rentoy_listings = {}  # type: ignore[attr-defined]
    return env.rentoy_listings  # type: ignore[attr-defined]


def note_listing(env: BuildEnvironment, kind: str) -> None:
    """The current page shows every file of ``kind`` (``variants``, ``examples``): read
    it again when one is added or removed (a folder cannot be a Sphinx dependency)."""
    _listings(env).setdefault(env.docname, {})[kind] = current_listing(env, kind)


def current_listing(env: BuildEnvironment, kind: str) -> tuple[str, ...]:
    if kind == "variants":
        from ..variants import builtin_ids

        return tuple(builtin_ids())
    from .walkthroughs import walkthrough_files

    folder = Path(env.srcdir) / env.config.rentoy_examples_dir
    return tuple(p.name for p in walkthrough_files(folder))


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    _failed(env).discard(docname)
    _listings(env).pop(docname, None)


def _merge(app: Sphinx, env: BuildEnvironment, docnames: set[str],
           other: BuildEnvironment) -> None:
    _failed(env).update(_failed(other) & set(docnames))
    for docname, kinds in _listings(other).items():
        if docname in docnames:
            _listings(env)[docname] = kinds


def _outdated(app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str],
              removed: set[str]) -> list[str]:
    # A page that failed stays failed until its input changes: read it again so the
    # error is reported (and fails the build) every time, not only the first.
    again = {d for d in _failed(env) if d in env.found_docs}
    now: dict[str, tuple[str, ...]] = {}
    for docname, kinds in _listings(env).items():
        for kind, names in kinds.items():
            if kind not in now:
                now[kind] = current_listing(env, kind)
            if names != now[kind] and docname in env.found_docs:
                again.add(docname)
    return sorted(again)


def _finished(app: Sphinx, exception: BaseException | None) -> None:
    if exception is None and app.env is not None and _failed(app.env):
        pages = ", ".join(sorted(_failed(app.env)))
        logger.info(f"rentoy: generated content failed on: {pages}")
        app.statuscode = 1


def setup(app: Sphinx) -> None:
    add_nodes(app)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("env-get-outdated", _outdated)
    app.connect("build-finished", _finished, priority=900)


# ---------------------------------------------------------------------------------------
# Dependencies.

def library_files() -> list[Path]:
    """The data files every generated table rests on: the schema and the bibliography."""
    from ..sources import builtin_dir

    folder = builtin_dir()
    return [folder / "schema.json", folder / "sources.yaml", folder / "glossary.yaml"]


def variant_files(variant: Variant) -> list[Path]:
    """Every file a variant was read from (its own and each it extends)."""
    return [Path(p) for p in variant.files]


def note_files(env: BuildEnvironment, paths: Iterable[Path | str]) -> None:
    """Record files the current page depends on (edits to them rebuild it)."""
    for path in paths:
        env.note_dependency(str(Path(path).resolve()))


def split_spec_rule(text: str) -> tuple[str, str]:
    """``"1737+borrego:ladder"`` -> ``("1737+borrego", "ladder")``."""
    spec, sep, rule = text.strip().rpartition(":")
    if not sep or not spec or not rule:
        raise Failure([(f"expected VARIANT:RULE (e.g. 1737:ladder), not {text!r}", None)])
    return spec.strip(), rule.strip()


# ---------------------------------------------------------------------------------------
# Directive and role bases.

class _Loading:
    """Loading through the library with the page's dependencies noted."""

    env: BuildEnvironment

    def _page_dir(self) -> Path:
        return Path(self.env.doc2path(self.env.docname)).parent

    def resolve_path(self, text: str) -> Path:
        """A path written on the page, relative to the page's folder."""
        path = Path(text)
        return path if path.is_absolute() else (self._page_dir() / path).resolve()

    def load_variant(self, spec: str) -> Variant:
        """A variant by id or path (relative to the page), options allowed."""
        from .. import variants as variants_module

        note_files(self.env, library_files())
        variant = variants_module.load_variant(spec, relative_to=self._page_dir())
        note_files(self.env, variant_files(variant))
        return variant

    def builtin_variants(self) -> list[Variant]:
        """Every built-in variant (oldest first), each file noted as a dependency, and
        the page read again when a variant file is added or removed."""
        from ..variants import builtin_variants

        note_files(self.env, library_files())
        note_listing(self.env, "variants")
        variants = builtin_variants()
        for variant in variants:
            note_files(self.env, variant_files(variant))
        return variants


class RentoyDirective(_Loading, SphinxDirective):
    """A directive that renders library data; a library error fails the build here."""

    def run(self) -> list[nodes.Node]:
        try:
            return self.make()
        except library_errors() as exc:
            return self.fail(failure_from(exc))

    def make(self) -> list[nodes.Node]:
        raise NotImplementedError

    def fail(self, failure: Failure) -> list[nodes.Node]:
        """Report every message as an error and show them on the page."""
        report_failure(self.env, failure, self.get_location(),
                       f"{{{self.name}}} at {self.get_location()}")
        box = nodes.error()
        for text, location in failure.messages:
            box += nodes.paragraph(text=f"{location}: {text}" if location else text)
        return [box]


class RentoyRole(_Loading, SphinxRole):
    """An inline role that renders library data; a library error fails the build here."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        try:
            return self.make(), []
        except library_errors() as exc:
            report_failure(self.env, failure_from(exc), self.get_location(),
                           f"{{{self.name}}}`{self.text}`")
            return [nodes.problematic(self.rawtext, self.rawtext)], []

    def make(self) -> list[nodes.Node]:
        raise NotImplementedError


# ---------------------------------------------------------------------------------------
# Node builders.

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
          title: str | None = None) -> nodes.table:
    """A docutils table; cells are strings, nodes, or :class:`cell` with classes."""
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
    for width in widths or _widths([head_row, *body_rows], len(columns)):
        group += nodes.colspec(colwidth=width)
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


def status_node(status: str, short: bool = False) -> nodes.Node:
    """A provenance status, coloured by the style sheet (``rentoy-status-<status>``)."""
    text = STATUS_MARKS.get(status, status) if short else status
    classes = ["rentoy-status", f"rentoy-status-{status}"]
    if short:
        return nodes.abbreviation(text, text, explanation=status, classes=classes)
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
    node += inline
    return node


def source_refs(ids: Sequence[str], sep: str = ", ", compact: bool = False
                ) -> list[nodes.Node]:
    """Sources as short author-year citations ("Real Academia Española 1737"), each
    linked to its bibliography entry with the full reference as its tooltip; a dash
    when there are none. ``compact`` drops the title an undated work is cited with (for
    the cells of wide grids). An id the bibliography lacks is shown as it is."""
    if not ids:
        return [nodes.Text("-")]
    from ..sources import load_sources
    from .bibliography import citation_nodes, short_citations

    sources = load_sources()
    labels = short_citations(sources)
    out: list[nodes.Node] = []
    for i, sid in enumerate(ids):
        if i:
            out.append(nodes.Text(sep))
        if sid in labels:
            who, title, year = labels[sid]
            content = citation_nodes((who, None if compact else title, year))
            out.append(xref("source", sid, content,
                            title=sources[sid].citation().replace("*", "")))
        else:
            out.append(xref("source", sid, sid))
    return out


class details(nodes.General, nodes.Element):  # noqa: N801  (a docutils node)
    """A folded block: ``<details>`` in HTML with its first child as the ``<summary>``;
    other builders write everything, unfolded."""


class summary(nodes.TextElement):  # noqa: N801
    """The always-visible line of a :class:`details` block."""


def folded(head: Content, body: Sequence[nodes.Node], classes: Sequence[str] = (),
           open: bool = False, ids: Sequence[str] = ()) -> details:
    """A :class:`details` block: ``head`` shown, ``body`` folded away."""
    box = details(classes=list(classes), ids=list(ids))
    box["open"] = open
    line = summary()
    line.extend(text_nodes(head))
    box += line
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
    """Register :class:`details` and :class:`summary` with every builder."""
    plain = (_pass, _pass)
    app.add_node(details, html=(_visit_details, _depart_details), text=plain, latex=plain,
                 man=plain, texinfo=plain)
    app.add_node(summary, html=(_visit_summary, _depart_summary), text=plain, latex=plain,
                 man=plain, texinfo=plain)


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
        out.append(table([str(c) for c in tbl.columns], rows, title=tbl.title,
                         classes=["rentoy-report"]))
        for note in tbl.notes:
            content = inline(note)[0] if inline is not None else note
            out.append(paragraph(content, ["rentoy-table-note"]))
    return out
