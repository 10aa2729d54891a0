"""Undo / redo for :class:`client.table.scene.TableScene` (Ctrl+Z / Ctrl+Y, the top-bar
buttons, the hot-seat consent) and the log rebuilt from the record after a jump."""
from __future__ import annotations

from engine.core.match import event_kind
from engine.core.text import possessive

from client.scenes import gamesinfo
from client.table.overlays import UndoConfirmOverlay


#: events that open a turn: the log draws them as a turn's heading (live and rebuilt alike)
TURN_EVENTS = ("turn", "new_turn", "turn_start")


def log_kind(ev) -> str:
    return "turn" if event_kind(ev) in TURN_EVENTS else "event"


class HistoryMixin:
    """Undo, redo and the log rebuilt after a jump in history (mixed into TableScene)."""

    # ================================================================ undo / redo
    def history_seat(self):
        """The seat whose decision Undo takes back: the human against the AI, the
        player at the screen in hot seat."""
        if self.mode == "ai":
            return self.human_seats[0] if self.human_seats else None
        if self.mode == "hotseat":
            return self.viewer
        return None

    def can_undo(self) -> bool:
        seat = self.history_seat()
        return (seat is not None and self.session is not None and self.result() is None
                and self.session.can_undo(seat))

    def can_redo(self) -> bool:
        return (self.session is not None and self.mode in ("ai", "hotseat") and self.result() is None
                and self.session.can_redo())

    def _sync_history_buttons(self):
        if not self._history_buttons:
            return
        for b, ok in zip(self._history_buttons, (self.can_undo(), self.can_redo())):
            if ok != b.is_enabled:
                b.enable() if ok else b.disable()

    def undo(self):
        """Ctrl+Z / the Undo button: against the AI at once; in hot seat the other
        player is asked first."""
        if self.session is None or self.mode not in ("ai", "hotseat"):
            return
        seat = self.history_seat()
        if not self.can_undo():
            self.app.toast("Nothing to undo yet." if self.result() is None else "The game is over.")
            return
        if self.mode == "hotseat":
            plan = self.undo_plan(seat)
            if plan is not None and not plan[1]:
                self.take_back(seat, own=True)    # your own decision of this turn: no one else's
            else:
                self.request_undo(seat)
        else:
            self.take_back(seat)

    def undo_plan(self, seat):
        """``(index, needs_consent, [(actor, text), ...])`` for taking back ``seat``'s last
        decision: the record goes back to ``index``. Consent is needed (hot seat) when it
        takes back the other player's decisions too, or a decision of an earlier turn
        (the screen has been handed over since). None: nothing of ``seat``'s to undo."""
        s = self.session
        if s is None or not s.can_undo(seat):
            return None
        n = len(s)
        i = max(s.decisions(seat))
        now = s.turn_at(n)
        consent = any(s.actor(k) != seat for k in range(i, n)) or s.turn_at(i) != now
        undone = []
        for k in range(i, n):
            try:
                text = s.state_at(k).action_text(s.record.actions[k])
            except Exception:  # noqa: BLE001 - a description is a nicety
                text = "a decision"
            undone.append((s.actor(k), text, s.turn_at(k)))
        return i, consent, undone

    def undo_detail(self, undone) -> str:
        """"This takes back Player 1's decision in turn 3 (End the turn), then Player 2's
        4 decisions in turn 4 (Equip …; … End the Set Phase)." — grouped by player and turn."""
        groups = []
        for actor, text, turn in undone:
            if groups and groups[-1][0] == actor and groups[-1][1] == turn:
                groups[-1][2].append(text)
            else:
                groups.append((actor, turn, [text]))
        parts = []
        for actor, turn, texts in groups:
            who = self.names[actor]
            if len(texts) == 1:
                parts.append(f"{possessive(who)} decision in turn {turn} ({texts[0]})")
            else:
                shown = [texts[0]] + (["…"] if len(texts) > 2 else []) + [texts[-1]]
                parts.append(f"{possessive(who)} {len(texts)} decisions in turn {turn} ({'; '.join(shown)})")
        return "This takes back " + ", then ".join(parts) + "."

    def request_undo(self, seat, *, on_done=None):
        """Hot seat: ask the other player to allow ``seat`` to take back their last
        decision; the dialog lists exactly the decisions it takes back."""
        plan = self.undo_plan(seat) if self.result() is None else None
        if plan is None:
            self.app.toast("Nothing to undo yet.")
            return
        other = 1 - seat
        self.cancel_drag()
        _i, _consent, undone = plan
        theirs = any(u[0] == other for u in undone)

        def allow():
            if on_done is not None:
                on_done()
            self.take_back(seat)
        q = (f"{self.names[other]}, allow {self.names[seat]} to take back "
             + ("your moves too?" if theirs else "their move?"))
        self.push(UndoConfirmOverlay(self.app, question=q, detail=self.undo_detail(undone),
                                     yes="Allow", no="Refuse", on_yes=allow, table=self, game=self.game))

    def take_back(self, seat, *, own=False) -> bool:
        """Go back to just before ``seat``'s last decision (no questions asked). ``own``:
        hot seat, a decision of the player at the screen in this turn (no hand-off)."""
        self.cancel_ai()
        self.cancel_drag()
        plan = self.undo_plan(seat)
        text = plan[2][-1][1] if plan is not None and plan[2] else ""
        if not self.session.undo_to_previous_decision(seat):
            self.app.toast("Nothing to undo yet.")
            return False
        who = "You" if self.mode == "ai" else self.names[seat]
        what = f": {text}" if own and text else "."
        self._after_jump(f"{who} took back {'your' if who == 'You' else 'their'} last decision{what}")
        if self.mode == "hotseat" and own:
            self.viewer = seat
            self.refresh()
            self.shown = self.view
            return True
        if self.mode == "hotseat":
            # the other player has just looked at the screen to allow it: hand the
            # screen back to ``seat`` behind the pass screen (hands stay private)
            self.viewer = 1 - seat
            self.handoff_pending = False
            self.refresh()
            self.shown = self.view
            self._check_handoff(full=True)
        return True

    def redo(self):
        """Ctrl+Y / the Redo button: play again the step last taken back."""
        if not self.can_redo():
            self.app.toast("Nothing to redo.")
            return
        self.cancel_ai()
        self.cancel_drag()
        self.session.redo()
        self._after_jump("Redone: the moves you took back are played again.")

    def _after_jump(self, note):
        """After undo/redo/seek: fresh AI (same position, same reply), no animation
        in flight, the log rebuilt from the record, the table's own state dropped."""
        self.anims.clear()
        self.agents = {}
        self._no_auto_at = len(self.session) if self.session is not None else None   # undo lands on it: ask
        self.conceded = None
        self._pending_end = None
        self.over_shown = False
        c = getattr(self, "clock", None)
        if c is not None:
            c["key"] = None
        self.rebuild_log(note)
        try:
            self.on_history_changed()
        except Exception:  # noqa: BLE001 - a table's clean-up must not break undo
            pass
        self.refresh()
        self.shown = self.view
        self._sync_history_buttons()

    def on_history_changed(self):
        """The match jumped (undo, redo, replay seek). Drop selections etc. Override."""

    def rebuild_log(self, note=None, recent=40):
        """The log from the record's last ``recent`` actions, then ``note``."""
        self.log.entries.clear()
        self.log.scroll = 0
        self.log._dirty = True
        n = len(self.session)
        if n - recent <= 0:
            self.log.add(f"{self.names[0]} and {self.names[1]} sit down to {gamesinfo.title(self.game)}.",
                         kind="info")
            self._log_opening()
        self.log_history(recent)
        if note:
            self.log.add(note, kind="info")

    def log_history(self, recent=40):
        """Log the record's last ``recent`` actions' events, as they were told when played."""
        n = len(self.session)
        for i in range(max(0, n - recent), n):
            try:
                after, _a, events = self.session.step(i)
                seat = self.session.actor(i)
                for ev in events:
                    self.log.add(self.log_event_text(after, ev), turn=after.turn(), seat=seat, kind=log_kind(ev))
            except Exception:  # noqa: BLE001 - history is a nicety
                break

    def opening_events(self, start):
        """Events for what the engine did while creating the match (``start``: the state
        before the first action), e.g. the first player's turn 1 and set-up, so the log
        tells them. Default: none. A table returns event tuples its engine can word."""
        return []

    def _log_opening(self):
        try:
            start = self.session.state_at(0)
            for ev in self.opening_events(start):
                seat = getattr(start.event(ev), "player", None) if event_kind(ev) != "turn" else None
                self.log.add(self.log_event_text(start, ev), turn=max(1, start.turn()), seat=seat,
                             kind=log_kind(ev))
        except Exception:  # noqa: BLE001 - the opening lines are a nicety
            pass

    def log_event_text(self, m, ev) -> str:
        """The log sentence for ``ev`` as the player(s) at the screen may read it:
        events private to one player (the game's ``event_for(event, viewer)``,
        e.g. a card tutored into a hand) are masked for the other — in hot seat
        for both, since the log is shared; nothing is masked with reveal all. The
        seats are called as :meth:`seat_names` says ("you", "the AI", names)."""
        if not self.reveal_all:
            f = getattr(type(m), "event_for", None)
            if f is not None:
                try:
                    ev = f(ev, self.viewer if self.mode != "hotseat" else -1)
                except Exception:  # noqa: BLE001 - fall back to the plain event
                    pass
        return m.event_text(ev, self.seat_names())
