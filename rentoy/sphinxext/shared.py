"""What the directives of several pages share, kept in one module that imports no other
module of the extension (so that none of them imports another in a circle): the pages
whose directives failed, the walkthrough files of a folder, and a directive's titled
parts."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from docutils import nodes
from docutils.parsers.rst import directives

from ..core.i18n import _

if TYPE_CHECKING:
    from sphinx.environment import BuildEnvironment
    from sphinx.util.docutils import SphinxDirective

__all__ = ["failed_pages", "mark_failed", "walkthrough_id", "walkthrough_files", "section",
           "headings_option"]


def failed_pages(env: BuildEnvironment) -> set[str]:
    """The pages whose generated content failed in this build (kept in the environment)."""
    if not hasattr(env, "rentoy_failed_docs"):
        env.rentoy_failed_docs = set()  # type: ignore[attr-defined]
    failed: set[str] = env.rentoy_failed_docs  # type: ignore[attr-defined]
    return failed


def mark_failed(env: BuildEnvironment, docname: str) -> None:
    """Record that ``docname``'s generated content failed (it is read again next build)."""
    failed_pages(env).add(docname)


def walkthrough_id(path: Path) -> str:
    """A walkthrough's name on the site: its file name without ``.yaml``."""
    return path.stem


def walkthrough_files(folder: Path) -> list[Path]:
    """The walkthrough files of a folder, by name."""
    return sorted(p for p in folder.glob("*.yaml") if p.is_file())


def section(directive: SphinxDirective, title: str, key: str | None = None
            ) -> nodes.Element:
    """A titled part of a directive's output: a section (in the page's contents) when
    the directive's ``:headings:`` option is ``sections``, else a rubric and a container
    (for a directive placed inside prose). ``title`` is English, shown translated (mark
    it with ``N_``); the section's id is made from ``key`` or the English title, so it
    is the same in every edition."""
    shown = _(title)
    if directive.options.get("headings", "sections") != "sections":
        box = nodes.container(classes=["rentoy-part"])
        box += nodes.rubric(shown, shown)
        return box
    # The document gives the section a unique id made from its English title.
    sec = nodes.section(names=[nodes.fully_normalize_name(key or title)])
    sec += nodes.title(shown, shown)
    directive.state.document.note_implicit_target(sec, sec)
    return sec


def headings_option(text: str) -> str:
    """``:headings: sections`` or ``:headings: rubrics``."""
    choice: str = directives.choice(text, ("sections", "rubrics"))
    return choice
