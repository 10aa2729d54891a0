"""The guidance layer of Learn to play: an outline on the card to move and on its
target, an arrow between them, and the lesson's panel over the top of the side column.

The rectangles come from the table itself: a drag's source and target
(``table.pairs`` → ``table.sources`` / ``table.targets``), a table's own clickable parts
(``table.action_rects(action)``: Essveil's Attune buttons), the numbered choice spots
(the table's ``choice_rects``), or the action button that performs the
move. Nothing here knows a game's rules; the Hint button outlines its move the same way.
"""
from __future__ import annotations

import math

import pygame

from client.ui.theme import PAL, draw_text, font, panel, wrap_lines


def move_rects(t, action) -> list:
    """Screen rectangles of ``action`` on table ``t``: [source, target] for a drag, or
    [the spot or button] to click; [] when the table shows no way to make it."""
    if action is None:
        return []
    action = tuple(action)
    own = t.action_rects(action)        # a game's own clickable parts (Essveil's Attune)
    if own:
        return [pygame.Rect(r) for r in own]
    for (src, tgt), a in t.pairs.items():
        if tuple(a) == action:
            s_, d_ = t.sources.get(src), t.targets.get(tgt)
            if s_ is not None and d_ is not None:
                return [pygame.Rect(s_.rect), pygame.Rect(d_.rect)]
    if not t.legal:
        # no decision at the screen (a replay at a reviewed decision): the move's gesture
        # on the parts the table draws
        try:
            g = t.gesture_of(action)
        except Exception:  # noqa: BLE001 - an outline is a help, never a failure
            g = None
        if g is not None:
            s_, d_ = t.outline_sources().get(g[0]), t.targets.get(g[1])
            if s_ is not None and d_ is not None:
                return [pygame.Rect(s_.rect), pygame.Rect(d_.rect)]
    for rect, a in t.choice_rects():
        if tuple(a) == action:
            return [pygame.Rect(rect)]
    try:
        items = t.action_buttons()[:4] if t.human_to_move() else []
    except Exception:  # noqa: BLE001 - guidance is a help; the lesson text still shows
        items = []
    widgets = list(reversed(t.chrome.action_widgets))
    for j, it in enumerate(items):
        if isinstance(it[1], tuple) and tuple(it[1]) == action and j < len(widgets):
            return [pygame.Rect(widgets[j].rect)]
    return []


def draw_outline(surf, rect, scale, glow):
    def s(x): return max(1, int(round(x * scale)))
    col = PAL["gold"]
    r = pygame.Rect(rect).inflate(s(10), s(10))
    halo = pygame.Surface(r.inflate(s(12), s(12)).size, pygame.SRCALPHA)
    pygame.draw.rect(halo, (*col[:3], int(40 + 60 * glow)), halo.get_rect(), s(6), border_radius=s(12))
    surf.blit(halo, r.inflate(s(12), s(12)).topleft)
    pygame.draw.rect(surf, col, r, max(2, s(3)), border_radius=s(9))


def _edge_point(rect, towards):
    """Where the line from ``rect``'s centre to ``towards`` leaves ``rect``."""
    cx, cy = rect.center
    dx, dy = towards[0] - cx, towards[1] - cy
    if dx == 0 and dy == 0:
        return rect.center
    tx = (rect.width / 2) / abs(dx) if dx else math.inf
    ty = (rect.height / 2) / abs(dy) if dy else math.inf
    k = min(tx, ty, 1.0)
    return (cx + dx * k, cy + dy * k)


def _near_corner(rect, p) -> bool:
    """Is ``rect`` a square (a grid cell, a slot: its neighbours touch it) and ``p`` (on
    its edge) within 30 % of its side of a corner?"""
    if abs(rect.width - rect.height) > 0.15 * max(rect.width, rect.height, 1):
        return False
    k = min(rect.width, rect.height) * 0.3
    return any(math.hypot(p[0] - cx, p[1] - cy) < k
               for cx in (rect.left, rect.right) for cy in (rect.top, rect.bottom))


def draw_arrow(surf, a_rect, b_rect, scale, glow):
    """A thick arrow from the edge of ``a_rect`` to the edge of ``b_rect``, half see-through
    (what it crosses still reads)."""
    def s(x): return max(1, int(round(x * scale)))
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    _arrow(layer, a_rect, b_rect, s)
    layer.set_alpha(170)
    surf.blit(layer, (0, 0))


def _arrow(surf, a_rect, b_rect, s):
    a = _edge_point(pygame.Rect(a_rect).inflate(s(14), s(14)), b_rect.center)
    b = _edge_point(pygame.Rect(b_rect).inflate(s(14), s(14)), a_rect.center)
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy)
    if n < s(12) or pygame.Rect(a_rect).inflate(s(14), s(14)).colliderect(pygame.Rect(b_rect).inflate(s(14), s(14))):
        # touching (a card dragged onto its neighbour, a grid cell onto the next): edge to
        # edge would be a stub, so the arrow runs from the middle of one to the other's
        a, b = pygame.Rect(a_rect).center, pygame.Rect(b_rect).center
    elif _near_corner(pygame.Rect(b_rect), _edge_point(pygame.Rect(b_rect), a_rect.center)):
        # coming in at a cell's corner the head would sit between the target and its
        # neighbours: it goes into the target instead
        tr = pygame.Rect(b_rect)
        edge = _edge_point(tr, a_rect.center)
        b = (edge[0] + (tr.centerx - edge[0]) * 0.4, edge[1] + (tr.centery - edge[1]) * 0.4)
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy)
    if n < s(12):
        return
    ux, uy = dx / n, dy / n
    head = s(18)
    w = max(3, s(5))
    end = (b[0] - ux * head * 0.8, b[1] - uy * head * 0.8)
    col = PAL["gold"]
    shadow = (20, 16, 10)
    for c, extra in ((shadow, s(3)), (col, 0)):
        pygame.draw.line(surf, c, a, end, w + extra)
        px, py = -uy, ux
        pts = [b, (b[0] - ux * head + px * head * 0.6, b[1] - uy * head + py * head * 0.6),
               (b[0] - ux * head - px * head * 0.6, b[1] - uy * head - py * head * 0.6)]
        if extra:
            pts = [(x + 1, y + 1) for x, y in pts]
        pygame.draw.polygon(surf, c, pts)
    pygame.draw.circle(surf, col, (int(a[0]), int(a[1])), max(3, s(5)))


def draw_guide(surf, rects, scale, glow=0.5):
    """Outline every rect; an arrow from the first to the second when there are two."""
    for r in rects:
        draw_outline(surf, r, scale, glow)
    if len(rects) >= 2:
        draw_arrow(surf, rects[0], rects[1], scale, glow)


# ---------------------------------------------------------------- the lesson panel
def panel_layout(area, header, body, lines, s, button_h, body_size=17, alert=""):
    """The panel's height for these texts in ``area``'s width: (height, wrapped parts).
    ``alert`` (a refused move's "Try …") goes under the body, in bold."""
    w = area.width - s(28)
    fh, fb, fl = font(s(14), True), font(s(body_size)), font(s(14), False, True)
    fa = font(s(max(12, body_size - 2)), True)
    hl = wrap_lines(header, fh, w)
    bl = wrap_lines(body, fb, w) if body else []
    al = wrap_lines(alert, fa, w) if alert else []
    ll = []
    for ln in lines:
        ll += wrap_lines(ln, fl, w)
    h = s(12) + len(hl) * fh.get_linesize() + s(6) + len(bl) * (fb.get_linesize() + s(1))
    if al:
        h += s(8) + len(al) * fa.get_linesize()
    if ll:
        h += s(8) + len(ll) * fl.get_linesize()
    if button_h:
        h += s(12) + button_h
    return h + s(14), (hl, bl, ll, body_size, al)


def draw_panel(surf, box, parts, s, accent=None):
    hl, bl, ll, body_size = parts[:4]
    al = parts[4] if len(parts) > 4 else []
    panel(surf, box, border=accent or PAL["gold"], radius=s(10))
    x = box.left + s(14)
    y = box.top + s(12)
    fh, fb, fl = font(s(14), True), font(s(body_size)), font(s(14), False, True)
    for ln in hl:
        draw_text(surf, ln, (x, y), s(14), accent or PAL["gold"], bold=True)
        y += fh.get_linesize()
    y += s(6)
    for ln in bl:
        draw_text(surf, ln, (x, y), s(body_size), PAL["text"])
        y += fb.get_linesize() + s(1)
    if al:
        y += s(8)
        size = s(max(12, body_size - 2))
        for ln in al:
            draw_text(surf, ln, (x, y), size, PAL["gold_hi"], bold=True)
            y += font(size, True).get_linesize()
    if ll:
        y += s(8)
        for ln in ll:
            draw_text(surf, ln, (x, y), s(14), PAL["muted"], italic=True)
            y += fl.get_linesize()
    return y
