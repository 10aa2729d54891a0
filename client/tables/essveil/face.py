"""Essveil card faces: cost (an Essence gem, top right), kind icon (top left),
keyword icons under the art, Might (left) and Endurance (right)."""
from __future__ import annotations

import pygame

from client.cards import draw as D
from client.cards.art import name_break
from client.cards.icons import draw_icon

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
        D.number(surf, num, (rect.right - ic // 6, rect.bottom - ic // 6), D.figure_size(ic))


# what a card *does*, for a small face whose rules text doesn't fit and that has no
# keyword: one badge per kind of effect (with its amount), the text left to the zoom
EFFECT_ICONS = {"damage": ("flame", (255, 140, 70)), "destroy": ("skull", (220, 200, 200)),
                "draw": ("square", (170, 200, 255)), "heal": ("heart", (230, 90, 100)),
                "buff": ("arrow", (120, 220, 120)), "aegis": ("bubble", (120, 200, 255)),
                "attune": ("gem", (170, 140, 250)), "reanimate": ("ankh", (230, 210, 150)),
                "silence": ("mute", (200, 200, 200)), "summon": ("claw", (220, 180, 120)),
                "tap": ("swap", (200, 200, 220))}


def effect_badges(card) -> list:
    """``[(icon, colour, amount), ...]`` for the effects of a spell/item/creature
    (On Play, Last Rites, the spell's own), each kind once, in the card's order."""
    ability = getattr(card, "ability", None)
    parts = [getattr(card, k, ()) or () for k in ("effect", "on_play", "last_rites")]
    parts.append(getattr(ability, "effect", ()) or ())
    return _badges(parts)


def small_face_badges(card) -> list:
    """What a small face shows where its rules text can't be read: the keywords, each
    trigger followed by what it does (Hive Mother: On Play, then summon 2; the trigger
    alone said nothing of what happens), else the card's effects."""
    kws = keywords_of(card)
    if not kws:
        return effect_badges(card)
    out = [k for k in kws if k not in ("On Play", "Last Rites")]
    for trigger, key in (("On Play", "on_play"), ("Last Rites", "last_rites")):
        if trigger in kws:
            out.append(trigger)
            out += _badges([getattr(card, key, ()) or ()])
    return out


def _badges(parts) -> list:
    from engine.essveil.cards import OPS
    out, seen = [], set()
    for effects in parts:
        for e in effects:
            op = e.get("op") if isinstance(e, dict) else getattr(e, "op", None)
            if isinstance(op, int) and 0 <= op < len(OPS):
                op = OPS[op]
            if op in EFFECT_ICONS and op not in seen:
                seen.add(op)
                n = e.get("n") if isinstance(e, dict) else getattr(e, "n", None)
                out.append((*EFFECT_ICONS[op], n if isinstance(n, int) and n > 0 else ""))
    return out


def face_badge(surf, item, rect):
    """A keyword (text) or an effect ``(icon, colour, amount)`` badge in ``rect``."""
    if isinstance(item, str):
        keyword_badge(surf, item, rect)
        return
    name, kcol, num = item
    ic = rect.width
    pygame.draw.circle(surf, (20, 18, 24), rect.center, ic // 2 + 1)
    pygame.draw.circle(surf, kcol, rect.center, ic // 2 + 1, max(1, ic // 12))
    draw_icon(surf, name, rect.inflate(-ic // 5, -ic // 5), kcol, outline=None)
    if num:
        D.number(surf, num, (rect.right - ic // 6, rect.bottom - ic // 6), D.figure_size(ic))


SMALL = 150  # px: narrower faces put the name across the top, cost and kind on the art
_ART: dict = {}  # (card id, width, big) -> the free part of the art (where tables put markers)


def art_rect(card, w, big=False):
    """The part of ``card``'s art at width ``w`` (card coordinates) free of the face's
    own badges: a table's markers go here, never over the name, stats or text."""
    key = (card.id, int(w), bool(big))
    r = _ART.get(key)
    if r is None:
        from client.cards import card_surface
        card_surface("essveil", card, int(w), big=big)
        r = _ART.get(key) or pygame.Rect(0, int(w * 0.2), int(w), int(w * 0.42))
        _ART[key] = r
    return pygame.Rect(r)


def _stats(s, card, inner, pad, w, h):
    bottom = inner.bottom - pad
    bonus = getattr(card, "bonus", None)
    if not (card.kind in ("creature", "token") or bonus is not None):
        return bottom
    if bonus is not None:
        m, e = f"+{bonus.might}", f"+{bonus.endurance}"
    else:
        m, e = card.might, card.endurance
    # every edge rounded once from a size that only grows with the card (see
    # client.tables.evons.face._stat_boxes): one pixel wider, the numbers never move back
    top = int(round(bottom * (1 - (0.12 if w >= SMALL else 0.15) / 0.94)))
    if w < SMALL:
        top = min(top, bottom - 20)
    left, right = inner.left + pad, inner.right - pad
    d_left = int(round(w * (1 - 1 / 22 - 1 / 28 - (0.26 if w >= SMALL else 0.34))))
    ar = pygame.Rect(left, top, left + right - d_left - left, bottom - top)
    dr = pygame.Rect(d_left, top, right - d_left, bottom - top)
    stat_h = ar.height
    from client.cards.state import stat_colour
    dmg = damage_of(card)
    if dmg:
        # the damage it has taken, beside the Endurance left (which is red): the same plate
        # on the table and in the zoom, in the row's gap (the Might box gives way if needed)
        plate = damage_plate_rect(dmg, ar, dr, w)
        if plate.left < ar.right + max(1, w // 60):
            ar.width = max(stat_h, plate.left - max(1, w // 60) - ar.left)
        draw_damage_plate(s, plate, dmg)
    for rect, val, icon, c, field in ((ar, m, "sword", (150, 50, 40), "might"),
                                      (dr, e, "heart", (50, 110, 80), "endurance")):
        pygame.draw.rect(s, D.shade(c, 0.35), rect, border_radius=max(2, rect.height // 4))
        pygame.draw.rect(s, D.shade(c, 1.3), rect, max(1, w // 100), border_radius=max(2, rect.height // 4))
        if rect.width >= rect.height * 1.5:
            ic = int(rect.height * 0.58)
            draw_icon(s, icon, pygame.Rect(rect.left + rect.height // 5, rect.centery - ic // 2, ic, ic),
                      (240, 230, 210))
            D.number(s, val, (rect.right - rect.width * 0.32, rect.centery), rect.height * 0.7,
                     colour=stat_colour(card, field))
        else:   # a box narrowed for the damage plate: the number alone, never run into by its icon
            D.number(s, val, rect.center, rect.height * 0.7, colour=stat_colour(card, field))
    return bottom - stat_h


DAMAGE_BG, DAMAGE_INK, DAMAGE_RIM = (74, 16, 18), (255, 170, 160), (230, 90, 80)


def damage_of(card) -> int:
    """The damage on a creature in play (0 for a printed card): the engine's figure."""
    from client.cards.state import InPlay
    return int(card.state.damage or 0) if isinstance(card, InPlay) else 0


def damage_text(dmg: int) -> str:
    return f"\u2212{dmg}"


def damage_plate_rect(dmg, ar, dr, w):
    """Where a face puts its "−2" plate: as tall as the stat boxes, against the Endurance box's
    left side, its type :data:`client.cards.draw.FIGURE_MIN` px or more."""
    from client.ui.theme import font
    size = max(D.FIGURE_MIN, int(dr.height * 0.6))
    tw = font(size, True).size(damage_text(dmg))[0]
    pw = tw + max(4, size // 2)
    gap = max(1, w // 60)
    return pygame.Rect(dr.left - gap - pw, dr.top, pw, dr.height)


def draw_damage_plate(s, rect, dmg):
    from client.ui.theme import font
    size = max(D.FIGURE_MIN, int(rect.height * 0.6))
    pygame.draw.rect(s, DAMAGE_BG, rect, border_radius=max(2, rect.height // 4))
    pygame.draw.rect(s, DAMAGE_RIM, rect, max(1, rect.height // 14), border_radius=max(2, rect.height // 4))
    img = font(size, True).render(damage_text(dmg), True, DAMAGE_INK)
    s.blit(img, img.get_rect(center=(rect.centerx, rect.centery + 1)))


def render(card, w, h, big=False):
    if big or w >= SMALL:
        return _render_full(card, w, h, big)
    col = colour_of(card)
    s, inner = D.frame(w, h, col)
    pad = max(2, (w + 14) // 28)   # (rounded: no step inside the widths the tables use most)
    bar = pygame.Rect(inner.left + pad, inner.top + pad, inner.width - 2 * pad, max(14, int(h * 0.12)))
    npref = max(D.NAME_MIN, int(w / 9.5))
    hy = name_break(card, "essveil")
    bar.height = max(bar.height, D.name_height(card.name, bar.width - 4, npref, hyphen=hy))
    D.name_bar(s, bar, card.name, col, size=npref, hyphen=hy)
    stats_top = _stats(s, card, inner, pad, w, h)
    art_h = max(16, int(h * 0.34) - (bar.height - max(14, int(h * 0.12))))
    art = pygame.Rect(inner.left + pad, bar.bottom + pad, inner.width - 2 * pad, art_h)
    D.art_window(s, art, card.id, col, border=D.shade(col, 1.4))
    r = max(8, int(w * 0.09))
    D.icon_badge(s, KIND_ICONS.get(card.kind, "dot"), (art.left + r - 1, art.top + r - 1), r, D.shade(col, 0.7))
    _ART[(card.id, w, bool(big))] = pygame.Rect(art.left, art.top + int(r * 2.4), art.width,
                                                art.height - int(r * 2.4))
    gr = pygame.Rect(0, 0, int(r * 2.2), int(r * 2.4))
    gr.topright = (art.right + 1, art.top - 1)
    # its centre a share of the width, rounded once ("the art's edge minus the gem" steps
    # back a pixel where the gem grows, and the cost in it with it)
    gr.centerx = int(round(w * (1 - 1 / 22 - 1 / 28 - 0.099))) + 1
    draw_icon(s, "gem", gr, (150, 120, 240))
    D.number(s, card.cost, (gr.centerx, gr.centery + gr.height // 20), max(r * 1.15, min(D.FIGURE_MIN, r * 1.4)))
    life = getattr(card, "life_cost", 0)
    if life:
        hr = pygame.Rect(0, 0, int(r * 1.8), int(r * 1.8))
        hr.topright = (art.right - 1, gr.bottom)
        draw_icon(s, "heart", hr, (220, 70, 80))
        D.number(s, life, hr.center, max(r * 0.95, min(D.FIGURE_MIN, r * 1.3)))
    txt = pygame.Rect(inner.left + pad, art.bottom + pad, inner.width - 2 * pad, stats_top - art.bottom - 2 * pad)
    D.rules_or_icons(s, txt, card.text, small_face_badges(card),
                     size=max(D.TEXT_MIN, int(w / 8.5)), draw_one=face_badge)
    return s


def _render_full(card, w, h, big=False):
    col = colour_of(card)
    s, inner = D.frame(w, h, col)
    pad = max(2, (w + 14) // 28)   # (rounded: no step inside the widths the tables use most)
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
    npref = int(top_h * 0.56)
    hy = name_break(card, "essveil")
    bar.height = max(top_h, D.name_height(card.name, bar.width - 4, npref, larger=True, hyphen=hy),
                     0 if big else D.two_line_height(npref))    # one plate for every name
    D.name_bar(s, bar, card.name, col, size=npref, larger=True, hyphen=hy)
    art_top = inner.top + pad + max(bar.height, 2 * r) + pad
    art_h = int(h * (0.27 if big else 0.3))
    text_bottom = _stats(s, card, inner, pad, w, h)
    tsize, tmin = max(D.TEXT_MIN, int(w / (15 if big else 12.5))), D.NAME_MIN if big else D.TEXT_MIN

    def text_rect(ah):      # the rules' box under a picture ``ah`` px tall (under its type plate)
        y = art_top + ah - max(6, h // 28) + max(10, h // 16) + pad
        return pygame.Rect(inner.left + pad, y, inner.width - 2 * pad, text_bottom - y - pad)
    if card.text and not big and D.words_wanted(effect_badges(card)) and \
            D.text_fits(text_rect(art_h), card.text, tsize, tmin) is None:
        # the picture gives up to 45 % of its height for a line more of rules text, so
        # that the card still reads without a hover ("On Play: Deal 1 damage to any target."):
        # from 150 px every card's text fits, so a row of full faces never mixes words and icons
        for ah in range(art_h - 1, int(art_h * 0.55) - 1, -1):
            if D.text_fits(text_rect(ah), card.text, tsize, tmin) is not None:
                art_h = ah
                break
    art = pygame.Rect(inner.left + pad, art_top, inner.width - 2 * pad, art_h)
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
    _ART[(card.id, w, bool(big))] = pygame.Rect(art.left, art.top + int(r * 1.8), art.width,
                                                tp.top - art.top - int(r * 1.8) - 2)
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
    txt = pygame.Rect(inner.left + pad, y, inner.width - 2 * pad, text_bottom - y - pad)
    # (when even that is not room enough: the effects' icons, never an empty box)
    D.rules_or_icons(s, txt, card.text, effect_badges(card), size=tsize, min_size=tmin, draw_one=face_badge,
                     italic_tail=(card.flavor if big and getattr(card, "flavor", "") else None))
    return s


def mini(card, w, h):
    """A miniature (a revealed hand's row): the card's colour, picture and cost, no words."""
    return D.mini_face(card, w, h, colour_of(card), corner=card.cost)
