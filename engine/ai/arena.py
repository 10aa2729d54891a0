"""AI against AI: seeded games with seats swapped, and the starter-deck balance report."""
from __future__ import annotations

import json
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
    __slots__ = ("result", "turns", "actions", "times", "cpu", "capped", "turn_times", "turn_cpu")

    def __init__(self):
        self.result = None
        self.turns = 0
        self.actions = 0
        self.times = ([], [])  # per seat: wall seconds per decision
        self.cpu = ([], [])    # per seat: CPU seconds per decision (this thread's own work)
        # per seat: wall seconds per turn of its own — its decisions from getting the turn to
        # its last decision of it, summed (the other side's decisions inside it not counted)
        self.turn_times = ([], [])
        self.turn_cpu = ([], [])
        self.capped = False


def play_game(match, agents, *, max_actions: int = 20000) -> GameLog:
    """Play ``match`` to the end with ``agents[seat]`` deciding for each seat."""
    log = GameLog()
    perf = time.perf_counter
    cpu = time.thread_time
    own = [None, None]         # per seat: the turn its last own-turn decision was in
    while match.result() is None:
        p = match.to_move()
        mine = match.turn_player() == p
        turn = match.turn()
        t0 = perf()
        c0 = cpu()
        a = agents[p].choose(match)
        dc = cpu() - c0
        log.cpu[p].append(dc)
        dt = perf() - t0
        log.times[p].append(dt)
        if mine:
            if own[p] == turn:
                log.turn_times[p][-1] += dt
                log.turn_cpu[p][-1] += dc
            else:
                own[p] = turn
                log.turn_times[p].append(dt)
                log.turn_cpu[p].append(dc)
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


def game_record(log, s: int, swap: int, A, B) -> dict:
    """One finished arena game as plain data (a line of an arena record file):
    who won (``"a"``, ``"b"`` or ``"draw"``), its length, and each agent's decision
    times (wall and CPU seconds) and search work."""
    a_seat = swap
    r = log.result
    if r is None or r.winner is None:
        res = "draw"
    else:
        res = "a" if r.winner == a_seat else "b"

    def rnd(xs):
        return [round(x, 3) for x in xs]
    return {"seed": s, "swap": swap, "result": res, "turns": log.turns, "actions": log.actions,
            "capped": bool(log.capped),
            "time": [rnd(log.times[a_seat]), rnd(log.times[1 - a_seat])],
            "cpu": [rnd(log.cpu[a_seat]), rnd(log.cpu[1 - a_seat])],
            "turn_time": [rnd(log.turn_times[a_seat]), rnd(log.turn_times[1 - a_seat])],
            "turn_cpu": [rnd(log.turn_cpu[a_seat]), rnd(log.turn_cpu[1 - a_seat])],
            "iterations": [int(A.iterations), int(B.iterations)],
            "search_s": [round(A.search_seconds, 4), round(B.search_seconds, 4)]}


def agents_for(names, s: int, swap: int, agent_kw=None):
    """The two agents of one arena game, seeded by the game alone (its seed and
    which way round it is played): every game is reproducible by itself, so games
    can be played in any order, on several processes, or resumed later."""
    agent_kw = agent_kw or ({}, {})
    return (make_agent(names[0], mix_seed(s, swap, 0xA), **agent_kw[0]),
            make_agent(names[1], mix_seed(s, swap, 0xB), **agent_kw[1]))


def play_arena_game(new_match, names, s: int, swap: int, deck_pair=None, agent_kw=None,
                    decks_follow: str = "agent"):
    """Play game ``swap`` (0 or 1) of seed ``s``; returns (record, log)."""
    A, B = agents_for(names, s, swap, agent_kw)
    da, db = deck_pair(s) if deck_pair else (None, None)
    seats = (A, B) if swap == 0 else (B, A)
    decks = (da, db) if swap == 0 or decks_follow == "seat" else (db, da)
    m = new_match(decks, s)
    log = play_game(m, seats)
    return game_record(log, s, swap, A, B), log


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
    t_start = time.perf_counter()
    records = []
    for i in range(games):
        s = seed + i
        for swap in (0, 1):
            rec, log = play_arena_game(new_match, names, s, swap, deck_pair, agent_kw, decks_follow)
            records.append(rec)
            if progress:
                progress(i, swap, log)
            if running:
                running(summarize(records, names, seed, decks_follow, time.perf_counter() - t_start))
    return summarize(records, names, seed, decks_follow, time.perf_counter() - t_start)


def summarize(records, names, seed, decks_follow, seconds=0.0) -> dict:
    """The arena's figures over the games ``records`` (from :func:`game_record`)."""
    n = len(records)
    wins = [sum(1 for r in records if r["result"] == "a"), sum(1 for r in records if r["result"] == "b")]
    draws = n - wins[0] - wins[1]
    turns = [r["turns"] for r in records]
    times = ([x for r in records for x in r["time"][0]], [x for r in records for x in r["time"][1]])
    cpu = ([x for r in records for x in r["cpu"][0]], [x for r in records for x in r["cpu"][1]])
    per_turn = ([x for r in records for x in r.get("turn_time", ((), ()))[0]],
                [x for r in records for x in r.get("turn_time", ((), ()))[1]])
    turn_cpu = ([x for r in records for x in r.get("turn_cpu", ((), ()))[0]],
                [x for r in records for x in r.get("turn_cpu", ((), ()))[1]])
    score = wins[0] + 0.5 * draws
    lo, hi = wilson(score, n)

    def tstats(xs, what="decisions"):
        return {"p50": round(percentile(xs, 0.5), 4), "p95": round(percentile(xs, 0.95), 4),
                "max": round(max(xs), 4) if xs else 0.0, what: len(xs)}

    def sims(k):
        it = sum(r["iterations"][k] for r in records)
        ss = sum(r["search_s"][k] for r in records)
        return round(it / ss) if ss > 0 else 0

    ka = names[0] if names[0] != names[1] else "a"
    kb = names[1] if names[0] != names[1] else "b"
    seeds = sorted({r["seed"] for r in records})
    out = {
        "agents": list(names), "games": n, "seed": seed,
        "wins": list(wins), "draws": draws,
        "win_rate_a": round(score / n, 4) if n else 0.0, "ci95_a": [round(lo, 4), round(hi, 4)],
        "move_time_s": {ka: tstats(times[0]), kb: tstats(times[1])},
        # CPU time of the deciding thread: on a shared machine, the estimate of the
        # wall time the decision takes on a quiet one (one core)
        "move_cpu_s": {ka: tstats(cpu[0]), kb: tstats(cpu[1])},
        # wall time from getting its turn to its last decision of it (its own decisions)
        "turn_time_s": {ka: tstats(per_turn[0], "turns"), kb: tstats(per_turn[1], "turns")},
        # the same summed in CPU time of the deciding thread (records before it: no turns)
        "turn_cpu_s": {ka: tstats(turn_cpu[0], "turns"), kb: tstats(turn_cpu[1], "turns")},
        "mean_turns": round(statistics.fmean(turns), 2) if turns else 0.0,
        "median_turns_per_player": round(statistics.median(turns) / 2, 2) if turns else 0.0,
        "sims_per_s": {"a": sims(0), "b": sims(1)},
        "seconds": round(seconds, 1),
        "decks_follow": decks_follow,
    }
    if seeds:
        out["seeds"] = [seeds[0], seeds[-1]]
    capped = sum(1 for r in records if r["capped"])
    if capped:
        out["capped_games"] = capped
    return out


#: an arena record file is refused above this size (it is read whole)
RECORD_MAX_BYTES = 64 * 1024 * 1024


def _record_key(game, names, decks, decks_follow) -> dict:
    return {"game": game, "agents": list(names), "decks": list(decks) if decks else None,
            "decks_follow": decks_follow}


def read_records(path, key: dict) -> list[dict]:
    """The games already in the arena record file ``path`` that were played with
    ``key`` (game, agents, decks, who keeps the decks); lines that are not such a
    record are skipped. A missing file is no games."""
    p = Path(path)
    if not p.is_file():
        return []
    if p.stat().st_size > RECORD_MAX_BYTES:
        raise SystemExit(f"{p}: arena record file over {RECORD_MAX_BYTES // (1024 * 1024)} MB; start a new one")
    out = {}
    with p.open("r", encoding="utf-8", errors="replace") as fh:
        for line in fh:
            try:
                r = json.loads(line)
            except ValueError:
                continue
            if not isinstance(r, dict) or any(r.get(k) != v for k, v in key.items()):
                continue
            try:
                rec = {"seed": int(r["seed"]), "swap": int(r["swap"]), "result": str(r["result"]),
                       "turns": int(r["turns"]), "actions": int(r.get("actions", 0)),
                       "capped": bool(r.get("capped", False)),
                       "time": [[float(x) for x in r["time"][0]], [float(x) for x in r["time"][1]]],
                       "cpu": [[float(x) for x in r["cpu"][0]], [float(x) for x in r["cpu"][1]]],
                       "turn_time": [[float(x) for x in r.get("turn_time", ((), ()))[0]],
                                     [float(x) for x in r.get("turn_time", ((), ()))[1]]],
                       "turn_cpu": [[float(x) for x in r.get("turn_cpu", ((), ()))[0]],
                                    [float(x) for x in r.get("turn_cpu", ((), ()))[1]]],
                       "iterations": [int(r["iterations"][0]), int(r["iterations"][1])],
                       "search_s": [float(r["search_s"][0]), float(r["search_s"][1])]}
            except (KeyError, TypeError, ValueError, IndexError):
                continue
            if rec["result"] not in ("a", "b", "draw") or rec["swap"] not in (0, 1):
                continue
            out[(rec["seed"], rec["swap"])] = rec     # a game played twice counts once
    return list(out.values())


def _append_line(path, line: str) -> None:
    """Append one line and flush it to disk: a run killed mid-write leaves at most a
    partial last line, which :func:`read_records` skips."""
    import os
    lead = ""
    try:
        with open(path, "rb") as fh:                 # a partial last line stays on its own
            fh.seek(0, os.SEEK_END)
            if fh.tell() > 0:
                fh.seek(-1, os.SEEK_END)
                lead = "" if fh.read(1) == b"\n" else "\n"
    except FileNotFoundError:
        pass
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(lead + line + "\n")
        fh.flush()
        os.fsync(fh.fileno())


def _arena_game_task(args):
    """One arena game in a worker process (module level: picklable)."""
    game, names, decks, decks_follow, s, swap = args
    new_match, deck_pair = _game_setup(game, decks)
    rec, _log = play_arena_game(new_match, names, s, swap, deck_pair, None, decks_follow)
    return rec


def _game_setup(game, decks):
    from engine.core.harness import starter_pair
    from engine.games import get_game
    cls = get_game(game).match_class
    if decks:
        fixed = (find_deck(game, decks[0]), find_deck(game, decks[1]))

        def deck_pair(s):
            return fixed
    else:
        def deck_pair(s):
            return starter_pair(game, s)

    def new_match(dk, s):
        return cls.new(dk, s, None)
    return new_match, deck_pair


def game_arena(game: str, names, games: int, seed: int, decks=None, *, jobs: int = 1,
               record=None, progress=None, running=None, decks_follow=None,
               keep_records: bool = False) -> dict:
    """``games`` seeds from ``seed`` of ``game``, each played twice (see :func:`run_arena`).

    ``jobs``: games played side by side in that many processes (the figures are the
    same: each game is seeded by itself). ``record``: an arena record file; every
    finished game is appended to it as one JSON line, and the games of this run
    already in it are not played again — so a long run can be stopped and resumed,
    or split over sessions, and its figures are those of every game in the file
    within the run's seeds."""
    if decks_follow is None:
        decks_follow = "agent" if decks else "seat"   # a deck match-up / duplicate games
    names = tuple(names)
    key = _record_key(game, names, decks, decks_follow)
    t_start = time.perf_counter()
    wanted = [(seed + i, swap) for i in range(games) for swap in (0, 1)]
    have = {}
    if record:
        for r in read_records(record, key):
            if seed <= r["seed"] < seed + games:
                have[(r["seed"], r["swap"])] = r
    records = [have[k] for k in wanted if k in have]
    todo = [k for k in wanted if k not in have]

    def finished(rec):
        records.append(rec)
        if record:
            _append_line(record, json.dumps({**key, **rec}, separators=(",", ":")))
        if progress:
            progress(rec["seed"] - seed, rec["swap"], rec)
        if running:
            running({"game": game, **summarize(records, names, seed, decks_follow,
                                               time.perf_counter() - t_start)})

    if jobs <= 1 or len(todo) <= 1:
        new_match, deck_pair = _game_setup(game, decks)
        for s, swap in todo:
            rec, _log = play_arena_game(new_match, names, s, swap, deck_pair, None, decks_follow)
            finished(rec)
    else:
        from concurrent.futures import ProcessPoolExecutor
        tasks = [(game, names, decks, decks_follow, s, swap) for s, swap in todo]
        with ProcessPoolExecutor(max_workers=jobs) as ex:
            for rec in ex.map(_arena_game_task, tasks):
                finished(rec)
    records.sort(key=lambda r: (r["seed"], r["swap"]))
    out = {"game": game}
    out.update(summarize(records, names, seed, decks_follow, time.perf_counter() - t_start))
    if decks:
        new_match, deck_pair = _game_setup(game, decks)
        d = deck_pair(seed)
        out["decks"] = [d[0].name, d[1].name]
    if have:
        out["resumed_games"] = len(have)
    if keep_records:
        out["records"] = records
    return out


def balance(game: str, games: int = 3, seed: int = 1, level: str = "normal", progress=None, *,
            jobs: int = 1, record=None) -> dict:
    """Starter decks round-robin, ``level`` vs ``level`` (any agent name, e.g. ``expert``):
    win-rate matrix and game length.

    Each pair is a deck match-up (:func:`game_arena` with the two decks, the first
    deck's player is A) on its own seeds, so ``jobs`` and ``record`` work as in the
    arena: ``record`` is one arena record file for the whole report (its lines name
    their decks), and a report cut short is resumed by the same command."""
    from engine.games import get_game
    decks = get_game(game).starter_decks()
    k = len(decks)
    stems = [d.path.stem if d.path else d.name for d in decks]
    matrix = [[None] * k for _ in range(k)]
    ci = [[None] * k for _ in range(k)]
    turns = []
    t0 = time.perf_counter()
    for i in range(k):
        for j in range(i + 1, k):
            r = game_arena(game, (level, level), games, mix_seed(seed, i, j) % (1 << 31),
                           [stems[i], stems[j]], jobs=jobs, record=record, keep_records=True)
            matrix[i][j] = r["win_rate_a"]
            matrix[j][i] = round(1 - r["win_rate_a"], 4)
            ci[i][j] = r["ci95_a"]
            ci[j][i] = [round(1 - r["ci95_a"][1], 4), round(1 - r["ci95_a"][0], 4)]
            turns.extend(rec["turns"] for rec in r["records"])
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
