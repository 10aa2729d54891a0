"""The hint and the review in a real window, in each game: a manual check, never part of
the test suite (no timing is asserted anywhere).

    nice -n 10 python tests/manual/advice_window.py [GAME ...] [display=:72] [seed=7]
        [level=normal] [hints=3] [cap=900] [shots=DIR]
    python tests/manual/advice_window.py --table      # the table again, from the records

For each game it plays a whole game against the AI (``level``) in the real program at
1280x720 under Xvfb, the human seat played by the ``expert`` agent with xdotool, as
``hard_window_games.py`` does. On some of the human's turns it first clicks **Hint** and
waits for the hint (the suggested move outlined on the board, its estimate and reason
over the log), takes a screenshot, then plays on. When the game is over it clicks
**Review** on the game-over panel, waits for the quick pass and for the searched review,
takes a screenshot of each, opens the first marked decision (the replay at that
position), takes one, and clicks **Back**, which must return to the review.

Written: ``engine/ai/figures/advice_window.json`` (each game's hints and review; a run
replaces the games it played) and from it ``advice_window.md`` (per game: each hint's
time, move and words; the review's quick and searched times; whether Back returned to
the review); the screenshots go to ``shots=`` (default a temp folder).
"""
from __future__ import annotations

import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import hard_window_games as W  # noqa: E402 - the window player this check builds on

ROOT, FIG, GAMES = W.ROOT, W.FIG, W.GAMES
RECORDS = FIG / "advice_window.json"   # every game's hints and review (the table's source)
WAIT = 90.0          # seconds at most for one hint, or one step of the review


class AdvicePlayer(W.Player):
    def __init__(self, app, game, seed, out, shots, cap, max_turns, level, hints):
        super().__init__(app, game, seed, out, shots, cap, max_turns)
        self.level, self.nhints = level, hints
        self.hints = []           # {"turn", "seconds", "move", "words", "message"}
        self.hint_wait = None     # (turn, started)
        self.review = {}          # what the review did
        self.stage = None         # the end's steps: review → quick → full → replay → back
        self.stage_at = 0.0
        self.turn_moves = {}      # the human's decisions asked for, per turn

    def tick(self):
        if self.wid is None:
            super().tick()
            self.app.settings.ai_difficulty = self.level
            return
        super().tick()

    def human_move(self, t, tries=0, planned=None):
        if planned is None and tries == 0 and self.want_hint(t):
            return
        return super().human_move(t, tries, planned)

    def want_hint(self, t) -> bool:
        """Ask for a hint on this turn (True while one is being waited for)."""
        now = time.perf_counter()
        turn = t.match.turn()
        if self.hint_wait is not None:
            hc = t.hints
            done = hc.hint is not None or (hc.job is None and hc.message and not hc.message.startswith("Thinking"))
            if not done and now - self.hint_wait[1] < WAIT:
                return True
            if t.anims.busy:
                return True
            h = hc.hint
            self.hints.append({"turn": turn, "seconds": round(now - self.hint_wait[1], 2),
                               "move": None if h is None else t.match.action_text(tuple(h.action)),
                               "message": hc.message, "outlined": len(hc.rects())})
            self.screenshot(f"t{turn:02d}-hint")
            self.hint_wait = None
            self.wait_until = now + 1.0      # (the screenshot is taken before the move)
            return True
        asked = {h["turn"] for h in self.hints}
        if len(self.hints) >= self.nhints or turn in asked or turn < 3 or turn % 4 not in (2, 3):
            return False
        # not the turn's first decision (an opening choice such as Essveil's Attune): one
        # in the middle of the turn, where the board has something to outline
        seen = self.turn_moves.get(turn, 0)
        self.turn_moves[turn] = seen + 1
        if seen < 1:
            return False
        if "hint" not in t.widgets:
            return False
        self.click(t.widgets["hint"].rect.center)
        self.hint_wait = (turn, now)
        return True

    def play(self, t):
        if self.stage is not None:            # the review's replay: the end's steps go on
            return self.end(t)
        if self.hint_wait is not None and t.match.result() is None:
            self.want_hint(t)
            return
        return super().play(t)

    def end(self, t):
        now = time.perf_counter()
        if self.finished in (None, "pending"):
            return super().end(t)
        top = self.app.scenes.top
        name = getattr(top, "name", None)
        if self.stage is None:
            if "review" not in top.widgets:
                return self.finish("done")
            self.click(top.widgets["review"].rect.center)
            self.stage, self.stage_at = "opening", now
            return
        if now - self.stage_at > WAIT:
            self.review.setdefault("stuck", self.stage)
            return self.finish("done")
        if self.stage == "opening" and name == "review":
            self.stage, self.stage_at, self.review_t0 = "quick", now, now
        if self.stage == "quick" and name == "review" and top.result is not None:
            self.review["quick_seconds"] = round(now - self.review_t0, 2)
            self.screenshot("review-quick")
            self.stage, self.stage_at = "full", now
            self.wait_until = now + 0.5
            return
        if self.stage == "full" and name == "review" and top.result is not None and not top.result.quick \
                and top.job is None:
            self.review["full_seconds"] = round(now - self.review_t0, 2)
            self.review["marked"] = len(top.result.marked())
            self.review["lines"] = [mv.line() for mv in top.result.marked()[:3]]
            self.screenshot("review-full")
            # the first marked decision; with none marked, a point in the middle of the curve
            # (each decision's own point can be clicked too)
            if "mark0" in top.widgets:
                self.click(top.widgets["mark0"].rect.center)
            else:
                pts = [p for p in getattr(top, "point_rects", [])]
                if not pts:             # nothing marked: done once the screenshot is taken
                    self.stage, self.stage_at, self.wait_until = "done", now, now + 1.5
                    return
                self.click(pts[len(pts) // 2][0].center)
            self.stage, self.stage_at = "replay", now
            return
        if self.stage == "replay" and name == "table" and getattr(top, "mode", None) == "replay":
            self.wait_until = now + 1.0
            self.stage, self.stage_at = "replay-shown", now
            return
        if self.stage == "replay-shown":
            self.screenshot("review-replay")
            self.review["replay_at"] = len(top.session) if getattr(top, "session", None) is not None else None
            self.click(top.widgets["menu"].rect.center)
            self.stage, self.stage_at = "back", now
            self.wait_until = now + 0.5
            return
        if self.stage == "back" and name == "review":
            self.review["back_to_review"] = True
            self.screenshot("review-again")
            self.stage, self.stage_at = "done", now
            self.wait_until = now + 1.0
            return
        if self.stage == "done":
            self.finish("done")

    def finish(self, how):
        t = self.table
        res = t.match.result() if t is not None else None
        rec = {"game": self.game, "seed": self.seed, "level": self.level, "how": how,
               "winner": None if res is None else res.winner,
               "human_seats": sorted(t.human_seats) if t is not None else None,
               "turns": t.match.turn() if t is not None else None, "hints": self.hints, "review": self.review,
               "record": t.session.record.to_json() if t is not None else None}
        self.finished = how
        self.out.write_text(json.dumps(rec))
        self.app.quit()


def child(game, seed, out, shots, cap, max_turns, level, hints):
    return W.run_program(game, seed, lambda app: AdvicePlayer(app, game, seed, Path(out), Path(shots) if shots
                                                              else None, cap, max_turns, level, hints),
                         time_ai=False)


def write_table(recs, command):
    lines = ["# The hint and the review in a real window", "",
             f"Written by `{command}` from `advice_window.json` beside this file.", "",
             "Played by `nice -n 10 python tests/manual/advice_window.py GAME ...` (the seed and the AI's "
             "level per row; the real program at 1280x720 under Xvfb on a 2-core machine shared "
             "with other work, run under `nice`; the human seat played by the `expert` agent with xdotool). "
             "A hint's seconds: from the click on Hint to the move outlined and its words shown. The review's: "
             "from the click on Review to the quick pass shown, and to the searched review replacing it. "
             "Back: the first marked decision opened in the replay, then Back returned to the review.", "",
             "| game | seed | level | hints (turn: seconds) | review quick / searched s | marked | Back returns |",
             "|---|---|---|---|---|---|---|"]
    for r in recs:
        rv = r["review"]
        hs = ", ".join(f"{h['turn']}: {h['seconds']:.1f}" for h in r["hints"]) or "none"
        if rv.get("back_to_review"):
            back = "yes"
        elif "stuck" in rv:
            back = f"no (stuck at {rv['stuck']})"
        else:
            back = "— (nothing marked to open)" if rv.get("marked") == 0 else "no"
        lines.append(f"| {r['game']} | {r['seed']} | {r['level']} | {hs} | {rv.get('quick_seconds', '—')} / "
                     f"{rv.get('full_seconds', '—')} | {rv.get('marked', '—')} | {back} |")
    lines += ["", "What the hints said:", ""]
    for r in recs:
        for h in r["hints"]:
            lines.append(f"- {r['game']}, turn {h['turn']}: {h['message'] or '(nothing)'}"
                         f" — outlined on the board: {h['outlined']} place(s)")
    lines += ["", "The review's first marked decisions:", ""]
    for r in recs:
        for ln in r["review"].get("lines", []):
            lines.append(f"- {r['game']}: {ln.replace('<br>', ' — ')}")
    (FIG / "advice_window.md").write_text("\n".join(lines) + "\n")


def main(argv) -> int:
    if argv[:1] == ["--child"]:
        game, seed, out, shots, cap, max_turns, level, hints = argv[1:9]
        return child(game, int(seed), out, shots if shots != "-" else None, float(cap), int(max_turns),
                     level, int(hints))
    if argv[:1] == ["--table"]:           # the table again, from the records
        write_table(json.loads(RECORDS.read_text()), "python tests/manual/advice_window.py --table")
        return 0
    command = "python tests/manual/advice_window.py --table"
    opts = dict(a.split("=", 1) for a in argv if "=" in a)
    games = [a for a in argv if "=" not in a] or list(GAMES)
    display, seed = opts.get("display", ":72"), int(opts.get("seed", 7))
    level, hints = opts.get("level", "normal"), int(opts.get("hints", 3))
    cap, max_turns = float(opts.get("cap", 900)), int(opts.get("turns", 80))
    shots = Path(opts.get("shots") or tempfile.mkdtemp(prefix="cardhall-advice-shots-"))
    shots.mkdir(parents=True, exist_ok=True)
    if not shutil.which("xdotool") or not shutil.which("Xvfb"):
        raise SystemExit("needs Xvfb and xdotool (and ImageMagick import for the screenshots)")
    server = W.xvfb(display)
    recs = []
    try:
        for game in games:
            tmp = Path(tempfile.mkdtemp()) / "rec.json"
            code = W.run_child([__file__, "--child", game, str(seed), str(tmp), str(shots), str(cap),
                                str(max_turns), level, str(hints)], display, cap + 300)
            if not tmp.exists():
                print(f"{game}: no record (exit {code})", flush=True)
                continue
            rec = json.loads(tmp.read_text())
            recs.append(rec)
            (shots / f"{game}-s{seed}-record.json").write_text(json.dumps(rec.pop("record", None)))
            print(json.dumps(rec, indent=1), flush=True)
        if recs:
            # the games of this run replace their earlier records; the table shows them all
            kept = json.loads(RECORDS.read_text()) if RECORDS.exists() else []
            played = {(r["game"], r["seed"]) for r in recs}
            allrecs = [r for r in kept if (r["game"], r["seed"]) not in played] + recs
            allrecs.sort(key=lambda r: (GAMES.index(r["game"]), r["seed"]))
            RECORDS.write_text(json.dumps(allrecs, indent=1) + "\n")
            write_table(allrecs, command)
        print("screenshots:", shots)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=20)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
