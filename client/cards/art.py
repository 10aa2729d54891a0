"""Card pictures: a game-icons.net drawing per card over a backdrop per game.

    art(card_id, w, h, tint, game=game)         # the art window of one card
    card_back(game, w, h)                       # the back of a card of that game
    tile_back(size, rim, game)                  # a face-down board tile (Evons)

Which drawing a card shows is data: ``engine/<game>/art.toml`` (card id ->
drawing, optional tint / flip). The drawings themselves (SVG path bodies, with
their authors and licences) are vendored in ``assets/art/game-icons.json``.

The silhouette is drawn in a light shade of the card's colour (combat type,
element or card kind) with a dark outline, over a backdrop that tells the games
apart: Everdawn a dawn sky with a sun and hills, Evons an elemental glow on the
7×7 board's grid, Essveil a night veil of drifting curtains and motes.

Every drawing is rasterised once per size (LRU caches here, and the callers
cache finished cards per width), so no SVG work happens per frame.
"""
from __future__ import annotations

import colorsys
import io
import json
import random
import zlib
from collections import OrderedDict

import pygame

_CURRENT = [None]  # the game whose card is being rendered (set by client.cards._render)
_DATA: dict = {}
_RASTER: "OrderedDict[tuple, pygame.Surface]" = OrderedDict()
_ART: "OrderedDict[tuple, pygame.Surface]" = OrderedDict()
_RASTER_MAX = 400
_ART_MAX = 500


def seed_of(card_id: str) -> int:
    return zlib.crc32(str(card_id).encode("utf-8"))


# ---------------------------------------------------------------- data

def drawings() -> dict:
    """name -> {"author": slug, "body": svg body}; {} when the asset is missing."""
    return _library().get("drawings", {})


def authors() -> dict:
    return _library().get("authors", {})


def _library() -> dict:
    lib = _DATA.get("lib")
    if lib is None:
        from engine.core.files import FileProblem, read_capped_bytes
        from engine.core.paths import assets_dir
        try:
            raw = read_capped_bytes(assets_dir() / "art" / "game-icons.json", 8 * 1024 * 1024)
            lib = json.loads(raw.decode("utf-8"))
            if not isinstance(lib, dict) or not isinstance(lib.get("drawings"), dict):
                lib = {}
        except (FileProblem, OSError, ValueError):
            lib = {}
        _DATA["lib"] = lib
    return lib


def mapping(game: str) -> dict:
    from engine.core.artmap import load
    try:
        return load(game)
    except (OSError, ValueError):
        return {}


def back_drawing(game: str) -> str | None:
    from engine.core.artmap import back
    try:
        return back(game)
    except (OSError, ValueError):
        return None


def _games() -> tuple:
    from engine.games import GAME_NAMES
    return GAME_NAMES


def entry_for(card_id: str, game: str | None = None):
    """The ArtEntry of ``card_id`` (in ``game``, else the game being rendered,
    else the first game whose mapping has it), or None."""
    cid = str(card_id)
    for g in ((game,) if game else ((_CURRENT[0],) if _CURRENT[0] else ()) + _games()):
        e = mapping(g).get(cid)
        if e is not None:
            return g, e
    return game or _CURRENT[0], None


def name_break(card, game: str) -> str | None:
    """Where the card's one-word name may go over two lines on a face ("Shield-bearer"):
    its ``name_break`` in the game's art data, or None."""
    _g, e = entry_for(getattr(card, "id", ""), game)
    return getattr(e, "name_break", None)


def set_current_game(game):
    _CURRENT[0] = game


# ---------------------------------------------------------------- colour helpers

def _mix(a, b, t):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


def _hsv(h, s, v):
    r, g, b = colorsys.hsv_to_rgb(h % 1.0, max(0.0, min(1.0, s)), max(0.0, min(1.0, v)))
    return int(r * 255), int(g * 255), int(b * 255)


def _hue(rgb):
    return colorsys.rgb_to_hsv(*(x / 255 for x in rgb[:3]))


# ---------------------------------------------------------------- rasterising

def silhouette(name: str, size: int, *, flip=False):
    """The drawing ``name`` as a white-on-transparent square ``size`` px, or None.
    Rasterised once per (name, size, flip)."""
    size = max(4, int(size))
    key = (name, size, bool(flip))
    img = _RASTER.get(key)
    if img is not None:
        _RASTER.move_to_end(key)
        return img
    d = drawings().get(name)
    if not d:
        return None
    w, h = _library().get("width", 512), _library().get("height", 512)
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}">'
           f'{d["body"].replace("currentColor", "#ffffff")}</svg>')
    try:
        img = pygame.image.load_sized_svg(io.BytesIO(svg.encode("utf-8")), (size, size))
    except (pygame.error, ValueError, AttributeError):
        return None
    if flip:
        img = pygame.transform.flip(img, True, False)
    _RASTER[key] = img
    if len(_RASTER) > _RASTER_MAX:
        _RASTER.popitem(last=False)
    return img


def _tinted(white, colour, alpha=255):
    s = white.copy()
    s.fill((*colour[:3], alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return s


def emblem(surf, name, center, size, colour, *, outline=(14, 12, 16), flip=False, shadow=True, glow=None):
    """Draw drawing ``name`` centred at ``center`` in ``colour`` with a dark outline."""
    white = silhouette(name, size, flip=flip)
    if white is None:
        return False
    r = white.get_rect(center=(int(center[0]), int(center[1])))
    if glow is not None:
        g = _tinted(silhouette(name, int(size * 1.12), flip=flip) or white, glow, 70)
        surf.blit(g, g.get_rect(center=r.center))
    if shadow:
        sh = _tinted(white, (0, 0, 0), 120)
        off = max(1, size // 28)
        surf.blit(sh, r.move(off, off * 2))
    if outline is not None:
        dark = _tinted(white, outline)
        d = max(1, size // 64)
        for dx, dy in ((-d, 0), (d, 0), (0, -d), (0, d), (-d, -d), (d, d), (-d, d), (d, -d)):
            surf.blit(dark, r.move(dx, dy))
    surf.blit(_tinted(white, colour), r)
    return True


# ---------------------------------------------------------------- the art window

def art(card_id: str, w: int, h: int, tint=(120, 120, 160), motif: str | None = None, *, game=None):
    """The art window ``w``×``h`` of ``card_id``: its drawing in the card's colour
    ``tint`` over the game's backdrop. Cached per card, size and colour."""
    w, h = max(4, int(w)), max(4, int(h))
    g, entry = entry_for(card_id, game)
    key = (g, str(card_id), w, h, tuple(tint[:3]))
    img = _ART.get(key)
    if img is not None:
        _ART.move_to_end(key)
        return img.copy()
    img = _paint(g, str(card_id), entry, w, h, tuple(tint[:3]))
    _ART[key] = img
    if len(_ART) > _ART_MAX:
        _ART.popitem(last=False)
    return img.copy()


def figure_colour(tint, entry=None):
    if entry is not None and entry.tint is not None:
        return entry.tint
    h, s, v = _hue(tint)
    if s < 0.15:  # grey (tokens): a pale silver
        return (226, 226, 232)
    return _hsv(h, min(0.32, s * 0.45), 1.0)


def _paint(game, card_id, entry, w, h, tint):
    surf = pygame.Surface((w, h))
    rnd = random.Random(seed_of(card_id))
    backdrop = _look(game).backdrop
    cx, cy = backdrop(surf, tint, rnd)
    if entry is not None:
        size = int(min(w * 0.8, h * 0.8))
        col = figure_colour(tint, entry)
        glow = _mix(tint, (255, 255, 255), 0.35)
        emblem(surf, entry.drawing, (cx, cy), size, col, flip=entry.flip, glow=glow)
    _vignette(surf)
    return surf


def _gradient(surf, top, bottom, rect=None):
    r = rect or surf.get_rect()
    step = max(1, r.height // 64)
    for y in range(r.top, r.bottom, step):
        t = (y - r.top) / max(1, r.height - 1)
        pygame.draw.rect(surf, _mix(top, bottom, t), (r.left, y, r.width, step))


def _radial(surf, center, radius, colour, alpha_max=150, rings=10):
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    for i in range(rings, 0, -1):
        a = int(alpha_max * (1 - i / (rings + 1)) ** 1.5)
        pygame.draw.circle(layer, (*colour[:3], a), center, radius * i / rings)
    surf.blit(layer, (0, 0))


def _vignette(surf):
    w, h = surf.get_size()
    v = pygame.Surface((w, h), pygame.SRCALPHA)
    edge = max(2, min(w, h) // 9)
    for i in range(edge):
        a = int(120 * (1 - i / edge) ** 2)
        pygame.draw.rect(v, (0, 0, 0, a), (i, i, w - 2 * i, h - 2 * i), 1)
    surf.blit(v, (0, 0))


def block_picture(surf, rect, card, colour, game: str) -> bool:
    """A Block card's drawing over its wall of stones (False: no drawing mapped)."""
    _, e = entry_for(getattr(card, "id", ""), game)
    if e is None:
        return False
    size = int(min(rect.width, rect.height) * 0.78)
    return emblem(surf, e.drawing, rect.center, size, figure_colour(colour, e), flip=e.flip,
                  glow=_mix(colour, (255, 255, 255), 0.4))


# ---------------------------------------------------------------- backs

_LOOKS: dict = {}


def _look(game):
    """The game's own look (``client/tables/<game>/look.py``: ``BACK_STYLE``, ``backdrop``,
    ``back_pattern``), or a plain one for a game without (the tests' toy game)."""
    look = _LOOKS.get(game)
    if look is None:
        from client.tables import game_module
        look = _LOOKS[game] = game_module(game, "look") or _PlainLook
    return look


class _PlainLook:
    BACK_STYLE = ((120, 120, 130), ((30, 30, 36), (70, 70, 80)), (200, 200, 210))

    @staticmethod
    def backdrop(surf, tint, rnd):
        hue, sat, _ = _hue(tint)
        _gradient(surf, _hsv(hue, 0.5 * max(0.4, sat), 0.2), _hsv(hue, 0.4 * max(0.4, sat), 0.4))
        w, h = surf.get_size()
        return w * 0.5, h * 0.5

    @staticmethod
    def back_pattern(layer, pat):
        pass


def card_back(game: str, w: int, h: int):
    """The back of a card of ``game``: the game's colours, pattern and emblem."""
    frame_c, (top, bottom), pat = _look(game).BACK_STYLE
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(3, w // 18)
    pygame.draw.rect(s, _mix(frame_c, (0, 0, 0), 0.55), s.get_rect(), border_radius=r)
    pygame.draw.rect(s, frame_c, s.get_rect().inflate(-max(2, w // 60), -max(2, w // 60)), border_radius=r)
    b = max(3, w // 16)
    inner = s.get_rect().inflate(-2 * b, -2 * b)
    field = pygame.Surface(inner.size)
    _gradient(field, top, bottom)
    _back_pattern(field, game, pat)
    s.blit(field, inner)
    pygame.draw.rect(s, _mix(frame_c, (255, 255, 255), 0.35), inner, max(1, w // 80),
                     border_radius=max(2, r - b // 2))
    pygame.draw.rect(s, _mix(frame_c, (255, 255, 255), 0.3), s.get_rect().inflate(-max(2, w // 60), -max(2, w // 60)),
                     max(1, w // 110), border_radius=r)
    name = back_drawing(game)
    cx, cy = inner.center
    size = int(min(inner.width, inner.height) * 0.5)
    disc = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(disc, (*_mix(top, (0, 0, 0), 0.3), 220), (cx, cy), size * 0.66)
    pygame.draw.circle(disc, (*pat, 255), (cx, cy), size * 0.66, max(1, w // 60))
    s.blit(disc, (0, 0))
    if name:
        emblem(s, name, (cx, cy), int(size * 0.86), pat, shadow=False)
    return s


def _back_pattern(field, game, pat):
    layer = pygame.Surface(field.get_size(), pygame.SRCALPHA)
    _look(game).back_pattern(layer, pat)
    field.blit(layer, (0, 0))


_TILE_BACK: dict = {}


def tile_back(size: int, rim, game: str):
    """A face-down square board tile: the card back's field and emblem inside the
    owner's ``rim`` colour (Evons covered cards)."""
    key = (int(size), tuple(rim[:3]), game)
    t = _TILE_BACK.get(key)
    if t is not None:
        return t
    size = int(size)
    _, (top, bottom), pat = _look(game).BACK_STYLE
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    rimw = max(2, size // 16)
    pygame.draw.rect(s, rim, s.get_rect(), border_radius=max(3, size // 10))
    inner = s.get_rect().inflate(-2 * rimw, -2 * rimw)
    field = pygame.Surface(inner.size)
    _gradient(field, top, bottom)
    _back_pattern(field, game, pat)
    s.blit(field, inner)
    pygame.draw.rect(s, rim, inner, max(1, size // 40))
    name = back_drawing(game)
    if name:
        emblem(s, name, inner.center, int(size * 0.46), pat, shadow=False)
    if len(_TILE_BACK) > 64:
        _TILE_BACK.clear()
    _TILE_BACK[key] = s
    return s


def clear_cache():
    _RASTER.clear()
    _ART.clear()
    _TILE_BACK.clear()
