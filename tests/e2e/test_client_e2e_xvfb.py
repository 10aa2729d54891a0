"""End to end in a real X window: start Xvfb, run ``python -m client``, click
through the menus with xdotool, take a screenshot (F12) and check it.
Skipped when Xvfb or xdotool is not installed.

Robust on a loaded machine: each step waits (bounded, see tests/support/xserver.py) for the
screen it leads to - the program prints each screen once a frame shows it - and the
screenshot is awaited, never slept for. A click that leads nowhere is tried again
from support.paths import ROOT
from the title (three tries); the checks themselves never relax."""
import json
import subprocess
import sys

import pytest

from support.xserver import DEADLINE, ROOT, Program, XServer, have_tools, until, xdo

pytestmark = pytest.mark.skipif(not have_tools(), reason="Xvfb and xdotool are needed (apt-get install xvfb xdotool)")


def _layout(tmp_path, scene, game=None):
    """Where the buttons are: the same layout code under the dummy driver."""
    code = ("import json,sys\nfrom client.devtools.testing import Driver\nd=Driver(sys.argv[1])\n"
            "d.open(sys.argv[2], **({'game': sys.argv[3]} if len(sys.argv) > 3 else {}))\n"
            "print(json.dumps({k: list(w.rect.center) for k, w in d.scene.widgets.items() if hasattr(w, 'rect')}))\n")
    args = [sys.executable, "-c", code, str(tmp_path / "layout-home"), scene] + ([game] if game else [])
    out = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, timeout=4 * DEADLINE)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_menus_in_a_real_x_window(tmp_path):
    from engine.games import available_games
    games = available_games()
    if not games:
        pytest.skip("no game engine installed")
    game = games[0]
    title = _layout(tmp_path, "title")
    menu = _layout(tmp_path, "game_menu", game)

    home = tmp_path / "home"
    xs = XServer("1280x720x24", home)
    env = xs.env
    app = None
    try:
        app = Program(xs, tmp_path / "run.txt", "--size", "1280x720")
        import pygame
        from client.ui.theme import GAME_ACCENT
        acc = GAME_ACCENT[game]
        shots = home / "data" / "screenshots"

        def click(pos):
            xdo(env, "mousemove", "--window", app.wid, str(pos[0]), str(pos[1]))
            xdo(env, "click", "1")

        def screenshot():
            """F12, then the new file once it is there and readable."""
            path = app.sync(shots)
            if path is None:
                return None

            def load():
                try:
                    return pygame.image.load(str(path))
                except (pygame.error, OSError):
                    return None
            return until(load, 30)

        def rules_heading_on(img):
            # the rules page: a light text box in the middle, dark backdrop, the title in the game's colour
            top = [img.get_at((x, y)) for x in range(400, 880, 4) for y in range(20, 70, 2)]
            return any(abs(c.r - acc[0]) + abs(c.g - acc[1]) + abs(c.b - acc[2]) < 160 and c.r + c.g + c.b > 250
                       for c in top)

        def back_to_title():
            for _ in range(4):
                if app.scenes()[-1:] == ["title"]:
                    return
                shown = len(app.scenes())
                xdo(env, "key", "Escape")
                until(lambda: len(app.scenes()) > shown, 30)

        img = None
        for _try in range(3):
            click(title[f"play_{game}"])             # title → the game's menu
            if app.wait_scene("game_menu", 30):
                click(menu["rules"])                 # game menu → rules page
                if app.wait_scene("rules", 30):
                    img = screenshot()
                    if img is not None and img.get_size() == (1280, 720) and rules_heading_on(img):
                        break
            back_to_title()
        assert app.scenes()[-1:] == ["rules"], f"the rules page never showed: {app.scenes()}"
        assert img is not None, "no screenshot was saved"
        assert img.get_size() == (1280, 720)
        assert rules_heading_on(img), "the rules heading is not on screen"
        xdo(env, "key", "Escape")   # back to the game menu
        assert app.wait_scene("game_menu")
        xdo(env, "key", "Escape")   # back to the title
        assert app.wait_scene("title")
        assert app.quit() == 0      # quit (Q on the title)
    finally:
        if app is not None:
            app.kill()
        xs.close()
