"""One game's menu: resume, play vs AI, hot seat, deck builder, rules, cards, settings, back."""
from __future__ import annotations

import pygame

from client.scenes import gamesinfo
from client.ui.theme import GAME_ACCENT, PAL, draw_text, draw_wrapped, shade
from client.scenes.base import Scene
from client.ui.backdrop import draw_background
from client.scenes.saved_games import find_saves, resume_saved_game


def resume_summary(info) -> str:
    import time as _t
    meta = info.record.meta
    mode = meta.get("mode")
    who = "against the AI" if mode == "ai" else ("hot seat" if mode == "hotseat" else "")
    when = _t.strftime("%d %b %H:%M", _t.localtime(info.saved_at))
    from engine.core.text import count
    return f"Saved game {who}: turn {info.turn}, {count(info.actions, 'move')}, saved {when}."


def online_note(game: str) -> str:
    """"Your online match with Bo goes on: Play online to sit down again." — or "" when no
    online match of ``game`` is known to go on."""
    try:
        from client.scenes.online_prefs import going_on
        friends = going_on(game)
    except Exception:  # noqa: BLE001 - the menu shows without it
        return ""
    if not friends:
        return ""
    if len(friends) == 1:
        if not friends[0]:
            return "Your online match waits for your friend to join: Play online shows its code."
        return f"Your online match with {friends[0]} goes on: Play online to sit down again."
    from engine.core.text import count
    return f"{count(len(friends), 'online match', 'online matches')} of yours go on: Play online lists them."


class GameMenuScene(Scene):
    #: the words offering the lessons (empty: no offer)
    offer = ""
    #: where those words are drawn
    offer_box = None
    def enter(self):
        self.game = self.kwargs.get("game") or gamesinfo.default_game()
        self.saves = find_saves(self.game, self.app)
        self.resume_info = self.saves[0] if self.saves else None
        self.online_note = online_note(self.game)
        super().enter()
        self.offer_lessons()

    def offer_lessons(self):
        """A player's first visit to this game: Learn to play is offered (a note beside the
        menu, its button highlighted); the visit is remembered, so the offer is made once."""
        from client.table.tutorial import game_progress, update_progress
        self.offer = ""
        try:
            prog = game_progress(self.game)
            if prog["offered"] or prog["done"]:
                return
            update_progress(self.game, offered=True)
            from client.table.tutorial import course
            mins = course(self.game).minutes
        except Exception:  # noqa: BLE001 - the menu shows without the offer
            return
        about = f" in about {mins} minutes" if mins else ""
        self.offer = (f"New to {gamesinfo.title(self.game)}? Learn to play teaches it{about}: a guided first "
                      f"game on the real table, one rule at a time.")
        self.rebuild()

    def build(self):
        s = self.s
        g = self.game
        bw, bh, gap = s(340), s(50), s(12)
        x = self.W - bw - s(90)
        items = []
        if self.resume_info is not None:
            items.append(("Resume game", "return", self.resume_game, "Continue the game you left last",
                          "@primary", "resume"))
        if len(self.saves) > 1:
            items.append((f"Saved games ({len(self.saves)})", "g", self.open_saves,
                          "Every saved game of this game: resume one, or abandon it to Replays", None, "saves"))
        items += [
            ("Play vs AI", "p", lambda: self.go("setup", game=g), "Choose decks and difficulty, then play the AI",
             None if self.resume_info or self.offer else "@primary", "play_ai"),
            ("Learn to play", "t", lambda: self.go("lessons", game=g),
             "A guided first game in short lessons, against a scripted opponent",
             "@primary" if self.offer else None, "learn"),
            ("Local two-player", "l", lambda: self.go("hotseat_setup", game=g),
             "Hot seat: two people at this screen, hands hidden between turns", None, "hotseat"),
            ("Play online", "o", lambda: self.go("online", game=g),
             "Host a match for a friend on another computer, or join theirs", None, "online"),
            ("Deck builder", "d", lambda: self.go("deckbuilder", game=g), "Build and edit your decks", None,
             "deckbuilder"),
            ("Rules", "h", lambda: self.go("rules", game=g), "How to play " + gamesinfo.title(g), None, "rules"),
            ("Card gallery", "c", lambda: self.go("cards", game=g), "Every card of the pool", None, "cards"),
            ("Replays", "r", lambda: self.go("replays", game=g, filter=g),
             f"Watch your finished {gamesinfo.title(g)} games again", None, "replays"),
            ("Settings", "s", lambda: self.push("settings"), "Window, scale, animation, AI", None, "settings"),
            ("Back", "escape", lambda: self.go("title"), "Back to the game picker", None, "back"),
        ]
        room = self.H - s(140)
        if len(items) * s(36) + (len(items) - 1) * gap > room:
            gap = s(8)                                    # eleven buttons at 200 %: closer together
        bh = max(s(32), min(bh, (room - (len(items) - 1) * gap) // len(items)))  # fits 720p
        total = len(items) * bh + (len(items) - 1) * gap
        y = max(s(120), (self.H - total) // 2 + s(30))
        self.learn_rect = None
        for text, key, act, tip, cls, name in items:
            self.button((x, y, bw, bh), text, act, key=key, tip=tip, cls=cls, name=name)
            if name == "learn":
                self.learn_rect = pygame.Rect(x, y, bw, bh)
            y += bh + gap
        self.menu_left = x
        self.make_fan(max(s(300), x - s(80) - s(60)))

    def open_saves(self):
        from client.scenes.saved_games import SavedGamesOverlay
        self.push(SavedGamesOverlay(self.app, game=self.game, saves=list(self.saves), on_change=self.saves_changed))

    def saves_changed(self):
        """A saved game was abandoned from the list: the menu follows."""
        self.saves = find_saves(self.game, self.app)
        self.resume_info = self.saves[0] if self.saves else None
        self.rebuild()

    def resume_game(self):
        t = resume_saved_game(self.app, self.resume_info) if self.resume_info is not None else None
        if t is None:
            self.resume_info = None
            self.rebuild()
        return t

    def draw(self, surf):
        s = self.s
        draw_background(surf)
        g = self.game
        acc = GAME_ACCENT.get(g, PAL["gold"])
        left = s(80)
        draw_text(surf, gamesinfo.title(g), (left, s(70)), s(64), shade(acc, 1.2), title=True, shadow=True)
        width = max(s(300), self.menu_left - left - s(60))
        draw_wrapped(surf, gamesinfo.pitch(g), pygame.Rect(left, s(160), width, s(60)), s(20), PAL["text"])
        y = s(220)
        if self.resume_info is not None:
            txt = resume_summary(self.resume_info)
            if len(self.saves) > 1:
                txt += f" {len(self.saves) - 1} more in Saved games."
            draw_text(surf, str(txt), (left, y), s(15), PAL["muted"], italic=True)
            y += s(24)
        if self.online_note:
            draw_wrapped(surf, self.online_note, pygame.Rect(left, y, width, s(44)), s(15), PAL["muted"],
                         italic=True, max_lines=2)
        if self.offer and self.learn_rect is not None:
            y = self.draw_offer(surf, width, y + s(50))
        for img, rr in self.fan:
            if not (self.offer_box and rr.colliderect(self.offer_box)):
                surf.blit(img, rr)
        self.draw_ui(surf)

    def draw_offer(self, surf, width, y):
        """The first visit's note beside the menu, with an arrow to Learn to play."""
        from client.table.guidance import draw_arrow, draw_outline
        from client.ui.theme import font, panel, wrap_lines
        s = self.s
        w = min(width, s(520))
        f = font(s(18))
        lines = wrap_lines(self.offer, f, w - s(32))
        box = pygame.Rect(s(80), y, w, s(24) + len(lines) * f.get_linesize())
        box.centery = max(box.centery, self.learn_rect.centery)
        self.offer_box = box
        panel(surf, box, border=PAL["gold"], radius=s(10))
        ty = box.top + s(12)
        for ln in lines:
            draw_text(surf, ln, (box.left + s(16), ty), s(18), PAL["text"])
            ty += f.get_linesize()
        draw_outline(surf, self.learn_rect, self.app.scale, 0.6)
        start = pygame.Rect(box.right - s(40), box.top, 1, 1)       # from the note's top edge
        end = pygame.Rect(self.learn_rect.left, self.learn_rect.centery, 1, 1)   # to the button's side
        draw_arrow(surf, start, end, self.app.scale, 0.6)
        return box.bottom

    def make_fan(self, width):
        """A fan of three cards from the pool (rotated once per layout, not per frame)."""
        from client.cards import card_surface
        s = self.s
        self.fan = []
        sp = gamesinfo.spec(self.game)
        if sp is None or not sp.cards:
            return
        cards = sorted(sp.cards.values(), key=lambda c: str(c.id))
        n = len(cards)
        picks = [cards[(i * 7919 + 13) % n] for i in range(3)]
        # side by side, the middle one only touching the tilted ones' outer corners: no card
        # covers another's words (the middle card hid half of Plate Armour's text)
        step = 1.1
        cw = max(s(60), min(s(200), int((self.H - s(300)) / 1.4), int(width / (2 * step + 1.05))))
        cx = s(80) + int(cw * (step + 0.55))
        base_y = self.H - s(40)
        for i in (0, 2, 1):
            img = card_surface(self.game, picks[i], cw)
            ang = (1 - i) * 8
            rot = pygame.transform.rotozoom(img, ang, 1.0) if ang else img
            rr = rot.get_rect(midbottom=(cx + (i - 1) * int(cw * step), base_y - (s(18) if i == 1 else 0)))
            self.fan.append((rot, rr))
        self.fan_width = cw
