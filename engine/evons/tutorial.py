"""Evons' part of Learn to play (see :mod:`engine.core.tutorial`): lesson positions,
moves named as a player reads them, and the figures of a move's events.

A position is what :func:`testing.scenario` takes; a grid entry is a list::

    position = { grid = { C2 = ["ember_imp", 1], B4 = ["stone_ram", 0, "covered"] },
                 hand0 = ["cinder_fox"], bonuses = { C3 = "double" }, credits = [20, 20] }

Moves: ``do`` = play (active: pay now), play covered (pay at your next turn), pass,
fire (an ability arrow: ``card`` = the acting card, ``target`` = the cell or the
ability's name), done (end the ability phase), conflict, hit, pull, pick, order;
``card`` = the card's name; ``target`` = a cell ("C3"). A play is the drag of a hand
card onto a cell (the engine's PLAY, its SELECT + CELL in one).
"""
from __future__ import annotations

from ..core.tutorial import (NOT_THIS_MOVE, LessonError, check_card_ids, check_position_keys, described,
                             figures)
from . import match as EM
from .cards import DIRECTIONS, INDEX_OF, NEIGHBOUR, cell_name, parse_cell
from .testing import scenario

POSITION_KEYS = {"grid", "hand0", "hand1", "deck0", "deck1", "grave0", "grave1", "removed0", "removed1",
                 "credits", "turn_player", "bonuses"}


def position(spec: dict) -> EM.EvonsMatch:
    check_position_keys(spec, POSITION_KEYS)
    kw = {}
    grid = {}
    for name, entry in (spec.get("grid") or {}).items():
        if not isinstance(entry, list) or not entry or entry[0] not in INDEX_OF:
            raise LessonError(f"position: grid cell {name} must be [card id, owner(, state)].")
        parse_cell(name)
        grid[name] = tuple(entry)
    kw["grid"] = grid
    for k in ("hand0", "hand1", "deck0", "deck1", "grave0", "grave1", "removed0", "removed1"):
        if k in spec:
            kw[k] = check_card_ids(spec[k], k, INDEX_OF, "Evons")
    if "credits" in spec:
        kw["credits"] = tuple(spec["credits"])
    if "turn_player" in spec:
        kw["turn_player"] = spec["turn_player"]
    if "bonuses" in spec:
        kw["bonuses"] = dict(spec["bonuses"])
    return scenario(**kw)


def _name(m, inst) -> str:
    c = m.card(inst) if inst is not None and inst >= 0 else None
    return c.name if c is not None else ""


def candidates(m: EM.EvonsMatch) -> list:
    """The legal actions, with each SELECT + CELL also as the one PLAY a drag makes."""
    legal = list(m.legal_actions())
    out = list(legal)
    for a in legal:
        if a[0] == EM.SELECT:
            for c in m.play_targets(a[1], a[2]):
                out.append((EM.PLAY, a[1], c, a[2]))
    return out


def describe(m: EM.EvonsMatch, a) -> dict | None:
    k = a[0]
    if k == EM.PLAY:
        return {"do": "play covered" if a[3] else "play", "card": _name(m, a[1]), "targets": [cell_name(a[2])]}
    if k == EM.PASS:
        return {"do": "pass", "targets": []}
    if k == EM.DONE:
        return {"do": "done", "targets": []}
    if k == EM.KEEP:
        return {"do": "keep", "targets": []}
    if k == EM.FIRE:
        acting = m.acting()
        c0 = m.pos[acting]
        t = NEIGHBOUR[c0][a[1]]
        words = [cell_name(t), DIRECTIONS[a[1]]]
        card = m.card(acting)
        if card is not None and card.arrows[a[1]]:
            words.append(card.arrows[a[1]].capitalize())
        return {"do": "fire", "card": _name(m, acting), "targets": words}
    if k == EM.CONFLICT:
        acting = m.acting()
        t = NEIGHBOUR[m.pos[acting]][a[1]]
        return {"do": "conflict", "card": _name(m, acting), "targets": [cell_name(t), _name(m, m.at(t))]}
    if k in (EM.HIT, EM.PULL, EM.ORDER):
        return {"do": {EM.HIT: "hit", EM.PULL: "pull", EM.ORDER: "order"}[k], "card": _name(m, m.at(a[1])),
                "targets": [cell_name(a[1])]}
    if k == EM.PICK:
        return {"do": "pick", "card": _name(m, a[1]), "targets": []}
    return None


def try_text(spec: dict) -> str:
    do, card, target = spec.get("do", ""), spec.get("card"), spec.get("target")
    if do == "play" and card and target:
        return f"Try dragging {card} onto {target}, face up."
    if do == "play covered" and card and target:
        return f"Try clicking {card} to turn it face down, then dragging it onto {target}."
    if do == "fire" and card and target:
        return f"Try dragging from {card} onto {target} to fire that arrow."
    if do == "pass":
        return "Try Pass (Space)."
    if do == "done":
        return "Try ending the ability phase (Space)."
    return NOT_THIS_MOVE


def facts(before: EM.EvonsMatch, a, events: list, viewer: int = 0, after=None) -> dict:
    out = {}
    d, tg = described(describe, before, a)
    out["move"] = figures(do=d.get("do", ""), card=d.get("card", ""), target=tg[0])
    ref = after if after is not None else before
    s = ref.scores()
    out["score"] = figures(mine=s[viewer], theirs=s[1 - viewer])
    out["credits"] = figures(mine=ref.credits(viewer), theirs=ref.credits(1 - viewer))
    def n(i): return _name(ref, i) or _name(before, i)
    flips = 0
    for ev in events:
        k = ev[0]
        if k == "credits":
            key = {"play": "paid", "reveal": "reveal_paid", "income": "income"}.get(ev[4], "bonus_credits")
            if key and key not in out:
                out[key] = figures(n=abs(ev[2]), now=ev[3])
        elif k == "reveal" and "reveal" not in out:
            out["reveal"] = figures(card=n(ev[2]), cell=cell_name(ev[3]), cost=ev[4])
        elif k == "bonus" and "bonus" not in out:
            out["bonus"] = figures(card=n(ev[2]), cell=cell_name(ev[3]), kind=ev[4])
        elif k == "conflict" and "conflict" not in out:
            out["conflict"] = figures(card=n(ev[1]), other=n(ev[2]), took=ev[3], dealt=ev[4])
        elif k == "destroy" and "destroy" not in out:
            out["destroy"] = figures(card=n(ev[1]), cell=cell_name(ev[2]))
        elif k == "flip":
            flips += 1
            out.setdefault("flip", figures(card=n(ev[1]), cell=cell_name(ev[2])))
        elif k == "ability" and "ability" not in out:
            out["ability"] = figures(card=n(ev[1]), kind=ev[3], cell=cell_name(ev[4]))
        elif k == "place" and "place" not in out:
            out["place"] = figures(card=n(ev[1]), cell=cell_name(ev[2]), how=ev[3])
        elif k == "activate":
            key = "reactivate" if ev[3] else "activate"
            if key not in out:
                out[key] = figures(card=n(ev[1]), cell=cell_name(ev[2]))
            elif key == "activate" and "activate2" not in out:
                out["activate2"] = figures(card=n(ev[1]), cell=cell_name(ev[2]))
        elif k == "end" and "end" not in out:
            out["end"] = figures(winner=ev[1], mine=ev[2 + viewer], theirs=ev[3 - viewer], why=ev[4])
    out["flips"] = flips
    return out
