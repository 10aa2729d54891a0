"""A page of rules text drawn in the game's own fonts, scrollable.

A small Markdown subset — headings, paragraphs, bullets and numbered items (nested
by two spaces, each with a hanging indent: a wrapped line starts under the item's
text, not under its bullet), ``**bold**``, ``*italics*``, block quotes and table rows —
laid out once per width and scale. Only the lines in view are drawn; the wheel, the
arrow and page keys (through :meth:`RichPage.scroll_by`) and the scroll bar move it.
"""
from __future__ import annotations

import re

import pygame

from client.ui.theme import PAL, font, panel, text_surface

_INLINE = re.compile(r"\*\*(.+?)\*\*|(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])|`(.+?)`|\[(.+?)\]\((?:.+?)\)")


def inline_runs(text: str) -> list[tuple[str, bool, bool]]:
    """``text`` as (piece, bold, italic) runs."""
    out = []
    pos = 0
    for m in _INLINE.finditer(text):
        if m.start() > pos:
            out.append((text[pos:m.start()], False, False))
        if m.group(1) is not None:
            out.append((m.group(1), True, False))
        elif m.group(2) is not None:
            out.append((m.group(2), False, True))
        else:
            out.append((m.group(3) if m.group(3) is not None else m.group(4), False, False))
        pos = m.end()
    if pos < len(text):
        out.append((text[pos:], False, False))
    return out


def parse_blocks(md: str) -> list[tuple]:
    """Blocks: ("h", level, text), ("p", text), ("li", depth, marker, text), ("quote", text),
    ("row", text). A paragraph's lines are joined; a line indented under an item continues it."""
    blocks: list[tuple] = []
    para: list[str] = []

    def flush():
        if para:
            blocks.append(("p", " ".join(para)))
            para.clear()

    for raw in md.splitlines():
        line = raw.rstrip()
        st = line.strip()
        if not st:
            flush()
            continue
        m = re.match(r"^(#{1,6})\s+(.*)$", st)
        if m:
            flush()
            blocks.append(("h", len(m.group(1)), m.group(2)))
            continue
        if st.startswith("|"):
            flush()
            cells = [c.strip() for c in st.strip("|").split("|")]
            if not all(re.fullmatch(r":?-{2,}:?", c) for c in cells if c):
                blocks.append(("row", " · ".join(cells)))
            continue
        m = re.match(r"^(\s*)([-*•]|\d+\.)\s+(.*)$", line)
        if m:
            flush()
            marker = "•" if not m.group(2)[0].isdigit() else m.group(2)
            blocks.append(("li", len(m.group(1).expandtabs(4)) // 2, marker, m.group(3)))
            continue
        if st.startswith(">"):
            flush()
            blocks.append(("quote", st.lstrip("> ")))
            continue
        if not para and blocks and blocks[-1][0] == "li" and line[:1].isspace():
            k, depth, marker, text = blocks[-1]          # a wrapped item in the file: the same item
            blocks[-1] = (k, depth, marker, text + " " + st)
            continue
        para.append(st)
    flush()
    return blocks


class RichPage:
    """``md`` laid out in ``rect`` (the panel; the text inside its padding)."""

    def __init__(self, md: str, rect, scale: float = 1.0, accent=None, *, body: int = 17):
        self.rect = pygame.Rect(rect)
        self.scale = scale
        self.accent = tuple(accent or PAL["gold"])
        self.body = max(10, round(body * scale))
        self.blocks = parse_blocks(md)
        self.offset = 0
        self._drag = None           # (mouse y, offset) while the thumb is held
        self._layout()

    # ---------------------------------------------------------------- layout
    def s(self, x: float) -> int:
        return max(1, round(x * self.scale))

    @property
    def inner(self) -> pygame.Rect:
        pad = self.s(20)
        bar = self.s(14)
        return pygame.Rect(self.rect.left + pad, self.rect.top + self.s(14),
                           self.rect.width - 2 * pad - bar, self.rect.height - self.s(28))

    def _layout(self) -> None:
        """self.lines: (y, [(x, text, size, colour, bold, italic)]) per line; self.height."""
        inner = self.inner
        width = inner.width
        lines: list = []
        y = 0
        body = self.body
        sizes = {1: round(body * 1.75), 2: round(body * 1.35), 3: round(body * 1.12)}
        text_col, muted = PAL["text"], PAL["muted"]
        head_col = self.accent
        gap = round(body * 0.55)
        prev = None
        for b in self.blocks:
            kind = b[0]
            if kind == "h":
                size = sizes.get(b[1], sizes[3])
                if prev is not None:
                    y += round(size * (0.9 if b[1] <= 2 else 0.5))
                y = self._flow(lines, [(b[2], True, False)], 0, 0, width, y, size, head_col, 1.2)
                y += round(body * 0.35)
            elif kind == "li":
                depth, marker = b[1], b[2]
                x0 = self.s(8) + depth * self.s(26)
                f = font(body)
                mw = max(f.size(marker)[0], f.size("•")[0])
                hang = x0 + mw + self.s(10)
                first = len(lines)
                y = self._flow(lines, inline_runs(b[3]), hang, hang, width, y, body, text_col, 1.12)
                if len(lines) > first:
                    ly, items = lines[first]
                    col = head_col if marker == "•" else text_col
                    items.insert(0, (x0, marker, body, col, marker != "•", False))
                y += round(body * 0.3)
            elif kind == "quote":
                y = self._flow(lines, [(b[1], False, True)], self.s(16), self.s(16), width, y, body, muted, 1.12)
                y += gap
            elif kind == "row":
                y = self._flow(lines, inline_runs(b[1]), self.s(16), self.s(16), width, y, body, text_col, 1.12)
            else:
                if prev == "li":
                    y += round(body * 0.35)
                y = self._flow(lines, inline_runs(b[1]), 0, 0, width, y, body, text_col, 1.12)
                y += gap
            prev = kind
        self.lines = lines
        self.height = y
        self.offset = max(0, min(self.offset, self.max_offset))

    def _flow(self, lines, runs, first_x, rest_x, width, y, size, colour, leading) -> int:
        """Word-wrap ``runs`` from ``y``; the first line starts at ``first_x``, the others at
        ``rest_x`` (the hanging indent). Returns the y under the last line. Words of one
        style in a row on a line become one item (one blit)."""
        lh = round(font(size).get_linesize() * leading)
        x = first_x
        items: list = []
        cur = None                  # [x, text, bold, italic] of the item being filled
        space_next = False
        for text, bold, italic in runs:
            f = font(size, bold, italic)
            space = f.size(" ")[0]
            for part in re.split(r"(\s+)", text):
                if not part:
                    continue
                if part.isspace():
                    space_next = True
                    continue
                w = f.size(part)[0]
                lead = space if (space_next and (items or cur)) else 0
                space_next = False
                if (items or cur) and x + lead + w > width:      # the word goes to the next line
                    if cur:
                        items.append((cur[0], cur[1], size, colour, cur[2], cur[3]))
                    lines.append((y, items))
                    y += lh
                    items, cur, x, lead = [], None, rest_x, 0
                if cur and cur[2] == bold and cur[3] == italic:
                    cur[1] += (" " if lead else "") + part
                else:
                    if cur:
                        items.append((cur[0], cur[1], size, colour, cur[2], cur[3]))
                    cur = [x + lead, part, bold, italic]
                x += lead + w
        if cur:
            items.append((cur[0], cur[1], size, colour, cur[2], cur[3]))
        if items:
            lines.append((y, items))
            y += lh
        return y

    # ---------------------------------------------------------------- scrolling
    @property
    def max_offset(self) -> int:
        return max(0, self.height - self.inner.height)

    def scroll_by(self, px: int) -> bool:
        """Move the page by ``px`` (down when positive). True when it moved."""
        new = max(0, min(self.max_offset, self.offset + int(px)))
        moved = new != self.offset
        self.offset = new
        return moved

    def scroll_to_fraction(self, f: float) -> None:
        self.offset = round(max(0.0, min(1.0, f)) * self.max_offset)

    def _bar(self):
        """(track, thumb) rects, or None when everything fits."""
        if self.max_offset <= 0:
            return None
        w = self.s(10)
        track = pygame.Rect(self.rect.right - w - self.s(6), self.rect.top + self.s(8), w,
                            self.rect.height - self.s(16))
        h = max(self.s(30), round(track.height * self.inner.height / max(1, self.height)))
        top = track.top + round((track.height - h) * self.offset / self.max_offset)
        return track, pygame.Rect(track.left, top, w, h)

    def handle_event(self, ev) -> bool:
        """Wheel over the page, the scroll bar's thumb and track. True when the page moved
        (or the thumb was taken or let go)."""
        if ev.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(pygame.mouse.get_pos()):
                return self.scroll_by(-ev.y * self.body * 3)
            return False
        bar = self._bar()
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and bar is not None:
            track, thumb = bar
            hit = track.inflate(self.s(8), 0)
            if thumb.inflate(self.s(8), 0).collidepoint(ev.pos):
                self._drag = (ev.pos[1], self.offset)
                return True
            if hit.collidepoint(ev.pos):        # the track: a page towards the click
                page = self.inner.height - self.body * 2
                return self.scroll_by(page if ev.pos[1] > thumb.centery else -page)
            return False
        if ev.type == pygame.MOUSEMOTION and self._drag is not None and bar is not None:
            track, thumb = bar
            y0, off0 = self._drag
            room = max(1, track.height - thumb.height)
            new = off0 + (ev.pos[1] - y0) * self.max_offset / room
            return self.scroll_by(round(new) - self.offset)
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self._drag is not None:
            self._drag = None
            return True
        return False

    # ---------------------------------------------------------------- drawing
    def draw(self, surf) -> None:
        panel(surf, self.rect, colour=(23, 27, 36), border=(75, 86, 114), radius=self.s(14), width=max(1, self.s(2)))
        inner = self.inner
        old = surf.get_clip()
        b = max(2, self.s(3))       # inside the border: a line scrolled half out never covers it
        view = pygame.Rect(inner.left - self.s(4), self.rect.top + b, inner.width + self.s(8), self.rect.height - 2 * b)
        surf.set_clip(view.clip(old) if old else view)
        top, bottom = self.offset, self.offset + inner.height
        for y, items in self.lines:
            if not items:
                continue
            h = items[0][2] * 2
            if y + h < top or y > bottom:
                continue
            for x, text, size, colour, bold, italic in items:
                img = text_surface(text, size, colour, bold=bold, italic=italic)
                surf.blit(img, (inner.left + x, inner.top + y - self.offset))
        surf.set_clip(old)
        bar = self._bar()
        if bar is not None:
            track, thumb = bar
            pygame.draw.rect(surf, (34, 39, 52), track, border_radius=track.width // 2)
            col = PAL["gold"] if self._drag is not None else (104, 116, 150)
            pygame.draw.rect(surf, col, thumb, border_radius=track.width // 2)

    def text(self) -> str:
        """Everything the page says, a line each (tests, the layout check)."""
        return "\n".join(" ".join(t for _x, t, *_ in items) for _y, items in self.lines)
