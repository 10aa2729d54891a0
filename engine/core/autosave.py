"""Autosave: every applied action is on disk at once, so a crash, a kill or a
quit in mid-game loses at most the action in flight.

An autosave file (``<game>-<time>-<seed>.autosave``) is an append-only journal:

    {"format": "cardhall-autosave", "version": 1, "record": {...MatchRecord JSON...}}
    [action]
    [action]
    ...

The first line is the match record as it was when the file was (re)written;
each later line is one more action, appended and fsynced as it is applied. A
torn last line (the process was killed mid-append, or the disk lost the tail)
is ignored. Anything that changes the past — undo, a change of ``meta`` —
rewrites the whole file atomically (:func:`engine.core.files.atomic_write_text`).

One writer per save: the program playing a save holds an OS lock on its lock
file (``.NAME.autosave.lock``, :func:`acquire_lock`; the system drops it when the
process ends, even by a crash). A second running copy of the program sees the
save as ``in_use`` and :meth:`MatchSession.resume` raises :class:`SaveInUse` (the
file untouched) instead of interleaving its appends with the first one's.

The client passes its data folder; nothing here knows where that is::

    saves = find_resumable(folder)            # newest first, bad files set aside
    if saves: session = MatchSession.resume(saves[0].path, replay_folder=...)
"""
from __future__ import annotations

import json
import os
import time
import weakref
from dataclasses import dataclass
from pathlib import Path

from .files import (FileProblem, _lock_fd, _short, atomic_write_text, list_files, open_lock_file,
                    open_no_follow, parse_json_bytes, read_capped_bytes, remove_stale_temp_files, set_aside,
                    unused_path, writable_folder)
from .record import MAX_ACTIONS, MAX_RECORD_BYTES, MatchRecord, check_action

AUTOSAVE_FORMAT = "cardhall-autosave"
AUTOSAVE_VERSION = 1
AUTOSAVE_SUFFIX = ".autosave"
#: unfinished games kept per game and mode (newest first); older ones go to the
#: replays, marked unfinished (with a replay folder; else they stay)
KEEP_PER_GAME = 5


class SaveInUse(Exception):
    """The save is open in another running copy of Cardhall (it holds the
    save's lock). ``str(err)`` is a message fit for a player."""


def lock_path(path) -> Path:
    """The lock file of the autosave ``path`` (``.NAME.lock`` beside it)."""
    path = Path(path)
    return path.with_name("." + path.name + ".lock")


class _Lock:
    """An OS lock on a save's lock file: ``flock`` on POSIX, ``msvcrt.locking``
    on Windows. The operating system drops it when the process ends, however
    it ends, so a crash never leaves a save locked. The lock file is never opened
    through a symbolic link (one found in its place is set aside, see
    :func:`engine.core.files.open_lock_file`), so nothing outside the folder is made
    or written."""

    def __init__(self, save_path: Path):
        self.path = lock_path(save_path)
        self.fd = -1
        try:
            fd = open_lock_file(self.path)
        except OSError:
            return  # a read-only folder: no lock possible; the save works as before
        try:
            _lock_fd(fd)
        except OSError:
            os.close(fd)
            raise SaveInUse("This game is open in another Cardhall window: "
                            "continue it there, or close that window first.") from None
        self.fd = fd

    def release(self, remove: bool = False) -> None:
        if self.fd < 0:
            return
        if remove:
            try:
                os.unlink(self.path)
            except OSError:
                pass
        try:
            os.close(self.fd)  # closing drops the lock
        except OSError:
            pass
        self.fd = -1

    def __del__(self):
        self.release()


# the locks this process holds, by save path: a second Autosave on the same
# file in this process shares the lock (the client reopens a save it left)
_HELD: "weakref.WeakValueDictionary[str, _Lock]" = weakref.WeakValueDictionary()


def _key(path) -> str:
    return os.path.abspath(os.fspath(path))


def acquire_lock(path) -> _Lock:
    """This process's lock on the save ``path``; :class:`SaveInUse` if another
    process holds it."""
    k = _key(path)
    lk = _HELD.get(k)
    if lk is None or lk.fd < 0:
        lk = _Lock(Path(path))
        _HELD[k] = lk
    return lk


def in_use(path) -> bool:
    """True if another running program holds the lock of the save ``path``."""
    k = _key(path)
    if k in _HELD and _HELD[k].fd >= 0:
        return False
    lk = lock_path(path)
    if not os.path.exists(lk) or os.path.islink(lk):  # a link is nobody's lock (and is not followed)
        return False
    try:
        _Lock(Path(path)).release()
    except SaveInUse:
        return True
    return False


def _dumps(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


class Autosave:
    """The journal of one match. ``fsync=False`` only for tests and tools that
    do not need to survive a power cut (a killed process loses nothing either way)."""

    def __init__(self, path, *, fsync: bool = True):
        self.path = Path(path)
        self.fsync = fsync
        self._lock: _Lock | None = None

    @classmethod
    def start(cls, folder, record: MatchRecord, *, fsync: bool = True) -> "Autosave":
        """A new autosave file in ``folder`` for ``record`` (written at once,
        and locked: see :meth:`lock`)."""
        folder = writable_folder(folder)  # OSError: a file in its place, a link loop, read-only
        stamp = time.strftime("%Y%m%d-%H%M%S")
        base = f"{record.game}-{stamp}-{record.seed & 0xFFFFFFFF:08x}"
        a = cls(unused_path(folder, base, AUTOSAVE_SUFFIX), fsync=fsync)
        a.lock()
        a.write_all(record)
        return a

    def lock(self) -> None:
        """Become the save's one writer: take its OS lock (held until
        :meth:`close`, :meth:`discard` or the end of the process). Raises
        :class:`SaveInUse` if another running copy of the program has it."""
        if self._lock is None:
            self._lock = acquire_lock(self.path)

    def close(self) -> None:
        """Let go of the lock (the file stays, for a later resume): the player
        left the table, so another copy of the program may resume it now."""
        lk, self._lock = self._lock, None
        if lk is not None:
            if _HELD.get(_key(self.path)) is lk:
                del _HELD[_key(self.path)]
            lk.release()

    def write_all(self, record: MatchRecord) -> None:
        """Atomically replace the file by ``record`` (header only, no journal lines)."""
        head = {"format": AUTOSAVE_FORMAT, "version": AUTOSAVE_VERSION, "record": record.to_json()}
        atomic_write_text(self.path, _dumps(head) + "\n")

    def append(self, action) -> None:
        """Append one action and (by default) fsync it before returning."""
        line = (_dumps([int(x) for x in action]) + "\n").encode("utf-8")
        fd = open_no_follow(self.path, os.O_WRONLY | os.O_APPEND)  # never through a link put in its place
        try:
            os.write(fd, line)
            if self.fsync:
                os.fsync(fd)
        finally:
            os.close(fd)

    def discard(self) -> None:
        """Remove the file (the match finished and was kept as a replay), and its lock."""
        try:
            os.unlink(self.path)
        except FileNotFoundError:
            pass
        lk, self._lock = self._lock, None
        if lk is None and not in_use(self.path):
            lk = _HELD.get(_key(self.path))
        if lk is not None:
            lk.release(remove=True)
        elif not in_use(self.path):
            try:
                os.unlink(lock_path(self.path))
            except OSError:
                pass


def _parse_action_line(raw: bytes):
    if not raw.strip():
        return None
    try:
        return check_action(json.loads(raw.decode("utf-8")))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None


def parse_autosave_bytes(data: bytes, name: str = "autosave", path=None) -> MatchRecord:
    """The record saved in an autosave journal; :class:`FileProblem` if it is unusable."""
    def bad(msg):
        return FileProblem(f"{name}: {msg}", path)

    nl = data.find(b"\n")
    if nl < 0:
        nl = len(data)  # only the header (which is written atomically)
    if not data[:nl].strip():
        raise bad("the save is empty.")
    head = parse_json_bytes(data[:nl], name)
    if not isinstance(head, dict) or head.get("format") != AUTOSAVE_FORMAT:
        raise bad("not a Cardhall autosave.")
    v = head.get("version")
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        raise bad('"version" must be a positive whole number.')
    if v > AUTOSAVE_VERSION:
        raise bad(f"made by a newer Cardhall (autosave version {v}).")
    try:
        rec = MatchRecord.from_json(head.get("record"), path=path)
    except FileProblem as e:
        raise bad(str(e).split(": ", 1)[-1]) from None
    lines = data[nl + 1:].split(b"\n")
    if len(rec.actions) + len(lines) > MAX_ACTIONS + 2:
        raise bad(f"more than {MAX_ACTIONS} actions.")
    parsed = [_parse_action_line(raw) for raw in lines]
    for i, a in enumerate(parsed):
        if a is None:
            if not lines[i].strip() and i == len(lines) - 1:
                break  # the clean end of the file
            if any(x is not None for x in parsed[i + 1:]):
                raise bad(f"journal line {i + 2} is damaged "
                          f"({_short(lines[i].decode('utf-8', 'replace'))!r}).")
            break  # torn or lost tail: at most the action(s) in flight
        if len(rec.actions) >= MAX_ACTIONS:
            raise bad(f"more than {MAX_ACTIONS} actions.")
        rec.actions.append(a)
    return rec


def load_autosave(path) -> MatchRecord:
    """Read an autosave (capped in size). The record may still fail to *replay*:
    :meth:`MatchSession.from_record` checks that."""
    path = Path(path)
    data = read_capped_bytes(path, MAX_RECORD_BYTES)
    return parse_autosave_bytes(data, path.name, path)


@dataclass
class ResumeInfo:
    """An unfinished match that can be resumed."""

    path: Path
    record: MatchRecord
    turn: int
    saved_at: float  # file modification time (seconds since the epoch)
    in_use: bool = False  # open in another running copy of the program

    @property
    def game(self) -> str:
        return self.record.game

    @property
    def actions(self) -> int:
        return len(self.record.actions)

    @property
    def mode(self) -> str:
        """``"ai"``, ``"hotseat"`` or ``""`` (another or an old save)."""
        m = self.record.meta.get("mode")
        return m if isinstance(m, str) else ""

    def title(self) -> str:
        """One line for the Resume button, e.g.
        'Evons — Verdant Tide vs Ember Quake — turn 12 — vs AI (normal) — saved 14:05'."""
        rec = self.record
        parts = [rec.game.capitalize(), f"{rec.decks[0].name} vs {rec.decks[1].name}", f"turn {self.turn}"]
        ai = rec.meta.get("ai")
        if isinstance(ai, dict):
            level = ai.get("level")
            parts.append(f"vs AI ({level})" if isinstance(level, str) else "vs AI")
        elif rec.meta.get("mode") == "hotseat":
            parts.append("hot-seat")
        parts.append("saved " + time.strftime("%H:%M", time.localtime(self.saved_at)))
        if self.in_use:
            parts.append("open in another window")
        return " — ".join(parts)


def _replay_kept(replay_folder, rec: MatchRecord) -> bool:
    """True if a replay of exactly this match (game, seed, decks, actions) is in ``replay_folder``."""
    from .record import load_record
    from .replays import REPLAY_SUFFIX
    for p in list_files(replay_folder, "*" + REPLAY_SUFFIX, 500):
        try:
            r = load_record(p)
        except FileProblem:
            continue
        if r.game == rec.game and r.seed == rec.seed and r.actions == rec.actions and r.decks == rec.decks:
            return True
    return False


def _keep_finished(p: Path, rec: MatchRecord, m, replay_folder) -> bool:
    """A finished match found in an autosave (the program stopped between keeping
    the replay and removing the save): remove the save only once its replay
    exists — keep the replay now if it is missing. True if the save was removed."""
    if replay_folder is None:
        return False
    if not _replay_kept(replay_folder, rec):
        from .replays import finish_record, save_replay
        try:
            finish_record(rec, m)
            save_replay(replay_folder, rec)
        except OSError:
            return False
    Autosave(p).discard()
    return True


def _remove_orphan_locks(folder: Path) -> None:
    """Lock files whose save is gone (set aside, or removed by a program that
    crashed before it could tidy up) and that nobody holds."""
    for lk in list_files(folder, ".*" + AUTOSAVE_SUFFIX + ".lock", 1000):
        save = lk.with_name(lk.name[1:-len(".lock")])
        if not os.path.lexists(save) and not in_use(save):
            try:
                os.unlink(lk)
            except OSError:
                pass


def find_resumable(folder, *, game: str | None = None, set_aside_bad: bool = True,
                   replay_folder=None, keep_per_game: int = KEEP_PER_GAME) -> list[ResumeInfo]:
    """Unfinished matches saved in ``folder``, newest first.

    Every candidate is replayed: a file that cannot be read or does not
    reproduce is set aside unchanged (``NAME.damaged-TIMESTAMP``). A file whose
    match is already over (the program stopped just after the game ended) is
    removed once its replay is in ``replay_folder`` (kept there first if it is
    missing; without ``replay_folder`` such a file is left alone). Abandoned
    saves beyond the newest ``keep_per_game`` of a game are removed, and so are
    temporary files of writes interrupted over an hour ago. A save open in
    another running copy of the program is listed with ``in_use`` and never
    removed.
    """
    folder = Path(folder)
    remove_stale_temp_files(folder)
    _remove_orphan_locks(folder)
    out = []
    for p in list_files(folder, "*" + AUTOSAVE_SUFFIX):
        busy = in_use(p)
        try:
            rec = load_autosave(p)
            if game is not None and rec.game != game:
                continue
            m = rec.replay()
        except FileProblem:
            if set_aside_bad and not busy:
                set_aside(p)
            continue
        if m.result() is not None:
            if not busy:
                _keep_finished(p, rec, m, replay_folder)
            continue
        try:
            mtime = p.stat().st_mtime
        except OSError:
            continue
        out.append(ResumeInfo(p, rec, m.turn(), mtime, busy))
    out.sort(key=lambda r: (r.saved_at, r.path.name), reverse=True)
    if keep_per_game is not None and replay_folder is not None:
        seen: dict[tuple, int] = {}
        kept = []
        for r in out:
            k = (r.game, r.mode)
            seen[k] = seen.get(k, 0) + 1
            if seen[k] > keep_per_game and not r.in_use:
                try:
                    abandon(r.path, replay_folder, record=r.record)
                    continue
                except (FileProblem, OSError):
                    pass      # it stays a save: nothing is lost
            kept.append(r)
        out = kept
    return out


def abandon(path, replay_folder, *, record: MatchRecord | None = None) -> Path:
    """Give a saved game up: it is kept in ``replay_folder`` as a replay marked
    unfinished (watch it, review it), then the save is removed. Returns the
    replay's path. Raises :class:`SaveInUse` when another running program plays
    it, :class:`FileProblem` or ``OSError`` when it cannot be kept (the save stays)."""
    from .replays import UNFINISHED_KEY, finish_record, save_replay
    path = Path(path)
    if in_use(path):
        raise SaveInUse("This game is open in another Cardhall window: "
                        "continue it there, or close that window first.")
    rec = record if record is not None else load_autosave(path)
    m = rec.replay()
    if m.result() is None:
        rec.meta[UNFINISHED_KEY] = "abandoned"
    finish_record(rec, m)
    kept = save_replay(replay_folder, rec)
    Autosave(path).discard()
    return kept
