"""Evons tactics: pointless plays, the rollout policy and the expert player.

Pointless here: an ability arrow that destroys one of your own cards (Remove,
or any ability arrow into your own covered card) — it spends the arrow and
only hurts you — while other moves exist.

The expert plays each card where it swings the score most (the card and its
cell tried together, with the abilities it then fires played out greedily),
prefers placements that leave none of its scoring cards flippable, and plays
covered when the card can't be paid for now (tempo).
"""
from __future__ import annotations

from math import tanh

from engine.evons.cards import CARD_COST, CARD_IS_BLOCK, MAIN_CELLS, REMOVE, SHOCKWAVE, SWAP
from engine.evons.match import (ABILITY_AIMS, DONE, KEEP, MULLIGAN, F_COVERED, FIRE, FR_ACT, PASS, PH_ABILITY, PH_CELL,
                                PH_MAIN, S_CRED0, S_MOVER, S_PHASE, S_WINNER, SELECT, WIN_NONE, Z_HAND)

from engine.evons.evaluation import _x
from engine.evons.evaluation import evaluate as base_evaluate
from engine.ai.evaluation import terminal_value
from engine.ai.tactics import greedy_pick, score_after, weighted_choice

A_PASS = (PASS,)
A_DONE = (DONE,)


#: a Block card in hand, for the planner: worth a quarter of a monster (it scores nothing
#: and only a Block arrow brings it into the main zone; counted as a whole card, placing
#: one cost the planner more than it shielded, and Ember Quake's Fire Walls rotted in hand)
BLOCK_HAND = 0.25


def planner_evaluate(m, p: int) -> float:
    """The turn planner's scoring (``engine.ai.planner``): the game's evaluation (:func:`engine.evons.evaluation.evaluate`) with a Block
    card in hand counted as ``BLOCK_HAND`` of a card. The expert keeps that evaluation."""
    sc = m.sc
    if sc[S_WINNER] != WIN_NONE:
        return terminal_value(m, p)
    hands, cardof = m.zones, m.cardof
    b0 = sum(1 for i in hands[Z_HAND] if cardof[i] >= 0 and CARD_IS_BLOCK[cardof[i]])
    b1 = sum(1 for i in hands[Z_HAND + 1] if cardof[i] >= 0 and CARD_IS_BLOCK[cardof[i]])
    x = _x(m, p)
    if b0 or b1:
        # the hand term counts at most 8 cards: Blocks are the first to go over it
        h0, h1 = len(hands[Z_HAND]), len(hands[Z_HAND + 1])
        w0 = min(h0, 8) - min(h0 - b0, 8) - b0 * BLOCK_HAND
        w1 = min(h1, 8) - min(h1 - b1, 8) - b1 * BLOCK_HAND
        d = (w1 - w0) if p else (w0 - w1)
        x -= d * 0.02
    return tanh(x)


def _fire_target(m, d):
    """(target cell, ability) of the acting card's ability arrow in direction ``d``."""
    f = m.stack[-1]
    inst = f[1]
    for dd, t, ab in ABILITY_AIMS[m.cardof[inst]][m.pos[inst]]:
        if dd == d:
            return t, ab
    return -1, 0


def _self_harm(m, a) -> bool:
    if a[0] != FIRE or m.sc[S_PHASE] != PH_ABILITY:
        return False
    t, ab = _fire_target(m, a[1])
    if t < 0:
        return False
    o = m.grid[t]
    if o < 0 or m.ctrl[o] != m.to_move():
        return False
    if m.flags[o] & F_COVERED:
        return ab != SHOCKWAVE
    return ab == REMOVE and not CARD_IS_BLOCK[m.cardof[o]]


def pointless(m, a) -> bool:
    return _self_harm(m, a)


def harmful(m, a, acts=None) -> bool:
    """Left out of the planner's (and the hint's) choices while others exist: a card's
    second copy chosen the same way (active or covered) as a copy before it in ``acts`` —
    the same move, which would fill the beam with positions that differ only in which copy
    stayed in hand."""
    if a[0] != SELECT or not acts:
        return False
    cardof = m.cardof
    k = cardof[a[1]]
    if k < 0:
        return False
    for b in acts:
        if b is a or b == a:
            return False
        if b[0] == SELECT and b[2] == a[2] and cardof[b[1]] == k:
            return True
    return False


#: a Swap must beat ending the ability phase by more than this to be chosen
SWAP_MARGIN = 1e-9


def _is_swap(m, a) -> bool:
    """``a`` fires a Swap arrow of the acting card (ability phase)."""
    return a[0] == FIRE and _fire_target(m, a[1])[1] == SWAP


def _again(m) -> bool:
    """The acting card is already on the stack below: an earlier activation of it waits."""
    st = m.stack
    inst = st[-1][1]
    for f in st[:-1]:
        if f[0] == FR_ACT:
            if f[1] == inst:
                return True
        elif inst in f[2:]:
            return True
    return False


def idle_swaps(m, acts, values, swaps=None, again=None):
    """The Swaps among ``acts`` (ability phase, ``values`` their one-step scores in order)
    the expert leaves alone: every Swap when the acting card is reactivated while an
    earlier activation of it still waits on the stack, else the Swaps that score no better
    than ending the phase (DONE).

    Two of your own Water cards with Swap arrows at each other can swap for ever: each swap
    moves the other card, which reactivates with its arrows fresh and may swap back (the
    engine stops it only at 200 activations a turn). The one-step look made the expert do
    just that for hundreds of decisions a turn (up to 2,700 a game on the new Verdant
    Tide): on a tie ("first on ties" fired the Swap), and also where a Swap scores a little
    better than DONE only because the swap's reactivation puts off what ending the phase
    brings (the card below resumes). Such a chain needs a card to come back onto the stack
    above its own waiting activation, so a card doesn't Swap again from there; and a Swap
    is worth firing only when the position after it is better."""
    if A_DONE not in acts:
        return ()
    if swaps is None:
        swaps = [_is_swap(m, a) for a in acts]
    if not any(swaps):
        return ()
    if _again(m) if again is None else again:
        return tuple(a for a, w in zip(acts, swaps) if w)
    v_done = values[acts.index(A_DONE)]
    return tuple(a for a, v, w in zip(acts, values, swaps) if w and v <= v_done + SWAP_MARGIN)


def continues(m) -> bool:
    """A card was chosen; its cell comes next (the search's root prior scores both steps)."""
    return m.sc[S_PHASE] == PH_CELL


def empty_main_cells(m) -> int:
    grid = m.grid
    return sum(1 for c in MAIN_CELLS if grid[c] < 0)


#: turns a playout runs in the endgame (measured with the expert on both sides: with 2-4
#: main cells left the game often lasts 10-20 more turns — the player behind avoids filling
#: them — so "to the end" would cost seconds; 6 turns see who is forced to fill them)
ENDGAME_TURNS = 6


def playout_horizon(view, horizon: int, endgame: int) -> int:
    """The playouts' horizon (turns after the root's): ``ENDGAME_TURNS`` once at most
    ``endgame`` main-zone cells are empty — the last placements decide the game, and a
    playout that reaches the end scores them by the result itself, not the evaluation's
    guess."""
    if empty_main_cells(view) <= endgame:
        return max(horizon, ENDGAME_TURNS)
    return horizon


def rollout(m, acts, rng):
    ph = m.sc[S_PHASE]
    n = len(acts)
    if ph == PH_MAIN and n > 1:
        # pass rarely; active plays a little more often than covered ones
        ws = [0.15 if a[0] == PASS else (1.3 if a[0] == SELECT and not a[2] else 1.0) for a in acts]
        return weighted_choice(acts, ws, rng)
    if ph == PH_ABILITY and n > 1:
        ws = [0.6 if a[0] == DONE else (0.05 if _self_harm(m, a) else 1.0) for a in acts]
        return weighted_choice(acts, ws, rng)
    return acts[rng.randrange(n)]


expert_evaluate = base_evaluate      # the expert scores positions with the evaluation itself


def _own_chain_value(m, me, depth: int) -> float:
    """Value for ``me`` after playing on greedily while ``me`` keeps deciding (a few steps).
    ``m`` is the caller's to spend: the chain may play on in it.

    Each step is :func:`tactics.greedy_pick` (the first action whose one-ply result scores
    best), written out so that the chain goes on from the best action's state and takes its
    value instead of applying the action again and scoring the same state twice; the last
    action is tried on the state itself (nothing needs it afterwards)."""
    sc = m.sc
    if sc[S_WINNER] != WIN_NONE:
        return terminal_value(m, me)
    s = m
    v = None
    while depth > 0 and sc[S_WINNER] == WIN_NONE and sc[S_MOVER] == me and sc[S_PHASE] != PH_MAIN:
        acts = s.legal_actions()
        acts = [a for a in acts if not _self_harm(s, a)] or acts
        if sc[S_PHASE] == PH_ABILITY and A_DONE in acts and len(acts) > 1:
            # idle Swaps lose to DONE (idle_swaps): every action is scored first
            states, values = [], []
            swaps = [_is_swap(s, a) for a in acts]      # before the last action spends s
            again = any(swaps) and _again(s)
            last = acts[-1]
            for a in acts:
                t = s if a is last else s.clone()
                t.apply(a, check=False)
                states.append(t)
                values.append(terminal_value(t, me) if t.sc[S_WINNER] != WIN_NONE else expert_evaluate(t, me))
            idle = idle_swaps(s, acts, values, swaps, again)
            best_v = -1e18
            best = None
            for a, t, tv in zip(acts, states, values):
                if tv > best_v + 1e-12 and a not in idle:
                    best_v = tv
                    best = t
        else:
            best_v = -1e18
            best = None
            last = acts[-1]
            for a in acts:
                t = s if a is last else s.clone()
                t.apply(a, check=False)
                tv = terminal_value(t, me) if t.sc[S_WINNER] != WIN_NONE else expert_evaluate(t, me)
                if tv > best_v + 1e-12:
                    best_v = tv
                    best = t
        s = best
        sc = s.sc
        v = best_v
        depth -= 1
    if v is not None:
        return v            # the state the chain ended on, scored as the step chose it
    return terminal_value(s, me) if sc[S_WINNER] != WIN_NONE else expert_evaluate(s, me)


def _move_value(m, me, move) -> float:
    """The expert's value of a whole move (a card and its cell, or one step)."""
    t = m.clone()
    t.apply(move[0], check=False)
    if len(move) > 1 and t.result() is None:
        t.apply(move[1], check=False)
    v = _own_chain_value(t, me, 4)
    if move[0][0] == SELECT and move[0][2]:
        v -= 0.004
    return v


def root_moves(m, me, moves):
    """The search's root: whole moves ranked by the expert's look (each card on each
    cell with the abilities it fires played out greedily), best first."""
    scored = [(mv, _move_value(m, me, mv)) for mv in moves]
    if m.sc[S_PHASE] == PH_ABILITY and len(scored) > 1:
        # an idle Swap ranks after DONE (the playouts' near-ties go to this ranking)
        acts = [mv[0] for mv in moves]
        idle = idle_swaps(m, acts, [v for _, v in scored])
        if idle:
            scored = [(mv, v - 1e-6 if mv[0] in idle else v) for mv, v in scored]
    scored.sort(key=lambda x: -x[1])
    if m.sc[S_PHASE] == PH_MAIN and len(scored) > 1:
        # pass only where the expert would: when no card is worth playing
        base = expert_evaluate(m, me)
        plays = [x for x in scored if x[0][0] != A_PASS]
        if plays and plays[0][1] >= base - 0.15:
            return plays
    return scored


def _best_cell(s, me, acts, spend: bool = False, credits=None):
    """(the first best of the cells ``acts`` for the card selected in ``s``, its value);
    ``spend``: ``s`` is the caller's to spend (the last cell is tried on it). ``credits``:
    a set to which the credits of ``me`` in each position scored are added, or None once
    a cell's play left ``me`` a decision (see :func:`expert_move`'s covered cards)."""
    best, best_v = acts[0], -1e9
    last = acts[-1] if spend else None
    cred = S_CRED0 + me
    for c in acts:
        t = s if c is last else s.clone()
        t.apply(c, check=False)
        sc = t.sc
        if sc[S_WINNER] == WIN_NONE and sc[S_MOVER] != me:
            v = expert_evaluate(t, me)      # as _own_chain_value: the turn has passed
            if credits is not None:
                credits.add(sc[cred])
        else:
            if sc[S_WINNER] == WIN_NONE:
                credits = None
            v = _own_chain_value(t, me, 4)
        if v > best_v:
            best, best_v = c, v
    return best, best_v, credits


def expert_move(m, me, acts, rng):
    """The expert's whole move, as a tuple of actions: in the main phase the card and its
    cell (the cell :func:`expert` then chooses from the state after the card: the same
    placements were scored to choose the card), else the one action :func:`expert` plays."""
    if len(acts) == 1:
        return (acts[0],)
    ph = m.sc[S_PHASE]
    if ph == PH_MAIN:
        best, best_v, best_cell = A_PASS, None, None
        base = expert_evaluate(m, me)
        cardof = m.cardof
        tried = set()
        # A covered card's play ends the turn and, until the owner's next turn, nothing
        # reads which card it is: where every cell's play handed the turn over, another
        # covered card scores as the first of its kind — whether its owner can pay for it
        # (its cost within the credits left) — and never beats it (first on ties).
        cover_credits = None    # the credits left after such a play, once one was scored
        cover_kinds = set()     # the kinds (can pay: True / False) already scored
        for a in acts:
            if a[0] != SELECT:
                continue
            # a second copy of a card (same card, same way) scores as the first and never
            # beats it (first on ties): not tried again
            ci = cardof[a[1]]
            k = (ci, a[2])
            if k in tried:
                continue
            tried.add(k)
            if a[2] and cover_credits is not None and (CARD_COST[ci] <= cover_credits) in cover_kinds:
                continue
            s = m.clone()
            s.apply(a, check=False)
            if s.sc[S_PHASE] != PH_CELL:
                v = _own_chain_value(s, me, 4)
                cell = None
            else:
                cell, v, cr = _best_cell(s, me, s.legal_actions(), spend=True, credits=set() if a[2] else None)
                if cr is not None and len(cr) == 1:
                    cover_credits = next(iter(cr))
                    cover_kinds.add(CARD_COST[ci] <= cover_credits)
            if a[2]:
                v -= 0.004          # covered: pay later, score later
            if best_v is None or v > best_v:
                best, best_v, best_cell = a, v, cell
        if best_v is not None and best_v >= base - 0.15:
            return (best,) if best_cell is None else (best, best_cell)
        return (A_PASS if A_PASS in acts else acts[0],)
    if ph == PH_CELL:
        return (_best_cell(m, me, acts)[0],)
    acts2 = [a for a in acts if not _self_harm(m, a)] or acts
    if ph == PH_ABILITY and A_DONE in acts2 and len(acts2) > 1:
        values = [score_after(m, me, a, expert_evaluate) for a in acts2]
        idle = idle_swaps(m, acts2, values)
        best, best_v = A_DONE, -1e18
        for a, v in zip(acts2, values):     # as greedy_pick, idle Swaps left out
            if v > best_v + 1e-12 and a not in idle:
                best, best_v = a, v
        return (best,)
    return (greedy_pick(m, me, acts2, expert_evaluate),)


def expert(m, me, acts, rng):
    return expert_move(m, me, acts, rng)[0]


#: the playouts (mcts.expert_search, halving.halving_search) play the expert's whole move
expert.whole_move = expert_move


__all__ = ["pointless", "rollout", "expert", "expert_move", "continues", "root_moves", "playout_horizon",
           "harmful", "planner_evaluate", "state_key"]


#: the turn planner's knowledge of Evons (engine.ai.planner): no extra round after the reply;
#: keeping or taking a mulligan is left to the expert. Its scoring is ``planner_evaluate``
#: (Blocks in hand count a quarter), its positions are compared by ``state_key``, and a
#: card's second copy is left out (``harmful``). Measured against the expert on seeds
#: 7001-7020 (40 duplicate games): these settings 30-9-1; more plans and guesses (8 finals,
#: 4 determinizations) 22-15-3 and half again as slow; fewer plans (3 finals) 21-16-3;
#: the expert playing the planner's next turn before the evaluation (seeds 7001-7015)
#: 20-10 against 23-6-1, and twice as slow.
#: Three more rounds after the reply once at most 4 main cells are empty (the end in view,
#: as the playouts' ``ENDGAME_TURNS``): 61% of 50 on seeds 9001-9025, 63% without.
#: Its levels (``agents.PLANNER_LEVELS``) score Essveil's first actions: beside the beam's 6 best plans, its 8 best first
#: actions each finished by the expert, all scored after the reply. Normal against the
#: planner, duplicate games on seeds 9601-9620: 45% before (10 games), 62.5% of 40 with them
#: (per-turn CPU p95 1.8 s); hard 45% before, 64% of 40 with them (2.6 s).
PLANNER = {"settings": {"extra": 0}, "setup_kinds": (KEEP, MULLIGAN)}

#: The search levels kept from before the planner (``normal1``, ``hard1``): they play a
#: few plies with the expert instead of the tree search (``playouts``:
#: mcts.expert_search): the ``top`` best whole placements by the expert's look, each
#: played out by the expert for both players to the end of the opponent's reply; the
#: tree search with random rollouts could not see the reply that flips a placement back
#: (normal vs expert: 36/74 with the tree, 38.9% of 9 with the tree on the expert's top 6
#: only). Hard: the same 6 candidates played out 6 turns deep (three placements a side),
#: 32 playouts spent by successive halving (halving.py); judged on 41 positions against
#: playouts to the end of the game, the depth is what pays (2 turns 48 playouts -0.105,
#: 3 turns +0.022, 4 turns +0.031, 6 turns 32 playouts +0.056; the expert -0.140).
SEARCH_LEVELS = {"settings": {"normal": {"playouts": 24, "top": 6, "error": 0.05},
                              "hard": {"playouts": 32, "top": 6, "horizon": 6, "halving": True}}}


def move_words(view, me, action, follow=None, seed: int = 0) -> str | None:
    """A card played in two steps, in words that name the card and its cell ("Play Granite
    Bear covered on C4"): ``follow`` is the cell step when known, else the card's best cell
    on a guess of the hidden cards (as the search would finish the move). None for any
    other action (its own words say it all)."""
    from engine.core.rng import mix_seed
    from engine.evons.cards import cell_name
    from engine.evons.match import SELECT
    if not action or action[0] != SELECT:
        return None
    card = view.card(action[1])
    name = getattr(card, "name", None) or "the card"
    if follow is None:
        det = view.determinize(me, mix_seed(seed, 0xCE11))
        if det.why_illegal(action) is not None:
            return None
        det.apply(action, check=False)
        acts = det.legal_actions()
        if not acts or det.to_move() != me:
            return None
        follow = _best_cell(det, me, acts)[0]
    where = cell_name(follow[1])
    return f"Play {name} covered on {where}" if action[2] else f"Play {name} on {where}"

#: The analysis behind the hint and the review (``engine.ai.review.analysis_budget``): the
#: hard1 playouts, cut to the end of the opponent's reply (2 turns) over the expert's 4 best
#: moves, 12 playouts (240 iterations). The whole game is analysed, every step of every
#: placement (an Evons game has 70 to 140 decisions a player): at hard1's 6 turns and 32
#: playouts a review took minutes. Measured on the first 30 decisions of an expert game
#: (seed 1) against hard1's depth: 2 turns, 12 playouts agree on 21 of 30 best moves, the
#: estimates 0.05 apart on average, 12 times faster; an odd depth (3 turns: ending on the
#: player's own placement, unanswered) puts every estimate about 0.35 too high.
ANALYSIS = {"iterations": 240, "settings": {"top": 4, "horizon": 2}}


def state_key(m) -> tuple:
    """A hashable picture of the whole state of ``m`` (equal states, equal pictures): the
    fields the planner's generic ``signature`` reads, taken directly (the beam compares
    thousands of positions a turn; the generic walk over every field cost most of it)."""
    z = m.zones
    return (m.cardof, m.n0, m.pool, tuple(m.sc), tuple(m.grid), tuple(m.pos), tuple(m.ctrl), tuple(m.flags),
            tuple(m.dmg), tuple(m.bon), tuple(m.cellbonus), tuple(z[0]), tuple(z[1]), tuple(z[2]), tuple(z[3]),
            tuple(z[4]), tuple(z[5]), tuple(z[6]), tuple(z[7]), tuple(m.stack))
