"""Distinct procedural art per card, seeded by its id (stable across runs).

A landscape (sky gradient, a glowing orb, two or three ridges) under a
radially-symmetric sigil whose petal count, spikes and rotation come from the
seed, tinted by the card's colour: cards are recognisable at a glance.
"""
from __future__ import annotations

import colorsys
import math
import random
import zlib

import pygame


def seed_of(card_id: str) -> int:
    return zlib.crc32(str(card_id).encode("utf-8"))


def _hsv(h, s, v):
    r, g, b = colorsys.hsv_to_rgb(h % 1.0, max(0, min(1, s)), max(0, min(1, v)))
    return int(r * 255), int(g * 255), int(b * 255)


def _hue_of(rgb):
    h, s, v = colorsys.rgb_to_hsv(*(x / 255 for x in rgb[:3]))
    return h, s, v


_BASE: dict = {}
BASE_W = 280


def art(card_id: str, w: int, h: int, tint=(120, 120, 160), motif: str | None = None):
    """An art panel ``w``×``h`` for ``card_id``; ``tint`` biases the hues.

    Painted once per card and aspect ratio at a base width, then resampled to
    the size asked for (callers cache the finished card, so this runs once per
    card and size, never per frame)."""
    w, h = max(4, int(w)), max(4, int(h))
    aspect = round(h / w, 1)
    key = (str(card_id), tuple(tint[:3]), aspect)
    base = _BASE.get(key)
    if base is None:
        if len(_BASE) > 400:
            _BASE.clear()
        base = _BASE[key] = _paint(card_id, BASE_W, max(4, int(BASE_W * aspect)), tint)
    if base.get_size() == (w, h):
        return base.copy()
    return pygame.transform.smoothscale(base, (w, h))


def _paint(card_id: str, w: int, h: int, tint):
    rnd = random.Random(seed_of(card_id))
    base_h, base_s, _ = _hue_of(tint)
    hue = base_h + rnd.uniform(-0.08, 0.08)
    surf = pygame.Surface((w, h))
    # sky gradient (banded, cheap)
    top = _hsv(hue + rnd.uniform(-0.1, 0.1), 0.55 * max(0.4, base_s), 0.22 + rnd.random() * 0.12)
    bottom = _hsv(hue + rnd.uniform(0.05, 0.2), 0.45, 0.55 + rnd.random() * 0.2)
    step = max(1, h // 48)
    for y in range(0, h, step):
        t = y / max(1, h - 1)
        c = tuple(int(top[i] + (bottom[i] - top[i]) * t) for i in range(3))
        pygame.draw.rect(surf, c, (0, y, w, step))
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    # orb with glow
    ox, oy = rnd.uniform(0.2, 0.8) * w, rnd.uniform(0.15, 0.45) * h
    orad = rnd.uniform(0.1, 0.2) * w
    ocol = _hsv(hue + rnd.choice((0.08, 0.5, -0.1)), 0.35, 1.0)
    for i in range(6, 0, -1):
        pygame.draw.circle(layer, (*ocol, 18), (ox, oy), orad * (1 + i * 0.22))
    pygame.draw.circle(layer, (*ocol, 230), (ox, oy), orad)
    # stars / motes
    for _ in range(rnd.randint(4, 12)):
        pygame.draw.circle(layer, (255, 255, 255, rnd.randint(60, 180)),
                           (rnd.random() * w, rnd.random() * h * 0.5), max(1, w // 90))
    surf.blit(layer, (0, 0))
    # ridges, back to front
    n_ridges = rnd.randint(2, 3)
    for k in range(n_ridges):
        base_y = h * (0.55 + 0.14 * k) + rnd.uniform(-0.04, 0.04) * h
        amp = h * rnd.uniform(0.06, 0.16)
        freq = rnd.uniform(1.0, 3.0)
        phase = rnd.random() * 6.28
        jag = rnd.random() < 0.5
        pts = [(0, h)]
        nseg = 18
        for i in range(nseg + 1):
            x = w * i / nseg
            y = base_y - amp * (math.sin(phase + freq * i / nseg * 6.28) * 0.6 + 0.4)
            if jag and i % 2:
                y -= amp * 0.5
            pts.append((x, y))
        pts.append((w, h))
        col = _hsv(hue + 0.03 * k, 0.5, 0.28 - 0.08 * k)
        pygame.draw.polygon(surf, col, pts)
    # sigil
    cx, cy = w * 0.5, h * rnd.uniform(0.5, 0.6)
    petals = rnd.choice((3, 4, 5, 6, 7, 8))
    r_out = min(w, h) * rnd.uniform(0.26, 0.34)
    r_in = r_out * rnd.uniform(0.3, 0.6)
    rot = rnd.random() * math.pi
    spikes = rnd.random() < 0.5
    sig = pygame.Surface((w, h), pygame.SRCALPHA)
    scol = _hsv(hue + rnd.choice((0.0, 0.12, -0.12, 0.5)), 0.35, 0.98)
    pts = []
    for i in range(petals * 2):
        r = r_out if i % 2 == 0 else r_in
        a = rot + i * math.pi / petals
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    if not spikes:
        for i in range(petals):
            a = rot + i * 2 * math.pi / petals
            px, py = cx + r_out * 0.62 * math.cos(a), cy + r_out * 0.62 * math.sin(a)
            pygame.draw.circle(sig, (*scol, 200), (px, py), r_out * 0.38)
    else:
        pygame.draw.polygon(sig, (*scol, 210), pts)
    pygame.draw.circle(sig, (*_hsv(hue, 0.6, 0.3), 235), (cx, cy), r_in * 0.9)
    pygame.draw.circle(sig, (*scol, 255), (cx, cy), r_in * 0.9, max(1, w // 60))
    inner = rnd.choice((0, 3, 4, 6))
    if inner:
        ipts = [(cx + r_in * 0.55 * math.cos(rot + i * 2 * math.pi / inner),
                 cy + r_in * 0.55 * math.sin(rot + i * 2 * math.pi / inner)) for i in range(inner)]
        pygame.draw.polygon(sig, (*scol, 255), ipts)
    else:
        pygame.draw.circle(sig, (*scol, 255), (cx, cy), r_in * 0.35)
    # soft shadow under the sigil
    shadow = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.ellipse(shadow, (0, 0, 0, 70), (cx - r_out, cy + r_out * 0.75, 2 * r_out, r_out * 0.35))
    surf.blit(shadow, (0, 0))
    surf.blit(sig, (0, 0))
    # vignette
    v = pygame.Surface((w, h), pygame.SRCALPHA)
    edge = max(2, w // 14)
    for i in range(edge):
        a = int(110 * (1 - i / edge) ** 2)
        pygame.draw.rect(v, (0, 0, 0, a), (i, i, w - 2 * i, h - 2 * i), 1)
    surf.blit(v, (0, 0))
    return surf
