"""Walkthrough files: loading, validation, and the immutable :class:`Walkthrough`.

A walkthrough file names a variant, a deal and the actions taken from it; the
actions may branch, each branch continuing from the state its parent reached, and
any segment may state what must hold at its end (``expect``). Loading checks
everything that can be checked without playing: the file against
``rentoy/walkthrough/schema.json`` (unknown keys get a "did you mean"), the variant,
the card codes, a card dealt twice, the shape of the deal, the action syntax and the
seats, and the expectation keys. Every problem is reported at once, each with its
file, line and key path, as a :class:`~rentoy.core.errors.WalkthroughError`.

>>> wt = parse_walkthrough('''
... title: A first raise
... variant: "1737"
... deal:
...   hands: [[3c, 6b, 7e], [12c, 2b, 4e], [2c, 1o, 5e], [11c, 3b, 6e]]
...   up: 5o
... actions: ["0 raise"]
... ''')
>>> wt.title, wt.players, wt.dealer, wt.mano, wt.trump
('A first raise', 4, 3, 0, 'o')
>>> [a.text for a in wt.root.actions], wt.root.actions[0].line
(['0 raise'], 7)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterator, Mapping

from ..bots import parse_bot
from ..model.cards import Card, CardError, parse_card
from ..engine import REASONS, Action, ActionSyntaxError, Deal, Hand, draw_deal
from ..core.errors import InputError, Location, Problem, VariantError, WalkthroughError, suggest
from ..core.i18n import N_, _, data_text, language, ngettext
from ..core.limits import shown
from ..model.notation import NotationError, parse_deal
from ..data.validation import schema_part, schema_problems
from ..model.variant import Variant
from ..data.variants import builtin_ids, load_variant
from ..data.yamlfile import Document, load_document, parse_document
from .narrate import join_words

#: A key path into a walkthrough document: mapping keys and list indexes.
_KeyPath = tuple[str | int, ...]

__all__ = ["Walkthrough", "SegmentSpec", "ActionSpec", "HandSpec", "EXPECT_KEYS",
           "load_walkthrough", "parse_walkthrough", "check_walkthrough", "schema_path",
           "seed_deals", "walkthrough_summary"]



def schema_path() -> Path:
    """The JSON Schema of walkthrough files."""
    return Path(__file__).resolve().parent / "schema.json"


#: The keys an ``expect`` mapping may hold, in the order of the schema's ``$defs/expect``.
EXPECT_KEYS: tuple[str, ...] = tuple(
    schema_part(str(schema_path()), "$defs", "expect", "properties"))


@dataclass(frozen=True)
class ActionSpec:
    """One action as written: its text, the parsed :class:`Action`, line and note."""

    text: str
    action: Action
    line: int | None = None
    note: str | None = None


@dataclass(frozen=True)
class SegmentSpec:
    """A run of actions: the trunk (``name`` None) or a branch, with its sub-branches.

    ``path`` is the tuple of branch names from the trunk; ``expect`` holds the
    expectations as written and ``expect_lines`` the line of each key.
    """

    name: str | None
    path: tuple[str, ...]
    actions: tuple[ActionSpec, ...] = ()
    expect: Mapping[str, Any] = field(default_factory=dict)
    expect_lines: Mapping[str, int | None] = field(default_factory=dict)
    branches: tuple["SegmentSpec", ...] = ()
    line: int | None = None
    description: str | None = None

    @property
    def is_leaf(self) -> bool:
        """Whether the segment has no branches (running it gives one result)."""
        return not self.branches

    def walk(self) -> Iterator["SegmentSpec"]:
        """This segment and every segment below it, depth-first."""
        yield self
        for branch in self.branches:
            yield from branch.walk()

    def leaves(self) -> Iterator["SegmentSpec"]:
        """The segments without branches, depth-first (the trunk alone if it has none)."""
        return (s for s in self.walk() if s.is_leaf)


@dataclass(frozen=True)
class HandSpec:
    """One hand of a record (a file with ``hands``): its number from 1, its dealer (the
    deal passes on from the file's ``dealer`` one seat a hand), its cards and its one
    segment of actions, named ``hand N``."""

    number: int
    dealer: int
    deal: Deal
    root: SegmentSpec
    line: int | None = None
    description: str | None = None
    #: Whether the record says the cards were given by hand, not dealt by its seed.
    by_hand: bool = False


@dataclass(frozen=True)
class Walkthrough:
    """A validated walkthrough: the table, the deal and the tree of segments.

    A record of a whole game or match (a file with ``hands``) has its hands in
    ``hands``; ``deal`` and ``root`` are then those of its first hand.
    """

    path: Path | None
    title: str
    description: str | None
    variant: Variant
    players: int
    dealer: int
    start_score: tuple[int, int]
    deal: Deal
    seed: int | None             # None when the deal is written out
    root: SegmentSpec
    variant_spec: str = ""       # the variant as written in the file
    games: tuple[int, int] = (0, 0)   # games won in the match before this one
    hands: tuple[HandSpec, ...] = ()  # a record's hands, in order; () for one hand
    table: dict[str, Any] | None = None   # a record made at the table: seat, bots, seed

    @property
    def is_record(self) -> bool:
        """Whether the file records hands in sequence (``hands``) rather than one hand."""
        return bool(self.hands)

    @property
    def mano(self) -> int:
        """The seat that leads the first trick (the one after the dealer)."""
        return (self.dealer + 1) % self.players

    @property
    def trump(self) -> str:
        """The trump suit letter: the suit of the turned-up card."""
        return self.deal.up.suit

    @property
    def target(self) -> int:
        """The points that win the game under the variant."""
        return self.variant.rules.target

    @property
    def best_of(self) -> int:
        """The games in a match under the variant (its ``match`` rule; 1: single games)."""
        return self.variant.rules.match

    @property
    def needed(self) -> int:
        """The games a team needs to win the match."""
        return self.variant.rules.games_needed

    def new_hand(self) -> Hand:
        """A fresh hand in the position before the first action."""
        return Hand(self.variant, players=self.players, dealer=self.dealer,
                    score=self.start_score, deal=self.deal)

    def segments(self) -> Iterator[SegmentSpec]:
        """Every segment, depth-first, the trunk first (a record's hands in order)."""
        if self.hands:
            return (s for h in self.hands for s in h.root.walk())
        return self.root.walk()

    def leaves(self) -> list[SegmentSpec]:
        """The leaf segments, depth-first: one result each when run."""
        return [s for s in self.segments() if s.is_leaf]

    def action_count(self) -> int:
        """How many actions the file lists, in all segments."""
        return sum(len(s.actions) for s in self.segments())


# ---------------------------------------------------------------------------------------
# Loading.

def load_walkthrough(path: str | Path) -> Walkthrough:
    """Read and validate a walkthrough file; raises :class:`WalkthroughError`."""
    try:
        doc = load_document(path)
    except InputError as exc:
        raise WalkthroughError(exc.problems) from None
    return _build(doc, Path(path))


def parse_walkthrough(text: str, file: str | None = None,
                      relative_to: str | Path | None = None) -> Walkthrough:
    """Validate a walkthrough given as YAML text (``file`` names it in messages).

    A variant path is taken relative to ``relative_to`` (default: the folder of
    ``file``, else the working folder).
    """
    try:
        doc = parse_document(text, file)
    except InputError as exc:
        raise WalkthroughError(exc.problems) from None
    folder = Path(relative_to) if relative_to is not None else (
        Path(file).parent if file else None)
    return _build(doc, Path(file) if file else None, folder)


def check_walkthrough(path: str | Path) -> str:
    """Validate a walkthrough file without running it; a one-line summary.

    Raises :class:`WalkthroughError` with every problem found.
    """
    return walkthrough_summary(load_walkthrough(path))


def dealt_words(wt: Walkthrough) -> str:
    """For a record whose `table` names a seed: that its cards are the seed's, and which
    hands were given by hand (empty for any other walkthrough)."""
    seed = (wt.table or {}).get("seed")
    if not wt.is_record or not isinstance(seed, int):
        return ""
    given = [h.number for h in wt.hands if h.by_hand]
    if not given:
        return _("; the cards are those seed {seed} deals").format(seed=seed)
    return ngettext("; the cards are those seed {seed} deals, but hand {hands}'s, given "
                    "by hand", "; the cards are those seed {seed} deals, but hands "
                    "{hands}', given by hand", len(given)).format(
        seed=seed, hands=join_words(given, "and"))


def walkthrough_summary(wt: Walkthrough) -> str:
    """A one-line summary of a loaded walkthrough (what ``rentoy check`` says of it)."""
    leaves = wt.leaves()
    segments = sum(1 for _item in wt.segments())
    actions = wt.action_count()
    # A title between «», as the other Spanish messages quote a title (values and code
    # go between backticks).
    title = repr(wt.title) if language() == "en" else \
        f"«{shown(data_text(wt.title), quoted=False)}»"
    if wt.is_record:
        hands = len(wt.hands)
        return (ngettext("walkthrough {title}, a record of {n} hand",
                         "walkthrough {title}, a record of {n} hands", hands).format(
                    title=title, n=hands)
                + ngettext(": variant {variant}, {players} players, dealt as written, "
                           "{n} action", ": variant {variant}, {players} players, dealt as "
                           "written, {n} actions", actions).format(
                    variant=wt.variant.id, players=wt.players, n=actions)
                + dealt_words(wt))
    deal = (_("seed {seed}").format(seed=wt.seed) if wt.seed is not None
            else _("dealt as written"))
    return (_("walkthrough {title}: variant {variant}, {players} players, {deal}").format(
                title=title, variant=wt.variant.id, players=wt.players, deal=deal)
            + ngettext(", {n} action", ", {n} actions", actions).format(n=actions)
            + ngettext(" in {n} segment", " in {n} segments", segments).format(n=segments)
            + ngettext(", {n} branch to run", ", {n} branches to run", len(leaves)).format(
                n=len(leaves)))


class _Builder:
    """Reads a schema-valid document into a Walkthrough, collecting every problem."""

    def __init__(self, doc: Document, folder: Path | None):
        self.doc = doc
        self.folder = folder
        self.problems: list[Problem] = []

    def bad(self, path: _KeyPath, message: str, hint: str | None = None, key: bool = False
            ) -> None:
        self.problems.append(self.doc.problem(path, message, hint, key=key))

    def line(self, path: _KeyPath, key: bool = False) -> int | None:
        return self.doc.location(path, key=key).line

    # -- the table ----------------------------------------------------------------

    def variant(self, data: dict[str, Any]) -> Variant | None:
        spec = str(data["variant"])
        try:
            return load_variant(spec, relative_to=self.folder)
        except VariantError as exc:
            first, *rest = exc.problems
            elsewhere = first.location.file is not None and first.location.line is not None
            if elsewhere:
                # A variant file that is itself broken: point at our line, then at its own.
                self.bad(("variant",), _("cannot load the variant {spec}").format(
                    spec=shown(spec)), _("see the problems in the variant file below"))
                self.problems.extend(exc.problems)
            else:
                self.bad(("variant",), first.message, first.hint)
                self.problems.extend(rest)
            return None

    def cards(self, data: dict[str, Any], prefix: _KeyPath = ()
              ) -> tuple[list[list[Card | None]], Card | None]:
        """The written deal as cards (None where a code is bad), checking repeats;
        ``prefix`` is the key path of the mapping that holds ``deal``."""
        deal = data["deal"]
        if isinstance(deal, str):        # the one-line notation (rentoy.notation)
            return self.one_line(deal, prefix + ("deal",))
        seen: dict[Card, _KeyPath] = {}
        hands: list[list[Card | None]] = []

        def card_at(path: _KeyPath, code: str) -> Card | None:
            try:
                card = parse_card(code)
            except CardError as exc:
                self.bad(path, str(exc))
                return None
            if card in seen:
                first = seen[card]
                self.bad(path, _("{card} ({name}) is dealt twice: it is already at line "
                                 "{line} ({key})").format(card=card, name=card.name,
                                                          line=self.line(first),
                                                          key=_key_path(first)),
                         _("each card of the deck is dealt once"))
            else:
                seen[card] = path
            return card

        for s, cards in enumerate(deal["hands"]):
            hands.append([card_at(prefix + ("deal", "hands", s, i), c)
                          for i, c in enumerate(cards)])
        up = card_at(prefix + ("deal", "up"), deal["up"])
        return hands, up

    def one_line(self, text: str, path: _KeyPath
                 ) -> tuple[list[list[Card | None]], Card | None]:
        """A deal written on one line: its cards, or a problem at its line."""

        try:
            deal = parse_deal(text)
        except NotationError as exc:
            problem = exc.problems[0]
            self.bad(path, problem.message, problem.hint)
            return [], None
        if deal.dealer is not None:
            self.bad(path, _("a walkthrough names its dealer with `dealer:`, not inside "
                             "the deal"), _("leave `/ dealer N` out of the line"))
        return [list(h) for h in deal.hands], deal.up

    def players(self, data: dict[str, Any], variant: Variant) -> int:
        allowed = variant.rules.players
        if "players" in data:
            n: int = data["players"]
            if n not in allowed:
                self.bad(("players",), _("variant {variant} is played by {allowed} players, "
                                         "not {n}").format(variant=variant.id,
                                                           allowed=join_words(allowed, "or"),
                                                           n=n))
            return n
        written = data["hands"][0] if "hands" in data else data
        if "deal" in written:
            deal = written["deal"]
            n = deal.count("|") + 1 if isinstance(deal, str) else len(deal["hands"])
            if n not in allowed:
                where = ("hands", 0, "deal", "hands") if written is not data else ("deal", "hands")
                self.bad(where, _("the deal has {n} hands, but variant {variant} is played "
                                  "by {allowed} players").format(
                                      n=n, variant=variant.id,
                                      allowed=join_words(allowed, "or")))
            return n
        return variant.rules.default_players

    def games(self, data: dict[str, Any], variant: Variant) -> tuple[int, int]:
        games = tuple(data.get("games", (0, 0)))
        best_of, needed = variant.rules.match, variant.rules.games_needed
        if best_of == 1 and games != (0, 0):
            self.bad(("games",), _("variant {variant} plays single games (its `match` rule "
                                   "is 1), so no games can have been won before this "
                                   "one").format(variant=variant.id),
                     _("leave `games` out, or use a variant whose match has several games"))
        elif max(games) >= needed:
            self.bad(("games",), _("the games {games} already end a match of the best of "
                                   "{best_of}").format(games=list(games), best_of=best_of),
                     _("both counts must be below {needed}").format(needed=needed))
        return (games[0], games[1])

    def table(self, data: dict[str, Any], variant: Variant) -> tuple[int, int, tuple[int, int]]:
        n = self.players(data, variant)
        dealer = data.get("dealer", n - 1)
        if not 0 <= dealer < n:
            self.bad(("dealer",), _(_NO_SEAT).format(seat=dealer, n=n, last=n - 1))
        score = tuple(data.get("score", (0, 0)))
        target = variant.rules.target
        if max(score) >= target:
            self.bad(("score",), _("the score {score} already ends a game to {target}").format(
                score=list(score), target=target),
                _("both scores must be below {target}").format(target=target))
        return n, dealer, (score[0], score[1])

    def deal(self, data: dict[str, Any], variant: Variant | None, n: int | None,
             hands: list[list[Card | None]] | None, up: Card | None, prefix: _KeyPath = ()
             ) -> tuple[Deal | None, int | None]:
        size = variant.rules.hand_size if variant else None
        if hands is None:
            if variant is None or n is None or self.problems:
                return None, None   # no deal for a table already refused
            seed = data.get("seed", 0)
            return draw_deal(random.Random(seed), n, variant.rules.hand_size), seed
        if "seed" in data:
            self.bad(("seed",), _("give either `deal` or `seed`, not both"),
                     _("a written deal needs no seed"), key=True)
        if variant is None or not hands:    # no hands: a one-line deal already refused
            return None, None
        problems = len(self.problems)
        if len(hands) != n:
            self.bad(prefix + ("deal", "hands"), _("the deal has {count} hands; {n} players "
                                                   "need {n}").format(count=len(hands), n=n))
        for s, cards in enumerate(hands):
            if len(cards) != size:
                self.bad(prefix + ("deal", "hands", s), _(
                    "seat {seat} is dealt {count} cards; variant {variant} deals {size} to "
                    "each player").format(seat=s, count=len(cards), variant=variant.id,
                                          size=size))
        if (len(self.problems) > problems or up is None
                or any(c is None for h in hands for c in h)):
            return None, None
        return Deal(tuple(tuple(h) for h in hands), up), None  # type: ignore[arg-type]

    # -- a record: hands in sequence ----------------------------------------------

    def record(self, data: dict[str, Any], variant: Variant | None, n: int | None,
               dealer: int | None) -> tuple[HandSpec, ...]:
        """The hands of a record; the keys of a single hand are refused beside them."""
        for key in ("deal", "seed", "actions", "expect", "branches"):
            if key in data:
                self.bad((key,), _("a record lists its hands under `hands`, so `{key}` "
                                   "cannot stand beside it").format(key=key),
                         _("move `{key}` into the hand it belongs to").format(key=key)
                         if key != "seed" else _("a record's hands are dealt as written"),
                         key=True)
        out = []
        for i, item in enumerate(data["hands"]):
            prefix = ("hands", i)
            written = self.cards(item, prefix)
            deal, _seed = self.deal(item, variant, n, written[0], written[1], prefix)
            name = f"hand {i + 1}"
            spec = self.segment(item, prefix, (name,), n)
            if spec.expect.get("illegal") is True:
                self.bad(prefix + ("expect", "illegal"), _(
                    "a record's hands hold only the actions that were played, so none can "
                    "be refused"), _("leave `illegal` out; a walkthrough with one hand can "
                                     "show a refusal"), key=True)
            if deal is None or n is None or dealer is None:
                continue
            out.append(HandSpec(i + 1, (dealer + i) % n, deal, spec, self.line(prefix),
                                _prose(item.get("description")),
                                item.get("by_hand") is True))
        return tuple(out)

    def seed_deals(self, data: dict[str, Any], variant: Variant, n: int,
                   hands: tuple[HandSpec, ...]) -> None:
        """Each hand of a record whose `table` names a seed is dealt by that seed (the
        seed's n-th deal for the n-th hand, as `rentoy play` deals), unless it says it
        was given by hand (record rule `deal-from-seed`)."""
        table = data.get("table")
        seed = table.get("seed") if isinstance(table, dict) else None
        if not isinstance(seed, int) or isinstance(seed, bool):
            return
        for spec, drawn in zip(hands, seed_deals(seed, n, variant.rules.hand_size)):
            if not spec.by_hand and spec.deal != drawn:
                self.bad(("hands", spec.number - 1, "deal"), _(
                    "the cards of hand {number} are not those seed {seed} deals, and the "
                    "hand does not say they were given by hand [deal-from-seed]").format(
                        number=spec.number, seed=seed),
                    _("a record keeps the cards its seed dealt; a hand whose cards were "
                      "given with --deal says `by_hand: true`"))

    def table_as_resumed(self, data: dict[str, Any], n: int,
                         score: tuple[int, int], games: tuple[int, int]) -> None:
        """The `table` of a record as `rentoy play --resume` needs it (record rule
        `table`): a seat at the table, bots rentoy has, a game begun at 0-0."""
        table = data.get("table")
        if not isinstance(table, dict):
            return
        seat = table.get("seat", 0)
        if seat >= n:
            self.bad(("table", "seat"), _(_NO_SEAT).format(seat=seat, n=n, last=n - 1)
                     + " [table]")
        for i, name in enumerate(table.get("bots") or ()):
            try:
                parse_bot(name)
            except ValueError as exc:
                self.bad(("table", "bots", i), f"{exc} [table]")
        if "hands" in data and (score != (0, 0) or games != (0, 0)):
            self.bad(("score",) if score != (0, 0) else ("games",), _(
                "a record with a `table` is a game played at the table from 0-0, so it "
                "starts at 0-0 [table]"),
                _("leave `table` out of a record that starts from another score"))

    # -- the segments -------------------------------------------------------------

    def segment(self, node: dict[str, Any], prefix: _KeyPath, names: tuple[str, ...],
                players: int | None) -> SegmentSpec:
        actions = []
        for i, item in enumerate(node.get("actions") or ()):
            where = prefix + ("actions", i)
            text, note = (item, None) if isinstance(item, str) else (item["action"],
                                                                     item.get("note"))
            if isinstance(item, dict):
                where = where + ("action",)
            try:
                action = Action.parse(text)
            except ActionSyntaxError as exc:
                self.bad(where, str(exc))
                continue
            if players is not None and action.seat >= players:
                self.bad(where, _(_NO_SEAT).format(seat=action.seat, n=players,
                                                   last=players - 1))
                continue
            actions.append(ActionSpec(text, action, self.line(where), note))

        expect = dict(node.get("expect") or {})
        self.expectations(expect, prefix + ("expect",), bool(node.get("actions")), players)
        lines = {k: self.line(prefix + ("expect", k), key=True) for k in expect}

        branches = []
        seen: dict[str, _KeyPath] = {}
        for j, child in enumerate(node.get("branches") or ()):
            name = str(child["name"])
            if name in seen:
                self.bad(prefix + ("branches", j, "name"), _(
                    "two branches here are named {name} (the other at line {line})").format(
                        name=shown(name), line=self.line(seen[name])),
                    _("give each branch its own name"))
            seen[name] = prefix + ("branches", j, "name")
            branches.append(self.segment(child, prefix + ("branches", j), names + (name,),
                                         players))
        line = self.line(prefix) if prefix else self.line(("actions",), key=True)
        return SegmentSpec(
            name=names[-1] if names else None, path=names, actions=tuple(actions),
            expect=MappingProxyType(expect), expect_lines=MappingProxyType(lines),
            branches=tuple(branches), line=line,
            description=node.get("description") if prefix else None)

    def expectations(self, expect: dict[str, Any], path: _KeyPath, has_actions: bool,
                     players: int | None) -> None:
        illegal = expect.get("illegal") is True
        if illegal and not has_actions:
            self.bad(path + ("illegal",), _("`illegal: true` needs an action to refuse, and "
                                            "this segment has none"), key=True)
        for key in ("reason", "legal_under"):
            if key in expect and not illegal:
                self.bad(path + (key,), _("`{key}` describes a refusal: add "
                                          "`illegal: true`").format(key=key), key=True)
        reason = expect.get("reason")
        if reason is not None and reason not in REASONS:
            self.bad(path + ("reason",), _("unknown reason code {reason}").format(
                reason=shown(reason)), suggest(reason, REASONS)
                or _("known codes: {codes}").format(codes=", ".join(REASONS)))
        legal_under = expect.get("legal_under") or ()
        ids = builtin_ids() if legal_under else ()
        for i, vid in enumerate(legal_under):
            if vid.split("+")[0] not in ids:
                self.bad(path + ("legal_under", i), _("{variant} is not a built-in "
                                                      "variant").format(variant=shown(vid)),
                         suggest(vid.split("+")[0], ids))
        if players is not None:
            for i, seat in enumerate(expect.get("trick_winners") or ()):
                if seat >= players:
                    self.bad(path + ("trick_winners", i), _(
                        "there is no seat {seat} at a table of {n}").format(seat=seat,
                                                                           n=players))


def _build(doc: Document, path: Path | None, folder: Path | None = None) -> Walkthrough:
    if folder is None and path is not None:
        folder = path.parent
    data = doc.data
    if not isinstance(data, dict):
        raise WalkthroughError(doc.problem((), _("a walkthrough file is a mapping with at "
                                                 "least `variant` and `actions`")))
    problems = schema_problems(doc, schema_path())
    if problems:
        raise WalkthroughError(problems)

    b = _Builder(doc, folder)
    variant = b.variant(data)
    n = dealer = score = None
    games = (0, 0)
    if variant is not None:
        n, dealer, score = b.table(data, variant)
        games = b.games(data, variant)
    hands: tuple[HandSpec, ...] = ()
    if variant is not None and n is not None and score is not None:
        b.table_as_resumed(data, n, score, games)
    if "hands" in data:
        hands = b.record(data, variant, n, dealer)
        if variant is not None and n is not None and not b.problems:
            b.seed_deals(data, variant, n, hands)
        deal, seed = (hands[0].deal if hands else None), None
        root = hands[0].root if hands else SegmentSpec(None, ())
    else:
        written = b.cards(data) if "deal" in data else (None, None)
        deal, seed = b.deal(data, variant, n, written[0], written[1])
        root = b.segment(data, (), (), n)
    if b.problems:
        raise WalkthroughError(_dedupe(b.problems))
    assert variant is not None and deal is not None and n is not None
    assert dealer is not None and score is not None      # set with the variant
    title = (data.get("title") or "").strip() or (path.stem if path else "Walkthrough")
    wt = Walkthrough(path=path, title=str(title), description=_prose(data.get("description")),
                     variant=variant, players=n, dealer=dealer, start_score=score,
                     deal=deal, seed=seed, root=root, variant_spec=str(data["variant"]),
                     games=games, hands=hands, table=data.get("table"))
    try:
        wt.new_hand()  # the engine's own checks, in case a rule outgrows the ones above
    except ValueError as exc:
        raise WalkthroughError(Problem(str(exc), Location(doc.file, 1, 1))) from None
    return wt


def _prose(text: Any) -> str | None:
    return str(text).strip() or None if text else None


def _dedupe(problems: list[Problem]) -> list[Problem]:
    out: dict[tuple[str | None, int | None, _KeyPath, str], Problem] = {}
    for p in problems:
        out.setdefault((p.location.file, p.location.line, p.path, p.message), p)
    return sorted(out.values(), key=lambda p: (p.location.file != problems[0].location.file,
                                               p.location.line or 0, p.location.column or 0))


def _key_path(path: _KeyPath) -> str:
    return Problem("", path=tuple(path)).key_path


def seed_deals(seed: int, players: int, hand_size: int) -> Iterator[Deal]:
    """The deals of seed ``seed`` in order, as `rentoy play --seed` deals its hands."""
    rng = random.Random(seed)
    while True:
        yield draw_deal(rng, players, hand_size)


#: A seat the table does not have.
_NO_SEAT = N_("there is no seat {seat} at a table of {n}; seats run from 0 to {last}")

