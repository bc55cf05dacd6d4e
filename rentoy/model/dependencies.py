"""Rules whose meaning depends on other rules, and what an override leaves stale.

The rule table (:mod:`rentoy.model.ruletable`) declares, once, which rules' meaning depends on
which: each rule may name the rules it was written for and the one key of its value
that depends on them, as the raise words of ``calls`` do. A rule a variant
inherits is *carried over* when a rule it depends on has changed since the file that
states it was written: the raise words of ``modern`` under another ladder, the note
of ``top_cards_are_trumps`` under other top cards. A file that restates the rule, in
any form, takes it over for its own values. An option takes over the rules of the
file that defines it, since that file was written with the option in view.

This module reads the declarations and computes, from plain rule values, what is
carried over and what ``rentoy check`` says about it; each
:class:`~rentoy.model.variant.Variant` keeps the result (``Variant.carried_over``, ``Variant.warnings``).

>>> from rentoy.dependencies import dependencies
>>> dependencies()["top_cards_are_trumps"].on
('top_cards',)
>>> deps = dependencies()["calls"]
>>> deps.on, deps.part
(('ladder', 'raise_right'), 'raise')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from types import MappingProxyType

from ..core.errors import Location, Problem
from ..core.frozen import Frozen
from ..core.i18n import N_, _
from .ruletable import GAME, RULES, depends_on

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Dependency", "CarriedOver", "dependencies", "written_for", "carried_over",
           "call_problems", "stale_warnings", "option_warnings", "raise_words", "value_words", "another"]

#: How a change of a rule is named when a rule depending on it is carried over.
_ANOTHER: dict[str, str] = {
    "ladder": N_("another ladder"), "top_cards": N_("another set of top cards"),
    "tricks": N_("another number of tricks"),
    "tricks_to_win": N_("another number of tricks to win"),
    "hand_size": N_("another hand size"), "players": N_("other numbers of players"),
    "trump_order": N_("another trump order"), "target": N_("another target"),
    "raise_right": N_("another raise right"),
}


def value_words(value: Any) -> str:
    """A ladder value in words: the number, or "the whole game"."""
    return "the whole game" if value == GAME else str(value)


def another(rule: str) -> str:
    """The words for a changed rule: ``another ladder``, ``another set of top cards``
    (in the language spoken)."""
    return _(_ANOTHER[rule]) if rule in _ANOTHER else _("another `{rule}`").format(rule=rule)


class Dependency(Frozen):
    """A rule (``rule``; only its key ``part`` when given) and the rules it depends on."""

    rule: str
    on: tuple[str, ...]
    part: str | None = None
    free: tuple[Any, ...] = ()      # values that say nothing the dependency is about

    @property
    def label(self) -> str:
        """The rule as messages name it: ``calls`` or ``calls.raise``."""
        return f"{self.rule}.{self.part}" if self.part else self.rule

    def applies(self, value: Any) -> bool:
        """Whether ``value`` says anything the dependency is about (an empty part, or one
        of the rule's free values, names nothing, so nothing in it can be stale)."""
        if value in self.free:
            return False
        if self.part is None:
            return True
        return bool(value.get(self.part)) if hasattr(value, "get") else False


class CarriedOver(Frozen):
    """A rule inherited unchanged although rules it depends on changed since it was stated.

    ``stated_in`` is the variant whose file states it (``option`` the option, when one
    set it), ``changed`` the rules that differ since, and ``was`` their values where
    the rule was stated.
    """

    rule: str
    part: str | None
    stated_in: str | None
    option: str | None
    changed: tuple[str, ...]
    was: Mapping[str, Any]

    @property
    def label(self) -> str:
        """``carried over from another ladder`` (or another set of top cards, ...), in
        the language spoken."""
        return _("carried over from {what}").format(
            what=_(" and ").join(another(r) for r in self.changed))


def dependencies() -> dict[str, Dependency]:
    """Every declared dependency, by dependent rule, in the rule table's order."""
    return dict(_declared())


@lru_cache(maxsize=1)
def _declared() -> dict[str, Dependency]:
    # Made once: every variant and option loaded asks.
    return {name: Dependency(name, on, part, RULES[name].free_values)
            for name, (on, part) in depends_on().items()}


def written_for(values: Mapping[str, Any], rules: Iterable[str]
                ) -> dict[str, Mapping[str, Any]]:
    """For each of ``rules`` that depends on others, the values of those others now:
    what the rule is written for when it is stated with ``values``."""
    deps = dependencies()
    return {name: MappingProxyType({r: values[r] for r in deps[name].on if r in values})
            for name in rules if name in deps}


def carried_over(values: Mapping[str, Any], provenance: Mapping[str, Any],
                 written: Mapping[str, Mapping[str, Any]]) -> dict[str, CarriedOver]:
    """The rules whose dependencies differ from what they were written for."""
    out: dict[str, CarriedOver] = {}
    for name, dep in dependencies().items():
        was = written.get(name)
        if was is None or name not in values or not dep.applies(values[name]):
            continue
        changed = tuple(r for r in dep.on if r in was and r in values and was[r] != values[r]
                        and _alters(name, values[name], r, was[r], values[r]))
        if changed:
            prov = provenance[name]
            out[name] = CarriedOver(name, dep.part, prov.defined_in, prov.option, changed,
                                    MappingProxyType({r: was[r] for r in changed}))
    return out


def _alters(name: str, value: Any, rule: str, was: Any, now: Any) -> bool:
    """Whether ``rule`` changing from ``was`` to ``now`` alters what ``name`` (stated as
    ``value``) says. A ladder depends on the target only through a step that is, or
    becomes, the whole game or more: [1, 2, 4, 8] means the same in a game to 12 and to
    21, [1, 3, 6, 9, 12] does not (a step `game` is the whole game under any target)."""
    if name == "ladder" and rule == "target" and isinstance(was, int) and isinstance(now, int):
        return any(isinstance(step, int) and step >= min(was, now) for step in value)
    return True


# ---------------------------------------------------------------------------------------
# Calls and ladder steps.

def raise_words(values: Mapping[str, Any]) -> tuple[str, ...]:
    """The raise words a variant's written rules state (``calls.raise``), in order."""
    calls = values.get("calls") or {}
    return tuple(calls.get("raise") or ())


def call_problems(values: Mapping[str, Any], carried: Mapping[str, CarriedOver],
                  where: Callable[[str], tuple[Location, tuple[Any, ...]]]) -> list[Problem]:
    """A list of raise words stated for this ladder that does not have one word per
    raise: the words cannot be matched to the steps, so the variant cannot be played."""
    words, ladder = raise_words(values), values.get("ladder") or ()
    if not words or "calls" in carried or len(words) == len(ladder) - 1:
        return []
    raises = len(ladder) - 1
    location, path = where("calls")
    if path and path[-1] == "calls":
        path = path + ("raise",)
    more = "more" if len(words) > raises else "fewer"
    return [Problem(
        f"`calls` has {len(words)} raise words ({', '.join(words)}) for the ladder "
        f"{_show(ladder)}, which has {raises} raise{'s' if raises != 1 else ''}: {more} "
        "words than steps, so they cannot be matched to the raises", location, path,
        f"give {raises} word{'s' if raises != 1 else ''}, one per step above the base, "
        "in order")]


# ---------------------------------------------------------------------------------------
# What `rentoy check` says.

def _show(value: Any) -> str:
    """A rule value as a YAML file writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if hasattr(value, "items"):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    return str(value)


def _what(item: CarriedOver, values: Mapping[str, Any], note: str | None) -> str:
    """The carried-over rule as the subject of a message, with its words or value and
    note, and its verb: ``the raise words of `calls`, envío (to 3), ... are``."""
    if item.rule == "calls" and item.part == "raise":
        words = raise_words(values)
        steps = [value_words(v) for v in item.was.get("ladder", values["ladder"])][1:]
        named = ", ".join(f"{w} ({'to ' if s != 'the whole game' else ''}{s})"
                          for w, s in zip(words, steps)) if steps else ", ".join(words)
        return f"the raise words of `calls`, {named}, are"
    text = f"`{item.rule}` ({_show(values[item.rule])}"
    if note:
        text += f"; its note: \"{' '.join(note.split())}\""
    return text + ") is"


def _restate_hint(item: CarriedOver, values: Mapping[str, Any]) -> str:
    if item.rule == "calls" and item.part == "raise":
        raises = len(values.get("ladder") or ()) - 1
        return (f"restate `calls` with {raises} raise word{'s' if raises != 1 else ''}, one "
                f"per step above the base of {_show(values['ladder'])}, or without `raise`")
    return (f"restate `{item.rule}`: a value, or `{{status, source, note}}` to keep "
            f"{_show(values[item.rule])} with a note that fits")


def stale_warnings(carried: Mapping[str, CarriedOver], values: Mapping[str, Any],
                   provenance: Mapping[str, Any], vid: str,
                   locate: Callable[[str], tuple[Location, tuple[Any, ...]]]) -> list[Problem]:
    """One warning per carried-over rule, at the rule of this file that changed it
    (``locate`` gives a rule's place, or the file's ``extends`` when it states none)."""
    out = []
    for item in carried.values():
        if item.option:
            continue           # said of the option, by option_warnings
        mine = [r for r in item.changed if provenance[r].defined_in == vid]
        rule = (mine or list(item.changed))[0]
        location, path = locate(rule)
        origin = f"inherited from {item.stated_in}"
        was = " and ".join(f"`{r}` {_show(item.was[r])}" for r in item.changed)
        changes = " and ".join(f"`{r}`" for r in item.changed)
        lead = f"{changes} change{'s' if len(item.changed) == 1 else ''} here" if mine \
            else f"{changes} differ{'s' if len(item.changed) == 1 else ''} from its parent's"
        out.append(Problem(
            f"{lead}, but {_what(item, values, provenance[item.rule].note)} {origin}, "
            f"written for {was}: {item.label}"
            + (", and transcripts leave those words out" if item.part == "raise" else ""),
            location, path, _restate_hint(item, values)))
    return out


def option_warnings(options: Mapping[str, Any], values: Mapping[str, Any],
                    parent_values: Mapping[str, Any] | None,
                    provenance: Mapping[str, Any], vid: str, base_id: str,
                    optioned: Callable[[str], Any],
                    locate: Callable[[str], tuple[Location, tuple[Any, ...]]]) -> list[Problem]:
    """Options against the file's own rules.

    An inherited option that sets a rule this file changes would repeat it (the
    option changes nothing) or undo it; an option, its own or inherited, that changes
    a rule another rule depends on, leaving a rule of this file (or, for its own
    option, any rule) carried over, is reported too. ``optioned(oid)`` is the variant
    with the option applied.
    """
    out = []
    withdraw = "withdraw it with `{oid}: null` under `options`"
    for oid, option in options.items():
        defined = option.provenance.defined_in
        inherited = defined != vid
        if inherited and parent_values is not None:
            for rule, value in option.rules.items():
                prov = provenance.get(rule)
                if prov is None or prov.defined_in != vid or prov.option:
                    continue
                if values[rule] == parent_values[rule]:
                    continue       # restated evidence, same value: the option still differs
                location, path = locate(rule)
                if value == values[rule]:
                    message = (f"the option `{oid}` inherited from {defined} sets `{rule}` to "
                               f"{_show(value)}, as this file already does, so "
                               f"{base_id}+{oid} would change nothing")
                    hint = withdraw.format(oid=oid)
                else:
                    message = (f"the option `{oid}` inherited from {defined} would replace "
                               f"this file's `{rule}` ({_show(values[rule])}) with "
                               f"{_show(value)}")
                    hint = withdraw.format(oid=oid) + " if it does not apply here"
                out.append(Problem(message, location, path, hint))
        variant = optioned(oid)
        for name, item in variant.carried_over.items():
            if item.option:
                continue
            stated_here = provenance[name].defined_in == vid
            if inherited and not stated_here:
                continue       # neither is this file's: its parent's check says so
            if not any(r in option.rules for r in item.changed):
                continue       # carried over without the option too: said once, above
            location, path = (locate(name) if inherited
                              else (option.provenance.location or Location(),
                                    ("options", oid, "rules")))
            changes = " and ".join(f"`{r}` to {_show(variant.values[r])}"
                                   for r in item.changed if r in option.rules)
            origin = "stated here" if stated_here else f"inherited from {item.stated_in}"
            message = (f"the option `{oid}`{f' inherited from {defined}' if inherited else ''}"
                       f" changes {changes}, so "
                       f"{_what(item, variant.values, provenance[name].note)} {origin} and "
                       f"{item.label} under it")
            hint = (withdraw.format(oid=oid) if inherited else
                    f"set `{name}` in the option too")
            out.append(Problem(message, location, path, hint))
    return out
