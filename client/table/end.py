"""The end of a match for :class:`client.table.scene.TableScene`: concession through the
engine's CONCEDE action, the result line, the game-over screen, rematch."""
from __future__ import annotations

from engine.core.match import Result
from engine.core.text import conceded


class EndMixin:
    """Concession, result and game over (mixed into TableScene)."""

    # ================================================================ concede
    def concede_action(self):
        """The engine's concede action for this game (``concede()``, ``CONCEDE_ACTION``
        or ``(CONCEDE,)`` in the game's match module), or None."""
        import sys
        mod = sys.modules.get(type(self.match).__module__)
        if mod is None:
            return None
        fn = getattr(mod, "concede", None)
        if callable(fn):
            try:
                return tuple(fn())
            except Exception:  # noqa: BLE001 - a game's concede hook failing falls back to its named action
                pass
        a = getattr(mod, "CONCEDE_ACTION", None) or getattr(mod, "A_CONCEDE", None)
        if isinstance(a, tuple):
            return a
        c = getattr(mod, "CONCEDE", None)
        return (c,) if isinstance(c, int) and not isinstance(c, bool) else None

    def concede(self, seat=None):
        """The player (``seat``, default the viewer) concedes: the other seat wins."""
        seat = self.viewer if seat is None else seat
        self.end_match(1 - seat, conceded(self.names[seat]), conceded_by=seat)

    def end_match(self, winner, reason, **meta):
        """End the game from the client (concession, turn-clock forfeit) through the
        engine's CONCEDE action of the loser, so the record, the replay library and
        ``python -m engine replay`` all see it. If the loser is not the one to
        decide right now (the AI is thinking), the concession is made at the
        loser's next decision."""
        from engine.core.match import Result
        s = self.session
        m = self.match
        loser = 1 - winner if winner in (0, 1) else None
        act = self.concede_action() if loser is not None and m.result() is None else None
        if act is not None:
            if m.to_move() == loser and m.why_illegal(act) is None:
                self._pending_end = None
                self.cancel_ai()
                self.anims.clear()
                self.cancel_drag()
                s.record.meta.update(meta)
                start = len(self.log.entries)
                if self.perform(act):
                    self.conceded = Result(winner, reason)
                    self._log_reason(reason, start)
                    self.show_game_over()
                    return
            elif self.mode != "watch":
                self._pending_end = (winner, reason, dict(meta))
                when = ("as soon as the AI has made its move" if self.mode == "ai" and loser in self.human_seats
                        else f"at {self.names[loser]}'s next decision")
                self.app.toast(f"{reason}: the game ends {when}.", "info", 4)
                return
        self.cancel_ai()
        res = Result(winner, reason)
        s.record.meta.update(meta)
        s.record.result = res.to_json()
        if s.autosave is not None:
            try:
                s.autosave.discard()
            except Exception:  # noqa: BLE001 - the game is over; a stale save is tidied later
                pass
        self.conceded = res
        self.show_game_over()

    def concede_through_engine(self, winner, reason, act, *, log=True, clear_anims=False) -> bool:
        """A table's own concession path: when it is the loser's decision, stop the AI,
        the animations and any drag, play the engine's concede action ``act`` and show
        the game over (True; ``log`` adds the reason to the log, ``clear_anims`` drops
        the concession's own animations). Otherwise nothing is done (False)."""
        m = self.match
        loser = 1 - winner if winner in (0, 1) else None
        if m.result() is None and loser is not None and m.to_move() == loser:
            self.cancel_ai()
            self.anims.clear()
            self.cancel_drag()
            start = len(self.log.entries)
            if self.perform(act):
                if clear_anims:
                    self.anims.clear()
                self.conceded = Result(winner, reason)
                if log:
                    self._log_reason(reason, start)
                self.show_game_over()
                return True
        return False

    def _log_reason(self, reason, start):
        """The log line of why the game ended ("You ran out of time 3 times.") before the
        engine's own lines of the concession (from ``start``), and not at all where the
        engine already told it ("You conceded."): the story reads once, in order."""
        line = reason + "."
        named = getattr(self, "log_text", None)
        if callable(named):
            line = named(line)
        if any(e.text == line for e in self.log.entries[start:]):
            return
        self.log.insert(start, line, kind="info")

    def _check_pending_end(self):
        p = self._pending_end
        if p is None or self.anims.busy or self.match.result() is not None:
            if p is not None and self.match.result() is not None:
                self._pending_end = None
            return
        winner, reason, meta = p
        if self.match.to_move() == 1 - winner:
            self._pending_end = None
            self.end_match(winner, reason, **meta)

    def result(self):
        r = getattr(self, "conceded", None)
        return r or self.match.result()

    def result_text(self, r) -> str:
        """"You win — …" / "AI (easy) wins — …" / "Draw — …" for the top bar."""
        if r.winner is None:
            return f"Draw — {r.reason}"
        name = self.names[r.winner]
        return f"{name} {'win' if name == 'You' else 'wins'} — {r.reason}"

    def show_game_over(self):
        if self.over_shown:
            return
        self.over_shown = True
        r = self.result()
        if r is not None and self.mode != "replay":
            lost = self.mode == "ai" and r.winner is not None and r.winner not in self.human_seats
            self.sfx("loss" if lost else "win" if r.winner is not None else "turn")
        self.cancel_drag()
        self.refresh(update_shown=False)  # no action buttons left behind the overlay
        self.push("game_over", game=self.game, table=self)

    def can_undo_game_over(self) -> bool:
        """Against the AI, a game decided by play (not a concession or a timeout)
        can be taken back from the game-over screen: the human's last decision."""
        seat = self.history_seat()
        return (self.mode == "ai" and seat is not None and self.session is not None and self.conceded is None
                and self.match.result() is not None and self.session.can_undo(seat))

    def undo_game_over(self) -> bool:
        """Back from the game-over screen to just before the human's last decision."""
        if not self.can_undo_game_over():
            return False
        return self.take_back(self.history_seat())

    def rematch(self):
        from client.scenes.setup import start_match
        decks = tuple(self.session.record.decks)
        opts = dict(self.session.record.options)
        if self.mode == "ai":
            start_match(self.app, self.game, decks, mode="ai", ai_level=self.ai_level, options=opts,
                        human=self.human_seats[0])
        else:
            start_match(self.app, self.game, decks, mode="hotseat", options=opts)
