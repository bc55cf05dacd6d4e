"""What each generated page rests on, and the pages read again.

Every directive notes each file it read as a dependency of its page (so editing a
variant or walkthrough file rebuilds the pages that show it). Pages whose directives
failed are read again on every build, so an incremental build keeps failing until the
input is fixed; pages that list every variant or every example are read again when a
file is added or removed (a folder cannot be a Sphinx dependency).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from ..data.sources import builtin_dir
from ..data.variants import builtin_ids, builtin_variants
from .errors import logger
from .shared import failed_pages, walkthrough_files

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

    from ..model.variant import Variant

__all__ = ["library_files", "variant_files", "note_files", "note_listing"]


def library_files() -> list[Path]:
    """The data files every generated table rests on: the schema and the bibliography."""

    folder = builtin_dir()
    return [folder / "schema.json", folder / "sources.yaml", folder / "glossary.yaml"]


def variant_files(variant: Variant) -> list[Path]:
    """Every file a variant was read from (its own and each it extends)."""
    return [Path(p) for p in variant.files]


def note_files(env: BuildEnvironment, paths: Iterable[Path | str]) -> None:
    """Record files the current page depends on (edits to them rebuild it)."""
    for path in paths:
        env.note_dependency(str(Path(path).resolve()))


def _listings(env: BuildEnvironment) -> dict[str, dict[str, tuple[str, ...]]]:
    """Per page, the lists of files it shows all of: kind -> names when it was read."""
    if not hasattr(env, "rentoy_listings"):
        env.rentoy_listings = {}  # type: ignore[attr-defined]
    listings: dict[str, dict[str, tuple[str, ...]]]
    listings = env.rentoy_listings  # type: ignore[attr-defined]
    return listings


def note_listing(env: BuildEnvironment, kind: str) -> None:
    """The current page shows every file of ``kind`` (``variants``, ``examples``): read
    it again when one is added or removed (a folder cannot be a Sphinx dependency).
    ``lineage``: the page shows which built-in variant extends which, and is read again
    when that changes, not when a rule of some variant does (so a page that names a
    variant's children does not depend on every variant file)."""
    _listings(env).setdefault(env.docname, {})[kind] = current_listing(env, kind)


def current_listing(env: BuildEnvironment, kind: str) -> tuple[str, ...]:
    if kind == "variants":
        return tuple(builtin_ids())
    if kind == "lineage":
        return tuple(f"{v.id}<{v.extends or ''}" for v in builtin_variants())

    folder = Path(env.srcdir) / env.config.rentoy_examples_dir
    return tuple(p.name for p in walkthrough_files(folder))


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    failed_pages(env).discard(docname)
    _listings(env).pop(docname, None)


def _merge(app: Sphinx, env: BuildEnvironment, docnames: set[str],
           other: BuildEnvironment) -> None:
    failed_pages(env).update(failed_pages(other) & set(docnames))
    for docname, kinds in _listings(other).items():
        if docname in docnames:
            _listings(env)[docname] = kinds


def _outdated(app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str],
              removed: set[str]) -> list[str]:
    # A page that failed stays failed until its input changes: read it again so the
    # error is reported (and fails the build) every time, not only the first.
    again = {d for d in failed_pages(env) if d in env.found_docs}
    now: dict[str, tuple[str, ...]] = {}
    for docname, kinds in _listings(env).items():
        for kind, names in kinds.items():
            if kind not in now:
                now[kind] = current_listing(env, kind)
            if names != now[kind] and docname in env.found_docs:
                again.add(docname)
    return sorted(again)


def _finished(app: Sphinx, exception: BaseException | None) -> None:
    if exception is None and app.env is not None and failed_pages(app.env):
        pages = ", ".join(sorted(failed_pages(app.env)))
        logger.info(f"rentoy: generated content failed on: {pages}")
        app.statuscode = 1


def setup(app: Sphinx) -> None:
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("env-get-outdated", _outdated)
    app.connect("build-finished", _finished, priority=900)
