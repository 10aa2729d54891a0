"""Building blocks of the match screens: drag and drop, animations, the game
log with hoverable card names (:mod:`client.table.kit.log`, offered here too), and the
hover zoom. Game-agnostic; used by :mod:`client.table.scene`."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

import pygame

from client.table.kit.log import GameLog, LogEntry, LogTicker, NameIndex  # noqa: F401 - the tables import them from here
from client.ui.theme import PAL, font, shade


# ====================================================================== drag and drop
@dataclass
class DragSource:
    """Something the player can pick up. ``key`` is any hashable id chosen by the
    table (e.g. ``("hand", 3)``); ``image`` is what follows the cursor (defaults to
    a ghost of ``rect``); ``card`` is shown in the hover zoom."""

    key: Any
    rect: pygame.Rect
    image: Any = None
    card: Any = None
    payload: Any = None


@dataclass
class DropTarget:
    key: Any
    rect: pygame.Rect
    payload: Any = None
    shape: str = "rect"   # "rect" or "circle" (drawn highlight)


@dataclass
class DragState:
    source: DragSource
    grab: tuple          # offset of the cursor inside the source rect
    pos: tuple
    start: tuple
    moved: bool = False


class SnapBack:
    """A dropped card flying back to where it came from."""

    def __init__(self, image, start, end, duration):
        self.image, self.start, self.end = image, start, end
        self.duration = max(0.0001, duration)
        self.t = 0.0

    def update(self, dt):
        self.t += dt
        return self.t >= self.duration

    def draw(self, surf):
        if self.image is None:
            return
        k = min(1.0, self.t / self.duration)
        k = 1 - (1 - k) ** 3
        x = self.start[0] + (self.end[0] - self.start[0]) * k
        y = self.start[1] + (self.end[1] - self.start[1]) * k
        surf.blit(self.image, (x, y))


_GLOWS: dict = {}  # (size, alpha, colour, radius) -> a drop target's glow


def draw_target_highlight(surf, target: DropTarget, t: float, *, hot=False, scale=1.0):
    """Legal drop target: pulsing green outline + corner brackets (shape cue, not only colour)."""
    r = target.rect
    pulse = 0.5 + 0.5 * math.sin(t * 6)
    col = PAL["good"] if not hot else (170, 255, 170)
    w = max(2, int((3 if hot else 2) * scale))
    gr = r.inflate(int(16 * scale), int(16 * scale))
    alpha = 120 if hot else 40 + 5 * round(10 * pulse)  # 11 steps: the glows are made once, not per frame
    key = (gr.size, alpha, col, int(12 * scale))
    glow = _GLOWS.get(key)
    if glow is None:
        glow = pygame.Surface(gr.size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (*col, alpha), glow.get_rect(), border_radius=int(12 * scale))
        if len(_GLOWS) > 96:
            _GLOWS.clear()
        _GLOWS[key] = glow
    surf.blit(glow, gr.topleft)
    pygame.draw.rect(surf, col, r, w, border_radius=int(8 * scale))
    L = max(6, min(r.width, r.height) // 5)
    for (cx, cy, dx, dy) in ((r.left, r.top, 1, 1), (r.right - 1, r.top, -1, 1),
                             (r.left, r.bottom - 1, 1, -1), (r.right - 1, r.bottom - 1, -1, -1)):
        pygame.draw.line(surf, (235, 255, 235), (cx, cy), (cx + dx * L, cy), w + 1)
        pygame.draw.line(surf, (235, 255, 235), (cx, cy), (cx, cy + dy * L), w + 1)


def draw_source_hint(surf, rect, t, scale=1.0):
    """A card you can drag: a soft gold rim."""
    pulse = 0.5 + 0.5 * math.sin(t * 3)
    c = shade(PAL["gold"], 0.8 + 0.3 * pulse)
    pygame.draw.rect(surf, c, rect.inflate(int(4 * scale), int(4 * scale)), max(1, int(2 * scale)),
                     border_radius=int(8 * scale))


class HandScroll:
    """A hand that holds more cards than its area shows at their size: a window of
    ``visible`` cards from ``offset``, arrows at both ends (shown only when there is
    more that way). The wheel over the hand, the arrows and Left / Right (Page Up /
    Page Down) scroll it; a newly drawn card is scrolled into view."""

    def __init__(self):
        self.offset = 0
        self.n = 0
        self.visible = 0
        self.area = pygame.Rect(0, 0, 0, 0)
        self.left = pygame.Rect(0, 0, 0, 0)     # the arrows' rects (empty when not shown)
        self.right = pygame.Rect(0, 0, 0, 0)

    @property
    def active(self) -> bool:
        return self.visible < self.n

    def clamp(self):
        self.offset = max(0, min(self.offset, self.n - self.visible))

    def by(self, k: int) -> bool:
        """Scroll ``k`` cards (negative: to the left). True if it moved."""
        was = self.offset
        self.offset += k
        self.clamp()
        return self.offset != was

    def show(self, i: int):
        """Scroll so card ``i`` is in view."""
        if i < self.offset:
            self.offset = i
        elif i >= self.offset + self.visible:
            self.offset = i - self.visible + 1
        self.clamp()

    def shown(self, i: int) -> bool:
        return not self.active or self.offset <= i < self.offset + self.visible

    def arrow_at(self, pos):
        """-1 / +1 for a click on a shown arrow, else 0."""
        if self.active and self.offset > 0 and self.left.collidepoint(pos):
            return -1
        if self.active and self.offset + self.visible < self.n and self.right.collidepoint(pos):
            return 1
        return 0


#: where a scrolled hand puts the cards out of view (left of any window)
OFF_SCREEN = -100000

#: a fanned hand overlaps its cards down to this share of a card's width; beyond
#: that, a hand with a :class:`HandScroll` scrolls instead of squeezing
MIN_STEP = 0.62


def hand_layout(n: int, area: pygame.Rect, card_w: int, card_h: int, *, gap: int = 8, lift: int = 0,
                scroll: HandScroll | None = None):
    """Rects for ``n`` cards fanned across ``area`` (centred, overlapping when
    they don't fit). ``lift`` raises the middle cards for a gentle arc.

    With ``scroll``: when the cards would overlap more than :data:`MIN_STEP` allows,
    only the cards that fit at their size are laid out (from ``scroll.offset``), with
    room for an arrow at each end; the others are placed far outside the window (not
    seen, not hovered, not picked up: the tables draw and test them as usual)."""
    if n <= 0:
        if scroll is not None:
            scroll.n = scroll.visible = scroll.offset = 0
            scroll.left = scroll.right = pygame.Rect(0, 0, 0, 0)
        return []
    area = pygame.Rect(area)
    first, count = 0, n
    if scroll is not None:
        grew = n > scroll.n
        scroll.n, scroll.area = n, pygame.Rect(area)
        min_step = max(8, int(card_w * MIN_STEP))
        if n > 1 and min_step * (n - 1) + card_w > area.width:
            aw = max(12, min(card_w // 3, area.width // 12))       # an arrow's width
            inner = pygame.Rect(area.left + aw + gap // 2, area.top, area.width - 2 * (aw + gap // 2), area.height)
            k = max(1, 1 + (inner.width - card_w) // min_step)
            scroll.visible = min(n, k)
            scroll.left = pygame.Rect(area.left, area.bottom - card_h, aw, card_h)
            scroll.right = pygame.Rect(area.right - aw, area.bottom - card_h, aw, card_h)
            if grew:
                scroll.offset = n - scroll.visible           # a newly drawn card comes into view
            scroll.clamp()
            first, count, area = scroll.offset, scroll.visible, inner
        else:
            scroll.visible, scroll.offset = n, 0
            scroll.left = scroll.right = pygame.Rect(0, 0, 0, 0)
    step = card_w + gap
    if count > 1 and step * (count - 1) + card_w > area.width:
        step = max(8, (area.width - card_w) // (count - 1))
    total = step * (count - 1) + card_w
    x0 = area.centerx - total // 2
    out = []
    for i in range(n):
        j = i - first
        if not 0 <= j < count:
            out.append(pygame.Rect(OFF_SCREEN + i * (card_w + gap), area.bottom - card_h, card_w, card_h))
            continue
        k = (j - (count - 1) / 2) / max(1, (count - 1) / 2) if count > 1 else 0.0
        dy = int(lift * (1 - k * k))
        out.append(pygame.Rect(x0 + j * step, area.bottom - card_h - dy, card_w, card_h))
    return out


def draw_hand_arrows(surf, scroll: HandScroll | None, scale=1.0, hot=None):
    """The scroll arrows of a hand (each only when there are cards that way), with the
    number of cards hidden on that side."""
    if scroll is None or not scroll.active:
        return
    hidden = (scroll.offset, scroll.n - scroll.offset - scroll.visible)
    for rect, count, d in ((scroll.left, hidden[0], -1), (scroll.right, hidden[1], 1)):
        if count <= 0 or rect.width <= 0:
            continue
        lit = hot is not None and rect.collidepoint(hot)
        r = rect.inflate(0, -rect.height // 3)
        bg = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (30, 34, 46, 235) if not lit else (60, 66, 86, 245), bg.get_rect(),
                         border_radius=int(8 * scale))
        surf.blit(bg, r)
        pygame.draw.rect(surf, PAL["gold"] if lit else PAL["line"], r, max(1, int(2 * scale)),
                         border_radius=int(8 * scale))
        cx, cy = r.centerx, r.centery - int(10 * scale)
        bw = max(1, int(2 * scale))
        w = max(3, min(r.width // 3, (r.width - 2 * bw - 2) // 2, int(9 * scale)))   # inside the border
        pts = [(cx + d * w, cy), (cx - d * w, cy - int(w * 1.4)), (cx - d * w, cy + int(w * 1.4))]
        pygame.draw.polygon(surf, PAL["gold_hi"] if lit else PAL["text"], pts)
        # the count inside the arrow, however slim (Evons at 200 % puts slim ones in its margins)
        size, room = max(10, int(14 * scale)), r.width - 2 * bw - 2
        while size > 9 and font(size, True).size(str(count))[0] > room:
            size -= 1
        img = font(size, True).render(str(count), True, PAL["text"])
        surf.blit(img, img.get_rect(midtop=(r.centerx, cy + int(w * 1.4) + int(6 * scale))))


def topmost_at(rects, pos):
    """The index of the topmost (last drawn) rect in ``rects`` under ``pos``, or None."""
    for i in range(len(rects) - 1, -1, -1):
        if rects[i].collidepoint(pos):
            return i
    return None


def draw_arrow(surf, start, end, colour, width=6, *, head=None, dashed=False, bend=0.0):
    """An attack/move arrow from ``start`` to ``end`` (optionally bent sideways by
    ``bend`` × length, optionally dashed) with a solid head and a dark outline."""
    sx, sy = start
    ex, ey = end
    dx, dy = ex - sx, ey - sy
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    cx, cy = (sx + ex) / 2 + nx * bend * length, (sy + ey) / 2 + ny * bend * length
    steps = max(8, int(length / 12))
    pts = []
    for i in range(steps + 1):
        t = i / steps
        x = (1 - t) ** 2 * sx + 2 * (1 - t) * t * cx + t * t * ex
        y = (1 - t) ** 2 * sy + 2 * (1 - t) * t * cy + t * t * ey
        pts.append((x, y))
    head = head or width * 3
    # stop the shaft under the head
    tx, ty = pts[-1][0] - pts[-2][0], pts[-1][1] - pts[-2][1]
    tl = math.hypot(tx, ty) or 1.0
    ux, uy = tx / tl, ty / tl
    base = (ex - ux * head, ey - uy * head)
    shaft = pts[:-1] + [base]
    for col, w in (((10, 10, 14), width + 4), (colour, width)):
        if dashed:
            for i in range(0, len(shaft) - 1, 2):
                pygame.draw.line(surf, col, shaft[i], shaft[i + 1], w)
        else:
            pygame.draw.lines(surf, col, False, shaft, w)
    left = (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6)
    right = (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)
    pygame.draw.polygon(surf, (10, 10, 14), [(ex + ux * 3, ey + uy * 3), left, right])
    pygame.draw.polygon(surf, colour, [(ex, ey), (left[0] + ux * 2, left[1] + uy * 2),
                                       (right[0] + ux * 2, right[1] + uy * 2)])


# ====================================================================== animations
class Anim:
    """One step of the event animation queue. ``duration`` is at normal speed;
    the queue multiplies it by the animation-speed factor (0 = instant: skipped).
    ``parallel=True`` runs together with the previous animation."""

    blocking = True

    def __init__(self, duration=0.4, *, parallel=False, on_done: Callable | None = None):
        self.base = duration
        self.duration = duration
        self.t = 0.0
        self.parallel = parallel
        self.on_done = on_done

    @property
    def k(self):
        return 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)

    def update(self, dt) -> bool:
        self.t += dt
        return self.t >= self.duration

    def draw(self, surf):
        pass


class Wait(Anim):
    pass


class FloatText(Anim):
    """Text that rises and fades (morale loss, damage)."""

    def __init__(self, text, pos, colour=None, size=28, rise=60, duration=0.9, **kw):
        super().__init__(duration, **kw)
        self.text, self.pos, self.colour, self.size, self.rise = text, pos, colour or PAL["bad"], size, rise
        self._img = None

    def draw(self, surf):
        if self._img is None:
            f = font(int(self.size), True)
            img = f.render(str(self.text), True, self.colour)
            out = f.render(str(self.text), True, (0, 0, 0))
            self._img = pygame.Surface((img.get_width() + 4, img.get_height() + 4), pygame.SRCALPHA)
            for dx, dy in ((0, 0), (4, 0), (0, 4), (4, 4), (2, 0), (0, 2), (4, 2), (2, 4)):
                self._img.blit(out, (dx, dy))
            self._img.blit(img, (2, 2))
        k = self.k
        img = self._img
        img.set_alpha(int(255 * (1 - max(0.0, k - 0.6) / 0.4)))
        surf.blit(img, img.get_rect(center=(self.pos[0], self.pos[1] - self.rise * k)))


class MoveImage(Anim):
    """An image sliding from one point (top-left) to another."""

    def __init__(self, image, start, end, duration=0.35, **kw):
        super().__init__(duration, **kw)
        self.image, self.start, self.end = image, start, end

    def draw(self, surf):
        k = 1 - (1 - self.k) ** 3
        x = self.start[0] + (self.end[0] - self.start[0]) * k
        y = self.start[1] + (self.end[1] - self.start[1]) * k
        surf.blit(self.image, (x, y))


class Flash(Anim):
    """A rectangle flashing (a hit, a card played)."""

    def __init__(self, rect, colour=None, duration=0.35, **kw):
        super().__init__(duration, **kw)
        self.rect, self.colour = pygame.Rect(rect), colour or PAL["gold_hi"]

        self._img = None

    def draw(self, surf):
        if self._img is None:  # one surface, faded with its alpha (no allocation per frame)
            self._img = pygame.Surface(self.rect.size)
            self._img.fill(self.colour[:3])
        self._img.set_alpha(int(180 * (1 - self.k)))
        surf.blit(self._img, self.rect)


def pill(surf, text, center, size, fg, bg=(14, 16, 23), border=None, alpha=235, *, pad_y=0.4):
    """A rounded label centred on ``center``; returns its rect (``pad_y``: the
    vertical padding as a share of ``size``)."""
    f = font(max(8, int(size)), True)
    img = f.render(str(text), True, fg)
    r = img.get_rect(center=(int(center[0]), int(center[1]))).inflate(int(size * 0.9), int(size * pad_y))
    box = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*bg[:3], alpha), box.get_rect(), border_radius=r.height // 2)
    pygame.draw.rect(box, border or fg, box.get_rect(), max(1, int(size / 9)), border_radius=r.height // 2)
    surf.blit(box, r)
    surf.blit(img, img.get_rect(center=r.center))
    return r


def draw_cross(surf, rect, colour, width):
    """A big X over a destroyed card (a shape, not only a colour)."""
    r = pygame.Rect(rect).inflate(-rect.width // 5, -rect.height // 5)
    for a, b in ((r.topleft, r.bottomright), (r.topright, r.bottomleft)):
        pygame.draw.line(surf, (10, 10, 14), a, b, width + 4)
        pygame.draw.line(surf, colour, a, b, width)


class RingPulse(Anim):
    """A ring drawn around a rect (a card arriving, a spell landing), with an optional
    label (``label_size`` at scale 1; a table may override :meth:`draw_label`)."""

    label_size = 16

    def __init__(self, rect, colour=None, scale=1.0, duration=0.45, label="", **kw):
        super().__init__(duration, **kw)
        self.rect, self.colour, self.sc, self.label = pygame.Rect(rect), colour or PAL["gold_hi"], scale, label

    def draw(self, surf):
        k = self.k
        grow = int((4 + 14 * k) * self.sc)
        col = shade(self.colour, 1.0 - 0.5 * k)
        pygame.draw.rect(surf, col, self.rect.inflate(grow, grow), max(2, int(4 * self.sc * (1 - k) + 1)),
                         border_radius=int(10 * self.sc))
        if self.label:
            self.draw_label(surf)

    def draw_label(self, surf):
        pill(surf, self.label, self.rect.center, int(self.label_size * self.sc), self.colour, pad_y=0.45)


class FadeOut(Anim):
    """A destroyed card shrinking (to ``1 - shrink`` of its size) and fading away towards ``dest``."""

    default_duration = 0.45
    shrink = 0.7
    fade = 1.0

    def __init__(self, image, rect, dest, duration=None, **kw):
        super().__init__(self.default_duration if duration is None else duration, **kw)
        self.image, self.rect, self.dest = image, pygame.Rect(rect), dest

    def draw(self, surf):
        if self.image is None:
            return
        k = 1 - (1 - self.k) ** 2
        w = max(4, int(self.rect.width * (1 - self.shrink * k)))
        h = max(4, int(self.rect.height * (1 - self.shrink * k)))
        img = pygame.transform.scale(self.image, (w, h))
        img.set_alpha(int(255 * (1 - self.fade * k)))
        x = self.rect.centerx + (self.dest[0] - self.rect.centerx) * k
        y = self.rect.centery + (self.dest[1] - self.rect.centery) * k
        surf.blit(img, img.get_rect(center=(int(x), int(y))))

class Banner(Anim):
    """Big centred text across the table ("Your turn", "Sudden Death")."""

    def __init__(self, text, sub="", colour=None, duration=1.1, **kw):
        super().__init__(duration, **kw)
        self.text, self.sub, self.colour = text, sub, colour or PAL["gold"]

    area = None  # set by the queue: the board rect (default: the whole window)

    def draw(self, surf):
        area = pygame.Rect(self.area) if self.area is not None else surf.get_rect()
        k = self.k
        a = min(1.0, k / 0.15, (1 - k) / 0.25) if self.duration > 0 else 1
        a = max(0.0, a)
        band_h = int(surf.get_height() * 0.16)
        band = pygame.Surface((area.width, band_h), pygame.SRCALPHA)
        band.fill((8, 10, 16, int(200 * a)))
        cx, cy = area.center
        surf.blit(band, (area.left, cy - band_h // 2))
        f = font(int(band_h * 0.42), False, False, True)
        img = f.render(self.text, True, self.colour)
        img.set_alpha(int(255 * a))
        surf.blit(img, img.get_rect(center=(cx, cy - (band_h * 0.12 if self.sub else 0))))
        if self.sub:
            f2 = font(int(band_h * 0.18))
            im2 = f2.render(self.sub, True, PAL["text"])
            im2.set_alpha(int(255 * a))
            surf.blit(im2, im2.get_rect(center=(cx, cy + band_h * 0.28)))


class Call(Anim):
    """Run a function when reached in the queue (e.g. reveal the new state)."""

    def __init__(self, fn, **kw):
        super().__init__(0.0, on_done=fn, **kw)


class LogStep(Call):
    """In a table's :meth:`animate`: tell the log this action's lines for
    ``events[:upto]`` when the queue reaches this point (e.g. each clash's result
    as its clash starts); the framework tells the rest when the animations end."""

    def __init__(self, upto: int, **kw):
        super().__init__(None, **kw)
        self.upto = upto


class AnimQueue:
    """Animations play one group at a time; a group is an animation plus the
    ones after it marked ``parallel``."""

    def __init__(self, speed_factor: Callable[[], float]):
        self.items: list[Anim] = []
        self.active: list[Anim] = []
        self.speed = speed_factor

    def add(self, *anims: Anim):
        self.items.extend(a for a in anims if a is not None)

    def clear(self):
        for a in self.active + self.items:
            if a.on_done:
                a.on_done()
        self.items.clear()
        self.active.clear()

    @property
    def busy(self) -> bool:
        return bool(self.items or self.active)

    def _next_group(self):
        f = self.speed()
        while self.items and not self.active:
            group = [self.items.pop(0)]
            while self.items and self.items[0].parallel:
                group.append(self.items.pop(0))
            for a in group:
                a.duration = a.base * f
            if f <= 0:  # instant: skip straight to the end
                for a in group:
                    if a.on_done:
                        a.on_done()
                continue
            self.active = group

    def update(self, dt):
        self._next_group()
        if not self.active:
            return
        done = [a for a in self.active if a.update(dt)]
        for a in done:
            self.active.remove(a)
            if a.on_done:
                a.on_done()
        if not self.active:
            self._next_group()

    area = None  # where banners centre (the table sets its board rect)

    def draw(self, surf):
        for a in self.active:
            if self.area is not None and hasattr(a, "area"):
                a.area = self.area
            a.draw(surf)


# ====================================================================== hover zoom
_ZOOM_SHADOW: dict = {}


def zoom_rect(surf_size, img_size, anchor, scale=1.0, avoid=None) -> pygame.Rect:
    """Where the zoom of size ``img_size`` goes beside ``avoid`` (default: the point
    ``anchor``) in a window of ``surf_size``: right of it, else left, else above / below,
    kept inside the window."""
    W, H = surf_size
    iw, ih = img_size
    gap = int(16 * scale)
    a = pygame.Rect(avoid) if avoid is not None else pygame.Rect(anchor[0] - gap // 2, anchor[1] - gap // 2,
                                                                 gap, gap)
    if a.right + gap + iw <= W - 8:
        x, y = a.right + gap, a.centery - ih // 2
    elif a.left - gap - iw >= 8:
        x, y = a.left - gap - iw, a.centery - ih // 2
    else:
        x = a.centerx - iw // 2
        room_above, room_below = a.top - 8, H - 8 - a.bottom
        y = a.top - gap - ih if room_above >= room_below else a.bottom + gap
    y = max(8, min(H - ih - 8, y))
    x = max(8, min(W - iw - 8, x))
    return pygame.Rect(x, y, iw, ih)


def draw_zoom(surf, game, card, anchor, scale=1.0, width=None, avoid=None):
    """The large card with its full text beside ``avoid`` (the hovered card or cell;
    default: the point ``anchor``), never over it when the window has room, and kept
    inside the window: right of it, else left, else above / below."""
    from client.cards import card_surface
    w = width or int(300 * scale)
    img = card_surface(game, card, w, big=True)
    iw, ih = img.get_size()
    x, y, _, _ = zoom_rect(surf.get_size(), (iw, ih), anchor, scale, avoid)
    shadow = _ZOOM_SHADOW.get((iw, ih))
    if shadow is None:
        shadow = pygame.Surface((iw + 16, ih + 16), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 120), shadow.get_rect(), border_radius=int(18 * scale))
        if len(_ZOOM_SHADOW) > 8:
            _ZOOM_SHADOW.clear()
        _ZOOM_SHADOW[(iw, ih)] = shadow
    surf.blit(shadow, (x - 4, y + 4))
    surf.blit(img, (x, y))
    return pygame.Rect(x, y, iw, ih)


_THINKING: dict = {}


def draw_thinking(surf, rect, t, text="AI is thinking…", scale=1.0):
    """A visible "thinking" sign: spinning dots + text in a pill."""
    r = pygame.Rect(rect)
    key = (r.size, scale, text)
    cached = _THINKING.get(key)
    if cached is None:  # the pill and its text are drawn once, only the dots move
        pill = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(pill, (14, 16, 23, 230), pill.get_rect(), border_radius=r.height // 2)
        pygame.draw.rect(pill, PAL["info"], pill.get_rect(), max(1, int(2 * scale)), border_radius=r.height // 2)
        cached = (pill, font(int(r.height * 0.42), True).render(text, True, PAL["text"]))
        if len(_THINKING) > 8:
            _THINKING.clear()
        _THINKING[key] = cached
    pill, img = cached
    surf.blit(pill, r)
    cx, cy = r.left + r.height // 2 + int(4 * scale), r.centery
    rad = r.height * 0.28
    for i in range(8):
        a = t * 5 + i * math.pi / 4
        alpha = (i + 1) / 8
        pygame.draw.circle(surf, shade(PAL["info"], 0.4 + 0.8 * alpha),
                           (cx + rad * math.cos(a), cy + rad * math.sin(a)), max(1, int(r.height * 0.07)))
    surf.blit(img, img.get_rect(midleft=(cx + r.height // 2 + int(2 * scale), cy)))
