"""Evons: what a card on the grid is now (:func:`card_state`; see engine/core/cardstate.py).

ATK and DEF with the cell bonus they hold, damage and the DEF left, the double-score
bonus, covered or not, and whose it is now when a flip took it from its owner. A covered
card the view may not see has no state (None).
"""
from __future__ import annotations

from ..core.cardstate import CardState, Stat
from . import match as VM
from .cards import CARD_ATK, CARD_DEF, CARD_IS_BLOCK, POOL, cell_name


def card_state(view, inst: int) -> CardState | None:
    """The card instance ``inst`` on the grid as it is now (None when it is not on the grid
    or is hidden from the view)."""
    if not 0 <= inst < len(view.pos) or view.pos[inst] < 0:
        return None
    ci = view.cardof[inst]
    if ci < 0:
        return None
    card = POOL[ci]
    p = view.ctrl[inst]
    bon = view.bon[inst]
    notes = []
    if view.flags[inst] & VM.F_COVERED:
        notes.append("Growth-covered: revealed free." if view.flags[inst] & VM.F_GROWTH
                     else f"Covered: scores nothing until revealed; costs {card.cost}¢ then.")
    owner = view.owner(inst) if view.owner(inst) != p else -1
    if CARD_IS_BLOCK[ci]:
        return CardState(card=card.id, controller=p, notes=tuple(notes), owner=owner)
    atk_parts = ((2, f"the +2 ATK bonus of {cell_name(view.pos[inst])}"),) if bon == VM.B_ATK else ()
    def_parts = ((2, f"the +2 DEF bonus of {cell_name(view.pos[inst])}"),) if bon == VM.B_DEF else ()
    atk = CARD_ATK[ci] + (2 if bon == VM.B_ATK else 0)
    dfn = CARD_DEF[ci] + (2 if bon == VM.B_DEF else 0)
    if bon == VM.B_DOUBLE:
        notes.append("Double score: counts 2 while on this cell.")
    dmg = view.dmg[inst]
    return CardState(card=card.id, controller=p,
                     stats=(Stat("ATK", atk, CARD_ATK[ci], atk_parts), Stat("DEF", dfn, CARD_DEF[ci], def_parts)),
                     damage=dmg, left=dfn - dmg, notes=tuple(notes), owner=owner)
