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


def card_surface(game: str, card, width: int, *, big: bool = False, variant=None, mini: bool = False,
                 words: bool = True):
    """The face of ``card`` at ``width`` px. ``big`` = zoom layout with full text;
    ``mini`` = a miniature when narrower than :data:`MINI` (a revealed hand's row, where the
    hover zoom gives the card: its colour and picture, no words). ``words`` False: the
    card's icons rather than its rules text even where the text would fit (a zone of the
    table where some card's text does not: :func:`zone_words`).

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
    words = bool(words) or big
    key = (game, cid, width, bool(big), variant) if not mini else (game, cid, width, "mini", variant)
    if not words:
        key += ("icons",)
    surf = _CACHE.get(key)
    if surf is not None:
        _CACHE.move_to_end(key)
        return surf
    w, h = card_size(width)
    if card is None:
        surf = back_surface(game, width)
    else:
        from client.cards import draw as D
        D.LAST_MODE, D.ICONS_ONLY = None, not words
        try:
            surf = _render(game, card, w, h, big, mini)
        finally:
            D.ICONS_ONLY = False
        if len(_MODE) > 4 * _CACHE_MAX:
            _MODE.clear()
        _MODE[key] = D.LAST_MODE
        if big and st is not None:
            surf = _with_state(surf, st, w)
        surf = _fast(surf)
    _CACHE[key] = surf
    if len(_CACHE) > _CACHE_MAX:
        _CACHE.popitem(last=False)
    return surf


_MODE: dict = {}    # render cache key -> "text" / "icons" / "" / None: what the face shows


def face_mode(game: str, card, width: int, *, words: bool = True):
    """What ``card``'s face at ``width`` px shows where its rules go: "text", "icons" or
    "" (neither: a card without text or icons)."""
    card = _lookup(game, card)
    if card is None:
        return ""
    from client.cards.state import state_key
    st = state_key(card)
    key = (game, getattr(card, "id", None), max(24, int(width)), False, (None, st) if st is not None else None)
    if not words:
        key += ("icons",)
    if key not in _MODE:
        card_surface(game, card, width, words=words)
    return _MODE.get(key) or ""


def shows_text(game: str, card, width: int) -> bool:
    """Whether ``card``'s face at ``width`` px shows its rules text (left to fit), or has
    none to show: False when its text only fits in the zoom (the face shows icons)."""
    return face_mode(game, card, width) != "icons"


def zone_words(game: str, cards, width: int) -> bool:
    """One way for a zone of the table (a hand, a row of creatures): the cards' rules text
    when every card's fits at ``width`` px, else their icons on every card (the text in the
    zoom), so that a row never mixes words and icons."""
    return all(shows_text(game, c, width) for c in cards if c is not None)


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
    _MODE.clear()
    from client.cards.art import clear_cache as clear_art
    clear_art()
