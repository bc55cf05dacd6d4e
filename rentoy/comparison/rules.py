"""Rules side by side: which rules differ between variants, with their provenance.

:func:`compare_rules` takes variants (ids, paths, options allowed) and returns a
:class:`RuleComparison`: one :class:`RuleRow` per rule, one :class:`RuleCell` per
variant, each cell holding the value (as written and as displayed), the evidence
status with its short mark (:data:`~rentoy.model.provenance.STATUS_MARKS`) and the source ids. It is plain
data, computed from the variant files alone; :meth:`RuleComparison.report` makes the
tables behind ``rentoy compare`` and the docs' comparison pages.

A rule *differs* when its value differs between the variants; with
``by="provenance"`` a rule whose status or sources differ counts too (the same value
resting on different evidence).

>>> from rentoy.comparison import compare_rules
>>> comparison = compare_rules(["1737", "avila"])
>>> [row.rule for row in comparison.rows]
['arrastre']
>>> for cell in comparison.rows[0].cells:
...     print(cell.variant, cell.value, cell.mark, cell.source)
1737 follow I ('source-es', 'autoridades-1737', 'autoridades-ombre')
avila overtrump A ('source-es',)
>>> comparison.rows[0].cells[1].text
'everyone who holds a trump must play one, and one higher than every card in the trick if he can (A: source-es)'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from ..engine import Action as _Action, Hand
from ..core.errors import IllegalAction as _IllegalAction, InputError
from ..core.i18n import N_, _
from ..model.provenance import STATUS_MARKS, STATUSES
from ..render import Report, Table
from ..model.ruletable import RULE_NAMES, RULES, rule_title
from ..data.sources import load_sources
from ..model.variant import Variant
from ..data.variants import builtin_catalogue, load_variants
from .reference import rule_record, status_word, value_words

if TYPE_CHECKING:
    from ..engine import Action, Hand
    from ..core.errors import IllegalAction

__all__ = ["RuleCell", "RuleRow", "RuleComparison", "compare_rules",
           "status_legend", "legal_under", "explain_refusal"]

_BY = ("value", "provenance")


def status_legend() -> str:
    """One line explaining the marks: ``A attested, I inferred, ...``."""
    return _("Status: {marks}.").format(marks=", ".join(
        f"{STATUS_MARKS[s]} {status_word(s)}" for s in STATUSES))


@dataclass(frozen=True)
class RuleCell:
    """One variant's value of one rule, with its provenance."""

    variant: str
    value: Any                  # plain (JSON-ready) value as written
    display: str                # the value as people read it
    status: str
    mark: str
    source: tuple[str, ...]
    note: str | None
    origin: str                 # "this file", "inherited from 1737", "option borrego", ...
    rule: str = ""              # the rule's key (for the value in words)

    @property
    def text(self) -> str:
        """``value (mark: sources)``, the form a table cell shows (the value in the
        language spoken now: ``yes`` is ``sí`` in Spanish)."""
        sources = ", ".join(self.source)
        return f"{self.shown} ({self.mark}{': ' + sources if sources else ''})"

    @property
    def shown(self) -> str:
        """The value in words (the rule table's phrase), in the language spoken now."""
        return value_words(self.rule, self.value) if self.rule else self.display

    def as_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, "value": self.value, "display": self.display,
                "status": self.status, "mark": self.mark, "source": list(self.source),
                "note": self.note, "from": self.origin}


@dataclass(frozen=True)
class RuleRow:
    """One rule across the variants."""

    rule: str
    description: str
    cells: tuple[RuleCell, ...]
    same_value: bool
    same_provenance: bool

    def as_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "description": self.description,
                "same_value": self.same_value, "same_provenance": self.same_provenance,
                "cells": [c.as_dict() for c in self.cells]}


@dataclass(frozen=True)
class RuleComparison:
    """The rules of several variants side by side (see the module docstring)."""

    variants: tuple[str, ...]
    names: tuple[str, ...]
    rows: tuple[RuleRow, ...]
    all_rules: bool
    by: str

    @property
    def sources(self) -> tuple[str, ...]:
        """Every source id the shown cells cite, in order of first mention."""
        seen: dict[str, None] = {}
        for row in self.rows:
            for cell in row.cells:
                seen.update(dict.fromkeys(cell.source))
        return tuple(seen)

    def as_dict(self) -> dict[str, Any]:
        return {"variants": [{"id": v, "name": n} for v, n in zip(self.variants, self.names)],
                "all_rules": self.all_rules, "differs_by": self.by,
                "status_marks": dict(STATUS_MARKS),
                "rows": [r.as_dict() for r in self.rows], "sources": list(self.sources)}

    def tables(self, layout: str = "wide") -> list[Table]:
        """The comparison as tables.

        ``wide``: one row per rule, one column per variant, cells as
        ``value (mark: sources)``, then the cited sources. ``long``: one row per rule
        and variant with value (as the files write it), status and sources in their own
        columns (for CSV).
        """
        if layout == "long":
            rows = [[r.rule, c.variant, c.display, status_word(c.status), ", ".join(c.source),
                     c.origin, _("yes") if r.same_value else _("no")]
                    for r in self.rows for c in r.cells]
            return [Table([N_("rule"), N_("variant"), N_("value"), N_("status"), N_("source"),
                           N_("from"), N_("same value")], rows, title=_("rules"))]
        kind = _("Rules") if self.all_rules else (
            _("Rules that differ") if self.by == "value"
            else _("Rules whose value or evidence differs"))
        notes = [status_legend(),
                 _("Sources: ids in variants/sources.yaml; `rentoy rules ID` gives each "
                   "rule's note.")]
        if not self.rows:
            notes.insert(0, _("No rule differs.") if len(self.variants) > 1
                         else _("Only one variant: nothing to compare."))
        wrap = {v: max(20, 100 // max(len(self.variants), 1)) for v in self.variants}
        # The rule by its reader's name (its key is the JSON's and the files').
        rows = [[rule_title(r.rule), *(c.text for c in r.cells)] for r in self.rows]
        tables = [Table([N_("rule"), *self.variants], rows,
                        title=f"{kind}: {', '.join(self.variants)}",
                        wrap=wrap, notes=notes)]
        if self.sources:
            known = load_sources()
            tables.append(Table(
                [N_("source"), N_("reference")],
                [[sid, known[sid].citation(translated=True) if sid in known
                  else _("(not in the bibliography)")] for sid in self.sources],
                title=_("Sources cited"), wrap={"reference": 90}))
        return tables

    def report(self, layout: str = "wide") -> Report:
        """A :class:`~rentoy.render.Report`: ``as_dict()`` for JSON, tables for people."""
        return Report(self.as_dict(), self.tables(layout))


def _cell(variant: Variant, rule: str) -> RuleCell:
    record = rule_record(variant, rule)      # what `rentoy rules` shows for the rule
    return RuleCell(variant.id, record["value"], record["display"], record["status"],
                    STATUS_MARKS.get(record["status"], "?"), tuple(record["source"]),
                    record["note"], record["from"], rule)


def compare_rules(variants: Sequence[str | Variant] = (), all_rules: bool = False,
                  by: str = "value") -> RuleComparison:
    """Compare the rules of ``variants`` (ids, paths or Variants; all built-ins if empty).

    Rows are in schema order; without ``all_rules`` only the rules that differ (by
    ``value``, or by ``provenance``: value, status or sources) are kept.
    """
    if by not in _BY:
        raise ValueError(f"by must be one of {', '.join(_BY)}, not {by!r}")
    loaded = load_variants(variants)
    rows = []
    for rule in RULE_NAMES:
        cells = tuple(_cell(v, rule) for v in loaded)
        same_value = all(c.value == cells[0].value for c in cells)
        same_prov = same_value and all(
            (c.status, c.source) == (cells[0].status, cells[0].source) for c in cells)
        differs = not (same_value if by == "value" else same_prov)
        if all_rules or differs:
            # The data stays English (the JSON's); rule_description gives it translated.
            rows.append(RuleRow(rule, RULES[rule].description, cells, same_value, same_prov))
    return RuleComparison(tuple(v.id for v in loaded), tuple(v.name for v in loaded),
                          tuple(rows), all_rules, by)


# ---------------------------------------------------------------------------------------
# The same position under other variants.

def _comparable_variants() -> list[Variant]:
    """Every built-in variant, and each with each one of its options."""

    out: list[Variant] = []
    for base in builtin_catalogue().variants:     # a damaged built-in is left out
        out.append(base)
        out.extend(base.with_options(o) for o in base.options)
    return out


def _same_position(variant: Variant, hand: Hand) -> Hand | None:
    """``hand``'s position under ``variant``: the same deal, dealer and score, the same
    actions so far; None when it cannot arise there (another table or deal size, a
    score past its target, or an action so far it refuses)."""

    try:
        other = Hand(variant, players=hand.players, dealer=hand.observation(0).dealer,
                     score=hand.score, deal=hand.deal)
    except InputError:
        return None
    for action in hand.history:
        if not other.can(action):
            return None
        other.apply_unchecked(action)
    return other


def legal_under(hand: Hand, action: Action | str) -> tuple[str, ...]:
    """The built-in variants and options under which ``action`` would be legal in
    ``hand``'s position (the same deal, dealer, score and actions so far), found by
    replaying the hand under each with the engine's own rules.

    >>> from rentoy.engine import Deal, Hand
    >>> deal = Deal.parse([["5o", "4e", "5e"], ["3o", "12o", "6c"], ["12e", "4c", "1b"],
    ...                    ["10c", "6b", "7b"]], up="2o")
    >>> hand = Hand("avila", deal=deal)
    >>> event = hand.apply("0 play 5o")
    >>> hand.refusal("1 play 3o").reason
    'overtrump'
    >>> "1737" in legal_under(hand, "1 play 3o")
    True
    """

    parsed = _Action.parse(action) if isinstance(action, str) else action
    out = []
    for variant in _comparable_variants():
        if variant.id == hand.variant.id:
            continue
        other = _same_position(variant, hand)
        if other is not None and other.can(parsed):
            out.append(variant.id)
    return tuple(out)


def explain_refusal(hand: Hand, action: Action | str) -> IllegalAction | None:
    """:meth:`Hand.refusal <rentoy.engine.Hand.refusal>` with ``legal_under`` filled in
    (:func:`legal_under`): why ``action`` is refused, and where it would not be."""

    refused = hand.refusal(action)
    if refused is None:
        return None
    return _IllegalAction(refused.reason, refused.detail, action=refused.action,
                          rule=refused.rule, variant=refused.variant, source=refused.source,
                          legal_under=legal_under(hand, action))
