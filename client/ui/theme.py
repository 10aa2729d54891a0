"""Look and feel shared by every screen: palette, fonts, the pygame-gui theme.

* :data:`PAL` — the palette (one place; scenes and card frames use these names).
* :func:`font` — a cached ``pygame.font.Font`` from ``assets/fonts`` (never a
  system font) at a pixel size already multiplied by the current scale.
* :func:`load_theme` — ``assets/theme.json`` with font paths made absolute and
  font sizes multiplied by the UI scale, as a dict for ``UIManager``.
"""
from __future__ import annotations

import json
from functools import lru_cache

from engine.core.paths import assets_dir
from engine.core.sanitize import clean_text, is_clean

PAL = {
    "bg": (18, 21, 29),
    "bg2": (24, 28, 38),
    "panel": (29, 34, 45),
    "panel_hi": (40, 47, 64),
    "line": (61, 70, 96),
    "text": (236, 228, 208),
    "muted": (169, 176, 192),
    "dim": (108, 115, 132),
    "hint": (132, 139, 156),   # an empty text box's hint: plainly not typed text, still readable (5:1)
    "gold": (224, 176, 80),
    "gold_hi": (255, 212, 121),
    "good": (104, 196, 120),
    "bad": (226, 96, 86),
    "info": (110, 170, 235),
    "shadow": (0, 0, 0),
    # game accents
    "everdawn": (232, 152, 60),
    "evons": (60, 184, 176),
    "essveil": (160, 110, 220),
}

GAME_ACCENT = {"everdawn": PAL["everdawn"], "evons": PAL["evons"], "essveil": PAL["essveil"]}

FONT_FILES = {
    (False, False): "NotoSans-Regular.ttf",
    (True, False): "NotoSans-Bold.ttf",
    (False, True): "NotoSans-Italic.ttf",
    (True, True): "NotoSans-BoldItalic.ttf",
}
TITLE_FONT_FILE = "DejaVuSerif-Bold.ttf"
#: drawn only for the characters the font in use lacks, each from the first of these that has
#: it: Chinese and Japanese (Droid Sans Fallback), Korean syllables (Noto Sans CJK KR, cut to
#: Hangul), emoji and pictographs (Noto Emoji, monochrome) — in names and deck texts
FALLBACK_FONT_FILES = ("DroidSansFallbackFull.ttf", "NotoSansKR-Hangul.otf", "NotoEmoji-Regular.ttf")
FALLBACK_FONT_FILE = FALLBACK_FONT_FILES[0]


def fonts_dir():
    return assets_dir() / "fonts"


_FONTS: dict = {}
_FONT_STATE = [None]

# The layout check (client/devtools/layoutcheck.py) sets a recorder here; every text the
# client draws goes through ``_Font.render`` (fonts come from :func:`font`), so one
# hook sees them all. None in normal play: no cost.
RECORDER = None
_FONT_CLASS = []


@lru_cache(maxsize=16)
def _cmap(name: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The code points a font file of ``assets/fonts`` has glyphs for, as sorted range
    starts and ends (its Unicode 'cmap' table: format 12, else format 4)."""
    import struct
    try:
        data = (fonts_dir() / name).read_bytes()
        n = struct.unpack_from(">H", data, 4)[0]
        cmap = next(struct.unpack_from(">I", data, 12 + 16 * i + 8)[0] for i in range(n)
                    if data[12 + 16 * i:16 + 16 * i] == b"cmap")
        subs = {}
        for i in range(struct.unpack_from(">H", data, cmap + 2)[0]):
            plat, enc, off = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
            subs[(plat, enc)] = cmap + off
        ranges = []
        at = subs.get((3, 10)) or subs.get((0, 4))
        if at is not None and struct.unpack_from(">H", data, at)[0] == 12:
            for k in range(struct.unpack_from(">I", data, at + 12)[0]):
                a, b, _g = struct.unpack_from(">III", data, at + 16 + 12 * k)
                ranges.append((a, b))
        else:
            at = subs.get((3, 1)) or subs.get((0, 3))
            seg = struct.unpack_from(">H", data, at + 6)[0] // 2
            ends = struct.unpack_from(f">{seg}H", data, at + 14)
            starts = struct.unpack_from(f">{seg}H", data, at + 16 + 2 * seg)
            ranges = [(a, b) for a, b in zip(starts, ends) if a != 0xFFFF]
        ranges.sort()
    except (OSError, StopIteration, struct.error, TypeError):
        return (), ()
    return tuple(a for a, _ in ranges), tuple(b for _, b in ranges)


def covers(name: str, ch: str) -> bool:
    """True when the font file ``name`` has a glyph for ``ch``."""
    from bisect import bisect_right
    starts, ends = _cmap(name)
    i = bisect_right(starts, ord(ch)) - 1
    return i >= 0 and ord(ch) <= ends[i]


def fallback_file(ch: str) -> str:
    """The first fallback font file that has ``ch``; "" when none has it."""
    for name in FALLBACK_FONT_FILES:
        if covers(name, ch):
            return name
    return ""


def _rides(ch: str) -> bool:
    """True for a character drawn with the one before it, in that one's font: a combining
    mark, a variation selector (the emoji one after "⚔"), a zero-width joiner."""
    import unicodedata
    return unicodedata.category(ch) in ("Mn", "Me", "Cf")


def _render(fnt, text, antialias, color, *more):
    """``pygame.font.Font.render`` of ``fnt`` itself (never an override), where a text with
    no width at all (a lone joiner or variation selector: SDL_ttf raises "Text has zero
    width") is an empty line, not an error that would take its screen down."""
    import pygame
    base = pygame.font.Font
    try:
        return base.render(fnt, text, antialias, color, *more)
    except pygame.error:
        if not text or base.size(fnt, text)[0] > 0:
            raise
        return base.render(fnt, "", antialias, color, *more)


def _font_class():
    """``pygame.font.Font`` whose ``render`` tells the layout recorder what was drawn, and
    which draws the characters its file lacks in the fallback font (``size`` measures so)."""
    if _FONT_CLASS:
        return _FONT_CLASS[0]
    import pygame

    class _Font(pygame.font.Font):
        ch_size, ch_file, ch_bold, ch_italic = 0, "", False, False

        def _runs(self, text):
            """None when this font draws all of ``text``; else [(piece, font)], the pieces it
            lacks (and a fallback has) in the first fallback font that has them, same size."""
            if text.isascii():
                return None
            known = self.__dict__.setdefault("_has", {})

            def src(ch):        # "" = drawn by this font: it has it, or no fallback has
                name = known.get(ch)
                if name is None:
                    name = known[ch] = "" if (ch.isascii() or covers(self.ch_file, ch) or not ch.isprintable()) \
                        else fallback_file(ch)
                return name
            if not any(src(ch) for ch in text):
                return None
            bold, italic = self.ch_bold or self.bold, self.ch_italic or self.italic
            runs, piece, cur = [], "", None
            for ch in text:
                if cur is not None and _rides(ch):
                    piece += ch     # a mark, a variation selector, a joiner: with its letter's font
                    continue
                name = src(ch)
                f = fallback_font(self.ch_size, bold, italic, name) if name else self
                if f is not cur and piece:
                    runs.append((piece, cur))
                    piece = ""
                cur = f
                piece += ch
            if piece:
                runs.append((piece, cur))
            return None if len(runs) == 1 and runs[0][1] is self else runs

        def render(self, text, antialias=True, color=(255, 255, 255), *more):
            img = self._draw(text, antialias, color, *more)
            if RECORDER is not None:
                RECORDER.rendered(self, img, str(text))
            return img

        def _draw(self, text, antialias=True, color=(255, 255, 255), *more):
            if text is not None and not is_clean(text):  # NUL / lone surrogates would raise
                text = clean_text(text)
            runs = self._runs(str(text)) if text is not None and self.ch_file else None
            if runs is None:
                img = _render(self, text, antialias, color, *more)
            else:
                # the line keeps this font's height: a fallback's glyphs sit inside it, only
                # its declared metrics are taller (Noto Sans CJK's by 2 px at 16 px)
                asc, below = self.get_ascent(), self.get_height() - self.get_ascent()
                imgs = [(_render(f, p, antialias, color), f) for p, f in runs]
                img = pygame.Surface((max(1, sum(i.get_width() for i, _f in imgs)), asc + below), pygame.SRCALPHA)
                if more and more[0] is not None:
                    img.fill(more[0])
                x = 0
                for i, f in imgs:
                    img.blit(i, (x, asc - f.get_ascent()))
                    x += i.get_width()
            return img

        def metrics(self, text):
            """Each character's metrics from the font that draws it (pygame-gui's text boxes
            place their cursor and break their rows by these; with Noto Sans' own for a
            character only a fallback has, a row measured shorter than drawn: "Row longer
            than layout")."""
            runs = self._runs(str(text)) if self.ch_file and is_clean(text) else None
            if runs is None:
                return super().metrics(text)
            out = []
            for piece, f in runs:
                out.extend(pygame.font.Font.metrics(f, piece))
            return out

        def size(self, text):
            if not is_clean(text):
                text = clean_text(text)
            runs = self._runs(str(text)) if self.ch_file else None
            if runs is None:
                return super().size(text)
            asc, below = self.get_ascent(), self.get_height() - self.get_ascent()
            return sum(pygame.font.Font.size(f, p)[0] for p, f in runs), asc + below

    _FONT_CLASS.append(_Font)
    return _Font


def gui_fonts_fall_back() -> None:
    """pygame-gui's widgets (buttons, drop-downs, text boxes) draw with the same fallback:
    its font wrapper makes its ``pygame.font.Font`` from the module's name ``Font``, given
    our theme's paths — a name typed in Chinese reads in the box it is typed into. (A
    pygame-gui without that seam keeps its own fonts.)"""
    try:
        from pygame_gui.core import gui_font_pygame as gfp
    except ImportError:
        return
    base = _font_class()
    if getattr(gfp.Font, "_cardhall", False) or not isinstance(gfp.Font, type):
        return
    import os

    class _GuiFont(base):
        _cardhall = True

        def __init__(self, file, size, *a, **k):
            super().__init__(file, size, *a, **k)
            name = os.path.basename(file) if isinstance(file, str) else ""
            self.ch_file = name if name in FONT_FILES.values() or name == TITLE_FONT_FILE else ""
            self.ch_size = int(size)

        def render(self, text, antialias=True, color=(255, 255, 255), *more):
            return self._draw(text, antialias, color, *more)     # (the layout check reads widgets itself)

    gfp.Font = _GuiFont


def fallback_font(size: int, bold: bool = False, italic: bool = False, name: str = FALLBACK_FONT_FILE):
    """The fallback font file ``name`` (one of :data:`FALLBACK_FONT_FILES`) at ``size`` (a
    plain ``pygame.font.Font``; bold and italics made by the renderer, the files have neither)."""
    import pygame
    key = ("fallback", name, max(6, int(size)), bool(bold), bool(italic))
    f = _FONTS.get(key)
    if f is None:
        f = _FONTS[key] = pygame.font.Font(str(fonts_dir() / name), key[2])
        f.bold, f.italic = key[3], key[4]
    return f


def has_glyph(fnt, ch: str) -> bool:
    """True when ``fnt`` (one of :func:`font`'s) draws ``ch`` — from its own file or the fallback."""
    name = getattr(fnt, "ch_file", "")
    return bool(name) and (covers(name, ch) or bool(fallback_file(ch)))


def surface(size, flags=0):
    """A new off-screen surface that text is drawn on (the layout check follows
    the texts on it to where it is blitted)."""
    import pygame
    if RECORDER is not None:
        return RECORDER.surface(size, flags)
    return pygame.Surface(size, flags)


def note_cut(full: str, shown: str, where: str = "label", *, designed: bool = False) -> None:
    """A text was shortened (with "…"). The layout check reports it, unless the place
    is ``designed`` to cut (the whole text is a tooltip or a click away: say so)."""
    if RECORDER is not None:
        RECORDER.cut(str(full), str(shown), where, designed=designed)


_ELLIPSIS_CACHE: dict = {}


def ellipsize(text, fnt, width: int, *, where: str = "label", designed: bool = False,
              min_chars: int = 3) -> str:
    """``text`` shortened with "…" to fit ``width`` pixels in ``fnt`` — the one
    shortening function of the client (the others call it): every cut is told to the
    layout check (:func:`note_cut`), which reports it unless ``designed`` says this
    place is built to cut and shows the whole text elsewhere (a tooltip)."""
    text = str(text)
    key = (text, getattr(fnt, "ch_file", "") or id(fnt), getattr(fnt, "ch_size", 0), getattr(fnt, "ch_bold", False),
           int(width))
    out = _ELLIPSIS_CACHE.get(key)
    if out is None:
        out = text
        if fnt.size(text)[0] > width and len(text) > min_chars:
            lo, hi = min_chars, len(text) - 1  # the longest prefix that fits with its "…"
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if fnt.size(text[:mid].rstrip() + "…")[0] <= width:
                    lo = mid
                else:
                    hi = mid - 1
            out = text[:lo].rstrip() + "…"
        if len(_ELLIPSIS_CACHE) > 512:
            _ELLIPSIS_CACHE.clear()
        _ELLIPSIS_CACHE[key] = out
    if out != text:
        note_cut(text, out, where, designed=designed)
    return out


def font(size: int, bold: bool = False, italic: bool = False, title: bool = False):
    """A font from assets/fonts at ``size`` pixels (already scaled by the caller).

    Cached; the cache is dropped when pygame's font module was shut down and
    started again (cached Font objects would be dead)."""
    import pygame
    if not pygame.font.get_init():
        pygame.font.init()
        _FONTS.clear()
    key = (max(6, int(size)), bool(bold), bool(italic), bool(title))
    f = _FONTS.get(key)
    if f is not None:
        return f
    name = TITLE_FONT_FILE if title else FONT_FILES[(bool(bold), bool(italic))]
    f = _FONTS[key] = _font_class()(str(fonts_dir() / name), key[0])
    f.ch_size, f.ch_file, f.ch_bold, f.ch_italic = key[0], name, key[1], key[2]
    return f


@lru_cache(maxsize=8)
def _theme_raw() -> str:
    return (assets_dir() / "theme.json").read_text(encoding="utf-8")


def load_theme(scale: float = 1.0) -> dict:
    """The theme as a dict: absolute font paths, font sizes times ``scale``. (The widgets'
    fonts fall back as ours do: :func:`gui_fonts_fall_back`.)"""
    gui_fonts_fall_back()
    theme = json.loads(_theme_raw())
    base = fonts_dir().parent
    for block in theme.values():
        if not isinstance(block, dict):
            continue
        f = block.get("font")
        if isinstance(f, dict):
            for k in ("regular_path", "bold_path", "italic_path", "bold_italic_path"):
                if k in f:
                    f[k] = str(base / f[k])
            if "size" in f:
                f["size"] = str(max(8, round(int(f["size"]) * scale)))
        misc = block.get("misc")
        if isinstance(misc, dict):
            # (sizes grow with the interface: a slider's knob too, so its rounded corners fit it)
            for k in ("list_item_height", "rect_width", "shape_corner_radius", "sliding_button_width"):
                if k in misc:
                    misc[k] = str(max(1, round(int(misc[k]) * scale)))
    return theme


def lerp_colour(a, b, t: float):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


def shade(c, f: float):
    """Darken (f<1) or lighten (f>1) a colour."""
    if f <= 1:
        return tuple(max(0, int(x * f)) for x in c[:3])
    return tuple(min(255, int(x + (255 - x) * (f - 1))) for x in c[:3])


_TEXT_CACHE: "OrderedDict" = None


def text_surface(text, size, colour=None, *, bold=False, italic=False, title=False, shadow=False):
    """One rendered line of text (cached: drawing the same label every frame costs a blit)."""
    global _TEXT_CACHE
    from collections import OrderedDict
    if _TEXT_CACHE is None:
        _TEXT_CACHE = OrderedDict()
    colour = tuple(colour or PAL["text"])
    key = (str(text), int(size), colour, bool(bold), bool(italic), bool(title), bool(shadow))
    img = _TEXT_CACHE.get(key)
    if img is not None:
        _TEXT_CACHE.move_to_end(key)
        return img
    import pygame
    f = font(size, bold, italic, title)
    text = clean_text(text)  # NUL / lone surrogates from a file would make render() raise
    front = f.render(text, True, colour)
    if shadow:
        d = max(1, int(size) // 14)
        img = pygame.Surface((front.get_width() + d, front.get_height() + d), pygame.SRCALPHA)
        sh = f.render(text, True, (0, 0, 0))
        sh.set_alpha(160)
        img.blit(sh, (d, d))
        img.blit(front, (0, 0))
    else:
        img = front
    _TEXT_CACHE[key] = img
    if len(_TEXT_CACHE) > 600:
        _TEXT_CACHE.popitem(last=False)
    return img


def draw_text(surface, text, pos, size, colour=None, *, bold=False, italic=False, title=False,
              anchor="topleft", shadow=False):
    """Blit one line of text; returns its rect. ``size`` in pixels (already scaled)."""
    img = text_surface(text, size, colour, bold=bold, italic=italic, title=title, shadow=shadow)
    r = img.get_rect(**{anchor: pos})
    surface.blit(img, r)
    return r


def _break_word(word: str, fnt, width: int) -> list[str]:
    """A word wider than ``width`` (a deck description of 500 M's, a URL) in pieces that
    fit, each the longest that does (at least one character)."""
    pieces = []
    while word and fnt.size(word)[0] > width:
        lo, hi = 1, len(word) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if fnt.size(word[:mid])[0] <= width:
                lo = mid
            else:
                hi = mid - 1
        pieces.append(word[:lo])
        word = word[lo:]
    if word:
        pieces.append(word)
    return pieces


def wrap_lines(text: str, fnt, width: int) -> list[str]:
    """Greedy word wrap honouring explicit newlines; a word wider than the line is
    broken where it must be (it would run out of its box)."""
    out: list[str] = []
    for para in clean_text(text, newlines=True).split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            cand = w if not line else line + " " + w
            if fnt.size(cand)[0] <= width:
                line = cand
                continue
            if line:
                out.append(line)
            line = w
            if fnt.size(w)[0] > width:
                *whole, line = _break_word(w, fnt, width)
                out.extend(whole)
        out.append(line)
    return out


def fit_text(text: str, width: int, size: int, *, bold=False, title=False, min_size=8):
    """(font, fits): the largest font <= ``size`` (down to ``min_size``) whose rendering of
    ``text`` fits ``width``, and whether it does. When even ``min_size`` is too wide the
    layout check is told: drawing ``text`` at that size is a problem it reports ("too
    wide"); a caller that shortens, wraps or leaves the text out instead draws no such
    text, and nothing is reported."""
    text = clean_text(text)
    s = size
    while s > min_size and font(s, bold, False, title).size(text)[0] > width:
        s -= 1
    f = font(s, bold, False, title)
    fits = f.size(text)[0] <= width
    note = getattr(RECORDER, "too_wide", None)   # (a test's own recorder may not ask)
    if note is not None:        # the last fitting of a text at a size decides (a caller may try again wider)
        note(text, s, None if fits else width)
    return f, fits


def fit_font(text: str, width: int, size: int, *, bold=False, title=False, min_size=8):
    """Largest font <= size whose rendering of ``text`` fits ``width`` (``min_size`` when
    none does: see :func:`fit_text`, which also says whether it fits)."""
    return fit_text(text, width, size, bold=bold, title=title, min_size=min_size)[0]


def fit_line(text: str, width: int, size: int, *, bold=False, title=False, min_size=9, where="label",
             designed=False):
    """(font, text to draw): ``text`` at the largest size <= ``size`` that fits ``width``;
    where even ``min_size`` is too wide, shortened with "…" at that size (a cut the layout
    check reports unless ``designed``): never a line that spills over its room."""
    f, fits = fit_text(text, width, size, bold=bold, title=title, min_size=min_size)
    if fits:
        return f, clean_text(text)
    return f, ellipsize(clean_text(text), f, width, where=where, designed=designed, min_chars=1)


def fit_named(name: str, form, width: int, size: int, *, bold=False, title=False, min_size=9, where="label"):
    """(font, text) of ``form(name)`` (a line around a player's name: "Ann's cards",
    "Ann · to play") fitted like :func:`fit_line`, but where it must be cut the name is
    shortened with "…" and the words around it stay."""
    name = clean_text(name)
    f, fits = fit_text(form(name), width, size, bold=bold, title=title, min_size=min_size)
    if fits:
        return f, form(name)
    rest = f.size(form(name))[0] - f.size(name)[0]
    return f, form(ellipsize(name, f, max(1, width - rest), where=where, min_chars=1))


_WRAP_CACHE: dict = {}


def draw_wrapped(surface, text, rect, size, colour=None, *, bold=False, italic=False,
                 line_gap=1.15, align="left", max_lines=None, shrink=True):
    """Word-wrapped text inside ``rect`` (shrinks the font until it fits when ``shrink``)."""
    import pygame
    key = (str(text), size, bold, italic, line_gap, rect.width, rect.height, shrink)
    hit = _WRAP_CACHE.get(key)
    if hit is None:
        s = size
        while True:
            f = font(s, bold, italic)
            lines = wrap_lines(text, f, rect.width)
            lh = int(f.get_linesize() * line_gap)
            if not shrink or s <= 8 or len(lines) * lh <= rect.height:
                break
            s -= 1
        if len(_WRAP_CACHE) > 256:
            _WRAP_CACHE.clear()
        hit = _WRAP_CACHE[key] = (s, lines, lh)
    s, lines, lh = hit
    if RECORDER is not None:
        RECORDER.sentence(" ".join(str(text).split()))  # the paragraph, not only its lines
    lines = list(lines)
    f = font(s, bold, italic)
    if max_lines and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1].rstrip() + "…"
        if f.size(lines[-1])[0] > rect.width:       # the "…" itself must fit the line
            lines[-1] = ellipsize(lines[-1], f, rect.width, where="wrapped text", min_chars=1)
        note_cut(text, " ".join(lines), "wrapped text")
    y = rect.top
    col = colour or PAL["text"]
    for k, ln in enumerate(lines):
        if y + f.get_height() > rect.bottom + 2:
            # the lines below have no room: a cut without its "…" is still a cut
            note_cut(text, " ".join(lines[:k]), "wrapped text (no room for the rest)")
            break
        img = text_surface(ln, s, col, bold=bold, italic=italic)
        if align == "center":
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
        elif align == "right":
            surface.blit(img, img.get_rect(topright=(rect.right, y)))
        else:
            surface.blit(img, (rect.left, y))
        y += lh
    return pygame.Rect(rect.left, rect.top, rect.width, y - rect.top)


_PANEL_CACHE: dict = {}


def note_panel(surface, rect) -> None:
    """A box drawn by hand (a list row, a chain row) is a panel for the layout check: a text
    on it that crosses its edge is reported (as for :func:`panel`)."""
    if RECORDER is not None:
        RECORDER.panel(surface, rect)


def panel(surface, rect, *, colour=None, border=None, radius=12, alpha=None, width=2):
    """A rounded panel, optionally translucent (translucent fills are cached by size)."""
    import pygame
    colour = colour or PAL["panel"]
    if RECORDER is not None:
        RECORDER.panel(surface, rect)
    if alpha is not None:
        key = (tuple(rect.size), tuple(colour[:3]), alpha, radius)
        tmp = _PANEL_CACHE.get(key)
        if tmp is None:
            if len(_PANEL_CACHE) > 64:
                _PANEL_CACHE.clear()
            tmp = _PANEL_CACHE[key] = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(tmp, (*colour[:3], alpha), tmp.get_rect(), border_radius=radius)
        surface.blit(tmp, rect.topleft)
    else:
        pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border is not False:
        pygame.draw.rect(surface, border or PAL["line"], rect, width, border_radius=radius)

