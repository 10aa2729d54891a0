"""Each game's screens, one package a game: ``client/tables/<game>/`` holds its match table
(``table.py``: a :class:`client.table.scene.TableScene` named ``Table``), its layout,
drawing, gestures, prompts and animations, its card face (``face.py``), how its cards look
beyond the face (``look.py``: picture backdrop and card back) and its deck builder's filters
and charts (``facets.py``). Shared code reaches a game's package only through its name (the
scene registry, :func:`look_of`, :func:`client.deckbuilder.facets.facets_for`)."""
from __future__ import annotations

import importlib


def game_module(game: str, part: str):
    """``client.tables.<game>.<part>``, or None where the game has no such part."""
    try:
        return importlib.import_module(f"{__name__}.{game}.{part}")
    except ModuleNotFoundError as e:
        if e.name and (e.name == f"{__name__}.{game}" or e.name.startswith(f"{__name__}.{game}.")):
            return None
        raise
