"""The Evons table's geometry: the grid and its cells, the hand rows, the side panels,
the chain column, the action buttons' column and the choice spots (``layout()``
and the rect helpers), as a mixin of :class:`~client.tables.evons.table.Table`."""
from __future__ import annotations

import pygame

from engine.evons import match as EM
from engine.evons.cards import N_CELLS, NEIGHBOUR

from client.tables.evons.face import SMALL as SMALL_FACE
from client.tables.evons.common import card_obj


def _sizes_100(W, H, k):
    """(grid cell, hand card width, board top) of the 100 % layout at scale ``k`` in a
    W x H window (the framework's board rect at that scale)."""
    def S(x):
        return int(round(x * k))
    top, left = S(52) + S(8), S(10)
    height = H - S(52) - S(16)
    gx0 = left + S(196) + S(8) + S(18)
    cell = (height - S(18)) // 7
    cell = max(S(30), min(cell, (W - S(10) - gx0 - 2 * S(8) - S(300)) // 7))
    rx = gx0 + 7 * cell + 2 * S(8)
    rw = W - S(10) - rx
    return cell, max(S(64), min(S(118), (rw - 3 * S(8)) // 4)), top


def _grid_plan(W, H, k, ref):
    """(top bar height, gap under it, bottom margin, grid cell) at a larger interface size
    (scale ``k`` above the 100 % scale ``ref``): the grid keeps its 100 % cell. The bands
    around it close up first (the gap under the top bar, then the bottom margin to its
    100 % size), then the top bar gets lower, down to its 100 % height (never under
    44 px at scale ``k``), until the cell fits; the log is folded away (a Log drawer) and
    the right column needs only three cards of the hand at their 100 % size."""
    def S(x):
        return int(round(x * k))
    cell_ref, hw_ref, _top = _sizes_100(W, H, ref)
    gx0 = S(10) + S(196) + S(8) + S(18)
    horiz = (W - S(10) - gx0 - 2 * S(8) - (3 * hw_ref + 2 * S(8))) // 7
    low_t = max(int(round(52 * ref)), S(44))
    tries = [(S(52), S(8), S(8)), (S(52), S(2), S(8)), (S(52), S(2), int(round(8 * ref)))]
    tries += [(t, S(2), int(round(8 * ref))) for t in range(S(52) - 1, low_t - 1, -1)]
    fit = None
    for T, g1, g2 in tries:
        cell = max(S(30), min(horiz, (H - T - g1 - S(18) - g2) // 7))
        fit = (T, g1, g2, cell)
        if cell >= cell_ref:
            break
    return fit


#: the chain panel keeps at least this much height (at scale 1) above the action buttons;
#: where stacked buttons would leave it less, three or four buttons go two a row
CHAIN_MIN = 110


def _right_width(W, k, cell):
    """The right column's width at scale ``k`` with grid cells of ``cell`` px."""
    def S(x):
        return int(round(x * k))
    gx0 = S(10) + S(196) + S(8) + S(18)
    return W - S(10) - (gx0 + 7 * cell + 2 * S(8))


#: a scrolling hand's arrows (more than six cards) get this width (at scale 1) beside
#: its three cards a row, a target like the other tables' arrows: the cards give way to
#: them, down to 4 px over their 100 % width (so they still grow at every step)
ARROW_W = 22


def _beside_room(W, k, cell):
    """The width between the grid's frame and the window's edge (less a hair at both
    ends) where a scrolling hand puts its cards and, beside them, its arrows."""
    def S(x):
        return int(round(x * k))
    gx0 = S(10) + S(196) + S(8) + S(18)
    return (W - S(2)) - (gx0 + 7 * cell + S(5))


def _hand_width(W, H, k, ref, k_hi, cell, cell_hi):
    """The hand's card width at a larger interface size (scale ``k`` above the 100 %
    scale ``ref``): from its 100 % width it grows evenly with the scale up to what the
    window's 200 % (scale ``k_hi``) can give three cards a row with room for the scroll
    arrows beside them (:data:`ARROW_W`), so every step between 100 and 200 % shows
    larger cards than the one before, never smaller ones."""
    hw_ref = _sizes_100(W, H, ref)[1]
    # the small face up to its last width (the full face's words are smaller, not larger)
    cap = SMALL_FACE - 1 if hw_ref < SMALL_FACE else 10 ** 6

    def widest(kk, c):     # three cards a row in the column, the arrows' room beside them
        def S(x):
            return int(round(x * kk))
        full = min(S(118), cap, (_right_width(W, kk, c) - 2 * S(8)) // 3)
        roomy = (_beside_room(W, kk, c) - 2 * S(3) - 2 * (S(ARROW_W) + S(3))) // 3
        return max(hw_ref, min(full, max(roomy, hw_ref + 4)))
    if k_hi <= ref + 1e-9:
        return hw_ref
    hw_hi = widest(k_hi, cell_hi)
    hw = hw_ref + int(round((hw_hi - hw_ref) * min(1.0, (k - ref) / (k_hi - ref))))
    return max(hw_ref, min(hw, widest(k, cell)))


class EvonsLayout:
    def scale_probe(self):
        """The card sizes a player notices (the layout check's "larger is larger")."""
        return {"hand card": self.hw, "grid cell": self.cell}

    def _larger(self) -> bool:
        return self.app.scale > self.side.reference_scale() + 1e-9

    def wants_compact_side(self, k=None) -> bool:
        """Above 100 % the log folds into a Log drawer (the grid keeps the window's height),
        in a replay too."""
        k = self.app.scale if k is None else k
        return k > self.side.reference_scale() + 1e-9

    def _plan(self):
        """The larger-size plan for this window and scale (see :func:`_grid_plan`), with
        the cell capped at what 200 % gets, so that 150 % is never larger than 200 %."""
        key = (self.W, self.H, self.app.scale)
        if self._plan_key != key:
            ref = self.side.reference_scale()
            T, g1, g2, cell = _grid_plan(self.W, self.H, self.app.scale, ref)
            f = getattr(self.app, "scale_for", None)
            k_hi = max(self.app.scale, f(2.0) if callable(f) else self.app.scale)
            cell_hi = cell
            if k_hi > self.app.scale:
                cell_ref = _sizes_100(self.W, self.H, ref)[0]
                cell_hi = max(cell_ref, _grid_plan(self.W, self.H, k_hi, ref)[3])
                cell = min(cell, cell_hi)
            hw = _hand_width(self.W, self.H, self.app.scale, ref, k_hi, cell, cell_hi)
            self._plan_key, self._plan_val = key, (T, g1, g2, cell, hw)
        return self._plan_val

    def top_bar_height(self) -> int:
        if self._larger():
            return self._plan()[0]
        return self.s(52)

    def _replay_controls_h(self) -> int:
        """The replay's controls' height (0 outside replays)."""
        rp = self.replay if self.mode == "replay" else None
        return rp.controls_height(self.s) if rp is not None else 0

    def _place_replay_controls(self):
        rp = self.replay if self.mode == "replay" else None
        if rp is not None and self.ui is not None:
            rp.build_controls(self)

    # ================================================================ geometry
    def layout(self):
        """The grid gets the height of the window (cells of 84 px and more at 1280×720);
        right of it: your hand in rows (a tag under each card), then the chain, cell
        bonuses and graveyards beside the log, the action buttons under them.

        Larger interface sizes: the panels and text grow and the hand keeps at least its
        100 % card size, showing fewer cards a row and scrolling the rest."""
        if self._larger():
            self._layout_larger()
            return
        s = self.s
        r = self.board_rect
        pad = s(8)
        self.left_w = s(196)
        self.label_w = s(18)
        right_edge = self.W - s(10)
        gap = s(8)
        ref = self.side.reference_scale()
        larger = self.app.scale > ref
        gx0 = r.left + self.left_w + pad + self.label_w
        hw_ref = _sizes_100(self.W, self.H, ref)[1] if larger else 0
        gy = r.top + self.label_w
        min_right = s(300)
        cell = (r.height - self.label_w) // 7
        cell = max(s(30), min(cell, (right_edge - gx0 - 2 * pad - min_right) // 7))
        self.cell = cell
        side = 7 * cell
        self.grid_rect = pygame.Rect(gx0, gy, side, side)
        self.cell_rects = [pygame.Rect(gx0 + (c % 7) * cell, gy + (c // 7) * cell, cell, cell) for c in range(N_CELLS)]
        rx = self.grid_rect.right + 2 * pad
        rw = right_edge - rx
        self.tag_h = s(18)
        # the hand: as many cards a row as fit at a readable width (two rows of four at 1280×720)
        hw = max(s(64), min(s(118), (rw - 3 * gap) // 4))
        if larger:
            hw = max(hw, hw_ref)
        self.hand_cols = max(1, (rw + gap) // (hw + gap))
        self.hw = hw
        ch = int(hw * 1.4)
        rows = 2
        self.hand_area = pygame.Rect(rx, r.top, rw, rows * (ch + self.tag_h) + (rows - 1) * gap)
        self.hand_scrolls = larger
        self.hand_rows = rows
        below = self.hand_area.bottom + pad
        col_w = (rw - pad) // 2
        log_x = rx + col_w + pad
        ctrl_h = self._replay_controls_h()
        if ctrl_h:       # a replay: its controls across the column, the chain and the log above them
            self.actions_rect = pygame.Rect(rx, r.bottom - ctrl_h, rw, ctrl_h)
            self.right_rect = pygame.Rect(rx, below, col_w, self.actions_rect.top - pad - below)
            self.side_rect = pygame.Rect(log_x, below, right_edge - log_x, self.actions_rect.top - pad - below)
        else:
            act_h = s(4 * 46)  # up to four choice buttons, stacked from the bottom (the chain
            # panel reaches down to the buttons shown: action_buttons_placed)
            self.right_rect = pygame.Rect(rx, below, col_w, r.bottom - below - act_h - pad)
            self.actions_rect = pygame.Rect(rx, r.bottom - act_h, col_w, act_h)
            self.side_rect = pygame.Rect(log_x, below, right_edge - log_x, r.bottom - below)
        self.log.set_rect(pygame.Rect(self.side_rect))
        self._place_replay_controls()
        self.panel_rects = {"opp": pygame.Rect(r.left, r.top, self.left_w, s(176)),
                            "me": pygame.Rect(r.left, r.bottom - s(216), self.left_w, s(216))}
        self.prompt_rect = pygame.Rect(r.left, self.panel_rects["opp"].bottom + pad, self.left_w,
                                       self.panel_rects["me"].top - self.panel_rects["opp"].bottom - 2 * pad)
        me = self.panel_rects["me"]
        self.mode_rect = pygame.Rect(me.left + s(8), me.bottom - s(38), me.width - s(16), s(30))
        self.refresh(update_shown=False)

    def _layout_larger(self):
        """Above 100 %: the grid at (at least) its 100 % cell with the window's height;
        right of it your hand (two rows of cards, from their 100 % size growing with the
        interface size, scrolling the rest), under it a row with the Log button (L: the log
        opens as a drawer over the hand) and the newest log lines, then the chain, cell
        bonuses and graveyards, the action buttons (or a replay's controls) at the bottom
        across the column. A replay uses the same layout; where its controls leave the
        chain too little room, its hand shows one row."""
        s = self.s
        T, g1, g2, cell, hw = self._plan()
        r = self.board_rect
        r.update(r.left, T + g1, r.width, self.H - g2 - (T + g1))   # in place (the animations' area)
        pad = gap = s(8)
        self.left_w = s(196)
        self.label_w = s(18)
        right_edge = self.W - s(10)
        gx0 = r.left + self.left_w + pad + self.label_w
        gy = r.top + self.label_w
        self.cell = cell
        self.grid_rect = pygame.Rect(gx0, gy, 7 * cell, 7 * cell)
        self.cell_rects = [pygame.Rect(gx0 + (c % 7) * cell, gy + (c // 7) * cell, cell, cell) for c in range(N_CELLS)]
        rx = self.grid_rect.right + 2 * pad
        rw = right_edge - rx
        self.tag_h = s(18)
        hw = min(hw, rw)
        self.hand_cols = max(1, (rw + gap) // (hw + gap))
        self.hw = hw
        ch = int(hw * 1.4)
        row_h = s(56)
        tw = min(s(100), rw // 3)
        ticker_beside = rw - tw - gap >= s(170)
        if not ticker_beside:
            row_h = s(36) + gap + s(64)
        ctrl_h = self._replay_controls_h()
        bottom_h = ctrl_h if ctrl_h else s(38)     # a replay's controls, else (at least) one button
        rows = 2
        if ctrl_h and r.bottom - bottom_h - pad - (r.top + 2 * (ch + self.tag_h) + gap + 2 * pad + row_h) < s(CHAIN_MIN):
            rows = 1
        self.hand_rows = rows
        self.hand_area = pygame.Rect(rx, r.top, rw, rows * (ch + self.tag_h) + (rows - 1) * gap)
        self.hand_scrolls = True
        below = self.hand_area.bottom + pad
        if ticker_beside:               # the Log button beside the newest lines
            tr = pygame.Rect(rx, below + (row_h - s(36)) // 2, tw, s(36))
            self.side.ticker_rect = pygame.Rect(tr.right + gap, below, right_edge - tr.right - gap, row_h)
        else:                           # a narrow column: the newest lines under the button
            tr = pygame.Rect(rx, below, tw, s(36))
            self.side.ticker_rect = pygame.Rect(rx, tr.bottom + gap, rw, s(64))
        if self.side.toggle is not None and self.side.toggle.rect != tr:
            self.side.place_toggle(tr)
        if self.side.ticker is not None:
            self.side.ticker.set_rect(self.side.ticker_rect)
        self.side_rect = pygame.Rect(rx, below, rw, row_h)
        lw = max(rw, min(s(self.log_width), right_edge - self.grid_rect.left))
        self.side.drawer_rect = pygame.Rect(right_edge - lw, r.top, lw, below - pad - r.top)
        self.log.set_rect(self.side.drawer_rect)
        self.side.sync()
        top = below + row_h + pad
        act_h = ctrl_h if ctrl_h else s(4 * 46)
        self.actions_rect = pygame.Rect(rx, r.bottom - act_h, rw, act_h)
        # the chain panel reaches down to the action buttons shown (room for one at least)
        self._right_top = top
        self.right_rect = pygame.Rect(rx, top, rw, max(s(40), r.bottom - bottom_h - pad - top))
        self.panel_rects = {"opp": pygame.Rect(r.left, r.top, self.left_w, s(176)),
                            "me": pygame.Rect(r.left, r.bottom - s(216), self.left_w, s(216))}
        self.prompt_rect = pygame.Rect(r.left, self.panel_rects["opp"].bottom + pad, self.left_w,
                                       self.panel_rects["me"].top - self.panel_rects["opp"].bottom - 2 * pad)
        me = self.panel_rects["me"]
        self.mode_rect = pygame.Rect(me.left + s(8), me.bottom - s(38), me.width - s(16), s(30))
        self._place_replay_controls()
        self.refresh(update_shown=False)

    def action_button_rects(self, n):
        """Stacked from the bottom; above 100 %, where that would leave the chain panel
        less than :data:`CHAIN_MIN`, three or four buttons go two a row (the primary
        last, across the bottom row when the count is odd)."""
        rects = super().action_button_rects(n)
        top = self._right_top
        s = self.s
        if n < 3 or top is None or not self._larger() or rects[0].top - s(8) - top >= s(CHAIN_MIN):
            return rects
        r = self.actions_rect
        bh, gap = s(38), s(8)
        half = (r.width - gap) // 2
        rows = (n + 1) // 2
        out = []
        for i in range(n):
            row, col = divmod(i, 2)
            y = r.bottom - bh - (rows - 1 - row) * (bh + gap)
            if n % 2 and i == n - 1:
                out.append(pygame.Rect(r.left, y, r.width, bh))
            else:
                out.append(pygame.Rect(r.left + col * (half + gap), y, half, bh))
        return out

    def action_buttons_placed(self):
        """The chain column ends where the action buttons just placed begin."""
        s = self.s
        r = self.board_rect
        if not self._larger():
            if self.mode != "replay" and self.actions_rect is not None:
                # 100 %: the chain column reaches down to the buttons shown (room for one at least)
                tops = [b.rect.top for b in self.chrome.action_widgets] + [r.bottom - s(38)]
                rr = self.right_rect
                self.right_rect = pygame.Rect(rr.left, rr.top, rr.width, max(0, min(tops) - s(8) - rr.top))
            return
        top = self._right_top
        if top is None:
            return
        if self.mode == "replay":
            lowest = self.actions_rect.top - s(8)
        else:
            lowest = r.bottom - (s(38) + s(8))
        tops = [b.rect.top for b in self.chrome.action_widgets]
        bottom = min([lowest] + [t - s(8) for t in tops])
        x, w = self.right_rect.left, self.hand_area.width
        self.right_rect = pygame.Rect(x, top, w, max(0, bottom - top))

    def cell_rect(self, c):
        return self.cell_rects[c]

    def hand_rects(self, n):
        """Rows of cards (more rows, smaller cards when the hand outgrows two rows)."""
        if n <= 0 or not self.cell:
            return []
        gap = self.s(8)
        area = self.hand_area
        hw, cols = self.hw, self.hand_cols
        if self.hand_scrolls:
            return self._scrolled_hand_rects(n, hw, gap)
        rows = -(-n // cols)
        while rows * (int(hw * 1.4) + self.tag_h) + (rows - 1) * gap > area.height and hw > self.s(40):
            hw -= self.s(4)
            cols = max(1, (area.width + gap) // (hw + gap))
            rows = -(-n // cols)
        ch = int(hw * 1.4)
        out = []
        for i in range(n):
            row, col = divmod(i, cols)
            in_row = min(cols, n - row * cols)
            x0 = area.centerx - (in_row * (hw + gap) - gap) // 2
            out.append(pygame.Rect(x0 + col * (hw + gap), area.top + row * (ch + self.tag_h + gap), hw, ch))
        return out

    def _scrolled_hand_rects(self, n, hw, gap):
        """Two rows of cards at their size; more cards than fit scroll (arrows beside)."""
        from client.table.kit.parts import OFF_SCREEN
        area, hs = self.hand_area, self.hand_scroll
        ch = int(hw * 1.4)
        cols = self.hand_cols
        grew = n > hs.n
        hs.n, hs.area = n, pygame.Rect(area)
        rows = self.hand_rows
        self.hand_gap = gap
        if n > rows * cols:
            aw = max(12, hw // 3)
            # the arrows in the margins beside the column (between it and the grid, and at the
            # window's edge), the cards a little closer where that makes them room: the hand
            # keeps its columns (three a row at 200 % as at 150 %)
            beside = self._arrows_beside(area, cols, hw, gap) if cols >= 2 else None
            if beside is not None:
                self.hand_gap, hs.left, hs.right = beside
            else:
                inner_w = area.width - 2 * (aw + gap // 2)
                cols = max(1, (inner_w + gap) // (hw + gap))
                hs.left = pygame.Rect(area.left, area.top, aw, area.height)
                hs.right = pygame.Rect(area.right - aw, area.top, aw, area.height)
            hs.visible = rows * cols
            if grew:
                hs.offset = n - hs.visible            # a newly drawn card comes into view
            hs.clamp()
        else:
            hs.visible, hs.offset = n, 0
            hs.left = hs.right = pygame.Rect(0, 0, 0, 0)
        first = hs.offset
        count = min(n - first, hs.visible)
        out = []
        for i in range(n):
            j = i - first
            if not 0 <= j < count:
                out.append(pygame.Rect(OFF_SCREEN + i * (hw + gap), area.top, hw, ch))
                continue
            row, col = divmod(j, cols)
            in_row = min(cols, count - row * cols)
            hg = self.hand_gap                 # across (closer beside the arrows); rows keep ``gap``
            x0 = area.centerx - (in_row * (hw + hg) - hg) // 2
            out.append(pygame.Rect(x0 + col * (hw + hg), area.top + row * (ch + self.tag_h + gap), hw, ch))
        return out

    def _arrows_beside(self, area, cols, hw, gap):
        """(card gap, left arrow, right arrow) with the arrows outside ``cols`` cards a row
        centred in ``area``: in the margins between the column and the grid's frame and at
        the window's edge. The widest card gap (down to ``s(3)``) that leaves each arrow
        ``s(ARROW_W)``, else the closest cards (the widest arrows) that leave it a clickable
        ``s(10)``; None when even those don't fit (the arrows then take a column inside)."""
        s = self.s
        lb = self.grid_rect.right + s(5)      # clear of the grid's frame (s(4) around its cells)
        rb = self.W - s(2)
        sp = s(3)                             # between an arrow and its card (a tag reaches less)
        cap = max(12, hw // 3)
        fit = None
        for cg in range(gap, max(2, s(3)) - 1, -1):
            need = cols * hw + (cols - 1) * cg
            x0 = area.centerx - need // 2
            aw = min(cap, x0 - sp - lb, rb - (x0 + need + sp))
            if aw >= max(10, s(10)):
                fit = (cg, pygame.Rect(x0 - sp - aw, area.top, aw, area.height),
                       pygame.Rect(x0 + need + sp, area.top, aw, area.height))
                if aw >= s(ARROW_W):
                    break
        return fit

    def panel_of(self, seat):
        return self.panel_rects["me" if seat == self.viewer else "opp"]

    def _compute_spots(self):
        spots = []
        self.tray = None
        if not self.human_to_move():
            self.spots = spots
            return
        m = self.match
        v = self.view
        me = self.viewer
        ph = m.phase()
        legal = self.legal
        if ph in ("cell", "order", "hit", "pull"):
            for a in legal:
                if a[0] in (EM.CELL, EM.ORDER, EM.HIT, EM.PULL):
                    spots.append((self.cell_rect(a[1]), a, None, self.label_of(a)))
        elif ph == "ability":
            c0 = m.pos[m.acting()]
            for a in legal:
                if a[0] == EM.FIRE:
                    t = NEIGHBOUR[c0][a[1]]
                    spots.append((self.cell_rect(t), a, None, self.label_of(a)))
        elif ph == "conflict":
            c0 = m.pos[m.acting()]
            for a in legal:
                t = NEIGHBOUR[c0][a[1]]
                spots.append((self.cell_rect(t), a, None, self.label_of(a)))
        elif ph in ("pick", "discard"):
            opts = [a for a in legal if a[0] in (EM.PICK, EM.DISCARD)]
            hand = v.hand(me)
            rects = self.hand_rects(len(hand))
            from_hand = ph == "discard" or (opts and opts[0][1] in hand)
            if from_hand:
                by_card = {}
                for a in opts:
                    by_card[v.cardof[a[1]]] = a
                for i, inst in enumerate(hand):
                    a = by_card.get(v.cardof[inst]) if ph == "pick" else (EM.DISCARD, inst)
                    if a is not None and i < len(rects):
                        spots.append((rects[i], a, card_obj(v, inst), self.label_of(a)))
            else:   # Resurrection: a tray of the graveyard's choices over the hand row
                s = self.s
                n = len(opts)
                tw = min(self.hw, max(s(50), (self.hand_area.width - s(40)) // max(1, n) - s(10)))
                th = int(tw * 1.4)
                tray = pygame.Rect(0, 0, max(n * (tw + s(10)) + s(30), s(400)), th + s(40))
                tray.midbottom = (self.hand_area.centerx, self.hand_area.bottom)
                tray.clamp_ip(self.board_rect)
                self.tray = tray
                x0 = tray.centerx - (n * (tw + s(10)) - s(10)) // 2
                for i, a in enumerate(opts):
                    rr = pygame.Rect(x0 + i * (tw + s(10)), tray.top + s(32), tw, th)
                    spots.append((rr, a, card_obj(v, a[1]), self.label_of(a)))
        self.spots = spots

    def callout_rect(self):
        """The hint's and a reviewed move's words: the log column in play (it reaches down
        the window); in a replay, whose chain and log columns are short above its controls,
        across both (the log column alone cut a reviewed move's words short). Where the log
        folds into a strip (its ticker holds a line or two) and its drawer is shut, in play
        as in a replay, over the chain panel below it (the ticker cut a hint to "Hint: Play
        Inferno …")."""
        if not self._replay_controls_h():
            if self.side.compact and not self.side.log_open:
                return pygame.Rect(self.right_rect)
            return self.side.face_rect()
        if self.side.compact:
            return pygame.Rect(self.right_rect)
        a, b = self.right_rect, self.side_rect
        return pygame.Rect(a.left, max(a.top, b.top), b.right - a.left, min(a.bottom, b.bottom) - max(a.top, b.top))

    def thinking_rect(self):
        return None  # drawn inside the "NOW" panel (_draw_prompt)

    def thinking_area(self):
        r = self.prompt_rect  # where _draw_prompt puts the sign (redrawn alone while the AI thinks)
        return pygame.Rect(r.left + self.s(8), r.top + self.s(24), r.width - self.s(16), self.s(34))
