"""Drive the real Cardhall event loop with synthetic events (tests, tools).

    from client.devtools.testing import Driver
    d = Driver(tmp_path)                 # dummy video driver, CARDHALL_HOME=tmp_path
    d.open("title")
    d.click("play_evons")                # a widget name, a button text, or (x, y)
    d.key("escape"); d.key("z", ctrl=True)
    d.drag((100, 600), (640, 300))       # press, move in steps, release (one frame each)
    d.step(10); d.until(lambda: d.scene.name == "table")
    d.screenshot(tmp_path / "x.png")

Every helper posts real pygame events and runs whole frames through
``App.step`` (fixed 1/60 s frame time), so tests exercise exactly what a player
does. ``Driver.scene`` is the top scene; ``Driver.app`` the application.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


class Driver:
    def __init__(self, home=None, size=(1280, 720), *, settings=None, animation="instant"):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
        if home is None:
            home = tempfile.mkdtemp(prefix="cardhall-test-")
        self.home = Path(home)
        os.environ["CARDHALL_HOME"] = str(self.home)
        import pygame
        from client.app import App
        from client.settings import Settings
        if settings is None:
            settings = Settings.load()
            if animation is not None:
                settings.animation_speed = animation
        pygame.display.quit()  # a fresh window for every driver
        self.app = App(size, settings, fullscreen=False)
        self.app.fixed_dt = 1 / 60
        self.pygame = pygame

    # ------------------------------------------------------------ scenes
    @property
    def scene(self):
        return self.app.scenes.top

    def open(self, name, **kw):
        """Open scene ``name`` (with demo state when the scene defines one and no kwargs are given)."""
        if not kw or set(kw) <= {"game", "seed"}:
            from client.devtools.headless import open_scene
            sc = open_scene(self.app, name, kw.get("game"), kw.get("seed", 1))
        else:
            sc = self.app.scenes.switch(name, **kw)
        self.step(2)
        return sc

    # ------------------------------------------------------------ frames
    def step(self, n: int = 1):
        for _ in range(n):
            if not self.app.running:
                return
            self.app.step()

    def until(self, pred, max_frames: int = 600) -> bool:
        for _ in range(max_frames):
            if pred():
                return True
            self.step()
        return bool(pred())

    def until_ai(self, pred, max_frames: int = 3000, ai_wait: float = 60.0) -> bool:
        """As :meth:`until`, for a condition an AI's move leads to (the human to move
        again, the game over): while a table's AI thinks in its thread, each frame first
        waits for it (up to ``ai_wait`` s) instead of racing it. An idle frame here takes a
        fraction of a millisecond, so a frame count alone would be a clock, and a busy
        machine's AI could lose the race."""
        for _ in range(max_frames):
            if pred():
                return True
            self.wait_ai(ai_wait)
            self.step()
        return bool(pred())

    def wait_ai(self, timeout: float = 60.0) -> None:
        """Wait (up to ``timeout`` s) for any table's AI thinking in its thread: a test
        that watches frame by frame calls it before each frame, so that its frame budget
        counts frames of play, not the AI's thinking time."""
        from engine.ai.background import Decision
        from client.table.ai import AIDriver
        for sc in self.app.scenes.stack:
            d = getattr(sc, "driver", None)      # (a table's: other scenes have none)
            job = d.job if isinstance(d, AIDriver) else None
            if isinstance(job, Decision) and not job.done():
                job.result(timeout=timeout)

    # ------------------------------------------------------------ events
    def post(self, etype, **attrs):
        self.pygame.event.post(self.pygame.event.Event(etype, **attrs))

    def widget(self, name_or_text):
        """A widget of the top scene by its name (see ``Scene.button(name=...)``) or its text."""
        sc = self.scene
        if name_or_text in sc.widgets:
            return sc.widgets[name_or_text]
        for w in getattr(sc, "_actions", {}):
            if getattr(w, "text", None) == name_or_text:
                return w
        raise KeyError(f"no widget {name_or_text!r} in scene {sc.name!r}; "
                       f"names: {sorted(sc.widgets)}")

    def pos_of(self, target):
        if isinstance(target, (tuple, list)):
            return int(target[0]), int(target[1])
        if isinstance(target, str):
            return self.widget(target).rect.center
        if hasattr(target, "rect"):
            return target.rect.center
        return target.center

    def move(self, pos, buttons=(0, 0, 0)):
        pos = self.pos_of(pos)
        prev = self.app.mouse
        self.post(self.pygame.MOUSEMOTION, pos=pos, rel=(pos[0] - prev[0], pos[1] - prev[1]),
                  buttons=buttons, touch=False)
        self.step()

    def click(self, target, button: int = 1, frames: int = 2):
        pos = self.pos_of(target)
        self.move(pos)
        self.post(self.pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)
        self.step()
        self.post(self.pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)
        self.step(frames)

    def right_click(self, target):
        self.click(target, button=3)

    def double_click(self, target):
        pos = self.pos_of(target)
        self.move(pos)
        for _ in range(2):
            self.post(self.pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
            self.post(self.pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
        self.step(2)

    def drag(self, start, end, steps: int = 8, *, release: bool = True):
        a, b = self.pos_of(start), self.pos_of(end)
        self.move(a)
        self.post(self.pygame.MOUSEBUTTONDOWN, pos=a, button=1, touch=False)
        self.step()
        for i in range(1, steps + 1):
            p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
            self.move(p, buttons=(1, 0, 0))
        if release:
            self.post(self.pygame.MOUSEBUTTONUP, pos=b, button=1, touch=False)
            self.step(2)

    def key(self, name: str, *, ctrl=False, shift=False, alt=False, text=None):
        pg = self.pygame
        mod = (pg.KMOD_CTRL if ctrl else 0) | (pg.KMOD_SHIFT if shift else 0) | (pg.KMOD_ALT if alt else 0)
        code = pg.key.key_code(name)
        self.post(pg.KEYDOWN, key=code, mod=mod, unicode=text or (name if len(name) == 1 else ""),
                  scancode=0)
        self.post(pg.KEYUP, key=code, mod=mod, unicode="", scancode=0)
        self.step(2)

    def type_text(self, text: str):
        for ch in text:
            self.post(self.pygame.TEXTINPUT, text=ch)
        self.step(2)

    def resize(self, w, h):
        self.post(self.pygame.VIDEORESIZE, size=(w, h), w=w, h=h)
        self.step(2)

    def screenshot(self, path):
        self.app.screenshot(path)
        return Path(path)

    def close(self):
        self.app.quit()
        self.pygame.display.quit()
