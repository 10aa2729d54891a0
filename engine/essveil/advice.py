"""Essveil's words for the hint and the review: what a move leads to in the turn
planner's line (:mod:`engine.ai.advice` plays the line; this reads its events).

"kills Hill Brute and survives", "deals 4: they are at 3 Life", "lethal next turn unless
they block", "their reply kills Ember Fox and deals you 5". Lower case, no full stop: the
hint puts the words after the move's estimate."""
from __future__ import annotations

from engine.core.match import event_view
from engine.core.text import join_names

from .cards import CARDS
from .match import ATTACK, PLAY, ABILITY, player_target
from .text import EVENTS


def _name(cid: str) -> str:
    c = CARDS.get(cid)
    return c.name if c is not None else "a creature"


def _named(events) -> list:
    return [event_view(e, EVENTS) for e in events]


def _winner(events):
    return next((v.winner for v in _named(events) if v.kind == "game_over"), None)


def _died(events, p) -> list:
    return [_name(v.card) for v in _named(events) if v.kind == "die" and v.player == p]


def _face(events, q) -> int:
    """Damage dealt to player ``q`` in ``events``."""
    t = player_target(q)
    return sum(v.n for v in _named(events) if v.kind == "damage" and v.target == t)


def _attack_words(line, p) -> str:
    uid = line.move[0][1]
    o = 1 - p
    ev = _named(line.move_events)
    fight = next((v for v in ev if v.kind == "fight" and v.uid == uid), None)
    if fight is None:
        dealt = _face(line.move_events, o)
        if dealt:
            return f"deals {dealt}: they are at {line.after.life(o)} Life"
        return ""
    att, dfn = _name(fight.card), _name(fight.target_card)
    target_died = any(v.kind == "die" and v.player == o and v.uid == fight.target for v in ev)
    att_died = any(v.kind == "die" and v.player == p and v.uid == uid for v in ev)
    if any(v.kind == "intercept" for v in ev):      # a Guard stepped in
        if target_died and not att_died:
            return f"{dfn} blocks it and dies; {att} survives"
        if target_died:
            return f"{dfn} blocks it; both die"
        if att_died:
            return f"{dfn} blocks it and {att} dies"
        return f"{dfn} blocks it; neither dies"
    if target_died and not att_died:
        return f"kills {dfn} and survives"
    if target_died:
        return f"kills {dfn}, but {att} dies too"
    if att_died:
        return f"{att} dies to {dfn} and kills nothing"
    return f"neither {att} nor {dfn} dies"


def _effect_words(events, p) -> str:
    o = 1 - p
    kills, dealt, own = _died(events, o), _face(events, o), _died(events, p)
    parts = []
    if kills:
        parts.append(f"kills {join_names(kills)}")
    if dealt:
        parts.append(f"deals {dealt} to them")
    if own:
        parts.append(f"costs you {join_names(own)}")
    return " and ".join(parts)


def _board_words(line, p) -> str:
    """What a card played did to the player's own side: a creature that entered, a creature
    made stronger (Might, Endurance left, Aegis, a keyword)."""
    before = {c["uid"]: c for c in line.before.creatures(p)}
    out = []
    for c in line.after.creatures(p):
        name = _name(c["card"])
        old = before.get(c["uid"])
        if old is None:
            kw = [k for k in c["keywords"] if k in ("Guard", "Swift", "Drain", "Venom", "Veilstep", "Aegis")]
            out.append(f"adds {name} ({c['might']}/{c['left']}{', ' + ', '.join(kw) if kw else ''})")
            continue
        got = []
        if c["might"] > old["might"]:
            got.append(f"+{c['might'] - old['might']} Might")
        if c["left"] > old["left"]:
            got.append(f"+{c['left'] - old['left']} Endurance")
        if c["aegis"] and not old["aegis"]:
            got.append("Aegis")
        got += [k for k in c["keywords"] if k not in old["keywords"] and k != "Aegis"]
        if got:
            out.append(f"gives {name} {join_names(got)}")
    return "; ".join(out)


def _threat_words(line, p) -> str:
    """After the reply: can the player's creatures take the opponent's last Life next turn
    (all of them attacking, each with its Might)? "unless they block" where they have a
    Guard."""
    m, o = line.reply_end, 1 - line.player
    if m is None or m.result() is not None:
        return ""
    might = sum(max(0, c["might"]) for c in m.creatures(p))
    if might < m.life(o) or might == 0:
        return ""
    # a Guard they have (untapped now, or one the reply sent in that they may keep back)
    guards = [c for c in m.creatures(o) if "Guard" in c["keywords"]]
    return "lethal next turn unless they block" if guards else "lethal next turn"


def _reply_words(events, p) -> str:
    o = 1 - p
    if _winner(events) == o:
        return "then they win in reply"
    fallen, dealt = _died(events, p), _face(events, p)
    if fallen:
        return f"their reply kills {join_names(fallen)}" + (f" and deals you {dealt}" if dealt else "")
    if dealt:
        return f"their reply deals you {dealt}"
    return ""


def reason(line) -> str:
    p = line.player
    first = line.move[0]
    parts = []
    if not line.own_turn:                   # a Guard's choice in their turn
        fallen, dealt = _died(line.turn_events, p), _face(line.turn_events, p)
        if fallen:
            parts.append(f"you lose {join_names(fallen)} this turn")
        if dealt:
            parts.append(f"you take {dealt}")
        return " and ".join(parts) or "you lose nothing this turn"
    if first[0] == ATTACK:
        parts.append(_attack_words(line, p))
    elif first[0] in (PLAY, ABILITY):
        parts.append(_effect_words(line.move_events, p) or _board_words(line, p))
    if not parts or not parts[0]:
        rest = _effect_words(line.turn_events, p)
        parts = [f"this turn {rest}" if rest else ""]
    parts.append(_threat_words(line, p) or _reply_words(line.reply_events, p))
    return "; ".join(x for x in parts if x)
