"""Simulations and solver runs on a dask.distributed cluster give what one core gives.

The cluster is a small LocalCluster (two worker processes of one thread each, so
that the work is pickled as on a real cluster); the runs are the
command line's, compared as JSON with ``--jobs 1``.
"""

from __future__ import annotations

import json
import sys

import pytest

from rentoy.cli import main

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as local:
        yield local


def _json(capsys, *args: str) -> dict:
    assert main(list(args)) == 0
    return json.loads(capsys.readouterr().out)


def test_compare_on_the_cluster_equals_one_core(cluster, capsys):
    args = ("compare", "1737", "avila", "--simulate", "150", "--bots", "greedy,random",
            "--seed", "7", "--solve", "24", "--format", "json")
    local = _json(capsys, *args, "--jobs", "1")
    remote = _json(capsys, *args, "--dask", cluster.scheduler_address)
    assert remote == local
    done = set(cluster.scheduler.task_prefixes)          # the work did go to the cluster
    assert {"play_chunk", "solve_chunk"} <= done, done
    assert local["simulation"]["games"] >= 2
    stats = local["simulation"]["results"][1]["statistics"]
    assert stats["overtrump_forced_rate"]["value"] > 0      # avila over-trumps


def test_simulate_with_a_scheduler_file(cluster, capsys, tmp_path):
    path = tmp_path / "scheduler.json"
    path.write_text(json.dumps({"address": cluster.scheduler_address}))
    args = ("simulate", "avila", "--hands", "120", "--seed", "2", "--format", "json")
    local = _json(capsys, *args)
    remote = _json(capsys, *args, "--dask-scheduler-file", str(path))
    for data in (local, remote):
        data.pop("seconds"), data.pop("hands_per_second")
    assert remote == local


def test_unreachable_scheduler_is_a_clear_error(capsys):
    status = main(["simulate", "1737", "--hands", "10", "--dask", "tcp://127.0.0.1:9",
                   "--dask-timeout", "1"])
    err = capsys.readouterr().err
    assert status == 2
    assert "cannot reach the dask scheduler at tcp://127.0.0.1:9" in err
    assert "Traceback" not in err


def test_missing_extra_is_a_clear_error(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)      # import fails
    status = main(["compare", "1737", "avila", "--simulate", "10", "--dask",
                   "tcp://127.0.0.1:9"])
    err = capsys.readouterr().err
    assert status == 2 and "rentoy[distributed]" in err


def test_work_in_flight_at_the_end_is_cancelled_without_a_traceback(cluster, capfd):
    # Each run ends with chunks still in flight: they are cancelled, and nothing waits
    # on the connection (closed right after) to fail and print a traceback.
    for seed in range(6):
        status = main(["simulate", "1737", "--hands", "400", "--seed", str(seed),
                       "--dask", cluster.scheduler_address, "-f", "json"])
        assert status == 0
    err = capfd.readouterr().err
    assert "Traceback" not in err and "ERROR" not in err, err[-2000:]


def test_a_task_that_fails_on_a_worker_is_one_line():
    from rentoy.errors import InputError
    from rentoy.simulation.cluster import _remote_failure

    error = _remote_failure(ImportError("cannot import name 'x' from 'rentoy.variants'"))
    assert isinstance(error, InputError)
    assert str(error).count("\n") == 0
    assert "a task failed on the dask cluster: ImportError" in str(error)
    assert "same rentoy installed" in str(error)


# -- a cluster lost during a run: one line and an exit status ------------------------------

def _wait_for(path, text: str, seconds: float = 60.0) -> None:
    import time

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if path.exists() and text in path.read_text(errors="replace"):
            return
        time.sleep(0.2)
    raise AssertionError(f"{text!r} never appeared in {path}")


@pytest.fixture
def own_cluster(tmp_path):
    """A scheduler and one worker in processes of their own, to be killed by the test."""
    import subprocess

    dask = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
    file, log = tmp_path / "scheduler.json", tmp_path / "scheduler.log"
    with open(log, "w") as out:
        scheduler = subprocess.Popen(dask + ["--port", "0", "--no-dashboard",
                                             "--scheduler-file", str(file)],
                                     stdout=out, stderr=subprocess.STDOUT)
    processes = [scheduler]
    try:
        _wait_for(log, "Scheduler at:")
        worker_log = tmp_path / "worker.log"
        with open(worker_log, "w") as out:
            processes.append(subprocess.Popen(
                # No nanny: the process killed is the worker itself (a nanny's worker
                # could outlive its nanny, and the run would go on).
                [sys.executable, "-m", "distributed.cli.dask_worker", "--scheduler-file",
                 str(file), "--nworkers", "1", "--nthreads", "1", "--no-dashboard",
                 "--no-nanny"],
                stdout=out, stderr=subprocess.STDOUT))
        _wait_for(log, "Register worker")
        yield file, log, processes
    finally:
        for process in processes:
            process.kill()
            process.wait()


@pytest.mark.parametrize("lost", ["scheduler", "worker"])
def test_a_cluster_lost_during_a_run_ends_in_one_line(own_cluster, lost):
    import subprocess

    file, log, (scheduler, worker) = own_cluster
    run = subprocess.Popen([sys.executable, "-m", "rentoy", "simulate", "1737", "--hands",
                            "5000000", "--dask-scheduler-file", str(file), "--dask-timeout",
                            "3", "-f", "json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True)
    try:
        _wait_for(log, "Receive client connection")
        import time

        time.sleep(2)                     # work in flight on the worker
        (scheduler if lost == "scheduler" else worker).kill()
        out, err = run.communicate(timeout=90)
    finally:
        run.kill()
    assert run.returncode == 2, err
    assert "Traceback" not in err and err.count("\n") == 1, err
    assert ("dask scheduler" in err and "was lost" in err) if lost == "scheduler" else \
        "lost its last worker, and none joined within 3 s" in err
