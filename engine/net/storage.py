"""Where the server keeps its matches: one small interface, written once in SQL for
SQLite (the default, embedded) and PostgreSQL (community servers).

Everything a match needs to resume exactly is here: game, pace, options, seed,
both decks, names, the seats' token hashes, every action with its seat and
time, the clock after it, the result. :class:`Storage` is the whole contract
the server uses; :class:`SqlStorage` implements it once in SQL that both
databases read, and the two subclasses only open the connection, say how a
transaction begins and name their column types:

* :class:`SqliteStorage` (a file): WAL mode with ``synchronous=FULL``: an
  action's transaction is committed (and on disk) before the server
  acknowledges it, so a kill at any moment loses nothing that a player was
  told had happened.
* :class:`PostgresStorage` (``postgresql://…``, psycopg 3): the same tables, one
  transaction per action, ``synchronous_commit`` on (``--sync normal``: off).

:func:`open_storage` picks one from the ``--db`` text. A stored match that
cannot be read (bad JSON in a column, an action that no longer replays) is
*set aside*: kept untouched in the database, listed in the ``set_aside``
table with the reason, and no longer loaded, so one damaged row never stops
the server (``python -m engine serve --check`` lists them).
"""
from __future__ import annotations

import importlib
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


@dataclass
class Damaged:
    """A stored match that cannot be read (or no longer replays), and why."""
    id: str
    reason: str
    when: float | None = None   # when it was set aside (None: found just now)


class Storage:
    """The storage interface (all methods are called from the server's one thread)."""

    def create(self, sm: StoredMatch) -> None:
        """A new match waiting for its second player."""
        raise NotImplementedError

    def start(self, match_id: str, *, deck1: dict, name1: str, token_hash1: str, seed: int,
              clock: dict, first: tuple | None = None) -> None:
        """The second player joined: the match begins (its join code is no longer valid).
        ``first``: the first seat's ``(name, token hash)`` as stored, when the caller knows
        them (then nothing is read first)."""
        raise NotImplementedError

    def append_action(self, match_id: str, index: int, action, seat: int, t: float, clock: dict,
                      result: dict | None) -> None:
        """Action ``index`` (0-based), in one transaction with the clock (and result) after it."""
        raise NotImplementedError

    def save_clock(self, match_id: str, clock: dict) -> None:
        raise NotImplementedError

    def finish(self, match_id: str, result: dict, clock: dict | None) -> None:
        raise NotImplementedError

    def delete(self, match_id: str) -> None:
        """Remove a match that never began (it expired waiting), with anything stored for it."""
        raise NotImplementedError

    def load_all(self, *, finished: bool = True) -> tuple[list[StoredMatch], list[Damaged]]:
        """Every match not set aside (``finished=False``: only those not over), with its
        actions, oldest first; and those whose rows could not be read (each read in
        its own guard)."""
        raise NotImplementedError

    def load_one(self, match_id: str) -> "StoredMatch | Damaged | None":
        """One match by id, read as :meth:`load_all` reads them."""
        raise NotImplementedError

    def set_aside(self, match_id: str, reason: str, t: float) -> None:
        """Stop loading ``match_id`` (its rows stay untouched) and note why."""
        raise NotImplementedError

    def list_set_aside(self) -> list[Damaged]:
        raise NotImplementedError

    def heartbeat(self, t: float) -> None:
        """The server is alive at ``t`` (its clocks are charged up to the last heartbeat)."""
        raise NotImplementedError

    def last_heartbeat(self) -> float | None:
        raise NotImplementedError

    #: group commit: writes go into one open transaction until :meth:`commit` (the server
    #: holds back every message meanwhile, so nothing is acknowledged before it is durable)
    batch = False

    @property
    def dirty(self) -> bool:
        """Writes are waiting for :meth:`commit` (only in batch mode)."""
        return False

    def commit(self) -> None:
        """Make every write so far durable (one transaction, one sync)."""

    def commit_async(self):
        """Start making every write so far durable away from the caller's thread: a
        ``concurrent.futures.Future`` (its result raises what the database refused), or
        None when nothing waits. Writes made meanwhile wait for the next commit; a read
        waits for this one (see :class:`SqlStorage`)."""
        self.commit()
        return None

    def settle(self, fut) -> None:
        """The commit ``fut`` (from :meth:`commit_async`) has ended: raise what it refused."""
        if fut is not None:
            fut.result()

    def close(self) -> None:
        pass


SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, pace TEXT NOT NULL, options TEXT NOT NULL,
    seed {bigint}, deck0 TEXT, deck1 TEXT, names TEXT NOT NULL, tokens TEXT NOT NULL,
    code TEXT, created {real} NOT NULL, result TEXT, clock TEXT);
CREATE UNIQUE INDEX IF NOT EXISTS matches_code ON matches(code) WHERE code IS NOT NULL;
CREATE TABLE IF NOT EXISTS actions (
    match TEXT NOT NULL, idx INTEGER NOT NULL, action TEXT NOT NULL, seat INTEGER NOT NULL,
    t {real} NOT NULL, PRIMARY KEY (match, idx));
CREATE TABLE IF NOT EXISTS server (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS set_aside (match TEXT PRIMARY KEY, reason TEXT NOT NULL, t {real} NOT NULL)
"""
SCHEMA_VERSION = 1
_MATCH_COLS = "id, game, pace, options, seed, deck0, deck1, names, tokens, code, created, result, clock"


def _j(text):
    return None if text is None else json.loads(text)


def _match_from_row(r) -> StoredMatch:
    """One ``matches`` row read and checked (ValueError & co. when it is damaged)."""
    opts, names, tokens = json.loads(r[3]), json.loads(r[7]), json.loads(r[8])
    if not isinstance(opts, dict):
        raise ValueError("its options are not an object")
    if not (isinstance(names, list) and len(names) == 2 and isinstance(tokens, list) and len(tokens) == 2):
        raise ValueError("its names or seats are not a pair")
    res, clock = _j(r[11]), _j(r[12])
    if res is not None and not isinstance(res, dict) or clock is not None and not isinstance(clock, dict):
        raise ValueError("its result or clock is not an object")
    return StoredMatch(str(r[0]), r[1], r[2], opts, r[4], [_j(r[5]), _j(r[6])], names, tokens, r[9],
                       float(r[10]), res, clock)


class SqlStorage(Storage):
    """:class:`Storage` in SQL both SQLite and PostgreSQL read. A subclass sets ``db``
    (a DB-API connection in autocommit mode), :attr:`PARAM` and :meth:`_begin`."""

    PARAM = "?"                     # the driver's placeholder ("?" or "%s")
    TYPES = {"real": "REAL", "bigint": "INTEGER"}
    name = "SQL"

    def _sql(self, sql: str) -> str:
        return sql if self.PARAM == "?" else sql.replace("?", self.PARAM)

    def _x(self, sql: str, args=()):
        if self.batch and (self._pending or self._inflight is not None):
            self.commit()           # a read sees every write made before it
        return self.db.execute(self._sql(sql), args)

    # Group commit (``batch``): each ``_tx`` is kept in ``_pending``; a commit runs them all
    # in one transaction (one sync) — on the caller's thread (``commit``), or written there
    # and its COMMIT (the sync) made on the writer thread (``commit_async``, so that the
    # server's loop goes on while the disk syncs).
    # The connection is only ever used by one thread at a time: a read or a ``commit``
    # first waits for the commit under way.
    _pending: list = []
    _inflight = None           # the writer thread's commit under way (a Future)
    _writer = None             # its executor (one thread), made on first use

    def _begin(self) -> None:
        self.db.execute("BEGIN")

    @property
    def dirty(self) -> bool:
        return bool(self._pending) or self._inflight is not None

    def _write(self, groups) -> None:
        """Every group's statements in one transaction, left open for :meth:`_end`."""
        self._begin()
        try:
            for stmts in groups:
                for sql, args in stmts:
                    self.db.execute(self._sql(sql), args)
        except BaseException:
            self._rollback()
            raise

    def _rollback(self) -> None:
        try:
            self.db.execute("ROLLBACK")
        except Exception:  # noqa: BLE001 - the first error is the one to report
            pass

    def _end(self) -> None:
        """COMMIT the open transaction (the sync: on the writer thread in commit_async)."""
        try:
            self.db.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise

    def _run(self, groups) -> None:
        self._write(groups)
        self._end()

    def commit(self) -> None:
        fut, self._inflight = self._inflight, None
        if fut is not None:
            fut.result()
        groups, self._pending = self._pending, []
        if groups:
            self._run(groups)

    def commit_async(self):
        if self._inflight is not None:
            self.commit()
        groups, self._pending = self._pending, []
        if not groups:
            return None
        self._write(groups)            # quick (no sync): here, so the writer thread does only the sync
        if self._writer is None:
            from concurrent.futures import ThreadPoolExecutor
            self._writer = ThreadPoolExecutor(1, thread_name_prefix="cardhall-commit")
        self._inflight = self._writer.submit(self._end)
        return self._inflight

    def settle(self, fut) -> None:
        if fut is None:
            return
        if self._inflight is fut:
            self._inflight = None
        fut.result()

    def _tx(self, *stmts) -> None:
        """The statements in one transaction (committed before this returns) — or, in
        batch mode, kept for the next group commit (all of them or none)."""
        if self.batch:
            if not self._pending:
                self._pending = []
            self._pending.append(stmts)
            return
        self._begin()
        try:
            for sql, args in stmts:
                self._x(sql, args)
        except BaseException:
            try:
                self.db.execute("ROLLBACK")
            except Exception:  # noqa: BLE001 - the first error is the one to report
                pass
            raise
        self.db.execute("COMMIT")

    def _setup(self) -> None:
        for stmt in SCHEMA.format(**self.TYPES).split(";"):
            if stmt.strip():
                self.db.execute(stmt)
        v = self._x("SELECT value FROM server WHERE key='schema'").fetchone()
        if v is None:
            self._x("INSERT INTO server (key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        elif int(v[0]) > SCHEMA_VERSION:
            raise RuntimeError(f"{self.name} was written by a newer Cardhall server (schema {v[0]}).")

    # ------------------------------------------------------------ writes
    def create(self, sm: StoredMatch) -> None:
        self._tx((f"INSERT INTO matches ({_MATCH_COLS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                  (sm.id, sm.game, sm.pace, json.dumps(sm.options), sm.seed,
                   json.dumps(sm.decks[0]), json.dumps(sm.decks[1]), json.dumps(sm.names),
                   json.dumps(sm.token_hashes), sm.code_hash, sm.created,
                   None if sm.result is None else json.dumps(sm.result),
                   None if sm.clock is None else json.dumps(sm.clock))))

    def start(self, match_id, *, deck1, name1, token_hash1, seed, clock, first=None) -> None:
        if first is not None:       # no read: a read waits for the group commit under way
            names, tokens = [first[0], name1], [first[1], token_hash1]
        else:
            row = self._x("SELECT names, tokens FROM matches WHERE id=?", (match_id,)).fetchone()
            names, tokens = json.loads(row[0]), json.loads(row[1])
            names[1], tokens[1] = name1, token_hash1
        self._tx(("UPDATE matches SET deck1=?, names=?, tokens=?, seed=?, code=NULL, clock=? WHERE id=?",
                  (json.dumps(deck1), json.dumps(names), json.dumps(tokens), seed, json.dumps(clock),
                   match_id)))

    def append_action(self, match_id, index, action, seat, t, clock, result) -> None:
        self._tx(("INSERT INTO actions (match, idx, action, seat, t) VALUES (?,?,?,?,?)",
                  (match_id, index, json.dumps(list(action)), seat, t)),
                 ("UPDATE matches SET clock=?, result=? WHERE id=?",
                  (json.dumps(clock), None if result is None else json.dumps(result), match_id)))

    def save_clock(self, match_id, clock) -> None:
        self._tx(("UPDATE matches SET clock=? WHERE id=?", (json.dumps(clock), match_id)))

    def finish(self, match_id, result, clock) -> None:
        self._tx(("UPDATE matches SET result=?, clock=?, code=NULL WHERE id=?",
                  (json.dumps(result), None if clock is None else json.dumps(clock), match_id)))

    def delete(self, match_id) -> None:
        self._tx(("DELETE FROM actions WHERE match=?", (match_id,)),
                 ("DELETE FROM matches WHERE id=?", (match_id,)))

    def set_aside(self, match_id, reason, t) -> None:
        self._tx(("DELETE FROM set_aside WHERE match=?", (match_id,)),
                 ("INSERT INTO set_aside (match, reason, t) VALUES (?,?,?)", (match_id, reason[:500], t)))

    def list_set_aside(self) -> list[Damaged]:
        return [Damaged(r[0], r[1], r[2]) for r in self._x("SELECT match, reason, t FROM set_aside ORDER BY t, match")]

    # ------------------------------------------------------------ reads
    def load_all(self, *, finished: bool = True):
        return self._load("" if finished else "result IS NULL", ())   # (a column of matches)

    def load_one(self, match_id: str):
        """One match by id (finished ones are read only when asked for): ``StoredMatch``,
        ``Damaged`` or None if there is no such match (or it is set aside)."""
        got, damaged = self._load("id = ?", (match_id,))
        return got[0] if got else damaged[0] if damaged else None

    def _load(self, where: str, args):
        out: dict[str, StoredMatch] = {}
        damaged: dict[str, Damaged] = {}
        aside = {d.id for d in self.list_set_aside()}
        cond = f" WHERE {where}" if where else ""
        for r in self._x(f"SELECT {_MATCH_COLS} FROM matches{cond} ORDER BY created, id", args).fetchall():
            if r[0] in aside:
                continue
            try:
                out[r[0]] = _match_from_row(r)
            except Exception as e:  # noqa: BLE001 - one damaged row is set aside, the rest load
                damaged[r[0]] = Damaged(str(r[0]), f"unreadable row: {type(e).__name__}: {e}")
        if not out:
            return [], list(damaged.values())
        acond = f" WHERE m.{where}" if where else ""   # the same condition, on the match of each action
        for mid, idx, a, seat, t in self._x(
                "SELECT a.match, a.idx, a.action, a.seat, a.t FROM actions a JOIN matches m ON m.id = a.match"
                f"{acond} ORDER BY a.match, a.idx", args).fetchall():
            sm = out.get(mid)
            if sm is None:
                continue
            try:
                act = json.loads(a)
                if not isinstance(act, list) or len(sm.actions) != idx:
                    raise ValueError(f"action {idx + 1} is not in its place")
                sm.actions.append((tuple(act), seat, float(t)))
            except Exception as e:  # noqa: BLE001 - any unreadable action sets the match aside, the rest are served
                damaged[mid] = Damaged(mid, f"unreadable action {idx + 1}: {type(e).__name__}: {e}")
                del out[mid]
        return list(out.values()), list(damaged.values())

    def heartbeat(self, t: float) -> None:
        self._tx(("DELETE FROM server WHERE key='heartbeat'", ()),
                 ("INSERT INTO server (key, value) VALUES ('heartbeat', ?)", (repr(float(t)),)))

    def last_heartbeat(self):
        v = self._x("SELECT value FROM server WHERE key='heartbeat'").fetchone()
        try:
            return None if v is None else float(v[0])
        except ValueError:
            return None

    def close(self) -> None:
        try:
            self.commit()
        except Exception:  # noqa: BLE001 - closing: nothing left to save it for
            pass
        if self._writer is not None:
            self._writer.shutdown(wait=True)
        try:
            self.db.close()
        except Exception:  # noqa: BLE001 - closing: nothing left to save it for
            pass


class SqliteStorage(SqlStorage):
    def __init__(self, path, *, synchronous: str = "FULL"):
        self.path = str(path)
        self.name = self.path
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={'NORMAL' if synchronous.upper() == 'NORMAL' else 'FULL'}")
        self.db.execute("PRAGMA foreign_keys=ON")
        self._setup()

    def _begin(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")


class PostgresStorage(SqlStorage):
    """The same tables on a PostgreSQL server (psycopg 3, one connection, autocommit
    between the explicit transactions)."""

    PARAM = "%s"
    TYPES = {"real": "DOUBLE PRECISION", "bigint": "BIGINT"}

    def __init__(self, url: str, *, synchronous: str = "FULL"):
        try:   # imported by name: the app's executable (SQLite only) does not bundle psycopg
            psycopg = importlib.import_module("psycopg")
        except ImportError as e:
            raise RuntimeError("A postgresql:// database needs psycopg 3: pip install 'psycopg[binary]'") from e
        self.url = url
        self.name = _hide_password(url)
        self.db = psycopg.connect(url, autocommit=True, connect_timeout=15)
        if synchronous.upper() == "NORMAL":
            self.db.execute("SET synchronous_commit = off")
        self._setup()

    def _setup(self) -> None:
        # two servers starting at once on one empty database must not both create the tables
        self._begin()
        try:
            self.db.execute("SELECT pg_advisory_xact_lock(7531)")
            super()._setup()
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")


def _hide_password(url: str) -> str:
    """The URL as it may be printed (a password replaced by ***)."""
    head, sep, tail = url.partition("://")
    if sep and "@" in tail:
        cred, _, host = tail.rpartition("@")
        if ":" in cred:
            cred = cred.split(":", 1)[0] + ":***"
        return f"{head}://{cred}@{host}"
    return url


def is_postgres(db: str) -> bool:
    return db.startswith(("postgresql://", "postgres://"))


def open_storage(db: str, *, synchronous: str = "FULL") -> Storage:
    """``postgresql://…`` (or ``postgres://``): PostgreSQL; anything else: a SQLite file."""
    if is_postgres(db):
        return PostgresStorage(db, synchronous=synchronous)
    return SqliteStorage(db, synchronous=synchronous)
