"""A signal while the worker processes start ends the run in one line, never a worker's
traceback: the workers are started with the run-ending signals held, and release them
once their own handlers are in place (``rentoy.workers``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs /proc")


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            found |= {int(c) for c in (task / "children").read_text().split()}
    except OSError:
        pass
    return found


@pytest.mark.parametrize("delay", [0.0, 0.002, 0.01, 0.03])
@pytest.mark.parametrize("group", [False, True])
def test_sigterm_while_workers_start(delay, group):
    process = subprocess.Popen(
        [sys.executable, "-m", "rentoy", "simulate", "1737", "--jobs", "2", "--hands",
         "10000000"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while not _children(process.pid) and time.monotonic() < deadline:
            time.sleep(0.0005)            # the first worker is being forked
        time.sleep(delay)
        if group:                          # as a closed terminal signals the whole group
            os.killpg(process.pid, signal.SIGTERM)
        else:
            os.kill(process.pid, signal.SIGTERM)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    text = err.decode(errors="replace")
    assert "Traceback" not in text, text
    assert process.returncode == 143, text
    assert text.strip().splitlines() == ["rentoy: terminated"], text


def _blocked(thread_id: int) -> set[int]:
    status = Path(f"/proc/self/task/{thread_id}/status").read_text()
    mask = int(next(line.split()[1] for line in status.splitlines()
                    if line.startswith("SigBlk:")), 16)
    return {n for n in range(1, 65) if mask >> (n - 1) & 1}


def test_no_thread_of_the_pool_takes_a_run_ending_signal():
    # The system hands a signal to any thread that does not hold it back; one that
    # reached a pool's thread woke the main thread at a moment of its own, which could
    # be inside the fork of a worker, where the raised exception was lost (the run then
    # went on, or ended as a lost worker: 1 in 300 group SIGTERMs on two busy cores).
    import threading

    from rentoy.workers import process_pool

    before = set(threading.enumerate())
    with process_pool(2) as pool:
        pool.submit(int, "1").result()
        started = [t for t in threading.enumerate() if t not in before]
        assert started
        for thread in started:
            assert thread.native_id is not None
            assert {signal.SIGINT, signal.SIGTERM, signal.SIGHUP} <= _blocked(
                thread.native_id), thread.name
