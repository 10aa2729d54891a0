"""Deck files: one JSON format for every game, used by starter decks, the deck
builder's saved decks, match setup and replays.

    {
      "format": "cardhall-deck", "version": 1,
      "game": "everdawn",
      "name": "Rangers of the Vale",
      "description": "Range creatures that hit from the flanks.",
      "cards": {"traghrim": 1, "vale_archer": 3, ...}
    }

``cards`` maps card ids (from the game's card pool) to counts, in display order.
Whether a deck is *legal* is the game's business (``GameSpec.validate_deck``);
this module only checks that the file is well formed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .files import FileProblem, _short, atomic_write_json, read_json
from .sanitize import clean_name, clean_text

DECK_FORMAT = "cardhall-deck"
DECK_VERSION = 1
MAX_DECK_BYTES = 64 * 1024
MAX_NAME = 60
MAX_DESCRIPTION = 500
MAX_COPIES_IN_FILE = 99
MAX_DISTINCT = 200
MAX_CARD_ID = 64
MAX_GAME_NAME = 32


def _a_game(g: str) -> str:
    """"an Everdawn", "an Evons", "a Chess": a game's name as a deck's kind, in a sentence."""
    name = g[:1].upper() + g[1:]
    return f"{'an' if name[:1] in 'AEIOU' else 'a'} {name}"


@dataclass(frozen=True)
class Deck:
    game: str
    name: str
    cards: tuple[tuple[str, int], ...]
    description: str = ""
    path: Path | None = field(default=None, compare=False)
    read_only: bool = field(default=False, compare=False)

    @property
    def size(self) -> int:
        return sum(n for _, n in self.cards)

    def count(self, card_id: str) -> int:
        for cid, n in self.cards:
            if cid == card_id:
                return n
        return 0

    def card_list(self) -> list[str]:
        """Every card once per copy, in file order."""
        out: list[str] = []
        for cid, n in self.cards:
            out.extend([cid] * n)
        return out

    def with_cards(self, cards) -> "Deck":
        merged: dict[str, int] = {}
        for cid, n in cards:
            merged[cid] = merged.get(cid, 0) + n
        return Deck(self.game, self.name, tuple((c, n) for c, n in merged.items() if n > 0),
                    self.description, self.path, self.read_only)

    def to_json(self) -> dict:
        return {
            "format": DECK_FORMAT,
            "version": DECK_VERSION,
            "game": self.game,
            "name": self.name,
            "description": self.description,
            "cards": {cid: n for cid, n in self.cards},
        }

    @classmethod
    def from_json(cls, obj, *, game: str | None = None, known_ids=None, path=None,
                  read_only: bool = False) -> "Deck":
        """Build a deck from parsed JSON, or raise :class:`FileProblem` with a clear reason.

        ``game``: the expected game (a deck of another game is refused).
        ``known_ids``: a container of valid card ids (unknown cards are refused).
        """
        where = Path(path).name if path else "deck"

        def bad(msg: str):
            return FileProblem(f"{where}: {msg}", path)

        if not isinstance(obj, dict):
            raise bad("not a deck file (expected a JSON object).")
        if not isinstance(obj.get("format"), str) or obj.get("format") != DECK_FORMAT:
            raise bad('not a Cardhall deck (missing "format": "cardhall-deck").')
        ver = obj.get("version")
        if not isinstance(ver, int) or isinstance(ver, bool) or ver < 1:
            raise bad('"version" must be a positive whole number.')
        if ver > DECK_VERSION:
            raise bad(f"made by a newer Cardhall (deck version {ver}).")
        g = obj.get("game")
        if not isinstance(g, str) or not g:
            raise bad('"game" is missing.')
        if len(g) > MAX_GAME_NAME or clean_text(g) != g:
            raise bad(f'"game" is not a game name ({_short(g)!r}).')
        if game is not None and g != game:
            raise bad(f"this is {_a_game(g)} deck, not {_a_game(game)} deck.")
        name = obj.get("name")
        if not isinstance(name, str) or not name.strip():
            raise bad('"name" must be a non-empty text.')
        if len(name) > MAX_NAME:
            raise bad(f'"name" is longer than {MAX_NAME} characters.')
        # control characters / lone surrogates are replaced, never drawn or written
        name = clean_name(name, MAX_NAME)
        if not name:
            raise bad('"name" must be a non-empty text.')
        desc = obj.get("description", "")
        if not isinstance(desc, str):
            raise bad('"description" must be text.')
        if len(desc) > MAX_DESCRIPTION:
            raise bad(f'"description" is longer than {MAX_DESCRIPTION} characters.')
        desc = clean_text(desc, MAX_DESCRIPTION, newlines=True)
        cards = obj.get("cards")
        if not isinstance(cards, dict):
            raise bad('"cards" must map card ids to counts.')
        if len(cards) > MAX_DISTINCT:
            raise bad(f"too many different cards ({len(cards)}).")
        out = []
        for cid, n in cards.items():
            if not isinstance(cid, str) or not cid or len(cid) > MAX_CARD_ID or clean_text(cid) != cid:
                raise bad(f'"{_short(cid)}" is not a card id.')
            if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_COPIES_IN_FILE:
                raise bad(f'card "{cid}": count must be a whole number from 1 to {MAX_COPIES_IN_FILE}.')
            if known_ids is not None and cid not in known_ids:
                raise bad(f'unknown card "{cid}".')
            out.append((cid, n))
        return cls(g, name, tuple(out), desc, Path(path) if path else None, read_only)


def load_deck(path, *, game: str | None = None, known_ids=None, read_only: bool = False) -> Deck:
    obj = read_json(path, MAX_DECK_BYTES)
    return Deck.from_json(obj, game=game, known_ids=known_ids, path=path, read_only=read_only)


def save_deck(deck: Deck, path) -> None:
    atomic_write_json(path, deck.to_json())


def load_deck_folder(folder, *, game: str | None = None, known_ids=None, read_only: bool = False,
                     set_aside_bad: bool = True):
    """Load every ``*.json`` deck in ``folder``; bad files are set aside unchanged.

    Returns a :class:`~engine.core.files.FolderLoad` (``.items`` are the decks,
    ``.problems`` the ``(message, path, set-aside path)`` of each refused file).
    Starter decks (read-only resources) should pass ``set_aside_bad=False``.
    """
    from .files import load_folder
    return load_folder(folder, lambda p: load_deck(p, game=game, known_ids=known_ids,
                                                   read_only=read_only),
                       set_aside_bad=set_aside_bad)
