"""Evons evaluation: the score (face-up monsters in the main zone), covered cards
about to be revealed there, how exposed each scoring card is to a flip (empty
neighbouring main cells it has no arrow towards), credits and cards in hand.
Reads the state only through the engine's public helpers and card tables."""
from __future__ import annotations

import math

from engine.evons.cards import CARD_ARROWS, CARD_COST, CARD_IS_BLOCK, IN_MAIN, MAIN_CELLS, NEIGHBOUR
from engine.evons.match import B_DOUBLE, F_COVERED, F_GROWTH, S_CRED0, S_CRED1, S_WINNER, WIN_NONE, Z_HAND

from engine.ai.evaluation import terminal_value


# EXPOSED[card][cell]: the empty-able neighbouring main cells a monster on that main cell has no
# arrow towards (a card there could flip it); () for Blocks. Precomputed: the evaluation is
# what the search calls most.
EXPOSED = tuple(tuple(() if CARD_IS_BLOCK[ci] or not IN_MAIN[c] else
                      tuple(n for d, n in enumerate(NEIGHBOUR[c]) if n >= 0 and IN_MAIN[n] and not arrows[d])
                      for c in range(len(NEIGHBOUR)))
                for ci, arrows in enumerate(CARD_ARROWS))


def _boards(m):
    """Per player: [covered main-zone cards the player can afford to reveal, exposed sides of
    their scoring cards], in one pass over the main zone."""
    out = [[0, 0], [0, 0]]
    credits = (m.credits(0), m.credits(1))
    at, controller, card_of, is_covered = m.at, m.controller, m.card, m.is_covered
    for c in MAIN_CELLS:
        i = at(c)
        if i < 0:
            continue
        card = card_of(i)
        if card is None:
            continue
        p = controller(i)
        if is_covered(i):
            if m.is_growth_covered(i) or CARD_COST[card.index] <= credits[p]:
                out[p][0] += 1
            continue
        for n in EXPOSED[card.index][c]:
            if at(n) < 0:
                out[p][1] += 1
    return out


def _board(m, p: int):
    """(covered main-zone cards of p that p can afford to reveal, exposed sides of p's scoring cards)."""
    return tuple(_boards(m)[p])


def evaluate(m, p: int) -> float:
    sc = m.sc
    if sc[S_WINNER] != WIN_NONE:
        return terminal_value(m, p)
    return math.tanh(_x(m, p))


def _x(m, p: int) -> float:
    """The evaluation before its squashing (``tanh``), for ``p``."""
    sc = m.sc
    # one pass over the main zone (the evaluation is what the search calls most): score,
    # covered cards each player can afford to reveal, exposed sides of scoring cards, counted
    # in plain locals per player (s = score, v = covered to reveal, e = exposed sides)
    grid, cardof, ctrl, flags, bon = m.grid, m.cardof, m.ctrl, m.flags, m.bon
    cr0 = sc[S_CRED0]
    cr1 = sc[S_CRED1]
    s0 = s1 = v0 = v1 = e0 = e1 = 0
    for c in MAIN_CELLS:
        i = grid[c]
        if i < 0:
            continue
        ci = cardof[i]
        if ci < 0:
            continue
        f = flags[i]
        if f & F_COVERED:
            if ctrl[i]:
                if f & F_GROWTH or CARD_COST[ci] <= cr1:
                    v1 += 1
            elif f & F_GROWTH or CARD_COST[ci] <= cr0:
                v0 += 1
            continue
        if CARD_IS_BLOCK[ci]:
            continue
        if ctrl[i]:
            s1 += 2 if bon[i] == B_DOUBLE else 1
            for n in EXPOSED[ci][c]:
                if grid[n] < 0:
                    e1 += 1
        else:
            s0 += 2 if bon[i] == B_DOUBLE else 1
            for n in EXPOSED[ci][c]:
                if grid[n] < 0:
                    e0 += 1
    hands = m.zones
    h0 = min(len(hands[Z_HAND]), 8)
    h1 = min(len(hands[Z_HAND + 1]), 8)
    if p:
        x = (s1 - s0) * 0.22
        x += (v1 - v0) * 0.12
        x -= (e1 - e0) * 0.015
        x += max(-40, min(40, cr1 - cr0)) * 0.004
        x += (h1 - h0) * 0.02
    else:
        x = (s0 - s1) * 0.22
        x += (v0 - v1) * 0.12
        x -= (e0 - e1) * 0.015
        x += max(-40, min(40, cr0 - cr1)) * 0.004
        x += (h0 - h1) * 0.02
    return x
