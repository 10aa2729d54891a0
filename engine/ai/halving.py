"""Playouts with the expert, the budget spent by successive halving.

The same search as :func:`mcts.expert_search` (the root's best moves by the game's
own look, each played out on guesses of the hidden cards with the expert deciding
for both players, to ``horizon`` turns after the root's; the best mean evaluation
wins), but the playouts are not spread evenly: every round plays each surviving
move out on the same new guesses of the hidden cards (common random numbers: the
moves are compared on the very same deals), then keeps the better half. The
contenders end with several times the playouts an even spread gives them, for the
same budget, so a close choice between the two best is decided on more guesses
instead of being lost to the noise of a few.

Work is counted in playouts: the same view + seed + budget gives the same move.
"""
from __future__ import annotations

import math
import time

from engine.core.rng import Rng, mix_seed

from .evaluation import terminal_value
from .mcts import Cancelled, SearchResult, _apply_macro, _play_out, root_candidates


def halving_search(view, me, *, rollouts: int, top: int, seed: int, evaluate, expert, root_moves=None,
                   horizon: int = 2, pool: int = 0, cancel=None, yield_every: float = 0, exclude=(),
                   root_filter=None, continues=None, max_rollout_actions: int = 250) -> SearchResult:
    """See the module. ``pool`` is unused (guesses are drawn as the rounds need them)."""
    t0 = time.perf_counter()
    dets = []

    def det(j):
        while len(dets) <= j:
            dets.append(view.determinize(me, mix_seed(seed, 0xDE7, len(dets))))
        return dets[j]

    root_det = det(0)
    only, cands = root_candidates(root_det, me, top=top, evaluate=evaluate, root_moves=root_moves,
                                  exclude=exclude, root_filter=root_filter, continues=continues)
    if only is not None:
        return SearchResult(only, 0, time.perf_counter() - t0, [(only, 0, 0.0)], 0.0)
    k = len(cands)
    limit = root_det.turn() + horizon
    perf = time.perf_counter
    yield_s = yield_every / 1000.0
    next_yield = [perf() + yield_s]

    def playout(mv, j) -> float:
        if cancel is not None and cancel.is_set():
            raise Cancelled()
        if yield_s and perf() >= next_yield[0]:
            time.sleep(0)
            next_yield[0] = perf() + yield_s
        state = det(j).clone()
        _apply_macro(state, mv)
        r = Rng(mix_seed(seed, 0x9A7, j))     # the same playout luck for every move
        _play_out(state, limit, max_rollout_actions, expert, r)
        v = terminal_value(state, me)
        return evaluate(state, me) if v is None else v

    totals = [0.0] * k
    counts = [0] * k
    alive = list(range(k))
    rounds = max(1, math.ceil(math.log2(k))) if k > 1 else 1
    per_round = max(1, rollouts // rounds)
    done = 0
    played = 0            # guesses every surviving move has been played out on
    for rnd in range(rounds):
        n = max(1, per_round // len(alive))
        if rnd == rounds - 1:
            n = max(1, (rollouts - done) // len(alive))
        for i in alive:
            mv = cands[i][0]
            for j in range(played, played + n):
                totals[i] += playout(mv, j)
                counts[i] += 1
                done += 1
        played += n
        if len(alive) == 1:
            break

        def key(i):
            # the expert's own ranking breaks near-ties
            return (-(totals[i] / counts[i] + 1e-4 * cands[i][1]), i)

        alive.sort(key=key)
        if rnd < rounds - 1:
            alive = alive[:max(1, (len(alive) + 1) // 2)]
    order = sorted(range(k), key=lambda i: (-counts[i], -(totals[i] / counts[i] + 1e-4 * cands[i][1]), i))
    best = order[0]
    seen = set()
    kids = []
    for i in order:
        mv = cands[i][0]
        if mv[0] not in seen:
            seen.add(mv[0])
            kids.append((mv[0], counts[i], totals[i] / counts[i]))
    res = SearchResult(cands[best][0][0], done, time.perf_counter() - t0, kids, -(totals[best] / counts[best]))
    res.move = tuple(cands[best][0])
    return res


__all__ = ["halving_search"]
