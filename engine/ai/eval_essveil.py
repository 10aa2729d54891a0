"""Essveil evaluation: Life (worth more as it runs low), the creatures on the
board (Might, Endurance left, keywords), cards in hand and banked Essence.
Reads the state only through the engine's public helpers."""
from __future__ import annotations

import math

from .evaluation import terminal_value

_KW_VALUE = {"Guard": 0.6, "Swift": 0.2, "Drain": 0.8, "Venom": 1.2, "Aegis": 1.0, "Veilstep": 0.6}


def _life_value(life: int) -> float:
    # the last points of Life matter most: 20 -> ~12.6, 10 -> ~8.6, 5 -> ~5.3, 1 -> ~1.2
    return 16.0 * (1.0 - math.exp(-max(life, 0) / 13.0))


def _board(m, p: int) -> float:
    v = 0.0
    for c in m.creatures(p):
        v += 1.0 + c["might"] * 1.0 + c["left"] * 0.7 + c["grow"] * 1.5
        for k in c["keywords"]:
            v += _KW_VALUE.get(k, 0.0)
    return v


def evaluate(m, p: int) -> float:
    v = terminal_value(m, p)
    if v is not None:
        return v
    o = 1 - p
    x = (_life_value(m.life(p)) - _life_value(m.life(o))) * 0.09
    x += (_board(m, p) - _board(m, o)) * 0.035
    x += (min(len(m.hands[p]), 8) - min(len(m.hands[o]), 8)) * 0.06
    ep, eo = m.essence(p), m.essence(o)
    x += (ep[1] - eo[1]) * 0.015
    return math.tanh(x)
