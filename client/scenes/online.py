"""Play online: host a match (a server starts inside Cardhall; the friend is
given the address and a join code) or join one (address + code), with your
deck and the pace (live or daily); and the list of your matches on servers,
whose move it is and the time left. The match itself is the game's own table
(:mod:`client.table.online`).

What is remembered (``data_dir()/online.json``, written atomically): your
name, the last address you joined, and for each match its server, id and seat
secret, so you can sit down again after quitting (or another day).
"""
from __future__ import annotations

import os
import re
import socket
import threading

import pygame

from client.scenes import gamesinfo
from client.storage import replays_dir
from client.ui.theme import GAME_ACCENT, PAL, draw_text, draw_wrapped, ellipsize, fit_named, fit_text, font, panel, shade
from client.scenes.base import Scene
from client.scenes.title import draw_background
from client.ui.widgets import dropdown, handle_dropdown_event

DEFAULT_PORT = 7531
MAX_KEPT = 40


# ---------------------------------------------------------------- what we remember
def _prefs_path():
    from client.storage import data_dir
    return data_dir() / "online.json"


def load_prefs() -> dict:
    from engine.core.files import FileProblem, read_json
    try:
        obj = read_json(_prefs_path(), 256 * 1024)
    except (FileProblem, OSError, ValueError):
        obj = {}
    if not isinstance(obj, dict):
        obj = {}
    ms = obj.get("matches")
    good = []
    for e in ms if isinstance(ms, list) else []:
        if isinstance(e, dict) and all(isinstance(e.get(k), str) for k in ("server", "match", "token", "game")) \
                and e.get("seat", 0) in (0, 1) and not isinstance(e.get("seat", 0), bool):
            e = dict(e)
            names = e.get("names")
            if not (isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names)):
                e.pop("names", None)        # the list says "your friend" rather than fail
            good.append(e)
    from engine.core.sanitize import clean_json, clean_text
    from engine.net.protocol import clean_name
    # a file from outside: strings cleaned before any widget draws them
    return {"name": clean_name(obj.get("name"), "Player"),
            "address": clean_text(obj.get("address"), 200) if isinstance(obj.get("address"), str) else "",
            "matches": clean_json(good[-MAX_KEPT:], 200)}


def save_prefs(prefs: dict) -> None:
    from engine.core.files import atomic_write_json
    from client.storage import ensure
    try:
        ensure(_prefs_path().parent)
        atomic_write_json(_prefs_path(), prefs)
    except OSError:
        pass


def remember(prefs: dict, session, server: str) -> None:
    entry = {"server": server, "match": session.match_id, "token": session.token, "seat": session.seat,
             "game": session.game, "pace": session.pace, "names": list(session.names)}
    prefs["matches"] = [e for e in prefs["matches"] if e.get("match") != session.match_id][-(MAX_KEPT - 1):]
    prefs["matches"].append(entry)
    save_prefs(prefs)


def mark_over(match_id: str) -> None:
    """Remember that a match of ours has ended (the game menu then no longer points to it)."""
    prefs = load_prefs()
    hit = False
    for e in prefs["matches"]:
        if e.get("match") == match_id and not e.get("over"):
            e["over"] = True
            hit = True
    if hit:
        save_prefs(prefs)


def going_on(game: str) -> list[str]:
    """The friends' names of our online matches of ``game`` not known to have ended (as the
    list last saw them), newest first ("" while nobody has joined yet) — for the game
    menu's pointer to Play online."""
    out = []
    for e in reversed(load_prefs()["matches"]):
        if e.get("game") != game or e.get("over"):
            continue
        names, seat = e.get("names"), e.get("seat", 0)
        friend = names[1 - seat] if isinstance(names, list) and len(names) == 2 else ""
        out.append(friend if friend and not re.fullmatch(r"Player [12]", friend) else "")
    return out


_SERVER_WORDS = re.compile(r"^(.+?) (conceded|left the table|ran out of time .*|missed .*)$")
_ENGINE_PLAYER = re.compile(r"\bPlayer ([12])\b")


def _reason_shown(reason: str, names, seat) -> str:
    """Why a match ended, as the list names its players: the server's words ("Ann
    conceded") with our own name as "You"; the engine's ("Player 2's morale is
    depleted.") with the players' names."""
    from engine.core.text import you_agree
    if not isinstance(names, (list, tuple)) or len(names) != 2 or seat not in (0, 1):
        return reason
    shown = ["You" if k == seat else str(names[k]) for k in (0, 1)]
    m = _SERVER_WORDS.match(reason)
    if m and m.group(1) in (str(names[0]), str(names[1])):
        k = seat if str(names[seat]) == m.group(1) else 1 - seat
        return shown[k] + reason[len(m.group(1)):]
    out = _ENGINE_PLAYER.sub(lambda x: shown[int(x.group(1)) - 1], reason)
    return you_agree(out.replace("You's", "Your")) if "You" in out else out


def parse_address(text: str):
    """``host[:port]`` → ``(host, port)``, or None."""
    text = (text or "").strip()
    if not text or len(text) > 200:
        return None
    host, _, port = text.rpartition(":") if text.count(":") == 1 else (text, "", "")
    if not host:
        host, port = text, ""
    try:
        p = int(port) if port else DEFAULT_PORT
    except ValueError:
        return None
    if not 0 < p < 65536:
        return None
    return host, p


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
    from engine.net.server import ServerThread
    from client.storage import data_dir, ensure
    bind = os.environ.get("CARDHALL_HOST_BIND", "0.0.0.0")
    db = str(ensure(data_dir()) / "hosted-matches.sqlite3")
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
        except Exception as e:  # noqa: BLE001 - shown to the player
            self.error = str(e) or type(e).__name__
        self.done = True


class OnlineScene(Scene):
    poll_every = 0.1  # network jobs finish off the event queue (client.scenes.base)

    def enter(self):
        from client.storage import list_decks
        self.game = self.kwargs.get("game") or gamesinfo.default_game()
        self.prefs = load_prefs()
        self.decks = [e for e in list_decks(self.game) if e.legal] if gamesinfo.spec(self.game) else []
        self.pick = 0
        self.pace = "live"
        self.job = None
        self.session = None       # a hosted match waiting for the friend
        self.server_text = None
        self.status = ("", "muted")
        self.summaries: dict = {}
        self._list_job = None
        super().enter()
        self.refresh_list()

    # ------------------------------------------------------------ layout
    def panel_rect(self):
        s = self.s
        r = pygame.Rect(0, 0, min(self.W - s(60), s(1040)), self.H - s(130))
        r.midtop = (self.W // 2, s(100))
        return r

    def rebuild(self):
        self._typed_before = self._typed()
        try:
            super().rebuild()
        finally:
            self._typed_before = None

    def _typed(self) -> dict:
        """What the player has typed so far (kept over a rebuild: a refused join code stays
        there to be corrected, not wiped)."""
        out = {}
        for key in ("name", "address", "code"):
            w = self.widgets.get(key) if hasattr(self, "widgets") else None
            if w is not None:
                try:
                    out[key] = w.get_text()
                except Exception:  # noqa: BLE001 - a widget already gone
                    pass
        return out

    def build(self):
        import pygame_gui
        s = self.s
        r = self.panel_rect()
        typed = getattr(self, "_typed_before", None) or {}
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
        pace_w = max(_font(s(17)).size(t)[0] for t in ("Live · 2 min", "Daily · 24 h")) + s(56)
        x3 = min(x2 + s(410), r.right - pad - s(60) - pace_w)  # the pace list keeps room for its words
        dropdown(self, (x2 + s(60), y, x3 - s(20) - (x2 + s(60)), h), opts,
                 self.pick, self.set_pick, name="deck")
        self.pace_label = pygame.Rect(x3, y, s(60), h)
        dropdown(self, (x3 + s(60), y, r.right - pad - x3 - s(60), h),
                 [("Live · 2 min", "live"), ("Daily · 24 h", "daily")], self.pace, self.set_pace,
                 name="pace")
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
        self.list_scroll = max(0, min(getattr(self, "list_scroll", 0), len(mine) - fit))
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

    def handle_event(self, ev):
        if ev.type == pygame.MOUSEWHEEL and len(self.my_matches()) > getattr(self, "list_fit", 0):
            before = self.list_scroll
            self.list_scroll = max(0, min(len(self.my_matches()) - self.list_fit, before - ev.y))
            if self.list_scroll != before:
                self.rebuild()

    def list_heading(self) -> str:
        """"Your matches on servers", and which of them show when not all fit."""
        n = len(self.my_matches())
        fit = getattr(self, "list_fit", n)
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

    def back(self):
        self.cancel_host()
        self.go("game_menu", game=self.game)

    def _name(self):
        from engine.net.protocol import clean_name
        n = clean_name(self.name_entry.get_text(), "Player")
        if n != self.prefs["name"]:
            self.prefs["name"] = n
            save_prefs(self.prefs)
        return n

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
        before = len(self.prefs["matches"])
        self.prefs["matches"] = [e for e in self.prefs["matches"] if e.get("match") not in ids]
        if len(self.prefs["matches"]) != before:
            save_prefs(self.prefs)
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
        self.prefs["address"] = self.addr_entry.get_text().strip()
        deck, name = self.decks[self.pick].deck, self._name()
        save_prefs(self.prefs)
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
        entries = self.my_matches()
        if not entries or self._list_job is not None:
            return
        from engine.net.client import list_matches
        app = self.app

        def go():
            by_server: dict = {}
            for e in entries:
                by_server.setdefault(e["server"], []).append(e)
            out = {}
            for server, es in by_server.items():
                addr = parse_address(server)
                if addr is None:
                    continue
                if any(x.get("hosted") for x in es):
                    srv = getattr(app, "online_server", None)
                    if srv is None or not srv.running:
                        for x in es:
                            out[x["match"]] = {"offline": "your server is not running (Open starts it)"}
                        continue
                    addr = ("127.0.0.1", srv.port)
                try:
                    for item in list_matches(addr[0], addr[1], [{"match": x["match"], "token": x["token"]}
                                                                for x in es]):
                        if item.get("match"):
                            out[item["match"]] = item
                except Exception as ex:  # noqa: BLE001
                    from engine.net.client import plain_error
                    why = plain_error(ex)
                    for x in es:
                        out[x["match"]] = {"offline": f"server not reachable: {why}"}
            return out
        self._list_job = _Job(go, "list")

    # ------------------------------------------------------------ frame
    def wake_in(self):
        w = super().wake_in()
        if self.job is not None or self._list_job is not None or self.session is not None:
            return 0.1 if w is None else min(w, 0.1)
        return w

    def update(self, dt):
        if self.job is not None or self._list_job is not None or self.session is not None:
            self.invalidate()   # progress, status, the waiting match: cheap, and only while it lasts
        if self._list_job is not None and self._list_job.done:
            if self._list_job.result:
                self.summaries = self._list_job.result
                ended = {k for k, v in self.summaries.items() if isinstance(v, dict) and v.get("result") is not None}
                if any(e.get("match") in ended and not e.get("over") for e in self.prefs["matches"]):
                    for e in self.prefs["matches"]:
                        if e.get("match") in ended:
                            e["over"] = True
                    save_prefs(self.prefs)
                gone = {k for k, v in self.summaries.items() if v.get("waiting") and v.get("result") is not None}
                if gone:                # called off before they began (here or on another day)
                    self._forget(gone)
                    self.rebuild()
            self._list_job = None
            self.invalidate()
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
            remember(self.prefs, s, f"127.0.0.1:{srv.port}")
            self.prefs["matches"][-1]["hosted"] = True
            self.prefs["matches"][-1]["code"] = s.code
            save_prefs(self.prefs)
            bind = srv.host
            ip = "127.0.0.1" if bind.startswith("127.") else lan_address()
            self.server_text = f"{ip}:{srv.port}"
            from engine.net.protocol import show_code
            self.code_text = show_code(s.code or "")
            self.session = s
            self.status = ("Waiting for your friend to join…", "muted")
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
            self.status = ("Waiting for your friend to join…", "muted")
            self.rebuild()
            self.refresh_list()     # the other rows' news too (this one reads from the session)
            return
        self._open_table(s)

    def _open_table(self, s):
        from client.table.online import open_online_table
        # the friend has joined: the list names them from now on, even while the server
        # that could say so is not running (a host's own server after a restart)
        for e in self.prefs["matches"]:
            if e.get("match") == s.match_id and "…" not in s.names and list(e.get("names") or []) != list(s.names):
                e["names"] = list(s.names)
                save_prefs(self.prefs)
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
        else:
            draw_wrapped(surf, "Cardhall starts a server on this computer and shows the address and a join "
                               "code to give your friend. Your matches are kept on it.",
                         pygame.Rect(hb.left + s(20), hb.top + s(52), hb.width - s(40), s(80)), s(15),
                         PAL["muted"], max_lines=4)
        jb = self.join_box
        draw_text(surf, "Address", (self.addr_label.left, self.addr_label.centery), s(16), PAL["text"],
                  anchor="midleft")
        draw_text(surf, "Join code", (self.code_label.left, self.code_label.centery), s(16), PAL["text"],
                  anchor="midleft")
        text, kind = self.status
        if text:
            col = PAL["bad"] if kind == "bad" else PAL["muted"]
            right = getattr(self, "status_where", None) == "join"     # under the Join box, to its right edge
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
        if not info.get("known", True):
            return "not on that server any more"
        res = info.get("result")
        if res is not None:
            w = res.get("winner")
            why = _reason_shown(str(res.get("reason", "")), info.get("names"), info.get("seat"))
            if w is None:
                return f"over: draw — {why}"
            return ("over: you won" if w == info.get("seat") else "over: you lost") + f" — {why}"
        if info.get("waiting"):
            return "waiting for the other player to join"
        left = info.get("time_left")
        from client.table.online import _mmss
        t = f" · {_mmss(left)} left" if isinstance(left, (int, float)) else ""
        return (f"your move (turn {info.get('turn')}){t}" if info.get("your_move")
                else f"their move (turn {info.get('turn')}){t}")
