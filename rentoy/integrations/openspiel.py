"""Rentoy as an OpenSpiel game (the ``openspiel`` extra: ``pip install -e '.[openspiel]'``).

Importing this module registers the Python game ``python_rentoy`` with OpenSpiel.
Its parameters are ``variant`` (any variant id, with options: ``1737``, ``avila``,
``1737+borrego``, or a path to a variant file) and ``players`` (0, the default, for
the variant's usual number). In a game string, quote an id made of digits
(``python_rentoy(variant="1737",players=6)``): OpenSpiel reads a bare ``1737`` as a
number. One OpenSpiel episode is one game of the variant, to its
target; a variant that plays matches (a best of N games) is played one game at a time.

- **Chance nodes deal every hand**, one card at a time: seat 0's cards, then seat 1's,
  and so on, then the turned-up card, each drawn uniformly from the cards not yet dealt.
  The engine waits for them through its explicit chance step
  (:meth:`rentoy.engine.Game.deal`).
- **Actions** are the 40 cards by index (``0`` = the As de oros, as in
  :data:`rentoy.model.cards.DECK`), then ``40`` raise, ``41`` accept and ``42`` fold. The
  player to act is the engine's :attr:`~rentoy.engine.game.Rounds.current_seat`: facing a raise,
  the seat the variant's rules name to answer.
- **What a player sees** comes from the engine's :class:`~rentoy.engine.Observation`:
  the information-state string is its ``info_key`` (equal for two states the seat cannot
  tell apart), the observation tensor its ``encoding``.
- **Returns** are the engine's: +1 for each seat of the team that wins the game, -1 for
  the others.

The adapter holds no rule: legality, turn order, scoring and the end of the game all
come from :class:`rentoy.engine.Game`.

>>> import pyspiel
>>> from rentoy.integrations import openspiel as rentoy_openspiel
>>> game = pyspiel.load_game("python_rentoy", {"variant": "avila", "players": 2})
>>> game.num_players(), game.num_distinct_actions()
(2, 43)
>>> state = game.new_initial_state()
>>> state.is_chance_node()
True
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from ..model.cards import DECK
from ..engine import (Action, Deal, Game, Observation, cards_left, compile_variant,
                      encoding_size)
from ..engine.actions import ACCEPT, FOLD, PLAY, RAISE, accept, fold, play, raise_
from ..engine.hand import max_game_actions, max_hand_actions
from ..model.variant import Variant
from ..data.variants import load_variant

__all__ = ["GAME_NAME", "RAISE_ACTION", "ACCEPT_ACTION", "FOLD_ACTION", "NUM_ACTIONS",
           "RentoyGame", "RentoyState", "RentoyObserver", "action_id", "engine_action"]

#: The name the game is registered under.
GAME_NAME = "python_rentoy"
#: Action ids after the 40 cards.
RAISE_ACTION, ACCEPT_ACTION, FOLD_ACTION = 40, 41, 42
NUM_ACTIONS = 43

_MAX_PLAYERS = 8
_DEFAULTS: dict[str, Any] = {"variant": "1737", "players": 0}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Rentoy",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=_MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def action_id(action: Action) -> int:
    """The OpenSpiel id of an engine action (the seat is the player's)."""
    if action.kind == PLAY:
        assert action.card is not None
        return int(action.card)
    return {RAISE: RAISE_ACTION, ACCEPT: ACCEPT_ACTION, FOLD: FOLD_ACTION}[action.kind]


def engine_action(seat: int, action: int) -> Action:
    """The engine action of ``seat`` for an OpenSpiel action id."""
    if 0 <= action < 40:
        return play(seat, DECK[action])
    if action == RAISE_ACTION:
        return raise_(seat)
    if action == ACCEPT_ACTION:
        return accept(seat)
    if action == FOLD_ACTION:
        return fold(seat)
    raise ValueError(f"{action} is not a Rentoy action id (0-39 cards, 40 raise, "
                     "41 accept, 42 fold)")


def _variant_param(value: object) -> Variant:
    # OpenSpiel's game strings read a bare variant=1737 as a number, which the parameter's
    # type refuses; quoted, the quotes come through, and are taken off here.
    text = str(value)
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1]
    return load_variant(text)


def _players_param(value: object) -> int:
    """The ``players`` parameter as a whole number (0: the variant's default), its length
    checked before it is converted."""
    text = str(value).strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 3:
        raise ValueError(f"players is a small whole number (0: the variant's default), "
                         f"not {text[:20]!r}")
    return int(text)


def _quoted(text: str) -> str:
    """``text`` as the game string must show it to be read back as text (see above)."""
    if text[:1] in "\"'":
        return text
    try:
        float(text)
    except ValueError:
        return text
    return f'"{text}"'


class RentoyGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game: its parameters and bounds come from the variant."""

    def __init__(self, params: dict[str, Any] | None = None):
        params = {**_DEFAULTS, **(params or {})}
        self.variant = _variant_param(params["variant"])
        tables = compile_variant(self.variant)
        rules = tables.rules
        players = _players_param(params["players"]) or rules.default_players
        if players not in rules.players:
            raise ValueError(f"variant {self.variant.id} is played by "
                             f"{', '.join(map(str, rules.players))} players, not {players}")
        if players > _MAX_PLAYERS:      # what the game type declares, checked before play
            raise ValueError(f"variant {self.variant.id} at {players} players: the OpenSpiel "
                             f"game is declared for at most {_MAX_PLAYERS} players")
        self.players = players
        self.hand_size = rules.hand_size
        actions = max_game_actions(tables, players)
        hands = actions // max_hand_actions(tables, players)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=40,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=actions + hands * (players * rules.hand_size + 1))
        super().__init__(_GAME_TYPE, info, {"variant": _quoted(str(params["variant"])),
                                            "players": _players_param(params["players"])})

    def new_initial_state(self) -> "RentoyState":
        return RentoyState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None
                         ) -> "RentoyObserver":
        return RentoyObserver(self, iig_obs_type, params)


def _awaited(index: int) -> None:
    """Every hand after the first is dealt by chance nodes: the engine waits for it."""
    return None


class RentoyState(pyspiel.State):  # type: ignore[misc]
    """One game in progress: the engine's :class:`~rentoy.engine.Game`, and the cards
    the chance player has dealt so far for the next hand."""

    def __init__(self, game: RentoyGame):
        super().__init__(game)
        self._variant = game.variant
        self._players = game.players
        self._need = game.players * game.hand_size + 1
        self._dealt: list[int] = []
        self._game: Game | None = None

    # -- the state API -----------------------------------------------------------------

    def current_player(self) -> int:
        game = self._game
        if game is None or game.awaiting_deal:
            return int(pyspiel.PlayerId.CHANCE)
        if game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = game.current_seat
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        assert self._game is not None
        return sorted(action_id(a) for a in self._game.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = sorted(set(range(40)).difference(self._dealt))
        p = 1.0 / len(left)
        return [(card, p) for card in left]

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            self._dealt.append(action)
            if len(self._dealt) == self._need:
                self._start_hand()
            return
        assert self._game is not None
        seat = self._game.current_seat
        assert seat is not None
        self._game.apply(engine_action(seat, action))

    def _start_hand(self) -> None:
        h = (self._need - 1) // self._players
        cards = self._dealt
        deal = Deal.parse([cards[s * h:(s + 1) * h] for s in range(self._players)], cards[-1])
        self._dealt = []
        if self._game is None:
            self._game = Game(self._variant, self._players, first_deal=deal, deals=_awaited)
        else:
            self._game.deal(deal)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {DECK[action]}"
        return str(engine_action(player, action))

    def is_terminal(self) -> bool:
        return self._game is not None and self._game.is_over

    def returns(self) -> list[float]:
        if self._game is None:
            return [0.0] * self._players
        return [float(r) for r in self._game.returns()]

    def observation_of(self, seat: int) -> Observation | None:
        """The engine's observation for ``seat`` (None before the first hand is dealt)."""
        return None if self._game is None else self._game.observation(seat)

    def __str__(self) -> str:
        game = self._game
        if game is None:
            return f"dealing: {' '.join(str(DECK[c]) for c in self._dealt)}"
        hand = game.hand
        seen = hand.observation(0)
        hands = " | ".join(" ".join(map(str, h)) for h in cards_left(hand.deal, hand.history))
        return (f"score {game.score[0]}-{game.score[1]} up {seen.up} value {seen.value} "
                f"hands {hands} actions {' '.join(map(str, hand.history))}")


class RentoyObserver:
    """OpenSpiel's observer for Rentoy: strings and tensors from the engine's observation.

    With perfect recall asked for, the string is the observation's ``info_key``; without,
    a short description of what the seat sees now. The tensor is the observation's
    ``encoding`` (seats counted from the observer), zeros before the first deal.
    """

    def __init__(self, game: RentoyGame, iig_obs_type: Any = None, params: Any = None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self._recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        size = encoding_size(game.variant, game.players)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: RentoyState, player: int) -> None:
        seen = state.observation_of(player)
        if seen is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = seen.encoding

    def string_from(self, state: RentoyState, player: int) -> str:
        seen = state.observation_of(player)
        if seen is None:
            return f"seat {player}|dealing"
        if self._recall:
            return seen.info_key
        trick = " ".join(f"{s}:{c}" for s, c in seen.trick)
        return (f"seat {player}|score {seen.score[0]}-{seen.score[1]}|up {seen.up}"
                f"|cards {' '.join(map(str, seen.cards))}|trick {trick}"
                f"|tricks {seen.tricks_won[0]}-{seen.tricks_won[1]}|value {seen.value}"
                f"|raiser {seen.raiser}|right {seen.raise_right}|to act {seen.current_seat}")


pyspiel.register_game(_GAME_TYPE, RentoyGame)
