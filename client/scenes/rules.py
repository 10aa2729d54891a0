"""The game's rules page (``assets/rules/<game>.md``) in a scrollable, readable view."""
from __future__ import annotations

import pygame

from client.scenes import gamesinfo
from client.ui.theme import GAME_ACCENT, PAL, draw_text, shade
from client.scenes.base import Scene
from client.scenes.title import draw_background

MAX_RULES_BYTES = 512 * 1024


def load_rules(game: str) -> str:
    from engine.core.files import FileProblem, read_capped_bytes
    from engine.core.paths import assets_dir
    p = assets_dir() / "rules" / f"{game}.md"
    try:
        return read_capped_bytes(p, MAX_RULES_BYTES).decode("utf-8", "replace")
    except FileProblem:
        return f"# {gamesinfo.title(game)}\n\nThe rules page for this game has not been written yet."


class ScrollingText:
    """A page of text in ``self.box`` (a UITextBox): arrows, Page Up/Down, Home/End scroll it."""

    def add_scroll_keys(self):
        self.add_key("down", lambda: self.scroll(1))
        self.add_key("up", lambda: self.scroll(-1))
        self.add_key("page down", lambda: self.scroll(8))
        self.add_key("page up", lambda: self.scroll(-8))
        self.add_key("home", lambda: self.scroll(-10 ** 6))
        self.add_key("end", lambda: self.scroll(10 ** 6))

    def scroll(self, lines):
        sb = getattr(self.box, "scroll_bar", None)
        if sb is None:
            return
        step = self.s(40) * lines
        sb.set_scroll_from_start_percentage(
            max(0.0, min(1.0, sb.start_percentage + step / max(1, self.box.text_box_layout.layout_rect.height))))
        self.box.update(0)


class RulesScene(ScrollingText, Scene):
    """The rules in our own fonts (:class:`client.ui.richpage.RichPage`): bullets with a hanging
    indent, bold and italics, only the lines in view drawn."""

    def enter(self):
        self.game = self.kwargs.get("game") or gamesinfo.default_game()
        self.md = load_rules(self.game)
        self.page = None
        super().enter()

    def build(self):
        from client.ui.richpage import RichPage
        s = self.s
        w = min(self.W - s(80), s(900))
        r = pygame.Rect((self.W - w) // 2, s(84), w, self.H - s(84) - s(80))
        keep = self.page.offset / max(1, self.page.max_offset) if self.page is not None else 0.0
        self.page = RichPage(self.md, r, self.app.scale, shade(GAME_ACCENT.get(self.game, PAL["gold"]), 1.25))
        self.page.scroll_to_fraction(keep)      # a resize or a new interface size keeps the place
        bw, bh = s(180), s(44)
        self.button(((self.W - bw) // 2, self.H - bh - s(20), bw, bh), "Back", self.back, key="escape",
                    tip="Back to the match" if self.kwargs.get("from_match") else "Back to the game menu",
                    name="back", cls="@primary")
        self.add_scroll_keys()

    def scroll(self, lines):
        if self.page is not None and self.page.scroll_by(self.s(40) * lines):
            self.invalidate()

    def handle_event(self, ev):
        if self.page is not None and self.page.handle_event(ev):
            self.invalidate()

    def back(self):
        if self.kwargs.get("from_match"):  # opened from the in-match menu: back to the match
            self.close()
            return
        self.go("game_menu", game=self.game)

    def draw(self, surf):
        s = self.s
        draw_background(surf)
        acc = GAME_ACCENT.get(self.game, PAL["gold"])
        draw_text(surf, f"How to play {gamesinfo.title(self.game)}", (self.W // 2, s(22)), s(36), shade(acc, 1.2),
                  title=True, anchor="midtop", shadow=True)
        if self.page is not None:
            self.page.draw(surf)
        self.draw_ui(surf)
