"""How a bot's betting agrees with the tables: the share of its betting decisions that
name the tables' best option, and what the others cost.

:func:`betting_agreement` plays whole games with the named bots and, at every decision
where a bet was open to the seat to act (a raise on its turn, or an answer to a raise),
weighs the options open to it with the tables (:meth:`Stakes.options
<rentoy.analysis.stakes.Stakes.options>`, counting later raises) at the chance of
winning the hand that a separate search bot estimates from what the seat could see
(``judge_samples`` worlds), and compares the option of highest chance with the one the
bot took: a card played where a raise was open is "play on". The estimate of the hand is
the judge's, not the bot's own, so a bot is not marked right by its own noise.

>>> found = betting_agreement("1737", games=1, seed=1, bots="greedy", judge_samples=8)
>>> found.decisions == found.matches + len(found.costs)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..analysis.stakes import Stakes, load_chances
from ..bots import SearchBot, make_bot
from ..engine import Game, compile_variant
from ..engine.actions import ACCEPT, FOLD, GAME_CALL, PLAY, RAISE
from ..simulation.play import stream_seed
from ..simulation.stats import Estimate, ratio_interval
from ..data.variants import load_variant

__all__ = ["Agreement", "betting_agreement"]


@dataclass
class Agreement:
    """Betting decisions seen, those that named the tables' best option, and the cost
    (game-winning chance given up) of each of the others; ``by_game``, each game's
    decisions, matches and summed cost, which the intervals are taken over (the
    decisions of one game are not independent of each other)."""

    games: int = 0
    decisions: int = 0
    matches: int = 0
    costs: list[float] = field(default_factory=list)
    by_game: list[tuple[int, int, float]] = field(default_factory=list)

    @property
    def share(self) -> float:
        return self.matches / self.decisions if self.decisions else 0.0

    @property
    def mean_cost(self) -> float:
        return sum(self.costs) / len(self.costs) if self.costs else 0.0

    def share_estimate(self) -> Estimate:
        """The share of decisions that named the best option, with its 95% interval
        over the games."""
        return ratio_interval([(m, d) for d, m, _ in self.by_game])

    def cost_estimate(self) -> Estimate:
        """The mean cost of a decision that did not, with its 95% interval over the
        games."""
        return ratio_interval([(c, d - m) for d, m, c in self.by_game])


def betting_agreement(variant: str, games: int, seed: int = 0, players: int | None = None,
                      bots: str = "search", judge_samples: int = 64) -> Agreement:
    """Play ``games`` games with ``bots`` at every seat and weigh each betting decision
    against the tables (see the module docstring)."""
    v = load_variant(variant)
    n = v.rules.default_players if players is None else players
    tables = compile_variant(v)
    stakes = Stakes(load_chances(v.id, n, int(v.rules.target), tables.ladder), tables)
    judge = SearchBot(samples=judge_samples, seed=seed, careless_at=1.0)
    steps = tuple(getattr(tables, "steps", tables.ladder))
    found = Agreement()
    for index in range(games):
        deals = random.Random(stream_seed(seed, 30, 0, index))
        choices = random.Random(stream_seed(seed, 31, 0, index))
        bot = make_bot(bots, rng=choices)
        game = Game(v, n, rng=deals)
        before = (found.decisions, found.matches, len(found.costs))
        while not game.is_over:
            seat = game.current_seat
            assert seat is not None
            obs = game.observation(seat)
            action = bot.choose(obs)
            kinds = {a.kind for a in obs.legal}
            pending = obs.raiser is not None
            open_bet = (pending or RAISE in kinds or GAME_CALL in kinds) and not obs.dead_raise
            if open_bet and not (pending and kinds <= {PLAY}):
                team = seat & 1
                right = (0, 1) if obs.raise_right is None else ("AB".index(obs.raise_right),)
                start = steps.index(obs.accepted_value) if pending else None
                p = judge.estimate(obs).p
                options = stakes.options(obs.score, obs.dealer & 1, team, obs.level,
                                         pending, right, p, start=start)
                for key, kind in (("raise", RAISE), ("raise-game", GAME_CALL)):
                    if kind not in kinds:
                        options.pop(key, None)
                chosen = {RAISE: "raise", GAME_CALL: "raise-game", ACCEPT: "accept",
                          FOLD: "fold", PLAY: "play"}.get(action.kind, action.kind)
                if chosen in options:
                    top = max(options.values())
                    found.decisions += 1
                    if options[chosen] >= top - 1e-9:
                        found.matches += 1
                    else:
                        found.costs.append(top - options[chosen])
            game.apply_unchecked(action)
        found.games += 1
        found.by_game.append((found.decisions - before[0], found.matches - before[1],
                              sum(found.costs[before[2]:])))
    return found
