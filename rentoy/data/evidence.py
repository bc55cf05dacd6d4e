"""Whether each status a variant file gives is no firmer than its evidence, by the
project's rules (``rentoy check`` warns where it is):

- a rule's status rests on a source about that variant and its period: a rule stated
  `attested`, `inferred` or `disputed` cites at least one of the texts the file lists
  under ``sources`` (the texts about it) that is not a reference work (an encyclopedia,
  a compendium); another period's text, or another game's, may support it beside such
  a source, not alone (a file that lists no sources is not judged on this);
- a general or encyclopedic sentence (a `reference` work, or a statement a source makes
  only in a general sentence, its ``general`` rules) is a secondary source, and cannot
  attest a variant's rule;
- where the sources disagree the rule is disputed: a rule stated `attested` while a
  modern report or a program the file lists states another value for it is flagged, to
  be made `disputed` with the other reading as an option (every source the rule itself
  cites must state its value besides: :func:`rentoy.data.variants.unbacked_attestations`);
- a disputed rule offers each other reading as an option that plays it (its
  ``alternatives``), or its note says which reading the engine cannot play and why,
  marked ``not_modelled: true``.

Each finding names the rule (or option) and what would make it right. Rules the file
carries over from another variant are `assumed` there and not judged here.

>>> from rentoy.variants import load_variant
>>> evidence_findings(load_variant("1737"))
[]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ..core.frozen import Frozen
from ..core.i18n import _
from ..model.provenance import Provenance
from ..model.ruletable import RULE_NAMES
from .sources import Source
from ..model.variant import normalise
from .variants import cited_source

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

    from ..model.variant import Variant

__all__ = ["Finding", "evidence_findings"]

#: The kinds of source that tell how the game is played where and when they were
#: written: where one the file lists plays a rule otherwise, the rule is disputed.
#: (A period text or a reconstruction may describe another form than the file's.)
_PRESENT_DAY = ("modern-report", "program")


class Finding(Frozen):
    """One status firmer than its evidence: the rule (or ``None`` and the option), the
    message and the hint."""

    rule: str | None
    option: str | None
    message: str
    hint: str


def _sources(variant: "Variant", prov: Provenance) -> Iterator[Source]:
    for sid in prov.source:
        src = cited_source(variant, sid)
        if src is not None:
            yield src


def _about_the_variant(variant: "Variant", prov: Provenance) -> bool:
    """Whether one of the sources of ``prov`` is a text about this variant and period:
    listed under the file's ``sources`` (or its own bibliography) and no reference work."""
    listed = set(variant.sources) | set(variant.bibliography)
    return any(src.id in listed and src.kind != "reference"
               for src in _sources(variant, prov))


def _same(rule: str, stated: Any, value: Any) -> bool:
    try:
        return bool(normalise(rule, stated) == value)
    except (TypeError, ValueError, KeyError):
        return False


def _judge(variant: "Variant", what: str, prov: Provenance, values: Mapping[str, Any],
           is_option: bool = False) -> Iterator[tuple[str, str]]:
    """(message, hint) for each way ``prov`` (of rule or option ``what``, which sets
    ``values``) is firmer than its sources. An option is another reading by design, so
    a source stating the file's own value is no disagreement with it."""
    if prov.status == "assumed":
        return
    # A file that lists no sources says nothing of which texts are about it.
    named = bool(variant.sources or variant.bibliography)
    if prov.source and named and not _about_the_variant(variant, prov):
        yield (_("{what} is {status}, but none of its sources is a text about this variant "
                 "and its period (one the file lists under `sources`, not a reference "
                 "work): another period's or another game's text, or an encyclopedia, "
                 "cannot carry it alone").format(what=what, status=_(prov.status)),
               _("mark it assumed and say in the note what those sources say, or cite a "
                 "text about this variant"))
    if prov.status != "attested":
        return
    for rule in values:
        if rule != "calls":           # calls: words stated in part (unbacked_attestations)
            silent = [src.id for src in _sources(variant, prov)
                      if not any(_same(rule, v, values[rule]) for v in src.stated_values(rule))]
            if not prov.source or silent:
                yield (_("{what} is attested, but {sources} does not state it").format(
                           what=what, sources=", ".join(silent) or _("no source")),
                       _("cite only sources that state it (their `states` in the "
                         "bibliography), or mark it inferred"))
        general = [src.id for src in _sources(variant, prov) if src.states_generally(rule)]
        if general:
            yield (_("{what} is attested by {sources}, whose statement of {rule} is a "
                     "general or encyclopedic sentence: a secondary source, which cannot "
                     "attest a variant's rule").format(
                         what=what, sources=", ".join(general), rule=rule),
                   _("mark it inferred, and say in the note what the local sources say"))
        if is_option or rule == "calls":    # calls: words stated in part, not compared
            continue
        listed = set(variant.sources) | set(variant.bibliography)
        for sid in sorted(listed - set(prov.source)):
            src = cited_source(variant, sid)
            if src is None or src.kind not in _PRESENT_DAY:
                continue
            stated = src.stated_values(rule)
            if stated and not any(_same(rule, v, values[rule]) for v in stated):
                yield (_("{what} is attested, but {source}, a source of this variant, "
                         "states another value for {rule}: where the sources disagree the "
                         "rule is disputed").format(what=what, source=sid, rule=rule),
                       _("mark it disputed and offer the other reading as an option "
                         "(`alternatives`), or say in the note why {source} does not "
                         "count here").format(source=sid))


def _unplayed(what: str, prov: Provenance) -> Iterator[tuple[str, str]]:
    """(message, hint) when disputed ``prov`` offers no other reading: no option under
    ``alternatives``, and no ``not_modelled`` saying the note tells why none is played."""
    if prov.status == "disputed" and not prov.alternatives and not prov.not_modelled:
        yield (_("{what} is disputed, but names no option that plays another reading "
                 "(`alternatives`) and does not say that the engine cannot play one "
                 "(`not_modelled`)").format(what=what),
               _("add an option with the other reading's rules and list it under "
                 "`alternatives`, or say in the note which reading is not modelled and "
                 "why, and mark it `not_modelled: true`"))


def evidence_findings(variant: "Variant") -> list[Finding]:
    """Each rule and option of ``variant``'s own file whose status is firmer than its
    evidence (see the module's rules)."""
    out = []
    for name in RULE_NAMES:
        prov = variant.provenance[name]
        if prov.carried or prov.option or prov.defined_in != variant.id:
            continue
        what = _("the rule `{rule}`").format(rule=name)
        for message, hint in _judge(variant, what, prov, {name: variant.values[name]}):
            out.append(Finding(name, None, message, hint))
        for message, hint in _unplayed(what, prov):
            out.append(Finding(name, None, message, hint))
    for oid, option in variant.options.items():
        prov = option.provenance
        if prov.carried or prov.defined_in != variant.id:
            continue
        for message, hint in _judge(variant, _("the option `{option}`").format(option=oid),
                                    prov, option.rules, is_option=True):
            out.append(Finding(None, oid, message, hint))
    return out
