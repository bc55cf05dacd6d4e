"""Worker processes that end with their parent: the process pool of every parallel job.

:func:`process_pool` is a :class:`~concurrent.futures.ProcessPoolExecutor` whose
workers never outlive the work: they are stopped at once when the block that uses the
pool is left by an exception (an error, Ctrl-C, or the SIGTERM the command line turns
into one), and the system ends them if the parent dies any other way (on Linux through
``prctl(PR_SET_PDEATHSIG)``; elsewhere each worker watches its parent's pid). Without
this a SIGTERM to the parent alone left its workers running, reparented to init and
holding the output pipe open.

A worker that dies while it works (killed by a signal, as the system's out-of-memory
killer does) breaks the pool: the run stops with a :class:`WorkerLost`, one line on the
command line saying how much work was done, and the caller keeps what it finished
(a simulation prints the games completed before it, see ``rentoy.simulation.run``).
That holds too when the worker dies halfway through sending a result, which the
standard library's pool does not notice by itself (see :func:`_watch_workers`).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from concurrent.futures import Executor, Future, InvalidStateError
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from .errors import RentoyError
from .i18n import _, number


__all__ = ["process_pool", "WorkerLost"]


class WorkerLost(RentoyError):
    """A worker process ended while it worked (killed by a signal: the system's
    out-of-memory killer, say); ``done`` work units had finished. ``partial``: what the
    caller could still make of the finished work (a result covering less than was
    asked), or None."""

    def __init__(self, done: int | None = None, submitted: int | None = None,
                 partial: Any = None, kept: str | None = None):
        self.done, self.submitted, self.partial = done, submitted, partial
        counts = (" " + _("after {done} of {submitted} pieces of the work were done").format(
            done=number(done), submitted=number(submitted))
            if done is not None and submitted else "")
        super().__init__(
            _("a worker process ended abruptly (killed by a signal, perhaps by the system "
              "for want of memory){counts}; {kept}run it again, with fewer --jobs if memory "
              "is short").format(counts=counts, kept=kept + "; " if kept else ""))

    def kept(self, what: str) -> "WorkerLost":
        """The same error, saying what of the finished work was kept (``what``)."""
        return WorkerLost(self.done, self.submitted, self.partial, what)


class _Counting(Executor):
    """A pool that counts the work it finished, for :class:`WorkerLost` to say."""

    def __init__(self, pool: Executor):
        self.pool, self.done, self.submitted = pool, 0, 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        # Workers are started (forked) inside submit: a signal then waits until they
        # have their own handlers (see _die_with_parent), so none meets a half-started
        # worker still holding this process's handlers, which printed a traceback.
        with _signals_held():
            future = self.pool.submit(fn, *args, **kwargs)
        if sys.version_info < (3, 12):
            _tolerate_cancellation(future)
        self.submitted += 1
        future.add_done_callback(self._count)
        return future

    def _count(self, future: Future[Any]) -> None:
        if not future.cancelled() and future.exception() is None:
            self.done += 1

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.pool.shutdown(wait=wait, cancel_futures=cancel_futures)


def _tolerate_cancellation(future: Future[Any]) -> None:
    """Let the pool's thread fail ``future`` even though it was cancelled meanwhile.

    When the pool breaks, its thread fails every future still waiting; one that the
    caller has just cancelled (a run that stops cancels the work it no longer needs)
    raised InvalidStateError in that thread before Python 3.12, whose traceback was
    printed after the run's one-line error (gh-107219; seen when a SIGTERM to the whole
    process group met a run whose workers were starting). The failure is ignored, as
    3.12 does."""
    fail = future.set_exception

    def set_exception(exception: BaseException | None) -> None:
        try:
            fail(exception)
        except InvalidStateError:
            if not future.cancelled():
                raise

    future.set_exception = set_exception  # type: ignore[method-assign]


#: The signals held back while workers start: those that end a run.
_HELD = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
              if hasattr(signal, name))


@contextmanager
def _signals_held() -> Iterator[None]:
    """Hold back SIGINT, SIGTERM and SIGHUP in this thread for the time of the block
    (where the system can: POSIX); a new process inherits the held set, and the
    signals wait until it is released. One that came meanwhile is delivered as the
    block ends, to this process's handler, as usual."""
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:
        yield
        return
    before = mask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, before)


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
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        # Started with the parent's signals held (see _signals_held): released now that
        # this worker's own handlers are in place, so a SIGTERM that came meanwhile
        # ends it quietly, as SIGTERM's default action does.
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    if sys.platform.startswith("linux"):
        try:
            import ctypes  # at use: only a run with workers

            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
                if os.getppid() != parent:      # the parent died before the call
                    os._exit(1)
                return
        except (OSError, AttributeError):
            pass
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True,
                     name="rentoy-parent-watch").start()


def _release_results(queue: object) -> None:
    """Once the workers are stopped, close this process's end of the pipe they wrote
    their results to. A worker stopped in the middle of writing a result leaves the
    pool's thread waiting for the rest of it, which no one will send; at exit the
    standard library waits for that thread without a time limit, so Ctrl-C hung the
    command about once in twenty-five runs on two busy cores. With no writer left, the
    thread reads the end of the pipe, takes the pool as broken and ends. (``queue`` is
    the executor's own ``_result_queue``, taken before its shutdown lets go of it: read
    defensively, as the standard library does not promise it.)"""
    writer = getattr(queue, "_writer", None)
    close = getattr(writer, "close", None)
    if callable(close):
        try:
            close()
        except OSError:
            pass


def _stop_workers(processes: list[Any], results: object) -> None:
    """Terminate ``processes`` (a pool's workers; those already ended are left as they
    are), wait a moment for each, then release the pool's ``results`` queue."""
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=5)
    _release_results(results)


_WATCH_SECONDS = 0.25      # how often the pool's workers are looked at
_GRACE_SECONDS = 1.0       # how long the pool may take to notice a dead worker itself


def _watch_workers(pool: Any, stop: threading.Event) -> None:
    """Until ``stop`` (an event) is set: if one of ``pool``'s workers has died and the
    pool has not noticed within a second, stop the others and close this process's end
    of the results pipe.

    A worker killed halfway through sending a result (the out-of-memory killer does not
    wait) leaves the pool's thread reading the rest of that result, which never comes,
    and the lock on the pipe taken, so the other workers wait for it too: the pool
    never learns that it is broken and the run hangs for ever (about once in sixty
    kills on two busy cores). Once every writer is gone the thread reads the end of the
    pipe, takes the pool as broken, and the run ends with :class:`WorkerLost` as it
    does when the pool notices by itself. (Reads the executor's ``_processes``,
    ``_broken`` and ``_result_queue``, defensively: the standard library does not
    promise them.)"""
    dead_since: float | None = None
    while not stop.wait(_WATCH_SECONDS):
        try:
            processes = list((getattr(pool, "_processes", None) or {}).values())
        except RuntimeError:            # the pool was starting a worker meanwhile
            continue
        if getattr(pool, "_broken", False):
            return                      # noticed: the pool breaks itself
        if not any(process.exitcode is not None for process in processes):
            dead_since = None
            continue
        now = time.monotonic()
        if dead_since is None:
            dead_since = now
        elif now - dead_since >= _GRACE_SECONDS:
            _stop_workers(processes, getattr(pool, "_result_queue", None))
            return


@contextmanager
def process_pool(workers: int) -> Iterator[Executor]:
    """A process pool whose workers end with the simulation: shut down normally when the
    block ends, terminated at once when it is left by an exception (an error, Ctrl-C, a
    SIGTERM the command line turned into an exception), and killed by the system if
    this process dies, however it dies (each worker asks the system for that as it
    starts)."""
    import multiprocessing  # at use: only a run with workers
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    before = set(multiprocessing.active_children())
    threads_before = set(threading.enumerate())
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_die_with_parent,
                               initargs=(os.getpid(),))
    counting = _Counting(pool)
    stop_watching = threading.Event()
    watcher = threading.Thread(target=_watch_workers, args=(pool, stop_watching),
                               daemon=True, name="rentoy-worker-watch")
    # Started with the run-ending signals held, which a thread keeps from the one that
    # starts it: the system then never hands one to the watcher, whose wake-up of the
    # main thread could fall while the main thread forks a worker and be lost there.
    with _signals_held():
        watcher.start()
    try:
        yield counting
    except BaseException as exc:
        stop_watching.set()
        watcher.join()
        results = getattr(pool, "_result_queue", None)     # shutdown() lets go of it
        pool.shutdown(wait=False, cancel_futures=True)
        # The pool's workers are this process's children started since it was made.
        _stop_workers([p for p in multiprocessing.active_children() if p not in before],
                      results)
        # The pool's own thread must end before this process does: at exit the
        # standard library wakes it through a pipe that thread closes as it ends, and
        # the two racing printed a traceback after the one-line error.
        for thread in set(threading.enumerate()) - threads_before:
            if not thread.daemon and thread is not threading.current_thread():
                thread.join(timeout=5)
        if isinstance(exc, BrokenProcessPool):
            raise WorkerLost(counting.done, counting.submitted) from None
        raise
    else:
        stop_watching.set()             # workers end now, as they should
        watcher.join()
        pool.shutdown(wait=True)
