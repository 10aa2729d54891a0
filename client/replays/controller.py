"""Watching a finished game on the game's own table, read-only.

A :class:`ReplayController` holds two sessions over the record: ``full`` (the
whole game: turn index, length) and ``cursor`` (the game up to the position
shown). The table is opened in ``mode="replay"`` with ``session=cursor``; a step
forward goes through ``TableScene.perform`` (log and animations as in a live
game), every other move (step back, jump to a turn, drag on the timeline) goes
through the session (``undo_to`` / ``apply``) and then the table's ``history.after_jump``.

    ctrl = ReplayController(load_replay(path), path)
    app.scenes.switch("table", **ctrl.table_kwargs(viewer=0, reveal=False))

Controls (buttons in the table's action panel and keys): Space play/pause,
←/→ step, PgUp/PgDn (or ↑/↓) previous/next turn, Home/End, -/+ speed, a turn
number box with Go, seat 1 / seat 2 / reveal all, and a clickable timeline.
"""
from __future__ import annotations

import pygame

from engine.core.text import possessive

from client.ui.theme import PAL, draw_text, font


class ReplayController:
    #: the view buttons lit as chosen
    view_buttons = ()
    #: where the speed is said
    speed_rect = None
    #: where "Turn" is said
    turn_label_rect = None
    SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
    SECONDS_PER_ACTION = 0.8  # pause between actions at speed 1 (after the animations)

    def __init__(self, record, path=None):
        from engine.core.session import MatchSession
        self.record = record
        self.path = path
        self.full = MatchSession.from_record(record)  # FileProblem if it does not reproduce
        start = record.copy()
        start.actions = []
        start.result = None
        self.cursor = MatchSession.from_record(start)
        self.playing = False
        self.speed = 1.0
        self._acc = 0.0
        self.table = None
        self.return_kwargs = {}  # how to reopen the list on Back (filter, origin)
        self.review = None       # {"record", "seat"} when a review's decision opened it: Back returns there
        self.timeline_rect = None
        self.turn_entry = None

    # ------------------------------------------------------------ reading
    @property
    def length(self) -> int:
        return len(self.full)

    @property
    def index(self) -> int:
        return len(self.cursor)

    @property
    def at_end(self) -> bool:
        return self.index >= self.length

    def turn(self) -> int:
        return self.cursor.match.turn()

    def last_turn(self) -> int:
        return self.full.turn_at(self.length)

    def result(self):
        from engine.core.match import Result
        r = self.record.result
        return None if r is None else Result.from_json(r)

    def default_viewer(self) -> int:
        meta = self.record.meta
        h = meta.get("human")
        if isinstance(h, int) and h in (0, 1) and meta.get("mode") == "ai":
            return h
        ai = meta.get("ai")
        if isinstance(ai, dict) and ai.get("seat") in (0, 1):
            return 1 - ai["seat"]
        return 0

    def table_kwargs(self, viewer=None, reveal=False) -> dict:
        return {"game": self.record.game, "session": self.cursor, "mode": "replay", "replay": self,
                "viewer": self.default_viewer() if viewer is None else viewer, "reveal": reveal}

    def status_text(self) -> str:
        t = self.table
        who = "everything shown" if (t is not None and t.reveal_all) else \
            f"{possessive(t.names[t.viewer], capital=True)} view" if t is not None else ""
        state = "playing" if self.playing else "paused"
        head = f"Replay — turn {self.turn()} of {self.last_turn()} — move {self.index}/{self.length}"
        if self.at_end:
            r = self.result()
            if r is not None:
                return f"{head} — {t.ending.result_text(r) if t is not None else r.text()}"
        return f"{head} — {state} ×{self.speed:g} — {who}"

    # ------------------------------------------------------------ moving
    def step(self) -> bool:
        """One action forward, animated on the table. False at the end."""
        if self.at_end:
            self.playing = False
            return False
        a = self.full.actions[self.index]
        t = self.table
        if t is not None:
            t.perform(a)
        else:
            self.cursor.apply(a)
        if self.at_end:
            self.playing = False
            self._announce_end()
        return True

    def _announce_end(self):
        t = self.table
        r = self.result()
        if t is not None and r is not None:
            from client.table.kit.parts import Banner
            t.anims.add(Banner("Game over", t.ending.result_text(r), duration=1.6))

    def seek(self, i: int) -> None:
        """Show the position after ``i`` actions (no animation)."""
        i = max(0, min(self.length, int(i)))
        if i == self.index:
            return
        if i < self.index:
            self.cursor.undo_to(i)
        else:
            for a in self.full.actions[self.index:i]:
                self.cursor.apply(a)
        self._acc = 0.0
        if self.table is not None:
            self.table.history.after_jump(None)
            self._sync_buttons()

    def back(self):
        self.pause()
        self.seek(self.index - 1)

    def forward(self):
        self.pause()
        if self.table is not None:
            self.table.anims.clear()
        self.step()
        self._sync_buttons()

    def jump_to_turn(self, n: int) -> None:
        self.seek(self.full.action_index_of_turn(int(n)))

    def next_turn(self):
        self.jump_to_turn(self.turn() + 1)

    def prev_turn(self):
        start = self.full.action_index_of_turn(self.turn())
        self.seek(start if start < self.index else self.full.action_index_of_turn(self.turn() - 1))

    def to_start(self):
        self.pause()
        self.seek(0)

    def to_end(self):
        self.pause()
        self.seek(self.length)

    # ------------------------------------------------------------ playing
    def play(self):
        if self.at_end:
            self.seek(0)
        self.playing = True
        self._acc = 0.0
        self._sync_buttons()

    def pause(self):
        self.playing = False
        self._sync_buttons()

    def toggle(self):
        self.pause() if self.playing else self.play()

    def set_speed(self, speed: float):
        self.speed = max(self.SPEEDS[0], min(self.SPEEDS[-1], float(speed)))

    def faster(self):
        self.set_speed(next((s for s in self.SPEEDS if s > self.speed), self.SPEEDS[-1]))

    def slower(self):
        self.set_speed(next((s for s in reversed(self.SPEEDS) if s < self.speed), self.SPEEDS[0]))

    def wake_in(self):
        """Seconds until the next recorded action is due (None while paused)."""
        if not self.playing:
            return None
        return max(0.0, (self.SECONDS_PER_ACTION - self._acc) / max(self.speed, 1e-6))

    def update(self, dt: float) -> None:
        """Each frame: the next action once the last one's animations are done."""
        if not self.playing:
            return
        t = self.table
        if t is not None and t.anims.busy:
            return
        self._acc += max(0.0, dt) * self.speed
        if self._acc >= self.SECONDS_PER_ACTION:
            self._acc = 0.0
            self.step()
            if not self.playing:
                self._sync_buttons()

    # ------------------------------------------------------------ what is shown
    def set_viewer(self, seat):
        """``seat`` 0/1: that player's view (hidden cards hidden); None: reveal all."""
        t = self.table
        if t is None:
            return
        if seat is None:
            t.reveal_all = True
        else:
            t.reveal_all = False
            t.viewer = seat
        t.rebuild()
        t.refresh()
        t.shown = t.view
        t.rebuild_log()

    # ------------------------------------------------------------ the table's controls
    def attach(self, table):
        self.table = table
        table.anims.speed = lambda: table.app.settings.animation_factor / max(1.0, self.speed)

    @staticmethod
    def controls_height(s) -> int:
        """The height the controls take (``s``: the table's scale function): the timeline
        with its words, the play buttons, the speed row, the turn row and the view row."""
        gap, sh = s(6), s(34)
        return s(40) + s(38) + gap + s(4) + 3 * (sh + gap) - gap

    def _drop_controls(self, t):
        """Take away the controls built before (a table that moves them: Evons)."""
        names = ("rp_prev_turn", "rp_back", "rp_play", "rp_step", "rp_next_turn", "rp_slower", "rp_faster",
                 "rp_turn", "rp_go", "rp_view0", "rp_view1", "rp_reveal")
        for name in names:
            w = t.widgets.pop(name, None)
            if w is None:
                continue
            t._actions.pop(w, None)
            for k in [k for k, (_a, btn) in t._keys.items() if btn is w]:
                del t._keys[k]
            w.kill()
        self.view_buttons = []

    def build_controls(self, t):
        """Buttons in ``t.actions_rect`` (called from ``TableScene.build``; again, in
        the same place or another, by a table that lays out its own column)."""
        import pygame_gui
        if self.table is not t:
            self.attach(t)
        self._drop_controls(t)
        s = t.s
        r = t.actions_rect
        gap = s(6)
        small = font(max(8, round(14 * t.app.scale)))

        def fit(width, *labels):      # the first label a small button shows whole
            return next((x for x in labels if small.size(x)[0] <= width - s(8)), labels[-1])
        y = r.top
        self.timeline_rect = pygame.Rect(r.left, y + s(18), r.width, s(14))
        y += s(40)
        unit = (r.width - 4 * gap) // 6
        bh = s(38)
        items = [("«", self.prev_turn, "pageup", ("up",), "Previous turn", "rp_prev_turn", 1),
                 ("‹", self.back, "left", (), "Step back one move", "rp_back", 1),
                 ("Pause" if self.playing else "Play", self.toggle, "space", (), "Play / pause", "rp_play", 2),
                 ("›", self.forward, "right", (), "Step forward one move", "rp_step", 1),
                 ("»", self.next_turn, "pagedown", ("down",), "Next turn", "rp_next_turn", 1)]
        x = r.left
        for text, fn, key, keys, tip, name, w in items:
            bw = unit * w + gap * (w - 1) if name != "rp_next_turn" else r.right - x
            t.button((x, y, bw, bh), text, fn, key=key, keys=keys, tip=tip, name=name,
                     cls="@primary" if name == "rp_play" else None)
            x += bw + gap
        y += bh + gap + s(4)
        sh = s(34)
        third = (r.width - 2 * gap) // 3
        t.button((r.left, y, third, sh), fit(third, "Slower", "−"), self._slower, key="-",
                 tip="Play slower", name="rp_slower", cls="@small")
        self.speed_rect = pygame.Rect(r.left + third + gap, y, third, sh)
        t.button((r.left + 2 * (third + gap), y, third, sh), fit(third, "Faster", "+"), self._faster, key="=", tip="Play faster", name="rp_faster", cls="@small")
        y += sh + gap
        lw = s(56)
        self.turn_label_rect = pygame.Rect(r.left, y, lw, sh)
        self.turn_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(r.left + lw, y, third, sh), manager=t.ui, object_id="#rp_turn")
        self.turn_entry.set_allowed_characters("numbers")
        self.turn_entry.set_text_length_limit(4)
        t.widgets["rp_turn"] = self.turn_entry
        go_w = r.right - (r.left + lw + third + gap)
        t.button((r.left + lw + third + gap, y, go_w, sh), fit(go_w, "Go to turn", "Go"),
                 self.go_to_entered_turn, tip="Jump to the start of the turn typed in the box", name="rp_go",
                 cls="@small")
        y += sh + gap
        names = t.names
        self.view_buttons = []
        views = [(fit(third, "P1 view", "P1"), 0, "rp_view0"), (fit(third, "P2 view", "P2"), 1, "rp_view1"),
                 (fit(third, "Reveal all", "All"), None, "rp_reveal")]
        for i, (text, seat, name) in enumerate(views):
            on = (t.reveal_all if seat is None else (not t.reveal_all and t.viewer == seat))
            b = t.button((r.left + i * (third + gap), y, third, sh), text,
                         (lambda seat=seat: self.set_viewer(seat)), key="v" if seat is None else str(seat + 1),
                         name=name, cls="@small",
                         tip="Show every hidden card (both hands)" if seat is None else
                         f"What {names[seat]} could see: hidden cards stay hidden")
            if on:
                self.view_buttons.append(b)

    def _slower(self):
        self.slower()

    def _faster(self):
        self.faster()

    def go_to_entered_turn(self):
        text = self.turn_entry.get_text().strip() if self.turn_entry is not None else ""
        if not text.isdigit():
            if self.table is not None:
                self.table.app.toast(f"Type a turn number from 1 to {self.last_turn()}.", "error")
            return
        self.pause()
        self.jump_to_turn(int(text))
        if self.turn_entry is not None and self.turn_entry.alive():
            self.turn_entry.set_text("")  # ready for the next number
            self.turn_entry.unfocus()
            if self.table is not None and self.table.ui is not None:
                self.table.ui.set_focus_set(None)  # the keys control the replay again

    def _sync_buttons(self):
        t = self.table
        if t is None or t.ui is None:
            return
        b = t.widgets.get("rp_play")
        if b is not None:
            want = "Pause" if self.playing else "Play"
            if b.text != want:
                b.set_text(want)

    def on_ui_event(self, ev) -> bool:
        import pygame_gui
        if ev.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and ev.ui_element is self.turn_entry:
            self.go_to_entered_turn()
            return True
        return False

    def handle_event(self, ev) -> bool:
        """Clicks on the timeline and keys not bound to buttons."""
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.timeline_rect is not None \
                and self.timeline_rect.inflate(0, self.table.s(10)).collidepoint(ev.pos):
            r = self.timeline_rect
            k = (ev.pos[0] - r.left) / max(1, r.width)
            self.pause()
            self.seek(round(k * self.length))
            return True
        if ev.type == pygame.KEYDOWN and not self.table._text_focus():
            if ev.key == pygame.K_HOME:
                self.to_start()
                return True
            if ev.key == pygame.K_END:
                self.to_end()
                return True
            if ev.key in (pygame.K_KP_PLUS, pygame.K_PLUS):
                self.faster()
                return True
            if ev.key == pygame.K_KP_MINUS:
                self.slower()
                return True
        return False

    def draw(self, surf, t):
        """The timeline (turn ticks, position) and the speed read-out."""
        if self.timeline_rect is None:
            return
        s = t.s
        r = self.timeline_rect
        draw_text(surf, f"Turn {self.turn()}/{self.last_turn()} · move {self.index}/{self.length}",
                  (r.left, r.top - s(17)), s(13), PAL["muted"])
        pygame.draw.rect(surf, (30, 34, 46), r, border_radius=s(6))
        n = max(1, self.length)
        fill = r.copy()
        fill.width = int(r.width * self.index / n)
        if fill.width > 0:
            pygame.draw.rect(surf, PAL["gold"], fill, border_radius=s(6))
        for turn, i in self.full.turn_starts():
            if turn <= 1:
                continue
            x = r.left + int(r.width * i / n)
            pygame.draw.line(surf, (90, 96, 118) if i > self.index else (60, 48, 20), (x, r.top + s(3)),
                             (x, r.bottom - s(3)), 1)
        pygame.draw.rect(surf, PAL["line"], r, 1, border_radius=s(6))
        knob = (r.left + int(r.width * self.index / n), r.centery)
        pygame.draw.circle(surf, PAL["gold_hi"], knob, s(7))
        pygame.draw.circle(surf, (20, 20, 26), knob, s(7), max(1, s(2)))
        for b in self.view_buttons:
            pygame.draw.rect(surf, PAL["gold_hi"], b.rect.inflate(s(4), s(4)), max(2, s(2)), border_radius=s(8))
        sr = self.speed_rect
        if sr is not None:
            text = f"Speed ×{self.speed:g}"
            if font(s(16), True).size(text)[0] > sr.width:
                text = f"×{self.speed:g}"      # a narrow column: the number alone between Slower and Faster
            draw_text(surf, text, sr.center, s(16), PAL["text"], bold=True, anchor="center")
        lr = self.turn_label_rect
        if lr is not None:
            draw_text(surf, "Turn", (lr.left, lr.centery), s(16), PAL["text"], anchor="midleft")

