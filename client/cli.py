"""``python -m client`` / ``cardhall``: start Cardhall.

    python -m client                         # the game
    python -m client --scene list            # every scene name
    python -m client --screenshot out.png --scene title [--game G] [--seed S] [--size WxH]
    python -m client --bench                 # one JSON line: startup and frame times
    python -m client --demo GAME --seed S --frames DIR --every K   # AI vs AI on the real table
    python -m client --layout-check          # every screen, 3 sizes x 3 interface sizes: unreadable text
"""
from __future__ import annotations

import os
import sys
import time

_T0 = time.perf_counter()


def _parse(argv):
    import argparse
    p = argparse.ArgumentParser(prog="cardhall", description="Cardhall: three card games.")
    p.add_argument("--scene", help="open this scene first (--scene list lists them)")
    p.add_argument("--game", help="everdawn, evons or essveil")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--size", default=None, help="window size WxH (default: as last time, else 1280x720)")
    p.add_argument("--screenshot", metavar="PATH", help="render the scene to PATH (PNG) and exit")
    p.add_argument("--frames-before", type=int, default=30, help=argparse.SUPPRESS)
    p.add_argument("--bench", action="store_true", help="print startup and frame times as JSON")
    p.add_argument("--demo", metavar="GAME", help="AI against AI on the real table")
    p.add_argument("--frames", metavar="DIR", help="with --demo: save screenshots here")
    p.add_argument("--every", type=int, default=10, help="with --demo: a screenshot every K actions")
    p.add_argument("--ai", default="easy", help="with --demo: AI level (easy, normal, hard)")
    p.add_argument("--fullscreen", action="store_true")
    p.add_argument("--windowed", action="store_true")
    p.add_argument("--selftest", action="store_true", help="check this installation without a window; exit 1 and say what failed")
    p.add_argument("--layout-check", action="store_true",
                   help="render every screen at three sizes and interface sizes; report unreadable text")
    p.add_argument("--first-frame", action="store_true", help=argparse.SUPPRESS)  # build.py times it
    return p.parse_args(argv)


def _size(text):
    if not text:
        return 1280, 720
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise SystemExit(f"--size must look like 1280x720, not {text!r}")
    return max(320, w), max(240, h)


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = _parse(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.scene == "list":
        from client.scenes import SCENES
        for name, info in SCENES.items():
            extra = " (needs --game)" if info.needs_game else ""
            print(f"{name:14s} {info.description}{extra}")
        return 0
    if args.layout_check:
        from client.devtools.layoutcheck import main as layout_main
        return layout_main(["--quick"] if os.environ.get("CARDHALL_LAYOUT_QUICK") else [])
    if args.selftest or args.first_frame:
        from client.devtools.selftest import selftest_main
        return selftest_main(args, _T0)
    if args.bench:
        from client.devtools.bench import run_bench
        return run_bench(args, _T0)
    if args.screenshot:
        from client.devtools.headless import screenshot_main
        return screenshot_main(args)
    if args.demo:
        from client.devtools.headless import demo_main
        return demo_main(args)
    from client.app import App
    fs = True if args.fullscreen else (False if args.windowed else None)
    # the window opens as it was left (size, place, full screen) unless --size says otherwise
    app = App(_size(args.size) if args.size else None, fullscreen=fs, remember_window=True)
    app.t0 = _T0
    start = args.scene or "title"
    kw = {}
    if args.game:
        kw["game"] = args.game
    try:
        app.scenes.switch(start, **kw)
    except KeyError as e:
        print(e, file=sys.stderr)
        return 2
    code = app.run()
    import pygame
    pygame.quit()
    return code


if __name__ == "__main__":
    sys.exit(main())
