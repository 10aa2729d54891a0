"""The application: window, settings, scene stack, toasts and the frame loop.

``App(size, settings=None)`` opens the window; :meth:`App.step` runs exactly one
frame (events → update → draw → flip), which is what tests drive through
:class:`client.devtools.testing.Driver`; :meth:`App.run` loops until quit.

Redrawing only on change
------------------------
The window is drawn only when something changed; otherwise the loop sleeps on
the event queue. A step draws the whole window when

* it handled an event (input, resize, window events) or the scene stack changed;
* something called :meth:`App.invalidate` / ``Scene.invalidate()`` (no rect);
* a timer set with :meth:`App.redraw_at` / ``Scene.redraw_at(when)`` came due
  (``when`` is on the :attr:`App.now` clock);
* the top scene is animating (``Scene.wake_in()`` returned 0), a toast fades, a
  mouse button is held (drags), and once more after such a run ends.

``Scene.invalidate(rect)`` redraws just that part (the whole stack is drawn
clipped to it, then only that rectangle is sent to the screen): the AI's
thinking sign, a text cursor. ``Scene.wake_in()`` > 0 asks for an update that
many seconds from now without drawing (the scene invalidates what changed).
With nothing pending :meth:`App.step` waits for the next event, at most until
the earliest wake-up. :attr:`App.draws` counts whole-window frames drawn and
:attr:`App.partial_draws` the partial ones (tests check that an idle scene
draws nothing).
"""
from __future__ import annotations

import heapq
import os
import time

import pygame

from client.ui.theme import PAL, font, load_theme

BASE_W, BASE_H = 1280, 720
MIN_W, MIN_H = 960, 540
#: how often the idle loop looks at the event queue (s). pygame's own event.wait
#: polls every millisecond (2% of a core doing nothing); this costs a tenth of it
#: and adds at most this much to the first input after a rest.
IDLE_POLL = 0.008
#: longest rest without an update (a heartbeat; nothing is drawn unless asked)
MAX_REST = 0.5
#: a moved or resized window is written to the settings once it has been still this long (s)
WINDOW_SAVE_DELAY = 1.0
#: CARDHALL_WINDOW_LOG: print the full-screen toggles and, once a frame shows it, each new
#: top scene ("SCENE title"): the real-window tests wait for those instead of sleeping
_WINDOW_LOG = bool(os.environ.get("CARDHALL_WINDOW_LOG"))
#: room kept free on a display around a window: its title bar above, a task bar below,
#: a little at the sides (the window must open whole on the screen)
TOP_ROOM, BOTTOM_ROOM, SIDE_ROOM = 32, 56, 20
#: a first window takes this share of the room its display leaves (16:9)
FIRST_SHARE = 0.96


def _bare_x11() -> bool:
    from client.ui.x11 import bare_x11
    return bare_x11()


def _displays(desktops):
    """``[(left, width, height)]``: the displays side by side from x = 0 (pygame's order;
    SDL reports their sizes without their positions)."""
    out, x = [], 0
    for d in desktops:
        out.append((x, int(d[0]), int(d[1])))
        x += int(d[0])
    return out


def window_room(dw, dh):
    """The largest window a ``dw`` × ``dh`` display shows whole, title bar and task bar included."""
    return max(1, dw - 2 * SIDE_ROOM), max(1, dh - TOP_ROOM - BOTTOM_ROOM)


def remembered_geometry(settings, size, desktops):
    """``(size, position)`` for the window, so that it opens whole on the display it
    is on: ``size`` when given (``--size``: exactly, up to the display's size), else
    the remembered size, else (a first start) a 16:9 window sized to the display,
    these no larger than the room the display leaves (:func:`window_room`); never
    below the smallest window when the display has room for it. Placed where it was left, moved as little as needed to lie whole
    on that display (a monitor unplugged since: the first one); a first window is
    centred on the first display."""
    desktops = [tuple(d) for d in (desktops or []) if d and d[0] > 0 and d[1] > 0] or [(BASE_W, BASE_H)]
    disp = _displays(desktops)
    pos = settings.window_pos
    if pos is not None:
        x, y = int(pos[0]), int(pos[1])
        guess = size or settings.window_size or (BASE_W, BASE_H)
        cx = x + int(guess[0]) // 2
        left, dw, dh = next((d for d in disp if d[0] <= cx < d[0] + d[1]), disp[0] if cx < 0 else disp[-1])
        if not (left <= x < left + dw):
            left, dw, dh = next((d for d in disp if d[0] <= x < d[0] + d[1]), disp[0])
    else:
        left, dw, dh = disp[0]
    rw, rh = window_room(dw, dh)
    explicit = size is not None       # --size: that size exactly (no larger than the display)
    if size is None:
        size = settings.window_size
    if size is None:
        w = int(min(rw, rh * 16 / 9) * FIRST_SHARE)
        size = (w, w * 9 // 16)
    cw, ch = (dw, dh) if explicit else (rw, rh)
    w = min(cw, max(min(MIN_W, cw), int(size[0])))
    h = min(ch, max(min(MIN_H, ch), int(size[1])))
    # room for a title bar above and a task bar below when the window leaves it
    top = TOP_ROOM if h <= rh else max(0, (dh - h) // 2)
    bottom = dh - BOTTOM_ROOM - h if h <= rh else top
    if pos is None:
        return (w, h), (left + (dw - w) // 2, top + max(0, bottom - top) // 2)
    x = max(left, min(x, left + dw - w))
    y = max(top, min(y, bottom))
    return (w, h), (x, y)


class SceneManager:
    """A stack of scenes. The top one gets the events; overlays (``transparent``)
    draw over the ones below."""

    def __init__(self, app):
        self.app = app
        self.stack: list = []

    @property
    def top(self):
        return self.stack[-1] if self.stack else None

    def make(self, name: str, **kw):
        from client.scenes import scene_class
        cls = scene_class(name, kw.get("game"))
        sc = cls(self.app, **kw)
        sc.name = sc.name or name
        return sc

    def switch(self, name_or_scene, **kw):
        """Replace the whole stack with one scene."""
        sc = self.make(name_or_scene, **kw) if isinstance(name_or_scene, str) else name_or_scene
        while self.stack:
            self.stack.pop().leave()
        self.stack.append(sc)
        sc.enter()
        self.app.invalidate()
        return sc

    def push(self, name_or_scene, **kw):
        sc = self.make(name_or_scene, **kw) if isinstance(name_or_scene, str) else name_or_scene
        self.stack.append(sc)
        sc.enter()
        self.app.invalidate()
        return sc

    def pop(self):
        if not self.stack:
            return None
        sc = self.stack.pop()
        sc.leave()
        if self.top is not None:
            self.top.resume()
        self.app.invalidate()
        return sc

    def rebuild_all(self):
        for sc in self.stack:
            sc.rebuild()
        self.app.invalidate()

    def find(self, cls_or_name):
        for sc in reversed(self.stack):
            if (isinstance(cls_or_name, str) and sc.name == cls_or_name) or \
                    (isinstance(cls_or_name, type) and isinstance(sc, cls_or_name)):
                return sc
        return None


class Toast:
    __slots__ = ("text", "kind", "until", "born")

    def __init__(self, text, kind, until, born):
        self.text, self.kind, self.until, self.born = text, kind, until, born


class App:
    _veils: dict = {}  # (size, darkness) -> the veil drawn under an overlay

    def __init__(self, size=(BASE_W, BASE_H), settings=None, *, fullscreen=None, caption="Cardhall",
                 remember_window=False):
        """``remember_window``: the window opens where it was last time (size, place, full
        screen; ``size`` None means "as remembered") and its changes are written to the
        settings (the real program; tests and tools leave the settings file alone)."""
        self.t0 = time.perf_counter()
        from client.settings import Settings
        self.settings = settings if settings is not None else Settings.load()
        pygame.display.init()
        pygame.font.init()
        from client.ui.gui_patches import gui_fonts_fall_back
        gui_fonts_fall_back()      # the widgets' fonts draw Chinese and Japanese as ours do
        pygame.key.set_repeat(350, 40)
        pygame.display.set_caption(caption)
        self.remember_window = remember_window
        pos = None
        if remember_window:
            size, pos = remembered_geometry(self.settings, size, pygame.display.get_desktop_sizes())
        self._windowed_size = tuple(size or (BASE_W, BASE_H))
        self._windowed_pos = pos
        self._window_changed_at = None  # App.now of a move/resize not yet written to the settings
        self.fullscreen = False
        self._bare_full = False  # full screen made by hand (no window manager, see client.ui.x11)
        if pos is not None:  # read by SDL when the window is made; dropped at once so later calls don't move it
            os.environ["SDL_VIDEO_WINDOW_POS"] = f"{pos[0]},{pos[1]}"
        try:
            self.screen = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        finally:
            os.environ.pop("SDL_VIDEO_WINDOW_POS", None)
        if pos is not None:
            win = self._window()
            if win is not None and tuple(win.position) != tuple(pos):
                try:
                    win.position = pos
                except (pygame.error, TypeError, ValueError):
                    pass
        # keys held down (toggles act once per press, see process_event)
        self._keys_down: set = set()
        self._key_up_at: dict = {}
        self._held_through_focus: dict = {}
        self._set_icon()
        self.size = self.screen.get_size()
        self.scale = self._compute_scale()
        self._theme_cache: dict = {}
        self.clock = pygame.time.Clock()
        self.scenes = SceneManager(self)
        from client.sound import SoundBoard
        self.sound = SoundBoard(self.settings)  # effects; the mixer opens at the first one
        self.toasts: list[Toast] = []
        self.running = True
        self.now = 0.0           # seconds since start (frame clock; tests may step it)
        self.frame = 0
        self.first_frame_ms = None
        self.fixed_dt = None     # tests: a fixed frame time
        self.max_fps = 60
        self.exit_code = 0
        self.mouse = (0, 0)      # last mouse position seen in an event
        # redrawing (see the module doc)
        self.draws = 0           # whole-window frames drawn
        self.partial_draws = 0   # frames that redrew only invalidated rectangles
        self._full = True        # the whole window must be drawn
        self._rects: list = []   # parts to redraw
        self._timers: list = []  # heap of App.now times at which to redraw
        self._live = False       # the last step was animating (draw every frame)
        self._waited: list = []  # events taken off the queue while resting
        self._buttons_down: set = set()
        self._shown_top = None   # the top scene of the last frame shown (CARDHALL_WINDOW_LOG)
        want_full = self.settings.fullscreen if fullscreen is None else fullscreen
        if want_full:
            self.set_fullscreen(True)
        if self.settings.load_message:
            self.toast(self.settings.load_message, "error", 8)

    # ------------------------------------------------------------ window
    def _set_icon(self):
        from engine.core.paths import assets_dir
        p = assets_dir() / "icons" / "cardhall.png"
        if p.exists():
            try:
                pygame.display.set_icon(pygame.image.load(str(p)))
            except pygame.error:
                pass

    def _compute_scale(self) -> float:
        return self.scale_for(self.settings.ui_scale)

    def scale_for(self, u: float) -> float:
        """The scale interface size ``u`` (1.0 = 100 %) gives in this window."""
        w, h = self.size
        fit = min(w / BASE_W, h / BASE_H)
        fit = max(0.75, min(3.0, fit))
        if u <= 1.0:
            return round(u * fit, 2)
        # larger interface sizes grow everything up to where the layouts still fit the
        # window (1040×585 of layout room): every step between 100 % and 200 % differs
        ceiling = max(fit, min(w / 1040, h / 585))
        return round(fit + (ceiling - fit) * min(1.0, (u - 1.0) / 1.0), 2)

    def new_ui_manager(self):
        import warnings
        import pygame_gui
        # fonts for rich text are loaded on demand from assets/fonts; the hint is noise
        warnings.filterwarnings("ignore", message="Finding font with id")
        theme = self._theme_cache.get(self.scale)
        if theme is None:
            theme = self._theme_cache[self.scale] = load_theme(self.scale)
        app = self

        class Manager(pygame_gui.UIManager):
            # hover follows the mouse position seen in events (synthetic events in tests too)
            def _update_mouse_position(self):
                self.mouse_position = self.calculate_scaled_mouse_position(app.mouse)

        return Manager(self.size, theme, enable_live_theme_updates=False)

    @staticmethod
    def _window():
        """The program's window (pygame-ce Window API), or None where it is not available.
        Asked afresh each time: ``set_mode`` may replace the window behind it."""
        import warnings
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # "use Window.get_surface": we keep the display module
                return pygame.Window.from_display_module()
        except (AttributeError, pygame.error):
            return None

    def on_resize(self, size):
        size = (max(MIN_W, size[0]), max(MIN_H, size[1])) if not self.fullscreen else size
        if tuple(size) != tuple(self.screen.get_size()):
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.screen = pygame.display.get_surface() or self.screen
        self.size = self.screen.get_size()
        if not self.fullscreen:
            self._note_window()
        self.scale = self._compute_scale()
        self.scenes.rebuild_all()

    def _note_window(self):
        """The window was moved or resized: remember it (written once it settles)."""
        if self.fullscreen:
            return
        size = tuple(self.screen.get_size())
        win = self._window()
        pos = tuple(win.position) if win is not None else self._windowed_pos
        if size != tuple(self._windowed_size) or pos != self._windowed_pos:
            self._windowed_size, self._windowed_pos = size, pos
            if self.remember_window:
                self._window_changed_at = self.now

    def _save_window(self):
        """Write the windowed size and place to the settings (once per change)."""
        self._window_changed_at = None
        st = self.settings
        size = [int(self._windowed_size[0]), int(self._windowed_size[1])]
        pos = None if self._windowed_pos is None else [int(self._windowed_pos[0]), int(self._windowed_pos[1])]
        if st.window_size != size or st.window_pos != pos:
            st.window_size, st.window_pos = size, pos
            self.save_settings()

    def set_fullscreen(self, on: bool):
        """Full screen (the desktop's resolution) or back to the window as it was:
        same size, same place."""
        if on == self.fullscreen:
            return
        win = self._window()
        if on:
            self._windowed_size = tuple(self.screen.get_size())
            if win is not None:
                self._windowed_pos = tuple(win.position)
        done = False
        if win is not None and (self._bare_full if not on else _bare_x11()):
            # no window manager to ask (a bare X server): cover the display ourselves
            try:
                if on:
                    sizes = pygame.display.get_desktop_sizes() or [self._windowed_size]
                    win.position = (0, 0)
                    win.size = sizes[0]
                else:
                    win.size = self._windowed_size
                    if self._windowed_pos is not None:
                        win.position = self._windowed_pos
                self._bare_full = on
                done = True
            except pygame.error:
                done = False
        if win is not None and not done:
            try:
                if on:
                    win.set_fullscreen(desktop=True)
                else:
                    win.set_windowed()
                    if tuple(win.size) != tuple(self._windowed_size):
                        win.size = self._windowed_size
                    if self._windowed_pos is not None and tuple(win.position) != tuple(self._windowed_pos):
                        win.position = self._windowed_pos
                done = True
            except pygame.error:
                done = False
        if not done:  # no Window API: make the window again
            if on:
                sizes = pygame.display.get_desktop_sizes() or [self._windowed_size]
                pygame.display.set_mode(sizes[0], pygame.FULLSCREEN)
            else:
                pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        self.screen = pygame.display.get_surface()
        self.fullscreen = on
        self.size = self.screen.get_size()
        self.scale = self._compute_scale()
        self.scenes.rebuild_all()
        if os.environ.get("CARDHALL_WINDOW_LOG"):  # the real-window tests follow the toggles
            win = self._window()
            print("WINDOW", "fullscreen" if on else "windowed", "size", *self.size,
                  "pos", *(win.position if win is not None else ("?", "?")), flush=True)

    def toggle_fullscreen(self):
        self.set_fullscreen(not self.fullscreen)
        if self.settings.fullscreen != self.fullscreen:
            self.settings.fullscreen = self.fullscreen
            self.save_settings()

    def apply_settings(self):
        """Call after settings changed: re-scales the UI if needed."""
        self.invalidate()
        new = self._compute_scale()
        if new != self.scale:
            self.scale = new
            self.scenes.rebuild_all()
        if self.settings.fullscreen != self.fullscreen:
            self.set_fullscreen(self.settings.fullscreen)

    def save_settings(self):
        from engine.core.files import FileProblem, write_problem
        from client.storage import settings_path
        try:
            self.settings.save()
        except FileProblem as e:
            self.toast(f"Could not save settings: {e}", "error", 6)
        except OSError as e:
            self.toast(write_problem(e, settings_path().parent, "Settings could not be saved") +
                       " They hold while Cardhall runs.", "error", 8)

    # ------------------------------------------------------------ toasts
    def toast(self, text: str, kind: str = "info", seconds: float = 3.5):
        """A short message at the bottom of the window (kind: info, error, good)."""
        self.toasts = [t for t in self.toasts if t.text != text][-3:]
        self.toasts.append(Toast(text, kind, self.now + seconds, self.now))
        self.invalidate()

    def _draw_toasts(self, surf):
        self.toast_rects = []  # where they were drawn (tests: never over a dialog)
        self.toasts = [t for t in self.toasts if t.until > self.now]
        if not self.toasts:
            return
        s = self.scale
        f = font(int(17 * s))
        y = self.size[1] - int(28 * s)
        # never over a dialog or a screen's status bar: the top scene says where they may go
        top = self.scenes.top
        floor = top.toast_floor() if top is not None and hasattr(top, "toast_floor") else None
        if floor is not None and floor > int(60 * s):
            y = min(y, int(floor))
        for t in reversed(self.toasts):
            col = {"error": PAL["bad"], "good": PAL["good"]}.get(t.kind, PAL["gold"])
            from client.ui.theme import wrap_lines
            lines = wrap_lines(t.text, f, int(min(760 * s, self.size[0] * 0.8)))
            lh = f.get_linesize()
            w = max(f.size(ln)[0] for ln in lines) + int(48 * s)
            h = lh * len(lines) + int(18 * s)
            r = pygame.Rect(0, 0, w, h)
            r.midbottom = (self.size[0] // 2, y)
            fade = min(1.0, (t.until - self.now) / 0.4, (self.now - t.born) / 0.15 + 0.2)
            box = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(box, (12, 14, 20, int(235 * fade)), box.get_rect(), border_radius=int(10 * s))
            pygame.draw.rect(box, (*col, int(255 * fade)), box.get_rect(), max(1, int(2 * s)),
                             border_radius=int(10 * s))
            # icon: ! for errors, i for info, check for good — shape carries the meaning too
            cx, cy = int(22 * s), h // 2
            pygame.draw.circle(box, (*col, int(255 * fade)), (cx, cy), int(9 * s))
            if t.kind == "good":  # a drawn check mark (the font has no ✓)
                k = 4 * s
                pygame.draw.lines(box, (15, 15, 20), False, [(cx - k, cy), (cx - k / 3, cy + k * 0.7),
                                                             (cx + k, cy - k * 0.7)], max(2, int(2 * s)))
            else:
                mi = font(int(14 * s), True).render("!" if t.kind == "error" else "i", True, (15, 15, 20))
                box.blit(mi, mi.get_rect(center=(cx, cy)))
            for i, ln in enumerate(lines):
                img = f.render(ln, True, PAL["text"])
                img.set_alpha(int(255 * fade))
                box.blit(img, (int(38 * s), int(9 * s) + i * lh))
            surf.blit(box, r)
            self.toast_rects.append(pygame.Rect(r))
            y = r.top - int(8 * s)

    # ------------------------------------------------------------ redrawing
    def invalidate(self, rect=None) -> None:
        """Draw the window again at the end of this step: all of it, or only ``rect``."""
        if rect is None:
            self._full = True
        elif not self._full:
            self._rects.append(pygame.Rect(rect))

    def redraw_at(self, when: float) -> None:
        """Draw the whole window once :attr:`now` reaches ``when`` (a timer)."""
        if when <= self.now:
            self._full = True
        elif not self._timers or when not in self._timers:
            heapq.heappush(self._timers, when)
            if len(self._timers) > 64:  # a runaway caller must not grow this forever
                self._timers = heapq.nsmallest(32, self._timers)

    def wake_in(self) -> float | None:
        """Seconds until the window needs an update without input: 0 = animating
        (a frame every refresh), None = nothing until the next event."""
        if self._buttons_down:
            return 0.0  # drags, held scroll buttons
        best = None
        top = self.scenes.top
        if top is not None:
            w = top.wake_in()
            if w is not None:
                best = max(0.0, w)
                if best == 0.0:
                    return 0.0
        now = self.now
        for t in self.toasts:
            if now < t.born + 0.15 or now > t.until - 0.4:
                return 0.0  # fading in or out
            w = t.until - 0.4 - now
            best = w if best is None else min(best, w)
        if self._timers:
            w = max(0.0, self._timers[0] - now)
            best = w if best is None else min(best, w)
        if self._window_changed_at is not None:
            w = max(0.0, self._window_changed_at + WINDOW_SAVE_DELAY - now)
            best = w if best is None else min(best, w)
        return best

    @property
    def animating(self) -> bool:
        """True while the window is drawn every frame (an animation, a drag, a fade)."""
        return self.wake_in() == 0.0

    def _rest(self, seconds: float) -> None:
        """Sleep until an event arrives or ``seconds`` pass (events kept for the step)."""
        deadline = time.perf_counter() + seconds
        while True:
            evs = pygame.event.get()
            if evs:
                self._waited.extend(evs)
                return
            left = deadline - time.perf_counter()
            if left <= 0:
                return
            time.sleep(min(left, IDLE_POLL))

    def _update_scenes(self, dt: float) -> None:
        top = self.scenes.top
        if top is not None:
            top.update(dt)
            # scenes below an overlay keep animating (AI thinking, clocks)
            for sc in self.scenes.stack[:-1]:
                if getattr(sc, "update_below", False):
                    sc.update_below(dt)

    # ------------------------------------------------------------ loop
    def step(self, dt: float | None = None) -> None:
        """One pass of the loop: events, update, and a draw if anything changed.
        Without a fixed frame time (the real program) it first rests until an
        event or the next wake-up when nothing is moving."""
        if dt is None:
            dt = self.fixed_dt
        if dt is None:
            if not self._live and not self._full and not self._rects and not self._waited:
                wake = self.wake_in()
                if wake != 0.0:
                    self._rest(MAX_REST if wake is None else min(MAX_REST, wake))
            ms = self.clock.tick(self.max_fps) if (self._live and self.max_fps) else self.clock.tick()
            elapsed = ms / 1000.0
            if not self._live and elapsed > 0.05:
                # the loop rested (nothing was moving): clocks and timers catch up first, so an
                # animation started by the coming input still begins at its first frame
                self.now += elapsed - 1 / 60
                self._update_scenes(elapsed - 1 / 60)
                elapsed = 1 / 60
            dt = min(elapsed, 0.1)
        self.now += dt
        events, self._waited = self._waited, []
        events.extend(pygame.event.get())
        for ev in events:
            self.process_event(ev)
            if not self.running:
                return
        self._update_scenes(dt)
        if self._window_changed_at is not None and self.now - self._window_changed_at >= WINDOW_SAVE_DELAY:
            self._save_window()
        if self._timers and self._timers[0] <= self.now:
            while self._timers and self._timers[0] <= self.now:
                heapq.heappop(self._timers)
            self._full = True
        live = self.wake_in() == 0.0
        if live or self._live or self._full:  # one more frame after a run ends: its last state
            self.draw(self.screen)
            pygame.display.flip()
            self.draws += 1
        elif self._rects:
            area = self._rects[0].unionall(self._rects[1:])
            self.screen.set_clip(area)
            try:
                self.draw(self.screen)
            finally:
                self.screen.set_clip(None)
            pygame.display.update(self._rects)
            self.partial_draws += 1
        self._full = False
        self._rects = []
        self._live = live
        self.frame += 1
        if _WINDOW_LOG and self.scenes.top is not self._shown_top:  # the real-window tests wait for this
            if self._shown_top is None:     # the first time: where it is drawn (a test's failure says it)
                try:
                    info = pygame.display.get_wm_info()
                    print("VIDEO", pygame.display.get_driver(), "window", info.get("window"),
                          "display", os.environ.get("DISPLAY"), flush=True)
                except pygame.error:
                    pass
            self._shown_top = self.scenes.top
            print("SCENE", getattr(self._shown_top, "name", None), flush=True)
        if self.first_frame_ms is None:
            self.first_frame_ms = (time.perf_counter() - self.t0) * 1000
            if os.environ.get("CARDHALL_FIRST_FRAME_EXIT"):  # --bench: report and leave
                print("FIRST_FRAME", round(self.first_frame_ms, 1), flush=True)
                self.quit()

    def draw(self, surf):
        stack = self.scenes.stack
        start = len(stack) - 1
        while start > 0 and stack[start].transparent:
            start -= 1
        for i in range(max(0, start), len(stack)):
            sc = stack[i]
            if i > start and sc.transparent and sc.dim_below:
                key = (tuple(self.size), sc.dim_below)
                veil = self._veils.get(key)
                if veil is None:  # made once per size and darkness, not every frame
                    veil = pygame.Surface(self.size, pygame.SRCALPHA)
                    veil.fill((6, 8, 12, sc.dim_below))
                    if len(self._veils) > 4:
                        self._veils.clear()
                    self._veils[key] = veil
                surf.blit(veil, (0, 0))
            sc.draw(surf)
        if not stack:
            surf.fill(PAL["bg"])
        self._draw_toasts(surf)

    def process_event(self, ev):
        self._full = True  # input (and window events) may change anything on screen
        if ev.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = ev.pos
        if ev.type == pygame.MOUSEBUTTONDOWN:
            self._buttons_down.add(ev.button)
        elif ev.type == pygame.MOUSEBUTTONUP:
            self._buttons_down.discard(ev.button)
        elif ev.type == pygame.WINDOWFOCUSLOST:
            self._buttons_down.clear()  # a release outside the window is never seen
        if ev.type == pygame.QUIT:
            self.quit()
            return
        if ev.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.WINDOWFOCUSLOST):
            self._track_keys(ev)
        if ev.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.on_resize(ev.size)
            return
        if ev.type == pygame.WINDOWMOVED and not self.fullscreen:
            self._note_window()
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F11:
            if not getattr(ev, "repeat", False):  # one press, one toggle
                self.toggle_fullscreen()
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F12:
            if not getattr(ev, "repeat", False):
                self.save_screenshot()
            return
        top = self.scenes.top
        if top is not None:
            top.process_event(ev)

    def _track_keys(self, ev):
        """Mark each KEYDOWN with ``ev.repeat``: True while the key is held (pygame's
        key repeat sends more KEYDOWNs with no flag of their own). A window losing the
        keyboard (full screen on and off) gets a KEYUP for held keys and a fresh KEYDOWN
        when it comes back; a key released just before losing focus and pressed again
        within a second of it counts as still held, so one press stays one toggle."""
        now = time.perf_counter()
        if ev.type == pygame.KEYDOWN:
            held = ev.key in self._keys_down or self._held_through_focus.pop(ev.key, 0.0) > now
            self._keys_down.add(ev.key)
            try:
                ev.repeat = held
            except (AttributeError, TypeError):
                pass
        elif ev.type == pygame.KEYUP:
            self._keys_down.discard(ev.key)
            self._held_through_focus.pop(ev.key, None)
            self._key_up_at[ev.key] = now
            if len(self._key_up_at) > 32:
                self._key_up_at = {k: t for k, t in self._key_up_at.items() if now - t < 1.0}
        else:  # focus lost: the keys just "released" were released by the window, not the player
            for k in set(self._keys_down) | {k for k, t in self._key_up_at.items() if now - t < 0.25}:
                self._held_through_focus[k] = now + 1.0
            self._keys_down.clear()

    def run(self) -> int:
        """The main loop. A screen that fails is not the end of the program: the
        error goes to a crash log under the data folder, the player sees a toast
        and lands on the title (games are autosaved after every move)."""
        failures = 0
        while self.running:
            try:
                self.step()
                failures = 0
            except (KeyboardInterrupt, SystemExit):
                raise
            except Exception:
                failures += 1
                if failures >= 3:
                    raise
                self._recover()
        return self.exit_code

    def _recover(self):
        import traceback
        from client.storage import data_dir, ensure
        text = traceback.format_exc()
        where = None
        try:
            folder = ensure(data_dir() / "logs")
            where = folder / f"crash-{time.strftime('%Y%m%d-%H%M%S')}.txt"
            from engine.core.files import atomic_write_text
            atomic_write_text(where, text)
        except OSError:
            pass
        print(text, file=__import__("sys").stderr)
        saved = self._game_is_saved()
        for sc in list(self.scenes.stack):
            try:
                sc.leave()
            except Exception:  # noqa: BLE001 - leaving after a crash: every scene gets its chance
                pass
        self.scenes.stack.clear()
        self.scenes.switch("title")
        msg = "Something went wrong on that screen" + ("; your game is saved and can be resumed."
                                                       if saved else ".")
        if where is not None:
            msg += f" Details: {where}"
        self.toast(msg, "error", 8)

    def _game_is_saved(self) -> bool:
        """True if a match on the screens is autosaved (so the crash message may say it can
        be resumed): a table's session with an autosave whose last write went through."""
        for sc in self.scenes.stack:
            sess = getattr(sc, "session", None)
            auto = getattr(sess, "autosave", None)
            if auto is not None and getattr(sess, "save_error", None) is None:
                try:
                    if auto.path.is_file():
                        return True
                except (OSError, AttributeError):
                    continue
        return False

    def quit(self, code: int = 0):
        self.running = False
        self.exit_code = code
        if self._window_changed_at is not None:
            self._save_window()
        for sc in reversed(self.scenes.stack):
            try:
                sc.leave()
            except Exception:  # noqa: BLE001 - closing anyway
                pass
        self.scenes.stack.clear()

    def save_screenshot(self):
        """F12: the window as a PNG under the user data directory (screenshots/). A folder
        that cannot be written (read-only, full, a file in its place) is named in a toast
        and nothing else happens; returns the file, or None."""
        import io
        from engine.core.files import atomic_write_bytes, unused_path, writable_folder, write_problem
        from client.storage import data_dir
        folder = data_dir() / "screenshots"
        try:
            folder = writable_folder(folder)
            p = unused_path(folder, f"cardhall-{time.strftime('%Y%m%d-%H%M%S')}", ".png")
            buf = io.BytesIO()
            pygame.image.save(self.screen, buf, "png")
            atomic_write_bytes(p, buf.getvalue())
        except OSError as e:
            self.toast(write_problem(e, folder, "No screenshot was saved"), "error", 8)
            return None
        self.toast(f"Screenshot saved: {p.name}", "good")
        return p

    def screenshot(self, path) -> None:
        pygame.image.save(self.screen, str(path))
