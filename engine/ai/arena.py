"""AI against AI: seeded games with seats swapped, and the starter-deck balance report."""
from __future__ import annotations

import math
import statistics
import time
from pathlib import Path

from engine.core.rng import mix_seed

from .agents import make_agent


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (draws may count as halves)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(xs, q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    k = (len(s) - 1) * q
    f = math.floor(k)
    c = min(f + 1, len(s) - 1)
    return s[f] + (s[c] - s[f]) * (k - f)


class GameLog:
    __slots__ = ("result", "turns", "actions", "times", "cpu", "capped")

    def __init__(self):
        self.result = None
        self.turns = 0
        self.actions = 0
        self.times = ([], [])  # per seat: wall seconds per decision
        self.cpu = ([], [])    # per seat: CPU seconds per decision (this thread's own work)
        self.capped = False


def play_game(match, agents, *, max_actions: int = 20000) -> GameLog:
    """Play ``match`` to the end with ``agents[seat]`` deciding for each seat."""
    log = GameLog()
    perf = time.perf_counter
    cpu = time.thread_time
    while match.result() is None:
        p = match.to_move()
        t0 = perf()
        c0 = cpu()
        a = agents[p].choose(match)
        log.cpu[p].append(cpu() - c0)
        log.times[p].append(perf() - t0)
        match.apply(a)  # checked: the AI must only return legal actions
        log.actions += 1
        if log.actions >= max_actions:
            log.capped = True
            break
    log.result = match.result()
    log.turns = match.turn()
    return log


def find_deck(game: str, text: str):
    """A starter deck by file stem or name (case-insensitive), or a deck file path."""
    from engine.games import get_game
    from engine.core.deck import load_deck
    spec = get_game(game)
    key = text.strip().casefold()
    for d in spec.starter_decks():
        if (d.path and d.path.stem.casefold() == key) or d.name.casefold() == key:
            return d
    p = Path(text)
    if p.exists():
        return load_deck(p, game=game, known_ids=spec.cards)
    names = ", ".join(d.path.stem if d.path else d.name for d in spec.starter_decks())
    raise SystemExit(f"unknown deck {text!r} for {game}; starter decks: {names}")


def run_arena(new_match, names, games: int, seed: int, *, deck_pair=None, agent_kw=None,
              progress=None, decks_follow: str = "agent", running=None) -> dict:
    """``new_match(decks, seed)`` -> Match. ``deck_pair(seed)`` -> (first deck, second deck)
    (None for games without decks). Every seed is played twice, seats swapped.

    ``decks_follow="agent"``: A plays the first deck in both games (a deck match-up,
    as in the balance report). ``decks_follow="seat"``: the decks stay with the seats,
    so the second game is the very same deal with the agents exchanged — each agent
    plays both sides of it, and neither the deal nor the decks favour one agent
    (the fair way to compare two agents). ``running(summary)``: called after every
    game with the figures so far, so a run cut short still gives exact figures."""
    if decks_follow not in ("agent", "seat"):
        raise ValueError("decks_follow is 'agent' or 'seat'")
    agent_kw = agent_kw or ({}, {})
    A = make_agent(names[0], mix_seed(seed, 0xA), **agent_kw[0])
    B = make_agent(names[1], mix_seed(seed, 0xB), **agent_kw[1])
    wins = [0, 0]
    draws = capped = 0
    turns = []
    times = ([], [])
    cpu = ([], [])
    t_start = time.perf_counter()
    for i in range(games):
        s = seed + i
        da, db = deck_pair(s) if deck_pair else (None, None)
        for swap in (0, 1):
            seats = (A, B) if swap == 0 else (B, A)
            decks = (da, db) if swap == 0 or decks_follow == "seat" else (db, da)
            m = new_match(decks, s)
            log = play_game(m, seats)
            a_seat = swap
            times[0].extend(log.times[a_seat])
            times[1].extend(log.times[1 - a_seat])
            cpu[0].extend(log.cpu[a_seat])
            cpu[1].extend(log.cpu[1 - a_seat])
            turns.append(log.turns)
            capped += log.capped
            r = log.result
            if r is None or r.winner is None:
                draws += 1
            elif r.winner == a_seat:
                wins[0] += 1
            else:
                wins[1] += 1
            if progress:
                progress(i, swap, log)
            if running:
                running(_summary(names, seed, wins, draws, capped, turns, times, cpu, A, B,
                                 t_start, decks_follow))
    return _summary(names, seed, wins, draws, capped, turns, times, cpu, A, B, t_start, decks_follow)


def _summary(names, seed, wins, draws, capped, turns, times, cpu, A, B, t_start, decks_follow) -> dict:
    """The arena's figures over the games played so far."""
    n = len(turns)
    score = wins[0] + 0.5 * draws
    lo, hi = wilson(score, n)

    def tstats(xs):
        return {"p50": round(percentile(xs, 0.5), 4), "p95": round(percentile(xs, 0.95), 4),
                "max": round(max(xs), 4) if xs else 0.0, "decisions": len(xs)}

    def sims(agent):
        return round(agent.iterations / agent.search_seconds) if agent.search_seconds > 0 else 0

    ka = names[0] if names[0] != names[1] else "a"
    kb = names[1] if names[0] != names[1] else "b"
    out = {
        "agents": list(names), "games": n, "seed": seed,
        "wins": list(wins), "draws": draws,
        "win_rate_a": round(score / n, 4) if n else 0.0, "ci95_a": [round(lo, 4), round(hi, 4)],
        "move_time_s": {ka: tstats(times[0]), kb: tstats(times[1])},
        # CPU time of the deciding thread: on a shared machine, the estimate of the
        # wall time the decision takes on a quiet one (one core)
        "move_cpu_s": {ka: tstats(cpu[0]), kb: tstats(cpu[1])},
        "mean_turns": round(statistics.fmean(turns), 2) if turns else 0.0,
        "median_turns_per_player": round(statistics.median(turns) / 2, 2) if turns else 0.0,
        "sims_per_s": {"a": sims(A), "b": sims(B)},
        "seconds": round(time.perf_counter() - t_start, 1),
        "decks_follow": decks_follow,
    }
    if capped:
        out["capped_games"] = capped
    return out


def game_arena(game: str, names, games: int, seed: int, decks=None, **kw) -> dict:
    from engine.core.harness import starter_pair
    from engine.games import get_game
    cls = get_game(game).match_class
    if decks:
        fixed = (find_deck(game, decks[0]), find_deck(game, decks[1]))

        def deck_pair(s):
            return fixed
        kw.setdefault("decks_follow", "agent")      # A's deck against B's deck
    else:
        def deck_pair(s):
            return starter_pair(game, s)
        kw.setdefault("decks_follow", "seat")       # duplicate: both agents play both sides of each deal

    def new_match(dk, s):
        return cls.new(dk, s, None)

    running = kw.pop("running", None)
    if running is not None:
        def with_game(summary, _r=running):
            _r({"game": game, **summary})
        kw["running"] = with_game
    out = {"game": game}
    out.update(run_arena(new_match, names, games, seed, deck_pair=deck_pair, **kw))
    if decks:
        out["decks"] = [fixed[0].name, fixed[1].name]
    return out


def balance(game: str, games: int = 3, seed: int = 1, level: str = "normal", progress=None) -> dict:
    """Starter decks round-robin, ``level`` vs ``level`` (any agent name, e.g. ``expert``):
    win-rate matrix and game length."""
    from engine.games import get_game
    cls = get_game(game).match_class
    decks = get_game(game).starter_decks()
    k = len(decks)
    matrix = [[None] * k for _ in range(k)]
    ci = [[None] * k for _ in range(k)]
    turns = []
    t0 = time.perf_counter()
    for i in range(k):
        for j in range(i + 1, k):
            pair = (decks[i], decks[j])
            turns_here = []

            def prog(gi, swap, log, _t=turns_here):
                _t.append(log.turns)

            r = run_arena(lambda dk, s: cls.new(dk, s, None), (level, level), games,
                          mix_seed(seed, i, j) % (1 << 31), deck_pair=lambda s, _p=pair: _p,
                          progress=prog)
            matrix[i][j] = r["win_rate_a"]
            matrix[j][i] = round(1 - r["win_rate_a"], 4)
            ci[i][j] = r["ci95_a"]
            ci[j][i] = [round(1 - r["ci95_a"][1], 4), round(1 - r["ci95_a"][0], 4)]
            turns.extend(turns_here)
            if progress:
                progress(decks[i].name, decks[j].name, r)
    worst = max((matrix[i][j] for i in range(k) for j in range(k) if i != j), default=0.0)
    wi, wj = max(((i, j) for i in range(k) for j in range(k) if i != j),
                 key=lambda ij: matrix[ij[0]][ij[1]], default=(0, 0))
    return {
        "game": game, "level": level, "games_per_pair": 2 * games,
        "decks": [d.name for d in decks], "matrix": matrix, "ci95": ci,
        "max_win_rate": worst,
        "max_pair": [decks[wi].name, decks[wj].name] if k > 1 else [],
        "max_ci95": ci[wi][wj] if k > 1 else None,
        "median_turns": statistics.median(turns) if turns else 0,
        "median_turns_per_player": statistics.median(turns) / 2 if turns else 0,
        "seconds": round(time.perf_counter() - t0, 1),
    }


def matrix_text(res: dict) -> str:
    names = res["decks"]
    w = max([len(n) for n in names] + [6])
    lines = [" " * w + " | " + " ".join(f"{n[:8]:>8s}" for n in names)]
    for i, n in enumerate(names):
        cells = []
        for j in range(len(names)):
            v = res["matrix"][i][j]
            cells.append(f"{'—':>8s}" if v is None else f"{v * 100:7.1f}%")
        lines.append(f"{n:<{w}s} | " + " ".join(cells))
    return "\n".join(lines)
