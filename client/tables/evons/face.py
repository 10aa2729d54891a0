"""Evons card faces: cost (coin, top left), element badge (top right), eight
arrow positions around the art with ability glyphs, ATK and DEF; Block cards as
element-coloured stones. ``render_tile`` draws a square grid tile for the board."""
from __future__ import annotations

import math

import pygame

from client.cards import draw as D
from client.cards.art import block_picture, name_break
from client.cards.icons import draw_icon

ELEMENT_COLOURS = {"fire": (214, 84, 44), "nature": (70, 162, 70), "electric": (214, 180, 30),
                   "darkness": (112, 72, 168), "earth": (150, 106, 62), "water": (46, 124, 214)}
ELEMENT_ICONS = {"fire": "flame", "nature": "leaf", "electric": "bolt", "darkness": "crescent",
                 "earth": "mountain", "water": "drop"}
ABILITY_ICONS = {"remove": "cross", "block": "square", "firestorm": "flame", "growth": "sprout",
                 "magnetism": "magnet", "resurrection": "ankh", "shockwave": "wave", "swap": "swap"}
ABILITY_COLOURS = {"remove": (230, 70, 70), "block": (150, 150, 160), "firestorm": (240, 110, 40),
                   "growth": (90, 200, 90), "magnetism": (240, 210, 60), "resurrection": (170, 120, 230),
                   "shockwave": (190, 140, 80), "swap": (70, 160, 240)}
DIRS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
DIR_VEC = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1), "S": (0, 1), "SW": (-1, 1), "W": (-1, 0),
           "NW": (-1, -1)}


def colour_of(card):
    return ELEMENT_COLOURS.get(getattr(card, "element", ""), (140, 140, 140))


def arrows_of(card):
    arr = getattr(card, "arrows", ())
    if isinstance(arr, dict):
        return {d: a for d, a in arr.items() if a}
    return {DIRS[i]: a for i, a in enumerate(arr) if a}


def draw_arrows(s, rect, arrows, size, *, glyphs=True):
    """Arrow triangles on the edges/corners of ``rect`` pointing outwards."""
    cx, cy = rect.center
    hw, hh = rect.width / 2, rect.height / 2
    for d, kind in arrows.items():
        vx, vy = DIR_VEC[d]
        px, py = cx + vx * hw, cy + vy * hh
        ang = math.atan2(vy, vx)
        tip = (px + math.cos(ang) * size * 0.35, py + math.sin(ang) * size * 0.35)
        base = size * 0.55
        left = (px - math.cos(ang) * size * 0.45 + math.cos(ang + math.pi / 2) * base,
                py - math.sin(ang) * size * 0.45 + math.sin(ang + math.pi / 2) * base)
        right = (px - math.cos(ang) * size * 0.45 - math.cos(ang + math.pi / 2) * base,
                 py - math.sin(ang) * size * 0.45 - math.sin(ang + math.pi / 2) * base)
        col = (250, 246, 236) if kind == "normal" else ABILITY_COLOURS.get(kind, (250, 200, 80))
        pygame.draw.polygon(s, (14, 12, 10), [tip, left, right])
        shrink = [(x * 0.8 + sum(p[0] for p in (tip, left, right)) / 3 * 0.2,
                   y * 0.8 + sum(p[1] for p in (tip, left, right)) / 3 * 0.2) for x, y in (tip, left, right)]
        pygame.draw.polygon(s, col, shrink)
        if kind != "normal" and glyphs:
            g = int(size * 0.95)
            gx = px - math.cos(ang) * size * 1.05
            gy = py - math.sin(ang) * size * 1.05
            pygame.draw.circle(s, (14, 12, 10), (gx, gy), g * 0.62)
            pygame.draw.circle(s, col, (gx, gy), g * 0.62, max(1, g // 10))
            draw_icon(s, ABILITY_ICONS.get(kind, "dot"), pygame.Rect(gx - g * 0.4, gy - g * 0.4, g * 0.8, g * 0.8),
                      col, outline=None)


SMALL = 150  # px: narrower faces put the name across the top, cost and element on the art


def ability_icons(card):
    """One icon per ability the card's arrows carry (its rules text, in short)."""
    seen = []
    for kind in arrows_of(card).values():
        if kind != "normal" and kind not in seen:
            seen.append(kind)
    return [(ABILITY_ICONS.get(k, "dot"), ABILITY_COLOURS.get(k, (250, 200, 80))) for k in seen]


def _stat_boxes(s, card, inner, pad, w, kw, kh, min_h):
    """ATK (left) and DEF (right) boxes along the bottom of ``inner`` (about ``kw`` of the
    card's width and ``kh`` of its height, at least ``min_h`` tall); returns their rects.

    Every edge is rounded once from a size that only grows with the card (the DEF box's
    left edge a share of the width, the ATK box's right edge its mirror, the top a share
    of the bottom): laid out as "the far edge minus the box's size", a box moves back a
    pixel wherever its size and an inset step at the same width, and the numbers in it
    shake during a hover or a scale. This way a card one pixel wider never shows them a
    pixel further left or up."""
    bottom = inner.bottom - pad
    top = min(bottom - min_h, int(round(bottom * (1 - kh / 0.94))))   # (the bottom is ~0.94 of the height)
    left, right = inner.left + pad, inner.right - pad
    d_left = int(round(w * (1 - 1 / 22 - 1 / 28 - kw)))               # (the frame's and the pad's share)
    a_right = left + right - d_left
    ar = pygame.Rect(left, top, a_right - left, bottom - top)
    dr = pygame.Rect(d_left, top, right - d_left, bottom - top)
    for rect, val, icon, c in ((ar, card.atk, "sword", (150, 50, 40)), (dr, card.defense, "shield", (50, 90, 150))):
        pygame.draw.rect(s, D.shade(c, 0.35), rect, border_radius=max(2, rect.height // 4))
        pygame.draw.rect(s, D.shade(c, 1.3), rect, max(1, w // 100), border_radius=max(2, rect.height // 4))
        if rect.width >= rect.height * 1.35:
            ic = int(rect.height * 0.6)
            draw_icon(s, icon, pygame.Rect(rect.left + rect.height // 5, rect.centery - ic // 2, ic, ic), (240, 230, 210))
            D.number(s, val, (rect.right - rect.width * 0.3, rect.centery), rect.height * 0.72)
        else:   # a narrow box (a small hand card): the number alone, never run into by its icon
            D.number(s, val, rect.center, rect.height * 0.72)
    return ar, dr


def render(card, w, h, big=False):
    if big or w >= SMALL or getattr(card, "kind", "") == "block":
        return _render_full(card, w, h, big)
    col = colour_of(card)
    s, inner = D.frame(w, h, col)
    pad = max(2, w // 28)
    # a hand card at 1024x640 (about 58 px): the name bar nearly the card's width and the
    # name nearly the bar's, so "Leviathan" and "Mountain" keep the size floor
    bp, ins = (1, 2) if w < 72 else (pad, 4)
    bar = pygame.Rect(inner.left + bp, inner.top + pad, inner.width - 2 * bp, max(14, int(h * 0.12)))
    npref = max(D.NAME_MIN, int(w / 9.5))
    hy = name_break(card, "evons")
    eic = bar.height - 4
    one_line = len(D.name_fit(card.name, bar.width - ins - eic, npref, hyphen=hy)[1]) == 1
    lp = eic + 2 if one_line else 0
    bar.height = max(bar.height, D.name_height(card.name, bar.width - ins - lp, npref, hyphen=hy))
    D.name_bar(s, bar, card.name, col, size=npref, left_pad=lp, hyphen=hy, inset=ins)
    if one_line:  # the element, beside the name (the frame's colour is never the only cue)
        draw_icon(s, ELEMENT_ICONS.get(card.element, "dot"), pygame.Rect(bar.left + 3, bar.centery - eic // 2, eic, eic),
                  D.shade(col, 1.5), outline=None)
    # ATK / DEF
    ar, dr = _stat_boxes(s, card, inner, pad, w, 0.34, 0.15, 20)
    stat_h = ar.height
    # square art with the arrows around it (room left for them on every side)
    room_h = ar.top - bar.bottom - 2 * pad
    asz = max(6, w * 0.085)
    side = int(min(inner.width - 2 * pad - 2 * asz * 0.7, room_h - 2 * asz * 0.7))
    art = pygame.Rect(0, 0, side, side)
    art.center = (inner.centerx, bar.bottom + pad + room_h // 2)
    D.art_window(s, art, card.id, col, border=D.shade(col, 1.4))
    # the cost between ATK and DEF (the art's corners belong to the arrows)
    mid = pygame.Rect(ar.right, ar.top, dr.left - ar.right, stat_h)
    r = max(8, min(stat_h // 2, mid.width // 2 + pad))
    D.badge(s, mid.center, r, (210, 170, 60), ring=(255, 236, 170))
    D.number(s, card.cost, mid.center, r * 1.2)
    draw_arrows(s, art.inflate(int(asz * 0.5), int(asz * 0.5)), arrows_of(card), asz, glyphs=True)
    return s


def _render_full(card, w, h, big=False):
    col = colour_of(card)
    s, inner = D.frame(w, h, col)
    pad = max(2, w // 28)
    top_h = max(12, int(h * 0.11))
    r = top_h // 2 + max(1, w // 60)
    # element badge, top right: its centre and the name bar's right end each a share of
    # the width (rounded once: "the right edge minus the badge" steps back a pixel where
    # the badge grows, and the name centred on the bar with it)
    ec = (min(inner.right - pad - r, int(round(w * (1 - 1 / 22 - 1 / 28 - 0.094)))), inner.top + pad + r - 1)
    bar_right = min(ec[0] - r - pad, int(round(w * (1 - 1 / 22 - 2 / 28 - 2 * 0.094))))
    is_block = getattr(card, "kind", "") == "block"
    narrow_block = is_block and not big and w < SMALL
    if not narrow_block:    # (a narrow Block card: its type plate names the element, the name has the width)
        D.icon_badge(s, ELEMENT_ICONS.get(card.element, "dot"), ec, r, D.shade(col, 0.7))
    left_x = inner.left + pad
    if not is_block:
        cc = (inner.left + pad + r, inner.top + pad + r - 1)
        D.badge(s, cc, r, (210, 170, 60), ring=(255, 236, 170))
        D.number(s, card.cost, cc, r * 1.15)
        left_x = cc[0] + r + pad
    bar = pygame.Rect(left_x, inner.top + pad, bar_right - left_x, top_h)
    npref = int(top_h * 0.56)
    ins = 4
    if narrow_block:
        bar = pygame.Rect(inner.left + 1, inner.top + pad, inner.width - 2, top_h)
        npref, ins = max(D.NAME_MIN, int(w / 9.5)), 2
    # two lines whenever they give the name a larger size than one ("Ember" / "Imp" beside
    # "Flame" / "Warden", not a one-line name a third smaller), as on the other games' faces
    hy = name_break(card, "evons")
    bar.height = max(top_h, D.name_height(card.name, bar.width - ins, npref, larger=True, hyphen=hy),
                     0 if big else D.two_line_height(npref))    # one plate for every name
    D.name_bar(s, bar, card.name, col, size=npref, larger=True, hyphen=hy, inset=ins)
    art_top = inner.top + pad + max(bar.height, 2 * r) + pad
    if is_block:
        art = pygame.Rect(inner.left + pad, art_top, inner.width - 2 * pad, int(h * 0.5))
        pygame.draw.rect(s, D.shade(col, 0.5), art)
        bw = max(4, art.width // 4)
        bh = max(3, art.height // 6)
        for row in range(6):
            off = (bw // 2) if row % 2 else 0
            for k in range(-1, 5):
                br = pygame.Rect(art.left + k * bw + off, art.top + row * bh, bw - 2, bh - 2).clip(art)
                if br.width > 0:
                    pygame.draw.rect(s, D.shade(col, 0.75 + 0.08 * ((row * 3 + k) % 3)), br)
        ic = int(art.height * 0.5)
        if not block_picture(s, art, card, col):
            draw_icon(s, ELEMENT_ICONS.get(card.element, "dot"),
                      pygame.Rect(art.centerx - ic // 2, art.centery - ic // 2, ic, ic), D.WHITE)
        tp = pygame.Rect(art.left + art.width // 8, art.bottom - max(6, h // 28), art.width * 3 // 4, max(10, h // 16))
        D.type_plate(s, tp, f"Block · {card.element.title()}", col)
        txt = pygame.Rect(inner.left + pad, tp.bottom + pad, inner.width - 2 * pad, inner.bottom - tp.bottom - 2 * pad)
        D.rules_or_icons(s, txt, card.text, [], size=max(D.TEXT_MIN, int(w / (15 if big else 12.5))),
                         min_size=D.NAME_MIN if big else D.TEXT_MIN)
        return s
    # square art with arrows around it (in the zoom, smaller when the rules text needs the room)
    side = min(inner.width - 2 * pad - int(w * 0.12), int(h * (0.34 if big else (0.42 if w >= 180 else 0.5))))
    if big and card.text:
        stat_top = inner.bottom - pad - int(h * 0.12)
        while side > w * 0.3:
            room = pygame.Rect(0, 0, inner.width - 2 * pad,
                               stat_top - pad - (art_top + int(w * 0.05) + side + int(w * 0.05) + pad))
            if room.height > 0 and D.text_fits(room, card.text, int(w / 16), 10) is not None:
                break
            side -= max(2, int(w * 0.02))
    elif not big and (card.text or ability_icons(card)):
        # the abilities' strip under the picture keeps room for icons that read (the name's
        # two-line plate took its height from them): the picture gives it back
        stat_top = inner.bottom - pad - int(h * 0.12)
        strip = stat_top - pad - (art_top + 2 * int(w * 0.05) + side + pad)
        want = max(14, int(w * 0.1))
        if strip < want:
            side = max(int(w * 0.45), side - (want - strip))
    art = pygame.Rect(0, 0, side, side)
    art.midtop = (inner.centerx, art_top + int(w * 0.05))
    D.art_window(s, art, card.id, col, border=D.shade(col, 1.4))
    draw_arrows(s, art.inflate(-int(side * 0.06), -int(side * 0.06)), arrows_of(card), max(6, w * 0.075))
    # ATK / DEF
    ar, dr = _stat_boxes(s, card, inner, pad, w, 0.28, 0.12, 1)
    stat_h = ar.height
    mid = pygame.Rect(ar.right, ar.top, dr.left - ar.right, stat_h)
    f, fits = D.fit_text(card.element.title(), max(8, mid.width - 6), max(D.NAME_MIN, int(stat_h * 0.42)),
                         min_size=D.NAME_MIN)
    if not fits:      # at the smallest size a little closer to the boxes, never across them
        f, fits = D.fit_text(card.element.title(), mid.width - 4, D.NAME_MIN, min_size=D.NAME_MIN)
    if fits and f.size(card.element.title())[0] <= mid.width - 4:
        img = f.render(card.element.title(), True, (235, 225, 200))
        s.blit(img, img.get_rect(center=mid.center))
    txt = pygame.Rect(inner.left + pad, art.bottom + int(w * 0.05) + pad, inner.width - 2 * pad, 0)
    txt.height = ar.top - pad - txt.top
    D.rules_or_icons(s, txt, card.text, ability_icons(card), size=max(D.TEXT_MIN, int(w / (16 if big else 13))),
                     min_size=D.NAME_MIN if big else D.TEXT_MIN)
    return s


_TILE_CACHE: dict = {}


def render_tile(card, size, owner_colour=(110, 170, 255), *, face_down=False):
    """A square tile for the 7×7 grid: art, arrows, ATK/DEF, element, owner rim. Cached."""
    key = (getattr(card, "id", None), int(size), tuple(owner_colour), face_down)
    t = _TILE_CACHE.get(key)
    if t is not None:
        return t
    size = int(size)
    s = D.ui_surface((size, size), pygame.SRCALPHA)
    rim = max(2, size // 16)
    pygame.draw.rect(s, owner_colour, s.get_rect(), border_radius=max(3, size // 10))
    inner = s.get_rect().inflate(-2 * rim, -2 * rim)
    if face_down or card is None:
        from client.cards.art import tile_back
        s = tile_back(size, owner_colour).copy()
    elif getattr(card, "kind", "") == "block":
        col = colour_of(card)
        pygame.draw.rect(s, D.shade(col, 0.6), inner, border_radius=max(2, size // 12))
        ic = int(size * 0.5)
        if not block_picture(s, inner, card, col):
            draw_icon(s, ELEMENT_ICONS.get(card.element, "dot"), pygame.Rect((size - ic) // 2, (size - ic) // 2, ic, ic),
                      D.WHITE)
    else:
        from client.cards.art import art as make_art
        col = colour_of(card)
        img = make_art(str(card.id), inner.width, inner.height, col, game="evons")
        s.blit(img, inner)
        draw_arrows(s, inner.inflate(-size // 8, -size // 8), arrows_of(card), max(5, size * 0.12),
                    glyphs=size >= 56)
        # everything between the arrow positions (NW N NE / W E / SW S SE), never on one
        ic = max(8, size // 6)
        draw_icon(s, ELEMENT_ICONS.get(card.element, "dot"),
                  pygame.Rect(inner.right - int(inner.width * 0.27) - ic // 2, inner.top + 2, ic, ic), D.shade(col, 1.4))
        f = max(9, size // 4)
        D.number(s, card.atk, (inner.left + inner.width * 0.27, inner.bottom - f * 0.6), f, colour=(255, 200, 190))
        D.number(s, card.defense, (inner.right - inner.width * 0.27, inner.bottom - f * 0.6), f,
                 colour=(200, 220, 255))
    _TILE_CACHE[key] = s
    if len(_TILE_CACHE) > 800:
        _TILE_CACHE.clear()
    return s


def mini(card, w, h):
    """A miniature: the card's element colour and picture, no words."""
    return D.mini_face(card, w, h, colour_of(card))
