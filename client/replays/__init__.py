"""The Replays screen: the finished games kept under the user data folder (the
newest 50), each with its game, decks, result and date; pick one and watch it
on the game's own table in replay mode (:mod:`client.replays.controller`) from
one player's seat (hidden cards stay hidden) or with everything revealed.

Files that cannot be used (damaged, wrong game, unknown cards, too large, or a
game that does not replay) are set aside unchanged and named in a message.
"""
from __future__ import annotations

import time

import pygame

from engine.core.match import reason_clause
from engine.core.text import count

from client.scenes import gamesinfo
from client.scenes.base import Scene
from client.ui.backdrop import draw_background
from client.ui.theme import GAME_ACCENT, PAL, draw_text, draw_wrapped, ellipsize, fit_named, font, panel, shade


def _when(info) -> str:
    f = info.finished
    try:
        t = time.strptime(f, "%Y-%m-%dT%H:%M:%S")
        return time.strftime("%d %b %Y %H:%M", t)
    except (ValueError, TypeError):
        try:
            return time.strftime("%d %b %Y %H:%M", time.localtime(info.path.stat().st_mtime))
        except OSError:
            return ""


def _outcome(info) -> tuple[str, tuple]:
    r = info.result
    meta = info.record.meta
    if r is None:
        return "unfinished", PAL["muted"]
    # the names the rest of the program uses ("the AI", not "Player 2"); no full stop after the dash
    from client.table.named import seat_names
    human = meta.get("human")
    names = seat_names(info.names, meta.get("mode", ""), (human,) if human in (0, 1) else ())
    reason = reason_clause(r, names)
    if r.winner is None:
        return f"Draw — {reason}", PAL["gold"]
    if meta.get("mode") == "ai" and meta.get("human") in (0, 1):
        won = r.winner == meta.get("human")
        return (f"{'Won' if won else 'Lost'} — {reason}", PAL["good"] if won else PAL["bad"])
    return f"{info.names[r.winner]} won — {reason}", PAL["gold"]


def _mode(info) -> str:
    meta = info.record.meta
    m = meta.get("mode")
    if m == "ai":
        ai = meta.get("ai")
        level = ai.get("level") if isinstance(ai, dict) else ai
        return f"vs AI ({level})" if isinstance(level, str) else "vs AI"
    if m == "hotseat":
        return "hot seat"
    if m == "watch":
        return "AI vs AI"
    return ""


class ReplaysScene(Scene):
    #: (row, time) of the last click, for a double click
    _last_click = (None, -9.0)
    ROW_H = 58

    @classmethod
    def demo_kwargs(cls, app, game, seed):
        """For screenshots: make a few finished games when there are none."""
        from client.storage import replays_dir
        from engine.core.replays import list_replays
        if not list_replays(replays_dir(), set_aside_bad=False):
            make_demo_replays(replays_dir(), 6, seed)
        return {}

    def enter(self):
        from client.storage import scan_replays
        self.filter = self.kwargs.get("filter", self.kwargs.get("game_filter"))
        self.back_to = self.kwargs.get("game")
        rep = scan_replays()
        self.all = rep.items
        msg = rep.message("replay file")
        if msg:
            self.app.toast(msg, "error", 8)
        self.scroll = 0
        self.selected = 0
        sel = self.kwargs.get("selected")
        self._apply_filter()
        if sel is not None:
            for i, info in enumerate(self.items):
                if info.path == sel:
                    self.selected = i
        super().enter()

    def _apply_filter(self):
        self.items = [i for i in self.all if self.filter is None or i.game == self.filter]
        self.selected = min(self.selected, max(0, len(self.items) - 1))

    # ------------------------------------------------------------ layout
    def list_rect(self):
        s = self.s
        w = int(self.W * 0.58)
        return pygame.Rect(s(40), s(150), w - s(40), self.H - s(150) - s(90))

    def detail_rect(self):
        s = self.s
        lr = self.list_rect()
        return pygame.Rect(lr.right + s(24), lr.top, self.W - lr.right - s(24) - s(40), lr.height)

    def visible_rows(self) -> int:
        return max(1, (self.list_rect().height - self.s(12)) // self.s(self.ROW_H))

    def row_rect(self, i):
        s = self.s
        lr = self.list_rect()
        k = i - self.scroll
        return pygame.Rect(lr.left + s(8), lr.top + s(6) + k * s(self.ROW_H), lr.width - s(24), s(self.ROW_H) - s(6))

    def build(self):
        s = self.s
        x = s(40)
        y = s(96)
        for label, g in [("All games", None)] + [(gamesinfo.title(g), g) for g in gamesinfo.all_games()]:
            w = s(150)
            self.button((x, y, w, s(38)), label, (lambda g=g: self.set_filter(g)), name=f"filter_{g or 'all'}",
                        tip=f"Show {'every game' if g is None else gamesinfo.title(g)}",
                        cls="@toggle_on" if self.filter == g else "@toggle")   # one size, the chosen one gold
            x += w + s(10)
        d = self.detail_rect()
        bw, bh, gap = d.width - s(48), s(46), s(10)
        by = d.bottom - s(24) - 3 * bh - 2 * gap
        ok = bool(self.items)
        names = self.items[self.selected].names if ok else ["Player 1", "Player 2"]
        default = self._default_seat()
        for i, (text, seat, reveal, key, name) in enumerate([
                (f"Watch as {names[0]}", 0, False, "1", "watch0"),
                (f"Watch as {names[1]}", 1, False, "2", "watch1"),
                ("Watch with every card shown", None, True, "a", "watch_all")]):
            self.button((d.left + s(24), by + i * (bh + gap), bw, bh), text,
                        (lambda seat=seat, reveal=reveal: self.watch(seat, reveal)), key=key,
                        keys=("return",) if (seat == default and not reveal) else (),
                        tip="Hidden cards stay hidden" if not reveal else "Both hands and decks shown",
                        cls="@primary" if seat == default and not reveal else None, name=name, enabled=ok)
        self.button((s(40), self.H - s(70), s(160), s(46)), "Back", self.back, key="escape",
                    tip="Back to the menu", name="back")

    def _default_seat(self):
        if not self.items:
            return 0
        meta = self.items[self.selected].record.meta
        h = meta.get("human")
        return h if meta.get("mode") == "ai" and h in (0, 1) else 0

    # ------------------------------------------------------------ actions
    def set_filter(self, g):
        self.filter = g
        self.scroll = 0
        self.selected = 0
        self._apply_filter()
        self.rebuild()

    def select(self, i):
        if not self.items:
            return
        i = max(0, min(len(self.items) - 1, i))
        if i != self.selected:
            self.selected = i
            n = self.visible_rows()
            if i < self.scroll:
                self.scroll = i
            elif i >= self.scroll + n:
                self.scroll = i - n + 1
            self.rebuild()

    def back(self):
        if self.back_to:
            self.go("game_menu", game=self.back_to)
        else:
            self.go("title")

    def watch(self, seat=None, reveal=False):
        """Open the selected replay on its game's table, read-only."""
        from engine.core.files import FileProblem
        from engine.core.replays import load_replay
        from client.storage import set_aside_file
        from client.replays.controller import ReplayController
        if not self.items:
            return None
        info = self.items[self.selected]
        try:
            rec = load_replay(info.path)
            ctrl = ReplayController(rec, info.path)
        except FileProblem as e:
            note = set_aside_file(info.path)
            self.app.toast(f"This replay cannot be shown and was set aside unchanged: {e}{note}", "error", 8)
            self.all = [i for i in self.all if i.path != info.path]
            self._apply_filter()
            self.rebuild()
            return None
        except OSError as e:
            self.app.toast(f"This replay cannot be read: {e}", "error", 6)
            return None
        ctrl.return_kwargs = {"game": self.back_to, "filter": self.filter, "selected": info.path}
        if gamesinfo.spec(rec.game) is None:
            self.app.toast(f"{gamesinfo.title(rec.game)} is not installed in this build.", "error")
            return None
        return self.app.scenes.switch("table", **ctrl.table_kwargs(viewer=seat if seat is not None else None,
                                                                    reveal=reveal))

    def handle_event(self, ev):
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            lr = self.list_rect()
            if lr.collidepoint(ev.pos):
                for i in range(self.scroll, min(len(self.items), self.scroll + self.visible_rows())):
                    if self.row_rect(i).collidepoint(ev.pos):
                        if i == self.selected and self._last_click[0] == i \
                                and self.app.now - self._last_click[1] < 0.4:
                            self.watch(self._default_seat())
                            return
                        self._last_click = (i, self.app.now)
                        self.select(i)
                        return
        elif ev.type == pygame.MOUSEWHEEL:
            if self.list_rect().collidepoint(self.app.mouse):
                top = max(0, len(self.items) - self.visible_rows())
                self.scroll = max(0, min(top, self.scroll - ev.y))
        elif ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_DOWN:
                self.select(self.selected + 1)
            elif ev.key == pygame.K_UP:
                self.select(self.selected - 1)

    # ------------------------------------------------------------ drawing
    def draw(self, surf):
        s = self.s
        draw_background(surf)
        draw_text(surf, "Replays", (s(40), s(28)), s(48), PAL["gold"], title=True, shadow=True)
        n_all = len(self.all)
        if n_all == 0:
            line = "Every game you finish is kept here (up to 50)."
        else:
            what = "Your last finished game" if n_all == 1 else f"The last {count(n_all, 'finished game')}"
            line = f"{what} (up to 50 are kept). Pick one to watch it again."
        draw_text(surf, line, (s(280), s(48)), s(17), PAL["muted"])
        lr = self.list_rect()
        panel(surf, lr, radius=s(14))
        if not self.items:
            msg = "No finished games yet. Every game you finish is kept here." if self.filter is None else \
                f"No finished {gamesinfo.title(self.filter)} games yet."
            draw_wrapped(surf, msg, lr.inflate(-s(60), -s(60)), s(20), PAL["muted"], align="center")
        for i in range(self.scroll, min(len(self.items), self.scroll + self.visible_rows())):
            self.draw_row(surf, i)
        if len(self.items) > self.visible_rows():
            n, v = len(self.items), self.visible_rows()
            bar = pygame.Rect(lr.right - s(8), lr.top + s(8), s(4), lr.height - s(16))
            knob = bar.copy()
            knob.height = max(s(20), bar.height * v // n)
            knob.top = bar.top + (bar.height - knob.height) * self.scroll // max(1, n - v)
            pygame.draw.rect(surf, PAL["line"], bar, border_radius=s(2))
            pygame.draw.rect(surf, PAL["gold"], knob, border_radius=s(2))
        self.draw_detail(surf)
        self.draw_ui(surf)

    def draw_row(self, surf, i):
        s = self.s
        info = self.items[i]
        r = self.row_rect(i)
        sel = i == self.selected
        acc = GAME_ACCENT.get(info.game, PAL["gold"])
        pygame.draw.rect(surf, PAL["panel_hi"] if sel else PAL["bg2"], r, border_radius=s(10))
        pygame.draw.rect(surf, acc if sel else PAL["line"], r, s(2) if sel else 1, border_radius=s(10))
        pygame.draw.rect(surf, acc, pygame.Rect(r.left, r.top, s(6), r.height), border_top_left_radius=s(10),
                         border_bottom_left_radius=s(10))
        from client.table.chrome import _fit_text
        x = r.left + s(18)
        draw_text(surf, gamesinfo.title(info.game), (x, r.top + s(6)), s(17), shade(acc, 1.2), bold=True)
        when = _when(info)
        draw_text(surf, when, (r.right - s(14), r.top + s(7)), s(14), PAL["muted"], anchor="topright")
        # a row is built to cut: the detail panel beside it shows the decks and the
        # outcome in full for the selected row (designed=True: not a layout problem)
        decks = _fit_text(f"{info.deck_names[0]} vs {info.deck_names[1]}", s(15), False,
                          r.width - s(150) - s(150), designed=True)
        draw_text(surf, decks, (x + s(110), r.top + s(7)), s(15), PAL["text"])
        text, col = _outcome(info)
        line = _fit_text(f"{text}", s(15), True, r.width - s(260), designed=True)
        draw_text(surf, line, (x, r.bottom - s(8)), s(15), col, bold=True, anchor="bottomleft")
        tail = " · ".join(x for x in (_mode(info), f"{info.turns} turns" if info.turns else "") if x)
        draw_text(surf, tail, (r.right - s(14), r.bottom - s(8)), s(14), PAL["muted"], anchor="bottomright")

    def draw_detail(self, surf):
        s = self.s
        d = self.detail_rect()
        panel(surf, d, radius=s(14))
        if not self.items:
            return
        info = self.items[self.selected]
        acc = GAME_ACCENT.get(info.game, PAL["gold"])
        x, y = d.left + s(24), d.top + s(20)
        draw_text(surf, gamesinfo.title(info.game), (x, y), s(30), shade(acc, 1.2), title=True)
        y += s(48)
        text, col = _outcome(info)
        bh, gap = s(46), s(10)
        buttons_top = d.bottom - s(24) - 3 * bh - 2 * gap - s(6)
        # the outcome takes what the two players' lines leave above the Watch buttons (at a
        # large interface size its second line pushed the second player under them)
        out_h = max(s(26), min(s(56), buttons_top - y - s(10) - 2 * s(28)))
        fo = font(s(19), True)
        for who in info.names:      # a long name is cut (its words around it stay readable)
            if who and fo.size(who)[0] > (d.width - s(48)) // 3:
                text = text.replace(who, ellipsize(who, fo, (d.width - s(48)) // 3, where="replay detail",
                                                   min_chars=1))
        y = draw_wrapped(surf, text, pygame.Rect(x, y, d.width - s(48), out_h), s(19), col, bold=True,
                         max_lines=max(1, out_h // s(26))).bottom
        y += s(10)
        rows = [(info.names[0], info.deck_names[0]), (info.names[1], info.deck_names[1])]
        from client.table.chrome import SEAT_COLOURS
        for seat, (who, deck) in enumerate(rows):
            pygame.draw.circle(surf, SEAT_COLOURS[seat], (x + s(8), y + s(11)), s(6))
            # a long name is cut, the deck stays ("WWWW…: Ember Quake")
            f, line = fit_named(who, (lambda n, deck=deck: f"{n}: {deck}"), d.width - s(70), s(16),
                                min_size=s(16), where="replay detail")
            if f.size(line)[0] > d.width - s(70):           # a long deck name as well
                line = ellipsize(line, f, d.width - s(70), where="replay detail", min_chars=1)
            draw_text(surf, line, (x + s(22), y), s(16), PAL["text"])
            y += s(28)
        y += s(6)
        facts = [_mode(info), _when(info),
                 f"{count(info.turns, 'turn')}, {count(info.actions, 'move')}" if info.turns
                 else count(info.actions, "move")]
        # above the Watch buttons (at a large interface size the facts share lines)
        room = d.bottom - s(24) - 3 * bh - 2 * gap - s(6) - y
        facts = [f for f in facts if f]
        if len(facts) * s(24) <= room:
            for f in facts:
                draw_text(surf, f, (x, y), s(15), PAL["muted"])
                y += s(24)
        elif room > s(14):
            draw_wrapped(surf, " · ".join(facts), pygame.Rect(x, y, d.width - s(48), room), s(15), PAL["muted"])


def make_demo_replays(folder, n=6, seed=1):
    """Finished games made of random legal moves ending in a concession (for
    screenshots and tests when the folder is empty)."""
    from engine.core.harness import starter_pair
    from engine.core.rng import Rng
    from engine.core.session import MatchSession
    games = gamesinfo.available() or []
    out = []
    for k in range(n):
        g = games[k % len(games)]
        s = MatchSession.new(g, starter_pair(g, seed + k), seed + k, None,
                             {"mode": "ai" if k % 2 == 0 else "hotseat", "ai": "normal", "human": 0,
                              "names": ["You", "AI (normal)"] if k % 2 == 0 else ["Player 1", "Player 2"],
                              "ai_seed": seed + k}, replay_folder=folder)
        rng = Rng(seed * 1000 + k)
        for _ in range(60 + 20 * k):
            m = s.match
            if m.result() is not None:
                break
            legal = m.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        if s.match.result() is None:
            import sys
            mod = sys.modules[type(s.match).__module__]
            fn = getattr(mod, "concede", None)
            act = tuple(fn()) if callable(fn) else getattr(mod, "CONCEDE_ACTION", None)
            s.apply(act)
        out.append(s.replay_path)
    return out
