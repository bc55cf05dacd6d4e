"""What a variant file's description says of the status of its rules, read back and
checked against the rules (``rentoy check`` warns where they disagree).

A description may say, in a sentence, that some of the rules it inherits are assumed (or
at most inferred): "the betting rules and the scoring rules are the generic modern ones,
marked as assumed", "every other rule is assumed here". :func:`description_claims` finds
such sentences: a status word after *marked as*, *are*, *is*, *kept as* or *at most*,
and in the same sentence the rules it speaks of, by section (*the betting rules*, *the
scoring rules*, *the play of the tricks*, *the card rules*, *the rules of the players
and the deal*: every rule of the section whose value is inherited, carried over or
restated with evidence and no value of its own) or as the rest (*every other rule*,
*all other rules*, *the other rules*: every rule carried over without a word of this
file). :func:`claim_conflicts` names each such rule whose status is firmer than the
sentence says. A sentence that names no such scope claims nothing checkable and is left
alone.

>>> claims = description_claims("The betting rules are the generic ones, marked as assumed.")
>>> [(c.status, c.sections, c.others) for c in claims]
[('assumed', ('betting',), False)]
>>> claim = description_claims("Every other rule is at most inferred here.")[0]
>>> claim.sections, claim.others
((), True)
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..core.frozen import Frozen
from .provenance import Provenance, firmer
from .ruletable import RULES, SECTIONS

__all__ = ["Claim", "description_claims", "claim_conflicts"]

#: The phrases that name a section of the rules, by section.
_SECTION_WORDS: dict[str, tuple[str, ...]] = {
    "players": ("rules of the players and the deal", "players and the deal"),
    "cards": ("card rules", "rules of the cards"),
    "play": ("play of the tricks", "rules of play"),
    "betting": ("betting rules", "rules of the betting"),
    "scoring": ("scoring rules", "rules of the scoring"),
}
_EVERY = ("every other rule", "all other rules", "the other rules", "every rule of",
          "all its other rules", "every rule it carries")
_STATUS = re.compile(r"\b(?:marked as|are|is|kept as|at most|left)\s+\*?(assumed|inferred)\b")


class Claim(Frozen):
    """One sentence of a description: the status it gives, and the sections it gives it to."""

    status: str
    sections: tuple[str, ...]     # the sections it names
    others: bool                  # whether it speaks of "every other rule" besides
    sentence: str


def description_claims(description: str) -> list[Claim]:
    """The sentences of ``description`` that give a status to named sections of rules."""
    text = " ".join(description.split())
    out = []
    for sentence in re.split(r"(?<=[.;])\s+", text):
        lower = sentence.lower()
        found = _STATUS.search(lower)
        if not found:
            continue
        others = any(phrase in lower for phrase in _EVERY)
        sections = tuple(sec for sec in SECTIONS
                         if any(w in lower for w in _SECTION_WORDS[sec]))
        if sections or others:
            out.append(Claim(found.group(1), sections, others, sentence))
    return out


def claim_conflicts(description: str, provenance: Mapping[str, Provenance],
                    inherited: set[str]) -> list[tuple[str, Claim]]:
    """Each rule of ``inherited`` (rules whose value comes from the parent) whose status in
    ``provenance`` is firmer than a sentence of ``description`` gives it, with that
    sentence."""
    out = []
    for claim in description_claims(description):
        for name in RULES:
            prov = provenance[name]
            spoken = RULES[name].section in claim.sections or (claim.others and prov.carried)
            if name in inherited and spoken and firmer(prov.status, claim.status):
                out.append((name, claim))
    return out
