"""The game log of the match screens: plain sentences, newest at the bottom, card
names in gold that zoom on hover (:class:`GameLog`), its folded form with the newest
lines (:class:`LogTicker`), and the card-name finder they share (:class:`NameIndex`).
Split from :mod:`client.table.kit.parts`, which still offers these names."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import pygame

from client.ui.theme import PAL, font, shade


class NameIndex:
    """Finds card names in log sentences (longest names first)."""

    def __init__(self, cards):
        self.by_name = {}
        for c in cards:
            n = getattr(c, "name", None)
            if n and len(n) > 2:
                self.by_name.setdefault(n, c)
        names = sorted(self.by_name, key=len, reverse=True)
        self.rx = re.compile("|".join(re.escape(n) for n in names)) if names else None

    def split(self, text):
        """[(segment, card or None), ...]"""
        if self.rx is None:
            return [(text, None)]
        out, i = [], 0
        for m in self.rx.finditer(text):
            if m.start() > i:
                out.append((text[i:m.start()], None))
            out.append((m.group(0), self.by_name[m.group(0)]))
            i = m.end()
        if i < len(text):
            out.append((text[i:], None))
        return out


def _fitting_prefix(text: str, fnt, room: int) -> int:
    """How many of ``text``'s first characters fit ``room`` pixels (0 when none does)."""
    if fnt.size(text)[0] <= room:
        return len(text)
    lo, hi = 0, len(text) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fnt.size(text[:mid])[0] <= room:
            lo = mid
        else:
            hi = mid - 1
    return lo


@dataclass
class LogEntry:
    text: str
    turn: int = 0
    seat: int | None = None
    kind: str = "event"  # event | turn | info
    _cache: dict = field(default_factory=dict, repr=False)


class GameLog:
    """The plain-sentence game log: newest at the bottom, wheel to scroll, card
    names in gold that zoom on hover."""

    #: the heading drawn at the top (None: no heading, e.g. the ticker)
    title = "Game log"
    #: where the oldest line shown starts (set when drawn; the ticker hugs its lines)
    _content_top = 0

    def __init__(self, names: NameIndex, seat_colours=((120, 180, 255), (255, 140, 120))):
        self.entries: list[LogEntry] = []
        self.hidden = False      # folded away (the table's Log drawer is closed): not drawn, not hovered
        self.ticker = None       # a LogTicker showing the newest lines while this log is hidden
        self.names = names
        self.scroll = 0          # lines scrolled up from the bottom
        self.rect = pygame.Rect(0, 0, 10, 10)
        #: its backdrop: a column beside the board lets the background through a little;
        #: a drawer over the board is opaque (the cards beneath do not show through the lines)
        self.opaque = False
        self._drawn_opaque = None
        self.hot: list[tuple[pygame.Rect, Any]] = []
        self.seat_colours = seat_colours
        self._surf = None
        self._dirty = True

    def add(self, text, *, turn=0, seat=None, kind="event"):
        if not text:
            return
        self.entries.append(LogEntry(str(text), turn, seat, kind))
        if len(self.entries) > 400:
            del self.entries[:100]
        self.scroll = 0
        self._dirty = True

    def insert(self, index, text, *, turn=0, seat=None, kind="event"):
        """``add``, but at ``index`` (a line that belongs before the newest ones)."""
        if not text:
            return
        self.entries.insert(max(0, min(index, len(self.entries))), LogEntry(str(text), turn, seat, kind))
        self.scroll = 0
        self._dirty = True

    def set_rect(self, rect):
        if pygame.Rect(rect) != self.rect:
            self.rect = pygame.Rect(rect)
            self._dirty = True

    def on_wheel(self, dy):
        self.scroll = max(0, self.scroll + dy)
        self._dirty = True

    def _layout_entry(self, e: LogEntry, width, size):
        """Word-wrap an entry into lines of (segment, card) runs."""
        key = (width, size)
        if key in e._cache:
            return e._cache[key]
        f = font(size)
        fb = font(size, True)
        words = []
        for seg, card in self.names.split(e.text):
            parts = re.split(r"(\s+)", seg) if card is None else [seg]
            for p in parts:
                if p:
                    words.append((p, card))
        # words that touch (a card name and the comma or full stop after it) wrap as one:
        # a line never begins with the punctuation of the line before
        units = []
        for w, card in words:
            if units and not w.isspace() and not units[-1][-1][0].isspace():
                units[-1].append((w, card))
            else:
                units.append([(w, card)])
        lines, line, lw = [], [], 0
        for unit in units:
            uw = sum((fb if card else f).size(w)[0] for w, card in unit)
            space = unit[0][0].isspace()
            if uw > width and not space and all(card is None for _, card in unit):
                # wider than a whole line (a 40-letter player name): broken where it must be
                # (a card's name stays one run: it is at most a few words, narrower than any log)
                if line:
                    lines.append(line)
                    line, lw = [], 0
                for w, card in unit:
                    fnt = fb if card else f
                    while w:
                        n = _fitting_prefix(w, fnt, width - lw)
                        if n == 0 and line:
                            lines.append(line)
                            line, lw = [], 0
                            continue
                        n = max(1, n)
                        line.append((w[:n], card))
                        lw += fnt.size(w[:n])[0]
                        w = w[n:]
                        if w:
                            lines.append(line)
                            line, lw = [], 0
                continue
            if lw + uw > width and line and not space:
                lines.append(line)
                line, lw = [], 0
            if not line and space:
                continue
            line.extend(unit)
            lw += uw
        if line:
            lines.append(line)
        e._cache[key] = lines
        return lines

    def draw(self, surf, scale=1.0):
        if self.hidden:
            return
        r = self.rect
        size = max(10, int(15 * scale))
        if self._dirty or self._surf is None or self._surf.get_size() != r.size or self._drawn_opaque != self.opaque:
            self._render(size, scale)
        surf.blit(self._surf, r)

    def _render(self, size, scale):
        r = self.rect
        self._drawn_opaque = self.opaque
        s = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(s, (14, 16, 23, 255 if self.opaque else 225), s.get_rect(), border_radius=int(10 * scale))
        pygame.draw.rect(s, PAL["line"], s.get_rect(), max(1, int(2 * scale)), border_radius=int(10 * scale))
        pad = int(10 * scale)
        self.scroll = min(self.scroll, max(0, len(self.entries) - 1))
        hint = font(int(12 * scale)).render("wheel down for newer", True, PAL["dim"]) if self.scroll else None
        self._title_rect = self._hint_rect = None
        bottom = r.height - pad
        if self.title:
            title = font(int(14 * scale), True).render(self.title, True, PAL["muted"])
            s.blit(title, (pad, pad // 2))
            self._title_rect = pygame.Rect(pad, pad // 2, title.get_width(), title.get_height())
            top = pad // 2 + title.get_height() + int(4 * scale)
        else:
            top = pad // 2
        if hint is not None:
            # on the heading's line when both fit side by side, else under the newest line
            hr = hint.get_rect(topright=(r.width - pad, pad // 2 + 2))
            if self._title_rect is not None and hr.left < self._title_rect.right + pad:
                hr.bottomright = (r.width - pad, r.height - pad // 2)
                bottom = hr.top - int(2 * scale)
            s.blit(hint, hr)
            self._hint_rect = hr
        f, fb = font(size), font(size, True)
        lh = f.get_linesize()
        width = r.width - 2 * pad - int(10 * scale)     # (a wrapped line is indented by as much)
        blocks = [self._layout_entry(e, width, size) for e in self.entries]
        gap = lh // 3
        # whole entries only, newest at the bottom; scroll counts entries
        end = len(blocks) - self.scroll
        y = bottom
        self.hot = []
        i = end - 1
        while i >= 0:
            e, lines = self.entries[i], blocks[i]
            hgt = lh * len(lines)
            if y - hgt < top:
                break
            y -= hgt
            base_col = PAL["gold"] if e.kind == "turn" else (PAL["muted"] if e.kind == "info" else PAL["text"])
            if e.kind == "turn":
                pygame.draw.line(s, PAL["line"], (pad, y - gap // 2), (r.width - pad, y - gap // 2), 1)
            for li, ln in enumerate(lines):
                x = pad + (int(10 * scale) if li > 0 else 0)
                yy = y + li * lh
                for w, card in ln:
                    img = (fb if card else f).render(w, True, PAL["gold_hi"] if card else base_col)
                    s.blit(img, (x, yy))
                    if card is not None:
                        pygame.draw.line(s, shade(PAL["gold"], 0.7), (x, yy + lh - 2),
                                         (x + img.get_width(), yy + lh - 2), 1)
                        self.hot.append((pygame.Rect(r.left + x, r.top + yy, img.get_width(), lh), card))
                    x += img.get_width()
            y -= gap
            i -= 1
        self._content_top = y      # where the oldest line shown starts (the ticker hugs its lines)
        self._surf = s
        self._dirty = False

    def card_at(self, pos):
        if self.hidden:
            return self.ticker.card_at(pos) if self.ticker is not None else None
        for rr, card in self.hot:
            if rr.collidepoint(pos):
                return card
        return None


class LogTicker(GameLog):
    """The newest lines of ``log`` in a small space (the folded side strip): the same
    entries, no heading, whole entries newest at the bottom, card names hoverable."""

    title = None

    def __init__(self, log: GameLog):
        self.source = log
        super().__init__(log.names, log.seat_colours)
        self._key = None

    @property
    def entries(self):
        return self.source.entries

    @entries.setter
    def entries(self, value):  # GameLog.__init__ sets it: the ticker reads its log's
        pass

    def draw(self, surf, scale=1.0):
        e = self.source.entries
        key = (len(e), id(e[-1]) if e else None)
        if key != self._key:
            self._key = key
            self.scroll = 0
            self._dirty = True
        r = self.rect
        if self._dirty or self._surf is None or self._surf.get_size() != r.size:
            self._render(max(10, int(15 * scale)), scale)
            # a panel only as tall as the lines it shows, at the bottom of its place
            top = self._content_top - int(6 * scale)
            top = max(0, min(r.height - int(30 * scale), top))
            s = pygame.Surface((r.width, r.height - top), pygame.SRCALPHA)
            rr = s.get_rect()
            pygame.draw.rect(s, (14, 16, 23, 225), rr, border_radius=int(10 * scale))
            s.blit(self._surf, (0, 0), pygame.Rect(0, top, r.width, r.height - top))
            pygame.draw.rect(s, PAL["line"], rr, max(1, int(2 * scale)), border_radius=int(10 * scale))
            self._ticker = (s, top)
        s, top = self._ticker
        surf.blit(s, (r.left, r.top + top))
