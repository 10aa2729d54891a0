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
            from engine.core.sanitize import clean_file_name
            return f"{clean_file_name(Path(self.path).name, 48)} (damaged)"
        tag = "starter" if self.starter else ("draft" if self.problems else "saved")
        return f"{self.deck.name} ({tag})"


#: deck files looked at per game folder (each is read); more are counted and said, see :func:`decks_left_out`
MAX_DECK_FILES = 2000
_LEFT_OUT: dict = {}


def decks_left_out(game: str) -> str | None:
    """When the last :func:`list_decks` of ``game`` stopped at :data:`MAX_DECK_FILES`: a
    sentence saying so ("2,000 deck files shown; 14 more in the folder …"), else None."""
    more = _LEFT_OUT.get(game, 0)
    if not more:
        return None
    return f"{MAX_DECK_FILES:,} deck files shown; {more:,} more in this game's deck folder are not listed."


def list_decks(game: str, *, include_drafts: bool = False, include_damaged: bool = False) -> list[DeckEntry]:
    """Starter decks then the player's saved decks for ``game`` (at most
    :data:`MAX_DECK_FILES` files: :func:`decks_left_out` says how many more there are)."""
    from engine.core.deck import load_deck
    from engine.core.files import FileProblem, list_files, remove_stale_temp_files
    from engine.games import get_game

    spec = get_game(game)
    out: list[DeckEntry] = []
    for d in spec.starter_decks():
        out.append(DeckEntry(d, d.path, True, problems=spec.validate_deck(d)))
    folder = user_decks_dir(game)
    _LEFT_OUT[game] = 0
    if folder.is_dir():
        remove_stale_temp_files(folder)
        files = list_files(folder, "*.json", MAX_DECK_FILES)
        _LEFT_OUT[game] = files.more
        for p in files:
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


# ---------------------------------------------------------------- saves and replays
class FolderReport:
    """What a scan of the saves or replays folder found: the good items and, for
    each file that had to be set aside, a sentence for the player."""

    def __init__(self, items=None, problems=None):
        self.items = list(items or [])
        self.problems: list[str] = list(problems or [])

    def message(self, what: str) -> str | None:
        """One toast for every bad file, or None."""
        if not self.problems:
            return None
        if len(self.problems) == 1:
            return f"A {what} could not be used and was set aside unchanged: {self.problems[0]}"
        return (f"{len(self.problems)} {what}s could not be used and were set aside unchanged "
                f"(first: {self.problems[0]})")


def _aside_note(moved) -> str:
    from engine.core.sanitize import clean_file_name
    return f" Kept as {clean_file_name(moved.name)}." if moved is not None else ""


def scan_saves(game: str | None = None, folder=None) -> FolderReport:
    """Resumable games in the saves folder, newest first (``ResumeInfo``). A save
    that cannot be read, is for an unknown game or card, or does not replay is
    set aside unchanged (``NAME.damaged-TIME``) with a message; the rest load."""
    from engine.core.autosave import AUTOSAVE_SUFFIX, find_resumable, in_use, load_autosave
    from engine.core.files import FileProblem, list_files, set_aside
    folder = saves_dir() if folder is None else Path(folder)
    good = find_resumable(folder, set_aside_bad=False, replay_folder=replays_dir())
    ok = {r.path for r in good}
    problems = []
    rest = [p for p in list_files(folder, "*" + AUTOSAVE_SUFFIX) if p not in ok and not in_use(p)]
    for p in rest:
        try:
            load_autosave(p).replay()
            continue  # readable after all (e.g. written meanwhile): leave it
        except FileProblem as e:
            msg = str(e)
        except Exception as e:  # noqa: BLE001 - a reader bug must not stop the program
            from engine.core.sanitize import clean_text
            msg = clean_text(f"{p.name}: {type(e).__name__}: {e}", 400)
        problems.append(msg + _aside_note(set_aside(p)))
    items = [r for r in good if game is None or r.game == game]
    return FolderReport(items, problems)


def scan_replays(game: str | None = None, folder=None) -> FolderReport:
    """Kept replays, newest first (``ReplayInfo``); bad files set aside with a message."""
    from engine.core.files import load_folder, remove_stale_temp_files
    from engine.core.replays import REPLAY_SUFFIX, ReplayInfo, load_replay
    folder = replays_dir() if folder is None else Path(folder)
    remove_stale_temp_files(folder)
    got = load_folder(folder, load_replay, "*" + REPLAY_SUFFIX)
    items = [ReplayInfo(p, r) for p, r in zip(got.paths, got.items) if game is None or r.game == game]
    items.reverse()
    problems = [m + _aside_note(moved) for m, _p, moved in got.problems]
    return FolderReport(items, problems)


def set_aside_file(path) -> str:
    """Set a bad file aside (renamed, unchanged); a note for the message."""
    from engine.core.files import set_aside
    return _aside_note(set_aside(path))
