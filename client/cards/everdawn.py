"""Everdawn card faces.

Colour by combat type (blue magic, red melee, green range, purple spell) and the
type icon top left (bow / sword / moon / shield / bag / stars, champions their
own) so the colour is never the only cue; name; morale top right; attack box
(left) and defense box (right) with the base on top and the advantage bonus below.
"""
from __future__ import annotations

import pygame

from . import draw as D
from .icons import draw_icon

COLOURS = {"magic": (58, 112, 214), "melee": (200, 62, 52), "range": (52, 156, 82), "spell": (138, 78, 200)}
NEUTRAL = (150, 130, 100)
TYPE_ICON = {"magic": "moon", "melee": "sword", "range": "bow", "spell": "stars"}
ICONS = {"traghrim_axe": "axe", "arenor_crown": "crown"}
KIND_TITLE = {"creature": "Creature", "weapon": "Weapon", "armour": "Armour", "accessory": "Accessory",
              "spell": "Spell"}


def colour_of(card):
    return COLOURS.get(getattr(card, "ctype", ""), NEUTRAL)


def icon_of(card):
    ic = getattr(card, "icon", "") or TYPE_ICON.get(getattr(card, "ctype", ""), "dot")
    return ICONS.get(ic, ic)


def type_line(card):
    kind = KIND_TITLE.get(card.kind, card.kind.title())
    ct = getattr(card, "ctype", "")
    if card.kind == "creature":
        head = "Champion" if getattr(card, "champion", False) else "Creature"
        return f"{head} · {ct.title()}"
    if card.kind == "spell":
        timing = getattr(card, "timing", "")
        return f"Spell · {'Set Phase' if timing == 'set' else 'Combat'}"
    return f"{kind} · {ct.title()}"


def render(card, w, h, big=False):
    col = colour_of(card)
    champion = getattr(card, "champion", False)
    s, inner = D.frame(w, h, col)
    if champion:  # a gold inner rim marks Champions (plus their own icon)
        pygame.draw.rect(s, (232, 190, 90), inner.inflate(-2, -2), max(1, w // 70), border_radius=max(2, w // 24))
    pad = max(2, w // 28)
    top_h = max(12, int(h * 0.11))
    badge_r = top_h // 2 + max(1, w // 60)
    # type icon, top left
    bc = (inner.left + pad + badge_r - 1, inner.top + pad + badge_r - 1)
    D.icon_badge(s, icon_of(card), bc, badge_r, D.shade(col, 0.75),
                 icon_colour=(255, 226, 140) if champion else D.WHITE)
    # morale, top right (creatures)
    right_pad = 0
    if card.kind == "creature":
        mr = pygame.Rect(0, 0, int(badge_r * 1.7), int(badge_r * 2.3))
        mr.topright = (inner.right - pad, inner.top + pad - max(1, w // 60))
        pygame.draw.polygon(s, (40, 30, 22), [(mr.left, mr.top), (mr.right, mr.top), (mr.right, mr.bottom),
                                              (mr.centerx, mr.bottom - mr.height // 4), (mr.left, mr.bottom)])
        inner_m = mr.inflate(-max(2, w // 50), -max(2, w // 50))
        pygame.draw.polygon(s, (236, 200, 110), [(inner_m.left, inner_m.top), (inner_m.right, inner_m.top),
                                                 (inner_m.right, inner_m.bottom),
                                                 (inner_m.centerx, inner_m.bottom - inner_m.height // 4),
                                                 (inner_m.left, inner_m.bottom)])
        D.number(s, card.morale, (mr.centerx, mr.top + int(mr.height * 0.4)), mr.height * 0.42,
                 colour=(40, 24, 10), outline=None)
        right_pad = mr.width + pad
    bar = pygame.Rect(bc[0] + badge_r + pad, inner.top + pad, 0, top_h)
    bar.width = inner.right - pad - right_pad - bar.left
    D.name_bar(s, bar, card.name, col)
    # art
    art_top = inner.top + pad + max(top_h, 2 * badge_r) + pad
    art_h = int(h * (0.24 if big else 0.28))
    art = pygame.Rect(inner.left + pad, art_top, inner.width - 2 * pad, art_h)
    D.art_window(s, art, card.id, col, border=D.shade(col, 1.4))
    # type plate with the combat-type glyph
    tp = pygame.Rect(art.left + art.width // 8, art.bottom - max(6, h // 28), art.width * 3 // 4, max(10, h // 16))
    D.type_plate(s, tp, type_line(card), col)
    # stats row
    stat_h = int(h * 0.15)
    stat_w = int(w * 0.22)
    bottom = inner.bottom - pad
    has_stats = card.kind == "creature" or (card.kind in ("weapon", "armour", "accessory")
                                            and (card.attack or card.defense or card.attack_bonus
                                                 or card.defense_bonus))
    text_bottom = bottom - (stat_h + pad if has_stats else 0)
    if has_stats:
        ar = pygame.Rect(inner.left + pad, bottom - stat_h, stat_w, stat_h)
        dr = pygame.Rect(inner.right - pad - stat_w, bottom - stat_h, stat_w, stat_h)
        if card.kind == "creature":
            D.stat_box(s, ar, card.attack, card.attack_bonus, (150, 50, 40))
            D.stat_box(s, dr, card.defense, card.defense_bonus, (50, 90, 150))
        else:
            if card.attack or card.attack_bonus:
                D.stat_box(s, ar, f"+{card.attack}", card.attack_bonus, (150, 50, 40))
            if card.defense or card.defense_bonus:
                D.stat_box(s, dr, f"+{card.defense}", card.defense_bonus, (50, 90, 150))
        # labels between the boxes: a sword = attack, a shield = defense
        mid = pygame.Rect(ar.right + pad, ar.top, dr.left - ar.right - 2 * pad, stat_h)
        if mid.width > stat_h:
            if card.kind == "creature":
                words = ("attack", "defense") if big else ("ATK", "DEF")
                f = D.fit_font(words[0] + "  " + words[1], mid.width - 4, max(7, int(stat_h * 0.26)))
                a_img = f.render(words[0], True, (240, 200, 190))
                d_img = f.render(words[1], True, (190, 210, 240))
                s.blit(a_img, a_img.get_rect(midleft=(mid.left, mid.centery - stat_h // 5)))
                s.blit(d_img, d_img.get_rect(midright=(mid.right, mid.centery + stat_h // 5)))
            else:
                ctext = f"(lower: {card.ctype})"
                f = D.fit_font(ctext, max(10, mid.width - 4), max(7, int(stat_h * 0.28)))
                img = f.render(ctext, True, (235, 225, 200))
                s.blit(img, img.get_rect(center=mid.center))
    # rules text
    txt = pygame.Rect(inner.left + pad, tp.bottom + pad, inner.width - 2 * pad, text_bottom - tp.bottom - 2 * pad)
    if txt.height > 12 and w >= 96:
        D.text_panel(s, txt, card.text, size=max(7, int(w / (15 if big else 12.5))),
                     italic_tail=(card.flavor if big and getattr(card, "flavor", "") else None))
    elif txt.height > 6:
        pygame.draw.rect(s, D.PARCH_DARK, txt, border_radius=max(2, w // 30))
    return s
