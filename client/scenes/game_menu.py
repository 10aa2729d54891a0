"""One game's menu: resume, play vs AI, hot seat, deck builder, rules, cards, settings, back."""
from __future__ import annotations

import pygame

from client.scenes import gamesinfo
from client.ui.theme import GAME_ACCENT, PAL, draw_text, draw_wrapped, shade
from client.scenes.base import Scene
from client.scenes.title import draw_background


def find_resume(game, app=None):
    """The newest resumable autosave of ``game`` (a ResumeInfo), or None. Saves
    that cannot be used are set aside unchanged (and named in a toast)."""
    try:
        from client.storage import scan_saves
        rep = scan_saves(game)
    except Exception as e:  # noqa: BLE001 - a bad save never blocks the menu
        if app is not None:
            app.toast(f"Saved games could not be looked at: {e}", "error", 6)
        return None
    msg = rep.message("saved game")
    if msg and app is not None:
        app.toast(msg, "error", 8)
    return rep.items[0] if rep.items else None


def table_kwargs(session) -> dict:
    """How to open the table for a (new or resumed) session, from its meta: the
    mode, the human seat, the AI level (``meta["ai"]`` as a level name or as
    ``{"seat", "level", "seed"}``); the AI seed is read by the table itself."""
    meta = session.meta
    mode = meta.get("mode", "ai")
    kw = {"game": session.game, "session": session, "mode": mode}
    if mode == "ai":
        ai = meta.get("ai")
        human = meta.get("human")
        if not (isinstance(human, int) and human in (0, 1)):
            human = 1 - ai["seat"] if isinstance(ai, dict) and ai.get("seat") in (0, 1) else 0
        level = ai.get("level") if isinstance(ai, dict) else ai
        kw["human_seats"] = (human,)
        kw["ai_level"] = level if isinstance(level, str) else "normal"
    elif mode == "hotseat":
        kw["human_seats"] = (0, 1)
    else:
        kw["mode"] = "watch"
    return kw


def resume_saved_game(app, info):
    """Open the table on the autosaved game ``info`` (exact position, AI level and
    seed from the save). On failure the file is set aside, a toast says why, and
    None is returned."""
    from engine.core.autosave import SaveInUse
    from engine.core.files import FileProblem
    from engine.core.session import MatchSession
    from client.storage import replays_dir, set_aside_file
    try:
        session = MatchSession.resume(info.path, replay_folder=replays_dir())
    except SaveInUse as e:  # another copy of Cardhall is playing it: leave the file alone
        app.toast(str(e), "error", 6)
        return None
    except FileProblem as e:
        note = set_aside_file(info.path)
        app.toast(f"That saved game cannot be resumed and was set aside unchanged: {e}{note}", "error", 8)
        return None
    except OSError as e:
        app.toast(f"That saved game cannot be read: {e}", "error", 6)
        return None
    return app.scenes.switch("table", **table_kwargs(session))


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
        from client.scenes.online import going_on
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
    def enter(self):
        self.game = self.kwargs.get("game") or gamesinfo.default_game()
        self.resume_info = find_resume(self.game, self.app)
        self.online_note = online_note(self.game)
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
        bh = max(s(36), min(bh, (self.H - s(140) - (len(items) - 1) * gap) // len(items)))  # fits 720p
        total = len(items) * bh + (len(items) - 1) * gap
        y = max(s(120), (self.H - total) // 2 + s(30))
        for text, key, act, tip, cls, name in items:
            self.button((x, y, bw, bh), text, act, key=key, tip=tip, cls=cls, name=name)
            y += bh + gap
        self.menu_left = x
        self.make_fan(max(s(300), x - s(80) - s(60)))

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
            draw_text(surf, str(txt), (left, y), s(15), PAL["muted"], italic=True)
            y += s(24)
        if self.online_note:
            draw_wrapped(surf, self.online_note, pygame.Rect(left, y, width, s(44)), s(15), PAL["muted"],
                         italic=True, max_lines=2)
        for img, rr in self.fan:
            surf.blit(img, rr)
        self.draw_ui(surf)

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
        cw = min(s(200), int((self.H - s(300)) / 1.4))
        cx = s(80) + min(width, s(560)) // 2
        base_y = self.H - s(40)
        for i in (0, 2, 1):
            img = card_surface(self.game, picks[i], cw)
            ang = (1 - i) * 8
            rot = pygame.transform.rotozoom(img, ang, 1.0) if ang else img
            rr = rot.get_rect(midbottom=(cx + (i - 1) * int(cw * 0.78), base_y - (s(18) if i == 1 else 0)))
            self.fan.append((rot, rr))
