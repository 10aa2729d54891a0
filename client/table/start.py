"""Opening a table for a match session: the table's arguments read from the session's meta,
and a fresh seed for a new match."""
from __future__ import annotations

import os


def new_seed() -> int:
    return int.from_bytes(os.urandom(6), "little")


def table_kwargs(session) -> dict:
    """How to open the table for a (new or resumed) session, from its meta: the
    mode, the human seat, the AI level (``meta["ai"]`` as a level name or as
    ``{"seat", "level", "seed"}``); the AI seed is read by the table itself."""
    meta = session.meta
    mode = meta.get("mode", "ai")
    kw = {"game": session.game, "session": session, "mode": mode}
    if mode == "ai":
        ai = meta.get("ai")
        human = meta.get("human")
        if not (isinstance(human, int) and human in (0, 1)):
            human = 1 - ai["seat"] if isinstance(ai, dict) and ai.get("seat") in (0, 1) else 0
        level = ai.get("level") if isinstance(ai, dict) else ai
        kw["human_seats"] = (human,)
        kw["ai_level"] = level if isinstance(level, str) else "normal"
    elif mode == "hotseat":
        kw["human_seats"] = (0, 1)
    else:
        kw["mode"] = "watch"
    return kw
