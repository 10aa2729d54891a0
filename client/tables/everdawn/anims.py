"""Everdawn table animations: clashes (who hits whom, advantage, the fallen),
open-lane hits and the turn clock's read-out. Game-specific drawing only; the
queue and timing come from :mod:`client.table.kit.parts`."""
from __future__ import annotations

from functools import partial

import pygame

from engine.core.match import event_view
from engine.everdawn.text import EVENTS

from client.table.kit.parts import Anim, draw_arrow, draw_cross
from client.table.kit.parts import pill as _pill
from client.ui.theme import PAL

ATTACK_COL = (255, 196, 92)
COUNTER_COL = (140, 200, 255)


pill = partial(_pill, pad_y=0.45)   # a rounded label centred on ``center``; returns its rect


class ClashAnim(Anim):
    """One clash on screen: the attack arrow with its number against the defense,
    the counterattack coming back, the advantage star, and a cross on the fallen."""

    def __init__(self, att_rect, def_rect, attack, defense, counter, att_defense, adv_att, adv_def,
                 def_dies, att_dies, scale=1.0, open_lane=False, duration=1.1, **kw):
        super().__init__(duration, **kw)
        self.ar, self.dr = pygame.Rect(att_rect), pygame.Rect(def_rect)
        self.attack, self.defense, self.counter, self.adef = attack, defense, counter, att_defense
        self.adv_att, self.adv_def = adv_att, adv_def
        self.def_dies, self.att_dies = def_dies, att_dies
        self.sc = scale
        self.open_lane = open_lane

    def draw(self, surf):
        k = self.k
        sc = self.sc
        a, d = self.ar.center, self.dr.center
        grow = min(1.0, k / 0.35)
        end = (a[0] + (d[0] - a[0]) * grow, a[1] + (d[1] - a[1]) * grow)
        pygame.draw.rect(surf, ATTACK_COL, self.ar.inflate(int(8 * sc), int(8 * sc)), max(2, int(3 * sc)),
                         border_radius=int(8 * sc))
        if grow > 0.05:
            draw_arrow(surf, a, end, ATTACK_COL, max(3, int(7 * sc)), bend=0.08)
        size = int(19 * sc)
        mid = ((a[0] + d[0]) / 2, (a[1] + d[1]) / 2)
        if k > 0.3:
            if self.open_lane:
                pill(surf, f"{self.attack} to morale", mid, size, ATTACK_COL)
            else:
                ok = self.def_dies
                txt = f"{self.attack} vs DEF {self.defense}"
                pill(surf, txt, (mid[0] - int(14 * sc), mid[1] - int(16 * sc)), size,
                     PAL["good"] if ok else ATTACK_COL)
        if self.counter >= 0 and k > 0.45:
            g2 = min(1.0, (k - 0.45) / 0.3)
            ce = (d[0] + (a[0] - d[0]) * g2, d[1] + (a[1] - d[1]) * g2)
            draw_arrow(surf, (d[0] + int(22 * sc), d[1]), (ce[0] + int(22 * sc), ce[1]), COUNTER_COL,
                       max(2, int(4 * sc)), bend=0.1, dashed=True)
            if g2 > 0.5:
                pill(surf, f"counter {self.counter} vs DEF {self.adef}",
                     (mid[0] + int(30 * sc), mid[1] + int(20 * sc)), int(16 * sc), COUNTER_COL)
        for rect, adv in ((self.ar, self.adv_att), (self.dr, self.adv_def)):
            if adv and k > 0.2 and not (self.open_lane and rect is self.dr):
                pill(surf, "ADVANTAGE", (rect.centerx, rect.top + int(12 * sc)), int(13 * sc),
                     PAL["gold_hi"], border=PAL["gold"])
        if k > 0.7:
            w = max(4, int(8 * sc))
            if self.def_dies:
                draw_cross(surf, self.dr, PAL["bad"], w)
            if self.att_dies:
                draw_cross(surf, self.ar, PAL["bad"], w)


def fmt_clock(seconds: float) -> str:
    s = max(0, int(seconds + 0.999))
    return f"{s // 60}:{s % 60:02d}"


class CardShow(Anim):
    """The opponent's spell (or item) shown large for a moment, with a caption, so
    a player can read what was played."""

    def __init__(self, image, center, caption="", scale=1.0, duration=1.0, **kw):
        super().__init__(duration, **kw)
        self.image, self.center, self.caption, self.sc = image, center, caption, scale

    def draw(self, surf):
        if self.image is None:
            return
        k = self.k
        a = max(0.0, min(1.0, k / 0.15, (1 - k) / 0.2))
        img = self.image
        img.set_alpha(int(255 * a))
        r = img.get_rect(center=(int(self.center[0]), int(self.center[1])))
        shadow = pygame.Surface(r.inflate(int(16 * self.sc), int(16 * self.sc)).size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, int(140 * a)), shadow.get_rect(), border_radius=int(14 * self.sc))
        surf.blit(shadow, r.inflate(int(16 * self.sc), int(16 * self.sc)).move(int(4 * self.sc), int(6 * self.sc)))
        surf.blit(img, r)
        img.set_alpha(255)
        if self.caption and a > 0.3:
            pill(surf, self.caption, (r.centerx, r.top - int(16 * self.sc)), int(17 * self.sc), PAL["gold_hi"],
                 border=PAL["gold"])


def step_state(state, ev):
    """The drawn state one event further (a copy), for what combat shows before the
    action's end state: a destroyed creature leaves its slot (with its equipment and
    set), morale takes its new value. Other events leave ``state`` as it is."""
    from engine.everdawn import match as EM
    v = event_view(ev, EVENTS) if ev else None
    k = v.kind if v else None
    if k not in ("destroyed", "morale") or state is None:
        return state
    m = state.clone()
    b = m.b
    if k == "destroyed":
        p, s = v.player, v.slot
        i = EM.S0 + p * 36 + s * EM.NF
        b[i] = b[i + 1] = b[i + 2] = b[i + 3] = -1
        b[i + EM.SF_FLAGS] = 0
        b[i + EM.SF_TDEF] = 0
        if b[EM.G_SET_SRC + p] == s or b[EM.G_SET_TGT + p] == s:
            b[EM.G_SET_SRC + p] = b[EM.G_SET_TGT + p] = -1
    else:
        b[EM.G_MORALE + v.player] = v.value
    return m


def track_placed(placed: set, events) -> set:
    """Keep ``placed`` — the (seat, lane) slots whose creature was *placed* (at set-up
    or in Sudden Death), not played, so its "When played" effect never happened — up
    to date with one action's ``events``. A creature played later (a bench creature
    moved into a lane, a card putting one into a lane) is played; a placed creature
    moving keeps its mark; a slot emptied loses it."""
    sudden = False
    for e in events:
        v = event_view(e, EVENTS)
        k = v.kind
        if k == "setup":
            p = v.player
            for s, code in enumerate(v.lanes):
                if code >= 0:
                    placed.add((p, s))
        elif k == "sudden_death":
            sudden = True
            placed.clear()
        elif k == "place":
            if sudden and v.slot < 3:
                placed.add((v.player, v.slot))
            else:
                placed.discard((v.player, v.slot))
        elif k == "move":
            p, a, b = v.player, v.src, v.dst
            was = (p, a) in placed
            there = (p, b) in placed
            placed.discard((p, a))
            placed.discard((p, b))
            if was and b < 3:
                placed.add((p, b))
            if there and a < 3:          # a swap: the other creature goes the other way
                placed.add((p, a))
        elif k == "destroyed":
            placed.discard((v.player, v.slot))
        elif k == "turn":
            sudden = False
    return placed


PLACED_NOTE = "Placed, not played (set-up or Sudden Death): its “When played” effect did not happen."
