"""The column right of the board: the game log and the action buttons.

At 100 % interface size the column is the log over the action buttons. When the
board would otherwise lose the room its cards need (any larger interface size at
1280×720, 150 % and more at 1920×1080), the column becomes a narrow strip: a
**Log** button on top (key L) that opens the log as a drawer over the right of the
board and closes it again, the newest log lines below it as a ticker (so the story
stays readable), and the action buttons at the bottom. The board gets the room.
Whether the drawer is open is remembered for the rest of the program's run.

The table holds it as ``table.side`` (:class:`SidePanel`)."""
from __future__ import annotations

import pygame

from client.table.kit.log import LogTicker

#: the strip's width at scale 1 when the log is folded away
COMPACT_WIDTH = 176
#: at larger interface sizes the bands between a table's rows may close up to this share
#: of their 100 % height so the cards keep (at least) their 100 % size
CHROME_FLOOR = 0.8


class SidePanel:
    """The column right of the board, held by the table as ``table.side``: it places
    ``table.side_rect`` / ``table.actions_rect`` and the log in :meth:`build`, folds the
    log into the strip (:attr:`compact`) with its Log button (:attr:`toggle`), ticker
    and drawer, and answers the interface-size questions layouts ask
    (:meth:`reference_scale`, :meth:`chrome_plan`, :meth:`board_rect_at`). The table's
    hooks it reads: ``log_width``, ``board_min_width``, ``fold_log`` and
    ``wants_compact_side``."""

    def __init__(self, table):
        self.table = table
        #: the log is folded into the strip (set by :meth:`build`)
        self.compact = False
        #: the strip's Log button, its ticker of the newest lines and where they are
        self.toggle = None
        self.ticker = None
        self.ticker_rect: pygame.Rect | None = None
        #: where the open log drawer goes (over the right of the board)
        self.drawer_rect: pygame.Rect | None = None
        #: the last :meth:`chrome_plan`: (its question, its answer)
        self._chrome_memo = None

    def wants_compact(self, k=None) -> bool:
        """Would a full log column leave the board less room than its cards need (at
        scale ``k``, default the app's)? (The default of the table's hook
        ``wants_compact_side``.)"""
        t = self.table
        if not t.fold_log:
            return False
        s = t.s if k is None else (lambda x: int(round(x * k)))
        return t.W - s(t.log_width) - s(30) < s(t.board_min_width)

    def board_rect_at(self, k) -> pygame.Rect:
        """``board_rect`` as :meth:`build` makes it at scale ``k`` (for layouts that
        compare themselves with another interface size)."""
        t = self.table
        def s(x):
            return int(round(x * k))
        top = t.top_bar_at(k)
        side_w = s(COMPACT_WIDTH) if t.wants_compact_side(k) else s(t.log_width)
        gap = t.board_margin_at(k)
        return pygame.Rect(s(10), top + gap, t.W - side_w - s(10) - s(20), t.H - top - 2 * gap)

    def reference_scale(self) -> float:
        """The scale of interface size 100 % in this window: larger interface sizes
        keep the cards at least as large as they are there."""
        f = getattr(self.table.app, "scale_for", None)
        return f(1.0) if callable(f) else self.table.app.scale

    def chrome_plan(self, sizes, floor=CHROME_FLOOR):
        """How a table keeps "larger is larger" at interface sizes above 100 %.

        ``sizes(width, height, k, c)`` gives the table's card sizes (a tuple, e.g. board
        and hand card widths) in a board of that size with lengths at scale ``k`` and the
        bands and strips between its rows at scale ``c``. Returns ``(c, target)``: the band
        scale to use now and the card sizes to draw. The cards grow with the interface
        size: from their 100 % sizes to the largest the window's 200 % can give (bands
        closed up to ``floor`` (default :data:`CHROME_FLOOR`) of their 100 % height, or as
        far as the table's ``sizes`` lets them), in even steps, so that every step between 100 % and 200 % is
        larger than the one before; ``c`` is the largest band scale at which they fit.
        At 100 % and below: ``(scale, None)``."""
        t = self.table
        k, ref = t.app.scale, self.reference_scale()
        if k <= ref:
            return k, None
        key = (t.W, t.H, k, ref, tuple(t.board_rect), floor,
               getattr(getattr(sizes, "func", sizes), "__qualname__", id(sizes)))
        memo = self._chrome_memo
        if memo is not None and memo[0] == key:
            return memo[1]
        rr = self.board_rect_at(ref)
        need = sizes(rr.width, rr.height, ref, ref)
        low = ref * floor      # the bands may close up a little below their 100 % height

        def pick(k_, r_, want):
            steps = 32
            for i in range(steps + 1):
                c = k_ - (k_ - low) * i / steps
                if all(a >= b for a, b in zip(sizes(r_.width, r_.height, k_, c), want)):
                    return c
            return None
        f = getattr(t.app, "scale_for", None)
        k_hi = max(k, f(2.0)) if callable(f) else k
        r_hi = self.board_rect_at(k_hi)
        best_hi = sizes(r_hi.width, r_hi.height, k_hi, low)
        w = 1.0 if k_hi <= ref else min(1.0, (k - ref) / (k_hi - ref))
        target = tuple(int(round(n + max(0, h - n) * w)) for n, h in zip(need, best_hi))
        # (a board whose cards are limited by its width at one size and its height at
        # another shares the room differently: no size beyond what this one can give)
        best_k = sizes(t.board_rect.width, t.board_rect.height, k, low)
        target = tuple(max(n, min(a, b)) for n, a, b in zip(need, target, best_k))
        c = pick(k, t.board_rect, target)
        if c is None:     # (not expected) the window cannot give that here: the 100 % sizes
            target = tuple(need)
            c = pick(k, t.board_rect, target) or low
        out = (c, target)
        self._chrome_memo = (key, out)
        return out

    @property
    def log_open(self) -> bool:
        """The drawer's state, kept on the app for the rest of the run (every table)."""
        return bool(getattr(self.table.app, "_table_log_open", False))

    def build(self, top):
        """``side_rect``, ``actions_rect`` and the log's place; the Log toggle when folded."""
        t = self.table
        s = t.s
        lw = s(t.log_width)
        self.compact = t.wants_compact_side()
        self.toggle = None
        self.ticker = None
        t.log.ticker = None
        if not self.compact:
            t.side_rect = pygame.Rect(t.W - lw - s(10), top + s(8), lw, t.H - top - s(16))
            t.actions_rect = pygame.Rect(t.side_rect.left, t.side_rect.bottom - s(170), lw, s(170))
            t.log.set_rect(pygame.Rect(t.side_rect.left, t.side_rect.top, lw,
                                       t.actions_rect.top - t.side_rect.top - s(8)))
            t.log.hidden = False
            t.log.opaque = False
            return
        t.log.opaque = True       # the drawer opens over the board
        cw = s(COMPACT_WIDTH)
        t.side_rect = pygame.Rect(t.W - cw - s(10), top + s(8), cw, t.H - top - s(16))
        t.actions_rect = pygame.Rect(t.side_rect.left, t.side_rect.bottom - s(170), cw, s(170))
        tr = pygame.Rect(t.side_rect.left, t.side_rect.top, cw, s(36))
        self.toggle = self._make_toggle(tr)
        self.ticker_rect = pygame.Rect(tr.left, tr.bottom + s(8), cw, t.actions_rect.top - tr.bottom - s(16))
        self.ticker = LogTicker(t.log)
        self.ticker.set_rect(self.ticker_rect)
        # the drawer: over the right of the board and the ticker, below the toggle
        self.drawer_rect = pygame.Rect(t.side_rect.right - lw, tr.bottom + s(8), lw,
                                       t.actions_rect.top - tr.bottom - s(16))
        t.log.set_rect(self.drawer_rect)
        self.sync()

    def fit_above(self, bottom):
        """The side's log (full column, or the folded strip's ticker and drawer) ends
        above ``bottom`` (a replay's controls take more of the column than buttons)."""
        t = self.table
        s = t.s
        if not self.compact:
            t.log.set_rect(pygame.Rect(t.side_rect.left, t.side_rect.top, t.side_rect.width,
                                       bottom - t.side_rect.top - s(8)))
            return
        top = self.ticker_rect.top
        self.ticker_rect = pygame.Rect(self.ticker_rect.left, top, self.ticker_rect.width,
                                       max(s(24), bottom - s(8) - top))
        self.ticker.set_rect(self.ticker_rect)
        self.drawer_rect = pygame.Rect(self.drawer_rect.left, self.drawer_rect.top, self.drawer_rect.width,
                                       max(s(24), bottom - s(8) - self.drawer_rect.top))
        t.log.set_rect(self.drawer_rect)
        self.sync()

    def after_layout(self):
        """A table that placed the log itself in :meth:`layout` (Evons) keeps it: no fold."""
        t = self.table
        if self.compact and t.log.rect != self.drawer_rect:
            self.compact = False
            t.log.hidden = False
            t.log.opaque = False
            t.log.ticker = None
            self.ticker = None
            b, self.toggle = self.toggle, None
            if b is not None:
                self._drop(b)

    def place_toggle(self, rect):
        """Put the Log button at ``rect`` (a table that lays out its own folded strip)."""
        b = self.toggle
        if b is None:
            return
        self._drop(b)
        self.toggle = self._make_toggle(rect)

    def _make_toggle(self, rect):
        return self.table.button(rect, self._toggle_label(), self.toggle_log, key="l",
                             tip="The game log: open it over the board, or close it again",
                             name="log_toggle", cls="@small")

    def _drop(self, b):
        """Take the Log button ``b`` off the table (its action, its key, its name)."""
        t = self.table
        t._actions.pop(b, None)
        for k in [k for k, (_a, btn) in t._keys.items() if btn is b]:
            del t._keys[k]
        t.widgets.pop("log_toggle", None)
        b.kill()

    def _toggle_label(self):
        return "Close log" if self.log_open else "Log"

    def toggle_log(self):
        """L / the Log button: open the log drawer over the board, or close it."""
        if not self.compact:
            return
        self.table.app._table_log_open = not self.log_open
        self.sync()
        self.table.invalidate()

    def sync(self):
        """The drawer and the ticker follow the open/closed state."""
        t = self.table
        if not self.compact:
            return
        open_ = self.log_open
        t.log.hidden = not open_
        t.log.ticker = self.ticker if not open_ else None
        t.log._dirty = True
        if self.toggle is not None and self.toggle.text != self._toggle_label():
            self.toggle.set_text(self._toggle_label())

    def face_rect(self):
        """Where the log shows now (the drawer, the ticker or the full column)."""
        if self.compact and not self.log_open and self.ticker is not None:
            return self.ticker.rect
        return self.table.log.rect

    def draw(self, surf):
        """The log (column or open drawer), else the ticker in the strip."""
        t = self.table
        if self.compact:
            if getattr(t.app, "_table_log_open", False) != (not t.log.hidden):
                self.sync()   # another table changed it
            if not self.log_open and self.ticker is not None:
                self.ticker.draw(surf, t.app.scale)
                return
        t.log.draw(surf, t.app.scale)

    def in_drawer(self, pos) -> bool:
        """``pos`` is on the open drawer (clicks there are not the board's)."""
        return bool(self.compact and self.log_open and self.table.log.rect.collidepoint(pos))
