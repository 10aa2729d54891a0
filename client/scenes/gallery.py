"""Card gallery: every card of a game's pool, scrollable, with hover zoom."""
from __future__ import annotations

import pygame

from client.scenes import gamesinfo
from client.ui.theme import GAME_ACCENT, PAL, draw_text, shade
from client.scenes.base import Scene
from client.scenes.title import draw_background


class CardGalleryScene(Scene):
    def enter(self):
        self.game = self.kwargs.get("game") or gamesinfo.default_game()
        sp = gamesinfo.spec(self.game)
        self.cards = list(sp.cards.values()) if sp else []
        self.scroll = 0
        self.hover = None
        super().enter()

    def build(self):
        s = self.s
        self.area = pygame.Rect(s(30), s(80), self.W - s(60), self.H - s(80) - s(80))
        self.cw = s(150)
        self.ch = int(self.cw * 1.4)
        self.gap = s(14)
        self.cols = max(1, (self.area.width + self.gap) // (self.cw + self.gap))
        bw, bh = s(180), s(44)
        self.button(((self.W - bw) // 2, self.H - bh - s(20), bw, bh), "Back", self.back, key="escape",
                    tip="Back to the game menu", name="back", cls="@primary")
        self.add_key("down", lambda: self.scroll_by(1))
        self.add_key("up", lambda: self.scroll_by(-1))
        self.add_key("page down", lambda: self.scroll_by(3))
        self.add_key("page up", lambda: self.scroll_by(-3))

    def scroll_by(self, rows):
        n_rows = (len(self.cards) + self.cols - 1) // self.cols
        max_scroll = max(0, n_rows * (self.ch + self.gap) - self.area.height)
        self.scroll = max(0, min(max_scroll, self.scroll + rows * (self.ch + self.gap) // 2))

    def back(self):
        self.go("game_menu", game=self.game)

    def rects(self):
        x0 = self.area.left + (self.area.width - (self.cols * (self.cw + self.gap) - self.gap)) // 2
        for i, c in enumerate(self.cards):
            row, col = divmod(i, self.cols)
            yield c, pygame.Rect(x0 + col * (self.cw + self.gap), self.area.top + row * (self.ch + self.gap)
                                 - self.scroll, self.cw, self.ch)

    def handle_event(self, ev):
        if ev.type == pygame.MOUSEWHEEL:
            self.scroll_by(-ev.y)
        elif ev.type == pygame.MOUSEMOTION:
            self.hover = None
            if self.area.collidepoint(ev.pos):
                for c, r in self.rects():
                    if r.collidepoint(ev.pos):
                        self.hover = c
                        break

    def draw(self, surf):
        from client.cards import card_surface
        from client.table.kit.parts import draw_zoom
        s = self.s
        draw_background(surf)
        acc = GAME_ACCENT.get(self.game, PAL["gold"])
        draw_text(surf, f"{gamesinfo.title(self.game)} — every card ({len(self.cards)})", (self.W // 2, s(22)), s(32),
                  shade(acc, 1.2), title=True, anchor="midtop", shadow=True)
        surf.set_clip(self.area)
        for c, r in self.rects():
            if r.bottom < self.area.top or r.top > self.area.bottom:
                continue
            surf.blit(card_surface(self.game, c, self.cw), r)
        surf.set_clip(None)
        self.draw_ui(surf)
        if self.hover is not None:
            draw_zoom(surf, self.game, self.hover, self.app.mouse, self.app.scale)
