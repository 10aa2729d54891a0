"""Hot seat for :class:`client.table.scene.TableScene`: the hand-off screen when the
seat to move changes (with "take back my move"), and the short return veil after a
reaction (:mod:`client.table.handoff_return`).

The table holds one :class:`Handoff` (``table.handoff``). The words and the veil's
conditions are the table's hooks, so a game can say more: ``RETURN_VEIL``,
:meth:`~client.table.scene.TableScene.return_veil_ok`, ``handoff_reason``,
``reaction_text``, ``answer_text`` (their defaults call :meth:`Handoff.reason`,
:meth:`Handoff.reaction` and :meth:`Handoff.answered`) and ``on_handoff``."""
from __future__ import annotations

from client.table.overlays import HandoffUndoOverlay


class Handoff:
    """Whose screen it is in hot seat: the pass screen, the return veil, the hand-over."""

    def __init__(self, table):
        self.table = table
        #: the pass screen is up (or about to be): the seat to move is not at the screen yet
        self.pending = False
        #: the pass screen before the first decision at this table was shown
        self.opened = False

    def check(self, *, full=False):
        """Once a frame: when the seat to move is not the one at the screen, cover the
        screen (the pass screen, or the short return veil after a reaction)."""
        t = self.table
        if t.mode != "hotseat" or t.anims.busy or self.pending:
            return
        p = t.match.to_move()
        first = not self.opened
        self.opened = True
        if p is None or t.match.result() is not None:
            return
        if p == t.viewer and not first:
            return
        if first:
            full = True     # a game opened (new or resumed): the first player gets a pass screen too
        self.pending = True
        t.cancel_drag()
        if t.ui is not None and t.actions_rect is not None:
            t.chrome.refresh_buttons()     # no End turn left standing under the hand-off
        if not full and t.return_veil_ok(p) and t.answer_text(p) is not None:
            # the other player answered in p's turn and is still at the screen: their
            # hand goes at once, p's hand stays covered until p clicks (one short step)
            from client.table.handoff_return import ReturnOverlay
            other = 1 - p
            text = t.answer_text(p)
            if text and not any(text.startswith(n) for n in t.names):
                text = text[0].lower() + text[1:]      # "(let the attack through)"
            reason = (f"{t.names[other]} has answered ({text}): pass back to {t.names[p]}." if text
                      else f"{t.names[other]} has answered: pass back to {t.names[p]}.")
            t.viewer = p
            t.aids.hover_card = None
            t.refresh()
            t.shown = t.view
            t.push(ReturnOverlay(t.app, game=t.game, table=t, seat=p, reason=reason))
            return
        try:
            reason = t.handoff_reason(p)
        except Exception:  # noqa: BLE001 - the words are a nicety
            reason = ""
        t.push(HandoffUndoOverlay(t.app, game=t.game, table=t, seat=p, reason=reason))

    def answered(self, seat):
        """``seat``'s turn goes on after the other player's reaction in it: the words of
        that answer ("" when there are none), else None (a new turn, a reaction)."""
        t = self.table
        m = t.match
        if m.turn_player() != seat:
            return None
        s = t.session
        n = len(s)
        if not (n and s.actor(n - 1) == 1 - seat and s.turn_at(n - 1) == m.turn()):
            return None
        try:
            return s.state_at(n - 1).action_text(s.record.actions[n - 1])
        except Exception:  # noqa: BLE001 - the pass screen shows without the last move's words
            return ""

    def reason(self, seat) -> str:
        """What the hand-off screen tells ``seat``: a reaction in the other player's turn
        (say what is to be decided: the table's ``reaction_text``), the turn going on
        after the other player's reaction, or a new turn."""
        t = self.table
        m = t.match
        tp = m.turn_player()
        other = 1 - seat
        if tp != seat:
            what = t.reaction_text(seat)
            return f"In {t.names[tp]}'s turn: {what}" if what else f"A decision for you in {t.names[tp]}'s turn."
        s = t.session
        n = len(s)
        if n and s.actor(n - 1) == other and s.turn_at(n - 1) == m.turn():
            try:
                text = s.state_at(n - 1).action_text(s.record.actions[n - 1])
            except Exception:  # noqa: BLE001 - the pass screen shows without the answer's words
                text = ""
            return f"{t.names[other]} has answered ({text}): your turn goes on." if text else \
                f"{t.names[other]} has answered: your turn goes on."
        return f"Turn {m.turn()}: your turn."

    def reaction(self, seat) -> str:
        """The decision ``seat`` makes in the other player's turn (a Guard, a spell window):
        the engine's prompt when it has one."""
        f = getattr(self.table.match, "prompt", None)
        try:
            return f() if callable(f) else ""
        except Exception:  # noqa: BLE001 - the pass screen shows without the prompt
            return ""

    def done(self, seat):
        """``seat`` is at the screen (the pass screen's button): show it their side."""
        t = self.table
        t.viewer = seat
        self.pending = False
        try:
            t.on_handoff(seat)
        except Exception:  # noqa: BLE001 - a table's clean-up must not block the hand-off
            pass
        t.refresh()
        t.shown = t.view
