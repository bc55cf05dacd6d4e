"""Running simulations and solver runs on a dask.distributed cluster.

:func:`dask_executor` connects to a running scheduler, by its address or by the
scheduler file it wrote, and gives a :class:`concurrent.futures.Executor` that sends
work to the cluster's workers, with the number of workers, which is what
:func:`~rentoy.simulation.run.simulate` and ``rentoy.comparison.compare_perfect`` take.
The work units are small picklable tasks (variant specs and numbers) and every
result depends only on the seed and the game or deal index, so a run on a cluster
gives the same output as one on one core.

dask is an optional extra (``pip install 'rentoy[distributed]'``), imported only
here and only when called. A missing extra, an unreachable scheduler (within
``timeout`` seconds) or a cluster without workers is an
:class:`~rentoy.errors.InputError` (exit status 2 on the command line).

On a real cluster::

    dask scheduler --scheduler-file /shared/scheduler.json       # on one machine
    dask worker --scheduler-file /shared/scheduler.json          # on each worker
    rentoy compare 1737 avila --simulate 20000 --bots search \\
        --dask-scheduler-file /shared/scheduler.json

Every worker needs rentoy installed (the same version), and a variant given by path
must exist at the same path on the workers; built-in ids work everywhere.
"""

from __future__ import annotations

from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Iterator

from ..errors import InputError, Problem

__all__ = ["dask_executor", "DEFAULT_TIMEOUT"]

#: Seconds to wait for the scheduler to answer and for a first worker to join.
DEFAULT_TIMEOUT: float = 20.0


@contextmanager
def dask_executor(address: str | None = None, scheduler_file: str | None = None,
                  timeout: float = DEFAULT_TIMEOUT) -> Iterator[tuple[Executor, int]]:
    """Connect to a dask scheduler (``address`` such as ``tcp://10.0.0.5:8786``, or a
    ``scheduler_file``) and yield ``(executor, workers)``; the connection is closed
    afterwards (the cluster keeps running)."""
    if (address is None) == (scheduler_file is None):
        raise InputError(Problem("give the dask scheduler's address or its scheduler "
                                 "file, not both",
                                 hint="--dask tcp://HOST:8786 or --dask-scheduler-file FILE"))
    try:
        from distributed import Client
    except ImportError:
        raise InputError(Problem("running on a dask cluster needs dask.distributed, "
                                 "which is not installed",
                                 hint="pip install 'rentoy[distributed]'")) from None
    where = address if address is not None else f"the scheduler file {scheduler_file}"
    if scheduler_file is not None:
        from pathlib import Path

        if not Path(scheduler_file).is_file():
            raise InputError(Problem(f"{scheduler_file}: no such scheduler file",
                                     hint="the file `dask scheduler --scheduler-file "
                                          "FILE` writes"))
    try:
        client = Client(address, scheduler_file=scheduler_file, timeout=timeout,
                        set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise InputError(Problem(f"cannot reach the dask scheduler at {where} within "
                                 f"{timeout:g} s: {exc}",
                                 hint="start one with `dask scheduler` and give its "
                                      "address, e.g. tcp://HOST:8786")) from None
    try:
        try:
            client.wait_for_workers(1, timeout=timeout)
        except (OSError, TimeoutError) as exc:
            raise InputError(Problem(f"the dask scheduler at {where} has no worker "
                                     f"(waited {timeout:g} s): {exc}",
                                     hint="start workers with `dask worker ADDRESS`")
                             ) from None
        workers = max(1, sum(client.nthreads().values()))   # threads, all workers
        yield client.get_executor(), workers
    finally:
        client.close()
