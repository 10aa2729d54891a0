"""Where Cardhall keeps the player's files.

* settings: ``user_config_dir("Cardhall")/settings.json``
* decks: ``user_data_dir("Cardhall")/decks/<game>/*.json``
* saves (autosave of the match in progress): ``user_data_dir/saves/``
* replays: ``user_data_dir/replays/``

``CARDHALL_HOME`` overrides both roots (``$CARDHALL_HOME/config`` and
``$CARDHALL_HOME/data``) so tests never touch the real home folder.
Every write goes through :mod:`engine.core.files` (atomic).
"""
from __future__ import annotations

import os
from pathlib import Path

APP = "Cardhall"


def config_dir() -> Path:
    home = os.environ.get("CARDHALL_HOME")
    if home:
        return Path(home) / "config"
    from platformdirs import user_config_dir
    return Path(user_config_dir(APP, appauthor=False))


def data_dir() -> Path:
    home = os.environ.get("CARDHALL_HOME")
    if home:
        return Path(home) / "data"
    from platformdirs import user_data_dir
    return Path(user_data_dir(APP, appauthor=False))


def settings_path() -> Path:
    return config_dir() / "settings.json"


def user_decks_dir(game: str) -> Path:
    return data_dir() / "decks" / game


def saves_dir() -> Path:
    return data_dir() / "saves"


def replays_dir() -> Path:
    return data_dir() / "replays"


def ensure(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


class DeckEntry:
    """One deck offered in a picker: a starter (read-only) or a saved deck.

    ``problem`` is set for a damaged file (``deck`` is then None); ``legal`` is
    False for a draft that breaks the game's deck rules (not offered for matches).
    """

    __slots__ = ("deck", "path", "starter", "problem", "problems")

    def __init__(self, deck, path, starter, problem=None, problems=()):
        self.deck = deck
        self.path = path
        self.starter = starter
        self.problem = problem
        self.problems = list(problems)

    @property
    def legal(self) -> bool:
        return self.deck is not None and not self.problems

    @property
    def label(self) -> str:
        if self.deck is None:
            return f"{Path(self.path).name} (damaged)"
        tag = "starter" if self.starter else ("draft" if self.problems else "saved")
        return f"{self.deck.name} ({tag})"


def list_decks(game: str, *, include_drafts: bool = False, include_damaged: bool = False) -> list[DeckEntry]:
    """Starter decks then the player's saved decks for ``game``."""
    from engine.core.deck import load_deck
    from engine.core.files import FileProblem
    from engine.games import get_game

    spec = get_game(game)
    out: list[DeckEntry] = []
    for d in spec.starter_decks():
        out.append(DeckEntry(d, d.path, True, problems=spec.validate_deck(d)))
    folder = user_decks_dir(game)
    if folder.is_dir():
        for p in sorted(folder.glob("*.json")):
            try:
                d = load_deck(p, game=game, known_ids=spec.cards)
            except FileProblem as e:
                if include_damaged:
                    out.append(DeckEntry(None, p, False, problem=str(e)))
                continue
            probs = spec.validate_deck(d)
            if probs and not include_drafts:
                continue
            out.append(DeckEntry(d, p, False, problems=probs))
    return out
