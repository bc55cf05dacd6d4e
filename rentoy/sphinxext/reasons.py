"""The reason codes of refused actions, as a table generated from
:data:`rentoy.engine.REASONS`; each row is a link target (``{rentoy:reason}`arrastre```),
which walkthrough transcripts link their refusals to."""

from __future__ import annotations

from typing import TYPE_CHECKING

from docutils import nodes

from ..engine import REASONS
from .directives import RentoyDirective
from .domain import register_id
from .elements import table

if TYPE_CHECKING:
    from sphinx.application import Sphinx

__all__ = ["ReasonsDirective"]


class ReasonsDirective(RentoyDirective):
    """``{rentoy-reasons}``: every reason code with what it means."""

    def make(self) -> list[nodes.Node]:
        rows, ids = [], []
        for code, meaning in REASONS.items():
            rows.append([nodes.literal(code, code), self.parse_inline(meaning)[0]])
            ids.append(register_id(self.env, "reason", code, meaning, self.get_location()))
        return [table(["reason", "meaning"], rows, classes=["rentoy-reasons"],
                      row_ids=ids)]


def setup(app: Sphinx) -> None:
    app.add_directive("rentoy-reasons", ReasonsDirective)
