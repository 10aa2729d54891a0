"""How Everdawn cards look beyond their faces: the picture's backdrop and the back."""
from __future__ import annotations

import math

import pygame

from client.cards.art import _gradient, _hsv, _hue, _mix, _radial

#: the back: frame colour, field colours (top, bottom), pattern colour
BACK_STYLE = ((150, 104, 44), ((52, 30, 22), (120, 66, 34)), (242, 196, 110))


def backdrop(surf, tint, rnd):
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


def back_pattern(layer, pat):
    """The back's pattern, drawn on ``layer`` (the field's size, transparent)."""
    w, h = layer.get_size()
    cx, cy = w / 2, h / 2
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
