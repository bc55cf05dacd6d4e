"""Running simulations and solver runs on a dask.distributed cluster.

:func:`dask_executor` connects to a running scheduler, by its address or by the
scheduler file it wrote, and gives a :class:`concurrent.futures.Executor` that sends
work to the cluster's workers, with the number of workers, which is what
:func:`~rentoy.simulation.run.simulate` and ``rentoy.comparison.compare_perfect`` take.
The work units are small picklable tasks (variant specs and numbers) and every
result depends only on the seed and the game or deal index, so a run on a cluster
gives the same output as one on one core.

dask is an optional extra (``pip install -e '.[distributed]'`` in a clone), imported only
here and only when called. A missing extra, a timeout that is not a number of seconds
(``nan``), a scheduler file that is not one (read like every file rentoy reads:
bounded, a FIFO refused unread), an unreachable scheduler (within ``timeout`` seconds)
or a cluster without workers is an :class:`~rentoy.core.errors.InputError` (exit status 2 on
the command line), and a worker lost for good (dask's ``KilledWorker``) a
``rentoy.workers.WorkerLost``.

The executor is rentoy's own small one over ``client.submit``: each task's result is
handed over by the task's own completion callback, so the work still in flight when a
run ends (chunks it no longer needs) is cancelled without leaving a coroutine to fail,
and print a traceback, once the connection is closed.

On a real cluster::

    dask scheduler --scheduler-file /shared/scheduler.json       # on one machine
    dask worker --scheduler-file /shared/scheduler.json          # on each worker
    rentoy compare 1737 avila --simulate 20000 --bots search \\
        --dask-scheduler-file /shared/scheduler.json

Every worker needs rentoy installed (the same version), and a variant given by path
must exist at the same path on the workers; built-in ids work everywhere.
"""

from __future__ import annotations

import concurrent.futures
import logging
import math
import threading
import time
from concurrent.futures import Executor, Future, InvalidStateError
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from ..core.errors import InputError, Location, Problem, RentoyError
from ..core.i18n import _, number
from ..core.workers import WorkerLost
from ..data.yamlfile import load_json

__all__ = ["dask_executor", "DEFAULT_TIMEOUT", "MAX_TIMEOUT", "scheduler_address",
           "ClusterLost"]

#: Seconds to wait for the scheduler to answer and for a first worker to join.
DEFAULT_TIMEOUT: float = 20.0
#: The longest wait that can be asked for (a day).
MAX_TIMEOUT: float = 86_400.0


def scheduler_address(path: str) -> str:
    """The scheduler's address that the scheduler file at ``path`` gives (the JSON file
    ``dask scheduler --scheduler-file`` writes), read bounded; an
    :class:`~rentoy.core.errors.InputError` when it is not such a file (dask itself would
    wait for it to become one until the timeout)."""

    data = load_json(path)
    address = data.get("address") if isinstance(data, dict) else None
    if not isinstance(address, str) or "://" not in address or len(address) > 1_000:
        raise InputError(Problem(
            "this is not a dask scheduler file: it has no `address` such as "
            "\"tcp://HOST:8786\"", Location(path),
            hint="give the file `dask scheduler --scheduler-file FILE` writes"))
    return address


class ClusterLost(WorkerLost):
    """The dask scheduler stopped answering, or the cluster lost its last worker and no
    other joined within the timeout: the run stops with one line (and, like a lost
    worker process, keeps the work finished before it, see
    ``rentoy.workers.WorkerLost``)."""

    def __init__(self, why: str, kept: str | None = None, partial: Any = None):
        self.why = why
        RentoyError.__init__(self, why + ("; " + kept if kept else "") + "; " + _(
            "run it again once the cluster is back"))
        self.done, self.submitted, self.partial = None, None, partial

    def kept(self, what: str) -> "ClusterLost":
        return ClusterLost(self.why, what, self.partial)


def _lost_scheduler(where: str) -> ClusterLost:
    return ClusterLost(_("the connection to the dask scheduler at {where} was lost: it "
                         "stopped or cannot be reached").format(where=where))


def _connection_lost(exc: BaseException) -> bool:
    """Whether a task's failure is the connection's (a closed comm, a cancelled future
    after the client closed), not the task's own."""
    import concurrent.futures

    if isinstance(exc, concurrent.futures.CancelledError):
        return True
    try:
        from distributed.comm.core import CommClosedError
    except ImportError:         # pragma: no cover - dask is here when this runs
        return isinstance(exc, OSError)
    return isinstance(exc, (CommClosedError, OSError))


def _remote_failure(exc: BaseException) -> BaseException:
    """A task's failure on the cluster as one line (an error that is not rentoy's own:
    most often workers with another rentoy, or without a variant file given by path)."""

    if isinstance(exc, (concurrent.futures.CancelledError, KeyboardInterrupt)):
        return exc
    first = (str(exc).strip().splitlines() or [""])[0][:200]
    return InputError(Problem(
        f"a task failed on the dask cluster: {type(exc).__name__}: {first}",
        hint="every worker needs the same rentoy installed, and a variant given by path "
             "must exist at the same path on each of them"))


class _Executor(Executor):
    """``client.submit`` as a :class:`concurrent.futures.Executor`: each result is taken
    by the dask future's own done callback (in a thread of dask's), so nothing is left
    waiting on the event loop when the client closes."""

    def __init__(self, client: Any, where: str = ""):
        self.client = client
        self.where = where
        self.pending: dict[Any, Future[Any]] = {}

    def fail_all(self, error: BaseException) -> None:
        """End every future still waiting with ``error`` (the cluster is lost)."""
        for future in list(self.pending.values()):
            try:
                future.set_exception(error)
            except InvalidStateError:       # settled or cancelled meanwhile
                pass

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        task = self.client.submit(fn, *args, **kwargs)
        future: Future[Any] = Future()
        self.pending[task] = future

        def settle(done: Any) -> None:
            # The task is taken off the pending ones only once its result is here: a
            # result held by a worker that dies before it is fetched is waited for
            # again (dask computes it anew), and a cluster lost meanwhile must still
            # find this task, to end its future (_watch_cluster) and cancel it (which
            # ends this wait: shutdown).
            if future.done():
                self.pending.pop(done, None)
                return
            outcome: tuple[bool, Any]
            try:
                value = done.result()
            except RentoyError as exc:      # bad input found on a worker: as it is
                outcome = (False, exc)
            except BaseException as exc:    # a worker's failure, a cancellation, a closed client
                outcome = (False, _lost_scheduler(self.where) if _connection_lost(exc)
                           else _remote_failure(exc))
            else:
                outcome = (True, value)
            self.pending.pop(done, None)
            try:
                if outcome[0]:
                    future.set_result(outcome[1])
                else:
                    future.set_exception(outcome[1])
            except InvalidStateError:       # cancelled meanwhile: no longer wanted
                pass

        def cancel(done: Future[Any]) -> None:
            if done.cancelled():
                try:
                    task.cancel()
                except Exception:       # noqa: BLE001  (the client is closed: nothing runs)
                    pass

        future.add_done_callback(cancel)
        task.add_done_callback(settle)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        tasks = list(self.pending)
        self.pending.clear()
        if tasks:
            try:
                self.client.cancel(tasks)
            except Exception:       # the connection went first: nothing left to cancel
                pass


def _seconds(timeout: float) -> str:
    """A timeout as a message says it: ``30``, ``2.5`` (``2,5`` in Spanish)."""
    return number(int(timeout) if float(timeout).is_integer() else timeout)


@contextmanager
def dask_executor(address: str | None = None, scheduler_file: str | None = None,
                  timeout: float = DEFAULT_TIMEOUT) -> Iterator[tuple[Executor, int]]:
    """Connect to a dask scheduler (``address`` such as ``tcp://10.0.0.5:8786``, or a
    ``scheduler_file``) and yield ``(executor, workers)``; the connection is closed
    afterwards (the cluster keeps running). A scheduler lost during the run, or the
    last worker lost with none joining within ``timeout`` seconds, ends it with a
    :class:`ClusterLost` (one line on the command line); dask's own log lines are kept
    off stderr meanwhile."""
    with _quiet_dask(), _connected(address, scheduler_file, timeout) as found:
        yield found


@contextmanager
def _connected(address: str | None, scheduler_file: str | None,
               timeout: float) -> Iterator[tuple[Executor, int]]:
    if (address is None) == (scheduler_file is None):
        raise InputError(Problem(_("give the dask scheduler's address or its scheduler "
                                   "file, not both"),
                                 hint=_("--dask tcp://HOST:8786 or --dask-scheduler-file "
                                        "FILE")))
    if not isinstance(timeout, (int, float)) or isinstance(timeout, bool) \
            or math.isnan(timeout) or not 0 < timeout <= MAX_TIMEOUT:
        raise InputError(Problem(_("the dask timeout is a number of seconds above 0 and at "
                                   "most {most}, not {value}").format(
                                       most=number(MAX_TIMEOUT, 0), value=repr(timeout))))
    where = address
    if scheduler_file is not None:       # read first: a bad file needs no dask imported
        address = scheduler_address(scheduler_file)
        where = _("{address} (from {file})").format(address=address, file=scheduler_file)
    try:
        from distributed import Client  # optional: rentoy[distributed]
    except ImportError:
        raise InputError(Problem(_("running on a dask cluster needs dask.distributed, "
                                   "which is not installed"),
                                 hint=_("install the rentoy[distributed] extra: "
                                        "pip install -e '.[distributed]' in a clone"))
                         ) from None
    try:
        client = Client(address, timeout=timeout, set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as exc:
        raise InputError(Problem(_("cannot reach the dask scheduler at {where} within "
                                   "{seconds} s: {error}").format(
                                       where=where, seconds=_seconds(timeout), error=exc),
                                 hint=_("start one with `dask scheduler` and give its "
                                        "address, e.g. tcp://HOST:8786"))) from None
    try:
        try:
            client.wait_for_workers(1, timeout=timeout)
        except (OSError, TimeoutError) as exc:
            raise InputError(Problem(_("the dask scheduler at {where} has no worker "
                                       "(waited {seconds} s): {error}").format(
                                           where=where, seconds=_seconds(timeout), error=exc),
                                     hint=_("start workers with `dask worker ADDRESS`"))
                             ) from None
        workers = max(1, sum(client.nthreads().values()))  # type: ignore[no-untyped-call]
        executor = _Executor(client, str(where))
        stop = threading.Event()
        watch = threading.Thread(target=_watch_cluster, args=(client, executor, timeout, stop),
                                 daemon=True, name="rentoy-dask-watch")
        watch.start()
        try:
            yield executor, workers
        except Exception as exc:
            from distributed.scheduler import KilledWorker  # optional: rentoy[distributed]

            if isinstance(exc, KilledWorker):
                raise WorkerLost() from None
            raise
        finally:
            stop.set()
            executor.shutdown()
    finally:
        _close(client)


#: How often the cluster is looked at while a run waits on it (seconds).
_WATCH_SECONDS = 0.5


def _watch_cluster(client: Any, executor: _Executor, timeout: float,
                   stop: threading.Event) -> None:
    """While a run waits on the cluster: end it with :class:`ClusterLost` once the
    client has lost its scheduler, or once no worker has been there for ``timeout``
    seconds (dask would keep the work waiting for a worker for ever)."""
    alone_since: float | None = None
    while not stop.wait(_WATCH_SECONDS):
        status = str(getattr(client, "status", "running"))
        if status in ("closed", "closing", "failed"):
            executor.fail_all(_lost_scheduler(executor.where))
            return
        try:
            info = client.scheduler_info()
        except Exception:       # noqa: BLE001  (the connection is going: said above)
            continue
        workers = info.get("workers") if isinstance(info, dict) else None
        if workers:
            alone_since = None
            continue
        now = time.monotonic()
        alone_since = now if alone_since is None else alone_since
        if now - alone_since > timeout and executor.pending:
            executor.fail_all(ClusterLost(_(
                "the dask cluster at {where} lost its last worker, and none joined within "
                "{seconds} s").format(where=executor.where, seconds=_seconds(timeout))))
            return


def _close(client: Any) -> None:
    """Close the client quietly: a connection already lost says nothing more."""
    try:
        client.close(timeout=2)
    except Exception:       # noqa: BLE001  (already gone: nothing to close)
        pass


@contextmanager
def _quiet_dask() -> Iterator[None]:
    """dask's own log lines (a scheduler that is gone, reconnections) kept off stderr:
    what went wrong is said in rentoy's one line."""
    # dask sets the levels of some of its loggers itself ("distributed.client"), as it
    # is imported: imported first, then each is quietened, and given its level back.
    try:
        import distributed  # noqa: F401
    except ImportError:
        pass                # said by the connection, in words
    names = ["distributed"] + [name for name in list(logging.root.manager.loggerDict)
                               if name.startswith("distributed.")]
    levels = {name: logging.getLogger(name).level for name in names}
    for name in names:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)
    yield
    # Given back only after a run that ended well: after a lost connection, dask's
    # threads go on logging its end (a cancelled reconnection) after the block.
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)
