"""Perfect-play comparisons: the same deals under each variant, solved double dummy.

:func:`compare_perfect` deals ``N`` hands from the simulation's seeded streams (deal
``k`` is the first hand of simulated game ``k``: seat ``players - 1`` deals, seat 0 is
mano, so the mano's team is team A) and solves each under every variant with the
double-dummy solver (:mod:`rentoy.analysis`: every card visible, both teams playing
perfectly, betting left out). Variants that deal as many cards see the same cards;
one that deals more cuts the same shuffled deck into larger hands, so its deals are
not the same and its pairs are not compared card for card.

Per variant it reports, with 95% intervals:

- how often the mano's team wins the hand with perfect play;
- how often the team holding the deal's highest card wins it (a top card, else the
  highest trump; deals where no single card is highest, possible only when neither a
  trump nor a top card is dealt, are left out of that rate);
- the mean number of tricks needed to decide the hand: the trick by which the winning
  team can make sure of it whatever the other team does
  (:func:`~rentoy.analysis.solver.tricks_to_decide`);

and for each pair of variants the share of deals whose perfect-play winner differs
(paired: the same deals). Shares have Wilson score intervals, means normal ones.
:func:`perfect_divergences` picks such deals and :func:`save_perfect_divergences`
writes them as walkthrough files, one per variant, each playing that variant's line
of perfect play to the end (``rentoy run`` checks them).

>>> result = compare_perfect(["1737", "1737+borrego"], deals=200, seed=1)
>>> result.deals, result.players
(200, 4)
>>> rate = result.differ(0, 1)
>>> rate.low <= rate.value <= rate.high
True
>>> result == compare_perfect(["1737", "1737+borrego"], deals=200, seed=1, chunk=37)
True
"""

from __future__ import annotations

import os
import random
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from ..analysis import Position, Solver, principal_line, same_trick_play
from ..model.cards import DECK
from ..model.consistency import check_solvable
from ..engine import Deal, compile_variant, draw_deal
from ..core.errors import InputError, Problem
from ..core.i18n import N_, _
from ..model.notation import format_deal
from ..render import Report, Table
from ..simulation.play import DEALS, stream_seed, variant_spec
from ..simulation.report import format_rate
from ..simulation.run import choose_players
from ..simulation.stats import Z95, mean_interval, wilson_interval
from ..model.variant import Variant
from ..data.variants import load_variant
from ..core.workers import process_pool
from .divergence import PairTexts, SavedFile, save_pairs, walkthrough_text, walkthrough_variant

__all__ = ["Rate", "PerfectComparison", "PerfectDivergence", "compare_perfect",
           "perfect_deal", "solve_chunk", "perfect_report", "perfect_divergences",
           "save_perfect_divergences", "perfect_divergences_report", "alike_groups"]

#: What the intervals of the JSON output are.
INTERVAL = ("95%: Wilson score intervals for shares, normal (mean +- 1.96 SE) for the "
            "mean number of tricks")
_CHUNK = 250


@dataclass(frozen=True)
class Rate:
    """A share or a mean over deals with its 95% interval (``low``/``high``)."""

    value: float | None
    low: float | None
    high: float | None
    n: int

    def as_dict(self) -> dict[str, float | int | None]:
        return {"value": self.value, "low": self.low, "high": self.high, "n": self.n}


def _share(successes: int, n: int) -> Rate:
    if n == 0:
        return Rate(None, None, None, 0)
    low, high = wilson_interval(successes, n, Z95)
    return Rate(successes / n, low, high, n)


def perfect_deal(seed: int, number: int, players: int, hand_size: int) -> Deal:
    """Deal ``number`` of a comparison: the first hand of simulated game ``number``."""
    return draw_deal(random.Random(stream_seed(seed, DEALS, number)), players, hand_size)


def solve_chunk(specs: tuple[str, ...], players: int, seed: int, start: int, stop: int
                ) -> list[tuple[tuple[int, int, int], ...]]:
    """Deals ``start`` to ``stop - 1`` solved under every variant: per deal and variant,
    ``(winner, team holding the highest card or -1, tricks to decide)``. Takes plain
    values only, so it runs in a worker process."""
    variants = [load_variant(spec) for spec in specs]
    tables = [compile_variant(v) for v in variants]
    solvers: dict[tuple[int, int], Solver] = {}
    out = []
    for number in range(start, stop):
        dealt: dict[int, Deal] = {}
        row = []
        for i, t in enumerate(tables):
            deal = dealt.get(t.rules.hand_size)
            if deal is None:
                deal = dealt[t.rules.hand_size] = perfect_deal(seed, number, players, t.rules.hand_size)
            trump = deal.up // 10
            solver = solvers.get((i, trump))
            if solver is None:
                solver = solvers[(i, trump)] = Solver(t, t.by_trump[trump], players, 0)
            hands = [[int(c) for c in h] for h in deal.hands]
            team = solver.winner(hands, 0)
            row.append((team, _highest_team(t.by_trump[trump].power, hands),
                        solver.tricks_to_decide(hands, 0)))
        out.append(tuple(row))
    return out


def _highest_team(power: Sequence[int], hands: Sequence[Sequence[int]]) -> int:
    """The team holding the one card of highest power, or -1 when several share it: a
    card above the trumps, else the highest trump, else (neither dealt) the highest
    plain card when no other card of its rank is dealt."""
    best, holders = -1, []
    for seat, hand in enumerate(hands):
        for c in hand:
            if power[c] > best:
                best, holders = power[c], [seat]
            elif power[c] == best:
                holders.append(seat)
    return holders[0] & 1 if len(holders) == 1 else -1


@dataclass(frozen=True)
class PerfectComparison:
    """Deals solved under each variant; ``records[deal][variant]`` is
    ``(winner, highest-card team or -1, tricks to decide)``."""

    variants: tuple[str, ...]
    specs: tuple[str, ...]
    players: int
    seed: int
    hand_sizes: tuple[int, ...]
    records: tuple[tuple[tuple[int, int, int], ...], ...]

    @property
    def deals(self) -> int:
        return len(self.records)

    def mano_win_rate(self, i: int) -> Rate:
        """Share of deals the mano's team (team A) wins under variant ``i``."""
        return _share(sum(1 for r in self.records if r[i][0] == 0), self.deals)

    def highest_card_rate(self, i: int) -> Rate:
        """Share of deals (with a single highest card) won by the team holding it."""
        rows = [r[i] for r in self.records if r[i][1] >= 0]
        return _share(sum(1 for w, h, _ in rows if w == h), len(rows))

    def tricks_to_decide(self, i: int) -> Rate:
        """Mean tricks by which the winning team can make sure of the hand."""
        est = mean_interval([r[i][2] for r in self.records])
        return Rate(est.value, est.low, est.high, est.n)

    def differ(self, i: int, j: int) -> Rate:
        """Share of deals whose perfect-play winner differs between variants i and j."""
        return _share(len(self.differing(i, j)), self.deals)

    def differing(self, i: int, j: int) -> list[int]:
        """The deal numbers whose perfect-play winner differs between i and j."""
        return [k for k, r in enumerate(self.records) if r[i][0] != r[j][0]]

    def pairs(self) -> list[tuple[int, int]]:
        n = len(self.variants)
        return [(i, j) for i in range(n) for j in range(i + 1, n)]

    def as_dict(self) -> dict[str, Any]:
        return {
            "deals": self.deals, "players": self.players, "seed": self.seed,
            "interval": INTERVAL,
            "variants": {v: {"mano_team_wins": self.mano_win_rate(i).as_dict(),
                             "highest_card_team_wins": self.highest_card_rate(i).as_dict(),
                             "tricks_to_decide": self.tricks_to_decide(i).as_dict(),
                             "hand_size": self.hand_sizes[i]}
                         for i, v in enumerate(self.variants)},
            "winner_differs": [{"variants": [self.variants[i], self.variants[j]],
                                "share": self.differ(i, j).as_dict(),
                                "same_cards": self.hand_sizes[i] == self.hand_sizes[j]}
                               for i, j in self.pairs()],
        }


def compare_perfect(variants: Sequence[str | Variant], deals: int, seed: int = 0,
                    players: int | None = None, jobs: int = 1, chunk: int = _CHUNK,
                    progress: Callable[[int, int], None] | None = None,
                    executor: Executor | None = None) -> PerfectComparison:
    """Solve ``deals`` deals under every variant (see the module docstring).

    ``jobs`` worker processes (0: one per core); the result does not depend on it or
    on ``chunk``, the deals per unit of work. ``progress(done, total)`` is called as
    chunks finish. ``executor``: any :class:`concurrent.futures.Executor` to solve the
    chunks in instead (a dask cluster's, say; it is not shut down).
    """
    if deals < 1:
        raise InputError(Problem(f"the number of deals to solve must be 1 or more, not {deals}"))
    if jobs < 0:
        raise InputError(Problem(f"--jobs takes 0 (one per core) or more, not {jobs}"))
    loaded = [load_variant(v) for v in variants]
    if not loaded:
        raise InputError(Problem("name at least one variant to solve deals under"))
    n = choose_players(loaded, players)
    for variant in loaded:          # before any work, not in the middle of it
        check_solvable(variant, n)
    specs = tuple(variant_spec(v) for v in loaded)
    bounds = [(s, min(s + chunk, deals)) for s in range(0, deals, chunk)]
    workers = (os.cpu_count() or 1) if jobs == 0 else jobs
    records: list[tuple[tuple[int, int, int], ...]] = []
    if executor is not None:
        futures = [executor.submit(solve_chunk, specs, n, seed, s, e) for s, e in bounds]
        for (_, e), future in zip(bounds, futures):
            records += future.result()
            if progress:
                progress(e, deals)
    elif workers <= 1 or len(bounds) == 1:
        for s, e in bounds:
            records += solve_chunk(specs, n, seed, s, e)
            if progress:
                progress(e, deals)
    else:
        with process_pool(workers) as pool:       # workers end with this process
            futures = [pool.submit(solve_chunk, specs, n, seed, s, e) for s, e in bounds]
            for (_, e), future in zip(bounds, futures):
                records += future.result()
                if progress:
                    progress(e, deals)
    return PerfectComparison(tuple(v.id for v in loaded), specs, n, seed,
                             tuple(v.rules.hand_size for v in loaded), tuple(records))


def _fmt(rate: Rate, in_percent: bool = True) -> str:
    return format_rate(rate.value, rate.low, rate.high, in_percent)


def perfect_report(result: PerfectComparison, layout: str = "wide") -> Report:
    """Tables of a perfect-play comparison (``layout="long"``: one row per figure, for
    CSV)."""
    names = list(result.variants)
    figures: list[tuple[str, Callable[[int], str]]] = [
        (_("mano's team wins, % of deals"), lambda i: _fmt(result.mano_win_rate(i))),
        (_("highest card's team wins, % of deals with one highest card"),
         lambda i: _fmt(result.highest_card_rate(i))),
        (_("tricks to decide (mean)"), lambda i: _fmt(result.tricks_to_decide(i),
                                                       in_percent=False)),
    ]
    title = _("Perfect play on {deals} deals ({players} players, seed {seed}; every card "
              "visible, no betting; 95% intervals)").format(
                  deals=result.deals, players=result.players, seed=result.seed)
    if layout == "long":
        rows = [[label, v, fn(i)] for label, fn in figures for i, v in enumerate(names)]
        main = Table([N_("figure"), N_("variant"), N_("value")], rows, title=title)
    else:
        main = Table([N_("figure"), *names], [[label, *(fn(i) for i in range(len(names)))]
                                              for label, fn in figures], title=title)
    notes = []
    if len(set(result.hand_sizes)) > 1:
        notes.append(_("Variants that deal a different number of cards do not see the "
                       "same deals; their pairs compare different cards."))
    pairs = Table([N_("variants"), N_("winner differs, % of deals"), N_("deals")],
                  [[f"{names[i]} / {names[j]}", _fmt(result.differ(i, j)),
                    len(result.differing(i, j))] for i, j in result.pairs()],
                  title=_("Deals whose perfect-play winner differs (paired)"), notes=notes)
    tables = [main]
    if result.pairs():
        tables.append(pairs)
    return Report(result.as_dict(), tables)


@dataclass(frozen=True)
class PerfectDivergence:
    """A deal whose perfect-play winner differs between two variants, with each
    variant's line of perfect play (``lines[k]``: ``(seat, card)`` pairs)."""

    number: int
    variants: tuple[Variant, Variant]
    players: int
    deal: Deal
    winners: tuple[int, int]
    lines: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]

    @property
    def summary(self) -> str:
        a, b = self.variants
        return (f"team {'AB'[self.winners[0]]} wins under {a.id}, team "
                f"{'AB'[self.winners[1]]} under {b.id}")

    def walkthrough(self, k: int, variant_ref: str | None = None,
                    other_file: str | None = None) -> dict[str, Any]:
        """Variant ``k``'s side as walkthrough data: its line of perfect play."""
        variant, other = self.variants[k], self.variants[1 - k]
        text = (f"With every card visible and perfect play, {self.summary}. This file "
                f"plays {variant.id}'s line of perfect play to the end.")
        if other_file:
            text += f" The same deal under {other.id}: {other_file}."
        n = self.players
        winner = self.winners[k]
        return {
            "title": f"Perfect play parts {self.variants[0].id} and "
                     f"{self.variants[1].id} ({variant.id})",
            "description": text,
            "variant": variant_ref or variant.id,
            "players": n,
            "dealer": n - 1,
            "score": [0, 0],
            "deal": {"hands": [[c.code for c in h] for h in self.deal.hands],
                     "up": self.deal.up.code},
            "actions": [f"{seat} play {DECK[card].code}" for seat, card in self.lines[k]],
            "expect": {"finished": True, "hand_winner": "AB"[winner]},
        }

    def as_dict(self) -> dict[str, Any]:
        return {"deal_number": self.number,
                "variants": [v.id for v in self.variants],
                "winners": ["AB"[w] for w in self.winners], "summary": self.summary,
                "deal": {"hands": [[c.code for c in h] for h in self.deal.hands],
                         "up": self.deal.up.code},
                "deal_line": format_deal(self.deal.hands, self.deal.up),
                "lines": [[f"{s} play {DECK[c].code}" for s, c in line]
                          for line in self.lines]}


def perfect_divergences(result: PerfectComparison, count: int) -> list[PerfectDivergence]:
    """Up to ``count`` deals whose perfect-play winner differs, taken in turn from each
    pair of variants that deal as many cards (the first deal of each pair, then the
    second, ...), with each side's line of perfect play."""
    if count < 1:
        return []
    variants = [load_variant(s) for s in result.specs]
    lists = [(i, j, result.differing(i, j)) for i, j in result.pairs()
             if result.hand_sizes[i] == result.hand_sizes[j]]
    out: list[PerfectDivergence] = []
    depth = 0
    while len(out) < count and any(len(found) > depth for _, _, found in lists):
        for i, j, found in lists:
            if len(found) > depth and len(out) < count:
                out.append(_divergence(result, variants, i, j, found[depth]))
        depth += 1
    return out


def _divergence(result: PerfectComparison, variants: list[Variant], i: int, j: int,
                number: int) -> PerfectDivergence:
    n = result.players
    deal = perfect_deal(result.seed, number, n, result.hand_sizes[i])
    lines = []
    for k in (i, j):
        tables = compile_variant(variants[k])
        position = Position(tables, tables.by_trump[deal.up // 10], deal.hands, 0)
        line, pos = [], position
        for card in principal_line(position):
            line.append((pos.seat, int(card)))
            pos = pos.play(card)
        lines.append(tuple(line))
    return PerfectDivergence(number, (variants[i], variants[j]), n, deal,
                             (result.records[number][i][0], result.records[number][j][0]),
                             (lines[0], lines[1]))


def save_perfect_divergences(found: Sequence[PerfectDivergence], folder: str | Path
                             ) -> list[SavedFile]:
    """Write two walkthrough files per divergence into ``folder`` (created if needed),
    named ``perfect-<n>-<variant>.yaml``; a taken name gets the next free number
    (see :func:`~rentoy.comparison.divergence.save_pairs`)."""
    where = Path(folder)

    def texts(d: PerfectDivergence) -> PairTexts:
        ids = (d.variants[0].id, d.variants[1].id)

        def make(names: tuple[str, str]) -> tuple[str, str]:
            out = []
            for k in (0, 1):
                header = (f"# Written by `rentoy compare --solve --divergences`: perfect play "
                          f"parts {ids[0]} and {ids[1]}\n# on this deal (deal {d.number}). "
                          f"Run it with `rentoy run {names[k]}`.\n")
                data = d.walkthrough(k, walkthrough_variant(d.variants[k], where), names[1 - k])
                out.append(walkthrough_text(data, header))
            return out[0], out[1]
        return make

    return save_pairs(folder, "perfect", [((d.variants[0].id, d.variants[1].id), texts(d))
                                          for d in found])


def perfect_divergences_report(found: Sequence[PerfectDivergence],
                               saved: Sequence[SavedFile] = ()) -> Report:
    """A table of the deals found (and the files written)."""
    rows = []
    for k, d in enumerate(found):
        row = [k + 1, f"{d.variants[0].id} / {d.variants[1].id}", d.summary]
        if saved:                       # the deal is in the files
            row.append(", ".join(str(s.path) for s in saved[2 * k:2 * k + 2]))
        else:
            row.append(format_deal(d.deal.hands, d.deal.up))
        rows.append(row)
    columns = ["#", N_("variants"), N_("perfect-play winner"),
               N_("files") if saved else N_("deal (seat 0 first)")]
    notes = [_("{wanted} existed; wrote {path} instead.").format(wanted=s.wanted, path=s.path)
             for s in saved if s.wanted]
    if not found:
        notes.append(_("No deal was found whose perfect-play winner differs."))
    table = Table(columns, rows, title=_("Deals whose perfect-play winner differs"),
                  wrap={"variants": 18, "perfect-play winner": 24,
                        "deal (seat 0 first)": 26, "files": 26},
                  notes=notes)
    data = [dict(d.as_dict(), files=[str(s.path) for s in saved[2 * k:2 * k + 2]])
            for k, d in enumerate(found)]
    return Report(data, [table])


def alike_groups(specs: Sequence[str]) -> list[list[str]]:
    """``specs`` grouped by the way they play the cards (in order of first appearance):
    the variants of a group have the same perfect play by construction."""
    groups: list[tuple[Any, list[str]]] = []
    for spec in specs:
        tables = compile_variant(load_variant(spec))
        for first, members in groups:
            if same_trick_play(first, tables):
                members.append(spec)
                break
        else:
            groups.append((tables, [spec]))
    return [members for _, members in groups]
