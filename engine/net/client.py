"""Clients of the Cardhall server.

* :class:`AsyncClient` — asyncio, for tests, the fuzzer and the benchmark.
* :class:`Link` — a blocking socket in a background thread that reconnects by
  itself (0.3 s, then up to 5 s apart) and, after each (re)connect, sends what
  its owner asks (a ``resume`` with the actions already received), so a dropped
  connection continues exactly where it was.
* :class:`RemoteSession` — the network session adaptor: the same face as
  :class:`engine.core.session.MatchSession` as far as a table uses it
  (``match``, ``apply``, ``meta``, ``record``, ``len``, ``actor``), backed by
  the server. ``match`` is the seat's view (from the server's ``view(seat)``)
  whose ``legal_actions()`` are the server's; ``apply`` sends our action and
  returns its events once the server has stored and acknowledged it, or
  returns the events of the next update from the server (the opponent's
  moves, queued in ``pending`` until the table shows them).
"""
from __future__ import annotations

import asyncio
import itertools
import json
import queue
import socket
import threading
import time
from types import SimpleNamespace

from ..core.match import IllegalAction, Result
from ..games import get_game
from . import protocol as P


# ================================================================ asyncio client
class AsyncClient:
    def __init__(self, name: str = "Player"):
        self.name = name
        self.reader = self.writer = None
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.received: list[dict] = []      # every message, in order (the hidden-information test reads it)
        self.raw: list[bytes] = []
        self.closed = False
        self._ids = itertools.count(1)
        self._task = None
        self.backlog: list[dict] = []

    async def connect(self, host: str, port: int) -> "AsyncClient":
        self.reader, self.writer = await asyncio.open_connection(host, port, limit=4 * P.MAX_LINE)
        self._task = asyncio.get_running_loop().create_task(self._read())
        return self

    async def _read(self) -> None:
        try:
            while True:
                line = await self.reader.readline()
                if not line:
                    break
                self.raw.append(line)
                msg = json.loads(line)
                self.received.append(msg)
                await self.inbox.put(msg)
        except (ConnectionError, OSError, asyncio.IncompleteReadError, ValueError):
            pass
        finally:
            self.closed = True
            await self.inbox.put(None)

    async def send(self, msg: dict) -> None:
        msg = dict(msg)
        msg.setdefault("v", P.VERSION)
        self.writer.write(P.encode(msg))
        await self.writer.drain()

    async def send_raw(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def next(self, timeout: float = 10.0):
        """The next message (None once the connection is closed)."""
        if self.backlog:
            return self.backlog.pop(0)
        if self.closed and self.inbox.empty():
            return None
        if timeout <= 0:
            try:
                return self.inbox.get_nowait()
            except asyncio.QueueEmpty:
                raise asyncio.TimeoutError from None
        return await asyncio.wait_for(self.inbox.get(), timeout)

    async def request(self, msg: dict, timeout: float = 10.0) -> dict | None:
        """Send ``msg`` and wait for the reply to it; other messages are kept for :meth:`next`."""
        rid = next(self._ids)
        msg = dict(msg, id=rid)
        await self.send(msg)
        skipped = []
        try:
            while True:
                m = await asyncio.wait_for(self.inbox.get(), timeout)
                if m is None:
                    return None
                if m.get("re") == rid:
                    return m
                skipped.append(m)
        finally:
            self.backlog.extend(skipped)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            try:
                await self.writer.wait_closed()
            except (ConnectionError, OSError):
                pass
        if self._task is not None:
            self._task.cancel()


class SeatState:
    """What one seat knows, folded from the messages it receives (headless players)."""

    def __init__(self, match: str | None = None, seat: int | None = None, token: str | None = None):
        self.match, self.seat, self.token = match, seat, token
        self.index = 0
        self.view = None
        self.legal: list = []
        self.to_move = None
        self.result = None
        self.waiting = True
        self.clock = None
        self.updates = 0

    def feed(self, msg) -> None:
        if isinstance(msg, dict) and msg.get("t") == "joined" and msg.get("moved_from") is not None \
                and msg.get("moved_from") == self.match and self.waiting:
            self.match, self.seat, self.token = msg["match"], msg["seat"], msg["token"]   # paired by quick match
            self.index = 0
            return
        if not isinstance(msg, dict) or self.match is not None and msg.get("match") not in (None, self.match):
            return
        t = msg.get("t")
        if t in ("created", "joined"):
            self.match, self.seat, self.token = msg["match"], msg["seat"], msg["token"]
        elif t == "state":
            self.index, self.waiting = msg["index"], msg["waiting"]
            self.view, self.legal = msg.get("view"), msg.get("legal", [])
            self.to_move, self.result, self.clock = msg.get("to_move"), msg["result"], msg["clock"]
        elif t == "update":
            if msg["index"] <= self.index:
                return
            self.index = msg["index"]
            self.view, self.legal, self.to_move = msg["view"], msg["legal"], msg["to_move"]
            self.result = msg["result"]
            self.clock = msg["clock"] or self.clock
            self.updates += 1
            self.waiting = False
        elif t == "end":
            self.result = msg["result"]
        elif t == "timeout":
            self.clock = msg["clock"]

    @property
    def my_move(self) -> bool:
        return self.result is None and not self.waiting and self.to_move == self.seat and bool(self.legal)


# ================================================================ threaded link (the app)
class Link:
    """A connection to a server that keeps itself up. Messages arrive in ``inbox``
    (a ``queue.Queue``); ``{"t": "_link", "connected": bool}`` marks each change."""

    def __init__(self, host: str, port: int, *, on_connect=None, timeout: float = 5.0):
        self.host, self.port = host, int(port)
        self.on_connect = on_connect      # () -> [messages to send after each (re)connect]
        self.timeout = timeout
        self.inbox: queue.Queue = queue.Queue()
        self.connected = False
        self.attempts = 0
        self.last_error: str | None = None
        self._sock = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._up = threading.Event()
        self._thread = threading.Thread(target=self._run, name="cardhall-link", daemon=True)

    def start(self) -> "Link":
        self._thread.start()
        return self

    def wait_connected(self, timeout: float) -> bool:
        return self._up.wait(timeout)

    def _run(self) -> None:
        delay = 0.3
        while not self._stop.is_set():
            self.attempts += 1
            try:
                s = socket.create_connection((self.host, self.port), timeout=self.timeout)
            except OSError as e:
                self.last_error = plain_error(e)
                self._stop.wait(delay)
                delay = min(5.0, delay * 2)
                continue
            s.settimeout(None)
            s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            with self._lock:
                self._sock = s
            delay = 0.3
            try:
                for m in (self.on_connect() if self.on_connect else []):
                    self._send_now(m)
                self.connected = True
                self._up.set()
                self.inbox.put({"t": "_link", "connected": True})
                f = s.makefile("rb")
                while not self._stop.is_set():
                    line = f.readline(4 * P.MAX_LINE)
                    if not line:
                        break
                    try:
                        msg = json.loads(line)
                    except ValueError:
                        continue
                    if isinstance(msg, dict):
                        self.inbox.put(msg)
            except OSError as e:
                self.last_error = plain_error(e)
            finally:
                with self._lock:
                    self._sock = None
                try:
                    s.close()
                except OSError:
                    pass
                if self.connected:
                    self.connected = False
                    self._up.clear()
                    self.inbox.put({"t": "_link", "connected": False})
            self._stop.wait(delay)

    def _send_now(self, msg: dict) -> None:
        msg = dict(msg)
        msg.setdefault("v", P.VERSION)
        self._sock.sendall(P.encode(msg))

    def send(self, msg: dict) -> bool:
        """Send now; False if not connected (the caller decides what to do)."""
        with self._lock:
            if self._sock is None:
                return False
            try:
                self._send_now(msg)
                return True
            except OSError:
                try:
                    self._sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                return False

    def drop(self) -> None:
        """Cut the connection (it comes back by itself): tests of the rejoin."""
        with self._lock:
            if self._sock is not None:
                try:
                    self._sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self) -> None:
        self._stop.set()
        self.drop()
        self._thread.join(3)


def request(link: Link, msg: dict, rid, timeout: float = 10.0, keep=None, refusals=()):
    """Send ``msg`` with id ``rid`` on ``link`` and wait for the reply (others go to ``keep``).
    An error of a code in ``refusals`` ends the wait at once (None; the error is in
    ``keep``): a server that refuses the connection itself answers nothing more."""
    if not link.send(dict(msg, id=rid)):
        # (a server that refuses at once may have closed before we spoke: what it said
        # is already in the inbox, so the caller can still tell the player why)
        while keep is not None:
            try:
                keep.append(link.inbox.get_nowait())
            except queue.Empty:
                break
        return None
    end = time.monotonic() + timeout
    while True:
        left = end - time.monotonic()
        if left <= 0:
            return None
        try:
            m = link.inbox.get(timeout=left)
        except queue.Empty:
            return None
        if m.get("re") == rid:
            return m
        if keep is not None:
            keep.append(m)
        if refusals and m.get("t") == "error" and m.get("code") in refusals:
            return None


# ================================================================ the session adaptor
_NET_CLASSES: dict = {}


def _slots(cls):
    out = []
    for c in cls.__mro__:
        s = c.__dict__.get("__slots__", ())
        out.extend([s] if isinstance(s, str) else s)
    return [x for x in out if x not in ("__dict__", "__weakref__")]


def net_view_class(cls):
    """``cls`` whose ``legal_actions()`` are the server's (a view cannot always
    know them: e.g. Evons may pull a covered card it cannot see)."""
    nc = _NET_CLASSES.get(cls)
    if nc is None:
        def legal_actions(self):
            legal = getattr(self, "_net_legal", None)
            if legal is None:
                return cls.legal_actions(self)
            return list(legal)
        nc = type(cls.__name__, (cls,), {"__slots__": ("_net_legal",), "legal_actions": legal_actions,
                                         "__module__": cls.__module__, "__qualname__": cls.__qualname__})
        _NET_CLASSES[cls] = nc
    return nc


def net_view(game: str, view_json: dict, legal):
    cls = get_game(game).match_class
    base = cls.from_json(view_json)
    try:        # a view that parses but does not hold together (a card number out of range, …)
        base.invariant_problems()
        base.to_move(), base.turn(), base.result(), base.clone()
    except Exception as e:  # noqa: BLE001 - whatever it is, it is not a position to show
        raise ValueError(f"a position that does not hold together ({type(e).__name__})") from None
    nc = net_view_class(cls)
    nv = nc.__new__(nc)
    for k in _slots(cls):
        if hasattr(base, k):
            setattr(nv, k, getattr(base, k))
    nv._net_legal = [tuple(a) for a in legal] if legal is not None else []
    return nv


# ---------------------------------------------------------------- what a server may send
#: a message this client cannot read raises one of these while it is checked
_UNREADABLE = (KeyError, TypeError, ValueError, IndexError, OverflowError, AttributeError, RecursionError)
_MAX_INDEX = 1_000_000       # more actions than any match has
_MAX_EVENTS = 5_000


def _int(x, lo: int, hi: int) -> int:
    if not isinstance(x, int) or isinstance(x, bool) or not lo <= x <= hi:
        raise ValueError(f"not a whole number from {lo} to {hi}: {x!r:.40}")
    return x


def _history(m: dict) -> tuple[list, int]:
    """The last actions' events sent with the first state of a match sat down to again (see
    ``Hall.history``), checked: ``([(actor, turn, events)], index of the first)``. Anything
    that can't be read gives no history — the log then starts where the match stands."""
    from ..core.sanitize import clean_json
    h, start = m.get("history"), m.get("history_from")
    try:
        _int(start, 0, _MAX_INDEX)
        if not isinstance(h, list) or len(h) > 200:
            raise ValueError("a history is a short list")
        out, total = [], 0
        for e in h:
            actor, turn = _int(e["actor"], 0, 1), _int(e["turn"], 0, _MAX_INDEX)
            ev = e["events"]
            if not isinstance(ev, list) or not all(isinstance(x, list) and x and isinstance(x[0], str) for x in ev):
                raise ValueError("events are lists")
            total += len(ev)
            if total > _MAX_EVENTS:
                raise ValueError("too many events")
            out.append((actor, turn, [tuple(x) for x in clean_json(ev, 200)]))
    except (ValueError, TypeError, KeyError):
        return [], 0
    return out, start


def _num(x, lo: float = -1e12, hi: float = 1e12) -> float:
    if not isinstance(x, (int, float)) or isinstance(x, bool) or not lo <= x <= hi:
        raise ValueError(f"not a number: {x!r:.40}")
    return float(x)


def _action(x) -> list:
    if not isinstance(x, list) or not 1 <= len(x) <= 16:
        raise ValueError("an action is a short list of whole numbers")
    return [_int(v, -(1 << 31), 1 << 31) for v in x]


def _result(x) -> Result | None:
    if x is None:
        return None
    if not isinstance(x, dict) or not isinstance(x.get("reason"), str):
        raise ValueError("a result is {winner, reason}")
    w = x.get("winner")
    if w is not None:
        _int(w, 0, 1)
    from ..core.sanitize import clean_text
    x = {**x, "reason": clean_text(x["reason"], 300)}
    return Result.from_json(x)       # (the structure when sent; an older server's words read)


def _clock(c):
    """The server's clock as this client reads it, or ValueError."""
    if c is None:
        return None
    if not isinstance(c, dict):
        raise ValueError("a clock is an object")
    out = dict(c)
    out["left"] = [_num(v) for v in c["left"]]
    out["bank"] = [_num(v) for v in c["bank"]]
    if len(out["left"]) != 2 or len(out["bank"]) != 2:
        raise ValueError("a clock has two seats")
    out["mover"] = None if c.get("mover") is None else _int(c["mover"], 0, 1)
    out["timeouts"] = [_int(v, 0, 1000) for v in c.get("timeouts", [0, 0])]
    if len(out["timeouts"]) != 2:
        raise ValueError("a clock has two seats")
    out["limit"] = _int(c.get("limit", 0), 0, 1000)
    return out


def _presence(o, seat: int | None = None) -> dict:
    if not isinstance(o, dict):
        raise ValueError("presence is an object")
    after = o.get("claim_after")
    why = o.get("why")
    out = {"connected": bool(o.get("connected", True)), "away": _num(o.get("away", 0.0), 0.0),
           "claim_after": None if after is None else _num(after, 0.0),
           # why a seat is away: it "left" the table, its connection was "lost", or it went "silent"
           "why": why if why in ("left", "lost", "silent") else None}
    if seat is not None:
        out["seat"] = seat
    return out


#: seconds between the pings the app promises the server (its frame loop pings every half)
HEARTBEAT = 20.0


class RemoteSession:
    """A match on a server, as the table sees a session (see the module doc).

    Every message from the server is checked before anything of it is taken: one this
    client cannot read (a broken or foreign server) changes nothing, is said once in a
    while in :attr:`notes`, and the server is asked where the match stands."""

    ACK_TIMEOUT = 10.0

    def __init__(self, link: Link, *, match: str, token: str, seat: int, state: dict, host: str = "",
                 port: int = 0, code: str | None = None, replay_folder=None):
        self.link = link
        self.match_id, self.token, self.seat = match, token, seat
        self.host, self.port, self.code = host, port, code
        from ..games import GAME_NAMES
        if state.get("game") not in GAME_NAMES:
            raise ValueError("not a game of this Cardhall")
        self.game = state["game"]
        self.pace = "daily" if state.get("pace") == "daily" else "live"
        names = state.get("names")
        if not isinstance(names, list) or len(names) != 2:
            names = ["Player 1", "Player 2"]
        self.names = [P.clean_name(n, f"Player {k + 1}") for k, n in enumerate(names)]
        self.record = SimpleNamespace(meta={"mode": "online", "names": self._seat_names(),
                                            "online": {"match": match, "seat": seat, "host": host,
                                                       "port": port}},
                                      decks=(), options=dict(state.get("options") or {}), result=None,
                                      actions=[])
        self.autosave = None
        self.save_error = None
        self.replay_path = None
        self.replay_folder = replay_folder  # where the finished match is kept (the server sends its record)
        self._record_taken = False
        self.pending: list[dict] = []      # updates received, not yet shown by the table
        self.notes: list[tuple[str, str]] = []   # (text, kind) for toasts
        self.received = 0                  # updates received (= the server's index we know)
        self.applied = 0                   # updates the table has shown
        self._actors: list[int] = []
        self._ids = itertools.count(1)
        self._match = None
        self.final: Result | None = None   # how the match ended (the server decides)
        self.final_why = None
        self.clock = None
        self.clock_at = time.monotonic()
        self.opponent = {"connected": True, "away": 0.0, "claim_after": None}
        self.opponent_at = time.monotonic()
        self.waiting = True
        self.resynced = False
        self._reconnects = 0
        self._pinged = time.monotonic()
        self.unreadable = 0                # messages from the server that could not be read
        self._unreadable_said = -1e9
        self.moved_from: str | None = None # the quick match we waited in, when paired into another
        self._frozen_at: float | None = None   # the clock is held from then (the server out of reach)
        self._resync(state)
        # what the log told of the last actions, when this program sits down again (the table
        # tells it before "Game resumed"); none on a new match or a reconnection
        self.history, self.history_from = _history(state)
        link.on_connect = self._on_connect
        if state.get("result") is not None:   # opened again after it ended
            self._take_record(state.get("record"))

    def _moved(self, m: dict) -> None:
        """Quick match paired us, while we waited, with a player waiting before us: we sit in
        their match now (the one we waited in is called off). Its ``state`` follows."""
        mid, seat, token = m.get("match"), _int(m.get("seat"), 0, 1), m.get("token")
        if not isinstance(mid, str) or not 0 < len(mid) <= 64 or not isinstance(token, str) \
                or not 0 < len(token) <= 128:
            raise ValueError("a match and a seat's token")
        self.moved_from = self.match_id
        self.match_id, self.seat, self.token, self.code = mid, seat, token, None
        self.record.meta["online"] = dict(self.record.meta["online"], match=mid, seat=seat)
        self.record.meta["names"] = self._seat_names()
        self.received = self.applied = 0
        self._actors = []
        self._match = None

    def _seat_names(self):
        """The names as this screen shows them: ours is "You"; a friend who chose "You" (or
        "you") is shown “You”, in quotes, so that the two never read alike."""
        n = list(self.names)
        n[self.seat] = "You"
        other = str(n[1 - self.seat])
        if other.strip().casefold() == "you":
            n[1 - self.seat] = f"\u201c{other.strip()}\u201d"
        return n

    # ------------------------------------------------------------ link
    def _on_connect(self):
        self._reconnects += 1
        return [{"t": "hello", "name": self.names[self.seat], "heartbeat": HEARTBEAT},
                {"t": "resume", "match": self.match_id, "token": self.token, "have": self.received}]

    @property
    def connected(self) -> bool:
        return self.link.connected

    def poll(self) -> int:
        """Take in whatever the server sent (call every frame): how many messages. Pings the
        server every half :data:`HEARTBEAT` from here, the program's frame loop: a program
        that freezes stops pinging, and the server shows its seat away."""
        now = time.monotonic()
        if self.link.connected and now - self._pinged >= HEARTBEAT / 2:
            self._pinged = now
            self.link.send({"t": "ping"})
        n = 0
        while True:
            try:
                m = self.link.inbox.get_nowait()
            except queue.Empty:
                return n
            self.handle(m)
            n += 1

    def handle(self, m: dict) -> None:
        """Take one message from the server (see the class doc: a message that cannot be
        read changes nothing)."""
        if not isinstance(m, dict):
            return
        try:
            self._handle(m)
        except _UNREADABLE as e:
            self._unreadable(e)

    def _unreadable(self, e) -> None:
        self.unreadable += 1
        now = time.monotonic()
        if now - self._unreadable_said >= 10.0:
            self._unreadable_said = now
            self.notes.append(("The server sent something this Cardhall cannot read: asking it where the "
                               "match stands.", "error"))
        try:
            self.link.send({"t": "resume", "match": self.match_id, "token": self.token, "have": self.received})
        except Exception:  # noqa: BLE001 - asked again at the next (re)connection anyway
            pass

    def _check_update(self, m: dict) -> dict:
        """An update as this client can use it: checked, its view and result read (kept
        in ``_view`` / ``_result``), or ValueError & co."""
        i = _int(m["index"], 1, _MAX_INDEX)
        act = _action(m["action"])
        actor = _int(m["actor"], 0, 1)
        ev = m["events"]
        if not isinstance(ev, list) or len(ev) > _MAX_EVENTS or not all(isinstance(e, list) for e in ev):
            raise ValueError("events are lists")
        to_move = m.get("to_move")
        if to_move is not None:
            _int(to_move, 0, 1)
        legal = m.get("legal") if to_move == self.seat else []
        if legal is None:
            legal = []
        if not isinstance(legal, list) or len(legal) > 100_000:
            raise ValueError("legal moves are a list")
        legal = [_action(a) for a in legal]
        view = net_view(self.game, m["view"], legal)
        out = dict(m, index=i, action=act, actor=actor, _view=view, _result=_result(m.get("result")))
        if "clock" in m:
            out["clock"] = _clock(m.get("clock"))
        return out

    def _handle(self, m: dict) -> None:
        t = m.get("t")
        if t == "_link":
            if not m["connected"]:
                self.notes.append(("Connection to the server lost: reconnecting…", "error"))
                if self._frozen_at is None:
                    self._frozen_at = time.monotonic()
            return
        if t == "joined" and m.get("moved_from") == self.match_id and self.waiting and self.final is None:
            self._moved(m)
            return
        if m.get("match") not in (None, self.match_id):
            return
        if t == "state":
            # everything read first; then taken (a message that can't be read changes nothing)
            names = m.get("names")
            if names is not None:
                if not isinstance(names, list) or len(names) != 2:
                    raise ValueError("two names")
                names = [P.clean_name(n, f"Player {k + 1}") for k, n in enumerate(names)]
            opponent = _presence(m["opponent"]) if m.get("opponent") is not None else None
            clock = _clock(m.get("clock"))
            final = _result(m.get("result"))
            view = None
            if m.get("view") is not None:
                i = _int(m["index"], 0, _MAX_INDEX)
                if i != self.received or self._match is None:
                    view = self._read_view(m)
            if names is not None:
                self.names = names
                self.record.meta["names"] = self._seat_names()
            if opponent is not None:
                self.opponent = opponent
            self.opponent_at = time.monotonic()
            self._set_clock(clock)
            if final is not None:
                self.final = final
            if view is not None:
                self._resync(m, view)
            self.waiting = bool(m.get("waiting"))
            if final is not None:
                self._take_record(m.get("record"))
        elif t == "update":
            i = _int(m["index"], 0, _MAX_INDEX)
            if i == self.received + 1:
                m = self._check_update(m)
                self.pending.append(m)
                self.received = i
                self._set_clock(m.get("clock"))
                self.waiting = False
                if m["_result"] is not None:
                    self._take_record(m.get("record"), m["_result"])
            elif i > self.received + 1:
                m = self._check_update(m)
                self._resync(m, m["_view"])
        elif t == "end":
            final = _result(m["result"])
            if final is None:
                raise ValueError("an end has a result")
            clock = _clock(m.get("clock"))
            self.final = final
            self.final_why = m.get("why") if isinstance(m.get("why"), str) else None
            self._set_clock(clock)
            self._take_record(m.get("record"))
        elif t == "presence":
            if m.get("seat") == 1 - self.seat:
                o = _presence(m, 1 - self.seat)
                was = self.opponent.get("connected")
                self.opponent = o
                self.opponent_at = time.monotonic()
                if was and not o["connected"]:
                    self.notes.append((f"{self._seat_names()[1 - self.seat]} lost the connection.", "info"))
                elif not was and o["connected"]:
                    self.notes.append((f"{self._seat_names()[1 - self.seat]} is back.", "info"))
        elif t == "timeout":
            seat = _int(m["seat"], 0, 1)
            n, limit = _int(m["timeouts"], 0, 1000), _int(m["limit"], 0, 1000)
            self._set_clock(_clock(m.get("clock")))
            who = self._seat_names()[seat]
            self.notes.append((f"{who} ran out of time ({n} of {limit}).", "error"))
        elif t == "error":
            self.notes.append((error_words(m), "error"))

    def _set_clock(self, c) -> None:
        if c is not None:
            self.clock = c
            self.clock_at = time.monotonic()
            self._frozen_at = None      # the server's word again: the clock runs from it

    def _read_view(self, m: dict):
        """The seat's view in ``m`` with the server's legal moves (ValueError & co. if it
        cannot be read)."""
        to_move = m.get("to_move")
        legal = m.get("legal") if to_move == self.seat else []
        if legal is None:
            legal = []
        if not isinstance(legal, list) or len(legal) > 100_000:
            raise ValueError("legal moves are a list")
        return net_view(self.game, m["view"], [_action(a) for a in legal])

    def _resync(self, m: dict, view=None) -> None:
        """Jump to the position in ``m`` (a state, or an update after a gap; ``view`` read
        from it already, else read here). ``resynced`` tells the table it jumped; the first
        position of all is no jump (a friend who has just joined was never out of step)."""
        if m.get("view") is None:
            self.pending.clear()
            self.waiting = bool(m.get("waiting", False))
            return
        i = _int(m["index"], 0, _MAX_INDEX)
        if view is None:
            view = self._read_view(m)
        clock = _clock(m.get("clock"))
        final = _result(m.get("result"))
        self.pending.clear()
        self.waiting = bool(m.get("waiting", False))
        jumped = self._match is not None
        self._match = view
        self.received = self.applied = i
        self._actors = (self._actors + [-1] * i)[:i]
        self._set_clock(clock)
        if final is not None:
            self.final = final
        self.resynced = jumped

    def _take(self, m: dict) -> list:
        view = m.get("_view")
        if view is None:            # (an update not checked on arrival: the answer to our own move)
            m = self._check_update(m)
            view = m["_view"]
        self._match = view
        self._actors.append(m["actor"])
        self.applied = m["index"]
        if m["_result"] is not None:
            self.final = m["_result"]
        return [tuple(e) for e in m["events"]]

    # ------------------------------------------------------------ the session face
    @property
    def match(self):
        return self._match

    @property
    def meta(self) -> dict:
        return self.record.meta

    @property
    def actions(self) -> list:
        return []

    def __len__(self) -> int:
        return self.applied

    def actor(self, i: int) -> int:
        return self._actors[i]

    def step(self, i: int):
        raise IndexError("an online match keeps its history on the server")

    def state_at(self, i: int):
        """The position before action ``i``: only the one shown now is here (the table's
        opening lines read it when nothing has been played yet); the history is on the server."""
        if i == self.applied and self._match is not None:
            return self._match
        raise IndexError("an online match keeps its history on the server")

    def can_undo(self, seat) -> bool:
        return False

    def can_redo(self) -> bool:
        return False

    def set_meta(self, key, value) -> None:
        self.record.meta[key] = value

    def _take_record(self, obj, final: Result | None = None) -> None:
        """The server's record of the finished match: read like any record file
        (validated, capped), replayed to check it ends as the server said, then
        kept in the replay library with our seat as "You" (once per match)."""
        final = final or self.final
        if obj is None or self._record_taken or final is None:
            return
        self._record_taken = True
        from ..core.files import FileProblem
        from ..core.record import MatchRecord
        from ..core.replays import check_record, list_replays, save_replay
        try:
            rec = MatchRecord.from_json(obj, game=self.game)
            chk = check_record(rec)
            ok = chk.ok and rec.result is not None and Result.from_json(rec.result) == final \
                and len(rec.actions) == self.received
        except (FileProblem, KeyError, TypeError, ValueError):
            ok = False
        if not ok:
            self.notes.append(("The server's record of this match did not check out: it was not kept "
                               "as a replay.", "error"))
            return
        rec.meta["names"] = self._seat_names()
        rec.meta["human"] = self.seat
        rec.meta["online"] = dict(self.record.meta.get("online") or {})
        self.record = rec            # the game-over screen's Review reads it
        if self.replay_folder is None:
            return
        try:
            for info in list_replays(self.replay_folder, game=self.game, set_aside_bad=False):
                if (info.record.meta.get("online") or {}).get("match") == self.match_id:
                    self.replay_path = info.path     # opened again after the end: kept already
                    return
            self.replay_path = save_replay(self.replay_folder, rec)
        except OSError as e:
            from ..core.files import write_problem
            self.notes.append((write_problem(e, self.replay_folder, "The match could not be kept as a replay"),
                               "error"))

    def next_remote(self) -> dict | None:
        """The next update from the server the table has not shown yet."""
        return self.pending[0] if self.pending else None

    def apply(self, action) -> list:
        """The next pending update if ``action`` is its action; else our move: send it
        and return its events once the server has stored it. :class:`IllegalAction`
        (with the server's reason) if refused; nothing changes then."""
        action = [int(x) for x in action]
        if self.pending:
            head = self.pending[0]
            if action == head["action"]:
                self.pending.pop(0)
                return self._take(head)
            raise IllegalAction("Wait a moment: the other player's move is still being shown.", tuple(action))
        if self.final is not None:
            raise IllegalAction("The match is over.", tuple(action))
        m = self._match
        if m is None or m.to_move() != self.seat:
            raise IllegalAction("It is not your decision.", tuple(action))
        if not self.link.connected:
            raise IllegalAction("Not connected to the server: reconnecting…", tuple(action))
        rid = f"a{next(self._ids)}"
        keep: list = []
        reply = request(self.link, {"t": "act", "match": self.match_id, "action": action,
                                    "index": self.received}, rid, self.ACK_TIMEOUT, keep)
        for k in keep:
            self.handle(k)
        if reply is None:
            raise IllegalAction("No answer from the server: if the move arrived it is shown when "
                                "the connection is back.", tuple(action))
        if reply.get("t") == "error":
            raise IllegalAction(reply.get("message") or "The server refused that.", tuple(action))
        if reply.get("t") != "update" or reply.get("index") != self.received + 1:
            self.handle(reply)
            raise IllegalAction("The match moved on; it is shown as it stands.", tuple(action))
        try:
            reply = self._check_update(reply)
        except _UNREADABLE as e:
            self._unreadable(e)
            raise IllegalAction("The server's answer could not be read: the match is shown as the server "
                                "has it once it answers.", tuple(action)) from None
        self.received = reply["index"]
        self._set_clock(reply.get("clock"))
        events = self._take(reply)
        if reply["_result"] is not None:     # our move ended it: the whole match came with it
            self._take_record(reply.get("record"), reply["_result"])
        return events

    def concede(self) -> bool:
        return self.link.send({"t": "concede", "match": self.match_id})

    def claim(self) -> bool:
        return self.link.send({"t": "claim", "match": self.match_id})

    def can_claim(self) -> bool:
        o = self.opponent
        after = o.get("claim_after")
        if after is None or o.get("connected", True) or self.final is not None:
            return False
        return self.opponent_away() >= after

    def opponent_away(self) -> float:
        """Seconds the opponent has been away from the table (0 while connected)."""
        o = self.opponent
        if o.get("connected", True):
            return 0.0
        return float(o.get("away", 0)) + (time.monotonic() - self.opponent_at)

    def clock_now(self):
        """The server's clock as of now (counted down locally between messages). While the
        server is out of reach, and until it next says where the clock stands, the clock is
        held at the moment the connection was lost (``"frozen": True``): counted down blind
        it would jump back when the server, which does not charge an outage of its own,
        answers again."""
        c = self.clock
        if c is None:
            return None
        c = dict(c, left=list(c["left"]), bank=list(c["bank"]))
        now = time.monotonic()
        if not self.link.connected and self._frozen_at is None:
            self._frozen_at = now
        if self._frozen_at is not None:
            now = self._frozen_at
            c["frozen"] = True
        p = c.get("mover")
        if p is not None and self.final is None:
            dt = max(0.0, now - self.clock_at)
            left = c["left"][p] - dt
            if left < 0:
                c["bank"][p] = max(0.0, c["bank"][p] + left)
                left = 0.0
            c["left"][p] = left
        return c

    def detach(self) -> None:
        """Leave the table for the menu: the match goes on, and the opponent is told this
        player left (not that the connection was lost)."""
        self.link.send({"t": "detach", "match": self.match_id})

    def close(self) -> None:
        self.link.close()


def plain_error(e: BaseException) -> str:
    """A network failure in words for the player ("nothing answers on that port"), not
    the system's "[Errno 111] Connection refused" nor a Python message ("'list' object
    has no attribute 'get'": a server's answer that could not be read)."""
    import errno as _errno
    if isinstance(e, NetError):
        return str(e)
    if isinstance(e, ConnectionRefusedError):
        return "nothing answers there"
    if isinstance(e, UnicodeError):
        return "that address is not valid"
    if isinstance(e, socket.gaierror):
        return "that address is not known on this network"
    if isinstance(e, (socket.timeout, TimeoutError)):
        return "no answer in time"
    if isinstance(e, (ConnectionResetError, ConnectionAbortedError, BrokenPipeError)):
        return "the connection was cut"
    if isinstance(e, OSError) and e.errno in (_errno.ENETUNREACH, _errno.EHOSTUNREACH):
        return "this computer cannot reach that address"
    if isinstance(e, OSError) and e.strerror:
        return e.strerror[:1].lower() + e.strerror[1:]
    if isinstance(e, OSError):
        return "the connection failed"
    if isinstance(e, ValueError) and "idna" in str(e):
        return "that address is not valid"
    return _UNREADABLE_ANSWER


class NetError(Exception):
    """The server could not be reached or refused (``str`` is a sentence for the player)."""


#: what this program tells the player for a server's refusal of these codes (its own words,
#: whatever a server of another version or make writes in ``message``)
ERROR_WORDS = {
    P.E_QUOTA: "This server already holds as many of your matches waiting for an opponent as it "
               "allows, or you made many just now: play or call one off, or try again in a few minutes.",
    P.E_UNKNOWN_MATCH: "This server no longer has that match: nobody joined it in time, so it was "
                       "removed (or it was made on another server).",
    P.E_ELSEWHERE: "You opened this match in another Cardhall window (or on another computer): it goes "
                   "on there. Open it again here to play it here.",
    P.E_DAMAGED: "The server cannot read its record of this match and has set it aside; your other "
                 "matches there go on. Whoever runs the server can look at it.",
    P.E_BUSY: "The server is too busy right now (too many connections from your network, or in all): "
              "try again in a minute.",
}


def error_words(m: dict, default: str = "The server refused that.") -> str:
    """The sentence a player reads for a server's ``error`` message ``m``."""
    from ..core.sanitize import clean_text
    words = ERROR_WORDS.get(m.get("code"))
    if words is not None:
        return words
    msg = m.get("message")
    return clean_text(msg, 300) if isinstance(msg, str) and msg.strip() else default


def _open(host: str, port: int, first: dict | None, name: str, *, timeout: float = 10.0,
          match: str | None = None, token: str | None = None, replay_folder=None) -> RemoteSession:
    link = Link(host, port)
    hello = {"t": "hello", "name": name, "heartbeat": HEARTBEAT}
    if first is None:
        first = {"t": "resume", "match": match, "token": token, "have": None}
    link.on_connect = lambda: [hello]
    link.start()
    if not link.wait_connected(timeout):
        link.close()
        raise NetError(f"No Cardhall server answers at {host}:{port} ({link.last_error or 'no answer'}).")
    keep: list = []
    # (a busy server refuses the connection and closes it: said at once, not after the timeout)
    r = request(link, first, "open", timeout, keep, refusals=(P.E_BUSY,))
    if r is None:
        link.close()
        refused = next((m for m in keep if m.get("t") == "error" and m.get("code") in ERROR_WORDS), None)
        raise NetError("The server did not answer." if refused is None else error_words(refused))
    if r.get("t") == "error":
        link.close()
        raise NetError(error_words(r, "The server refused."))
    try:
        return _opened(link, r, keep, token, host, port, timeout, replay_folder)
    except _UNREADABLE:
        link.close()
        raise NetError("That server's answer could not be read: is it a Cardhall server of this "
                       "version?") from None


def _opened(link, r, keep, token, host, port, timeout, replay_folder) -> RemoteSession:
    """The session from the server's first answer ``r`` (and what came with it)."""
    if not isinstance(r.get("match"), str) or len(r["match"]) > 64:
        raise ValueError("a match id")
    _int(r.get("seat"), 0, 1)
    if r.get("t") == "state":
        st, r = r, {"match": r["match"], "seat": r["seat"], "token": token}
    else:
        if not isinstance(r.get("token"), str) or len(r["token"]) > 128:
            raise ValueError("a seat's token")
        if r.get("code") is not None and (not isinstance(r["code"], str) or len(r["code"]) > 32):
            raise ValueError("a join code")
        st = None
        end = time.monotonic() + timeout
        while st is None:
            for i, m in enumerate(keep):
                if m.get("t") == "state" and m.get("match") == r["match"]:
                    st = m
                    del keep[:i + 1]
                    break
            if st is None:
                try:
                    keep.append(link.inbox.get(timeout=max(0.01, end - time.monotonic())))
                except queue.Empty:
                    link.close()
                    raise NetError("The server did not send the match.") from None
    s = RemoteSession(link, match=r["match"], token=r["token"], seat=r["seat"], state=st, host=host, port=port,
                      code=r.get("code"), replay_folder=replay_folder)
    for m in keep:
        s.handle(m)
    return s


def host_match(host, port, game: str, deck, name: str, pace: str = "live", options=None, **kw) -> RemoteSession:
    """Create a match on the server (seat 0): the session waits for the other player
    (``session.waiting``; ``session.code`` is the join code to pass on)."""
    return _open(host, port, {"t": "create", "game": game, "deck": deck.to_json(), "name": name, "pace": pace,
                              "options": options or {}}, name, **kw)


def join_match(host, port, code: str, deck, name: str, **kw) -> RemoteSession:
    """Join the match waiting for ``code`` (seat 1)."""
    return _open(host, port, {"t": "join", "code": code, "deck": deck.to_json(), "name": name}, name, **kw)


def resume_match(host, port, match: str, token: str, name: str, **kw) -> RemoteSession:
    """Sit down again at a match of ours (after quitting the app, or on another day)."""
    return _open(host, port, None, name, match=match, token=token, **kw)


_MAX_SKIPPED = 100           # other messages before the list's answer: more is not a Cardhall server
_UNREADABLE_ANSWER = "the server's answer could not be read (is it a Cardhall server of this version?)"


def _flag(x) -> bool:
    if not isinstance(x, bool):
        raise ValueError("true or false")
    return x


def list_entry(x, asked) -> dict | None:
    """One entry of a server's answer to ``list``, checked field by field as every other
    message is (see :class:`RemoteSession`): the entry as this client uses it, or
    ``{"match": id, "unreadable": True}`` when something in it cannot be read (the match is
    then shown as such — never taken as ended, never forgotten), or None when it is not
    about one of the matches ``asked`` for."""
    if not isinstance(x, dict):
        return None
    mid = x.get("match")
    if not isinstance(mid, str) or mid not in asked:
        return None
    from ..core.sanitize import clean_text
    try:
        if not _flag(x.get("known", True)):
            return {"match": mid, "known": False}
        names = x["names"]
        if not isinstance(names, list) or len(names) != 2 or not all(isinstance(n, str) for n in names):
            raise ValueError("names are two words")
        left, mover = x.get("time_left"), x.get("to_move")
        res = _result(x.get("result"))
        for key in ("game", "pace"):
            if not isinstance(x.get(key, ""), str) or len(x.get(key, "")) > 32:
                raise ValueError(f"{key} is a short word")
        return {"match": mid, "known": True, "seat": _int(x["seat"], 0, 1),
                "game": clean_text(x.get("game", ""), 32), "pace": clean_text(x.get("pace", ""), 32),
                "index": _int(x.get("index", 0), 0, _MAX_INDEX),
                "to_move": None if mover is None else _int(mover, 0, 1),
                "names": [clean_text(n, 40) for n in names], "waiting": _flag(x.get("waiting", False)),
                "turn": _int(x.get("turn", 0), 0, _MAX_INDEX), "your_move": _flag(x.get("your_move", False)),
                "opening": _flag(x.get("opening", False)),     # keeping or redrawing opening hands
                "time_left": None if left is None else _num(left, 0.0, 1e9),
                "result": None if res is None else res.to_json()}
    except _UNREADABLE:
        return {"match": mid, "unreadable": True}


def list_matches(host, port, entries, *, timeout: float = 5.0) -> list[dict]:
    """The server's summary of our matches ``[{"match", "token"}, ...]`` (whose move, time
    left), each entry checked (:func:`list_entry`). The whole exchange — connecting,
    asking, the answer — has ``timeout`` seconds: a server that sends a byte now and then,
    or lines of noise, gets "no answer in time" or "its answer could not be read", never a
    wait without end. Failures are :class:`NetError` (or ``OSError``: see
    :func:`plain_error`)."""
    entries = list(entries)[:P.MAX_LIST]
    asked = {e["match"] for e in entries}
    end = time.monotonic() + timeout
    with socket.create_connection((host, int(port)), timeout=timeout) as sock:
        sock.sendall(P.encode({"v": P.VERSION, "t": "list", "id": 1, "matches": entries}))
        buf, skipped = b"", 0
        while True:
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                try:
                    m = json.loads(line)
                except (ValueError, RecursionError):
                    raise NetError(_UNREADABLE_ANSWER) from None
                if not isinstance(m, dict):     # every message of a Cardhall server is an object
                    raise NetError(_UNREADABLE_ANSWER)
                if m.get("re") != 1:
                    skipped += 1
                    if skipped > _MAX_SKIPPED:
                        raise NetError(_UNREADABLE_ANSWER)
                    continue
                if m.get("t") == "error":
                    if m.get("code") in ERROR_WORDS:
                        raise NetError(error_words(m))
                    from ..core.sanitize import clean_text
                    msg = m.get("message")
                    raise NetError("the server refused" + (f": {clean_text(msg, 200)}" if isinstance(msg, str)
                                                           and msg.strip() else ""))
                items = m.get("matches")
                if not isinstance(items, list) or len(items) > P.MAX_LIST:
                    raise NetError(_UNREADABLE_ANSWER)
                out, seen = [], set()
                for x in items:
                    e = list_entry(x, asked)
                    if e is not None and e["match"] not in seen:
                        seen.add(e["match"])
                        out.append(e)
                return out
            if len(buf) > 4 * P.MAX_LINE:
                raise NetError(_UNREADABLE_ANSWER)
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError("no answer in time")
            sock.settimeout(left)
            chunk = sock.recv(65536)
            if not chunk:
                raise NetError("the server closed the connection without answering")
            buf += chunk


def drive(sessions, rng, *, pick=None) -> bool:
    """One step of headless players on :class:`RemoteSession` s, the way a table
    drives them: show the next pending update, else make a move when it is ours.
    Returns True if anything happened."""
    did = False
    for s in sessions:
        s.poll()
    for s in sessions:
        if s.pending:
            s.apply(s.pending[0]["action"])
            did = True
        elif s.final is None and not s.waiting and s.match is not None and s.match.to_move() == s.seat \
                and s.connected:
            legal = s.match.legal_actions()
            if not legal:
                continue
            a = pick(s, legal) if pick else legal[rng.randrange(len(legal))]
            try:
                s.apply(a)
                did = True
            except IllegalAction:
                pass
    return did
