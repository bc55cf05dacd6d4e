"""Golden playthroughs: the engine still plays each built-in variant's hands as recorded.

A failure prints the difference; when the change is meant, regenerate the files with
``python tests/regen_golden.py`` and review the diff like any other change.
"""

from __future__ import annotations

import difflib

import pytest

from regen_golden import COMMAND, GOLDEN, golden_path, transcript
from rentoy.variants import builtin_ids


@pytest.mark.parametrize("vid", builtin_ids())
def test_golden_playthrough(vid):
    path = golden_path(vid)
    if not path.exists():
        pytest.fail(f"no golden file for variant {vid}: write it with `{COMMAND} {vid}`")
    expected = path.read_text(encoding="utf-8")
    actual = transcript(vid)
    if actual != expected:
        diff = "".join(difflib.unified_diff(
            expected.splitlines(keepends=True), actual.splitlines(keepends=True),
            fromfile=f"{path} (recorded)", tofile=f"{vid} (played now)"))
        pytest.fail(f"variant {vid} no longer plays its golden hands as recorded:\n{diff}\n"
                    f"If the change is meant, regenerate with `{COMMAND} {vid}` and review "
                    "the diff.", pytrace=False)


def test_no_golden_file_without_a_variant():
    stale = {p.stem for p in GOLDEN.glob("*.txt")} - set(builtin_ids())
    assert not stale, f"golden files for variants that no longer exist: {sorted(stale)} " \
                      f"(`{COMMAND}` removes them)"


def test_golden_files_show_deals_actions_tricks_and_scores():
    text = golden_path("1737").read_text(encoding="utf-8")
    for needle in ("deal:", "seat 0 (A):", "turned up:", " play ", "trick 1:", "result:",
                   "score A "):
        assert needle in text
    assert text.count("## Hand ") == 4
