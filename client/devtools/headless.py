"""Command-line modes that render without a person: --screenshot and --demo."""
from __future__ import annotations

import os
import sys


def _prepare_headless():
    if "DISPLAY" not in os.environ and "WAYLAND_DISPLAY" not in os.environ:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def make_scene(app, name, game, seed):
    """Create scene ``name`` with a representative state for screenshots."""
    from client.scenes import SCENES, scene_class
    from client.scenes import gamesinfo
    info = SCENES.get(name)
    if info is None and name != "table":
        raise KeyError(f"unknown scene {name!r}; try --scene list")
    if game is None and (info is None or info.needs_game):
        game = gamesinfo.default_game()
    cls = scene_class(name, game)
    kw = {"game": game} if game else {}
    demo = getattr(cls, "demo_kwargs", None)
    if demo is not None:
        kw.update(demo(app, game, seed) or {})
    return cls, kw


def open_scene(app, name, game=None, seed=1):
    cls, kw = make_scene(app, name, game, seed)  # demo_kwargs may open the scene below
    transparent = getattr(cls, "transparent", False)
    if transparent:
        if not app.scenes.stack:
            app.scenes.switch("title")
        sc = cls(app, **kw)
        sc.name = name
        return app.scenes.push(sc)
    sc = cls(app, **kw)
    sc.name = name
    return app.scenes.switch(sc)


def screenshot_main(args) -> int:
    _prepare_headless()
    from client.cli import _size
    from client.app import App
    from client.settings import Settings
    settings = Settings.load()
    settings.fullscreen = False
    app = App(_size(args.size), settings, fullscreen=False)
    app.fixed_dt = 1 / 60
    try:
        open_scene(app, args.scene or "title", args.game, args.seed)
    except KeyError as e:
        print(e, file=sys.stderr)
        return 2
    for _ in range(max(1, args.frames_before)):
        app.step()
    app.screenshot(args.screenshot)
    print(args.screenshot)
    return 0


def demo_main(args) -> int:
    _prepare_headless()
    from client.cli import _size
    from client.app import App
    from client.settings import Settings
    settings = Settings.load()
    settings.fullscreen = False
    settings.animation_speed = "instant"
    app = App(_size(args.size), settings, fullscreen=False)
    app.fixed_dt = 1 / 60
    from client.table.scene import run_demo
    return run_demo(app, args.demo, args.seed, args.frames, args.every, level=args.ai)
