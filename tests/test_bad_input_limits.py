"""Bad input and faults, second set: each reproducer of a defect kept refused or handled.

What aliases expand to and what merge keys copy; the caches' digest; control characters
in files and on the terminal; numbers too long to convert; the bounds on what sizes a
game's work and on what the solver analyses; a damaged schema; closed, endless and
size-limited streams; killed workers and the temporary files they leave; dask settings;
the docs' example-variant directive; call words that shadow what a player types; long
values echoed in messages; faults named for what they are. Each must end with exit
status 0, 1 or 2 and a located message, no traceback; the worst cases are run in a
subprocess and held to 200 MB.
"""

from __future__ import annotations

import errno
import json
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rentoy import limits, yamlfile
from rentoy.errors import InputError
from inprocess import located
from inprocess import run as cli
from measure import run_measured

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
TWO = (EXAMPLES / "two-players.yaml").read_text(encoding="utf-8")
CONTROL = re.compile(limits.CONTROL_CHARACTERS)
MB = 1024 * 1024


def measured(*args: str, **kwargs) -> tuple[int, str, str, int]:
    """``python -m rentoy ARGS`` in a subprocess: exit status, stdout, stderr and its own
    peak memory in bytes (see ``tests/measure.py``); ``env``, ``stdin``, ``stdout``,
    ``preexec_fn`` as there."""
    status, out, err, peak = run_measured(args, **kwargs)
    assert status is not None, f"rentoy {' '.join(args)} did not end"
    return status, out, err, peak


# ---------------------------------------------------------------------------------------
# 1. What aliases expand to

def amplified(tmp_path: Path, length: int = 20_000, copies: int = 190) -> Path:
    """A small file with one long title aliased ``copies`` x 1,000 times."""
    row = "[" + ", ".join(["*t"] * 1000) + "]"
    text = (f'title: &t "{"x" * length}"\nvariant: "1737"\nplayers: 2\ndescription:\n'
            f"  - &r {row}\n" + "  - *r\n" * (copies - 1) + 'actions: ["0 raise"]\n')
    path = tmp_path / "amplified.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_long_string_aliased_many_times_is_refused_by_its_expanded_size(loader, tmp_path,
                                                                          capsys):
    path = amplified(tmp_path)
    assert path.stat().st_size < 30_000
    for command in ("check", "run"):
        status, out, err = cli(capsys, command, str(path))
        assert status == 2 and out == ""
        located(err, "amplified.yaml")
        assert "rentoy.limits.MAX_EXPANDED_CHARACTERS" in err and "aliases" in err
        assert len(err) < 2_000


def test_an_amplified_file_is_refused_in_bounded_memory(tmp_path):
    for path in (amplified(tmp_path), amplified(tmp_path, length=4_000, copies=190)):
        status, _, err, peak = measured("check", str(path))
        assert status == 2 and "MAX_EXPANDED_CHARACTERS" in err, err
        assert peak < 200 * MB, peak


def test_the_validity_digest_does_not_expand_aliases():
    from rentoy.validation import fingerprint

    shared = ["x" * 20_000]
    data = {"a": [[shared] * 1000] * 190}      # 3.8 billion characters expanded
    started = time.process_time()
    assert fingerprint(data) == fingerprint({"a": [[["x" * 20_000]] * 1000] * 190})
    assert time.process_time() - started < 5


# ---------------------------------------------------------------------------------------
# 2. Merge keys, resolved and counted by the reader

def doubling_merges(levels: int) -> str:
    lines = ['variant: "1737"', "m0: &m0 {a: 1, b: 2}"]
    lines += [f"m{k}: &m{k} {{<<: [*m{k - 1}, *m{k - 1}]}}" for k in range(1, levels)]
    return "\n".join(lines) + "\n"


def test_nested_merge_keys_do_not_multiply(loader, monkeypatch):
    from yaml.constructor import SafeConstructor

    def not_used(self, node):       # PyYAML's own resolution is never asked for
        raise AssertionError("flatten_mapping called")

    monkeypatch.setattr(SafeConstructor, "flatten_mapping", not_used)
    text = doubling_merges(30)       # 2**29 pairs when every copy is kept
    assert len(text) < 1_000
    started = time.process_time()
    doc = yamlfile.parse_document(text, "m.yaml")
    assert doc.data["m29"] == {"a": 1, "b": 2}
    assert time.process_time() - started < 5


def test_merge_keys_give_the_first_mapping_and_the_written_keys_precedence(loader):
    text = ("a: &a {x: 1, y: 1}\nb: &b {x: 2, z: 2}\n"
            "c: {<<: [*a, *b], y: 3}\nd: {<<: *b, zz: 4}\n")
    data = yamlfile.parse_document(text, "m.yaml").data
    assert data["c"] == {"x": 1, "y": 3, "z": 2}
    assert data["d"] == {"x": 2, "z": 2, "zz": 4}


def test_merge_keys_that_copy_too_many_pairs_are_refused(loader, tmp_path, capsys):
    wide = "{" + ", ".join(f"k{k}: {k}" for k in range(600)) + "}"
    text = (f'variant: "1737"\nw: &w {wide}\n'
            + "".join(f"c{k}: {{<<: *w, z: {k}}}\n" for k in range(40)))
    path = tmp_path / "merged.yaml"
    path.write_text(text, encoding="utf-8")
    status, _, err = cli(capsys, "check", str(path))
    assert status == 2 and "rentoy.limits.MAX_MERGED_PAIRS" in err
    located(err, "merged.yaml")


@pytest.mark.parametrize("text, says", [
    ("a: {<<: 3}\n", "takes a mapping or a list of mappings"),
    ("a: {<<: [1, 2]}\n", "takes a mapping or a list of mappings"),
    ("a: &a {<<: *a}\n", "merges a mapping into itself"),
])
def test_a_bad_merge_key_is_located(loader, text, says):
    with pytest.raises(InputError, match=says) as info:
        yamlfile.parse_document(text, "m.yaml")
    assert info.value.problems[0].location.line == 1


def test_the_pyyaml_floor_bounds_merges_too():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"PyYAML>=6.0.4"' in text


# ---------------------------------------------------------------------------------------
# 3. The caches' digest: no crafted text passes for another

def test_a_text_sharing_the_old_checksums_is_read_as_itself(tmp_path, capsys):
    from fuzz.tree import colliding_twin, old_key

    text = (ROOT / "variants" / "avila.yaml").read_text(encoding="utf-8").replace(
        "id: avila", "id: mine")
    pair = None
    for seed in range(20):
        pair = colliding_twin(text, random.Random(seed))
        if pair is not None:
            break
    assert pair is not None
    first, second = pair
    assert old_key(first) == old_key(second) and first != second
    path = tmp_path / "mine.yaml"
    path.write_bytes(first)
    assert cli(capsys, "check", str(path))[0] == 0          # remembered as valid
    path.write_bytes(second)
    os.utime(path, ns=(time.time_ns() + 10**9,) * 2)
    own = yamlfile.parse_document(second.decode("utf-8"), str(path)).data
    assert yamlfile.load_document(path).data == own
    assert yamlfile.text_digest(first) != yamlfile.text_digest(second)


def test_an_invalid_document_never_shares_a_valid_ones_key():
    from rentoy.validation import _digest
    from rentoy.variants import schema_path

    good = yamlfile.parse_document("id: x\nname: y\n", "a.yaml")
    bad = yamlfile.parse_document("id: x\nname: [y]\n", "a.yaml")
    assert _digest(good, str(schema_path())) != _digest(bad, str(schema_path()))
    # A document made from data alone is told apart by a digest of its data.
    same = yamlfile.Document({"id": "x", "name": "y"}, None)
    other = yamlfile.Document({"id": "x", "name": ["y"]}, None)
    assert _digest(same, str(schema_path())) != _digest(other, str(schema_path()))


# ---------------------------------------------------------------------------------------
# 4. Control characters: refused in files, escaped on the way out

@pytest.mark.parametrize("title", ['"\\e]0;pwned\\a"', '"\\e[2J\\e[H"', '"a\\x9bb"',
                                   '"\\u202edlrow"', '"a\\rb"', '"\\0"'])
def test_a_control_character_in_a_file_is_refused_at_its_line(title, loader, tmp_path, capsys):
    path = tmp_path / "w.yaml"
    path.write_text(re.sub(r"(?m)^title: .*$", lambda _: f"title: {title}", TWO, count=1),
                    encoding="utf-8")
    for command in ("check", "run"):
        status, out, err = cli(capsys, command, str(path))
        assert status == 2
        located(err, "w.yaml", 2)
        assert "control character U+" in err
        assert not CONTROL.search(out + err)


def test_a_control_character_in_a_key_or_a_variant_is_refused(loader, tmp_path, capsys):
    path = tmp_path / "v.yaml"
    path.write_text('id: v\nname: V\nextends: "1737"\nrules:\n  calls: {accept: "\\e[5m"}\n',
                    encoding="utf-8")
    status, _, err = cli(capsys, "check", str(path))
    assert status == 2 and "control character U+001B (ESC)" in err
    located(err, "v.yaml", 5)


def test_control_characters_from_names_and_arguments_are_escaped_on_output(tmp_path):
    name = tmp_path / "\x1b]0;pwned\x07\x9b2J.yaml"
    status, out, err, _ = measured("check", str(name))
    assert status == 2 and "\\x1b]0;pwned\\x07\\x9b2J.yaml" in err
    assert not CONTROL.search(out + err)
    status, out, err, _ = measured("rules", "\x1b[2J\x1b[H")
    assert status == 2 and not CONTROL.search(out + err) and "\\x1b[2J" in err
    status, out, err, _ = measured("check", "-f", "json", str(name))
    assert not CONTROL.search(out + err)
    assert json.loads(out)["results"][0]["path"] == str(name)     # exact, as JSON


def test_a_schema_with_a_control_character_is_refused(tmp_path):
    path = tmp_path / "s.json"
    path.write_text('{"a": "\\u001b[2J"}', encoding="utf-8")
    with pytest.raises(InputError, match="s.json:1:8: .*U\\+001B"):
        yamlfile.load_json(path)


# ---------------------------------------------------------------------------------------
# 5. Whole numbers too long to convert

SEAT = "9" * 5000


def test_a_seat_of_thousands_of_digits_is_a_bad_action(tmp_path, capsys):
    path = tmp_path / "w.yaml"
    path.write_text(TWO.replace('"0 raise"]', f'"{SEAT} raise"]'), encoding="utf-8")
    for command in ("check", "run", "solve"):
        status, _, err = cli(capsys, command, str(path))
        assert status == 2, (command, err)
        located(err, "w.yaml", 15)
        assert "there is no seat" in err and len(err) < 1_000


@pytest.mark.parametrize("text", ["9" * 5000, "9" * 101, "-" + "9" * 200, "0x" + "f" * 300])
def test_a_number_of_too_many_digits_is_refused_at_its_line(text, loader):
    with pytest.raises(InputError, match="MAX_DIGITS") as info:
        yamlfile.parse_document(f"a: 1\nb: {text}\n", "n.yaml")
    assert info.value.problems[0].location.line == 2


def test_columns_of_thousands_of_digits_is_no_width(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "9" * 5000)
    status, out, err = cli(capsys, "rules", "1737")
    assert status == 0 and max(len(line) for line in out.splitlines()) <= 80
    status, _, err = cli(capsys, "--width", "9" * 5000, "variants")
    assert status == 2 and len(err) < 500


def test_a_position_of_thousands_of_digits_at_the_table():
    from rentoy.cards import parse_card
    from rentoy.table import read_line

    cards = [parse_card(c) for c in ("3c", "6b", "7e")]
    reading = read_line(SEAT, 0, cards, "1737")
    assert reading.action is None and "there is no card" in reading.error
    assert len(reading.error) < 200


# ---------------------------------------------------------------------------------------
# 6. Bounds on what sizes a game's work

@pytest.mark.parametrize("rule, value, limit", [
    ("target", "1000000000", "MAX_TARGET"), ("target", "101", "MAX_TARGET"),
    ("match", "23", "MAX_MATCH"), ("players", "[40]", "MAX_PLAYERS"),
    ("default_players", "40", "MAX_PLAYERS"), ("hand_size", "20", "MAX_HAND_SIZE"),
    ("tricks", "21", "MAX_TRICKS"), ("ladder", "[1, 3, 1000]", "MAX_TARGET"),
    ("ladder", str(list(range(1, 30))), "MAX_LADDER_STEPS"),
])
def test_a_rule_past_its_bound_is_refused_at_its_line(rule, value, limit, tmp_path, capsys):
    path = tmp_path / "v.yaml"
    path.write_text(f'id: v\nname: V\nextends: "1737"\nrules:\n  {rule}: {value}\n',
                    encoding="utf-8")
    for args in (("check", str(path)), ("simulate", str(path), "-n", "50"),
                 ("rules", str(path))):
        started = time.perf_counter()
        status, _, err = cli(capsys, *args)
        assert status == 2, (args, err)
        located(err, "v.yaml", 5)
        assert f"rentoy.limits.{limit}" in err
        assert time.perf_counter() - started < 30


def test_every_bound_on_the_rules_is_in_the_schema_and_the_rule_checks():
    from rentoy.consistency import rule_problems
    from rentoy.variants import schema_path

    schema = json.loads(schema_path().read_text(encoding="utf-8"))
    rules = schema["properties"]["rules"]["properties"]
    option = schema["$defs"]["option"]["properties"]["rules"]["properties"]
    for name, limit in [("target", "MAX_TARGET"), ("match", "MAX_MATCH"),
                        ("hand_size", "MAX_HAND_SIZE"), ("tricks", "MAX_TRICKS"),
                        ("default_players", "MAX_PLAYERS")]:
        value = limits.LIMITS[limit][0]
        assert rules[name]["anyOf"][0]["maximum"] == value, name
        assert rules[name]["anyOf"][1]["properties"]["value"]["maximum"] == value, name
        assert option[name]["maximum"] == value and option[name]["x-limit"] == limit, name
    assert rules["players"]["anyOf"][0]["items"]["maximum"] == limits.MAX_PLAYERS
    assert rules["ladder"]["anyOf"][0]["maxItems"] == limits.MAX_LADDER_STEPS
    assert rules["ladder"]["anyOf"][0]["items"]["oneOf"][0]["maximum"] == limits.MAX_TARGET
    # The rule checks hold the same bounds where the schema is not asked (an option
    # applied, a variant built in code).
    from rentoy.errors import Location
    from rentoy.variants import load_variant

    values = dict(load_variant("1737").values)
    values.update(target=10**9, match=10**9 + 1, tricks=21, hand_size=25, players=(2, 40),
                  ladder=tuple(range(1, 40)))
    found = " ".join(p.message for p in rule_problems(values, lambda r: (Location(), ())))
    for limit in ("MAX_TARGET", "MAX_MATCH", "MAX_TRICKS", "MAX_HAND_SIZE", "MAX_PLAYERS",
                  "MAX_LADDER_STEPS"):
        assert f"rentoy.limits.{limit}" in found, limit


def test_a_variant_at_its_bounds_still_plays(tmp_path, capsys):
    path = tmp_path / "v.yaml"
    path.write_text('id: v\nname: V\nextends: "1737"\nrules:\n  target: 100\n  match: 21\n',
                    encoding="utf-8")
    assert cli(capsys, "check", str(path))[0] == 0
    status, out, err = cli(capsys, "simulate", str(path), "-n", "50", "--seed", "1")
    assert status == 0, err


def test_the_openspiel_game_refuses_a_target_past_its_bound(tmp_path):
    pyspiel = pytest.importorskip("pyspiel")
    import rentoy.integrations.openspiel  # noqa: F401 - registers the game

    path = tmp_path / "v.yaml"
    path.write_text('id: v\nname: V\nextends: "1737"\nrules:\n  target: 1000000000\n',
                    encoding="utf-8")
    with pytest.raises(InputError, match="MAX_TARGET"):
        pyspiel.load_game("python_rentoy", {"variant": str(path), "players": 0})


# ---------------------------------------------------------------------------------------
# 7. The solver's limits, checked before the work starts

NINE = ('id: nine\nname: Nine tricks\nextends: "1737"\nrules:\n  hand_size: 9\n  tricks: 9\n'
        "  tricks_to_win: 5\n  players: [2]\n  default_players: 2\n")
TEN = ('id: ten\nname: Ten players\nextends: "1737"\nrules:\n  hand_size: 3\n'
       "  players: [4, 10]\n  default_players: 10\n")


def test_solve_refuses_a_variant_beyond_the_solver_before_starting(tmp_path, capsys):
    (tmp_path / "nine.yaml").write_text(NINE, encoding="utf-8")
    hands = [["1o", "2o", "3o", "4o", "5o", "6o", "7o", "10o", "11o"],
             ["12o", "1c", "2c", "3c", "4c", "5c", "6c", "7c", "10c"]]
    (tmp_path / "w.yaml").write_text(
        f"variant: nine.yaml\nplayers: 2\ndeal:\n  hands: {json.dumps(hands)}\n  up: 11c\n",
        encoding="utf-8")
    status, _, err = cli(capsys, "solve", str(tmp_path / "w.yaml"))
    assert status == 2 and "rentoy.limits.MAX_SOLVER_TRICKS" in err
    located(err, "nine.yaml", 6)


@pytest.mark.parametrize("text, name, line, limit", [
    (NINE, "nine.yaml", 6, "MAX_SOLVER_TRICKS"), (TEN, "ten.yaml", 7, "MAX_SOLVER_PLAYERS")])
def test_compare_solve_refuses_before_starting(text, name, line, limit, tmp_path, capsys):
    (tmp_path / name).write_text(text, encoding="utf-8")
    started = time.perf_counter()
    status, _, err = cli(capsys, "compare", str(tmp_path / name), "--solve", "50",
                         "--jobs", "2")
    assert status == 2 and f"rentoy.limits.{limit}" in err
    located(err, name, line)
    assert time.perf_counter() - started < 30


def test_the_openspiel_game_refuses_more_players_than_it_declares(tmp_path):
    pyspiel = pytest.importorskip("pyspiel")
    import rentoy.integrations.openspiel  # noqa: F401

    (tmp_path / "ten.yaml").write_text(TEN, encoding="utf-8")
    with pytest.raises(Exception, match="at most 8 players"):
        pyspiel.load_game("python_rentoy", {"variant": str(tmp_path / "ten.yaml"),
                                            "players": 0})


# ---------------------------------------------------------------------------------------
# 8. The schema, read like every other file

@pytest.mark.parametrize("damage, says", [
    ("fifo", "schema.json: this is a FIFO"), ("zero", "schema.json: this is a character"),
    ('{"a": [', "schema.json:1:8: this is not valid JSON"),
    ("{}", "schema.json: this is not a JSON Schema"),
    ('{"properties": {"rules": 3}}', "schema.json: this is not a JSON Schema"),
    ('{"properties": {"rules": {"$ref": "#/$defs/none"}}}', "refers to '#/$defs/none'"),
    ('{"properties": {"rules": {"type": 5}}}', "this is not a valid JSON Schema"),
    ('{"x": ' + "9" * 5000 + "}", "MAX_DIGITS"),
    ("[" * 5000 + "]" * 5000, "MAX_DEPTH"),
])
def test_a_damaged_schema_stops_commands_with_its_name(damage, says, tmp_path):
    folder = tmp_path / "variants"
    shutil.copytree(ROOT / "variants", folder)
    schema = folder / "schema.json"
    schema.unlink()
    if damage == "fifo":
        os.mkfifo(schema)
    elif damage == "zero":
        schema.symlink_to("/dev/zero")
    else:
        schema.write_text(damage, encoding="utf-8")
    env = {"RENTOY_VARIANTS_DIR": str(folder)}
    every = (("variants",), ("rules", "1737"), ("run", str(EXAMPLES / "two-players.yaml")))
    for args in every if damage == "fifo" else every[1:2]:
        status, _, err, peak = measured(*args, env=env)
        assert status == 2, (args, err)
        assert says in err and "Traceback" not in err, err
        assert peak < 200 * MB


# ---------------------------------------------------------------------------------------
# 9. Closed and endless streams

def test_a_closed_stdout_is_one_line_and_exit_2():
    for args in (("variants",),):
        status, _, err, _ = measured(*args, preexec_fn=lambda: os.close(1))
        assert status == 2 and err.count("\n") == 1, err
        assert "standard output is closed" in err


def test_play_with_stdin_closed_ends_the_game_as_at_the_end_of_input():
    status, out, err, _ = measured("play", "1737", "--seed", "1", preexec_fn=lambda: os.close(0))
    assert status == 0 and "The game is left off." in out and "Traceback" not in err


def test_play_from_an_endless_line_stops_in_bounded_memory():
    with open("/dev/zero", "rb") as zero:
        started = time.perf_counter()
        status, _, err, peak = measured("play", "1737", "--seed", "1", stdin=zero)
    assert status == 2 and "<standard input>: line 1 does not end" in err
    assert peak < 200 * MB and time.perf_counter() - started < 60


def test_a_long_line_of_play_input_is_skipped_with_a_warning():
    import io

    from rentoy.cli.common import input_lines

    lines = list(input_lines(io.StringIO("1\n" + "x" * 50_000 + "\n2\n\xff\n")))
    assert lines == ["1\n", "2\n", "\xff\n"]
    data = ("1\n" + "9" * 900 + "\n" + "x" * 5000 + "\n?\n").encode()
    process = subprocess.run([sys.executable, "-m", "rentoy", "play", "1737", "--seed", "1"],
                             input=data, capture_output=True, cwd=ROOT, timeout=120,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
    err = process.stderr.decode()
    assert process.returncode == 0 and "Traceback" not in err
    assert "rentoy.limits.MAX_INPUT_LINE" in err and "there is no card" in process.stdout.decode()


def test_output_cut_by_a_file_size_limit_is_an_error(tmp_path):
    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))

    with open(tmp_path / "out.txt", "wb") as out:
        status, _, err, _ = measured("rules", "1737", stdout=out, preexec_fn=limit)
    assert status == 2 and "file too large" in err and err.count("\n") == 1, err


# ---------------------------------------------------------------------------------------
# 10. Killed workers and the temporary files killed writers leave

def children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(c) for c in (task / "children").read_text().split()}
    return found


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs /proc")
def test_a_killed_worker_is_one_line_and_the_finished_games_are_kept():
    process = subprocess.Popen(
        [sys.executable, "-m", "rentoy", "simulate", "1737", "--jobs", "2", "--hands",
         "10000000", "--seed", "1", "-f", "json"], stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        deadline = time.monotonic() + 60
        workers: set[int] = set()
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
            workers = children(process.pid)
        assert len(workers) >= 2, "the workers did not start"
        time.sleep(6)                           # let a few chunks finish
        os.kill(max(workers), signal.SIGKILL)   # as the out-of-memory killer does
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    err = err.decode()
    assert process.returncode == 2 and "Traceback" not in err
    assert err.count("\n") == 1 and "a worker process ended abruptly" in err, err
    if " after 0 of " in err:         # a slow machine: no piece was done, none is shown
        assert out == b""
        return
    data = json.loads(out)
    assert 0 < data["hands"] == data["hands_requested"] < 10_000_000
    assert f"the {data['games']:,} games" in err


def test_a_stale_temporary_file_of_a_killed_writer_is_removed(tmp_path):
    from rentoy.files import remove_stale_temporaries, write_atomic

    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / f".rentoy-{dead.pid}-00112233aabbccdd.tmp"
    mine = tmp_path / f".rentoy-{os.getpid()}-00112233aabbccdd.tmp"
    old = tmp_path / ".rentoy-0011223344556677.tmp"         # no pid: removed when old
    other = tmp_path / ".rentoy-notes.txt"
    for path in (stale, mine, old, other):
        path.write_text("half", encoding="utf-8")
        os.utime(path, (time.time() - 60,) * 2)
    os.utime(old, (time.time() - 2 * 86_400,) * 2)
    write_atomic(tmp_path / "a.yaml", "a: 1\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [mine.name, other.name, "a.yaml"])
    assert remove_stale_temporaries(tmp_path / "missing") == []


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs /proc")
def test_a_writer_killed_while_writing_leaves_nothing_after_the_next_write(tmp_path):
    script = ("import os, rentoy.files as f\n"
              "real = f._place\n"
              "def stop(temp, path, overwrite):\n"
              "    os.kill(os.getpid(), 9)\n"
              "f._place = stop\n"
              f"f.write_atomic({str(tmp_path / 'a.yaml')!r}, 'a: 1')\n")
    subprocess.run([sys.executable, "-c", script], cwd=ROOT, timeout=60,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    left = [p.name for p in tmp_path.iterdir()]
    assert len(left) == 1 and left[0].startswith(".rentoy-")
    os.utime(tmp_path / left[0], (time.time() - 60,) * 2)
    from rentoy.files import write_atomic

    write_atomic(tmp_path / "b.yaml", "b: 1")
    assert [p.name for p in tmp_path.iterdir()] == ["b.yaml"]


# ---------------------------------------------------------------------------------------
# 11. dask settings

@pytest.mark.parametrize("timeout", ["nan", "inf", "-1", "0", "1e400", "x" * 5000])
def test_a_dask_timeout_that_is_not_a_wait_is_refused(timeout, capsys):
    status, _, err = cli(capsys, "simulate", "1737", "-n", "10", "--dask",
                         "tcp://127.0.0.1:9", "--dask-timeout", timeout)
    assert status == 2
    assert "is not a number of seconds" in err
    assert max(len(line) for line in err.splitlines()) < 300


@pytest.mark.parametrize("text, says", [
    ('{"x": 1}', "this is not a dask scheduler file"), ("garbage", "this is not valid JSON"),
    ('{"address": 5}', "this is not a dask scheduler file"), ("fifo", "this is a FIFO"),
])
def test_a_scheduler_file_that_is_not_one_is_refused_at_once(text, says, tmp_path, capsys):
    pytest.importorskip("distributed")
    path = tmp_path / "scheduler.json"
    if text == "fifo":
        os.mkfifo(path)
    else:
        path.write_text(text, encoding="utf-8")
    started = time.perf_counter()
    status, _, err = cli(capsys, "simulate", "1737", "-n", "10", "--dask-scheduler-file",
                         str(path))
    assert status == 2 and says in err and "scheduler.json" in err
    assert time.perf_counter() - started < 15


def test_the_dask_executor_refuses_a_timeout_that_is_not_a_wait():
    pytest.importorskip("distributed")
    from rentoy.simulation.cluster import dask_executor

    with pytest.raises(InputError, match="number of seconds"):
        with dask_executor("tcp://127.0.0.1:9", timeout=float("nan")):
            pass


# ---------------------------------------------------------------------------------------
# 12. The docs' example-variant directive reads through the bounded reader

def test_an_example_variant_in_latin_1_fails_the_build_cleanly(tmp_path):
    from test_docs_extension import build, make_site

    docs = make_site(tmp_path, "# Mine\n\n```{rentoy-example-variant} mine.yaml\n```\n")
    (docs / "mine.yaml").write_bytes('id: mine\nname: Ávila\nextends: "1737"\n'
                                     .encode("latin-1"))
    done = build(docs)
    assert done.returncode != 0
    assert "mine.yaml:2" in done.stderr and "not UTF-8" in done.stderr
    assert "Exception occurred" not in done.stderr and "Traceback" not in done.stderr


# ---------------------------------------------------------------------------------------
# 13. Call words that shadow what a player types

@pytest.mark.parametrize("calls, says", [
    ('{accept: "1"}', "a card's position"), ('{accept: "?"}', "the request for the legal"),
    ("{fold: 3c}", "as a card"), ('{fold: "play Rc"}', "as a card"),
    ("{accept: fold}", "the call `fold`"), ("{fold: quiero}", "the call `accept`"),
    ("{accept: dale, fold: dale}", "this variant's call `accept`"),
    ("{raise: [envío, '2', nueve, el rentoy entero]}", "a card's position"),
])
def test_a_call_word_that_reads_as_something_else_is_refused(calls, says, tmp_path, capsys):
    path = tmp_path / "v.yaml"
    ladder = "  ladder: [1, 3, 6, 9, 12]\n" if "raise" in calls else ""
    path.write_text(f'id: v\nname: V\nextends: "1737"\nrules:\n{ladder}  calls: {calls}\n',
                    encoding="utf-8")
    status, _, err = cli(capsys, "check", str(path))
    assert status == 2 and says in err, err
    located(err, "v.yaml")


def test_the_built_in_call_words_read_as_their_calls(capsys):
    assert cli(capsys, "variants")[0] == 0


@pytest.mark.parametrize("word", ["Envío", "¡Quiero!", "no  quiero", "Só", "ǑRO", "revío",
                                  "el Rentoy entero", "¿Ayúda?", "PLAY 3C"])
def test_call_words_are_read_as_the_table_reads_them(word):
    from rentoy.consistency import _as_typed
    from rentoy.glossary import term_key

    assert _as_typed(word) == term_key(" ".join(word.split()))


# ---------------------------------------------------------------------------------------
# 14. Long values echoed, many problems, faults named for what they are

def test_a_long_value_is_cut_in_the_message(tmp_path, capsys):
    path = tmp_path / "w.yaml"
    path.write_text(TWO.replace('"0 raise"]', '"0 play ' + "9" * 18_000 + 'o"]'),
                    encoding="utf-8")
    status, _, err = cli(capsys, "run", str(path))
    assert status == 2 and max(len(line) for line in err.splitlines()) < 400, err[:500]
    located(err, "w.yaml", 15)


def test_thousands_of_problems_are_counted_not_all_printed(tmp_path, capsys):
    path = tmp_path / "w.yaml"
    path.write_text('variant: "1737"\n' + "".join(f"k{k}: {k}\n" for k in range(3000)),
                    encoding="utf-8")
    status, _, err = cli(capsys, "check", str(path))
    assert status == 2
    assert len(err.splitlines()) == limits.MAX_PROBLEMS + 1
    assert "more problems (rentoy.limits.MAX_PROBLEMS)" in err


def test_a_refused_read_is_not_called_a_write(tmp_path, capsys, monkeypatch):
    from pathlib import Path as P

    real = P.is_dir

    def denied(self):
        if self.name == "w.yaml":
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self))
        return real(self)

    monkeypatch.setattr(P, "is_dir", denied)
    status, _, err = cli(capsys, "check", str(tmp_path / "nox" / "w.yaml"))
    assert status == 2 and err.count("\n") == 1
    assert "permission denied" in err and "write to" not in err
    assert "check the permissions" in err
    from rentoy.files import describe_os_error

    exc = PermissionError(errno.EACCES, "Permission denied")
    assert "write to" in describe_os_error(exc)[1]
    assert "permissions" in describe_os_error(exc, writing=False)[1]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="the superuser reads through any permission")
def test_a_folder_without_search_permission_is_a_read_error(tmp_path, capsys):
    folder = tmp_path / "nox"
    folder.mkdir()
    (folder / "w.yaml").write_text(TWO, encoding="utf-8")
    folder.chmod(0o600)
    try:
        status, _, err = cli(capsys, "check", str(folder / "w.yaml"))
    finally:
        folder.chmod(0o755)
    assert status == 2 and "write to" not in err
