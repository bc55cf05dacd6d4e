"""Golden playthroughs: a few hands per built-in variant, written out as readable text.

Each hand is dealt from a fixed seed and played with uniformly random legal actions
from a generator seeded the same way, so the text changes only when the engine's
behaviour (or a variant's rules) changes. ``tests/test_golden.py`` compares the
files in ``tests/golden/`` with freshly played hands and shows any difference.

Regenerate them on purpose, after a change in behaviour that is meant:

    python tests/regen_golden.py            # every built-in variant
    python tests/regen_golden.py 1737 avila # only these
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from rentoy.cards import SUIT_NAMES
from rentoy.engine import Hand, TEAMS, cards_left
from rentoy.variants import builtin_ids, load_variant

GOLDEN = Path(__file__).parent / "golden"
HANDS = 4
COMMAND = "python tests/regen_golden.py"


def _starting_scores(target: int) -> list[tuple[int, int]]:
    """Scores to start the hands from: fresh, mid-game, and one hand from the end."""
    return [(0, 0), (target // 3, target // 2), (target - 3, target - 4), (target - 1, target - 1)]


def play_hand(variant_id: str, number: int) -> list[str]:
    """Hand ``number`` of a variant's golden file, as lines of text."""
    variant = load_variant(variant_id)
    seed = 1000 * number + 7
    rng = random.Random(seed)
    players = variant.rules.default_players
    score = _starting_scores(variant.rules.target)[number % 4]
    dealer = (players - 1 + number) % players
    hand = Hand(variant, players=players, dealer=dealer, score=score, rng=rng)
    lines = [f"## Hand {number + 1} (seed {seed}): {players} players, dealer {dealer}, "
             f"score A {score[0]} - B {score[1]}",
             "deal:"]
    for seat in range(players):
        cards = " ".join(c.code for c in cards_left(hand.deal, hand.history)[seat])
        lines.append(f"  seat {seat} ({TEAMS[seat & 1]}): {cards}")
    lines.append(f"turned up: {hand.deal.up.code} (trumps: {SUIT_NAMES[hand.observation(0).trump]})")
    while not hand.is_over:
        actions = hand.legal_actions()
        action = actions[int(rng.random() * len(actions))]
        event = hand.apply(action)
        text = f"  {action}"
        if action.kind == "raise":
            text = f"{text:<16} -> {event.value}, team {TEAMS[1 - (action.seat & 1)]} answers"
            if event.dead:
                text += " (a dead raise: the value already decides the game)"
        elif action.kind == "accept":
            right = event.raise_right or "either team"
            text = f"{text:<16} -> {event.value} accepted; next raise: {right}"
        lines.append(text)
        if event.trick is not None:
            record = event.trick
            cards = ", ".join(f"{seat} {card.code}"
                              for seat, card in zip(record.seats(players), record.cards))
            lines.append(f"  trick {len(list(hand.observation(0).tricks))}: {cards} -> seat {record.winner} "
                         f"(team {TEAMS[record.winner & 1]}); tricks "
                         f"{hand.observation(0).tricks_won[0]}-{hand.observation(0).tricks_won[1]}")
    result = hand.result
    assert result is not None
    how = "by tricks" if result.how == "tricks" else "on a fold"
    lines.append(f"result: team {result.winner_name} wins {how} at {result.value} "
                 f"(+{result.points}); score A {result.score[0]} - B {result.score[1]}"
                 + (f"; team {result.game_winner_name} wins the game"
                    if result.game_winner is not None else ""))
    return lines


def transcript(variant_id: str) -> str:
    """The whole golden file of one variant."""
    variant = load_variant(variant_id)
    lines = [f"# Golden playthroughs of variant {variant.id}: {variant.name}",
             f"# Played by the engine from fixed seeds; regenerate with: {COMMAND}", ""]
    for number in range(HANDS):
        lines += play_hand(variant_id, number) + [""]
    return "\n".join(lines)


def golden_path(variant_id: str) -> Path:
    return GOLDEN / f"{variant_id}.txt"


def main(argv: list[str]) -> int:
    ids = argv or builtin_ids()
    GOLDEN.mkdir(exist_ok=True)
    for vid in ids:
        path = golden_path(vid)
        text = transcript(vid)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        path.write_text(text, encoding="utf-8")
        print(f"{path}: {'unchanged' if old == text else 'written'}")
    if not argv:
        for stale in sorted(set(GOLDEN.glob("*.txt")) - {golden_path(v) for v in ids}):
            stale.unlink()
            print(f"{stale}: removed (no such variant)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
