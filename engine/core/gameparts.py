"""A game's own modules, found beside its match class.

Each game keeps everything it knows in its own package (``engine/<game>/``): its rules
(``match``), words (``text``), previews (``preview``), AI knowledge (``evaluation``,
``tactics``), advice words (``advice``) and lessons (``tutorial``). Shared code reaches
them only through :func:`part` (or :meth:`engine.games.GameSpec.part`), so a game is
added by adding its folder, and a game without a part (a test's toy game) simply has
none.
"""
from __future__ import annotations

import importlib

_CACHE: dict = {}


def package_of(match_or_class) -> str:
    """The package of a game's match (``engine.everdawn`` for its Match or a match)."""
    cls = match_or_class if isinstance(match_or_class, type) else type(match_or_class)
    return cls.__module__.rsplit(".", 1)[0]


def part(match_or_class, name: str):
    """The game's module ``<package>.<name>`` or None where the game has no such module.
    An import error inside the module is raised, not taken for a missing part."""
    full = f"{package_of(match_or_class)}.{name}"
    if full in _CACHE:
        return _CACHE[full]
    try:
        mod = importlib.import_module(full)
    except ModuleNotFoundError as e:
        if e.name is None or not (full == e.name or full.startswith(e.name + ".")):
            raise
        mod = None
    _CACHE[full] = mod
    return mod
