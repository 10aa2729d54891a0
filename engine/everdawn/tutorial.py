"""Everdawn's part of Learn to play (see :mod:`engine.core.tutorial`): lesson
positions, moves named as a player reads them, and the figures of a move's events.

A position (the lesson file's ``position`` table) is what :func:`testing.scenario`
takes, with ``"-"`` for an empty slot::

    position = { board0 = ["vale_archer", "-", "-", "traghrim", "iron_vanguard", "-"],
                 board1 = ["dawn_seers", "shieldbearer"], hand0 = ["hunting_bow"] }

It starts at the Set Phase of the active player's turn; ``phase = "combat"`` starts it
at the Combat Phase instead (the Set Phase passed, nothing done in it), for a lesson
about attacking alone.

Moves are named by ``do`` (move, equip, set, cast, attack, order, choose, pass, redraw),
``card`` (the card dragged: a hand card or one of your creatures; for ``order`` the
attacker taken next) and ``target`` (where it goes: ``lane 2``, ``bench 3``, ``their
lane 2``, the creature's name, ``table`` for a spell without a target).
"""
from __future__ import annotations

from ..core.tutorial import LessonError, check_card_ids, check_position_keys, described, drag_try_text, figures
from . import match as EM
from .cards import ATKB, BEATS, CARDS_BY_CODE, CODE, DEFB, IS_COMBAT_SPELL, TYPE
from .testing import scenario

TYPE_WORDS = {"melee": "melee", "range": "range", "magic": "magic"}
POSITION_KEYS = {"board0", "board1", "hand0", "hand1", "sdeck0", "sdeck1", "cdeck0", "cdeck1", "active",
                 "turn", "first", "morale", "fresh_lanes", "lost", "phase"}
PHASES = ("set", "combat")


def _name(code) -> str:
    return CARDS_BY_CODE[code].name if code is not None and code >= 0 else ""


def _ids(v, what):
    return check_card_ids(v, what, CODE, "Everdawn", blank="-")


def position(spec: dict) -> EM.EverdawnMatch:
    check_position_keys(spec, POSITION_KEYS)
    kw = {}
    for k in ("board0", "board1"):
        if k in spec:
            kw[k] = [None if e == "-" else (tuple(e) if isinstance(e, list) else e) for e in _ids(spec[k], k)]
    for k in ("hand0", "hand1", "sdeck0", "sdeck1", "cdeck0", "cdeck1"):
        if k in spec:
            kw[k] = _ids(spec[k], k)
    for k in ("active", "turn", "first", "fresh_lanes"):
        if k in spec:
            kw[k] = spec[k]
    for k in ("morale", "lost"):
        if k in spec:
            kw[k] = tuple(spec[k])
    phase = spec.get("phase", "set")
    if phase not in PHASES:
        raise LessonError(f"position: 'phase' is one of {', '.join(PHASES)}, not {phase!r}.")
    m = scenario(**kw)
    if phase == "combat":
        m.apply((EM.PASS,))            # the Set Phase passed: the active player declares attacks
    return m


def slot_words(s: int) -> list[str]:
    return [EM.slot_name(s)]


def describe(m: EM.EverdawnMatch, a) -> dict | None:
    """``{"do", "card", "targets"}`` of legal action ``a`` (the player to move's)."""
    me = m.to_move()
    k = a[0]
    if k == EM.PASS:
        return {"do": "pass", "targets": []}
    if k == EM.REDRAW:
        return {"do": "redraw", "targets": []}
    if k == EM.MOVE:
        to = m.creature_at(me, a[2])
        return {"do": "move", "card": _name(m.creature_at(me, a[1])),
                "targets": slot_words(a[2]) + ([_name(to)] if to >= 0 else [])}
    if k == EM.SET:
        return {"do": "set", "card": _name(m.creature_at(me, a[1])),
                "targets": slot_words(a[2]) + [_name(m.creature_at(me, a[2]))]}
    if k == EM.EQUIP:
        return {"do": "equip", "card": _name(m.hand[me][a[1]]),
                "targets": slot_words(a[2]) + [_name(m.creature_at(me, a[2]))]}
    if k == EM.CAST:
        c = m.hand[me][a[1]]
        t = a[2]
        if t == EM.NO_TARGET:
            return {"do": "cast", "card": _name(c), "targets": ["table"]}
        if IS_COMBAT_SPELL[c]:
            return {"do": "cast", "card": _name(c), "targets": [f"lane {t + 1}", _name(m.creature_at(me, t))]}
        return {"do": "cast", "card": _name(c), "targets": slot_words(t) + [_name(m.creature_at(me, t))]}
    if k == EM.ATTACK:
        d = m.creature_at(1 - me, a[2])
        return {"do": "attack", "card": _name(m.creature_at(me, a[1])),
                "targets": [f"their lane {a[2] + 1}"] + ([_name(d)] if d >= 0 else ["open lane"])}
    if k == EM.ORDER:
        return {"do": "order", "card": _name(m.creature_at(1 - me, a[1])), "targets": []}
    if k == EM.CHOOSE:
        kind = m.pending()[0]
        v = a[1]
        if kind in (EM.CH_PLACE, EM.CH_RELOCATE):
            return {"do": "choose", "targets": slot_words(v)}
        if kind == EM.CH_SET_OPP:
            return {"do": "choose", "targets": [f"their lane {v + 1}", _name(m.creature_at(1 - me, v))]}
        return {"do": "choose", "targets": [m.action_text(a)]}
    return None


def try_text(spec: dict) -> str:
    do, card, target = spec.get("do", ""), spec.get("card"), spec.get("target")
    if do == "pass":
        return "Not yet: press the highlighted button (Space) first."
    if do == "order":
        return f"Try clicking {card} to take its attack first."
    if do == "choose":
        return f"Try clicking {target}."
    if do == "redraw":
        return "Try the Redraw button."
    return drag_try_text(card, target)


def facts(before: EM.EverdawnMatch, a, events: list, viewer: int = 0, after=None) -> dict:
    """Figures of move ``a`` made on ``before``, read from its ``events``."""
    out = {}
    d, tg = described(describe, before, a)
    out["move"] = figures(do=d.get("do", ""), card=d.get("card", ""), target=tg[0],
                          to=tg[0], on=tg[-1], text=before.action_text(a))
    for ev in events:
        k = ev[0]
        if k in ("clash", "open_hit", "equip", "set", "destroyed", "trigger", "cast", "lane_bonus", "attack") \
                and k in out:
            continue                      # the first of each (the morale and draws: see below)
        if k == "clash":
            _, p, al, dl, ac, dc, att, dfn, ctr, adf, ddead, adead = ev[:12]
            t_a, t_d = TYPE[ac], TYPE[dc]
            att_adv, def_adv = BEATS[t_a][t_d], BEATS[t_d][t_a]
            out["clash"] = figures(attacker=_name(ac), defender=_name(dc), attack=att, defense=dfn,
                                   counter=ctr, attacker_defense=adf, destroyed="destroyed" if ddead else "holds",
                                   attacker_fate="destroyed" if adead else "holds", attacker_type=t_a, defender_type=t_d,
                                   attack_bonus=ATKB[ac] if att_adv else 0, defense_bonus=DEFB[ac] if att_adv else 0,
                                   counter_bonus=ATKB[dc] if def_adv else 0,
                                   holder_bonus=DEFB[dc] if def_adv else 0,
                                   lane=al + 1, their_lane=dl + 1, margin=att - dfn)
        elif k == "open_hit":
            out["open_hit"] = figures(attacker=_name(ev[4]), damage=ev[5], lane=ev[3] + 1, bonus=ATKB[ev[4]])
        elif k == "morale":
            # "morale": the first change; "my_morale" / "their_morale": where each side ends,
            # with the whole loss of this move
            if "morale" not in out:
                out["morale"] = figures(player=ev[1], change=ev[2], loss=-ev[2], value=ev[3], cause=ev[4])
            key = "my_morale" if ev[1] == viewer else "their_morale"
            was = out.get(key)
            total = (was.total_loss if was is not None else 0) - ev[2]
            out[key] = figures(value=ev[3], loss=-ev[2], total_loss=total, cause=ev[4])
            continue
        elif k == "equip":
            p, slot = ev[1], ev[3]
            a0, d0 = before.stats(p, slot)
            a1, d1 = after.stats(p, slot) if after is not None else (a0, d0)
            out["equip"] = figures(item=_name(ev[2]), creature=_name(ev[4]), slot=EM.slot_name(slot),
                                   attack_before=a0, defense_before=d0, attack=a1, defense=d1,
                                   attack_gain=a1 - a0, defense_gain=d1 - d0)
        elif k == "move" and "moved" not in out:
            out["moved"] = figures(card=_name(ev[4]), frm=EM.slot_name(ev[2]), to=EM.slot_name(ev[3]))
        elif k == "set":
            p, tgt = ev[1], ev[3]
            a0, d0 = before.stats(p, tgt) if tgt >= 0 else (0, 0)
            a1, d1 = after.stats(p, tgt) if after is not None and tgt >= 0 else (a0, d0)
            out["set"] = figures(card=_name(ev[4]) if len(ev) > 4 else "", on=_name(ev[5]) if len(ev) > 5 else "",
                                 attack_before=a0, defense_before=d0, attack=a1, defense=d1,
                                 attack_gain=a1 - a0, defense_gain=d1 - d0)
        elif k == "destroyed":
            out["destroyed"] = figures(player=ev[1], card=_name(ev[3]), slot=EM.slot_name(ev[2]))
        elif k == "trigger":
            out["trigger"] = figures(card=_name(ev[2]), when=ev[3])
        elif k == "draw":
            key = "draw" if ev[1] == viewer else "their_draw"
            if key not in out:
                out[key] = figures(n=ev[2])
        elif k == "cast":
            out["cast"] = figures(spell=_name(ev[2]))
        elif k == "lane_bonus":
            out["lane_bonus"] = figures(what=ev[3], lane=ev[2] + 1)
        elif k == "game_over" and "game_over" not in out:
            out["game_over"] = figures(winner=ev[1], reason=ev[2])
        elif k == "attack":
            out["attack"] = figures(attacker=_name(ev[4]), defender=_name(ev[5]) if len(ev) > 5 and ev[5] >= 0
                                    else "the open lane", lane=ev[2] + 1, their_lane=ev[3] + 1)
    return out
