"""What the menus need to know about each game, robust to engines still landing."""
from __future__ import annotations

from engine.games import GAME_NAMES

FALLBACK = {  # shown until the engine is imported (kept equal to each SPEC)
    "everdawn": ("Everdawn", "Three lanes, morale and equipment: a duel of position, not resources."),
    "evons": ("Evons", "Place arrow cards on a 7×7 grid: fight, flip and chain abilities to own the centre."),
    "essveil": ("Essveil", "A duel fuelled by a cycling Veil of Essence: bank your turns, drop a giant early."),
}


def all_games() -> list[str]:
    return list(GAME_NAMES)


def available() -> list[str]:
    from engine.games import available_games
    return available_games()


def spec(game: str, load: bool = True):
    """The game's SPEC, or None while its engine has not landed. With
    ``load=False`` only an engine already imported is used (no import cost)."""
    if not load:
        import sys
        mod = sys.modules.get(f"engine.{game}")
        return getattr(mod, "SPEC", None)
    from engine.games import get_game
    try:
        return get_game(game)
    except (ImportError, AttributeError, KeyError):
        return None


def title(game: str) -> str:
    sp = spec(game, load=False)
    return getattr(sp, "title", None) or FALLBACK.get(game, (game.title(), ""))[0]


def pitch(game: str) -> str:
    sp = spec(game, load=False)
    return getattr(sp, "pitch", None) or FALLBACK.get(game, ("", ""))[1]


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
    return av[0] if av else GAME_NAMES[0]
