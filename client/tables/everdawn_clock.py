"""The optional Everdawn turn clock (our table's choice, see the rules page):
2 minutes a turn plus a 5-minute bank per player. Time runs only while that
player has a decision to make; the turn's 2 minutes are spent first, then the
bank. Running out is a timeout: the turn ends. The third timeout forfeits.

Pure bookkeeping (no pygame), so tests can drive it directly::

    c = TurnClock()
    c.start_turn(5)                     # a new turn: everyone's 2 minutes are back
    c.tick(0, 1 / 60) -> None | "timeout" | "forfeit"
"""
from __future__ import annotations

TURN_SECONDS = 120.0
BANK_SECONDS = 300.0
TIMEOUTS_TO_FORFEIT = 3


class TurnClock:
    def __init__(self, turn_seconds=TURN_SECONDS, bank_seconds=BANK_SECONDS, timeouts=(0, 0), bank=None):
        self.turn_seconds = float(turn_seconds)
        self.turn_left = [self.turn_seconds, self.turn_seconds]
        self.bank = [float(bank_seconds), float(bank_seconds)] if bank is None else [float(x) for x in bank]
        self.timeouts = [int(timeouts[0]), int(timeouts[1])]
        self.turn = None
        self.expired = [False, False]   # already timed out this turn (the turn is being ended)

    def start_turn(self, turn: int) -> None:
        """Call every frame with the match's turn number; resets the per-turn time when it changes."""
        if turn != self.turn:
            self.turn = turn
            self.turn_left = [self.turn_seconds, self.turn_seconds]
            self.expired = [False, False]

    def left(self, seat: int) -> tuple[float, float]:
        """(seconds left of this turn's allowance, seconds left in the bank)."""
        return self.turn_left[seat], self.bank[seat]

    def in_bank(self, seat: int) -> bool:
        return self.turn_left[seat] <= 0

    def tick(self, seat: int, dt: float):
        """Spend ``dt`` seconds of ``seat``'s time; returns None, "timeout" or "forfeit"."""
        if self.expired[seat]:
            return None
        if self.turn_left[seat] > 0:
            self.turn_left[seat] -= dt
            if self.turn_left[seat] > 0:
                return None
            dt = -self.turn_left[seat]
            self.turn_left[seat] = 0.0
        self.bank[seat] -= dt
        if self.bank[seat] > 0:
            return None
        self.bank[seat] = 0.0
        self.expired[seat] = True
        self.timeouts[seat] += 1
        return "forfeit" if self.timeouts[seat] >= TIMEOUTS_TO_FORFEIT else "timeout"

    def to_json(self) -> dict:
        return {"timeouts": list(self.timeouts), "bank": [round(x, 1) for x in self.bank]}

    @classmethod
    def from_json(cls, obj) -> "TurnClock":
        try:
            t = obj.get("timeouts", (0, 0))
            b = obj.get("bank")
            return cls(timeouts=(int(t[0]), int(t[1])),
                       bank=None if b is None else (max(0.0, min(BANK_SECONDS, float(b[0]))),
                                                     max(0.0, min(BANK_SECONDS, float(b[1])))))
        except (AttributeError, TypeError, ValueError, IndexError):
            return cls()
