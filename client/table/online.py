"""The match table against a friend over the network: the game's own table
(the same one as against the AI), driven by a
:class:`engine.net.client.RemoteSession` instead of a local session.

:func:`open_online_table` opens the game's ``Table`` in mode ``"online"`` holding an
:class:`OnlineLink` as its layer (see :mod:`client.table.layer`). The server is the
judge: our moves go to it (``perform`` → ``session.apply``: sent, stored,
acknowledged, then animated as usual), the opponent's moves arrive as updates and are
played through ``perform`` by the link's :class:`OnlineDriver`, as an AI's move would
be. The top bar shows the opponent's name and connection, the server's clock for
whoever is deciding; a lost connection comes back by itself and the table carries on
from exactly where the server is. After two minutes away the opponent's win can be
claimed (W or the button on the board).
"""
from __future__ import annotations

import pygame

from engine.core.text import YOU, conceded

from client.table.layer import Layer
from client.ui.theme import PAL, draw_text, font


def _mmss(x: float) -> str:
    x = max(0, int(x + 0.999))
    if x >= 3600:
        return f"{x // 3600}:{x // 60 % 60:02d}:{x % 60:02d}"
    return f"{x // 60}:{x % 60:02d}"


class OnlineDriver:
    """The online table's :class:`~client.table.ai.Driver`: the other player's moves
    come from the server, in order, one per animation (and, where the player leaves a
    decision to the game's rule, its answer); the clock is the server's."""

    def __init__(self, link: "OnlineLink"):
        self.link = link
        self._clock_said = None    # (seat, words) the clock showed last

    def drive(self):
        t = self.link.table
        s = t.session
        if s is None or t.anims.busy:
            return
        nxt = s.next_remote()
        if nxt is not None:
            t.perform(tuple(nxt["action"]), by_ai=nxt["actor"] != s.seat)
            return
        if t.human_to_move() and not t.busy() and s.connected:
            action = t.auto_answer()    # a decision the player leaves to the game's rule
            if action is not None:
                t.perform(tuple(action))
                return
        mover = self.link.auto_mover
        if mover is not None and t.human_to_move() and not t.busy() and s.connected:
            action = mover(t)
            if action is not None:
                t.perform(tuple(action))

    def cancel(self):
        self.link.table.hints.cancel()     # (no AI of ours thinks at an online table)

    def busy(self) -> bool:
        s = self.link.session
        return bool(s is not None and s.pending)     # our move on its way to the server

    def thinking(self):
        return None

    def wake_in(self):
        """The server may speak at any moment: look ten times a second."""
        return 0.1

    def tick(self, dt):
        pass                     # the server keeps the time

    def clock_text(self):
        t = self.link.table
        s = self.link.session
        c = s.clock_now() if s is not None else None
        if c is None or c.get("mover") is None or t.result() is not None:
            return None
        p = c["mover"]
        said = self._clock_said
        if t.anims.busy and said is not None and said[0] != p:
            return said[1]      # the last turn is still being shown: the clock is still its player's
        out = self.link.clock_words(c, p)
        self._clock_said = (p, out)
        return out

    def reset(self):
        pass


class OnlineLink(Layer):
    """The table's link to the server (its layer): connection, claim, the end; its
    :class:`OnlineDriver` plays the server's moves and tells the server's clock."""

    #: None in the product: only the player moves for their seat. A test harness may set a
    #: callable ``(table) -> action or None``, asked whenever our seat may move (see
    #: tests/manual/online_autoplay.py); nothing in the program or its environment sets it.
    auto_mover = None
    #: seconds without the server before the banner says more than "reconnecting"
    LOST_LONG = 10.0

    def __init__(self, session):
        self.session = session
        self.claim_rect = None        # the banner that claims the win, where drawn last
        self._was_connected = True
        self._lost_at = None          # the table's time since when the server is out of reach
        self._long_loss_told = None
        self._shown_second = None
        self._marked_over = False

    def attach(self, table):
        super().attach(table)
        table.poll_every = 0.1        # the session is polled while the window rests (client.scenes.base)
        table.banner_on_turn = True   # "Your turn" / "Bo's turn" on every game's online table

    def driver(self, ai):
        return OnlineDriver(self)

    # (the seats' names need nothing here: the session names our seat "You", the friend
    # by their name, quoted when it reads "You", so the table's own naming says "you")

    @property
    def names(self):
        return self.table.names

    def log_start(self) -> bool:
        """Sitting down again in a new program: the server sent what this seat's log told of
        the last actions (``session.history``); they are told again, as they were told live,
        before "Game resumed at turn N"."""
        t = self.table
        s = self.session
        hist = list(getattr(s, "history", None) or ())
        if len(s) == 0 or not hist:
            return False
        from client.scenes import gamesinfo
        from client.table.history import log_kind
        m = s.match
        names = s.record.meta.get("names") or self.names
        if getattr(s, "history_from", 0) == 0:
            t.log.add(f"{names[0]} and {names[1]} sit down to {gamesinfo.title(t.game)}.", kind="info")
        else:
            from engine.core.text import count
            t.log.add(f"Earlier in this match (its last {count(len(hist), 'move')}):", kind="info")
        for actor, turn, events in hist:
            for ev in events:
                try:
                    text = t.log_event_text(m, ev)
                except Exception:  # noqa: BLE001 - a log line must never break the table
                    text = " ".join(str(x) for x in ev)
                t.log.add(text, turn=turn, seat=actor, kind=log_kind(ev))
        t.log.add(f"Game resumed at turn {m.turn()}.", kind="info")
        return True

    # ------------------------------------------------------------ the session drives the table
    def update(self, dt, frame):
        t = self.table
        s = self.session
        if s is not None:
            if s.poll():
                t.invalidate()
            sec = int(t.t)
            if sec != self._shown_second:  # the clock and "away" count in seconds
                self._shown_second = sec
                t.invalidate()
            if s.connected:
                self._lost_at = None
            elif self._lost_at is None:
                self._lost_at = t.t          # since when the server is out of reach
            else:
                self._note_long_loss()
            for text, kind in s.notes:
                t.app.toast(text, kind, 4)
            s.notes.clear()
            if s.resynced:
                s.resynced = False
                t.anims.clear()
                t.cancel_drag()
                t.on_history_changed()       # the match jumped: half-made choices and marks go
                t.log.add("Back in step with the server.", kind="info")
                t.refresh()
                t.shown = t.view
            if s.connected != self._was_connected:
                self._was_connected = s.connected
                if s.connected:
                    t.log.add("Connected to the server again.", kind="info")
            if s.final is not None and not self._marked_over:
                self._marked_over = True
                try:
                    from client.scenes.online_prefs import mark_over
                    mark_over(s.match_id)       # the game menu no longer points to it
                except Exception:  # noqa: BLE001 - a nicety; the list learns it from the server too
                    pass
            if s.final is not None and t.ending.conceded is None and s.final != (t.match.result() if t.match
                                                                           else None):
                if not s.pending and not t.anims.busy:
                    t.ending.conceded = s.final
                    line = self.reason_words(s.final) + "."
                    if not any(e.text == line for e in t.log.entries[-3:]):   # "You conceded." once
                        t.log.add(line, kind="info")
        frame(dt)

    # ------------------------------------------------------------ ending
    def concede(self) -> bool:
        """Concede (or leave for good): the server records the loss."""
        if self.session.final is None and not self.session.concede():
            self.table.app.toast("Not connected: the concession is sent when the connection is back.", "error", 4)
            return True
        self.table.log.add(conceded(YOU, stop=True), kind="info")
        return True

    def claim(self):
        if self.session.can_claim():
            self.session.claim()

    def rematch(self) -> bool:
        """Another match where this one was found: a match made in a community server's
        lobby goes back to that lobby, any other to Play online."""
        t = self.table
        entry = None
        try:
            from client.scenes.online_prefs import load_prefs
            entry = next((e for e in load_prefs()["matches"] if e.get("match") == self.session.match_id), None)
        except Exception:  # noqa: BLE001 - whatever online.json holds, Play online is the way back
            entry = None
        if entry is not None and entry.get("lobby"):
            t.go("lobby", game=t.game, server=entry["server"])
            return True
        t.go("online", game=t.game)
        return True

    def result(self, r):
        s = self.session
        if r is None and s is not None and s.final is not None and not s.pending:
            r = s.final
        return r

    def reason_words(self, r) -> str:
        """Why the match ended, as this screen names the players, without the full stop
        ("The AI's morale is depleted", "Bo conceded", "You ran out of time 3 times")."""
        return self.table.ending.reason_line(r).rstrip(".")

    # ------------------------------------------------------------ clock and presence
    def clock_words(self, c, p):
        """The server's clock ``c`` for seat ``p`` in the top bar's words: ``(text, urgent)``."""
        s = self.session
        who = "You" if p == s.seat else self.names[p]
        left, bank = c["left"][p], c["bank"][p]
        if c.get("frozen"):     # the server is out of reach: the time it last said, held still
            return f"{who}: {_mmss(left)} · clock held while reconnecting", False
        if c["pace"] == "daily":
            # (as the live clock's "timeouts 0/3": reaching the limit loses, here the 2nd miss)
            text = f"{who}: {_mmss(left)} to move · missed {c['timeouts'][p]}/{c['limit']}"
            return text, left < 3600
        text = f"{who}: {_mmss(left)} + bank {_mmss(bank)} · timeouts {c['timeouts'][p]}/{c['limit']}"
        return text, left <= 0 and bank < 30

    def status_text(self, base: str) -> str:
        s = self.session
        if s is None:
            return base
        opp = self.names[1 - s.seat]
        if not s.connected:
            return "Reconnecting… · " + base
        if not s.opponent.get("connected", True) and self.table.result() is None:
            away = s.opponent_away()
            after = s.opponent.get("claim_after")
            if after and away >= after:
                return f"{opp} away {_mmss(away)}: claim the win (W) · " + base
            return f"{opp} away {_mmss(away)} · " + base
        return base

    def connection_text(self) -> str:
        """The opponent's connection in words (tests, the tooltip of the dot)."""
        s = self.session
        if not s.connected:
            return "You are not connected: reconnecting…"
        o = self.names[1 - s.seat]
        return f"{o} is connected" if s.opponent.get("connected", True) else f"{o} is away"

    def draw_top_bar(self, surf):
        s = self.session
        if s is None:
            return
        t = self.table
        # a dot at the end of each seat chip: green = at the table, red = away / not connected
        sc = t.s
        from client.scenes import gamesinfo
        scratch = pygame.Surface((1, 1))
        x = draw_text(scratch, gamesinfo.title(t.game), (sc(16), t.top_rect.centery), sc(24), title=True,
                      anchor="midleft").right + sc(24)
        for seat in (0, 1):
            chip = pygame.Rect(x + seat * (sc(170) + sc(10)), t.top_rect.centery - sc(15), sc(170), sc(30))
            up = s.connected if seat == s.seat else (s.connected and s.opponent.get("connected", True))
            col = PAL["good"] if up else PAL["bad"]
            c = (chip.right - sc(14), chip.centery)
            pygame.draw.circle(surf, (14, 16, 23), c, sc(7))
            pygame.draw.circle(surf, col, c, sc(5))

    def draw(self, surf, frame):
        frame(surf)
        s = self.session
        if s is None:
            return
        t = self.table
        self.claim_rect = None
        sc = t.s
        msg = None
        if not s.connected:
            msg = (self.lost_text(), PAL["bad"])
        elif s.can_claim() and t.result() is None:
            msg = (f"{self.names[1 - s.seat]} left the table: claim the win (W)", PAL["gold"])
        elif not s.opponent.get("connected", True) and t.result() is None:
            how = {"left": "left the table", "silent": "is not answering"}.get(s.opponent.get("why"),
                                                                              "lost the connection")
            msg = (f"{self.names[1 - s.seat]} {how} — waiting ({_mmss(s.opponent_away())})", PAL["muted"])
        if msg is None:
            return
        text, col = msg
        f = font(sc(17), True)
        w = f.size(text)[0] + sc(40)
        r = pygame.Rect(0, 0, w, sc(40))
        r.midtop = (t.board_rect.centerx, t.board_rect.top + sc(6))
        pygame.draw.rect(surf, (18, 20, 28), r, border_radius=sc(20))
        pygame.draw.rect(surf, col, r, max(1, sc(2)), border_radius=sc(20))
        draw_text(surf, text, r.center, sc(17), col, bold=True, anchor="center")
        if s.can_claim():
            self.claim_rect = r

    def lost_text(self) -> str:
        """The banner while the server is out of reach: at first "reconnecting"; after a
        while, for how long and that nothing is lost (a friend's Cardhall, which hosts the
        match, may simply be closed), in the longest form that fits the board."""
        t = self.table
        lost = self._lost_at
        away = 0.0 if lost is None else t.t - lost
        if away < self.LOST_LONG:
            return "Connection lost — reconnecting…"
        w = _mmss(away)
        f = font(t.s(17), True)
        room = int(t.board_rect.width * 0.62)      # a banner over the board, not across it
        forms = (f"No answer from the server for {w} — still trying",
                 f"No server for {w} — still trying")
        return next((x for x in forms if f.size(x)[0] <= room), forms[-1])

    def _note_long_loss(self):
        """Once per loss, when it has lasted: the log says that nothing is lost."""
        t = self.table
        lost = self._lost_at
        if lost is None or self._long_loss_told == lost or t.t - lost < self.LOST_LONG:
            return
        self._long_loss_told = lost
        t.log.add("The server does not answer; Cardhall keeps trying. Nothing is lost: the match "
                  "goes on from where it stands when the server is back (a friend who hosts it "
                  "may have closed Cardhall).", kind="info")

    def handle_event(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_w and self.session.can_claim():
            self.claim()
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.claim_rect is not None \
                and self.claim_rect.collidepoint(ev.pos):
            self.claim()
            return True
        return False

    def leave(self):
        """Leaving the table (quit to menu) is not leaving the match: the connection
        closes, the opponent sees us away, and the match can be reopened from Play online."""
        if self.session is not None:
            self.session.detach()     # the opponent is told we left the table, not that we were cut off
            self.session.close()


def open_online_table(app, session):
    """Switch to the table for ``session`` (a RemoteSession that has begun): the game's own
    table in mode "online", holding the link to the server."""
    from client.scenes import scene_class
    cls = scene_class("table", session.game)
    sc = cls(app, game=session.game, session=session, mode="online", human_seats=(session.seat,),
             layer=OnlineLink(session))
    sc.name = "table"
    app.scenes.switch(sc)
    return sc
