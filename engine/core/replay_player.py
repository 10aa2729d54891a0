"""Watching a finished match: the replay viewer's model, :class:`ReplayPlayer`."""
from __future__ import annotations

from .match import Result
from .record import MatchRecord
from .session import MatchSession


class ReplayPlayer:
    """The replay viewer's model (no drawing): play/pause, step, jump to turn,
    speed, and what is shown — one seat's view (hidden cards stay hidden) or
    everything (``reveal``).

        p = ReplayPlayer(load_replay(path), perspective=0)
        p.play(); events = p.tick(dt)     # each frame; events of the steps taken
        p.state()                         # the match to draw (masked unless reveal)
        p.step(); p.back(); p.jump_to_turn(5); p.set_speed(2.0); p.reveal = True
    """

    SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
    SECONDS_PER_ACTION = 0.8  # at speed 1

    def __init__(self, record: MatchRecord, *, perspective: int = 0, reveal: bool = False):
        self.session = MatchSession.from_record(record)
        self.perspective = perspective
        self.reveal = reveal
        self.speed = 1.0
        self.playing = False
        self.index = 0
        self.events: list = []   # events of the last step forward
        self.last_action = None  # the action of that step
        self._full = self.session.state_at(0)
        self._acc = 0.0

    # ------------------------------------------------------------ reading
    @property
    def length(self) -> int:
        """Number of actions (the last state index)."""
        return len(self.session)

    @property
    def at_end(self) -> bool:
        return self.index >= self.length

    def turn(self) -> int:
        return self.session.turn_at(self.index)

    def last_turn(self) -> int:
        return self.session.turn_at(self.length)

    def full_state(self):
        """The whole state at the current index (do not mutate)."""
        return self._full

    def state(self):
        """What to draw: the whole state with ``reveal``, else ``perspective``'s view."""
        return self._full if self.reveal else self._full.view(self.perspective)

    def result(self) -> Result | None:
        r = self.session.record.result
        return None if r is None else Result.from_json(r)

    # ------------------------------------------------------------ moving
    def seek(self, i: int) -> None:
        i = max(0, min(self.length, int(i)))
        if i == self.index + 1:
            self.step()
            return
        self.index = i
        self._full = self.session.state_at(i)
        self.events, self.last_action = [], None

    def step(self) -> list:
        """One action forward; its events (empty at the end)."""
        if self.at_end:
            self.playing = False
            return []
        a = self.session.actions[self.index]
        self.events = self._full.apply(a, check=False)
        self.last_action = a
        self.index += 1
        if self.at_end:
            self.playing = False
        return self.events

    def back(self) -> None:
        self.seek(self.index - 1)

    def jump_to_turn(self, n: int) -> None:
        self.seek(self.session.action_index_of_turn(n))

    def next_turn(self) -> None:
        self.jump_to_turn(self.turn() + 1)

    def prev_turn(self) -> None:
        """To the start of this turn, or of the previous one if already there."""
        start = self.session.action_index_of_turn(self.turn())
        self.seek(start if start < self.index else self.session.action_index_of_turn(self.turn() - 1))

    # ------------------------------------------------------------ playing
    def play(self) -> None:
        if self.at_end:
            self.seek(0)
        self.playing = True
        self._acc = 0.0

    def pause(self) -> None:
        self.playing = False

    def toggle(self) -> None:
        self.pause() if self.playing else self.play()

    def set_speed(self, speed: float) -> None:
        self.speed = max(self.SPEEDS[0], min(self.SPEEDS[-1], float(speed)))

    def faster(self) -> None:
        self.set_speed(next((s for s in self.SPEEDS if s > self.speed), self.SPEEDS[-1]))

    def slower(self) -> None:
        self.set_speed(next((s for s in reversed(self.SPEEDS) if s < self.speed), self.SPEEDS[0]))

    def tick(self, dt: float) -> list:
        """Advance the clock by ``dt`` seconds while playing; returns the events
        of every step taken (in order)."""
        if not self.playing:
            return []
        self._acc += max(0.0, dt) * self.speed
        out = []
        while self.playing and self._acc >= self.SECONDS_PER_ACTION:
            self._acc -= self.SECONDS_PER_ACTION
            out.extend(self.step())
        return out
