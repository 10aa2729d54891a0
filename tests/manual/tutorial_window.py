"""Play every Learn to play lesson in a real window, by each lesson's own instructions
(drags and clicks where the guidance points, a wrong move tried first), and save a
picture of every screen: a test aid, never part of the program.

    Xvfb :57 -screen 0 1920x1080x24 &
    DISPLAY=:57 python tests/manual/tutorial_window.py 1280x720 shots/ [GAME ...] [scale=2.0]

The pictures are ``shots/<game>-<lesson>-<n>-<state>.png``; the last line says how
many lessons were played. The user folders are a fresh temporary folder; ``scale=`` sets
the interface size (Settings → Interface size, 1.0 = 100 %).
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "client" / "table")]


def main(argv) -> int:
    size = tuple(int(x) for x in argv[0].split("x"))
    out = Path(argv[1])
    opts = dict(a.split("=", 1) for a in argv[2:] if "=" in a)
    games = [a for a in argv[2:] if "=" not in a] or ["everdawn", "essveil", "evons"]
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["CARDHALL_HOME"] = tempfile.mkdtemp(prefix="cardhall-lessons-")
    import pygame
    from client.devtools import testing
    from client.app import App
    from client.settings import Settings
    from engine.core.tutorial import load_course
    from test_tutorial import gesture, wrong_gesture
    st = Settings()
    st.animation_speed = "fast"
    st.ui_scale = float(opts.get("scale", 1.0))
    d = testing.Driver.__new__(testing.Driver)       # the driver's helpers, on a real window
    d.home, d.pygame = Path(os.environ["CARDHALL_HOME"]), pygame
    d.app = App(size, st, fullscreen=False)
    d.app.fixed_dt = 1 / 60
    print("video driver:", pygame.display.get_driver(), size)
    out.mkdir(parents=True, exist_ok=True)
    played = 0
    for game in games:
        for les in load_course(game).lessons:
            t = d.app.scenes.switch("tutorial", game=game, lesson=les.id)
            d.step(3)
            n, tried = 0, False
            for _ in range(400):
                if t.layer.state in ("wait",) or t.anims.busy:
                    d.step()
                    continue
                d.step()        # one frame more: a widget shown in this frame is drawn from the next
                if t.layer.state in ("wait",) or t.anims.busy:
                    continue
                d.app.screenshot(out / f"{game}-{les.id}-{n:02d}-{t.layer.state}.png")
                n += 1
                if t.layer.state == "done":
                    break
                if t.layer.button_text() is not None:
                    d.key("space")
                elif t.layer.step.kind == "them":        # one picture a move of theirs
                    st, before = t.layer.step, len(t.session)
                    for _f in range(600):
                        d.wait_ai()
                        d.step()
                        if len(t.session) > before or t.layer.state != "step" or t.layer.step is not st:
                            break
                else:
                    a = t.layer.taught_action()
                    w = wrong_gesture(t, a) if not tried else None
                    if w is not None:
                        tried = True
                        d.drag(*w, steps=6)
                        d.app.screenshot(out / f"{game}-{les.id}-{n:02d}-refused.png")
                        n += 1
                    before = len(t.session)
                    gesture(d, t, a)
                    if len(t.session) == before and t.layer.state == "step":
                        gesture(d, t, t.layer.taught_action())
            assert t.layer.state == "done", f"{game} {les.id}: stopped in {t.layer.state}"
            played += 1
    print("lessons played:", played)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
