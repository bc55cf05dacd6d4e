"""Profiles of play: what a variant is like to play, measured under bots on the same deals.

Game designers compare rule sets by measures of play as well as by their text: how
even the seats are, how long a game lasts, how much is bet, how often a game turns
round, how much a better player gains and how much the cards decide. A profile
measures these for each variant from whole games between bots that see only their own
seat (the search bot by default), every variant playing **the same deals** (game ``g``
of every variant draws from the same stream: :mod:`rentoy.simulation.play`), so that
the differences between variants are measured on the same cards.

What is counted per game (:data:`PROFILE_FIELDS`) and how each figure is made
(:data:`MEASURES`):

- **balance**: the share of hands won by the dealer's team and by the mano's team, and
  the share of games won by the team of the first hand's mano (team A);
- **duration**: hands and decisions per game (a decision is an action taken where the
  seat had more than one legal action);
- **betting**: the share of hands raised at least once, settled at each step of the
  ladder or above (after a fold, the value before the refused raise), folded; the mean
  value of a hand;
- **decisiveness and drama**: the share of games won by a team that was behind by 3, 6
  or 9 points at the start of a hand; lead changes per game; the share of games decided
  in the last hand (the losing team would have won the game had it won that hand at
  the value it was settled at);
- **luck**: how often the team that wins the hand with every card visible and perfect
  play (the double-dummy solver, betting left out) is the team that wins it at the
  table;
- **duties**: of the cards played to a trick already led, the share a duty constrained;
- **skill**: the share of games a stronger bot wins against a weaker one, seats swapped
  on the same deals (a skill trace over :data:`SKILL_MATCHES`).

Games are the independent units, so every figure is a ratio over games with the
delta-method interval of :mod:`rentoy.simulation.stats`; the differences between two
variants are paired game by game (the same deals). A skill figure counts a pair of
games (the same deals, seats swapped) as its unit.

>>> profile = measure_profiles(["1737", "avila"], games=3, seed=1, bots=("random", "random"),
...                            skill=())
>>> profile.games, profile.variants
(3, ('1737', 'avila'))
>>> est = profile.estimate("1737", "hands_per_game")
>>> est.low <= est.value <= est.high
True
>>> profile.difference("1737", "1737", "fold_rate").value
0.0
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from ..analysis import position_of
from ..analysis.solver import winner as perfect_winner
from ..bots import parse_team_specs, team_bots
from ..engine import Game, Hand
from ..engine.rules import Outcome, duties as duties_of
from ..engine.tables import compile_variant
from ..core.i18n import N_
from ..core.limits import MAX_HANDS
from ..model.variant import Variant
from ..data.variants import load_variants
from ..core.workers import process_pool
from .duties import duty_counts
from .play import play_game, variant_spec
from .run import choose_players
from .stats import Z95, Estimate, Statistic, wilson_interval

__all__ = ["PROFILE_FIELDS", "MEASURES", "MEASURE_NAMES", "SKILL_MATCHES", "SkillMatch",
           "ProfileResult", "ProfileTask", "measure_profiles", "play_profile_chunk",
           "game_profile", "ratio_estimate", "paired_difference"]

#: Ladder steps above the base value counted one by one; deeper steps count in the last.
STEPS_COUNTED = 4

#: What is counted for each game of a profile (per variant), in this order.
PROFILE_FIELDS: tuple[str, ...] = (
    "hands", "decisions", "raised", "folds", "points", "dealer_wins", "mano_wins",
    *(f"step_{k}" for k in range(1, STEPS_COUNTED + 1)),
    "a_wins", "comeback_3", "comeback_6", "comeback_9", "lead_changes", "last_hand",
    "perfect_agrees", "follows", "constrained", "arrastre_forced", "overtrump_forced",
    "follow_suit_forced",
)
_INDEX = {name: i for i, name in enumerate(PROFILE_FIELDS)}

_ORDINALS = {1: N_("settled at the 2nd step or above"), 2: N_("settled at the 3rd step or above"),
             3: N_("settled at the 4th step or above"), 4: N_("settled at the 5th step or above")}

#: The figures of a profile, by group, in display order. A ``denominator`` of None is a
#: figure per game.
MEASURES: tuple[tuple[str, Statistic], ...] = (
    ("balance", Statistic("dealer_hand_rate", N_("dealer's team wins the hand"), "dealer_wins",
                          "hands", "Share of hands won by the team of the seat that dealt.")),
    ("balance", Statistic("mano_hand_rate", N_("mano's team wins the hand"), "mano_wins", "hands",
                          "Share of hands won by the team of the mano, who plays first.")),
    ("balance", Statistic("first_mano_game_rate", N_("first hand's mano's team wins the game"),
                          "a_wins", None,
                          "Share of games won by team A, whose seat 0 is mano in the first "
                          "hand.")),
    ("duration", Statistic("hands_per_game", N_("hands per game"), "hands", None,
                           "Hands played until a team reaches the target.", percent=False)),
    ("duration", Statistic("decisions_per_game", N_("decisions per game"), "decisions", None,
                           "Actions taken where the seat had more than one legal action.",
                           percent=False)),
    ("betting", Statistic("raised_rate", N_("hands raised"), "raised", "hands",
                          "Share of hands in which anyone raised.")),
    *(("betting", Statistic(f"step_{k}_rate", _ORDINALS[k], f"step_{k}", "hands",
                            "Share of hands settled at this step of the ladder or a higher "
                            "one (after a fold, at the value before the refused raise)."))
      for k in range(1, STEPS_COUNTED + 1)),
    ("betting", Statistic("fold_rate", N_("hands folded"), "folds", "hands",
                          "Share of hands ended by a refused raise.")),
    ("betting", Statistic("hand_value", N_("points per hand"), "points", "hands",
                          "Mean value of a hand: the points its winner scores.",
                          percent=False)),
    ("drama", Statistic("comeback_3_rate", N_("won from 3 points behind"), "comeback_3", None,
                        "Share of games won by a team that was 3 points or more behind at "
                        "the start of a hand.")),
    ("drama", Statistic("comeback_6_rate", N_("won from 6 points behind"), "comeback_6", None,
                        "The same, 6 points or more behind.")),
    ("drama", Statistic("comeback_9_rate", N_("won from 9 points behind"), "comeback_9", None,
                        "The same, 9 points or more behind.")),
    ("drama", Statistic("lead_changes", N_("lead changes per game"), "lead_changes", None,
                        "How often the team ahead changes, ties passed over.",
                        percent=False)),
    ("drama", Statistic("last_hand_rate", N_("decided in the last hand"), "last_hand", None,
                        "Share of games the losing team would have won had it won the last "
                        "hand at the value that hand was settled at.")),
    ("luck", Statistic("perfect_agrees_rate", N_("the perfect-play winner wins the hand"),
                       "perfect_agrees", "hands",
                       "Share of hands won at the table by the team that wins them with "
                       "every card visible and perfect play (betting left out).")),
    ("duties", Statistic("constrained_rate", N_("a duty constrained the card"), "constrained",
                         "follows", "Of the cards played to a trick already led, the share "
                         "played while the player held cards the rules kept off the trick.")),
    ("duties", Statistic("arrastre_forced_rate", N_("arrastre forced a trump"),
                         "arrastre_forced", "follows",
                         "Of those cards, the share where the arrastre kept a plain card back.")),
    ("duties", Statistic("overtrump_forced_rate", N_("over-trumping forced a higher trump"),
                         "overtrump_forced", "follows",
                         "Of those cards, the share where the duty to over-trump kept a low "
                         "trump back.")),
    ("duties", Statistic("follow_suit_forced_rate", N_("following suit forced a card"),
                         "follow_suit_forced", "follows",
                         "Of those cards, the share where the duty to follow suit kept a card "
                         "of another suit back.")),
)
MEASURE_NAMES: tuple[str, ...] = tuple(s.name for _group, s in MEASURES)
#: The figures of :data:`MEASURES` by name.
BY_NAME: dict[str, Statistic] = {s.name: s for _group, s in MEASURES}
_BY_NAME = BY_NAME

#: The headings of the groups of :data:`MEASURES` and of the skill figures.
GROUPS: dict[str, str] = {
    "balance": N_("Balance"), "duration": N_("Duration"), "betting": N_("Betting"),
    "drama": N_("Decisiveness and drama"), "luck": N_("Luck"), "duties": N_("Duties"),
    "skill": N_("Skill"),
}


@dataclass(frozen=True)
class SkillMatch:
    """A stronger bot against a weaker one: ``name`` the figure's key, ``strong`` and
    ``weak`` bot specs (as ``--bots`` takes them)."""

    name: str
    strong: str
    weak: str

    @property
    def label(self) -> str:
        return f"{self.strong} v {self.weak}"


#: The skill trace: each bot against the next weaker one, and the search bot against
#: the two simple bots (random < greedy < search with 4 samples < search).
SKILL_MATCHES: tuple[SkillMatch, ...] = (
    SkillMatch("greedy_v_random", "greedy", "random"),
    SkillMatch("weak_search_v_greedy", "search:samples=4", "greedy"),
    SkillMatch("search_v_weak_search", "search", "search:samples=4"),
    SkillMatch("search_v_greedy", "search", "greedy"),
    SkillMatch("search_v_random", "search", "random"),
)


@dataclass(frozen=True)
class ProfileTask:
    """A chunk of games ``start`` to ``stop`` (exclusive) for every variant: the unit
    of work, small and picklable (variant specs, numbers and bot specs)."""

    specs: tuple[str, ...]
    players: int
    bots: tuple[str, str]
    seed: int
    start: int
    stop: int
    skill: tuple[SkillMatch, ...]


#: A chunk's records: per variant, one profile record per game; per variant and skill
#: match, the stronger bot's wins in each pair of games (0, 1 or 2).
ChunkRecords = tuple[tuple[tuple[tuple[int, ...], ...], ...],
                     tuple[tuple[tuple[int, ...], ...], ...]]


def _settled_step(hand: Hand) -> int:
    """The step of the ladder the hand was settled at (0: the base value)."""
    result = hand.result
    assert result is not None
    steps = hand.observation(0).tables.steps
    return steps.index(result.value) if result.value in steps else 0


def game_profile(game: Game) -> tuple[int, ...]:
    """A finished game's profile record (:data:`PROFILE_FIELDS`).

    >>> from rentoy.bots import RandomBot
    >>> game = Game("1737", seed=3)
    >>> bot = RandomBot(seed=3)
    >>> while not game.is_over:
    ...     over = game.apply_unchecked(bot.choose(game.observation()))
    >>> record = game_profile(game)
    >>> record[PROFILE_FIELDS.index("hands")] == len(game.finished_hands)
    True
    """
    counts = dict.fromkeys(PROFILE_FIELDS, 0)
    players = game.players
    target = game.tables.rules.target
    replay = Game(game.variant, players, deals=game.deals)
    for action in game.actions:
        if len(replay.legal_actions(action.seat)) > 1:
            counts["decisions"] += 1
        replay.apply_unchecked(action)
    score = [0, 0]
    leader: int | None = None
    behind = [0, 0]                 # the most points each team was behind, at a hand's start
    last_score = (0, 0)
    last_value = 0
    for hand in game.finished_hands:
        seen = hand.observation(0)
        result = seen.result
        assert result is not None
        counts["hands"] += 1
        counts["points"] += result.points
        dealer = seen.dealer
        if result.winner == dealer & 1:
            counts["dealer_wins"] += 1
        if result.winner == ((dealer + 1) % players) & 1:
            counts["mano_wins"] += 1
        if any(a.kind == "raise" for a in hand.history):
            counts["raised"] += 1
        if result.how is Outcome.FOLD:
            counts["folds"] += 1
        step = _settled_step(hand)
        for k in range(1, min(step, STEPS_COUNTED) + 1):
            counts[f"step_{k}"] += 1
        fresh = Hand(game.variant, players, dealer=dealer, deal=hand.deal)
        if perfect_winner(position_of(fresh)) == result.winner:
            counts["perfect_agrees"] += 1
        follows, constrained, arrastre, overtrump, follow_suit = duty_counts(hand)
        counts["follows"] += follows
        counts["constrained"] += constrained
        counts["arrastre_forced"] += arrastre
        counts["overtrump_forced"] += overtrump
        counts["follow_suit_forced"] += follow_suit
        behind[0] = max(behind[0], score[1] - score[0])
        behind[1] = max(behind[1], score[0] - score[1])
        last_score, last_value = (score[0], score[1]), _points_of(result.value, target)
        score = list(result.score)
        now = 0 if score[0] > score[1] else 1 if score[1] > score[0] else None
        if now is not None:
            if leader is not None and now != leader:
                counts["lead_changes"] += 1
            leader = now
    winner = 0 if game.winner == "A" else 1
    counts["a_wins"] = int(winner == 0)
    for gap in (3, 6, 9):
        counts[f"comeback_{gap}"] = int(behind[winner] >= gap)
    counts["last_hand"] = int(last_score[1 - winner] + last_value >= target)
    return tuple(counts[name] for name in PROFILE_FIELDS)


def _points_of(value: int | str, target: int) -> int:
    """A settled value in points ("game" is worth the whole target)."""
    return target if isinstance(value, str) else value


def _skill_wins(variant: Variant, players: int, seed: int, game: int, match: SkillMatch
                ) -> int:
    """The stronger bot's wins in the pair of games ``game`` (the same deals, the
    stronger bot as team A, then as team B): 0, 1 or 2."""
    wins = 0
    for strong_team, specs in ((0, (match.strong, match.weak)), (1, (match.weak, match.strong))):
        rng = random.Random()
        bots = team_bots(specs, rng)
        played = play_game(variant, players, seed, game, rng, bots)
        wins += int(played.winner == "AB"[strong_team])
    return wins


def play_profile_chunk(task: ProfileTask) -> ChunkRecords:
    """Play a chunk of games under every variant, then the skill matches."""
    variants = load_variants(list(task.specs))
    rng = random.Random()
    bots = team_bots(task.bots, rng)
    profiles: list[tuple[tuple[int, ...], ...]] = []
    skills: list[tuple[tuple[int, ...], ...]] = []
    for v in variants:
        games: list[tuple[int, ...]] = []
        for g in range(task.start, task.stop):
            games.append(game_profile(play_game(v, task.players, task.seed, g, rng, bots)))
        profiles.append(tuple(games))
        skills.append(tuple(
            tuple(_skill_wins(v, task.players, task.seed, g, m) for g in range(task.start,
                                                                               task.stop))
            for m in task.skill))
    return tuple(profiles), tuple(skills)


def ratio_estimate(ys: Sequence[float], xs: Sequence[float]) -> Estimate:
    """``sum(ys) / sum(xs)`` over games with its delta-method 95% interval (games are
    the units; see :mod:`rentoy.simulation.stats`).

    >>> est = ratio_estimate([1, 0, 1, 1], [1, 1, 1, 1])
    >>> est.value, est.n, round(est.low, 3), round(est.high, 3)
    (0.75, 4, 0.26, 1.24)
    """
    n = len(ys)
    total_x = sum(xs)
    if n == 0 or total_x == 0:
        return Estimate(None, None, None, None, n)
    r = sum(ys) / total_x
    if n < 2:
        return Estimate(r, None, None, None, n)
    mean_x = total_x / n
    square_sum = sum(((y - r * x) / mean_x) ** 2 for y, x in zip(ys, xs))
    se = math.sqrt(square_sum / (n * (n - 1)))
    return Estimate(r, se, r - Z95 * se, r + Z95 * se, n)


def paired_difference(ys: Sequence[float], xs: Sequence[float], ys0: Sequence[float],
                      xs0: Sequence[float]) -> Estimate:
    """The difference of two ratio estimates over the same games (paired: the per-game
    difference of their linearised terms), with its 95% interval; exactly 0 with a
    zero-width interval for a variant against itself.

    >>> paired_difference([1, 0, 1], [1, 1, 1], [1, 0, 1], [1, 1, 1]).value
    0.0
    """
    n = len(ys)
    if n == 0 or sum(xs) == 0 or sum(xs0) == 0:
        return Estimate(None, None, None, None, n)
    r, r0 = sum(ys) / sum(xs), sum(ys0) / sum(xs0)
    value = r - r0 if (ys, xs) != (ys0, xs0) else 0.0
    if n < 2:
        return Estimate(value, None, None, None, n)
    mx, mx0 = sum(xs) / n, sum(xs0) / n
    square_sum = sum(((y - r * x) / mx - (y0 - r0 * x0) / mx0) ** 2
                     for y, x, y0, x0 in zip(ys, xs, ys0, xs0))
    se = math.sqrt(square_sum / (n * (n - 1)))
    return Estimate(value, se, value - Z95 * se, value + Z95 * se, n)


@dataclass(frozen=True)
class ProfileResult:
    """The records of a profile run and the figures made from them."""

    variants: tuple[str, ...]
    names: tuple[str, ...]
    ladders: tuple[tuple[int | str, ...], ...]
    duties: tuple[frozenset[str], ...]
    players: int
    bots: tuple[str, str]
    seed: int
    games: int
    skill: tuple[SkillMatch, ...]
    records: tuple[tuple[tuple[int, ...], ...], ...]      # [variant][game] -> record
    wins: tuple[tuple[tuple[int, ...], ...], ...]         # [variant][match] -> per pair
    seconds: float

    def _columns(self, variant: str, stat: Statistic) -> tuple[list[int], list[int]]:
        games = self.records[self.variants.index(variant)]
        num = _INDEX[stat.numerator]
        ys = [g[num] for g in games]
        if stat.denominator is None:
            return ys, [1] * len(games)
        den = _INDEX[stat.denominator]
        return ys, [g[den] for g in games]

    def _skill_columns(self, variant: str, name: str) -> tuple[list[int], list[int]]:
        index = [m.name for m in self.skill].index(name)
        wins = list(self.wins[self.variants.index(variant)][index])
        return wins, [2] * len(wins)

    def _columns_of(self, variant: str, name: str) -> tuple[list[int], list[int]]:
        if name in _BY_NAME:
            return self._columns(variant, _BY_NAME[name])
        return self._skill_columns(variant, name)

    def estimate(self, variant: str, name: str) -> Estimate:
        """A figure of one variant (a name of :data:`MEASURE_NAMES` or of a skill
        match), with its interval. A share of games (each game counts 0 or 1) has the
        Wilson interval, which stays within 0 and 1 with few games; another share has
        its delta-method interval cut to 0 and 1."""
        ys, xs = self._columns_of(variant, name)
        est = ratio_estimate(ys, xs)
        stat = _BY_NAME.get(name)
        if est.value is None or est.low is None or est.high is None:
            return est
        if stat is not None and stat.denominator is None and stat.percent:
            low, high = wilson_interval(sum(ys), len(ys))
            return Estimate(est.value, est.se, low, high, est.n)
        if stat is None or stat.percent:
            return Estimate(est.value, est.se, max(0.0, est.low), min(1.0, est.high), est.n)
        return Estimate(est.value, est.se, max(0.0, est.low), est.high, est.n)  # counts

    def difference(self, variant: str, reference: str, name: str) -> Estimate:
        """``variant``'s figure minus ``reference``'s, paired over the same games."""
        return paired_difference(*self._columns_of(variant, name),
                                 *self._columns_of(reference, name))

    def names_of_figures(self) -> list[tuple[str, str, Statistic]]:
        """Every figure of this run: (group, name, statistic), skill figures last."""
        rows = [(group, stat.name, stat) for group, stat in MEASURES]
        for m in self.skill:
            rows.append(("skill", m.name, Statistic(m.name, m.label, "wins", None,
                                                    "Share of games the stronger bot "
                                                    "wins, seats swapped on the same deals.")))
        return rows

    def to_data(self) -> dict[str, Any]:
        """The run as JSON-ready data: settings, then every figure of every variant with
        its interval, and the paired differences from the first variant."""
        reference = self.variants[0]
        figures: dict[str, Any] = {}
        for v in self.variants:
            figures[v] = {name: dict(self.estimate(v, name).as_dict(), group=group)
                          for group, name, _stat in self.names_of_figures()}
        differences = {
            v: {name: self.difference(v, reference, name).as_dict()
                for _group, name, _stat in self.names_of_figures()}
            for v in self.variants[1:]}
        return {
            "variants": list(self.variants), "names": list(self.names),
            "ladders": {v: list(ladder) for v, ladder in zip(self.variants, self.ladders)},
            "duties": {v: sorted(held) for v, held in zip(self.variants, self.duties)},
            "players": self.players, "bots": {"A": self.bots[0], "B": self.bots[1]},
            "seed": self.seed, "games": self.games, "seconds": round(self.seconds, 1),
            "unit": "games (skill: pairs of games on the same deals, seats swapped)",
            "interval": "95%, delta method over games",
            "skill": [{"name": m.name, "strong": m.strong, "weak": m.weak} for m in self.skill],
            "figures": figures, "reference": reference, "differences": differences,
        }


def _chunks(games: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, games, size):
        yield start, min(games, start + size)


def measure_profiles(variants: Sequence[str | Variant], games: int, seed: int = 0, *,
                     players: int | None = None, bots: str | Sequence[str] = "search",
                     skill: Sequence[SkillMatch] = SKILL_MATCHES,
                     executor: Executor | None = None, jobs: int = 1,
                     progress: Callable[[int, int], None] | None = None) -> ProfileResult:
    """Profile ``variants`` over ``games`` games each, the same deals for every variant.

    ``bots`` plays every seat of the profile's own games (a spec for both teams, or
    one per team, as ``--bots`` takes them); ``skill`` the skill matches, each played
    on the same deals as the profile, seats swapped. With an ``executor`` the chunks of
    games go to its workers (``jobs`` in flight); the result depends only on the
    seed and the games, not on how they were shared out. ``progress`` is called with
    the games finished and the games asked for (per variant) as chunks end.
    """
    if not (isinstance(games, int) and 1 <= games <= MAX_HANDS):
        raise ValueError(f"games must be a whole number from 1 to {MAX_HANDS:,}, not {games!r}")
    loaded = load_variants(list(variants))
    n = choose_players(loaded, players)
    team_specs = parse_team_specs(bots)
    specs = tuple(variant_spec(v) for v in loaded)
    size = max(1, min(25, games // (4 * max(1, jobs)) or 1))
    tasks = [ProfileTask(specs, n, team_specs, seed, a, b, tuple(skill))
             for a, b in _chunks(games, size)]
    started = time.perf_counter()
    done: list[ChunkRecords] = []

    def run(pool: Executor) -> None:
        futures = [pool.submit(play_profile_chunk, task) for task in tasks]
        for task, future in zip(tasks, futures):
            done.append(future.result())
            if progress is not None:
                progress(task.stop, games)

    if executor is not None:
        run(executor)
    elif jobs > 1 and len(tasks) > 1:
        with process_pool(jobs) as pool:        # workers end with this process
            run(pool)
    else:
        for task in tasks:
            done.append(play_profile_chunk(task))
            if progress is not None:
                progress(task.stop, games)
    records = tuple(tuple(g for chunk in done for g in chunk[0][i]) for i in range(len(loaded)))
    wins = tuple(tuple(tuple(w for chunk in done for w in chunk[1][i][m])
                       for m in range(len(skill))) for i in range(len(loaded)))
    return ProfileResult(
        variants=tuple(v.id for v in loaded), names=tuple(v.name for v in loaded),
        ladders=tuple(v.rules.ladder for v in loaded),
        duties=tuple(duties_of(compile_variant(v)) for v in loaded), players=n, bots=team_specs,
        seed=seed, games=games, skill=tuple(skill), records=records, wins=wins,
        seconds=time.perf_counter() - started)
