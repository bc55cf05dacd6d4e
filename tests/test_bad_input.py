"""Bad input and faults: every case found by fuzzing and fault injection, kept refused.

Each test is one reproducer: a damaged file, a device, a huge or deeply chained input,
a failed or interrupted save, a full stdout, a terminated simulation. Each must end in
exit status 0, 1 or 2 with a located message and no traceback, leave no partial file,
and leave no process behind. YAML cases run under both the pure-Python and the C loader.
"""

from __future__ import annotations

import errno
import os
import re
import signal
import struct
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from rentoy import limits, yamlfile
from rentoy.errors import IllegalAction, InputError
from inprocess import located
from inprocess import run as cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
TWO = (EXAMPLES / "two-players.yaml").read_text(encoding="utf-8")


def with_title(title: str) -> str:
    return re.sub(r"(?m)^title: .*$", f"title: {title}", TWO, count=1)


# ---------------------------------------------------------------------------------------
# Tags

TAGS = ["!!bool maybe", "!!timestamp abc", '!!int ""', '!!float ""', '!!int "-"']


@pytest.mark.parametrize("tag", TAGS)
def test_a_tag_the_value_does_not_fit_is_refused_in_a_walkthrough(tag, loader, tmp_path,
                                                                    capsys):
    path = tmp_path / "w.yaml"
    path.write_text(with_title(tag), encoding="utf-8")
    for command in ("run", "check"):
        status, _, err = cli(capsys, command, str(path))
        assert status == 2
        located(err, "w.yaml", 2)
        assert "cannot read this value as !!" in err


@pytest.mark.parametrize("tag", TAGS)
def test_a_tag_the_value_does_not_fit_is_refused_in_a_variant(tag, loader, tmp_path, capsys):
    path = tmp_path / "v.yaml"
    path.write_text(f'id: v\nname: {tag}\nextends: "1737"\n', encoding="utf-8")
    status, _, err = cli(capsys, "check", str(path))
    assert status == 2
    located(err, "v.yaml", 2)


@pytest.mark.parametrize("text", [
    'actions: !!python/object/apply:os.system ["0 raise"]',
    "actions: !!python/tuple [\"0 raise\"]",
    "actions: !!set {a, b}",
    "actions: !!omap [{a: 1}]",
])
def test_a_tag_on_a_list_or_mapping_is_refused_not_dropped(text, loader, tmp_path, capsys):
    path = tmp_path / "w.yaml"
    path.write_text(re.sub(r"(?m)^actions: .*$", text, TWO), encoding="utf-8")
    status, _, err = cli(capsys, "run", str(path))
    assert status == 2
    located(err, "w.yaml", 15)
    assert "is not allowed" in err


def test_an_unknown_tag_on_a_value_is_refused(loader):
    with pytest.raises(InputError, match="the tag !!python/object:os.system is not allowed"
                       ) as info:
        yamlfile.parse_document("a: !!python/object:os.system x\n", "t.yaml")
    assert info.value.problems[0].location.line == 1


# ---------------------------------------------------------------------------------------
# Numbers

@pytest.mark.parametrize("rules, line", [
    ("  hand_size: 3.0\n", 5),
    ("  default_players: 4.0\n", 5),
    ("  ladder: [1, 3, 6, 9, 12.0]\n", 5),
    ("  target:\n    value: 12.0\n    status: assumed\n", 6),
])
def test_whole_numbers_written_as_floats_are_refused_in_variants(rules, line, tmp_path,
                                                                   capsys):
    path = tmp_path / "v.yaml"
    path.write_text(f'id: v\nname: V\nextends: "1737"\nrules:\n{rules}', encoding="utf-8")
    for args in (("check", str(path)), ("simulate", str(path), "-n", "10"),
                 ("rules", str(path))):
        status, _, err = cli(capsys, *args)
        assert status == 2, args
        located(err, "v.yaml", line)
        assert "without the decimal point" in err


@pytest.mark.parametrize("change, line", [
    (("players: 2", "players: 2.0"), 9),
    (("players: 2", "players: 2\ndealer: 1.0"), 10),
    (("players: 2", "players: 2\nscore: [4.0, 5]"), 10),
])
def test_whole_numbers_written_as_floats_are_refused_in_walkthroughs(change, line, tmp_path,
                                                                       capsys):
    path = tmp_path / "w.yaml"
    path.write_text(TWO.replace(*change, 1), encoding="utf-8")
    for command in ("check", "run"):
        status, _, err = cli(capsys, command, str(path))
        assert status == 2
        located(err, "w.yaml", line)
        assert "expected a whole number" in err


# ---------------------------------------------------------------------------------------
# More players than the deck holds

@pytest.mark.parametrize("variant, players", [("1737", 40), ("conil", 8), ("1737", 14)])
def test_a_walkthrough_table_the_deck_cannot_serve(variant, players, tmp_path, capsys):
    path = tmp_path / "w.yaml"
    path.write_text(f'variant: "{variant}"\nplayers: {players}\nactions: ["0 raise"]\n',
                    encoding="utf-8")
    for command in ("check", "run"):
        status, _, err = cli(capsys, command, str(path))
        assert status == 2
        located(err, "w.yaml", 2)
        assert f"not {players}" in err


@pytest.mark.parametrize("kind", ["Hand", "Game", "Match"])
def test_the_engine_refuses_a_table_before_dealing(kind):
    import rentoy.engine as engine

    with pytest.raises(InputError, match="played by 2, 4, 6, 8 players, not 14"):
        getattr(engine, kind)("1737", players=14)
    with pytest.raises(InputError, match="not 8"):
        getattr(engine, kind)("conil", players=8)


# ---------------------------------------------------------------------------------------
# A damaged file hurts only what uses it

def test_a_glossary_that_is_not_a_mapping_costs_only_the_glosses(variants_copy, capsys):
    (variants_copy / "glossary.yaml").write_text("- a\n- b\n", encoding="utf-8")
    status, out, err = cli(capsys, "run", str(EXAMPLES / "betting-from-4-5.yaml"))
    assert status == 0 and "All expectations hold" in out, err
    from rentoy.glossary import load_glossary

    with pytest.raises(InputError, match="glossary is a mapping"):
        load_glossary()


@pytest.mark.parametrize("text, says", [
    ("3\n", "quotations are a mapping of passages"),
    ("- a\n- b\n", "quotations are a mapping of passages"),
    ("q:\n  source: s\n  reference: r\n  paraphrase: p\n  supports: 5\n",
     "quotations.yaml:5:.*`supports` is a list"),
    ("q:\n  source: s\n  reference: r\n  paraphrase: p\n  supports: [[1737]]\n",
     "quotations.yaml:5:.*`supports` is a list"),
])
def test_damaged_quotations_are_reported_not_a_traceback(variants_copy, capsys, text, says):
    (variants_copy / "quotations.yaml").write_text(text, encoding="utf-8")
    status, out, err = cli(capsys, "rules", "1737")
    assert status == 2 and "Traceback" not in err
    assert re.search(says, err), err


@pytest.mark.parametrize("text, says", [
    ("3\n", "family is a mapping"),
    ("games: [rentoy]\n", "`games` is a mapping"),
    ("games:\n  rentoy: {name: Rentoy, era: period, date: soon}\n", "`date` is a year"),
    ("links: 5\n", "`links` is a list"),
    ("links:\n  - {from: [rentoy], to: truc, kind: model, status: attested}\n",
     "no game \\['rentoy'\\]"),
    ("games:\n  a: {name: A, era: period}\n  b: {name: B, era: modern}\n"
     "links:\n  - {from: a, to: b, kind: model, status: attested, source: 5}\n",
     "`source` is a source id"),
    ("claims: [{year: x, label: l, source: s}]\n", "a claim needs a `year`"),
    ("claims: 7\n", "`claims` is a list"),
])
def test_a_damaged_family_tree_is_reported_by_line(variants_copy, text, says):
    from rentoy.family import load_family

    (variants_copy / "family.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=says) as raised:
        load_family(variants_copy / "family.yaml")
    assert "family.yaml:" in str(raised.value)


def test_a_typo_in_avila_does_not_touch_1737(variants_copy, capsys):
    avila = variants_copy / "avila.yaml"
    avila.write_text(avila.read_text(encoding="utf-8").replace("\nrules:", "\nrulez:"),
                     encoding="utf-8")
    for example in ("arrastre.yaml", "avila-vs-1737-1737.yaml", "two-players.yaml"):
        status, out, err = cli(capsys, "run", str(EXAMPLES / example))
        assert status == 0 and "avila" not in err, (example, err)
    # Listing the variants shows the others and reports the damaged one.
    status, out, err = cli(capsys, "variants")
    assert status == 2
    assert "1737" in out and "galicia" in out
    located(err, "avila.yaml")
    assert "unknown key `rulez`" in err
    # The damaged one fails only where it is used.
    status, _, err = cli(capsys, "run", str(EXAMPLES / "avila-vs-1737-avila.yaml"))
    assert status == 2
    assert "avila.yaml" in err


def test_an_illegal_action_is_illegal_whatever_state_the_other_variants_are_in(
        variants_copy):
    from rentoy.cards import parse_card
    from rentoy.engine import Deal, Hand

    (variants_copy / "avila.yaml").write_text("id: avila\nname: [\n", encoding="utf-8")
    deal = Deal(tuple(tuple(parse_card(c) for c in hand) for hand in
                      (["1e", "5o", "6c"], ["4e", "12c", "3b"], ["7b", "11o", "2c"],
                       ["3e", "4c", "5b"])), parse_card("6e"))
    hand = Hand("1737", players=4, deal=deal)
    hand.apply("0 play 1e")
    with pytest.raises(IllegalAction) as info:
        hand.apply("1 play 3b")        # an arrastre: seat 1 must play his trump
    assert info.value.reason == "arrastre"
    assert all(not v.startswith("avila") for v in info.value.legal_under)


def test_a_damaged_built_in_is_left_out_of_the_catalogue(variants_copy):
    from rentoy.variants import builtin_catalogue

    (variants_copy / "huetor.yaml").write_text("id: huetor\nname: H\nrules: 3\n",
                                               encoding="utf-8")
    catalogue = builtin_catalogue()
    assert set(catalogue.damaged) == {"huetor"}
    assert "1737" in [v.id for v in catalogue.variants]


# ---------------------------------------------------------------------------------------
# Limits, read bounded

def test_a_device_is_refused_without_reading_it(capsys):
    started = time.process_time()
    status, _, err = cli(capsys, "check", "/dev/zero")
    assert status == 2 and "character device" in err
    assert time.process_time() - started < 5   # CPU seconds: the load of the machine aside


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path, capsys):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    status, _, err = cli(capsys, "run", str(fifo))
    assert status == 2 and "FIFO" in err


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path, capsys):
    path = tmp_path / "big.yaml"
    path.write_text('variant: "1737"\ndescription: "' + "x" * 50_000_000 + '"\n',
                    encoding="utf-8")
    started = time.process_time()
    status, out, err = cli(capsys, "run", str(path))
    assert status == 2 and "rentoy.limits.MAX_FILE_BYTES" in err and out == ""
    assert time.process_time() - started < 5   # CPU seconds: the load of the machine aside


def test_a_long_string_is_refused_at_its_line_and_not_echoed(loader, tmp_path, capsys):
    path = tmp_path / "w.yaml"
    path.write_text(TWO.replace("description: >-", 'description: "' + "x" * 500_000
                                + '"\nsummary: >-'), encoding="utf-8")
    status, out, err = cli(capsys, "run", str(path))
    assert status == 2 and out == ""
    located(err, "w.yaml", 3)
    assert "rentoy.limits.MAX_STRING_LENGTH" in err and "xxxxxxxxxx" not in err


@pytest.mark.parametrize("flow", [True, False])
def test_a_huge_list_is_refused_early_and_named_as_a_list(flow, loader, tmp_path, capsys):
    path = tmp_path / "w.yaml"
    items = ('actions: [' + '"0 raise", ' * 90_000 + ']\n') if flow else \
        ("actions:\n" + '- 0 raise\n' * 90_000)
    path.write_text('variant: "1737"\n' + items, encoding="utf-8")
    started = time.process_time()
    status, _, err = cli(capsys, "run", str(path))
    assert status == 2
    located(err, "w.yaml", 2 if flow else 3)     # where the list begins
    assert "rentoy.limits.MAX_LIST_LENGTH" in err and "alias" not in err
    assert time.process_time() - started < 5   # CPU seconds: the load of the machine aside


def test_deep_nesting_is_located(loader):
    text = "a: " + "[" * 100_000 + "]" * 100_000 + "\n"
    with pytest.raises(InputError, match="MAX_DEPTH") as info:
        yamlfile.parse_document(text, "t.yaml")
    assert info.value.problems[0].location.line == 1
    assert info.value.problems[0].location.column > 1


def test_a_long_chain_of_extends_names_the_limit_and_where(tmp_path, capsys):
    (tmp_path / "v0.yaml").write_text('id: v0\nname: V0\nextends: "1737"\n', encoding="utf-8")
    for i in range(1, 400):
        (tmp_path / f"v{i}.yaml").write_text(f"id: v{i}\nname: V{i}\nextends: v{i - 1}.yaml\n",
                                             encoding="utf-8")
    status, _, err = cli(capsys, "check", str(tmp_path / "v399.yaml"))
    assert status == 2
    located(err, "v399.yaml", 3)
    assert "rentoy.limits.MAX_EXTENDS_DEPTH" in err
    assert "nested too deeply" not in err
    assert len(err.splitlines()) == 2       # this file's `extends`, and where the limit hit
    status, _, _ = cli(capsys, "check", str(tmp_path / f"v{limits.MAX_EXTENDS_DEPTH - 2}.yaml"))
    assert status == 0


# ---------------------------------------------------------------------------------------
# Atomic, paired output

def divergence_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_a_save_that_fails_halfway_leaves_nothing(tmp_path, capsys, monkeypatch):
    from rentoy import files

    real = files._place
    calls = []
    out = tmp_path / "out"

    def full_disk(temp, path, overwrite):
        if Path(path).parent == out:     # the pairs' files, not the command's caches
            calls.append(path)
            if len(calls) == 4:          # the second file of the second divergence
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        real(temp, path, overwrite)

    monkeypatch.setattr(files, "_place", full_disk)
    status, _, err = cli(capsys, "compare", "1737", "avila", "--divergences", "3",
                         "--save", str(out))
    assert status == 2
    assert len(err.strip().splitlines()) == 1
    assert "no space left on device" in err and "Traceback" not in err
    names = divergence_files(out)
    assert names == ["divergence-1-1737.yaml", "divergence-1-avila.yaml"]  # whole pairs only


def test_an_interrupted_save_leaves_whole_pairs_only(tmp_path, capsys, monkeypatch):
    from rentoy import files

    real = files._place
    calls = []
    out = tmp_path / "out"

    def interrupted(temp, path, overwrite):
        # Only the pair's files count: run alone, the command's first writes are its
        # caches (of the variants read, of the compiled solver), which other tests warm.
        if Path(path).parent == out:
            calls.append(path)
            if len(calls) == 2:
                raise KeyboardInterrupt
        real(temp, path, overwrite)

    monkeypatch.setattr(files, "_place", interrupted)
    status, _, err = cli(capsys, "compare", "1737", "avila", "--divergences", "2",
                         "--save", str(out))
    assert status == 130
    assert divergence_files(out) == []


def test_a_write_to_a_folder_without_permission_is_one_line(tmp_path, capsys, monkeypatch):
    from rentoy import files

    def denied(*args, **kwargs):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(files, "_temporary", denied)
    status, _, err = cli(capsys, "compare", "1737", "avila", "--divergences", "1",
                         "--save", str(tmp_path))
    assert status == 2
    assert err.count("\n") == 1 and "permission denied" in err
    assert divergence_files(tmp_path) == []


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="the superuser may write to a read-only folder")
def test_a_save_into_a_read_only_folder_is_one_line(tmp_path, capsys):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        status, _, err = cli(capsys, "compare", "1737", "avila", "--divergences", "1",
                             "--save", str(folder))
    finally:
        folder.chmod(0o755)
    assert status == 2
    assert err.count("\n") == 1 and "permission denied" in err
    assert divergence_files(folder) == []


@pytest.mark.parametrize("folder", ["/proc/rentoy-out", "/dev/null/sub", "a" * 300])
def test_a_save_folder_that_cannot_be_made_is_one_line(folder, tmp_path, capsys):
    if folder.startswith("/proc") and not Path("/proc").is_dir():
        pytest.skip("no /proc")
    status, _, err = cli(capsys, "compare", "1737", "avila", "--divergences", "1",
                         "--save", folder if folder.startswith("/") else str(tmp_path / folder))
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("rentoy: error: ")


def test_a_plot_is_written_whole_or_not_at_all(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    status, _, err = cli(capsys, "compare", "1737", "avila", "--simulate", "40",
                         "--plot", str(tmp_path / "plot.xyz"))
    assert status == 2 and "give a file name ending in .svg, .png or .pdf" in err
    assert divergence_files(tmp_path) == []
    status, _, err = cli(capsys, "compare", "1737", "avila", "--simulate", "40",
                         "--plot", str(tmp_path / "plot.svg"))
    assert status == 0, err
    assert divergence_files(tmp_path) == ["plot.svg"]


def test_the_atomic_writer_keeps_groups_together(tmp_path, monkeypatch):
    from rentoy.files import WriteError, write_atomic, write_atomic_group

    (tmp_path / "b.txt").write_text("old", encoding="utf-8")
    with pytest.raises(WriteError, match="exists already"):
        write_atomic_group({tmp_path / "a.txt": "a", tmp_path / "b.txt": "b"},
                           overwrite=False)
    assert divergence_files(tmp_path) == ["b.txt"]
    assert (tmp_path / "b.txt").read_text(encoding="utf-8") == "old"
    write_atomic(tmp_path / "b.txt", "new")
    assert (tmp_path / "b.txt").read_text(encoding="utf-8") == "new"
    with pytest.raises(WriteError, match="a part of the path is a file"):
        write_atomic(tmp_path / "b.txt" / "c.txt", "x")
    mode = os.stat(tmp_path / "b.txt").st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    assert mode == 0o666 & ~umask


@pytest.mark.parametrize("args", [
    ("variants",), ("rules", "1737"), ("check", "variants/1737.yaml"),
    ("run", "docs/examples/two-players.yaml"),
])
def test_a_full_stdout_is_one_line_and_exit_2(args):
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "rentoy", *args], stdout=full,
                                stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=120,
                                env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1, result.stderr
    assert "no space left on device" in result.stderr and "Traceback" not in result.stderr


def test_a_closed_pipe_is_quiet():
    process = subprocess.Popen([sys.executable, "-m", "rentoy", "rules", "1737"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                               env={**os.environ, "PYTHONPATH": str(ROOT)})
    process.stdout.close()             # the reader goes away before reading anything
    err = process.stderr.read().decode()
    assert process.wait(timeout=60) == 0
    assert "Traceback" not in err and "Exception" not in err


# ---------------------------------------------------------------------------------------
# Workers die with their parent

def children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text()
        found |= {int(c) for c in text.split()}
    return found


def alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/stat").read_text().split(") ")[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return status != "Z"


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs /proc")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
def test_a_signal_to_the_parent_alone_leaves_no_worker(sig):
    process = subprocess.Popen(
        [sys.executable, "-m", "rentoy", "simulate", "1737", "--jobs", "2",
         "--hands", "10000000"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        workers: set[int] = set()
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
            workers = {c for c in children(process.pid) if alive(c)}
        assert len(workers) >= 2, "the workers did not start"
        time.sleep(0.5)                   # let them get into their chunks
        os.kill(process.pid, sig)         # the parent alone, not its group
        process.wait(timeout=30)
        deadline = time.monotonic() + 30      # a worker still starting ends as it starts
        while any(alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(alive(w) for w in workers)
        # Nothing holds the output pipe open: its reader sees the end.
        assert process.stdout.read() is not None
        if sig != signal.SIGKILL:
            assert b"Traceback" not in process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        try:
            os.killpg(process.pid, signal.SIGKILL)   # never leave a stray behind
        except ProcessLookupError:
            pass


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_save_interrupted_by_a_signal_leaves_whole_pairs(sig, tmp_path):
    out = tmp_path / "out"
    process = subprocess.Popen(
        [sys.executable, "-m", "rentoy", "compare", "1737", "avila", "--divergences", "60",
         "--save", str(out)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and process.poll() is None:
            if out.is_dir() and any(out.iterdir()):
                break
            time.sleep(0.005)
        process.send_signal(sig)
        process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode in (130, 143)      # stopped while saving
    assert b"Traceback" not in process.stderr.read()
    names = divergence_files(out)
    assert not [n for n in names if not n.startswith("divergence-")]   # no temporary file
    numbers = Counter(n.split("-")[1] for n in names)
    assert all(count == 2 for count in numbers.values()), names        # whole pairs
    for name in names:                                                 # whole files
        assert yamlfile.load_document(out / name).data["variant"] in ("1737", "avila")


def _death_signal() -> int:
    import ctypes

    value = ctypes.c_int(0)
    ctypes.CDLL(None).prctl(2, ctypes.byref(value), 0, 0, 0)   # PR_GET_PDEATHSIG
    return value.value


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl is Linux's")
def test_every_pool_worker_asks_to_die_with_its_parent():
    from rentoy.workers import process_pool

    with process_pool(2) as pool:      # the pool of simulations and of the solver
        assert pool.submit(_death_signal).result() == signal.SIGKILL


def _die_at_once() -> None:
    os._exit(1)


# A worker stopped in the middle of writing a result leaves the pool's thread waiting for
# the rest of it; Python's exit waits for that thread without a time limit, so Ctrl-C to a
# simulation with --jobs hung about once in twenty-five runs on two busy cores. The child
# below leaves such a half-written result in the pipe (a length, then less than it
# promised), then is interrupted: it must end at once, with no thread left waiting.
_HALF_WRITTEN_RESULT = """
import os, struct, threading
from rentoy.workers import process_pool
before = set(threading.enumerate())
try:
    with process_pool(1) as pool:
        pool.submit(int, "1").result()          # the worker and the pool's thread run
        writer = pool.pool._result_queue._writer
        os.write(writer.fileno(), struct.pack("!i", 1000) + b"x" * 10)
        raise KeyboardInterrupt
except KeyboardInterrupt:
    pass
left = [t for t in set(threading.enumerate()) - before if t.is_alive()]
print("left:", [t.name for t in left if not t.daemon])
"""


def test_an_interrupted_pool_ends_though_a_result_was_half_written():
    done = subprocess.run([sys.executable, "-c", _HALF_WRITTEN_RESULT], cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "left: []"


def _die_late() -> None:
    time.sleep(1)
    os._exit(1)


def test_a_pool_that_breaks_after_a_cancel_prints_nothing_from_its_thread():
    import threading

    from rentoy.workers import WorkerLost, process_pool

    raised: list[BaseException | None] = []
    hook = threading.excepthook
    threading.excepthook = lambda args: raised.append(args.exc_value)
    try:
        with pytest.raises(WorkerLost):
            with process_pool(1) as pool:
                dying = pool.submit(_die_late)
                for _ in range(2):                  # the worker's queue full
                    pool.submit(time.sleep, 0)
                waiting = pool.submit(time.sleep, 0)
                time.sleep(0.2)                     # the pool has placed all it can
                assert waiting.cancel()             # still the pool's: cancelled
                dying.result(timeout=30)
    finally:
        threading.excepthook = hook
    # Before Python 3.12 the pool's thread failed the cancelled future too, and printed
    # the InvalidStateError it met after rentoy's one-line error.
    assert raised == []


def _die_halfway_through_a_result() -> None:
    # What a worker killed as it sends its result leaves: the pipe's lock taken, and a
    # length written with less than it promised after it. (The queue is the one the
    # standard library's worker loop, further up this stack, sends results through.)
    frame = sys._getframe()
    while frame.f_code.co_name != "_process_worker":
        frame = frame.f_back
    queue = frame.f_locals["result_queue"]
    if queue._wlock is not None:
        queue._wlock.acquire()
    os.write(queue._writer.fileno(), struct.pack("!i", 1000) + b"x" * 10)
    os._exit(1)


def _answer_late(value: int) -> int:
    time.sleep(0.5)
    return value


def test_a_worker_that_dies_halfway_through_a_result_breaks_the_pool():
    import threading

    from rentoy.workers import WorkerLost, process_pool

    before = set(threading.enumerate())
    started = time.monotonic()
    with pytest.raises(WorkerLost, match="ended abruptly"):
        with process_pool(2) as pool:
            late = pool.submit(_answer_late, 1)     # its result waits for the lock
            pool.submit(_die_halfway_through_a_result)
            late.result(timeout=30)
    # Without the pool's watcher this waited for ever: the pool's thread read the
    # half-written result, the other worker the lock.
    assert time.monotonic() - started < 20
    assert [t for t in set(threading.enumerate()) - before if not t.daemon] == []


def test_a_broken_pool_is_a_worker_lost_and_leaves_no_thread_behind():
    import threading

    from rentoy.workers import WorkerLost, process_pool

    before = set(threading.enumerate())
    with pytest.raises(WorkerLost, match="ended abruptly .* after 0 of 1 pieces"):
        with process_pool(2) as pool:
            pool.submit(_die_at_once).result()
    # A pool thread still running as the interpreter exits raced the standard
    # library's exit hook and printed a traceback after the one-line error.
    assert [t for t in set(threading.enumerate()) - before if not t.daemon] == []
