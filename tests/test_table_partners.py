"""The person's partners at the table: their raises announced with their reason or put to
the person first (``partners="ask"``), their advice, and ``partner``'s answers when there
is nothing to leave to them."""

from __future__ import annotations

from rentoy.engine import RAISE
from rentoy.table import Session


def _until(session: Session, kind: str,
           lines=("1", "accept", "2", "accept", "3", "accept") * 40) -> list:
    events = session.start()
    for line in lines:
        if session.over or any(e.kind == kind for e in events):
            break
        events += session.submit(line)
    return events


def test_asked_the_person_approves_or_declines_each_partner_raise():
    # Seat 2, the person's partner, raises whenever it may (bluff=1).
    session = Session("1737", players=4, seed=1, bots="greedy:bluff=1,greedy", partners="ask")
    events = _until(session, "propose")
    (proposed,) = [e for e in events if e.kind == "propose"]
    assert proposed.data["action"] == "2 raise" and 0 <= proposed.data["chance"] <= 1
    assert "Your partner (seat 2) would raise to 3" in proposed.lines[0]
    assert "reckons your team wins the hand about" in proposed.lines[0]
    assert session.waiting and session.proposal is not None and session.legal_actions() == []
    # Anything else than yes or no is a reminder; the table does not move.
    version = session.version
    assert [e.kind for e in session.submit("1")] == ["unknown"]
    assert session.version == version
    declined = session.submit("no")
    assert declined[0].kind == "declined" and declined[1].data["seat"] == 2
    assert declined[1].data["action"] != "2 raise"
    # The next proposal, approved: the raise is made, with its reason.
    assert _until_more(session)
    approved = session.submit("yes")
    raise_event = approved[0]
    assert raise_event.data["action"] == "2 raise" and raise_event.data["approved"]
    assert "(partner) raises because" in raise_event.lines[-1]


def _until_more(session: Session) -> bool:
    # Cards by their place, and an accept whenever a raise waits for the person.
    for line in ("1", "accept", "2", "accept", "3", "accept") * 40:
        if session.proposal is not None or session.over:
            return session.proposal is not None
        session.submit(line)
    return session.proposal is not None


def test_partner_says_why_there_is_nothing_to_leave():
    session = Session("1737", players=4, seed=4, bots="greedy")
    session.start()
    (said,) = session.submit("partner")
    assert said.kind == "unknown"
    assert said.lines[0] == ("There is nothing to leave to your partner: no raise waits for "
                             "your team's answer.")
    # A raise the rules name the person to answer: seat 3 leads and raises at once, and
    # seat 0, the person, is the next seat.
    session = Session("1737", players=4, seed=2, dealer=2, bots="greedy,greedy:bluff=1")
    session.start()
    assert session.observation().pending and session.current_seat == session.seat
    (said,) = session.submit("partner")
    assert said.lines[0] == ("The rules name you to answer this raise, not your partner: the "
                             "answer is yours to give.")


def test_the_help_lists_partner_when_the_partner_may_answer():
    session = Session("1737", players=4, seed=2, dealer=0, bots="greedy,greedy:bluff=1")
    events = session.start()
    advice = [e for e in events if e.kind == "advice"]
    for line in ("1", "2", "3") * 20:
        if advice or session.over:
            break
        events = session.submit(line)
        advice = [e for e in events if e.kind == "advice"]
    assert advice
    help_lines = session.help_event().lines
    assert any(line.strip().startswith("partner (leave the answer") for line in help_lines)
    assert any(line.strip().startswith("raise to ") for line in help_lines)
    # partner leaves it to him: his answer is made.
    taken = session.submit("partner")
    assert taken[0].kind == "action" and taken[0].data["seat"] == advice[0].data["seat"]
    assert RAISE  # the kinds are the engine's
