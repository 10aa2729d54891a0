"""How the screens call each seat: "you" for a player at this screen, "the AI" for the
AI, the players' names in hot seat and online. The engine words every sentence with a
player in it from these names when it is drawn (``Match.event_text(event, names)``,
:func:`engine.core.match.result_text`); nothing is renamed after it was written."""
from __future__ import annotations

from engine.core.text import Names, is_you


def seat_names(names, mode: str = "", human_seats=()) -> Names:
    """The :class:`Names` of a table or a record: a seat named "You" is "you"; against
    the AI the other seat is "the AI" ("the AI's Arenor"); otherwise the players' names."""
    out = []
    for seat in (0, 1):
        n = str(names[seat]) if seat < len(names) else f"Player {seat + 1}"
        if is_you(n):
            out.append("you")
        elif mode == "ai" and seat not in tuple(human_seats or ()) and human_seats:
            out.append("the AI")
        else:
            out.append(n)
    return Names(out)
