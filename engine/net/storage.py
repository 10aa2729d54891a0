"""Where the server keeps its matches: one small interface, one SQLite implementation.

Everything a match needs to resume exactly is here: game, pace, options, seed,
both decks, names, the seats' token hashes, every action with its seat and
time, the clock after it, the result. :class:`Storage` is the whole contract
the server uses, so a community server that outgrows SQLite can implement it
on PostgreSQL (same tables; ``append_action`` is one transaction) without
touching anything else.

SQLite runs in WAL mode with ``synchronous=FULL``: an action's transaction is
committed (and on disk) before the server acknowledges it, so a kill at any
moment loses nothing that a player was told had happened.
"""
from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class StoredMatch:
    id: str
    game: str
    pace: str
    options: dict
    seed: int | None
    decks: list            # [deck JSON | None, deck JSON | None]
    names: list
    token_hashes: list     # [sha256 hex | None, ...]
    code_hash: str | None  # while waiting for the second player
    created: float
    result: dict | None = None
    clock: dict | None = None
    actions: list = field(default_factory=list)   # [(action tuple, seat, time), ...]


class Storage:
    """The storage interface (all methods are called from the server's one thread)."""

    def create(self, sm: StoredMatch) -> None:
        """A new match waiting for its second player."""
        raise NotImplementedError

    def start(self, match_id: str, *, deck1: dict, name1: str, token_hash1: str, seed: int,
              clock: dict) -> None:
        """The second player joined: the match begins (its join code is no longer valid)."""
        raise NotImplementedError

    def append_action(self, match_id: str, index: int, action, seat: int, t: float, clock: dict,
                      result: dict | None) -> None:
        """Action ``index`` (0-based), in one transaction with the clock (and result) after it."""
        raise NotImplementedError

    def save_clock(self, match_id: str, clock: dict) -> None:
        raise NotImplementedError

    def finish(self, match_id: str, result: dict, clock: dict | None) -> None:
        raise NotImplementedError

    def load_all(self) -> list[StoredMatch]:
        """Every match, with its actions, oldest first."""
        raise NotImplementedError

    def heartbeat(self, t: float) -> None:
        """The server is alive at ``t`` (its clocks are charged up to the last heartbeat)."""
        raise NotImplementedError

    def last_heartbeat(self) -> float | None:
        raise NotImplementedError

    def close(self) -> None:
        pass


SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, pace TEXT NOT NULL, options TEXT NOT NULL,
    seed INTEGER, deck0 TEXT, deck1 TEXT, names TEXT NOT NULL, tokens TEXT NOT NULL,
    code TEXT, created REAL NOT NULL, result TEXT, clock TEXT);
CREATE UNIQUE INDEX IF NOT EXISTS matches_code ON matches(code) WHERE code IS NOT NULL;
CREATE TABLE IF NOT EXISTS actions (
    match TEXT NOT NULL, idx INTEGER NOT NULL, action TEXT NOT NULL, seat INTEGER NOT NULL,
    t REAL NOT NULL, PRIMARY KEY (match, idx));
CREATE TABLE IF NOT EXISTS server (key TEXT PRIMARY KEY, value TEXT);
"""
SCHEMA_VERSION = 1


class SqliteStorage(Storage):
    def __init__(self, path, *, synchronous: str = "FULL"):
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={'NORMAL' if synchronous == 'NORMAL' else 'FULL'}")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)
        v = self.db.execute("SELECT value FROM server WHERE key='schema'").fetchone()
        if v is None:
            self.db.execute("INSERT INTO server VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        elif int(v[0]) > SCHEMA_VERSION:
            raise RuntimeError(f"{self.path} was written by a newer Cardhall server (schema {v[0]}).")

    def _tx(self, *stmts) -> None:
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            for sql, args in stmts:
                db.execute(sql, args)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def create(self, sm: StoredMatch) -> None:
        self._tx(("INSERT INTO matches (id, game, pace, options, seed, deck0, deck1, names, tokens, code, "
                  "created, result, clock) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                  (sm.id, sm.game, sm.pace, json.dumps(sm.options), sm.seed,
                   json.dumps(sm.decks[0]), json.dumps(sm.decks[1]), json.dumps(sm.names),
                   json.dumps(sm.token_hashes), sm.code_hash, sm.created,
                   None if sm.result is None else json.dumps(sm.result),
                   None if sm.clock is None else json.dumps(sm.clock))))

    def start(self, match_id, *, deck1, name1, token_hash1, seed, clock) -> None:
        row = self.db.execute("SELECT names, tokens FROM matches WHERE id=?", (match_id,)).fetchone()
        names, tokens = json.loads(row[0]), json.loads(row[1])
        names[1], tokens[1] = name1, token_hash1
        self._tx(("UPDATE matches SET deck1=?, names=?, tokens=?, seed=?, code=NULL, clock=? WHERE id=?",
                  (json.dumps(deck1), json.dumps(names), json.dumps(tokens), seed, json.dumps(clock),
                   match_id)))

    def append_action(self, match_id, index, action, seat, t, clock, result) -> None:
        stmts = [("INSERT INTO actions (match, idx, action, seat, t) VALUES (?,?,?,?,?)",
                  (match_id, index, json.dumps(list(action)), seat, t)),
                 ("UPDATE matches SET clock=?, result=? WHERE id=?",
                  (json.dumps(clock), None if result is None else json.dumps(result), match_id))]
        self._tx(*stmts)

    def save_clock(self, match_id, clock) -> None:
        self._tx(("UPDATE matches SET clock=? WHERE id=?", (json.dumps(clock), match_id)))

    def finish(self, match_id, result, clock) -> None:
        self._tx(("UPDATE matches SET result=?, clock=?, code=NULL WHERE id=?",
                  (json.dumps(result), None if clock is None else json.dumps(clock), match_id)))

    def load_all(self) -> list[StoredMatch]:
        out = {}
        for r in self.db.execute("SELECT id, game, pace, options, seed, deck0, deck1, names, tokens, code, "
                                 "created, result, clock FROM matches ORDER BY created, id"):
            out[r[0]] = StoredMatch(r[0], r[1], r[2], json.loads(r[3]), r[4], [json.loads(r[5]), json.loads(r[6])],
                                    json.loads(r[7]), json.loads(r[8]), r[9], r[10],
                                    None if r[11] is None else json.loads(r[11]),
                                    None if r[12] is None else json.loads(r[12]))
        for mid, _idx, a, seat, t in self.db.execute(
                "SELECT match, idx, action, seat, t FROM actions ORDER BY match, idx"):
            sm = out.get(mid)
            if sm is not None:
                sm.actions.append((tuple(json.loads(a)), seat, t))
        return list(out.values())

    def heartbeat(self, t: float) -> None:
        self.db.execute("INSERT OR REPLACE INTO server VALUES ('heartbeat', ?)", (repr(float(t)),))

    def last_heartbeat(self):
        v = self.db.execute("SELECT value FROM server WHERE key='heartbeat'").fetchone()
        return None if v is None else float(v[0])

    def close(self) -> None:
        try:
            self.db.close()
        except sqlite3.Error:
            pass
