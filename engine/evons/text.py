"""Evons' words for how a game ends and the names of its events' fields.

:class:`EvonsEnd` are the ways a game ends beside the shared ones
(:class:`engine.core.match.End`), each with the final score in ``details["score"]``;
:func:`end_sentence` says them with the names of the screen; :func:`old_end` reads the
sentences older versions kept in files ("the main zone is full; score 13–9").
:data:`EVENTS` names every event's fields (``EvonsMatch.event(e).cell``); the sentences
themselves are ``EvonsMatch.event_text(e, names)``.
"""
from __future__ import annotations

import re

from ..core.match import End, EndReason, event_kinds, register_end_reasons


class EvonsEnd(EndReason):
    FULL = "evons.full"                 # the main zone is full
    PASSED_OUT = "evons.passed_out"     # both players passed with no cards left
    STALL = "evons.stall"               # six passes in a row


#: the rules' words for each way (the ``end`` event's last field; kept in older files)
WHY = {EvonsEnd.FULL: "the main zone is full", EvonsEnd.PASSED_OUT: "both players passed with no cards left",
       EvonsEnd.STALL: "six passes in a row"}


def end_sentence(result, names) -> str:
    why = WHY.get(result.reason, "the game ended")
    score = result.details.get("score")
    if isinstance(score, tuple) and len(score) == 2:
        return f"{why} — {names.name(0)} scored {score[0]}, {names.name(1)} {score[1]}"
    return why


_OLD = re.compile(r"^(" + "|".join(re.escape(w) for w in WHY.values()) + r")(?:; score (\d+)–(\d+))?\.?$")


def old_end(text: str):
    """(reason, details) of an older file's sentence, or None when it is not Evons'."""
    m = _OLD.match(text.strip())
    if m is None:
        return None
    reason = next(r for r, w in WHY.items() if w == m.group(1))
    return reason, ({"score": (int(m.group(2)), int(m.group(3)))} if m.group(2) else {})


register_end_reasons(EvonsEnd, end_sentence, old_end)

#: the rules' reason numbers (``S_REASON``) as reasons
END_BY_CODE = {1: EvonsEnd.FULL, 2: EvonsEnd.PASSED_OUT, 3: EvonsEnd.STALL, 4: End.CONCEDED}

#: every event's fields by name (inst: a card instance; cell: 0–48; player: a seat)
EVENTS = event_kinds({
    "turn": "player turn",
    "credits": "player delta now why",
    "draw": "player inst",
    "no_draw": "player",
    "keep": "player n",
    "mulligan": "player n drawn",
    "play": "player inst cell covered",
    "reveal": "player inst cell cost",
    "unaffordable": "player inst cell cost",
    "bonus": "player inst cell what",
    "activate": "inst cell again",
    "sequence_end": "inst",
    "ability": "inst direction title cell",
    "conflict": "inst other damage other_damage cell other_cell",
    "destroy": "inst cell how",                 # how: "graveyard" | "removed"
    "flip": "inst cell player",                 # player: the new controller
    "move": "inst src dst",
    "damage": "inst cell n acting",             # one point of a Firestorm
    "place": "inst cell how",                   # how: "growth" | "block" | "resurrected"
    "pass": "player",
    "discard": "player inst",
    "end": "winner score0 score1 why",          # winner -1: a draw
})
