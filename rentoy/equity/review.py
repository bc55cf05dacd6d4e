"""A played game reviewed decision by decision, as chess and backgammon programs do.

Every action of a record (a walkthrough file of a game, such as ``rentoy play --save``
writes) is weighed from what its player could see (:meth:`Game.observation
<rentoy.engine.Game.observation>`), by the estimate of the hand of the
:class:`search bot <rentoy.bots.search.SearchBot>` (sampled worlds consistent with the
observation, each solved with every card visible):

- **a card** against the bot's choice: the share of worlds the player's team wins
  after it and after the best card; and, where the solver can tell with the cards as
  they lay, whether the card turned a hand the team had won into a lost one;
- **a raise, an accept, a fold** (and a card played where a raise was open) against the
  take points at that score (:mod:`rentoy.analysis.stakes`, live model) with the bot's
  chance of winning the hand.

Each choice's **cost** is the game-winning chance it gave up against the best choice
(a card's lost share of worlds times what the hand is worth at that score), marked as
backgammon programs mark them: :data:`MARKS`.

>>> review = review_record("docs/examples/game-record.yaml", samples=8, seed=1)
>>> len(review.entries), sorted(review.summary())
(16, ['0', '1'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from .. import i18n
from ..analysis import move_winners, position_of
from ..analysis.stakes import ScoreChances, Stakes, load_chances
from ..bots import SearchBot
from ..cards import DECK
from ..engine import Game, compile_variant
from ..engine.actions import ACCEPT, FOLD, GAME_CALL, PLAY, RAISE
from ..i18n import N_, _, use_language
from ..simulation.play import variant_spec
from ..walkthrough import load_walkthrough
from ..yamlfile import read_text
from .decisions import chance_text

__all__ = ["MARKS", "Entry", "Review", "review_record", "annotated_record", "mark_of",
           "REVIEW_BOT"]

#: The marks and the least cost (in game-winning chance, 0 to 1) each one takes.
MARKS: tuple[tuple[str, float], ...] = (("very bad", 0.10), ("bad", 0.05),
                                        ("doubtful", 0.02))
#: The search bot's settings for the estimates (samples are given separately).
REVIEW_BOT = "search:careless_at=1"


def mark_of(cost: float) -> str | None:
    """The mark of a cost, or None below every threshold.

    >>> mark_of(0.12), mark_of(0.03), mark_of(0.001)
    ('very bad', 'doubtful', None)
    """
    for name, least in MARKS:
        if cost >= least:
            return name
    return None


@dataclass(frozen=True)
class Entry:
    """One decision: hand ``hand`` (from 1), the seat and its team, the action as
    written, the score and value before it, the bot's chance ``p`` of winning the hand
    for the seat's team, the best choice and the cost of the one made, its mark, and
    ``verdict`` (the solver's, for cards: ``"threw away a won hand"`` or None)."""

    hand: int
    index: int
    seat: int
    action: str
    kind: str
    score: tuple[int, int]
    value: int | str
    p: float
    best: str
    cost: float
    mark: str | None
    verdict: str | None
    #: What the review says of the decision: phrases, each its English words (with
    #: ``{}`` fields) and their values, joined by "; ".
    phrases: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]
    options: dict[str, float] = field(default_factory=dict)

    @property
    def team(self) -> str:
        return "AB"[self.seat & 1]

    @property
    def words(self) -> str:
        """What the review says of the decision, in the language spoken now."""
        return "; ".join(_(text).format(**dict(values)) for text, values in self.phrases)

    def json(self) -> dict[str, Any]:
        return {"hand": self.hand, "index": self.index, "seat": self.seat, "team": self.team,
                "action": self.action, "kind": self.kind, "score": list(self.score),
                "value": self.value, "hand_chance": round(self.p, 4), "best": self.best,
                "cost": round(self.cost, 4), "mark": self.mark, "verdict": self.verdict,
                "options": {k: round(v, 4) for k, v in self.options.items()},
                "words": _english_words(self)}


def _english_words(entry: Entry) -> str:
    """An entry's words in English, as the JSON and the annotated record give them."""
    with use_language("en"):
        return entry.words


def _said(text: str, **values: Any) -> tuple[str, tuple[tuple[str, Any], ...]]:
    return text, tuple(values.items())


#: A betting choice as the words of a review say it (the keys are the tables' options).
_CHOICES = {"accept": N_("accepting"), "fold": N_("folding"), "raise": N_("raising"),
            "raise-game": N_("calling the whole game"), "play": N_("playing on")}


@dataclass(frozen=True)
class _Choice:
    """A betting choice of an entry's words, said in the language spoken when they are
    read (``accepting``, ``querer``)."""

    key: str

    def __str__(self) -> str:
        return _(_CHOICES.get(self.key, self.key))


@dataclass(frozen=True)
class _Figure:
    """A figure of an entry's words, written in the language spoken when the words are
    read (they are English in the JSON whatever the command line speaks): a chance
    (0 to 1) as a whole percentage, or a share of the game as points of 100."""

    value: float
    chance: bool = False

    def __str__(self) -> str:
        return chance_text(self.value) if self.chance else i18n.number(100 * self.value, 1)


@dataclass(frozen=True)
class Review:
    """A reviewed record: its entries in order and what the review rests on."""

    path: Path
    variant: str
    players: int
    entries: tuple[Entry, ...]
    samples: int
    chances_source: str
    skipped_branches: bool

    def summary(self) -> dict[str, dict[str, Any]]:
        """Per seat: decisions, errors by mark, the total cost, the worst decision."""
        out: dict[str, dict[str, Any]] = {}
        for seat in range(self.players):
            mine = [e for e in self.entries if e.seat == seat]
            if not mine:
                continue
            marks = {name: sum(e.mark == name for e in mine) for name, _ in MARKS}
            worst = max(mine, key=lambda e: e.cost)
            out[str(seat)] = {"team": "AB"[seat & 1], "decisions": len(mine),
                              "cards": sum(e.kind == "card" for e in mine),
                              "bets": sum(e.kind != "card" for e in mine),
                              **{k.replace(" ", "_"): v for k, v in marks.items()},
                              "won_hands_thrown": sum(e.verdict is not None for e in mine),
                              "cost": round(sum(e.cost for e in mine), 4),
                              "worst": None if worst.cost <= 0 else
                              f"hand {worst.hand}: {worst.action}"}
        return out

    def json(self) -> dict[str, Any]:
        return {"record": str(self.path), "variant": self.variant, "players": self.players,
                "samples": self.samples, "bot": f"{REVIEW_BOT}:samples={self.samples}",
                "chances": self.chances_source,
                "marks": {name: least for name, least in MARKS},
                "branches_skipped": self.skipped_branches,
                "entries": [e.json() for e in self.entries], "summary": self.summary()}


def _hands(path: str | Path) -> tuple[Any, list[tuple[int, Any, list[Any]]], bool]:
    walk = load_walkthrough(path)
    if walk.hands:
        hands = [(h.dealer, h.deal, list(h.root.actions)) for h in walk.hands]
        branches = any(h.root.branches for h in walk.hands)
    else:
        hands = [(walk.dealer, walk.deal, list(walk.root.actions))]
        branches = bool(walk.root.branches)
    return walk, hands, branches


def review_record(path: str | Path, samples: int = 32, seed: int = 0,
                  chances: ScoreChances | None = None) -> Review:
    """Review the record at ``path`` (its main line; branches are left out) with the
    search bot at ``samples`` worlds per decision, against ``chances`` (by default the
    variant's stored table, else the even-chances yardstick)."""
    walk, hands, branches = _hands(path)
    variant, n = walk.variant, walk.players
    tables = compile_variant(variant)
    target = int(variant.rules.target)
    if chances is None:
        chances = load_chances(variant.id, n, target, tables.ladder)
    stakes = Stakes(chances, tables)
    bot = SearchBot(samples=samples, seed=seed, careless_at=1.0)
    entries: list[Entry] = []
    score = walk.start_score
    for number, (dealer, deal, actions) in enumerate(hands, start=1):
        game = Game(variant, n, score=score, dealer=dealer, first_deal=deal)
        for index, spec in enumerate(actions):
            action = spec.action
            entries.append(_judge(game, stakes, bot, action, number, index, target))
            game.apply(action)
        if game.results:
            result = game.results[-1]
            score = (0, 0) if result.game_winner is not None else result.score
        else:
            break                           # the record stops inside this hand
    return Review(Path(path), variant_spec(variant), n, tuple(entries), samples,
                  chances.source or N_("stored table"), branches)


def _judge(game: Game, stakes: Stakes, bot: SearchBot, action: Any, number: int,
           index: int, target: int) -> Entry:
    seat = action.seat
    obs = game.observation(seat)
    team = seat & 1
    estimate = bot.estimate(obs)
    p = estimate.p
    score, dealer, level = obs.score, obs.dealer & 1, obs.level
    pending = obs.raiser is not None
    right = (0, 1) if obs.raise_right is None else ("AB".index(obs.raise_right),)
    kinds = {a.kind for a in obs.legal}
    values = tuple(getattr(stakes.tables, "steps", stakes.tables.ladder))
    start = values.index(obs.accepted_value) if pending else None
    options = stakes.options(score, dealer, team, level, pending, right, p, start=start)
    if RAISE not in kinds or obs.dead_raise:
        options.pop("raise", None)
    if GAME_CALL not in kinds or obs.dead_raise:
        options.pop("raise-game", None)
    text = str(action)
    base = dict(hand=number, index=index, seat=seat, action=text, score=score,
                value=obs.value, p=p)
    if action.kind == PLAY:
        return _card(game, stakes, obs, action, estimate, options, base, target)
    chosen = {RAISE: "raise", GAME_CALL: "raise-game", ACCEPT: "accept",
              FOLD: "fold"}.get(action.kind, action.kind)
    best = max(options, key=lambda k: options[k])
    cost = max(0.0, options[best] - options.get(chosen, options[best]))
    take = stakes.take_point(score, dealer, team, level, start) if pending else None
    words = [_said(N_("the bot gives team {team} {chance} of the hand"), team="AB"[team],
                   chance=_Figure(p, chance=True))]
    if take is not None:
        words.append(_said(N_("the take point of {value} here is {dead} dead, {live} live"),
                           value=obs.value, dead=_Figure(take.dead, chance=True),
                           live=_Figure(take.live, chance=True)))
    if cost > 0.0005:
        words.append(_said(N_("{best} was better by {cost} points of the game"),
                           best=_Choice(best), cost=_Figure(cost)))
    return Entry(kind=chosen, best=best, cost=cost, mark=mark_of(cost), verdict=None,
                 phrases=tuple(words), options=options, **base)


def _card(game: Game, stakes: Stakes, obs: Any, action: Any, estimate: Any,
          options: dict[str, float], base: dict[str, Any], target: int) -> Entry:
    team = action.seat & 1
    card = int(action.card)
    win, lose = stakes.outcomes(obs.score, obs.dealer & 1, team, obs.level)
    shares = estimate.cards
    best_card = max(shares, key=lambda c: shares[c]) if shares else card
    lost = max(0.0, shares.get(best_card, 0.0) - shares.get(card, 0.0)) if shares else 0.0
    cost = lost * (win - lose)
    words = [_said(N_("the bot's best card {card} wins {best} of the worlds, this one "
                      "{this}"), card=_name(best_card), best=_Figure(shares.get(best_card, 1), chance=True),
                   this=_Figure(shares.get(card, 1), chance=True)) if shares else
             _said(N_("the hand is settled"))]
    best = _name(best_card)
    # A raise was open and the tables say it was worth more than playing on.
    if "raise" in options and options["raise"] > options["play"] + 0.0005:
        gain = options["raise"] - options["play"]
        words.append(_said(N_("raising first was better by {gain} points of the game (the "
                              "bot gives the hand {chance})"), gain=_Figure(gain),
                           chance=_Figure(estimate.p, chance=True)))
        cost += gain
        best = f"raise, then {best}"
    verdict = None
    try:
        after = {int(c): t for c, t in move_winners(position_of(game.hand)).items()}
    except Exception:       # noqa: BLE001 - a position the solver does not take
        after = {}
    if after and any(t == team for t in after.values()) and after.get(card) != team:
        verdict = "threw away a won hand"
        words.append(_said(N_("with the cards as they lay, the hand was won before this card "
                              "and lost after it")))
    return Entry(kind="card", best=best, cost=cost, mark=mark_of(cost), verdict=verdict,
                 phrases=tuple(words), options=options, **base)


def _name(card: int) -> str:
    return str(DECK[card])


def _notes(review: Review) -> Iterator[tuple[int, int, str]]:
    for e in review.entries:
        if e.mark or e.verdict:
            label = e.mark or "solver"
            yield e.hand, e.index, (f"review: {label}, {100 * e.cost:.1f} points of the "
                                    f"game; {_english_words(e)}; best: {e.best}")


def annotated_record(review: Review) -> str:
    """The record's YAML with each marked decision's review as the action's note: a
    walkthrough that ``rentoy run`` replays as the original, notes shown."""
    import yaml  # at use: only a run that writes YAML


    text = read_text(review.path)       # bounded, as when the record was first read
    doc = yaml.safe_load(text)
    notes = {(h, i): note for h, i, note in _notes(review)}
    if "hands" in doc:
        lists = [h.get("actions", []) for h in doc["hands"]]
    else:
        lists = [doc.get("actions", [])]
    for h, actions in enumerate(lists, start=1):
        for i, item in enumerate(actions):
            note = notes.get((h, i))
            if note is None:
                continue
            if isinstance(item, dict):
                item["note"] = (str(item["note"]) + " " if item.get("note") else "") + note
            else:
                actions[i] = {"action": item, "note": note}
    summary = review.summary()
    lines = [f"# Reviewed by `rentoy review`: {len(review.entries)} decisions, marks "
             "doubtful from 2, bad from 5, very bad from 10 points of game-winning chance."]
    for seat, s in summary.items():
        lines.append(f"# Seat {seat} (team {s['team']}): {s['decisions']} decisions, "
                     f"{s['doubtful']} doubtful, {s['bad']} bad, {s['very_bad']} very bad, "
                     f"{100 * s['cost']:.1f} points given up.")
    spec = str(doc.get("variant", ""))
    base, plus, options = spec.partition("+")
    if base.endswith((".yaml", ".yml")) and not Path(base).is_absolute():
        # A variant file named relative to the record: the annotated copy may be written
        # elsewhere, so it names the file by its absolute path.
        doc["variant"] = str((review.path.parent / base).resolve()) + plus + options
    body: str = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=88,
                           default_flow_style=None)
    return "\n".join(lines) + "\n" + body
