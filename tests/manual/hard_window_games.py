"""A whole game against ``hard`` in a real window, in each game, every AI turn timed:
a manual benchmark, never part of the test suite (no timing is asserted anywhere).

    nice -n 10 python tests/manual/hard_window_games.py [GAME ...] [display=:71] [seed=7]
        [cap=900] [shots=DIR]
    python tests/manual/hard_window_games.py --table          # the table again, from the records
    python tests/manual/hard_window_games.py --profile GAME   # cProfile of that game's slowest AI turn

For each game it starts Xvfb (1280x720) unless the display answers already, then the
real program (``client.cli.main``: the window, normal animation speed) on a fresh
user folder with the AI difficulty set to hard, clicks Play <game> → Play vs AI →
Start with xdotool, and plays the human seat with the project's ``expert`` agent
deciding from the human's own view. Each of its moves is made with xdotool in the real
window: a drag from the card to its target, or a click on the spot or button the table
shows for it (``client.table.guidance.move_rects``, what the Hint outlines); Evons' two
steps (the card, then its cell) are one drag in the card's mode (a click on the card
first turns it covered or active). A move the window offers no gesture for, or a gesture
that did not make it, goes through ``table.perform`` (counted as ``fallback``): so far only
Evons' Firestorm points, which the window splits by clicks on the targets and then confirms.

Every AI decision is timed from the moment the table asks for it (``think``: the view is
taken) to the moment its thread has the answer; an AI turn's time is the sum of its own
decisions in its own turn, as ``engine.ai.arena.play_game`` counts ``turn_time``. Beside it,
``span``: from its first decision's start to its last decision's end, the animations of
its earlier moves included. For each AI move it records whether the table drew it
(frames drawn, its animation finished) before the AI started on the next decision.

Records: ``engine/ai/figures/window_<game>_<seed>.json`` (every decision, the match record);
the table: ``engine/ai/figures/window_games.md``. Screenshots (``import -window root``)
every few turns and in the middle of AI turns go to ``shots=`` (default a temp folder).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIG = ROOT / "engine" / "ai" / "figures"
GAMES = ("everdawn", "evons", "essveil")
SIZE = (1280, 720)


# ============================================================================ the child: the program
class Player:
    """Runs after every frame of the real program's loop: the menus, the human seat
    (expert, by xdotool), the screenshots, the end."""

    def __init__(self, app, game, seed, out, shots, cap, max_turns):
        from engine.ai import make_agent
        self.app, self.game, self.seed, self.out, self.shots, self.cap = app, game, seed, out, shots, cap
        self.max_turns = max_turns
        self.expert = make_agent("expert", seed * 7 + 1)
        self.t0 = time.perf_counter()
        self.table = None
        self.proc = None             # the xdotool command running
        self.wait_until = 0.0
        self.pending = None          # (action, session length before, deadline, tries)
        self.decisions = []          # every AI decision
        self.moves = []              # every move applied, both seats: (seat, by_ai, time, draws)
        self.last_ai = None          # the last AI move: its record
        self.watch = []              # AI moves whose next decision began in this step
        self.gestures = {"drag": 0, "click": 0, "fallback": 0, "mode_click": 0}
        self.fallbacks = []
        self.shot_turns = set()
        self.nshots = 0
        self.finished = None
        self.wid = None

    # ------------------------------------------------------------ X input
    def xdo(self, *chains):
        """Start one xdotool command (a chain of its commands); the loop keeps running."""
        args = ["xdotool"]
        for c in chains:
            args += [str(x) for x in c]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def busy_x(self):
        return self.proc is not None and self.proc.poll() is None

    def click(self, pos):
        self.xdo(("mousemove", "--window", self.wid, int(pos[0]), int(pos[1])), ("sleep", "0.08"),
                 ("click", "1"))

    def drag(self, a, b, steps=6):
        ch = [("mousemove", "--window", self.wid, int(a[0]), int(a[1])), ("sleep", "0.08"), ("mousedown", "1")]
        for i in range(1, steps + 1):
            ch += [("sleep", "0.03"), ("mousemove", "--window", self.wid, int(a[0] + (b[0] - a[0]) * i / steps),
                                       int(a[1] + (b[1] - a[1]) * i / steps))]
        ch += [("sleep", "0.08"), ("mouseup", "1")]
        self.xdo(*ch)

    def screenshot(self, name):
        if self.shots is None:
            return
        self.nshots += 1
        subprocess.Popen(["import", "-window", "root", str(self.shots / f"{self.game}-s{self.seed}-{self.nshots:03d}-{name}.png")],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    # ------------------------------------------------------------ hooks
    def on_think(self, agent, match, make):
        t = self.table
        now = time.perf_counter()
        rec = {"turn": match.turn(), "turn_player": match.turn_player(), "seat": match.to_move(),
               "start": now - self.t0, "end": None, "anims_busy_at_start": bool(t.anims.busy) if t else None}
        la = self.last_ai
        if la is not None and la.get("anim_done") is None and t is not None and not t.anims.busy:
            la["anim_done"] = rec["start"]
            la["draws_anim_done"] = self.app.draws
        if la is not None and "next_start" not in la:
            la["next_start"] = rec["start"]
            la["next_frame"] = self.app.frame           # (this step's number: it ends with its draw)
            self.watch.append(la)
            la["draws_before_next"] = self.app.draws - la["draws_at"]
            la["anim_done_before_next"] = la.get("anim_done") is not None
        self.decisions.append(rec)
        own = {d["turn"] for d in self.decisions if d["turn_player"] == d["seat"]}
        if (rec["turn_player"] == rec["seat"] and len(own) % 2 == 1
                and sum(1 for d in self.decisions if d["turn"] == rec["turn"] and d["seat"] == rec["seat"]) == 2):
            self.screenshot(f"t{rec['turn']:02d}-ai-midturn")    # its first move drawn, the second being thought
        job = make(start=False)
        orig = job._run

        def run():
            try:
                orig()
            finally:
                rec["end"] = time.perf_counter() - self.t0
        import threading
        job._thread = threading.Thread(target=run, name="cardhall-ai", daemon=True)
        job._thread.start()
        return job

    def on_perform(self, action, by_ai, ok):
        t = self.table
        rec = {"seat": t.session.actor(len(t.session) - 1) if ok and len(t.session) else None,
               "by_ai": by_ai, "time": time.perf_counter() - self.t0, "draws_at": self.app.draws,
               "animated": bool(t.anims.busy), "text": None, "ok": ok}
        if by_ai and ok:
            try:
                rec["text"] = t.session.state_at(len(t.session) - 1).action_text(tuple(action))
            except Exception:  # noqa: BLE001 - a label only
                rec["text"] = str(action)
            d = next((d for d in reversed(self.decisions) if d.get("end") is not None), None)
            if d is not None:
                d["action"] = rec["text"]
                d["index"] = len(t.session) - 1
            la = self.last_ai
            if la is not None and "next_start" not in la:        # (the game ended)
                la["draws_before_next"] = self.app.draws - la["draws_at"]
                la["anim_done_before_next"] = la.get("anim_done") is not None
            self.last_ai = rec
        self.moves.append(rec)

    # ------------------------------------------------------------ the loop
    def tick(self):
        app = self.app
        for la in self.watch:       # the steps the next decisions began in are over: drawn by then?
            la["draws_through_next"] = app.draws - la["draws_at"]
        self.watch = []
        if self.wid is None:
            import pygame
            self.wid = pygame.display.get_wm_info().get("window")
            app.settings.ai_difficulty = "hard"
            app.settings.animation_speed = "normal"
        if time.perf_counter() - self.t0 > self.cap and self.finished in (None, "pending", "shot"):
            self.finish("capped")
            return
        if self.busy_x() or time.perf_counter() < self.wait_until:
            return
        top = app.scenes.top
        name = getattr(top, "name", None)
        if name == "table":
            return self.play(top)
        if self.table is not None:
            if self.table.match.result() is not None:     # the game-over overlay is on top
                self.end(self.table)
            return
        target = {"title": f"play_{self.game}", "game_menu": "play_ai", "setup": "start"}.get(name)
        if target and target in top.widgets:
            self.click(top.widgets[target].rect.center)
            self.wait_until = time.perf_counter() + 1.0

    def play(self, t):
        if self.table is not t:
            self.table = t
            self.t_start = time.perf_counter() - self.t0
            orig = t.perform

            def perform(action, *, by_ai=False):
                ok = orig(action, by_ai=by_ai)
                self.on_perform(action, by_ai, ok)
                return ok
            t.perform = perform
            self.screenshot("start")
        la = self.last_ai
        if la is not None and la.get("anim_done") is None and not t.anims.busy:
            la["anim_done"] = time.perf_counter() - self.t0
            la["draws_anim_done"] = self.app.draws
        m = t.match
        if m.result() is not None:
            return self.end(t)
        turn = m.turn()
        if turn > self.max_turns and self.finished is None:
            self.screenshot(f"t{turn:02d}-stopped")
            self.finish(f"stopped after {self.max_turns} turns without a winner")
            return
        if turn % 3 == 0 and turn not in self.shot_turns and not t.anims.busy:
            self.shot_turns.add(turn)
            self.screenshot(f"t{turn:02d}")
        if self.pending is not None:
            return self.check_pending(t)
        if t.busy() or m.to_move() not in t.human_seats or t.drag is not None:
            return
        self.human_move(t)

    def end(self, t):
        if self.finished is None and not t.anims.busy:
            self.finished = "pending"
            self.wait_until = time.perf_counter() + 2.0
        elif self.finished == "pending":
            self.screenshot("end")
            self.finished = "shot"
            self.wait_until = time.perf_counter() + 1.5
        elif self.finished == "shot":
            self.finish("done")

    def intended(self, m):
        """The expert's move for the human seat, as the window makes it (Evons: card and cell)."""
        a = tuple(self.expert.choose(m))
        if self.game == "evons":
            from engine.evons import match as EM
            if a[0] == EM.SELECT:
                c = m.clone()
                c.apply(a)
                cell = tuple(self.expert.choose(c))
                return EM.play(a[1], cell[1], bool(a[2])), (a, cell)
        return a, (a,)

    def human_move(self, t, tries=0, planned=None):
        from client.table.guidance import move_rects
        m = t.match
        action, parts = planned or self.intended(m)
        rects = move_rects(t, action)
        if not rects and self.game == "evons" and len(parts) == 2 and tries == 0:
            # the card is in the other mode: a click on it turns it
            inst = parts[0][1]
            hand = t.view.hand(t.viewer)
            if inst in hand:
                r = t.hand_rects(len(hand))[hand.index(inst)]
                self.gestures["mode_click"] += 1
                self.click(r.center)
                self.pending = (action, parts, len(t.session), time.perf_counter() + 3.0, "mode")
                return
        if not rects:
            return self.fallback(t, action, parts, "no gesture on the table")
        if len(rects) >= 2:
            self.gestures["drag"] += 1
            self.drag(rects[0].center, rects[1].center)
        else:
            self.gestures["click"] += 1
            self.click(rects[0].center)
        self.pending = (action, parts, len(t.session), time.perf_counter() + 4.0, tries)

    def check_pending(self, t):
        action, parts, before, deadline, tries = self.pending
        if len(t.session) > before:
            self.pending = None
            return
        if time.perf_counter() < deadline:
            return
        self.pending = None
        if tries == "mode":
            return self.human_move(t, 1, (action, parts))
        if tries < 1:
            return self.human_move(t, tries + 1, (action, parts))
        self.fallback(t, action, parts, "the gesture made nothing")

    def fallback(self, t, action, parts, why):
        self.gestures["fallback"] += 1
        self.fallbacks.append(f"{t.match.action_text(parts[0])}: {why}")
        for p in parts:
            t.perform(p)

    def finish(self, how):
        self.finished = how
        t = self.table
        res = t.match.result() if t is not None else None
        rec = {"game": self.game, "seed": self.seed, "how": how,
               "winner": None if res is None else res.winner, "reason": None if res is None else str(res.reason),
               "details": None if res is None else {k: list(v) if isinstance(v, tuple) else v
                                                    for k, v in (res.details or {}).items()},
               "turns": t.match.turn() if t else None, "actions": len(t.session) if t else None,
               "ai_seat": next(iter(set(range(2)) - set(t.human_seats))) if t else None,
               "game_seconds": round(time.perf_counter() - self.t0 - getattr(self, "t_start", 0.0), 1),
               "gestures": self.gestures, "fallbacks": self.fallbacks[:40],
               "decisions": self.decisions, "ai_moves": [mv for mv in self.moves if mv["by_ai"]],
               "record": t.session.record.to_json() if t else None,
               "ai_meta": t.session.meta.get("ai") if t else None}
        self.out.write_text(json.dumps(rec))
        self.app.quit()


def child(game, seed, out, shots, cap, max_turns):
    return run_program(game, seed, lambda app: Player(app, game, seed, Path(out), Path(shots) if shots else None,
                                                      cap, max_turns))


def run_program(game, seed, make_player, time_ai: bool = True):
    """The real program on a fresh user folder, its matches dealt from ``seed``, with
    ``make_player(app)`` (a :class:`Player`) ticking after every frame; ``time_ai``: every
    AI decision goes through the player's ``on_think`` (timed)."""
    os.environ["CARDHALL_HOME"] = tempfile.mkdtemp(prefix=f"cardhall-window-{game}-")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    import client.scenes.setup as setup
    setup.new_seed = lambda: seed
    from engine.ai import background
    from client.app import App
    player = [None]
    orig_step = App.step

    def step(app, dt=None):
        orig_step(app, dt)
        if player[0] is None:
            player[0] = make_player(app)
        if app.running:
            player[0].tick()
    App.step = step
    from client.cli import main as client_main
    if not time_ai:
        return client_main(["--size", f"{SIZE[0]}x{SIZE[1]}", "--windowed"])
    orig_think = background.think

    def think(agent, match):
        p = player[0]
        if p is None:
            return orig_think(agent, match)
        return p.on_think(agent, match, lambda start: background.Decision(agent, match, start=start))
    background.think = think
    return client_main(["--size", f"{SIZE[0]}x{SIZE[1]}", "--windowed"])


# ============================================================================ figures
def records():
    """Every window game recorded (``window_<game>_<seed>.json``), by game then seed."""
    import re
    out = []
    for p in FIG.glob("window_*.json"):
        mt = re.fullmatch(r"window_([a-z]+)_(\d+)\.json", p.name)
        if mt and mt.group(1) in GAMES:
            out.append((GAMES.index(mt.group(1)), int(mt.group(2)), json.loads(p.read_text())))
    return [r for _g, _s, r in sorted(out, key=lambda x: x[:2])]


def percentile(xs, q):
    from engine.ai.arena import percentile as p
    return p(xs, q)


def ai_turns(rec):
    """Per AI turn of its own: (turn, summed decision seconds, span seconds, decisions)."""
    seat = rec["ai_seat"]
    turns = {}
    for d in rec["decisions"]:
        if d["seat"] != seat or d["turn_player"] != seat or d["end"] is None:
            continue
        e = turns.setdefault(d["turn"], [0.0, d["start"], d["end"], 0])
        e[0] += d["end"] - d["start"]
        e[2] = d["end"]
        e[3] += 1
    return [(k, v[0], v[2] - v[1], v[3]) for k, v in sorted(turns.items())]


def summary(rec):
    ts = ai_turns(rec)
    secs = [x[1] for x in ts]
    spans = [x[2] for x in ts]
    longest = max(ts, key=lambda x: x[1]) if ts else None
    moves = rec["ai_moves"]
    shown = [mv for mv in moves if mv.get("draws_before_next", 1) > 0 and mv.get("anim_done_before_next", True)]
    # drawn by the end of the frame the next decision began in (a frame that first caught up after a
    # rest runs the table's update twice: the move made in the first, the next decision begun in the second)
    drawn = [mv for mv in moves if mv.get("draws_through_next", mv.get("draws_before_next", 1)) > 0
             and mv.get("anim_done_before_next", True)]
    animated = sum(1 for mv in moves if mv["animated"])
    other = [d["end"] - d["start"] for d in rec["decisions"]
             if d["seat"] == rec["ai_seat"] and d["turn_player"] != d["seat"] and d["end"] is not None]
    if rec["winner"] is None:
        who = "draw" if rec["how"] == "done" else "none (" + rec["how"] + ")"
    else:
        who = "AI (hard)" if rec["winner"] == rec["ai_seat"] else "expert (human seat)"
    return {"game": rec["game"], "seed": rec["seed"], "ai_turns": len(ts), "decisions": sum(x[3] for x in ts),
            "p50": percentile(secs, 0.5), "p95": percentile(secs, 0.95), "max": max(secs, default=0.0),
            "span_p95": percentile(spans, 0.95), "span_max": max(spans, default=0.0),
            "longest_turn": longest[0] if longest else None, "over_10": sum(1 for x in secs if x > 10),
            "other_max": max(other, default=0.0), "winner": who, "score": rec.get("details"),
            "turns": rec["turns"], "actions": rec["actions"], "minutes": rec["game_seconds"] / 60,
            "ai_moves": len(moves), "shown": len(shown), "drawn": len(drawn), "animated": animated, "gestures": rec["gestures"]}


def write_table(recs, command):
    by_seed = {}
    for r in recs:
        by_seed.setdefault(r["seed"], []).append(r["game"])
    play = "; ".join(f"`nice -n 10 python tests/manual/hard_window_games.py {' '.join(gs)} seed={sd}`"
                     for sd, gs in sorted(by_seed.items()))
    lines = ["# A whole game against hard in a real window", "",
             "Played by " + play + "; written by `" + command + "` from the records "
             "`window_<game>_<seed>.json` beside this file "
             "(the real program in an X window at 1280x720 under Xvfb, normal animation speed, a 2-core machine "
             "shared with other work, run under `nice`; the human seat played by the `expert` agent from its own "
             "view, its moves made with xdotool in the window). An AI turn's time is the sum of its own "
             "decisions from the table asking to its thread's answer (`engine.ai.arena` `turn_time`); span: its "
             "first decision's start to its last one's end, its own animations between them included. Shown: "
             "AI moves the table drew (animation finished, frames drawn) before the AI started on its next "
             "decision; in brackets: drawn by the end of the frame that decision began in. Targets (hard): p95 ≤ 6 s a turn, no turn over 10 s.", "",
             "| game | seed | AI turns | p50 s | p95 s | max s | longest | turns > 10 s | span p95 / max s "
             "| AI moves shown | winner | game length | drags / clicks / fallback |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for rec in recs:
        s = summary(rec)
        g = s["gestures"]
        lines.append(f"| {s['game']} | {s['seed']} | {s['ai_turns']} | {s['p50']:.2f} | {s['p95']:.2f} | "
                     f"{s['max']:.2f} | turn {s['longest_turn']} | {s['over_10']} | "
                     f"{s['span_p95']:.1f} / {s['span_max']:.1f} | {s['shown']} ({s['drawn']}) of {s['ai_moves']} | "
                     f"{s['winner']}{' ' + json.dumps(s['score']) if s['score'] else ''} | "
                     f"{s['turns']} turns, {s['actions']} actions, {s['minutes']:.1f} min | "
                     f"{g['drag']} / {g['click']} / {g['fallback']} |")
    lines += ["", "All the AI turns of a game's records together:", "",
              "| game | games | AI turns | p50 s | p95 s | max s | turns > 10 s | AI moves shown |", "|---|---|---|---|---|---|---|---|"]
    for g in GAMES:
        rs = [r for r in recs if r["game"] == g]
        if not rs:
            continue
        secs = [x[1] for r in rs for x in ai_turns(r)]
        ss = [summary(r) for r in rs]
        lines.append(f"| {g} | {len(rs)} | {len(secs)} | {percentile(secs, 0.5):.2f} | {percentile(secs, 0.95):.2f} | "
                     f"{max(secs, default=0.0):.2f} | {sum(1 for x in secs if x > 10)} | "
                     f"{sum(x['shown'] for x in ss)} ({sum(x['drawn'] for x in ss)}) of {sum(x['ai_moves'] for x in ss)} |")
    lines += ["", "Per AI turn (turn: seconds, decisions):", ""]
    for rec in recs:
        lines.append(f"- {rec['game']} seed {rec['seed']}: " + ", ".join(f"{k}: {x:.1f} ({n})" for k, x, _s, n in ai_turns(rec)))
    (FIG / "window_games.md").write_text("\n".join(lines) + "\n")


def print_summary(rec):
    s = summary(rec)
    print(f"{s['game']}: {s['ai_turns']} AI turns ({s['decisions']} decisions), per turn p50 {s['p50']:.2f} s, "
          f"p95 {s['p95']:.2f} s, max {s['max']:.2f} s (turn {s['longest_turn']}), {s['over_10']} over 10 s; "
          f"span p95 {s['span_p95']:.2f} max {s['span_max']:.2f}; AI decisions in the other's turn max "
          f"{s['other_max']:.2f} s; AI moves shown before the next decision {s['shown']}/{s['ai_moves']} "
          f"(drawn by the end of its first frame {s['drawn']}) "
          f"(animated {s['animated']}); winner {s['winner']} {s['score'] or ''}; {s['turns']} turns, "
          f"{s['actions']} actions, {s['minutes']:.1f} min; gestures {s['gestures']}", flush=True)


# ============================================================================ profile
def profile(game):
    """cProfile of the slowest AI turn of ``game``'s record: the position before each of its
    decisions rebuilt from the match record, the hard agent asked again (same seed)."""
    import cProfile
    import pstats
    sys.path.insert(0, str(ROOT))
    from engine.ai import make_agent
    from engine.core.record import MatchRecord
    from engine.core.session import MatchSession
    recs = [r for r in records() if r["game"] == game]
    rec = max(recs, key=lambda r: max((x[1] for x in ai_turns(r)), default=0.0))
    turn = max(ai_turns(rec), key=lambda x: x[1])[0]
    seat = rec["ai_seat"]
    idx = [d["index"] for d in rec["decisions"] if d["turn"] == turn and d["seat"] == seat and "index" in d]
    session = MatchSession.from_record(MatchRecord.from_json(rec["record"]))
    meta = rec["ai_meta"] or {}
    agent = make_agent("hard", int(meta.get("seed", rec["seed"])) + seat)
    pr = cProfile.Profile()
    t0 = time.perf_counter()
    for i in idx:
        m = session.state_at(i)
        pr.enable()
        agent.choose(m)
        pr.disable()
    print(f"{game} turn {turn}: {len(idx)} decisions, {time.perf_counter() - t0:.2f} s in the foreground")
    pstats.Stats(pr).sort_stats("cumulative").print_stats(28)
    pstats.Stats(pr).sort_stats("tottime").print_stats(14)


# ============================================================================ the parent
def xvfb(display):
    env = dict(os.environ, DISPLAY=display)
    if subprocess.run(["xdotool", "getdisplaygeometry"], env=env, capture_output=True).returncode == 0:
        return None
    p = subprocess.Popen(["Xvfb", display, "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24", "-nolisten", "tcp",
                          "-noreset"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        if subprocess.run(["xdotool", "getdisplaygeometry"], env=env, capture_output=True).returncode == 0:
            return p
        time.sleep(0.1)
    raise SystemExit(f"Xvfb did not start on {display}")


def run_child(args, display, timeout):
    """``python args…`` in the X display (the real window, no sound), killed after
    ``timeout`` seconds; its exit code."""
    env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)
    p = subprocess.Popen([sys.executable, *args], env=env, cwd=ROOT)
    try:
        p.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
    return p.returncode


def main(argv) -> int:
    command = "python tests/manual/hard_window_games.py " + " ".join(argv)
    if argv[:1] == ["--child"]:
        game, seed, out, shots, cap, max_turns = argv[1:7]
        return child(game, int(seed), out, shots if shots != "-" else None, float(cap), int(max_turns))
    sys.path.insert(0, str(ROOT))
    if argv[:1] == ["--profile"]:
        profile(argv[1])
        return 0
    if argv[:1] == ["--table"]:
        recs = records()
        for r in recs:
            print_summary(r)
        write_table(recs, "python tests/manual/hard_window_games.py --table")
        return 0
    opts = dict(a.split("=", 1) for a in argv if "=" in a)
    games = [a for a in argv if "=" not in a] or list(GAMES)
    display = opts.get("display", ":71")
    seed = int(opts.get("seed", 7))
    seeds = {g: int(opts[f"seed_{g}"]) for g in GAMES if f"seed_{g}" in opts}
    cap = float(opts.get("cap", 900))
    max_turns = int(opts.get("turns", 80))
    shots = Path(opts.get("shots") or tempfile.mkdtemp(prefix="cardhall-window-shots-"))
    shots.mkdir(parents=True, exist_ok=True)
    if not shutil.which("xdotool") or not shutil.which("Xvfb"):
        raise SystemExit("needs Xvfb and xdotool (and ImageMagick import for the screenshots)")
    server = xvfb(display)
    try:
        for game in games:
            out = FIG / f"window_{game}_{seeds.get(game, seed)}.json"
            tmp = Path(tempfile.mkdtemp()) / "rec.json"
            t0 = time.perf_counter()
            code = run_child([__file__, "--child", game, str(seeds.get(game, seed)), str(tmp), str(shots),
                              str(cap), str(max_turns)], display, cap + 120)
            if not tmp.exists():
                print(f"{game}: no record ({time.perf_counter() - t0:.0f} s, exit {code})", flush=True)
                continue
            shutil.move(str(tmp), out)
            print_summary(json.loads(out.read_text()))
        write_table(records(), command)
        print("screenshots:", shots)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=20)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
