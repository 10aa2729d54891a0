"""F11 and the remembered window, in a real X window (Xvfb), on a bare X server and
under a window manager (openbox, when installed): holding F11 toggles once, ten
presses leave the window where it was, and the next start opens the window at the
size and place it was left. Skipped without Xvfb and xdotool.

Robust on a loaded machine: every step waits (bounded, see tests/support/xserver.py) for what
it needs - the window drawn, the toggle made, the window at its new size, the settings
written, or (F12's screenshot) every key sent before handled - and never sleeps for it."""
import json
import shutil
import subprocess
import time

import pytest

from support.xserver import Program, XServer, have_tools, until, xdo

pytestmark = pytest.mark.skipif(not have_tools(), reason="Xvfb and xdotool are needed (apt-get install xvfb xdotool)")


def _geometry(env, wid):
    out = xdo(env, "getwindowgeometry", "--shell", wid).stdout
    d = dict(line.split("=", 1) for line in out.split() if "=" in line)
    try:
        return int(d["X"]), int(d["Y"]), int(d["WIDTH"]), int(d["HEIGHT"])
    except (KeyError, ValueError):
        return None


def _steady(env, wid, want):
    """Until the window's geometry passes ``want`` and stays so for a few looks; returns it."""
    seen = []

    def ok():
        g = _geometry(env, wid)
        seen.append(g)
        return len(seen) >= 4 and g is not None and want(g) and len(set(seen[-4:])) == 1
    until(ok, every=0.15)
    return seen[-1]


@pytest.mark.parametrize("wm", [None, "openbox"])
def test_f11_once_per_press_and_the_window_remembered(tmp_path, wm):
    if wm and not shutil.which(wm):
        pytest.skip(f"{wm} is not installed")
    home = tmp_path / "home"
    xs = XServer("1920x1080x24", home)
    env = xs.env
    shots = home / "data" / "screenshots"
    procs = []
    try:
        if wm:
            procs.append(subprocess.Popen([wm], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            from client.ui.x11 import _no_wm
            until(lambda: not _no_wm(xs.display))   # it has claimed the screen (EWMH check window)
        app = Program(xs, tmp_path / "run1.txt")
        procs.append(app)
        start = _steady(env, app.wid, lambda g: True)
        full = (0, 0, 1920, 1080)

        # holding F11 (the key repeats) is one toggle
        xdo(env, "keydown", "F11")
        time.sleep(1.5)                       # the player holds the key this long
        xdo(env, "keyup", "F11")
        assert app.sync(shots), "F12 made no screenshot"   # every repeat of the held key handled
        assert app.toggles() == ["fullscreen"]
        assert _steady(env, app.wid, lambda g: g == full) == full

        # ten toggles in all: back in the window, where it was (each press once the last one shows)
        for k in range(2, 11):
            xdo(env, "key", "F11")
            until(lambda: len(app.toggles()) >= k)
            _steady(env, app.wid, lambda g: g == (full if k % 2 else start))
        assert app.sync(shots)
        assert app.toggles() == ["fullscreen", "windowed"] * 5
        assert _steady(env, app.wid, lambda g: g == start) == start

        # moved and resized, then quit: the next start opens it there
        xdo(env, "windowsize", app.wid, "1100", "640")
        xdo(env, "windowmove", app.wid, "140", "120")
        moved = _steady(env, app.wid, lambda g: g[2:] == (1100, 640) and g[:2] != start[:2])
        settings_file = home / "config" / "settings.json"

        def written():                        # the program writes it once the window is still
            try:
                return json.loads(settings_file.read_text()).get("window_size") == [1100, 640]
            except (OSError, ValueError):
                return False
        until(written)
        assert app.quit() == 0
        settings = json.loads(settings_file.read_text())
        assert settings["fullscreen"] is False and settings["window_size"] == [1100, 640]
        again = Program(xs, tmp_path / "run2.txt")
        procs.append(again)
        assert _steady(env, again.wid, lambda g: g == moved) == moved
        assert again.quit() == 0
    finally:
        for p in reversed(procs):
            if isinstance(p, Program):
                p.kill()
            elif p.poll() is None:
                p.terminate()
                p.wait(timeout=20)
        xs.close()
