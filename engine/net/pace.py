"""Online clocks, enforced by the server (the Everdawn rulings' online pace).

* **live**: every turn each player has 2 minutes for their decisions in it (the
  allowance starts afresh when a new turn begins), then a 5-minute bank that
  lasts the whole match. Running out of both is a timeout, and a timeout ends
  the turn: the server makes the rest of that player's decisions in it through
  the game's ``timeout_action`` (keep, decline, end the turn); the bank is gone;
  the third timeout forfeits the match.
* **daily**: 24 hours per move (a move = the decisions one player makes before
  the other must decide); a missed deadline is counted and a new 24 hours
  begin; the second miss forfeits.

Time is always charged to the player to move. The clock is plain data
(:meth:`Clock.to_json`) saved with every action, so a restarted server resumes
it exactly (the server also writes a heartbeat: time while it was down is not
charged to anyone). ``now`` is passed in by the caller: tests inject a clock.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pace:
    name: str
    allowance: float      # seconds per turn (live) / per move (daily)
    bank: float           # reserve for the whole match
    limit: int            # this many timeouts forfeit
    per: str              # "turn" or "move": when the allowance starts afresh
    away: float | None    # seconds away from the table before the opponent may claim the win


LIVE = Pace("live", 120.0, 300.0, 3, "turn", 120.0)
DAILY = Pace("daily", 86400.0, 0.0, 2, "move", None)
PACES = {"live": LIVE, "daily": DAILY}


class Clock:
    """Both players' time in one match."""

    __slots__ = ("pace", "left", "bank", "timeouts", "key", "mover", "since", "auto")

    def __init__(self, pace: Pace, now: float):
        self.pace = pace
        self.left = [pace.allowance, pace.allowance]
        self.bank = [pace.bank, pace.bank]
        self.timeouts = [0, 0]
        self.key = None       # what the allowance belongs to: (turn, turn player) or the mover
        self.mover = None     # who the clock is running for
        self.since = now      # when it started running for them
        self.auto = None      # [seat, turn, turn player]: a live timeout ended that seat's turn

    # ------------------------------------------------------------ running
    def _key(self, m):
        if self.pace.per == "turn":
            return [m.turn(), m.turn_player()]
        return [m.to_move()]

    def charge(self, now: float) -> None:
        """Charge the time since ``since`` to the mover (allowance first, then bank)."""
        p = self.mover
        dt = max(0.0, now - self.since)
        self.since = max(self.since, now)
        if p is None or dt <= 0:
            return
        use = min(dt, self.left[p])
        self.left[p] -= use
        dt -= use
        if dt > 0:
            self.bank[p] = max(0.0, self.bank[p] - dt)

    def start(self, m, now: float) -> None:
        """The match ``m`` is now at a new decision: charge the last one, start the next."""
        self.charge(now)
        key = self._key(m)
        if key != self.key:
            self.key = key
            self.left = [self.pace.allowance, self.pace.allowance]
        self.mover = m.to_move() if m.result() is None else None
        self.since = now

    def stop(self, now: float) -> None:
        self.charge(now)
        self.mover = None

    def deadline(self) -> float | None:
        """When the mover runs out of time (absolute), or None if no clock is running
        (:meth:`engine.net.hall.Hall.tick` reads the same sum inline)."""
        p = self.mover
        if p is None:
            return None
        return self.since + self.left[p] + self.bank[p]

    def remaining(self, now: float) -> tuple[float, float] | None:
        """``(allowance left, bank left)`` of the mover at ``now``."""
        p = self.mover
        if p is None:
            return None
        dt = max(0.0, now - self.since)
        left = self.left[p] - dt
        if left >= 0:
            return left, self.bank[p]
        return 0.0, max(0.0, self.bank[p] + left)

    def timeout(self) -> tuple[int, bool]:
        """The mover has run out (call at :meth:`deadline`): count it, give a fresh
        allowance. Returns ``(seat, forfeits)``."""
        p = self.mover
        end = self.deadline()
        self.timeouts[p] += 1
        self.left[p] = self.pace.allowance
        self.bank[p] = 0.0
        self.since = end
        return p, self.timeouts[p] >= self.pace.limit

    def copy(self) -> "Clock":
        c = Clock.__new__(Clock)
        c.pace, c.left, c.bank, c.timeouts = self.pace, self.left[:], self.bank[:], self.timeouts[:]
        c.key = None if self.key is None else list(self.key)
        c.mover, c.since = self.mover, self.since
        c.auto = None if self.auto is None else list(self.auto)
        return c

    # ------------------------------------------------------------ data
    def to_json(self) -> dict:
        return {"pace": self.pace.name, "left": [round(x, 3) for x in self.left],
                "bank": [round(x, 3) for x in self.bank], "timeouts": list(self.timeouts),
                "key": self.key, "mover": self.mover, "since": self.since, "auto": self.auto}

    @classmethod
    def from_json(cls, obj: dict, now: float) -> "Clock":
        c = cls(PACES[obj.get("pace", "live")], now)
        c.left = [float(x) for x in obj["left"]][:2]
        c.bank = [float(x) for x in obj["bank"]][:2]
        c.timeouts = [int(x) for x in obj["timeouts"]][:2]
        c.key = obj.get("key")
        c.mover = obj.get("mover")
        c.since = float(obj.get("since", now))
        auto = obj.get("auto")
        c.auto = [int(x) for x in auto][:3] if isinstance(auto, list) and len(auto) == 3 else None
        return c

    def public(self, now: float) -> dict:
        """What players are shown: each player's allowance and bank now, timeouts,
        the limit and who the clock runs for."""
        left, bank = list(self.left), list(self.bank)
        r = self.remaining(now)
        if r is not None:
            left[self.mover], bank[self.mover] = r
        return {"pace": self.pace.name, "mover": self.mover, "left": [round(x, 1) for x in left],
                "bank": [round(x, 1) for x in bank], "timeouts": list(self.timeouts),
                "limit": self.pace.limit, "allowance": self.pace.allowance}

