"""The end of a match for :class:`client.table.scene.TableScene`: concession through the
engine's CONCEDE action, the result line, the game-over screen, rematch."""
from __future__ import annotations

from engine.core.match import End, Result, reason_text, result_text
from engine.core.text import Names

from client.table.named import seat_names


def as_result(winner, reason) -> Result:
    """A client-made end: ``reason`` an :class:`engine.core.match.EndReason`, or
    ``(reason, details)`` (a timeout's ``(End.TIMEOUT, {"times": 3})``)."""
    if isinstance(reason, tuple):
        return Result(winner, reason[0], reason[1] if len(reason) > 1 else {})
    return Result(winner, reason)


class EndMixin:
    """Concession, result and game over (mixed into TableScene)."""

    #: the result of a game ended by the client (a concession, a forfeit), else None
    conceded = None

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
        if self.layer.concede():    # (online: the server records it; a lesson: back to the list)
            return
        seat = self.viewer if seat is None else seat
        self.end_match(1 - seat, End.CONCEDED, conceded_by=seat)

    def end_match(self, winner, reason, **meta):
        """End the game from the client (concession, turn-clock forfeit) through the
        engine's CONCEDE action of the loser, so the record, the replay library and
        ``python -m engine replay`` all see it. If the loser is not the one to
        decide right now (the AI is thinking), the concession is made at the
        loser's next decision. ``reason``: see :func:`as_result`."""
        s = self.session
        m = self.match
        loser = 1 - winner if winner in (0, 1) else None
        act = self.concede_action() if loser is not None and m.result() is None else None
        if act is not None:
            if m.to_move() == loser and m.why_illegal(act) is None:
                self._pending_end = None
                self.driver.cancel()
                self.anims.clear()
                self.cancel_drag()
                s.record.meta.update(meta)
                start = len(self.log.entries)
                if self.perform(act):
                    self.conceded = self._ended(winner, reason)
                    self._log_reason(self.conceded, start)
                    self.show_game_over()
                    return
            elif self.mode != "watch":
                self._pending_end = (winner, reason, dict(meta))
                when = ("as soon as the AI has made its move" if self.mode == "ai" and loser in self.human_seats
                        else f"at {self.names[loser]}'s next decision")
                why = reason_text(as_result(winner, reason), self.seat_names()).rstrip(".")
                self.app.toast(f"{why}: the game ends {when}.", "info", 4)
                return
        self.driver.cancel()
        res = as_result(winner, reason)
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
            self.driver.cancel()
            self.anims.clear()
            self.cancel_drag()
            start = len(self.log.entries)
            if self.perform(act):
                if clear_anims:
                    self.anims.clear()
                self.conceded = self._ended(winner, reason)
                if log:
                    self._log_reason(self.conceded, start)
                self.show_game_over()
                return True
        return False

    def _ended(self, winner, reason) -> Result:
        """The end the client made (``reason``), with the figures of the engine's own end
        after its concede action (Evons' final score)."""
        r = as_result(winner, reason)
        er = self.match.result()
        if er is not None and er.winner == r.winner and er.details:
            return Result(r.winner, r.reason, {**er.details, **r.details})
        return r

    def _log_reason(self, result, start):
        """The log line of why the game ended ("You ran out of time 3 times.") before the
        engine's own lines of the concession (from ``start``), and not at all where the
        engine already told it ("You conceded."): the story reads once, in order."""
        why = Result(result.winner, result.reason, {k: v for k, v in result.details.items() if k != "score"})
        line = reason_text(why, self.seat_names())       # (the score is told by the end's own line)
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
        r = self.conceded
        m = self.match       # (online, None while the server sends the match anew)
        return self.layer.result(r or (m.result() if m is not None else None))

    def seat_names(self) -> Names:
        """How this table's sentences call each seat: "you", "the AI", the players' names
        (:func:`client.table.named.seat_names`)."""
        return seat_names(self.names, self.mode, self.human_seats)

    def result_text(self, r) -> str:
        """"You win — the AI's morale is depleted" / "Draw — …" for the top bar."""
        return result_text(r, self.seat_names())

    def reason_line(self, r) -> str:
        """Why the game ended, as a sentence of this table's names ("Your Life is reduced to 0.")."""
        return reason_text(r, self.seat_names())

    def show_game_over(self):
        if self.over_shown:
            return
        self.over_shown = True
        if self.layer.game_over():      # (a lesson goes on with its explanation)
            return
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
        seat = self.history.seat()
        return (self.mode == "ai" and seat is not None and self.session is not None and self.conceded is None
                and self.match.result() is not None and self.session.can_undo(seat))

    def undo_game_over(self) -> bool:
        """Back from the game-over screen to just before the human's last decision."""
        if not self.can_undo_game_over():
            return False
        return self.history.take_back(self.history.seat())

    def rematch(self):
        if self.layer.rematch():        # (online: where the match was found)
            return
        from client.scenes.setup import start_match
        decks = tuple(self.session.record.decks)
        opts = dict(self.session.record.options)
        if self.mode == "ai":
            start_match(self.app, self.game, decks, mode="ai", ai_level=self.ai_level, options=opts,
                        human=self.human_seats[0])
        else:
            start_match(self.app, self.game, decks, mode="hotseat", options=opts)
