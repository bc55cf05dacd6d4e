"""Worker processes that end with their parent: the process pool of every parallel job.

:func:`process_pool` is a :class:`~concurrent.futures.ProcessPoolExecutor` whose
workers never outlive the work: they are stopped at once when the block that uses the
pool is left by an exception (an error, Ctrl-C, or the SIGTERM the command line turns
into one), and the system ends them if the parent dies any other way (on Linux through
``prctl(PR_SET_PDEATHSIG)``; elsewhere each worker watches its parent's pid). Without
this a SIGTERM to the parent alone left its workers running, reparented to init and
holding the output pipe open.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Iterator

__all__ = ["process_pool"]


_PR_SET_PDEATHSIG = 1      # from <linux/prctl.h>
_PARENT_POLL_SECONDS = 1.0


def _watch_parent(parent: int) -> None:
    """End this process once ``parent`` is gone (the portable fallback: an orphan is
    handed to another parent, so its parent id changes)."""
    while os.getppid() == parent:
        time.sleep(_PARENT_POLL_SECONDS)
    os._exit(1)


def _die_with_parent(parent: int) -> None:
    """Initializer of every worker process: end the worker when its parent ends.

    On Linux the kernel sends the worker SIGKILL when the parent dies, however it dies
    (``prctl(PR_SET_PDEATHSIG)``); elsewhere a daemon thread polls the parent's pid. The
    worker ignores SIGINT (Ctrl-C reaches the whole terminal group; the parent stops
    the workers) and takes SIGTERM's default action, whatever the parent installed.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
                if os.getppid() != parent:      # the parent died before the call
                    os._exit(1)
                return
        except (OSError, AttributeError):
            pass
    import threading

    threading.Thread(target=_watch_parent, args=(parent,), daemon=True,
                     name="rentoy-parent-watch").start()


@contextmanager
def process_pool(workers: int) -> Iterator[Executor]:
    """A process pool whose workers end with the simulation: shut down normally when the
    block ends, terminated at once when it is left by an exception (an error, Ctrl-C, a
    SIGTERM the command line turned into an exception), and killed by the system if
    this process dies, however it dies (each worker asks the system for that as it
    starts)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    before = set(multiprocessing.active_children())
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_die_with_parent,
                               initargs=(os.getpid(),))
    try:
        yield pool
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        # The pool's workers are this process's children started since it was made.
        ours = [p for p in multiprocessing.active_children() if p not in before]
        for process in ours:
            process.terminate()
        for process in ours:
            process.join(timeout=5)
        raise
    else:
        pool.shutdown(wait=True)
