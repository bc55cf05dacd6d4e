"""Packaging: the wheel carries the built-in variants, and an installed copy finds them.

Builds a wheel and a source archive from this checkout with the build backend already
installed (no network), checks their contents (licences, citation, catalogs), installs
the wheel into a fresh virtual environment (without its dependencies, which are taken
from this environment) and runs ``rentoy`` and the API page's examples from another
folder. Takes a few seconds.
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


def _installed(wheel: Path, tmp_path: Path) -> tuple[Path, dict[str, str], Path]:
    """The wheel installed in a fresh virtual environment, offline (its dependencies
    from this environment's site-packages): its interpreter, the environment to run it
    in, and an empty folder to run it from."""
    env_dir = tmp_path / "env"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    done = _run(sys.executable, "-m", "pip", "--python", str(python), "install",
                "--no-deps", "--no-index", "-q", str(wheel))
    assert done.returncode == 0, done.stderr
    deps = os.pathsep.join(dict.fromkeys([sysconfig.get_paths()["purelib"],
                                          sysconfig.get_paths()["platlib"]]))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    return python, {**os.environ, "PYTHONPATH": deps}, elsewhere


def test_an_installed_wheel_finds_the_builtin_variants(wheel, tmp_path):
    python, env, elsewhere = _installed(wheel, tmp_path)
    env_dir = tmp_path / "env"

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
        "sources", "glossary", "quotations", "family", "remarks"} <= ids

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


#: The API page's examples, run as a doctest in the installed copy (no Sybil there).
API_DOCTEST = r'''
import doctest, re, sys
text = open(sys.argv[1], encoding="utf-8").read()
blocks = re.findall(r"```\{doctest\}\n(.*?)```", text, flags=re.S)
test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, "api", sys.argv[1], 0)
runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
runner.run(test)
print(f"{runner.failures} failed of {runner.tries}")
sys.exit(1 if runner.failures or not runner.tries else 0)
'''


@pytest.fixture(scope="module")
def sdist(tmp_path_factory) -> Path:
    if importlib.util.find_spec("hatchling") is None:
        pytest.skip("the build backend (hatchling) is not installed here")
    out = tmp_path_factory.mktemp("sdist")
    done = _run(sys.executable, "-m", "hatchling", "build", "-t", "sdist", "-d", str(out),
                cwd=ROOT)
    assert done.returncode == 0, done.stderr + done.stdout
    (built,) = out.glob("rentoy-*.tar.gz")
    return built


def test_the_wheel_carries_its_licences_and_compiled_catalogs_not_their_sources(wheel):
    archive = zipfile.ZipFile(wheel)
    names = archive.namelist()
    assert [n for n in names if n.endswith(".po")] == []
    assert {"rentoy/locale/es/LC_MESSAGES/rentoy.mo",
            "rentoy/locale/es/LC_MESSAGES/variants.mo"} <= set(names)
    info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
    assert {f"{info}/licenses/LICENSE", f"{info}/licenses/LICENSE-DATA"} <= set(names)
    metadata = archive.read(f"{info}/METADATA").decode()
    import rentoy

    assert f"Version: {rentoy.__version__}\n" in metadata
    assert "License-Expression: MIT AND CC-BY-4.0" in metadata
    for classifier in ("Programming Language :: Python :: 3.11",
                       "Programming Language :: Python :: 3.13",
                       "Natural Language :: Spanish", "Natural Language :: English"):
        assert f"Classifier: {classifier}\n" in metadata
    assert "Project-URL: Source, " in metadata
    requires = [line for line in metadata.splitlines() if line.startswith("Requires-Dist:")
                and "extra ==" not in line]
    assert requires and not any("tabulate" in line for line in requires)


def test_the_source_archive_carries_the_licences_citation_changelog_and_catalogs(sdist):
    import tarfile

    with tarfile.open(sdist) as archive:
        names = {n.split("/", 1)[1] for n in archive.getnames() if "/" in n}
    assert {"LICENSE", "LICENSE-DATA", "CITATION.cff", "CHANGELOG.md", "README.md",
            "pyproject.toml", "rentoy/locale/es/parts/rentoy-core.po",
            "variants/1737.yaml"} <= names


def test_the_citation_gives_the_version_of_the_package() -> None:
    import rentoy

    text = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    assert f"\nversion: {rentoy.__version__}\n" in text
    assert "- MIT\n" in text and "- CC-BY-4.0\n" in text
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "CC BY 4.0" in readme and "MIT" in readme


def test_an_installed_wheel_runs_the_api_page_s_examples(wheel, tmp_path):
    python, env, elsewhere = _installed(wheel, tmp_path)
    done = _run(str(python), "-c", API_DOCTEST, str(ROOT / "docs" / "api.md"), cwd=elsewhere,
                env=env)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert done.stdout.startswith("0 failed of ")
