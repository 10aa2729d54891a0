"""How long each Learn to play lesson takes a new player: a scripted run through the real
table (headless, the normal animation speed) measures the time the table itself takes
(animations, the opponent's moves), and a reading and moving model adds the player's
part. A test aid, never part of the program; the figures are for the lesson files'
``minutes`` and the README.

    python tests/manual/lesson_times.py [GAME ...]

The model (printed with the figures): every screen's words read at READ_WPM words a
minute, the engine's own lines under an explanation skimmed at half weight, LOOK seconds
to find on the board what a screen points at, MOVE seconds for each taught drag or click
and PRESS seconds for each Continue; NEXT seconds to open the next lesson.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "client" / "table")]

READ_WPM = 180        # a careful first read of rules text
LOOK = 2.0            # s: finding on the board what the screen points at
MOVE = 4.0            # s: a taught drag or click, once read
PRESS = 1.0           # s: Continue / Start / Next lesson
NEXT = 1.5            # s: the next lesson opening


def words(text: str) -> int:
    return len(text.split())


def main(argv) -> int:
    games = argv or ["everdawn", "evons", "essveil"]
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["CARDHALL_HOME"] = tempfile.mkdtemp(prefix="cardhall-lesson-times-")
    from client.devtools.testing import Driver
    from engine.core.tutorial import load_course
    from test_tutorial import gesture
    d = Driver(Path(os.environ["CARDHALL_HOME"]), animation="normal")
    d.app.settings.ai_difficulty = "easy"
    d.app.fixed_dt = dt = d.app.fixed_dt or 1 / 60
    print(f"model: reading {READ_WPM} words/min, look {LOOK}s a screen, move {MOVE}s, "
          f"Continue {PRESS}s, next lesson {NEXT}s; table time measured at {1 / dt:.0f} frames/s")
    for game in games:
        total = 0.0
        print(f"\n{game}")
        print(f"  {'lesson':<14} screens moves words  table s  player s  minutes")
        for les in load_course(game).lessons:
            t = d.app.scenes.switch("tutorial", game=game, lesson=les.id)
            d.step(3)
            screens = moves = 0
            nwords = 0.0
            start = d.app.now          # the table's own time: every frame of the run (it never waits
            for _ in range(2000):      # for a reader), animations and the opponent's pauses
                if t.layer.state == "wait" or t.anims.busy or (t.layer.state == "step" and t.layer.step.kind == "them"):
                    d.wait_ai()
                    d.step()
                    continue
                header, body, lines = t.layer.panel_texts()
                screens += 1
                nwords += words(body) + 0.5 * sum(words(x) for x in lines)
                if t.layer.state == "done":
                    break
                if t.layer.button_text() is not None:
                    d.key("space")
                else:
                    moves += 1
                    n = len(t.session)
                    gesture(d, t, t.layer.taught_action())
                    if len(t.session) == n and t.layer.state == "step":
                        gesture(d, t, t.layer.taught_action())
            assert t.layer.state == "done", f"{game} {les.id}: stopped in {t.layer.state}"
            table_s = d.app.now - start
            presses = screens - moves                        # every other screen ends with a press
            player_s = nwords / READ_WPM * 60 + screens * LOOK + moves * MOVE + presses * PRESS + NEXT
            secs = table_s + player_s
            total += secs
            print(f"  {les.id:<14} {screens:>7} {moves:>5} {nwords:>5.0f} {table_s:>8.1f} {player_s:>9.1f} "
                  f"{secs / 60:>8.1f}")
        print(f"  {'course':<14} {'':>7} {'':>5} {'':>5} {'':>8} {'':>9} {total / 60:>8.1f}")
    d.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
