"""The table's own overlays for hot seat: the hand-off screen with "take back my move"
and the other player's consent to an undo (both hide the table below)."""
from __future__ import annotations

import pygame

from client.scenes.overlays import ConfirmOverlay, HandoffOverlay
from client.ui.theme import PAL, draw_text, font


class UndoConfirmOverlay(ConfirmOverlay):
    """Hot seat: "Player 2, allow Player 1 to take back their move?" The table
    below is hidden (hands stay private)."""

    name = "confirm_undo"
    dim_below = 255
    width = 600

    def draw(self, surf):
        surf.fill((8, 9, 13))
        super().draw(surf)

    def draw_body(self, surf, r):
        from client.ui.theme import draw_wrapped
        s = self.s
        head, _, rest = self.kwargs.get("question", "").partition(", ")
        lines = [head + ",", rest] if rest else [head]
        y = r.top + s(30)
        for ln in lines:
            size = s(28)
            while size > 10 and font(size, title=True).size(ln)[0] > r.width - s(60):
                size -= 1
            draw_text(surf, ln, (r.centerx, y), size, PAL["gold"], title=True, anchor="midtop")
            y += s(38)
        if self.kwargs.get("detail"):
            draw_wrapped(surf, self.kwargs["detail"], pygame.Rect(r.left + s(40), y + s(14), r.width - s(80),
                                                                  s(60)), s(17), PAL["text"], align="center")


class HandoffUndoOverlay(HandoffOverlay):
    """The hot-seat hand-off screen, plus "Take back my move" for the player who
    just handed over (the next player must allow it)."""

    name = "handoff"

    def build(self):
        super().build()
        s = self.s
        r = self.panel_rect()
        t = self.table
        if t is None or t.session is None or len(t.session) == 0:
            return
        last = t.session.actor(len(t.session) - 1)
        if last == self.kwargs.get("seat", 1) or not t.session.can_undo(last):
            return
        bw, bh = s(300), s(38)
        self.button((r.centerx - bw // 2, r.bottom + s(12), bw, bh), f"{t.names[last]}: take back my move",
                    lambda: self.take_back(last), key="ctrl+z", tip="The other player must allow it",
                    name="take_back", cls="@small")

    def take_back(self, seat):
        t = self.table

        def close_me():
            if self.app.scenes.top is self:
                self.close()
        t.history.request_undo(seat, on_done=close_me)
