"""Everdawn's screens (see :mod:`client.tables`). The package itself is the game's client
spec, read by shared code: the card-state fields its faces draw and its settings."""
from __future__ import annotations

#: the face's fields drawn from the engine's card state: (field, the state's stat, use what
#: is left after damage) -- see :class:`client.cards.state.InPlay`
STATE_FIELDS = (("attack", "Attack", False), ("defense", "Defense", False))

#: settings of this game's own, shown in Settings: (name, label, tip, default) -- on/off
#: switches read as ``app.settings.<name>`` (see :func:`client.settings.game_settings`)
SETTINGS = (
    ("everdawn_turn_clock", "Everdawn turn clock", "2 min a turn + 5 min bank; 3rd timeout forfeits", False),
    # ask the player the order of cards gone to the bottom of a deck at once (defeated creatures,
    # their equipment); off, the table answers by the engine's rule (the weakest lowest)
    ("choose_return_order", "Choose the order of returned cards", "Everdawn: you order defeated cards yourself",
     False),
)
