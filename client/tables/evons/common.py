"""What every part of the Evons table shares: the game's name, its card lookups and constants."""
from __future__ import annotations

from engine.evons.cards import POOL


GAME = "evons"


def card_obj(m, inst):
    if inst is None or inst < 0 or inst >= len(m.cardof):
        return None
    ci = m.cardof[inst]
    return POOL[ci] if ci >= 0 else None
