"""The bases of the extension's directives and roles: loading through the library.

A :class:`RentoyDirective` or :class:`RentoyRole` loads variants through the library
with the page's dependencies noted, and turns a library error into a build error (see
:mod:`rentoy.sphinxext.errors`); a directive shows the messages on the page too.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from docutils import nodes
from sphinx.util.docutils import SphinxDirective, SphinxRole

from ..data import variants as variants_module
from ..data.variants import builtin_variants
from .errors import Failure, failure_from, library_errors, report_failure
from .language import untranslatable
from .tracking import library_files, note_files, note_listing, variant_files

if TYPE_CHECKING:
    from sphinx.environment import BuildEnvironment

    from ..model.variant import Variant

__all__ = ["RentoyDirective", "RentoyRole", "split_spec_rule"]


def split_spec_rule(text: str) -> tuple[str, str]:
    """``"1737+borrego:ladder"`` -> ``("1737+borrego", "ladder")``."""
    spec, sep, rule = text.strip().rpartition(":")
    if not sep or not spec or not rule:
        raise Failure([(f"expected VARIANT:RULE (e.g. 1737:ladder), not {text!r}", None)])
    return spec.strip(), rule.strip()


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

        note_files(self.env, library_files())
        variant = variants_module.load_variant(spec, relative_to=self._page_dir())
        note_files(self.env, variant_files(variant))
        return variant

    def builtin_variants(self) -> list[Variant]:
        """Every built-in variant (oldest first), each file noted as a dependency, and
        the page read again when a variant file is added or removed."""

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
            return untranslatable(self.make())
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
