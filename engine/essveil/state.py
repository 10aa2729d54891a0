"""Essveil: what a creature in play is now (:func:`card_state`; see engine/core/cardstate.py).

Might and Endurance with their parts (effects such as Grow and Wild Growth, the
Equipment), damage and the Endurance left, the keywords it has now (printed unless
Silenced, given by effects, by its Equipment, an unspent Aegis, Grow / On Play / Last
Rites unless Silenced), which were gained and lost and why (Silenced, Aegis spent), and
the rules text it has now.
"""
from __future__ import annotations

import dataclasses

from ..core.cardstate import CardState, Stat
from . import match as SM
from .cards import C_END, C_ID, C_MIGHT, C_NAME, CARDS, CARDS_BY_INDEX, E_AEGIS, E_END, E_KW, E_MIGHT, card_text

_ALL_KW = tuple(n for n, _bit in SM._KW_ORDER)
_TAILS = ("On Play", "Last Rites")
_TEXT: dict = {}        # (card index, keywords now, silenced) -> the rules text then


def _names(bits: int) -> list[str]:
    return [n for n, bit in SM._KW_ORDER if bits & bit]


def _text(card: int, keywords: tuple, silenced: bool) -> str:
    key = (card, keywords, silenced)
    t = _TEXT.get(key)
    if t is None:
        c = CARDS_BY_INDEX[card]
        now = dataclasses.replace(c, keywords=keywords)
        if silenced:
            now = dataclasses.replace(now, on_play=(), last_rites=(), ability=None, grow=0, life_cost=0)
        t = card_text(now, CARDS)
        if silenced:
            t = ("Silenced. " + t).strip()
        if len(_TEXT) > 2048:
            _TEXT.clear()
        _TEXT[key] = t
    return t


def card_state(view, uid: int) -> CardState | None:
    """The creature ``uid`` as it is now (None when it is not in play)."""
    p, off = view._find(uid)
    if p < 0:
        return None
    b = view.boards[p]
    card, dmg, r_might, r_end = b[off + SM.R_CARD], b[off + SM.R_DMG], b[off + SM.R_MIGHT], b[off + SM.R_END]
    flags, eq, gkw = b[off + SM.R_FLAGS], b[off + SM.R_EQUIP], b[off + SM.R_GKW]
    c = CARDS_BY_INDEX[card]
    silenced = bool(flags & SM.F_SILENCED)
    eq_name = C_NAME[eq] if eq else ""
    might_parts, end_parts = [], []
    if r_might:
        might_parts.append((r_might, "effects"))
    if r_end:
        end_parts.append((r_end, "effects"))
    if eq and E_MIGHT[eq]:
        might_parts.append((E_MIGHT[eq], eq_name))
    if eq and E_END[eq]:
        end_parts.append((E_END[eq], eq_name))
    might = C_MIGHT[card] + r_might + E_MIGHT[eq]
    end = C_END[card] + r_end + E_END[eq]
    stats = (Stat("Might", might, C_MIGHT[card], tuple(might_parts)),
             Stat("Endurance", end, C_END[card], tuple(end_parts)))
    kws = view._keyword_names(b, off)
    printed = list(c.keywords)
    # gained: from the Equipment, from effects, an Aegis the card doesn't print
    gained = []
    eq_kw = set(_names(E_KW[eq])) if eq else set()
    for k in _names(gkw | E_KW[eq]):
        if k in printed and not silenced:
            continue
        gained.append((k, eq_name if k in eq_kw else "an effect"))
    has_aegis = bool(flags & SM.F_AEGIS)
    if has_aegis and ("Aegis" not in printed or silenced):
        gained.append(("Aegis", eq_name if eq and E_AEGIS[eq] else "an effect"))
    lost, spent = [], []
    for k in printed:
        if k in kws:
            continue
        if silenced:
            lost.append((k, "Silenced"))
        elif k == "Aegis":
            lost.append(("Aegis", "spent"))
            spent.append("Aegis")
    if silenced and c.ability is not None:
        lost.append(("Tap ability", "Silenced"))
    # the text it has now: printed, unless the keywords differ (Silence, Equipment, a spent Aegis)
    own = tuple(k for k in kws if k not in _TAILS and not k.startswith("Grow"))
    tails = tuple(k for k in printed if k in _TAILS or k.startswith("Grow")) if not silenced else ()
    now_kws = tuple(k for k in _ALL_KW + ("Aegis",) if k in own) + tails
    text = None
    if set(now_kws) != set(printed) or silenced:
        text = _text(card, now_kws, silenced)
    notes = []
    if flags & SM.F_GUARDED:
        notes.append("Has intercepted this round.")
    if flags & SM.F_DOOMED:
        notes.append("Destroyed: leaves play at the next check.")
    return CardState(card=C_ID[card], controller=p, stats=stats, damage=dmg, left=end - dmg,
                     keywords=tuple(kws), printed_keywords=tuple(printed), gained=tuple(gained),
                     lost=tuple(lost), silenced=silenced, spent=tuple(spent),
                     equipment=(C_ID[eq],) if eq else (), text=text, notes=tuple(notes))

