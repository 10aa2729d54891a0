"""Everdawn: what a creature in play is now (:func:`card_state`; see engine/core/cardstate.py).

Attack and Defense outside a clash (type advantage adds the printed bonus numbers in a
clash) with their parts — equipment, the set bonus it receives, the Champions' auras,
this round's and this combat's spells, first-combat bonuses — the items it wears, whether
it is set (what it gives, that it can't attack or counterattack) and whether its
once-only first-combat effect is still to come or used.
"""
from __future__ import annotations

from ..core.cardstate import CardState, Stat
from . import match as EM
from .cards import (ATK, ATKB, CARDS_BY_CODE, DEF, DEFB, EQ_ATK, EQ_DEF, FIRST_ATK, FIRST_TEAM_ATK, HAS_FRESH,
                    MELEE, TYPE)
from .cards import AURA_MELEE_ATK, AURA_TEAM_DEF


def _name(code: int) -> str:
    return CARDS_BY_CODE[code].name


def card_state(view, ref) -> CardState | None:
    """The creature at ``ref`` = ``(seat, slot)`` as it is now (None when the slot is empty)."""
    p, slot = ref
    b = view.b
    base = EM.S0 + p * 36
    i = base + slot * EM.NF
    code = b[i]
    if code < 0:
        return None
    ty = TYPE[code]
    atk_parts, def_parts = [], []
    items = [x for x in (b[i + 1], b[i + 2], b[i + 3]) if x >= 0]
    for it in items:
        a, d = EQ_ATK[it][ty], EQ_DEF[it][ty]
        if a:
            atk_parts.append((a, _name(it)))
        if d:
            def_parts.append((d, _name(it)))
    if b[i + EM.SF_TDEF]:
        def_parts.append((b[i + EM.SF_TDEF], "a spell this turn"))
    src, tgt = b[EM.G_SET_SRC + p], b[EM.G_SET_TGT + p]
    if tgt == slot and src >= 0:
        sc = b[base + src * EM.NF]
        if ATKB[sc]:
            atk_parts.append((ATKB[sc], f"set {_name(sc)}"))
        if DEFB[sc]:
            def_parts.append((DEFB[sc], f"set {_name(sc)}"))
    for s in EM.SLOTS:
        other = b[base + s * EM.NF]
        if other < 0 or s == slot:
            continue
        if AURA_TEAM_DEF[other]:
            def_parts.append((AURA_TEAM_DEF[other], _name(other)))
        if slot < 3 and s < 3 and ty == MELEE and AURA_MELEE_ATK[other]:
            atk_parts.append((AURA_MELEE_ATK[other], _name(other)))
    active = p == b[EM.G_ACTIVE]
    flags = b[i + EM.SF_FLAGS]
    if slot < 3:
        if active and b[EM.G_ROUND_ATK]:
            atk_parts.append((b[EM.G_ROUND_ATK], "this round's spells"))
        if active:
            for s in EM.LANES:
                other = b[base + s * EM.NF]
                if s != slot and other >= 0 and b[base + s * EM.NF + EM.SF_FLAGS] & EM.F_FRESH \
                        and FIRST_TEAM_ATK[other]:
                    atk_parts.append((FIRST_TEAM_ATK[other], f"{_name(other)}'s first combat"))
        cm = EM.G_CM + p * 9 + slot * 3
        if b[cm]:
            atk_parts.append((b[cm], "combat spells on this lane"))
        if b[cm + 1]:
            def_parts.append((b[cm + 1], "combat spells on this lane"))
    if active and flags & EM.F_FRESH and FIRST_ATK[code]:
        atk_parts.append((FIRST_ATK[code], "its first combat"))
    atk, dfn = view._stats(p, slot, False)
    # (whatever the named parts miss is said, never left out of the sum)
    for parts, now, printed in ((atk_parts, atk, ATK[code]), (def_parts, dfn, DEF[code])):
        rest = now - printed - sum(n for n, _ in parts)
        if rest:
            parts.append((rest, "other effects"))
    stats = (Stat("Attack", atk, ATK[code], tuple(atk_parts)), Stat("Defense", dfn, DEF[code], tuple(def_parts)))
    notes, spent = [], []
    if src == slot:
        if tgt >= 0:
            to = b[base + tgt * EM.NF]
            notes.append(f"Set: gives +{ATKB[code]}/+{DEFB[code]} to {_name(to)} in lane {tgt + 1}; "
                         "can't attack or counterattack until its owner's next turn.")
        else:
            notes.append("Set by an opponent's card: gives no bonus and can't counterattack "
                         "until its owner's next turn.")
    if HAS_FRESH[code]:
        if flags & EM.F_FRESH:
            notes.append("Its first-combat effect is still to come.")
        elif flags & EM.F_PLAYED:
            spent.append("first-combat effect")
            notes.append("Its first-combat effect is used.")
    return CardState(card=CARDS_BY_CODE[code].id, controller=p, stats=stats,
                     equipment=tuple(CARDS_BY_CODE[x].id for x in items), spent=tuple(spent),
                     notes=tuple(notes))
