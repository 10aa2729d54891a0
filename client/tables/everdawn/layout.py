"""The Everdawn table's geometry: where every lane, slot, equip box, hand card, panel
and choice sits (``layout()`` and the rect helpers), as a mixin of :class:`~client.tables.everdawn.table.Table`."""
from __future__ import annotations

import functools

import pygame

from engine.core.match import event_view
from engine.everdawn import match as EM
from engine.everdawn.cards import KIND
from engine.everdawn.text import EVENTS

from client.tables.everdawn.face import art_rect
from client.table.kit.parts import hand_layout
from client.ui.theme import font

from client.tables.everdawn.common import EQ_KINDS, GAME, card_of


def _bands(k, c, ref=None):
    """The heights between the rows at scale ``k`` with bands at scale ``c``: (the
    opponent's hand strip, the gap between rows, the phase band, the lane labels under
    your row). Above 100 % (``ref``: the 100 % scale) they close up, never below what
    their words need: the hand strip its label, the phase band two lines of its 100 %
    prompt, the gaps half their 100 % height."""
    def S(x):
        return int(round(x * k))

    def V(x):
        return int(round(x * c))
    strip, vpad, band = V(40), V(8), V(50)
    if ref is not None and (k > ref + 1e-9 or c < k - 1e-9):
        strip = max(S(21), strip)
        vpad = max(int(round(4 * ref)), vpad)
        band = max(2 * font(int(round(15 * ref))).get_linesize() + S(4), band, S(36))
    below = max(vpad + V(16), S(27) - V(3))
    return strip, vpad, band, below


def roomy(ref):
    """The bands' scale at 100 % in a window larger than 1280x720 (``ref``: its 100 %
    scale): they grow half as fast as the window (never under what their words need:
    :func:`_bands`), the cards taking the rest of the height (at 1920x1080 the cards are
    wider than 1.5 times their 1280x720 width, as wide as the window's 200 % can keep
    them); ``ref`` itself in smaller windows."""
    return ref if ref <= 1 + 1e-9 else 1 + (ref - 1) * 0.5


def _room_sizes(rw, rh, k, c, ref=None):
    """:func:`_sizes`, with the bands of a 100 % layout (``k`` == ``ref``) at :func:`roomy`:
    the 100 % cards that the larger interface sizes keep at least (SidePanel.chrome_plan)."""
    if ref is not None and abs(k - ref) < 1e-9:
        c = min(c, roomy(ref))
    return _sizes(rw, rh, k, c, ref)


def _gaps(k, ref=None):
    """(between lanes, between bench slots, between lanes and bench) at scale ``k``;
    closer above 100 % (the cards get the width where it is the limit: 1024x640)."""
    def S(x):
        return int(round(x * k))
    if ref is not None and k > ref + 1e-9:
        return S(14), S(8), S(26)
    return S(18), S(10), S(34)


def _sizes(rw, rh, k, c, ref=None):
    """(board card width, hand card width) in a board of ``rw`` x ``rh`` with lengths at
    scale ``k`` and the bands between the rows (heights) at scale ``c``."""
    def S(x):
        return int(round(x * k))

    def V(x):
        return int(round(x * c))
    strip, vpad, band, below = _bands(k, c, ref)
    avail_h = rh - strip - band - 4 * vpad - V(8) - max(0, S(27) - V(27))   # the lane labels' text
    cw_h = avail_h / (2 * (1.4 + 0.32) + 1.27)
    # the hand keeps its share of the height (9/10 of a board card)
    share = 0.9
    if ref is not None and k > ref + 1e-9:
        share = 0.9
        cw_h = (rh - strip - 3 * vpad - band - below - 2 * V(3)) / (2 * 1.68 + 1.4 * share)
    lane_gap, bench_gap, sep = _gaps(k, ref)
    info_w = S(158) if ref is not None and k > ref + 1e-9 else S(150)
    cw_w = (rw - info_w - 2 * lane_gap - 2 * bench_gap - sep - 3 * S(8)) / (3 + 3 * 0.86)
    cw = int(min(cw_h, cw_w))

    def hand(cw):
        eq_h = max(V(18), int(cw * 0.28))
        used = strip + vpad + 2 * (eq_h + V(3) + int(cw * 1.4)) + vpad + band + vpad + below
        return max(S(40), min(int(cw * 0.95), int((rh - used) / 1.4)))
    while cw > S(40) and hand(cw) < cw * share:
        cw -= 1
    return cw, hand(cw)


class EverdawnLayout:
    low_top_bar = True      # above 100 %: the board gets the height (TableScene.top_bar_at)

    def scale_probe(self):
        """The card sizes a player notices (the layout check's "larger is larger")."""
        return {"board card": self.cw, "hand card": self.hw}

    # ================================================================ geometry
    def layout(self):
        s = self.s
        r = self.board_rect
        # larger interface sizes: the text and the panels grow; the bands between the rows
        # grow only as far as the cards keep at least their 100 % size (the window's
        # height is the limit at 1280x720), so larger is never smaller
        ref = self.side.reference_scale()
        sizes = functools.partial(_room_sizes, ref=ref)
        c, cap = self.side.chrome_plan(sizes, floor=0.5)   # (each band stops at what its words need)
        if cap is None:
            c = min(c, roomy(ref))      # a window larger than 1280x720: the cards get the room

        def v(x):
            return int(round(x * c))
        self.vs = v
        pad = s(8)
        self.strip_h, vpad, self.band_h, below = _bands(self.app.scale, c, ref)
        self.vpad = vpad
        # above 100 % a little wider: the morale number beside its label at (at least) its 100 % size
        self.info_w = s(158) if self.app.scale > ref + 1e-9 else s(150)
        lane_gap, bench_gap, sep = _gaps(self.app.scale, ref)
        bk = 0.86
        cw = sizes(r.width, r.height, self.app.scale, c)[0]
        if cap is not None:
            cw = min(cw, cap[0])          # never larger than at 200 %: larger is never smaller
        self.cw, self.ch = cw, int(cw * 1.4)
        bw, bh = int(cw * bk), int(cw * bk * 1.4)
        self.eq_h = max(v(18), int(cw * 0.28))
        block_w = 3 * cw + 2 * lane_gap + sep + 3 * bw + 2 * bench_gap
        x0 = r.left + self.info_w + 2 * pad + max(0, (r.width - self.info_w - 2 * pad - block_w) // 2)
        self.block = pygame.Rect(x0, r.top, block_w, r.height)
        top = r.top + self.strip_h + vpad
        opp_card_top = top + self.eq_h + v(3)
        self.band = pygame.Rect(x0, opp_card_top + self.ch + vpad, block_w, self.band_h)
        my_card_top = self.band.bottom + vpad
        self.slot_rects = {}
        self.eq_rects = {}
        for seat_row, card_top in (("opp", opp_card_top), ("me", my_card_top)):
            for i in range(3):
                rr = pygame.Rect(x0 + i * (cw + lane_gap), card_top, cw, self.ch)
                self.slot_rects[(seat_row, i)] = rr
            bx = x0 + 3 * cw + 2 * lane_gap + sep
            for j in range(3):
                by = card_top + (self.ch - bh) // 2
                rr = pygame.Rect(bx + j * (bw + bench_gap), by, bw, bh)
                self.slot_rects[(seat_row, 3 + j)] = rr
            for sl in EM.SLOTS:
                rr = self.slot_rects[(seat_row, sl)]
                g = max(2, s(3))
                ew = (rr.width - 2 * g) // 3
                ey = rr.top - self.eq_h - v(3) if seat_row == "opp" else rr.bottom + v(3)
                for k_i, kind in enumerate(EQ_KINDS):
                    self.eq_rects[(seat_row, sl, kind)] = pygame.Rect(rr.left + k_i * (ew + g), ey, ew, self.eq_h)
        my_bottom = my_card_top + self.ch + v(3) + self.eq_h
        # the "Lane 1 / Bench" labels under your row (their text at the interface size): ``below``
        self.hand_area = pygame.Rect(x0 - s(4), my_bottom + below, block_w + s(8), r.bottom - my_bottom - below)
        self.hw = max(s(40), min(int(cw * 0.95), int(self.hand_area.height / 1.4)))
        if cap is not None:
            self.hw = min(max(self.hw, sizes(r.width, r.height, self.app.scale, c)[1]), cap[1])
        bx0 = x0 + 3 * cw + 2 * lane_gap + sep
        self.opp_hand_area = pygame.Rect(bx0, r.top, block_w - (bx0 - x0), self.strip_h)
        # the opponent's hand and its "… hand: 5" over their bench, above the bench's
        # "Bench (1 = Champion)"; where the strip is too low for both (1280x720 at 200 %),
        # over their lanes instead (no label there)
        from client.ui.theme import font
        bench_label_top = self.slot_rects[("opp", 3)].top - self.eq_h - s(9) - s(16)
        hand_label_bottom = r.top + self.strip_h // 2 + font(s(14)).get_linesize() // 2
        if hand_label_bottom + s(3) > bench_label_top:
            self.opp_hand_area = pygame.Rect(x0, r.top, 3 * cw + 2 * lane_gap, self.strip_h)
        # the "… hand: 5" line clears the top of their row's frame: at large interface sizes
        # the frame's top margin narrows to make room for it (and where even that is not
        # enough the line is left out: the face-down cards and the info panel's "Hand" row
        # say the same)
        glyphs = font(s(14)).render("Hand: 0gjpqy", True, (255, 255, 255))
        label_bottom = self.opp_hand_area.centery - glyphs.get_height() // 2 + glyphs.get_bounding_rect().bottom
        icons_top = self.slot_rects[("opp", 0)].top - self.eq_h
        #: the margin of their row's frame above their equipment icons
        self.opp_frame_pad = s(9) if label_bottom < icons_top - s(9) else s(3)
        self.opp_hand_label = label_bottom < icons_top - self.opp_frame_pad
        ix = max(r.left, x0 - self.info_w - 2 * pad)
        self.info = {
            "opp": pygame.Rect(ix, self.slot_rects[("opp", 0)].top - self.eq_h - v(3), self.info_w,
                               self.ch + self.eq_h + v(3)),
            "me": pygame.Rect(ix, my_card_top, self.info_w, self.ch + self.eq_h + v(3)),
        }
        self.refresh(update_shown=False)

    def words(self, v, zone) -> bool:
        """Rules text or icons, one way for a whole zone ("lanes": both players' lanes,
        "bench", "hand"): the cards' text when every card's fits its face, else icons on
        each (the text is in the zoom), so a row never mixes the two."""
        from client.cards import zone_words
        if zone == "hand":
            rects = self.hand_rects(len(v.hand[self.viewer]))
            return not rects or zone_words(GAME, [card_of(c) for c in v.hand[self.viewer]], rects[0].width)
        slots = EM.LANES if zone == "lanes" else tuple(sl for sl in EM.SLOTS if sl not in EM.LANES)
        from client.cards.state import in_play
        from engine.everdawn.state import card_state
        faces = []
        for seat in (0, 1):
            for sl in slots:        # (each as it is now, as face_of makes it)
                if v.creature_at(seat, sl) >= 0 and (seat, sl) not in self.hidden_slots:
                    st = card_state(v, (seat, sl))
                    faces.append(in_play(GAME, card_of(v.creature_at(seat, sl)), st) if st is not None else None)
        return zone_words(GAME, faces, self.slot_rect(0, slots[0]).width)

    def slot_rect(self, seat, slot):
        return self.slot_rects[(self.row(seat), slot)]

    def eq_rect(self, seat, slot, kind):
        return self.eq_rects[(self.row(seat), slot, kind)]

    def morale_pos(self, seat):
        r = self.info[self.row(seat)]
        return (r.centerx, r.top + self.s(62))

    def hand_rects(self, n):
        if n <= 0:
            return []
        return hand_layout(n, self.hand_area, self.hw, int(self.hw * 1.4), gap=self.s(8), scroll=self.hand_scroll)

    def _compute_choice_spots(self):
        """Clickable rects for non-drag decisions: (rect, action, card)."""
        spots = []
        self.tray = None
        if not self.human_to_move():
            self.choice_spots = spots
            return
        m = self.match
        me = m.to_move()
        ph = m.phase()
        legal = self.legal
        if ph == "order":
            for a in legal:
                if a[0] == EM.ORDER:
                    spots.append((self.slot_rect(1 - me, a[1]), a, None))
        elif ph == "choice":
            kind, p, x, y = m.pending()
            opts = [a for a in legal if a[0] == EM.CHOOSE]
            if kind in (EM.CH_REFORGE, EM.CH_SCOUT, EM.CH_SCOUT_ORDER) + EM.CH_BOTTOM:
                n = len(opts)
                tw = int(self.cw * 0.9)
                th = int(tw * 1.4)
                gap = self.s(12)
                cards_w = n * tw + (n - 1) * gap
                # wide enough for its heading too (the prompt), within the board block
                text_w = font(self.s(16), True).size(self.prompt())[0]
                width = min(max(cards_w, text_w) + self.s(40), self.block.width)
                tray = pygame.Rect(0, 0, width, th + self.s(70))
                # over the opponent's row, so your own row (the slot being changed) stays in view
                tray.midtop = self.block.centerx, self.board_rect.top + self.s(4)
                tray.clamp_ip(self.board_rect)
                self.tray = tray
                for i, a in enumerate(opts):
                    rr = pygame.Rect(tray.centerx - cards_w // 2 + i * (tw + gap), tray.top + self.s(50), tw, th)
                    if kind == EM.CH_BOTTOM_CREATURES:      # the cards gone down, from the bottom up
                        code = self.view.cdeck[me][y + a[1]]
                    elif kind == EM.CH_BOTTOM_SUPPORT:
                        code = self.view.sdeck[me][y + a[1]]
                    else:
                        code = a[1] if kind == EM.CH_REFORGE else \
                            self.view.sdeck[me][-1 - a[1] - (y if kind == EM.CH_SCOUT_ORDER else 0)]
                    spots.append((rr, a, card_of(code)))
            else:
                for a in opts:
                    v = a[1]
                    if kind in (EM.CH_PLACE, EM.CH_RELOCATE, EM.CH_REDIRECT_LANE):
                        rr = self.slot_rect(me, v)
                    elif kind in (EM.CH_SET_OPP, EM.CH_REDIRECT_ATTACK):
                        rr = self.slot_rect(1 - me, v)
                    elif kind == EM.CH_SWAP_ITEM:
                        rr = self.eq_rect(me, x, v)
                    elif kind == EM.CH_SWAP_HAND:
                        hr = self.hand_rects(len(m.hand[me]))
                        rr = hr[v] if v < len(hr) else None
                    else:
                        rr = None
                    if rr is not None:
                        spots.append((rr, a, None))
        self.choice_spots = spots

    def _event_rect(self, e):
        v = event_view(e, EVENTS)
        k = v.kind
        try:
            if k in ("move",):
                return self.slot_rect(v.player, v.dst)
            if k in ("place", "revive"):
                return self.slot_rect(v.player, v.slot)
            if k == "equip":
                return self.eq_rect(v.player, v.slot, KIND[v.item])
            if k == "set":
                return self.slot_rect(v.player, v.slot)
            if k == "cast":
                t = v.target
                if 0 <= t < 6:
                    return self.slot_rect(v.player, t)
                return self.band
            if k == "redirect":
                return self.slot_rect(v.player, v.new_lane)
            if k == "attack":
                return self.slot_rect(1 - v.player, v.target_lane)
            if k == "lane_bonus" and v.lane >= 0:
                return self.slot_rect(v.player, v.lane)
        except (IndexError, KeyError, TypeError):
            return None
        return None

    def _art_of(self, rr, seat=None, slot=None):
        """The art window of the creature shown in ``rr`` (window coordinates)."""
        v = self.shown
        code = -1
        if seat is not None:
            code = v.creature_at(seat, slot)
        else:
            for (row, sl), r in self.slot_rects.items():
                if r == rr:
                    code = v.creature_at(0 if row == self.row(0) else 1, sl)
                    break
        c = card_of(code) if code >= 0 else None
        if c is None:
            return pygame.Rect(rr.left, rr.top + int(rr.height * 0.16), rr.width, int(rr.height * 0.3))
        return art_rect(c, rr.width).move(rr.topleft)

    def thinking_rect(self):
        """In the phase band, right end (clear of the lanes and the Set/Combat/End chips)."""
        b = self.band
        r = pygame.Rect(0, 0, min(self.s(250), b.width // 2), b.height - self.s(8))
        r.midright = (b.right - self.s(6), b.centery)
        return r

    # ---------------------------------------------------------------- hands
    def _opp_hand_rects(self, v):
        opp = 1 - self.viewer
        hand = v.hand[opp]
        n = len(hand)
        if n == 0:
            return []
        area = self.opp_hand_area.inflate(0, -self.s(4))
        w = int(area.height / 1.4)
        step = min(w + self.s(4), max(self.s(6), (area.width // 2 - w) // max(1, n - 1)))
        x = area.right - w - step * (n - 1)
        return [(pygame.Rect(x + i * step, area.top, w, int(w * 1.4)), hand[i]) for i in range(n)]
