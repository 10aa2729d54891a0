"""Each game's screens, one package a game: ``client/tables/<game>/`` holds its match table
(``table.py``: a :class:`client.table.scene.TableScene` named ``Table``), its layout,
drawing, gestures, prompts and animations, its card face (``face.py``), how its cards look
beyond the face (``look.py``: picture backdrop and card back) and its deck builder's filters
and charts (``facets.py``). Shared code reaches a game's package only through its name (the
scene registry, :func:`game_package`, :func:`game_module`)."""
from __future__ import annotations

import functools
import importlib


@functools.cache
def game_package(game: str):
    """The game's client package ``client.tables.<game>`` (what it declares for shared code:
    ``STATE_FIELDS`` and ``state_over`` for cards in play, ``SETTINGS``, ``LAYOUT_POSITIONS``),
    or None for a game without one (a toy game in the tests). An import error inside the
    package is raised, not taken for a missing package. Looked up once a game (the cards in
    play ask for it on every face they draw)."""
    return _import_own(game, f"{__name__}.{game}")


def game_module(game: str, part: str):
    """``client.tables.<game>.<part>``, or None where the game has no such part."""
    return _import_own(game, f"{__name__}.{game}.{part}")


def _import_own(game: str, name: str):
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name and (e.name == f"{__name__}.{game}" or e.name.startswith(f"{__name__}.{game}.")):
            return None
        raise
