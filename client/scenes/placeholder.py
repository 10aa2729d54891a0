"""Shown for screens whose module has not landed yet (deck builder, replays)."""
from __future__ import annotations

from client.scenes import gamesinfo
from client.ui.theme import PAL, draw_text, draw_wrapped, panel
from client.scenes.base import Scene


class PlaceholderScene(Scene):
    def build(self):
        s = self.s
        w = s(220)
        self.button((self.W // 2 - w // 2, self.H // 2 + s(60), w, s(48)), "Back", self.back,
                    key="escape", tip="Go back", cls="@primary")

    def back(self):
        game = self.kwargs.get("game")
        if game:
            self.go("game_menu", game=game)
        else:
            self.go("title")

    def draw(self, surf):
        import pygame
        from client.scenes.title import draw_background
        draw_background(surf)
        s = self.s
        r = pygame.Rect(0, 0, s(640), s(260))
        r.center = (self.W // 2, self.H // 2)
        panel(surf, r)
        what = {"deckbuilder": "The deck builder", "replays": "Replays"}.get(self.name, self.name.title())
        game = self.kwargs.get("game")
        head = f"{what}" + (f" — {gamesinfo.title(game)}" if game else "")
        draw_text(surf, head, (r.centerx, r.top + s(30)), s(28), PAL["gold"], title=True, anchor="midtop")
        draw_wrapped(surf, "This screen is still being built. It will open here as soon as it lands.",
                     pygame.Rect(r.left + s(40), r.top + s(90), r.width - s(80), s(60)), s(18),
                     PAL["muted"], align="center")
        self.draw_ui(surf)
