"""The first screen: pick a game (three tiles), settings, replays, quit."""
from __future__ import annotations


import pygame

from client.scenes import gamesinfo
from client.ui.theme import GAME_ACCENT, PAL, draw_text, draw_wrapped, shade
from client.scenes.base import Scene
from client.ui.backdrop import draw_background


class TitleScene(Scene):
    def enter(self):
        self.games = gamesinfo.all_games()
        # engines load after the first frame (one per frame) so the window shows at once
        self.pending = list(self.games)
        self.ready = set()
        self.missing = set()
        self.hover = None
        self.t = 0.0
        self.resume_info = None
        super().enter()

    def _load_step(self):
        g = self.pending.pop(0)
        (self.ready if gamesinfo.spec(g) is not None else self.missing).add(g)
        if self.pending:
            return
        try:
            from client.storage import scan_saves
            rep = scan_saves()
            found = [r for r in rep.items if r.game in self.ready]
            self.resume_info = found[0] if found else None
            msg = rep.message("saved game")
            if msg:
                self.app.toast(msg, "error", 8)
        except Exception as e:  # noqa: BLE001 - a bad save never blocks the title
            self.resume_info = None
            self.app.toast(f"Saved games could not be looked at: {e}", "error", 6)
        note = getattr(self.app.settings, "value_message", None)
        if note:
            self.app.settings.value_message = None
            self.app.toast(note, "error", 8)
        self.rebuild()

    def layout(self):
        s = self.s
        n = len(self.games)
        gap = s(28)
        tw = min(s(360), (self.W - gap * (n + 1)) // n)
        th = min(s(420), self.H - s(310))
        x0 = (self.W - (tw * n + gap * (n - 1))) // 2
        y0 = s(170)
        return [pygame.Rect(x0 + i * (tw + gap), y0, tw, th) for i in range(n)]

    def build(self):
        s = self.s
        self.tiles = self.layout()
        for i, (g, r) in enumerate(zip(self.games, self.tiles)):
            ok = g not in self.missing
            bw, bh = r.width - s(48), s(46)
            self.button((r.centerx - bw // 2, r.bottom - bh - s(18), bw, bh), f"Play {gamesinfo.title(g)}",
                        (lambda g=g: self.open_game(g)), key=str(i + 1), cls="@primary", name=f"play_{g}",
                        tip=f"Open {gamesinfo.title(g)}" if ok else f"{gamesinfo.title(g)} is not installed yet",
                        enabled=ok)
        bw, bh = s(170), s(44)
        y = self.H - bh - s(24)
        if self.resume_info is not None:
            g = self.resume_info.game
            rw = min(s(460), self.W - s(32))
            info = self.resume_info
            meta = info.record.meta
            who = " vs the AI" if meta.get("mode") == "ai" else (" in hot seat" if meta.get("mode") == "hotseat" else "")
            # (short enough to be read whole at every size: "Resume Everdawn in hot seat, turn 12")
            self.button(((self.W - rw) // 2, self.tiles[0].bottom + s(14), rw, s(40)),
                        f"Resume {gamesinfo.title(g)}{who}, turn {info.turn}", self.resume_game,
                        key="return", tip=f"Continue exactly where you left off<br>{info.title()}",
                        cls="@primary", name="resume")
        items = [("Settings", "s", lambda: self.push("settings"), "Window, scale, animation, AI"),
                 ("Replays", "r", lambda: self.go("replays"), "Watch finished games"),
                 ("Credits", "c", lambda: self.go("credits"), "Who made the card pictures and fonts"),
                 ("Quit", "q", self.app.quit, "Leave Cardhall")]
        total = len(items) * bw + (len(items) - 1) * s(16)
        x = (self.W - total) // 2
        for text, key, act, tip in items:
            self.button((x, y, bw, bh), text, act, key=key, tip=tip, name=text.lower())
            x += bw + s(16)

    def resume_game(self):
        from client.scenes.saved_games import resume_saved_game
        info = self.resume_info
        if info is None:
            return None
        t = resume_saved_game(self.app, info)
        if t is None:  # could not be resumed (message shown, file set aside)
            self.resume_info = None
            self.rebuild()
        return t

    def open_game(self, g):
        if gamesinfo.spec(g) is None:
            self.app.toast(f"{gamesinfo.title(g)} is not installed in this build yet.", "error")
            return
        self.go("game_menu", game=g)

    def handle_event(self, ev):
        if ev.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, r in enumerate(self.tiles) if r.collidepoint(ev.pos)), None)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for g, r in zip(self.games, self.tiles):
                if r.collidepoint(ev.pos):
                    self.open_game(g)
                    return

    def wake_in(self):
        return 0.0 if self.pending else super().wake_in()  # the games load one per frame

    def update(self, dt):
        self.t += dt
        if self.pending and self.app.frame >= 1:
            self._load_step()
        super().update(dt)

    def draw(self, surf):
        s = self.s
        draw_background(surf, self.t)
        draw_text(surf, "Cardhall", (self.W // 2, s(28)), s(68), PAL["gold"], title=True, anchor="midtop",
                  shadow=True)
        draw_text(surf, "Three card games. One hall. Play the AI, or a friend here or online.",
                  (self.W // 2, s(116)), s(19), PAL["muted"], anchor="midtop")
        from client.cards import back_surface, card_surface
        for i, (g, r) in enumerate(zip(self.games, self.tiles)):
            acc = GAME_ACCENT[g]
            ok = g not in self.missing
            hov = self.hover == i
            lift = s(6) if hov and ok else 0
            rr = r.move(0, -lift)
            tile = pygame.Surface(rr.size, pygame.SRCALPHA)
            pygame.draw.rect(tile, (*shade(acc, 0.16), 240), tile.get_rect(), border_radius=s(16))
            band = pygame.Rect(0, 0, rr.width, s(6))
            pygame.draw.rect(tile, acc, band, border_top_left_radius=s(16), border_top_right_radius=s(16))
            surf.blit(tile, rr)
            pygame.draw.rect(surf, acc if (hov and ok) else shade(acc, 0.6), rr, s(3 if hov else 2),
                             border_radius=s(16))
            draw_text(surf, gamesinfo.title(g), (rr.centerx, rr.top + s(18)), s(30), shade(acc, 1.25),
                      title=True, anchor="midtop")
            pitch = draw_wrapped(surf, gamesinfo.pitch(g), pygame.Rect(rr.left + s(22), rr.top + s(62),
                                                                       rr.width - s(44), s(52)), s(15), PAL["text"],
                                 align="center")
            # the card between the pitch and the Play button (at 200 % in 1280x720 a smaller one
            # there, where the room under a fixed top left none)
            top = max(pitch.bottom + s(8), rr.top + s(122)) if rr.height - s(200) >= s(60) * 1.4 else \
                pitch.bottom + s(8)
            room = rr.bottom - s(46) - s(18) - s(10) - top
            cw = min(s(150), int(room / 1.4))
            if cw < 60:
                continue  # no room for a readable card: the tile keeps its words, not a stamp
            card = gamesinfo.showcase_card(g) if g in self.ready else None
            img = card_surface(g, card, cw) if card is not None else back_surface(g, cw)
            ir = img.get_rect(midtop=(rr.centerx, top))
            if hov and ok:
                glow = pygame.Surface(ir.inflate(s(16), s(16)).size, pygame.SRCALPHA)
                pygame.draw.rect(glow, (*acc, 70), glow.get_rect(), border_radius=s(14))
                surf.blit(glow, ir.inflate(s(16), s(16)))
            surf.blit(img, ir)
            if g in self.missing:
                draw_text(surf, "coming soon", (rr.centerx, ir.bottom + s(4)), s(14), PAL["dim"], italic=True,
                          anchor="midtop")
        self.draw_ui(surf)
