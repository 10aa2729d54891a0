"""Safe file handling shared by every reader and writer in Cardhall.

* Writes are atomic: a temporary file in the same folder, flushed and fsynced,
  then ``os.replace`` over the target. A crash leaves the old or the new file,
  never a torn one.
* Reads are capped in size and parsed as JSON or TOML only (never pickle/eval).
* A file that cannot be read is *set aside* (renamed, never deleted or
  overwritten) so the user can inspect it, and the program carries on.
"""
from __future__ import annotations

import json
import os
import tempfile
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .sanitize import clean_text

DEFAULT_MAX_BYTES = 1 << 20  # 1 MiB; callers pass tighter caps where sensible


class FileProblem(Exception):
    """A file could not be used. ``str(err)`` is a message fit for a player."""

    def __init__(self, message: str, path: str | os.PathLike | None = None):
        # file names and contents quoted in the message may hold anything
        super().__init__(clean_text(message, 2000))
        self.path = Path(path) if path is not None else None


def atomic_write_bytes(path: str | os.PathLike, data: bytes) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
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
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_json(path: str | os.PathLike, obj, *, indent: int | None = 2) -> None:
    atomic_write_text(path, json.dumps(obj, indent=indent, ensure_ascii=False) + "\n")


def read_capped_bytes(path: str | os.PathLike, max_bytes: int = DEFAULT_MAX_BYTES) -> bytes:
    path = Path(path)
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise FileProblem(f"{path.name}: file not found.", path) from None
    except OSError as e:
        raise FileProblem(f"{path.name}: cannot be read ({e.strerror}).", path) from None
    if size > max_bytes:
        raise FileProblem(
            f"{path.name}: file is too large ({size:,} bytes; the limit is {max_bytes:,}).", path
        )
    try:
        with open(path, "rb") as fh:
            data = fh.read(max_bytes + 1)
    except OSError as e:
        raise FileProblem(f"{path.name}: cannot be read ({e.strerror}).", path) from None
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


def unused_path(folder: str | os.PathLike, base: str, suffix: str = "") -> Path:
    """``folder/BASE+SUFFIX``, or if that exists the first free ``folder/BASE-N+SUFFIX``
    (N = 1, 2, …): a new file's name that never overwrites one already there."""
    folder = Path(folder)
    path = folder / (base + suffix)
    n = 1
    while path.exists():
        path = folder / f"{base}-{n}{suffix}"
        n += 1
    return path


def set_aside(path: str | os.PathLike, reason: str = "damaged") -> Path | None:
    """Rename a bad file to ``NAME.REASON-TIMESTAMP`` beside it; never deletes it.

    Returns the new path, or None if the file is gone or cannot be renamed.
    """
    path = Path(path)
    if not path.exists():
        return None
    target = unused_path(path.parent, f"{path.name}.{reason}-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target


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
    folder = Path(folder)
    try:
        paths = sorted(p for p in folder.glob(pattern) if p.is_file())
    except OSError:
        return out
    for p in paths[:limit]:
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
