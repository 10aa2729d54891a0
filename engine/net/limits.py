"""The server's fair limits: what one client may do, counted so that nobody else pays.

Every number is in :class:`Limits` (a server may be started with others; the
tests use small ones). The principles:

* **A right answer is never refused.** A join code or a seat token is checked
  first; limits only decide what happens after a *wrong* one. Wrong join codes
  are counted per connection (the 5th closes it) and per address (over its
  budget every further wrong code closes the connection at once, so a guesser
  must reconnect for each try, under the address's connection cap) — a player
  behind the same address who types the right code joins at once. Wrong seat
  tokens are counted per connection and per match (the "code" they try): past
  the match's budget a wrong token closes the connection at once; the right
  token still opens the seat.
* **Nothing is kept for nothing.** A connection that says nothing is closed
  (:attr:`Limits.idle_fresh` before its first message, :attr:`Limits.idle` once
  it is not seated at any match, :attr:`Limits.idle_seated` while seated — or
  three heartbeats when its program announced one); half a message is
  closed after :attr:`Limits.half_message` seconds; a match nobody joins expires
  (:attr:`Limits.waiting_live` / :attr:`Limits.waiting_daily`) and is deleted from
  the database.
* **Quotas per client**: connections per address, waiting matches per
  connection and per address, matches created per address per window.
* **Expensive requests are paced per seat**: a resume replays the match, so each
  seat has a small token bucket of resumes (a connection that keeps asking past it
  is closed), and a seat is open on at most :attr:`Limits.conns_per_seat`
  connections (a new one makes the oldest let go).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from . import protocol as P


@dataclass
class Limits:
    # wrong codes and tokens
    bad_codes_per_conn: int = P.BAD_CODES_PER_CONN         # wrong join codes on one connection: then it is closed
    bad_codes_per_peer: int = 30         # per address per window: past it, each wrong code closes at once
    bad_tokens_per_conn: int = 5         # wrong seat tokens on one connection
    bad_tokens_per_match: int = 20       # per match per window: past it, each wrong token closes at once
    window: float = 600.0                # the counting window of the budgets above (seconds)
    # connections
    conns_per_peer: int = 32             # open connections from one address
    conns_total: int = 20000             # open connections in all
    idle_fresh: float = 30.0             # seconds to send a first message
    idle: float = 600.0                  # seconds of silence allowed to a connection seated nowhere (a lobby)
    idle_seated: float = 6 * 3600.0      # ... seated at a match (a seat key is needed: a daily table stays open)
    heartbeat_min: float = 5.0           # a program may announce pings every 5-60 s; silent for
    heartbeat_max: float = 60.0          # 3 heartbeats + 5 s, it is closed (and its seat away)
    half_message: float = 15.0           # seconds to finish a line once it has begun
    # matches
    waiting_per_conn: int = 5            # matches waiting for an opponent, created on one connection
    waiting_per_peer: int = 40           # ... from one address
    creates_per_peer: int = 60           # matches created from one address per window
    waiting_live: float = 1800.0         # a live match nobody joins expires after 30 minutes
    waiting_daily: float = 7 * 86400.0   # a daily one after 7 days
    # expensive requests
    resume_rate: float = 1.0             # resumes per second per seat ...
    resume_burst: int = 6                # ... with this many at once
    fetch_rate: float = 20.0             # finished matches read from the database, per second per connection
    keep_finished: float = 600.0         # a finished match nobody is at leaves memory after 10 minutes
    paced_per_conn: int = 20             # resumes refused for coming too often: then the connection is closed
    conns_per_seat: int = 4              # a seat open on more connections closes its oldest


class Window:
    """Events in the last ``span`` seconds (timestamps, oldest first)."""

    __slots__ = ("span", "times")

    def __init__(self, span: float):
        self.span = span
        self.times: deque = deque()

    def count(self, now: float) -> int:
        t = self.times
        while t and (now - t[0] >= self.span or t[0] > now):
            t.popleft()
        return len(t)

    def add(self, now: float) -> int:
        n = self.count(now)
        self.times.append(now)
        return n + 1


class Bucket:
    """A token bucket: ``rate`` a second, at most ``burst`` saved up."""

    __slots__ = ("rate", "burst", "tokens", "t")

    def __init__(self, rate: float, burst: float, now: float):
        self.rate, self.burst, self.tokens, self.t = rate, float(burst), float(burst), now

    def take(self, now: float) -> bool:
        if now > self.t:
            self.tokens = min(self.burst, self.tokens + (now - self.t) * self.rate)
        self.t = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class PeerCounts:
    """Per-address windows, forgotten when empty (the table cannot grow without bound)."""

    def __init__(self, span: float):
        self.span = span
        self.w: dict[str, Window] = {}

    def count(self, key: str, now: float) -> int:
        w = self.w.get(key)
        if w is None:
            return 0
        n = w.count(now)
        if n == 0:
            del self.w[key]
        return n

    def add(self, key: str, now: float) -> int:
        w = self.w.get(key)
        if w is None:
            w = self.w[key] = Window(self.span)
        return w.add(now)

    def sweep(self, now: float) -> None:
        for k in [k for k, w in self.w.items() if w.count(now) == 0]:
            del self.w[k]
