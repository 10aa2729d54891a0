"""Vector icons drawn with pygame primitives, supersampled for smooth edges.

``draw_icon(surface, name, rect, colour)``; ``ICONS`` lists the names. Every
colour cue in the client is also carried by one of these shapes (colour-blind safe).
Icons are drawn in a unit square (0..1) then scaled; results are cached by
(name, size, colour).
"""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

SS = 3  # supersampling factor


def _pts(pts, n):
    return [(x * n, y * n) for x, y in pts]


def _star(cx, cy, r_out, r_in, k=5, rot=-math.pi / 2):
    out = []
    for i in range(2 * k):
        r = r_out if i % 2 == 0 else r_in
        a = rot + i * math.pi / k
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def _line(s, c, a, b, n, w):
    pygame.draw.line(s, c, (a[0] * n, a[1] * n), (b[0] * n, b[1] * n), max(1, int(w * n)))
    for p in (a, b):
        pygame.draw.circle(s, c, (p[0] * n, p[1] * n), max(1, int(w * n / 2)))


def _poly(s, c, pts, n):
    pygame.draw.polygon(s, c, _pts(pts, n))


def _circle(s, c, x, y, r, n, w=0):
    pygame.draw.circle(s, c, (x * n, y * n), max(1, r * n), int(w * n) if w else 0)


# --------------------------------------------------------------------- shapes
def i_sword(s, c, n):
    _poly(s, c, [(0.5, 0.04), (0.6, 0.2), (0.58, 0.66), (0.42, 0.66), (0.4, 0.2)], n)
    _poly(s, c, [(0.2, 0.64), (0.8, 0.64), (0.8, 0.73), (0.2, 0.73)], n)
    _poly(s, c, [(0.45, 0.73), (0.55, 0.73), (0.55, 0.9), (0.45, 0.9)], n)
    _circle(s, c, 0.5, 0.93, 0.07, n)


def i_bow(s, c, n):
    pygame.draw.arc(s, c, pygame.Rect(-0.1 * n, 0.08 * n, 0.75 * n, 0.84 * n), -1.25, 1.25, int(0.09 * n))
    _line(s, c, (0.48, 0.14), (0.48, 0.86), n, 0.03)
    _line(s, c, (0.16, 0.5), (0.9, 0.5), n, 0.05)
    _poly(s, c, [(0.98, 0.5), (0.82, 0.4), (0.82, 0.6)], n)
    _poly(s, c, [(0.18, 0.5), (0.08, 0.38), (0.22, 0.42)], n)
    _poly(s, c, [(0.18, 0.5), (0.08, 0.62), (0.22, 0.58)], n)


def i_moon(s, c, n):
    _circle(s, c, 0.5, 0.5, 0.42, n)
    pygame.draw.circle(s, (0, 0, 0, 0), (0.66 * n, 0.38 * n), 0.36 * n)
    _poly(s, c, _star(0.72, 0.66, 0.12, 0.05, 4), n)


def i_shield(s, c, n):
    _poly(s, c, [(0.5, 0.05), (0.9, 0.18), (0.86, 0.55), (0.5, 0.96), (0.14, 0.55), (0.1, 0.18)], n)
    pygame.draw.polygon(s, (0, 0, 0, 90), _pts([(0.5, 0.16), (0.5, 0.84), (0.22, 0.52), (0.2, 0.25)], n))


def i_bag(s, c, n):
    _poly(s, c, [(0.3, 0.34), (0.7, 0.34), (0.9, 0.8), (0.78, 0.94), (0.22, 0.94), (0.1, 0.8)], n)
    _poly(s, c, [(0.36, 0.1), (0.5, 0.2), (0.64, 0.1), (0.62, 0.3), (0.38, 0.3)], n)
    _line(s, c, (0.3, 0.32), (0.7, 0.32), n, 0.06)


def i_stars(s, c, n):
    _poly(s, c, _star(0.4, 0.56, 0.36, 0.15), n)
    _poly(s, c, _star(0.8, 0.22, 0.16, 0.06), n)
    _poly(s, c, _star(0.84, 0.74, 0.1, 0.04), n)


def i_crown(s, c, n):
    _poly(s, c, [(0.08, 0.3), (0.3, 0.55), (0.5, 0.18), (0.7, 0.55), (0.92, 0.3), (0.84, 0.8), (0.16, 0.8)], n)
    _poly(s, c, [(0.16, 0.84), (0.84, 0.84), (0.84, 0.94), (0.16, 0.94)], n)
    for x, y in ((0.08, 0.26), (0.5, 0.14), (0.92, 0.26)):
        _circle(s, c, x, y, 0.07, n)


def i_horns(s, c, n):  # a horned helm (Traghrim)
    _poly(s, c, [(0.25, 0.45), (0.75, 0.45), (0.8, 0.9), (0.2, 0.9)], n)
    pygame.draw.circle(s, c, (0.5 * n, 0.5 * n), 0.27 * n)
    _poly(s, c, [(0.28, 0.4), (0.04, 0.06), (0.1, 0.42), (0.22, 0.55)], n)
    _poly(s, c, [(0.72, 0.4), (0.96, 0.06), (0.9, 0.42), (0.78, 0.55)], n)
    pygame.draw.rect(s, (0, 0, 0, 120), pygame.Rect(0.3 * n, 0.6 * n, 0.4 * n, 0.08 * n))


def i_axe(s, c, n):  # Traghrim's axe
    _line(s, c, (0.3, 0.96), (0.62, 0.12), n, 0.09)
    _poly(s, c, [(0.5, 0.2), (0.78, 0.04), (0.98, 0.3), (0.86, 0.56), (0.62, 0.46)], n)
    _poly(s, c, [(0.52, 0.22), (0.3, 0.1), (0.2, 0.3), (0.44, 0.4)], n)


def i_flame(s, c, n):
    _poly(s, c, [(0.5, 0.02), (0.74, 0.34), (0.82, 0.62), (0.7, 0.9), (0.5, 0.98), (0.3, 0.9),
                 (0.18, 0.62), (0.3, 0.4), (0.38, 0.55), (0.42, 0.28)], n)
    pygame.draw.polygon(s, (0, 0, 0, 110), _pts([(0.5, 0.5), (0.62, 0.72), (0.5, 0.9), (0.38, 0.72)], n))


def i_leaf(s, c, n):
    pygame.draw.ellipse(s, c, pygame.Rect(0.18 * n, 0.06 * n, 0.64 * n, 0.8 * n))
    _line(s, (0, 0, 0, 130), (0.5, 0.14), (0.5, 0.8), n, 0.05)
    _line(s, c, (0.5, 0.8), (0.5, 0.98), n, 0.07)


def i_bolt(s, c, n):
    _poly(s, c, [(0.6, 0.02), (0.2, 0.56), (0.46, 0.56), (0.36, 0.98), (0.82, 0.4), (0.55, 0.4), (0.7, 0.02)], n)


def i_drop(s, c, n):
    _poly(s, c, [(0.5, 0.02), (0.78, 0.5), (0.22, 0.5)], n)
    _circle(s, c, 0.5, 0.64, 0.3, n)


def i_skull(s, c, n):
    _circle(s, c, 0.5, 0.42, 0.36, n)
    _poly(s, c, [(0.3, 0.6), (0.7, 0.6), (0.66, 0.92), (0.34, 0.92)], n)
    for x in (0.36, 0.64):
        _circle(s, (0, 0, 0, 0), x, 0.44, 0.1, n)
    for x in (0.42, 0.5, 0.58):
        pygame.draw.line(s, (0, 0, 0, 0), (x * n, 0.76 * n), (x * n, 0.92 * n), max(1, int(0.04 * n)))


def i_mountain(s, c, n):
    _poly(s, c, [(0.02, 0.9), (0.36, 0.2), (0.56, 0.56), (0.7, 0.38), (0.98, 0.9)], n)
    pygame.draw.polygon(s, (0, 0, 0, 100), _pts([(0.36, 0.2), (0.46, 0.4), (0.36, 0.36), (0.28, 0.38)], n))


def i_crescent(s, c, n):
    _circle(s, c, 0.5, 0.5, 0.44, n)
    pygame.draw.circle(s, (0, 0, 0, 0), (0.68 * n, 0.4 * n), 0.38 * n)


def i_cross(s, c, n):
    _line(s, c, (0.18, 0.18), (0.82, 0.82), n, 0.16)
    _line(s, c, (0.82, 0.18), (0.18, 0.82), n, 0.16)


def i_square(s, c, n):
    pygame.draw.rect(s, c, pygame.Rect(0.14 * n, 0.14 * n, 0.72 * n, 0.72 * n), border_radius=int(0.08 * n))
    pygame.draw.rect(s, (0, 0, 0, 110), pygame.Rect(0.3 * n, 0.3 * n, 0.4 * n, 0.4 * n))


def i_magnet(s, c, n):
    pygame.draw.arc(s, c, pygame.Rect(0.14 * n, 0.2 * n, 0.72 * n, 0.72 * n), math.pi, 2 * math.pi,
                    int(0.2 * n))
    pygame.draw.rect(s, c, pygame.Rect(0.14 * n, 0.1 * n, 0.2 * n, 0.48 * n))
    pygame.draw.rect(s, c, pygame.Rect(0.66 * n, 0.1 * n, 0.2 * n, 0.48 * n))
    pygame.draw.rect(s, (0, 0, 0, 120), pygame.Rect(0.14 * n, 0.1 * n, 0.2 * n, 0.14 * n))
    pygame.draw.rect(s, (0, 0, 0, 120), pygame.Rect(0.66 * n, 0.1 * n, 0.2 * n, 0.14 * n))


def i_ankh(s, c, n):
    pygame.draw.ellipse(s, c, pygame.Rect(0.3 * n, 0.02 * n, 0.4 * n, 0.44 * n), int(0.11 * n))
    _line(s, c, (0.5, 0.44), (0.5, 0.96), n, 0.13)
    _line(s, c, (0.16, 0.56), (0.84, 0.56), n, 0.12)


def i_wave(s, c, n):
    for r in (0.16, 0.32, 0.48):
        pygame.draw.arc(s, c, pygame.Rect((0.2 - r) * n, (0.5 - r) * n, 2 * r * n, 2 * r * n),
                        -0.9, 0.9, max(2, int(0.09 * n)))
    _circle(s, c, 0.2, 0.5, 0.08, n)


def i_swap(s, c, n):
    _line(s, c, (0.1, 0.32), (0.78, 0.32), n, 0.1)
    _poly(s, c, [(0.96, 0.32), (0.7, 0.12), (0.7, 0.52)], n)
    _line(s, c, (0.9, 0.68), (0.22, 0.68), n, 0.1)
    _poly(s, c, [(0.04, 0.68), (0.3, 0.48), (0.3, 0.88)], n)


def i_arrow(s, c, n):
    _poly(s, c, [(0.5, 0.04), (0.92, 0.52), (0.64, 0.52), (0.64, 0.96), (0.36, 0.96), (0.36, 0.52),
                 (0.08, 0.52)], n)


def i_wing(s, c, n):  # swift: double chevrons
    for dx in (0.0, 0.34):
        _poly(s, c, [(0.08 + dx, 0.14), (0.3 + dx, 0.14), (0.62 + dx, 0.5), (0.3 + dx, 0.86), (0.08 + dx, 0.86),
                     (0.4 + dx, 0.5)], n)


def i_heart(s, c, n):
    _circle(s, c, 0.3, 0.36, 0.22, n)
    _circle(s, c, 0.7, 0.36, 0.22, n)
    _poly(s, c, [(0.09, 0.44), (0.91, 0.44), (0.5, 0.92)], n)


def i_sprout(s, c, n):  # grow
    _line(s, c, (0.5, 0.96), (0.5, 0.36), n, 0.1)
    pygame.draw.ellipse(s, c, pygame.Rect(0.06 * n, 0.3 * n, 0.42 * n, 0.24 * n))
    pygame.draw.ellipse(s, c, pygame.Rect(0.52 * n, 0.16 * n, 0.42 * n, 0.24 * n))
    _poly(s, c, [(0.5, 0.02), (0.7, 0.24), (0.3, 0.24)], n)


def i_bubble(s, c, n):  # aegis
    _circle(s, c, 0.5, 0.5, 0.44, n, 0.1)
    _circle(s, c, 0.5, 0.5, 0.22, n)
    _circle(s, c, 0.34, 0.32, 0.07, n)


def i_eye(s, c, n):  # veilstep
    pygame.draw.ellipse(s, c, pygame.Rect(0.04 * n, 0.24 * n, 0.92 * n, 0.52 * n))
    _circle(s, (0, 0, 0, 0), 0.5, 0.5, 0.18, n)
    _circle(s, c, 0.5, 0.5, 0.09, n)
    _line(s, c, (0.12, 0.9), (0.88, 0.1), n, 0.07)


def i_mute(s, c, n):  # silence: slashed circle
    _circle(s, c, 0.5, 0.5, 0.42, n, 0.1)
    _line(s, c, (0.22, 0.22), (0.78, 0.78), n, 0.1)


def i_play(s, c, n):  # on play
    _poly(s, c, [(0.2, 0.1), (0.9, 0.5), (0.2, 0.9)], n)


def i_tomb(s, c, n):  # last rites
    pygame.draw.rect(s, c, pygame.Rect(0.2 * n, 0.2 * n, 0.6 * n, 0.72 * n), border_top_left_radius=int(0.3 * n),
                     border_top_right_radius=int(0.3 * n))
    _line(s, (0, 0, 0, 130), (0.5, 0.34), (0.5, 0.72), n, 0.07)
    _line(s, (0, 0, 0, 130), (0.36, 0.46), (0.64, 0.46), n, 0.07)
    pygame.draw.rect(s, c, pygame.Rect(0.06 * n, 0.88 * n, 0.88 * n, 0.1 * n))


def i_claw(s, c, n):  # creature
    for i, x in enumerate((0.22, 0.5, 0.78)):
        _poly(s, c, [(x - 0.1, 0.94), (x + 0.1, 0.94), (x + 0.06 + (i - 1) * 0.04, 0.3), (x + (i - 1) * 0.08, 0.04)], n)


def i_gem(s, c, n):  # essence / cost
    _poly(s, c, [(0.5, 0.04), (0.9, 0.38), (0.5, 0.96), (0.1, 0.38)], n)
    pygame.draw.polygon(s, (255, 255, 255, 90), _pts([(0.5, 0.04), (0.9, 0.38), (0.5, 0.38)], n))


def i_coin(s, c, n):
    _circle(s, c, 0.5, 0.5, 0.44, n)
    _circle(s, (0, 0, 0, 90), 0.5, 0.5, 0.32, n, 0.06)


def i_banner(s, c, n):  # morale
    _poly(s, c, [(0.18, 0.04), (0.82, 0.04), (0.82, 0.96), (0.5, 0.74), (0.18, 0.96)], n)


def i_dot(s, c, n):
    _circle(s, c, 0.5, 0.5, 0.3, n)


ICONS = {
    "sword": i_sword, "bow": i_bow, "moon": i_moon, "shield": i_shield, "bag": i_bag, "stars": i_stars,
    "crown": i_crown, "horns": i_horns, "axe": i_axe, "flame": i_flame, "leaf": i_leaf, "bolt": i_bolt, "drop": i_drop,
    "skull": i_skull, "mountain": i_mountain, "crescent": i_crescent, "cross": i_cross, "square": i_square,
    "magnet": i_magnet, "ankh": i_ankh, "wave": i_wave, "swap": i_swap, "arrow": i_arrow, "wing": i_wing,
    "heart": i_heart, "sprout": i_sprout, "bubble": i_bubble, "eye": i_eye, "mute": i_mute, "play": i_play,
    "tomb": i_tomb, "claw": i_claw, "gem": i_gem, "coin": i_coin, "banner": i_banner, "dot": i_dot,
}


@lru_cache(maxsize=1024)
def icon_surface(name: str, size: int, colour: tuple, outline: tuple | None = None):
    n = max(4, int(size)) * SS
    s = pygame.Surface((n, n), pygame.SRCALPHA)
    fn = ICONS.get(name, i_dot)
    col = (*colour[:3], 255)
    if outline is not None:
        # a dark halo keeps icons readable on any background
        halo = pygame.Surface((n, n), pygame.SRCALPHA)
        fn(halo, (*outline[:3], 255), n)
        mask = pygame.mask.from_surface(halo)
        out = mask.outline()
        if out:
            w = max(2, n // 14)
            for p in out[::2]:
                pygame.draw.circle(s, (*outline[:3], 200), p, w)
    fn(s, col, n)
    return pygame.transform.smoothscale(s, (int(size), int(size)))


def draw_icon(surface, name, rect, colour, outline=(10, 10, 14)):
    rect = pygame.Rect(rect)
    size = min(rect.width, rect.height)
    img = icon_surface(name, size, tuple(colour[:3]), tuple(outline[:3]) if outline else None)
    surface.blit(img, img.get_rect(center=rect.center))
