"""One seat at the table, two doors: ``rentoy play``'s session and the Play page's seat.

The same script of lines (cards by position, calls in either language, ``?``, ``hint``,
``undo``, ``partner``, words that mean nothing) is typed at the terminal's
:class:`~rentoy.table.Session` and sent to the page's :class:`~rentoy.integrations.browser.Seat`
as JSON; both tell the same game in the same words, event for event, in English and in
Spanish, and write the same hands into their records.
"""

from __future__ import annotations

import json
import random

import pytest
import yaml

from rentoy.i18n import use_language
from rentoy.integrations.browser import Seat, page_words
from rentoy.table import Session
from rentoy.variant import variant_data
from rentoy.variants import load_variant

SCRIPT = ["?", "hint", "2", "undo", "undo", "1", "quiero", "partner", "raise", "fold",
          "nonsense", "3", "accept", "1", "2", "1", "envido", "me voy", "1"]


def terminal(spec: str, lines: list[str], **table) -> tuple[list[tuple], Session]:
    session = Session(spec, **table)
    events = [(e.kind, e.lines) for e in session.start()]
    for line in lines:
        if session.over:
            break
        events += [(e.kind, e.lines) for e in session.submit(line)]
    return events, session


def page(spec: str, lines: list[str], language: str, **table) -> tuple[list[tuple], Seat]:
    variant = load_variant(spec)
    data = json.loads(json.dumps(variant_data(load_variant(variant.base_id))))
    bots = table.pop("bots").split(",")
    with use_language(language):
        words = json.loads(json.dumps(page_words(variant)))
    seat = Seat(data, options=variant.applied_options, bots=bots, language=language,
                words=words, **table)

    def ask(**request) -> dict:
        return json.loads(seat.handle(json.dumps(request)))

    def settle(reply: dict) -> list[tuple]:
        out = [(e["kind"], tuple(e["lines"])) for e in reply.get("events", ())]
        if "refused" in reply:
            out.append(("refused", tuple(reply["refused"]["lines"])))
        if "error" in reply:
            out.append(("unknown", (reply["error"],)))
        while not reply["view"]["over"] and not seat.waiting:
            reply = ask(op="step")
            out += [(e["kind"], tuple(e["lines"])) for e in reply["events"]]
        return out

    events = settle(ask(op="start"))
    for line in lines:
        if seat.over:
            break
        events += settle(ask(op="say", line=line))
    return events, seat


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("spec, players, seed", [("1737", 4, 3), ("avila", 2, 8),
                                                 ("huetor", 4, 5), ("1737+borrego", 6, 2)])
def test_both_doors_tell_the_same_game_in_the_same_words(spec, players, seed, language):
    rng = random.Random(seed)
    lines = SCRIPT + [str(rng.randint(1, 3)) for _ in range(300)]
    table = {"players": players, "seed": seed, "bots": "greedy,greedy"}
    with use_language(language):
        said, session = terminal(spec, lines, **table)
    shown, seat = page(spec, lines, language, **table)
    assert [k for k, _ in shown] == [k for k, _ in said]
    assert shown == said
    kinds = {k for k, _ in said}
    assert {"game", "deal", "action", "help", "hint", "unknown"} <= kinds
    # The records hold the same hands (their titles say which door wrote them).
    mine, theirs = yaml.safe_load(session.record()), yaml.safe_load(seat.record())
    assert mine["hands"] == theirs["hands"] and mine["table"] == theirs["table"]


def test_a_partners_raise_is_announced_with_its_reason_at_both_doors():
    # Seat 2 (the person's partner) bluffs a raise whenever it may.
    table = {"players": 4, "seed": 1, "bots": "greedy:bluff=1,greedy"}
    lines = ["1", "2", "3"] * 20
    said, _ = terminal("1737", lines, **table)
    shown, _ = page("1737", lines, "en", **table)
    assert shown == said
    reasons = [ls for k, ls in said if k == "action" and len(ls) > 1
               and "(partner) raises because" in ls[-1]]
    assert reasons and all("reckons your team wins the hand about" in ls[-1] for ls in reasons)
