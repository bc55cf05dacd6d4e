"""Cache files that cannot lie or run code: sealed, bounded, checked on every read.

rentoy keeps a few caches in one folder (:func:`cache_dir`): the parsed documents, the
documents known to be valid, the site build's simulations. Every cache file is
*sealed*, as a whole or entry by entry. A file sealed as a whole (:func:`write_sealed`)
has a first line of JSON, the header, then the payload. The header names the
kind of cache, the format version, rentoy's version, the digest of what the contents
were made from (``made_from``: the source bytes or the settings, as the caller
computes it), and the payload's size and digest (BLAKE2b over all of these and the
payload, so a byte changed anywhere fails the check). Each entry inside a file carries
its own digest of the same kind (:func:`seal_entry`, :func:`entry_ok`), of its content
and of what it was made from; a file of small entries (the digests of the documents
known to be valid) is a JSON list whose every entry carries its seal, read bounded
(:func:`read_bounded`).

:func:`read_sealed` reads a file bounded (at most its ``limit`` bytes, a FIFO or a
device never opened), checks the header and the digest before anything is parsed,
and gives back the payload's bytes only when every check holds. A file that fails is
removed, so that it is rebuilt, with one line on stderr at most in a process; a file
that is merely stale (another rentoy version, another format, made from something
else) is replaced without a word. Payloads are plain data (JSON, or a
``marshal`` dump of plain values that the digest has vouched for): nothing in a
cache is ever run.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_sealed(folder, "demo.json", "demo", "made-from", b'[1, 2]')
>>> read_sealed(folder, "demo.json", "demo", "made-from", 1000)
b'[1, 2]'
>>> read_sealed(folder, "demo.json", "demo", "something else", 1000) is None
True
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from .i18n import _

__all__ = ["cache_dir", "digest", "read_sealed", "write_sealed", "seal_entry", "entry_ok",
           "json_payload", "read_bounded", "damaged", "FORMAT", "MAX_HEADER_BYTES"]

#: The version of the sealed format; a file of another version is stale, not damaged.
FORMAT = 1
#: The longest header line read, in bytes (a header is about 300).
MAX_HEADER_BYTES = 2_000

_said = False      # whether this process has reported a damaged cache file already


def cache_dir() -> Path | None:
    """Where rentoy keeps its caches: ``RENTOY_CACHE_DIR``, else ``$XDG_CACHE_HOME/rentoy``,
    else ``~/.cache/rentoy``; None when ``RENTOY_CACHE_DIR`` is set empty (no caching)."""
    env = os.environ.get("RENTOY_CACHE_DIR")
    if env is not None:
        return Path(env) if env else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "rentoy"


def digest(data: bytes) -> str:
    """A cryptographic digest (BLAKE2b, 128 bits) of ``data``, in hex.

    >>> len(digest(b"id: x")), digest(b"a") == digest(b"b")
    (32, False)
    """
    try:       # the built-in module: hashlib would load OpenSSL, a good part of a start
        from _blake2 import blake2b
    except ImportError:     # pragma: no cover - another Python
        from hashlib import blake2b
    return blake2b(data, digest_size=16).hexdigest()


def _version() -> str:
    # The package is imported before any of its modules: its version is read from it
    # without an import (which would point up the layers, to the package's door).
    version = getattr(sys.modules.get(__package__ or "rentoy"), "__version__", None)
    return str(version)


def _seal(kind: str, made_from: str, payload: bytes) -> str:
    head = f"{kind}\n{FORMAT}\n{_version()}\n{made_from}\n{len(payload)}\n".encode()
    return digest(head + payload)


def seal_entry(made_from: str, content: bytes) -> str:
    """The digest an entry inside a cache file carries: of its content and of what it
    was made from (with rentoy's version and the format's)."""
    return _seal("entry", made_from, content)


def entry_ok(made_from: str, content: bytes, sealed: object) -> bool:
    """Whether an entry's content and origin are those its digest ``sealed`` vouches
    for."""
    return isinstance(sealed, str) and sealed == seal_entry(made_from, content)


def _discard(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def damaged(path: Path) -> None:
    """Remove the damaged cache file ``path`` (it is rebuilt) and say so, once in a
    process."""
    _damaged(path)


def read_bounded(folder: Path | None, name: str, limit: int) -> bytes | None:
    """The bytes of the cache file ``name``, read bounded: None when there is none, when
    it is not a regular file, or when it is over ``limit`` bytes (then it is removed,
    as damaged)."""
    from .files import read_cache

    if folder is None:
        return None
    raw = read_cache(folder, name, limit)
    if raw is None and _oversized(folder / name, limit):
        _damaged(folder / name)
    return raw


def _damaged(path: Path) -> None:
    """Remove a damaged cache file (it is rebuilt) and say so, once in a process."""
    global _said
    _discard(path)
    if not _said:
        _said = True
        try:
            print("rentoy: " + _("a damaged cache file was removed and will be rebuilt: "
                                 "{path}").format(path=path), file=sys.stderr)
        except (OSError, ValueError):     # no stderr to speak on: the cache is mended all the same
            pass


def _oversized(path: Path, limit: int) -> bool:
    """Whether ``path`` is a regular file of more than ``limit`` bytes (a cache grown
    past its bound is damaged; anything but a regular file is left alone)."""
    import stat

    try:
        info = os.stat(path, follow_symlinks=False)
    except (OSError, ValueError):
        return False
    return stat.S_ISREG(info.st_mode) and info.st_size > limit


def read_sealed(folder: Path | None, name: str, kind: str, made_from: str,
                limit: int) -> bytes | None:
    """The payload of the sealed cache file ``name`` in ``folder``, when its header says
    ``kind``, this format, this rentoy and ``made_from``, and its size and digest hold;
    else None. Read bounded: a file over ``limit`` bytes (payload and header) is not
    read past it. A damaged file is removed (see the module docstring)."""
    from .files import read_cache

    raw = read_cache(folder, name, limit + MAX_HEADER_BYTES)
    if folder is None:
        return None
    path = folder / name
    if raw is None:
        if _oversized(path, limit + MAX_HEADER_BYTES):
            _damaged(path)
        return None
    if not raw.startswith(b'{"cache": '):
        # Not a sealed file at all: one an older rentoy wrote (or a stranger), replaced
        # without a word; nothing in it is read.
        _discard(path)
        return None
    end = raw.find(b"\n", 0, MAX_HEADER_BYTES)
    if end < 0:
        _damaged(path)
        return None
    try:
        header = json.loads(raw[:end].decode("ascii"))
    except (ValueError, RecursionError):
        header = None
    if not isinstance(header, dict) or header.get("cache") != kind:
        _damaged(path)
        return None
    payload = raw[end + 1:]
    if header.get("format") != FORMAT or header.get("rentoy") != _version() \
            or header.get("made_from") != made_from:
        return None                        # stale, not damaged: replaced when rebuilt
    if header.get("size") != len(payload) or len(payload) > limit \
            or header.get("digest") != _seal(kind, made_from, payload):
        _damaged(path)
        return None
    return payload


def write_sealed(folder: Path | None, name: str, kind: str, made_from: str,
                 payload: bytes) -> None:
    """Write ``payload`` as the sealed cache file ``name`` (atomically; quietly nothing
    when it cannot be written: a cache that cannot be written is no cache)."""
    from .files import write_cache

    header = json.dumps({"cache": kind, "format": FORMAT, "rentoy": _version(),
                         "made_from": made_from, "size": len(payload),
                         "digest": _seal(kind, made_from, payload)}, sort_keys=True)
    write_cache(folder, name, header.encode("ascii") + b"\n" + payload)


def json_payload(payload: bytes | None) -> object:
    """A sealed payload of JSON as data, or None: whole numbers of at most
    :data:`~rentoy.core.limits.MAX_DIGITS` digits, nesting Python can read (a vouched
    payload always is; this is the last guard)."""
    if payload is None:
        return None
    from .limits import digits_over

    def whole(text: str) -> int:
        if digits_over(text):
            raise ValueError(text[:20])
        return int(text)

    try:
        data: object = json.loads(payload.decode("utf-8"), parse_int=whole)
    except (ValueError, RecursionError):
        return None
    return data
