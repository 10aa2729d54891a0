"""What a table draws around the board, the part :class:`Chrome` (``table.chrome``): the
action buttons, the top bar (title, seat chips, status, clock) and the backdrop. The
thinking sign's place and the drag highlights are the table's hooks
(:class:`client.table.hooks.TableHooks`)."""
from __future__ import annotations

import pygame

from client.scenes import gamesinfo
from client.ui.theme import GAME_ACCENT, PAL, draw_text, draw_wrapped, ellipsize, font, shade, wrap_lines

SEAT_COLOURS = ((110, 170, 255), (255, 140, 110))
_FIT: dict = {}


def _fit_text(text, size, bold, width, designed=False):
    """``text`` shortened with "…" to fit ``width`` pixels (client.ui.theme.ellipsize: cached,
    and the layout check is told of every cut)."""
    return ellipsize(text, font(size, bold), width, designed=designed)


def status_lines(text: str, fnt, width: int) -> str:
    """The top bar's status over two lines: broken at the " · " between its parts that
    leaves the two lines most even, when both then fit ("Opening hands: keep or mulligan" /
    "AI (normal) goes first", not a lone "first" under the rest); else ``text`` as it is,
    for the word wrap."""
    parts = text.split(" · ")
    best = None
    for k in range(1, len(parts)):
        a, b = " · ".join(parts[:k]), " · ".join(parts[k:])
        wa, wb = fnt.size(a)[0], fnt.size(b)[0]
        if wa <= width and wb <= width and (best is None or max(wa, wb) < best[0]):
            best = (max(wa, wb), a + "\n" + b)
    return text if best is None else best[1]



class Chrome:
    """The chrome around the board, held by the table as ``table.chrome``: the backdrop,
    the top bar (title, seat chips, clock, status) and the action buttons
    (:attr:`action_widgets`, rebuilt by :meth:`refresh_buttons`). The table's hooks it
    calls: ``action_buttons``, ``action_button_rects``, ``action_buttons_placed``,
    ``click_action`` and ``status_text``."""

    #: the backdrop of the last (game, width, height), drawn once
    _backdrop_cache: dict = {}

    def __init__(self, table):
        self.table = table
        #: the action buttons standing now, in the order :meth:`refresh_buttons` made them
        self.action_widgets: list = []

    def refresh_buttons(self):
        """The action buttons for the decision the board shows now (none while someone
        else decides, under the hand-off screen, or while the board shows the other
        player's move), then the table's ``action_buttons_placed`` hook."""
        self._place_buttons()
        self.table.action_buttons_placed()

    # ================================================================ action bar
    def _place_buttons(self):
        tb = self.table
        for b in self.action_widgets:
            tb._actions.pop(b, None)
            b.kill()
        for k in [k for k, (act, btn) in tb._keys.items() if btn in self.action_widgets]:
            del tb._keys[k]
        self.action_widgets = []
        if tb.busy() and not tb.human_to_move():
            return
        if tb.handoff.pending:
            return   # under the hand-off screen or the short return panel: nothing to press yet
        sh = tb.shown
        if tb.anims.busy and sh is not None and sh is not tb.view and sh.to_move() != tb.match.to_move():
            return   # the board still shows the other player's move: no buttons for what comes after it
        items = tb.action_buttons() if tb.human_to_move() else []
        s = tb.s
        items = items[:4]
        rects = tb.action_button_rects(len(items))
        labels = [it[0][0] if isinstance(it[0], (tuple, list)) else it[0] for it in items]
        for i in reversed(range(len(items))):     # the primary (the last) first
            label, action, key, tip = items[i]
            rect = rects[i]
            primary = i == len(items) - 1
            f = font(s(18) if primary else s(17), primary)
            room = rect.width - (s(24) if rect.width >= tb.actions_rect.width else s(14))  # two a row: less margin
            forms = None
            if isinstance(label, (tuple, list)):  # the table's own shorter forms, longest first
                forms = [str(t) for t in label]
                label = forms[0]
                text = next((t for t in forms if f.size(t)[0] <= room), forms[-1])
            else:
                text = label
                if f.size(text)[0] > room and text.endswith(")") and " (" in text:
                    # "1 damage to Magma Golem (Y1)": drop the trailing detail when the rest
                    # still tells this button from the others (the tooltip keeps it all)
                    short = text[:text.rindex(" (")]
                    if sum(1 for other in labels if other.startswith(short + " (") or other == short) == 1:
                        text = short
            cls = "@primary" if primary else None
            if f.size(text)[0] > room and not primary:
                # a label that does not fit whole: the theme's smaller button text ("@small")
                # before any word is cut ("Resurrection at B2" on a narrow Evons column)
                small = font(s(14))
                fits = next((t for t in (forms or [text]) if small.size(t)[0] <= room), None)
                if fits is not None:
                    text, f, cls = fits, small, "@small"
            text = ellipsize(text, f, room, where="action button")  # reported if cut
            b = tb.button(rect, text, (lambda a=action: tb.click_action(a)), key=key,
                            tip=tip or label, cls=cls)
            self.action_widgets.append(b)

    def draw_backdrop(self, surf):
        t = self.table
        key = (t.game, t.W, t.H)
        bg = Chrome._backdrop_cache.get(key)
        if bg is None:
            bg = pygame.Surface((t.W, t.H))
            acc = GAME_ACCENT.get(t.game, PAL["gold"])
            top, bottom = shade(acc, 0.12), (10, 12, 17)
            for y in range(0, t.H, 4):
                k = y / t.H
                pygame.draw.rect(bg, tuple(int(top[i] + (bottom[i] - top[i]) * k) for i in range(3)),
                                 (0, y, t.W, 4))
            Chrome._backdrop_cache.clear()
            bg = bg.convert() if pygame.display.get_surface() is not None else bg
            Chrome._backdrop_cache[key] = bg
        surf.blit(bg, (0, 0))

    def draw_top_bar(self, surf):
        t = self.table
        s = t.s
        r = t.top_rect
        pygame.draw.rect(surf, (14, 16, 23), r)
        acc = GAME_ACCENT.get(t.game, PAL["gold"])
        pygame.draw.line(surf, shade(acc, 0.8), (0, r.bottom - 1), (r.right, r.bottom - 1), max(1, s(2)))
        x = draw_text(surf, gamesinfo.title(t.game), (s(16), r.centery), s(24), shade(acc, 1.2), title=True,
                      anchor="midleft").right
        if t.session is None:
            return
        m = t.state_shown()
        p = m.to_move()
        # seat chips: a coloured dot + a shape (circle = you / square = other) + name
        x += s(24)
        for seat in (0, 1):
            col = SEAT_COLOURS[seat]
            active = p == seat
            chip = pygame.Rect(x, r.centery - s(15), s(170), s(30))
            pygame.draw.rect(surf, shade(col, 0.3) if active else (24, 27, 36), chip, border_radius=s(15))
            pygame.draw.rect(surf, col if active else PAL["line"], chip, s(2), border_radius=s(15))
            if seat in t.human_seats:
                pygame.draw.circle(surf, col, (chip.left + s(15), chip.centery), s(6))
            else:
                pygame.draw.rect(surf, col, pygame.Rect(chip.left + s(9), chip.centery - s(6), s(12), s(12)))
            name = _fit_text(f"P{seat + 1} · {t.names[seat]}", s(15), active, chip.width - s(36))
            draw_text(surf, name, (chip.left + s(28), chip.centery), s(15), PAL["text"], bold=active,
                      anchor="midleft")
            x = chip.right + s(10)
        # the status ends before the first button of the bar (Hint, Redo, Undo, Menu ...)
        lefts = [b.rect.left for b in t._actions if b.rect.bottom <= r.bottom + s(4) and b.rect.left > x]
        right = min(lefts) - s(4) if lefts else t.W - s(330 if t.history.buttons else 230)
        ct = t.driver.clock_text()
        if ct is not None:
            text, urgent = ct
            col = PAL["bad"] if urgent else PAL["text"]
            img_w = font(s(15), True).size(text)[0]
            cx = right - img_w - s(10)
            # a clock face (shape) beside the time
            pygame.draw.circle(surf, col, (cx - s(14), r.centery), s(9), max(1, s(2)))
            pygame.draw.line(surf, col, (cx - s(14), r.centery), (cx - s(14), r.centery - s(6)), max(1, s(2)))
            pygame.draw.line(surf, col, (cx - s(14), r.centery), (cx - s(10), r.centery), max(1, s(2)))
            draw_text(surf, text, (cx, r.centery), s(15), col, bold=True, anchor="midleft")
            right = cx - s(30)
        text = t.layer.status_text(t.status_text())
        if t.mode == "replay" and not text.startswith("Replay"):
            text = "Replay · " + text
        room = right - x - s(10)
        if t.result() is not None and font(s(15)).size(text)[0] > room:
            # the game's end, too long for one line: its first parts ("You win — AI (easy)
            # conceded"; the final score is on the game-over card) rather than two lines
            # that break a name ("AI" / "(easy) 1")
            parts = text.split(" — ")
            while len(parts) > 2 and font(s(15)).size(" — ".join(parts))[0] > room:
                parts.pop()
            text = " — ".join(parts)
        if font(s(16)).size(text)[0] <= room:
            draw_text(surf, text, (x + s(8), r.centery), s(16), PAL["text"], anchor="midleft")
        elif font(s(15)).size(text)[0] <= room:   # one line still, a size smaller: centred too
            draw_text(surf, text, (x + s(8), r.centery), s(15), PAL["text"], anchor="midleft")
        else:  # a large interface size: two lines rather than a cut sentence
            f = font(s(15))
            lh = int(f.get_linesize() * 0.95)
            box = pygame.Rect(x + s(8), r.centery - lh, room, 2 * lh + 2)
            # where two lines are not enough, its last parts go ("… · You go first") before
            # the words get smaller
            while " · " in text and len(wrap_lines(text, f, box.width)) * lh > box.height:
                text = text.rsplit(" · ", 1)[0]
            draw_wrapped(surf, status_lines(text, f, box.width), box, s(15), PAL["text"], line_gap=0.95)

