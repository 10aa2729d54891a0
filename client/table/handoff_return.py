"""Hot seat: the short way back after a reaction in the other player's turn.

The defender got the one real hand-off screen ("Pass to Player 2 — Blood Leech
attacks you …"), answered, and the turn player's turn goes on. The defender is
still at the screen, so the turn player's hand must not show yet - but nothing
else on the table is private (the log in hot seat shows public events only and
the board is the same for both). So there is no second dark screen: the board
shows the answer's outcome at once, the turn player's hand stays covered, and a
small panel over it says "Player 2 has answered: pass back to Player 1" with one
button. Tables whose own side shows more private things than the hand keep the
full hand-off screen (``RETURN_VEIL = False``)."""
from __future__ import annotations

import pygame

from client.table.overlays import HandoffUndoOverlay
from client.ui.theme import PAL, draw_wrapped, fit_font, panel


class ReturnOverlay(HandoffUndoOverlay):
    """"X has answered: pass back to Y" over the covered hand; Enter / Space / the
    button hands the screen back (``table.handoff.done``)."""

    name = "handoff_return"
    dim_below = 0          # the board stays in view: it shows what the answer did

    def hand_rect(self):
        t = self.table
        a = t.hand_area
        if a is None:
            return pygame.Rect(0, self.H - self.s(200), self.W, self.s(200))
        # the hand itself is not drawn under the cover (client.table.handoff), so the
        # cover needs no margin above it: the lane labels just over the hand stay whole
        return pygame.Rect(a)

    TAKE_BACK_H = 30   # the row under the main button (when the answer can be taken back)

    def take_back_seat(self):
        """The seat that answered, if it may ask to take its answer back; else None."""
        t = self.table
        seat = self.kwargs.get("seat", 0)
        if t is None or t.session is None or len(t.session) == 0:
            return None
        last = t.session.actor(len(t.session) - 1)
        if last == seat or not t.session.can_undo(last):
            return None
        return last

    def panel_rect(self):
        s = self.s
        a = self.hand_rect()
        w = min(a.width - s(16), s(620))
        h = max(s(140), min(a.height - s(12), s(150)))   # room for the words, the note and the button
        extra = s(self.TAKE_BACK_H + 8) if self.take_back_seat() is not None else 0
        r = pygame.Rect(0, 0, min(max(s(360), w), self.W - s(16)), h + extra)
        r.center = a.center
        r.bottom = min(r.bottom + extra // 2, self.H - s(4))   # grows upwards, over the board's edge
        r.clamp_ip(pygame.Rect(0, 0, self.W, self.H).inflate(-s(8), -s(8)))   # never off the window
        return r

    def build(self):
        s = self.s
        r = self.panel_rect()
        seat = self.kwargs.get("seat", 0)
        t = self.table
        name = t.names[seat] if t is not None else f"Player {seat + 1}"
        last = self.take_back_seat()
        below = s(self.TAKE_BACK_H + 8) if last is not None else 0
        bw, bh = min(r.width - s(40), s(340)), s(40)
        self.button((r.centerx - bw // 2, r.bottom - bh - s(12) - below, bw, bh), f"I am {name} — show my hand",
                    self.ready, key="return", keys=("space",), tip="Uncover your hand and go on with your turn",
                    cls="@primary", name="ready")
        if last is None:
            return
        # inside the panel, under the main button: never over the board or the panel's words
        tw = min(r.width - s(40), s(260))
        self.button((r.centerx - tw // 2, r.bottom - s(self.TAKE_BACK_H) - s(10), tw, s(self.TAKE_BACK_H)),
                    f"{t.names[last]}: take back my answer", lambda: self.take_back(last), key="ctrl+z",
                    tip="The other player must allow it", name="take_back", cls="@small")

    def draw(self, surf):
        s = self.s
        a = self.hand_rect()
        surf.fill((8, 9, 13), a)           # opaque: the hand under it is the turn player's
        r = self.panel_rect()
        panel(surf, r, colour=PAL["panel"], border=PAL["gold"], radius=s(12))
        reason = self.kwargs.get("reason") or ""
        draw_wrapped(surf, reason, pygame.Rect(r.left + s(20), r.top + s(10), r.width - s(40), s(44)), s(17),
                     PAL["gold_hi"], bold=True, align="center")
        note = "Your hand stays covered until you are back at the screen."
        f = fit_font(note, r.width - s(24), s(13), min_size=9)
        img = f.render(note, True, PAL["muted"])
        surf.blit(img, img.get_rect(midtop=(r.centerx, r.top + s(58))))
        self.draw_ui(surf)
