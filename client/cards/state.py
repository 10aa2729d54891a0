"""A card in play as the table draws it: the printed card with the engine's current
state over it (:class:`engine.core.cardstate.CardState`, from ``engine/<game>/state.py``).

    face = in_play("essveil", card, card_state(view, uid))
    img = card_surface("essveil", face, width)           # current numbers, keywords, text
    img = card_surface("essveil", face, width, big=True)  # + the zoom's "now" panel

:class:`InPlay` reads like the card (name, id, art, cost...) except for the fields the
state changes: each game's numbers and whatever else its client package names
(``client/tables/<game>/__init__.py``: ``STATE_FIELDS`` and ``state_over``). The faces colour a number that differs from the printed
one (:func:`stat_colour`); the zoom adds the state's own sentences under the card. Nothing
here works a rule out: every value and sentence is the engine's.
"""
from __future__ import annotations

from client.tables import game_package

UP, DOWN = (150, 245, 150), (255, 140, 130)


class InPlay:
    """The printed ``card`` with ``state``'s current values over it (see the module)."""

    __slots__ = ("card", "state", "game", "names", "_over")

    def __init__(self, game: str, card, state, names=None):
        self.card, self.state, self.game, self.names = card, state, game, names
        over = {}
        spec = game_package(game)
        for field, stat, left in getattr(spec, "STATE_FIELDS", ()):
            st = state.stat(stat)
            if st is None:
                continue
            over[field] = state.left if (left and state.left is not None) else st.now
        more = getattr(spec, "state_over", None)
        if more is not None:
            over.update(more(state))
        self._over = over

    def __getattr__(self, name):
        over = object.__getattribute__(self, "_over")
        if name in over:
            return over[name]
        return getattr(object.__getattribute__(self, "card"), name)

    def shown(self) -> dict:
        """The values the face is given (field -> value), for tests and the layout check."""
        return dict(self._over)

    def __repr__(self):
        return f"InPlay({self.card.id!r}, {self.state.summary()!r})"


def in_play(game: str, card, state, names=None):
    """``card`` as it is in play (``state`` None: the printed card itself); ``names`` (an
    :class:`engine.core.text.Names`) words the zoom's sentences that name a seat."""
    if state is None or card is None:
        return card
    return InPlay(game, card, state, names)


def stat_colour(card, field: str, default=(255, 255, 255)):
    """The colour of a face's number: green above the printed value, red below it or
    when damage has taken some of it, else ``default``."""
    if not isinstance(card, InPlay):
        return default
    for f, stat, left in getattr(game_package(card.game), "STATE_FIELDS", ()):
        if f != field:
            continue
        st = card.state.stat(stat)
        if st is None:
            return default
        if left and card.state.damage:
            return DOWN
        return UP if st.now > st.printed else DOWN if st.now < st.printed else default
    return default


def state_key(card):
    """The part of the render cache's key the state adds (None for a printed card)."""
    if not isinstance(card, InPlay):
        return None
    return card.state if card.names is None else (card.state, card.names)


def state_panel(state, width: int):
    """The zoom's panel under the card: "In play now" and the state's sentences (None
    when the card is as printed). ``state``: a CardState, or (CardState, Names)."""
    state, names = state if isinstance(state, tuple) else (state, None)
    lines = state.lines(names)
    if not lines:
        return None
    import pygame
    from client.ui.theme import PAL, font, wrap_lines
    pad = max(6, width // 28)
    size = max(11, width // 19)
    f = font(size)
    fb = font(size, True)
    head = fb.render("In play now", True, PAL["gold_hi"])
    rows = []
    for i, ln in enumerate(lines):
        for j, part in enumerate(wrap_lines(ln, fb if i == 0 else f, width - 2 * pad - size)):
            rows.append((i, j, part))
    lh = f.get_linesize()
    h = pad + head.get_height() + pad // 2 + len(rows) * lh + pad
    s = pygame.Surface((width, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (22, 24, 34, 245), s.get_rect(), border_radius=max(6, width // 24))
    pygame.draw.rect(s, PAL["gold"], s.get_rect(), max(1, width // 150), border_radius=max(6, width // 24))
    s.blit(head, (pad, pad))
    y = pad + head.get_height() + pad // 2
    for i, j, part in rows:
        if i == 0:
            img = fb.render(part, True, PAL["text"])
        else:
            img = f.render(part, True, PAL["text"] if j or not part.startswith("Silenced") else PAL["bad"])
        if j == 0 and i:
            pygame.draw.circle(s, PAL["muted"], (pad + size // 3, y + lh // 2), max(2, size // 6))
        s.blit(img, (pad + (size if i else 0), y))
        y += lh
    return s
