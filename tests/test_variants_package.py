"""Packaging: the wheel carries the built-in variants, and an installed copy finds them.

Builds a wheel from this checkout with the build backend already installed (no
network), checks its contents, installs it into a fresh virtual environment (without
its dependencies, which are taken from this environment) and runs ``rentoy`` from
another folder. Takes a few seconds.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(args, capture_output=True, text=True, timeout=300, **kw)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    if importlib.util.find_spec("hatchling") is None:
        pytest.skip("the build backend (hatchling) is not installed here, and building "
                    "in isolation would need the network to fetch it")
    if importlib.util.find_spec("pip") is None:
        pytest.skip("pip is not available to build the wheel")
    out = tmp_path_factory.mktemp("wheel")
    done = _run(sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps",
                "--no-build-isolation", "--no-index", "-q", "-w", str(out))
    assert done.returncode == 0, done.stderr
    (built,) = out.glob("rentoy-*.whl")
    return built


def test_the_wheel_contains_the_variants_and_the_schema(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {f"rentoy/variants/{p.name}" for p in (ROOT / "variants").glob("*.yaml")}
    assert {"rentoy/variants/1737.yaml", "rentoy/variants/sources.yaml",
            "rentoy/variants/glossary.yaml"} <= expected
    assert expected <= names
    assert "rentoy/variants/schema.json" in names
    assert "rentoy/__init__.py" in names and "rentoy/engine/hand.py" in names
    assert "rentoy/py.typed" in names          # the package ships its type hints
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "rentoy = rentoy.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


def test_an_installed_wheel_finds_the_builtin_variants(wheel, tmp_path):
    env_dir = tmp_path / "env"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    done = _run(sys.executable, "-m", "pip", "--python", str(python), "install",
                "--no-deps", "--no-index", "-q", str(wheel))
    assert done.returncode == 0, done.stderr
    # The dependencies (PyYAML, jsonschema, ...) come from this environment.
    deps = os.pathsep.join(dict.fromkeys([sysconfig.get_paths()["purelib"],
                                          sysconfig.get_paths()["platlib"]]))
    env = {**os.environ, "PYTHONPATH": deps}
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    done = _run(str(python), "-c", "import rentoy, rentoy.sources as s; "
                "print(rentoy.__file__); print(s.builtin_dir())", cwd=elsewhere, env=env)
    assert done.returncode == 0, done.stderr
    module, folder = done.stdout.split()
    assert Path(module).is_relative_to(env_dir) and Path(folder).is_relative_to(env_dir)

    script = env_dir / ("Scripts/rentoy.exe" if os.name == "nt" else "bin/rentoy")
    done = _run(str(script), "variants", "--format", "json", cwd=elsewhere, env=env)
    assert done.returncode == 0, done.stderr
    ids = {row["id"] for row in _rows(json.loads(done.stdout))}
    assert {p.stem for p in (ROOT / "variants").glob("*.yaml")} - {
        "sources", "glossary", "quotations", "family"} <= ids

    done = _run(str(script), "rules", "1737+borrego", cwd=elsewhere, env=env)
    assert done.returncode == 0 and "the 4 of the trump suit" in done.stdout, done.stderr


def _rows(data) -> list[dict]:
    """The rows of the variants table, whatever the JSON report nests them in."""
    if isinstance(data, list):
        if data and isinstance(data[0], dict) and "id" in data[0]:
            return data
        return [row for item in data for row in _rows(item)]
    if isinstance(data, dict):
        return [row for value in data.values() for row in _rows(value)]
    return []
