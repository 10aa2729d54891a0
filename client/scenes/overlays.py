"""Overlays drawn over a table: pause (Esc), hot-seat hand-off, game over, and a
yes/no confirmation."""
from __future__ import annotations

import pygame

from client.ui.theme import PAL, draw_text, draw_wrapped, ellipsize, fit_named, fit_text, panel
from client.scenes.base import Scene


class _Overlay(Scene):
    transparent = True
    width, height = 460, 420
    heading = ""

    def panel_rect(self):
        s = self.s
        r = pygame.Rect(0, 0, min(self.W - s(40), s(self.width)), min(self.H - s(40), s(self.height)))
        r.center = (self.W // 2, self.H // 2)
        return r

    @property
    def table(self):
        return self.kwargs.get("table")

    def column(self, items, top_pad=100):
        """Vertical buttons: items = (text, action, key, tip, cls, name)."""
        s = self.s
        r = self.panel_rect()
        bw, bh, gap = r.width - s(80), s(48), s(12)
        y = r.top + s(top_pad)
        for text, act, key, tip, cls, name in items:
            self.button((r.left + s(40), y, bw, bh), text, act, key=key, tip=tip, cls=cls, name=name)
            y += bh + gap

    def draw(self, surf):
        s = self.s
        r = self.panel_rect()
        panel(surf, r, colour=PAL["panel"], border=PAL["gold"], radius=s(16))
        if self.heading:
            draw_text(surf, self.heading, (r.centerx, r.top + s(30)), s(32), PAL["gold"], title=True,
                      anchor="midtop")
        self.draw_body(surf, r)
        self.draw_ui(surf)

    def draw_body(self, surf, r):
        pass


def _demo_table(app, game, seed):
    from client.scenes import scene_class
    tcls = scene_class("table", game)
    kw = tcls.demo_kwargs(app, game, seed)
    sc = tcls(app, game=game, **kw)
    sc.name = "table"
    app.scenes.switch(sc)
    return sc


class PauseOverlay(_Overlay):
    height = 500

    @classmethod
    def demo_kwargs(cls, app, game, seed):
        return {"table": _demo_table(app, game, seed)}

    @property
    def online(self) -> bool:
        t = self.table
        return t is not None and t.mode == "online"

    @property
    def heading(self) -> str:
        # online nothing stops: the match (and a live clock) goes on on the server
        return "Match menu" if self.online else "Paused"

    def build(self):
        t = self.table
        quit_tip = ("Leave the table: the match stays on the server; open it again from Play online"
                    if self.online else "The game is saved; resume it from the game's menu")
        items = [("Resume", self.close, "escape", "Back to the table", "@primary", "resume"),
                 ("Settings", lambda: self.push("settings"), "s", "Animation speed, scale, ...", None, "settings"),
                 ("Rules", self.rules, "h", "How to play this game (back here with Esc)", None, "rules"),
                 ("Concede", self.concede, "c", "Give up this game (counts as a loss)", "@danger", "concede"),
                 ("Quit to menu", self.quit_to_menu, "q", quit_tip, None, "quit")]
        if t is not None and t.result() is not None:
            items = [it for it in items if it[5] != "concede"]
        self.column(items)

    def rules(self):
        t = self.table
        game = t.game if t is not None else self.kwargs.get("game")
        self.push("rules", game=game, from_match=True)

    def concede(self):
        t = self.table
        detail = "It counts as a loss."
        if t is not None and t.mode == "hotseat":     # two players at one screen: say which one gives up
            me, other = t.names[t.viewer], t.names[1 - t.viewer]
            detail = f"It counts as a loss for {me}; {other} wins."
        self.push("confirm", question="Concede this game?", detail=detail,
                  yes="Concede", on_yes=lambda: (self.app.scenes.pop(), t.ending.concede() if t else None))

    def quit_to_menu(self):
        game = self.table.game if self.table else self.kwargs.get("game")
        self.go("game_menu", game=game)

    def draw_body(self, surf, r):
        s = self.s
        t = self.table
        if t is None or t.session is None or t.mode == "watch":
            return
        if not self.online:
            line = "Your game is saved after every move."
        elif t.result() is not None:
            line = "The match is over; the server keeps its record."
        elif getattr(t.session, "pace", "live") == "daily":
            line = "The match waits on the server: 24 hours a move."
        else:
            line = "The match goes on on the server: the clock keeps running."
        draw_text(surf, line, (r.centerx, r.bottom - s(36)), s(14), PAL["muted"], anchor="midtop")


class HandoffOverlay(_Overlay):
    """Hot seat: the screen goes dark so hands stay hidden until the next player is ready."""

    dim_below = 255
    heading = ""
    height = 360
    width = 560

    @classmethod
    def demo_kwargs(cls, app, game, seed):
        t = _demo_table(app, game, seed)
        t.names = ["Player 1", "Player 2"]  # a hot-seat screen: two players, no AI
        return {"table": t, "seat": 1}

    def build(self):
        s = self.s
        r = self.panel_rect()
        seat = self.kwargs.get("seat", 1)
        t = self.table
        name = t.names[seat] if t is not None else f"Player {seat + 1}"
        bw, bh = s(360), s(54)
        # (a long name is cut, "— show my cards" stays)
        _, text = fit_named(name, "I am {} — show my cards".format, bw - s(16), s(18), bold=True, min_size=s(18),
                            where="hand-off button")
        self.button((r.centerx - bw // 2, r.bottom - bh - s(36), bw, bh), text,
                    self.ready, key="return", keys=("space",), tip="Reveal your hand and play", cls="@primary",
                    name="ready")

    def ready(self):
        seat = self.kwargs.get("seat", 1)
        t = self.table
        self.close()
        if t is not None:
            t.handoff.done(seat)

    def draw(self, surf):
        surf.fill((8, 9, 13))
        super().draw(surf)

    def draw_body(self, surf, r):
        s = self.s
        seat = self.kwargs.get("seat", 1)
        t = self.table
        name = t.names[seat] if t is not None else f"Player {seat + 1}"
        from client.table.chrome import SEAT_COLOURS
        col = SEAT_COLOURS[seat % 2]
        pygame.draw.circle(surf, col, (r.centerx, r.top + s(70)), s(26))
        draw_text(surf, str(seat + 1), (r.centerx, r.top + s(70)), s(28), (10, 10, 14), bold=True, anchor="center")
        f, line = fit_named(name, "Pass to {}".format, r.width - s(40), s(34), title=True, min_size=s(22),
                            where="hand-off heading")
        draw_text(surf, line, (r.centerx, r.top + s(112)), f.ch_size, PAL["gold"], title=True, anchor="midtop")
        reason = self.kwargs.get("reason")
        if reason:      # what the next player is to decide (a reaction in the other's turn, …)
            draw_wrapped(surf, reason, pygame.Rect(r.left + s(30), r.top + s(160), r.width - s(60), s(66)), s(18),
                         PAL["gold_hi"], bold=True, align="center")
            draw_wrapped(surf, "The other player looks away. Hands stay hidden until you are ready.",
                         pygame.Rect(r.left + s(40), r.top + s(232), r.width - s(80), s(24)), s(14), PAL["muted"],
                         align="center")
        else:
            draw_wrapped(surf, "The other player looks away. Hands stay hidden until you are ready.",
                         pygame.Rect(r.left + s(40), r.top + s(166), r.width - s(80), s(60)), s(17), PAL["text"],
                         align="center")


class GameOverOverlay(_Overlay):
    height = 420
    width = 560

    @classmethod
    def demo_kwargs(cls, app, game, seed):
        t = _demo_table(app, game, seed)
        from engine.core.match import End, Result
        t.ending.conceded = Result(0, End.CONCEDED)
        return {"table": t}

    def build(self):
        s = self.s
        r = self.panel_rect()
        t = self.table
        if t is not None and t.session is not None:  # however the game ended: no live buttons behind us
            t.cancel_drag()
            t.refresh(update_shown=False)
            if t.ui is not None:
                t.ui.update(0.0)  # the table is not updated below us: drop the killed buttons now
        undo = t is not None and t.ending.can_undo()
        n = 3 if undo else 2
        gap = s(16) if undo else s(20)
        bw, bh = (r.width - s(60) - gap * (n - 1)) // n if undo else (r.width - s(100)) // 2, s(50)
        y = r.bottom - bh - s(32)
        x0 = r.left + (s(30) if undo else s(40))
        self.button((x0, y, bw, bh), "Back to menu", self.back, key="escape", tip="The game's menu",
                    name="back")
        if undo:
            self.button((x0 + bw + gap, y, bw, bh), "Undo last move", self.undo, key="ctrl+z",
                        tip="Take back your last decision and play on", name="undo")
        self.button((r.right - (s(30) if undo else s(40)) - bw, y, bw, bh), "Rematch", self.rematch, key="r",
                    keys=("return",), tip="Same decks, a new shuffle", cls="@primary", name="rematch")
        if t is not None and t.session is not None and (t.mode in ("ai", "hotseat") or t.mode == "online"
                                                        and hasattr(t.session.record, "seed")):
            self.button((r.centerx - s(110), y - bh - s(14), s(220), s(44)), "Review", self.review, key="w",
                        tip="Each of your decisions scored by the hard AI, the worst ones marked",
                        name="review", cls="@small")

    def review(self):
        t = self.table
        if t is not None and t.session is not None:
            seat = t.human_seats[0] if t.human_seats else 0
            self.push("review", record=t.session.record.copy(), seat=seat, game=t.game)

    def undo(self):
        t = self.table
        self.close()
        if t is not None:
            t.ending.undo()

    def back(self):
        t = self.table
        self.go("game_menu", game=t.game if t else self.kwargs.get("game"))

    def rematch(self):
        t = self.table
        if t is not None:
            t.ending.rematch()

    def draw_body(self, surf, r):
        s = self.s
        t = self.table
        if t is None:
            return
        res = t.result()
        if res is None:
            return
        if res.winner is None:
            head, col = "Draw", PAL["gold"]
        elif t.mode in ("ai", "online"):
            won = res.winner in t.human_seats
            head, col = ("Victory!", PAL["good"]) if won else ("Defeat", PAL["bad"])
        else:
            head, col = f"{t.names[res.winner]} wins!", PAL["gold"]
        # a shape as well as a colour: a crown for a win, a broken banner for a loss
        from client.cards.icons import draw_icon
        icon = "crown" if (res.winner is not None and (t.mode not in ("ai", "online")
                                                         or res.winner in t.human_seats)) else \
            ("shield" if res.winner is None else "skull")
        draw_icon(surf, icon, pygame.Rect(r.centerx - s(28), r.top + s(26), s(56), s(56)), col)
        # a long name (40 letters) shrinks the heading, then is cut with "…" before " wins!"
        room = r.width - s(40)
        f, fits = fit_text(head, room, s(44), title=True, min_size=s(26))
        if not fits and res.winner is not None and head.startswith(t.names[res.winner]):
            rest = head[len(t.names[res.winner]):]
            head = ellipsize(t.names[res.winner], f, max(1, room - f.size(rest)[0]), where="game over",
                             min_chars=1) + rest
        draw_text(surf, head, (r.centerx, r.top + s(92)), f.ch_size, col, title=True, anchor="midtop")
        reason = t.ending.reason_line(res)  # the heading already names the winner
        draw_wrapped(surf, reason, pygame.Rect(r.left + s(40), r.top + s(160),
                                                                         r.width - s(80), s(56)), s(19),
                     PAL["text"], align="center")
        m = t.match
        draw_text(surf, f"Turns: {m.turn()} · Moves: {len(t.session)}", (r.centerx, r.top + s(226)), s(16),
                  PAL["muted"], anchor="midtop")


class ConfirmOverlay(_Overlay):
    """A yes/no question: kwargs question, detail, yes (label), on_yes, no (label), on_no."""

    height = 280
    width = 520

    def build(self):
        s = self.s
        r = self.panel_rect()
        bw, bh = (r.width - s(100)) // 2, s(48)
        y = r.bottom - bh - s(28)
        self.button((r.left + s(40), y, bw, bh), self.kwargs.get("no", "Cancel"), self.no, key="escape",
                    tip="Don't", name="no")
        self.button((r.right - s(40) - bw, y, bw, bh), self.kwargs.get("yes", "Yes"), self.yes, key="return",
                    tip="Confirm", cls="@danger", name="yes")

    def yes(self):
        fn = self.kwargs.get("on_yes")
        self.close()
        if fn:
            fn()

    def no(self):
        fn = self.kwargs.get("on_no")
        self.close()
        if fn:
            fn()

    def draw_body(self, surf, r):
        s = self.s
        draw_text(surf, self.kwargs.get("question", "Are you sure?"), (r.centerx, r.top + s(36)), s(28),
                  PAL["gold"], title=True, anchor="midtop")
        if self.kwargs.get("detail"):
            draw_wrapped(surf, self.kwargs["detail"], pygame.Rect(r.left + s(40), r.top + s(90), r.width - s(80),
                                                                  s(60)), s(17), PAL["text"], align="center")
