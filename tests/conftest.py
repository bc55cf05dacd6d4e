"""Shared test settings: hypothesis profiles sized for a 2-core CI run, and the site
built once for the tests that read it."""

import os
from pathlib import Path
from typing import Callable

import pytest
from hypothesis import HealthCheck, settings

try:
    import fcntl
except ImportError:      # Windows has none: there the tests run in one process
    fcntl = None  # type: ignore[assignment]

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "soak", deadline=None, max_examples=5000, suppress_health_check=list(HealthCheck))
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# rentoy remembers documents it found valid (rentoy.validation.cache_dir); the tests keep
# that cache in a folder of their own rather than the user's.
if "RENTOY_CACHE_DIR" not in os.environ:
    import atexit
    import shutil
    import tempfile

    os.environ["RENTOY_CACHE_DIR"] = tempfile.mkdtemp(prefix="rentoy-test-cache-")
    atexit.register(shutil.rmtree, os.environ["RENTOY_CACHE_DIR"], ignore_errors=True)


@pytest.fixture(params=("c", "python"))
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run the test under each YAML loader rentoy can use."""
    from rentoy import yamlfile

    if request.param not in yamlfile.SAFE_LOADERS:
        pytest.skip(f"no {request.param} YAML loader here")
    monkeypatch.setattr(yamlfile, "LOADER", yamlfile.SAFE_LOADERS[request.param])
    return str(request.param)


@pytest.fixture
def variants_copy(tmp_path: Path):
    """A copy of the variants folder that rentoy reads instead of its own, to damage."""
    import shutil

    from rentoy.sources import set_variants_dir

    folder = tmp_path / "variants"
    shutil.copytree(Path(__file__).resolve().parent.parent / "variants", folder)
    set_variants_dir(folder)
    yield folder
    set_variants_dir(None)


#: Where the README's test command builds the site: the tests build it there first, from
#: scratch (``-E``), with the same arguments, so that the command's own builds after the
#: tests find every page current instead of building the site a second time.
SITE_BUILD = Path(__file__).resolve().parent.parent / "docs" / "_build"


def _once(name: str, build: Callable[[], None]) -> None:
    """``build()`` once per test run, whichever process asks first: under ``pytest -n 2``
    (the README's test command) the other worker waits for it and reads what it built,
    rather than building the same site into the same folder at the same time."""
    SITE_BUILD.mkdir(parents=True, exist_ok=True)
    stamp = SITE_BUILD / f".{name}.run"
    with open(SITE_BUILD / f".{name}.lock", "w") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)
        if stamp.is_file() and stamp.read_text() == os.environ["RENTOY_TEST_RUN"]:
            return
        stamp.unlink(missing_ok=True)
        build()
        stamp.write_text(os.environ["RENTOY_TEST_RUN"])


@pytest.fixture(scope="session")
def built_site() -> Path:
    """The project's docs built once per run as the README's test command builds them
    (HTML, warnings as errors, nitpicky, into ``docs/_build``): the folder that holds
    ``html``. The docs tests read its pages; the Play page's test plays on it."""
    from sphinxbuild import sphinx_build

    root = SITE_BUILD.parent.parent

    def build() -> None:
        done = sphinx_build("-E", "-W", "-n", "-b", "html", "-d", str(SITE_BUILD / "doctrees"),
                            str(root / "docs"), str(SITE_BUILD / "html"), cwd=root)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr

    _once("html", build)
    return SITE_BUILD


@pytest.fixture(scope="session")
def built_site_es() -> Path:
    """The Spanish edition built once per run as the README builds it (``-D
    language=es``, warnings as errors, nitpicky, into ``docs/_build/html/es``): the folder
    that holds ``es`` (the pages); its doctrees are ``docs/_build/doctrees-es``. The
    Spanish site's tests read it; the Play page's test plays on it."""
    from sphinxbuild import sphinx_build

    root = SITE_BUILD.parent.parent

    def build() -> None:
        done = sphinx_build("-E", "-W", "-n", "-b", "html", "-D", "language=es",
                            "-d", str(SITE_BUILD / "doctrees-es"), str(root / "docs"),
                            str(SITE_BUILD / "html" / "es"), cwd=root, timeout=900)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr

    _once("html-es", build)
    return SITE_BUILD / "html"

