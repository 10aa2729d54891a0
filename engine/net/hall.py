"""The judge: every match on one server, every seat, every message.

:class:`Hall` is synchronous and knows nothing of sockets: the asyncio server
(:mod:`engine.net.server`) hands it each line a connection sends and a
:class:`Conn` to answer on; tests drive it directly with fake connections and
an injected clock. The real match lives only here; a seat receives only
``view(seat)``, the legal actions when it is its decision, and events (and the
opponent's actions) filtered for it — until the match is over: the message
that ends it carries the whole record (:meth:`Hall.record_json`) for the
players' replay libraries. Every action is applied through the
engine (``why_illegal`` first, on a copy) and stored in one transaction before
anyone is told of it; a refused message changes nothing.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sys
import time
from typing import Callable

from ..core.deck import Deck
from ..core.files import FileProblem
from ..core.match import End, Result, reason_text
from ..core.record import DIGEST_KEY, MatchRecord, check_action, state_digest
from ..core.text import Names, count
from ..games import GAME_NAMES, get_game
from . import protocol as P
from .limits import Bucket, Limits, PeerCounts
from .pace import PACES, Clock
from .storage import Damaged, Storage, StoredMatch

RECORD_MAX_BYTES = 3 * P.MAX_LINE   # the finished match's record goes with its end (clients read 4x MAX_LINE)
CATCH_UP_MAX = 80          # a resume this many actions behind (or fewer) gets every update; else one state
HISTORY_MAX = 60           # a seat sitting down again is told the events of this many last actions at most
HISTORY_BYTES = 24 * 1024  # ... and no more than this much of them (the state message stays under MAX_LINE)
HEARTBEAT_EVERY = 2.0
EXPIRE_EVERY = 5.0         # how often waiting matches are looked at for expiry (seconds)


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()



def result_json(result: Result, names) -> dict:
    """A result as the server stores and sends it: the structure (``end``, ``details``)
    and, for clients of older versions, ``reason`` in the players' names ("Ann conceded")."""
    out = result.to_json()
    out["reason"] = reason_text(result, Names(names)).rstrip(".")
    return out

class Conn:
    """One client connection as the hall sees it (the server subclasses it)."""

    _ids = 0

    def __init__(self, peer: str = "local"):
        Conn._ids += 1
        self.id = Conn._ids
        self.peer = peer
        self.attached: dict[str, int] = {}   # match id -> seat
        self.bad_codes = 0
        self.bad_tokens = 0
        self.paced = 0                       # resumes refused for coming too often
        self.fetches = None                  # reads of finished matches from the database (a bucket)
        self.waiting: set[str] = set()       # matches created here that wait for an opponent
        self.heartbeat: float | None = None  # seconds between the pings its program promised
        self.closed = False
        self.name = "Player"

    def send(self, msg: dict) -> None:
        self.send_bytes(P.encode(msg))

    def send_bytes(self, data: bytes) -> None:
        raise NotImplementedError

    def close(self) -> None:
        self.closed = True


class Table:
    """One match on the server (waiting for its second player, playing or over)."""

    def __init__(self, sm: StoredMatch, now: float):
        self.id = sm.id
        self.game = sm.game
        self.cls = get_game(sm.game).match_class
        self.pace = PACES[sm.pace]
        self.options = dict(sm.options)
        self.seed = sm.seed
        spec = get_game(sm.game)
        self.decks = [None if d is None else Deck.from_json(d, game=sm.game, known_ids=spec.cards)
                      for d in sm.decks]
        self.names = list(sm.names)
        self.token_hashes = list(sm.token_hashes)
        self.code_hash = sm.code_hash
        self.created = sm.created
        self._match = None
        self._replay_later = False
        self.actions: list[tuple] = [tuple(a) for a, _seat, _t in sm.actions]
        self.actors: list[int] = [seat for _a, seat, _t in sm.actions]
        self.times: list[float] = [t for _a, _seat, t in sm.actions]
        self.result: Result | None = Result.from_json(sm.result) if sm.result else None
        self.clock: Clock | None = Clock.from_json(sm.clock, now) if sm.clock else None
        self.conns: list[set] = [set(), set()]
        self.away_since = [now, now]
        self.away_why = ["lost", "lost"]      # why each seat is away: left / lost / silent
        self.host_peer: str | None = None    # the address that created it (while it waits) ...
        self.host_conn = None                # ... and the connection
        self.resumes: list = [None, None]    # each seat's resume bucket (made on the first resume)
        self._history = None                 # (seat, actions told, history) of the last history asked
        if self.seed is not None:
            if self.result is not None:
                self._replay_later = True   # finished: replayed when someone asks for it, not at every start
            else:
                self._replay()

    def _replay(self) -> None:
        m = self.new_match()
        for i, (a, seat) in enumerate(zip(self.actions, self.actors)):
            if m.result() is not None or m.to_move() != seat or m.why_illegal(a) is not None:
                raise FileProblem(f"match {self.id}: stored action {i + 1} does not replay")
            m.apply(a, check=False)
        self._match = m
        if self.result is None and m.result() is not None:
            self.result = m.result()

    @property
    def match(self):
        """The real match (None before it began). A finished match read at start-up
        is replayed the first time it is needed; if its actions no longer replay it
        stays None (the result still stands)."""
        if self._replay_later:
            self._replay_later = False
            try:
                self._replay()
            except Exception:  # noqa: BLE001 - a broken old match must not stop the server
                self._match = None
        return self._match

    @match.setter
    def match(self, m) -> None:
        self._match = m
        self._replay_later = False

    def new_match(self):
        return self.cls.new(tuple(self.decks), self.seed, self.options)

    @property
    def started(self) -> bool:
        return self._match is not None or self._replay_later

    def connected(self, seat: int) -> bool:
        return bool(self.conns[seat])

    def seat_of_token(self, token) -> int | None:
        if not isinstance(token, str) or len(token) > 100:
            return None
        h = _hash(token)
        for seat, th in enumerate(self.token_hashes):
            if th is not None and hmac.compare_digest(h, th):
                return seat
        return None


def restore(sm: StoredMatch, now: float, *, full: bool = False) -> tuple[Table | None, str | None]:
    """A stored match as a :class:`Table`, or ``(None, why)`` when it cannot be served (an
    unknown game or pace, a deck or clock that does not read, an action that does not
    replay). ``full`` also replays a finished match (the server does that only when
    someone asks for it)."""
    try:
        t = Table(sm, now)
        if full and t._replay_later:
            t._replay_later = False
            t._replay()
    except Exception as e:  # noqa: BLE001 - one damaged match is set aside, the rest served
        return None, f"{type(e).__name__}: {e}"
    return t, None


def check_storage(storage: Storage, now: float | None = None) -> tuple[int, list[Damaged]]:
    """Read every stored match as the server would, each in its own guard, changing
    nothing: ``(matches that load, damaged ones)`` — those set aside before and those
    that would be now (``python -m engine serve --check``)."""
    now = time.time() if now is None else now
    bad = {d.id: d for d in storage.list_set_aside()}
    matches, damaged = storage.load_all()
    for d in damaged:
        bad[d.id] = d
    ok = 0
    for sm in matches:
        t, why = restore(sm, now, full=True)
        if t is None:
            bad[sm.id] = Damaged(sm.id, why)
        else:
            ok += 1
    return ok, list(bad.values())


class Hall:
    def __init__(self, storage: Storage, *, now: Callable[[], float] = time.time, log=None,
                 limits: Limits | None = None):
        self.storage = storage
        self.now = now
        self.log = log or (lambda text: None)
        self.limits = limits or Limits()
        self.tables: dict[str, Table] = {}
        self.by_code: dict[str, Table] = {}
        self.waiting: dict[str, Table] = {}          # matches waiting for their second player
        self.aside: dict[str, str] = {}              # set-aside match id -> why
        self.bad_codes = PeerCounts(self.limits.window)    # wrong join codes per address
        self.bad_tokens = PeerCounts(self.limits.window)   # wrong seat tokens per match
        self.creates = PeerCounts(self.limits.window)      # matches created per address
        self.waiting_of_peer: dict[str, int] = {}
        self.over_at: dict[str, float] = {}           # finished matches in memory -> when they ended
        self.actions_applied = 0
        self._last_heartbeat = 0.0
        self._last_expiry = 0.0
        self._load()
        from .lobby import Lobby
        self.lobby = Lobby(self)      # players, ratings, open matches, quick match (engine.net.lobby)

    # ================================================================ start-up
    def _load(self) -> None:
        now = self.now()
        hb = self.storage.last_heartbeat()
        for d in self.storage.list_set_aside():
            self.aside[d.id] = d.reason
        matches, damaged = self.storage.load_all(finished=False)   # finished ones are read when asked for
        for d in damaged:
            self._set_aside(d.id, d.reason, now)
        for sm in matches:
            t, why = restore(sm, now)
            if t is None:
                self._set_aside(sm.id, why, now)
                continue
            self.tables[t.id] = t
            if not t.started and t.result is None:
                self.waiting[t.id] = t
                if t.code_hash is not None:
                    self.by_code[t.code_hash] = t
            if t.clock is not None and t.result is None and t.clock.mover is not None:
                # the time the mover used before the server stopped counts; the time it was down does not
                upto = hb if hb is not None else t.clock.since
                t.clock.charge(max(upto, t.clock.since))
                t.clock.since = now
        if self.aside:
            self.log(f"{len(self.aside)} damaged match(es) set aside (python -m engine serve --check lists them)")
        self.tick()

    def _set_aside(self, mid: str, why: str, now: float) -> None:
        """One stored match cannot be served: keep its rows, stop loading it, say why."""
        self.aside[mid] = why
        self.log(f"match {mid} set aside: {why}")
        try:
            self.storage.set_aside(mid, why, now)
        except Exception as e:  # noqa: BLE001 - the rest is served all the same
            self.log(f"match {mid} could not be marked as set aside: {type(e).__name__}: {e}")

    def _get(self, conn: Conn, mid) -> Table | None:
        """The match ``mid``: in memory, or a finished one read from the database (at most
        :attr:`Limits.fetch_rate` reads a second per connection, so a list of made-up ids
        costs the database little)."""
        if not isinstance(mid, str) or len(mid) > 40:
            return None
        t = self.tables.get(mid)
        if t is not None or mid in self.aside:
            return t
        now = self.now()
        if conn.fetches is None:
            conn.fetches = Bucket(self.limits.fetch_rate, self.limits.fetch_rate, now)
        if not conn.fetches.take(now):
            return None
        return self.table(mid)

    def table(self, mid: str) -> Table | None:
        """The match ``mid`` for the server's own use (the lobby rating a finished match): in
        memory, or read from the database (a finished one leaves memory again later)."""
        t = self.tables.get(mid)
        if t is not None or mid in self.aside:
            return t
        now = self.now()
        got = self.storage.load_one(mid)
        if got is None:
            return None
        if isinstance(got, Damaged):
            self._set_aside(got.id, got.reason, now)
            return None
        t, why = restore(got, now)
        if t is None:
            self._set_aside(got.id, why, now)
            return None
        self.tables[t.id] = t
        if t.result is not None:
            self.over_at[t.id] = now
        return t

    # ================================================================ connections
    def handle(self, conn: Conn, line: bytes) -> None:
        """One line from ``conn``. Anything wrong gets an error reply; nothing else changes."""
        if len(line) > P.MAX_LINE:
            conn.send(P.error(P.E_TOO_LARGE, f"A message may be at most {P.MAX_LINE} bytes."))
            conn.close()
            return
        try:
            msg = json.loads(line)
        except (ValueError, RecursionError):
            conn.send(P.error(P.E_NOT_JSON, "That message is not JSON."))
            return
        if not isinstance(msg, dict):
            conn.send(P.error(P.E_BAD_MESSAGE, "A message must be a JSON object."))
            return
        rid = msg.get("id")
        if not (rid is None or isinstance(rid, int) and not isinstance(rid, bool) and abs(rid) < 1 << 53
                or isinstance(rid, str) and len(rid) <= 64):
            rid = None
        if msg.get("v") != P.VERSION:
            conn.send(P.error(P.E_VERSION, f"This server speaks protocol version {P.VERSION}.", rid))
            return
        kind = msg.get("t")
        fn = self.HANDLERS.get(kind) if isinstance(kind, str) else None
        if fn is None:
            conn.send(P.error(P.E_UNKNOWN_TYPE, "Unknown message type.", rid))
            return
        try:
            fn(self, conn, msg, rid)
        except Exception as e:  # noqa: BLE001 - a bug on one message must not stop the server
            self.log(f"error on {kind!r}: {type(e).__name__}: {e}")
            conn.send(P.error(P.E_SERVER, "The server could not do that.", rid))

    def disconnect(self, conn: Conn, *, since: float | None = None) -> None:
        """``conn`` is gone (``since``: when it was last heard from, for a program that
        stopped answering: its seat has been away since then)."""
        why = "lost" if since is None else "silent"
        for mid in list(conn.attached):
            self._detach(conn, mid, why, since)

    def _detach(self, conn: Conn, mid: str, why: str, since: float | None = None) -> None:
        """``conn`` no longer sits at ``mid``; if it was its seat's last connection, the
        opponent is told why: ``left`` (the player went to the menu), ``lost`` (the
        connection dropped) or ``silent`` (the program stopped answering)."""
        seat = conn.attached.pop(mid, None)
        t = self.tables.get(mid)
        if seat is None or t is None:
            return
        now = self.now()
        t.conns[seat].discard(conn)
        if not t.conns[seat]:
            t.away_since[seat] = now if since is None else min(now, since)
            t.away_why[seat] = why
            self._to_seat(t, 1 - seat, self._presence(t, seat, now))

    def _attach(self, conn: Conn, t: Table, seat: int) -> None:
        was = t.connected(seat)
        if conn not in t.conns[seat]:
            extra = len(t.conns[seat]) + 1 - self.limits.conns_per_seat
            for old in sorted(t.conns[seat], key=lambda c: c.id)[:max(0, extra)]:
                # the seat is open on too many connections: the oldest lets go of it
                old.attached.pop(t.id, None)
                t.conns[seat].discard(old)
                old.send(P.error(P.E_ELSEWHERE, "This seat was opened on another connection.") | {"match": t.id})
        conn.attached[t.id] = seat
        t.conns[seat].add(conn)
        if not was:
            self._to_seat(t, 1 - seat, self._presence(t, seat, self.now()))

    def _presence(self, t: Table, seat: int, now: float) -> dict:
        on = t.connected(seat)
        return {"v": P.VERSION, "t": "presence", "match": t.id, "seat": seat, "connected": on,
                "away": 0.0 if on else round(now - t.away_since[seat], 1),
                "why": None if on else t.away_why[seat], "claim_after": t.pace.away}

    def _to_seat(self, t: Table, seat: int, msg: dict) -> None:
        if t.conns[seat]:
            data = P.encode(msg)
            for c in list(t.conns[seat]):
                c.send_bytes(data)

    def _table_of(self, conn: Conn, msg: dict, rid):
        mid = msg.get("match")
        t = self.tables.get(mid) if isinstance(mid, str) else None
        if t is None or mid not in conn.attached:
            conn.send(P.error(P.E_NOT_IN_MATCH, "You are not playing in that match.", rid))
            return None, None
        return t, conn.attached[mid]

    # ================================================================ messages
    def _hello(self, conn, msg, rid):
        conn.name = P.clean_name(msg.get("name"))
        hb = msg.get("heartbeat")
        if isinstance(hb, (int, float)) and not isinstance(hb, bool):
            # the program promises a ping every ``hb`` seconds: silent for three, it is gone
            conn.heartbeat = min(max(float(hb), self.limits.heartbeat_min), self.limits.heartbeat_max)
        conn.send({"v": P.VERSION, "t": "welcome", "re": rid, "server": "cardhall", "games": list(GAME_NAMES),
                   "paces": list(PACES), "heartbeat": conn.heartbeat})

    def _detach_msg(self, conn, msg, rid):
        """The player leaves the table for the menu: the match goes on (its clock too), the
        opponent sees them away because they left, not because their connection was lost."""
        t, _seat = self._table_of(conn, msg, rid)
        if t is None:
            return
        self._detach(conn, t.id, "left")
        conn.send({"v": P.VERSION, "t": "detached", "re": rid, "match": t.id})

    def _ping(self, conn, msg, rid):
        conn.send({"v": P.VERSION, "t": "pong", "re": rid})

    def _deck(self, conn, game, obj, rid):
        spec = get_game(game)
        try:
            deck = Deck.from_json(obj, game=game, known_ids=spec.cards)
        except FileProblem as e:
            conn.send(P.error(P.E_BAD_DECK, f"That deck cannot be used: {e}", rid))
            return None
        problems = spec.validate_deck(deck)
        if problems:
            conn.send(P.error(P.E_BAD_DECK, "That deck is not legal: " + problems[0], rid))
            return None
        return deck

    def _create(self, conn, msg, rid):
        game = msg.get("game")
        if not isinstance(game, str) or game not in GAME_NAMES:
            conn.send(P.error(P.E_BAD_MESSAGE, "Unknown game: the games are " + ", ".join(GAME_NAMES) + ".", rid))
            return
        pace = msg.get("pace", "live")
        if not isinstance(pace, str) or pace not in PACES:
            conn.send(P.error(P.E_BAD_MESSAGE, "The pace must be \"live\" or \"daily\" (a text), not "
                              + P.clean_name(json.dumps(pace)[:20], "?") + ".", rid))
            return
        now = self.now()
        lim = self.limits
        if len(conn.waiting) >= lim.waiting_per_conn or \
                self.waiting_of_peer.get(conn.peer, 0) >= lim.waiting_per_peer:
            conn.send(P.error(P.E_QUOTA, "You have too many matches waiting for an opponent: "
                              "wait for one to be joined, or cancel one.", rid))
            return
        if self.creates.count(conn.peer, now) >= lim.creates_per_peer:
            conn.send(P.error(P.E_QUOTA, "Too many matches created from your address lately: "
                              "try again in a few minutes.", rid))
            return
        cls = get_game(game).match_class
        opts = cls.default_options()
        given = msg.get("options") or {}
        if not isinstance(given, dict):
            conn.send(P.error(P.E_BAD_MESSAGE, "Options must be an object.", rid))
            return
        for k, v in given.items():
            if k not in opts or type(v) is not type(opts[k]):
                conn.send(P.error(P.E_BAD_MESSAGE, f"Unknown or mistyped option {P.clean_name(k, '?')!r}.", rid))
                return
            opts[k] = v
        deck = self._deck(conn, game, msg.get("deck"), rid)
        if deck is None:
            return
        name = P.clean_name(msg.get("name"), conn.name)
        code = P.new_code()
        while _hash(code) in self.by_code:
            code = P.new_code()
        token = P.new_token()
        mid = secrets.token_hex(8)
        sm = StoredMatch(mid, game, pace, opts, None, [deck.to_json(), None], [name, "…"],
                         [_hash(token), None], _hash(code), self.now())
        self.storage.create(sm)
        t = Table(sm, self.now())
        self.tables[mid] = t
        self.by_code[t.code_hash] = t
        self.waiting[mid] = t
        t.host_peer, t.host_conn = conn.peer, conn
        conn.waiting.add(mid)
        self.waiting_of_peer[conn.peer] = self.waiting_of_peer.get(conn.peer, 0) + 1
        self.creates.add(conn.peer, now)
        conn.send({"v": P.VERSION, "t": "created", "re": rid, "match": mid, "seat": 0, "token": token,
                   "code": code, "game": game, "pace": pace})
        self._attach(conn, t, 0)
        conn.send(self.state_msg(t, 0))

    def _bad_code(self, conn, rid, text):
        """A wrong join code: counted on the connection and the address. Past either budget
        the connection is closed (the address's budget closes it at the first wrong code);
        nothing is ever refused to the right code."""
        lim = self.limits
        conn.bad_codes += 1
        n = self.bad_codes.add(conn.peer, self.now())
        conn.send(P.error(P.E_BAD_CODE, text, rid))
        if conn.bad_codes >= lim.bad_codes_per_conn or n > lim.bad_codes_per_peer:
            conn.close()

    def _bad_token(self, conn, t: Table, rid):
        """A wrong seat token for a known match: counted on the connection and the match."""
        lim = self.limits
        conn.bad_tokens += 1
        n = self.bad_tokens.add(t.id, self.now())
        conn.send(P.error(P.E_BAD_TOKEN, "That seat's key is not right for this match.", rid))
        if conn.bad_tokens >= lim.bad_tokens_per_conn or n > lim.bad_tokens_per_match:
            conn.close()

    def _unwait(self, t: Table) -> None:
        """``t`` no longer waits for an opponent (joined, called off or expired)."""
        if self.waiting.pop(t.id, None) is None:
            return
        if t.code_hash is not None:
            self.by_code.pop(t.code_hash, None)
        peer = t.host_peer
        if peer is not None:
            n = self.waiting_of_peer.get(peer, 0) - 1
            if n > 0:
                self.waiting_of_peer[peer] = n
            else:
                self.waiting_of_peer.pop(peer, None)
        host = t.host_conn
        if host is not None:
            host.waiting.discard(t.id)
        t.host_peer = t.host_conn = None

    def _join(self, conn, msg, rid):
        code = P.norm_code(msg.get("code"))
        t = self.by_code.get(_hash(code)) if code is not None else None
        if t is None or t.started or t.result is not None:
            self._bad_code(conn, rid, "No match is waiting for that join code.")
            return
        deck = self._deck(conn, t.game, msg.get("deck"), rid)
        if deck is None:
            return
        now = self.now()
        seed = secrets.randbits(63)
        name = P.clean_name(msg.get("name"), conn.name)
        if name == t.names[0]:
            name = (name[:P.MAX_NAME - 4] + " (2)")
        token = P.new_token()
        decks = [t.decks[0], deck]
        m = t.cls.new(tuple(decks), seed, t.options)
        clock = Clock(t.pace, now)
        clock.start(m, now)
        self.storage.start(t.id, deck1=deck.to_json(), name1=name, token_hash1=_hash(token), seed=seed,
                           clock=clock.to_json(), first=(t.names[0], t.token_hashes[0]))
        self._unwait(t)
        t.code_hash = None
        t.decks, t.seed, t.match, t.clock = decks, seed, m, clock
        t.names[1] = name
        t.token_hashes[1] = _hash(token)
        t.away_since = [now, now]
        conn.send({"v": P.VERSION, "t": "joined", "re": rid, "match": t.id, "seat": 1, "token": token,
                   "game": t.game, "pace": t.pace.name})
        self._attach(conn, t, 1)
        for seat in (0, 1):
            self._to_seat(t, seat, self.state_msg(t, seat))

    def _resume(self, conn, msg, rid):
        mid = msg.get("match")
        t = self._get(conn, mid)
        if t is None:
            # a match id is no secret (only the seat's key is): not knowing one costs nothing
            if isinstance(mid, str) and mid in self.aside:
                conn.send(P.error(P.E_DAMAGED, "This match's record on the server is damaged: the server set it "
                                  "aside and serves the others.", rid) | {"match": mid})
            else:
                conn.send(P.error(P.E_UNKNOWN_MATCH, "That match is not known on this server (it may have "
                                  "expired before anyone joined).", rid) | {"match": mid if isinstance(mid, str)
                                                                          and len(mid) < 40 else None})
            return
        seat = t.seat_of_token(msg.get("token"))
        if seat is None:
            self._bad_token(conn, t, rid)
            return
        now = self.now()
        b = t.resumes[seat]
        if b is None:
            b = t.resumes[seat] = Bucket(self.limits.resume_rate, self.limits.resume_burst, now)
        if not b.take(now):
            conn.paced += 1
            conn.send(P.error(P.E_FLOOD, "This seat is being resumed too often: wait a second and try again.", rid))
            if conn.paced > self.limits.paced_per_conn:
                conn.close()     # it does not wait: it is a flood
            return
        self._attach(conn, t, seat)
        have = msg.get("have")
        n = len(t.actions)
        if t.started and isinstance(have, int) and not isinstance(have, bool) and 0 <= have < n \
                and n - have <= CATCH_UP_MAX:
            for upd in self.catch_up(t, seat, have):
                conn.send(upd)
        st = self.state_msg(t, seat)
        if have is None and t.started and n:
            st["history"], st["history_from"] = self.history(t, seat)
        st["re"] = rid
        conn.send(st)

    def history(self, t: Table, seat: int) -> tuple[list, int]:
        """What the seat's log told of the match's last actions, for a player sitting down
        again in a new program: ``[{"actor", "turn", "events"}]`` (the events filtered for
        the seat, as its updates had them) and the index of the first action told."""
        cached = t._history
        if cached is not None and cached[0] == seat and cached[1] == len(t.actions):
            return cached[2]
        m = t.new_match()
        told = []
        for a, actor in zip(t.actions, t.actors):
            events = m.apply(a, check=False)
            told.append({"actor": actor, "turn": m.turn(), "events": P.events_for(t.cls, events, seat)})
        keep, size = [], 0
        for h in reversed(told[-HISTORY_MAX:]):
            size += len(P.encode(h))
            if size > HISTORY_BYTES:
                break
            keep.append(h)
        keep.reverse()
        t._history = (seat, len(t.actions), (keep, len(told) - len(keep)))
        return keep, len(told) - len(keep)

    def _act(self, conn, msg, rid):
        t, seat = self._table_of(conn, msg, rid)
        if t is None:
            return
        if not t.started:
            conn.send(P.error(P.E_WAITING, "The match has not begun: the other player has not joined.", rid))
            return
        now = self.now()
        self._run_clock(t, now)
        if t.result is not None:
            conn.send(P.error(P.E_OVER, "The match is over.", rid))
            return
        m = t.match
        if m.to_move() != seat:
            conn.send(P.error(P.E_NOT_YOUR_TURN, "It is not your decision.", rid))
            return
        idx = msg.get("index")
        if idx is not None and idx != len(t.actions):
            conn.send(P.error(P.E_STALE, "The match has moved on; here is where it stands.", rid))
            conn.send(self.state_msg(t, seat))
            return
        a = check_action(msg.get("action"))
        if a is None:
            conn.send(P.error(P.E_BAD_MESSAGE, "An action is a list of whole numbers.", rid))
            return
        reason = m.why_illegal(a)
        if reason is not None:
            conn.send(P.error(P.E_ILLEGAL, reason, rid))
            return
        self._apply(t, seat, a, now, conn, rid)
        self._autoplay(t, now)

    def _apply(self, t: Table, seat: int, a: tuple, now: float, conn=None, rid=None, *, auto: bool = False) -> None:
        """Apply ``seat``'s legal action ``a``: stored (with the clock after it) before
        anyone is told, then each seat's update (the reply to ``conn`` carries ``rid``)."""
        m = t.match
        public = P.action_for(m, a, seat, 1 - seat)
        m2 = m.clone()
        events = m2.apply(a, check=False)
        clock = t.clock.copy()
        clock.start(m2, now)
        if clock.auto is not None and (clock.auto[1], clock.auto[2]) != (m2.turn(), m2.turn_player()):
            clock.auto = None                      # the turn a timeout ended is over
        res = m2.result()
        self.storage.append_action(t.id, len(t.actions), a, seat, now, clock.to_json(),
                                   None if res is None else res.to_json())
        t.match, t.clock = m2, clock
        t.actions.append(a)
        t.actors.append(seat)
        t.times.append(now)
        self.actions_applied += 1
        if res is not None:
            t.result = res
            self.over_at[t.id] = now
        for s in (0, 1):
            if not t.conns[s]:
                continue
            upd = self.update_msg(t, s, seat, a if s == seat else public, events, m2, now)
            if auto:
                upd["auto"] = True                 # made by the server for a player out of time
            if s == seat:
                for c in list(t.conns[s]):
                    if c is conn:
                        upd2 = dict(upd)
                        upd2["re"] = rid
                        c.send(upd2)
                    else:
                        c.send(upd)
            else:
                self._to_seat(t, s, upd)

    def _autoplay(self, t: Table, now: float) -> int:
        """A live timeout ends the turn: while the player who ran out is to move in that
        turn, the server makes their decisions through the game's own
        :meth:`~engine.core.match.Match.timeout_action` (keep, decline, end the turn; a
        required choice: the first legal one). Returns how many it made."""
        n = 0
        while n < 1000 and t.result is None and t.clock is not None and t.clock.auto is not None:
            m = t.match
            seat, turn, tp = t.clock.auto
            if (m.turn(), m.turn_player()) != (turn, tp):
                t.clock.auto = None
                break
            if m.to_move() != seat:
                break
            self._apply(t, seat, m.timeout_action(), now, auto=True)
            n += 1
        return n

    def _end(self, t: Table, result: Result, why: str) -> None:
        now = self.now()
        if t.clock is not None:
            t.clock.stop(now)
        t.result = result
        rj = result_json(result, t.names)
        self.storage.finish(t.id, rj, None if t.clock is None else t.clock.to_json())
        self.over_at[t.id] = now
        self._unwait(t)
        t.code_hash = None
        record = self.record_json(t)
        for s in (0, 1):
            self._to_seat(t, s, {"v": P.VERSION, "t": "end", "match": t.id, "result": rj,
                                 "why": why, "index": len(t.actions),
                                 "clock": None if t.clock is None else t.clock.public(now), "record": record})

    def _concede(self, conn, msg, rid):
        t, seat = self._table_of(conn, msg, rid)
        if t is None:
            return
        if t.result is not None:
            conn.send(P.error(P.E_OVER, "The match is over.", rid))
            return
        if not t.started:
            self._end(t, Result(None, End.CALLED_OFF), "cancelled")
            return
        self._end(t, Result(1 - seat, End.CONCEDED), "concede")

    def _claim(self, conn, msg, rid):
        t, seat = self._table_of(conn, msg, rid)
        if t is None:
            return
        if t.result is not None or not t.started:
            conn.send(P.error(P.E_OVER if t.result is not None else P.E_WAITING, "There is no match to claim.", rid))
            return
        o = 1 - seat
        now = self.now()
        if t.pace.away is None:
            conn.send(P.error(P.E_NOT_AWAY, "Daily matches cannot be claimed: the move clock decides.", rid))
            return
        if t.connected(o) or now - t.away_since[o] < t.pace.away:
            left = 0 if t.connected(o) else t.pace.away - (now - t.away_since[o])
            conn.send(P.error(P.E_NOT_AWAY, "Your opponent is at the table." if t.connected(o) else
                              f"Your opponent has been away less than {int(t.pace.away)} seconds "
                              f"({int(left + 0.999)} to go).", rid))
            return
        self._end(t, Result(seat, End.LEFT), "claim")

    def _list(self, conn, msg, rid):
        items = msg.get("matches")
        if not isinstance(items, list) or len(items) > P.MAX_LIST:
            conn.send(P.error(P.E_BAD_MESSAGE, f"List at most {P.MAX_LIST} matches.", rid))
            return
        now = self.now()
        out = []
        for it in items:
            if not isinstance(it, dict):
                continue
            mid = it.get("match")
            t = self._get(conn, mid)
            seat = t.seat_of_token(it.get("token")) if t is not None else None
            if seat is None:
                out.append({"match": mid if isinstance(mid, str) and len(mid) < 40 else None, "known": False})
                continue
            self._run_clock(t, now)
            mover = t.match.to_move() if t.started and t.result is None else None
            turn = t.match.turn() if t.started and t.match is not None else 0   # 0: the opening hands
            rem = t.clock.remaining(now) if t.clock is not None and t.result is None else None
            out.append({"match": t.id, "known": True, "game": t.game, "pace": t.pace.name, "seat": seat,
                        "names": t.names, "waiting": not t.started, "index": len(t.actions),
                        "turn": turn, "opening": t.started and turn == 0, "to_move": mover,
                        "your_move": mover == seat,
                        "time_left": None if rem is None else round(rem[0] + rem[1], 1),
                        "result": None if t.result is None else t.result.to_json()})
        conn.send({"v": P.VERSION, "t": "list", "re": rid, "matches": out})

    HANDLERS = {"hello": _hello, "ping": _ping, "create": _create, "join": _join, "resume": _resume,
                "act": _act, "concede": _concede, "leave": _concede, "claim": _claim, "list": _list,
                "detach": _detach_msg}
    from .lobby import HANDLERS as _LOBBY_HANDLERS   # the lobby's messages (engine.net.lobby)
    HANDLERS.update(_LOBBY_HANDLERS)
    del _LOBBY_HANDLERS

    # ================================================================ what a seat is sent
    def state_msg(self, t: Table, seat: int) -> dict:
        now = self.now()
        m = t.match
        msg = {"v": P.VERSION, "t": "state", "match": t.id, "seat": seat, "game": t.game, "pace": t.pace.name,
               "names": list(t.names), "index": len(t.actions), "waiting": not t.started,
               "options": dict(t.options),
               "result": None if t.result is None else t.result.to_json(),
               "clock": None if t.clock is None else t.clock.public(now),
               "opponent": self._presence(t, 1 - seat, now)}
        if t.result is not None:
            msg["record"] = self.record_json(t)
        if m is not None:
            msg["view"] = m.view(seat).to_json()
            msg["to_move"] = m.to_move()
            msg["turn"] = m.turn()
            msg["opening"] = m.turn() == 0      # keeping or redrawing the opening hands: no turn yet
            msg["legal"] = [list(a) for a in m.legal_actions()] if m.to_move() == seat and t.result is None \
                else []
        return msg

    def record_json(self, t: Table) -> dict | None:
        """The whole finished match (seed, both decks, every action, the result) as
        a match record, for each player's replay library — sent only once the
        match is over, when nothing in it is hidden any more; None before that, for
        a match that never began, or when it would not fit in a message."""
        if t.result is None or not t.started:
            return None
        m = t.match
        if m is None:
            return None
        meta = {"mode": "online", "names": list(t.names), "turns": m.turn(), DIGEST_KEY: state_digest(m),
                "finished": time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(t.times[-1] if t.times
                                                                               else self.now()))}
        if m.result() is None:
            meta["ended_by"] = "server"   # a concession, a claim or the clock: not an engine action
        rec = MatchRecord(t.game, tuple(t.decks), t.seed, dict(t.options), list(t.actions), t.result.to_json(),
                          meta).to_json()
        if len(P.encode(rec)) > RECORD_MAX_BYTES:
            return None
        return rec

    def update_msg(self, t: Table, seat: int, actor: int, action, events, after, now) -> dict:
        over = t.result
        msg = {"v": P.VERSION, "t": "update", "match": t.id, "index": len(t.actions),
                "actor": actor, "action": list(action), "events": P.events_for(t.cls, events, seat),
                "view": after.view(seat).to_json(), "to_move": after.to_move(),
                "legal": [list(a) for a in after.legal_actions()] if after.to_move() == seat and over is None
                else [],
                "result": None if over is None else over.to_json(),
                "clock": None if t.clock is None else t.clock.public(now)}
        if over is not None:   # the last move: the whole match goes with it (see record_json)
            msg["record"] = self.record_json(t)
        return msg

    def catch_up(self, t: Table, seat: int, have: int) -> list[dict]:
        """The updates ``seat`` missed after its first ``have`` actions (replayed, exact)."""
        now = self.now()
        m = t.new_match()
        for a in t.actions[:have]:
            m.apply(a, check=False)
        out = []
        n = len(t.actions)
        for i in range(have, n):
            a, actor = t.actions[i], t.actors[i]
            public = P.action_for(m, a, actor, seat)
            events = m.apply(a, check=False)
            last = i == n - 1
            res = (t.result if last else None) or m.result()
            out.append({"v": P.VERSION, "t": "update", "match": t.id, "index": i + 1, "actor": actor,
                        "action": public, "events": P.events_for(t.cls, events, seat),
                        "view": m.view(seat).to_json(), "to_move": m.to_move(),
                        "legal": [list(x) for x in m.legal_actions()] if m.to_move() == seat and res is None
                        else [],
                        "result": None if res is None else res.to_json(),
                        "clock": None if t.clock is None or not last else t.clock.public(now),
                        "catch_up": True})
            if last and res is not None:
                out[-1]["record"] = self.record_json(t)
        return out

    # ================================================================ clocks
    def _run_clock(self, t: Table, now: float) -> None:
        c = t.clock
        if c is None or t.result is None and not t.started or t.result is not None:
            return
        for _ in range(t.pace.limit + 1):
            d = c.deadline()
            if d is None or d > now:
                return
            seat, forfeit = c.timeout()
            if forfeit:
                how = {"missed": t.pace.limit} if t.pace.name == "daily" else {"times": t.pace.limit}
                self._end(t, Result(1 - seat, End.TIMEOUT, how), "timeout")
                return
            ends_turn = t.pace.per == "turn"
            if ends_turn:   # live: the timeout ends the turn (the server decides for them till it is over)
                c.auto = [seat, t.match.turn(), t.match.turn_player()]
            self.storage.save_clock(t.id, c.to_json())
            for s in (0, 1):
                self._to_seat(t, s, {"v": P.VERSION, "t": "timeout", "match": t.id, "seat": seat,
                                     "timeouts": c.timeouts[seat], "limit": t.pace.limit,
                                     "ends_turn": ends_turn, "clock": c.public(now)})
            if ends_turn:
                self._autoplay(t, now)
                if t.result is not None:
                    return

    def tick(self) -> None:
        """Run every clock up to now (timeouts, forfeits) and write the heartbeat."""
        now = self.now()
        for t in list(self.tables.values()):
            # (the deadline read inline: thousands of tables a tick, nearly all with time left)
            c = t.clock
            if c is None or t.result is not None:
                continue
            p = c.mover
            if p is not None and c.since + c.left[p] + c.bank[p] <= now and t.started:
                self._run_clock(t, now)
        if now - self._last_expiry >= EXPIRE_EVERY or now < self._last_expiry:
            self._last_expiry = now
            self.expire(now)
        if getattr(self, "lobby", None) is not None:
            self.lobby.tick()
        if now - self._last_heartbeat >= HEARTBEAT_EVERY or now < self._last_heartbeat:
            self._last_heartbeat = now
            self.storage.heartbeat(now)

    def expire(self, now: float) -> int:
        """Matches nobody joined in time are removed (from the database too); their host
        is told. Returns how many."""
        lim = self.limits
        gone = 0
        for t in list(self.waiting.values()):
            ttl = lim.waiting_daily if t.pace.name == "daily" else lim.waiting_live
            if now - t.created < ttl:
                continue
            try:
                self.storage.delete(t.id)
            except Exception as e:  # noqa: BLE001 - tried again at the next look
                self.log(f"match {t.id} could not be removed: {type(e).__name__}: {e}")
                continue
            self._unwait(t)
            del self.tables[t.id]
            gone += 1
            why = f"No one joined within {_span(ttl)}: the match was removed from the server"
            self._to_seat(t, 0, {"v": P.VERSION, "t": "end", "match": t.id, "why": "expired", "index": 0,
                                 "result": Result(None, End.OTHER, {"text": why}).to_json(), "clock": None,
                                 "record": None})
            for c in list(t.conns[0]):
                c.attached.pop(t.id, None)
            t.conns[0].clear()
        for mid, ended in list(self.over_at.items()):
            # a finished match nobody looks at leaves memory (it is read again when asked for)
            t = self.tables.get(mid)
            if t is None:
                del self.over_at[mid]
            elif now - ended > lim.keep_finished and not t.conns[0] and not t.conns[1]:
                del self.tables[mid]
                del self.over_at[mid]
        self.bad_codes.sweep(now)
        self.bad_tokens.sweep(now)
        self.creates.sweep(now)
        return gone

    def next_deadline(self) -> float | None:
        ds = [t.clock.deadline() for t in self.tables.values()
              if t.result is None and t.started and t.clock is not None]
        ds = [d for d in ds if d is not None]
        return min(ds) if ds else None

    def close(self) -> None:
        try:
            self.storage.heartbeat(self.now())
        except Exception:  # noqa: BLE001 - closing: a last heartbeat is a nicety
            pass
        self.storage.close()


def _span(seconds: float) -> str:
    if seconds >= 86400 and seconds % 86400 == 0:
        return count(int(seconds // 86400), "day")
    if seconds >= 3600 and seconds % 3600 == 0:
        return count(int(seconds // 3600), "hour")
    if seconds >= 60:
        return count(int(round(seconds / 60)), "minute")
    return count(int(round(seconds)), "second")


def _log_stderr(text: str) -> None:
    print(text, file=sys.stderr, flush=True)
