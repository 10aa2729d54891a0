"""The column right of the board: the game log and the action buttons.

At 100 % interface size the column is the log over the action buttons. When the
board would otherwise lose the room its cards need (any larger interface size at
1280×720, 150 % and more at 1920×1080), the column becomes a narrow strip: a
**Log** button on top (key L) that opens the log as a drawer over the right of the
board and closes it again, the newest log lines below it as a ticker (so the story
stays readable), and the action buttons at the bottom. The board gets the room.
Whether the drawer is open is remembered for the rest of the program's run."""
from __future__ import annotations

import pygame

from client.table.kit.log import LogTicker

#: the strip's width at scale 1 when the log is folded away
COMPACT_WIDTH = 176
#: at larger interface sizes the bands between a table's rows may close up to this share
#: of their 100 % height so the cards keep (at least) their 100 % size
CHROME_FLOOR = 0.8


class SideMixin:
    """Mixed into :class:`client.table.scene.TableScene` (uses its geometry and ``self.log``)."""

    #: the board needs about this much width at scale 1 (the tables are drawn for 940+ px
    #: at 1280x720 100 %); below it the log folds into the strip
    board_min_width = 940
    #: the log column may fold into a strip with a Log drawer (a table that lays out
    #: its own log, like Evons, says False until it handles ``side_compact``)
    fold_log = True
    #: the log is folded into the strip (set by ``build``)
    side_compact = False
    #: the last :meth:`chrome_plan`: (its question, its answer)
    _chrome_memo = None

    def wants_compact_side(self, k=None) -> bool:
        """Would a full log column leave the board less room than its cards need (at
        scale ``k``, default the app's)?"""
        if not self.fold_log:
            return False
        s = self.s if k is None else (lambda x: int(round(x * k)))
        return self.W - s(self.log_width) - s(30) < s(self.board_min_width)

    def board_rect_at(self, k) -> pygame.Rect:
        """``board_rect`` as :meth:`build` makes it at scale ``k`` (for layouts that
        compare themselves with another interface size)."""
        def s(x):
            return int(round(x * k))
        top = self.top_bar_at(k)
        side_w = s(COMPACT_WIDTH) if self.wants_compact_side(k) else s(self.log_width)
        gap = self.board_margin_at(k)
        return pygame.Rect(s(10), top + gap, self.W - side_w - s(10) - s(20), self.H - top - 2 * gap)

    def reference_scale(self) -> float:
        """The scale of interface size 100 % in this window: larger interface sizes
        keep the cards at least as large as they are there."""
        f = getattr(self.app, "scale_for", None)
        return f(1.0) if callable(f) else self.app.scale

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
        k, ref = self.app.scale, self.reference_scale()
        if k <= ref:
            return k, None
        key = (self.W, self.H, k, ref, tuple(self.board_rect), floor,
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
        f = getattr(self.app, "scale_for", None)
        k_hi = max(k, f(2.0)) if callable(f) else k
        r_hi = self.board_rect_at(k_hi)
        best_hi = sizes(r_hi.width, r_hi.height, k_hi, low)
        t = 1.0 if k_hi <= ref else min(1.0, (k - ref) / (k_hi - ref))
        target = tuple(int(round(n + max(0, h - n) * t)) for n, h in zip(need, best_hi))
        # (a board whose cards are limited by its width at one size and its height at
        # another shares the room differently: no size beyond what this one can give)
        best_k = sizes(self.board_rect.width, self.board_rect.height, k, low)
        target = tuple(max(n, min(a, b)) for n, a, b in zip(need, target, best_k))
        c = pick(k, self.board_rect, target)
        if c is None:     # (not expected) the window cannot give that here: the 100 % sizes
            target = tuple(need)
            c = pick(k, self.board_rect, target) or low
        out = (c, target)
        self._chrome_memo = (key, out)
        return out

    @property
    def log_open(self) -> bool:
        """The drawer's state, kept on the app for the rest of the run (every table)."""
        return bool(getattr(self.app, "_table_log_open", False))

    def _build_side(self, top):
        """``side_rect``, ``actions_rect`` and the log's place; the Log toggle when folded."""
        s = self.s
        lw = s(self.log_width)
        self.side_compact = self.wants_compact_side()
        self.log_toggle = None
        self.ticker = None
        self.log.ticker = None
        if not self.side_compact:
            self.side_rect = pygame.Rect(self.W - lw - s(10), top + s(8), lw, self.H - top - s(16))
            self.actions_rect = pygame.Rect(self.side_rect.left, self.side_rect.bottom - s(170), lw, s(170))
            self.log.set_rect(pygame.Rect(self.side_rect.left, self.side_rect.top, lw,
                                          self.actions_rect.top - self.side_rect.top - s(8)))
            self.log.hidden = False
            return
        cw = s(COMPACT_WIDTH)
        self.side_rect = pygame.Rect(self.W - cw - s(10), top + s(8), cw, self.H - top - s(16))
        self.actions_rect = pygame.Rect(self.side_rect.left, self.side_rect.bottom - s(170), cw, s(170))
        tr = pygame.Rect(self.side_rect.left, self.side_rect.top, cw, s(36))
        self.log_toggle = self.button(tr, self._toggle_label(), self.toggle_log, key="l",
                                      tip="The game log: open it over the board, or close it again",
                                      name="log_toggle", cls="@small")
        self.ticker_rect = pygame.Rect(tr.left, tr.bottom + s(8), cw, self.actions_rect.top - tr.bottom - s(16))
        self.ticker = LogTicker(self.log)
        self.ticker.set_rect(self.ticker_rect)
        # the drawer: over the right of the board and the ticker, below the toggle
        self._drawer_rect = pygame.Rect(self.side_rect.right - lw, tr.bottom + s(8), lw,
                                        self.actions_rect.top - tr.bottom - s(16))
        self.log.set_rect(self._drawer_rect)
        self._sync_log()

    def fit_side_above(self, bottom):
        """The side's log (full column, or the folded strip's ticker and drawer) ends
        above ``bottom`` (a replay's controls take more of the column than buttons)."""
        s = self.s
        if not self.side_compact:
            self.log.set_rect(pygame.Rect(self.side_rect.left, self.side_rect.top, self.side_rect.width,
                                          bottom - self.side_rect.top - s(8)))
            return
        top = self.ticker_rect.top
        self.ticker_rect = pygame.Rect(self.ticker_rect.left, top, self.ticker_rect.width,
                                       max(s(24), bottom - s(8) - top))
        self.ticker.set_rect(self.ticker_rect)
        self._drawer_rect = pygame.Rect(self._drawer_rect.left, self._drawer_rect.top, self._drawer_rect.width,
                                        max(s(24), bottom - s(8) - self._drawer_rect.top))
        self.log.set_rect(self._drawer_rect)
        self._sync_log()

    def _after_layout(self):
        """A table that placed the log itself in :meth:`layout` (Evons) keeps it: no fold."""
        if self.side_compact and self.log.rect != self._drawer_rect:
            self.side_compact = False
            self.log.hidden = False
            self.log.ticker = None
            self.ticker = None
            b, self.log_toggle = self.log_toggle, None
            if b is not None:
                self._actions.pop(b, None)
                for k in [k for k, (_a, btn) in self._keys.items() if btn is b]:
                    del self._keys[k]
                self.widgets.pop("log_toggle", None)
                b.kill()

    def place_log_toggle(self, rect):
        """Put the Log button at ``rect`` (a table that lays out its own folded strip)."""
        b = self.log_toggle
        if b is None:
            return
        self._actions.pop(b, None)
        for k in [k for k, (_a, btn) in self._keys.items() if btn is b]:
            del self._keys[k]
        self.widgets.pop("log_toggle", None)
        b.kill()
        self.log_toggle = self.button(rect, self._toggle_label(), self.toggle_log, key="l",
                                      tip="The game log: open it over the board, or close it again",
                                      name="log_toggle", cls="@small")

    def _toggle_label(self):
        return "Close log" if self.log_open else "Log"

    def toggle_log(self):
        """L / the Log button: open the log drawer over the board, or close it."""
        if not self.side_compact:
            return
        self.app._table_log_open = not self.log_open
        self._sync_log()
        self.invalidate()

    def _sync_log(self):
        """The drawer and the ticker follow the open/closed state."""
        if not self.side_compact:
            return
        open_ = self.log_open
        self.log.hidden = not open_
        self.log.ticker = self.ticker if not open_ else None
        self.log._dirty = True
        if self.log_toggle is not None and self.log_toggle.text != self._toggle_label():
            self.log_toggle.set_text(self._toggle_label())

    def log_face_rect(self):
        """Where the log shows now (the drawer, the ticker or the full column)."""
        if self.side_compact and not self.log_open and self.ticker is not None:
            return self.ticker.rect
        return self.log.rect

    def callout_rect(self):
        """Where a hint's and a reviewed move's words go (see the hook): the log's face."""
        return self.log_face_rect()

    def draw_side(self, surf):
        """The log (column or open drawer), else the ticker in the strip."""
        if self.side_compact:
            if getattr(self.app, "_table_log_open", False) != (not self.log.hidden):
                self._sync_log()   # another table changed it
            if not self.log_open and self.ticker is not None:
                self.ticker.draw(surf, self.app.scale)
                return
        self.log.draw(surf, self.app.scale)

    def in_log_drawer(self, pos) -> bool:
        """``pos`` is on the open drawer (clicks there are not the board's)."""
        return bool(self.side_compact and self.log_open and self.log.rect.collidepoint(pos))
