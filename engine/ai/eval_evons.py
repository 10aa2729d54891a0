"""Evons evaluation: the score (face-up monsters in the main zone), covered cards
about to be revealed there, how exposed each scoring card is to a flip (empty
neighbouring main cells it has no arrow towards), credits and cards in hand.
Reads the state only through the engine's public helpers and card tables."""
from __future__ import annotations

import math

from engine.evons.cards import CARD_ARROWS, CARD_COST, CARD_IS_BLOCK, IN_MAIN, MAIN_CELLS, NEIGHBOUR

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
    v = terminal_value(m, p)
    if v is not None:
        return v
    o = 1 - p
    sp, so = m.score(p), m.score(o)
    boards = _boards(m)
    cp, ep = boards[p]
    co, eo = boards[o]
    x = (sp - so) * 0.22
    x += (cp - co) * 0.12
    x -= (ep - eo) * 0.015
    x += max(-40, min(40, m.credits(p) - m.credits(o))) * 0.004
    x += (min(len(m.hand(p)), 8) - min(len(m.hand(o)), 8)) * 0.02
    return math.tanh(x)
