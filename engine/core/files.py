"""Safe file handling shared by every reader and writer in Cardhall.

* Writes are atomic: a temporary file in the same folder, flushed and fsynced,
  then ``os.replace`` over the target. A crash leaves the old or the new file,
  never a torn one.
* Reads are capped in size and parsed as JSON or TOML only (never pickle/eval).
* A file that cannot be read is *set aside* (renamed, never deleted or
  overwritten) so the user can inspect it, and the program carries on.
"""
from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import tempfile
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .sanitize import clean_file_name, clean_text

DEFAULT_MAX_BYTES = 1 << 20  # 1 MiB; callers pass tighter caps where sensible


class FileProblem(Exception):
    """A file could not be used. ``str(err)`` is a message fit for a player."""

    def __init__(self, message: str, path: str | os.PathLike | None = None):
        # file names and contents quoted in the message may hold anything;
        # a very long file name is shown cut in the middle
        if path is not None:
            name = Path(path).name
            if len(name) > 80:
                message = str(message).replace(name, clean_file_name(name))
        super().__init__(clean_text(message, 2000))
        self.path = Path(path) if path is not None else None


def atomic_write_bytes(path: str | os.PathLike, data: bytes) -> None:
    path = Path(path)
    make_folder(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    if os.name != "posix":
        return
    try:
        dfd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate that no reader cleaned: never fail the write
        data = clean_text(text, newlines=True).encode("utf-8")
    atomic_write_bytes(path, data)


def atomic_write_json(path: str | os.PathLike, obj, *, indent: int | None = 2) -> None:
    atomic_write_text(path, json.dumps(obj, indent=indent, ensure_ascii=False) + "\n")


def _not_regular(mode: int) -> str | None:
    """Why a file of this ``st_mode`` is not read (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "it is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "it is a named pipe, not a file"
    if stat.S_ISSOCK(mode):
        return "it is a socket, not a file"
    return "it is a device, not a file"


def read_capped_bytes(path: str | os.PathLike, max_bytes: int = DEFAULT_MAX_BYTES) -> bytes:
    """The file's bytes, at most ``max_bytes``. Only regular files are read: a
    named pipe, a device or a folder where a file is expected is refused (it
    would block forever or never end), as is anything too large."""
    path = Path(path)
    try:
        st = path.stat()
    except FileNotFoundError:
        raise FileProblem(f"{path.name}: file not found.", path) from None
    except OSError as e:
        raise FileProblem(f"{path.name}: cannot be read ({e.strerror or e}).", path) from None
    why = _not_regular(st.st_mode)
    if why:
        raise FileProblem(f"{path.name}: cannot be read ({why}).", path)
    if st.st_size > max_bytes:
        raise FileProblem(
            f"{path.name}: file is too large ({st.st_size:,} bytes; the limit is {max_bytes:,}).", path
        )
    try:
        # O_NONBLOCK: if the file was swapped for a pipe since stat(), open() must not wait
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise FileProblem(f"{path.name}: cannot be read ({e.strerror or e}).", path) from None
    try:
        why = _not_regular(os.fstat(fd).st_mode)
        if why:
            raise FileProblem(f"{path.name}: cannot be read ({why}).", path)
        with os.fdopen(fd, "rb") as fh:
            fd = -1
            data = fh.read(max_bytes + 1)
    except OSError as e:
        raise FileProblem(f"{path.name}: cannot be read ({e.strerror or e}).", path) from None
    finally:
        if fd >= 0:
            os.close(fd)
    if len(data) > max_bytes:
        raise FileProblem(f"{path.name}: file is too large (the limit is {max_bytes:,} bytes).", path)
    return data


def _reject_constant(name: str):
    raise ValueError(f"{name} is not allowed")


def parse_json_bytes(data: bytes, name: str = "file"):
    """Parse JSON text; every failure is a :class:`FileProblem` with a plain reason.

    A UTF-8 byte-order mark (as some Windows editors write) is accepted; NaN and
    Infinity are refused, as are numbers too long to convert and nesting too deep.
    """
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileProblem(f"{name}: not a text file (invalid UTF-8).") from None
    if "\x00" in text:
        raise FileProblem(f"{name}: not a text file (contains NUL bytes).")
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        raise FileProblem(f"{name}: damaged JSON at line {e.lineno}, column {e.colno} ({e.msg}).") from None
    except RecursionError:
        raise FileProblem(f"{name}: JSON nested too deeply.") from None
    except ValueError as e:  # NaN/Infinity, or an integer with thousands of digits
        raise FileProblem(f"{name}: damaged JSON ({_short(str(e), 80)}).") from None


def _short(text: str, n: int = 40) -> str:
    """``text`` cut to ``n`` characters for a message (file content can be anything)."""
    text = str(text)
    return text if len(text) <= n else text[: n - 1] + "…"


def read_json(path: str | os.PathLike, max_bytes: int = DEFAULT_MAX_BYTES):
    path = Path(path)
    data = read_capped_bytes(path, max_bytes)
    try:
        return parse_json_bytes(data, path.name)
    except FileProblem as e:
        raise FileProblem(str(e), path) from None


def read_toml(path: str | os.PathLike, max_bytes: int = DEFAULT_MAX_BYTES) -> dict:
    path = Path(path)
    data = read_capped_bytes(path, max_bytes)
    try:
        return tomllib.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise FileProblem(f"{path.name}: damaged TOML ({_short(str(e), 120)}).", path) from None
    except RecursionError:
        raise FileProblem(f"{path.name}: TOML nested too deeply.", path) from None
    except ValueError as e:
        raise FileProblem(f"{path.name}: damaged TOML ({_short(str(e), 80)}).", path) from None


#: a file name's limit in bytes on every common file system (ext4, NTFS, APFS)
MAX_NAME_BYTES = 255


def _fit_name(base: str, suffix: str, room: int = 16) -> str:
    """``base`` shortened so that ``base + suffix`` plus ``room`` spare bytes
    (for a ``-N`` counter) stays within :data:`MAX_NAME_BYTES`."""
    limit = MAX_NAME_BYTES - room
    enc = os.fsencode
    if len(enc(base + suffix)) <= limit:
        return base
    lo, hi = 0, len(base)
    while lo < hi:  # the longest prefix that fits
        mid = (lo + hi + 1) // 2
        if len(enc(base[:mid] + "~" + suffix)) <= limit:
            lo = mid
        else:
            hi = mid - 1
    return base[:lo] + "~"


def _exists(path: Path) -> bool:
    try:
        return os.path.lexists(path)
    except (OSError, ValueError):
        return False


def unused_path(folder: str | os.PathLike, base: str, suffix: str = "") -> Path:
    """``folder/BASE+SUFFIX``, or if that exists the first free ``folder/BASE-N+SUFFIX``
    (N = 1, 2, …): a new file's name that never overwrites one already there.
    A base too long for the file system is shortened (ending in ``~``)."""
    folder = Path(folder)
    base = _fit_name(base, suffix)
    path = folder / (base + suffix)
    n = 1
    while _exists(path):
        path = folder / f"{base}-{n}{suffix}"
        n += 1
    return path


def set_aside(path: str | os.PathLike, reason: str = "damaged") -> Path | None:
    """Rename a bad file to ``NAME.REASON-TIMESTAMP`` beside it; never deletes it.
    Works for any name the file system allows (a long name is shortened, a
    name that is not UTF-8 keeps its bytes).

    Returns the new path, or None if the file is gone or cannot be renamed.
    """
    path = Path(path)
    if not _exists(path):
        return None
    tail = f".{reason}-{time.strftime('%Y%m%d-%H%M%S')}"
    target = unused_path(path.parent, _fit_name(path.name, tail) + tail)
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target


class FileList(list):
    """What :func:`list_files` found; ``more`` counts the matching files left out
    beyond its limit (0: all are there), so a screen can say so."""

    more = 0


def list_files(folder: str | os.PathLike, pattern: str, limit: int = 10_000) -> FileList:
    """Regular files in ``folder`` matching ``pattern``, sorted by name (at most
    ``limit``; ``.more`` says how many more there are). A missing or unreadable
    folder is empty; pipes, sockets, devices and folders are left out; any name
    is fine."""
    out = []
    try:
        for p in Path(folder).glob(pattern):
            try:
                if stat.S_ISREG(p.stat().st_mode):
                    out.append(p)
            except (OSError, ValueError):
                continue
    except (OSError, ValueError):
        return FileList()
    out.sort()
    got = FileList(out[:limit])
    got.more = max(0, len(out) - limit)
    return got


@dataclass
class FolderLoad:
    """What :func:`load_folder` found: the good items (with their paths), and for
    each bad file its message and where it was set aside (None if it could not be
    moved)."""

    items: list = field(default_factory=list)
    paths: list = field(default_factory=list)
    problems: list = field(default_factory=list)  # [(message, original path, set-aside path)]

    def messages(self) -> list[str]:
        return [m for m, _, _ in self.problems]


def load_folder(folder: str | os.PathLike, loader, pattern: str = "*.json", *,
                set_aside_bad: bool = True, reason: str = "damaged", limit: int = 10_000) -> FolderLoad:
    """Load every file matching ``pattern`` in ``folder`` (sorted by name) with
    ``loader(path)``; a file that raises :class:`FileProblem` is set aside unchanged
    (renamed to ``NAME.damaged-TIMESTAMP``) and the rest still load.

    A missing folder is simply empty. Only :class:`FileProblem` marks a file as bad:
    any other exception is a bug in the loader and propagates. At most ``limit``
    files are looked at.
    """
    out = FolderLoad()
    for p in list_files(folder, pattern, limit):
        try:
            item = loader(p)
        except FileProblem as e:
            moved = set_aside(p, reason) if set_aside_bad else None
            out.problems.append((str(e), p, moved))
            continue
        out.items.append(item)
        out.paths.append(p)
    return out


def remove_stale_temp_files(folder: str | os.PathLike, older_than: float = 3600.0) -> int:
    """Delete the temporary files an interrupted atomic write leaves behind
    (``.NAME.XXXXXXXX.tmp``, see :func:`atomic_write_bytes`) once they are older
    than ``older_than`` seconds (a younger one may belong to a write in
    progress). Only that exact pattern is touched. Returns how many went."""
    n = 0
    now = time.time()
    try:
        candidates = list(Path(folder).glob(".*.tmp"))
    except OSError:
        return 0
    for p in candidates:
        try:
            if p.is_file() and now - p.stat().st_mtime > older_than:
                os.unlink(p)
                n += 1
        except OSError:
            continue
    return n


# ---------------------------------------------------------------- writing: words and locks
_WHY_NOT_WRITTEN = {
    errno.EROFS: "the disk is read-only",
    errno.EACCES: "it is read-only (no permission to write there)",
    errno.EPERM: "it is read-only (no permission to write there)",
    errno.ENOSPC: "the disk is full",
    getattr(errno, "EDQUOT", -1): "the disk quota is used up",
    errno.ENOTDIR: "a file is in the way where a folder should be",
    errno.EEXIST: "a file is in the way where a folder should be",
    errno.ELOOP: "its path is a loop of symbolic links",
    errno.ENOENT: "it does not exist and cannot be made",
    errno.ENAMETOOLONG: "its path is too long",
    errno.EIO: "the disk reported an error",
}


def why_not_written(e: BaseException) -> str:
    """An ``OSError`` from a write, in words for a player ("the disk is full")."""
    why = _WHY_NOT_WRITTEN.get(getattr(e, "errno", None))
    if why:
        return why
    text = getattr(e, "strerror", None) or (str(e) if isinstance(e, OSError) else "")
    return clean_text(text[:1].lower() + text[1:], 120) if text else "it cannot be written to"


def write_problem(e: BaseException, folder: str | os.PathLike, what: str = "") -> str:
    """A sentence naming the folder Cardhall could not write in, and why:
    "The game cannot be saved: Cardhall cannot write in /home/ann/.local/share/Cardhall/saves
    (the disk is full)." ``what`` is the start ("The game cannot be saved")."""
    where = clean_text(os.fspath(folder), 300)
    head = f"{what}: " if what else ""
    return f"{head}Cardhall cannot write in {where} ({why_not_written(e)})."


def make_folder(folder: str | os.PathLike) -> Path:
    """``folder`` (and its parents), made if missing. ``OSError`` with the ``errno`` that
    says why when it can't be: a file in its place (``ENOTDIR``), a loop of links
    (``ELOOP``), a dangling link (``ENOENT``) — not the bare "File exists" of ``mkdir``."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # a file, a loop of links or a dangling link where the folder should be
        try:
            os.stat(folder)
        except OSError as e:
            raise OSError(e.errno, e.strerror, str(folder)) from None
        raise OSError(errno.ENOTDIR, "Not a directory", str(folder)) from None
    if not folder.is_dir():
        raise OSError(errno.ENOTDIR, "Not a directory", str(folder))
    return folder


def writable_folder(folder: str | os.PathLike) -> Path:
    """``folder``, made if it is missing; ``OSError`` (with a plain ``errno``) when it is
    not a folder one can write in: a file in its place, a loop of links, read-only."""
    folder = make_folder(folder)
    if os.name == "posix" and not os.access(folder, os.W_OK | os.X_OK):
        raise OSError(errno.EACCES, "Permission denied", str(folder))
    return folder


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def open_no_follow(path: str | os.PathLike, flags: int, mode: int = 0o644) -> int:
    """``os.open`` that never goes through a symbolic link at ``path`` itself (``O_NOFOLLOW``,
    or a check where the system has no such flag): ``OSError(ELOOP)`` if ``path`` is one."""
    if not _NOFOLLOW and os.path.islink(path):
        raise OSError(errno.ELOOP, "Is a symbolic link", os.fspath(path))
    return os.open(path, flags | _NOFOLLOW | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0), mode)


def open_lock_file(path: str | os.PathLike) -> int:
    """A file descriptor on the lock file ``path`` (made if missing), never through a
    symbolic link: a link found there (planted, or left by anything) is set aside as it
    is (the link itself renamed, whatever it points to untouched) and a real file made.
    ``OSError`` when none can be made (a read-only folder)."""
    flags = os.O_RDWR | os.O_CREAT
    try:
        return open_no_follow(path, flags)
    except OSError as e:
        if not os.path.islink(path) and e.errno != errno.ELOOP:
            raise
    if set_aside(path, "not-a-lock") is None:
        raise OSError(errno.ELOOP, "Is a symbolic link", os.fspath(path))
    return open_no_follow(path, flags | os.O_EXCL)


def _lock_fd(fd: int, block: bool = False) -> None:
    if os.name == "nt":
        import msvcrt
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if block else fcntl.LOCK_NB))


@contextlib.contextmanager
def file_lock(path: str | os.PathLike, timeout: float = 3.0):
    """Hold a short lock for ``path`` (on ``.NAME.lock`` beside it) around a
    read-merge-write, so that several running copies of the program take turns on one
    user file and none overwrites another's change unseen. Waits at most ``timeout``
    seconds and then goes on unlocked (a stuck copy must never freeze this one); where
    no lock file can be made (a read-only folder: the write will say why) it goes on
    unlocked too. Yields True if the lock is held."""
    path = Path(path)
    lk = path.with_name("." + path.name + ".lock")
    try:
        fd = open_lock_file(lk)
    except OSError:
        yield False
        return
    held = False
    try:
        end = time.monotonic() + timeout
        while True:
            try:
                _lock_fd(fd)
                held = True
                break
            except OSError:
                if time.monotonic() >= end:
                    break
                time.sleep(0.02)
        yield held
    finally:
        os.close(fd)  # closing drops the lock
