"""The equity and review commands hold their counts to named bounds, read the bots
before running, and follow the one rule of output paths, all before any work."""

from __future__ import annotations

from pathlib import Path

import pytest
from inprocess import run as cli

RECORD = Path(__file__).resolve().parent.parent / "docs" / "examples" / "game-record.yaml"


@pytest.mark.parametrize("args, says", [
    (("equity", "1737", "--hands", "1e12"), "rentoy.limits.MAX_EQUITY_HANDS"),
    (("equity", "1737", "--check", "4-5", "--games", "1e9"), "rentoy.limits.MAX_EQUITY_HANDS"),
    (("review", str(RECORD), "--samples", "99999"), "rentoy.limits.MAX_SAMPLES"),
    (("simulate", "1737", "-n", "10", "--bots", "search:samples=5000"),
     "rentoy.limits.MAX_SAMPLES"),
    (("equity", "1737", "--hands", "2", "--bots", "search:samples=x"),
     "samples is a whole number"),
    (("equity", "1737", "--hands", "2", "--dask", "tcp://127.0.0.1:9",
      "--dask-timeout", "nan"), "is not a number of seconds"),
])
def test_a_count_or_a_bot_out_of_bounds_is_one_line(capsys, args, says):
    status, out, err = cli(capsys, *args)
    assert status == 2 and out == "" and says in err
    assert "Traceback" not in err and "--bots" not in err.replace("--bots B", "")


def test_an_annotated_record_is_refused_before_the_review_when_it_would_replace_a_file(
        capsys, tmp_path):
    existing = tmp_path / "reviewed.yaml"
    existing.write_text("kept\n", encoding="utf-8")
    status, out, err = cli(capsys, "review", str(RECORD), "--annotate", str(existing))
    assert status == 2 and out == "" and "the file exists already" in err
    assert existing.read_text(encoding="utf-8") == "kept\n"
    status, out, err = cli(capsys, "review", str(RECORD), "--annotate",
                           str(tmp_path / "new" / "reviewed.yaml"), "--samples", "4")
    assert status == 0 and (tmp_path / "new" / "reviewed.yaml").exists()


def test_a_variant_path_that_is_there_but_not_a_file_says_what_it_is(capsys, tmp_path):
    import os

    fifo = tmp_path / "v.yaml"
    os.mkfifo(fifo)
    (tmp_path / "a.yaml").symlink_to(tmp_path / "b.yaml")
    (tmp_path / "b.yaml").symlink_to(tmp_path / "a.yaml")
    status, _, err = cli(capsys, "rules", str(fifo))
    assert status == 2 and "FIFO" in err
    status, _, err = cli(capsys, "rules", str(tmp_path / "a.yaml"))
    assert status == 2 and "symbolic links" in err and "no variant file" not in err
