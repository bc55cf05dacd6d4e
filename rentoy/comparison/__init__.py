"""Comparing variants: their rules side by side, the same deals under perfect play, the
deals on which they part ways, and the rules reference reports.

- :mod:`rentoy.comparison.rules`: which rules differ, with their provenance
  (:func:`compare_rules`), and under which variants a refused action would be legal
  (:func:`legal_under`);
- :mod:`rentoy.comparison.perfect`: the same deals solved double dummy under each
  variant (:func:`compare_perfect`);
- :mod:`rentoy.comparison.divergence`: deals on which two variants part ways, written
  as walkthroughs (:func:`find_divergences`);
- :mod:`rentoy.comparison.reference`: the reports behind ``rentoy variants``,
  ``rentoy rules``, ``rentoy sources`` and ``rentoy glossary``.

Simulated play on the same deals is :mod:`rentoy.simulation`. The names below are
imported from here; each is loaded when first used, so a command that only prints a
variant's rules does not load the solver.

>>> from rentoy.comparison import compare_rules
>>> [row.rule for row in compare_rules(["1737", "avila"]).rows]
['arrastre']
"""

from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

_MODULES = ("rules", "perfect", "divergence", "reference")
_EXPORTS: dict[str, str] = {}
for _module, _names in {
    "rules": ("RuleCell", "RuleRow", "RuleComparison", "compare_rules", "status_legend",
              "legal_under", "explain_refusal"),
    "perfect": ("Rate", "PerfectComparison", "PerfectDivergence", "compare_perfect",
                "perfect_deal", "solve_chunk", "perfect_report", "perfect_divergences",
                "save_perfect_divergences", "perfect_divergences_report"),
    "divergence": ("Side", "Divergence", "find_divergences", "save_divergences", "SavedFile",
                   "divergences_report", "walkthrough_variant", "write_walkthrough",
                   "walkthrough_text", "save_pairs", "PairTexts"),
    "reference": ("format_value", "value_words", "variants_report", "rules_report", "rule_record",
                  "rule_origin", "refusal_origin", "carried_words", "source_record", "status_text",
                  "RANK_LETTER", "source_data", "sources_report", "source_report",
                  "glossary_report", "rule_quotations"),
}.items():
    _EXPORTS.update(dict.fromkeys(_names, _module))

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'rentoy.comparison' has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])
