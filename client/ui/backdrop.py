"""The menus' backdrop: a dark vertical gradient with faint arches."""
from __future__ import annotations

import pygame

_BG_CACHE: dict = {}


def draw_background(surf, t=0.0):
    """The shared menu background: a dark vertical gradient with faint arches (cached per size)."""
    w, h = surf.get_size()
    bg = _BG_CACHE.get((w, h))
    if bg is None:
        bg = pygame.Surface((w, h))
        top, bottom = (26, 30, 44), (12, 14, 20)
        for y in range(0, h, 4):
            k = y / h
            pygame.draw.rect(bg, tuple(int(top[i] + (bottom[i] - top[i]) * k) for i in range(3)), (0, y, w, 4))
        arch = pygame.Surface((w, h), pygame.SRCALPHA)
        n = 7
        for i in range(n):
            cx = int(w * (i + 0.5) / n)
            aw = int(w / n * 0.7)
            r = pygame.Rect(cx - aw // 2, int(h * 0.22), aw, int(h * 1.2))
            pygame.draw.ellipse(arch, (255, 220, 150, 9), r)
            pygame.draw.ellipse(arch, (255, 220, 150, 14), r, 2)
        bg.blit(arch, (0, 0))
        _BG_CACHE.clear()
        bg = bg.convert() if pygame.display.get_surface() is not None else bg
        _BG_CACHE[(w, h)] = bg
    surf.blit(bg, (0, 0))
