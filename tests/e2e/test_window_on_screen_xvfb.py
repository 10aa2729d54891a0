"""The window opens whole on the screen, sized to it (issue #40 point 7), in a real X
window (Xvfb) of 1280×720, 1920×1080 and 2560×1440: a first start, and a window
remembered as large as the screen at its corner (a 1920×1080 window on a
1920×1080 desktop opened partly off screen). Skipped without Xvfb and xdotool."""
import json

import pytest

from client.app import BOTTOM_ROOM, TOP_ROOM
from support.xserver import Program, XServer, have_tools, until, xdo

pytestmark = pytest.mark.skipif(not have_tools(), reason="Xvfb and xdotool are needed (apt-get install xvfb xdotool)")


def _geometry(env, wid):
    out = xdo(env, "getwindowgeometry", "--shell", wid).stdout
    d = dict(line.split("=", 1) for line in out.split() if "=" in line)
    try:
        return int(d["X"]), int(d["Y"]), int(d["WIDTH"]), int(d["HEIGHT"])
    except (KeyError, ValueError):
        return None


@pytest.mark.parametrize("screen", [(1280, 720), (1920, 1080), (2560, 1440)])
def test_the_window_opens_whole_on_the_screen_sized_to_it(tmp_path, screen):
    sw, sh = screen
    home = tmp_path / "home"
    xs = XServer(f"{sw}x{sh}x24", home)
    procs = []
    try:
        for k, remembered in enumerate((None, {"window_size": [sw, sh], "window_pos": [0, 0]})):
            if remembered is not None:
                cfg = home / "config" / "settings.json"
                st = json.loads(cfg.read_text()) if cfg.exists() else {"format": "cardhall-settings", "version": 1}
                st.update(remembered, fullscreen=False)
                cfg.parent.mkdir(parents=True, exist_ok=True)
                cfg.write_text(json.dumps(st))
            app = Program(xs, tmp_path / f"run{k}.txt")
            procs.append(app)
            g = until(lambda: _geometry(xs.env, app.wid))
            x, y, w, h = g
            # whole on the screen, with room for a title bar above and a task bar below
            assert x >= 0 and y >= TOP_ROOM and x + w <= sw and y + h <= sh - BOTTOM_ROOM, (screen, remembered, g)
            if remembered is None:        # a first start: most of the screen, 16:9
                assert w >= 0.75 * sw or h >= 0.75 * sh, (screen, g)
                assert abs(w / h - 16 / 9) < 0.02, g
            assert app.quit() == 0
    finally:
        for p in reversed(procs):
            p.kill()
        xs.close()
