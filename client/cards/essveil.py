"""Essveil card faces: cost (an Essence gem, top right), kind icon (top left),
keyword icons under the art, Might (left) and Endurance (right)."""
from __future__ import annotations

import pygame

from . import draw as D
from .icons import draw_icon

KIND_COLOURS = {"creature": (176, 116, 60), "spell": (96, 86, 206), "equipment": (112, 134, 158),
                "token": (128, 128, 128)}
KIND_ICONS = {"creature": "claw", "spell": "stars", "equipment": "sword", "token": "dot"}
KEYWORD_ICONS = {"guard": "shield", "swift": "wing", "drain": "drop", "venom": "skull", "aegis": "bubble",
                 "veilstep": "eye", "grow": "sprout", "silence": "mute", "on play": "play", "last rites": "tomb"}
KEYWORD_COLOURS = {"guard": (200, 200, 220), "swift": (250, 220, 120), "drain": (220, 70, 90),
                   "venom": (120, 220, 90), "aegis": (120, 200, 255), "veilstep": (200, 150, 255),
                   "grow": (110, 210, 110), "silence": (200, 200, 200), "on play": (255, 210, 140),
                   "last rites": (190, 180, 170)}


def colour_of(card):
    return KIND_COLOURS.get(getattr(card, "kind", ""), (140, 140, 140))


def keywords_of(card):
    kws = list(getattr(card, "keywords", ()) or ())
    bonus = getattr(card, "bonus", None)
    if bonus is not None:
        kws += [k for k in getattr(bonus, "keywords", ()) if k not in kws]
    if getattr(card, "on_play", ()) and "On Play" not in kws:
        kws.append("On Play")
    if getattr(card, "last_rites", ()) and "Last Rites" not in kws:
        kws.append("Last Rites")
    return kws


def keyword_icon(kw: str):
    base = kw.lower()
    n = ""
    if base.startswith("grow"):
        n = base[4:].strip()
        base = "grow"
    return KEYWORD_ICONS.get(base, "dot"), KEYWORD_COLOURS.get(base, (220, 220, 220)), n


def keyword_badge(surf, kw, rect):
    """One keyword's round badge filling the square ``rect`` (with its number, as in Grow 2)."""
    name, kcol, num = keyword_icon(kw)
    ic = rect.width
    pygame.draw.circle(surf, (20, 18, 24), rect.center, ic // 2 + 1)
    pygame.draw.circle(surf, kcol, rect.center, ic // 2 + 1, max(1, ic // 12))
    draw_icon(surf, name, rect.inflate(-ic // 5, -ic // 5), kcol, outline=None)
    if num:
        D.number(surf, num, (rect.right - ic // 6, rect.bottom - ic // 6), ic * 0.5)


def render(card, w, h, big=False):
    col = colour_of(card)
    s, inner = D.frame(w, h, col)
    pad = max(2, w // 28)
    top_h = max(12, int(h * 0.11))
    r = top_h // 2 + max(1, w // 60)
    kc = (inner.left + pad + r, inner.top + pad + r - 1)
    D.icon_badge(s, KIND_ICONS.get(card.kind, "dot"), kc, r, D.shade(col, 0.7))
    # cost gem, top right
    gr = pygame.Rect(0, 0, int(r * 2.1), int(r * 2.3))
    gr.topright = (inner.right - pad + max(1, w // 60), inner.top + pad - max(1, w // 60))
    draw_icon(s, "gem", gr, (150, 120, 240))
    D.number(s, card.cost, (gr.centerx, gr.centery + gr.height // 20), r * 1.05)
    bar = pygame.Rect(kc[0] + r + pad, inner.top + pad, 0, top_h)
    bar.width = gr.left - pad - bar.left
    D.name_bar(s, bar, card.name, col)
    art_top = inner.top + pad + max(top_h, 2 * r) + pad
    art = pygame.Rect(inner.left + pad, art_top, inner.width - 2 * pad, int(h * (0.27 if big else 0.3)))
    D.art_window(s, art, card.id, col, border=D.shade(col, 1.4))
    life = getattr(card, "life_cost", 0)
    if life:
        hr = pygame.Rect(0, 0, int(r * 1.6), int(r * 1.6))
        hr.topright = (art.right - pad, art.top + pad)
        draw_icon(s, "heart", hr, (220, 70, 80))
        D.number(s, life, hr.center, r * 0.8)
    # type plate
    kind = "Token" if card.kind == "token" else card.kind.title()
    tp = pygame.Rect(art.left + art.width // 8, art.bottom - max(6, h // 28), art.width * 3 // 4, max(10, h // 16))
    D.type_plate(s, tp, kind, col)
    # keyword icons along the top edge of the art (left; the Life cost sits right)
    kws = keywords_of(card)
    y = tp.bottom + pad
    if kws:
        ic = max(9, int(w * 0.11))
        n = len(kws)
        gap = max(1, w // 60)
        room = art.width - 2 * pad - (int(r * 1.8) if life else 0)
        if n * ic + (n - 1) * gap > room:
            ic = max(7, (room - (n - 1) * gap) // n)
        x = art.left + pad
        ky = art.top + pad
        for kw in kws:
            keyword_badge(s, kw, pygame.Rect(x, ky, ic, ic))
            x += ic + gap
    # stats
    stat_h = int(h * 0.12)
    stat_w = int(w * 0.26)
    bottom = inner.bottom - pad
    bonus = getattr(card, "bonus", None)
    show = card.kind in ("creature", "token") or bonus is not None
    text_bottom = bottom - (stat_h + pad if show else 0)
    if show:
        if bonus is not None:
            m, e = f"+{bonus.might}", f"+{bonus.endurance}"
        else:
            m, e = card.might, card.endurance
        ar = pygame.Rect(inner.left + pad, bottom - stat_h, stat_w, stat_h)
        dr = pygame.Rect(inner.right - pad - stat_w, bottom - stat_h, stat_w, stat_h)
        for rect, val, icon, c in ((ar, m, "sword", (150, 50, 40)), (dr, e, "heart", (50, 110, 80))):
            pygame.draw.rect(s, D.shade(c, 0.35), rect, border_radius=max(2, rect.height // 4))
            pygame.draw.rect(s, D.shade(c, 1.3), rect, max(1, w // 100), border_radius=max(2, rect.height // 4))
            ic = int(rect.height * 0.58)
            draw_icon(s, icon, pygame.Rect(rect.left + rect.height // 5, rect.centery - ic // 2, ic, ic),
                      (240, 230, 210))
            D.number(s, val, (rect.right - rect.width * 0.32, rect.centery), rect.height * 0.7)
    txt = pygame.Rect(inner.left + pad, y, inner.width - 2 * pad, text_bottom - y - pad)
    if w >= 96 and txt.height > 12:
        D.text_panel(s, txt, card.text, size=max(7, int(w / (15 if big else 12.5))),
                     italic_tail=(card.flavor if big and getattr(card, "flavor", "") else None))
    return s
