"""Essveil's part of Learn to play (see :mod:`engine.core.tutorial`): lesson positions,
moves named as a player reads them, and the figures of a move's events.

A position is what :func:`testing.scenario` takes, with lists for pairs::

    position = { hands = [["dune_raider", "spark"], []], boards = [["wildcub"], ["shield_bearer"]],
                 veil = [5, 3], phase = "attune" }

Moves: ``do`` = flow, deep attune, play, attack, ability, intercept, let through, end;
``card`` = the card played or the creature acting; ``target`` = a creature's name (or
``your …`` / ``their …``), ``the opponent``, ``yourself``, or ``table`` for a card
without a target.
"""
from __future__ import annotations

from ..core.tutorial import LessonError, check_card_ids, check_position_keys, described, drag_try_text, figures
from . import match as EV
from .cards import C_NAME, INDEX
from .testing import scenario

POSITION_KEYS = {"hands", "boards", "decks", "graves", "life", "veil", "spent", "active", "first", "turn",
                 "phase"}


def _name_of(cid) -> str:
    return C_NAME[INDEX[cid]] if cid in INDEX else str(cid)


def position(spec: dict) -> EV.EssveilMatch:
    check_position_keys(spec, POSITION_KEYS)
    kw = {}
    for k in ("hands", "boards", "decks", "graves"):
        if k in spec:
            v = spec[k]
            if not (isinstance(v, list) and len(v) == 2 and all(isinstance(x, list) for x in v)):
                raise LessonError(f"position: '{k}' must be two lists (yours, theirs).")
            for x in v:
                check_card_ids(x, k, INDEX, "Essveil")
            kw[k] = (list(v[0]), list(v[1]))
    for k in ("life", "veil", "spent"):
        if k in spec:
            kw[k] = tuple(spec[k])
    for k in ("active", "first", "turn", "phase"):
        if k in spec:
            kw[k] = spec[k]
    return scenario(**kw)


def _target_words(m, me, t) -> list[str]:
    if t == EV.NO_TARGET:
        return ["table"]
    if t in (1, 2):
        return ["yourself", "you"] if t - 1 == me else ["the opponent", "opponent", "them"]
    c = m.creature(t)
    if c is None:
        return []
    name = _name_of(c["card"])
    side = "your" if c.get("controller", me) == me else "their"
    return [name, f"{side} {name}"]


def describe(m: EV.EssveilMatch, a) -> dict | None:
    me = m.to_move()
    k = a[0]
    if k == EV.END:
        return {"do": "end", "targets": []}
    if k == EV.FLOW:
        return {"do": "flow", "targets": []}
    if k == EV.DEEP:
        return {"do": "deep attune", "targets": []}
    if k == EV.LET_THROUGH:
        return {"do": "let through", "targets": []}
    if k == EV.PLAY:
        hand = m.hands[me]
        return {"do": "play", "card": C_NAME[hand[a[1]]], "targets": _target_words(m, me, a[2])}
    if k in (EV.ATTACK, EV.ABILITY):
        c = m.creature(a[1])
        return {"do": "attack" if k == EV.ATTACK else "ability", "card": _name_of(c["card"]),
                "targets": _target_words(m, me, a[2])}
    if k == EV.INTERCEPT:
        return {"do": "intercept", "card": _name_of(m.creature(a[1])["card"]), "targets": []}
    return None


def try_text(spec: dict) -> str:
    do, card, target = spec.get("do", ""), spec.get("card"), spec.get("target")
    if do == "flow":
        return "Try the Flow button."
    if do == "deep attune":
        return "Try the Deep Attune button."
    if do == "end":
        return "Not yet: press End turn (Space) to go on."
    if do == "let through":
        return "Try Let the attack through (Space)."
    if do == "intercept":
        return f"Try dragging {card} onto the attacker."
    return drag_try_text(card, "your side of the table" if target == "table" else target)


def facts(before: EV.EssveilMatch, a, events: list, viewer: int = 0, after=None) -> dict:
    out = {}
    d, tg = described(describe, before, a)
    out["move"] = figures(do=d.get("do", ""), card=d.get("card", ""), target=tg[0], text=before.action_text(a))
    if after is not None:
        r, v, s = after.essence(viewer)
        out["essence"] = figures(reserve=r, veil=v, spent=s, total=r + v + s)
        r, v, s = after.essence(1 - viewer)
        out["their_essence"] = figures(reserve=r, veil=v, spent=s)
        out["life"] = figures(mine=after.life(viewer), theirs=after.life(1 - viewer))
    for ev in events:
        k = ev[0]
        if k == "attune" and "attune" not in out:
            out["attune"] = figures(n=ev[2], how=ev[3])
        elif k == "draw" and ev[1] == viewer and "draw" not in out:
            out["draw"] = figures(card=_name_of(ev[2]) if isinstance(ev[2], str) else "a card")
        elif k == "pay" and "pay" not in out:
            out["pay"] = figures(essence=ev[2], life=ev[3])
        elif k == "enter" and "enter" not in out:
            out["enter"] = figures(card=_name_of(ev[3]))
        elif k == "equip" and "equip" not in out:
            bearer = after.creature(ev[3]) if after is not None else None
            out["equip"] = figures(item=_name_of(ev[2]), creature=_name_of(ev[4]),
                                   might=bearer["might"] if bearer else 0,
                                   endurance=bearer["endurance"] if bearer else 0,
                                   left=bearer["left"] if bearer else 0)
        elif k == "attack" and "attack" not in out:
            out["attack"] = figures(attacker=_name_of(ev[3]),
                                    target=_name_of(ev[5]) if ev[5] else "the player")
        elif k == "intercept" and "intercept" not in out:
            out["intercept"] = figures(guard=_name_of(ev[3]))
        elif k == "fight" and "fight" not in out:
            out["fight"] = figures(attacker=_name_of(ev[3]) if len(ev) > 3 else "",
                                   defender=_name_of(ev[4]) if len(ev) > 4 else "")
        elif k == "damage":
            if ev[1] in (1, 2):
                key = "my_damage" if ev[1] - 1 == viewer else "player_damage"
                out.setdefault(key, figures(n=ev[3], life=ev[4]))
            else:
                key = "damage" if "damage" not in out else "damage2"
                if key not in out:
                    out[key] = figures(card=_name_of(ev[2]), n=ev[3], left=max(0, ev[4]))
        elif k == "aegis_spent" and "aegis_spent" not in out:
            out["aegis_spent"] = figures(card=_name_of(ev[2]), n=ev[3])
        elif k == "venom" and "venom" not in out:
            out["venom"] = figures(card=_name_of(ev[2]))
        elif k == "die" and "die" not in out:
            out["die"] = figures(card=_name_of(ev[3]))
        elif k == "heal" and "heal" not in out:
            out["heal"] = figures(n=ev[2], life=ev[3])
        elif k == "game_over" and "game_over" not in out:
            out["game_over"] = figures(winner=ev[1], reason=ev[2])
    return out
