"""Drawing the Everdawn board: rows, slots, equipment, info panels, the phase band,
sets and attack arrows, both hands and the choices."""
from __future__ import annotations

import pygame

from engine.everdawn import match as EM
from engine.everdawn.cards import ATKB, DEFB
from engine.everdawn.state import card_state

from client.cards import back_surface, card_surface
from client.cards.draw import FIGURE_MIN
from client.tables.everdawn.face import art_rect, colour_of, icon_of
from client.cards.icons import draw_icon
from client.cards.state import in_play
from client.table.chrome import SEAT_COLOURS
from client.table.kit.parts import draw_arrow, topmost_at
from client.ui.theme import PAL, draw_text, ellipsize, fit_font, fit_line, fit_named, font, panel, shade

from client.tables.everdawn.anims import ATTACK_COL, ClashAnim, fmt_clock, pill
from client.tables.everdawn.common import CLOCK, GAME, EQ_KINDS, EQ_ICON, COMBAT_PHASES, card_of


class EverdawnDraw:
    _veil_cache: dict = {}

    def draw_over_zoom(self, surf, r):
        note = self._hover_note
        if note:      # why an effect won't happen: placed, not played
            from client.ui.theme import draw_wrapped
            s = self.s
            box = pygame.Rect(r.left, r.bottom + s(6), r.width, s(58))
            if box.bottom > self.H - s(4):
                box.bottom = r.top - s(6)
            panel(surf, box, colour=PAL["panel"], border=PAL["gold"], radius=s(8), alpha=245)
            draw_wrapped(surf, note, box.inflate(-s(14), -s(10)), s(14), PAL["gold_hi"], bold=True)

    # ================================================================ drawing
    def draw_board(self, surf):
        if not self.cw:
            return
        v = self.shown
        me, opp = self.viewer, 1 - self.viewer
        self._art_free = {}       # (seat, slot): the art's room left for a badge (filled by _draw_row)
        self._draw_opp_hand(surf, v)
        for seat in (opp, me):
            self._draw_info(surf, v, seat)
            self._draw_row(surf, v, seat)
        self._draw_band(surf, v)        # the attack arrows too: across it, under its chips and words
        self._draw_sets(surf, v)
        self._draw_attack_drag(surf)
        self._draw_hand(surf, v)
        self._draw_choices(surf)

    # ---------------------------------------------------------------- rows
    def _draw_row(self, surf, v, seat):
        s = self.s
        row = self.row(seat)
        lanes_box = self.slot_rects[(row, 0)].union(self.slot_rects[(row, 2)])
        bench_box = self.slot_rects[(row, 3)].union(self.slot_rects[(row, 5)])
        # the rows' panels reach into the gaps around the phase band, never onto it
        edge = max(1, min(s(7), (self.vpad if self.vpad is not None else s(8)) - 1))
        for box, label in ((lanes_box, "Lanes"), (bench_box, "Bench")):
            bg = box.inflate(s(14), 0)
            if row == "me":
                # (the lane labels go under it, clear of the hand cards' rims: a short bottom margin)
                bg.top, bg.height = box.top - edge, box.height + edge + self.eq_h + s(6)
            else:
                pad = self.opp_frame_pad
                bg.top, bg.height = box.top - self.eq_h - pad, box.height + edge + self.eq_h + pad
            panel(surf, bg, colour=(20, 23, 31), border=shade(SEAT_COLOURS[seat], 0.45), radius=s(10), alpha=170)
            ly = bg.bottom + s(1) if row == "me" else bg.top - s(16)
            if label == "Bench":
                draw_text(surf, "Bench (1 = Champion)", (bg.centerx, ly), s(13), PAL["muted"], anchor="midtop")
            elif row == "me":
                for i in EM.LANES:
                    draw_text(surf, f"Lane {i + 1}", (self.slot_rects[(row, i)].centerx, ly), s(13), PAL["muted"],
                              anchor="midtop")
        set_src, set_tgt = v.set_info(seat)
        atk_lanes = {a for a, _t in v.attacks()} if seat == v.turn_player() else set()
        words = {z: self.words(v, z) for z in ("lanes", "bench")}
        for sl in EM.SLOTS:
            rr = self.slot_rect(seat, sl)
            code = v.creature_at(seat, sl)
            if code < 0 or (seat, sl) in self.hidden_slots:
                self._draw_empty_slot(surf, rr, sl, seat)
                self._draw_equips(surf, v, seat, sl, -1)
                continue
            else:
                c = card_of(code)
                # the face as the creature is now: current attack / defense (coloured when they
                # differ from the print: items, set bonus, auras, spells); its zoom says why
                surf.blit(card_surface(GAME, self.face_of(v, seat, sl), rr.width,
                                       words=words["lanes" if sl in EM.LANES else "bench"]), rr)
                if sl == EM.CHAMPION_SLOT:
                    pygame.draw.rect(surf, PAL["gold"], rr.inflate(s(4), s(4)), max(2, s(2)), border_radius=s(8))
                # markers share the art window, top down, never over each other: the fighting
                # numbers at its foot, ATTACKING above them, a set bonus's badge in what is left
                art = art_rect(c, rr.width).move(rr.topleft)
                free_bottom = art.bottom - s(1)
                if sl != set_src:  # a set creature does not fight: its band says what it gives
                    box = self._draw_stats_pill(surf, v, seat, sl, code, rr)
                    if box is not None:
                        free_bottom = box.top - s(1)
                if sl == set_src:
                    self._draw_set_mark(surf, rr, set_tgt, code)
                free_top = art.top + s(1)
                if sl in atk_lanes and v.phase() in COMBAT_PHASES + ("choice",):
                    r = self._fit_pill(surf, "ATTACKING", rr.centerx, free_top, free_bottom, rr.width - s(4), s(12),
                                       ATTACK_COL)
                    free_top = r.bottom + s(1)
                self._art_free[(seat, sl)] = (free_top, free_bottom)
            self._draw_equips(surf, v, seat, sl, code)

    def face_of(self, v, seat, slot):
        """The creature in ``slot`` as it is now (its printed card with the engine's state over it)."""
        st = card_state(v, (seat, slot))
        return in_play(GAME, card_of(v.creature_at(seat, slot)), st) if st is not None else None

    def _draw_empty_slot(self, surf, rr, sl, seat):
        s = self.s
        col = shade(SEAT_COLOURS[seat], 0.5)
        box = pygame.Surface(rr.size, pygame.SRCALPHA)
        pygame.draw.rect(box, (255, 255, 255, 14), box.get_rect(), border_radius=s(8))
        surf.blit(box, rr)
        # dashed outline
        dash = s(8)
        for x in range(rr.left + s(6), rr.right - s(6), dash * 2):
            pygame.draw.line(surf, col, (x, rr.top), (min(x + dash, rr.right - s(6)), rr.top), max(1, s(2)))
            pygame.draw.line(surf, col, (x, rr.bottom - 1), (min(x + dash, rr.right - s(6)), rr.bottom - 1),
                             max(1, s(2)))
        for y in range(rr.top + s(6), rr.bottom - s(6), dash * 2):
            pygame.draw.line(surf, col, (rr.left, y), (rr.left, min(y + dash, rr.bottom - s(6))), max(1, s(2)))
            pygame.draw.line(surf, col, (rr.right - 1, y), (rr.right - 1, min(y + dash, rr.bottom - s(6))),
                             max(1, s(2)))
        if sl < 3:
            draw_text(surf, f"Lane {sl + 1}", (rr.centerx, rr.centery - s(10)), s(15), PAL["muted"], bold=True,
                      anchor="center")
            draw_text(surf, "open lane", (rr.centerx, rr.centery + s(10)), s(13), PAL["dim"], italic=True,
                      anchor="center")
        elif sl == EM.CHAMPION_SLOT:
            draw_icon(surf, "crown", pygame.Rect(rr.centerx - s(16), rr.centery - s(30), s(32), s(32)),
                      shade(PAL["gold"], 0.8))
            draw_text(surf, "Champion", (rr.centerx, rr.centery + s(14)), s(13), PAL["gold"], anchor="center")
        else:
            draw_text(surf, f"Bench {sl - 2}", (rr.centerx, rr.centery), s(13), PAL["dim"], anchor="center")
        if sl == EM.CHAMPION_SLOT:
            pygame.draw.rect(surf, shade(PAL["gold"], 0.7), rr.inflate(s(4), s(4)), max(1, s(2)), border_radius=s(8))

    def _draw_stats_pill(self, surf, v, seat, sl, code, rr):
        """Current attack / defense when they differ from the printed numbers (items, set, auras)."""
        s = self.s
        c = card_of(code)
        try:
            atk, dfn = v.stats(seat, sl)
        except Exception:  # noqa: BLE001 - a pill is a nicety; the face shows without it
            return None
        if (atk, dfn) == (c.attack, c.defense):
            return None
        size = max(10, int(rr.width * 0.14))
        f = font(size, True)
        txt = f"{atk} / {dfn}"
        img = f.render(txt, True, (255, 255, 255))
        ic = int(size * 1.1)
        w = img.get_width() + 2 * ic + s(14)
        h = int(size * 1.5)
        box = pygame.Rect(0, 0, w, h)
        art = art_rect(c, rr.width).move(rr.topleft)  # on the art: never over the name, text or stats
        box.center = (rr.centerx, art.bottom - max(h // 2, art.height // 4))
        pygame.draw.rect(surf, (16, 40, 22), box, border_radius=h // 2)
        pygame.draw.rect(surf, PAL["good"], box, max(1, s(2)), border_radius=h // 2)
        draw_icon(surf, "sword", pygame.Rect(box.left + s(4), box.centery - ic // 2, ic, ic), (255, 200, 190))
        surf.blit(img, img.get_rect(center=box.center))
        draw_icon(surf, "shield", pygame.Rect(box.right - s(4) - ic, box.centery - ic // 2, ic, ic), (190, 215, 255))
        return box

    @staticmethod
    def _fit_pill(surf, text, cx, top, bottom, width, size, colour, floor=9, **kw):
        """A pill with its top at ``top``, as large as fits above ``bottom`` and within
        ``width`` (down to ``floor`` px); None when even the floor does not fit and
        ``kw`` has no ``force``. Returns the pill's rect."""
        force = kw.pop("force", True)
        for sz in range(max(size, floor), floor - 1, -1):
            for pad in (0.4, 0.2):
                f = font(sz, True)
                h = f.get_height() + int(sz * pad)
                if top + h <= bottom and f.size(text)[0] + int(sz * 0.9) <= width:
                    return pill(surf, text, (cx, top + h // 2), sz, colour, pad_y=pad, **kw)
        if not force:
            return None
        f = font(floor, True)
        h = f.get_height() + int(floor * 0.2)
        return pill(surf, text, (cx, top + h // 2), floor, colour, pad_y=0.2, **kw)

    def _draw_set_mark(self, surf, rr, tgt, code=-1):
        # the picture dims, never the name or the numbers: a set creature can still be
        # attacked, and its face says the defense it has now
        art = self._art_of(rr)
        veil = self._veil_cache.get(art.size)
        if veil is None:  # one per card size, not one per frame
            veil = pygame.Surface(art.size)
            veil.fill((10, 10, 20))
            veil.set_alpha(120)
            self._veil_cache = {art.size: veil}
        surf.blit(veil, art)
        txt = f"SET on lane {tgt + 1}" if tgt >= 0 else "SET (no bonus)"
        # and what it gives there (the creature receiving it may have no room for a badge)
        gives = f"gives +{ATKB[code]}/+{DEFB[code]}" if tgt >= 0 and code >= 0 else ""
        # words on a card go with the card's size (as its face does), not the interface's
        def cs(x):
            return max(9, int(round(x * rr.width / 110)))

        def s(x):   # the band's margins too
            return max(1, int(round(x * rr.width / 110)))
        f = fit_font(txt, rr.width - s(6), cs(16), bold=True, min_size=9)
        f2, two = None, False
        if gives:     # two lines when both fit the art at 9 px or more
            for size in range(f.ch_size, 8, -1):
                f1 = fit_font(txt, rr.width - s(6), size, bold=True, min_size=9)
                f2 = fit_font(gives, rr.width - s(6), min(size, cs(13)), bold=True, min_size=9)
                if f1.get_height() + f2.get_height() + s(4) <= art.height:
                    f, two = f1, True
                    break
        h1 = f.get_height()
        band = pygame.Rect(rr.left, 0, rr.width, min(s(24), art.height // 2 + s(2)))
        if two:
            band.height = h1 + f2.get_height() + s(4)
        band.bottom = art.bottom
        pygame.draw.rect(surf, (60, 44, 10), band)
        pygame.draw.rect(surf, PAL["gold"], band, max(1, s(2)))
        img = f.render(txt, True, PAL["gold_hi"])
        if two:
            surf.blit(img, img.get_rect(midtop=(band.centerx, band.top + s(2))))
            img2 = f2.render(gives, True, PAL["gold_hi"])
            surf.blit(img2, img2.get_rect(midbottom=(band.centerx, band.bottom - s(2))))
        else:
            surf.blit(img, img.get_rect(center=band.center))

    def _draw_equips(self, surf, v, seat, sl, code):
        s = self.s
        items = v.items_at(seat, sl) if code >= 0 else (-1, -1, -1)
        for kind in EQ_KINDS:
            rr = self.eq_rect(seat, sl, kind)
            item = items[kind - 1]
            if item >= 0:
                c = card_of(item)
                col = colour_of(c)
                pygame.draw.rect(surf, shade(col, 0.55), rr, border_radius=s(5))
                pygame.draw.rect(surf, shade(col, 1.3), rr, max(1, s(2)), border_radius=s(5))
                isz = min(rr.width, rr.height) - s(6)
                draw_icon(surf, icon_of(c), pygame.Rect(rr.centerx - isz // 2, rr.centery - isz // 2, isz, isz),
                          (250, 246, 236))
            else:
                alpha = 120 if code >= 0 else 50
                box = pygame.Surface(rr.size, pygame.SRCALPHA)
                pygame.draw.rect(box, (255, 255, 255, 16 if code >= 0 else 6), box.get_rect(), border_radius=s(5))
                pygame.draw.rect(box, (150, 160, 185, alpha), box.get_rect(), max(1, s(1)), border_radius=s(5))
                surf.blit(box, rr)
                isz = min(rr.width, rr.height) - s(10)
                if code >= 0 and isz > 6:
                    draw_icon(surf, EQ_ICON[kind], pygame.Rect(rr.centerx - isz // 2, rr.centery - isz // 2, isz, isz),
                              (96, 104, 124), outline=None)

    # ---------------------------------------------------------------- info panels
    def _draw_info(self, surf, v, seat):
        s = self.s
        r = self.info[self.row(seat)]
        cs = self.clock_state(seat) if seat in self.human_seats else None
        if cs is not None:   # room for the time bank: grow into the free corner of the board
            extra = s(17) * 2 + s(8)
            if self.row(seat) == "me":
                r = pygame.Rect(r.left, r.top, r.width, min(r.height + extra, self.board_rect.bottom - r.top))
            else:
                top = max(self.board_rect.top, r.top - extra)
                r = pygame.Rect(r.left, top, r.width, r.bottom - top)
        col = SEAT_COLOURS[seat]
        active = v.turn_player() == seat and v.result() is None
        panel(surf, r, colour=(20, 23, 31), border=col if active else shade(col, 0.5), radius=s(10), alpha=215)
        x = r.left + s(10)
        y = r.top + s(8)
        f, name = fit_line(self.names[seat], r.width - s(34), s(16), bold=True,
                           min_size=max(9, s(12)), where="player panel")
        pygame.draw.circle(surf, col, (x + s(6), y + s(10)), s(6))
        surf.blit(f.render(name, True, PAL["text"]), (x + s(18), y))
        y += s(26)
        mor = v.morale(seat)
        sd = v.sudden_death()
        mcol = PAL["bad"] if (sd or mor <= 20) else PAL["gold_hi"]
        n_rows = 4 + (2 if cs is not None else 0)
        # every row must show: when the panel is short (large interface sizes), the
        # morale number sits beside its label and the rows close up before any is left out
        compact = r.bottom - s(4) - y < s(62) + s(14) + n_rows * s(17)
        if compact:   # the number as big as the rows leave room for, never smaller than at 100 %
            room = r.bottom - s(4) - y - s(14) - n_rows * (s(13) + 1) - s(4)
            at_100 = int(round(38 * self.app.scale_for(1.0)))
            big = min(s(38), max(s(28), at_100, room))
            label_w = font(s(12), True).size("MORALE")[0]
            # (the panel is wide enough for it at its 100 % size: EverdawnLayout.info_w)
            big = fit_font("100", r.width - s(20) - label_w - s(6), big, title=True,
                           min_size=min(big, at_100)).ch_size
            draw_text(surf, "MORALE", (x, y + big // 3), s(12), PAL["muted"], bold=True)
            draw_text(surf, str(max(0, mor)), (r.right - s(10), y), big, mcol, title=True, anchor="topright")
            y += max(s(34), big + s(4))
        else:
            draw_text(surf, "MORALE", (r.centerx, y), s(12), PAL["muted"], bold=True, anchor="midtop")
            draw_text(surf, str(max(0, mor)), (r.centerx, y + s(12)), s(38), mcol, title=True, anchor="midtop")
            y += s(62)
        bar = pygame.Rect(x, y, r.width - s(20), s(7))
        pygame.draw.rect(surf, (40, 44, 56), bar, border_radius=s(3))
        k = max(0.0, min(1.0, mor / 100))
        if k > 0:
            pygame.draw.rect(surf, mcol, (bar.left, bar.top, max(s(3), int(bar.width * k)), bar.height),
                             border_radius=s(3))
        y += s(14)
        lines = [
            ("Creatures in play", str(v.creatures_in_play(seat))),
            ("Creature deck", str(len(v.cdeck[seat]))),
            ("Support deck", str(len(v.sdeck[seat]))),
            ("Hand", str(len(v.hand[seat]))),
        ]
        fs = s(13)
        lh = s(17)
        room = r.bottom - s(4) - y - (s(3) if cs is not None else 0)
        if room < n_rows * lh:      # close the rows up (down to the text's own height)
            lh = max(fs + 1, room // n_rows)
        for label, val in lines:
            if y + lh > r.bottom - s(4):
                break
            draw_text(surf, label, (x, y), fs, PAL["muted"])
            draw_text(surf, val, (r.right - s(10), y), fs, PAL["text"], bold=True, anchor="topright")
            y += lh
        if cs is not None and y + lh * 2 <= r.bottom:
            turn_left, bank, to = cs
            y += s(3)
            draw_text(surf, "Time bank", (x, y), fs, PAL["muted"])
            draw_text(surf, fmt_clock(bank), (r.right - s(10), y), fs, PAL["bad"] if bank < 30 else PAL["text"],
                      bold=True, anchor="topright")
            y += lh
            draw_text(surf, "Timeouts", (x, y), fs, PAL["muted"])
            draw_text(surf, f"{to} / {CLOCK[2]}", (r.right - s(10), y), fs,
                      PAL["bad"] if to else PAL["text"], bold=True, anchor="topright")

    # ---------------------------------------------------------------- band
    def _draw_band(self, surf, v):
        s = self.s
        b = self.band
        panel(surf, b, colour=(16, 18, 26), border=PAL["line"], radius=s(10), alpha=230)
        self._draw_attacks(surf, v)
        chip = self.phase_chip(v) if v.result() is None else -1
        x = b.left + s(10)
        cw_ = max(s(64), font(s(14), True).size("Combat")[0] + s(14))  # measured: no clipped label
        for i, label in enumerate(("Set", "Combat", "End")):
            rr = pygame.Rect(x, b.centery - s(14), cw_, s(28))
            on = i == chip
            acc = SEAT_COLOURS[v.turn_player()]
            pygame.draw.rect(surf, shade(acc, 0.45) if on else (28, 31, 40), rr, border_radius=s(14))
            pygame.draw.rect(surf, acc if on else PAL["line"], rr, max(1, s(2)), border_radius=s(14))
            draw_text(surf, label, rr.center, s(14), PAL["text"] if on else PAL["dim"], bold=on, anchor="center")
            x = rr.right + s(4)
            if i < 2:
                draw_text(surf, "›", (x + s(2), b.centery), s(16), PAL["dim"], anchor="midleft")
                x += s(12)
        x += s(8)
        right = b.right - s(10)
        if v.sudden_death() and v.result() is None:
            r = pill(surf, "SUDDEN DEATH", (0, 0), s(14), PAL["bad"])
            r.midright = (right, b.centery)
            pill(surf, "SUDDEN DEATH", r.center, s(14), PAL["bad"])
            right = r.left - s(8)
        if self.driver.thinking() is not None:      # the thinking sign sits at the band's right end
            right = self.thinking_rect().left - s(8)
        drop_here = self.drag is not None and self.drag.moved and \
            ("table",) in self.pointer.legal_targets_for(self.drag.source.key)
        if drop_here:     # what the drop does, instead of the prompt
            draw_text(surf, "Drop here to cast", (b.centerx, b.centery), s(15), PAL["good"], bold=True,
                      anchor="center")
            return
        col = PAL["gold_hi"] if self.human_to_move() and not self.handoff.pending else PAL["muted"]
        for line_, y in self._band_lines(self.prompt(), right - x, b):
            surf.blit(line_[0].render(line_[1], True, col), (x, y))

    def _band_lines(self, text, width, b):
        """The prompt in the band: one line (15 px down to 12), else two lines (down to
        the 9 px floor), else one line cut with "…": [((font, text), y)]."""
        from client.ui.theme import wrap_lines
        s = self.s
        for size in range(s(15), s(12) - 1, -1):
            f = font(size)
            if f.size(text)[0] <= width:
                return [((f, text), b.centery - f.get_height() // 2)]
        for size in range(s(14), max(9, s(10)) - 1, -1):
            f = font(size)
            lines = wrap_lines(text, f, width)
            lh = f.get_linesize()
            if len(lines) <= 2 and len(lines) * lh <= b.height - s(4):
                top = b.centery - len(lines) * lh // 2
                return [((f, ln), top + i * lh) for i, ln in enumerate(lines)]
        f = font(max(9, s(11)))
        text = ellipsize(text, f, width, where="prompt")  # the layout check reports it
        return [((f, text), b.centery - f.get_height() // 2)]

    # ---------------------------------------------------------------- sets and attacks
    def _draw_sets(self, surf, v):
        """The creature receiving a set's bonuses: gold rim and what it gets (the set one wears a band)."""
        s = self.s
        for seat in (0, 1):
            src, tgt = v.set_info(seat)
            if src < 0 or tgt < 0:
                continue
            b = self.slot_rect(seat, tgt)
            pygame.draw.rect(surf, PAL["gold_hi"], b.inflate(s(6), s(6)), max(2, s(3)), border_radius=s(9))
            c = card_of(v.creature_at(seat, src))
            free = self._art_free.get((seat, tgt))
            if c is not None and free is not None and v.creature_at(seat, tgt) >= 0:
                # in the art's room left by its numbers and ATTACKING; none left: the set
                # creature's band says what it gives
                # the figures in legible type (D.FIGURE_MIN): the whole sentence where it fits
                # at that size, else the figures alone (the set creature's band says the lane)
                figs = f"+{ATKB[c.code]}/+{DEFB[c.code]}"
                for txt, floor in ((f"{figs} from lane {src + 1}", FIGURE_MIN), (figs, FIGURE_MIN),
                                   (f"{figs} from lane {src + 1}", 9)):
                    if self._fit_pill(surf, txt, b.centerx, free[0], free[1], b.width - s(8), s(13), PAL["gold_hi"],
                                      floor=floor, bg=(60, 44, 10), border=PAL["gold"], alpha=255,
                                      force=False) is not None:
                        break

    def _draw_attacks(self, surf, v):
        s = self.s
        ph = v.phase()
        clashing = self._in_combat or any(
            isinstance(a, ClashAnim) for a in self.anims.active + self.anims.items)
        if v.result() is None and ph != "set" and not clashing:
            p = v.turn_player()
            for a, t in v.attacks():
                if v.creature_at(p, a) < 0:      # its attacker has left play: no stale arrow
                    continue
                # card edge to card edge across the band: never over a name or the numbers
                ar, tr = self.slot_rect(p, a), self.slot_rect(1 - p, t)
                start = (ar.centerx, ar.top + s(2)) if self.row(p) == "me" else (ar.centerx, ar.bottom - s(2))
                end = (tr.centerx, tr.bottom - s(1)) if self.row(p) == "me" else (tr.centerx, tr.top + s(1))
                draw_arrow(surf, start, end, ATTACK_COL, max(4, s(6)), bend=0.06)

    def _draw_attack_drag(self, surf):
        """The dashed arrow of an attack being dragged (over everything)."""
        s = self.s
        d = self.drag
        if d is not None and d.moved and d.source.key[0] == "slot" and d.source.key[1] < 3 \
                and self.match.phase() == "declare":
            ar = self.slot_rect(self.viewer, d.source.key[1])
            draw_arrow(surf, (ar.centerx, ar.top + s(2)), d.pos, shade(ATTACK_COL, 0.8), max(3, s(4)), dashed=True)

    def _draw_opp_hand(self, surf, v):
        s = self.s
        opp = 1 - self.viewer
        rects = self._opp_hand_rects(v)
        for rr, code in rects:
            c = card_of(code) if self.reveal_all else None
            img = card_surface(GAME, c, rr.width, mini=True) if c is not None else back_surface(GAME, rr.width)
            surf.blit(img, rr)
        if not self.opp_hand_label:
            return
        n = len(v.hand[opp])
        x = (rects[0][0].left - s(10)) if rects else self.opp_hand_area.right
        # a long name is cut so the line ends left of the cards and starts inside the window
        room = max(1, x - max(0, self.opp_hand_area.left))
        if self.names[opp] == "You":
            f, label = font(s(14)), f"Your hand: {n}"
        else:
            f, label = fit_named(self.names[opp], lambda nm: f"{nm}'s hand: {n}", room, s(14), min_size=s(14),
                                 where="opponent's hand")
        draw_text(surf, label, (x, self.opp_hand_area.centery), s(14), PAL["muted"], anchor="midright")

    def _draw_hand(self, surf, v):
        if self.handoff.pending:      # covered until its player is at the screen: not drawn at all
            return
        s = self.s
        me = self.viewer
        hand = v.hand[me]
        rects = self.hand_rects(len(hand))
        mouse = self.board_mouse
        hover = topmost_at(rects, mouse)
        dragging = self.drag.source.key if (self.drag is not None and self.drag.moved) else None
        words = self.words(v, "hand")
        for i, rr in enumerate(rects):
            if dragging == ("hand", i) or i == hover:
                continue
            c = card_of(hand[i])
            surf.blit(card_surface(GAME, c, rr.width, words=words) if c else back_surface(GAME, rr.width), rr)
            self._hand_hint(surf, i, rr)
        if hover is not None and dragging != ("hand", hover):
            rr = rects[hover].move(0, -s(18))
            c = card_of(hand[hover])
            surf.blit(card_surface(GAME, c, rr.width, words=words) if c else back_surface(GAME, rr.width), rr)
            self._hand_hint(surf, hover, rr)
        if not hand:
            draw_text(surf, "Your hand is empty", self.hand_area.center, s(15), PAL["dim"], italic=True,
                      anchor="center")

    def _hand_hint(self, surf, i, rr):
        for rect, action, _c in self.choice_spots:
            if rect == self.hand_rects(len(self.shown.hand[self.viewer]))[i] and action[0] == EM.CHOOSE:
                pygame.draw.rect(surf, PAL["good"], rr.inflate(self.s(6), self.s(6)), max(2, self.s(3)),
                                 border_radius=self.s(8))

    # ---------------------------------------------------------------- choices
    def _draw_choices(self, surf):
        if not self.choice_spots or self.busy():
            return
        s = self.s
        m = self.match
        kind, p, x, _y = m.pending()
        if kind in (EM.CH_RELOCATE, EM.CH_SWAP_ITEM, EM.CH_SWAP_HAND, EM.CH_REFORGE) and 0 <= x < 6:
            rr = self.slot_rect(p, x)
            what = {EM.CH_RELOCATE: "moving", EM.CH_REFORGE: "swapped out"}.get(kind, "re-equipping")
            pygame.draw.rect(surf, PAL["gold_hi"], rr.inflate(s(8), s(8)), max(2, s(3)), border_radius=s(9))
            pill(surf, what, (rr.centerx, rr.top + int(rr.height * 0.3)), s(13), PAL["gold_hi"], border=PAL["gold"])
        elif kind == EM.CH_REDIRECT_LANE and 0 <= x < 3:
            rr = self.slot_rect(1 - p, x)
            pygame.draw.rect(surf, PAL["gold_hi"], rr.inflate(s(8), s(8)), max(2, s(3)), border_radius=s(9))
            pill(surf, "redirected", (rr.centerx, rr.top + int(rr.height * 0.3)), s(13), PAL["gold_hi"],
                 border=PAL["gold"])
        if self.tray is not None:
            panel(surf, self.tray, colour=PAL["panel"], border=PAL["gold"], radius=s(12), alpha=245)
            text = self.prompt()
            f = fit_font(text, self.tray.width - s(24), s(16), bold=True)
            img = f.render(text, True, PAL["gold_hi"])
            surf.blit(img, img.get_rect(midtop=(self.tray.centerx, self.tray.top + s(14))))
        for i, (rr, action, c) in enumerate(self.choice_spots):
            if self.tray is not None and c is not None:
                surf.blit(card_surface(GAME, c, rr.width), rr)
            pulse = 0.5 + 0.5 * __import__("math").sin(self.pulse_t * 5)
            col = shade(PAL["good"], 0.8 + 0.3 * pulse)
            pygame.draw.rect(surf, col, rr.inflate(s(8), s(8)), max(2, s(3)), border_radius=s(9))
            if i < 9:
                pill(surf, str(i + 1), (rr.left + s(4), rr.top + s(4)), s(15), (16, 18, 24), bg=PAL["good"],
                     border=(16, 18, 24), alpha=255)
