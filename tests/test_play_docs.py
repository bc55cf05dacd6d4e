"""The transcript on the "Play a game" page is what ``rentoy play`` prints for its input,
in English and, for the Spanish edition, with ``--lang es``.

Regenerate them after an intended change with ``python tests/test_play_docs.py`` and
review the difference.
"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TRANSCRIPT = ROOT / "docs" / "play-a-game-transcript.txt"
#: The transcript of each language, as the page of each edition includes it.
TRANSCRIPTS = {"en": TRANSCRIPT, "es": ROOT / "docs" / "play-a-game-transcript.es.txt"}
ARGS = ["1737", "--players", "2", "--seed", "12", "--save", "game.yaml"]


def script() -> list[str]:
    """What the person types: ? first, an answer with nothing to answer (refused), a
    misspelt call, then the first legal action each time until two hands are over."""
    from rentoy.table import Session

    session = Session("1737", players=2, seed=12)
    session.start()
    lines = ["?", "quiero", "rasie"]
    while len(session.played) < 2:
        action = session.legal_actions()[0]
        lines.append(action.card.code if action.card is not None else action.kind)
        session.submit(lines[-1])
    return lines


def transcript(language: str = "en") -> str:
    from rentoy.cli import main

    lines = script()
    out = io.StringIO()
    old, sys.stdin = sys.stdin, io.StringIO("".join(f"{s}\n" for s in lines))
    try:
        with tempfile.TemporaryDirectory() as folder, contextlib.chdir(folder), \
                contextlib.redirect_stdout(out):
            assert main(["--lang", language, "play", *ARGS]) == 0
    finally:
        sys.stdin = old
    said = "" if language == "en" else f"--lang {language} "
    return f"$ rentoy {said}play {' '.join(ARGS)} < moves.txt\n" + out.getvalue()


@pytest.mark.parametrize("language", sorted(TRANSCRIPTS))
def test_the_transcript_in_the_docs_is_current(language):
    path = TRANSCRIPTS[language]
    assert path.read_text(encoding="utf-8") == transcript(language), (
        f"{path.relative_to(ROOT)} is out of date: run python tests/test_play_docs.py")


if __name__ == "__main__":
    for code, path in TRANSCRIPTS.items():
        path.write_text(transcript(code), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
