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

The client passes its data folder; nothing here knows where that is::

    saves = find_resumable(folder)            # newest first, bad files set aside
    if saves: session = MatchSession.resume(saves[0].path, replay_folder=...)
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from .files import (FileProblem, _short, atomic_write_text, parse_json_bytes, read_capped_bytes,
                    remove_stale_temp_files, set_aside, unused_path)
from .record import MAX_ACTIONS, MAX_RECORD_BYTES, MatchRecord, check_action

AUTOSAVE_FORMAT = "cardhall-autosave"
AUTOSAVE_VERSION = 1
AUTOSAVE_SUFFIX = ".autosave"


def _dumps(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


class Autosave:
    """The journal of one match. ``fsync=False`` only for tests and tools that
    do not need to survive a power cut (a killed process loses nothing either way)."""

    def __init__(self, path, *, fsync: bool = True):
        self.path = Path(path)
        self.fsync = fsync

    @classmethod
    def start(cls, folder, record: MatchRecord, *, fsync: bool = True) -> "Autosave":
        """A new autosave file in ``folder`` for ``record`` (written at once)."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        base = f"{record.game}-{stamp}-{record.seed & 0xFFFFFFFF:08x}"
        a = cls(unused_path(folder, base, AUTOSAVE_SUFFIX), fsync=fsync)
        a.write_all(record)
        return a

    def write_all(self, record: MatchRecord) -> None:
        """Atomically replace the file by ``record`` (header only, no journal lines)."""
        head = {"format": AUTOSAVE_FORMAT, "version": AUTOSAVE_VERSION, "record": record.to_json()}
        atomic_write_text(self.path, _dumps(head) + "\n")

    def append(self, action) -> None:
        """Append one action and (by default) fsync it before returning."""
        line = (_dumps([int(x) for x in action]) + "\n").encode("utf-8")
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
        try:
            os.write(fd, line)
            if self.fsync:
                os.fsync(fd)
        finally:
            os.close(fd)

    def discard(self) -> None:
        """Remove the file (the match finished and was kept as a replay)."""
        try:
            os.unlink(self.path)
        except FileNotFoundError:
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

    @property
    def game(self) -> str:
        return self.record.game

    @property
    def actions(self) -> int:
        return len(self.record.actions)

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
        return " — ".join(parts)


def find_resumable(folder, *, game: str | None = None, set_aside_bad: bool = True) -> list[ResumeInfo]:
    """Unfinished matches saved in ``folder``, newest first.

    Every candidate is replayed: a file that cannot be read or does not
    reproduce is set aside unchanged (``NAME.damaged-TIMESTAMP``); a file whose
    match is already over (its replay was kept just before a crash) is removed,
    and so are temporary files of writes interrupted over an hour ago.
    """
    folder = Path(folder)
    remove_stale_temp_files(folder)
    try:
        paths = sorted(p for p in folder.glob("*" + AUTOSAVE_SUFFIX) if p.is_file())
    except OSError:
        return []
    out = []
    for p in paths:
        try:
            rec = load_autosave(p)
            if game is not None and rec.game != game:
                continue
            m = rec.replay()
        except FileProblem:
            if set_aside_bad:
                set_aside(p)
            continue
        if m.result() is not None:
            Autosave(p).discard()
            continue
        try:
            mtime = p.stat().st_mtime
        except OSError:
            continue
        out.append(ResumeInfo(p, rec, m.turn(), mtime))
    out.sort(key=lambda r: (r.saved_at, r.path.name), reverse=True)
    return out
