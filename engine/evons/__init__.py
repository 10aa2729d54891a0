"""Evons: the 7×7 arrow grid game. See :mod:`engine.evons.match` for the rules
engine and the action encoding, :mod:`engine.evons.cards` for the pool."""
from __future__ import annotations

from ..games import GameSpec
from .cards import CARDS, deck_sections, validate_deck
from .match import EvonsMatch

SPEC = GameSpec(
    name="evons",
    title="Evons",
    pitch="Place arrow cards on a 7×7 grid: fight, flip and chain abilities to own the centre.",
    match_class=EvonsMatch,
    cards=CARDS,
    validate_deck=validate_deck,
    deck_sections=deck_sections,
)
