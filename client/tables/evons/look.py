"""How Evons cards look beyond their faces: the picture's backdrop and the back."""
from __future__ import annotations

import math

import pygame

from client.cards.art import _gradient, _hsv, _hue, _mix, _radial

#: the back: frame colour, field colours (top, bottom), pattern colour
BACK_STYLE = ((58, 108, 150), ((14, 26, 44), (28, 58, 84)), (140, 214, 240))


def backdrop(surf, tint, rnd):
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


def back_pattern(layer, pat):
    """The back's pattern, drawn on ``layer`` (the field's size, transparent)."""
    w, h = layer.get_size()
    lw = max(1, w // 90)
    cx, cy = w / 2, h / 2
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
