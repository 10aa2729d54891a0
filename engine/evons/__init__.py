"""Evons: the 7×7 arrow grid game. See :mod:`engine.evons.match` for the rules
engine and the action encoding, :mod:`engine.evons.cards` for the pool."""
from __future__ import annotations

from ..games import GameSpec, game_entry
from .cards import CARDS, deck_sections, validate_deck
from .match import EvonsMatch

_ENTRY = game_entry(__name__)   # game.toml beside this file
SPEC = GameSpec(
    name=_ENTRY["name"],
    title=_ENTRY["title"],
    pitch=_ENTRY["pitch"],
    match_class=EvonsMatch,
    cards=CARDS,
    validate_deck=validate_deck,
    deck_sections=deck_sections,
)
