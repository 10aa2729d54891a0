"""Community servers: the servers you added, and the lobby of the one you open.

A lobby (:mod:`engine.net.lobby` on the server) lists the matches waiting for an
opponent (host's name and rating, pace), lets you open one for all or a private one
joined by its code, join one, or ask for a **quick match** (paired by rating, for the same
game and pace, within a gap that widens the longer a player waits), and lists your matches there, whose move
it is and the time left. The server pushes a new lobby whenever it changes.

Each server is remembered in ``online.json`` (beside the Play online page's data,
written atomically): its address, your name there and your key — a random secret this
app made for that server (the server keeps only its hash; there is no password). Your
matches made here are remembered like any other online match (seat secret included),
so the Play online page lists them too.
"""
from __future__ import annotations

import time

import pygame

from client.scenes import gamesinfo
from client.storage import replays_dir
from client.ui.theme import GAME_ACCENT, PAL, draw_text, draw_wrapped, ellipsize, fit_line, fit_named, font, note_panel, \
    panel, shade
from client.scenes.base import Scene
from client.scenes.online import PACE_TIP, PACES, _Job
from client.scenes.online_prefs import MAX_SERVERS, forget, load_prefs, parse_address, remember, save_prefs
from client.ui.backdrop import draw_background
from client.ui.widgets import dropdown, handle_dropdown_event



# ---------------------------------------------------------------- what we remember
def server_entries(prefs) -> list[dict]:
    return prefs.setdefault("servers", [])


# ---------------------------------------------------------------- the demo lobby (screenshots, layout check)
def _demo_lobby(game: str) -> dict:
    from engine.games import GAME_NAMES
    other = next(g for g in GAME_NAMES if g != game)
    r = {g: {"rating": 1500, "rd": 350, "games": 0} for g in GAME_NAMES}
    r[game] = {"rating": 1587, "rd": 92, "games": 14}
    return {"name": "Ann", "ratings": r,
            "open": [{"match": "a1", "game": game, "pace": "live", "host": "Bo", "rating": 1623, "games": 30,
                      "yours": False},
                     {"match": "a2", "game": game, "pace": "daily", "host": "Cyrielle Vantongeren", "rating": 1488,
                      "games": 6, "yours": False},
                     {"match": "a3", "game": other, "pace": "live", "host": "Di", "rating": 1500, "games": 0,
                      "yours": False}],
            "mine": [{"match": "m1", "game": game, "pace": "live", "seat": 0, "names": ["Ann", "Eve"],
                      "ratings": [1587, 1532], "waiting": False, "private": False, "to_move": 0, "your_move": True,
                      "turn": 5, "time_left": 102.0, "result": None},
                     {"match": "m2", "game": game, "pace": "daily", "seat": 1, "names": ["Finn", "Ann"],
                      "ratings": [1455, 1587], "waiting": False, "private": True, "to_move": 0,
                      "your_move": False, "turn": 12, "time_left": 79000.0, "result": None}]}


class LobbyScene(Scene):
    #: what the text boxes held before a rebuild
    _typed_before = None
    #: the name box, once built
    name_entry = None
    #: the server address box, once built
    addr_entry = None
    #: the status last said
    _said = None
    #: the layout the screen was built for
    _built_key = None
    #: a button is held down (no rebuild under it)
    _pressing = False
    #: a rebuild waits for the button's release
    _relayout = False
    #: the clock's second last drawn
    _second = None
    poll_every = 0.1      # the lobby's link and a waiting match are watched while the window rests

    @classmethod
    def demo_kwargs(cls, app, game, seed):
        return {"demo": True}

    def enter(self):
        from client.storage import list_decks
        self.game = self.kwargs.get("game") or gamesinfo.default_game()
        self.demo = bool(self.kwargs.get("demo"))
        self.prefs = load_prefs()
        if self.demo:
            self.prefs["servers"] = [{"address": "cards.example.org", "name": "Ann", "key": "d" * 43},
                                     {"address": "192.168.1.20:7531", "name": "Ann", "key": "e" * 43}]
        self.decks = [e for e in list_decks(self.game) if e.legal] if gamesinfo.spec(self.game) else []
        self.pick = 0
        self.pace = self.prefs.get("lobby_pace") if self.prefs.get("lobby_pace") in ("live", "daily") else "live"
        self.job = None
        self.session = None        # our match waiting for an opponent
        self.waiting_code = None
        self.watch = None
        self.status = ("", "muted")
        self.scroll = {"open": 0, "mine": 0}
        servers = server_entries(self.prefs)
        want = self.kwargs.get("server")
        self.current = next((i for i, e in enumerate(servers) if e["address"] == want), 0 if servers else None)
        super().enter()
        self._connect()

    # ------------------------------------------------------------ the server we look at
    @property
    def server(self) -> dict | None:
        servers = server_entries(self.prefs)
        return servers[self.current] if self.current is not None and self.current < len(servers) else None

    def _connect(self):
        if self.watch is not None:
            self.watch.close()
            self.watch = None
        sv = self.server
        if sv is None or self.demo:
            return
        from engine.net.lobby_client import LobbyWatch
        host, port = parse_address(sv["address"])
        self.watch = LobbyWatch(host, port, {"name": sv["name"], "key": sv["key"]})

    @property
    def lobby(self) -> dict | None:
        if self.demo:
            return _demo_lobby(self.game) if self.server is not None else None
        return self.watch.lobby if self.watch is not None else None

    def leave(self):
        if self.session is not None and self.session.pace == "daily":
            self.session.close()        # a daily match waits on the server: Your matches here lists it
            self.session = None
        self._call_off(quiet=True)      # a live one needs its host there: called off
        if self.watch is not None:
            self.watch.close()
            self.watch = None
        super().leave()

    # ------------------------------------------------------------ layout
    def panel_rect(self):
        s = self.s
        r = pygame.Rect(0, 0, min(self.W - s(60), s(1100)), self.H - s(130))
        r.midtop = (self.W // 2, s(100))
        return r

    def rebuild(self):
        self._relayout = False
        self._typed_before = self.typed_texts(("name", "address", "code"))
        focused = None
        for key in ("name", "address", "code"):
            w = self.widgets.get(key) if hasattr(self, "widgets") else None
            if w is not None and getattr(w, "is_focused", False):
                focused = (key, getattr(w, "edit_position", None))
        try:
            super().rebuild()
        finally:
            self._typed_before = None
        self._built_key = self._layout_key()
        w = self.widgets.get(focused[0]) if focused else None
        if w is not None:               # typing goes on where it was (the lobby changed under it)
            self.ui.set_focus_set(w)
            if focused[1] is not None:
                w.edit_position = min(focused[1], len(w.get_text()))

    def _layout_key(self):
        """What the widgets depend on: while it stays, a new lobby is only drawn anew."""
        lob = self.lobby
        if lob is None:
            return None
        return (tuple((m["match"], m["yours"]) for m in self.open_rows(lob)),
                tuple((m["match"], m["waiting"], m["result"] is None) for m in lob["mine"] if m["game"] == self.game))

    def _refresh_rows(self):
        lob = self.lobby
        if lob is None:                 # (the connection came or went before any lobby)
            self.invalidate()
            return
        new = {m["match"]: m for m in lob["open"]}
        self.rows_open = [(rr, new.get(item["match"], item), b) for rr, item, b in self.rows_open]
        new = {m["match"]: m for m in lob["mine"]}
        self.rows_mine = [(rr, new.get(item["match"], item), b) for rr, item, b in self.rows_mine]
        self.invalidate()

    def build(self):
        import pygame_gui
        s = self.s
        r = self.panel_rect()
        typed = self._typed_before or {}
        pad = s(28)
        h = s(40)
        y = r.top + s(22)
        x = r.left + pad
        sv = self.server
        busy = self.job is not None
        # the top row, as on Play online: your name (on this server), deck, pace
        self.name_label = pygame.Rect(x, y, s(120), h)
        self.name_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x + s(110), y, s(200), h), manager=self.ui)
        self.name_entry.set_text_length_limit(24)
        self.name_entry.set_text(typed.get("name", sv["name"] if sv else self.prefs["name"])[:24])
        self.widgets["name"] = self.name_entry
        x2 = x + s(330)
        self.deck_label = pygame.Rect(x2, y, s(60), h)
        opts = [(e.label, i) for i, e in enumerate(self.decks)] or [("No legal deck", 0)]
        pace_w = max(font(s(17)).size(t)[0] for t, _v in PACES) + s(56)
        x3 = min(x2 + s(410), r.right - pad - s(60) - pace_w)
        dropdown(self, (x2 + s(60), y, x3 - s(20) - (x2 + s(60)), h), opts, self.pick, self.set_pick, name="deck")
        self.pace_label = pygame.Rect(x3, y, s(60), h)
        dropdown(self, (x3 + s(60), y, r.right - pad - x3 - s(60), h),
                 PACES, self.pace, self.set_pace, name="pace", tip=PACE_TIP)
        top = y + h + s(20)
        bottom = r.bottom - s(58) - s(14)
        # the servers you added
        self.servers_box = sb = pygame.Rect(r.left + pad, top, min(s(290), int(r.width * 0.27)), bottom - top)
        self.server_rows = []
        ry = sb.top + s(50)
        row_h = s(38)
        add_top = sb.bottom - s(20) - h - s(12) - s(40)
        for i, e in enumerate(server_entries(self.prefs)):
            if ry + row_h > add_top - s(8):
                break
            rr = pygame.Rect(sb.left + s(14), ry, sb.width - s(28), row_h)
            b = self.button(rr, e["address"], (lambda i=i: self.select(i)), name=f"server_{i}", cls="@small",
                            tip=f"The lobby of {e['address']} (you are {e['name']} there)")
            if i == self.current:
                b.select()
            self.server_rows.append((rr, e, b))
            ry += row_h + s(6)
        self.addr_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(sb.left + s(14), add_top, sb.width - s(28), h), manager=self.ui)
        self.entry_hint(self.addr_entry, "address:port")
        self.addr_entry.set_text(typed.get("address", ""))
        self.widgets["address"] = self.addr_entry
        bw = (sb.width - s(28) - s(10)) // 2
        self.button((sb.left + s(14), add_top + h + s(12), bw, s(40)), "Add", self.add_server, cls="@small",
                    name="add_server", tip="Add this server to your list and open its lobby")
        self.button((sb.left + s(14) + bw + s(10), add_top + h + s(12), bw, s(40)), "Remove", self.remove_server,
                    cls="@small", name="remove_server", enabled=sv is not None and self.session is None,
                    tip="Take the open server off your list (your name and rating stay on it)")
        # the lobby of the open server
        # (down to the panel's foot: Back stands under the servers; the last line is for what is said)
        self.lobby_box = lb = pygame.Rect(sb.right + s(20), top, r.right - pad - sb.right - s(20),
                                          r.bottom - s(14) - top)
        self.status_rect = pygame.Rect(lb.left + s(20), lb.bottom - s(30), lb.width - s(40), s(22))
        self.rows_open, self.rows_mine = [], []
        if sv is None:
            self._build_bottom(r, pad)
            return
        ix = lb.left + s(20)
        by = lb.top + s(78)
        can = sv is not None and bool(self.decks) and not busy and self.lobby is not None
        bh = s(46)
        if self.session is None:
            self.button((ix, by, s(150), bh), "Quick match", self.quick, key="q", cls="@primary", name="quick",
                        enabled=can, tip="Play whoever waits for this game at this pace, or wait for the next")
            self.button((ix + s(160), by, s(130), bh), "Open match", lambda: self.create(True),
                        name="create_open", enabled=can, tip="Wait for an opponent: listed here for everyone")
            self.button((ix + s(300), by, s(140), bh), "Private match", lambda: self.create(False),
                        name="create_private", enabled=can, tip="Wait for a friend: joined only with its code")
            jx = lb.right - s(20) - s(80)
            ex = max(ix + s(456), jx - s(8) - s(160))
            ey = by + (bh - h) // 2
            if jx - s(8) - ex < s(140):       # no room beside the buttons: a line of its own
                ey = by + bh + s(10)
                ex, jx = ix, ix + s(160) + s(8)
                bh += s(10) + h
            self.code_entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(ex, ey, jx - s(8) - ex, h), manager=self.ui)
            self.entry_hint(self.code_entry, "Private code")
            self.code_entry.set_text_length_limit(16)
            if typed.get("code"):
                self.code_entry.set_text(typed["code"][:16])
            self.widgets["code"] = self.code_entry
            self.button((jx, ey, s(80), h), "Join", self.join_code, name="join_code",
                        enabled=can, tip="Join a friend's private match on this server with the code they gave you")
        else:
            self.button((lb.right - s(20) - s(150), by, s(150), bh), "Call it off", self._call_off, key="c",
                        name="call_off", tip="Stop waiting: the match is taken off the lobby")
        cy = by + bh - h
        # the two lists share what is left
        self.lists_top = cy + h + s(18)
        lob = self.lobby or {"open": [], "mine": []}
        opened = self.open_rows(lob)
        mine = [m for m in lob["mine"] if m["game"] == self.game]
        for row_h, gap, head in ((s(36), s(5), s(28)), (s(32), s(4), s(26)), (s(28), s(3), s(24))):
            room = (self.status_rect.top - s(8) - self.lists_top - 2 * head) // (row_h + gap)
            if room >= 2:        # a row (or its "none yet") for each list at least
                break
        room = max(2, room)
        self.head_h = head
        self.head_font = s(18) if head >= s(28) else s(16)
        n_open = min(len(opened), max(1, room // 2) if mine else room - 1)
        n_mine = room - max(1, n_open)
        self.fit = {"open": max(1, n_open), "mine": max(1, n_mine)}
        yy = self.lists_top + head
        self.scroll["open"] = max(0, min(self.scroll["open"], len(opened) - self.fit["open"]))
        for item in opened[self.scroll["open"]:self.scroll["open"] + n_open]:
            rr = pygame.Rect(ix, yy, lb.width - s(40), row_h)
            b = None
            if not item["yours"]:
                b = self.button((rr.right - s(100), rr.top + s(3), s(96), row_h - s(6)), "Join",
                                (lambda m=item: self.join_open(m)), cls="@small", name=f"join_{item['match']}",
                                enabled=can and self.session is None, tip=f"Play {item['host']}")
            self.rows_open.append((rr, item, b))
            yy += row_h + gap
        if not opened:
            yy += row_h + gap
        self.mine_top = yy + s(4)
        yy = self.mine_top + head
        self.scroll["mine"] = max(0, min(self.scroll["mine"], len(mine) - self.fit["mine"]))
        for item in mine[self.scroll["mine"]:self.scroll["mine"] + n_mine]:
            rr = pygame.Rect(ix, yy, lb.width - s(40), row_h)
            kept = self._kept(item["match"])
            brect = (rr.right - s(100), rr.top + s(3), s(96), row_h - s(6))
            here = self.session is not None and self.session.match_id == item["match"]
            if item["result"] is not None:
                b = None            # over: it is in Replays
            elif item["waiting"]:   # a daily match left waiting (or this screen's own): it can be called off
                b = self.button(brect, "Call off", (lambda m=item: self.call_off_mine(m)), cls="@small",
                                name=f"calloff_{item['match']}", enabled=kept is not None and not busy and not here,
                                tip="Nobody has joined: take it off the lobby" if kept is not None
                                else "Made from another copy of Cardhall: call it off there")
            else:
                b = self.button(brect, "Open", (lambda m=item: self.open_mine(m)), cls="@small",
                                name=f"open_{item['match']}",
                                enabled=kept is not None and not busy and self.session is None,
                                tip="Sit down at this match" if kept is not None
                                else "Made from another copy of Cardhall: open it there")
            self.rows_mine.append((rr, item, b))
            yy += row_h + gap
        self._build_bottom(r, pad)

    def _build_bottom(self, r, pad):
        s = self.s
        self.button((r.left + pad, r.bottom - s(58), s(160), s(44)), "Back", self.back, key="escape",
                    tip="Back to Play online", name="back")

    def open_rows(self, lob) -> list[dict]:
        return [m for m in lob["open"] if m["game"] == self.game]

    def _kept(self, mid):
        if self.demo:
            return {"match": mid}
        for e in self.prefs["matches"]:
            if e.get("match") == mid:
                return e
        return None

    # ------------------------------------------------------------ input
    def on_ui_event(self, ev):
        import pygame_gui
        if ev.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and ev.ui_element is self.name_entry:
            self._name()
            return True
        if ev.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and ev.ui_element is self.addr_entry:
            self.add_server()
            return True
        return handle_dropdown_event(self, ev) or super().on_ui_event(ev)

    def process_event(self, ev):
        # a button is pressed between its mouse-down and -up: a screen laid out anew in between
        # (the lobby changed) would lose the click, or put another row under the pointer
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self._pressing = True
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            self._pressing = 2      # frames yet: the button's "pressed" event comes in the next one
        super().process_event(ev)

    def handle_event(self, ev):
        if ev.type == pygame.MOUSEWHEEL and self.server is not None and hasattr(self, "mine_top"):
            which = "open" if pygame.mouse.get_pos()[1] < self.mine_top else "mine"
            lob = self.lobby or {"open": [], "mine": []}
            n = len(self.open_rows(lob)) if which == "open" else \
                len([m for m in lob["mine"] if m["game"] == self.game])
            before = self.scroll[which]
            self.scroll[which] = max(0, min(n - self.fit[which], before - ev.y))
            if self.scroll[which] != before:
                self.rebuild()

    def set_pick(self, i):
        self.pick = i

    def set_pace(self, v):
        self.pace = v
        self.prefs["lobby_pace"] = v
        save_prefs(self.prefs)

    def back(self):
        self.go("online", game=self.game)

    def select(self, i):
        if i == self.current or self.session is not None or self.job is not None:
            return
        self.current = i
        self.scroll = {"open": 0, "mine": 0}
        self.status = ("", "muted")
        self._connect()
        self.rebuild()

    def add_server(self):
        from engine.core.sanitize import clean_text
        from engine.net.lobby import new_key
        text = clean_text(self.addr_entry.get_text(), 200).strip()
        addr = parse_address(text)
        if addr is None:
            self.status = ("Type the server's address, like cards.example.org or 203.0.113.5:7531.", "bad")
            self.invalidate()
            return
        shown = text if ":" in text else f"{addr[0]}:{addr[1]}"
        servers = server_entries(self.prefs)
        for i, e in enumerate(servers):
            if parse_address(e["address"]) == addr:
                self.addr_entry.set_text("")
                self.select(i)
                return
        if len(servers) >= MAX_SERVERS:
            self.status = (f"You have {MAX_SERVERS} servers: remove one first.", "bad")
            self.invalidate()
            return
        from engine.net.protocol import clean_name
        servers.append({"address": shown, "name": clean_name(self.name_entry.get_text(), self.prefs["name"]),
                        "key": new_key()})
        if not self.demo:
            save_prefs(self.prefs)
        self.addr_entry.set_text("")
        self.current = None
        self.select(len(servers) - 1)

    def remove_server(self):
        if self.server is None or self.session is not None:
            return
        servers = server_entries(self.prefs)
        del servers[self.current]
        if not self.demo:
            save_prefs(self.prefs)
        self.current = 0 if servers else None
        self._connect()
        self.rebuild()

    def _name(self) -> str | None:
        """Our name on this server as typed (kept, and sent to the server when it changed)."""
        from engine.net.protocol import clean_name
        sv = self.server
        if sv is None:
            return None
        n = clean_name(self.name_entry.get_text(), sv["name"])
        if n != sv["name"]:
            sv["name"] = n
            if not self.demo:
                save_prefs(self.prefs)
            if self.watch is not None:
                self.watch.rename(n)
        return n

    def _player(self):
        sv = self.server
        self._name()
        return {"name": sv["name"], "key": sv["key"]}

    # ------------------------------------------------------------ making and joining
    def _start(self, what, fn, saying):
        if self.job is not None or self.server is None or not self.decks or self.demo:
            return
        addr = parse_address(self.server["address"])
        player, deck = self._player(), self.decks[self.pick].deck
        self.job = _Job(lambda: (addr, fn(addr[0], addr[1], player, deck)), what)
        self.status = (saying, "muted")
        self.rebuild()

    def quick(self):
        from engine.net.lobby_client import quick_match
        game, pace = self.game, self.pace
        self._start("quick", lambda h, p, pl, d: quick_match(h, p, pl, game, d, pace, replay_folder=replays_dir()),
                    "Looking for an opponent…")

    def create(self, open_):
        from engine.net.lobby_client import lobby_create
        game, pace = self.game, self.pace
        self._start("create", lambda h, p, pl, d: lobby_create(h, p, pl, game, d, pace, open_=open_,
                                                               replay_folder=replays_dir()),
                    "Opening the match…")

    def join_open(self, item):
        from engine.net.lobby_client import lobby_join
        self._start("join", lambda h, p, pl, d: lobby_join(h, p, pl, d, match=item["match"],
                                                           replay_folder=replays_dir()),
                    f"Joining {item['host']}…")

    def join_code(self):
        from engine.net.lobby_client import lobby_join
        from engine.net.protocol import norm_code
        code = norm_code(self.code_entry.get_text())
        if code is None:
            self.status = ("A join code has 10 letters and digits, like K7QXM-2HRTB.", "bad")
            self.invalidate()
            return
        self._start("join", lambda h, p, pl, d: lobby_join(h, p, pl, d, code=code, replay_folder=replays_dir()),
                    "Joining…")

    def open_mine(self, item):
        e = self._kept(item["match"])
        if e is None or self.job is not None or self.server is None or self.demo:
            return
        from engine.net.client import resume_match
        addr = parse_address(self.server["address"])
        name = self.server["name"]
        self.job = _Job(lambda: (addr, resume_match(addr[0], addr[1], e["match"], e["token"], name,
                                                    replay_folder=replays_dir())), "open")
        self.status = ("Connecting…", "muted")
        self.rebuild()

    def call_off_mine(self, item):
        """Call off a match of ours nobody has joined (sitting down at it, then leaving it)."""
        e = self._kept(item["match"])
        if e is None or self.job is not None or self.server is None or self.demo:
            return
        from engine.net.client import resume_match
        addr = parse_address(self.server["address"])
        name = self.server["name"]

        def go():
            sess = resume_match(addr[0], addr[1], e["match"], e["token"], name)
            try:
                if not sess.waiting:
                    raise RuntimeError("Someone has just joined that match: open it to play.")
                sess.concede()          # (sent before the link closes: the server reads it first)
            finally:
                sess.close()
            return addr, e["match"]
        self.job = _Job(go, "call_off")
        self.status = ("Calling the match off…", "muted")
        self.rebuild()

    def _call_off(self, quiet=False):
        if self.session is None:
            return
        mid = self.session.match_id
        self.session.concede()
        self.session.close()
        self.session = None
        self.waiting_code = None
        self.prefs = forget([mid])
        if not quiet:
            self.status = ("The match was called off.", "muted")
            self.rebuild()

    # ------------------------------------------------------------ frame
    def update(self, dt):
        if self.watch is not None and self.watch.poll():
            if self.watch.error:
                self.status = self._said = (self.watch.error, "bad")
            elif self.status == self._said and self.lobby is not None:
                self.status = ("", "muted")     # the server took the new name: its refusal no longer stands
                self.rebuild()
            if self._layout_key() != self._built_key or self.watch.error:
                self._relayout = True
            else:
                self._refresh_rows()
        pressing = self._pressing
        if pressing is not True and pressing:
            self._pressing = pressing - 1
        elif self._relayout and not pressing:
            self._relayout = False
            self.rebuild()
        j = self.job
        if j is not None and j.done:
            self.job = None
            if j.error:
                self.status = (j.error, "bad")
                self.rebuild()
            elif j.what == "call_off":
                mid = j.result[1]
                self.prefs = forget([mid])
                self.status = ("The match was called off.", "muted")
                self.rebuild()
            else:
                self._started(j.what, *j.result)
        if self.session is not None:
            self.session.poll()
            gone = getattr(self.session, "moved_from", None)
            if gone is not None:            # quick match paired us into a match that waited before ours
                self.session.moved_from = None
                server = self.server["address"] if self.server else f"{self.session.host}:{self.session.port}"
                forget([gone])
                remember(self.prefs, self.session, server, lobby=True)
            if not self.session.waiting:
                s, self.session = self.session, None
                self._open_table(s)
                return
        sec = int(time.monotonic())
        if self.watch is not None and self.rows_mine and sec != self._second:
            self._second = sec
            self.invalidate()       # the time left on your matches counts down
        super().update(dt)

    def _started(self, what, addr, s):
        server = self.server["address"] if self.server else f"{addr[0]}:{addr[1]}"
        if what != "open":
            remember(self.prefs, s, server, lobby=True, **({"code": s.code} if s.code and s.waiting else {}))
        if s.final is not None and s.match is None:
            self.status = ("That match is over.", "muted")
            s.close()
            self.rebuild()
            return
        if s.waiting:
            from engine.net.protocol import show_code
            self.session = s
            lob = self.lobby or {"open": []}
            listed = any(m["match"] == s.match_id for m in lob["open"]) or what == "quick"
            self.waiting_code = None if listed and what != "create" or s.code is None else show_code(s.code)
            self.status = ("", "muted")
            self.rebuild()
            return
        self._open_table(s)

    def _open_table(self, s):
        from client.table.online import open_online_table
        for e in self.prefs["matches"]:
            if e.get("match") == s.match_id and "…" not in s.names and list(e.get("names") or []) != list(s.names):
                e["names"] = list(s.names)
                save_prefs(self.prefs)
        if self.watch is not None:
            self.watch.close()
            self.watch = None
        open_online_table(self.app, s)

    # ------------------------------------------------------------ drawing
    def draw(self, surf):
        s = self.s
        draw_background(surf)
        acc = GAME_ACCENT.get(self.game, PAL["gold"])
        draw_text(surf, f"{gamesinfo.title(self.game)} — Community servers", (self.W // 2, s(36)), s(40),
                  shade(acc, 1.2), title=True, anchor="midtop", shadow=True)
        r = self.panel_rect()
        panel(surf, r, radius=s(16))
        for lab, rr in (("Your name", self.name_label), ("Deck", self.deck_label), ("Pace", self.pace_label)):
            draw_text(surf, lab, (rr.left, rr.centery), s(17), PAL["text"], bold=True, anchor="midleft")
        for box in (self.servers_box, self.lobby_box):
            pygame.draw.rect(surf, (22, 25, 34), box, border_radius=s(12))
            pygame.draw.rect(surf, PAL["line"], box, max(1, s(1)), border_radius=s(12))
            note_panel(surf, box)
        sb = self.servers_box
        draw_text(surf, "Servers", (sb.left + s(20), sb.top + s(14)), s(22), shade(acc, 1.2), bold=True)
        if not self.server_rows:
            draw_wrapped(surf, "Add a community server: type its address below.",
                         pygame.Rect(sb.left + s(20), sb.top + s(52), sb.width - s(40), s(60)), s(15), PAL["muted"],
                         italic=True)
        self._draw_lobby(surf, acc)
        text, kind = self.status
        if text:
            draw_wrapped(surf, text, self.status_rect, s(15), PAL["bad"] if kind == "bad" else PAL["muted"],
                         max_lines=1)
        self.draw_ui(surf)

    def _draw_lobby(self, surf, acc):
        s = self.s
        lb = self.lobby_box
        ix = lb.left + s(20)
        sv = self.server
        if sv is None:
            draw_wrapped(surf, "A community server is a Cardhall server that anyone may join "
                               "(python -m engine serve on a computer others can reach). Add one on the left: "
                               "you pick a name there, and it keeps your rating in each game.",
                         pygame.Rect(ix, lb.top + s(20), lb.width - s(40), s(120)), s(16), PAL["muted"])
            return
        lob = self.lobby
        # where we are, and how we stand
        f, head = fit_line(sv["address"], int((lb.width - s(40)) * 0.55), s(22), bold=True, min_size=s(15),
                           where="server address")
        draw_text(surf, head, (ix, lb.top + s(14)), f.ch_size, shade(acc, 1.2), bold=True)
        if self.demo or (self.watch is not None and self.watch.connected and lob is not None):
            state, col = "connected", PAL["good"]
        elif self.watch is not None and self.watch.why_not:
            state, col = f"not reachable: {self.watch.why_not}", PAL["bad"]
        else:
            state, col = "connecting…", PAL["muted"]
        fs = font(s(15))
        state = ellipsize(state, fs, int((lb.width - s(40)) * 0.42), where="lobby state", min_chars=1)
        right = draw_text(surf, state, (lb.right - s(20), lb.top + s(24)), s(15), col, anchor="midright")
        pygame.draw.circle(surf, col, (right.left - s(10), right.centery), s(5))
        if lob is not None:
            rt = lob["ratings"][self.game]
            games = "no games yet" if rt["games"] == 0 else \
                f"{rt['games']} game" + ("s" if rt["games"] != 1 else "")
            f, line = fit_named(lob["name"], lambda n: f"You are {n} here · {gamesinfo.title(self.game)} rating "
                                                       f"{rt['rating']} ({games})",
                                lb.width - s(40), s(16), min_size=s(13), where="lobby rating")
            draw_text(surf, line, (ix, lb.top + s(48)), f.ch_size, PAL["text"])
        if self.session is not None:
            by = lb.top + s(78)
            if self.waiting_code:
                draw_text(surf, "Waiting for your friend · code", (ix, by + s(2)), s(15), PAL["muted"])
                draw_text(surf, self.waiting_code, (ix, by + s(20)), s(24), PAL["gold"], bold=True)
            else:
                draw_text(surf, "Waiting for an opponent…", (ix, by + s(12)), s(18), PAL["text"], bold=True,
                          anchor="midleft")
                note = ("A daily match: you may leave, it waits in Your matches here." if self.session.pace == "daily"
                        else "A live match waits while you stay on this screen.")
                f, note = fit_line(note, lb.width - s(40) - s(170), s(14), min_size=s(12), where="lobby waiting")
                draw_text(surf, note, (ix, by + s(34)), f.ch_size, PAL["muted"], anchor="midleft")
        # matches waiting for an opponent
        lob = lob or {"open": [], "mine": []}
        opened = self.open_rows(lob)
        others = len(lob["open"]) - len(opened)
        head = "Waiting for an opponent" + self._shown("open", len(opened))
        room = lb.width - s(40)
        if others:
            o = draw_text(surf, f"+ {others} in other games", (lb.right - s(20), self.lists_top + self.head_h - s(5)),
                          s(14), PAL["muted"], anchor="bottomright")
            room = o.left - s(16) - ix
        f, head = fit_line(head, room, self.head_font, bold=True, min_size=s(13), where="lobby heading")
        draw_text(surf, head, (ix, self.lists_top + self.head_h - s(4)), f.ch_size, PAL["text"], bold=True,
                  anchor="bottomleft")
        if not opened:
            draw_text(surf, "Nobody yet: a quick match waits here for the next player." if self.lobby is not None
                      else "Not known until the server answers: Cardhall keeps trying.",
                      (ix, self.lists_top + self.head_h + s(6)), s(15), PAL["muted"], italic=True)
        for rr, item, b in self.rows_open:
            self._row(surf, rr, b)
            x1 = (b.rect.left if b is not None else rr.right) - s(12)
            pace = "live" if item["pace"] == "live" else "daily"
            left_w = int((x1 - rr.left - s(12)) * 0.62)
            f, text = fit_named(item["host"], lambda n: f"{n} · {item['rating']}", left_w, s(16), min_size=s(13),
                                where="lobby row")
            draw_text(surf, text, (rr.left + s(12), rr.centery), f.ch_size, PAL["text"], bold=True, anchor="midleft")
            note = f"{pace} · your match, waiting" if item["yours"] else \
                f"{pace} · " + ("new player" if item["games"] == 0 else
                             f"{item['games']} rated game" + ("s" if item["games"] != 1 else ""))
            draw_text(surf, ellipsize(note, font(s(15)), max(1, x1 - rr.left - s(24) - left_w),
                                      where="lobby row", min_chars=1),
                      (rr.left + s(24) + left_w, rr.centery), s(15), PAL["muted"], anchor="midleft")
        # your matches here
        mine = [m for m in lob["mine"] if m["game"] == self.game]
        f, head = fit_line("Your matches here" + self._shown("mine", len(mine)), lb.width - s(40), self.head_font,
                           bold=True, min_size=s(13), where="lobby heading")
        draw_text(surf, head, (ix, self.mine_top + self.head_h - s(4)), f.ch_size, PAL["text"], bold=True,
                  anchor="bottomleft")
        if not mine:
            draw_text(surf, "None yet." if self.lobby is not None else "Not known yet.",
                      (ix, self.mine_top + self.head_h + s(6)), s(15), PAL["muted"], italic=True)
        for rr, item, b in self.rows_mine:
            self._row(surf, rr, b)
            seat = item["seat"]
            opp, orat = item["names"][1 - seat], item["ratings"][1 - seat]
            x1 = (b.rect.left if b is not None else rr.right) - s(12)
            left_w = int((x1 - rr.left - s(12)) * 0.45)
            if item["waiting"]:
                opp, orat = "nobody yet", None
            form = (lambda n: f"vs {n} ({orat}) · {item['pace']}") if orat is not None else \
                (lambda n: f"vs {n} · {item['pace']}")
            f, text = fit_named(opp, form, left_w, s(16), min_size=s(13), where="lobby row")
            draw_text(surf, text, (rr.left + s(12), rr.centery), f.ch_size, PAL["text"], bold=True, anchor="midleft")
            summary = self.mine_summary(item)
            sx = rr.left + s(24) + left_w
            draw_text(surf, ellipsize(summary, font(s(15)), max(1, x1 - sx), where="lobby row", min_chars=1),
                      (sx, rr.centery), s(15), PAL["gold"] if item["your_move"] else PAL["muted"], anchor="midleft")

    def _shown(self, which, n) -> str:
        """" · 3", or which rows show when not all fit (" · 2–3 of 5, the mouse wheel scrolls")."""
        if n == 0:
            return ""
        fit = self.fit[which]
        if n <= fit:
            return f" · {n}"
        a = self.scroll[which] + 1
        b = min(n, self.scroll[which] + fit)
        return f" · {a if a == b else f'{a}–{b}'} of {n}, the wheel scrolls"

    def _row(self, surf, rr, b):
        pygame.draw.rect(surf, (30, 34, 46), rr, border_radius=self.s(8))
        note_panel(surf, rr)

    def mine_summary(self, item) -> str:
        from client.table.online import _mmss
        res = item["result"]
        if res is not None:
            w = res.winner
            return "over: draw" if w is None else ("over: you won" if w == item["seat"] else "over: you lost")
        if item["waiting"]:
            kept = self._kept(item["match"]) or {}
            if item["private"] and isinstance(kept.get("code"), str):
                from engine.net.protocol import show_code
                return f"waiting · code {show_code(kept['code'])}"
            return "waiting for an opponent" + (" (private)" if item["private"] else "")
        left = item["time_left"]
        if left is not None and item["to_move"] is not None and self.watch is not None:
            left = max(0.0, left - (time.monotonic() - self.watch.at))
        t = f" · {_mmss(left)} left" if left is not None else ""
        return (f"your move (turn {item['turn']}){t}" if item["your_move"]
                else f"their move (turn {item['turn']}){t}")
