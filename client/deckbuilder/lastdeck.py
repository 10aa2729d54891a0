"""The deck last edited, per game, so the deck builder reopens it.

One small JSON file in the user config folder (``deckbuilder.json``):

    {"format": "cardhall-deckbuilder", "version": 1,
     "last": {"everdawn": {"file": "my_deck.json"}, "evons": {"starter": "Ember Rush"}}}

A player's deck is remembered by its file name in that game's deck folder (a
bare name only: nothing outside the folder is ever read), a starter deck by its
name. Written atomically, read capped and validated; a missing, damaged or
stale entry (file gone, no longer loads) is ignored and the builder opens as
before (a new deck). The file is never required: failing to write it only
means the next visit starts on a new deck.
"""
from __future__ import annotations

from pathlib import Path

from engine.core.deck import MAX_NAME, Deck, load_deck
from engine.core.files import FileProblem, atomic_write_json, read_json

from client.storage import config_dir, user_decks_dir

FORMAT = "cardhall-deckbuilder"
MAX_BYTES = 8 * 1024
MAX_GAMES = 16


def path() -> Path:
    return config_dir() / "deckbuilder.json"


def _read() -> dict:
    """game -> entry, from the file; {} when missing or damaged."""
    p = path()
    try:
        obj = read_json(p, MAX_BYTES)
    except (FileProblem, OSError):
        return {}
    if not isinstance(obj, dict) or obj.get("format") != FORMAT or not isinstance(obj.get("last"), dict):
        return {}
    out = {}
    for game, e in list(obj["last"].items())[:MAX_GAMES]:
        if isinstance(game, str) and len(game) <= 40 and isinstance(e, dict):
            f, s = e.get("file"), e.get("starter")
            if isinstance(f, str) and _bare(f):
                out[game] = {"file": f}
            elif isinstance(s, str) and 0 < len(s) <= MAX_NAME:
                out[game] = {"starter": s}
    return out


def _bare(name: str) -> bool:
    """A plain ``*.json`` file name (no folder, no way out of the deck folder)."""
    return (0 < len(name) <= 120 and name.endswith(".json") and Path(name).name == name
            and "/" not in name and "\\" not in name and not name.startswith(".") and "\x00" not in name)


def entry_for(deck: Deck | None) -> dict | None:
    if deck is None:
        return None
    if deck.read_only:
        return {"starter": deck.name} if deck.name else None
    if deck.path is None:
        return None
    p = Path(deck.path)
    try:
        if p.parent.resolve() != user_decks_dir(deck.game).resolve() or not _bare(p.name):
            return None
    except (OSError, ValueError):
        return None
    return {"file": p.name}


def remember(deck: Deck | None) -> bool:
    """Note ``deck`` as its game's last edited deck (a saved or starter deck;
    an unsaved one is not noted). Returns True when the file was written."""
    e = entry_for(deck)
    if e is None:
        return False
    last = _read()
    if last.get(deck.game) == e:
        return False
    last[deck.game] = e
    try:
        atomic_write_json(path(), {"format": FORMAT, "version": 1, "last": last})
    except (OSError, FileProblem):
        return False
    return True


def recall(game: str, spec=None) -> Deck | None:
    """The deck last edited for ``game``, loaded afresh; None when there is none
    or it can no longer be read."""
    e = _read().get(game)
    if e is None:
        return None
    if spec is None:
        from engine.games import get_game
        try:
            spec = get_game(game)
        except (KeyError, ValueError):
            return None
    if "starter" in e:
        for d in spec.starter_decks():
            if d.name == e["starter"]:
                return d
        return None
    p = user_decks_dir(game) / e["file"]
    try:
        if not p.is_file():
            return None
        return load_deck(p, game=game, known_ids=spec.cards)
    except (FileProblem, OSError, ValueError):
        return None
