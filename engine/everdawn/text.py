"""Everdawn's words for how a duel ends and the names of its events' fields.

:class:`EverdawnEnd` are the ways a duel ends beside the shared ones
(:class:`engine.core.match.End`); :func:`end_sentence` says each with the names of the
screen; :func:`old_end` reads the sentences older versions kept in files
("Player 2's morale is depleted."). :data:`EVENTS` names every event's fields
(``EverdawnMatch.event(e).player``); the sentences themselves are
``EverdawnMatch.event_text(e, names)``.
"""
from __future__ import annotations

import re

from ..core.match import End, EndReason, event_kinds, register_end_reasons

#: our ruling: a duel still running after this many turns is a draw
MAX_TURNS = 200


class EverdawnEnd(EndReason):
    MORALE = "everdawn.morale"              # the loser's morale fell to 0
    NO_CREATURES = "everdawn.no_creatures"  # the loser has no creature left in play
    SUDDEN_DEATH_DRAW = "everdawn.sudden_death_draw"
    TURN_LIMIT = "everdawn.turn_limit"      # details: {"turns": 200}


def end_sentence(result, names) -> str:
    r, loser = result.reason, result.loser
    if r is EverdawnEnd.MORALE and loser is not None:
        return f"{names.poss(loser)} morale is depleted."
    if r is EverdawnEnd.NO_CREATURES and loser is not None:
        return f"{names.name(loser)} {names.have(loser)} no creatures left in play."
    if r is EverdawnEnd.SUDDEN_DEATH_DRAW:
        return "both players met a win condition at the same time again in Sudden Death."
    if r is EverdawnEnd.TURN_LIMIT:
        return f"the duel reached the {result.details.get('turns', MAX_TURNS)}-turn limit."
    return "the duel ended."


_OLD = (
    (re.compile(r"^.+'s? morale is depleted\.?$"), EverdawnEnd.MORALE),
    (re.compile(r"^.+ (?:has|have) no creatures left in play\.?$"), EverdawnEnd.NO_CREATURES),
    (re.compile(r"^both players met a win condition .*Sudden Death\.?$"), EverdawnEnd.SUDDEN_DEATH_DRAW),
)
_OLD_LIMIT = re.compile(r"^the duel reached the (\d+)-turn limit\.?$")


def old_end(text: str):
    """(reason, details) of an older file's sentence, or None when it is not Everdawn's."""
    t = text.strip()
    for rx, reason in _OLD:
        if rx.match(t):
            return reason, {}
    m = _OLD_LIMIT.match(t)
    if m:
        return EverdawnEnd.TURN_LIMIT, {"turns": int(m.group(1))}
    return None


register_end_reasons(EverdawnEnd, end_sentence, old_end)

#: the duel's reasons by the rules' numbers (``G_REASON``)
END_BY_CODE = {1: EverdawnEnd.MORALE, 2: EverdawnEnd.NO_CREATURES, 3: End.CONCEDED,
               4: EverdawnEnd.SUDDEN_DEATH_DRAW, 5: EverdawnEnd.TURN_LIMIT}

#: every event's fields by name (slots: 0–2 lanes, 3–5 bench; codes: cards, -1 none/hidden)
EVENTS = event_kinds({
    "turn": "turn player",
    "setup": "player lanes bench",
    "phase": "phase player",
    "move": "player src dst card",
    "equip": "player item slot card",
    "set": "player slot target_slot card target",      # target_slot -1: set by a card
    "set_ends": "player slot card",
    "cast": "player spell target",
    "trigger": "player card when",                      # when: "when_played" | "on_death"
    "attack": "player lane target_lane card defender",  # defender -1: an open lane
    "redirect": "player lane old_lane new_lane",        # player: the defender; lane: the attacker's
    "clash": "player lane target_lane card defender attack defense counter card_defense "
             "destroyed attacker_destroyed",            # counter -1: no counterattack
    "open_hit": "player lane target_lane card damage",
    "miss": "player lane target_lane card",
    "destroyed": "player slot card",
    "treated_dead": "player slot card",
    "revive": "player slot card",
    "morale": "player delta value cause",
    "draw": "player n",
    "tutor": "player card",
    "place": "player slot card",
    "to_deck": "player card",
    "bottom_order": "player deck placed",
    "to_hand": "player card",
    "lane_bonus": "player lane what card",              # lane -1: every lane
    "scout_order": "player placed",
    "redraw": "player n",
    "sudden_death": "",
    "concede": "player",
    "game_over": "winner reason",                       # winner -1: a draw
})
