"""Everdawn: three lanes, morale and equipment — a duel of position, not resources."""
from ..games import GameSpec, game_entry
from .cards import CARDS, Card
from .deckrules import deck_sections, validate_deck
from .match import EverdawnMatch

_ENTRY = game_entry(__name__)   # game.toml beside this file
SPEC = GameSpec(
    name=_ENTRY["name"],
    title=_ENTRY["title"],
    pitch=_ENTRY["pitch"],
    match_class=EverdawnMatch,
    cards=CARDS,
    validate_deck=validate_deck,
    deck_sections=deck_sections,
)

__all__ = ["SPEC", "CARDS", "Card", "EverdawnMatch", "validate_deck", "deck_sections"]
