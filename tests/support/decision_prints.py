"""Fingerprints of the AI's decisions and of whole games, to prove that a speed-up
changed nothing a player could see (``tests/ai/test_same_decisions.py`` compares them
with ``tests/golden/decisions.json``, recorded before the speed work).

A decision print is the action chosen from a fixed position plus the search's own
figures (each root child's visits and mean value), so even a change that happened to
keep the action would show. Positions are points a quarter, half and three quarters
into seeded random games. Evons' levels are tuned by other work (its tactics and
evaluation change), so Evons is printed through the search code with a fixed local
evaluation and expert instead of through its levels.

    python -m tests.support.decision_prints            # print the small prints (the test's) as JSON
    python -m tests.support.decision_prints --full     # the levels at their full budgets (slow, manual)
"""
from __future__ import annotations

import hashlib
import json
import math
import sys

from engine.core.harness import random_game, starter_pair
from engine.core.rng import Rng
from engine.games import get_game

SEEDS = {"everdawn": (701, 702, 703), "evons": (701, 702), "essveil": (701, 702, 703)}
FRACTIONS = (0.25, 0.5, 0.75)
#: level -> overrides for the small prints (the level's own settings otherwise)
SMALL = {"everdawn": {"normal1": {"iterations": 300}, "hard1": {"iterations": 600}},
         "essveil": {"normal1": {}, "hard1": {"iterations": 4000}}}


def positions(game: str, seeds=None):
    """(name, match) for the fixed positions of ``game``."""
    cls = get_game(game).match_class
    out = []
    for seed in seeds or SEEDS[game]:
        _, acts = random_game(game, seed)
        for f in FRACTIONS:
            k = int(len(acts) * f)
            m = cls.new(starter_pair(game, seed), seed, None)
            for a in acts[:k]:
                m.apply(a, check=False)
            out.append((f"{seed}@{k}", m))
    return out


def _r(x: float) -> str:
    return repr(float(x))


def result_print(res) -> dict:
    return {"action": list(res.action), "move": [list(x) for x in res.move],
            "iterations": res.iterations,
            "children": [[list(a), n, _r(v)] for a, n, v in res.children]}


def level_print(game: str, level: str, m, seed: int, **overrides) -> dict:
    from engine.ai.agents import make_agent
    ag = make_agent(level, seed=seed, **overrides)
    act = ag.choose(m)
    out = {"action": list(act)}
    inner = getattr(ag, "_inner", {}).get(game)
    res = getattr(inner, "last_result", None)
    if res is not None:
        out.update(result_print(res))
    return out


def _digest(events) -> str:
    return hashlib.sha256(json.dumps(events, separators=(",", ":"), default=list).encode()).hexdigest()[:24]


def events_print(game: str, seeds) -> dict:
    """Every event of seeded random games, hashed per game."""
    cls = get_game(game).match_class
    out = {}
    for seed in seeds:
        m = cls.new(starter_pair(game, seed), seed, None)
        rng = Rng(seed * 7 + 3)
        evs = []
        while True:
            legal = m.legal_actions()
            if not legal:
                break
            a = legal[rng.randrange(len(legal))]
            evs.append(m.apply(a, check=False))
        out[str(seed)] = _digest(evs)
    return out


def agents_game_print(game: str, names, seed: int, **overrides) -> str:
    """One game between two agents (seats 0, 1): the hash of every action and event."""
    from engine.ai.agents import make_agent
    cls = get_game(game).match_class
    m = cls.new(starter_pair(game, seed), seed, None)
    ags = [make_agent(n, seed=seed + i, **overrides) for i, n in enumerate(names)]
    log = []
    while m.result() is None:
        p = m.to_move()
        a = ags[p].choose(m)
        log.append([list(a), m.apply(a)])
    return _digest(log)


# ---------------------------------------------------------------- Evons without its levels
def evons_local_evaluate(m, p: int) -> float:
    r = m.result()
    if r is not None:
        return 0.0 if r.winner is None else (1.0 if r.winner == p else -1.0)
    a, b = m.scores()
    d = (a - b) if p == 0 else (b - a)
    return math.tanh(d * 0.1 + (len(m.hand(p)) - len(m.hand(1 - p))) * 0.02)


def evons_local_expert(m, me, acts, rng):
    """Best score after one ply, ties to the rng (a fixed stand-in for the expert)."""
    best = -9.0
    ties = []
    for a in acts:
        s = m.clone()
        s.apply(a, check=False)
        v = evons_local_evaluate(s, me)
        if v > best + 1e-12:
            best, ties = v, [a]
        elif v > best - 1e-12:
            ties.append(a)
    return ties[rng.randrange(len(ties))]


def evons_search_prints(m, seed: int) -> dict:
    from engine.ai import mcts
    me = m.to_move()
    view = m.view(me)
    tree = mcts.search(view, me, iterations=300, seed=seed, evaluate=evons_local_evaluate, horizon=2)
    play = mcts.expert_search(view, me, rollouts=12, top=4, seed=seed, evaluate=evons_local_evaluate,
                              expert=evons_local_expert, horizon=2, pool=4)
    return {"tree": result_print(tree), "playouts": result_print(play)}


# ---------------------------------------------------------------- all of it
def small_prints() -> dict:
    out = {}
    for game in ("everdawn", "essveil"):
        g = out[game] = {"decisions": {}, "events": events_print(game, range(801, 811))}
        for name, m in positions(game):
            for i, level in enumerate(("easy", "expert", "normal1", "hard1")):
                ov = SMALL[game].get(level, {})
                g["decisions"][f"{name}/{level}"] = level_print(game, level, m, 17 + i, **ov)
        g["games"] = {"expert-expert": agents_game_print(game, ("expert", "expert"), 901),
                      "search-expert": agents_game_print(game, ("search:60", "expert"), 902)}
    g = out["evons"] = {"decisions": {}, "events": events_print("evons", range(801, 811))}
    for name, m in positions("evons"):
        g["decisions"][name] = evons_search_prints(m, 23)
    return out


def full_prints() -> dict:
    out = {}
    for game in ("everdawn", "essveil", "evons"):
        g = out[game] = {}
        for name, m in positions(game, (711, 712)):
            for i, level in enumerate(("normal1", "hard1")):
                g[f"{name}/{level}"] = level_print(game, level, m, 31 + i)
    return out


def main(argv) -> int:
    prints = full_prints() if "--full" in argv else small_prints()
    print(json.dumps(prints, indent=1, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
