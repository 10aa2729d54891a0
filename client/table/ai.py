"""The AI seats and the turn clock of :class:`client.table.scene.TableScene`."""
from __future__ import annotations

from engine.core.match import End


class AIMixin:
    """Driving the AI in the background and the turn clock (mixed into TableScene)."""

    # ================================================================ AI
    def agent_for(self, seat):
        a = self.agents.get(seat)
        if a is None:
            from engine.ai import make_agent
            meta = self.session.meta
            ai = meta.get("ai")
            base = meta.get("ai_seed", ai.get("seed") if isinstance(ai, dict) else None)
            seed = int(base if isinstance(base, int) else self.session.record.seed) + seat
            level = self.ai_level if self.mode != "watch" else self.session.meta.get("ai", self.ai_level)
            if isinstance(level, dict):
                level = level.get("level", self.ai_level)
            a = self.agents[seat] = make_agent(level, seed)
        return a

    def cancel_ai(self):
        self.hints.cancel()
        if self.ai_job is not None:
            self.ai_job.cancel()
            self.ai_job = None

    def _drive_ai(self):
        if self.mode == "replay":
            return
        m = self.match
        p = m.to_move()
        if self.ai_job is not None:
            if self.ai_job.done():
                job, self.ai_job = self.ai_job, None
                try:
                    action = job.result()
                except Exception as e:  # noqa: BLE001 - show, don't crash
                    self.app.toast(f"The AI failed: {e}", "error", 6)
                    return
                if action is not None and m.to_move() == job.player:
                    self.perform(action, by_ai=True)
            return
        if p is None or m.result() is not None or p in self.human_seats or self.anims.busy:
            return
        if self.kwargs.get("_paused_ai"):
            return
        from engine.ai.background import think
        self.ai_job = think(self.agent_for(p), m)

    # ================================================================ turn clock
    def clock_spec(self):
        """``(seconds per turn, bank seconds, timeouts that forfeit)`` to run a turn
        clock for the human seats, or None (default). Everdawn returns
        ``(120, 300, 3)`` when ``self.app.settings.everdawn_turn_clock`` is on."""
        return None

    def on_timeout(self, seat):
        """``seat`` ran out of turn time and bank: end its turn (override with the
        game's end-turn action). The clock then gives it a fresh turn allowance."""

    def _tick_clock(self, dt):
        spec = self.clock_spec()
        if spec is None or self.mode in ("watch", "replay") or self.result() is not None:
            return
        per_turn, bank, limit = spec
        c = getattr(self, "clock", None)  # state: {"key", "left", "bank", "timeouts"} (tables read it)
        if c is None:
            saved = self.session.meta.get("clock") or {}
            banks = saved.get("bank") if isinstance(saved.get("bank"), list) else [bank, bank]
            outs = saved.get("timeouts") if isinstance(saved.get("timeouts"), list) else [0, 0]
            c = self.clock = {"key": None, "left": [per_turn, per_turn], "bank": [float(x) for x in banks][:2],
                              "timeouts": [int(x) for x in outs][:2]}
        m = self.match
        key = (m.turn(), m.turn_player())
        if key != c["key"]:
            if c["key"] is not None and self.mode != "watch":
                try:
                    self.session.set_meta("clock", {"bank": [round(x, 1) for x in c["bank"]],
                                                    "timeouts": c["timeouts"]})
                except Exception:  # noqa: BLE001 - saving the clock is best effort
                    pass
            c["key"] = key
            c["left"] = [per_turn, per_turn]
        p = m.to_move()
        if p is None or p not in self.human_seats or self.handoff_pending or self.anims.busy:
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
            self.end_match(1 - p, (End.TIMEOUT, {"times": limit}), forfeit_by=p)
            return
        self.app.toast(f"{self.names[p]} ran out of time ({c['timeouts'][p]} of {limit}).", "error", 4)
        self.on_timeout(p)

    def clock_text(self):
        c = getattr(self, "clock", None)
        spec = self.clock_spec()
        if c is None or spec is None:
            return None
        p = self.match.to_move()
        if p is None or p not in self.human_seats:
            return None

        def mmss(x):
            x = int(x + 0.999)
            return f"{x // 60}:{x % 60:02d}"
        return (f"{mmss(c['left'][p])} · bank {mmss(c['bank'][p])} · timeouts {c['timeouts'][p]}/{spec[2]}",
                c["left"][p] <= 0 and c["bank"][p] < 30)
