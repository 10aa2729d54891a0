"""Saved games are never replaced without asking: a game's menu lists its saved
games (each can be resumed or abandoned), and starting a new game while one of
that mode is saved asks first — resume it, keep it and start another, or
abandon it. An abandoned game is kept in Replays, marked unfinished
(:func:`engine.core.autosave.abandon`)."""
from __future__ import annotations

import time

import pygame

from client.ui.theme import PAL, draw_text, draw_wrapped, ellipsize, fit_text
from client.scenes.overlays import _Overlay
from client.table.start import table_kwargs

MODE_WORDS = {"ai": "against the AI", "hotseat": "in hot seat"}


def find_saves(game, app=None) -> list:
    """The resumable autosaves of ``game`` (ResumeInfo), newest first. Saves that
    cannot be used are set aside unchanged (and named in a toast)."""
    try:
        from client.storage import scan_saves
        rep = scan_saves(game)
    except Exception as e:  # noqa: BLE001 - a bad save never blocks the menu
        if app is not None:
            app.toast(f"Saved games could not be looked at: {e}", "error", 6)
        return []
    msg = rep.message("saved game")
    if msg and app is not None:
        app.toast(msg, "error", 8)
    return list(rep.items)


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


def saves_of(game, mode=None, app=None) -> list:
    """The saved games of ``game`` (of ``mode`` when given), newest first; the
    ones open in another Cardhall window left out."""
    return [r for r in find_saves(game, app) if not r.in_use and (mode is None or r.mode == mode)]


def save_head(info) -> str:
    """'Against the AI (hard) — turn 14, 41 moves'."""
    from engine.core.text import count
    ai = info.record.meta.get("ai")
    who = {"ai": "Against the AI", "hotseat": "Hot seat"}.get(info.mode, "Saved game")
    if info.mode == "ai" and isinstance(ai, dict) and isinstance(ai.get("level"), str):
        who += f" ({ai['level']})"
    return f"{who} — turn {info.turn}, {count(info.actions, 'move')}"


def save_line(info) -> str:
    """'Verdant Tide vs Ember Quake — saved 6 Dec 14:05'."""
    rec = info.record
    when = time.strftime("%d %b %H:%M", time.localtime(info.saved_at)).lstrip("0")
    return f"{rec.decks[0].name} vs {rec.decks[1].name} — saved {when}"


def abandon_save(app, info) -> bool:
    """Give the saved game up: kept in Replays, marked unfinished. A toast says what
    happened; False (the save stays) when it could not be kept."""
    from engine.core.autosave import SaveInUse, abandon
    from engine.core.files import FileProblem
    from client.storage import replays_dir
    try:
        abandon(info.path, replays_dir(), record=info.record)
    except SaveInUse as e:
        app.toast(str(e), "error", 6)
        return False
    except (FileProblem, OSError) as e:
        app.toast(f"That saved game could not be moved to Replays, so it stays saved: {e}", "error", 6)
        return False
    app.toast("The game was abandoned: it is in Replays, marked unfinished.", "good", 4)
    return True


class NewGameOverSave(_Overlay):
    """Starting a game while one of that mode is saved: "Resume it", "Keep it and
    start another", "Abandon it and start" or Cancel. kwargs: ``saves`` (newest
    first), ``start`` (starts the new game), ``mode``."""

    name = "save_choice"
    width, height = 640, 430

    def build(self):
        s = self.s
        r = self.panel_rect()
        n = len(self.kwargs.get("saves") or ())
        it = "it" if n == 1 else "them"
        items = [("Resume it" if n == 1 else "Resume the newest", self.resume, "return",
                  "Go back to the saved game", "@primary", "resume_saved"),
                 (f"Keep {it} and start another", self.keep, "k",
                  "The saved game stays in the game's menu", None, "keep_saved"),
                 ("Abandon it and start" if n == 1 else "Abandon the newest and start", self.abandon, "a",
                  "The saved game goes to Replays, marked unfinished", "@danger", "abandon_saved"),
                 ("Cancel", self.close, "escape", "Back to the set-up", None, "cancel")]
        bw, bh, gap = r.width - s(80), s(44), s(10)
        y = r.bottom - s(24) - len(items) * bh - (len(items) - 1) * gap
        for text, act, key, tip, cls, name in items:
            self.button((r.left + s(40), y, bw, bh), text, act, key=key, tip=tip, cls=cls, name=name)
            y += bh + gap

    def _newest(self):
        return (self.kwargs.get("saves") or [None])[0]

    def resume(self):
        info = self._newest()
        self.close()
        if info is not None:
            resume_saved_game(self.app, info)

    def keep(self):
        self.close()
        self.kwargs["start"]()

    def abandon(self):
        info = self._newest()
        if info is not None and not abandon_save(self.app, info):
            return
        self.close()
        self.kwargs["start"]()

    def draw_body(self, surf, r):
        s = self.s
        saves = self.kwargs.get("saves") or []
        head = "A game is saved" if len(saves) == 1 else f"{len(saves)} games are saved"
        draw_text(surf, head, (r.centerx, r.top + s(24)), s(28), PAL["gold"], title=True, anchor="midtop")
        if not saves:
            return
        first = "Your saved game" if len(saves) == 1 else "The newest"
        draw_wrapped(surf, f"{first}: {save_head(saves[0])[0].lower()}{save_head(saves[0])[1:]}.",
                     pygame.Rect(r.left + s(36), r.top + s(72), r.width - s(72), s(50)), s(17), PAL["text"],
                     bold=True, align="center")
        draw_wrapped(surf, save_line(saves[0]) + ". An abandoned game goes to Replays, marked unfinished.",
                     pygame.Rect(r.left + s(36), r.top + s(124), r.width - s(72), s(50)), s(15), PAL["muted"],
                     align="center")


class SavedGamesOverlay(_Overlay):
    """The saved games of a game, newest first: each with Resume and Abandon.
    kwargs: ``game``, ``saves``, ``on_change`` (called after an abandon)."""

    name = "saved_games"
    width = 820
    ROW = 56

    @property
    def height(self):
        n = max(1, len(self.kwargs.get("saves") or ()))
        return 130 + n * self.ROW + 70

    def rows_shown(self) -> list:
        s = self.s
        r = self.panel_rect()
        room = max(1, (r.height - s(200)) // s(self.ROW))
        return list(self.kwargs.get("saves") or ())[:room]

    def build(self):
        s = self.s
        r = self.panel_rect()
        y = r.top + s(86)
        for i, info in enumerate(self.rows_shown()):
            bx = r.right - s(24) - s(110)
            self.button((bx - s(120), y + s(8), s(110), s(40)), "Resume",
                        (lambda info=info: self.resume(info)), key=str(i + 1) if i < 9 else None,
                        tip="Go back to this game", cls="@primary" if i == 0 else "@small", name=f"resume_{i}")
            self.button((bx, y + s(8), s(110), s(40)), "Abandon", (lambda info=info: self.abandon(info)),
                        tip="Give this game up: it goes to Replays, marked unfinished", cls="@small",
                        name=f"abandon_{i}")
            y += s(self.ROW)
        bw, bh = s(160), s(44)
        self.button((r.centerx - bw // 2, r.bottom - bh - s(20), bw, bh), "Back", self.close, key="escape",
                    tip="Back to the game's menu", name="back")

    def resume(self, info):
        self.close()
        resume_saved_game(self.app, info)

    def abandon(self, info):
        if not abandon_save(self.app, info):
            return
        self.kwargs["saves"] = [x for x in self.kwargs.get("saves") or () if x.path != info.path]
        cb = self.kwargs.get("on_change")
        if cb is not None:
            cb()
        if not self.kwargs["saves"]:
            self.close()
            return
        self.rebuild()

    def draw_body(self, surf, r):
        s = self.s
        draw_text(surf, "Saved games", (r.centerx, r.top + s(22)), s(30), PAL["gold"], title=True, anchor="midtop")
        y = r.top + s(86)
        room = r.width - s(24) - s(110) - s(130) - s(36) - s(12)
        for info in self.rows_shown():
            head = save_head(info)
            f, _ = fit_text(head, room, s(17), bold=True, min_size=max(9, s(13)))
            draw_text(surf, ellipsize(head, f, room, where="saved game"), (r.left + s(36), y + s(6)), f.ch_size,
                      PAL["text"], bold=True)
            draw_wrapped(surf, save_line(info), pygame.Rect(r.left + s(36), y + s(28), room, s(26)), s(14),
                         PAL["muted"], max_lines=1)
            y += s(self.ROW)
        hidden = len(self.kwargs.get("saves") or ()) - len(self.rows_shown())
        if hidden > 0:
            draw_text(surf, f"and {hidden} older", (r.left + s(36), y + s(4)), s(13), PAL["muted"], italic=True)
