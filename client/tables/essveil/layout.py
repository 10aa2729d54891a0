"""Essveil table geometry: where everything on the board goes (a mixin of
:class:`client.tables.essveil.table.Table`). ``layout()`` computes the rects from
``self.board_rect`` and the interface scale ``self.s``; the helpers below answer
"where is ..." for drawing, gestures and animations.
"""
from __future__ import annotations

import functools


import pygame

from engine.essveil import match as EV

from client.table.kit.parts import hand_layout


def _gap(k, ref=None):
    """Between two creatures in a row: closer above 100 % (the row's width is the cards'
    limit at 1280x720 and 1024x640)."""
    return int(round((5 if ref is not None and k > ref + 1e-9 else 8) * k))


def _sizes(rw, rh, k, c, ref=None):
    """(board card width, hand card width) in a board of ``rw`` x ``rh``: lengths at scale
    ``k``, the strips, band and gaps between the rows (heights) at scale ``c``."""
    def S(x):
        return int(round(x * k))

    def V(x):
        return int(round(x * c))
    strip_h, band_h, tab_h, pad = V(44), V(40), V(20), V(8)
    w0 = rw - S(160) - S(8)
    fixed = 2 * strip_h + band_h + 2 * tab_h + 6 * pad
    cw = max(S(40), int(min((rh - fixed) / 2.9 / 1.4, (w0 - 6 * _gap(k, ref)) / 7)))
    ch = int(cw * 1.4)
    hand_h = int(ch * 1.06) + V(6)
    row_h = max(ch + tab_h, (rh - 2 * strip_h - band_h - 5 * pad - hand_h) // 2)
    left = rh - 2 * strip_h - band_h - 5 * pad - 2 * row_h
    hh = max(S(40), min(left, int(ch * 1.06)))
    return cw, int(hh / 1.4)


class EssveilLayout:
    low_top_bar = True      # above 100 %: the board gets the height (TableScene.top_bar_at)

    def scale_probe(self):
        """The card sizes a player notices (the layout check's "larger is larger")."""
        out = {"board card": self.cw, "hand card": self.hw}
        face = self.info_plan(self.viewer)[1] if self.info is not None else 0
        if face:
            out["graveyard card"] = face
        return out

    # ================================================================ geometry
    def layout(self):
        s = self.s
        r = self.board_rect
        # larger interface sizes: text and panels grow; the strips and the band between
        # the rows grow only as far as the cards keep at least their 100 % size
        ref = self.side.reference_scale()
        sizes = functools.partial(_sizes, ref=ref)
        c, cap = self.side.chrome_plan(sizes)

        def v(x):
            return int(round(x * c))
        pad = v(8)
        self.pad = pad
        self.info_w = s(160)
        self.strip_h = v(44)
        self.band_h = v(40)
        self.tab_h = v(20)
        self.gap = _gap(self.app.scale, ref)
        x0 = r.left + self.info_w + s(8)
        w0 = r.right - x0
        fixed = 2 * self.strip_h + self.band_h + 2 * self.tab_h + 6 * pad
        ch_h = (r.height - fixed) / 2.9
        cw_w = (w0 - 6 * self.gap) / 7
        self.cw = max(s(40), int(min(ch_h / 1.4, cw_w)))
        if cap is not None:
            self.cw = min(self.cw, cap[0])    # never larger than at 200 %: larger is never smaller
        self.ch = int(self.cw * 1.4)
        # hand cards about the size of the creatures in play; when the width limits the
        # cards, the height left over goes to the two rows, not to ever bigger hand cards
        hand_h = int(self.ch * 1.06) + v(6)
        row_h = max(self.ch + self.tab_h,
                    (r.height - 2 * self.strip_h - self.band_h - 5 * pad - hand_h) // 2)
        self.unit_dy = (row_h - self.ch - self.tab_h) // 2   # creatures centred in a taller row
        y = r.top
        self.strips = {}
        self.rows = {}
        self.strips["opp"] = pygame.Rect(x0, y, w0, self.strip_h)
        y += self.strip_h + pad
        self.rows["opp"] = pygame.Rect(x0, y, w0, row_h)
        y += row_h + pad
        self.band = pygame.Rect(r.left, y, r.width, self.band_h)
        y += self.band_h + pad
        self.rows["me"] = pygame.Rect(x0, y, w0, row_h)
        y += row_h + pad
        self.strips["me"] = pygame.Rect(x0, y, w0, self.strip_h)
        y += self.strip_h + pad
        self.hand_area = pygame.Rect(x0, y, w0, r.bottom - y)
        self.hh = max(s(40), min(self.hand_area.height, int(self.ch * 1.06)))
        self.hw = int(self.hh / 1.4)
        if cap is not None and self.hw > cap[1]:
            self.hw = cap[1]
            self.hh = int(self.hw * 1.4)
        self.info = {"opp": pygame.Rect(r.left, r.top, self.info_w, self.band.top - pad - r.top),
                     "me": pygame.Rect(r.left, self.band.bottom + pad, self.info_w,
                                       r.bottom - self.band.bottom - pad)}
        # the Attune choice: two big buttons over your side (your creatures can't act yet anyway)
        pw, ph = min(w0 - s(30), s(600)), min(self.rows["me"].height + s(10), s(160))
        self.attune_panel = pygame.Rect(0, 0, pw, ph)
        self.attune_panel.center = self.rows["me"].center
        bw = (pw - s(16) * 3) // 2
        bh = ph - s(56)
        self.attune_rects = {
            "flow": pygame.Rect(self.attune_panel.left + s(16), self.attune_panel.top + s(44), bw, bh),
            "deep": pygame.Rect(self.attune_panel.left + 2 * s(16) + bw, self.attune_panel.top + s(44), bw, bh),
        }
        self.refresh(update_shown=False)

    def words(self, v, zone) -> bool:
        """Rules text or icons, one way for a whole zone ("rows": the creatures of both
        players, "hand"): the cards' text when every card's fits its face, else icons on
        each (the text is in the zoom), so a row never mixes the two."""
        from client.cards import zone_words
        from client.tables.essveil.common import GAME, card_of
        if v is None:
            return True
        if zone == "hand":
            hand = v.hand_ids(self.viewer)
            rects = self.hand_rects(len(hand))
            return not rects or zone_words(GAME, [card_of(c) for c in hand], rects[0].width)
        key = (tuple(v.boards[0]), tuple(v.boards[1]), self.cw)    # (asked for each creature drawn)
        memo = self._rows_words
        if memo is not None and memo[0] == key:
            return memo[1]
        from client.cards.state import in_play
        from engine.essveil.state import card_state
        faces = []
        for seat in (0, 1):
            for c in v.creatures(seat):
                st = card_state(v, c["uid"])        # (each as it is now, as face_of makes it)
                faces.append(in_play(GAME, card_of(st.card), st) if st is not None else None)
        out = zone_words(GAME, faces, self.cw)
        self._rows_words = (key, out)
        return out

    def info_rect(self, seat):
        return self.info[self.row(seat)]

    def strip_rect(self, seat):
        return self.strips[self.row(seat)]

    def life_pos(self, seat):
        r = self.info_rect(seat)
        return (r.centerx + self.s(14), r.top + self.s(62))

    def life_rect(self, seat):
        """Around the Life number: where attack and spell arrows at a player point."""
        r = pygame.Rect(0, 0, self.s(80), self.s(44))
        r.center = self.life_pos(seat)
        return r

    def grave_pos(self, seat):
        return self.grave_row_rect(seat).center

    def deck_pos(self, seat):
        r = self.info_rect(seat)
        return (r.centerx, r.top + self.s(104))

    def grave_row_rect(self, seat):
        r = self.info_rect(seat)
        s = self.s
        top = s(120) if self.info_plan(seat)[0] else s(140)
        return pygame.Rect(r.left + s(6), r.top + top, r.width - s(12), s(22))

    #: the top-of-the-graveyard card in your panel: this wide at scale 1 (it grows with the
    #: interface size, like every text on it)
    GRAVE_FACE_W = 100

    def info_plan(self, seat):
        """(rows joined, face width) for a player's panel: Deck and Hand on one row when
        the panel is too short for them and the top-of-the-graveyard card (larger
        interface sizes); the card as wide as the interface size makes it (0: no room,
        the opponent's shorter panel)."""
        r = self.info_rect(seat)
        s = self.s
        w = s(self.GRAVE_FACE_W)
        face_h = int(w * 1.4) + s(6)
        if r.height >= s(140) + s(22) + s(12) + s(10) + face_h + s(8):
            return False, w
        if r.height >= s(120) + s(22) + s(8) + face_h:
            return True, w
        fit = int((r.height - s(120) - s(22) - s(8) - s(6)) / 1.4)   # (a window smaller than the tables')
        return (True, fit) if fit >= s(60) else (False, 0)

    def unit_rects(self, v) -> dict:
        """uid -> card rect for every creature in ``v`` (left to right, centred in its row)."""
        out = {}
        if not self.cw or v is None:
            return out
        for seat in (0, 1):
            uids = v.boards[seat][0::EV.REC]
            row = self.rows[self.row(seat)]
            n = len(uids)
            if not n:
                continue
            step = self.cw + self.gap
            total = step * (n - 1) + self.cw
            x = row.centerx - total // 2
            for i, u in enumerate(uids):
                out[u] = pygame.Rect(x + i * step, row.top + self.unit_dy, self.cw, self.ch)
        return out

    #: what an empty row says, longest first: the first that fits is drawn (none when none fits)
    ROW_HINTS = ("Your side: drop creatures here", "Drop creatures here")
    ROW_EMPTY = ("No creatures",)

    def attune_shown(self) -> bool:
        """The Attune buttons are (or are about to be) over your row."""
        return self.match is not None and self.human_to_move() and self.match.phase() == "attune"

    def row_hint(self, seat):
        """(text, rect) of the words in ``seat``'s empty row, or None: the "drop creatures
        here" hint only while you can play one (your main phase), never under the Attune
        buttons, never across the row's count, and left out where no wording fits."""
        from client.ui.theme import font
        if seat == self.viewer and self.attune_shown():
            return None                      # the Attune choice covers the row
        mine = seat == self.viewer and self.human_to_move() and not self.anims.busy \
            and self.match.phase() == "main"
        row = self.rows[self.row(seat)]
        size = self.s(15)
        f = font(size, False, True)
        count_w = font(self.s(11), True).size(f"0/{EV.MAX_CREATURES}")[0] + self.s(10)
        room = pygame.Rect(row.left + count_w, row.top, row.width - 2 * count_w, row.height)
        if room.width <= 0 or f.get_height() > row.height:
            return None
        for text in (self.ROW_HINTS if mine else self.ROW_EMPTY):
            w, h = f.size(text)
            if w <= room.width:
                r = pygame.Rect(0, 0, w, h)
                r.center = row.center
                return text, r
        return None

    def tab_rects(self, rr, has_ability, has_equip):
        """(ability tab, equipment tab) under a creature card (None when absent)."""
        s = self.s
        t = pygame.Rect(rr.left, rr.bottom + s(2), rr.width, self.tab_h - s(2))
        if has_ability and has_equip:
            half = (t.width - s(2)) // 2
            return pygame.Rect(t.left, t.top, half, t.height), pygame.Rect(t.right - half, t.top, half, t.height)
        return (t if has_ability else None), (t if has_equip else None)

    def hand_rects(self, n):
        if n <= 0:
            return []
        return hand_layout(n, self.hand_area, self.hw, self.hh, gap=self.s(8), lift=self.s(4),
                           scroll=self.hand_scroll)

    def opp_hand_rects(self, v):
        opp = 1 - self.viewer
        n = len(v.hands[opp])
        if n == 0:
            return []
        area = self.strip_rect(opp).inflate(0, -self.s(6))
        # the hand gets what the Essence cards leave free (minus room for its "Hand N" label)
        left = self._ess_right.get(opp, area.left + area.width * 2 // 3) + self.s(70)
        room = max(self.s(60), area.right - self.s(4) - left)
        h = area.height
        w = int(h / 1.4)
        step = min(w + self.s(4), max(self.s(4), (room - w) // max(1, n - 1)))
        x = area.right - w - step * (n - 1)
        return [pygame.Rect(x + i * step, area.top, w, h) for i in range(n)]

    def seat_hand_rect(self, v, seat, i):
        if seat == self.viewer:
            rr = self.hand_rects(len(v.hands[seat]))
        else:
            rr = self.opp_hand_rects(v)
        if not rr:
            return pygame.Rect(self.hand_area.center, (self.hw, self.hh))
        return rr[max(0, min(i, len(rr) - 1))]

    def veil_rect(self, seat):
        """Where the Essence cards sit in ``seat``'s strip."""
        r = self.strip_rect(seat)
        return pygame.Rect(r.left, r.top, min(r.width, self.s(520)), r.height)

    def _grave_panel(self):
        r = self.board_rect
        p = pygame.Rect(0, 0, min(r.width - self.s(40), self.s(760)), min(r.height - self.s(40), self.s(520)))
        p.center = r.center
        return p

    def _grave_close_rect(self):
        p = self._grave_panel()
        return pygame.Rect(p.right - self.s(40), p.top + self.s(8), self.s(30), self.s(30))

    # ---------------------------------------------------------------- the thinking sign in the band
    def thinking_rect(self):
        """None: _draw_band draws the thinking sign, in the phase band (not over the
        opponent's Veil)."""
        return None

    def thinking_area(self):
        """Where _draw_band puts the thinking sign (redrawn alone while the AI thinks)."""
        b = self.band
        r = pygame.Rect(0, 0, self.s(250), b.height - self.s(8))
        r.midright = (b.right - self.s(6), b.centery)
        return r
