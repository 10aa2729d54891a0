"""Essveil's screens (see :mod:`client.tables`). The package itself is the game's client
spec, read by shared code: the card-state fields its faces draw and its settings."""
from __future__ import annotations

#: the face's fields drawn from the engine's card state: (field, the state's stat, use what
#: is left after damage) -- see :class:`client.cards.state.InPlay`
STATE_FIELDS = (("might", "Might", False), ("endurance", "Endurance", True))

#: settings of this game's own, shown in Settings: (name, label, tip, default)
SETTINGS = ()


def state_over(state) -> dict:
    """The face's other fields the state changes: keywords gained and lost, the rules
    text as it reads now, and a silenced creature's abilities gone."""
    over = {"keywords": tuple(state.keywords)}
    if state.text is not None:
        over["text"] = state.text
    if state.silenced:
        over.update(on_play=(), last_rites=(), ability=None)
    return over
