"""Single-observer Information Set MCTS over the match contract.

Honest by construction: the search receives only the searching player's
``view`` and samples every hidden card through ``view.determinize(me, seed)``.
One tree is shared by all determinizations; a child's *availability* counts how
often its action was legal when its parent was visited (SO-ISMCTS), so actions
that exist only in some guesses (an opponent card we are not sure they hold) are
weighed fairly.

* Rollouts follow the game's cheap rollout policy (``engine.<game>.tactics.rollout``;
  uniformly random without one) and are cut ``horizon`` turns after the root's turn;
  the position is then scored by the game's evaluation in [-1, 1].
* Root actions are ordered by a one-ply look with the evaluation (a prior) and
  brought in by progressive widening, so games with hundreds of legal actions
  still search the promising ones deeply.
* Budgets count iterations: the same view + seed + budget gives the same tree
  and therefore the same decision, on any machine, at any speed.
"""
from __future__ import annotations

import math
import time

from engine.core.rng import Rng, mix_seed

from .evaluation import terminal_value


class Cancelled(Exception):
    """Raised inside a search when its cancel flag is set."""


class Node:
    __slots__ = ("action", "player", "children", "visits", "value", "avail", "prior")

    def __init__(self, action, player, prior=0.0):
        self.action = action
        self.player = player  # who chose ``action`` (reward is counted for them)
        self.children: dict = {}
        self.visits = 0
        self.value = 0.0
        self.avail = 0
        self.prior = prior


class SearchResult:
    __slots__ = ("action", "iterations", "seconds", "children", "root_value", "move")

    def __init__(self, action, iterations, seconds, children, root_value):
        self.move = (action,)     # the whole move the action begins (two steps in Evons)
        self.action = action
        self.iterations = iterations
        self.seconds = seconds
        self.children = children  # [(action, visits, mean value)] most visited first
        self.root_value = root_value


def one_ply_scores(det, me, actions, evaluate, continues=None):
    """Evaluation of each action applied once to a determinization, for ``me``.

    ``continues(state)``: True when the action only began a move that ``me``
    finishes with the next decision (Evons: a card chosen, its cell next); such
    an action scores as its best finish."""
    out = []
    for a in actions:
        s = det.clone()
        s.apply(a, check=False)
        v = terminal_value(s, me)
        if v is None and continues is not None and s.to_move() == me and continues(s):
            nxt = s.legal_actions()
            if nxt:
                out.append(max(one_ply_scores(s, me, nxt, evaluate)))
                continue
        out.append(evaluate(s, me) if v is None else v)
    return out


def search(view, me, *, iterations: int, seed: int, evaluate, horizon: int = 2,
           c: float = 0.6, pool: int = 24, max_rollout_actions: int = 250,
           widen: float = 2.0, prior_weight: float = 0.5, cancel=None,
           yield_every: float = 0, exclude=(), policy=None, root_filter=None,
           continues=None, root_moves=None, top: int = 0) -> SearchResult:
    """Run ISMCTS from ``view`` (a view of the match for player ``me``).

    ``pool``: determinizations sampled up front and cloned per iteration (0 =
    a fresh determinization every iteration). ``cancel``: an object with
    ``is_set()``; checked every iteration. ``yield_every``: when > 0, sleep(0)
    whenever that many milliseconds passed, to hand the GIL to a UI thread (it
    does not change the decision). ``exclude``: root actions not to consider
    (unless nothing else is legal). ``policy(state, actions, rng)``: the rollout
    move (None = uniformly random). ``root_filter(det, actions)``: the root
    actions worth considering (e.g. without pointless plays). ``continues``: see
    :func:`one_ply_scores` (the root prior of a move made in two steps).
    ``root_moves(det, me, moves)``: the root's moves scored by the game's own
    knowledge (the expert's look), ``[(move, score)]`` best first; with ``top`` > 0
    only the ``top`` best are searched (a search that can't do worse than the
    expert's best candidates), and the scores are the root prior.
    """
    t0 = time.perf_counter()
    rng = Rng(mix_seed(seed, 0x5EA2C4))
    n_dets = max(1, min(pool, iterations)) if pool > 0 else 0
    dets = [view.determinize(me, mix_seed(seed, 0xDE7, i)) for i in range(max(1, n_dets))]
    root_det = dets[0]
    root_actions = root_det.legal_actions()
    if exclude:
        root_actions = [a for a in root_actions if a not in exclude] or root_actions
    if root_filter is not None and len(root_actions) > 1:
        root_actions = root_filter(root_det, root_actions) or root_actions
    root_set = set(root_actions)
    root_turn = root_det.turn()
    if len(root_actions) == 1:
        return SearchResult(root_actions[0], 0, time.perf_counter() - t0, [(root_actions[0], 0, 0.0)], 0.0)

    # Moves made in two steps (``continues``): the root's children are whole moves
    # (Evons: a card and its cell), so the prior and the tree see each placement
    macro = None
    if continues is not None:
        moves = []
        for a in root_actions:
            s = root_det.clone()
            s.apply(a, check=False)
            if s.result() is None and s.to_move() == me and continues(s):
                moves += [(a, b) for b in s.legal_actions()]
            else:
                moves.append((a,))
        if any(len(mv) > 1 for mv in moves):
            macro = moves
    tree_actions = macro if macro is not None else root_actions

    ranked_moves = None
    if root_moves is not None and len(tree_actions) > 1:
        ranked_moves = root_moves(root_det, me, tree_actions if macro is not None
                                  else [(a,) for a in tree_actions])
    if ranked_moves:
        if top > 0:
            ranked_moves = ranked_moves[:top]
        if macro is not None:
            macro = [mv for mv, _ in ranked_moves]
            tree_actions = macro
            root_actions = list(dict.fromkeys(mv[0] for mv in macro))
            root_set = set(root_actions)
        else:
            tree_actions = [mv[0] for mv, _ in ranked_moves]
            root_actions = tree_actions
            root_set = set(root_actions)
        scores = [v for _, v in ranked_moves]
        if len(tree_actions) == 1:
            a = tree_actions[0]
            res = SearchResult(a[0] if macro is not None else a, 0, time.perf_counter() - t0,
                               [(a[0] if macro is not None else a, 0, 0.0)], 0.0)
            if macro is not None:
                res.move = tuple(a)
            return res
    else:
        # Prior for the root: one ply with the evaluation, averaged over a few guesses
        scores = [0.0] * len(tree_actions)
        k = min(len(dets), 2)
        # The root's actions are the first guess's. When the other player is to move (a
        # review's position after the human's move), another guess of their hidden cards
        # may not allow an action (a hand index that is another card there; applied
        # unchecked it would score garbage): such an action keeps the first guess's score.
        other = [None] * k
        if k > 1 and root_det.to_move() != me:
            for j, d in enumerate(dets[1:k], 1):
                ok = set(d.legal_actions())
                other[j] = [(mv[0] if macro is not None else mv) in ok for mv in tree_actions]
        for j, d in enumerate(dets[:k]):
            if other[j] is None or all(other[j]):
                if macro is None:
                    vals = one_ply_scores(d, me, root_actions, evaluate, continues)
                else:
                    vals = [_macro_score(d, me, mv, evaluate) for mv in macro]
                for i, v in enumerate(vals):
                    scores[i] += v / k
            else:
                allowed = other[j]
                for i, mv in enumerate(tree_actions):
                    if allowed[i]:
                        v = (one_ply_scores(d, me, [mv], evaluate, continues)[0] if macro is None
                             else _macro_score(d, me, mv, evaluate))
                    else:       # this guess does not allow it: the first guess's score stands for it
                        v = (one_ply_scores(root_det, me, [mv], evaluate, continues)[0] if macro is None
                             else _macro_score(root_det, me, mv, evaluate))
                    scores[i] += v / k
    root = Node(None, None)
    root_order = sorted(range(len(tree_actions)), key=lambda i: (-scores[i], i))
    root_rank = {tree_actions[i]: r for r, i in enumerate(root_order)}
    root_prior = {tree_actions[i]: scores[i] for i in range(len(tree_actions))}

    log = math.log
    sqrt = math.sqrt
    done = 0
    perf = time.perf_counter
    yield_s = yield_every / 1000.0
    next_yield = perf() + yield_s
    for it in range(iterations):
        if cancel is not None and cancel.is_set():
            raise Cancelled()
        if yield_s and perf() >= next_yield:
            time.sleep(0)
            next_yield = perf() + yield_s
        if n_dets:
            state = dets[it % n_dets].clone()
        else:
            state = view.determinize(me, mix_seed(seed, 0xDE7, it))
        # the state's methods bound once per iteration (the loops below call them at every step)
        result, legal_actions, apply, turn = state.result, state.legal_actions, state.apply, state.turn
        node = root
        path = [root]
        # ---- selection / expansion
        while result() is None:
            legal = legal_actions()
            if not legal:
                break
            mover = state.to_move()
            children = node.children
            get = children.get
            at_macro = node is root and macro is not None
            if node is root:
                if at_macro:
                    legal_set = set(legal)
                    legal = [mv for mv in macro if mv[0] in legal_set] or [(a,) for a in legal]
                else:
                    legal = [a for a in legal if a in root_set] or legal
            cands = []
            untried = []
            for a in legal:
                ch = get(a)
                if ch is None:
                    untried.append(a)
                else:
                    ch.avail += 1
                    cands.append(ch)
            if untried and len(cands) < 1 + int(widen * sqrt(node.visits + 1)):   # progressive widening
                if node is root:
                    a = min(untried, key=lambda x: root_rank.get(x, 1 << 30))
                    prior = root_prior.get(a, 0.0)
                else:
                    a = untried[rng.randrange(len(untried))]
                    prior = 0.0
                ch = Node(a, mover, prior)
                ch.avail = 1
                children[a] = ch
                if at_macro:
                    _apply_macro(state, a)
                else:
                    apply(a, check=False)
                path.append(ch)
                node = ch
                break
            best = None
            best_u = -1e18
            for ch in cands:
                nv = ch.visits
                if nv == 0:
                    u = 1e9 + ch.prior
                else:
                    u = (ch.value / nv + c * sqrt(log(ch.avail) / nv)
                         + prior_weight * ch.prior / (nv + 1))
                if u > best_u:
                    best_u = u
                    best = ch
            if at_macro:
                _apply_macro(state, best.action)
            else:
                apply(best.action, check=False)
            path.append(best)
            node = best
        # ---- rollout, cut after a few turns
        limit = root_turn + horizon
        n = 0
        while n < max_rollout_actions and turn() < limit and result() is None:
            acts = legal_actions()
            if not acts:
                break
            if policy is None or len(acts) == 1:
                # rng.randrange(len(acts)), Rng.next64 inlined (the same draw)
                z = rng.state = (rng.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
                apply(acts[(z ^ (z >> 31)) % len(acts)], check=False)
            else:
                apply(policy(state, acts, rng), check=False)
            n += 1
        v = terminal_value(state, me)
        if v is None:
            v = evaluate(state, me)
        # ---- backpropagation
        for nd in path:
            nd.visits += 1
            nd.value += v if nd.player == me else -v
        done = it + 1
        # stop early when the most visited child can no longer be overtaken
        if done >= 32 and done % 16 == 0:
            vis = sorted((ch.visits for ch in root.children.values()), reverse=True)
            if len(vis) >= 2 and vis[0] - vis[1] > iterations - done:
                break
    ranked = sorted(root.children.values(),
                    key=lambda ch: (-ch.visits, -(ch.value / ch.visits if ch.visits else -9),
                                   root_rank.get(ch.action, 1 << 30)))
    kids = [(ch.action, ch.visits, ch.value / ch.visits if ch.visits else 0.0) for ch in ranked]
    best_move = kids[0][0] if kids else tree_actions[root_order[0]]
    if macro is not None:
        # report per first step (its best-searched whole move), the move itself aside
        seen = set()
        firsts = []
        for mv, n, v in kids:
            if mv[0] not in seen:
                seen.add(mv[0])
                firsts.append((mv[0], n, v))
        kids = firsts
        res = SearchResult(best_move[0], done, time.perf_counter() - t0, kids,
                           root.value / root.visits if root.visits else 0.0)
        res.move = tuple(best_move)
        return res
    return SearchResult(best_move, done, time.perf_counter() - t0, kids,
                        root.value / root.visits if root.visits else 0.0)


def _macro_score(det, me, move, evaluate) -> float:
    s = det.clone()
    _apply_macro(s, move)
    v = terminal_value(s, me)
    return evaluate(s, me) if v is None else v


def _apply_macro(state, move) -> None:
    """Apply a whole move (its steps); a later step no longer legal here is skipped."""
    state.apply(move[0], check=False)
    for x in move[1:]:
        if state.result() is not None or x not in state.legal_actions():
            return
        state.apply(x, check=False)


def _play_out(state, limit: int, max_actions: int, expert, rng) -> int:
    """Play ``state`` on with ``expert(state, mover, actions, rng)`` deciding for whoever
    decides, until turn ``limit``, the end, or ``max_actions`` actions; returns how many.

    An expert with a ``whole_move(state, mover, actions, rng)`` (Evons: the card and its
    cell, chosen together) gives its whole move at once: its later steps are the actions
    the expert would choose at those decisions, so the playout is the same, without
    deciding the second step again."""
    whole = getattr(expert, "whole_move", None)
    n = 0
    while n < max_actions and state.turn() < limit and state.result() is None:
        acts = state.legal_actions()
        if not acts:
            break
        if len(acts) == 1:
            state.apply(acts[0], check=False)
            n += 1
            continue
        if whole is None:
            state.apply(expert(state, state.to_move(), acts, rng), check=False)
            n += 1
            continue
        move = whole(state, state.to_move(), acts, rng)
        state.apply(move[0], check=False)
        n += 1
        for a in move[1:]:
            # a later step only while the loop would go on: it is the next decision's choice
            if n >= max_actions or state.turn() >= limit or state.result() is not None:
                break
            state.apply(a, check=False)
            n += 1
    return n


def root_candidates(root_det, me, *, top: int, evaluate, root_moves=None, exclude=(), root_filter=None,
                    continues=None):
    """The root step shared by the expert-playout searches: the legal actions less
    ``exclude``, narrowed by ``root_filter``; then whole moves (a move whose first step
    leaves ``me`` to move again where ``continues`` says so, e.g. Evons' SELECT and CELL)
    ranked by ``root_moves`` (else by the evaluation after each), the ``top`` best kept.
    Returns ``(action, None)`` when one action is all there is, else ``(None, candidates)``
    with candidates ``[(move, score), ...]`` best first."""
    root_actions = root_det.legal_actions()
    if exclude:
        root_actions = [a for a in root_actions if a not in exclude] or root_actions
    if root_filter is not None and len(root_actions) > 1:
        root_actions = root_filter(root_det, root_actions) or root_actions
    if len(root_actions) == 1:
        return root_actions[0], None
    moves = []
    for a in root_actions:
        if continues is not None:
            s = root_det.clone()
            s.apply(a, check=False)
            if s.result() is None and s.to_move() == me and continues(s):
                moves += [(a, b) for b in s.legal_actions()]
                continue
        moves.append((a,))
    if root_moves is not None:
        ranked = root_moves(root_det, me, moves)
    else:
        ranked = sorted(((mv, _macro_score(root_det, me, mv, evaluate)) for mv in moves),
                        key=lambda x: -x[1])
    return None, ranked[:max(1, top)]


def expert_search(view, me, *, rollouts: int, top: int, seed: int, evaluate, expert, root_moves=None,
                  horizon: int = 2, pool: int = 8, cancel=None, yield_every: float = 0, exclude=(),
                  root_filter=None, continues=None, max_rollout_actions: int = 250) -> SearchResult:
    """A few plies of search with the game's expert playing both sides.

    The root's moves (whole moves where ``continues`` says a move takes two
    steps) are ranked by ``root_moves`` (the expert's own look) and the ``top``
    best are each played out ``rollouts // top`` times on guesses of the hidden
    cards, every later decision by ``expert(state, mover, actions, rng)`` for
    whoever decides, until ``horizon`` turns after the root's; the move with the
    best mean evaluation is chosen. The opponent's best reply is what such a
    playout sees (a placement the expert's reply would flip back scores low),
    which random rollouts do not. Work is counted in playouts: the same view +
    seed + budget gives the same decision.
    """
    t0 = time.perf_counter()
    n_dets = max(1, pool)
    dets = [view.determinize(me, mix_seed(seed, 0xDE7, i)) for i in range(n_dets)]
    root_det = dets[0]
    only, cands = root_candidates(root_det, me, top=top, evaluate=evaluate, root_moves=root_moves,
                                  exclude=exclude, root_filter=root_filter, continues=continues)
    if only is not None:
        return SearchResult(only, 0, time.perf_counter() - t0, [(only, 0, 0.0)], 0.0)
    per = max(1, rollouts // len(cands))
    root_turn = root_det.turn()
    limit = root_turn + horizon
    perf = time.perf_counter
    yield_s = yield_every / 1000.0
    next_yield = perf() + yield_s
    results = []
    done = 0
    for ci, (mv, prior) in enumerate(cands):
        total = 0.0
        for j in range(per):
            if cancel is not None and cancel.is_set():
                raise Cancelled()
            if yield_s and perf() >= next_yield:
                time.sleep(0)
                next_yield = perf() + yield_s
            state = dets[j % n_dets].clone()
            _apply_macro(state, mv)
            r = Rng(mix_seed(seed, 0x9A7, j))     # the same playout luck for every move
            _play_out(state, limit, max_rollout_actions, expert, r)
            v = terminal_value(state, me)
            total += evaluate(state, me) if v is None else v
            done += 1
        # the expert's own ranking breaks near-ties (and orders the report)
        results.append((total / per + 1e-4 * prior, ci, mv, total / per))
    results.sort(key=lambda x: (-x[0], x[1]))
    best = results[0][2]
    seen = set()
    kids = []
    for _, _, mv, val in results:
        if mv[0] not in seen:
            seen.add(mv[0])
            kids.append((mv[0], per, val))
    res = SearchResult(best[0], done, time.perf_counter() - t0, kids, -results[0][3])
    res.move = tuple(best)
    return res
