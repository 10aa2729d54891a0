"""Read-only previews: what a move would do, as the player deciding it can know.

``match.preview(action)`` (on the match contract) returns a :class:`Preview` or
None (nothing worth saying, or the action is not legal). Each game computes it in
``engine/<game>/preview.py`` from :func:`simulate`: the action is played on
``determinize(to_move, seed)`` — a copy in which everything hidden from the
deciding player is guessed from what they know — never on the real match, so a
preview neither changes the game nor tells a secret. Facts that hinge on hidden
cards (a draw, an opponent's spell) are left out or worded "if no spell is cast".

``facts`` holds the numbers the sentences are made of (tests compare them with
what ``apply`` then does); ``lines`` are the sentences a table shows.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Preview:
    action: tuple
    lines: list = field(default_factory=list)
    #: the move ends the game at once (Evons: it fills the last main cell)
    ends_game: bool = False
    #: a move the player will regret at once (their creature falls, they lose)
    warning: bool = False
    facts: dict = field(default_factory=dict)

    def text(self) -> str:
        return " ".join(self.lines)


def simulate(match, actions, *, seed: int = 0, then=None, max_steps: int = 16):
    """Play ``actions`` on what the player to move may know; then, while
    ``then(state, events_so_far)`` returns an action, play that too (at most
    ``max_steps``). Returns ``(state after, all events)``; None if an action is
    refused or the engine can't guess the hidden cards."""
    p = match.to_move()
    if p is None:
        return None
    try:
        m = match.determinize(p, seed)
    except Exception:  # noqa: BLE001 - a view that can't be filled: no preview
        return None
    events: list = []
    try:
        for a in actions:
            if m.why_illegal(tuple(a)) is not None:
                return None
            events.extend(m.apply(tuple(a)))
        for _ in range(max_steps if then is not None else 0):
            if m.result() is not None:
                break
            nxt = then(m, events)
            if nxt is None:
                break
            events.extend(m.apply(tuple(nxt)))
    except Exception:  # noqa: BLE001 - a preview must never break the game
        return None
    return m, events


def preview_of(match, action):
    """The game's preview of ``action`` (``engine/<game>/preview.py``), or None."""
    from engine.core.gameparts import part
    try:
        mod = part(match, "preview")
    except ImportError:     # a preview must never break the game
        return None
    if mod is None:
        return None
    try:
        return mod.preview(match, tuple(action))
    except Exception:  # noqa: BLE001 - a preview must never break the game
        return None
