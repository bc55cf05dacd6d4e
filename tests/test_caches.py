"""Caches that cannot lie or run code: every cache file damaged (bytes flipped, the file
cut short, bytes swapped, grown past its bound, replaced by another kind of file) gives
the same output as no cache at all, and is rebuilt, with one line on stderr at most."""

from __future__ import annotations

import json
import marshal
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from rentoy import caches, yamlfile
from rentoy.caches import read_sealed, write_sealed

ROOT = Path(__file__).resolve().parent.parent
RECORD = str(ROOT / "docs" / "examples" / "game-record.yaml")


def damages(raw: bytes, rng: random.Random, count: int) -> list[tuple[str, bytes]]:
    """``count`` damaged copies of ``raw``, each named: a byte flipped, the file cut
    short, two bytes swapped, in the header and in the payload."""
    end = raw.find(b"\n")
    if end < 0:                 # a file sealed entry by entry: no header line
        end = len(raw) // 2
    out: list[tuple[str, bytes]] = []
    kinds = ("flip", "truncate", "swap")
    for k in range(count):
        kind = kinds[k % 3]
        where = rng.randrange(end) if k % 2 == 0 else rng.randrange(end + 1, len(raw))
        if kind == "flip":
            data = raw[:where] + bytes([raw[where] ^ rng.randrange(1, 256)]) + raw[where + 1:]
        elif kind == "truncate":
            data = raw[:where]
        else:
            other = rng.randrange(len(raw))
            while raw[other] == raw[where]:
                other = rng.randrange(len(raw))
            a, b = sorted((where, other))
            data = raw[:a] + raw[b:b + 1] + raw[a + 1:b] + raw[a:a + 1] + raw[b + 1:]
        out.append((f"{kind} at {where}", data))
    return out


# -- the sealed format ------------------------------------------------------------------

def test_a_sealed_file_gives_back_its_payload_or_nothing(tmp_path, capsys, monkeypatch):
    payload = json.dumps({"a": [1, 2, 3], "b": "x" * 50}).encode()
    write_sealed(tmp_path, "c.json", "test", "origin", payload)
    raw = (tmp_path / "c.json").read_bytes()
    assert read_sealed(tmp_path, "c.json", "test", "origin", 10_000) == payload
    for name, data in damages(raw, random.Random(1), 120):
        monkeypatch.setattr(caches, "_said", False)
        (tmp_path / "c.json").write_bytes(data)
        got = read_sealed(tmp_path, "c.json", "test", "origin", 10_000)
        assert got is None, name
        # A damaged file is removed (to be rebuilt), and said in one line; one whose
        # header reads as another version or origin is stale, replaced when rebuilt.
        assert capsys.readouterr().err.count("\n") <= 1
        write_sealed(tmp_path, "c.json", "test", "origin", payload)
        assert read_sealed(tmp_path, "c.json", "test", "origin", 10_000) == payload


def test_a_stale_file_is_replaced_without_a_word(tmp_path, capsys):
    write_sealed(tmp_path, "c.json", "test", "origin", b"[1]")
    assert read_sealed(tmp_path, "c.json", "test", "another origin", 100) is None
    assert read_sealed(tmp_path, "c.json", "other kind", "origin", 100) is None
    assert capsys.readouterr().err.count("\n") <= 1


def test_a_cache_over_its_bound_is_not_read(tmp_path, monkeypatch):
    write_sealed(tmp_path, "c.json", "test", "origin", b"[" + b"1," * 5000 + b"1]")
    assert read_sealed(tmp_path, "c.json", "test", "origin", 100) is None
    assert not (tmp_path / "c.json").exists()
    os.mkfifo(tmp_path / "fifo.json")            # never opened: no wait for a writer
    assert read_sealed(tmp_path, "fifo.json", "test", "origin", 100) is None


def test_a_resealed_entry_that_is_not_plain_data_is_refused(tmp_path, monkeypatch):
    """A file whose seal holds (written by hand with the digest recomputed) but whose
    entry is not what the parsed-documents cache writes gives nothing back either."""
    monkeypatch.setenv("RENTOY_CACHE_DIR", str(tmp_path))
    cache = yamlfile._ParsedCache()
    text = "a: 1\n"
    key = yamlfile.text_digest(text.encode())
    code = compile("1", "x", "eval")
    for blob in (marshal.dumps((code, {}, {})), marshal.dumps((frozenset([1]), {}, {})),
                 marshal.dumps(({"a": 1}, {("a",): (1, 2, 3)}, {})), b"\xff" * 10):
        entries = {key: (caches.seal_entry(key, blob), blob)}
        write_sealed(tmp_path, cache._FILE, cache._KIND, cache._made_from(),
                     marshal.dumps(entries))
        assert yamlfile._ParsedCache().get(text, "a.yaml") is None
    # An entry whose own digest does not hold is dropped.
    good = marshal.dumps(({"a": 2}, {}, {}))
    entries = {key: (caches.seal_entry(key, marshal.dumps(({"a": 1}, {}, {}))), good)}
    write_sealed(tmp_path, cache._FILE, cache._KIND, cache._made_from(),
                 marshal.dumps(entries))
    assert yamlfile._ParsedCache().get(text, "a.yaml") is None


# -- the commands, with every cache file damaged ------------------------------------------

def _rentoy(cache: Path, *argv: str) -> tuple[int, str, str]:
    env = dict(os.environ, RENTOY_CACHE_DIR=str(cache), LANG="C.UTF-8", COLUMNS="100")
    env.pop("LC_ALL", None)
    done = subprocess.run([sys.executable, "-m", "rentoy", *argv], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=120)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("name", ["parsed-documents.marshal", "valid-documents.json"])
def test_damaged_cache_files_never_change_an_answer(tmp_path, name):
    cache = tmp_path / "cache"
    commands = (("rules", "1737"), ("check", RECORD))
    baseline = [_rentoy(cache, *argv) for argv in commands]
    assert all(code == 0 for code, _, _ in baseline)
    raw = (cache / name).read_bytes()
    for label, data in damages(raw, random.Random(name), 4):
        (cache / name).write_bytes(data)
        for argv, (code, out, err) in zip(commands, baseline):
            got = _rentoy(cache, *argv)
            assert got[:2] == (code, out), (label, argv, got[2][-500:])
            assert "Traceback" not in got[2]
            assert got[2].count("\n") <= err.count("\n") + 1, got[2]
        # Rebuilt: the next run reads a whole, sealed file again.
        rebuilt = (cache / name).read_bytes()
        assert rebuilt.startswith(b'{"cache": ') if name.endswith(".marshal") else \
            isinstance(json.loads(rebuilt), list), label


def test_the_site_simulation_cache_is_data_and_survives_damage(tmp_path, monkeypatch):
    from rentoy.simulation.run import simulate
    from rentoy.sphinxext.compare import cached_simulation
    from rentoy.variants import load_variant

    monkeypatch.setenv("RENTOY_CACHE_DIR", str(tmp_path))
    variants = [load_variant("1737"), load_variant("avila")]
    settings = {"hands": 120, "seed": 3}
    runs: list[int] = []

    def run():
        runs.append(1)
        return simulate(["1737", "avila"], **settings)

    first = cached_simulation(variants, settings, run)
    (path,) = tmp_path.glob("site-simulation-*.json")
    raw = path.read_bytes()
    assert b"pickle" not in raw and json.loads(raw.split(b"\n", 1)[1])["games"] > 0
    assert cached_simulation(variants, settings, run) == first and len(runs) == 1
    for label, data in damages(raw, random.Random(5), 12):
        path.write_bytes(data)
        again = cached_simulation(variants, settings, run)
        assert again == first and again.to_data(timing=False) == first.to_data(timing=False), \
            label
    assert len(runs) == 13            # every damaged file rebuilt, none believed
