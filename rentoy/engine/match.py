"""A match: games played in turn until a team has won more than half of the variant's
``match`` games (a best of N).

Every game starts from 0-0; the deal keeps passing to the next seat, from the last hand
of one game to the first hand of the next, and one random generator deals them all, so
a seeded match is repeatable. With ``match: 1`` (every variant but the ones that state
otherwise) a match is a single :class:`~rentoy.engine.Game`. A :class:`Match` offers
the same small API as a game and starts the next game by itself.

>>> from rentoy.engine import Match
>>> from rentoy.bots import RandomBot
>>> match = Match("huetor", seed=3)
>>> match.best_of, match.needed
(5, 3)
>>> bot = RandomBot(seed=3)
>>> while not match.is_over:
...     over = match.apply_unchecked(bot.choose(match.observation()))
>>> max(match.games_won) == 3 and 3 <= len(match.games) <= 5
True
"""

from __future__ import annotations

import random

from ..core.i18n import N_
from ..model.variant import Variant
from .actions import Action
from .game import Deals, Game, Rounds, _deal_source
from .hand import Deal, Event, Hand
from .tables import as_variant
from .observation import HandRecord, Observation

__all__ = ["Match"]


class Match(Rounds):
    """A best-of-``match`` series of games under one variant.

    ``best_of`` is the variant's ``match`` rule and ``needed`` the games that win it;
    ``games_won`` counts them per team (A, B), ``games`` holds the finished
    :class:`Game` objects and ``game`` the one being played. Every game starts at 0-0
    and the deal passes on from one game to the next.
    """

    _over = N_("the match is over")

    __slots__ = ("_variant", "_players", "_rng", "_best_of", "_needed", "_games_won", "_games",
                 "_game", "_winner", "_deals")

    def __init__(self, variant: Variant | str, players: int | None = None,
                 seed: int | None = None, rng: random.Random | None = None,
                 dealer: int | None = None, deals: Deals | None = None):
        variant = as_variant(variant)
        self._variant = variant
        self._rng = rng if rng is not None else random.Random(seed or 0)
        # One source for the whole match, read by the hand's index in the match.
        self._deals = _deal_source(deals)
        self._game = Game(variant, players, rng=self.rng, dealer=dealer,
                          deals=self._game_deals(0))
        self._players = self.game.players
        self._best_of: int = self.game.tables.rules.match
        self._needed = variant.rules.games_needed
        self._games_won = (0, 0)
        self._games: list[Game] = []          # the finished games, oldest first
        self._winner: int | None = None

    # What the match shows is read-only, as a game's is (see :class:`Game`).
    @property
    def variant(self) -> Variant:
        """The variant played."""
        return self._variant

    @property
    def players(self) -> int:
        """The number of players."""
        return self._players

    @property
    def rng(self) -> random.Random:
        """The generator the games' deals are drawn from."""
        return self._rng

    @property
    def best_of(self) -> int:
        """The variant's ``match`` rule: the most games the match can take."""
        return self._best_of

    @property
    def needed(self) -> int:
        """The games a team needs to win the match."""
        return self._needed

    @property
    def games_won(self) -> tuple[int, int]:
        """The games won so far (team A, team B)."""
        return self._games_won

    @property
    def games(self) -> list[Game]:
        """The finished games, oldest first (a copy: the match's own list changes only as
        games end)."""
        return self._games[:]

    @property
    def game(self) -> Game:
        """The game being played (the last one once the match is over)."""
        return self._game

    @property
    def _current(self) -> Game:
        return self.game

    @property
    def hand(self) -> Hand:
        """The hand being played (the last one once the match is over)."""
        return self.game.hand

    def _game_deals(self, offset: int) -> Deals | None:
        source = self._deals
        if source is None:
            return None
        return lambda index: source(offset + index)

    @property
    def deals(self) -> tuple[Deal, ...]:
        """Every hand's original deal, game after game, the hand being played last."""
        games = self._games if self.is_over else [*self._games, self.game]
        return tuple(d for g in games for d in g.deals)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action of the match, hand after hand."""
        games = self._games if self.is_over else [*self._games, self.game]
        return tuple(a for g in games for a in g.actions)

    @property
    def max_actions(self) -> int:
        """No match of this variant at this table takes more actions than this."""
        return self.best_of * self.game.max_actions

    def observation(self, seat: int | None = None) -> Observation:
        """What ``seat`` (by default the current seat) may know: the hand being played,
        the records of every earlier hand of the match, and the games won."""
        earlier = self._games if not self.is_over else self._games[:-1]
        past: tuple[HandRecord, ...] = tuple(r for g in earlier for r in g.past_hands)
        won = self.games_won
        if self.is_over:   # the games won before the last game, which is observed
            last = self._games[-1].results[-1].game_winner
            won = (won[0] - (last == 0), won[1] - (last == 1))
        return self.game.observation(seat, past, won)

    def apply(self, action: Action | str) -> Event:
        """Apply a legal action (refusing an illegal one); start the next game when one ends."""
        if self.is_over:
            self.check(action)
        event = self.game.apply(action)
        if self.game.is_over:
            self._next_game()
        return event

    def apply_unchecked(self, action: Action) -> bool:
        """Apply an action known to be legal, starting the next game when it ends one;
        whether it ended the match."""
        if self.game.apply_unchecked(action):
            self._next_game()
            return self._winner is not None
        return False

    def _next_game(self) -> None:
        game = self.game
        self._games.append(game)
        won = game.results[-1].game_winner
        assert won is not None
        self._games_won = ((self.games_won[0] + 1, self.games_won[1]) if won == 0
                           else (self.games_won[0], self.games_won[1] + 1))
        if self.games_won[won] >= self.needed:
            self._winner = won
            return
        hands = sum(g.hands_played for g in self._games)
        self._game = Game(self.variant, self.players, rng=self.rng,
                          dealer=(game.dealer + 1) % self.players,
                          deals=self._game_deals(hands))

    def clone(self) -> "Match":
        """An independent copy, random generator included: both deal the same next hands."""
        new = Match.__new__(Match)
        new._variant, new._players, new._best_of, new._needed = (
            self.variant, self.players, self.best_of, self.needed)
        new._games_won, new._winner, new._deals = self.games_won, self._winner, self._deals
        new._games = self._games[:]            # finished games are never changed again
        if self.is_over:
            new._game, new._rng = self.game, random.Random()
            new.rng.setstate(self.rng.getstate())
        else:
            new._game = self.game.clone()     # the clone's game has its own generator ...
            new._rng = new.game.rng           # ... which the next games of the clone share
        return new

    def __eq__(self, other: object) -> bool:
        # Finished games compare by what happened in them: their generator is the
        # match's, shared with the games after them.
        return (isinstance(other, Match) and self.variant.id == other.variant.id
                and self.players == other.players and self.games_won == other.games_won
                and [g.results for g in self._games] == [g.results for g in other._games]
                and self.game == other.game)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (f"<Match {self.variant.id} best of {self.best_of} games={list(self.games_won)}"
                f"{' over' if self.is_over else ''}>")
