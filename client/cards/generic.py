"""Fallback renderer for any card object (a pool whose renderer is missing)."""
from __future__ import annotations

import pygame

from client.cards import draw as D


def render(card, w, h, big=False):
    col = (120, 110, 140)
    s, inner = D.frame(w, h, col)
    pad = max(2, w // 30)
    bar = pygame.Rect(inner.left + pad, inner.top + pad, inner.width - 2 * pad, max(10, h // 10))
    D.name_bar(s, bar, str(getattr(card, "name", "?")), col)
    art_r = pygame.Rect(bar.left, bar.bottom + pad, bar.width, int(h * 0.38))
    D.art_window(s, art_r, getattr(card, "id", "?"), col, border=D.shade(col, 1.3))
    txt = pygame.Rect(bar.left, art_r.bottom + pad, bar.width, inner.bottom - art_r.bottom - 2 * pad)
    D.text_panel(s, txt, str(getattr(card, "text", "")), size=max(7, w // (9 if big else 13)))
    return s
