"""Everdawn's words for the hint and the review: what a move leads to in the turn
planner's line (:mod:`engine.ai.advice` plays the line; this reads its events).

"kills Hill Brute and survives", "Lithriel's Berries cost you 12 morale and Elven Longbow
to make them lose 8: not worth it", "this turn kills Gate Warden and loses nothing",
"their reply kills Oathsworn Knight and costs you 4 morale". Lower case, no full stop:
the hint puts the words after the move's estimate."""
from __future__ import annotations

from engine.core.match import event_view
from engine.core.text import join_names

from .cards import CARDS_BY_CODE
from .match import ATTACK, CAST, NF, S0
from .text import EVENTS


def _name(code: int) -> str:
    return CARDS_BY_CODE[code].name if 0 <= code < len(CARDS_BY_CODE) else "a creature"


def _named(events) -> list:
    return [event_view(e, EVENTS) for e in events]


def _lost(events, p) -> int:
    """Morale ``p`` lost in ``events``."""
    return sum(-v.delta for v in _named(events) if v.kind == "morale" and v.player == p and v.delta < 0)


def _fallen(events, p) -> list:
    return [_name(v.card) for v in _named(events) if v.kind == "destroyed" and v.player == p]


def _winner(events):
    return next((v.winner for v in _named(events) if v.kind == "game_over"), None)


def _attack_words(line, p) -> str:
    """The attack's own clash, then what the turn's other fights did ("this turn also
    kills Frost Warden"): an attack declared after others is weighed with them, so its
    words say the whole turn as "Finish declaring attacks" would."""
    lane = line.move[0][1]
    own, killed, lost = "", None, None
    for v in _named(line.turn_events):
        if v.kind == "clash" and v.player == p and v.lane == lane:
            a, d, d_dies, a_dies = _name(v.card), _name(v.defender), v.destroyed, v.attacker_destroyed
            killed, lost = (d if d_dies else None), (a if a_dies else None)
            if d_dies and not a_dies:
                own = f"kills {d} and survives"
            elif d_dies:
                own = f"kills {d}, but {a} falls too"
            elif a_dies:
                own = f"{a} falls to {d} and kills nothing"
            else:
                own = f"neither your {a} nor their {d} falls"
            break
        if v.kind == "open_hit" and v.player == p and v.lane == lane:
            own = f"{_name(v.card)} hits the open lane: they lose {v.damage} morale"
            break
        if v.kind == "miss" and v.player == p and v.lane == lane:
            own = f"{_name(v.card)} misses"
            break
    if not own:
        return ""
    kills, fallen = _fallen(line.turn_events, 1 - p), _fallen(line.turn_events, p)
    for name, names in ((killed, kills), (lost, fallen)):
        if name in names:
            names.remove(name)
    more = ([f"kills {join_names(kills)}"] if kills else []) + ([f"loses {join_names(fallen)}"] if fallen else [])
    return own + (f"; this turn also {' and '.join(more)}" if more else "")


def _berries_words(line, p) -> str:
    """A "treated as dead" spell on the player's own creature: the morale traded."""
    a = line.move[0]
    if not any(v.kind == "treated_dead" and v.player == p for v in _named(line.move_events)):
        return ""
    m = line.before
    hand = m.hand[p]
    spell = _name(hand[a[1]]) if a[1] < len(hand) else "the spell"
    i = S0 + p * 36 + a[2] * NF
    items = [_name(m.b[i + k]) for k in (1, 2, 3) if m.b[i + k] >= 0]
    mine, theirs = _lost(line.move_events, p), _lost(line.move_events, 1 - p)
    cost = f"{mine} morale" + (f" and {join_names(items)}" if items else "")
    worth = "worth it" if theirs > mine + 5 * len(items) else "not worth it"
    verb = "cost" if spell.endswith("s") else "costs"
    return f"{spell} {verb} you {cost} to make them lose {theirs}: {worth}"


def _turn_words(events, p, what="this turn") -> str:
    o = 1 - p
    kills, fallen = _fallen(events, o), _fallen(events, p)
    theirs = _lost(events, o)
    if kills:
        s = f"{what} kills {join_names(kills)}"
        return s + (f", losing {join_names(fallen)}" if fallen else " and loses nothing")
    if fallen:
        return f"{what} loses {join_names(fallen)} and kills nothing"
    if theirs:
        return f"{what} they lose {theirs} morale"
    return ""


def _reply_words(events, p) -> str:
    o = 1 - p
    if _winner(events) == o:
        return "then they win in reply"
    fallen, mine = _fallen(events, p), _lost(events, p)
    if fallen:
        s = f"their reply kills {join_names(fallen)}"
        return s + (f" and costs you {mine} morale" if mine else "")
    if mine:
        return f"their reply costs you {mine} morale"
    return "their reply takes nothing from you"


def reason(line) -> str:
    p = line.player
    parts = []
    first = line.move[0]
    if not line.own_turn:                   # a spell in their combat
        parts.append(_turn_words(line.turn_events, p, "this combat"))
        return "; ".join(x for x in parts if x)
    if first[0] == ATTACK:
        parts.append(_attack_words(line, p))
    elif first[0] == CAST:
        parts.append(_berries_words(line, p))
    if not parts or not parts[0]:
        parts = [_turn_words(line.turn_events, p)]
    parts.append(_reply_words(line.reply_events, p))
    return "; ".join(x for x in parts if x)
