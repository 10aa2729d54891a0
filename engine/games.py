"""The registry of games. Each game package ``engine/<name>/`` exposes ``SPEC``."""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping

from .core.deck import Deck, load_deck
from .core.files import FileProblem
from .core.paths import decks_dir

GAME_NAMES = ("everdawn", "evons", "essveil")


@dataclass(frozen=True)
class GameSpec:
    """What the rest of Cardhall needs to know about one game.

    * ``cards``: card id -> the game's card object. Every card object has at least
      ``id``, ``name``, ``kind`` (its card type, a lowercase word) and ``text``
      (the player-facing rules text, which matches what the code does).
    * ``validate_deck(deck)``: list of problems, each naming the card and the rule;
      empty when the deck is legal.
    * ``deck_sections(deck)``: ``[(section title, [(card id, count), ...]), ...]``
      in the order the game thinks of a deck (used by text export and the builder).
    """

    name: str
    title: str
    pitch: str
    match_class: type
    cards: Mapping[str, object]
    validate_deck: Callable[[Deck], list[str]]
    deck_sections: Callable[[Deck], list]
    extra: Mapping[str, object] = field(default_factory=dict)

    def starter_decks(self) -> list[Deck]:
        return load_starter_decks(self.name)

    def card_by_name(self, name: str):
        key = name.strip().casefold()
        for c in self.cards.values():
            if c.name.casefold() == key:
                return c
        return None


def get_game(name: str) -> GameSpec:
    if name not in GAME_NAMES:
        raise KeyError(f"unknown game {name!r}; choose one of {', '.join(GAME_NAMES)}")
    return importlib.import_module(f"engine.{name}").SPEC


def available_games() -> list[str]:
    """Games whose engine package imports (all three once they have landed)."""
    out = []
    for n in GAME_NAMES:
        try:
            get_game(n)
        except (ImportError, AttributeError):
            continue
        out.append(n)
    return out


def load_starter_decks(game: str) -> list[Deck]:
    spec_cards = get_game(game).cards
    folder: Path = decks_dir() / game
    decks = []
    for p in sorted(folder.glob("*.json")):
        try:
            decks.append(load_deck(p, game=game, known_ids=spec_cards, read_only=True))
        except FileProblem:
            continue
    return decks
