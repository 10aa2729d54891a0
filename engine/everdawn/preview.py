"""Everdawn previews: an attack being declared.

For ``(ATTACK, from_lane, to_lane)`` the attack is declared on a guessed copy
(:func:`engine.core.preview.simulate`), the remaining declarations are passed,
both spell windows pass and an attack order (if asked) takes this attacker
first; the clash this attacker then fights is read from the events. The blow's
parts (base, equipment, set bonus, advantage, others) come from the board as it
stands, named as the creature's state names them (engine/everdawn/state.py: "2 Iron Sword",
"1 Traghrim", "2 set Frost Warden"). ``facts``: ``attack``, ``defense``, ``counter`` (-1: none), ``att_defense``,
``adv_att``, ``adv_def``, ``def_dies``, ``att_dies``, ``open_lane``, ``morale``
(the defender's morale loss) and ``morale_after``.
"""
from __future__ import annotations

from ..core.preview import Preview, simulate
from . import match as EM
from .cards import ATKB, BEATS, CARDS_BY_CODE, DEFB, TYPE
from .state import card_state

TYPE_WORD = ("melee", "range", "magic")


def _name(code):
    return CARDS_BY_CODE[code].name if 0 <= code < len(CARDS_BY_CODE) else "?"


def _parts(m, p, slot, adv, attack=True):
    """The named parts of a creature's attack (or defense) in a clash: [(amount, word)] —
    the printed base, then what the creature's state (engine/everdawn/state.py) names
    (each item, the set bonus, a Champion's aura, spells), then type advantage."""
    code = m.b[EM.S0 + p * 36 + slot * EM.NF]
    st = card_state(m, (p, slot)).stat("Attack" if attack else "Defense")
    total = m._stats(p, slot, adv)[0 if attack else 1]
    parts = [(st.printed, "base")] + [(n, w) for n, w in st.parts if n]
    if adv:
        ab = ATKB[code] if attack else DEFB[code]
        if ab:
            parts.append((ab, "advantage"))
    rest = total - sum(x for x, _ in parts)
    if rest:
        parts.append((rest, "other bonuses"))
    return total, parts


def _fmt(total, parts):
    if len(parts) <= 1:
        return str(total)
    inner = " + ".join(f"{x} {w}" if w != "base" else str(x) for x, w in parts)
    return f"{total} ({inner})".replace("+ -", "− ")


def _continue(lane):
    def then(m, _events):
        ph = m.phase()
        if ph == "declare":
            return (EM.PASS,)
        if ph in ("defender_spells", "attacker_spells"):
            return (EM.PASS,)
        if ph == "order":
            legal = m.legal_actions()
            return (EM.ORDER, lane) if (EM.ORDER, lane) in legal else legal[0]
        return None
    return then


def preview(m, action) -> Preview | None:
    if not action or action[0] != EM.ATTACK or m.phase() != "declare":
        return None
    p = m.to_move()
    a, t = action[1], action[2]
    out = simulate(m, [action], then=_continue(a))
    if out is None:
        return None
    after, events = out
    d = 1 - p
    acode = m.creature_at(p, a)
    clash = next((e for e in events if e[0] in ("clash", "open_hit", "miss") and e[1] == p and e[2] == a), None)
    if clash is None:
        return None
    me = _name(acode)
    facts = {"open_lane": clash[0] == "open_hit", "miss": clash[0] == "miss"}
    lines = []
    if clash[0] == "miss":
        lines.append(f"{me} hits nothing: an earlier attack into that lane destroys its creature first.")
        return Preview(tuple(action), lines, facts=facts)
    if clash[0] == "open_hit":
        dmg = clash[5]
        total, parts = _parts(m, p, a, True)
        before = m.morale(d)
        facts.update(attack=dmg, morale=dmg, morale_after=before - dmg, def_dies=False, att_dies=False,
                     counter=-1)
        lines.append(f"Open lane: {me} strikes for {_fmt(total, parts)}.")
        lines.append(f"The opponent loses {dmg} morale (from {before} to {max(0, before - dmg)}).")
        if before - dmg <= 0:
            lines.append("That ends the duel: the opponent's morale is gone.")
        return Preview(tuple(action), lines, facts=facts)
    _k, _p, _a, _t, _ac, dcode, att, dfn, cnt, adef, d_dies, a_dies = clash[:12]
    b = m.b
    adv_a = bool(BEATS[TYPE[acode]][TYPE[dcode]] or b[EM.G_CM + p * 9 + a * 3 + 2] & EM.CM_ADV)
    adv_d = bool(BEATS[TYPE[dcode]][TYPE[acode]] or b[EM.G_CM + d * 9 + t * 3 + 2] & EM.CM_ADV)
    facts.update(attack=att, defense=dfn, counter=cnt, att_defense=adef, adv_att=adv_a, adv_def=adv_d,
                 def_dies=bool(d_dies), att_dies=bool(a_dies), morale=0)
    them = _name(dcode)
    ta, pa = _parts(m, p, a, adv_a)
    td, pd = _parts(m, d, t, adv_d, attack=False)
    if BEATS[TYPE[acode]][TYPE[dcode]]:
        lines.append(f"{me} attacks {them}: {TYPE_WORD[TYPE[acode]]} beats {TYPE_WORD[TYPE[dcode]]} (advantage).")
    elif BEATS[TYPE[dcode]][TYPE[acode]]:
        lines.append(f"{me} attacks {them}: {TYPE_WORD[TYPE[dcode]]} beats {TYPE_WORD[TYPE[acode]]} "
                     "(advantage to the defender).")
    else:
        lines.append(f"{me} attacks {them}.")
    lines.append(f"Blow {_fmt(ta, pa)} against defense {_fmt(td, pd)}: "
                 + ("destroys it." if d_dies else "it survives."))
    if cnt < 0:
        lines.append(f"{them} can't strike back.")
    else:
        tc, pc = _parts(m, d, t, adv_d)
        tdf, pdf = _parts(m, p, a, adv_a, attack=False)
        lines.append(f"Counter {_fmt(tc, pc)} against your defense {_fmt(tdf, pdf)}: "
                     + (f"your {me} falls." if a_dies else f"your {me} survives."))
    morale_loss = sum(-e[2] for e in events if e[0] == "morale" and e[1] == d and e[2] < 0)
    facts["enemy_morale_loss"] = morale_loss
    # another attack of yours already goes into that lane: the defender chooses which it
    # takes first, and the figures above are for this one first (a later attack may miss)
    shared = any(x != a and tt == t for x, tt in m.attacks())
    facts["defender_orders"] = shared
    if shared:
        lines.insert(0, "If the defender takes this attack first:")
        lines.append("Another attack goes into the same lane: the defender chooses which it takes first.")
    lines.append("If no combat spell is cast.")
    return Preview(tuple(action), lines, warning=bool(a_dies and not d_dies), facts=facts)
