"""The replay library: finished games kept as match record files in a folder
(the client passes ``<user data dir>/replays``), the newest 50 kept.

A replay file is an ordinary :class:`~engine.core.record.MatchRecord` JSON with
its ``result`` and, in ``meta``, the final-state digest, the number of turns
and the time it finished. It is also the bug report:
``python -m engine replay FILE`` checks that it reproduces.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

from .files import FileProblem, list_files, load_folder, remove_stale_temp_files, unused_path
from .match import Result
from .record import (DIGEST_KEY, MatchRecord, digest_matches, load_record, recorded_digest, save_record,
                     state_digest)

MAX_REPLAYS = 50
REPLAY_SUFFIX = ".json"
#: meta key of a game kept unfinished (``"abandoned"``: the player gave the saved game up)
UNFINISHED_KEY = "unfinished"


@dataclass
class ReplayInfo:
    """One kept replay, for the replay list."""

    path: Path
    record: MatchRecord

    @property
    def game(self) -> str:
        return self.record.game

    @property
    def result(self) -> Result | None:
        r = self.record.result
        return None if r is None else Result.from_json(r)

    @property
    def names(self) -> list[str]:
        n = self.record.meta.get("names")
        if isinstance(n, list) and len(n) == 2 and all(isinstance(x, str) for x in n):
            return n
        return ["Player 1", "Player 2"]

    @property
    def deck_names(self) -> list[str]:
        return [d.name for d in self.record.decks]

    @property
    def turns(self) -> int | None:
        t = self.record.meta.get("turns")
        return t if isinstance(t, int) and not isinstance(t, bool) else None

    @property
    def finished(self) -> str:
        f = self.record.meta.get("finished")
        return f if isinstance(f, str) else ""

    @property
    def actions(self) -> int:
        return len(self.record.actions)

    def title(self) -> str:
        """e.g. 'Evons — Rangers vs Swarm — Player 1 wins — reached 12 points'."""
        r = self.result
        tail = r.text(self.names) if r is not None else f"unfinished (turn {self.turns})" \
            if self.turns is not None else "unfinished"
        return f"{self.game.capitalize()} — {self.deck_names[0]} vs {self.deck_names[1]} — {tail}"


def finish_record(rec: MatchRecord, m) -> None:
    """Fill in a finished match's result, digest, turns and finish time."""
    r = m.result()
    rec.result = None if r is None else r.to_json()
    rec.meta[DIGEST_KEY] = state_digest(m)
    rec.meta["turns"] = m.turn()
    rec.meta.setdefault("finished", time.strftime("%Y-%m-%dT%H:%M:%S"))


def load_replay(path) -> MatchRecord:
    """A replay file (a finished match record); :class:`FileProblem` if unusable."""
    rec = load_record(path)
    if rec.result is None and rec.meta.get(UNFINISHED_KEY) != "abandoned":
        raise FileProblem(f"{Path(path).name}: the match in this file is not finished.", path)
    return rec


def _replay_files(folder: Path) -> list[Path]:
    """The replay files, oldest first by modification time (a file copied in
    with any name is sorted by its age, not its name)."""
    files = []
    for p in list_files(folder, "*" + REPLAY_SUFFIX):
        try:
            files.append((p.stat().st_mtime, p.name, p))
        except OSError:
            continue
    files.sort(key=lambda t: (t[0], t[1]))
    return [p for _, _, p in files]


def save_replay(folder, rec: MatchRecord, *, keep: int = MAX_REPLAYS) -> Path:
    """Write ``rec`` as a new replay in ``folder`` (atomically) and prune to the
    newest ``keep`` (by age)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    t = time.time()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(t)) + f"-{int(t * 1e6) % 1_000_000:06d}"
    base = f"{stamp}-{rec.game}"
    path = unused_path(folder, base, REPLAY_SUFFIX)
    save_record(rec, path)
    prune_replays(folder, keep)
    return path


def prune_replays(folder, keep: int = MAX_REPLAYS) -> list[Path]:
    """Delete the oldest replays beyond ``keep``; returns the removed paths."""
    files = _replay_files(Path(folder))
    gone = []
    for p in files[: max(0, len(files) - keep)]:
        try:
            os.unlink(p)
            gone.append(p)
        except OSError:
            pass
    return gone


def list_replays(folder, *, game: str | None = None, set_aside_bad: bool = True) -> list[ReplayInfo]:
    """The kept replays, newest first. Unreadable files are set aside unchanged
    (and temporary files of writes interrupted over an hour ago removed)."""
    remove_stale_temp_files(folder)
    got = load_folder(folder, load_replay, "*" + REPLAY_SUFFIX, set_aside_bad=set_aside_bad)
    out = [ReplayInfo(p, r) for p, r in zip(got.paths, got.items) if game is None or r.game == game]
    out.reverse()
    return out


@dataclass
class ReplayCheck:
    """What checking a record found: ``ok``; the final match; a message per problem."""

    ok: bool
    match: object
    problems: list
    record: MatchRecord


def check_record(rec: MatchRecord) -> ReplayCheck:
    """Replay every action; compare the recorded result and final digest (if present)."""
    problems = []
    try:
        m = rec.replay()
    except FileProblem as e:
        return ReplayCheck(False, None, [str(e)], rec)
    r = m.result()
    if rec.result is not None:
        want = Result.from_json(rec.result)
        if r is None:
            if rec.meta.get("ended_by") != "server":  # online: a concession, claim or clock ends it
                problems.append(f"the file says {want.text()}, but after {len(rec.actions)} actions "
                                f"the game is not over.")
        elif (r.winner, r.reason) != (want.winner, want.reason) or ("end" in rec.result and r != want):
            # (an older file has the sentence only: its figures are not all in it)
            problems.append(f"the file says {want.text()}, but the replay ends {r.text()}.")
    digest = recorded_digest(rec.meta)
    if digest is not None:
        got = state_digest(m)
        if not digest_matches(m, digest):
            problems.append(f"the final state differs from the recorded one "
                            f"(digest {got[:12]}…, recorded {digest[:12]}…).")
    return ReplayCheck(not problems, m, problems, rec)
