"""Deals on which variants part ways, written as walkthrough files that run green.

:func:`find_divergences` deals hands at random and plays each one with a random bot
under one variant, then replays the same actions under each other variant. The first
action after which the two disagree is the *divergence*:

- ``refused``: the other variant refuses the action (an over-trumping duty, a duty
  to follow suit, a raise past the top of its ladder...);
- ``trick``: the same cards give the trick to a different seat (a card above the
  trumps, another card order);
- ``value``: the same raise puts a different value on the table (another ladder);
- ``end``: the hand ends under one variant and goes on under the other;
- ``result``: the hand ends under both with a different score.

Each :class:`Divergence` becomes two walkthrough files (the format of ``rentoy run``),
one per variant, with the same deal and the same actions up to the divergence, then
branches that show it: the refused action with ``illegal: true`` and a legal
alternative played to the end, or the same action with each variant's outcome.
:func:`save_divergences` writes them without ever overwriting a file.

Everything is seeded: the same seed finds the same deals.

>>> found = find_divergences(["1737", "avila"], count=1, seed=1)
>>> d = found[0]
>>> d.kind, d.first, d.second, d.refusal.reason
('refused', '1737', 'avila', 'overtrump')
>>> data = d.walkthrough("avila")
>>> data["branches"][0]["expect"]
{'illegal': True, 'reason': 'overtrump'}
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from ..engine import Action, Deal, Hand, Phase, draw_deal
from ..core.errors import IllegalAction, InputError, Problem
from ..core.files import WriteError, make_folder, write_atomic, write_atomic_group
from ..core.i18n import N_, _
from ..model.notation import format_deal
from ..render import Report, Table
from ..simulation.play import SEARCH_CHOICES, SEARCH_DEALS, stream_seed
from ..simulation.run import choose_players
from ..model.variant import Variant
from ..data.variants import load_variant

__all__ = ["Side", "Divergence", "find_divergences", "save_divergences",
           "SavedFile", "divergences_report", "walkthrough_variant", "write_walkthrough",
           "walkthrough_text", "save_pairs", "PairTexts"]

# Deals are searched in order; the search stops once it has enough divergences and
# has looked at this many deals (to find more than one kind), or at the limit.
_MIN_DEALS, _MAX_DEALS = 300, 20_000


@dataclass(frozen=True)
class Side:
    """One variant's side of a divergence: what it does from the divergent action on.

    ``actions`` run from the divergent action (or, when it is refused, a legal
    alternative) to the end of the hand; ``refusal`` is set when this variant refuses
    the divergent action; ``at`` and ``final`` are the expectations after the first
    action of ``actions`` and at the end of the hand.
    """

    variant: str
    actions: tuple[Action, ...]
    refusal: IllegalAction | None
    at: dict[str, Any]
    final: dict[str, Any]


@dataclass(frozen=True)
class Divergence:
    """A deal and the actions on which two variants part ways (see the module docstring).

    ``first`` is the variant the actions were played under; ``prefix`` the actions
    both accept with the same effect; ``step`` the action where they part.
    """

    number: int                     # the deal's index in the search
    kind: str
    first: str
    second: str
    players: int
    dealer: int
    score: tuple[int, int]
    deal: Deal
    prefix: tuple[Action, ...]
    step: Action
    sides: tuple[Side, Side]
    variants: tuple[Variant, Variant] = field(repr=False, compare=False)

    @property
    def refusal(self) -> IllegalAction | None:
        """The refusal of the divergent action by the second variant, if that is the kind."""
        return self.sides[1].refusal

    def side(self, variant: str) -> Side:
        """One variant's side (by id)."""
        for side in self.sides:
            if side.variant == variant:
                return side
        raise KeyError(f"{variant!r} is not one of {self.first}, {self.second}")

    @property
    def summary(self) -> str:
        """One sentence saying where the two variants part ways."""
        a, b = self.sides
        first, second = self.first, self.second
        if self.kind == "refused":
            r = a.refusal or b.refusal
            assert r is not None
            refusing, allowing = (first, second) if a.refusal else (second, first)
            where = f"rule `{r.rule}`" if r.rule else "turn order"
            if r.source:
                where += f", source {', '.join(r.source)}"
            return (f"{allowing} allows `{self.step}`; {refusing} refuses it "
                    f"[{r.reason}] ({where})")
        if self.kind == "trick":
            wa, wb = a.at["trick_winners"][-1], b.at["trick_winners"][-1]
            return (f"after `{self.step}` the trick goes to seat {wa} under {first} and to "
                    f"seat {wb} under {second}")
        if self.kind == "value":
            return (f"after `{self.step}` the hand is worth {a.at['value']} under {first} "
                    f"and {b.at['value']} under {second}")
        if self.kind == "end":
            over, going = (first, second) if a.at["finished"] else (second, first)
            return f"after `{self.step}` the hand is over under {over} but goes on under {going}"
        return (f"after `{self.step}` the score is {a.final['score']} under {first} and "
                f"{b.final['score']} under {second}")

    def walkthrough(self, variant: str, variant_ref: str | None = None,
                    other_file: str | None = None) -> dict[str, Any]:
        """The walkthrough (as plain data) showing ``variant``'s side of the divergence.

        ``variant_ref`` is what the file's ``variant:`` says (default: the id, fine for
        built-ins; give a path relative to the file for a variant file), and
        ``other_file`` the name of the companion file, mentioned in the description.
        """
        side = self.side(variant)
        other = self.second if variant == self.first else self.first
        text = f"Where {self.first} and {self.second} part ways: {self.summary}."
        if other_file:
            text += f" The same deal under {other}: {other_file}."
        branches = []
        step = self.step
        if side.refusal is not None:
            branches.append({
                "name": f"{step} is refused",
                "description": side.refusal.detail,
                "actions": [str(step)],
                "expect": {"illegal": True, "reason": side.refusal.reason}})
            branches.append({
                "name": f"{side.actions[0]} instead, played out",
                "actions": [str(a) for a in side.actions],
                "expect": side.final})
        else:
            branches.append({"name": str(step), "actions": [str(step)], "expect": side.at})
            if len(side.actions) > 1:
                branches.append({"name": f"{step}, played out",
                                 "actions": [str(a) for a in side.actions],
                                 "expect": side.final})
        return {
            "title": f"{self.first} and {self.second} part ways ({variant})",
            "description": text,
            "variant": variant_ref or variant,
            "players": self.players,
            "dealer": self.dealer,
            "score": list(self.score),
            "deal": _deal_data(self.deal),
            "actions": [str(a) for a in self.prefix],
            "branches": branches,
        }

    def as_dict(self) -> dict[str, Any]:
        """Plain data: the deal, the actions up to the divergence, what happens there."""
        return {"deal_number": self.number, "kind": self.kind,
                "variants": [self.first, self.second],
                "summary": self.summary, "players": self.players, "dealer": self.dealer,
                "score": list(self.score),
                "deal": _deal_data(self.deal),
                "deal_line": format_deal(self.deal.hands, self.deal.up),
                "prefix": [str(a) for a in self.prefix], "step": str(self.step),
                "reason": self.refusal.reason if self.refusal else None}


def _deal_data(deal: Deal) -> dict[str, Any]:
    """A deal as a walkthrough writes it: each seat's card codes and the turned-up card."""
    return {"hands": [[c.code for c in h] for h in deal.hands], "up": deal.up.code}


# ---------------------------------------------------------------------------------------
# Searching.

def _state(hand: Hand) -> dict[str, Any]:
    """What a walkthrough can expect of a hand now (the keys that tell variants apart)."""
    seen = hand.observation(0)
    winners = [t.winner for t in seen.tricks]
    r = seen.result
    if r is not None:
        return {"finished": True, "hand_winner": r.winner_name, "value": r.value,
                "score": list(r.score), "tricks": list(r.tricks), "trick_winners": winners}
    return {"finished": False, "value": seen.value, "tricks": list(seen.tricks_won),
            "trick_winners": winners}


def _play_out(hand: Hand, rng: random.Random) -> list[Action]:
    """Play ``hand`` to the end at random, sparing with raises so that examples stay short.

    On its turn a player raises with probability 0.1 (when it may) and otherwise plays
    a legal card chosen uniformly. Facing a raise, the seat the engine names accepts
    (0.6), folds (0.2) or raises again (0.2; when it may not, it folds with 0.4).
    """
    actions = []
    while not hand.is_over:
        legal = hand.legal_actions()
        if hand.phase is Phase.ANSWER:
            answers = {a.kind: a for a in legal}      # the answering seat's, as the engine names it
            x = rng.random()
            if x < 0.6:
                action = answers["accept"]
            elif x < 0.8 or "raise" not in answers:
                action = answers["fold"]
            else:
                action = answers["raise"]
        else:
            plays = [a for a in legal if a.kind == "play"]
            raises = [a for a in legal if a.kind == "raise"]
            if raises and rng.random() < 0.1:
                action = raises[0]
            else:
                action = plays[int(rng.random() * len(plays))]
        hand.apply_unchecked(action)
        actions.append(action)
    return actions


def _kind(a: dict[str, Any], b: dict[str, Any]) -> str:
    if a["trick_winners"] != b["trick_winners"]:
        return "trick"
    if a["finished"] != b["finished"]:
        return "end"
    if a["value"] != b["value"]:
        return "value"
    return "result"


def _compare(number: int, first: Variant, second: Variant, players: int, deal: Deal,
             actions: list[Action], rng: random.Random) -> Divergence | None:
    """Replay ``actions`` (played under ``first``) under ``second``; the divergence, if any."""
    dealer, score = players - 1, (0, 0)
    ha = Hand(first, players, dealer, score, deal=deal)
    hb = Hand(second, players, dealer, score, deal=deal)
    for k, action in enumerate(actions):
        if not hb.can(action):
            before = hb.clone()
            refusal = hb.refusal(action)
            ha.apply(action)
            at = _state(ha)
            for a in actions[k + 1:]:
                ha.apply(a)
            side_a = Side(first.id, tuple(actions[k:]), None, at, _state(ha))
            legal = [a for a in before.legal_actions()
                     if a.seat == action.seat and a.kind == action.kind] or before.legal_actions()
            alternative = legal[int(rng.random() * len(legal))]
            before.apply(alternative)
            rest_b = [alternative] + _play_out(before, rng)
            side_b = Side(second.id, tuple(rest_b), refusal, {}, _state(before))
            return _divergence(number, "refused", first, second, players, deal, actions[:k],
                               action, side_a, side_b)
        ha.apply(action)
        hb.apply(action)
        sa, sb = _state(ha), _state(hb)
        if sa != sb:
            kind = _kind(sa, sb)
            rest_a = ha.clone()
            for a in actions[k + 1:]:
                rest_a.apply(a)
            side_a = Side(first.id, tuple(actions[k:]), None, sa, _state(rest_a))
            then_b = hb.clone()
            tail_b = _replay_or_play(then_b, actions[k + 1:], rng)
            side_b = Side(second.id, (action, *tail_b), None, sb, _state(then_b))
            return _divergence(number, kind, first, second, players, deal, actions[:k],
                               action, side_a, side_b)
    return None


def _replay_or_play(hand: Hand, actions: Sequence[Action], rng: random.Random) -> list[Action]:
    """Apply ``actions`` while they are legal, then play on at random to the end."""
    done = []
    for action in actions:
        if hand.is_over or not hand.can(action):
            break
        hand.apply(action)
        done.append(action)
    return done + _play_out(hand, rng)


def _divergence(number: int, kind: str, first: Variant, second: Variant, players: int,
                deal: Deal, prefix: Sequence[Action], step: Action, side_a: Side, side_b: Side
                ) -> Divergence:
    return Divergence(number, kind, first.id, second.id, players, players - 1, (0, 0), deal,
                      tuple(prefix), step, (side_a, side_b), (first, second))


def find_divergences(variants: Sequence[str | Variant], count: int, seed: int = 0,
                     players: int | None = None,
                     max_deals: int = _MAX_DEALS) -> list[Divergence]:
    """Up to ``count`` deals on which two of ``variants`` part ways.

    Deals are drawn in order from ``seed`` (seat ``players - 1`` deals, at 0-0); each
    is played at random under every variant in turn and replayed under the others
    that deal as many cards. The search looks at a few hundred deals at least, so
    that it can offer different kinds of divergence and different pairs of variants:
    the result takes the first of each (pair, kind, reason) in turn, then the next,
    and so on. Fewer than ``count`` come back when the variants never part (the same
    rules) or ``max_deals`` deals show too few.
    """
    if count < 0:
        raise InputError(Problem(f"the number of divergences must be 0 or more, not {count}"))
    loaded = [load_variant(v) for v in variants]
    if len(loaded) < 2 or count == 0:
        return []
    n = choose_players(loaded, players)
    sizes = {v.id: v.rules.hand_size for v in loaded}
    found: list[Divergence] = []
    number = 0
    while number < max_deals and (len(found) < count or number < _MIN_DEALS):
        for i, first in enumerate(loaded):
            size = sizes[first.id]
            deal = draw_deal(random.Random(stream_seed(seed, SEARCH_DEALS, number, size)), n,
                             size)
            rng = random.Random(stream_seed(seed, SEARCH_CHOICES, number, i))
            actions = _play_out(Hand(first, n, n - 1, (0, 0), deal=deal), rng)
            for second in loaded:
                if second is first or sizes[second.id] != size:
                    continue
                found_one = _compare(number, first, second, n, deal, actions, rng)
                if found_one is not None:
                    found.append(found_one)
        number += 1
    return _diverse(found, count)


def _diverse(found: list[Divergence], count: int) -> list[Divergence]:
    """The first of each (pair, kind, reason), then the second of each, ... up to count."""
    groups: dict[tuple[frozenset[str], str, str | None], list[Divergence]] = {}
    for d in found:
        key = (frozenset((d.first, d.second)), d.kind, d.refusal.reason if d.refusal else None)
        groups.setdefault(key, []).append(d)
    out: list[Divergence] = []
    used: set[int] = set()
    depth = 0
    while len(out) < count and any(len(g) > depth for g in groups.values()):
        for group in groups.values():
            if len(group) > depth and len(out) < count:
                d = group[depth]
                if d.number not in used or len(used) >= len(found):
                    out.append(d)
                    used.add(d.number)
        depth += 1
    if len(out) < count:         # a deal may serve twice when nothing else is left
        out += [d for d in found if d not in out][:count - len(out)]
    return out


# ---------------------------------------------------------------------------------------
# Writing.

@dataclass(frozen=True)
class SavedFile:
    """A file written by :func:`save_divergences`; ``wanted`` is the name it would have
    had, when that name was taken and another was used."""

    path: Path
    variant: str
    divergence: int
    wanted: Path | None = None


def walkthrough_variant(variant: Variant, folder: Path) -> str:
    """What a walkthrough in ``folder`` writes as ``variant:`` for ``variant``: the
    built-in id, or the variant file's path relative to the folder, with options."""
    if variant.builtin or variant.path is None:
        return variant.id
    rel = os.path.relpath(variant.path, folder.resolve())
    return "+".join([Path(rel).as_posix(), *variant.applied_options])


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "+-_." else "-" for ch in text)


def _dump(data: dict[str, Any]) -> str:
    """YAML for a walkthrough: cards, scores and expectations inline, one action a line."""
    import yaml  # at use: only a run that writes YAML

    class Dumper(yaml.SafeDumper):  # type: ignore[misc]  # PyYAML ships no type information
        pass

    def sequence(dumper: yaml.SafeDumper, items: list[Any]) -> yaml.Node:
        # card codes and scores inline; actions (which contain spaces) one a line
        inline = all(isinstance(i, (int, str)) and " " not in str(i) for i in items)
        return dumper.represent_sequence("tag:yaml.org,2002:seq", items, flow_style=inline)

    def mapping(dumper: yaml.SafeDumper, items: dict[str, Any]) -> yaml.Node:
        inline = all(not isinstance(v, (dict, list)) or
                     (isinstance(v, list) and all(not isinstance(i, (list, dict)) for i in v))
                     for v in items.values()) and "actions" not in items and len(items) <= 3
        return dumper.represent_mapping("tag:yaml.org,2002:map", items, flow_style=inline)

    Dumper.add_representer(list, sequence)
    Dumper.add_representer(dict, mapping)
    text: str = yaml.dump(data, Dumper=Dumper, sort_keys=False, allow_unicode=True, width=88)
    return text


def walkthrough_text(data: dict[str, Any], header: str = "") -> str:
    """Walkthrough ``data`` as YAML (cards and expectations inline, one action a line),
    after the comment lines of ``header``."""
    return header + _dump(data)


def write_walkthrough(path: Path, data: dict[str, Any], header: str = "") -> None:
    """Write :func:`walkthrough_text` to ``path``, atomically; never overwrites a file
    (a :class:`~rentoy.core.files.WriteError` instead)."""

    write_atomic(path, walkthrough_text(data, header), overwrite=False)


#: Gives a pair's two file texts from the pair's two file names (each file links the other).
PairTexts = Callable[[tuple[str, str]], tuple[str, str]]


def save_pairs(folder: str | Path, prefix: str,
               pairs: Sequence[tuple[tuple[str, str], PairTexts]]) -> list[SavedFile]:
    """Write pairs of walkthrough files into ``folder`` (created if needed), named
    ``<prefix>-<n>-<variant>.yaml`` for each pair's two variant ids.

    An existing file is never overwritten: a taken name gets the next free number
    instead (the :class:`SavedFile` says which name was wanted), and a pair appears
    together or not at all.
    """

    folder = make_folder(folder)
    saved: list[SavedFile] = []
    number = 0
    for ids, texts_for in pairs:
        number += 1
        wanted = number
        slugs = (_slug(ids[0]), _slug(ids[1]))
        while True:
            while any((folder / f"{prefix}-{number}-{s}.yaml").exists() for s in slugs):
                number += 1
            names = (f"{prefix}-{number}-{slugs[0]}.yaml", f"{prefix}-{number}-{slugs[1]}.yaml")
            paths = (folder / names[0], folder / names[1])
            texts = dict(zip(paths, texts_for(names)))
            try:
                write_atomic_group(texts, overwrite=False)
            except WriteError:
                if any(p.exists() for p in paths):   # taken meanwhile: the next number
                    number += 1
                    continue
                raise
            break
        for k in (0, 1):
            saved.append(SavedFile(paths[k], ids[k], number,
                                   folder / f"{prefix}-{wanted}-{slugs[k]}.yaml"
                                   if wanted != number else None))
    return saved


def save_divergences(divergences: Sequence[Divergence], folder: str | Path
                     ) -> list[SavedFile]:
    """Write two walkthrough files per divergence into ``folder`` (created if needed),
    named ``divergence-<n>-<variant>.yaml`` (see :func:`save_pairs`)."""
    where = Path(folder)

    def texts(d: Divergence) -> PairTexts:
        def make(names: tuple[str, str]) -> tuple[str, str]:
            out = []
            for k in (0, 1):
                data = d.walkthrough(d.variants[k].id, walkthrough_variant(d.variants[k], where),
                                     names[1 - k])
                header = (f"# Written by `rentoy compare --divergences`: {d.first} and "
                          f"{d.second}\n# part ways on this deal (search deal {d.number}). "
                          f"Run it with `rentoy run {names[k]}`.\n")
                out.append(walkthrough_text(data, header))
            return out[0], out[1]
        return make

    return save_pairs(folder, "divergence", [((d.first, d.second), texts(d))
                                             for d in divergences])


def divergences_report(divergences: Sequence[Divergence],
                       saved: Sequence[SavedFile] = ()) -> Report:
    """A table of the divergences found (and the files written)."""
    by_div: list[list[SavedFile]] = [[] for _ in divergences]
    for k, s in enumerate(saved):       # save_divergences writes two files per divergence
        by_div[k // 2].append(s)
    rows = []
    for i, d in enumerate(divergences):
        deal = format_deal(d.deal.hands, d.deal.up)
        written = ", ".join(str(s.path) for s in by_div[i])
        rows.append([i + 1, f"{d.first} / {d.second}", d.kind, d.summary, deal, written])
    notes = [_("{wanted} existed; wrote {path} instead.").format(wanted=s.wanted, path=s.path)
             for s in saved if s.wanted]
    if not divergences:
        notes.append(_("No deal was found on which these variants part ways."))
    columns = ["#", N_("variants"), N_("kind"), N_("where they part"),
               N_("deal (seat 0 first)")]
    if saved:
        columns.append(N_("files"))
    else:
        rows = [r[:-1] for r in rows]
    table = Table(columns, rows, title=_("Deals on which the variants part ways"),
                  wrap={"where they part": 48, "deal (seat 0 first)": 30, "files": 40},
                  notes=notes)
    data = [dict(d.as_dict(), files=[
                {"variant": s.variant, "path": str(s.path),
                 "wanted": str(s.wanted) if s.wanted else None} for s in by_div[i]])
            for i, d in enumerate(divergences)]
    return Report(data, [table])
