"""Shared card drawing: frames, banners, stat boxes, text panels."""
from __future__ import annotations

import pygame

from client.ui.theme import font, shade, wrap_lines, fit_font, note_cut, surface as ui_surface
from client.cards.icons import draw_icon

INK = (24, 20, 18)
PARCH = (236, 226, 200)
PARCH_DARK = (206, 192, 160)
WHITE = (250, 246, 236)


def radius(w):
    return max(3, w // 18)


def frame(w, h, colour, *, inner=None):
    """A card blank: outer coloured frame with a bevel, returns (surface, inner rect)."""
    s = ui_surface((w, h), pygame.SRCALPHA)
    r = radius(w)
    pygame.draw.rect(s, shade(colour, 0.45), s.get_rect(), border_radius=r)
    pygame.draw.rect(s, colour, s.get_rect().inflate(-max(2, w // 60), -max(2, w // 60)), border_radius=r)
    b = max(3, w // 22)
    inner_r = s.get_rect().inflate(-2 * b, -2 * b)
    pygame.draw.rect(s, inner or shade(colour, 0.3), inner_r, border_radius=max(2, r - b // 2))
    # bevel highlight
    pygame.draw.rect(s, shade(colour, 1.35), s.get_rect().inflate(-max(2, w // 60), -max(2, w // 60)),
                     max(1, w // 110), border_radius=r)
    return s, inner_r


NAME_MIN = 9   # px: a card's name is never smaller (nor cut: two lines instead)
TEXT_MIN = 11  # px: rules text on a card face; smaller than this the card shows icons


def name_fit(name, width, pref, min_size=NAME_MIN, larger=False, hyphen=None):
    """(size, lines) for a card name in ``width`` px: one line at the largest size
    from ``pref`` down to ``min_size``, else two lines (split at a space), never cut.
    ``larger``: two lines whenever they give a larger size than one (so a wider bar
    never gets a smaller name: both sizes only grow with the width). ``hyphen``: the
    one-word name with a hyphen where it may break ("Shield-bearer", from the card's art
    data), so that it goes over two lines as the two-word names do."""
    pref = max(min_size, int(pref))
    if hyphen is not None and (" " in name.strip() or hyphen.replace("-", "", 1) != name):
        hyphen = None           # (only for the one word it breaks)
    for sz in range(pref, min_size - 1, -1):
        if font(sz, True).size(name)[0] <= width:
            if larger and sz < pref and (" " in name.strip() or "-" in name.strip(" -") or hyphen):
                two = name_fit(name, width, pref, sz + 1, hyphen=hyphen)
                if len(two[1]) == 2 and two[0] > sz and \
                        max(font(two[0], True).size(ln)[0] for ln in two[1]) <= width:
                    return two
            return sz, [name]
    import re
    words = re.findall(r"[^\s-]+-|\S+", hyphen or name)  # "Shield-Bearer" may break after its hyphen

    def join(ws):
        return "".join(w if (i == 0 or ws[i - 1].endswith("-")) else " " + w for i, w in enumerate(ws))
    best = None
    if len(words) > 1:
        for sz in range(pref, min_size - 1, -1):
            f = font(sz, True)
            for i in range(1, len(words)):
                a, b = join(words[:i]), join(words[i:])
                wmax = max(f.size(a)[0], f.size(b)[0])
                if wmax <= width and (best is None or wmax < best[0]):
                    best = (wmax, [a, b])
            if best is not None:
                return sz, best[1]
        # even two lines at the floor are too wide: the most even split, shrunk
        split = min(range(1, len(words)), key=lambda i: abs(len(join(words[:i])) - len(join(words[i:]))))
        lines = [join(words[:split]), join(words[split:])]
    else:
        lines = [name]
    sz = min_size
    while sz > 6 and max(font(sz, True).size(ln)[0] for ln in lines) > width:
        sz -= 1
    return sz, lines


def name_height(name, width, pref, min_size=NAME_MIN, larger=False, hyphen=None):
    """The height a name bar needs for ``name`` (one or two lines)."""
    sz, lines = name_fit(name, width, pref, min_size, larger, hyphen)
    f = font(sz, True)
    if len(lines) == 1:
        return 0
    return int(f.get_linesize() * 0.92 * len(lines)) + 4


def two_line_height(pref):
    """The height of a name bar holding two lines at ``pref`` px: on a full face every name
    gets this plate, one line or two, so that the picture, the rules and the stats of a row
    of cards line up (the zoom keeps the bar a one-line name needs)."""
    return int(font(max(NAME_MIN, int(pref)), True).get_linesize() * 0.92 * 2) + 4


def name_bar(s, rect, name, colour, *, size=None, left_pad=0, right_pad=0, min_size=NAME_MIN, larger=False,
             hyphen=None, inset=4):
    """The name on its bar: fitted by size down to ``min_size``, else on two lines
    (the bar is as tall as ``rect``; see :func:`name_height`). Never cut with "…".
    ``inset``: the room kept clear inside the bar's ends (a narrow card keeps less)."""
    pygame.draw.rect(s, shade(colour, 0.22), rect, border_radius=max(2, min(rect.height, 24) // 4))
    pygame.draw.rect(s, shade(colour, 1.2), rect, max(1, min(rect.height, 24) // 14),
                     border_radius=max(2, min(rect.height, 24) // 4))
    avail = rect.width - left_pad - right_pad - inset
    pref = size or int(min(rect.height, 30) * 0.6)
    sz, lines = name_fit(name, avail, pref, min_size, larger, hyphen)
    f = font(sz, True)
    lh = int(f.get_linesize() * 0.92)
    cx = rect.left + left_pad + (rect.width - left_pad - right_pad) // 2
    y0 = rect.centery - lh * len(lines) // 2
    for i, ln in enumerate(lines):
        img = f.render(ln, True, WHITE)
        s.blit(img, img.get_rect(center=(cx, y0 + lh * i + lh // 2)))


def badge(s, center, r, colour, *, ring=WHITE):
    pygame.draw.circle(s, shade(colour, 0.4), center, r + max(1, r // 6))
    pygame.draw.circle(s, colour, center, r)
    pygame.draw.circle(s, ring, center, r, max(1, r // 7))


def number(s, text, center, size, colour=WHITE, *, bold=True, outline=(12, 10, 8)):
    f = font(max(NAME_MIN, int(size)), bold)
    img = f.render(str(text), True, colour)
    if outline:
        o = f.render(str(text), True, outline)
        d = max(1, int(size) // 14)
        for dx, dy in ((-d, 0), (d, 0), (0, -d), (0, d), (d, d), (-d, -d), (d, -d), (-d, d)):
            s.blit(o, o.get_rect(center=(center[0] + dx, center[1] + dy)))
    s.blit(img, img.get_rect(center=center))


def text_panel(s, rect, text, *, size, colour=INK, bg=PARCH, italic_tail=None, min_size=7):
    """Rules text, shrunk to fit; the flavour line only if it still fits; "…" if cut."""
    pygame.draw.rect(s, bg, rect, border_radius=max(2, rect.width // 30))
    pygame.draw.rect(s, shade(bg, 0.7), rect, max(1, rect.width // 120), border_radius=max(2, rect.width // 30))
    pad = max(2, rect.width // 22)
    pad_y = max(2, min(pad, rect.height // 10))
    inner = rect.inflate(-2 * pad, -2 * pad_y)
    body = text or ""
    sz = size
    while True:
        f = font(sz)
        lines = wrap_lines(body, f, inner.width)
        lh = f.get_linesize()
        if lh * len(lines) <= inner.height or sz <= min_size:
            break
        sz -= 1
    tail_lines = []
    if italic_tail:
        fi = font(sz, False, True)
        tail_lines = wrap_lines(italic_tail, fi, inner.width)
        if lh * (len(lines) + len(tail_lines)) + lh // 3 > inner.height:
            tail_lines = []
    max_lines = max(1, inner.height // lh)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        last = lines[-1]
        while last and f.size(last + "…")[0] > inner.width:
            last = last[:-1]
        lines[-1] = last.rstrip() + "…"
        note_cut(body, " ".join(lines), "rules text")
    y = inner.top
    for ln in lines:
        s.blit(f.render(ln, True, colour), (inner.left, y))
        y += lh
    if tail_lines:
        y += lh // 3
        fi = font(sz, False, True)
        for ln in tail_lines:
            s.blit(fi.render(ln, True, shade(colour, 1.6)), (inner.left, y))
            y += lh


def text_fits(rect, text, size, min_size=TEXT_MIN):
    """The font size (``size`` down to ``min_size``) at which ``text`` fits a text
    panel of ``rect``; None when it does not fit even at ``min_size``."""
    pad = max(2, rect.width // 22)
    pad_y = max(2, min(pad, rect.height // 10))
    inner = rect.inflate(-2 * pad, -2 * pad_y)
    if inner.width <= 0 or inner.height <= 0:
        return None
    for sz in range(max(min_size, int(size)), min_size - 1, -1):
        f = font(sz)
        if f.get_linesize() * len(wrap_lines(text or "", f, inner.width)) <= inner.height:
            return sz
    return None


#: set while a face is drawn for a zone of the table that shows icons on every card (one
#: of its cards' rules would not fit: :func:`client.cards.zone_words`): the face draws its
#: icons even where its own text would fit (a face without icons still gets its text)
ICONS_ONLY = False
#: what the last :func:`rules_or_icons` drew ("text", "icons" or ""): the render cache
#: keeps it per face (:func:`client.cards.shows_text`)
LAST_MODE = None


def words_wanted(icons) -> bool:
    """False while a zone asks for icons and the face has some to show."""
    return not (ICONS_ONLY and icons)


def rules_or_icons(s, rect, text, icons, *, size, min_size=TEXT_MIN, italic_tail=None, bg=PARCH, draw_one=None):
    """The rules text when it fits at ``min_size`` px or more; otherwise the card's
    keyword / trigger icons (``[(icon, colour), ...]``) in a row, the text being left
    to the hover zoom. Never an empty text box. Returns "text", "icons" or ""."""
    global LAST_MODE
    LAST_MODE = _rules_or_icons(s, rect, text, icons, size=size, min_size=min_size, italic_tail=italic_tail,
                                bg=bg, draw_one=draw_one)
    return LAST_MODE


def _rules_or_icons(s, rect, text, icons, *, size, min_size, italic_tail, bg, draw_one):
    if rect.width <= 8 or rect.height <= 8:
        return ""
    if text and words_wanted(icons):
        sz = text_fits(rect, text, size, min_size)
        if sz is not None:
            text_panel(s, rect, text, size=sz, italic_tail=italic_tail, min_size=sz, bg=bg)
            return "text"
    if not icons:
        return ""
    n = len(icons)
    # the badge size, then the gap from it (never from the width: a wider gap would make the
    # badges a pixel smaller on a wider card)
    ic = int(min(rect.height * 0.9, (rect.width - (n - 1) * 2) / (n + (n - 1) / 10), max(18, rect.width // 4)))
    gap = max(2, ic // 10)
    while ic > 8 and n * ic + (n - 1) * gap > rect.width:
        ic -= 1
        gap = max(2, ic // 10)
    if ic < 8:
        return ""
    step = ic + gap
    for k, item in enumerate(icons):
        # each badge's centre from the row's centre (floored once): one pixel more room never
        # moves a badge right of the centre, or its number, to the left
        r = pygame.Rect(0, 0, ic, ic)
        r.center = (rect.centerx + (2 * k - (n - 1)) * step // 2, rect.centery)
        if draw_one is not None:
            draw_one(s, item, r)
            continue
        name, col = item
        pygame.draw.circle(s, (20, 18, 24), r.center, ic // 2)
        pygame.draw.circle(s, col, r.center, ic // 2, max(1, ic // 12))
        draw_icon(s, name, r.inflate(-ic // 4, -ic // 4), col, outline=None)
    return "icons"


#: px: the smallest type of a card's small figures (a stat box's "+2" bonus, a cost in a
#: gem): 1280x720 draws the table's cards at about 100 px, where these stay legible
FIGURE_MIN = 12


def figure_size(badge):
    """The type size of the amount on a round badge ``badge`` px across (Draw 2, Grow 1):
    half the badge, raised to :data:`FIGURE_MIN` where the badge is 16 px or more."""
    return max(badge * 0.5, min(FIGURE_MIN, badge * 0.75))


def bonus_plate_height(size):
    """The height of the plate under a stat box's big number that holds a bonus in
    ``size`` px type: its digits and a little room above and below."""
    return int(font(size, True).get_ascent() * 0.78) + max(4, size // 3)


def stat_box(s, rect, top, bottom, colour, icon=None, *, label=None, top_colour=WHITE):
    """A stat box: the big number on top; the bonus ("+2", Everdawn's advantage) below it
    on a dark plate across the box, never smaller than :data:`FIGURE_MIN` px where the
    box is tall enough to hold it (about 30 px: the table's cards at 1280x720)."""
    rad = max(2, rect.width // 6)
    pygame.draw.rect(s, shade(colour, 0.25), rect, border_radius=rad)
    if bottom is None:
        pygame.draw.rect(s, shade(colour, 1.3), rect, max(1, rect.width // 16), border_radius=rad)
        number(s, top, rect.center, rect.height * 0.6, colour=top_colour)
        return
    bsize = max(NAME_MIN, min(int(rect.height * 0.42), max(FIGURE_MIN, int(rect.height * 0.34))))
    plate_h = max(int(rect.height * 0.4), bonus_plate_height(bsize))
    plate = pygame.Rect(rect.left, rect.bottom - plate_h, rect.width, plate_h)
    pygame.draw.rect(s, (14, 11, 9), plate, border_bottom_left_radius=rad, border_bottom_right_radius=rad)
    pygame.draw.line(s, shade(colour, 1.1), (rect.left + 2, plate.top), (rect.right - 3, plate.top),
                     max(1, rect.width // 28))
    pygame.draw.rect(s, shade(colour, 1.3), rect, max(1, rect.width // 16), border_radius=rad)
    upper = rect.height - plate_h
    number(s, top, (rect.centerx, rect.top + upper // 2 + 1), max(NAME_MIN, min(rect.height * 0.46, upper * 0.86)),
           colour=top_colour)
    f = font(bsize, True)
    img = f.render(f"+{bottom}", True, (255, 228, 140))
    s.blit(img, img.get_rect(center=(rect.centerx, plate.centery + 1)))


def art_window(s, rect, card_id, tint, *, border):
    from client.cards.art import art
    img = art(str(card_id), rect.width, rect.height, tint)
    s.blit(img, rect)
    pygame.draw.rect(s, border, rect, max(1, rect.width // 80))


def mini_face(card, w, h, colour, *, corner=None, corner_icon="gem", corner_colour=(150, 120, 240),
              champion=False):
    """A miniature face: the card's colour and picture, and at most one number (``corner``,
    on ``corner_icon`` bottom right). No name: at this width it could only be cut or
    crushed; the hover zoom gives the whole card."""
    s, inner = frame(w, h, colour)
    if champion:
        pygame.draw.rect(s, (232, 190, 90), inner, 1, border_radius=max(2, w // 24))
    pad = 1
    pic = inner.inflate(-2 * pad, -2 * pad)
    art_window(s, pic, card.id, colour, border=shade(colour, 1.4))
    if corner is not None:
        r = max(7, w // 4)
        gr = pygame.Rect(0, 0, 2 * r, int(2.2 * r))
        gr.bottomright = (inner.right + 1, inner.bottom + 1)
        draw_icon(s, corner_icon, gr, corner_colour)
        number(s, corner, (gr.centerx, gr.centery + gr.height // 20), max(NAME_MIN, r * 1.35))
    return s


def type_plate(s, rect, text, colour):
    """A small label under the art: 'Creature — Melee'."""
    size = max(NAME_MIN, int(rect.height * 0.62))
    f = fit_font(text, rect.width - 6, size, min_size=NAME_MIN)
    if f.size(text)[0] > rect.width - 6:
        return  # too narrow to read: the icon badge and the zoom say the type
    if rect.height < f.get_height() - 2:
        rect = rect.inflate(0, f.get_height() - 2 - rect.height)
    pygame.draw.rect(s, shade(colour, 0.25), rect, border_radius=max(2, rect.height // 3))
    img = f.render(text, True, (230, 222, 200))
    s.blit(img, img.get_rect(center=rect.center))


def icon_badge(s, name, center, r, colour, *, icon_colour=WHITE):
    badge(s, center, r, colour)
    draw_icon(s, name, pygame.Rect(0, 0, int(r * 1.25), int(r * 1.25)).move(
        center[0] - int(r * 0.625), center[1] - int(r * 0.625)), icon_colour, outline=None)
