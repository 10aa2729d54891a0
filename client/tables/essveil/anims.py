"""Essveil table animations: attack arrows, creatures lunging at each other,
Aegis bubbles bursting, keyword pops (Venom, Last Rites, Drain, Grow,
Silence), cards flying from hand to play and from play to the graveyard,
tokens vanishing. Game-specific drawing only; timing comes from the queue in
:mod:`client.table.kit.parts` (durations are at normal speed; "instant" skips them)."""
from __future__ import annotations

import math

import pygame

from client.cards.icons import draw_icon
from client.table.kit.parts import Anim, draw_arrow
from client.table.kit.parts import FadeOut as _FadeOut
from client.table.kit.parts import RingPulse as _RingPulse
from client.ui.theme import PAL, font, shade

ATTACK_COL = (255, 170, 80)
GUARD_COL = (200, 205, 230)
AEGIS_COL = (130, 205, 255)
VENOM_COL = (130, 225, 95)
DRAIN_COL = (235, 80, 100)
GROW_COL = (120, 220, 120)
ESSENCE_COL = (176, 140, 255)


def pill_rect(text, center, size, icon=None):
    """The rect :func:`pill` would take (nothing drawn)."""
    f = font(max(8, int(size)), True)
    tw, th = f.size(text)
    ic = int(size * 1.1) if icon else 0
    w = tw + (ic + int(size * 0.3) if icon else 0)
    r = pygame.Rect(0, 0, w, th).inflate(int(size * 0.9), int(size * 0.45))
    r.center = (int(center[0]), int(center[1]))
    return r


def pill(surf, text, center, size, fg, bg=(14, 16, 23), border=None, alpha=235, icon=None):
    """A rounded label centred on ``center`` (optionally with a leading icon); returns its rect."""
    f = font(max(8, int(size)), True)
    img = f.render(text, True, fg)
    ic = int(size * 1.1) if icon else 0
    r = pill_rect(text, center, size, icon)
    box = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*bg[:3], alpha), box.get_rect(), border_radius=r.height // 2)
    pygame.draw.rect(box, border or fg, box.get_rect(), max(1, int(size / 9)), border_radius=r.height // 2)
    surf.blit(box, r)
    x = r.left + int(size * 0.45)
    if icon:
        draw_icon(surf, icon, pygame.Rect(x, r.centery - ic // 2, ic, ic), fg)
        x += ic + int(size * 0.3)
    surf.blit(img, img.get_rect(midleft=(x, r.centery)))
    return r


class Arrow(Anim):
    """An attack (or target) arrow growing from ``start`` to ``end``, then held."""

    def __init__(self, start, end, colour=ATTACK_COL, width=6, label="", scale=1.0, duration=0.45, **kw):
        super().__init__(duration, **kw)
        self.start, self.end, self.colour, self.width = start, end, colour, width
        self.label, self.sc = label, scale

    def draw(self, surf):
        k = min(1.0, self.k / 0.6)
        sx, sy = self.start
        ex, ey = self.end
        end = (sx + (ex - sx) * k, sy + (ey - sy) * k)
        if math.hypot(end[0] - sx, end[1] - sy) > 8:
            draw_arrow(surf, self.start, end, self.colour, self.width, bend=0.08)
        if self.label and k >= 1.0:
            pill(surf, self.label, ((sx + ex) / 2, (sy + ey) / 2), int(15 * self.sc), self.colour)


class Lunge(Anim):
    """A creature leaping towards ``toward`` and back (its slot shows a shadow meanwhile)."""

    def __init__(self, image, rect, toward, reach=0.45, duration=0.5, **kw):
        super().__init__(duration, **kw)
        self.image, self.rect, self.toward, self.reach = image, pygame.Rect(rect), toward, reach

    def draw(self, surf):
        if self.image is None:
            return
        k = self.k
        d = math.sin(math.pi * k) * self.reach
        cx = self.rect.centerx + (self.toward[0] - self.rect.centerx) * d
        cy = self.rect.centery + (self.toward[1] - self.rect.centery) * d
        sh = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        pygame.draw.rect(sh, (0, 0, 0, 110), sh.get_rect(), border_radius=max(3, self.rect.width // 16))
        surf.blit(sh, self.rect)
        img = self.image
        if d > 0.05:
            w = int(self.rect.width * (1 + 0.12 * d))
            h = int(self.rect.height * (1 + 0.12 * d))
            img = pygame.transform.scale(self.image, (w, h))
        surf.blit(img, img.get_rect(center=(int(cx), int(cy))))


class Burst(Anim):
    """An Aegis bubble breaking: a ring swelling and shattering into shards."""

    def __init__(self, center, radius, colour=AEGIS_COL, label="", scale=1.0, duration=0.7, **kw):
        super().__init__(duration, **kw)
        self.center, self.radius, self.colour, self.label, self.sc = center, radius, colour, label, scale

    def draw(self, surf):
        k = self.k
        cx, cy = self.center
        r = int(self.radius * (0.8 + 0.5 * k))
        a = int(230 * (1 - k))
        layer = pygame.Surface((2 * r + 8, 2 * r + 8), pygame.SRCALPHA)
        c = (r + 4, r + 4)
        if k < 0.45:
            pygame.draw.circle(layer, (*self.colour, a // 3), c, r)
            pygame.draw.circle(layer, (*self.colour, a), c, r, max(2, int(4 * self.sc)))
        else:
            for i in range(10):
                ang = i * math.pi / 5 + 0.3
                r0 = r * (0.7 + 0.3 * k)
                p0 = (c[0] + r0 * math.cos(ang), c[1] + r0 * math.sin(ang))
                p1 = (c[0] + (r0 + r * 0.25) * math.cos(ang + 0.2), c[1] + (r0 + r * 0.25) * math.sin(ang + 0.2))
                pygame.draw.line(layer, (*self.colour, a), p0, p1, max(2, int(3 * self.sc)))
        surf.blit(layer, (cx - r - 4, cy - r - 4))
        if self.label:
            pill(surf, self.label, (cx, cy - self.radius * 0.2 - 14 * self.sc * k), int(16 * self.sc), self.colour,
                 icon="bubble")


class IconPop(Anim):
    """A keyword moment: its icon swells over the card with a label (Venom, Last Rites, Grow...)."""

    def __init__(self, icon, center, colour, label="", size=48, scale=1.0, duration=0.75, **kw):
        super().__init__(duration, **kw)
        self.icon, self.center, self.colour, self.label = icon, center, colour, label
        self.size, self.sc = size, scale

    def draw(self, surf):
        k = self.k
        grow = min(1.0, k / 0.25)
        fade = 1.0 if k < 0.7 else max(0.0, 1 - (k - 0.7) / 0.3)
        sz = max(6, int(self.size * (0.5 + 0.5 * grow)))
        cx, cy = self.center
        halo = pygame.Surface((sz * 2, sz * 2), pygame.SRCALPHA)
        pygame.draw.circle(halo, (10, 10, 14, int(200 * fade)), (sz, sz), int(sz * 0.8))
        pygame.draw.circle(halo, (*self.colour, int(255 * fade)), (sz, sz), int(sz * 0.8), max(2, sz // 12))
        surf.blit(halo, (cx - sz, cy - sz))
        if fade > 0.05:
            ic = int(sz * 1.0)
            tmp = pygame.Surface((ic, ic), pygame.SRCALPHA)
            draw_icon(tmp, self.icon, tmp.get_rect(), self.colour, outline=None)
            tmp.set_alpha(int(255 * fade))
            surf.blit(tmp, (cx - ic // 2, cy - ic // 2))
            if self.label:
                pill(surf, self.label, (cx, cy + sz * 0.95), int(15 * self.sc), self.colour,
                     alpha=int(235 * fade))


class RingPulse(_RingPulse):
    """A ring drawn around a rect (a card arriving, a spell landing), with an optional label."""

    label_size = 15

    def draw_label(self, surf):
        pill(surf, self.label, self.rect.center, int(self.label_size * self.sc), self.colour)


class FlyCard(Anim):
    """A card travelling between two rects (hand to play, deck to hand), resizing on the way."""

    def __init__(self, image, start, end, duration=0.4, **kw):
        super().__init__(duration, **kw)
        self.image, self.start, self.end = image, pygame.Rect(start), pygame.Rect(end)

    def draw(self, surf):
        if self.image is None:
            return
        k = 1 - (1 - self.k) ** 3
        w = max(8, int(self.start.width + (self.end.width - self.start.width) * k))
        h = max(8, int(self.start.height + (self.end.height - self.start.height) * k))
        cx = self.start.centerx + (self.end.centerx - self.start.centerx) * k
        cy = self.start.centery + (self.end.centery - self.start.centery) * k
        img = self.image if (w, h) == self.image.get_size() else pygame.transform.scale(self.image, (w, h))
        surf.blit(img, img.get_rect(center=(int(cx), int(cy))))


class Showcase(Anim):
    """A spell shown large in the middle of the board as it is played."""

    def __init__(self, image, center, label="", scale=1.0, duration=0.8, **kw):
        super().__init__(duration, **kw)
        self.image, self.center, self.label, self.sc = image, center, label, scale

    def draw(self, surf):
        if self.image is None:
            return
        k = self.k
        a = min(1.0, k / 0.15, (1 - k) / 0.2) if self.duration > 0 else 1.0
        img = self.image.copy()
        img.set_alpha(int(255 * max(0.0, a)))
        r = img.get_rect(center=self.center)
        surf.blit(img, r)
        if self.label:
            pill(surf, self.label, (r.centerx, r.bottom + int(14 * self.sc)), int(15 * self.sc), PAL["gold_hi"],
                 alpha=int(235 * max(0.0, a)))


class FadeOut(_FadeOut):
    """A creature that died shrinking away towards its owner's graveyard."""

    default_duration = 0.55
    shrink = 0.75
    fade = 0.8


class Vanish(Anim):
    """A token dying: it fades where it stood in a ring of sparkles (tokens never reach the graveyard)."""

    def __init__(self, image, rect, scale=1.0, duration=0.6, **kw):
        super().__init__(duration, **kw)
        self.image, self.rect, self.sc = image, pygame.Rect(rect), scale

    def draw(self, surf):
        k = self.k
        if self.image is not None:
            img = self.image.copy()
            img.set_alpha(int(255 * (1 - k)))
            surf.blit(img, self.rect)
        cx, cy = self.rect.center
        rad = self.rect.width * (0.3 + 0.5 * k)
        for i in range(8):
            ang = i * math.pi / 4 + k * 2
            p = (cx + rad * math.cos(ang), cy + rad * 1.2 * math.sin(ang))
            pygame.draw.circle(surf, shade(ESSENCE_COL, 1.3), p, max(1, int(4 * self.sc * (1 - k))))
        if k > 0.2:
            pill(surf, "vanishes", (cx, cy), int(14 * self.sc), PAL["muted"], alpha=int(235 * (1 - k)))


class Shake(Anim):
    """A hit on a player: their panel jolts sideways with a red flash."""

    def __init__(self, rect, scale=1.0, duration=0.35, **kw):
        super().__init__(duration, **kw)
        self.rect, self.sc = pygame.Rect(rect), scale

    def draw(self, surf):
        k = self.k
        dx = int(math.sin(k * math.pi * 6) * 6 * self.sc * (1 - k))
        r = self.rect.move(dx, 0)
        layer = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*PAL["bad"], int(110 * (1 - k))), layer.get_rect(), border_radius=int(10 * self.sc))
        surf.blit(layer, r)
        pygame.draw.rect(surf, PAL["bad"], r, max(2, int(3 * self.sc)), border_radius=int(10 * self.sc))
