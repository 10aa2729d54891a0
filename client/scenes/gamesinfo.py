"""What the menus need to know about each game: read from the games' registry
(:mod:`engine.games`: title and pitch without importing a game, its spec on demand)."""
from __future__ import annotations

from engine import games


def all_games() -> list[str]:
    return list(games.GAME_NAMES)


def available() -> list[str]:
    return games.available_games()


def spec(game: str, load: bool = True):
    """The game's SPEC, or None if it can't be loaded. With ``load=False`` only an
    engine already imported is used (no import cost)."""
    if not load:
        import sys
        mod = sys.modules.get(f"engine.{game}")
        return getattr(mod, "SPEC", None)
    try:
        return games.get_game(game)
    except (ImportError, AttributeError, KeyError):
        return None


def title(game: str) -> str:
    return games.game_entry(game)["title"]


def pitch(game: str) -> str:
    return games.game_entry(game)["pitch"]


def showcase_card(game: str):
    """A representative card for the game's tile: a champion/high-cost card if any."""
    sp = spec(game)
    if sp is None or not sp.cards:
        return None
    cards = list(sp.cards.values())

    def score(c):
        kind = str(getattr(c, "kind", ""))
        s = 0
        if "champion" in kind or getattr(c, "champion", False):
            s += 100
        if kind in ("creature", "monster"):
            s += 10
        s += int(getattr(c, "cost", 0) or 0)
        return (-s, str(c.id))
    return sorted(cards, key=score)[0]


def default_game() -> str:
    av = available()
    return av[0] if av else games.GAME_NAMES[0]
