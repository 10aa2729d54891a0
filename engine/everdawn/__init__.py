"""Everdawn: three lanes, morale and equipment — a duel of position, not resources."""
from ..games import GameSpec
from .cards import CARDS, Card
from .deckrules import deck_sections, validate_deck
from .match import EverdawnMatch

SPEC = GameSpec(
    name="everdawn",
    title="Everdawn",
    pitch="Three lanes, morale and equipment: a duel of position, not resources.",
    match_class=EverdawnMatch,
    cards=CARDS,
    validate_deck=validate_deck,
    deck_sections=deck_sections,
)

__all__ = ["SPEC", "CARDS", "Card", "EverdawnMatch", "validate_deck", "deck_sections"]
