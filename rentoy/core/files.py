"""Writing files atomically: whole or not at all, alone or in groups.

Every file rentoy writes (divergence walkthroughs, plots, and any later records or
caches) goes through :func:`write_atomic` or :func:`write_atomic_group`: the text goes to
a temporary file in the target's folder, is flushed to disk (``fsync``) and only then
renamed into place, so a reader, an interruption (Ctrl-C) or a full disk never leaves
a half-written file behind. A group (the two walkthroughs of a divergence) appears
together or not at all: every temporary file is written first, then each is moved into
place, and a failure on the way removes what was already placed.

An operating-system failure (no permission, a missing folder, a name too long, a full
disk) is a :class:`WriteError`: one line naming the file, what went wrong and what to
do, and exit status 2 on the command line.

Every command that writes a file a user names (``play --save``, ``--plot``, ``compare
--save``, ``simulate --save-games``) follows one rule, in :func:`check_output` (asked
before any work is done, so a long run or a whole game is never lost to a bad name)
and :func:`write_output`: missing folders on the way are created; a folder is not a
file; an existing file is never replaced unless the command is given ``--force``.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_atomic(folder / "a.txt", "one\\n").read_text()
'one\\n'
>>> [p.name for p in write_atomic_group({folder / "b.yaml": "b", folder / "c.yaml": "c"})]
['b.yaml', 'c.yaml']
>>> write_atomic(folder / "a.txt", "two", overwrite=False)
Traceback (most recent call last):
...
rentoy.core.files.WriteError: .../a.txt: cannot write this file: it exists already (choose another name, or remove it first)
>>> sorted(p.name for p in folder.iterdir())        # no temporary file is left
['a.txt', 'b.yaml', 'c.yaml']
"""

from __future__ import annotations

import errno
import os
from collections.abc import Mapping
from pathlib import Path

from .errors import InputError, Location, Problem
from .i18n import N_, _, language

__all__ = ["write_cache", "read_cache", "write_atomic", "write_atomic_group", "make_folder",
           "WriteError", "describe_os_error", "remove_stale_temporaries", "check_output",
           "check_output_folder", "write_output", "FORCE_HINT"]

#: What a refusal to replace a file tells the user to do.
FORCE_HINT = N_("give --force to replace it, or another name")

_TEMP_PREFIX = ".rentoy-"
_TEMP_SUFFIX = ".tmp"
_O_BINARY = getattr(os, "O_BINARY", 0)    # Windows: no newline translation

# What to do about each kind of failure (in English, marked for the catalog: given in
# the language spoken when a failure is described).
_HINTS = {
    errno.EACCES: N_("choose a folder you can write to"),
    errno.EPERM: N_("choose a folder you can write to"),
    errno.EROFS: N_("the file system is read-only; choose another folder"),
    errno.ENOENT: N_("the folder does not exist; create it first"),
    errno.ENOTDIR: N_("a part of the path is a file, not a folder"),
    errno.EISDIR: N_("a folder of that name exists; choose another name"),
    errno.ENAMETOOLONG: N_("use a shorter name"),
    errno.ENOSPC: N_("the disk is full; free some space and try again"),
    errno.EDQUOT: N_("the disk quota is used up; free some space and try again"),
    errno.EEXIST: N_("choose another name, or remove it first"),
    errno.EPIPE: N_("the reader of the output stopped reading"),
}

# The system's own words for the failures a user meets, as the C library says them in
# English: the system's words are English (rentoy never sets the C locale), so another
# language takes them from the catalog; an unlisted failure keeps the system's words.
_SYSTEM_WORDS = {
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("operation not permitted"),
    errno.EROFS: N_("read-only file system"),
    errno.ENOENT: N_("no such file or directory"),
    errno.ENOTDIR: N_("not a directory"),
    errno.EISDIR: N_("is a directory"),
    errno.ENAMETOOLONG: N_("file name too long"),
    errno.ENOSPC: N_("no space left on device"),
    errno.EDQUOT: N_("disk quota exceeded"),
    errno.EEXIST: N_("file exists"),
    errno.EPIPE: N_("broken pipe"),
    errno.EBADF: N_("bad file descriptor"),
    errno.EFBIG: N_("file too large"),
    errno.ELOOP: N_("too many levels of symbolic links"),
    errno.EIO: N_("input/output error"),
    errno.ENXIO: N_("no such device or address"),
    errno.EBUSY: N_("device or resource busy"),
    errno.ETXTBSY: N_("text file busy"),
    errno.EMFILE: N_("too many open files"),
}


class WriteError(InputError):
    """A file that could not be written (nothing partial is left behind)."""


# What to do about a failure when nothing was being written (a file read, a path looked
# up): the hints above that speak of writing do not apply.
_READ_HINTS = {
    errno.EACCES: N_("check the permissions of the file and of the folders above it"),
    errno.EPERM: N_("check the permissions of the file and of the folders above it"),
    errno.ENOENT: N_("check the path"),
    errno.ENOTDIR: _HINTS[errno.ENOTDIR],
    errno.ENAMETOOLONG: _HINTS[errno.ENAMETOOLONG],
    errno.ELOOP: N_("the path has a loop of symbolic links"),
}
_HINTS.update({
    errno.EBADF: N_("the stream was closed before rentoy started"),
    errno.EFBIG: N_("a limit on the size of files (ulimit -f) was reached"),
    errno.ELOOP: N_("the path has a loop of symbolic links"),
})


def describe_os_error(exc: OSError, writing: bool = True) -> tuple[str, str | None]:
    """A short description of an operating-system error and a hint for it, in the
    language spoken; ``writing`` says whether a file was being written (the hint for a
    refused read is not to choose a folder one can write to).

    >>> from rentoy.i18n import use_language
    >>> with use_language("es"):
    ...     describe_os_error(PermissionError(errno.EACCES, "Permission denied"), False)
    ('permiso denegado', 'revise los permisos del archivo y de las carpetas que lo contienen')
    """
    if isinstance(exc, FileExistsError):
        return _("it exists already"), _(_HINTS[errno.EEXIST])
    text = exc.strerror or str(exc) or type(exc).__name__
    code = exc.errno or 0
    hints = _HINTS if writing or code in (errno.EBADF, errno.EFBIG, errno.ENOSPC,
                                          errno.EDQUOT, errno.EPIPE) else _READ_HINTS
    hint = hints.get(code)
    if language() != "en" and code in _SYSTEM_WORDS:
        text = _(_SYSTEM_WORDS[code])
    return text[:1].lower() + text[1:], None if hint is None else _(hint)


def _error(path: Path, exc: OSError, what: str = N_("cannot write this file")) -> WriteError:
    """``what`` (English, marked for the catalog) went wrong with ``path``, and why."""
    text, hint = describe_os_error(exc)
    return WriteError(Problem(_("{what}: {why}").format(what=_(what), why=text),
                              Location(str(path)), hint=hint))


_umask: int | None = None


def _file_mode() -> int:
    """The mode a plain ``open(path, "w")`` would give a new file (0666 less the umask)."""
    global _umask
    if _umask is None:
        _umask = os.umask(0o022)
        os.umask(_umask)
    return 0o666 & ~_umask


def make_folder(folder: str | Path) -> Path:
    """Create ``folder`` (and its parents) if needed; a :class:`WriteError` if it cannot
    be, or if it is a file."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise WriteError(Problem(_("this exists and is not a folder"), Location(str(folder)),
                                 hint=_("give a folder"))) from None
    except OSError as exc:
        raise _error(folder, exc, N_("cannot create this folder")) from None
    except ValueError:   # a NUL byte in the name
        raise WriteError(Problem(_("this is not a usable folder name"),
                                 Location(repr(str(folder))))) from None
    return folder


#: A temporary file of a writer that is no longer running is removed once it is this old
#: (seconds); one whose writer cannot be told (another machine's) once it is a day old.
_STALE_DEAD, _STALE_ANY = 10.0, 86_400.0


def _running(pid: int) -> bool:
    if os.name != "posix":         # only POSIX asks about a process without touching it
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:                 # another user's: running
        return True
    return True


def remove_stale_temporaries(folder: str | Path) -> list[Path]:
    """Remove the temporary files rentoy left in ``folder`` when it was killed while
    writing (SIGKILL leaves no time to clean up): its own ``.rentoy-PID-....tmp`` files
    whose writer is no longer running, and any older than a day. Returns what it
    removed; quietly nothing when the folder cannot be read.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / ".rentoy-999999999-0123456789abcdef.tmp").write_text("half")
    >>> import os; os.utime(folder / ".rentoy-999999999-0123456789abcdef.tmp", (0, 0))
    >>> [p.name for p in remove_stale_temporaries(folder)]
    ['.rentoy-999999999-0123456789abcdef.tmp']
    """
    import stat  # at use: start-up (bench/startup.py)
    import time

    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except (OSError, ValueError):
        return removed
    for entry in entries:
        name = entry.name
        if not (name.startswith(_TEMP_PREFIX) and name.endswith(_TEMP_SUFFIX)):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISREG(info.st_mode):
            continue
        age = now - info.st_mtime
        middle = name[len(_TEMP_PREFIX):-len(_TEMP_SUFFIX)].split("-")
        pid = int(middle[0]) if len(middle) == 2 and middle[0].isdigit() \
            and len(middle[0]) <= 10 else None
        if age > _STALE_ANY or (pid is not None and pid != os.getpid() and age > _STALE_DEAD
                                and not _running(pid)):
            try:
                os.unlink(entry.path)
            except OSError:
                continue
            removed.append(Path(entry.path))
    return removed


def _temporary(path: Path, data: str | bytes, created: list[Path],
               ours: set[tuple[int, int]]) -> Path:
    """Write ``data`` to a new temporary file beside ``path``, on disk; return its path.

    The name goes into ``created`` before the file exists, and its identity (device,
    inode) into ``ours`` as soon as it does, so that an interruption at any moment
    leaves the caller able to remove it, under either name."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    folder = path.parent if str(path.parent) else Path(".")
    while True:
        # The writer's pid in the name: a file left by a killed writer can be told stale.
        temp = folder / f"{_TEMP_PREFIX}{os.getpid()}-{os.urandom(8).hex()}{_TEMP_SUFFIX}"
        created.append(temp)
        try:
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_BINARY, 0o600)
        except FileExistsError:      # not ours: leave it and draw another name
            created.pop()
            continue
        break
    with os.fdopen(fd, "wb") as out:
        info = os.fstat(out.fileno())
        ours.add((info.st_dev, info.st_ino))
        out.write(raw)
        out.flush()
        os.fsync(out.fileno())
        if hasattr(os, "fchmod"):      # created private; give it the usual mode
            os.fchmod(out.fileno(), _file_mode())
    return temp


def _is_ours(path: Path, ours: set[tuple[int, int]]) -> bool:
    try:
        info = os.stat(path)
    except OSError:
        return False
    return (info.st_dev, info.st_ino) in ours


def _place(temp: Path, path: Path, overwrite: bool) -> None:
    """Move a written temporary file to ``path`` (atomically; refusing to replace an
    existing file unless ``overwrite``)."""
    if overwrite:
        os.replace(temp, path)
        return
    try:
        os.link(temp, path)          # fails if `path` exists: no window for a race
    except FileExistsError:
        raise
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV,
                             errno.EMLINK):
            raise
        if path.exists():            # a file system without hard links
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path)
                                  ) from None
        os.replace(temp, path)
        return
    _remove(temp)


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def _sync_folder(folder: Path) -> None:
    """Make the renames in ``folder`` durable (best effort: not every system can)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic_group(files: Mapping[str, str | bytes] | Mapping[Path, str | bytes]
                       | Mapping[str | Path, str | bytes], *, overwrite: bool = True
                       ) -> list[Path]:
    """Write several files so that they appear together or not at all.

    ``files`` maps each path to its text (UTF-8) or bytes; the folders must exist. With
    ``overwrite=False`` an existing file is never replaced (a :class:`WriteError`
    instead, and none of the group is written). Returns the paths, in order. On any
    failure or interruption, every file of the group already placed and every
    temporary file is removed before the error is raised.
    """
    paths = [Path(p) for p in files]
    for folder in dict.fromkeys(p.parent if str(p.parent) else Path(".") for p in paths):
        remove_stale_temporaries(folder)
    created: list[Path] = []               # temporary files, named before they exist
    ours: set[tuple[int, int]] = set()     # their (device, inode), whatever their name
    current = paths[0] if paths else Path()
    try:
        temps = {}
        for path, data in zip(paths, files.values()):
            current = path
            temps[path] = _temporary(path, data, created, ours)
        for path in paths:
            current = path
            _place(temps[path], path, overwrite)
    except BaseException as exc:
        # Whatever was interrupted: remove every file of ours, placed or not. A file
        # is ours by its inode, so a file of the same name that was there before stays.
        for path in paths:
            if _is_ours(path, ours):
                _remove(path)
        for temp in created:
            _remove(temp)
        if isinstance(exc, OSError):
            raise _error(current, exc) from None
        if isinstance(exc, ValueError):    # a NUL byte in a name
            raise WriteError(Problem(_("this is not a usable file name"),
                                     Location(repr(str(current))))) from None
        raise
    for folder in dict.fromkeys(p.parent for p in paths):
        _sync_folder(folder)
    return paths


#: The largest cache file read back, in bytes: a cache larger than this is no cache.
MAX_CACHE_BYTES = 64_000_000


def read_cache(folder: Path | None, name: str, limit: int = MAX_CACHE_BYTES) -> bytes | None:
    """The bytes of the cache file ``name`` in ``folder``, or None when there is none,
    it is not a regular file (a FIFO is not even opened) or it is larger than ``limit``
    bytes (at most ``MAX_CACHE_BYTES``): read bounded, like every file rentoy reads, and
    quietly, since a cache that cannot be read is no cache, never an error. What is in
    it is checked by :mod:`rentoy.core.caches` before anything parses it."""
    limit = min(limit, MAX_CACHE_BYTES)
    if folder is None:
        return None
    import stat  # at use: start-up (bench/startup.py)

    try:
        fd = os.open(folder / name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | _O_BINARY)
    except (OSError, ValueError):
        return None
    try:
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None
            raw = handle.read(limit + 1)
    except OSError:
        return None
    return raw if len(raw) <= limit else None


def write_cache(folder: Path | None, name: str, data: str | bytes) -> None:
    """Write a cache file ``name`` into ``folder`` (made if missing) atomically; quietly
    nothing when ``folder`` is None or cannot be written: a cache that cannot be
    written is no cache, never an error."""
    if folder is None:
        return
    try:
        make_folder(folder)
        write_atomic(folder / name, data)
    except (WriteError, OSError):
        pass


def write_atomic(path: str | Path, data: str | bytes, *, overwrite: bool = True) -> Path:
    """Write one file atomically (see the module docstring); returns its path.

    ``data`` is text (written as UTF-8) or bytes. With ``overwrite=False`` an existing
    file is left alone and a :class:`WriteError` raised.
    """
    return write_atomic_group({Path(path): data}, overwrite=overwrite)[0]


def _writable_ancestor(path: Path, what: str) -> None:
    """Refuse a path whose nearest existing folder is not a folder or cannot be written
    in: its missing folders could not be created (``what``, already in the language
    spoken, begins the message)."""
    ancestor = path.parent
    while not ancestor.exists() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if ancestor.exists() and not ancestor.is_dir():
        raise WriteError(Problem(_("{what}: {folder} is a file, not a folder").format(
            what=what, folder=ancestor), Location(str(path)),
            hint=_("choose another place")))
    if not os.access(ancestor if str(ancestor) else ".", os.W_OK | os.X_OK):
        raise WriteError(Problem(_("{what}: the folder {folder} cannot be written in").format(
            what=what, folder=ancestor), Location(str(path)),
            hint=_(_HINTS[errno.EACCES])))
    # The permission bits do not tell everything (a superuser passes them, /proc and
    # read-only mounts refuse anyway): a file is made there and removed at once.
    import tempfile

    try:
        handle, probe = tempfile.mkstemp(dir=ancestor if str(ancestor) else ".",
                                         prefix=".rentoy-probe-")
    except OSError as exc:
        # The system's words as it says them (in English), or in the language spoken.
        why = exc.strerror or exc if language() == "en" else describe_os_error(exc)[0]
        raise WriteError(Problem(_("{what}: the folder {folder} cannot be written in (the "
                                   "system says: {why})").format(
                                       what=what, folder=ancestor, why=why),
                                 Location(str(path)), hint=_("choose another place"))
                         ) from None
    os.close(handle)
    try:
        os.unlink(probe)
    except OSError:
        pass


def check_output(path: str | Path, *, force: bool = False,
                 what: str = N_("cannot write here")) -> Path:
    """``path`` as a file a command may write under the one rule (see the module
    docstring), checked before any work; a :class:`WriteError` naming the path once.
    ``what`` begins the message: an option (``--save``), or words marked for the
    catalog, given in the language spoken.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> check_output(folder / "new" / "game.yaml").name      # the folder is made on writing
    'game.yaml'
    >>> check_output(folder, what="--save")
    Traceback (most recent call last):
    ...
    rentoy.core.files.WriteError: ...: --save: this is a folder, not a file (give a file name inside it)
    """
    text = str(path)
    what = _(what)
    if not text or "\0" in text:
        raise WriteError(Problem(_("{what}: this is not a usable file name").format(what=what),
                                 Location(repr(text))))
    path = Path(path)
    if path.is_dir():
        raise WriteError(Problem(_("{what}: this is a folder, not a file").format(what=what),
                                 Location(text), hint=_("give a file name inside it")))
    if path.exists() and not path.is_file():   # a device, a FIFO, a socket: never replaced
        raise WriteError(Problem(_("{what}: this is not a regular file").format(what=what),
                                 Location(text), hint=_("give the name of a file to write")))
    if path.exists() and not force:
        raise WriteError(Problem(_("{what}: the file exists already").format(what=what),
                                 Location(text), hint=_(FORCE_HINT)))
    _writable_ancestor(path, what)
    return path


def check_output_folder(folder: str | Path, what: str = N_("cannot write here")) -> Path:
    """``folder`` as a folder a command may write files into (made when written to);
    refused when it is a file or cannot be made."""
    folder = Path(folder)
    what = _(what)
    if folder.exists() and not folder.is_dir():
        raise WriteError(Problem(_("{what}: this is a file, not a folder").format(what=what),
                                 Location(str(folder)), hint=_("give a folder")))
    if not folder.exists():
        _writable_ancestor(folder / "x", what)
    elif not os.access(folder, os.W_OK | os.X_OK):
        raise WriteError(Problem(_("{what}: this folder cannot be written in").format(
            what=what), Location(str(folder)), hint=_(_HINTS[errno.EACCES])))
    return folder


def write_output(path: str | Path, data: str | bytes, *, force: bool = False) -> Path:
    """Write a file a user named, under the one rule: its folder is made if missing, an
    existing file is replaced only with ``force``; atomically (:func:`write_atomic`)."""
    path = Path(path)
    make_folder(path.parent)
    try:
        return write_atomic(path, data, overwrite=force)
    except WriteError as exc:
        if path.exists() and not force:
            raise WriteError(Problem(_("the file exists already"), Location(str(path)),
                                     hint=_(FORCE_HINT))) from None
        raise exc
