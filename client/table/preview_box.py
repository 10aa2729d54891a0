"""The engine's preview of a move, drawn beside what it is about.

:func:`draw_preview` draws a :class:`engine.core.preview.Preview` as a small
panel next to ``avoid`` (the hovered target), never over it nor over the other
rects in ``keep_clear`` (the card being dragged, choice buttons), and inside
``bounds``. Returns the panel's rect (tests check it covers nothing it must not).
"""
from __future__ import annotations

import pygame

from client.ui.theme import PAL, font, panel, text_surface, wrap_lines

_CACHE: dict = {}


def _layout(lines, width, size, title):
    key = (tuple(lines), width, size, title)
    hit = _CACHE.get(key)
    if hit is None:
        f = font(size)
        rows = [(title, True)] if title else []
        for ln in lines:
            rows += [(r, False) for r in wrap_lines(ln, f, width)]
        if len(_CACHE) > 64:
            _CACHE.clear()
        hit = _CACHE[key] = rows
    return hit


def place(size, avoid, keep_clear, bounds, gap):
    """A rect of ``size`` beside ``avoid`` (right, left, above, below: the first that
    overlaps nothing in ``keep_clear`` and fits ``bounds``; else the least bad)."""
    w, h = size
    a = pygame.Rect(avoid)
    cands = [(a.right + gap, a.centery - h // 2), (a.left - gap - w, a.centery - h // 2),
             (a.centerx - w // 2, a.top - gap - h), (a.centerx - w // 2, a.bottom + gap),
             (a.right + gap, a.top - gap - h), (a.left - gap - w, a.bottom + gap)]
    keep = [a] + [pygame.Rect(k) for k in keep_clear]
    best, best_bad = None, None
    for x, y in cands:
        r = pygame.Rect(x, y, w, h)
        r.clamp_ip(bounds)
        bad = sum((r.clip(k).width * r.clip(k).height) for k in keep)
        if bad == 0:
            return r
        if best_bad is None or bad < best_bad:
            best, best_bad = r, bad
    # nothing free right beside it: the free place nearest to it anywhere in bounds
    step = max(4, gap)
    cx, cy = a.center
    near, near_d = None, None
    for y in range(bounds.top, max(bounds.top, bounds.bottom - h) + 1, step):
        for x in range(bounds.left, max(bounds.left, bounds.right - w) + 1, step):
            r = pygame.Rect(x, y, w, h)
            if r.collidelist(keep) == -1:
                d = (r.centerx - cx) ** 2 + (r.centery - cy) ** 2
                if near_d is None or d < near_d:
                    near, near_d = r, d
    return near if near is not None else best


def draw_preview(surf, pv, avoid, scale=1.0, *, keep_clear=(), bounds=None):
    if pv is None or not pv.lines:
        return None
    def s(x): return max(1, int(x * scale))
    width = s(330)
    size = s(15)
    title = "Ends the game" if pv.ends_game else ("Careful" if pv.warning else "If you do this")
    rows = _layout(pv.lines, width, size, title)
    lh = font(size).get_linesize()
    h = s(12) * 2 + lh * len(rows)
    bounds = pygame.Rect(bounds) if bounds is not None else surf.get_rect()
    r = place((width + s(24), h), avoid, keep_clear, bounds.inflate(-s(8), -s(8)), s(14))
    border = PAL["bad"] if (pv.ends_game or pv.warning) else PAL["gold"]
    panel(surf, r, colour=PAL["panel"], border=border, radius=s(10), alpha=245)
    y = r.top + s(12)
    for text, bold in rows:
        col = (PAL["bad"] if (pv.ends_game or pv.warning) else PAL["gold_hi"]) if bold else PAL["text"]
        img = text_surface(text, size, col, bold=bold)
        surf.blit(img, (r.left + s(12), y))
        y += lh
    return r
