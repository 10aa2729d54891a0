"""What every part of the Everdawn table shares: the game's name, its card lookups and constants."""
from __future__ import annotations

from engine.everdawn.cards import CARDS_BY_CODE, K_ACCESSORY, K_ARMOUR, K_WEAPON


CLOCK = (120.0, 300.0, 3)   # seconds a turn, bank seconds, timeouts that forfeit


GAME = "everdawn"


EQ_KINDS = (K_WEAPON, K_ARMOUR, K_ACCESSORY)


EQ_ICON = {K_WEAPON: "sword", K_ARMOUR: "shield", K_ACCESSORY: "bag"}


EQ_WORD = {K_WEAPON: "weapon", K_ARMOUR: "armour", K_ACCESSORY: "accessory"}


COMBAT_PHASES = ("declare", "defender_spells", "attacker_spells", "order")


def card_of(code):
    return CARDS_BY_CODE[code] if code is not None and code >= 0 else None
