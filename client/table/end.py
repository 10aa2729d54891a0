"""The end of a match, the part :class:`Ending` (``table.ending``) of
:class:`client.table.scene.TableScene`: concession through the engine's CONCEDE action,
the result line, the game-over screen, rematch."""
from __future__ import annotations

from engine.core.match import End, Result, reason_text, result_text


def as_result(winner, reason) -> Result:
    """A client-made end: ``reason`` an :class:`engine.core.match.EndReason`, or
    ``(reason, details)`` (a timeout's ``(End.TIMEOUT, {"times": 3})``)."""
    if isinstance(reason, tuple):
        return Result(winner, reason[0], reason[1] if len(reason) > 1 else {})
    return Result(winner, reason)


class Ending:
    """The end of the match, held by the table as ``table.ending``: concession through the
    engine's CONCEDE action (made at the loser's next decision when it is not theirs now),
    the client's own ends (a forfeit), the result's words, the game-over screen, taking
    the end back against the AI, rematch. The table's hook ``end_match`` (a game's own
    concession path, see :meth:`through_engine`) comes back here through
    :meth:`end`."""

    def __init__(self, table):
        self.table = table
        #: the result of a game ended by the client (a concession, a forfeit), else None
        self.conceded: Result | None = None
        #: (winner, reason, meta): a concession made at the loser's next decision
        self.pending = None
        #: the game-over screen was shown (once a game)
        self.over_shown = False

    # ================================================================ concede
    def concede_action(self):
        """The engine's concede action for this game (``concede()``, ``CONCEDE_ACTION``
        or ``(CONCEDE,)`` in the game's match module), or None."""
        import sys
        mod = sys.modules.get(type(self.table.match).__module__)
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
        t = self.table
        if t.layer.concede():    # (online: the server records it; a lesson: back to the list)
            return
        seat = t.viewer if seat is None else seat
        t.end_match(1 - seat, End.CONCEDED, conceded_by=seat)

    def end(self, winner, reason, **meta):
        """End the game from the client (concession, turn-clock forfeit) through the
        engine's CONCEDE action of the loser, so the record, the replay library and
        ``python -m engine replay`` all see it. If the loser is not the one to
        decide right now (the AI is thinking), the concession is made at the
        loser's next decision. ``reason``: see :func:`as_result`."""
        t = self.table
        s = t.session
        m = t.match
        loser = 1 - winner if winner in (0, 1) else None
        act = self.concede_action() if loser is not None and m.result() is None else None
        if act is not None:
            if m.to_move() == loser and m.why_illegal(act) is None:
                self.pending = None
                t.driver.cancel()
                t.anims.clear()
                t.cancel_drag()
                s.record.meta.update(meta)
                start = len(t.log.entries)
                if t.perform(act):
                    self.conceded = self._ended(winner, reason)
                    self._log_reason(self.conceded, start)
                    self.show_game_over()
                    return
            elif t.mode != "watch":
                self.pending = (winner, reason, dict(meta))
                when = ("as soon as the AI has made its move" if t.mode == "ai" and loser in t.human_seats
                        else f"at {t.names[loser]}'s next decision")
                why = reason_text(as_result(winner, reason), t.seat_names()).rstrip(".")
                t.app.toast(f"{why}: the game ends {when}.", "info", 4)
                return
        t.driver.cancel()
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

    def through_engine(self, winner, reason, act, *, log=True, clear_anims=False) -> bool:
        """A table's own concession path: when it is the loser's decision, stop the AI,
        the animations and any drag, play the engine's concede action ``act`` and show
        the game over (True; ``log`` adds the reason to the log, ``clear_anims`` drops
        the concession's own animations). Otherwise nothing is done (False)."""
        t = self.table
        m = t.match
        loser = 1 - winner if winner in (0, 1) else None
        if m.result() is None and loser is not None and m.to_move() == loser:
            t.driver.cancel()
            t.anims.clear()
            t.cancel_drag()
            start = len(t.log.entries)
            if t.perform(act):
                if clear_anims:
                    t.anims.clear()
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
        er = self.table.match.result()
        if er is not None and er.winner == r.winner and er.details:
            return Result(r.winner, r.reason, {**er.details, **r.details})
        return r

    def _log_reason(self, result, start):
        """The log line of why the game ended ("You ran out of time 3 times.") before the
        engine's own lines of the concession (from ``start``), and not at all where the
        engine already told it ("You conceded."): the story reads once, in order."""
        t = self.table
        why = Result(result.winner, result.reason, {k: v for k, v in result.details.items() if k != "score"})
        line = reason_text(why, t.seat_names())       # (the score is told by the end's own line)
        if any(e.text == line for e in t.log.entries[start:]):
            return
        t.log.insert(start, line, kind="info")

    def check_pending(self):
        t = self.table
        p = self.pending
        if p is None or t.anims.busy or t.match.result() is not None:
            if p is not None and t.match.result() is not None:
                self.pending = None
            return
        winner, reason, meta = p
        if t.match.to_move() == 1 - winner:
            self.pending = None
            t.end_match(winner, reason, **meta)

    def result_text(self, r) -> str:
        """"You win — the AI's morale is depleted" / "Draw — …" for the top bar."""
        return result_text(r, self.table.seat_names())

    def reason_line(self, r) -> str:
        """Why the game ended, as a sentence of this table's names ("Your Life is reduced to 0.")."""
        return reason_text(r, self.table.seat_names())

    def show_game_over(self):
        t = self.table
        if self.over_shown:
            return
        self.over_shown = True
        if t.layer.game_over():      # (a lesson goes on with its explanation)
            return
        r = t.result()
        if r is not None and t.mode != "replay":
            lost = t.mode == "ai" and r.winner is not None and r.winner not in t.human_seats
            t.sfx("loss" if lost else "win" if r.winner is not None else "turn")
        t.cancel_drag()
        t.refresh(update_shown=False)  # no action buttons left behind the overlay
        t.history.sync_buttons()       # nor a lit Undo (a concession ends the game between frames)
        t.push("game_over", game=t.game, table=self.table)

    def can_undo(self) -> bool:
        """Against the AI, a game decided by play (not a concession or a timeout)
        can be taken back from the game-over screen: the human's last decision."""
        t = self.table
        seat = t.history.seat()
        return (t.mode == "ai" and seat is not None and t.session is not None and self.conceded is None
                and t.match.result() is not None and t.session.can_undo(seat))

    def undo(self) -> bool:
        """Back from the game-over screen to just before the human's last decision."""
        if not self.can_undo():
            return False
        return self.table.history.take_back(self.table.history.seat())

    def rematch(self):
        t = self.table
        if t.layer.rematch():        # (online: where the match was found)
            return
        from client.scenes.setup import start_match
        decks = tuple(t.session.record.decks)
        opts = dict(t.session.record.options)
        if t.mode == "ai":
            start_match(t.app, t.game, decks, mode="ai", ai_level=t.ai_level, options=opts,
                        human=t.human_seats[0])
        else:
            start_match(t.app, t.game, decks, mode="hotseat", options=opts)
