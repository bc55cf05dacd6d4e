"""Profiles of play and the sources' remarks on the site, from stored data.

- ``{rentoy-profiles} PATH``: the profiles of play stored in ``PATH`` (the JSON of
  ``rentoy profile -f json``), as the tables the command prints; ``:variant: ID`` shows
  one variant's column only where the data has it.
- ``{rentoy-remarks} PATH``: the sources' remarks stored in ``PATH`` (the JSON of
  ``rentoy remarks -f json``), one table per remark with the quoted words and the claim.

Both lay out the same reports the command line prints (:mod:`rentoy.comparison.profile`,
:mod:`rentoy.comparison.remarks`); nothing is measured at build time.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx import addnodes
from docutils.parsers.rst import directives

from ..comparison.profile import profile_report
from ..comparison.remarks import remarks_report
from ..core.i18n import _
from .directives import RentoyDirective
from .elements import report_nodes
from .errors import Failure
from .tracking import note_files

if TYPE_CHECKING:
    from sphinx.application import Sphinx

__all__ = ["ProfilesDirective", "RemarksDirective", "setup"]


class _StoredData(RentoyDirective):
    required_arguments = 1

    def stored(self) -> Any:
        path = self.resolve_path(self.arguments[0])
        note_files(self.env, [path])
        if not path.is_file():
            raise Failure([(f"no data file {self.arguments[0]!r} (looked for {path})", None)])
        return json.loads(path.read_text(encoding="utf-8"))


class ProfilesDirective(_StoredData):
    """``{rentoy-profiles} PATH``: stored profiles of play laid out as tables."""

    option_spec = {"variant": directives.unchanged}

    def make(self) -> list[nodes.Node]:
        data = self.stored()
        variant = self.options.get("variant")
        if variant:
            if variant not in data["variants"]:
                return []
            data = dict(data, variants=[variant], reference=variant,
                        differences={}, figures={variant: data["figures"][variant]})
        report = profile_report(data)
        out = report_nodes(report)
        if variant:
            heading = nodes.rubric(text=_("What it is like to play"))
            ref = addnodes.pending_xref("", refdomain="std", reftype="doc",
                                        reftarget="/profiles", refexplicit=True)
            ref += nodes.inline(text=_("What each variant is like to play"))
            note = nodes.paragraph()
            note += nodes.Text(_("Measured beside the other variants: "))
            note += ref
            return [heading, *out, note]
        return out


class RemarksDirective(_StoredData):
    """``{rentoy-remarks} PATH``: stored verdicts on the sources' remarks."""

    def make(self) -> list[nodes.Node]:
        return report_nodes(remarks_report(self.stored()))


def setup(app: Sphinx) -> None:
    app.add_directive("rentoy-profiles", ProfilesDirective)
    app.add_directive("rentoy-remarks", RemarksDirective)
