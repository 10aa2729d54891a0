"""Hot seat for :class:`client.table.scene.TableScene`: the hand-off screen when the
seat to move changes (with "take back my move"), the short return veil after a
reaction, and the hot-seat undo consent dialog."""
from __future__ import annotations

from client.table.overlays import HandoffUndoOverlay


class HandoffMixin:
    """Hot seat hand-offs (mixed into TableScene)."""

    # ================================================================ hot seat
    #: hot seat, after the other player's reaction: hand the screen back with the short
    #: "X has answered: pass back to Y" over the covered hand (client/table/handoff_return.py)
    #: instead of a second dark screen. Only for tables whose private side is the hand.
    RETURN_VEIL = False

    #: the pass screen before the first decision at this table was shown
    _opened = False

    def _check_handoff(self, *, full=False):
        if self.mode != "hotseat" or self.anims.busy or self.handoff_pending:
            return
        p = self.match.to_move()
        first = not self._opened
        self._opened = True
        if p is None or self.match.result() is not None:
            return
        if p == self.viewer and not first:
            return
        if first:
            full = True     # a game opened (new or resumed): the first player gets a pass screen too
        self.handoff_pending = True
        self.cancel_drag()
        if self.ui is not None and hasattr(self, "actions_rect"):
            self._refresh_action_buttons()     # no End turn left standing under the hand-off
        if not full and self.return_veil_ok(p) and self._answered(p) is not None:
            # the other player answered in p's turn and is still at the screen: their
            # hand goes at once, p's hand stays covered until p clicks (one short step)
            from client.table.handoff_return import ReturnOverlay
            other = 1 - p
            text = self._answered(p)
            if text and not any(text.startswith(n) for n in self.names):
                text = text[0].lower() + text[1:]      # "(let the attack through)"
            reason = (f"{self.names[other]} has answered ({text}): pass back to {self.names[p]}." if text
                      else f"{self.names[other]} has answered: pass back to {self.names[p]}.")
            self.viewer = p
            self.hover_card = None
            self.refresh()
            self.shown = self.view
            self.push(ReturnOverlay(self.app, game=self.game, table=self, seat=p, reason=reason))
            return
        try:
            reason = self.handoff_reason(p)
        except Exception:  # noqa: BLE001 - the words are a nicety
            reason = ""
        self.push(HandoffUndoOverlay(self.app, game=self.game, table=self, seat=p, reason=reason))

    def return_veil_ok(self, seat) -> bool:
        """May the screen go back to ``seat`` with only the hand covered? (Override when
        some states show more of ``seat``'s private cards, e.g. the top of a deck.)"""
        return self.RETURN_VEIL

    def _answered(self, seat):
        """``seat``'s turn goes on after the other player's reaction in it: the words of
        that answer ("" when there are none), else None (a new turn, a reaction)."""
        m = self.match
        if m.turn_player() != seat:
            return None
        s = self.session
        n = len(s)
        if not (n and s.actor(n - 1) == 1 - seat and s.turn_at(n - 1) == m.turn()):
            return None
        try:
            return s.state_at(n - 1).action_text(s.record.actions[n - 1])
        except Exception:  # noqa: BLE001 - the pass screen shows without the last move's words
            return ""

    def handoff_reason(self, seat) -> str:
        """What the hand-off screen tells ``seat``: a reaction in the other player's turn
        (say what is to be decided: :meth:`reaction_text`), the turn going on after the
        other player's reaction, or a new turn."""
        m = self.match
        tp = m.turn_player()
        other = 1 - seat
        if tp != seat:
            what = self.reaction_text(seat)
            return f"In {self.names[tp]}'s turn: {what}" if what else f"A decision for you in {self.names[tp]}'s turn."
        s = self.session
        n = len(s)
        if n and s.actor(n - 1) == other and s.turn_at(n - 1) == m.turn():
            try:
                text = s.state_at(n - 1).action_text(s.record.actions[n - 1])
            except Exception:  # noqa: BLE001 - the pass screen shows without the answer's words
                text = ""
            return f"{self.names[other]} has answered ({text}): your turn goes on." if text else \
                f"{self.names[other]} has answered: your turn goes on."
        return f"Turn {m.turn()}: your turn."

    def reaction_text(self, seat) -> str:
        """The decision ``seat`` makes in the other player's turn (a Guard, a spell window).
        Default: the engine's prompt when it has one."""
        f = getattr(self.match, "prompt", None)
        try:
            return f() if callable(f) else ""
        except Exception:  # noqa: BLE001 - the pass screen shows without the prompt
            return ""

    def handoff_done(self, seat):
        self.viewer = seat
        self.handoff_pending = False
        try:
            self.on_handoff(seat)
        except Exception:  # noqa: BLE001 - a table's clean-up must not block the hand-off
            pass
        self.refresh()
        self.shown = self.view

    def on_handoff(self, seat):
        """Hot seat: ``seat`` now has the screen. Reset per-player modes here. Override."""
