"""The deck library: starter decks (read-only, copyable) and the player's own
deck files, one JSON file each in ``user_data_dir/decks/<game>/``.

* :func:`list_decks` — what a deck picker offers. Drafts (decks that break the
  game's deck rules, kept so the player can finish them later) are left out
  unless ``include_drafts``; damaged files only with ``include_damaged`` (they are
  listed with the reason and never touched). Match setup uses this with the
  defaults: starter decks plus saved legal decks.
* :func:`save`, :func:`rename`, :func:`duplicate`, :func:`delete`,
  :func:`copy_starter` — file operations. Writes are atomic; a file that does not
  load (damaged or hand-edited into something unreadable) is never overwritten:
  saving picks a fresh file name instead.

Whether a deck is legal is always ``spec.validate_deck`` (the engine's rules).
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from engine.core.deck import MAX_NAME, Deck, load_deck, save_deck
from engine.core.files import FileProblem
from engine.core.sanitize import clean_name

from client.storage import DeckEntry, user_decks_dir
from client.storage import list_decks as _storage_list_decks

__all__ = ["list_decks", "library", "save", "rename", "duplicate", "delete",
           "copy_starter", "unique_name", "folder"]


def folder(game: str) -> Path:
    return user_decks_dir(game)


def list_decks(game: str, include_drafts: bool = False, include_damaged: bool = False) -> list[DeckEntry]:
    """Starter decks, then the player's saved decks (legal ones; drafts and damaged
    files only when asked). Each entry has ``deck``, ``path``, ``starter``,
    ``problem`` (why a damaged file cannot be read), ``problems`` (deck-rule
    problems; non-empty = draft) and ``legal``."""
    return _storage_list_decks(game, include_drafts=include_drafts, include_damaged=include_damaged)


def library(game: str) -> list[DeckEntry]:
    """Everything the deck builder lists: starters, saved decks, drafts, damaged files."""
    return list_decks(game, include_drafts=True, include_damaged=True)


def _slug(name: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "_", name.casefold()).strip("_")
    return (s or "deck")[:40]


def _free_path(game: str, name: str, *, keep: Path | None = None) -> Path:
    """A file name for ``name`` that no existing file uses (``keep`` may be reused)."""
    base = folder(game)
    slug = _slug(name)
    p = base / f"{slug}.json"
    n = 2
    while p.exists() and (keep is None or p.resolve() != Path(keep).resolve()):
        p = base / f"{slug}_{n}.json"
        n += 1
    return p


def _loads_ok(path: Path, game: str) -> bool:
    try:
        load_deck(path, game=game)
        return True
    except FileProblem:
        return False


def _is_user_path(game: str, path) -> bool:
    if path is None:
        return False
    try:  # the file itself may be a link (to anywhere): it is the player's if it sits in the folder
        return Path(path).parent.resolve() == folder(game).resolve()
    except (OSError, ValueError):
        return False


def unique_name(game: str, wanted: str, *, ignore: Path | None = None) -> str:
    """``wanted``, or ``wanted 2``, ``wanted 3``... so no two of the player's decks
    (or starter decks) share a name."""
    wanted = clean_name(wanted, MAX_NAME) or "New deck"
    taken = set()
    for e in library(game):
        if e.deck is not None and not (ignore is not None and e.path is not None
                                        and Path(e.path) == Path(ignore)):
            taken.add(e.deck.name.casefold())
    if wanted.casefold() not in taken:
        return wanted
    stem = re.sub(r"\s+\d+$", "", wanted)
    n = 2
    while True:
        cand = f"{stem[:MAX_NAME - 4]} {n}"
        if cand.casefold() not in taken:
            return cand
        n += 1


def _with(deck: Deck, *, name=None, path=None, read_only=False) -> Deck:
    return Deck(deck.game, deck.name if name is None else name, deck.cards, deck.description,
                path, read_only)


def save(deck: Deck) -> Deck:
    """Write ``deck`` to its own file (or a new one) and return it with its path.

    Starter decks are never written (raise ``PermissionError``). An existing file
    that no longer loads is left untouched and the deck goes to a new file.
    """
    if deck.read_only:
        raise PermissionError(f"{deck.name} is a starter deck; copy it to change it.")
    path = deck.path
    if path is None or not _is_user_path(deck.game, path) or (Path(path).exists()
                                                                and not _loads_ok(Path(path), deck.game)):
        path = _free_path(deck.game, deck.name)
    out = _with(deck, path=Path(path))
    save_deck(out, path)
    return out


def rename(deck: Deck, new_name: str) -> Deck:
    """Give a saved deck a new name (and a matching file name). Returns the renamed deck."""
    if deck.read_only:
        raise PermissionError(f"{deck.name} is a starter deck; copy it to rename it.")
    new_name = clean_name(new_name, MAX_NAME)
    if not new_name:
        raise ValueError("A deck needs a name.")
    old = Path(deck.path) if deck.path is not None else None
    new_name = unique_name(deck.game, new_name, ignore=old)
    target = _free_path(deck.game, new_name, keep=old)
    out = _with(deck, name=new_name, path=target)
    save_deck(out, target)
    if old is not None and old.exists() and old.resolve() != target.resolve() \
            and _is_user_path(deck.game, old) and _loads_ok(old, deck.game):
        old.unlink()
    return out


def duplicate(deck: Deck, name: str | None = None) -> Deck:
    """Save a copy of ``deck`` (any deck, starter decks too) under a new name."""
    wanted = name or f"{deck.name} copy"
    new_name = unique_name(deck.game, wanted)
    out = Deck(deck.game, new_name, deck.cards, deck.description, None, False)
    return save(out)


def copy_starter(deck: Deck) -> Deck:
    return duplicate(deck)


def delete(deck_or_path, game: str | None = None) -> bool:
    """Delete one of the player's deck files (never a starter deck). Returns True if removed."""
    if isinstance(deck_or_path, Deck):
        if deck_or_path.read_only or deck_or_path.path is None:
            return False
        game, path = deck_or_path.game, Path(deck_or_path.path)
    else:
        path = Path(deck_or_path)
    if game is None or not _is_user_path(game, path):
        return False
    try:
        path.unlink()  # a symbolic link is removed itself (never what it points to)
    except OSError:
        return False
    return not os.path.lexists(path)
