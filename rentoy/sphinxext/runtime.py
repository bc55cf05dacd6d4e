"""The Python runtime the Play page runs in: Pyodide, pinned, fetched once, served by the site.

The site's seat at the table runs this project's engine in the reader's browser with
Pyodide (CPython compiled to WebAssembly). Its core runtime is taken from the npm
registry's ``pyodide`` package, pinned here by version and by the package's integrity
checksum (the registry's sha512), and only the files the core runtime needs are kept
(:data:`FILES`, each pinned by its sha256 as well). The docs build copies them into
the built site, so the page never loads anything from outside the site.

The package is fetched with npm itself (``npm pack``, which uses npm's own cache and
checks the registry's checksum; this module checks it again) and unpacked into
rentoy's cache folder (``RENTOY_CACHE_DIR``, else ``$XDG_CACHE_HOME/rentoy``, else
``~/.cache/rentoy``). ``RENTOY_PYODIDE_DIR`` names a folder that already holds the
files instead (they are checked all the same). Without npm or without the network the
runtime is simply missing, and the Play page says so.

To fetch it ahead of a build (the docs build does it by itself)::

    python -m rentoy.sphinxext.runtime          # prints the folder that holds it

>>> sorted(FILES)[:2]
['pyodide-lock.json', 'pyodide.asm.mjs']
>>> VERSION
'314.0.8'
"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

__all__ = ["VERSION", "INTEGRITY", "FILES", "RuntimeMissing", "runtime_dir", "fetch",
           "total_bytes"]

#: The pinned version of the npm package ``pyodide``.
VERSION = "314.0.8"
#: The npm registry's integrity checksum of that version's package (sha512, base64).
INTEGRITY = ("sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7"
             "YHSVUpHsoarLQ==")
#: The files of the core runtime the page loads, with their sizes and sha256 checksums: the
#: module that starts it, the interpreter (JavaScript and WebAssembly), the standard
#: library, and the list of packages (read at start; no package is loaded from it).
FILES: dict[str, tuple[int, str]] = {
    "pyodide.mjs": (17758, "1bb8cc14f9405aaa7cd4e00c12edd0a8539de9cc026618d6ee5a9663f367dc70"),
    "pyodide.asm.mjs": (1250259, "22514b8be6980e28a02c8b1d6387ce8dfe666fc4edf8d547cff5dce29ff4d972"),
    "pyodide.asm.wasm": (9597892, "e14d49ceca9b4a0e274ea918f3a898de2d3880b6e5573a6cfe1a2267ecc70329"),
    "python_stdlib.zip": (2545550, "2bd3394a145bfbbe5bbc9d9d6ab9136abbb986c6fef6c142b3a2962227aa5c28"),
    "pyodide-lock.json": (119077, "5dc2fc119108bc148c7457dc86e7675b5c87e1cafd420b9c34c1eaef7b36c010"),
}
_NPM_TIMEOUT = 180     # seconds: a first download is about 6.5 MB


class RuntimeMissing(Exception):
    """The runtime could not be had: why, in one sentence."""


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _complete(folder: Path) -> bool:
    """Whether ``folder`` holds every file of :data:`FILES`, each as pinned."""
    return all((folder / name).is_file() and (folder / name).stat().st_size == size
               and _sha256(folder / name) == digest for name, (size, digest) in FILES.items())


def _cache_folder() -> Path | None:
    env = os.environ.get("RENTOY_CACHE_DIR")
    if env is not None:
        return Path(env) / f"pyodide-{VERSION}" if env else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "rentoy" / f"pyodide-{VERSION}"


def integrity_of(data: bytes) -> str:
    """The npm-style integrity string (``sha512-`` and base64) of ``data``."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def fetch(into: Path) -> Path:
    """Fetch the pinned package with ``npm pack``, check it, and unpack :data:`FILES`
    into ``into`` (made if needed; files appear whole or not at all). Returns ``into``;
    raises :class:`RuntimeMissing` saying why when it cannot."""
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeMissing("npm is not installed, so the pinned Pyodide package "
                             f"(pyodide@{VERSION}) cannot be fetched")
    with tempfile.TemporaryDirectory(prefix="rentoy-pyodide-") as work:
        try:
            done = subprocess.run([npm, "pack", f"pyodide@{VERSION}", "--prefer-offline",
                                   "--loglevel=error", "--pack-destination", work],
                                  capture_output=True, text=True, timeout=_NPM_TIMEOUT,
                                  cwd=work, stdin=subprocess.DEVNULL)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise RuntimeMissing(f"npm pack pyodide@{VERSION} failed: {exc}") from None
        tarballs = list(Path(work).glob("pyodide-*.tgz"))
        if done.returncode != 0 or len(tarballs) != 1:
            why = (done.stderr.strip().splitlines() or ["no package came back"])[-1]
            raise RuntimeMissing(f"npm pack pyodide@{VERSION} failed: {why}")
        data = tarballs[0].read_bytes()
        if integrity_of(data) != INTEGRITY:
            raise RuntimeMissing(f"the package npm gave for pyodide@{VERSION} does not match "
                                 "the pinned checksum; it is not used")
        into.mkdir(parents=True, exist_ok=True)
        with tarfile.open(tarballs[0], "r:gz") as tar:
            for name, (_, digest) in FILES.items():
                member = tar.getmember(f"package/{name}")
                source = tar.extractfile(member)
                if source is None:
                    raise RuntimeMissing(f"the package has no file {name}")
                part = into / f".{name}.part"
                with open(part, "wb") as out:
                    shutil.copyfileobj(source, out)
                if _sha256(part) != digest:
                    part.unlink()
                    raise RuntimeMissing(f"{name} in the package does not match its pinned "
                                         "checksum; it is not used")
                os.replace(part, into / name)
    return into


def runtime_dir() -> Path:
    """A folder holding the checked files of the pinned runtime: ``RENTOY_PYODIDE_DIR``,
    else the cache, fetched into it first when it is not there yet. Raises
    :class:`RuntimeMissing` saying why when it cannot be had."""
    given = os.environ.get("RENTOY_PYODIDE_DIR")
    if given:
        folder = Path(given)
        if not _complete(folder):
            raise RuntimeMissing(f"RENTOY_PYODIDE_DIR={given} does not hold the files of "
                                 f"pyodide@{VERSION} ({', '.join(FILES)}) as pinned")
        return folder
    cached = _cache_folder()
    if cached is not None and _complete(cached):
        return cached
    if cached is None:          # caching turned off: a fresh folder for this process
        cached = Path(tempfile.mkdtemp(prefix="rentoy-pyodide-"))
    return fetch(cached)


def total_bytes() -> int:
    """The bytes a reader's browser downloads for the runtime."""
    return sum(size for size, _ in FILES.values())


def main(argv: list[str] | None = None) -> int:
    """``python -m rentoy.sphinxext.runtime``: fetch the runtime (when needed) and print
    the folder that holds it; exit status 2 with the reason when it cannot be had."""
    try:
        folder = runtime_dir()
    except RuntimeMissing as exc:
        print(f"rentoy: error: {exc}", file=sys.stderr)
        return 2
    print(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
