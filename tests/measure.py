"""Run ``python -m rentoy`` in a child process and measure the child's own peak memory.

A child forked from the test process starts with the test process's pages (a long
fuzzing campaign holds a few hundred megabytes), and the system counts them in the
child's peak (``ru_maxrss``) even after it runs another program. So the command is
started by a small launcher, a fresh interpreter that forks and runs it and reports
the command's own peak (``os.wait4``) and exit status through a pipe: what is measured
is the command's memory, plus at most the launcher's few megabytes.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent

_LAUNCHER = """\
import os, sys
report = int(os.environ.pop("RENTOY_MEASURE_FD"))
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
os.write(report, f"{os.waitstatus_to_exitcode(status)} {usage.ru_maxrss} "
               f"{usage.ru_utime + usage.ru_stime}".encode())
"""


def run_measured(args: list[str] | tuple[str, ...], *, env: dict[str, str] | None = None,
                 stdin: Any = subprocess.DEVNULL, stdout: Any = None, input: bytes | None = None,
                 preexec_fn: Callable[[], None] | None = None, timeout: float = 120
                 ) -> tuple[int | None, str, str, int]:
    """``python -m rentoy ARGS``: its exit status (None when it ran past ``timeout``
    seconds and was killed), stdout, stderr and peak memory in bytes. ``stdout``: a
    file to write to instead of capturing; ``input``: bytes to feed on stdin;
    ``preexec_fn`` runs in the launcher before it starts (to close a stream, set a
    resource limit: the command inherits them)."""
    return run_timed(args, env=env, stdin=stdin, stdout=stdout, input=input,
                     preexec_fn=preexec_fn, timeout=timeout)[:4]


def run_timed(args: list[str] | tuple[str, ...], *, env: dict[str, str] | None = None,
              stdin: Any = subprocess.DEVNULL, stdout: Any = None, input: bytes | None = None,
              preexec_fn: Callable[[], None] | None = None, timeout: float = 120
              ) -> tuple[int | None, str, str, int, float]:
    """:func:`run_measured`, and the command's own CPU time in seconds (user and system):
    what a time limit judges, the machine's load aside."""
    read, write = os.pipe()
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {}),
                   "RENTOY_MEASURE_FD": str(write)}
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        try:
            process = subprocess.Popen(
                [sys.executable, "-c", _LAUNCHER, sys.executable, "-m", "rentoy", *args],
                stdin=subprocess.PIPE if input is not None else stdin,
                stdout=out if stdout is None else stdout, stderr=err, cwd=ROOT,
                env=environment, pass_fds=(write,), preexec_fn=preexec_fn,
                start_new_session=True)       # its own group: a timeout ends both
        finally:
            os.close(write)
        if input is not None:
            try:
                process.stdin.write(input)
                process.stdin.close()
            except OSError:
                pass
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            os.close(read)
            return None, "", "(timed out)", 0, float(timeout)
        report = os.read(read, 100).decode()
        os.close(read)
        words = report.split()
        status, peak = (int(words[0]), int(words[1])) if words else (None, 0)
        cpu = float(words[2]) if len(words) > 2 else 0.0
        out.seek(0)
        err.seek(0)
        return (status, out.read().decode("utf-8", "replace"),
                err.read().decode("utf-8", "replace"), (peak or 0) * 1024, cpu)
