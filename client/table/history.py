"""Undo / redo for :class:`client.table.scene.TableScene` (Ctrl+Z / Ctrl+Y, the top-bar
buttons, the hot-seat consent) and the jump in history they make.

The table holds one :class:`History` (``table.history``); its verbs ``undo()`` and
``redo()`` call it. After any jump (undo, redo, a replay's seek) :meth:`History.after_jump`
drops what belonged to the old position and has the table rebuild its log from the
record (:meth:`~client.table.scene.TableScene.rebuild_log`), then calls the table's
``on_history_changed``."""
from __future__ import annotations

from engine.core.match import event_kind

from client.table.overlays import UndoConfirmOverlay


#: events that open a turn: the log draws them as a turn's heading (live and rebuilt alike)
TURN_EVENTS = ("turn", "new_turn", "turn_start")


def log_kind(ev) -> str:
    return "turn" if event_kind(ev) in TURN_EVENTS else "event"


class History:
    """Undo, redo and take-back of a local table (against the AI, hot seat)."""

    def __init__(self, table):
        self.table = table
        #: the top bar's (Undo, Redo) buttons, enabled as the record allows; () without them
        self.buttons = ()

    def seat(self):
        """The seat whose decision Undo takes back: the human against the AI, the
        player at the screen in hot seat."""
        t = self.table
        if t.mode == "ai":
            return t.human_seats[0] if t.human_seats else None
        if t.mode == "hotseat":
            return t.viewer
        return None

    def can_undo(self) -> bool:
        t = self.table
        seat = self.seat()
        return (seat is not None and t.session is not None and t.result() is None
                and t.session.can_undo(seat))

    def can_redo(self) -> bool:
        t = self.table
        return (t.session is not None and t.mode in ("ai", "hotseat") and t.result() is None
                and t.session.can_redo())

    def sync_buttons(self):
        if not self.buttons:
            return
        for b, ok in zip(self.buttons, (self.can_undo(), self.can_redo())):
            if ok != b.is_enabled:
                b.enable() if ok else b.disable()

    def undo(self):
        """Ctrl+Z / the Undo button: against the AI at once; in hot seat the other
        player is asked first."""
        t = self.table
        if t.session is None or t.mode not in ("ai", "hotseat"):
            return
        seat = self.seat()
        if not self.can_undo():
            t.app.toast("Nothing to undo yet." if t.result() is None else "The game is over.")
            return
        if t.mode == "hotseat":
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
        s = self.table.session
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
        return "This takes back " + ", then ".join(self.undone_parts(undone)) + "."

    def undone_parts(self, undone, taker=None) -> list:
        """The decisions ``undone`` in words, one part per player and turn; ``taker``'s own
        are "their" ("your" for you) decisions, the other player's are named."""
        groups = []
        for actor, text, turn in undone:
            if groups and groups[-1][0] == actor and groups[-1][1] == turn:
                groups[-1][2].append(text)
            else:
                groups.append((actor, turn, [text]))
        names = self.table.seat_names()      # ("the AI's", as the log's other lines)
        parts = []
        for actor, turn, texts in groups:
            whose = names.poss(actor) if actor != taker else ("your" if names.you(actor) else "their")
            if len(texts) == 1:
                parts.append(f"{whose} decision in turn {turn} ({texts[0]})")
            else:
                shown = [texts[0]] + (["…"] if len(texts) > 2 else []) + [texts[-1]]
                parts.append(f"{whose} {len(texts)} decisions in turn {turn} ({'; '.join(shown)})")
        return parts

    def request_undo(self, seat, *, on_done=None):
        """Hot seat: ask the other player to allow ``seat`` to take back their last
        decision; the dialog lists exactly the decisions it takes back."""
        t = self.table
        plan = self.undo_plan(seat) if t.result() is None else None
        if plan is None:
            t.app.toast("Nothing to undo yet.")
            return
        other = 1 - seat
        t.cancel_drag()
        _i, _consent, undone = plan
        theirs = any(u[0] == other for u in undone)

        def allow():
            if on_done is not None:
                on_done()
            self.take_back(seat, allowed_by=other)
        q = (f"{t.names[other]}, allow {t.names[seat]} to take back "
             + ("your moves too?" if theirs else "their move?"))
        t.push(UndoConfirmOverlay(t.app, question=q, detail=self.undo_detail(undone),
                                  yes="Allow", no="Refuse", on_yes=allow, table=t, game=t.game))

    def take_back(self, seat, *, own=False, allowed_by=None) -> bool:
        """Go back to just before ``seat``'s last decision (no questions asked). ``own``:
        hot seat, a decision of the player at the screen in this turn (no hand-off);
        ``allowed_by``: the player who allowed it (hot seat). The log says who took back
        what, and who allowed it."""
        t = self.table
        t.driver.cancel()
        t.cancel_drag()
        plan = self.undo_plan(seat)
        text = plan[2][-1][1] if plan is not None and plan[2] else ""
        if not t.session.undo_to_previous_decision(seat):
            t.app.toast("Nothing to undo yet.")
            return False
        who = "You" if t.mode == "ai" else t.names[seat]
        if own and text:
            taken = f"{'your' if who == 'You' else 'their'} last decision: {text}"
        elif plan is not None and plan[2]:
            taken = ", then ".join(self.undone_parts(plan[2], taker=seat))
            taken += f" — {t.names[allowed_by]} allowed it." if allowed_by is not None else "."
        else:
            taken = f"{'your' if who == 'You' else 'their'} last decision."
        self.after_jump(f"{who} took back {taken}")
        if t.mode == "hotseat" and own:
            t.viewer = seat
            t.refresh()
            t.shown = t.view
            return True
        if t.mode == "hotseat":
            # the other player has just looked at the screen to allow it: hand the
            # screen back to ``seat`` behind the pass screen (hands stay private)
            t.viewer = 1 - seat
            t.handoff.pending = False
            t.refresh()
            t.shown = t.view
            t.handoff.check(full=True)
        return True

    def redo(self):
        """Ctrl+Y / the Redo button: play again the step last taken back."""
        t = self.table
        if not self.can_redo():
            t.app.toast("Nothing to redo.")
            return
        t.driver.cancel()
        t.cancel_drag()
        t.session.redo()
        self.after_jump("Redone: the moves you took back are played again.")

    def after_jump(self, note):
        """After undo/redo/seek: fresh AI (same position, same reply), no animation
        in flight, the log rebuilt from the record, the table's own state dropped."""
        t = self.table
        t.anims.clear()
        t.driver.reset()
        t._no_auto_at = len(t.session) if t.session is not None else None   # undo lands on it: ask
        t.ending.conceded = None
        t.ending.pending = None
        t.ending.over_shown = False
        t.rebuild_log(note)
        try:
            t.on_history_changed()
        except Exception:  # noqa: BLE001 - a table's clean-up must not break undo
            pass
        t.refresh()
        t.shown = t.view
        self.sync_buttons()
