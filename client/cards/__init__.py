"""Card rendering for all three games (pictures: :mod:`client.cards.art`).

    from client.cards import card_surface, back_surface, card_size
    img = card_surface("everdawn", card, width)        # cached per (game, card id, width, variant)

Rendered surfaces are cached (LRU) per (game, card id, width, variant): never scale
every frame — ask for the width you draw at. ``card`` is the game's card object
(``id``, ``name``, ``kind``, ``text`` and the game's own fields); a card id string
is looked up in the game's pool.

Per-game frames live in ``client/cards/<game>.py`` (function ``render(card, w, h, big)``);
shared drawing in :mod:`client.cards.draw`, icons in :mod:`client.cards.icons`, the
card pictures and backs in :mod:`client.cards.art` (drawings mapped per card in
``engine/<game>/art.toml``).
"""
from __future__ import annotations

from collections import OrderedDict

RATIO = 1.4  # height / width, every game
MINI = 56    # px: asked for as ``mini``, a face narrower than this is a miniature (a revealed
             # hand's row): picture, colour and at most one number, no words (``draw.mini_face``)
_CACHE: "OrderedDict[tuple, object]" = OrderedDict()
_CACHE_MAX = 600


def card_size(width: int) -> tuple[int, int]:
    return int(width), int(round(width * RATIO))


def _lookup(game: str, card):
    if isinstance(card, str):
        from client.scenes import gamesinfo
        sp = gamesinfo.spec(game)
        if sp is None or card not in sp.cards:
            return None
        return sp.cards[card]
    return card


def card_surface(game: str, card, width: int, *, big: bool = False, variant=None, mini: bool = False):
    """The face of ``card`` at ``width`` px. ``big`` = zoom layout with full text;
    ``mini`` = a miniature when narrower than :data:`MINI` (a revealed hand's row, where the
    hover zoom gives the card: its colour and picture, no words).

    ``variant`` is an extra hashable key for the caller's own overlays (e.g. a
    tapped/damaged state rendered by the table); the base face ignores it.
    """
    card = _lookup(game, card)
    width = max(24, int(width))
    cid = getattr(card, "id", None) if card is not None else None
    from client.cards.state import state_key
    st = state_key(card)
    if st is not None:      # a card in play: its current state is part of the face
        variant = (variant, st)
    mini = bool(mini) and not big and width < MINI
    key = (game, cid, width, bool(big), variant) if not mini else (game, cid, width, "mini", variant)
    surf = _CACHE.get(key)
    if surf is not None:
        _CACHE.move_to_end(key)
        return surf
    w, h = card_size(width)
    if card is None:
        surf = back_surface(game, width)
    else:
        surf = _render(game, card, w, h, big, mini)
        if big and st is not None:
            surf = _with_state(surf, st, w)
        surf = _fast(surf)
    _CACHE[key] = surf
    if len(_CACHE) > _CACHE_MAX:
        _CACHE.popitem(last=False)
    return surf


def _render(game, card, w, h, big, mini=False):
    import importlib
    try:
        mod = importlib.import_module(f"client.tables.{game}.face")
    except ModuleNotFoundError:
        from client.cards import generic as mod
    from client.cards.art import set_current_game
    set_current_game(game)  # the art window draws this game's picture and backdrop
    try:
        if mini and hasattr(mod, "mini"):
            return mod.mini(card, w, h)     # a miniature: picture and colour, no words
        return mod.render(card, w, h, big)
    except Exception:  # noqa: BLE001 - one card a face cannot draw must never crash a screen
        import traceback
        traceback.print_exc()
        from client.cards import generic
        return generic.render(card, w, h, big)


def _with_state(face, state, w):
    """The zoom of a card in play: its face, and under it what differs from the print."""
    from client.cards.state import state_panel
    panel = state_panel(state, w)
    if panel is None:
        return face
    import pygame
    gap = max(4, w // 40)
    out = pygame.Surface((w, face.get_height() + gap + panel.get_height()), pygame.SRCALPHA)
    out.blit(face, (0, 0))
    out.blit(panel, (0, face.get_height() + gap))
    return out


#: what the layout check calls the texts on a card's face
CARD_FACE = "a card face"


def _fast(surf):
    """The display's pixel format blits several times faster (once a window exists)."""
    import pygame
    from client.ui import theme as ui
    if ui.RECORDER is not None:  # the layout check follows the texts on this surface
        if not getattr(surf, "label", "x"):
            surf.label = CARD_FACE   # (its "larger is larger" part compares the card's width)
        return surf
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        try:
            return surf.convert_alpha()
        except pygame.error:
            return surf
    return surf


def back_surface(game: str, width: int):
    key = (game, "__back__", int(width), False, None)
    surf = _CACHE.get(key)
    if surf is None:
        from client.cards.art import card_back
        surf = _fast(card_back(game, *card_size(width)))
        _CACHE[key] = surf
    return surf


def clear_cache():
    _CACHE.clear()
    from client.cards.art import clear_cache as clear_art
    clear_art()
