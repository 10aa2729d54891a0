"""Card pictures: a game-icons.net drawing per card over a backdrop per game.

    art(card_id, w, h, tint, game="everdawn")   # the art window of one card
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
import math
import random
import zlib
from collections import OrderedDict

import pygame

GAMES = ("everdawn", "evons", "essveil")
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


def entry_for(card_id: str, game: str | None = None):
    """The ArtEntry of ``card_id`` (in ``game``, else the game being rendered,
    else the first game whose mapping has it), or None."""
    cid = str(card_id)
    for g in ((game,) if game else ((_CURRENT[0],) if _CURRENT[0] else ()) + GAMES):
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
    backdrop = {"everdawn": _everdawn_backdrop, "evons": _evons_backdrop,
                "essveil": _essveil_backdrop}.get(game, _everdawn_backdrop)
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


def _everdawn_backdrop(surf, tint, rnd):
    """Dawn over the realm: a deep sky of the card's colour warming to gold at the
    horizon, a rising sun with rays behind the figure, two ranges of hills."""
    w, h = surf.get_size()
    hue, sat, _ = _hue(tint)
    top = _hsv(hue, 0.55 * max(0.4, sat), 0.24)
    horizon = _mix(_hsv(hue, 0.45, 0.62), (250, 200, 120), 0.45)
    _gradient(surf, top, horizon)
    cx, cy = w * 0.5, h * 0.46
    sun_y = h * 0.62
    rays = pygame.Surface((w, h), pygame.SRCALPHA)
    n = 14
    rot = rnd.random() * math.pi / n
    rr = max(w, h)
    for i in range(n):
        a0 = rot + i * 2 * math.pi / n
        a1 = a0 + math.pi / n * 0.55
        pygame.draw.polygon(rays, (255, 236, 190, 34), [(cx, sun_y), (cx + rr * math.cos(a0), sun_y + rr * math.sin(a0)),
                                                         (cx + rr * math.cos(a1), sun_y + rr * math.sin(a1))])
    surf.blit(rays, (0, 0))
    _radial(surf, (cx, sun_y), min(w, h) * 0.62, (255, 226, 160), 170)
    # hills, back to front
    for k in range(2):
        base = h * (0.8 + 0.1 * k)
        amp = h * (0.08 + 0.03 * rnd.random())
        freq = rnd.uniform(1.2, 2.4)
        ph = rnd.random() * 6.28
        pts = [(0, h)]
        for i in range(25):
            x = w * i / 24
            pts.append((x, base - amp * (0.5 + 0.5 * math.sin(ph + freq * i / 24 * 6.28))))
        pts.append((w, h))
        pygame.draw.polygon(surf, _hsv(hue, 0.5, 0.3 - 0.1 * k), pts)
    return cx, cy


def _evons_backdrop(surf, tint, rnd):
    """The board of Evons: an element-coloured glow on a square grid, with the
    eight arrow directions faintly drawn from the centre."""
    w, h = surf.get_size()
    hue, sat, _ = _hue(tint)
    _gradient(surf, _hsv(hue, 0.6 * max(0.4, sat), 0.18), _hsv(hue + 0.03, 0.55 * max(0.4, sat), 0.34))
    cx, cy = w * 0.5, h * 0.5
    _radial(surf, (cx, cy), max(w, h) * 0.72, _mix(tint, (255, 255, 255), 0.25), 190)
    grid = pygame.Surface((w, h), pygame.SRCALPHA)
    cell = max(4, min(w, h) / 7)
    lw = max(1, int(min(w, h) // 90))
    x = cx % cell
    while x < w:
        pygame.draw.line(grid, (255, 255, 255, 26), (x, 0), (x, h), lw)
        x += cell
    y = cy % cell
    while y < h:
        pygame.draw.line(grid, (255, 255, 255, 26), (0, y), (w, y), lw)
        y += cell
    rr = max(w, h)
    for i in range(8):
        a = i * math.pi / 4
        pygame.draw.line(grid, (255, 255, 255, 22), (cx, cy), (cx + rr * math.cos(a), cy + rr * math.sin(a)),
                         max(1, lw * 2))
    surf.blit(grid, (0, 0))
    return cx, cy


def _essveil_backdrop(surf, tint, rnd):
    """The Essence Veil: a night sky, translucent curtains drifting down, an
    essence ring behind the figure and a few motes of light."""
    w, h = surf.get_size()
    hue, sat, _ = _hue(tint)
    night = (18, 14, 34)
    _gradient(surf, _mix(night, _hsv(hue, 0.5, 0.3), 0.35), _mix(night, _hsv(0.75, 0.45, 0.42), 0.8))
    veil = pygame.Surface((w, h), pygame.SRCALPHA)
    n = 5
    for k in range(n):
        x0 = w * (k + rnd.uniform(-0.3, 0.3)) / (n - 1)
        width = w * rnd.uniform(0.12, 0.22)
        amp = w * 0.06
        ph = rnd.random() * 6.28
        col = _mix(_hsv(0.72 + 0.05 * rnd.random(), 0.35, 0.95), tint, 0.35)
        pts_l, pts_r = [], []
        for i in range(17):
            y = h * i / 16
            dx = amp * math.sin(ph + i * 0.55)
            pts_l.append((x0 + dx - width / 2, y))
            pts_r.append((x0 + dx + width / 2 * (0.6 + 0.4 * math.sin(ph + i * 0.3)), y))
        pygame.draw.polygon(veil, (*col, 30), pts_l + pts_r[::-1])
    surf.blit(veil, (0, 0))
    cx, cy = w * 0.5, h * 0.46
    ring = pygame.Surface((w, h), pygame.SRCALPHA)
    r = min(w, h) * 0.44
    pygame.draw.circle(ring, (*_mix(tint, (220, 200, 255), 0.5), 70), (cx, cy), r, max(1, int(r // 12)))
    pygame.draw.circle(ring, (*_mix(tint, (255, 255, 255), 0.5), 40), (cx, cy), r * 0.8, max(1, int(r // 30)))
    surf.blit(ring, (0, 0))
    _radial(surf, (cx, cy), r * 1.2, _mix(tint, (200, 170, 255), 0.5), 120)
    motes = pygame.Surface((w, h), pygame.SRCALPHA)
    for _ in range(10):
        pygame.draw.circle(motes, (235, 225, 255, rnd.randint(70, 170)), (rnd.random() * w, rnd.random() * h),
                           max(1, min(w, h) // rnd.choice((70, 90, 120))))
    surf.blit(motes, (0, 0))
    return cx, cy


def _vignette(surf):
    w, h = surf.get_size()
    v = pygame.Surface((w, h), pygame.SRCALPHA)
    edge = max(2, min(w, h) // 9)
    for i in range(edge):
        a = int(120 * (1 - i / edge) ** 2)
        pygame.draw.rect(v, (0, 0, 0, a), (i, i, w - 2 * i, h - 2 * i), 1)
    surf.blit(v, (0, 0))


def block_picture(surf, rect, card, colour, game="evons") -> bool:
    """A Block card's drawing over its wall of stones (False: no drawing mapped)."""
    _, e = entry_for(getattr(card, "id", ""), game)
    if e is None:
        return False
    size = int(min(rect.width, rect.height) * 0.78)
    return emblem(surf, e.drawing, rect.center, size, figure_colour(colour, e), flip=e.flip,
                  glow=_mix(colour, (255, 255, 255), 0.4))


# ---------------------------------------------------------------- backs

BACK_STYLE = {
    # frame colour, field colours (top, bottom), pattern colour
    "everdawn": ((150, 104, 44), ((52, 30, 22), (120, 66, 34)), (242, 196, 110)),
    "evons": ((58, 108, 150), ((14, 26, 44), (28, 58, 84)), (140, 214, 240)),
    "essveil": ((104, 70, 160), ((20, 14, 40), (52, 30, 86)), (206, 170, 255)),
}


def card_back(game: str, w: int, h: int):
    """The back of a card of ``game``: the game's colours, pattern and emblem."""
    frame_c, (top, bottom), pat = BACK_STYLE.get(game, BACK_STYLE["everdawn"])
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
    w, h = field.get_size()
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    lw = max(1, w // 90)
    cx, cy = w / 2, h / 2
    if game == "evons":
        # the 7×7 board and its main zone (no arrows: on the grid they would read as a card's)
        cell = w / 7
        for i in range(8):
            pygame.draw.line(layer, (*pat, 60), (i * cell, 0), (i * cell, h), lw)
        y = (h - 7 * cell) / 2 % cell
        while y < h:
            pygame.draw.line(layer, (*pat, 60), (0, y), (w, y), lw)
            y += cell
        for k, f in enumerate((0.8, 0.6)):
            r = pygame.Rect(0, 0, int(w * f), int(w * f))
            r.center = (int(cx), int(cy))
            pygame.draw.rect(layer, (*pat, 110 - 30 * k), r, max(1, lw * 2), border_radius=max(2, w // 20))
    elif game == "essveil":
        # drifting veils and a ring of motes
        for k in range(6):
            x0 = w * k / 5
            pts_l, pts_r = [], []
            for i in range(17):
                y = h * i / 16
                dx = w * 0.05 * math.sin(k + i * 0.6)
                pts_l.append((x0 + dx - w * 0.07, y))
                pts_r.append((x0 + dx + w * 0.07, y))
            pygame.draw.polygon(layer, (*pat, 26), pts_l + pts_r[::-1])
        for i in range(24):
            a = i * math.pi / 12
            rr = w * 0.42
            pygame.draw.circle(layer, (*pat, 120), (cx + rr * math.cos(a), cy + rr * math.sin(a) * 1.2),
                               max(1, w // (50 if i % 2 else 80)))
    else:
        # heraldic sunburst and a lozenge diaper
        n = 24
        rr = max(w, h)
        for i in range(0, n, 2):
            a0 = i * 2 * math.pi / n
            a1 = (i + 1) * 2 * math.pi / n
            pygame.draw.polygon(layer, (*pat, 30), [(cx, cy), (cx + rr * math.cos(a0), cy + rr * math.sin(a0)),
                                                    (cx + rr * math.cos(a1), cy + rr * math.sin(a1))])
        step = w / 5
        for gx in range(-1, 7):
            for gy in range(-1, int(h / step) + 2):
                x, y = gx * step + (step / 2 if gy % 2 else 0), gy * step * 0.75
                pts = [(x, y - step * 0.12), (x + step * 0.08, y), (x, y + step * 0.12), (x - step * 0.08, y)]
                pygame.draw.polygon(layer, (*pat, 60), pts)
    field.blit(layer, (0, 0))


_TILE_BACK: dict = {}


def tile_back(size: int, rim, game: str = "evons"):
    """A face-down square board tile: the card back's field and emblem inside the
    owner's ``rim`` colour (Evons covered cards)."""
    key = (int(size), tuple(rim[:3]), game)
    t = _TILE_BACK.get(key)
    if t is not None:
        return t
    size = int(size)
    _, (top, bottom), pat = BACK_STYLE.get(game, BACK_STYLE["evons"])
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
