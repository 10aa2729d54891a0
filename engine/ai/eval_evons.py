"""Evons evaluation: the score (face-up monsters in the main zone), covered cards
about to be revealed there, how exposed each scoring card is to a flip (empty
neighbouring main cells it has no arrow towards), credits and cards in hand.
Reads the state only through the engine's public helpers and card tables."""
from __future__ import annotations

import math

from engine.evons.cards import CARD_ARROWS, CARD_COST, CARD_IS_BLOCK, IN_MAIN, MAIN_CELLS, NEIGHBOUR

from .evaluation import terminal_value


def _board(m, p: int):
    """(covered main-zone cards of p that p can afford to reveal, exposed sides of p's scoring cards)."""
    covered = 0
    exposed = 0
    credits = m.credits(p)
    for c in MAIN_CELLS:
        i = m.at(c)
        if i < 0 or m.controller(i) != p:
            continue
        card = m.card(i)
        if card is None:
            continue
        if m.is_covered(i):
            if m.is_growth_covered(i) or CARD_COST[card.index] <= credits:
                covered += 1
            continue
        arrows = CARD_ARROWS[card.index]
        if CARD_IS_BLOCK[card.index]:
            continue
        nb = NEIGHBOUR[c]
        for d in range(8):
            n = nb[d]
            if n >= 0 and IN_MAIN[n] and m.at(n) < 0 and not arrows[d]:
                exposed += 1
    return covered, exposed


def evaluate(m, p: int) -> float:
    v = terminal_value(m, p)
    if v is not None:
        return v
    o = 1 - p
    sp, so = m.score(p), m.score(o)
    cp, ep = _board(m, p)
    co, eo = _board(m, o)
    x = (sp - so) * 0.22
    x += (cp - co) * 0.12
    x -= (ep - eo) * 0.015
    x += max(-40, min(40, m.credits(p) - m.credits(o))) * 0.004
    x += (min(len(m.hand(p)), 8) - min(len(m.hand(o)), 8)) * 0.02
    return math.tanh(x)
