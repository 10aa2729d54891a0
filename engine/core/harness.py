"""Game-independent tools over the match contract: random self-play, the
benchmark, invariant checks (used by tests and ``python -m engine fuzz``) and
deck validation from the command line."""
from __future__ import annotations

import json
import statistics
import sys
import time
from itertools import chain, islice

from .deck import Deck
from .match import Match
from .rng import Rng, blocks64, mix_seed

# random_game's draws from the RNG come in blocks (the block's big-int work is nearly all per
# value, so a game should waste little of its last block): a first one of _FIRST_BLOCK, then
# blocks of _BLOCK. Random games take about 100 (Essveil), 135 (Everdawn) and 235 (Evons)
# values; these sizes waste less than blocks of 64 did in all three.
_FIRST_BLOCK, _BLOCK = 112, 32


_STARTERS: dict = {}


def _starter_decks(game: str) -> list:
    """The game's starter decks, read once per process (Deck is immutable)."""
    decks = _STARTERS.get(game)
    if not decks:
        from ..games import get_game
        decks = _STARTERS[game] = get_game(game).starter_decks()
    return decks


def starter_pair(game: str, seed: int) -> tuple[Deck, Deck]:
    """Two starter decks for a seeded game (cycled through every pairing)."""
    decks = _starter_decks(game)
    if not decks:
        raise RuntimeError(f"no starter decks for {game}")
    n = len(decks)
    a = seed % n
    b = (seed // n) % n
    return decks[a], decks[b]


def check_invariants(m: Match) -> list[str]:
    """Contract invariants: exact JSON round-trip, clone equality, game invariants."""
    problems = []
    cls = type(m)
    j = m.to_json()
    try:
        text = json.dumps(j)
    except (TypeError, ValueError) as e:
        return [f"to_json is not JSON: {e}"]
    back = cls.from_json(json.loads(text))
    if back != m or back.to_json() != j:
        problems.append("JSON round-trip differs")
    c = m.clone()
    if c != m:
        problems.append("clone differs")
    problems.extend(m.invariant_problems())
    return problems


def random_game(game: str, seed: int, decks=None, options=None, *, check=False, max_actions=20000):
    """Play one game with uniformly random legal actions. Returns (match, actions)."""
    from ..games import get_game
    spec = get_game(game)
    if decks is None:
        decks = starter_pair(game, seed)
    m = spec.match_class.new(decks, seed, options)
    actions = []
    # bound once: this loop is the benchmark's own overhead. The contract lists no legal
    # action exactly when the match is over, so an empty list ends the loop (result() is
    # asked once, at the end). The RNG's values come a block at a time (the same stream as
    # Rng.next64, one value per action: rng.randrange(len(legal)) = the value % len(legal))
    legal_actions, apply, record = m.legal_actions, m.apply, actions.append
    draws = chain.from_iterable(blocks64(Rng(mix_seed(seed, 0xA11CE)).state, _BLOCK, _FIRST_BLOCK))
    for r in islice(draws, max_actions + 1):
        legal = legal_actions()
        if not legal:
            if m.result() is None:
                raise RuntimeError(f"{game} seed {seed}: no legal action but the game is not over")
            return m, actions
        a = legal[r % len(legal)]
        apply(a, check=False)
        record(a)
        if check:
            probs = check_invariants(m)
            if probs:
                raise AssertionError(f"{game} seed {seed} after {len(actions)} actions: {probs}")
    raise RuntimeError(f"{game} seed {seed}: more than {max_actions} actions")


def selfplay(game: str, games: int, seed: int) -> dict:
    wins = [0, 0]
    draws = errors = 0
    turns = []
    first_error = None
    t0 = time.perf_counter()
    for i in range(games):
        try:
            m, _ = random_game(game, seed + i)
        except Exception as e:  # noqa: BLE001 - counted and reported
            errors += 1
            if first_error is None:
                first_error = f"seed {seed + i}: {type(e).__name__}: {e}"
            continue
        r = m.result()
        if r.winner is None:
            draws += 1
        else:
            wins[r.winner] += 1
        turns.append(m.turn())
    dt = time.perf_counter() - t0
    out = {"game": game, "games": games, "wins": wins, "draws": draws, "errors": errors,
           "mean_turns": round(statistics.fmean(turns), 2) if turns else 0.0,
           "games_per_s": round(games / dt, 1) if dt else 0.0}
    if first_error:
        out["first_error"] = first_error
    return out


def bench(game: str, games: int = 300, seed: int = 1) -> dict:
    from ..games import get_game
    cls = get_game(game).match_class
    rates, act_rates, cpu_rates = [], [], []
    for rep in range(3):
        n_act = 0
        t0 = time.perf_counter()
        c0 = time.process_time()     # CPU time: steadier than the wall clock on a busy machine
        for i in range(games):
            _, acts = random_game(game, seed + rep * games + i)
            n_act += len(acts)
        cpu = time.process_time() - c0
        dt = time.perf_counter() - t0
        rates.append(games / dt)
        act_rates.append(n_act / dt)
        cpu_rates.append(games / cpu if cpu > 0 else 0.0)
    # clone and JSON timings on mid-game positions
    samples = []
    for i in range(20):
        m, acts = random_game(game, seed + 10_000 + i)
        m2 = cls.new(starter_pair(game, seed + 10_000 + i), seed + 10_000 + i, None)
        for a in acts[: len(acts) // 2]:
            m2.apply(a, check=False)
        samples.append(m2)
    reps = 200
    t0 = time.perf_counter()
    for _ in range(reps):
        for s in samples:
            s.clone()
    clone_us = (time.perf_counter() - t0) / (reps * len(samples)) * 1e6
    reps = 20
    t0 = time.perf_counter()
    for _ in range(reps):
        for s in samples:
            cls.from_json(json.loads(json.dumps(s.to_json())))
    json_us = (time.perf_counter() - t0) / (reps * len(samples)) * 1e6
    return {"game": game, "games_per_s": round(statistics.median(rates), 1),
            "cpu_games_per_s": round(statistics.median(cpu_rates), 1),
            "actions_per_s": round(statistics.median(act_rates), 1),
            "clone_us": round(clone_us, 2), "json_roundtrip_us": round(json_us, 1)}


def validate_deck_file(game: str, path: str) -> list[str]:
    from ..games import get_game
    from .deck import load_deck
    from .files import FileProblem
    spec = get_game(game)
    try:
        deck = load_deck(path, game=game, known_ids=spec.cards)
    except FileProblem as e:
        return [str(e)]
    return spec.validate_deck(deck)


# ---------------------------------------------------------------- CLI entry points
def _parse(argv, *specs):
    import argparse
    p = argparse.ArgumentParser(prog="python -m engine")
    for args, kw in specs:
        p.add_argument(*args, **kw)
    return p.parse_args(argv)


def selfplay_main(argv) -> int:
    a = _parse(argv, (("game",), {}), (("--games",), {"type": int, "default": 100}),
               (("--seed",), {"type": int, "default": 1}))
    out = selfplay(a.game, a.games, a.seed)
    print(json.dumps(out))
    return 0 if out["errors"] == 0 else 1


def bench_main(argv) -> int:
    a = _parse(argv, (("game",), {}), (("--games",), {"type": int, "default": 300}),
               (("--seed",), {"type": int, "default": 1}))
    print(json.dumps(bench(a.game, a.games, a.seed)))
    return 0


def validate_deck_main(argv) -> int:
    from ..games import GAME_NAMES
    a = _parse(argv, (("game",), {}), (("path",), {}))
    if a.game not in GAME_NAMES:
        print(f"unknown game {a.game!r}; choose one of {', '.join(GAME_NAMES)}", file=sys.stderr)
        return 2
    problems = validate_deck_file(a.game, a.path)
    for p in problems:
        print(p)
    if not problems:
        print("legal")
    return 1 if problems else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(selfplay_main(sys.argv[1:]))
