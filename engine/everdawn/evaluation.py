"""Everdawn evaluation: morale lead, the fighting strength on the lanes, the
creatures left in play (losing them all loses the duel) and cards in hand.
Reads the state only through the engine's public helpers."""
from __future__ import annotations

import math

from engine.ai.evaluation import terminal_value


def _side(m, p: int):
    """(strength of p's lane creatures, bench strength, creatures in play): attack + defense
    as ``m.stats`` gives them, summed by the engine in one call."""
    return m.strength(p)


def evaluate(m, p: int) -> float:
    return evaluate_with(m, p, 0.0)


def evaluate_with(m, p: int, extra: float, sp=None, so=None) -> float:
    """:func:`evaluate` with ``extra`` added to its sum before it is squashed into
    [-1, 1] (the turn planner's reading of the next combats: ``tactics.planner_evaluate``).
    ``sp``, ``so``: both sides' ``m.board_stats`` when the caller has read them already."""
    v = terminal_value(m, p)
    if v is not None:
        return v
    o = 1 - p
    lp, bp, np_ = _side(m, p) if sp is None else sp[:3]
    lo, bo, no = _side(m, o) if so is None else so[:3]
    x = 0.0
    if not m.sudden_death():
        x += (m.morale(p) - m.morale(o)) * 0.035
    x += (lp - lo) * 0.05 + (bp - bo) * 0.025
    x += (np_ - no) * 0.12
    # nearly out of creatures is nearly lost
    x += (min(np_, 3) - min(no, 3)) * 0.25
    x += (min(len(m.hand[p]), 7) - min(len(m.hand[o]), 7)) * 0.03
    return math.tanh(x + extra)
