"""Shared helpers of the online-play tests (loopback only, bounded loops)."""
from __future__ import annotations

import json
import random

from engine.core.harness import starter_pair
from engine.net import protocol as P
from engine.net.hall import Conn, Hall
from engine.net.storage import SqliteStorage

GAMES = ("everdawn", "evons", "essveil")


class FakeClock:
    def __init__(self, t: float = 1_000_000.0):
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, dt: float) -> None:
        self.t += dt


class FakeConn(Conn):
    """A connection that keeps what the hall sends it."""

    def __init__(self, peer="10.0.0.1"):
        super().__init__(peer)
        self.out: list[dict] = []

    def send_bytes(self, data: bytes) -> None:
        if not self.closed:
            self.out.append(json.loads(data))

    def last(self, t=None):
        for m in reversed(self.out):
            if t is None or m.get("t") == t:
                return m
        return None

    def take(self):
        out, self.out = self.out, []
        return out


def send(hall: Hall, conn: FakeConn, **msg):
    msg.setdefault("v", P.VERSION)
    n = len(conn.out)
    hall.handle(conn, P.encode(msg))
    return conn.out[n:]


def new_hall(path, clock=None) -> Hall:
    kw = {"now": clock} if clock is not None else {}
    return Hall(SqliteStorage(str(path), synchronous="NORMAL"), **kw)


def open_pair(hall: Hall, game: str, seed: int = 1, pace: str = "live"):
    """Host and joiner seated in a new match: ``(match id, host conn, joiner conn, tokens)``."""
    decks = starter_pair(game, seed)
    a, b = FakeConn("10.0.0.1"), FakeConn("10.0.0.2")
    r = send(hall, a, t="create", game=game, deck=decks[0].to_json(), name="Ann", pace=pace)
    created = r[0]
    assert created["t"] == "created", r
    r2 = send(hall, b, t="join", code=created["code"], deck=decks[1].to_json(), name="Bo")
    assert r2[0]["t"] == "joined", r2
    return created["match"], a, b, (created["token"], r2[0]["token"])


def play_random(hall: Hall, mid: str, conns, seed: int, n: int | None = None) -> int:
    """Random legal moves from the right seat (``n`` of them, or to the end)."""
    rng = random.Random(seed)
    t = hall.tables[mid]
    done = 0
    while t.result is None and (n is None or done < n) and done < 5000:
        p = t.match.to_move()
        a = rng.choice(t.match.legal_actions())
        out = send(hall, conns[p], t="act", match=mid, action=list(a), index=len(t.actions))
        assert out and out[-1]["t"] == "update", out
        done += 1
    return done
