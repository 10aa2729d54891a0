"""The registry of games.

A game is a package ``engine/<name>/`` with a ``game.toml`` (name, title, pitch, order:
read without importing the game, so menus can list the games at once) and a ``SPEC``
(:class:`GameSpec`) in its ``__init__``. Shared code reaches a game only through here:
:data:`GAME_NAMES` (in menu order), :func:`game_entry` (title and pitch), :func:`get_game`
(the spec, importing the game on first use). A game made elsewhere — the tests' toy
game — joins with :func:`register` and leaves with :func:`unregister`."""
from __future__ import annotations

import importlib
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping

from .core.deck import Deck, load_deck
from .core.files import FileProblem
from .core.paths import decks_dir

_HERE = Path(__file__).resolve().parent


def _discover() -> dict[str, dict]:
    """name -> its game.toml, for every game package beside this module, in menu order."""
    found = []
    for toml in _HERE.glob("*/game.toml"):
        entry = tomllib.loads(toml.read_text(encoding="utf-8"))
        if entry.get("name") != toml.parent.name:
            raise ValueError(f"{toml}: name {entry.get('name')!r} is not its folder's")
        found.append(entry)
    found.sort(key=lambda e: (e.get("order", 99), e["name"]))
    return {e["name"]: {"name": e["name"], "title": e["title"], "pitch": e.get("pitch", ""),
                        "accent": tuple(e.get("accent", (150, 150, 160)))} for e in found}


_ENTRIES: dict[str, dict] = _discover()
_REGISTERED: dict[str, "GameSpec"] = {}
#: every game's name, in menu order (a new tuple whenever a game joins or leaves)
GAME_NAMES: tuple[str, ...] = tuple(_ENTRIES)


def game_entry(name: str) -> dict:
    """``{"name", "title", "pitch", "accent"}`` of a game, without importing it (a module name
    such as ``"engine.evons"`` is taken as its game)."""
    name = name.rpartition(".")[2]
    if name in _REGISTERED:
        sp = _REGISTERED[name]
        return {"name": sp.name, "title": sp.title, "pitch": sp.pitch, "accent": (150, 150, 160)}
    return dict(_ENTRIES[name])


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

    def part(self, name: str):
        """The game's own module ``engine/<game>/<name>.py`` (``evaluation``, ``tactics``,
        ``preview``, ``advice``, ``tutorial``, ``text``), or None where it has none: the one
        way shared code reaches a game's knowledge (:mod:`engine.core.gameparts`)."""
        from .core.gameparts import part
        return part(self.match_class, name)

    def card_by_name(self, name: str):
        key = name.strip().casefold()
        for c in self.cards.values():
            if c.name.casefold() == key:
                return c
        return None


def get_game(name: str) -> GameSpec:
    if name in _REGISTERED:
        return _REGISTERED[name]
    if name not in _ENTRIES:
        raise KeyError(f"unknown game {name!r}; choose one of {', '.join(GAME_NAMES)}")
    return importlib.import_module(f"{__package__}.{name}").SPEC


def register(spec: GameSpec) -> None:
    """Make a game made elsewhere known (after the discovered ones)."""
    global GAME_NAMES
    _REGISTERED[spec.name] = spec
    if spec.name not in GAME_NAMES:
        GAME_NAMES = GAME_NAMES + (spec.name,)


def unregister(name: str) -> None:
    """Forget a game given to :func:`register`."""
    global GAME_NAMES
    if _REGISTERED.pop(name, None) is not None and name not in _ENTRIES:
        GAME_NAMES = tuple(n for n in GAME_NAMES if n != name)


def available_games() -> list[str]:
    """The games that can be played here: those whose package imports (a broken
    installation lists the rest rather than none)."""
    out = []
    for n in GAME_NAMES:
        try:
            get_game(n)
        except (ImportError, AttributeError):
            continue
        out.append(n)
    return out


def load_end_reasons() -> None:
    """Import every game's ``text`` module, where its ways to end register
    (:func:`engine.core.match.register_end_reasons`): a result of any game can then be
    read from a file or a message before that game is loaded."""
    for n in _ENTRIES:
        try:
            importlib.import_module(f"{__package__}.{n}.text")
        except ImportError:
            continue


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
