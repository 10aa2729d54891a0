"""How Essveil cards look beyond their faces: the picture's backdrop and the back."""
from __future__ import annotations

import math

import pygame

from client.cards.art import _gradient, _hsv, _hue, _mix, _radial

#: the back: frame colour, field colours (top, bottom), pattern colour
BACK_STYLE = ((104, 70, 160), ((20, 14, 40), (52, 30, 86)), (206, 170, 255))


def backdrop(surf, tint, rnd):
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


def back_pattern(layer, pat):
    """The back's pattern, drawn on ``layer`` (the field's size, transparent)."""
    w, h = layer.get_size()
    cx, cy = w / 2, h / 2
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
