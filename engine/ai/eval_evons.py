"""Evons evaluation: the score (face-up monsters in the main zone), covered cards
about to be revealed there, how exposed each scoring card is to a flip (empty
neighbouring main cells it has no arrow towards), credits and cards in hand.
Reads the state only through the engine's public helpers and card tables."""
from __future__ import annotations

import math

from engine.evons.cards import CARD_ARROWS, CARD_COST, CARD_IS_BLOCK, IN_MAIN, MAIN_CELLS, NEIGHBOUR
from engine.evons.match import B_DOUBLE, F_COVERED, F_GROWTH, S_CRED0, S_CRED1, S_WINNER, WIN_NONE, Z_HAND

from .evaluation import terminal_value


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
    # one pass over the main zone (the evaluation is what the search calls most): score,
    # covered cards each player can afford to reveal, exposed sides of scoring cards
    grid, cardof, ctrl, flags, bon = m.grid, m.cardof, m.ctrl, m.flags, m.bon
    credits = (sc[S_CRED0], sc[S_CRED1])
    score = [0, 0]
    cov = [0, 0]
    exp = [0, 0]
    for c in MAIN_CELLS:
        i = grid[c]
        if i < 0:
            continue
        ci = cardof[i]
        if ci < 0:
            continue
        q = ctrl[i]
        f = flags[i]
        if f & F_COVERED:
            if f & F_GROWTH or CARD_COST[ci] <= credits[q]:
                cov[q] += 1
            continue
        if not CARD_IS_BLOCK[ci]:
            score[q] += 2 if bon[i] == B_DOUBLE else 1
            for n in EXPOSED[ci][c]:
                if grid[n] < 0:
                    exp[q] += 1
    o = 1 - p
    x = (score[p] - score[o]) * 0.22
    x += (cov[p] - cov[o]) * 0.12
    x -= (exp[p] - exp[o]) * 0.015
    x += max(-40, min(40, credits[p] - credits[o])) * 0.004
    hands = m.zones
    x += (min(len(hands[Z_HAND + p]), 8) - min(len(hands[Z_HAND + o]), 8)) * 0.02
    return math.tanh(x)
