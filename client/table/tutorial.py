"""Learn to play: the guided first game on the real table.

A lesson (``assets/lessons/<game>.toml``, read by :mod:`engine.core.tutorial`) opens the
game's own table on a prepared position (scene ``tutorial``: the game's ``Table`` holding a
:class:`Coach` as its layer, see :mod:`client.table.layer`). The coach

* shows the lesson's panel over the top of the side column (what to do; afterwards what
  happened and why, filled with the figures of the move's own events) with a Continue
  button (Space / Enter);
* points at the taught move (outline and arrow: :mod:`client.table.guidance`, rectangles asked of
  the table);
* lets through only the taught move: any other move is not played, and the panel says
  what to do instead ("Try dragging …", in bold under the instruction);
* plays the opponent's scripted moves (or the easy AI's where the lesson says so);
* replaces Undo / Redo / Hint by Skip lesson and Lessons; Menu (Esc) works as in any game.

Progress (which lessons are done, whether the first-visit offer was made) is kept in
``tutorial.json`` beside the settings, written atomically; a damaged file is set aside
and treated as empty.
"""
from __future__ import annotations

import math

import pygame

from client.table import guidance
from client.table.layer import Layer

PROGRESS_FILE = "tutorial.json"
MAX_PROGRESS_BYTES = 64 * 1024
#: seconds between two of the opponent's scripted moves (so each can be followed)
OPPONENT_PAUSE = 0.7


# ================================================================ progress
def progress_path():
    from client.storage import config_dir
    return config_dir() / PROGRESS_FILE


def load_progress() -> dict:
    """``{game: {"done": [lesson ids], "offered": bool, "finished": bool}}``; {} when
    there is no file. A damaged file is set aside (kept, renamed) and {} returned."""
    from engine.core.files import FileProblem, read_json, set_aside
    path = progress_path()
    if not path.exists():
        return {}
    try:
        obj = read_json(path, MAX_PROGRESS_BYTES)
        if not isinstance(obj, dict) or obj.get("format") != "cardhall-tutorial":
            raise FileProblem(f"{path.name}: not a Cardhall tutorial file.", path)
    except (FileProblem, OSError):
        set_aside(path, "damaged")
        return {}
    out = {}
    games = obj.get("games")
    for g, v in (games.items() if isinstance(games, dict) else ()):
        if not isinstance(g, str) or not isinstance(v, dict):
            continue
        done = [x for x in v.get("done", []) if isinstance(x, str)] if isinstance(v.get("done"), list) else []
        out[g] = {"done": done[:200], "offered": v.get("offered") is True, "finished": v.get("finished") is True}
    return out


def save_progress(data: dict) -> bool:
    from engine.core.files import atomic_write_json
    try:
        atomic_write_json(progress_path(), {"format": "cardhall-tutorial", "version": 1, "games": data})
        return True
    except OSError:
        return False


def game_progress(game: str) -> dict:
    return load_progress().get(game, {"done": [], "offered": False, "finished": False})


def update_progress(game: str, *, done=None, offered=None, finished=None) -> None:
    data = load_progress()
    g = data.setdefault(game, {"done": [], "offered": False, "finished": False})
    if done and done not in g["done"]:
        g["done"].append(done)
    if offered is not None:
        g["offered"] = bool(offered)
    if finished is not None:
        g["finished"] = bool(finished)
    save_progress(data)


def course(game: str):
    """The game's course (cached per process); LessonError if its file is unusable."""
    c = _COURSES.get(game)
    if c is None:
        from engine.core.tutorial import load_course
        c = _COURSES[game] = load_course(game)
    return c


_COURSES: dict = {}


# ================================================================ opening a lesson
def open_lesson(app, game: str, lesson_id: str | None = None):
    """Switch to the tutorial table on ``lesson_id`` (default: the first not done)."""
    from engine.core.tutorial import LessonError
    try:
        c = course(game)
    except LessonError as e:
        app.toast(f"The lessons cannot be opened: {e}", "error", 8)
        return None
    if lesson_id is None:
        done = set(game_progress(game)["done"])
        lesson_id = next((les.id for les in c.lessons if les.id not in done), c.lessons[0].id)
    try:
        return app.scenes.switch("tutorial", game=game, lesson=lesson_id)
    except LessonError as e:          # (the scene on screen stays)
        app.toast(f"That lesson cannot be opened: {e}", "error", 8)
        return None


def lesson_screens(lesson) -> list[str]:
    """The screens a lesson shows, in order (``screen=i`` of scene ``tutorial`` opens the
    i-th): its intro, each step's instruction and, where it has one, its explanation, and
    the lesson's end."""
    out = ["intro"] if lesson.intro else []
    for k, st in enumerate(lesson.steps):
        out.append(f"step {k + 1}")
        if st.explain and st.kind != "note":
            out.append(f"step {k + 1} explained")
    return out + ["done"]


class TutorialScene:
    """Scene ``tutorial``: the game's own table holding the lesson as its layer, a
    :class:`Coach` (see module doc)."""

    def __new__(cls, app, *, game=None, lesson=None, screen=None, **kw):
        from engine.core.tutorial import lesson_session
        from client.scenes import gamesinfo, scene_class
        game = game or gamesinfo.default_game()
        c = course(game)
        les = c.lesson(lesson) if lesson else c.lessons[0]
        if les is None:
            les = c.lessons[0]
        session = lesson_session(game, les, {"names": ["You", "Opponent"]})
        coach = Coach(c, les)
        t = scene_class("table", game)(app, game=game, session=session, mode="ai", human_seats=(0,),
                                       ai_level="easy", layer=coach)
        t.name = "tutorial"
        coach.begin(screen)
        return t

    @classmethod
    def demo_kwargs(cls, app, game, seed):
        c = course(game)
        return {"lesson": c.lessons[(seed - 1) % len(c.lessons)].id}


# ================================================================ the table's lesson layer
class Coach(Layer):
    """The lesson, held by the game's table as its layer (see :mod:`client.table.layer`):
    its panel, the taught move let through, the opponent's scripted moves."""

    def __init__(self, course_, lesson):
        self.course = course_
        self.lesson = lesson
        self.lesson_no = self.course.index(self.lesson.id)
        self.state = "intro" if self.lesson.intro else "step"
        self.k = 0                    # the step
        self.explained = ""           # the explanation now shown
        self.what_lines: list = []    # the engine's own lines of the move explained
        self.pending_explain = None   # (template, before, action, events): shown once the board settles
        self.them_left = None         # the opponent's scripted moves still to play
        self.them_wait = 0.0
        self.them_done: list = []     # (action, before, events) of the current 'them' step
        self.tut_error = ""
        self.refusal = ""             # what to do instead of a move just refused (shown in the panel)
        self.tut_button = None        # the panel's button (Start, Continue, Next lesson)
        self.panel_box = None         # where the panel was placed last
        self.panel_parts = None
        self._panel_tall = False
        self._log_home = self._log_set = None
        self._own_move = False        # a move of the lesson's own (the AI's, asked in advance())

    def attach(self, table):
        super().attach(table)
        table.banner_on_turn = False

    def begin(self, screen=None):
        """The table is open: the first step, or the ``screen``-th screen of the lesson."""
        if self.state == "step":
            self._begin_step(0)
        for _ in range(int(screen or 0)):
            self.advance()

    def driver(self, ai):
        return LessonDriver(self, ai)

    # ------------------------------------------------------------ steps
    @property
    def step(self):
        if self.state not in ("step", "explain", "wait") or self.k >= len(self.lesson.steps):
            return None
        return self.lesson.steps[self.k]

    def say(self, text):
        """A word of the lesson's on a refused move: in the panel, under what to do (never
        over the board, where it could hide the card the lesson points at)."""
        t = self.table
        self.refusal = text
        self._relabel()
        t.invalidate()

    def _begin_step(self, k):
        t = self.table
        self.refusal = ""
        self.k = k
        self.state = "step"
        self.explained = ""
        self.what_lines = []
        self.pending_explain = None
        if k >= len(self.lesson.steps):
            self._finish_lesson()
            return
        st = self.lesson.steps[k]
        if st.kind == "them":
            self.them_left = [dict(x) for x in (st.moves or ())]
            self.them_done = []
            self.them_wait = t.t + OPPONENT_PAUSE
        self._relabel()

    def taught_action(self):
        """The legal action the current step teaches (resolved now against the engine), or None."""
        t = self.table
        st = self.step
        if self.state != "step" or st is None or st.kind != "move" or not t.human_to_move():
            return None
        from engine.core.tutorial import resolve
        return resolve(t.game, t.match, st.move)

    def _finish_lesson(self):
        t = self.table
        self.state = "done"
        last = self.lesson_no == len(self.course.lessons) - 1
        update_progress(t.game, done=self.lesson.id, finished=True if last else None)
        t.sfx("win")
        self._relabel()

    def _after_move(self, template, before, action, events):
        """The taught (or scripted) move was made: its explanation once the board has caught up."""
        self.pending_explain = (template, before, action, events)
        self.state = "wait"
        self._relabel()

    def _explain_now(self):
        t = self.table
        template, before, action, events = self.pending_explain
        self.pending_explain = None
        from engine.core.tutorial import LessonError, facts, fill
        text = ""
        if template:
            try:
                text = fill(template, facts(t.game, before, action, events, t.viewer, t.match))
            except LessonError as e:
                text = f"(This explanation could not be filled: {e})"
        self.what_lines = self._event_lines(before, events)
        if text:
            self.explained = text
            self.state = "explain"
            self._relabel()
        else:
            self._begin_step(self.k + 1)

    def _event_lines(self, before, events) -> list:
        """The engine's own sentences for the move (as this seat may see them), the
        turn and phase markers left out."""
        t = self.table
        out = []
        m = t.match
        ev_for = getattr(type(m), "event_for", None)
        for ev in t.lesson_events(events):
            e = ev_for(ev, t.viewer) if callable(ev_for) else ev
            try:
                line = t.log_event_text(m, e)
            except Exception:  # noqa: BLE001 - a log line must never break the lesson
                continue
            if line and line not in out:
                out.append(line)
        return out[:4]

    def advance(self):
        """Continue (Space / Enter / the button): the next screen of the lesson. Where
        the lesson waits for a move, the tutorial makes it (the layout check's and the
        tests' fast way through; a player uses the board)."""
        t = self.table
        if self.state == "intro":
            self._begin_step(0)
        elif self.state == "explain":
            self._begin_step(self.k + 1)
        elif self.state == "step":
            st = self.step
            if st is None:
                return
            if st.kind == "note":
                self._begin_step(self.k + 1)
            elif st.kind == "move":
                a = self.taught_action()
                if a is not None:
                    t.perform(a)
                    self._settle()
            else:
                for _ in range(400):
                    if self.state != "step" or self.step is not st:
                        break
                    self.them_wait = 0.0
                    if not self._play_them():
                        break
                self._settle()
        elif self.state == "wait":
            self._settle()
        elif self.state == "done":
            self.next_lesson()
        t.invalidate()

    def _settle(self):
        if self.state == "wait" and self.pending_explain is not None:
            self._explain_now()

    # ------------------------------------------------------------ moves
    def perform(self, action, by_ai, play) -> bool:
        """Only the taught move is played (and the opponent's)."""
        t = self.table
        if self._own_move:
            return play(action, by_ai=by_ai)
        st = self.step
        if by_ai and self.state == "step" and st is not None and st.kind == "them" and st.ai:
            before = t.match.clone()        # the AI's move (in the background): kept for the explanation
            events = before.clone().apply(tuple(action))
            ok = play(action, by_ai=True)
            if ok:
                self.them_done.append((tuple(action), before, events))
            return ok
        if by_ai:
            return play(action, by_ai=by_ai)
        st = self.step
        taught = self.taught_action()
        if taught is None or tuple(action) != taught:
            self.refuse()
            return False
        before = t.match.clone()
        events = before.clone().apply(taught)
        ok = play(action, by_ai=by_ai)
        if ok:
            self.refusal = ""
            self._after_move(st.explain, before, taught, events)
        return ok

    def refuse(self):
        """A move the lesson does not teach now: not played, and a word on what to do instead."""
        t = self.table
        st = self.step
        if self.state != "step" or st is None or st.kind != "move":
            label = self.button_text()
            self.say(f"Read the lesson first, then press {label or 'Continue'} (Space)." if label or
                     self.state != "step" else "Watch their move first.")
        else:
            from engine.core.tutorial import try_text
            self.say(try_text(t.game, st))
        t.sfx("refusal")

    def refuses_batch(self) -> bool:
        """(A table's "End turn without attacking": several passes in one press.) A lesson
        teaches one move at a time, so the press is refused as a whole, never half made
        (its first pass taken for the lesson's "Go to combat", the next ones refused)."""
        self.refuse()
        return True

    def _play_them(self) -> bool:
        """One of the opponent's scripted moves (or the easy AI's turn); False when the step is over."""
        t = self.table
        st = self.step
        if st is None or st.kind != "them":
            return False
        if st.ai:
            if t.match.to_move() in t.human_seats or t.match.result() is not None:
                self._them_over()
                return False
            from engine.ai import make_agent
            a = make_agent(st.ai, 7).choose(t.match)      # (the fast way through: advance())
            before = t.match.clone()
            events = before.clone().apply(a)
            self._own_move = True
            try:
                t.perform(a, by_ai=True)
            finally:
                self._own_move = False
            self.them_done.append((a, before, events))
            return True
        else:
            if not self.them_left:
                self._them_over()
                return False
            from engine.core.tutorial import resolve
            spec = self.them_left[0]
            a = resolve(t.game, t.match, spec) if t.match.to_move() not in t.human_seats else None
            if a is None:
                self.tut_error = f"This lesson's opponent move ({spec}) is not possible here."
                self.them_left = []
                self._them_over()
                return False
            self.them_left.pop(0)
        before = t.match.clone()
        events = before.clone().apply(a)
        t.perform(a, by_ai=True)
        self.them_done.append((a, before, events))
        if not st.ai and not self.them_left:
            self._them_over()
            return False
        return True

    def _them_over(self):
        st = self.step
        done = self.them_done
        if done:
            allev = [e for _a, _b, evs in done for e in evs]
            self._after_move(st.explain, done[0][1], done[-1][0], allev)
        else:
            self._begin_step(self.k + 1)

    def update(self, dt, frame):
        t = self.table
        frame(dt)
        if self.state == "wait" and not t.anims.busy:
            self._settle()

    def game_over(self) -> bool:
        """A lesson that ends the game (the ways to win) goes on with its explanation:
        no game-over screen."""
        return True

    # ------------------------------------------------------------ widgets
    def build(self):
        t = self.table
        s = t.s
        for name in ("undo", "redo", "hint"):
            self._drop_widget(name)
        t.history.buttons = ()
        by = s(8) if t.top_rect.height == s(52) else max(0, (t.top_rect.height - s(36)) // 2)
        t.button((t.W - s(118) - s(132), by, s(124), s(36)), "Lessons", self.to_list, key="f2",
                 tip="Every lesson of this game, to replay any of them", name="tut_list", cls="@small")
        t.button((t.W - s(118) - s(264), by, s(124), s(36)), "Skip lesson", self.skip, key="f3",
                 tip="Go on to the next lesson", name="tut_skip", cls="@small")
        self.tut_button = t.button((0, 0, s(160), s(40)), "Continue", self.advance,
                                   tip="Go on with the lesson<br>shortcut: <b>Space</b> or <b>Enter</b>",
                                   name="tut_next", cls="@primary")
        self._place_panel()

    def handle_event(self, ev) -> bool:
        """Space / Enter press the panel's button while it shows (before the table's own keys)."""
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) \
                and not ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) and self.button_text() is not None \
                and not getattr(ev, "repeat", False):
            self.advance()
            return True
        return False

    def log_start(self) -> bool:
        """The log opens on the lesson's title (after the players sitting down)."""
        t = self.table
        if len(t.session) != 0:
            return False
        from client.scenes import gamesinfo
        t.log.add(f"{t.names[0]} and {t.names[1]} sit down to {gamesinfo.title(t.game)}.", kind="info")
        t.log.add(f"Lesson {self.lesson_no + 1}: {self.lesson.title}.", kind="info")
        return True

    def _drop_widget(self, name):
        t = self.table
        b = t.widgets.pop(name, None)
        if b is None:
            return
        t._actions.pop(b, None)
        for k in [k for k, (_a, btn) in t._keys.items() if btn is b]:
            del t._keys[k]
        b.kill()

    def _relabel(self):
        t = self.table
        if self.tut_button is not None and t.ui is not None:
            self._place_panel()
        t.liven()

    def button_text(self) -> str | None:
        """The panel button's label now, or None when the lesson waits for a move."""
        if self.state == "intro":
            return "Start"
        if self.state == "explain":
            return "Continue"
        if self.state == "done":
            return "Next lesson" if self.lesson_no < len(self.course.lessons) - 1 else "Play the AI"
        st = self.step
        if self.state == "step" and st is not None and st.kind == "note":
            return "Continue"
        return None

    def panel_texts(self):
        n = len(self.course.lessons)
        header = f"Lesson {self.lesson_no + 1} of {n} · {self.lesson.title}"
        lines = []
        if self.state == "intro":
            body = self.lesson.intro
        elif self.state == "done":
            header = f"Lesson {self.lesson_no + 1} of {n} done · {self.lesson.title}"
            body = self.lesson.summary or "Well played."
            if self.lesson_no == n - 1 and self.course.finale:
                body = (body + " " if self.lesson.summary else "") + self.course.finale
        elif self.state in ("explain", "wait"):
            body = self.explained
            lines = self.what_lines
        else:
            st = self.step
            body = st.text if st is not None else ""
            if st is not None and st.kind == "them" and not body:
                body = "Their move: watch."
        if self.tut_error:
            lines = [self.tut_error] + lines
        return header, body, lines

    def prompt(self) -> str | None:
        """While the lesson is read, what goes on is the panel's button (never "Opponent is
        deciding…" over a lesson waiting for Continue): these words stand for the game's
        prompt (and its short forms); otherwise None, the game's own."""
        t = self.table
        label = self.button_text()
        if label is not None and not t.anims.busy:
            if self.state == "done":
                return f"Lesson done: {label} (Space)."
            return f"Read the lesson on the right, then press {label} (Space)."
        return None

    def reading(self) -> bool:
        """The lesson waits for Continue (no move to make): the action buttons step aside."""
        return self.button_text() is not None or self.state == "wait"

    def panel_area(self) -> pygame.Rect:
        """The side column (where the log is): the board stays uncovered. While the
        player reads, the column's action buttons step aside and the panel may use
        their room too."""
        t = self.table
        s = t.s
        side = t.side_rect
        top = side.top
        right = t.right_rect
        if right is not None and side.height < s(120):
            # the log is one row (Evons above 100 %): the column under it, or with the
            # row too where the words need it (``tall``)
            top = side.top if self._panel_tall else side.bottom + s(8)
            bottom = t.board_rect.bottom if self.reading() else self._buttons_top() - s(8)
            return pygame.Rect(side.left, top, side.width, max(s(60), bottom - top))
        if t.side.compact and t.side.ticker_rect is not None:
            top = t.side.ticker_rect.top  # the folded strip, under its Log button
        bottom = side.bottom if self.reading() else self._buttons_top() - s(8)
        if not t.actions_rect.colliderect(side):     # the buttons beside the log (Evons): all its column
            bottom = side.bottom
        return pygame.Rect(side.left, top, side.width, bottom - top)

    def _buttons_top(self) -> int:
        """The top of the action buttons shown (the room kept for them when fewer show is
        the panel's): the action area's top when none is placed yet."""
        t = self.table
        try:
            shown = bool(t.action_buttons())
        except Exception:  # noqa: BLE001 - then the room stays the buttons'
            shown = True
        if not shown:                                    # (the opponent's move: no button)
            return t.actions_rect.bottom
        tops = [w.rect.top for w in t.chrome.action_widgets if w.visible
                and t.actions_rect.colliderect(w.rect)]
        return max(t.actions_rect.top, min(tops)) if tops else t.actions_rect.top

    def covers(self, rect) -> bool:
        """The panel lies over ``rect`` (a column the game then leaves out)."""
        box = self.panel_box
        return box is not None and rect is not None and box.colliderect(rect)

    def _sync_action_widgets(self):
        t = self.table
        show = not self.reading()
        for w in t.chrome.action_widgets:
            if show and not w.visible:
                w.show()
            elif not show and w.visible:
                w.hide()

    def _place_panel(self):
        t = self.table
        s = t.s
        area = self.panel_area()
        label = self.button_text()
        bh = s(40)
        header, body, lines = self.panel_texts()
        alert = self.refusal
        size = 17
        if self._panel_tall:
            self._panel_tall = False
            area = self.panel_area()
        h, parts = guidance.panel_layout(area, header, body, [], s, bh if label else 0, size, alert)
        if h > area.height and t.right_rect is not None and t.side_rect.height < s(120):
            self._panel_tall = True                        # (Evons above 100 %) the log row gives way
            area = self.panel_area()
        h, parts = guidance.panel_layout(area, header, body, lines, s, bh if label else 0, size, alert)
        while h > area.height and (lines or size > 11):   # the engine's lines give way first
            if lines:
                lines = lines[:-1]
            else:
                size -= 1
            h, parts = guidance.panel_layout(area, header, body, lines, s, bh if label else 0, size, alert)
        self.panel_box = pygame.Rect(area.left, area.top, area.width, min(h, area.height))
        self.panel_parts = parts
        self._fit_log_under_panel()
        toggle = t.side.toggle       # (a Log button the panel lies over steps aside)
        if toggle is not None:
            over = self.panel_box.colliderect(toggle.rect)
            if over and toggle.visible:
                toggle.hide()
            elif not over and not toggle.visible:
                toggle.show()
        b = self.tut_button
        if label:
            from client.ui.theme import font
            bw = min(area.width - s(28), max(s(140), s(36) + font(s(18), True).size(label)[0]))
            b.set_dimensions((bw, bh))
            b.set_relative_position((self.panel_box.right - s(14) - bw, self.panel_box.bottom - s(14) - bh))
            if b.text != label:
                b.set_text(label)
            b.show()
            b.enable()
        else:
            b.hide()
            b.disable()

    def _fit_log_under_panel(self):
        """The log, where the panel lies over its column, keeps to the room under the panel
        (its heading and whole lines, never lines cut by the panel's edge); where that room
        is too small for its heading and a line or two, it steps aside until there is room."""
        t = self.table
        log = t.log
        if log.hidden:
            return
        if log.rect != self._log_set:
            self._log_home = pygame.Rect(log.rect)        # (placed anew by the table's layout)
        home, box, s = self._log_home, self.panel_box, t.s
        if not home.colliderect(box) or box.top > home.top + s(4):
            want = home
        else:
            top = box.bottom + s(8)
            if home.bottom - top < s(90):                 # no room for the heading and a line or two
                want = pygame.Rect(home.left, home.bottom, home.width, 0)
            else:
                want = pygame.Rect(home.left, top, home.width, home.bottom - top)
        log.set_rect(want)
        self._log_set = pygame.Rect(log.rect)

    # ------------------------------------------------------------ leaving, skipping
    def skip(self):
        """Skip lesson: the next one (from the last, the list of lessons)."""
        if self.lesson_no < len(self.course.lessons) - 1:
            self.next_lesson()
        else:
            self.to_list()

    def next_lesson(self):
        t = self.table
        n = len(self.course.lessons)
        if self.lesson_no < n - 1:
            open_lesson(t.app, t.game, self.course.lessons[self.lesson_no + 1].id)
        else:
            start_first_game(t.app, t.game)

    def to_list(self):
        t = self.table
        t.go("lessons", game=t.game)

    def concede(self) -> bool:
        """Conceding a lesson leaves it for the list of lessons (nothing is recorded)."""
        self.to_list()
        return True

    # ------------------------------------------------------------ drawing
    def draw(self, surf, frame):
        t = self.table
        self._place_panel()
        self._sync_action_widgets()
        frame(surf)
        s = t.s
        glow = 0.5 + 0.5 * math.sin(t.pulse_t * 4)
        if self.state == "step" and not t.anims.busy and t.app.scenes.top is t:
            rects = guidance.move_rects(t, self.taught_action())
            if rects and (t.drag is None or not t.drag.moved):
                guidance.draw_guide(surf, rects, t.app.scale, glow)
            elif rects:
                guidance.draw_guide(surf, rects[1:], t.app.scale, glow)
        guidance.draw_panel(surf, self.panel_box, self.panel_parts, s)
        t.draw_ui(surf)          # the panel's button over the panel
        if t.drag is not None and t.drag.moved:
            t.draw_dragged(surf)


class LessonDriver:
    """The lesson's :class:`~client.table.ai.Driver`: the opponent moves only in a
    lesson's 'them' steps: one scripted move at a time, or the AI the lesson names
    (the table's own, thinking in the background as in any game) until the player is to
    move again."""

    def __init__(self, coach: Coach, ai):
        self.coach = coach
        self.ai = ai

    def cancel(self):
        self.ai.cancel()

    def busy(self) -> bool:
        return self.ai.busy()

    def thinking(self):
        return self.ai.thinking()

    def tick(self, dt):
        self.ai.tick(dt)

    def clock_text(self):
        return self.ai.clock_text()

    def reset(self):
        self.ai.reset()

    def wake_in(self):
        """The AI's, or sooner: the scripted opponent's next move, the explanation due."""
        c = self.coach
        best = self.ai.wake_in()
        st = c.step
        if c.state == "step" and st is not None and st.kind == "them":
            w = max(0.0, c.them_wait - c.table.t) + 0.01
            best = w if best is None else min(best, w)
        if c.state == "wait":
            best = 0.0
        return best

    def drive(self):
        c = self.coach
        t = c.table
        st = c.step
        if c.state == "step" and st is not None and st.kind == "them" and st.ai:
            t.ai_level = st.ai
            if not self.ai.busy() and not t.anims.busy and (
                    t.match.to_move() in t.human_seats or t.match.result() is not None):
                c._them_over()
                return
            self.ai.drive()
            return
        if c.state != "step" or st is None or st.kind != "them" or t.anims.busy:
            return
        if t.t < c.them_wait:
            return
        c.them_wait = t.t + OPPONENT_PAUSE
        c._play_them()


class HintCallout(Layer):
    """The first real game after the lessons (the table's layer): a note with an arrow to
    the Hint button, until the player asks for a hint or makes a few moves."""

    CALLOUT = "Stuck? Press Hint (H): the hard AI shows the move it would make, from what you can see."

    def __init__(self):
        self.hint_seen = False

    def callout_live(self) -> bool:
        t = self.table
        if t.hints.message:
            self.hint_seen = True           # asked once: the player knows where it is
        return not self.hint_seen and t.actions_applied < 6 and "hint" in t.widgets and t.result() is None

    def draw(self, surf, frame):
        frame(surf)
        t = self.table
        if not self.callout_live() or t.app.scenes.top is not t:
            return
        s = t.s
        hb = pygame.Rect(t.widgets["hint"].rect)
        from client.ui.theme import font, wrap_lines, draw_text, panel, PAL
        w = min(s(300), t.W // 3)
        f = font(s(15))
        lines = wrap_lines(self.CALLOUT, f, w - s(24))
        h = s(16) + len(lines) * f.get_linesize()
        box = pygame.Rect(0, 0, w, h)
        box.topright = (min(t.W - s(10), hb.right + s(40)), hb.bottom + s(34))
        panel(surf, box, border=PAL["gold"], radius=s(8))
        y = box.top + s(8)
        for ln in lines:
            draw_text(surf, ln, (box.left + s(12), y), s(15), PAL["text"])
            y += f.get_linesize()
        guidance.draw_outline(surf, hb, t.app.scale, 0.6)
        guidance.draw_arrow(surf, box, hb, t.app.scale, 0.6)


def start_first_game(app, game):
    """The real game after the lessons: the easy AI, starter decks, the Hint button pointed out."""
    from engine.core.harness import starter_pair
    from engine.core.session import MatchSession
    from client.scenes import scene_class
    from client.table.start import new_seed, table_kwargs
    from client.storage import replays_dir, saves_dir
    seed = new_seed()
    meta = {"mode": "ai", "ai": {"seat": 1, "level": "easy", "seed": seed ^ 0x5EED}, "human": 0,
            "names": ["You", "AI (easy)"]}
    session = MatchSession.new(game, starter_pair(game, seed), seed, {}, meta,
                               autosave_folder=saves_dir(), replay_folder=replays_dir())
    t = scene_class("table", game)(app, **table_kwargs(session), layer=HintCallout())
    t.name = "table"
    app.scenes.switch(t)
    return t
