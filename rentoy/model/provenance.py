"""Where a rule comes from: its evidence status, its sources and the variant stating it.

Every rule of a variant carries a :class:`Provenance`: a status (:data:`STATUSES`, from
strongest evidence to none), the sources it rests on, a note, the options that give the
other readings, and the variant (and option) whose file states it. A rule a variant
carries over from another without restating the evidence keeps the evidence shown, but
is `assumed` in it (:func:`carry_over`): what ties a rule to a variant is a source and a
note that the variant's own file gives for it.

>>> prov = Provenance("attested", ("autoridades-1737",), defined_in="1737")
>>> carried = carry_over(prov)
>>> carried.status, carried.stated_status, carried.carried
('assumed', 'attested', True)
"""

from __future__ import annotations

from ..core.errors import Location
from ..core.frozen import Frozen, field, replace

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

__all__ = ["STATUSES", "STATUS_MARKS", "CARRIED_STATUS", "FIRMNESS", "Provenance", "Rule",
           "carry_over", "firmer"]

#: The provenance statuses, from strongest evidence to none.
STATUSES: tuple[str, ...] = ("attested", "inferred", "assumed", "disputed")
#: The status a variant gives a rule it carries over from another variant (its parent, or
#: an option defined there) without restating the evidence: evidence does not travel
#: across periods and places, so whatever the rule is there, it is `assumed` here until
#: the variant's own file ties it to the variant with a source and a note (the
#: ``{status, source, note}`` form). A dispute about another period's texts is not this
#: variant's dispute either.
CARRIED_STATUS: dict[str, str] = {"attested": "assumed", "inferred": "assumed",
                                  "assumed": "assumed", "disputed": "assumed"}
#: How firm each status is, for comparing two of them: `assumed` rests on nothing,
#: `inferred` and `disputed` on evidence that does not state the rule or disagrees,
#: `attested` on a source that states it.
FIRMNESS: dict[str, int] = {"assumed": 0, "inferred": 1, "disputed": 1, "attested": 2}
#: A one-letter mark per status, for legends and compact cells.
STATUS_MARKS: dict[str, str] = {"attested": "A", "inferred": "I", "assumed": "?",
                                "disputed": "D"}


class Provenance(Frozen):
    """Where a rule comes from: its evidence status, sources and the variant stating it."""

    status: str
    source: tuple[str, ...] = ()
    note: str | None = None
    alternatives: tuple[str, ...] = ()
    defined_in: str | None = None   # the variant id whose file states the rule
    option: str | None = None       # the option that set it, when one did
    location: Location | None = field(default=None, compare=False, repr=False)
    #: The status the rule has in ``defined_in`` when this variant carries it over
    #: without evidence of its own (``status`` is then `assumed`); None when the
    #: variant states the rule itself.
    stated_status: str | None = None
    #: Whether the note says which reading of a disputed rule the engine cannot play,
    #: and why (a reading it can play is an option named under ``alternatives``).
    not_modelled: bool = False

    @property
    def is_default(self) -> bool:
        return self.defined_in is None

    @property
    def carried(self) -> bool:
        """Whether the rule is carried over from another variant, whose evidence it shows."""
        return self.stated_status is not None


def carry_over(prov: Provenance) -> Provenance:
    """``prov`` as seen from a variant that inherits it without restating it: the same
    value, sources and note, ``stated_status`` the status where it is stated, and
    ``status`` as :data:`CARRIED_STATUS` has it (`assumed`). Engine defaults stay as
    they are."""
    if prov.defined_in is None or prov.carried:
        return prov
    return replace(prov, status=CARRIED_STATUS[prov.status], stated_status=prov.status)


def firmer(status: str, than: str) -> bool:
    """Whether ``status`` claims more than ``than`` (:data:`FIRMNESS`).

    >>> firmer("inferred", "assumed"), firmer("disputed", "inferred")
    (True, False)
    """
    return FIRMNESS[status] > FIRMNESS[than]


class Rule(Frozen):
    """One rule of a variant: its name, value and provenance."""

    name: str
    value: Any
    provenance: Provenance

    @property
    def status(self) -> str:
        return self.provenance.status
