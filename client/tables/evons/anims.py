"""Evons table animations and the display state they walk through.

The engine returns a whole chain's events for one action. To let a player follow
it, the table draws a *display copy* of the match (``display_copy``) and moves it
forward one event at a time (``apply_event``) as the animation queue reaches
each event. ``apply_event`` only mirrors what an event reports (a card moved, a
card flipped, damage taken…); it decides nothing — when the queue ends the
table shows the engine's own view again.
"""
from __future__ import annotations

import math

import pygame

from engine.core.match import event_view
from engine.evons import match as EM
from engine.evons.text import EVENTS

from client.table.kit.parts import Anim, draw_arrow, draw_cross, pill
from client.ui.theme import PAL, shade

ABILITY_COL = (255, 206, 96)
BLOW_COL = (255, 120, 96)
BACK_COL = (140, 200, 255)


# ====================================================================== display state
def display_copy(before, after):
    """A copy of ``before`` to animate on, knowing every card either state shows."""
    d = before.clone()
    d._legal = None
    d.stack = list(d.stack)
    n = min(len(before.cardof), len(after.cardof))
    d.cardof = tuple(after.cardof[i] if after.cardof[i] >= 0 else before.cardof[i] for i in range(n))
    return d


def _zone_remove(d, inst):
    for z in d.zones:
        if inst in z:
            z.remove(inst)
            return


def _off_grid(d, inst):
    c = d.pos[inst] if 0 <= inst < len(d.pos) else -1
    if c >= 0 and d.grid[c] == inst:
        d.grid[c] = -1
    if 0 <= inst < len(d.pos):
        d.pos[inst] = -1


def _put(d, inst, c):
    _off_grid(d, inst)
    d.grid[c] = inst
    d.pos[inst] = c


def apply_event(d, e):
    """Move the display copy ``d`` forward by one engine event (display only)."""
    v = event_view(e, EVENTS)
    k = v.kind
    sc = d.sc
    try:
        if k == "turn":
            d.dmg = [0] * len(d.dmg)        # damage wears off at the end of each turn
            sc[EM.S_TP] = v.player
            sc[EM.S_TURN] = v.turn
            sc[EM.S_MOVER] = v.player
        elif k == "credits":
            sc[EM.S_CRED0 + v.player] = v.now
        elif k == "draw":
            _zone_remove(d, v.inst)
            d.zones[EM.Z_HAND + v.player].append(v.inst)
        elif k == "play":
            p, inst, c, cov = v.player, v.inst, v.cell, v.covered
            _zone_remove(d, inst)
            _put(d, inst, c)
            d.ctrl[inst] = p
            d.flags[inst] = EM.F_COVERED if cov else 0
        elif k == "reveal":
            d.flags[v.inst] &= ~(EM.F_COVERED | EM.F_GROWTH)
        elif k == "bonus":
            inst, c, name = v.inst, v.cell, v.what
            kind = EM.BONUS_NAMES.index(name) if name in EM.BONUS_NAMES else 0
            d.cellbonus[c] = 0
            if kind in (EM.B_ATK, EM.B_DEF, EM.B_DOUBLE):
                d.bon[inst] = kind
        elif k == "activate":
            inst, re = v.inst, v.again
            new = []
            for f in d.stack:
                if f[0] == EM.FR_GROUP and inst in f[2:]:
                    rest = tuple(x for x in f[2:] if x != inst)
                    if rest:
                        new.append((f[0], f[1]) + rest)
                else:
                    new.append(f)
            d.stack = new
            d.stack.append((EM.FR_ACT, inst, EM.ST_P1, 0, 0, 0, EM.HOW_RE if re else 0))
        elif k == "sequence_end":
            for i in range(len(d.stack) - 1, -1, -1):
                f = d.stack[i]
                if f[0] == EM.FR_ACT and f[1] == v.inst:
                    del d.stack[i]
                    break
        elif k == "ability":
            _stage(d, v.inst, lambda st: EM.ST_P2 if st == EM.ST_CONFLICT else st)
        elif k == "conflict":
            a, b, to_a, to_b = v.inst, v.other, v.damage, v.other_damage
            d.dmg[a] += to_a
            d.dmg[b] += to_b
            _stage(d, a, lambda st: EM.ST_CONFLICT)
        elif k == "destroy":
            inst, where = v.inst, v.how
            _off_grid(d, inst)
            d.flags[inst] = 0
            d.dmg[inst] = 0
            d.bon[inst] = 0
            o = d.owner(inst)
            d.ctrl[inst] = o
            _zone_remove(d, inst)
            d.zones[(EM.Z_REMOVED if where == "removed" else EM.Z_GRAVE) + o].append(inst)
            d.stack = [f for f in d.stack if not (f[0] == EM.FR_ACT and f[1] == inst)]
        elif k == "flip":
            d.ctrl[v.inst] = v.player
            _stage(d, None, lambda st: EM.ST_CONFLICT)
        elif k == "move":
            inst, frm, to = v.inst, v.src, v.dst
            if d.grid[frm] == inst:
                d.grid[frm] = -1
            d.grid[to] = inst
            d.pos[inst] = to
            d.bon[inst] = 0
        elif k == "damage":
            if v.inst >= 0:
                d.dmg[v.inst] += v.n
        elif k == "place":
            inst, t, how = v.inst, v.cell, v.how
            _zone_remove(d, inst)
            _put(d, inst, t)
            d.ctrl[inst] = sc[EM.S_TP]
            d.flags[inst] = (EM.F_COVERED | EM.F_GROWTH) if how == "growth" else 0
        elif k == "end":
            d.stack = []
        elif k == "discard":
            _zone_remove(d, v.inst)
            d.zones[EM.Z_GRAVE + v.player].append(v.inst)
    except (IndexError, ValueError, TypeError):
        pass  # a display nicety: the real view is shown when the queue ends


def _stage(d, inst, fn):
    for i in range(len(d.stack) - 1, -1, -1):
        f = d.stack[i]
        if f[0] == EM.FR_ACT and (inst is None or f[1] == inst):
            d.stack[i] = (f[0], f[1], fn(f[2])) + tuple(f[3:])
            return


# ====================================================================== animations
class Ring(Anim):
    """A ring around a cell with an optional label (a card activating, a bonus)."""

    def __init__(self, rect, colour=None, label="", scale=1.0, duration=0.4, **kw):
        super().__init__(duration, **kw)
        self.rect, self.colour, self.label, self.sc = pygame.Rect(rect), colour or PAL["gold_hi"], label, scale

    def draw(self, surf):
        k = self.k
        grow = int((2 + 12 * k) * self.sc)
        pygame.draw.rect(surf, shade(self.colour, 1.0 - 0.4 * k), self.rect.inflate(grow, grow),
                         max(2, int(4 * self.sc * (1 - k) + 1)), border_radius=int(8 * self.sc))
        if self.label:
            pill(surf, self.label, (self.rect.centerx, self.rect.top - int(4 * self.sc)), int(14 * self.sc),
                 self.colour)


class AbilityArrow(Anim):
    """The acting card's ability arrow reaching its target cell, named."""

    def __init__(self, src, dst, label, colour=ABILITY_COL, scale=1.0, duration=0.55, **kw):
        super().__init__(duration, **kw)
        self.src, self.dst, self.label, self.colour, self.sc = pygame.Rect(src), pygame.Rect(dst), label, colour, scale

    def draw(self, surf):
        k = min(1.0, self.k / 0.5)
        a, b = self.src.center, self.dst.center
        end = (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
        pygame.draw.rect(surf, self.colour, self.dst.inflate(int(6 * self.sc), int(6 * self.sc)),
                         max(2, int(3 * self.sc)), border_radius=int(8 * self.sc))
        if k > 0.1:
            draw_arrow(surf, a, end, self.colour, max(3, int(5 * self.sc)))
        pill(surf, self.label, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - int(14 * self.sc)), int(15 * self.sc),
             self.colour)


class ConflictAnim(Anim):
    """Both blows of a conflict at once: each card's ATK against the other's DEF."""

    def __init__(self, ra, rb, to_a, to_b, dies_a, dies_b, scale=1.0, duration=1.0, **kw):
        super().__init__(duration, **kw)
        self.ra, self.rb = pygame.Rect(ra), pygame.Rect(rb)
        self.to_a, self.to_b, self.dies_a, self.dies_b, self.sc = to_a, to_b, dies_a, dies_b, scale

    def draw(self, surf):
        k = self.k
        sc = self.sc
        a, b = self.ra.center, self.rb.center
        g = min(1.0, k / 0.4)
        dx, dy = b[0] - a[0], b[1] - a[1]
        ln = math.hypot(dx, dy) or 1
        nx, ny = -dy / ln * 9 * sc, dx / ln * 9 * sc
        w = max(3, int(5 * sc))
        for (sx, sy), (ex, ey), col in (((a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), BLOW_COL),
                                        ((b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny), BACK_COL)):
            if g > 0.05:
                draw_arrow(surf, (sx, sy), (sx + (ex - sx) * g, sy + (ey - sy) * g), col, w)
        if k > 0.35:
            size = int(17 * sc)
            pill(surf, f"-{self.to_b} DEF", (self.rb.centerx, self.rb.top + int(14 * sc)), size, BLOW_COL)
            pill(surf, f"-{self.to_a} DEF", (self.ra.centerx, self.ra.top + int(14 * sc)), size, BACK_COL)
        if k > 0.7:
            cw = max(4, int(7 * sc))
            if self.dies_b:
                draw_cross(surf, self.rb, PAL["bad"], cw)
            if self.dies_a:
                draw_cross(surf, self.ra, PAL["bad"], cw)


class FlipAnim(Anim):
    """A card turning over to its new owner: it narrows, then widens in the new colours."""

    def __init__(self, rect, old_img, new_img, on_half=None, duration=0.45, **kw):
        super().__init__(duration, **kw)
        self.rect, self.old, self.new, self.on_half, self._half = pygame.Rect(rect), old_img, new_img, on_half, False

    def update(self, dt):
        done = super().update(dt)
        if self.k >= 0.5 and not self._half:
            self._half = True
            if self.on_half:
                self.on_half()
        return done

    def draw(self, surf):
        k = self.k
        img = self.old if k < 0.5 else self.new
        if img is None:
            return
        f = abs(1 - 2 * k)
        w = max(2, int(self.rect.width * f))
        im = pygame.transform.scale(img, (w, self.rect.height))
        bg = self.rect.inflate(4, 4)
        pygame.draw.rect(surf, (20, 24, 32), bg)
        surf.blit(im, im.get_rect(center=self.rect.center))


class Slide(Anim):
    """A tile sliding from one cell to another (push, pull, swap)."""

    def __init__(self, image, start, end, duration=0.35, **kw):
        super().__init__(duration, **kw)
        self.image, self.start, self.end = image, start, end

    def draw(self, surf):
        if self.image is None:
            return
        k = 1 - (1 - self.k) ** 3
        x = self.start[0] + (self.end[0] - self.start[0]) * k
        y = self.start[1] + (self.end[1] - self.start[1]) * k
        surf.blit(self.image, (x, y))


class Fade(Anim):
    """A destroyed or removed card: a cross, then it shrinks away."""

    def __init__(self, image, rect, label="", scale=1.0, duration=0.45, **kw):
        super().__init__(duration, **kw)
        self.image, self.rect, self.label, self.sc = image, pygame.Rect(rect), label, scale

    def draw(self, surf):
        k = self.k
        if self.image is not None:
            f = 1 - 0.6 * k
            w, h = max(2, int(self.rect.width * f)), max(2, int(self.rect.height * f))
            im = pygame.transform.scale(self.image, (w, h))
            im.set_alpha(int(255 * (1 - k)))
            surf.blit(im, im.get_rect(center=self.rect.center))
        draw_cross(surf, self.rect, PAL["bad"], max(3, int(6 * self.sc)))
        if self.label:
            pill(surf, self.label, (self.rect.centerx, self.rect.bottom), int(13 * self.sc), PAL["bad"])
