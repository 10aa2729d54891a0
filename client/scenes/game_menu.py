"""One game's menu: resume, play vs AI, hot seat, deck builder, rules, cards, settings, back."""
from __future__ import annotations

import pygame

from .. import gamesinfo
from ..ui import GAME_ACCENT, PAL, draw_text, draw_wrapped, shade
from .base import Scene
from .title import draw_background


def find_resume(game):
    """The newest resumable autosave of ``game`` (a ResumeInfo), or None."""
    try:
        from engine.core.autosave import find_resumable
        from ..storage import saves_dir
        found = find_resumable(saves_dir(), game=game)
    except Exception:  # noqa: BLE001 - a bad save never blocks the menu
        return None
    return found[0] if found else None


def resume_summary(info) -> str:
    import time as _t
    meta = info.record.meta
    mode = meta.get("mode")
    who = "against the AI" if mode == "ai" else ("hot seat" if mode == "hotseat" else "")
    when = _t.strftime("%d %b %H:%M", _t.localtime(info.saved_at))
    return f"Saved game {who}: turn {info.turn}, {info.actions} moves, saved {when}."


class GameMenuScene(Scene):
    def enter(self):
        self.game = self.kwargs.get("game") or gamesinfo.default_game()
        self.resume_info = find_resume(self.game)
        super().enter()

    def build(self):
        s = self.s
        g = self.game
        bw, bh, gap = s(340), s(50), s(12)
        x = self.W - bw - s(90)
        items = []
        if self.resume_info is not None:
            items.append(("Resume game", "return", self.resume_game, "Continue the game you left", "@primary", "resume"))
        items += [
            ("Play vs AI", "p", lambda: self.go("setup", game=g), "Choose decks and difficulty, then play the AI",
             None if self.resume_info else "@primary", "play_ai"),
            ("Local two-player", "l", lambda: self.go("hotseat_setup", game=g),
             "Hot seat: two people at this screen, hands hidden between turns", None, "hotseat"),
            ("Deck builder", "d", lambda: self.go("deckbuilder", game=g), "Build and edit your decks", None,
             "deckbuilder"),
            ("Rules", "h", lambda: self.go("rules", game=g), "How to play " + gamesinfo.title(g), None, "rules"),
            ("Card gallery", "c", lambda: self.go("cards", game=g), "Every card of the pool", None, "cards"),
            ("Settings", "s", lambda: self.push("settings"), "Window, scale, animation, AI", None, "settings"),
            ("Back", "escape", lambda: self.go("title"), "Back to the game picker", None, "back"),
        ]
        total = len(items) * bh + (len(items) - 1) * gap
        y = max(s(120), (self.H - total) // 2 + s(30))
        for text, key, act, tip, cls, name in items:
            self.button((x, y, bw, bh), text, act, key=key, tip=tip, cls=cls, name=name)
            y += bh + gap
        self.menu_left = x
        self.make_fan(max(s(300), x - s(80) - s(60)))

    def resume_game(self):
        from .setup import start_session_scene
        from engine.core.session import MatchSession
        from engine.core.files import FileProblem
        from ..storage import replays_dir
        try:
            session = MatchSession.resume(self.resume_info.path, replay_folder=replays_dir())
        except (FileProblem, OSError) as e:
            self.app.toast(f"That saved game cannot be resumed: {e}", "error", 6)
            self.resume_info = None
            self.rebuild()
            return
        start_session_scene(self.app, session)

    def draw(self, surf):
        s = self.s
        draw_background(surf)
        g = self.game
        acc = GAME_ACCENT.get(g, PAL["gold"])
        left = s(80)
        draw_text(surf, gamesinfo.title(g), (left, s(70)), s(64), shade(acc, 1.2), title=True, shadow=True)
        width = max(s(300), self.menu_left - left - s(60))
        draw_wrapped(surf, gamesinfo.pitch(g), pygame.Rect(left, s(160), width, s(60)), s(20), PAL["text"])
        if self.resume_info is not None:
            txt = resume_summary(self.resume_info)
            draw_text(surf, str(txt), (left, s(220)), s(15), PAL["muted"], italic=True)
        for img, rr in self.fan:
            surf.blit(img, rr)
        self.draw_ui(surf)

    def make_fan(self, width):
        """A fan of three cards from the pool (rotated once per layout, not per frame)."""
        from ..cards import card_surface
        s = self.s
        self.fan = []
        sp = gamesinfo.spec(self.game)
        if sp is None or not sp.cards:
            return
        cards = sorted(sp.cards.values(), key=lambda c: str(c.id))
        n = len(cards)
        picks = [cards[(i * 7919 + 13) % n] for i in range(3)]
        cw = min(s(200), int((self.H - s(300)) / 1.4))
        cx = s(80) + min(width, s(560)) // 2
        base_y = self.H - s(40)
        for i in (0, 2, 1):
            img = card_surface(self.game, picks[i], cw)
            ang = (1 - i) * 8
            rot = pygame.transform.rotozoom(img, ang, 1.0) if ang else img
            rr = rot.get_rect(midbottom=(cx + (i - 1) * int(cw * 0.78), base_y - (s(18) if i == 1 else 0)))
            self.fan.append((rot, rr))
