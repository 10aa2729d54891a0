"""F11 and the remembered window, in a real X window (Xvfb), on a bare X server and
under a window manager (openbox, when installed): holding F11 toggles once, ten
presses leave the window where it was, and the next start opens the window at the
size and place it was left. Skipped without Xvfb and xdotool."""
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")),
                                reason="Xvfb and xdotool are needed (apt-get install xvfb xdotool)")

ROOT = Path(__file__).resolve().parents[1]


def _free_display():
    for n in range(141, 200):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return n
    pytest.skip("no free X display number")


def _xdo(env, *args, check=False):
    return subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True, timeout=20, check=check)


def _geometry(env, wid):
    out = _xdo(env, "getwindowgeometry", "--shell", wid).stdout
    d = dict(line.split("=", 1) for line in out.split() if "=" in line)
    return int(d["X"]), int(d["Y"]), int(d["WIDTH"]), int(d["HEIGHT"])


def _until(pred, seconds=15.0):
    """Wait (bounded) for ``pred()``; the machine may be busy. Returns its last value."""
    end = time.monotonic() + seconds
    while True:
        v = pred()
        if v or time.monotonic() > end:
            return v
        time.sleep(0.1)


class Program:
    def __init__(self, env, log):
        self.log = log
        self.proc = subprocess.Popen([sys.executable, "-m", "client"], cwd=ROOT, env=env,
                                     stdout=open(log, "w"), stderr=subprocess.STDOUT)
        self.env = env
        self.wid = None
        for _ in range(150):
            for w in _xdo(env, "search", "--classname", "").stdout.split():
                if _xdo(env, "getwindowname", w).stdout.strip() == "Cardhall":
                    self.wid = w
            if self.wid or self.proc.poll() is not None:
                break
            time.sleep(0.2)
        assert self.wid, f"no Cardhall window: {Path(log).read_text()[-2000:]}"
        time.sleep(1.5)  # the title screen is up and still
        _xdo(env, "windowfocus", self.wid)  # without a window manager: give it the keyboard
        time.sleep(0.3)

    def toggles(self):
        return [ln.split()[1] for ln in Path(self.log).read_text().splitlines() if ln.startswith("WINDOW ")]

    def quit(self):
        _xdo(self.env, "key", "q")
        assert self.proc.wait(timeout=20) == 0

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)


@pytest.mark.parametrize("wm", [None, "openbox"])
def test_f11_once_per_press_and_the_window_remembered(tmp_path, wm):
    if wm and not shutil.which(wm):
        pytest.skip(f"{wm} is not installed")
    n = _free_display()
    xvfb = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    env = dict(os.environ, DISPLAY=f":{n}", CARDHALL_HOME=str(tmp_path / "home"), SDL_AUDIODRIVER="dummy",
               CARDHALL_WINDOW_LOG="1")
    env.pop("SDL_VIDEODRIVER", None)
    procs = []
    try:
        for _ in range(200):  # the server answers (its socket alone is not enough)
            if Path(f"/tmp/.X11-unix/X{n}").exists() and _xdo(env, "getdisplaygeometry").returncode == 0:
                break
            time.sleep(0.05)
        if wm:
            procs.append(subprocess.Popen([wm], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            time.sleep(1.0)
        app = Program(env, tmp_path / "run1.txt")
        procs.append(app)
        start = _geometry(env, app.wid)

        # holding F11 (the key repeats) is one toggle
        _xdo(env, "keydown", "F11")
        time.sleep(1.5)
        _xdo(env, "keyup", "F11")
        _until(app.toggles)
        time.sleep(0.5)
        assert app.toggles() == ["fullscreen"]
        assert _until(lambda: _geometry(env, app.wid) == (0, 0, 1920, 1080)), _geometry(env, app.wid)

        # ten toggles in all: back in the window, where it was
        for k in range(2, 11):
            _xdo(env, "key", "F11")
            _until(lambda: len(app.toggles()) >= k)
            time.sleep(0.2)
        assert app.toggles() == ["fullscreen", "windowed"] * 5
        assert _until(lambda: _geometry(env, app.wid) == start), (_geometry(env, app.wid), start)

        # moved and resized, then quit: the next start opens it there
        _xdo(env, "windowsize", app.wid, "1100", "640")
        _xdo(env, "windowmove", app.wid, "140", "120")
        assert _until(lambda: _geometry(env, app.wid)[2:] == (1100, 640))
        time.sleep(1.6)  # written once it settles
        moved = _geometry(env, app.wid)
        app.quit()
        settings = json.loads((tmp_path / "home" / "config" / "settings.json").read_text())
        assert settings["fullscreen"] is False and settings["window_size"] == [1100, 640]
        again = Program(env, tmp_path / "run2.txt")
        procs.append(again)
        assert _until(lambda: _geometry(env, again.wid) == moved), (_geometry(env, again.wid), moved)
        again.quit()
    finally:
        for p in reversed(procs):
            if isinstance(p, Program):
                p.kill()
            elif p.poll() is None:
                p.terminate()
                p.wait(timeout=10)
        xvfb.terminate()
        try:
            xvfb.wait(timeout=10)
        except subprocess.TimeoutExpired:
            xvfb.kill()
