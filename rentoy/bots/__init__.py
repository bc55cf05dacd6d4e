"""The bots, by name: every bot sees one seat's observation, never the state.

- ``random``: :class:`RandomBot`, uniform over the legal actions.
- ``greedy``: :class:`GreedyBot`, cheap trick-winning play and
  hand-strength betting.
- ``search``: :class:`SearchBot`, which samples the hidden cards from what it has seen
  and solves each sample with every card visible (:mod:`rentoy.bots.search`).
- ``tables``: :class:`TableBot`, the search bot's card play with betting by the take
  points at the score (:mod:`rentoy.bots.stakes`).

A bot is named by a *spec*: its name, then settings after colons, such as
``search:samples=64`` or ``search:samples=16:raise_at=0.8``. The command line's
``--bots`` takes one spec for both teams or two separated by a comma
(``search,greedy``: team A's bot, then team B's).

>>> bot = make_bot("search:samples=8:raise_at=0.6", seed=1)
>>> bot.samples, bot.raise_at, bot.reraise_at
(8, 0.6, 0.7)
>>> make_bot("greedy", seed=1).name
'greedy'
>>> make_bot("greedy:depth=3")
Traceback (most recent call last):
...
ValueError: bad bot 'greedy:depth=3': greedy takes raise_at, accept_at, bluff, not depth
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from .basic import Bot, GreedyBot, RandomBot, legal_of
from ..core.errors import suggest
from ..core.i18n import N_, _
from .search import SearchBot
from .stakes import TableBot

__all__ = ["Bot", "RandomBot", "GreedyBot", "SearchBot", "TableBot", "legal_of", "BOT_NAMES",
           "BOT_WORDS", "bot_words",
           "parse_bot", "parse_team_specs", "make_bot", "team_bots"]

# Each bot: its class and the settings a spec may give, with their types.
_BOTS: dict[str, tuple[Callable[..., Bot], dict[str, type]]] = {
    "random": (RandomBot, {}),
    "greedy": (GreedyBot, {"raise_at": float, "accept_at": float, "bluff": float}),
    "search": (SearchBot, {"samples": int, "raise_at": float, "reraise_at": float,
                           "raise_weight": float, "careless_at": float,
                           "careless_raise_at": float, "careless_sure_at": float}),
    "tables": (TableBot, {"samples": int, "live": float, "careless_at": float}),
}

#: The names of the bots, in the order the docs list them.
BOT_NAMES: tuple[str, ...] = tuple(_BOTS)


#: Each bot's name as prose says it after "bots" (so plural in Spanish: ``voraces``,
#: ``de búsqueda``), translated when shown.
BOT_WORDS: dict[str, str] = {"random": N_("random"), "greedy": N_("greedy"),
                             "search": N_("search"), "tables": N_("tables")}


def bot_words(spec: str) -> str:
    """A bot spec as prose names it after the word "bots", in the language spoken now:
    its name in words and its settings, if any, as typed (``de búsqueda (samples=8)``).

    >>> from rentoy.i18n import use_language
    >>> bot_words("search:samples=8")
    'search:samples=8'
    >>> with use_language("es"):
    ...     bot_words("greedy"), bot_words("search:samples=8")
    ('voraces', 'de búsqueda (samples=8)')
    """
    name, *settings = [part.strip() for part in spec.strip().split(":")]
    said = _(BOT_WORDS[name]) if name in BOT_WORDS else name
    if said == name:            # the name is the word (English): the spec as typed
        return spec.strip()
    return f"{said} ({', '.join(settings)})" if settings else said


def parse_bot(spec: str) -> tuple[str, dict[str, Any]]:
    """The name and settings of a bot spec (``search:samples=64``); a
    :class:`ValueError` that says what is wrong and what would be right."""
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError(_("a bot is named by a word such as {bots}, not {spec}").format(
            bots=", ".join(BOT_NAMES), spec=repr(spec)))
    name, *settings = [part.strip() for part in spec.strip().split(":")]
    if name not in _BOTS:
        hint = suggest(name, BOT_NAMES)
        raise ValueError(_("unknown bot {name}; the bots are {bots}").format(
            name=repr(name), bots=", ".join(BOT_NAMES)) + (f" ({hint})" if hint else ""))
    known = _BOTS[name][1]
    out: dict[str, Any] = {}
    for setting in settings:
        key, eq, text = setting.partition("=")
        key = key.strip()
        if key not in known:
            takes = ", ".join(known) or "no settings"
            raise ValueError(f"bad bot {spec!r}: {name} takes {takes}, not {key or setting}")
        if not eq:
            raise ValueError(f"bad bot {spec!r}: write {key}=VALUE")
        try:
            value = known[key](text.strip())
        except ValueError:
            kind = "a whole number" if known[key] is int else "a number"
            raise ValueError(f"bad bot {spec!r}: {key} is {kind}, not {text.strip()!r}"
                             ) from None
        out[key] = value
    try:            # the bot itself says which values it takes (a chance lies in 0..1)
        _BOTS[name][0](seed=0, **out)
    except ValueError as error:
        raise ValueError(f"bad bot {spec!r}: {error}") from None
    return name, out


def parse_team_specs(bots: str | Sequence[str]) -> tuple[str, str]:
    """The two teams' bot specs from ``"greedy"`` (both teams) or ``"greedy,random"``
    (team A's, then team B's), or a pair; each spec checked by :func:`parse_bot`. The one
    reading of ``--bots``: a :class:`ValueError` that says what is wrong.

    >>> parse_team_specs("search:samples=8,random"), parse_team_specs(" greedy ")
    (('search:samples=8', 'random'), ('greedy', 'greedy'))
    """
    parts = [p.strip() for p in bots.split(",")] if isinstance(bots, str) else list(bots)
    if len(parts) == 1:
        parts *= 2
    if len(parts) != 2:
        raise ValueError(f"bad --bots {bots!r}: give one bot for both teams or two "
                         "separated by a comma (team A's, then team B's)")
    for spec in parts:
        parse_bot(spec)
    return parts[0], parts[1]


def make_bot(spec: str, seed: int | None = None, rng: random.Random | None = None) -> Bot:
    """A bot from its spec, seeded by ``seed`` or drawing from ``rng``."""
    name, settings = parse_bot(spec)
    factory = _BOTS[name][0]
    return factory(seed=seed, rng=rng, **settings)


def team_bots(specs: Sequence[str], rng: random.Random) -> tuple[Bot, Bot]:
    """The bots of team A and team B from a pair of specs, both drawing from ``rng``.

    >>> [b.name for b in team_bots(("search:samples=4", "random"), random.Random(0))]
    ['search', 'random']
    """
    if isinstance(specs, str) or len(specs) != 2:
        raise ValueError(f"give two bots (team A, team B), not {specs!r}")
    return make_bot(specs[0], rng=rng), make_bot(specs[1], rng=rng)
