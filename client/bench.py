"""``python -m client --bench``: one JSON line with

* ``startup_ms`` — wall time from launching ``python -m client`` (a child process)
  to its first frame on screen (median of 3 launches);
* ``frame_ms_p50`` / ``frame_ms_p99`` — frame time on the busiest scene (the
  scene with the worst p99 among each available game's table with animations
  and a hover zoom running, and the card gallery), dummy video driver,
  uncapped frame rate.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time


def measure_startup(runs=3) -> float:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env["CARDHALL_FIRST_FRAME_EXIT"] = "1"
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        p = subprocess.Popen([sys.executable, "-m", "client"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             env=env, text=True)
        line = p.stdout.readline()
        t1 = time.perf_counter()
        p.wait(timeout=30)
        if "FIRST_FRAME" in line:
            times.append((t1 - t0) * 1000)
    return round(statistics.median(times), 1) if times else -1.0


def _frames(app, n, *, wiggle=True):
    import pygame
    out = []
    w, h = app.size
    for i in range(n):
        if wiggle:
            x = int(w * (0.2 + 0.5 * ((i * 37) % 100) / 100))
            y = int(h * (0.3 + 0.4 * ((i * 53) % 100) / 100))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(0, 0, 0)))
        t0 = time.perf_counter()
        app.step(1 / 60)
        out.append((time.perf_counter() - t0) * 1000)
    return out


def _pct(xs, p):
    s = sorted(xs)
    return s[min(len(s) - 1, int(len(s) * p))]


def measure_frames(n=240) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import tempfile
    os.environ.setdefault("CARDHALL_HOME", tempfile.mkdtemp(prefix="cardhall-bench-"))
    from .app import App
    from .headless import open_scene
    from .settings import Settings
    from . import gamesinfo
    st = Settings()
    st.animation_speed = "slow"
    app = App((1280, 720), st, fullscreen=False)
    app.max_fps = 0
    results = {}
    for game in gamesinfo.available():
        for name in ("table", "cards"):
            try:
                sc = open_scene(app, name, game, 3)
            except Exception as e:  # noqa: BLE001 - a scene still landing
                results[f"{name}:{game}"] = {"error": str(e)[:120]}
                continue
            if hasattr(sc, "kwargs"):
                sc.kwargs["_paused_ai"] = True  # measure drawing, not the AI
            _frames(app, 20)  # warm caches
            if hasattr(sc, "anims"):
                from .tablekit import Banner, FloatText
                for k in range(40):
                    sc.anims.add(FloatText(f"-{k}", (300 + k * 5, 400), duration=0.8, parallel=k % 4 != 0))
                    sc.anims.add(Banner("Bench", "animations running", duration=0.6, parallel=True)) if k % 8 == 0 \
                        else None
            times = _frames(app, n)
            results[f"{name}:{game}"] = {"p50": round(_pct(times, 0.5), 2), "p99": round(_pct(times, 0.99), 2)}
    ok = {k: v for k, v in results.items() if "p99" in v}
    if not ok:
        return {"frame_ms_p50": -1, "frame_ms_p99": -1, "busiest_scene": None, "scenes": results}
    worst = max(ok, key=lambda k: ok[k]["p99"])
    return {"frame_ms_p50": ok[worst]["p50"], "frame_ms_p99": ok[worst]["p99"], "busiest_scene": worst,
            "scenes": results}


def run_bench(args, t0) -> int:
    startup = measure_startup()
    frames = measure_frames()
    out = {"startup_ms": startup, **frames}
    print(json.dumps(out))
    return 0
