"""Everdawn card faces.

Colour by combat type (blue magic, red melee, green range, purple spell) and the
type icon top left (bow / sword / moon / shield / bag / stars, champions their
own) so the colour is never the only cue; name; morale top right; attack box
(left) and defense box (right) with the base on top and the advantage bonus below.
"""
from __future__ import annotations

import pygame

from client.cards import draw as D
from client.ui.theme import fit_text
from client.cards.icons import draw_icon

COLOURS = {"magic": (58, 112, 214), "melee": (200, 62, 52), "range": (52, 156, 82), "spell": (138, 78, 200)}
NEUTRAL = (150, 130, 100)
TYPE_ICON = {"magic": "moon", "melee": "sword", "range": "bow", "spell": "stars"}
ICONS = {"traghrim_axe": "axe", "arenor_crown": "crown"}
KIND_TITLE = {"creature": "Creature", "weapon": "Weapon", "armour": "Armour", "accessory": "Accessory",
              "spell": "Spell"}


def colour_of(card):
    return COLOURS.get(getattr(card, "ctype", ""), NEUTRAL)


def name_break(card):
    """Where a one-word name may go over two lines ("Shield-bearer"): the card's art data."""
    from client.cards.art import name_break as brk
    return brk(card, "everdawn")


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


SMALL = 150  # px: narrower faces put the name across the top and the badges on the art

TRIGGER_ICONS = (("Champion", "crown", (255, 214, 120)), ("When played", "play", (255, 210, 140)),
                 ("On death", "tomb", (200, 190, 180)), ("While ", "banner", (236, 200, 110)))


# what an effect does, as a badge: (icon, colour); its amount (n) is drawn on it
ATTACK, DEFENSE, CARDS = (255, 150, 120), (140, 190, 255), (170, 200, 255)
EFFECT_ICONS = {"draw": ("square", CARDS), "scout": ("eye", CARDS),
                "first_attack": ("sword", ATTACK), "first_team_attack": ("sword", ATTACK),
                "lane_attack": ("sword", ATTACK), "round_attack": ("sword", ATTACK),
                "lane_defense": ("shield", DEFENSE), "guard": ("shield", DEFENSE),
                "opp_morale": ("banner", (255, 120, 100)), "set_opponent": ("crescent", (200, 200, 255)),
                "add_creature": ("claw", (220, 180, 120)), "bench_creature": ("claw", (220, 180, 120)),
                "first_unblockable": ("wing", (200, 230, 255)), "lane_reach_all": ("bow", (120, 220, 140)),
                "lane_no_counter": ("mute", (210, 210, 210)), "lane_advantage": ("arrow", (120, 220, 120)),
                "redirect": ("swap", (220, 220, 230)), "relocate": ("swap", (220, 220, 230)),
                "swap_item": ("swap", (220, 220, 230)), "reforge": ("axe", (230, 200, 150)),
                "fake_death": ("tomb", (200, 190, 180))}
TUTOR_ICONS = {"weapon": "sword", "armour": "shield", "accessory": "bag", "spell": "stars", "creature": "claw"}


def effect_badges(card) -> list:
    """``[(icon, colour, amount), ...]`` for what the card's effect does, each kind once
    (Dragonblood: a sword with 3; Oathsworn Knight: a card with 2; Gate Warden: the armour
    it fetches)."""
    out, seen = [], set()
    for op, n, kind in getattr(card, "effect", ()) or ():
        if op == "tutor":
            icon, col = TUTOR_ICONS.get(kind, "dot"), (230, 210, 150)
        elif op in EFFECT_ICONS:
            icon, col = EFFECT_ICONS[op]
        else:
            continue
        if (icon, n) not in seen:
            seen.add((icon, n))
            out.append((icon, col, n if n > 0 else ""))
    return out


def icons_of(card):
    """Keyword / trigger badges for a face too small for its rules text: each trigger
    followed by what it does (the "When played" badge alone said nothing of what happens),
    a spell's effects after its own badge."""
    text = getattr(card, "text", "") or ""
    out = []
    for word, icon, col in TRIGGER_ICONS:
        # (a creature's own triggers: a spell that names one, "Its On death effect triggers",
        # does not have it)
        if card.kind == "creature" and word in text:
            out.append((icon, col, ""))
            if (word == "When played" and card.trigger == "when_played") or \
                    (word == "On death" and card.trigger == "on_death"):
                out += effect_badges(card)
    if card.kind in ("weapon", "armour", "accessory") and " if " in text:
        out.append((TYPE_ICON.get(getattr(card, "ctype", ""), "dot"), D.shade(colour_of(card), 1.5), ""))
    if card.kind == "spell":
        out.append(("stars", (220, 190, 255), ""))
        out += effect_badges(card)
    return out


def badge(surf, item, rect):
    """One round badge filling the square ``rect``: the icon, its amount at the lower right."""
    name, col, num = item
    ic = rect.width
    pygame.draw.circle(surf, (20, 18, 24), rect.center, ic // 2)
    pygame.draw.circle(surf, col, rect.center, ic // 2, max(1, ic // 12))
    draw_icon(surf, name, rect.inflate(-ic // 4, -ic // 4), col, outline=None)
    if num != "":
        # from the centre, and no nearer than the number's own smallest size allows (it is
        # never drawn below NAME_MIN): a badge a pixel smaller does not pull it up or left
        o = max(ic, 2 * D.NAME_MIN) // 3
        D.number(surf, num, (rect.centerx + o, rect.centery + o), D.figure_size(ic))


def _morale(s, mr, w, value):
    pygame.draw.polygon(s, (40, 30, 22), [(mr.left, mr.top), (mr.right, mr.top), (mr.right, mr.bottom),
                                          (mr.centerx, mr.bottom - mr.height // 4), (mr.left, mr.bottom)])
    inner_m = mr.inflate(-max(2, w // 50), -max(2, w // 50))
    pygame.draw.polygon(s, (236, 200, 110), [(inner_m.left, inner_m.top), (inner_m.right, inner_m.top),
                                             (inner_m.right, inner_m.bottom),
                                             (inner_m.centerx, inner_m.bottom - inner_m.height // 4),
                                             (inner_m.left, inner_m.bottom)])
    D.number(s, value, (mr.centerx, mr.top + int(mr.height * 0.4)), mr.height * 0.46,
             colour=(40, 24, 10), outline=None)


def _stats(s, card, inner, pad, w, h, big):
    """The stats row (attack left, defense right); returns its top (or the bottom when none)."""
    bottom = inner.bottom - pad
    has_stats = card.kind == "creature" or (card.kind in ("weapon", "armour", "accessory")
                                            and (card.attack or card.defense or card.attack_bonus
                                                 or card.defense_bonus))
    if not has_stats:
        return bottom
    # every edge rounded once from a size that only grows with the card (see
    # client.tables.evons.face._stat_boxes): a card one pixel wider never shows its numbers
    # a pixel further left or up
    kh = 0.15 if (big or w >= SMALL) else 0.17
    top = int(round(bottom * (1 - kh / 0.94)))
    if not (big or w >= SMALL):
        # tall enough for the bonus under the number in legible type (D.FIGURE_MIN) from
        # about 94 px (the bench at 1280x720), closing to 24 px on the smallest cards
        # (the bottom estimated from the width, so that the edge only moves down with it)
        top = min(top, int(round(w * (1.4 - 1 / 22 - 1 / 28) - 0.5 - min(30.0, max(24.0, w * 0.32)))))
    kw = 0.22 if (big or w >= SMALL) else 0.3
    left, right = inner.left + pad, inner.right - pad
    d_left = int(round(w * (1 - 1 / 22 - 1 / 28 - kw)))
    ar = pygame.Rect(left, top, left + right - d_left - left, bottom - top)
    dr = pygame.Rect(d_left, top, right - d_left, bottom - top)
    stat_h = ar.height
    if card.kind == "creature":
        from client.cards.state import stat_colour
        D.stat_box(s, ar, card.attack, card.attack_bonus, (150, 50, 40), top_colour=stat_colour(card, "attack"))
        D.stat_box(s, dr, card.defense, card.defense_bonus, (50, 90, 150), top_colour=stat_colour(card, "defense"))
    else:
        if card.attack or card.attack_bonus:
            D.stat_box(s, ar, f"+{card.attack}", card.attack_bonus, (150, 50, 40))
        if card.defense or card.defense_bonus:
            D.stat_box(s, dr, f"+{card.defense}", card.defense_bonus, (50, 90, 150))
    mid = pygame.Rect(ar.right + pad, ar.top, dr.left - ar.right - 2 * pad, stat_h)
    if big or w >= SMALL:
        # words between the boxes: attack / defense, or the type that earns the lower bonus
        if card.kind == "creature":
            words = ("attack", "defense") if big else ("ATK", "DEF")
            f = D.fit_font(words[0] + "  " + words[1], mid.width - 4, max(D.NAME_MIN, int(stat_h * 0.3)),
                           min_size=D.NAME_MIN)
            if f.size(words[0] + "  " + words[1])[0] <= mid.width:
                a_img = f.render(words[0], True, (240, 200, 190))
                d_img = f.render(words[1], True, (190, 210, 240))
                s.blit(a_img, a_img.get_rect(midleft=(mid.left, mid.centery - stat_h // 5)))
                s.blit(d_img, d_img.get_rect(midright=(mid.right, mid.centery + stat_h // 5)))
        else:
            ctext = f"lower if {card.ctype}"     # the lower number: for a creature of that type
            size = max(D.NAME_MIN, int(stat_h * 0.3))
            f, fits = fit_text(ctext, max(10, mid.width - 4), size, min_size=D.NAME_MIN)
            if not fits:     # at the smallest size it may touch the boxes' edges, never cross them
                f, fits = fit_text(ctext, mid.width, D.NAME_MIN, min_size=D.NAME_MIN)
            if fits:
                img = f.render(ctext, True, (235, 225, 200))
                s.blit(img, img.get_rect(center=mid.center))
    elif card.kind == "creature":
        # morale between the boxes (the art keeps its corners free for the table's markers)
        mw = max(14, min(mid.width + 2 * pad - 2, int(stat_h * 0.9)))
        mr = pygame.Rect(0, 0, mw, stat_h)
        mr.center = (mid.centerx, mid.centery)
        _morale(s, mr, w, card.morale)
    elif mid.width >= 12:
        # icons say which box is which: a sword for attack, a shield for defense
        ic = min(mid.width // 2 - 1, int(stat_h * 0.6))
        if ic >= 8:
            draw_icon(s, "sword", pygame.Rect(mid.left, mid.centery - ic // 2, ic, ic), (240, 200, 190))
            draw_icon(s, "shield", pygame.Rect(mid.right - ic, mid.centery - ic // 2, ic, ic), (190, 210, 240))
    return bottom - stat_h


_ART: dict = {}  # (card id, width, big) -> the art window on the face (where tables put markers)


def art_rect(card, w, big=False):
    """The art window of ``card``'s face at width ``w`` (card coordinates): markers
    and badges a table draws over a card go here, never over the name, stats or text."""
    key = (card.id, int(w), bool(big))
    r = _ART.get(key)
    if r is None:
        from client.cards import card_surface
        card_surface("everdawn", card, int(w), big=big)
        r = _ART.get(key)
        if r is None:  # (a cached face drawn before this module was reloaded)
            r = _ART[key] = pygame.Rect(0, int(w * 0.2), int(w), int(w * 0.42))
    return pygame.Rect(r)


def render(card, w, h, big=False):
    if big or w >= SMALL:
        return _render_full(card, w, h, big)
    col = colour_of(card)
    champion = getattr(card, "champion", False)
    s, inner = D.frame(w, h, col)
    if champion:
        pygame.draw.rect(s, (232, 190, 90), inner.inflate(-2, -2), max(1, w // 70), border_radius=max(2, w // 24))
    pad = max(2, (w + 14) // 28)   # (rounded: no step inside the widths the tables use most)
    # the name across the top, one or two lines, never cut
    bar = pygame.Rect(inner.left + pad, inner.top + pad, inner.width - 2 * pad, max(14, int(h * 0.12)))
    npref = max(D.NAME_MIN, int(w / 9.5))
    hy = name_break(card)
    bar.height = max(bar.height, D.name_height(card.name, bar.width - 4, npref, hyphen=hy))
    D.name_bar(s, bar, card.name, col, size=npref, hyphen=hy)
    stats_top = _stats(s, card, inner, pad, w, h, big)
    # art with the type badge (left) and morale (right) on its top corners
    # (a little lower than it was, for the taller stat boxes: the badges keep their size)
    art_h = max(16, int(h * 0.34) - (bar.height - max(14, int(h * 0.12))))
    art = pygame.Rect(inner.left + pad, bar.bottom + pad, inner.width - 2 * pad, art_h)
    D.art_window(s, art, card.id, col, border=D.shade(col, 1.4))
    _ART[(card.id, w, bool(big))] = pygame.Rect(art)
    badge_r = max(8, int(w * 0.09))
    bc = (art.left + badge_r - 1, art.top + badge_r - 1)
    D.icon_badge(s, icon_of(card), bc, badge_r, D.shade(col, 0.75),
                 icon_colour=(255, 226, 140) if champion else D.WHITE)
    txt = pygame.Rect(inner.left + pad, art.bottom + pad, inner.width - 2 * pad, stats_top - art.bottom - 2 * pad)
    D.rules_or_icons(s, txt, card.text, icons_of(card), size=max(D.TEXT_MIN, int(w / 8.5)), draw_one=badge)
    return s


def _render_full(card, w, h, big=False):
    col = colour_of(card)
    champion = getattr(card, "champion", False)
    s, inner = D.frame(w, h, col)
    if champion:  # a gold inner rim marks Champions (plus their own icon)
        pygame.draw.rect(s, (232, 190, 90), inner.inflate(-2, -2), max(1, w // 70), border_radius=max(2, w // 24))
    pad = max(2, (w + 14) // 28)   # (rounded: no step inside the widths the tables use most)
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
        _morale(s, mr, w, card.morale)
        right_pad = mr.width + pad
    bar = pygame.Rect(bc[0] + badge_r + pad, inner.top + pad, 0, top_h)
    bar.width = inner.right - pad - right_pad - bar.left
    npref = int(top_h * 0.56)
    hy = name_break(card)
    bar.height = max(top_h, D.name_height(card.name, bar.width - 4, npref, larger=True, hyphen=hy),
                     0 if big else D.two_line_height(npref))    # one plate for every name (below)
    D.name_bar(s, bar, card.name, col, size=npref, larger=True, hyphen=hy)
    # art
    art_top = inner.top + pad + max(bar.height, 2 * badge_r) + pad
    art_h = int(h * (0.24 if big else 0.28))
    text_bottom = _stats(s, card, inner, pad, w, h, big)
    tsize = max(D.TEXT_MIN, int(w / (15 if big else 12.5)))

    def text_rect(ah):      # the rules' box under a picture ``ah`` px tall (under its type plate)
        y = art_top + ah - max(6, h // 28) + max(10, h // 16) + pad
        return pygame.Rect(inner.left + pad, y, inner.width - 2 * pad, text_bottom - y - pad)
    if card.text and not big and D.words_wanted(icons_of(card)) and \
            D.text_fits(text_rect(art_h), card.text, tsize, D.TEXT_MIN) is None:
        # the picture gives up to a fifth of its height for a line more of rules text, so
        # that the card still reads without a hover (else the icons below)
        for ah in range(art_h - 1, int(art_h * 0.8) - 1, -1):
            if D.text_fits(text_rect(ah), card.text, tsize, D.TEXT_MIN) is not None:
                art_h = ah
                break
    art = pygame.Rect(inner.left + pad, art_top, inner.width - 2 * pad, art_h)
    D.art_window(s, art, card.id, col, border=D.shade(col, 1.4))
    # type plate with the combat-type glyph
    tp = pygame.Rect(art.left + art.width // 8, art.bottom - max(6, h // 28), art.width * 3 // 4, max(10, h // 16))
    _ART[(card.id, w, bool(big))] = pygame.Rect(art.left, art.top, art.width, tp.top - art.top - 2)
    D.type_plate(s, tp, type_line(card), col)
    # rules text
    txt = text_rect(art_h)
    D.rules_or_icons(s, txt, card.text, icons_of(card), size=tsize, draw_one=badge,
                     italic_tail=(card.flavor if big and getattr(card, "flavor", "") else None))
    return s


def mini(card, w, h):
    """A miniature (a revealed hand's row): the card's colour and picture, no words."""
    return D.mini_face(card, w, h, colour_of(card), champion=getattr(card, "champion", False))
