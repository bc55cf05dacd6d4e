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
(a card's lost share of worlds times what the hand is worth at that score), never below
zero, with its 95% interval: the bot's chance of the hand is a share of sampled worlds
(drawn again from its Beta posterior), and the table of chances a measurement (drawn
again by the bootstrap over its hands, when it has them), both drawn together
:data:`COST_DRAWS` times. A decision is **marked** only when its cost's whole interval
lies above the mark's threshold (:data:`MARKS`), so that another seed does not mark it
otherwise. A walkthrough's every branch is reviewed (each entry names its ``path``).

>>> review = review_record("docs/examples/game-record.yaml", samples=8, seed=1)
>>> len(review.entries), sorted(review.summary())
(16, ['0', '1'])
>>> all(e.cost_low <= e.cost <= e.cost_high and e.cost_low >= 0 for e in review.entries)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Sequence

from ..core import i18n
from ..analysis import move_winners, position_of
from ..analysis.stakes import ScoreChances, Stakes, load_chances
from ..bots import SearchBot
from ..model.cards import DECK
from ..engine import Game, compile_variant
from ..engine.actions import ACCEPT, FOLD, GAME_CALL, PLAY, RAISE
from ..core.i18n import N_, _, use_language
from ..simulation.play import variant_spec
from ..walkthrough.reading import read_record
from ..data.yamlfile import read_text
from .decisions import chance_text

__all__ = ["MARKS", "Entry", "Review", "review_record", "annotated_record", "mark_of",
           "REVIEW_BOT", "SAMPLES", "COST_DRAWS", "choice_words"]

#: The marks and the least cost (in game-winning chance, 0 to 1) each one takes.
MARKS: tuple[tuple[str, float], ...] = (("very bad", 0.10), ("bad", 0.05),
                                        ("doubtful", 0.02))
#: The search bot's settings for the estimates (samples are given separately).
REVIEW_BOT = "search:careless_at=1"
#: Worlds sampled for each decision by default: enough that the marks of a record do not
#: change with the seed (``tests/test_equity.py`` reviews records under five seeds).
SAMPLES = 256
#: Draws of the bot's chance and of the table behind each cost's interval.
COST_DRAWS = 400
#: A bet's chance of the hand is the mean of this many estimates of ``samples`` worlds
#: each, and its spread their standard error: it then counts every source of the
#: estimate's noise (the worlds' weights, the best card's share), not the worlds'
#: count alone, and a bet's mark holds under another seed.
BET_BATCHES = 32
#: A card's cost is measured over this many estimates: the best card is the one of the
#: highest share over all of them, and the share lost is averaged over them, with their
#: spread as its standard error.
CARD_BATCHES = 4
#: ... and up to this many where the cost's interval ends near a mark's threshold.
MAX_CARD_BATCHES = 32
#: Bootstrap draws of a measured table behind those intervals (reused in turn).
TABLE_DRAWS = 100


def mark_of(cost: float) -> str | None:
    """The mark of a cost (the low end of its interval, for a mark that holds), or None
    below every threshold.

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
    p_low: float = 0.0
    p_high: float = 1.0
    cost_low: float = 0.0
    cost_high: float = 0.0
    path: tuple[str, ...] = ()

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
                "value": self.value, "hand_chance": round(self.p, 4),
                "hand_chance_interval": [round(self.p_low, 4), round(self.p_high, 4)],
                "best": self.best, "cost": round(self.cost, 4),
                "cost_interval": [round(self.cost_low, 4), round(self.cost_high, 4)],
                "path": list(self.path), "mark": self.mark, "verdict": self.verdict,
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


def choice_words(key: str) -> str:
    """A best choice as the review's table says it, in the language spoken: a betting
    choice in words (``accepting``, ``querer``), a card (or ``raise, then 2o``) as is."""
    if key in _CHOICES:
        return _(_CHOICES[key])
    return key


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
class _Span:
    """A 95% interval of an entry's words, written as :class:`_Figure` writes figures:
    ``[12, 40]`` (chances, whole per cent) or ``[2.1, 7.5]`` (points of the game)."""

    low: float
    high: float
    chance: bool = False

    def __str__(self) -> str:
        places = 0 if self.chance else 1
        return i18n.interval(i18n.number(100 * self.low, places),
                             i18n.number(100 * self.high, places)).replace(" ", "\u00a0")


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
    branches: int = 0

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
                "marked_when": "the cost's 95% interval lies above the threshold",
                "cost_draws": COST_DRAWS,
                "branches_skipped": self.skipped_branches, "branches": self.branches,
                "entries": [e.json() for e in self.entries], "summary": self.summary()}


def _hands(path: str | Path) -> tuple[Any, list[tuple[int, Any, Any]], bool]:
    walk = read_record(path, main_line=True).refuse().walkthrough   # the one reading
    if walk.hands:
        hands = [(h.dealer, h.deal, h.root) for h in walk.hands]
        branches = any(h.root.branches for h in walk.hands)
    else:
        hands = [(walk.dealer, walk.deal, walk.root)]
        branches = bool(walk.root.branches)
    return walk, hands, branches


class _Judge:
    """What every decision of one review is weighed with: the tables' arithmetic on the
    estimate and on its bootstrap draws, the bot, and the draws' random stream."""

    def __init__(self, stakes: Stakes, drawn: Sequence[Stakes], bot: SearchBot, seed: int,
                 samples: int, target: int):
        self.stakes, self.drawn, self.bot = stakes, drawn, bot
        self.rng = random.Random(seed)
        self.samples, self.target = samples, target

    def bet_chance(self, observation: Any) -> tuple[float, float]:
        """The chance of the hand for a bet: the mean of :data:`BET_BATCHES` estimates,
        and its standard error."""
        found = [self.bot.estimate(observation).p for _batch in range(BET_BATCHES)]
        mean = sum(found) / len(found)
        var = sum((x - mean) ** 2 for x in found) / (len(found) - 1)
        # Never less than the spread of the worlds' count alone.
        floor = mean * (1 - mean) / (self.samples * len(found))
        return mean, max(var / len(found), floor) ** 0.5

    def normal_draws(self, p: float, se: float) -> list[float]:
        """The chance drawn again around ``p`` with standard error ``se`` (Student's t
        with the batches' degrees of freedom, kept within 0 and 1)."""
        free = BET_BATCHES - 1
        out = []
        for _draw in range(COST_DRAWS):
            t = self.rng.gauss(0.0, 1.0) / (self.rng.gammavariate(free / 2, 2.0) / free) ** 0.5
            out.append(min(1.0, max(0.0, p + se * t)))
        return out

    def p_draws(self, p: float, batches: int = 1) -> list[float]:
        """The bot's chance drawn again from its posterior: ``p`` is a share of
        ``batches`` times ``samples`` worlds (Jeffreys' Beta)."""
        worlds = self.samples * batches
        won = p * worlds
        return [self.rng.betavariate(won + 0.5, worlds - won + 0.5)
                for _draw in range(COST_DRAWS)]

    def stakes_at(self, i: int) -> Stakes:
        return self.drawn[i % len(self.drawn)] if self.drawn else self.stakes


def _interval(values: list[float], estimate: float) -> tuple[float, float]:
    values.sort()
    low = values[int(0.025 * (len(values) - 1))]
    high = values[int(round(0.975 * (len(values) - 1)))]
    return min(low, estimate), max(high, estimate)


def review_record(path: str | Path, samples: int = SAMPLES, seed: int = 0,
                  chances: ScoreChances | None = None, table: str | Path | None = None
                  ) -> Review:
    """Review the record at ``path`` (its main line and every branch) with the search
    bot at ``samples`` worlds per decision, against ``chances``, or the table in the
    file ``table`` (``rentoy equity --save`` writes one), or the variant's stored table,
    else the even-chances yardstick."""
    from .store import find_table

    walk, hands, branches = _hands(path)
    variant, n = walk.variant, walk.players
    tables = compile_variant(variant)
    target = int(variant.rules.target)
    drawn: list[Stakes] = []
    if chances is None:
        found = find_table(variant, n, table)
        if found is not None and found[0].target == target:
            chances = found[0].chances
            drawn = [Stakes(c, tables) for c in found[0].drawn(TABLE_DRAWS)]
        else:
            chances = load_chances(variant.id, n, target, tables.ladder)
    stakes = Stakes(chances, tables)
    judge = _Judge(stakes, drawn, SearchBot(samples=samples, seed=seed, careless_at=1.0),
                   seed, samples, target)
    entries: list[Entry] = []
    count = [0]

    def walk_segment(game: Game, segment: Any, number: int, path: tuple[str, ...]) -> None:
        for index, spec in enumerate(segment.actions):
            action = spec.action
            if game.is_over or not game.can(action):
                return
            entries.append(_judge(game, judge, action, number, index, path))
            game.apply(action)
        for branch in segment.branches:
            count[0] += 1
            walk_segment(game.clone(), branch, number, path + (branch.name or "",))

    score = walk.start_score
    for number, (dealer, deal, root) in enumerate(hands, start=1):
        game = Game(variant, n, score=score, dealer=dealer, first_deal=deal)
        walk_segment(game.clone() if root.branches else game, root, number, ())
        if root.branches:
            break                           # a walkthrough of one hand, every branch seen
        if game.results:
            result = game.results[-1]
            score = (0, 0) if result.game_winner is not None else result.score
        else:
            break                           # the record stops inside this hand
    return Review(Path(path), variant_spec(variant), n, tuple(entries), samples,
                  chances.source or N_("stored table"), False, count[0])


def _judge(game: Game, judge: _Judge, action: Any, number: int, index: int,
           path: tuple[str, ...]) -> Entry:
    stakes, bot = judge.stakes, judge.bot
    seat = action.seat
    obs = game.observation(seat)
    team = seat & 1
    if action.kind == PLAY:
        batches = [bot.estimate(obs) for _batch in range(CARD_BATCHES)]
        p = sum(e.p for e in batches) / len(batches)
        draws = judge.p_draws(p, len(batches))
    else:
        p, se = judge.bet_chance(obs)
        draws = judge.normal_draws(p, se)
    score, dealer, level = obs.score, obs.dealer & 1, obs.level
    pending = obs.raiser is not None
    right = (0, 1) if obs.raise_right is None else ("AB".index(obs.raise_right),)
    kinds = {a.kind for a in obs.legal}
    values = tuple(getattr(stakes.tables, "steps", stakes.tables.ladder))
    start = values.index(obs.accepted_value) if pending else None
    closed = [k for k, kind in (("raise", RAISE), ("raise-game", GAME_CALL))
              if kind not in kinds or obs.dead_raise]

    def options_of(at: Stakes, chance: float) -> dict[str, float]:
        found = at.options(score, dealer, team, level, pending, right, chance, start=start)
        for key in closed:
            found.pop(key, None)
        return found

    options = options_of(stakes, p)
    p_low, p_high = _interval(list(draws), p)
    text = str(action)
    base = dict(hand=number, index=index, seat=seat, action=text, score=score,
                value=obs.value, p=p, p_low=p_low, p_high=p_high, path=path)
    if action.kind == PLAY:
        return _card(game, judge, obs, action, batches, options, options_of, draws, base)
    chosen = {RAISE: "raise", GAME_CALL: "raise-game", ACCEPT: "accept",
              FOLD: "fold"}.get(action.kind, action.kind)
    best = max(options, key=lambda k: options[k])
    cost = max(0.0, options[best] - options.get(chosen, options[best]))
    costs = []
    for i, chance in enumerate(draws):
        found = options_of(judge.stakes_at(i), chance)
        costs.append(max(0.0, max(found.values()) - found.get(chosen, max(found.values()))))
    cost_low, cost_high = _interval(costs, cost)
    take = stakes.take_point(score, dealer, team, level, start) if pending else None
    words = [_said(N_("the bot gives team {team} {chance} {span} of the hand"),
                   team="AB"[team], chance=_Figure(p, chance=True),
                   span=_Span(p_low, p_high, chance=True))]
    if take is not None:
        words.append(_said(N_("folding {value} is best below {dead} of the hand, {live} "
                              "counting later raises"),
                           value=obs.value, dead=_Figure(take.dead, chance=True),
                           live=_Figure(take.live, chance=True)))
    if cost > 0.0005:
        words.append(_said(N_("{best} was better by {cost} {span} points of the game"),
                           best=_Choice(best), cost=_Figure(cost),
                           span=_Span(cost_low, cost_high)))
    return Entry(kind=chosen, best=best, cost=cost, mark=mark_of(cost_low), verdict=None,
                 phrases=tuple(words), options=options, cost_low=cost_low,
                 cost_high=cost_high, **base)


def _card(game: Game, judge: _Judge, obs: Any, action: Any, batches: list[Any],
          options: dict[str, float], options_of: Any, draws: list[float],
          base: dict[str, Any]) -> Entry:
    stakes = judge.stakes
    team = action.seat & 1
    card = int(action.card)
    win, lose = stakes.outcomes(obs.score, obs.dealer & 1, team, obs.level)
    thresholds = [least for _name_, least in MARKS]
    while True:
        k = len(batches)
        shares = {c: sum(e.cards.get(c, 0.0) for e in batches) / k for c in batches[0].cards}
        best_card = max(shares, key=lambda c: shares[c]) if shares else card
        losses = [max(0.0, e.cards.get(best_card, 0.0) - e.cards.get(card, 0.0))
                  for e in batches] if shares else [0.0] * k
        lost = sum(losses) / k
        spread = sum((x - lost) ** 2 for x in losses) / (k - 1) if k > 1 else 0.0
        s1, s2 = shares.get(best_card, 0.0), shares.get(card, 0.0)
        # Never narrower than the worlds' count allows for two shares taken apart.
        floor = (s1 * (1 - s1) + s2 * (1 - s2)) / (judge.samples * k)
        se = max(spread / k, floor) ** 0.5 if shares else 0.0
        cost = max(0.0, lost * (win - lose))
        open_raise = "raise" in options and options["raise"] > options["play"] + 0.0005
        gain = options["raise"] - options["play"] if open_raise else 0.0
        cost += gain
        costs = []
        for i, chance in enumerate(draws):
            at = judge.stakes_at(i)
            w, lo = at.outcomes(obs.score, obs.dealer & 1, team, obs.level)
            t = judge.rng.gauss(0.0, 1.0)
            if k > 1:           # Student's t with the batches' degrees of freedom
                t /= (judge.rng.gammavariate((k - 1) / 2, 2.0) / (k - 1)) ** 0.5
            drawn_lost = max(0.0, lost + se * t) if shares else 0.0
            value = drawn_lost * max(0.0, w - lo)
            if open_raise:
                found = options_of(at, chance)
                value += max(0.0, found.get("raise", 0.0) - found["play"])
            costs.append(value)
        cost_low, cost_high = _interval(costs, cost)
        # Where the low end of the interval lies near a mark's threshold, another seed
        # could mark it otherwise: more worlds, until it is clear or the batches run out.
        near = any(abs(cost_low - least) < 2 * se * (win - lose) for least in thresholds)
        if not near or k >= MAX_CARD_BATCHES:
            break
        batches = batches + [judge.bot.estimate(obs) for _batch in range(CARD_BATCHES)]
    words = [_said(N_("the bot's best card {card} wins {best} of the worlds, this one "
                      "{this}"), card=_name(best_card),
                   best=_Figure(shares.get(best_card, 1), chance=True),
                   this=_Figure(shares.get(card, 1), chance=True)) if shares else
             _said(N_("the hand is settled"))]
    best = _name(best_card)
    if open_raise:
        # A raise was open and the tables say it was worth more than playing on.
        words.append(_said(N_("raising first was better by {gain} points of the game (the "
                              "bot gives the hand {chance})"), gain=_Figure(gain),
                           chance=_Figure(base["p"], chance=True)))
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
    if cost > 0.0005:
        words.append(_said(N_("cost {cost} {span} points of the game"), cost=_Figure(cost),
                           span=_Span(cost_low, cost_high)))
    return Entry(kind="card", best=best, cost=cost, mark=mark_of(cost_low), verdict=verdict,
                 phrases=tuple(words), options=options, cost_low=cost_low,
                 cost_high=cost_high, **base)


def _name(card: int) -> str:
    return str(DECK[card])


def _notes(review: Review) -> Iterator[tuple[int, int, str]]:
    for e in review.entries:
        if e.path:
            continue                    # the notes go on the main line's actions
        if e.mark or e.verdict:
            label = e.mark or "solver"
            yield e.hand, e.index, (f"review: {label}, {100 * e.cost:.1f} "
                                    f"[{100 * e.cost_low:.1f}, {100 * e.cost_high:.1f}] "
                                    f"points of the game; {_english_words(e)}; best: "
                                    f"{e.best}")


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
    lines = [f"# Reviewed by `rentoy review`: {len(review.entries)} decisions, marked "
             "doubtful, bad or very bad when the whole 95% interval of the cost lies above "
             "2, 5 or 10 points of game-winning chance."]
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
