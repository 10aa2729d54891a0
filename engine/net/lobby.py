"""The lobby of a community server: named players, ratings, open matches, quick match.

A player is a name on this server and a key: the app makes a random secret per
server (``secrets``, 256 bits) and keeps it; the server stores only its SHA-256.
The first message with a new key and a free name makes the player; the same key
later is the same player (a new name with it renames them, if that name is free).
Names are unique per server, ignoring case. There are no passwords.

Messages (protocol version 1, besides those of :mod:`engine.net.protocol`);
``player`` is always ``{"name", "key"}``:

=================  ==========================================================  =====================
``t``              fields                                                      reply
=================  ==========================================================  =====================
``lobby``          ``player``: watch the lobby                                 ``lobby``, then a new
                                                                               ``lobby`` whenever it
                                                                               changes
``lobby_create``   ``player``, ``game``, ``pace``, ``deck``, ``open`` (true:    ``created`` + ``state``
                   listed for all; false: private, joined by its code),        (as ``create``)
                   ``options``
``lobby_join``     ``player``, ``deck`` and ``match`` (an open match) or        ``joined`` + ``state``
                   ``code`` (a private one)                                    (as ``join``)
``quick``          ``player``, ``game``, ``pace``, ``deck``: join the waiting   ``joined`` or
                   match of the same game and pace whose host's rating is      ``created``
                   closest, within the gap its waiting allows, else open one
                   and wait
=================  ==========================================================  =====================

Quick match pairs by rating: a waiting host accepts an opponent whose rating is within
:data:`QUICK_GAP` of theirs, a gap that widens by :data:`QUICK_WIDEN` points each second
they have waited (a ranked queue's way: a close opponent soon, anyone rather than nobody
after a few minutes). Of the matches a newcomer may join, the closest rating wins (then the
longest wait). Two players both waiting through quick match, each connected, are paired
by the lobby's clock once the longer waiter's gap covers them: the later one is seated in
the earlier one's match — sent a ``joined`` carrying ``moved_from`` (the match it waited
in, which is called off) — and plays from there.

A ``lobby`` message: ``you`` (``name``, ``ratings``: per game ``rating``, ``rd``,
``games``), ``open`` (matches waiting for an opponent, oldest first: ``match``,
``game``, ``pace``, ``host``, ``rating``, ``games``, ``yours``; a live match only
while its host is connected) and ``mine`` (this player's matches here: ``match``,
``game``, ``pace``, ``seat``, ``names``, ``ratings``, ``waiting``, ``private``,
``to_move``, ``your_move``, ``turn``, ``time_left``, ``result``). Every field of a
request is checked; anything wrong is an ``error`` and changes nothing (besides the
protocol's codes: ``bad_player`` — no usable name or key, ``name_taken``, ``gone`` — the
listed match is no longer waiting).

Ratings are Glicko-2 (:mod:`engine.net.rating`), per game and player; each
finished match between two players of the lobby updates both (a match called off
before it began does not count). The rating is applied by :meth:`Lobby.tick`, in
one transaction with the note that the match is rated, so a server killed at any
moment rates every match once.

The lobby keeps its own tables (``lobby_players``, ``lobby_ratings``,
``lobby_matches``) beside the hall's, in the same database — SQLite or PostgreSQL —
through the storage's own transactions (:class:`SqlLobbyStore`); any other storage
keeps the lobby in memory, and the log says so.
"""
from __future__ import annotations

import hashlib
import heapq
import json
import re
import secrets
from dataclasses import dataclass, field

from ..games import GAME_NAMES
from . import protocol as P
from .pace import PACES
from .rating import Rating, rate_match

MAX_OPEN = 60             # waiting matches listed, per game
QUICK_GAP = 100.0         # rating points a quick match accepts at once ...
QUICK_WIDEN = 5.0         # ... and more each second the host has waited (400 after a minute)
PAIR_EVERY = 1.0          # seconds between looks at the quick matches waiting for each other
PAIR_SCAN = 200           # waiting quick matches looked at per game and pace (the oldest)
MAX_MINE = 30             # a player's own matches listed (those going on first)
PUSH_EVERY = 0.5          # seconds: a watcher is sent the lobby at most this often (when it changed)
MAX_WATCHERS = 5000
NEW_PLAYERS_PER_CONN = 3  # names claimed from one connection (a script squatting names must reconnect)
KEY_RE = re.compile(r"^[A-Za-z0-9_-]{32,128}$")
E_NAME_TAKEN = "name_taken"
E_BAD_PLAYER = "bad_player"
E_GONE = "gone"


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("ascii")).hexdigest()


def new_key() -> str:
    """A player's secret for one server (kept by the app, never shown)."""
    return secrets.token_urlsafe(32)


@dataclass
class Player:
    id: str
    name: str
    key_hash: str


@dataclass
class Entry:
    """A match made through the lobby."""
    match: str
    open: bool
    code: str | None                  # an open match's join code (private ones: only the host has it)
    seats: list = field(default_factory=lambda: [None, None])   # player ids
    rated: bool = False


# ================================================================ storage
class LobbyStore:
    """Where the lobby keeps its players, ratings and matches (one transaction a call)."""

    def load(self):
        """``(players, ratings {(player, game): Rating}, entries)``."""
        return [], {}, []

    def add_player(self, p: Player) -> None:
        pass

    def rename(self, pid: str, name: str) -> None:
        pass

    def add_entry(self, e: Entry) -> None:
        pass

    def seat(self, match: str, pid: str) -> None:
        pass

    def rated(self, match: str, ratings) -> None:
        """The match is rated: ``ratings`` ``[(player, game, Rating)]`` written with the note."""


LOBBY_TABLES = (
    "CREATE TABLE IF NOT EXISTS lobby_players (id TEXT PRIMARY KEY, name TEXT NOT NULL, "
    "name_key TEXT NOT NULL UNIQUE, key_hash TEXT NOT NULL UNIQUE, created {real} NOT NULL)",
    "CREATE TABLE IF NOT EXISTS lobby_ratings (player TEXT NOT NULL, game TEXT NOT NULL, "
    "rating TEXT NOT NULL, PRIMARY KEY (player, game))",
    "CREATE TABLE IF NOT EXISTS lobby_matches (mid TEXT PRIMARY KEY, open INTEGER NOT NULL, code TEXT, "
    "p0 TEXT, p1 TEXT, rated INTEGER NOT NULL DEFAULT 0)",
)


class SqlLobbyStore(LobbyStore):
    """The lobby's tables beside the hall's, in the same database (SQLite or PostgreSQL),
    written through the storage's own transactions — in the server's group commit, so a
    lobby change is on disk before the message that tells of it is sent."""

    def __init__(self, storage, log=None, now=None):
        self.st = storage
        self.log = log or (lambda text: None)
        self.now = now
        real = storage.TYPES["real"]
        storage._tx(*[(sql.format(real=real), ()) for sql in LOBBY_TABLES])
        storage.commit()

    def _rows(self, sql):
        return list(self.st._x(sql).fetchall())

    def load(self):
        players, ratings, entries = [], {}, []
        for row in self._rows("SELECT id, name, key_hash FROM lobby_players"):
            row = tuple(row)
            if all(isinstance(x, str) for x in row) and re.fullmatch(r"[0-9a-f]{64}", row[2]) \
                    and P.clean_name(row[1], "") == row[1] != "":
                players.append(Player(*row))
            else:
                self.log(f"lobby: player row {row[0]!r:.40} set aside (not readable)")
        for pid, game, text in self._rows("SELECT player, game, rating FROM lobby_ratings"):
            try:
                ratings[(pid, game)] = Rating.from_json(json.loads(text))
            except (ValueError, TypeError):
                self.log(f"lobby: rating of {pid!r:.40} in {game!r:.20} not readable: starts again")
        for mid, op, code, p0, p1, rated in self._rows("SELECT mid, open, code, p0, p1, rated FROM lobby_matches"):
            if isinstance(mid, str):
                entries.append(Entry(mid, bool(op), code if isinstance(code, str) else None,
                                     [p0 if isinstance(p0, str) else None, p1 if isinstance(p1, str) else None],
                                     bool(rated)))
        return players, ratings, entries

    def add_player(self, p: Player) -> None:
        self.st._tx(("INSERT INTO lobby_players (id, name, name_key, key_hash, created) VALUES (?,?,?,?,?)",
                     (p.id, p.name, p.name.casefold(), p.key_hash, self.now() if self.now else 0.0)))

    def rename(self, pid: str, name: str) -> None:
        self.st._tx(("UPDATE lobby_players SET name=?, name_key=? WHERE id=?", (name, name.casefold(), pid)))

    def add_entry(self, e: Entry) -> None:
        self.st._tx(("INSERT INTO lobby_matches (mid, open, code, p0, p1, rated) VALUES (?,?,?,?,?,?) "
                     "ON CONFLICT (mid) DO UPDATE SET open=excluded.open, code=excluded.code, p0=excluded.p0, "
                     "p1=excluded.p1, rated=excluded.rated",
                     (e.match, int(e.open), e.code, e.seats[0], e.seats[1], int(e.rated))))

    def seat(self, match: str, pid: str) -> None:
        self.st._tx(("UPDATE lobby_matches SET p1=?, code=NULL WHERE mid=?", (pid, match)))

    def rated(self, match: str, ratings) -> None:
        stmts = [("INSERT INTO lobby_ratings (player, game, rating) VALUES (?,?,?) "
                  "ON CONFLICT (player, game) DO UPDATE SET rating=excluded.rating",
                  (pid, game, json.dumps(r.to_json()))) for pid, game, r in ratings]
        stmts.append(("UPDATE lobby_matches SET rated=1, code=NULL WHERE mid=?", (match,)))
        self.st._tx(*stmts)


def store_for(storage, log, now) -> LobbyStore:
    from .storage import SqlStorage
    if isinstance(storage, SqlStorage):
        return SqlLobbyStore(storage, log, now)
    log("lobby: this storage keeps no lobby tables; players and ratings last until the server stops")
    return LobbyStore()


# ================================================================ the lobby
class Lobby:
    def __init__(self, hall):
        self.hall = hall
        self.store = store_for(hall.storage, hall.log, hall.now)
        self.players: dict[str, Player] = {}
        self.by_key: dict[str, str] = {}
        self.by_name: dict[str, str] = {}
        self.ratings: dict[tuple, Rating] = {}
        self.entries: dict[str, Entry] = {}
        self.by_player: dict[str, set] = {}   # player id -> ids of their matches here
        self.open_ids: set = set()            # open matches that may still be waiting
        self.unrated: set = set()             # matches not rated yet (nor found nothing to rate)
        self.quick_ids: set = set()           # open matches made by quick match (this run of the server)
        self._paired_at = None                # when waiting quick matches were last paired
        self.watchers: dict = {}          # conn -> [player id, what was sent (its key), time sent]
        self._open_cache = None           # (when, open list, its key)
        self._version = 0                 # bumped by whatever changes a lobby but is no action
        self._stamp = None                # the state of things when every watcher was last up to date
        try:
            players, ratings, entries = self.store.load()
        except Exception as e:  # noqa: BLE001 - the matches are served whatever the lobby's tables hold
            hall.log(f"lobby: its tables cannot be read ({type(e).__name__}: {e}); the lobby starts empty")
            players, ratings, entries = [], {}, []
        for p in players:
            if p.key_hash in self.by_key or p.name.casefold() in self.by_name:
                continue
            self._know(p)
        self.ratings.update(ratings)
        for e in entries:
            self._add(e)
        self.tick()

    def _add(self, e: Entry) -> None:
        self.entries[e.match] = e
        for pid in e.seats:
            if pid is not None:
                self.by_player.setdefault(pid, set()).add(e.match)
        if e.open and e.seats[1] is None:
            self.open_ids.add(e.match)
        if not e.rated:
            self.unrated.add(e.match)

    def _know(self, p: Player) -> None:
        self.players[p.id] = p
        self.by_key[p.key_hash] = p.id
        self.by_name[p.name.casefold()] = p.id

    def rating(self, pid, game) -> Rating:
        return self.ratings.get((pid, game)) or Rating()

    # ------------------------------------------------------------ players
    def player(self, conn, msg, rid) -> str | None:
        """The player a request comes from (made or renamed as it says), or None (an error sent)."""
        pl = msg.get("player")
        if not isinstance(pl, dict):
            conn.send(P.error(E_BAD_PLAYER, "Say who you are: a player is {name, key}.", rid))
            return None
        key, raw = pl.get("key"), pl.get("name")
        if not isinstance(key, str) or not KEY_RE.match(key):
            conn.send(P.error(E_BAD_PLAYER, "A player's key is 32 to 128 letters, digits, - or _.", rid))
            return None
        if not isinstance(raw, str) or P.clean_name(raw, "") == "":
            conn.send(P.error(E_BAD_PLAYER, "Choose a name to play under on this server.", rid))
            return None
        name = P.clean_name(raw, "")
        if name.casefold() in ("you", "player", "…"):
            conn.send(P.error(E_BAD_PLAYER, f"“{name}” cannot be a name here: choose another.", rid))
            return None
        kh = key_hash(key)
        pid = self.by_key.get(kh)
        owner = self.by_name.get(name.casefold())
        if owner is not None and owner != pid:
            conn.send(P.error(E_NAME_TAKEN, f"Another player is called {self.players[owner].name} here: "
                                            "choose another name.", rid))
            return None
        if pid is None:
            made = getattr(conn, "lobby_players_made", 0)
            if made >= NEW_PLAYERS_PER_CONN:
                conn.send(P.error(E_BAD_PLAYER, "Too many new players from one connection.", rid))
                return None
            conn.lobby_players_made = made + 1
            pid = secrets.token_hex(8)
            while pid in self.players:
                pid = secrets.token_hex(8)
            p = Player(pid, name, kh)
            self.store.add_player(p)
            self._know(p)
        elif self.players[pid].name != name:
            p = self.players[pid]
            self.store.rename(pid, name)
            self.by_name.pop(p.name.casefold(), None)
            p.name = name
            self.by_name[name.casefold()] = pid
            self._changed()
        conn.name = name
        return pid

    # ------------------------------------------------------------ what is listed
    def _waiting(self, e: Entry):
        t = self.hall.tables.get(e.match)
        if t is None or t.started or t.result is not None:
            return None
        return t

    def waiting_open(self):
        """``(created, Entry, Table)`` of every open match waiting for an opponent now (a live
        one only while its host is there to play it)."""
        out = []
        for mid in list(self.open_ids):
            e = self.entries[mid]
            t = self._waiting(e)
            if t is None:
                self.open_ids.discard(mid)      # begun, over or gone: never waiting again
                continue
            if t.pace.away is not None and not t.connected(0):
                continue
            if e.seats[0] in self.players:
                out.append((t.created, e, t))
        return out

    def open_list(self) -> list[dict]:
        """The open matches as the lobby lists them: oldest first, at most :data:`MAX_OPEN` a
        game. Worked out at most every :data:`PUSH_EVERY` seconds (and after each match made
        or joined here), however many players watch."""
        now = self.hall.now()
        if self._open_cache is not None and 0 <= now - self._open_cache[0] < PUSH_EVERY:
            return self._open_cache[1]
        by_game: dict = {}
        for created, e, t in self.waiting_open():
            by_game.setdefault(t.game, []).append((created, e.match, e, t))
        out = []
        for game in GAME_NAMES:
            for _c, _m, e, t in heapq.nsmallest(MAX_OPEN, by_game.get(game, ())):
                host = self.players[e.seats[0]]
                r = self.rating(host.id, game)
                out.append({"match": t.id, "game": game, "pace": t.pace.name, "host": host.name,
                            "rating": round(r.rating), "games": r.games, "_host": host.id})
        self._open_cache = (now, out, self._open_key(out))
        return out

    def _changed(self) -> None:
        self._open_cache = None
        self._version += 1

    def mine(self, pid: str) -> list[dict]:
        now = self.hall.now()
        going, over = [], []
        for mid in self.by_player.get(pid, ()):
            e = self.entries[mid]
            t = self.hall.tables.get(e.match)
            if t is None:
                continue
            seat = e.seats.index(pid)
            if not t.started and t.result is not None:
                continue           # called off before it began
            mover = t.match.to_move() if t.started and t.result is None and t.match is not None else None
            rem = t.clock.remaining(now) if t.clock is not None and t.result is None and t.started else None
            ratings = [None if s is None else round(self.rating(s, t.game).rating) for s in e.seats]
            item = {"match": t.id, "game": t.game, "pace": t.pace.name, "seat": seat, "names": list(t.names),
                    "ratings": ratings, "waiting": not t.started, "private": not e.open,
                    "to_move": mover, "your_move": mover == seat,
                    "turn": t.match.turn() if t.started and t.match is not None else 0,
                    "time_left": None if rem is None else round(rem[0] + rem[1], 1),
                    "result": None if t.result is None else t.result.to_json()}
            (going if t.result is None else over).append(((t.times[-1] if t.times else t.created), item))
        going.sort(key=lambda x: -x[0])
        over.sort(key=lambda x: -x[0])
        return [x for _t, x in (going + over)[:MAX_MINE]]

    def snapshot(self, pid: str, open_list=None) -> dict:
        p = self.players[pid]
        ol = self.open_list() if open_list is None else open_list
        opened = [{k: v for k, v in x.items() if k != "_host"} | {"yours": x["_host"] == pid} for x in ol]
        ratings = {}
        for g in GAME_NAMES:
            r = self.rating(pid, g)
            ratings[g] = {"rating": round(r.rating), "rd": round(r.rd), "games": r.games}
        return {"v": P.VERSION, "t": "lobby", "you": {"name": p.name, "ratings": ratings},
                "open": opened, "mine": self.mine(pid)}

    def _key(self, pid: str, open_key) -> tuple:
        """What a watcher's lobby shows, in short: when it changes, the lobby is sent again
        (the time left is not in it: the app counts it down)."""
        mine = []
        for mid in self.by_player.get(pid, ()):
            t = self.hall.tables.get(mid)
            if t is not None:
                e = self.entries[mid]
                mine.append((mid, len(t.actions), t.started, None if t.result is None else t.result.winner,
                             t.result is None, tuple(t.names), None if t.clock is None else tuple(t.clock.timeouts),
                             tuple(None if q is None else self.rating(q, t.game) for q in e.seats)))
        mine.sort()
        return (self.players[pid].name, open_key, tuple(mine),
                tuple(self.ratings.get((pid, g)) for g in GAME_NAMES))

    @staticmethod
    def _open_key(ol) -> tuple:
        return tuple((x["match"], x["host"], x["rating"], x["games"]) for x in ol)

    def watch(self, conn, pid, rid) -> None:
        if conn not in self.watchers and len(self.watchers) >= MAX_WATCHERS:
            self.tick()           # closed connections go first
        if conn not in self.watchers and len(self.watchers) >= MAX_WATCHERS:
            conn.send(P.error(P.E_FLOOD, "The lobby is full: try again in a moment.", rid))
            return
        ol = self.open_list()
        self.watchers[conn] = [pid, self._key(pid, self._open_cache[2]), self.hall.now()]
        conn.send(dict(self.snapshot(pid, ol), re=rid))

    # ------------------------------------------------------------ the clock of the lobby
    def tick(self) -> None:
        """Rate the matches that have ended; pair quick matches waiting for each other; send
        each watcher the lobby if it changed."""
        for mid in list(self.unrated):
            self._rate(self.entries[mid])
        now = self.hall.now()
        if self.quick_ids and (self._paired_at is None or not 0 <= now - self._paired_at < PAIR_EVERY):
            self._paired_at = now
            self.pair_quick(now)
        ol = self.open_list()
        ok = self._open_cache[2]
        # nothing any lobby shows has changed since every watcher was told: nobody to look at
        stamp = (self.hall.actions_applied, len(self.hall.tables), self._version, ok, len(self.watchers))
        if stamp == self._stamp:
            return
        later = False
        for conn, w in list(self.watchers.items()):
            if conn.closed or w[0] not in self.players:
                del self.watchers[conn]
                continue
            if now - w[2] < PUSH_EVERY and now >= w[2]:
                later = True        # told a moment ago: looked at again at a later tick
                continue
            key = self._key(w[0], ok)
            if key != w[1]:
                w[1], w[2] = key, now
                conn.send(self.snapshot(w[0], ol))
        self._stamp = None if later else (stamp[:4] + (len(self.watchers),))

    def _rate(self, e: Entry) -> None:
        t = self.hall.table(e.match)
        if t is None:
            self.unrated.discard(e.match)   # not served (removed, or set aside): looked at again at a start
            return
        if t.result is None:
            return
        if not t.started or None in e.seats or e.seats[0] == e.seats[1]:
            self.store.rated(e.match, [])   # nothing to rate (called off, or a player outside the lobby)
            e.rated = True
            self.unrated.discard(e.match)
            self._version += 1
            return
        w = t.result.winner
        score0 = 0.5 if w is None else (1.0 if w == 0 else 0.0)
        a, b = self.rating(e.seats[0], t.game), self.rating(e.seats[1], t.game)
        na, nb = rate_match(a, b, score0, t.times[-1] if t.times else self.hall.now())
        self.store.rated(e.match, [(e.seats[0], t.game, na), (e.seats[1], t.game, nb)])
        self.ratings[(e.seats[0], t.game)] = na
        self.ratings[(e.seats[1], t.game)] = nb
        e.rated = True
        self.unrated.discard(e.match)
        self._version += 1

    # ------------------------------------------------------------ quick match
    @staticmethod
    def quick_gap(waited: float) -> float:
        """The rating gap a quick match accepts after its host has waited ``waited`` seconds."""
        return QUICK_GAP + QUICK_WIDEN * max(0.0, waited)

    def quick_pick(self, pid: str, game: str, pace: str, now: float):
        """The waiting open match ``pid`` should join by quick match, or None: the host's
        rating closest to ``pid``'s among those whose wait allows the gap (then the oldest)."""
        mine = self.rating(pid, game).rating
        best = None
        for created, e, t in self.waiting_open():
            if t.game != game or t.pace.name != pace or e.seats[0] == pid:
                continue
            d = abs(self.rating(e.seats[0], game).rating - mine)
            if d <= self.quick_gap(now - created):
                key = (d, created, e.match)
                if best is None or key < best[0]:
                    best = (key, e)
        return None if best is None else best[1]

    def pair_quick(self, now: float) -> int:
        """Pair players waiting through quick match for the same game and pace (each connected)
        once the longer waiter's gap covers their ratings: the later one is seated in the
        earlier one's match. Returns how many pairs were made."""
        groups: dict = {}
        for created, e, t in self.waiting_open():
            if e.match in self.quick_ids and t.connected(0):
                groups.setdefault((t.game, t.pace.name), []).append((created, e.match, e, t))
        made = 0
        for (game, _pace), items in groups.items():
            if len(items) < 2:
                continue
            items = heapq.nsmallest(PAIR_SCAN, items)
            used: set = set()
            for i, (ca, _ma, ea, _ta) in enumerate(items):
                if ea.match in used:
                    continue
                ra = self.rating(ea.seats[0], game).rating
                gap = self.quick_gap(now - ca)
                best = None
                for _cb, _mb, eb, tb in items[i + 1:]:
                    if eb.match in used or eb.seats[0] == ea.seats[0]:
                        continue
                    d = abs(self.rating(eb.seats[0], game).rating - ra)
                    if d <= gap and (best is None or d < best[0]):
                        best = (d, eb, tb)
                if best is not None and self._move_into(ea, best[1], best[2]):
                    used.update((ea.match, best[1].match))
                    made += 1
        return made

    def _move_into(self, ea: Entry, eb: Entry, tb) -> bool:
        """Seat the host of ``eb`` (waiting, connected) in ``ea``'s match with the deck and name
        it waited with; ``eb`` is called off. False if that could not be done."""
        conns = sorted(tb.conns[0], key=lambda c: c.id)
        if not conns or tb.decks[0] is None:
            return False
        pid = eb.seats[0]
        conn = conns[0]
        ok = self.join(conn, pid, ea, None, tb.decks[0].to_json(), None, moved_from=eb.match)
        if not ok:
            return False
        self.quick_ids.discard(eb.match)
        self.open_ids.discard(eb.match)
        hall = self.hall
        for c in conns:
            c.attached.pop(tb.id, None)
            tb.conns[0].discard(c)
        if tb.result is None:
            from ..core.match import Result
            hall._end(tb, Result(None, "The match was called off before it began"), "cancelled")
        joined = hall.tables.get(ea.match)
        for c in conns[1:]:         # the same player's other connections follow it
            if joined is not None:
                hall._attach(c, joined, 1)
        self._changed()
        return True

    # ------------------------------------------------------------ making and joining
    def create(self, conn, pid, game, pace, deck, open_, options, rid, *, quick: bool = False):
        """Through the hall's own ``create`` (its checks and limits), then listed."""
        sub = {"v": P.VERSION, "t": "create", "game": game, "pace": pace, "deck": deck,
               "name": self.players[pid].name, "options": options}
        created = _reply(conn, "created", lambda: self.hall.HANDLERS["create"](self.hall, conn, sub, rid))
        if created is None:
            return
        e = Entry(created["match"], open_, created["code"] if open_ else None, [pid, None])
        self.store.add_entry(e)
        self._add(e)
        if quick:
            self.quick_ids.add(e.match)
        self._changed()

    def join(self, conn, pid, e: Entry | None, code: str | None, deck, rid, *, moved_from: str | None = None) -> bool:
        """Seat ``pid`` in ``e`` (an open match) or the match waiting for ``code`` (True if
        seated). ``moved_from``: the quick match ``pid`` waited in (said in the ``joined``)."""
        if e is not None:
            code = e.code
        else:
            t = self.hall.by_code.get(hashlib.sha256(code.encode()).hexdigest()) if code else None
            e = self.entries.get(t.id) if t is not None else None
        if e is not None and e.seats[0] == pid:
            conn.send(P.error(P.E_BAD_MESSAGE, "That is your own match: wait for an opponent.", rid))
            return False
        sub = {"v": P.VERSION, "t": "join", "code": code, "deck": deck, "name": self.players[pid].name}
        joined = _reply(conn, "joined", lambda: self.hall.HANDLERS["join"](self.hall, conn, sub, rid),
                        {"moved_from": moved_from} if moved_from is not None else None)
        if joined is None:
            return False
        self.quick_ids.discard(joined["match"])
        e = self.entries.get(joined["match"])
        if e is not None:
            self.store.seat(e.match, pid)
            e.seats[1] = pid
            e.code = None
            self.by_player.setdefault(pid, set()).add(e.match)
            self.open_ids.discard(e.match)
            self._changed()
        return True


def _reply(conn, kind: str, call, extra: dict | None = None):
    """Run one of the hall's handlers for ``conn`` and return the reply of ``kind`` it sent
    (None if it refused: its error went to the player as it is); ``extra`` fields are added
    to that reply as it is sent."""
    got = []
    real = conn.send

    def send(msg):
        if extra and msg.get("t") == kind:
            msg = dict(msg, **extra)
        got.append(msg)
        real(msg)
    conn.send = send
    try:
        call()
    finally:
        del conn.send
    for m in got:
        if m.get("t") == kind:
            return m
    return None


# ================================================================ the messages
def _game_pace(conn, msg, rid):
    game, pace = msg.get("game"), msg.get("pace", "live")
    if not isinstance(game, str) or game not in GAME_NAMES:
        conn.send(P.error(P.E_BAD_MESSAGE, "Unknown game.", rid))
        return None
    if not isinstance(pace, str) or pace not in PACES:
        conn.send(P.error(P.E_BAD_MESSAGE, "The pace must be live or daily.", rid))
        return None
    if not isinstance(msg.get("deck"), dict):
        conn.send(P.error(P.E_BAD_DECK, "Send the deck you play with.", rid))
        return None
    return game, pace


def _lobby(hall, conn, msg, rid):
    pid = hall.lobby.player(conn, msg, rid)
    if pid is not None:
        hall.lobby.watch(conn, pid, rid)


def _lobby_create(hall, conn, msg, rid):
    lb = hall.lobby
    gp = _game_pace(conn, msg, rid)
    if gp is None:
        return
    open_ = msg.get("open")
    if not isinstance(open_, bool):
        conn.send(P.error(P.E_BAD_MESSAGE, "Say whether the match is open to all (true) or private (false).", rid))
        return
    options = msg.get("options", {})
    if not isinstance(options, dict):
        conn.send(P.error(P.E_BAD_MESSAGE, "Options must be an object.", rid))
        return
    pid = lb.player(conn, msg, rid)
    if pid is None:
        return
    lb.create(conn, pid, gp[0], gp[1], msg["deck"], open_, options, rid)


def _lobby_join(hall, conn, msg, rid):
    lb = hall.lobby
    mid, code = msg.get("match"), msg.get("code")
    if (mid is None) == (code is None):
        conn.send(P.error(P.E_BAD_MESSAGE, "Join a listed match or a private one by its code.", rid))
        return
    if not isinstance(msg.get("deck"), dict):
        conn.send(P.error(P.E_BAD_DECK, "Send the deck you play with.", rid))
        return
    e = None
    if mid is not None:
        e = lb.entries.get(mid) if isinstance(mid, str) and len(mid) <= 64 else None
        if e is None or not e.open or lb._waiting(e) is None:
            conn.send(P.error(E_GONE, "That match is no longer waiting for an opponent.", rid))
            return
    else:
        code = P.norm_code(code)
        if code is None:
            conn.send(P.error(P.E_BAD_CODE, "A join code has 10 letters and digits, like K7QXM-2HRTB.", rid))
            return
    pid = lb.player(conn, msg, rid)
    if pid is None:
        return
    lb.join(conn, pid, e, code, msg["deck"], rid)


def _quick(hall, conn, msg, rid):
    lb = hall.lobby
    gp = _game_pace(conn, msg, rid)
    if gp is None:
        return
    pid = lb.player(conn, msg, rid)
    if pid is None:
        return
    game, pace = gp
    for mid in lb.by_player.get(pid, ()):
        e = lb.entries[mid]
        t = lb._waiting(e) if e.seats[0] == pid else None
        if t is not None and t.game == game and t.pace.name == pace and t.connected(0):
            conn.send(P.error(P.E_BAD_MESSAGE, "You are already waiting for an opponent in such a match.", rid))
            return
    e = lb.quick_pick(pid, game, pace, hall.now())
    if e is not None:                    # the closest rating its host's wait accepts
        lb.join(conn, pid, e, None, msg["deck"], rid)
        return
    lb.create(conn, pid, game, pace, msg["deck"], True, {}, rid, quick=True)


HANDLERS = {"lobby": _lobby, "lobby_create": _lobby_create, "lobby_join": _lobby_join, "quick": _quick}
