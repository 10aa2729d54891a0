"""Names shared by the Essveil table's modules: the game, the two board drop
keys and the card / target conversions."""
from __future__ import annotations

from engine.essveil import match as EV
from engine.essveil.cards import CARDS

GAME = "essveil"
BOARD = ("board",)
BAND = ("band",)


def card_of(cid):
    return CARDS.get(cid) if cid else None


def target_key(t):
    """The drop-target key of an engine target int."""
    if t == EV.NO_TARGET:
        return BOARD
    if t in (1, 2):
        return ("player", t - 1)
    return ("creature", t)


def engine_target(key):
    if key in (BOARD, BAND):
        return EV.NO_TARGET
    if key[0] == "player":
        return EV.player_target(key[1])
    if key[0] == "creature":
        return key[1]
    return None


def and_list(items) -> str:
    """"A", "A and B", "A, B and C"."""
    items = [str(x) for x in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
