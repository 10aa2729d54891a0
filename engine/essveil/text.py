"""Essveil's words for how a duel ends and the names of its events' fields.

:class:`EssveilEnd` are the ways a duel ends beside the shared ones
(:class:`engine.core.match.End`); :func:`end_sentence` says each with the names of the
screen ("the AI's Life is reduced to 0"); :func:`old_end` reads the words older versions
kept in files ("Life reduced to 0"). :data:`EVENTS` names every event's fields
(``EssveilMatch.event(e).card``); the sentences themselves are
``EssveilMatch.event_text(e, names)``.
"""
from __future__ import annotations

from ..core.match import End, EndReason, event_kinds, register_end_reasons


#: the duel is a draw after this turn (50 turns each; our ruling)
MAX_TURNS = 100


class EssveilEnd(EndReason):
    LIFE = "essveil.life"               # the loser's Life was reduced to 0
    BOTH = "essveil.both"               # both players fell to 0 Life at once (a draw)
    TURN_LIMIT = "essveil.turn_limit"   # the duel reached the turn limit (a draw)


def end_sentence(result, names) -> str:
    r, loser = result.reason, result.loser
    if r is EssveilEnd.LIFE and loser is not None:
        return f"{names.poss(loser)} Life is reduced to 0"
    if r is EssveilEnd.BOTH:
        return "both players fell to 0 Life at once"
    if r is EssveilEnd.TURN_LIMIT:
        return f"the duel reached the {MAX_TURNS}-turn limit"
    return "the duel ended"


#: the words the rules kept (the ``game_over`` event's reason; older files' results)
_OLD = {"Life reduced to 0": EssveilEnd.LIFE, "both players fell to 0 Life at once": EssveilEnd.BOTH,
        "turn limit reached": EssveilEnd.TURN_LIMIT}


def old_end(text: str):
    """(reason, details) of an older file's words, or None when they are not Essveil's."""
    r = _OLD.get(text.strip().rstrip("."))
    return None if r is None else (r, {})


register_end_reasons(EssveilEnd, end_sentence, old_end)

#: the rules' reason numbers (``G_REASON``) as reasons
END_BY_CODE = {1: EssveilEnd.LIFE, 2: End.CONCEDED, 3: EssveilEnd.BOTH, 4: EssveilEnd.TURN_LIMIT}

#: every event's fields by name (uid: a creature in play; card: a card id; target: a uid,
#: 1 / 2 for a player (seat + 1) or NO_TARGET; target_card / target_player: the target
#: creature's card and controller, which name it even once it has left play)
EVENTS = event_kinds({
    "turn": "player turn",
    "refresh": "player back",
    "grow": "player uid card n",
    "attune": "player n how",                   # how: "flow" | "deep" | "pierce" | "effect"
    "draw": "player card",                      # card "" when hidden
    "no_draw": "player",
    "play": "player card target target_card target_player",
    "pay": "player essence life now",
    "enter": "player uid card",
    "no_room": "player card",
    "equip": "player item target card",
    "fizzle": "player card",
    "ability": "player uid card target target_card target_player",
    "aegis": "uid card",
    "aegis_spent": "uid card n",
    "aegis_stands": "uid card",
    "attack": "player uid card target target_card",
    "intercept": "player uid card attacker",
    "let_through": "player",
    "fight": "uid target card target_card",
    "damage": "target card n left",             # target 1 / 2: a player (card ""), left: their Life
    "heal": "player n life",
    "buff": "uid card might endurance",
    "silence": "uid card",
    "destroy": "uid card",
    "tap": "uid card",
    "venom": "uid card",
    "die": "player uid card",
    "vanish": "player uid card",
    "equipment_destroyed": "player card uid",
    "last_rites": "player uid card",
    "reanimate": "player card",
    "end": "player",
    "concede": "player",
    "game_over": "winner reason",               # winner -1: a draw
})
