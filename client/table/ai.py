"""Who plays the seats no one at the screen plays: the table's driver.

:class:`client.table.scene.TableScene` holds one driver (``table.driver``, made by
:meth:`~client.table.scene.TableScene.make_driver`) and calls it every frame. The
:class:`Driver` protocol is all the table asks of it; :class:`AIDriver`, the one
used at a local table, thinks for the AI's seats in the background (one agent per
seat, seeded from the match) and runs the optional turn clock of the human seats.
A table played over the network puts in a driver whose moves come from the server.
"""
from __future__ import annotations

from typing import Protocol

from engine.core.match import End

#: the thinking sign's spinner: frames per second (only its rectangle is redrawn)
THINKING_FPS = 24


class Driver(Protocol):
    """What the table calls on its driver."""

    def drive(self) -> None:
        """Once a frame (not in replays): start or collect the other side's decision
        and play it through ``table.perform(action, by_ai=True)``."""

    def cancel(self) -> None:
        """Drop a decision being thought about (leaving, the game ending, undo)."""

    def busy(self) -> bool:
        """The table must wait for the driver (a decision on its way): no input now."""

    def thinking(self) -> int | None:
        """The seat whose decision is being thought about (the table shows the
        "<name> is thinking…" sign), else None."""

    def wake_in(self) -> float | None:
        """Seconds until the driver has something new to show (the thinking sign's next
        frame, the clock's next second), None: nothing."""

    def tick(self, dt: float) -> None:
        """Once a frame (not in replays), ``dt`` seconds on: run the turn clock."""

    def clock_text(self) -> tuple[str, bool] | None:
        """The turn clock in the top bar ``(text, urgent)``, or None without a clock."""

    def reset(self) -> None:
        """The match jumped (undo, redo, replay seek): think afresh from the position
        now shown (the same position gets the same reply), the clock's turn re-read."""


class AIDriver:
    """The AI's seats, thought about in the background, and the human seats' turn clock
    (:meth:`~client.table.scene.TableScene.clock_spec`)."""

    def __init__(self, table):
        self.table = table
        self.agents: dict = {}     # seat -> engine.ai agent, made when first needed
        self.job = None            # engine.ai.background.Decision being thought about
        #: the turn clock's state {"key", "left", "bank", "timeouts"} once it runs
        #: (tables read it), None without one
        self.clock: dict | None = None

    # ================================================================ AI
    def agent_for(self, seat):
        a = self.agents.get(seat)
        if a is None:
            from engine.ai import make_agent
            t = self.table
            meta = t.session.meta
            ai = meta.get("ai")
            base = meta.get("ai_seed", ai.get("seed") if isinstance(ai, dict) else None)
            seed = int(base if isinstance(base, int) else t.session.record.seed) + seat
            level = t.ai_level if t.mode != "watch" else t.session.meta.get("ai", t.ai_level)
            if isinstance(level, dict):
                level = level.get("level", t.ai_level)
            a = self.agents[seat] = make_agent(level, seed)
        return a

    def cancel(self):
        self.table.hints.cancel()
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def busy(self) -> bool:
        return self.job is not None

    def thinking(self) -> int | None:
        return self.job.player if self.job is not None else None

    def reset(self):
        self.agents = {}
        if self.clock is not None:
            self.clock["key"] = None

    def drive(self):
        t = self.table
        if t.mode == "replay":
            return
        m = t.match
        p = m.to_move()
        if self.job is not None:
            if self.job.done():
                job, self.job = self.job, None
                try:
                    action = job.result()
                except Exception as e:  # noqa: BLE001 - show, don't crash
                    t.app.toast(f"The AI failed: {e}", "error", 6)
                    return
                if action is not None and m.to_move() == job.player:
                    t.perform(action, by_ai=True)
            return
        if p is None or m.result() is not None or p in t.human_seats or t.anims.busy:
            return
        if t.kwargs.get("_paused_ai"):
            return
        from engine.ai.background import think
        self.job = think(self.agent_for(p), m)
        t.still()

    # ================================================================ turn clock
    def tick(self, dt):
        t = self.table
        spec = t.clock_spec()
        if spec is None or t.mode in ("watch", "replay") or t.result() is not None:
            return
        per_turn, bank, limit = spec
        c = self.clock
        if c is None:
            saved = t.session.meta.get("clock") or {}
            banks = saved.get("bank") if isinstance(saved.get("bank"), list) else [bank, bank]
            outs = saved.get("timeouts") if isinstance(saved.get("timeouts"), list) else [0, 0]
            c = self.clock = {"key": None, "left": [per_turn, per_turn], "bank": [float(x) for x in banks][:2],
                              "timeouts": [int(x) for x in outs][:2]}
        m = t.match
        key = (m.turn(), m.turn_player())
        if key != c["key"]:
            if c["key"] is not None and t.mode != "watch":
                try:
                    t.session.set_meta("clock", {"bank": [round(x, 1) for x in c["bank"]],
                                                 "timeouts": c["timeouts"]})
                except Exception:  # noqa: BLE001 - saving the clock is best effort
                    pass
            c["key"] = key
            c["left"] = [per_turn, per_turn]
        p = m.to_move()
        if p is None or p not in t.human_seats or t.handoff.pending or t.anims.busy:
            return
        if c["left"][p] > 0:
            c["left"][p] = max(0.0, c["left"][p] - dt)
            return
        if c["bank"][p] > 0:
            c["bank"][p] = max(0.0, c["bank"][p] - dt)
            return
        c["timeouts"][p] += 1
        c["left"][p] = per_turn
        if c["timeouts"][p] >= limit:
            t.end_match(1 - p, (End.TIMEOUT, {"times": limit}), forfeit_by=p)
            return
        t.app.toast(f"{t.names[p]} ran out of time ({c['timeouts'][p]} of {limit}).", "error", 4)
        t.on_timeout(p)

    def clock_text(self):
        t = self.table
        c = self.clock
        spec = t.clock_spec()
        if c is None or spec is None:
            return None
        p = t.match.to_move()
        if p is None or p not in t.human_seats:
            return None

        def mmss(x):
            x = int(x + 0.999)
            return f"{x // 60}:{x % 60:02d}"
        return (f"{mmss(c['left'][p])} · bank {mmss(c['bank'][p])} · timeouts {c['timeouts'][p]}/{spec[2]}",
                c["left"][p] <= 0 and c["bank"][p] < 30)

    def wake_in(self):
        best = 1 / THINKING_FPS if self.job is not None else None
        c = self.clock
        if c is not None and self.clock_text() is not None:
            p = self.table.match.to_move()
            x = c["left"][p] if c["left"][p] > 0 else c["bank"][p]
            if x > 0:  # until the shown second changes
                w = max(0.01, x - (int(x + 0.999) - 1) - 0.0009)
                best = w if best is None else min(best, w)
        return best
