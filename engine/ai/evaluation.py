"""Per-game evaluation functions: ``evaluate(match, player) -> float in [-1, 1]``.

Game knowledge lives only in ``engine/<game>/evaluation.py`` (one small module per game, each
exposing ``evaluate``). A finished match scores +1 / -1 / 0 for a win / loss /
draw whatever the game. Evaluations are only ever called on determinized
matches (or views), never on the real match, so they may read anything in the
state they are given.
"""
from __future__ import annotations

from typing import Callable

Evaluator = Callable[[object, int], float]

_REGISTRY: dict[str, Evaluator] = {}


def register_evaluator(game: str, fn: Evaluator) -> None:
    """Register an evaluation for a game name (the tests' toy game registers its own)."""
    _REGISTRY[game] = fn


def terminal_value(match, player: int) -> float | None:
    r = match.result()
    if r is None:
        return None
    if r.winner is None:
        return 0.0
    return 1.0 if r.winner == player else -1.0


def neutral_evaluate(match, player: int) -> float:
    """Knows only the result; 0 while the game is running."""
    v = terminal_value(match, player)
    return 0.0 if v is None else v


def get_evaluator(game: str) -> Evaluator:
    fn = _REGISTRY.get(game)
    if fn is not None:
        return fn
    from engine.games import get_game
    try:
        mod = get_game(game).part("evaluation")
    except KeyError:                         # not a game at all
        mod = None
    if mod is None:                          # a game without an evaluation of its own
        return neutral_evaluate
    fn = getattr(mod, "evaluate", neutral_evaluate)
    _REGISTRY[game] = fn
    return fn


def clamp(x: float) -> float:
    return -1.0 if x < -1.0 else (1.0 if x > 1.0 else x)
