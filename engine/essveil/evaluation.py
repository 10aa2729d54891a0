"""Essveil evaluation: Life (worth more as it runs low), the creatures on the
board (Might, Endurance left, keywords), cards in hand and banked Essence.

The search scores hundreds of thousands of positions, so this reads the
engine's creature records directly (``EssveilMatch.boards``, the layout
``R_*`` / ``REC``) instead of building ``creatures()``'s readable dicts; it adds
the very same numbers in the very same order, so every score is the one the
readable form gives (``tests/ai/test_same_decisions.py``)."""
from __future__ import annotations

import math

from engine.essveil.cards import C_END, C_GROW, C_KW, C_MIGHT, K_DRAIN, K_GUARD, K_SWIFT, K_VENOM, K_VEILSTEP
from engine.essveil.match import (DRAW, E_END, E_KW, E_MIGHT, F_AEGIS, F_SILENCED, G_WINNER, LIFE,
                                  NO_WINNER, R_CARD, R_DMG, R_END, R_EQUIP, R_FLAGS, R_GKW, R_MIGHT, REC,
                                  VEIL)


_KW_VALUE = {"Guard": 0.6, "Swift": 0.2, "Drain": 0.8, "Venom": 1.2, "Aegis": 1.0, "Veilstep": 0.6}
# keyword bits -> the values of its keywords in the order creatures() names them (Guard,
# Swift, Drain, Venom, Veilstep); Aegis comes after them; Grow / On Play / Last Rites add 0
_KW_BITS = ((K_GUARD, _KW_VALUE["Guard"]), (K_SWIFT, _KW_VALUE["Swift"]), (K_DRAIN, _KW_VALUE["Drain"]),
            (K_VENOM, _KW_VALUE["Venom"]), (K_VEILSTEP, _KW_VALUE["Veilstep"]))
_KW_ALL = 0
for _bit, _ in _KW_BITS:
    _KW_ALL |= _bit
_KW_ADDS = {}
_AEGIS_VALUE = _KW_VALUE["Aegis"]


def _kw_adds(kw: int) -> tuple:
    got = _KW_ADDS.get(kw)
    if got is None:
        got = _KW_ADDS[kw] = tuple(v for bit, v in _KW_BITS if kw & bit)
    return got


def _life_value_of(life: int) -> float:
    # the last points of Life matter most: 20 -> ~12.6, 10 -> ~8.6, 5 -> ~5.3, 1 -> ~1.2
    return 16.0 * (1.0 - math.exp(-max(life, 0) / 13.0))


_LIFE_VALUES = tuple(_life_value_of(x) for x in range(64))


def _life_value(life: int) -> float:
    return _LIFE_VALUES[life] if 0 <= life < 64 else _life_value_of(life)


_BOARD_MEMO: dict = {}
"""board records (as a tuple) -> their value: a search meets the same boards over and over
(the opponent's side is the same for every move it tries), and the value is a function of
the records alone"""


def _board(m, p: int) -> float:
    """Sum over p's creatures of 1 + Might + 0.7 x Endurance left + 1.5 x Grow + its
    keywords' values (as ``creatures(p)`` reports them)."""
    b = m.boards[p]
    if not b:
        return 0.0
    key = tuple(b)
    v = _BOARD_MEMO.get(key)
    if v is not None:
        return v
    if len(_BOARD_MEMO) >= 20000:
        _BOARD_MEMO.clear()
    v = _BOARD_MEMO[key] = _board_value(b)
    return v


def _board_value(b) -> float:
    v = 0.0
    for off in range(0, len(b), REC):
        card = b[off + R_CARD]
        flags = b[off + R_FLAGS]
        eq = b[off + R_EQUIP]
        might = C_MIGHT[card] + b[off + R_MIGHT] + E_MIGHT[eq]
        left = C_END[card] + b[off + R_END] + E_END[eq] - b[off + R_DMG]
        if flags & F_SILENCED:
            grow = 0
            kw = b[off + R_GKW] | E_KW[eq]
        else:
            grow = C_GROW[card]
            kw = C_KW[card] | b[off + R_GKW] | E_KW[eq]
        v += 1.0 + might * 1.0 + left * 0.7 + grow * 1.5
        if kw & _KW_ALL:
            for x in _KW_ADDS.get(kw) or _kw_adds(kw):
                v += x
        if flags & F_AEGIS:
            v += _AEGIS_VALUE
    return v


def evaluate(m, p: int) -> float:
    g = m.g
    w = g[G_WINNER]
    if w != NO_WINNER:        # as terminal_value
        return 0.0 if w == DRAW else (1.0 if w == p else -1.0)
    o = 1 - p
    x = (_life_value(g[LIFE[p]]) - _life_value(g[LIFE[o]])) * 0.09
    x += (_board(m, p) - _board(m, o)) * 0.035
    hands = m.hands
    x += (min(len(hands[p]), 8) - min(len(hands[o]), 8)) * 0.06
    x += (g[VEIL[p]] - g[VEIL[o]]) * 0.015
    return math.tanh(x)


__all__ = ["evaluate"]
