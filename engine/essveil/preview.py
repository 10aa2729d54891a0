"""Essveil previews: an attack.

For ``(ATTACK, uid, target)`` the attack is played on a guessed copy
(:func:`engine.core.preview.simulate`); if the defender has a Guard window, the
main outcome is "let through" and each Guard that could intercept gets its own
short outcome. Everything is read from the events the engine produces: damage
both ways, Aegis spent, Venom, Drain heal, deaths, the duel ending.

``facts``: ``dealt`` (to the target), ``taken`` (by the attacker), ``aegis``
(uids whose Aegis absorbed the blow), ``venom`` (uids Venom destroys), ``heal``
(seat -> Life gained), ``dies`` (uids that die), ``lethal`` (the duel ends and the
attacker's side wins), ``guards`` (uids that could intercept), ``life_after``;
``intercepts``: for (up to three of) those Guards, the same facts if it intercepts.
"""
from __future__ import annotations

from ..core.preview import Preview, simulate
from ..core.text import plural
from . import match as SM
from .cards import CARDS_BY_INDEX

_NAMES = {c.id: c.name for c in CARDS_BY_INDEX if c is not None and hasattr(c, "id")}


def _nm(cid):
    return _NAMES.get(cid, "a creature")


def _let_through(m, _events):
    return (SM.LET_THROUGH,) if m.phase() == "guard" else None


def _outcome(m, events, p, uid, target):
    """The facts of one resolved attack from its events."""
    q = 1 - p
    f = {"dealt": 0, "taken": 0, "aegis": [], "venom": [], "heal": {}, "dies": [], "lethal": False}
    fought = target
    for e in events:
        k = e[0]
        if k == "intercept":
            fought = e[2]
        elif k == "damage":
            if e[1] == uid:
                f["taken"] += e[3]
            elif e[1] == fought:
                f["dealt"] += e[3]
        elif k == "aegis_spent":
            f["aegis"].append(e[1])
        elif k == "venom":
            f["venom"].append(e[1])
        elif k == "heal":
            f["heal"][e[1]] = f["heal"].get(e[1], 0) + e[2]
        elif k == "die" or k == "vanish":
            f["dies"].append(e[2])
    r = m.result()
    f["lethal"] = r is not None and r.winner == p
    f["lost"] = r is not None and r.winner == q
    f["life_after"] = (m.life(0), m.life(1))
    f["fought"] = fought
    return f


def _sentences(f, names, p, uid, target, life_before):
    q = 1 - p
    me = names.get(uid, "Your creature")
    out = []
    if f["fought"] == SM.player_target(q):
        out.append(f"{me} deals {f['dealt']} to the opponent (Life {life_before} down to {max(0, f['life_after'][q])}).")
    else:
        them = names.get(f["fought"], "the creature")
        if f["fought"] in f["aegis"]:
            out.append(f"{them}'s Aegis takes the blow: no damage.")
        else:
            dies = " — it dies" if f["fought"] in f["dies"] else ""
            venom = " (Venom destroys it)" if f["fought"] in f["venom"] else ""
            out.append(f"{me} deals {f['dealt']} to {them}{venom}{dies}.")
        if uid in f["aegis"]:
            out.append(f"Your Aegis takes the blow back: {me} is unhurt.")
        else:
            falls = f" — your {me} dies" if uid in f["dies"] else ""
            venom = " (Venom)" if uid in f["venom"] else ""
            out.append(f"{them} strikes back for {f['taken']}{venom}{falls}.")
    if f["heal"].get(p):
        out.append(f"Drain: you gain {f['heal'][p]} Life.")
    if f["heal"].get(q):
        out.append(f"Drain: the opponent gains {f['heal'][q]} Life.")
    if f["lethal"]:
        out.append("Lethal: this wins the duel.")
    elif f["lost"]:
        out.append("This loses you the duel.")
    return out


def preview(m, action) -> Preview | None:
    if not action or action[0] != SM.ATTACK or m.phase() != "main":
        return None
    p = m.to_move()
    q = 1 - p
    uid, target = action[1], action[2]
    names = {c["uid"]: _nm(c["card"]) for side in (0, 1) for c in m.creatures(side)}
    out = simulate(m, [action], then=_let_through)
    if out is None:
        return None
    after, events = out
    facts = _outcome(after, events, p, uid, target)
    guards = []
    if any(e[0] == "let_through" for e in events):
        probe = simulate(m, [action])
        if probe is not None:
            guards = [a[1] for a in probe[0].legal_actions() if a[0] == SM.INTERCEPT]
    facts["guards"] = guards
    lines = _sentences(facts, names, p, uid, target, m.life(q))
    if guards:
        gn = ", ".join(names.get(g, "a Guard") for g in guards)
        lines.insert(0, "If it is let through:")
        lines.append(f"{plural('Guard', len(guards))} that could intercept: {gn}.")
        facts["intercepts"] = {}
        for g in guards[:3]:
            r = simulate(m, [action, (SM.INTERCEPT, g)])
            if r is None:
                continue
            gf = _outcome(r[0], r[1], p, uid, target)
            facts["intercepts"][g] = gf
            gl = _sentences(gf, names, p, uid, target, m.life(q))
            lines.append(f"If {names.get(g, 'the Guard')} intercepts: " + " ".join(gl))
    warn = uid in facts["dies"] and facts["fought"] not in facts["dies"]
    return Preview(tuple(action), lines, ends_game=facts["lethal"] or facts["lost"], warning=warn, facts=facts)
