"""The rules reference as reports: the list of variants and one variant's rules.

These are the tables behind ``rentoy variants`` and ``rentoy rules`` and the
generated pages of the docs, so every place shows the same values and provenance.
"""

from __future__ import annotations

from typing import Any

from .cards import RANK_LETTERS
from .render import Report, Table, plain
from .variants import RULE_NAMES, STATUSES, Variant

__all__ = ["format_value", "variants_report", "rules_report", "rule_record", "rule_origin",
           "RANK_LETTER"]

#: How ranks are shown in card orders: the figures by their initials.
RANK_LETTER: dict[int, str] = {rank: letter.upper() for letter, rank in RANK_LETTERS.items()}


def format_value(rule: str, value: Any) -> str:
    """A rule value as people read it (orders with R, C, S, A; lists joined)."""
    if rule in ("trump_order", "plain_order"):
        return " ".join(RANK_LETTER.get(r, str(r)) for r in value)
    if rule == "top_cards":
        return " > ".join(value) if value else "none"
    if rule == "ladder":
        return " - ".join(str(v) for v in value)
    if rule == "calls":
        parts = []
        for key in ("raise", "accept", "fold", "turn_up"):
            if key in value:
                v = value[key]
                parts.append(f"{key}: {' / '.join(v) if isinstance(v, (list, tuple)) else v}")
        return "; ".join(parts) or "(none recorded)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


def rule_origin(variant: Variant, rule: str) -> tuple[str, str | None]:
    """Where a rule is stated, as ``rentoy rules`` words it: the words, and the parent
    variant they end with when the rule is inherited (None otherwise), for a renderer
    that links it."""
    prov = variant.provenance[rule]
    if prov.option:
        return f"option {prov.option}", None
    if prov.defined_in is None:
        return "engine default", None
    if prov.defined_in == variant.base_id:
        return "this file", None
    return "inherited from ", prov.defined_in


def _origin(variant: Variant, rule: str) -> str:
    words, parent = rule_origin(variant, rule)
    return words + (parent or "")


def carried_over_text(variant: Variant, rule: str) -> str | None:
    """Why an inherited rule is carried over, as ``rentoy rules`` says it (None if not):
    ``top_cards_are_trumps is carried over from another set of top cards (stated in
    1737 for top_cards none)``."""
    item = variant.carried_over.get(rule)
    if item is None:
        return None
    was = " and ".join(f"{r} {format_value(r, item.was[r])}" for r in item.changed)
    part = " (its raise words, not used to name raises)" if item.part == "raise" else ""
    return f"{rule}{part} is {item.label} (stated in {item.stated_in} for {was})"


def _carried_over_notes(records: list[dict[str, Any]]) -> list[str]:
    """The line under ``rentoy rules`` naming the rules carried over, if any."""
    stale = [r["carried_over"] for r in records if r["carried_over"]]
    return [f"Not restated: {'; '.join(stale)}."] if stale else []


def _inherited_options_notes(variant: Variant) -> list[str]:
    """The line under the options naming those inherited, and from where."""
    inherited: dict[str, list[str]] = {}
    for option in variant.options.values():
        if option.provenance.defined_in not in (None, variant.base_id):
            inherited.setdefault(str(option.provenance.defined_in), []).append(option.id)
    if not inherited:
        return []
    parts = "; ".join(", ".join(ids) + f" from {parent}" for parent, ids in inherited.items())
    return [f"Inherited: {parts} (a file withdraws one with `<option>: null` under "
            "`options`)."]


def rule_record(variant: Variant, rule: str) -> dict[str, Any]:
    """One rule as plain data: value, display text, status, sources, note, origin."""
    prov = variant.provenance[rule]
    return {
        "rule": rule, "value": plain(variant.values[rule]),
        "display": format_value(rule, variant.values[rule]),
        "status": prov.status, "source": list(prov.source), "note": prov.note,
        "alternatives": list(prov.alternatives), "carried_over": carried_over_text(variant, rule),
        "defined_in": prov.defined_in, "option": prov.option,
        "from": _origin(variant, rule),
    }


def variants_report(variants: list[Variant]) -> Report:
    rows, data = [], []
    for v in variants:
        counts = v.status_counts()
        rows.append([v.id, v.name, v.period, v.region, *[counts[s] for s in STATUSES],
                     ", ".join(v.options) or "-"])
        data.append({"id": v.id, "name": v.name, "period": v.period, "region": v.region,
                     "extends": v.extends, "statuses": counts, "options": list(v.options),
                     "path": str(v.path) if v.path else None})
    table = Table(["id", "name", "period", "region", *STATUSES, "options"], rows,
                  wrap={"name": 34, "region": 16, "options": 28})
    return Report(data, [table])


def rules_report(variant: Variant) -> Report:
    records = [rule_record(variant, r) for r in RULE_NAMES]
    rows = [[r["rule"], r["display"], r["status"], ", ".join(r["source"]) or "-", r["from"],
             r["note"] or ""] for r in records]
    options = [{"id": o.id, "name": o.name, "rules": plain(o.rules),
                "status": o.provenance.status, "source": list(o.provenance.source),
                "note": o.provenance.note, "defined_in": o.provenance.defined_in}
               for o in variant.options.values()]
    data = {"id": variant.id, "name": variant.name, "period": variant.period,
            "region": variant.region, "extends": variant.extends,
            "applied_options": list(variant.applied_options),
            "sources": list(variant.sources), "rules": records, "options": options}
    tables = [Table(["rule", "value", "status", "source", "from", "note"], rows,
                    title=f"{variant.id}: {variant.name}",
                    wrap={"value": 26, "source": 24, "from": 18, "note": 48},
                    notes=_carried_over_notes(records))]
    if options:
        tables.append(Table(
            ["option", "changes", "status", "source", "note"],
            [[o["id"], "; ".join(f"{k}: {format_value(k, variant.options[o['id']].rules[k])}"
                                 for k in o["rules"]),
              o["status"], ", ".join(o["source"]), o["note"] or ""] for o in options],
            title=f"Options (select with {variant.base_id}+<option>)",
            wrap={"changes": 30, "source": 24, "note": 50},
            notes=_inherited_options_notes(variant)))
    return Report(data, tables)
