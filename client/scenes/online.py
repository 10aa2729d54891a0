"""Play online: host a match (a server starts inside Cardhall; the friend is
given the address and a join code) or join one (address + code), with your
deck and the pace (live or daily); and the list of your matches on servers,
whose move it is and the time left. The match itself is the game's own table
(:mod:`client.table.online`).

What is remembered (``data_dir()/online.json``): your name, the last address
you joined, and for each match its server, id and seat secret, so you can sit
down again after quitting (or another day). It is read like every other user
file (each entry checked; a damaged file set aside and said) and written
atomically by read-merge-write under a short lock (:func:`update_prefs`), so
several running copies of Cardhall keep each other's matches. Each server is
asked for the list on its own, with its own time limit, and its answer checked
entry by entry (:func:`engine.net.client.list_matches`).
"""
from __future__ import annotations

import os
import socket
import threading
import time

import pygame

from client.scenes import gamesinfo
from client.storage import replays_dir
from client.ui.theme import (GAME_ACCENT, PAL, draw_text, draw_wrapped, ellipsize, fit_line, fit_named, fit_text,
                             font, panel, shade)
from client.scenes.base import Scene
from client.scenes.online_prefs import (DEFAULT_PORT, NOTES, forget, load_prefs, mark_over, parse_address,
                                        remember, update_prefs)
from client.ui.backdrop import draw_background
from client.ui.widgets import dropdown, handle_dropdown_event

#: seconds each server has to answer the list of our matches (then "not answering")
LIST_WAIT = 5.0


#: the paces a match can be played at (the server's clocks: engine/net/pace.py)
PACES = [("Live · 2 min + 5 bank", "live"), ("Daily · 24 h a move", "daily")]
PACE_TIP = ("Live: 2 minutes for each turn, then a 5-minute bank for the whole match; "
            "3 timeouts lose. Daily: 24 hours for each move; 2 misses lose.")


def _reason_shown(result: dict, names, seat) -> str:
    """Why a match ended, as the list names its players: our seat "you", the other by
    its name ("Ann conceded", "your morale is depleted"); a result from an older server
    (its words only) is read as well as they allow."""
    from engine.core.match import Result, reason_clause
    from engine.core.text import Names
    try:
        r = Result.from_json(result)
    except (KeyError, TypeError, ValueError):
        return str(result.get("reason", ""))
    if not isinstance(names, (list, tuple)) or len(names) != 2 or seat not in (0, 1):
        names = ("Player 1", "Player 2")
    else:
        names = ["you" if k == seat else str(names[k]) for k in (0, 1)]
    return reason_clause(r, Names(names))


def lan_address() -> str:
    """This computer's address on the local network (no packet is sent)."""
    try:
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
        finally:
            s.close()
    except OSError:
        return "127.0.0.1"


def hosted_server(app):
    """The server inside this copy of Cardhall (started on first use; port 7531 if free)."""
    srv = getattr(app, "online_server", None)
    if srv is not None and srv.running:
        return srv
    from engine.core.files import writable_folder, write_problem
    from engine.net.client import NetError
    from engine.net.server import ServerThread
    from client.storage import data_dir
    bind = os.environ.get("CARDHALL_HOST_BIND", "0.0.0.0")
    try:
        db = str(writable_folder(data_dir()) / "hosted-matches.sqlite3")
    except OSError as e:   # its matches are kept there: it can't start without it
        raise NetError(write_problem(e, data_dir(), "The server inside Cardhall cannot start")) from None
    try:
        srv = ServerThread(db, bind, int(os.environ.get("CARDHALL_HOST_PORT", DEFAULT_PORT))).start()
    except OSError:
        srv = ServerThread(db, bind, 0).start()   # 7531 is taken: any free port
    app.online_server = srv
    return srv


class _Job:
    """A network step off the frame loop (connecting can take seconds)."""

    def __init__(self, fn, what):
        self.what = what
        self.result = None
        self.error = None
        self.done = False
        threading.Thread(target=self._run, args=(fn,), daemon=True).start()

    def _run(self, fn):
        try:
            self.result = fn()
        except Exception as e:  # noqa: BLE001 - shown to the player, in words
            self.error = player_error(e)
        self.done = True


def player_error(e: BaseException) -> str:
    """What went wrong off the frame loop, as a sentence for the player: the network's
    and the server's own words, the folder that refused; never a Python message (that
    goes to the terminal, for a bug report)."""
    import sqlite3
    from engine.core.files import FileProblem, write_problem
    from engine.net.client import NetError, plain_error
    if isinstance(e, (NetError, FileProblem)):
        return str(e)
    if isinstance(e, OSError) and getattr(e, "filename", None):
        return write_problem(e, os.path.dirname(os.fspath(e.filename)) or ".", "That did not work")
    if isinstance(e, sqlite3.Error):
        from client.storage import data_dir
        return (f"The server inside Cardhall cannot keep its matches in {data_dir()} "
                f"(the folder is read-only, full or damaged).")
    if isinstance(e, OSError):
        return f"The network failed: {plain_error(e)}."
    import sys
    import traceback
    traceback.print_exception(e, file=sys.stderr)
    return "Something went wrong there (the details are in the terminal); please try again."


class OnlineScene(Scene):
    #: what the text boxes held before a rebuild
    _typed_before = None
    #: the first of your matches shown
    list_scroll = 0
    #: how many of your matches the list shows (None: not laid out yet)
    list_fit = None
    #: where the status line stands ("join": under the Join box)
    status_where = None
    poll_every = 0.1  # network jobs finish off the event queue (client.scenes.base)

    def enter(self):
        from client.storage import list_decks
        self.game = self.kwargs.get("game") or gamesinfo.default_game()
        self.prefs = load_prefs(set_aside_bad=True)
        self.decks = [e for e in list_decks(self.game) if e.legal] if gamesinfo.spec(self.game) else []
        self.pick = 0
        self.pace = "daily" if self.prefs.get("pace") == "daily" else "live"   # as last chosen here
        self.job = None
        self.session = None       # a hosted match waiting for the friend
        self.server_text = None
        self.status = ("", "muted")
        self.summaries: dict = {}
        self._list_jobs: dict = {}   # server -> its _Job (each server asked on its own)
        super().enter()
        self.refresh_list()

    # ------------------------------------------------------------ layout
    def panel_rect(self):
        s = self.s
        r = pygame.Rect(0, 0, min(self.W - s(60), s(1040)), self.H - s(130))
        r.midtop = (self.W // 2, s(100))
        return r

    def rebuild(self):
        self._typed_before = self.typed_texts(("name", "address", "code"))
        try:
            super().rebuild()
        finally:
            self._typed_before = None

    def build(self):
        import pygame_gui
        s = self.s
        r = self.panel_rect()
        typed = self._typed_before or {}
        pad = s(28)
        y = r.top + s(22)
        h = s(40)
        x = r.left + pad
        self.name_label = pygame.Rect(x, y, s(120), h)
        self.name_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x + s(110), y, s(200), h), manager=self.ui)
        self.name_entry.set_text_length_limit(24)
        self.name_entry.set_text(typed.get("name", self.prefs["name"])[:24])
        self.widgets["name"] = self.name_entry
        x2 = x + s(330)
        self.deck_label = pygame.Rect(x2, y, s(60), h)
        opts = [(e.label, i) for i, e in enumerate(self.decks)] or [("No legal deck", 0)]
        from client.ui.theme import font as _font
        pace_w = max(_font(s(17)).size(t)[0] for t, _v in PACES) + s(56)
        x3 = min(x2 + s(410), r.right - pad - s(60) - pace_w)  # the pace list keeps room for its words
        dropdown(self, (x2 + s(60), y, x3 - s(20) - (x2 + s(60)), h), opts,
                 self.pick, self.set_pick, name="deck")
        self.pace_label = pygame.Rect(x3, y, s(60), h)
        dropdown(self, (x3 + s(60), y, r.right - pad - x3 - s(60), h), PACES, self.pace, self.set_pace,
                 name="pace", tip=PACE_TIP)
        # two boxes: host | join
        top = y + h + s(24)
        bh = s(210)
        gap = s(20)
        bw = (r.width - 2 * pad - gap) // 2
        self.host_box = pygame.Rect(r.left + pad, top, bw, bh)
        self.join_box = pygame.Rect(self.host_box.right + gap, top, bw, bh)
        hb, jb = self.host_box, self.join_box
        ok = bool(self.decks) and self.job is None
        if self.session is None:
            self.button((hb.left + s(20), hb.bottom - s(62), s(200), s(46)), "Host a match", self.host, key="h",
                        tip="Start a server in Cardhall and wait for your friend", cls="@primary", name="host",
                        enabled=ok)
        else:
            self.button((hb.left + s(20), hb.bottom - s(62), s(200), s(46)), "Call it off", self.cancel_host,
                        key="c", tip="Stop waiting: the join code stops working", name="cancel_host")
        lw = s(100)
        self.addr_label = pygame.Rect(jb.left + s(20), jb.top + s(56), lw, h)
        self.addr_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(jb.left + s(20) + lw, jb.top + s(56), jb.width - s(40) - lw, h), manager=self.ui)
        self.entry_hint(self.addr_entry, "address:port from your friend")
        self.addr_entry.set_text(typed.get("address", self.prefs.get("address", "")))
        self.widgets["address"] = self.addr_entry
        self.code_label = pygame.Rect(jb.left + s(20), jb.top + s(104), lw, h)
        self.code_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(jb.left + s(20) + lw, jb.top + s(104), s(220), h), manager=self.ui)
        self.entry_hint(self.code_entry, "XXXXX-XXXXX")
        self.code_entry.set_text_length_limit(16)
        if typed.get("code"):
            self.code_entry.set_text(typed["code"][:16])
        self.widgets["code"] = self.code_entry
        self.button((jb.right - s(220), jb.bottom - s(62), s(200), s(46)), "Join", self.join, key="return",
                    tip="Join your friend's match with the address and code they gave you", cls="@primary",
                    name="join", enabled=ok and self.session is None)
        # your matches
        self.list_top = top + bh + s(22)
        self.rows = []
        row_h = s(40)
        y = self.list_top + s(34)
        # as many rows as fit above Back; more scroll with the mouse wheel (at 200 % on a
        # 1080p screen one row fits, and the others were not shown at all)
        mine = self.my_matches()
        fit = max(1, (r.bottom - s(58) - s(8) - y + s(6)) // (row_h + s(6)))
        self.list_fit = fit
        self.list_scroll = max(0, min(self.list_scroll, len(mine) - fit))
        for e in mine[self.list_scroll:self.list_scroll + fit]:
            rr = pygame.Rect(r.left + pad, y, r.width - 2 * pad, row_h)
            b = self.button((rr.right - s(130), rr.top + s(3), s(120), row_h - s(6)), "Open",
                            (lambda e=e: self.open_saved(e)), tip="Sit down at this match again",
                            name=f"open_{e['match']}", cls="@small", enabled=self.job is None
                            and self.session is None)
            self.rows.append((rr, e, b))
            y += row_h + s(6)
        self.button((r.left + pad, r.bottom - s(58), s(160), s(44)), "Back", self.back, key="escape",
                    tip="Back to the game menu", name="back")
        self.button((r.left + pad + s(176), r.bottom - s(58), s(200), s(44)), "Refresh list", self.refresh_list,
                    key="f5", tip="Ask the servers how your matches stand", name="refresh")   # (Back's size)
        self.button((r.right - pad - s(240), r.bottom - s(58), s(240), s(44)), "Community servers",
                    lambda: self.go("lobby", game=self.game), key="m", name="community",
                    tip="Lobbies of servers anyone may join: quick match, open matches, ratings",
                    enabled=self.session is None and self.job is None)   # (not while hosting a match)

    def handle_event(self, ev):
        if ev.type == pygame.MOUSEWHEEL and len(self.my_matches()) > (self.list_fit or 0):
            before = self.list_scroll
            self.list_scroll = max(0, min(len(self.my_matches()) - (self.list_fit or 0), before - ev.y))
            if self.list_scroll != before:
                self.rebuild()

    def list_heading(self) -> str:
        """"Your matches on servers", and which of them show when not all fit."""
        n = len(self.my_matches())
        fit = n if self.list_fit is None else self.list_fit
        if n <= fit:
            return "Your matches on servers"
        a = self.list_scroll + 1
        b = min(n, self.list_scroll + fit)
        shown = f"{a}" if a == b else f"{a}–{b}"
        return f"Your matches on servers · {shown} of {n}, the mouse wheel scrolls"

    def my_matches(self):
        return [e for e in reversed(self.prefs["matches"]) if e.get("game") == self.game]

    def on_ui_event(self, ev):
        return handle_dropdown_event(self, ev) or super().on_ui_event(ev)

    def set_pick(self, i):
        self.pick = i

    def set_pace(self, v):
        self.pace = v
        if self.prefs.get("pace") != v:     # remembered in online.json for the next visit
            self.prefs["pace"] = v
            self._update(lambda p: p.__setitem__("pace", v))

    def back(self):
        self.cancel_host()
        self.go("game_menu", game=self.game)

    def _name(self):
        from engine.net.protocol import clean_name
        n = clean_name(self.name_entry.get_text(), "Player")
        if n != self.prefs["name"]:
            self.prefs["name"] = n

            def change(p):
                p["name"] = n
            self._update(change)
        return n

    def _update(self, change) -> None:
        """Write a change to what is remembered (merged with the file as it is now) and
        keep the result."""
        self.prefs = update_prefs(change)

    # ------------------------------------------------------------ host / join / open
    def host(self):
        self.status_where = None
        if self.job is not None or not self.decks:
            return
        from engine.net.client import host_match
        deck, name, pace, game = self.decks[self.pick].deck, self._name(), self.pace, self.game
        app = self.app

        def go():
            srv = hosted_server(app)
            s = host_match("127.0.0.1", srv.port, game, deck, name, pace, replay_folder=replays_dir())
            return srv, s
        self.job = _Job(go, "host")
        self.status = ("Starting the server…", "muted")
        self.rebuild()

    def cancel_host(self):
        self.status_where = None
        if self.session is not None:
            mid = self.session.match_id
            self.session.concede()
            self.session.close()
            self.session = None
            self._forget({mid})         # it never began: nothing of it to open again
            self.status = ("The match was called off.", "muted")
            self.rebuild()

    def _forget(self, ids) -> None:
        """Drop these matches from the list of yours (matches called off before they began)."""
        if any(e.get("match") in ids for e in self.prefs["matches"]):
            self.prefs = forget(ids)
            for i in ids:
                self.summaries.pop(i, None)

    def join(self):
        if self.job is not None or not self.decks:
            return
        self.status_where = "join"      # what is said about it stands under the Join box
        from engine.net.client import join_match
        from engine.net.protocol import norm_code
        addr = parse_address(self.addr_entry.get_text())
        if addr is None:
            self.status = ("Type the address your friend gave you, like 192.168.1.20:7531.", "bad")
            return
        code = norm_code(self.code_entry.get_text())
        if code is None:
            self.status = ("A join code has 10 letters and digits, like K7QXM-2HRTB.", "bad")
            return
        address = self.addr_entry.get_text().strip()
        deck, name = self.decks[self.pick].deck, self._name()

        def change(p):
            p["address"] = address
        self._update(change)
        self.job = _Job(lambda: (addr, join_match(addr[0], addr[1], code, deck, name,
                                                  replay_folder=replays_dir())), "join")
        self.status = (f"Connecting to {addr[0]}:{addr[1]}…", "muted")
        self.rebuild()

    def open_saved(self, e):
        self.status_where = None
        if self.job is not None:
            return
        from engine.net.client import resume_match
        addr = parse_address(e["server"])
        if addr is None:
            return
        name = self._name()
        app = self.app

        def go():
            if addr[0] == "127.0.0.1" and e.get("hosted"):
                srv = hosted_server(app)   # our own server: start it again first
                a = ("127.0.0.1", srv.port)
            else:
                a = addr
            return a, resume_match(a[0], a[1], e["match"], e["token"], name, replay_folder=replays_dir())
        self.job = _Job(go, "open")
        self.status = (f"Connecting to {e['server']}…", "muted")
        self.rebuild()

    def refresh_list(self):
        """Ask each server how our matches on it stand, each on its own (a slow or broken
        server never holds up the others, nor this button: a server still being asked is
        left to its own time limit, the others are asked again)."""
        by_server: dict = {}
        for e in self.my_matches():
            by_server.setdefault(e["server"], []).append(e)
        for server, es in by_server.items():
            job = self._list_jobs.get(server)
            if job is not None and not job.done:
                continue
            job = _Job(lambda server=server, es=es: self._ask(server, es), "list")
            job.deadline = time.monotonic() + LIST_WAIT + 1.0
            job.ids = [e["match"] for e in es]
            self._list_jobs[server] = job
            for i in job.ids:   # "…" until it answers
                self.summaries.pop(i, None)

    def _ask(self, server, es) -> dict:
        """(in a thread) The server's word on our matches ``es`` on it, by match id."""
        from engine.net.client import list_matches, plain_error
        addr = parse_address(server)
        if addr is None:
            return {x["match"]: {"offline": "that address is not valid"} for x in es}
        if any(x.get("hosted") for x in es):
            srv = getattr(self.app, "online_server", None)
            if srv is None or not srv.running:
                return {x["match"]: {"offline": "your server is not running (Open starts it)"} for x in es}
            addr = ("127.0.0.1", srv.port)
        try:
            items = list_matches(addr[0], addr[1], [{"match": x["match"], "token": x["token"]} for x in es],
                                 timeout=LIST_WAIT)
        except Exception as ex:  # noqa: BLE001 - said in the row, in words
            if isinstance(ex, (TimeoutError, socket.timeout)):
                why = "the server is not answering"
            elif isinstance(ex, OSError):
                why = f"server not reachable: {plain_error(ex)}"
            else:
                why = plain_error(ex)   # the server's refusal, or an answer that can't be read
            return {x["match"]: {"offline": why} for x in es}
        got = {item["match"]: item for item in items}
        # a match the answer does not speak of (a server of another kind): said, never dropped
        return {x["match"]: got.get(x["match"], {"match": x["match"], "unreadable": True}) for x in es}

    # ------------------------------------------------------------ frame
    def wake_in(self):
        w = super().wake_in()
        if self.job is not None or self._list_jobs or self.session is not None:
            return 0.1 if w is None else min(w, 0.1)
        return w

    def _take_lists(self) -> None:
        """Take what the servers asked have answered; a server past its time is "not
        answering" (its late answer is not taken)."""
        now = time.monotonic()
        got = {}
        for server, job in list(self._list_jobs.items()):
            if job.done:
                got.update({k: v for k, v in (job.result or {}).items() if k in job.ids})
            elif now > job.deadline:
                got.update({i: {"offline": "the server is not answering"} for i in job.ids})
            else:
                continue
            del self._list_jobs[server]
        if not got:
            return
        self.summaries.update(got)
        ok = {k: v for k, v in got.items() if v.get("known") and not v.get("unreadable")}
        ended = [k for k, v in ok.items() if v.get("result") is not None]
        if any(e.get("match") in ended and not e.get("over") for e in self.prefs["matches"]):
            self.prefs = mark_over(*ended) or self.prefs
        gone = {k for k, v in ok.items() if v.get("waiting") is True and v.get("result") is not None}
        if gone:                # called off before they began (here or on another day)
            self._forget(gone)
            self.rebuild()
        self.invalidate()

    def update(self, dt):
        if self.job is not None or self._list_jobs or self.session is not None:
            self.invalidate()   # progress, status, the waiting match: cheap, and only while it lasts
        while NOTES:
            self.app.toast(NOTES.pop(0), "error", 10)
        if self._list_jobs:
            self._take_lists()
        j = self.job
        if j is not None and j.done:
            self.job = None
            self.invalidate()
            if j.error:
                self.status_where = "join" if j.what == "join" else None
                self.status = (j.error, "bad")
                self.rebuild()
            else:
                self._started(j.what, j.result)
        if self.session is not None:
            self.session.poll()
            if not self.session.waiting:
                s, self.session = self.session, None
                self._open_table(s)
                return
        super().update(dt)

    def _started(self, what, result):
        if what == "host":
            srv, s = result
            remember(self.prefs, s, f"127.0.0.1:{srv.port}", hosted=True, code=s.code)
            bind = srv.host
            ip = "127.0.0.1" if bind.startswith("127.") else lan_address()
            self.server_text = f"{ip}:{srv.port}"
            from engine.net.protocol import show_code
            self.code_text = show_code(s.code or "")
            self.session = s
            self.status = ("", "muted")      # the host box says it waits (see draw)
            self.rebuild()
            self.refresh_list()     # the other rows' news too (this one reads from the session)
            return
        addr, s = result
        if what == "join":
            remember(self.prefs, s, f"{addr[0]}:{addr[1]}")
        if s.final is not None and s.match is None:
            self.status = ("That match is over.", "muted")
            self.rebuild()
            return
        if s.waiting:   # reopening our own hosted match that nobody has joined yet
            self.session = s
            self.server_text = f"{lan_address()}:{addr[1]}"
            self.code_text = "(the code you were given)"
            self.status = ("", "muted")      # the host box says it waits (see draw)
            self.rebuild()
            self.refresh_list()     # the other rows' news too (this one reads from the session)
            return
        self._open_table(s)

    def _open_table(self, s):
        from client.table.online import open_online_table
        # the friend has joined: the list names them from now on, even while the server
        # that could say so is not running (a host's own server after a restart)
        if any(e.get("match") == s.match_id and "…" not in s.names and list(e.get("names") or []) != list(s.names)
               for e in self.prefs["matches"]):
            names = list(s.names)

            def change(p):
                for e in p["matches"]:
                    if e.get("match") == s.match_id:
                        e["names"] = names
            self._update(change)
        open_online_table(self.app, s)

    def leave(self):
        super().leave()

    # ------------------------------------------------------------ drawing
    def draw(self, surf):
        s = self.s
        draw_background(surf)
        acc = GAME_ACCENT.get(self.game, PAL["gold"])
        draw_text(surf, f"{gamesinfo.title(self.game)} — Play online", (self.W // 2, s(36)), s(40),
                  shade(acc, 1.2), title=True, anchor="midtop", shadow=True)
        r = self.panel_rect()
        panel(surf, r, radius=s(16))
        for lab, rr in (("Your name", self.name_label), ("Deck", self.deck_label), ("Pace", self.pace_label)):
            draw_text(surf, lab, (rr.left, rr.centery), s(17), PAL["text"], bold=True, anchor="midleft")
        for box, head in ((self.host_box, "Host a match"), (self.join_box, "Join a friend")):
            pygame.draw.rect(surf, (22, 25, 34), box, border_radius=s(12))
            pygame.draw.rect(surf, PAL["line"], box, max(1, s(1)), border_radius=s(12))
            draw_text(surf, head, (box.left + s(20), box.top + s(14)), s(22), shade(acc, 1.2), bold=True)
        hb = self.host_box
        if self.session is not None and self.server_text:
            draw_text(surf, "Give your friend:", (hb.left + s(20), hb.top + s(52)), s(15), PAL["muted"])
            draw_text(surf, f"Address: {self.server_text}", (hb.left + s(20), hb.top + s(74)), s(20), PAL["text"],
                      bold=True)
            draw_text(surf, f"Code: {self.code_text}", (hb.left + s(20), hb.top + s(102)), s(26), PAL["gold"],
                      bold=True)
        self.waiting_rect = None
        if self.session is not None and self.session.waiting:
            # beside "Call it off", inside the box: its tooltip opens below the button and
            # covered this line when it stood under the box
            btn = self.widgets.get("cancel_host")
            left = (btn.rect.right if btn is not None else hb.left + s(220)) + s(16)
            f, line = fit_line("Waiting for your friend to join…", max(1, hb.right - s(16) - left), s(16),
                               min_size=s(12), where="online waiting")
            self.waiting_rect = draw_text(surf, line, (left, hb.bottom - s(39)), f.ch_size, PAL["muted"],
                                          anchor="midleft")
        if self.session is None or not self.server_text:
            draw_wrapped(surf, "Cardhall starts a server on this computer and shows the address and a join "
                               "code to give your friend. Your matches are kept on it.",
                         pygame.Rect(hb.left + s(20), hb.top + s(52), hb.width - s(40), s(80)), s(15),
                         PAL["muted"], max_lines=4)
        draw_text(surf, "Address", (self.addr_label.left, self.addr_label.centery), s(16), PAL["text"],
                  anchor="midleft")
        draw_text(surf, "Join code", (self.code_label.left, self.code_label.centery), s(16), PAL["text"],
                  anchor="midleft")
        text, kind = self.status
        if text:
            col = PAL["bad"] if kind == "bad" else PAL["muted"]
            right = self.status_where == "join"     # under the Join box, to its right edge
            draw_wrapped(surf, text, pygame.Rect(r.left + s(28), self.list_top - s(20),
                                                 (self.join_box.right if right else r.right - s(28)) - r.left - s(28),
                                                 s(20)),
                         s(15), col, max_lines=1, align="right" if right else "left")
        draw_text(surf, self.list_heading(), (r.left + s(28), self.list_top + s(6)), s(18), PAL["text"],
                  bold=True)
        if not self.rows:
            draw_text(surf, "None yet: host or join one above.", (r.left + s(28), self.list_top + s(40)), s(15),
                      PAL["muted"], italic=True)
        for rr, e, _b in self.rows:
            pygame.draw.rect(surf, (22, 25, 34), rr, border_radius=s(8))
            seat = e.get("seat", 0)
            info = self.summaries.get(e["match"]) or {}
            names = info.get("names") or e.get("names") or ["?", "?"]
            opp = names[1 - seat] if seat in (0, 1) else "?"
            if info.get("waiting") or self._is_waiting(e) or opp in ("…", "", None):
                opp = "your friend"     # nobody has joined yet (the server's placeholder is "…")
            pace = "daily" if e.get("pace") == "daily" else "live"
            # who, pace and server on the left (a long name or address cut with "…"), how the
            # match stands on the right up to the Open button: the two never run into each other
            x0, x1 = rr.left + s(12), (_b.rect.left if _b is not None else rr.right) - s(12)
            left_w = int((x1 - x0) * 0.55)
            f, left = self._match_label(opp, pace, str(e["server"]), left_w)
            draw_text(surf, left, (x0, rr.centery), f.ch_size, PAL["text"], bold=True, anchor="midleft")
            fs = font(s(15))
            sx = x0 + left_w + s(16)
            summary = ellipsize(self.row_summary(e, info), fs, max(1, x1 - sx), where="online match row",
                                min_chars=1)
            draw_text(surf, summary, (sx, rr.centery), s(15),
                      PAL["gold"] if info.get("your_move") else PAL["muted"], anchor="midleft")
        self.draw_ui(surf)

    def _match_label(self, opp, pace, server, width):
        """(font, text) "vs Ann · live · host:port" in ``width`` px: smaller first, then the
        address and then the name cut with "…" (both come from files and other players)."""
        s = self.s
        f, fits = fit_text(f"vs {opp} · {pace} · {server}", width, s(16), bold=True, min_size=s(14))
        if fits:
            return f, f"vs {opp} · {pace} · {server}"
        server = ellipsize(server, f, max(1, int(width * 0.4)), where="online match row", min_chars=1)
        return fit_named(opp, lambda n: f"vs {n} · {pace} · {server}", width, f.ch_size, bold=True,
                         min_size=f.ch_size, where="online match row")

    def _is_waiting(self, e) -> bool:
        """``e`` is the match this screen is hosting, still waiting for the friend."""
        sess = self.session
        return sess is not None and sess.waiting and e.get("match") == getattr(sess, "match_id", None)

    def row_summary(self, e, info) -> str:
        if not info and self._is_waiting(e):
            return "waiting for the other player to join"
        return self.summary_text(info)

    @staticmethod
    def summary_text(info) -> str:
        if not info:
            return "…"
        if info.get("offline"):
            return info["offline"]
        if info.get("unreadable"):
            return "the server's answer about this match could not be read"
        if not info.get("known", True):
            return "not on that server any more"
        res = info.get("result")
        if res is not None:
            w = res.get("winner")
            why = _reason_shown(res, info.get("names"), info.get("seat"))
            if w is None:
                return f"over: draw — {why}"
            return ("over: you won" if w == info.get("seat") else "over: you lost") + f" — {why}"
        if info.get("waiting"):
            return "waiting for the other player to join"
        left = info.get("time_left")
        from client.table.online import _mmss
        t = f" · {_mmss(left)} left" if isinstance(left, (int, float)) else ""
        when = "opening hands" if info.get("opening") or not info.get("turn") else f"turn {info.get('turn')}"
        return (f"your move ({when}){t}" if info.get("your_move") else f"their move ({when}){t}")
