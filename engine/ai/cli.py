"""``python -m engine arena ...`` and ``python -m engine balance ...``."""
from __future__ import annotations

import argparse
import json
import sys


def arena_main(argv) -> int:
    from .agents import AGENT_NAMES
    p = argparse.ArgumentParser(prog="python -m engine arena",
                                description="AI against AI; each seed is played twice with seats swapped. "
                                            "Prints one JSON line.")
    p.add_argument("game")
    p.add_argument("--agents", default="normal,random",
                   help=f"A,B from {', '.join(AGENT_NAMES)} or search:N (default normal,random)")
    p.add_argument("--games", type=int, default=10, help="seeds to play (2 games each)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--decks", default=None, help="D1,D2: starter deck names/stems or deck files (A's, B's)")
    p.add_argument("--verbose", action="store_true", help="a line per game on stderr")
    p.add_argument("--running", action="store_true",
                   help="after every game, the figures so far as a JSON line on stderr "
                        "(a run cut short still gives exact figures)")
    p.add_argument("--jobs", type=int, default=1,
                   help="games played side by side in that many processes (same figures: every game is "
                        "seeded by itself)")
    p.add_argument("--record", default=None, metavar="FILE",
                   help="append every finished game to FILE (one JSON line) and skip the games of this run "
                        "already in it: a long run can be stopped and resumed, or split over sessions")
    a = p.parse_args(argv)
    if a.jobs < 1:
        p.error("--jobs is at least 1")
    names = [x.strip() for x in a.agents.split(",")]
    if len(names) != 2:
        p.error("--agents needs exactly two names: A,B")
    decks = [x.strip() for x in a.decks.split(",")] if a.decks else None
    if decks is not None and len(decks) != 2:
        p.error("--decks needs exactly two decks: D1,D2")
    from .arena import game_arena

    def progress(i, swap, rec):
        print(f"seed+{i} swap={swap} result={rec['result']} turns={rec['turns']} "
              f"actions={rec['actions']}", file=sys.stderr, flush=True)

    def running(summary):
        print(json.dumps(summary), file=sys.stderr, flush=True)

    out = game_arena(a.game, names, a.games, a.seed, decks, progress=progress if a.verbose else None,
                     running=running if a.running else None, jobs=a.jobs, record=a.record)
    print(json.dumps(out))
    return 0


def balance_main(argv) -> int:
    from .agents import AGENT_NAMES
    p = argparse.ArgumentParser(prog="python -m engine balance",
                                description="Starter decks round-robin, one agent on both sides (normal by "
                                            "default): win-rate matrix (row deck's score against column "
                                            "deck) and median game length.")
    p.add_argument("game")
    p.add_argument("--games", type=int, default=10,
                   help="seeds per pairing, 2 games each (default 10; 50 gives intervals of about ±10 points)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--agent", "--level", dest="agent", default="normal",
                   help=f"the agent playing both sides: {', '.join(AGENT_NAMES)} or search:N (default normal; "
                        "expert is instant and plays like a strong player)")
    p.add_argument("--verbose", action="store_true")
    p.add_argument("--jobs", type=int, default=1,
                   help="games played side by side in that many processes (same figures)")
    p.add_argument("--record", default=None, metavar="FILE",
                   help="append every finished game to FILE and skip the games already in it: "
                        "a long report can be stopped and resumed")
    a = p.parse_args(argv)
    if a.jobs < 1:
        p.error("--jobs is at least 1")
    from .arena import balance, matrix_text

    def progress(n1, n2, r):
        print(f"{n1} vs {n2}: {r['win_rate_a']:.3f} ({r['wins']} {r['draws']}) mean turns {r['mean_turns']}",
              file=sys.stderr, flush=True)

    res = balance(a.game, a.games, a.seed, a.agent, progress=progress if a.verbose else None,
                  jobs=a.jobs, record=a.record)
    print(matrix_text(res))
    if res["max_pair"]:
        lo, hi = res["max_ci95"]
        print(f"highest: {res['max_pair'][0]} {res['max_win_rate'] * 100:.1f}% against {res['max_pair'][1]} "
              f"(95% interval {lo * 100:.0f}–{hi * 100:.0f}%, {res['games_per_pair']} games per pair)")
    print(f"agent: {res['level']} on both sides; median game length: {res['median_turns']} turns "
          f"({res['median_turns_per_player']} per player)")
    print(json.dumps(res))
    return 0
