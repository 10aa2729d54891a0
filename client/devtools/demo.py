"""``python -m client --demo GAME --seed S --frames DIR --every K``: AI against
AI on the real table, a screenshot every K actions and at the end; exit 0.

Game-agnostic: it opens the game's table scene in "watch" mode (every card
shown) through :func:`client.table.scene.run_demo`, which the command line
reaches via :func:`client.devtools.headless.demo_main`. This module is the plain
function form for scripts and tests::

    from client.devtools.demo import run_demo
    code = run_demo("everdawn", seed=3, frames="out/", every=20, size=(1280, 720))
"""
from __future__ import annotations


def run_demo(game: str, seed: int = 1, frames=None, every: int = 10, size=(1280, 720), level: str = "easy") -> int:
    """Play one AI-vs-AI game on ``game``'s table headless; returns the exit code (0 = the game ended)."""
    from client.devtools.headless import _prepare_headless
    _prepare_headless()
    from client.app import App
    from client.settings import Settings
    from client.table.scene import run_demo as table_demo
    settings = Settings.load()
    settings.fullscreen = False
    settings.animation_speed = "instant"
    app = App((max(320, int(size[0])), max(240, int(size[1]))), settings, fullscreen=False)
    app.fixed_dt = 1 / 60
    try:
        return table_demo(app, game, int(seed), frames, max(1, int(every)), level=level)
    finally:
        app.quit()
