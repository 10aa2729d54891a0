"""``python -m client --bench``: one JSON line with

* ``startup_ms`` — wall time from launching ``python -m client`` (a child process)
  to its first frame on screen (median of 3 launches);
* ``idle_cpu_pct`` — per scene, the process's CPU time over wall time while the
  scene is left alone in the real frame loop (it rests on the event queue), in
  percent of one core: the title, each game's table waiting for the player, each
  deck builder, the replays list and each game's replay viewer paused;
  ``idle_cpu_pct_max`` the highest;
* ``frame_ms_p50`` / ``frame_ms_p99`` — frame time on the busiest scene, and
  ``scenes`` every measured one, ``<what>:<game>@<W>x<H>``: ``anim`` a table with
  animations running and the pointer moving, ``drag`` a card dragged over the
  board, ``ai`` the AI's turn (thinking in the background, then its move's
  animations), ``cards`` the card gallery; at 1280×720 and 1920×1080, dummy video
  driver, frames not capped. ``cpu_p50`` / ``cpu_p99`` (and the headline
  ``frame_cpu_ms_p99``) are the main thread's CPU time per frame: the same work
  without the waits a busy machine adds (other processes, the AI's thread).

Figures depend on the machine: run it on a quiet one (``nice`` on a shared one).
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time

SIZES = ((1280, 720), (1920, 1080))


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


def _prepare():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import tempfile
    os.environ.setdefault("CARDHALL_HOME", tempfile.mkdtemp(prefix="cardhall-bench-"))


def _app(size, animation="slow"):
    from client.app import App
    from client.settings import Settings
    st = Settings()
    st.animation_speed = animation
    return App(size, st, fullscreen=False)


class Times(list):
    """Frame times in ms (wall clock), with ``cpu``: the main thread's CPU time per
    frame (what a busy, shared machine does not inflate)."""

    def __init__(self):
        super().__init__()
        self.cpu = []

    def time(self, fn):
        t0, c0 = time.perf_counter(), time.thread_time()
        fn()
        self.append((time.perf_counter() - t0) * 1000)
        self.cpu.append((time.thread_time() - c0) * 1000)


def _frames(app, n, *, wiggle=True, buttons=(0, 0, 0), stop=None):
    import pygame
    out = Times()
    w, h = app.size
    for i in range(n):
        if stop is not None and stop():
            break
        if wiggle:
            x = int(w * (0.2 + 0.5 * ((i * 37) % 100) / 100))
            y = int(h * (0.3 + 0.4 * ((i * 53) % 100) / 100))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=buttons))
        out.time(lambda: app.step(1 / 60))
    return out


def _pct(xs, p):
    s = sorted(xs)
    return s[min(len(s) - 1, int(len(s) * p))]


def _figures(times):
    out = {"p50": round(_pct(times, 0.5), 2), "p99": round(_pct(times, 0.99), 2), "frames": len(times)}
    cpu = getattr(times, "cpu", None)
    if cpu:
        out["cpu_p50"], out["cpu_p99"] = round(_pct(cpu, 0.5), 2), round(_pct(cpu, 0.99), 2)
    return out


def _table(app, game, seed=3):
    """A demo table (its AI paused), preferably with the player to move."""
    from client.devtools.headless import open_scene
    sc = None
    for s in range(seed, seed + 10):
        sc = open_scene(app, "table", game, s)
        if sc.human_to_move():
            break
    sc.kwargs["_paused_ai"] = True  # measure drawing, not the AI
    return sc


def _add_anims(sc):
    from client.table.kit.parts import Banner, FloatText
    for k in range(40):
        sc.anims.add(FloatText(f"-{k}", (300 + k * 5, 400), duration=0.8, parallel=k % 4 != 0))
        if k % 8 == 0:
            sc.anims.add(Banner("Bench", "animations running", duration=0.6, parallel=True))


def _drag_frames(app, sc, n):
    import pygame
    keys = sorted(sc.live_sources, key=str)
    src = sc.sources.get(keys[0]) if keys else None
    if src is None:
        return []
    a = src.rect.center
    b = sc.board_rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    app.step(1 / 60)
    out = Times()
    for i in range(n):
        k = (i % 60) / 60
        p = (int(a[0] + (b[0] - a[0]) * k), int(a[1] + (b[1] - a[1]) * k))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
        out.time(lambda: app.step(1 / 60))
    sc.cancel_drag()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=a, button=1))
    app.step(1 / 60)
    return out


def _ai_frames(app, sc, n):
    """The AI's turn: it plays every seat (normal level) while frames are timed."""
    sc.kwargs["_paused_ai"] = False
    sc.human_seats = ()
    sc.ai_level = "normal"
    sc.driver.agents.clear()
    out = _frames(app, n, wiggle=False)
    sc.driver.cancel()
    sc.kwargs["_paused_ai"] = True
    return out


def measure_frames(n=240, sizes=SIZES) -> dict:
    _prepare()
    from client.devtools.headless import open_scene
    from client.scenes import gamesinfo
    results = {}
    for size in sizes:
        app = _app(size)
        tag = f"@{size[0]}x{size[1]}"
        for game in gamesinfo.available():
            try:
                sc = _table(app, game)
            except Exception as e:  # noqa: BLE001 - a table that fails is reported, the rest measured
                results[f"anim:{game}{tag}"] = {"error": str(e)[:120]}
                continue
            _frames(app, 20)  # warm caches
            _add_anims(sc)
            results[f"anim:{game}{tag}"] = _figures(_frames(app, n))
            sc.anims.clear()
            sc.refresh()
            _frames(app, 5, wiggle=False)
            times = _drag_frames(app, sc, max(20, n // 2))
            if times:
                results[f"drag:{game}{tag}"] = _figures(times)
            results[f"ai:{game}{tag}"] = _figures(_ai_frames(app, sc, n))
            try:
                open_scene(app, "cards", game, 3)
                _frames(app, 20)
                results[f"cards:{game}{tag}"] = _figures(_frames(app, n))
            except Exception as e:  # noqa: BLE001 - a bench row that fails is reported, the rest measured
                results[f"cards:{game}{tag}"] = {"error": str(e)[:120]}
        app.quit()
    ok = {k: v for k, v in results.items() if "p99" in v}
    if not ok:
        return {"frame_ms_p50": -1, "frame_ms_p99": -1, "busiest_scene": None, "scenes": results}
    worst = max(ok, key=lambda k: ok[k]["p99"])
    cpu_worst = max(ok, key=lambda k: ok[k].get("cpu_p99", 0))
    return {"frame_ms_p50": ok[worst]["p50"], "frame_ms_p99": ok[worst]["p99"], "busiest_scene": worst,
            "frame_cpu_ms_p99": ok[cpu_worst].get("cpu_p99", -1), "busiest_scene_cpu": cpu_worst,
            "scenes": results}


# ---------------------------------------------------------------- idle CPU
def _settle(app, max_seconds=8.0):
    """Run the real loop until nothing moves (animations, pulses, toasts are over)."""
    end = time.perf_counter() + max_seconds
    while time.perf_counter() < end:
        app.step()
        if not app.animating and not app._live:
            break
    app.step()


def cpu_share(app, seconds=2.0) -> float:
    """Percent of one core the process used while the real loop ran for ``seconds``."""
    w0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - w0 < seconds:
        app.step()
    return round(100 * (time.process_time() - c0) / (time.perf_counter() - w0), 2)


def idle_scenes(app):
    """``(name, opener)`` for every scene measured at rest."""
    from client.scenes import gamesinfo
    from client.devtools.headless import open_scene
    games = gamesinfo.available()

    def replay(game):
        def go():
            from client.replays import make_demo_replays
            from client.storage import replays_dir
            sc = open_scene(app, "replays")
            if not any(i.game == game for i in sc.items):
                make_demo_replays(replays_dir(), 6, 3)
                sc = open_scene(app, "replays")
            i = next(i for i, info in enumerate(sc.items) if info.game == game)
            sc.select(i)
            t = sc.watch(0)
            if t is None:
                raise RuntimeError("the replay did not open")
            return t
        return go
    out = [("title", lambda: open_scene(app, "title"))]
    out += [(f"table:{g}", (lambda g=g: _table(app, g))) for g in games]
    out += [(f"deckbuilder:{g}", (lambda g=g: open_scene(app, "deckbuilder", g, 3))) for g in games]
    out += [("replays", lambda: open_scene(app, "replays"))]
    out += [(f"replay:{g}", replay(g)) for g in games]
    return out


def measure_idle(seconds=2.0, size=(1280, 720)) -> dict:
    _prepare()
    app = _app(size, animation="normal")
    out = {}
    for name, opener in idle_scenes(app):
        try:
            sc = opener()
        except Exception as e:  # noqa: BLE001 - a scene that fails is reported, the rest measured
            out[name] = {"error": str(e)[:120]}
            continue
        _settle(app)
        draws = app.draws
        out[name] = cpu_share(app, seconds)
        if app.draws != draws:
            out[name + ":frames_drawn"] = app.draws - draws
        if getattr(sc, "replay", None) is not None:
            sc.replay.pause()
    app.quit()
    return out


def run_bench(args, t0) -> int:
    startup = measure_startup()
    idle = measure_idle()
    frames = measure_frames()
    shares = [v for k, v in idle.items() if isinstance(v, float)]
    out = {"startup_ms": startup, "idle_cpu_pct_max": max(shares) if shares else -1, "idle_cpu_pct": idle,
           **frames}
    print(json.dumps(out))
    return 0
