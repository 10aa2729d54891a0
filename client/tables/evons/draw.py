"""Drawing the Evons board: the grid and its tiles, cell bonuses, the side panels, the
NOW panel, the chain, bonus list and graveyards, the hand with its mode tags, the
choices and the dragged card."""
from __future__ import annotations

import math

import pygame

from engine.core.text import possessive
from engine.evons import match as EM
from engine.evons.cards import ABILITY_TITLES, CARD_ARROWS, COLUMNS, IN_MAIN, N_CELLS, cell_name
from engine.evons.state import card_state

from client.cards import back_surface, card_surface
from client.tables.evons.face import render_tile
from client.cards.icons import draw_icon
from client.cards.state import in_play
from client.table.chrome import SEAT_COLOURS
from client.table.kit.parts import draw_thinking, topmost_at
from client.ui.theme import (GAME_ACCENT, PAL, draw_text, draw_wrapped, fit_font, fit_line, fit_named, fit_text, font, note_panel, panel,
                  shade, wrap_lines)

from client.tables.evons.anims import ABILITY_COL, pill
from client.tables.evons.common import GAME, card_obj


BONUS_SHORT = {"+2 ATK": "+2 ATK", "+2 DEF": "+2 DEF", "+10 credits": "+10 ¢", "draw 1 card": "Draw",
               "cost refund": "Refund", "double score": "×2"}

BONUS_ICON = {"+2 ATK": "sword", "+2 DEF": "shield", "+10 credits": "coin", "draw 1 card": "play",
              "cost refund": "coin", "double score": "stars"}

BONUS_TIP = {
    "+2 ATK": "+2 ATK: the first monster played face-up or revealed here gets +2 ATK while it stays on this cell.",
    "+2 DEF": "+2 DEF: the first monster played face-up or revealed here gets +2 DEF while it stays on this cell.",
    "+10 credits": "+10 credits: the first monster played face-up or revealed here gives its player 10 credits.",
    "draw 1 card": "Draw 1 card: the first monster played face-up or revealed here draws its player a card.",
    "cost refund": "Cost refund: the first monster played face-up or revealed here refunds half its cost "
                   "(rounded down).",
    "double score": "Double score: the first monster played face-up or revealed here counts 2 points while it "
                    "stays face-up on this cell.",
}

STAGE_TEXT = {EM.ST_P1: "ability phase 1", EM.ST_CONFLICT: "conflicts & flips", EM.ST_P2: "ability phase 2"}


class EvonsDraw:
    # ================================================================ drawing
    def tile_image(self, v, inst, *, covered=None, seat=None):
        if inst is None or inst < 0 or not self.cell:
            return None
        if seat is None:
            seat = v.controller(inst)
        if covered is None:
            covered = v.is_covered(inst)
        card = card_obj(v, inst) if covered else self.face_of(v, inst)
        return render_tile(card, self.cell - 4, SEAT_COLOURS[seat], face_down=covered or card is None)

    def face_of(self, v, inst):
        """The card ``inst`` on the grid as it is now (its printed card with the engine's
        state over it: ATK and DEF left, green above the print, red below)."""
        return in_play(GAME, card_obj(v, inst), card_state(v, inst), self.seat_names())

    def draw_board(self, surf):
        if not self.cell:
            return
        v = self.shown
        me, opp = self.viewer, 1 - self.viewer
        self._draw_panel(surf, v, opp)
        self._draw_panel(surf, v, me)
        self._draw_prompt(surf)
        self._draw_grid(surf, v)
        self._draw_chain(surf, v)
        self._draw_hand(surf, v)
        self._draw_spots(surf)
        self.draw_storm(surf)
        self._draw_bonus_tip(surf)

    # ---------------------------------------------------------------- grid
    def _grid_background(self):
        """The empty grid (zones, hatching, frame, edge names), drawn once per layout."""
        s = self.s
        g = self.grid_rect
        key = (tuple(g), self.cell, self.app.scale)
        if self._bg_key == key:
            return self._bg
        area = g.inflate(2 * self.label_w + s(12), 2 * self.label_w + s(12))
        bg = pygame.Surface(area.size, pygame.SRCALPHA)
        off = (-area.left, -area.top)
        self._draw_grid_base(bg, off)
        self._bg, self._bg_key, self._bg_pos = bg, key, area.topleft
        return bg

    def _draw_grid_base(self, surf, off):
        s = self.s
        g = self.grid_rect.move(off)
        cell = self.cell
        panel(surf, g.inflate(s(8), s(8)), colour=(10, 12, 18), border=PAL["line"], radius=s(6), alpha=230)
        for c in range(N_CELLS):
            rr = self.cell_rects[c].move(off)
            inner = rr.inflate(-2, -2)
            if IN_MAIN[c]:
                pygame.draw.rect(surf, (44, 58, 66), inner, border_radius=s(4))
            else:
                pygame.draw.rect(surf, (22, 24, 32), inner, border_radius=s(4))
                # out zone: diagonal hatching (a pattern, not only a shade)
                step = max(6, cell // 6)
                clip = surf.get_clip()
                surf.set_clip(inner)
                for x in range(inner.left - inner.height, inner.right, step):
                    pygame.draw.line(surf, (34, 37, 48), (x, inner.bottom), (x + inner.height, inner.top), 1)
                surf.set_clip(clip)
        main = pygame.Rect(self.cell_rects[8].move(off).topleft, (5 * cell, 5 * cell))
        pygame.draw.rect(surf, GAME_ACCENT["evons"], main.inflate(s(4), s(4)), max(2, s(3)), border_radius=s(6))
        # edge names
        for i in range(7):
            col = PAL["muted"] if 1 <= i <= 5 else PAL["dim"]
            draw_text(surf, COLUMNS[i], (g.left + i * cell + cell // 2, g.top - s(4)), s(14), col, bold=True,
                      anchor="midbottom")
            draw_text(surf, str(i), (g.left - s(6), g.top + i * cell + cell // 2), s(14), col, bold=True,
                      anchor="midright")
        # zone captions
        draw_text(surf, "OUT ZONE", (g.right - s(4), g.bottom - s(3)), s(10), PAL["dim"], bold=True,
                  anchor="bottomright")

    def _draw_grid(self, surf, v):
        s = self.s
        surf.blit(self._grid_background(), self._bg_pos)
        bonuses = v.cell_bonuses()
        for c in range(N_CELLS):
            inst = v.at(c)
            rr = self.cell_rects[c]
            b = bonuses.get(c)
            if inst < 0 or inst in self.hidden_insts:
                if b:
                    self._draw_bonus_chip(surf, rr, b, big=True)
                continue
            self._draw_tile(surf, v, inst, rr)
            if b:
                self._draw_bonus_chip(surf, rr, b, big=False)
        # while dragging, the cells it can't go to stay dark
        dr = self.drag
        if dr is not None and dr.moved:
            legal = self.pointer.legal_targets_for(dr.source.key)
            veil = self._veil()
            for c in range(N_CELLS):
                if ("cell", c) not in legal:
                    surf.blit(veil, self.cell_rects[c])
        # the acting card and the ones waiting
        a = v.acting()
        if a >= 0 and v.pos[a] >= 0:
            rr = self.cell_rects[v.pos[a]]
            pulse = 0.5 + 0.5 * math.sin(self.pulse_t * 5)
            pygame.draw.rect(surf, shade(PAL["gold_hi"], 0.8 + 0.2 * pulse), rr.inflate(s(4), s(4)), max(2, s(3)),
                             border_radius=s(6))
        d = self.match.decision() if self.human_to_move() and not self.anims.busy else None
        if d is not None and d["target"] >= 0 and d["phase"] in ("hit", "pull", "pick"):
            rr = self.cell_rects[d["target"]]
            pygame.draw.rect(surf, ABILITY_COL, rr.inflate(-s(6), -s(6)), max(2, s(2)), border_radius=s(5))
            # on the art, between the ATK and DEF numbers: never on them or on an arrow (a planned
            # Firestorm amount takes the cell's middle instead: the ring still tells the target)
            if not (d["phase"] == "hit" and self.storm.get(d["target"])):
                pill(surf, "target", (rr.centerx, rr.centery + s(16)), s(11), ABILITY_COL)

    def _veil(self):
        v = self._veil_img
        if v is None or v.get_width() != self.cell:
            v = self._veil_img = pygame.Surface((self.cell, self.cell), pygame.SRCALPHA)
            v.fill((0, 0, 0, 130))
        return v

    def _draw_bonus_chip(self, surf, rr, b, big):
        s = self.s
        text = BONUS_SHORT.get(b, b)
        if big:
            icon = BONUS_ICON.get(b, "dot")
            isz = int(rr.height * 0.36)
            draw_icon(surf, icon, pygame.Rect(rr.centerx - isz // 2, rr.top + int(rr.height * 0.16), isz, isz),
                      shade(PAL["gold"], 0.9))
            f = fit_font(text, rr.width - s(6), s(13), bold=True, min_size=7)
            img = f.render(text, True, PAL["gold_hi"])
            surf.blit(img, img.get_rect(midbottom=(rr.centerx, rr.bottom - s(5))))
            pygame.draw.rect(surf, shade(PAL["gold"], 0.6), rr.inflate(-s(4), -s(4)), 1, border_radius=s(4))
        else:
            # a card stands on the bonus: the cell keeps it (a gold frame around the cell,
            # the list beside the grid says what), nothing drawn on the card itself
            pygame.draw.rect(surf, PAL["gold"], rr.inflate(-1, -1), max(2, s(2)), border_radius=s(4))

    def _draw_tile(self, surf, v, inst, rr):
        s = self.s
        seat = v.controller(inst)
        img = self.tile_image(v, inst)
        inner = rr.inflate(-4, -4)
        if img is not None:
            surf.blit(img, inner)
        card = card_obj(v, inst)
        covered = v.is_covered(inst)
        # second ownership cue: the seat's shape in the top-left corner
        # (between the NW and N arrow positions, so no arrow is hidden)
        r0 = max(3, self.cell // 13)
        cx, cy = inner.left + int(inner.width * 0.25), inner.top + r0 + s(2)
        col = SEAT_COLOURS[seat]
        if self.seat_shape(seat) == "circle":
            pygame.draw.circle(surf, (10, 10, 14), (cx, cy), r0 + 2)
            pygame.draw.circle(surf, col, (cx, cy), r0)
        else:
            pygame.draw.rect(surf, (10, 10, 14), (cx - r0 - 2, cy - r0 - 2, 2 * r0 + 4, 2 * r0 + 4))
            pygame.draw.rect(surf, col, (cx - r0, cy - r0, 2 * r0, 2 * r0))
        if covered:
            label = "GROWTH" if v.is_growth_covered(inst) else "COVERED"
            f = fit_font(label, inner.width - s(6), s(11), bold=True, min_size=7)
            img2 = f.render(label, True, PAL["muted"])
            surf.blit(img2, img2.get_rect(midbottom=(inner.centerx, inner.bottom - s(3))))
            if card is not None and (seat == self.viewer or self.reveal_all):   # yours: hover to peek
                isz = int(inner.width * 0.34)
                draw_icon(surf, "eye", pygame.Rect(inner.centerx - isz // 2, inner.centery - isz // 2 - s(4), isz, isz),
                          PAL["muted"])
                if not v.is_growth_covered(inst):
                    draw_text(surf, f"{card.cost}¢", (inner.right - s(3), inner.top + s(2)), s(11), PAL["gold"],
                              bold=True, anchor="topright")
            return
        if card is None or card.is_block:
            return
        fsz = max(8, self.cell // 4)
        if v.dmg[inst] > 0:   # the tile's DEF is what is left: the damage above it
            pill(surf, f"-{v.dmg[inst]}", (inner.right - inner.width * 0.27, inner.bottom - fsz * 1.2 - s(7)), s(10),
                 PAL["bad"])
        hb = v.held_bonus(inst)
        if hb == "double score":
            # between the NE and E arrows
            pill(surf, "×2", (inner.right - int(inner.width * 0.2), inner.top + int(inner.height * 0.3)), s(11),
                 PAL["gold_hi"])

    # ---------------------------------------------------------------- side panels
    def _draw_panel(self, surf, v, seat):
        s = self.s
        r = self.panel_of(seat)
        col = SEAT_COLOURS[seat]
        active = v.turn_player() == seat and v.result() is None and self.result() is None
        panel(surf, r, colour=(20, 23, 31), border=col if active else shade(col, 0.5), radius=s(10), alpha=220)
        x = r.left + s(10)
        y = r.top + s(8)
        if self.seat_shape(seat) == "circle":
            pygame.draw.circle(surf, col, (x + s(6), y + s(10)), s(6))
        else:
            pygame.draw.rect(surf, col, (x, y + s(4), s(12), s(12)))
        suffix = " · to play" if active else ""
        f, name = fit_named(self.names[seat], lambda n: n + suffix, r.width - s(30), s(15), bold=True,
                            min_size=max(9, s(12)), where="player panel")
        surf.blit(f.render(name, True, PAL["text"]), (x + s(18), y))
        y += s(24)
        # credits and score, big
        half = (r.width - s(20)) // 2
        cred = v.credits(seat)
        draw_text(surf, "CREDITS", (x, y), s(11), PAL["muted"], bold=True)
        draw_text(surf, "SCORE", (x + half, y), s(11), PAL["muted"], bold=True)
        draw_text(surf, f"{cred}¢", (x, y + s(12)), s(28), PAL["bad"] if cred < 0 else PAL["gold_hi"], title=True)
        draw_text(surf, str(v.score(seat)), (x + half, y + s(12)), s(28), col, title=True)
        y += s(50)
        rows = [("Hand", len(v.zones[EM.Z_HAND + seat])), ("Deck", v.deck_size(seat)),
                ("Graveyard", len(v.zones[EM.Z_GRAVE + seat])), ("Removed", len(v.zones[EM.Z_REMOVED + seat]))]
        ncov = sum(1 for i in v.grid if i >= 0 and v.controller(i) == seat and v.is_covered(i))
        rows.insert(2, ("Covered on grid", ncov))
        fs, lh = s(13), s(17)
        bottom = self.mode_rect.top - s(4) if seat == self.viewer else r.bottom - s(4)
        for label, val in rows:
            if y + lh > bottom:
                break
            draw_text(surf, label, (x, y), fs, PAL["muted"])
            draw_text(surf, str(val), (r.right - s(10), y), fs, PAL["text"], bold=True, anchor="topright")
            y += lh
        if seat == self.viewer and self.mode in ("ai", "hotseat") and self.result() is None:
            self._draw_mode_toggle(surf)

    def _draw_mode_toggle(self, surf):
        s = self.s
        r = self.mode_rect
        cov = self.cov_default != self.shift
        col = (120, 150, 210) if cov else PAL["good"]
        pygame.draw.rect(surf, shade(col, 0.3), r, border_radius=r.height // 2)
        pygame.draw.rect(surf, col, r, max(1, s(2)), border_radius=r.height // 2)
        text = ("Play COVERED" if cov else "Play ACTIVE") + " (C)"
        f = fit_font(text, r.width - s(12), s(14), bold=True)
        img = f.render(text, True, PAL["text"])
        surf.blit(img, img.get_rect(center=r.center))

    def _draw_prompt(self, surf):
        s = self.s
        r = self.prompt_rect
        if r.height < s(40):
            return
        mine = self.human_to_move() and not self.anims.busy and not self.handoff.pending
        panel(surf, r, colour=(16, 18, 26), border=PAL["gold"] if mine else PAL["line"], radius=s(10), alpha=225)
        draw_text(surf, "YOUR MOVE" if mine else "NOW", (r.left + s(10), r.top + s(6)), s(12),
                  PAL["gold"] if mine else PAL["muted"], bold=True)
        leg_h = s(94) if r.height > s(200) else 0
        top = r.top + s(24)
        thinking = self.driver.thinking()
        if thinking is not None:      # the thinking sign: here, never over the grid's letters
            sign = pygame.Rect(r.left + s(8), top, r.width - s(16), s(34))
            name = self.names[thinking]
            text = f"{name} is thinking…"
            if font(int(sign.height * 0.42), True).size(text)[0] > sign.width - sign.height - s(8):
                text = "Thinking…"
            draw_thinking(surf, sign, self.t, text, self.app.scale)
            top = sign.bottom + s(6)
        if thinking is None or self.anims.busy:  # the sign already says who is deciding
            forms = self.prompt_forms()
            w, h = r.width - s(20), r.bottom - top - s(6)
            base = max(8, int(round(15 * self.side.reference_scale())))     # the words' 100 % size
            text = forms[0]
            short = next((t for t in forms if self._prompt_fits(t, w, h - leg_h, s(15))), None) if leg_h else None
            if short is not None:
                text = short  # the words at their full size and the legend (the long form where it fits)
            elif self._prompt_fits(text, w, h, s(15)):
                leg_h = 0    # the decision's words at their full size first; the legend when there is room
            else:            # never smaller than at 100 %: a shorter form where the long one would shrink
                leg_h = 0
                text = next((t for t in forms if self._prompt_fits(t, w, h, base)), forms[-1])
            draw_wrapped(surf, text, pygame.Rect(r.left + s(10), top, w, h - leg_h), s(15),
                         PAL["gold_hi"] if mine else PAL["muted"])
        if leg_h:
            self._draw_legend(surf, pygame.Rect(r.left + s(10), r.bottom - leg_h, r.width - s(20), leg_h - s(6)))

    def _prompt_fits(self, text, width, height, size) -> bool:
        """Does the prompt read at ``size`` px in ``width`` x ``height``?"""
        f = font(size)
        return len(wrap_lines(text, f, width)) * int(f.get_linesize() * 1.15) <= height

    def _draw_legend(self, surf, r):
        """Who owns what and which cells score, in shapes as well as colours."""
        s = self.s
        pygame.draw.line(surf, PAL["line"], (r.left, r.top), (r.right, r.top), 1)
        y = r.top + s(6)
        for seat in (self.viewer, 1 - self.viewer):
            col = SEAT_COLOURS[seat]
            box = pygame.Rect(r.left, y, s(22), s(16))
            pygame.draw.rect(surf, col, box, max(2, s(2)), border_radius=s(3))
            if self.seat_shape(seat) == "circle":
                pygame.draw.circle(surf, col, (box.left + s(6), box.top + s(5)), s(3))
            else:
                pygame.draw.rect(surf, col, (box.left + s(3), box.top + s(2), s(6), s(6)))
            f, text = fit_named(self.names[seat], lambda n: f"{possessive(n, True)} cards", r.width - s(30), s(13),
                                where="cell legend")
            label = f.render(text, True, PAL["text"])
            surf.blit(label, (box.right + s(6), y))
            y += s(20)
        for fill, text in (((44, 58, 66), "main zone: scores"), ((22, 24, 32), "out zone: no score")):
            box = pygame.Rect(r.left, y, s(22), s(16))
            pygame.draw.rect(surf, fill, box, border_radius=s(3))
            pygame.draw.rect(surf, GAME_ACCENT["evons"] if fill[0] == 44 else PAL["line"], box, 1, border_radius=s(3))
            draw_text(surf, text, (box.right + s(6), y), s(13), PAL["muted"])
            y += s(20)

    def _draw_chain(self, surf, v):
        s = self.s
        r = self.right_rect
        if self.layer.covers(r):        # (a lesson's panel over the column, above 100 %)
            return
        if r.width < s(60):
            return
        frames = list(v.stack)
        h = min(r.height, s(34) + max(1, len(frames)) * s(40) + s(8))
        box = pygame.Rect(r.left, r.top, r.width, h)
        panel(surf, box, colour=(16, 18, 26), border=PAL["line"], radius=s(10), alpha=215)
        draw_text(surf, "CHAIN", (box.left + s(10), box.top + s(6)), s(12), PAL["muted"], bold=True)
        draw_text(surf, "top resolves first", (box.right - s(10), box.top + s(7)), s(11), PAL["dim"],
                  italic=True, anchor="topright")
        y = box.top + s(26)
        if not frames:
            draw_text(surf, "No card is activating.", (box.left + s(10), y + s(4)), s(13), PAL["dim"], italic=True)
            self._draw_bonus_list(surf, v, box.bottom + s(8))
            return
        if y + s(38) > box.bottom:        # no room for a full row: one line a frame
            self._draw_chain_compact(surf, v, frames, box, y)
            self._draw_bonus_list(surf, v, box.bottom + s(8))
            return
        more_h = s(18)      # the "… N more below" line, kept inside the panel
        for depth, f in enumerate(reversed(frames)):
            last = depth == len(frames) - 1
            if depth > 0 and (y + s(38) > box.bottom or (not last and y + s(40) + more_h > box.bottom)):
                draw_text(surf, f"… {len(frames) - depth} more below", (box.left + s(10), y), s(12), PAL["dim"])
                break
            row = pygame.Rect(box.left + s(6), y, box.width - s(12), s(36))
            top = depth == 0
            pygame.draw.rect(surf, (44, 40, 22) if top else (26, 29, 38), row, border_radius=s(6))
            pygame.draw.rect(surf, PAL["gold"] if top else PAL["line"], row, max(1, s(1)), border_radius=s(6))
            note_panel(surf, row)
            if f[0] == EM.FR_ACT:
                inst = f[1]
                c = card_obj(v, inst)
                name = c.name if c else "a card"
                seat = v.controller(inst)
                pygame.draw.rect(surf, SEAT_COLOURS[seat], (row.left, row.top, s(5), row.height),
                                 border_radius=s(2))
                where = cell_name(v.pos[inst]) if v.pos[inst] >= 0 else "—"
                ft, line = fit_line(f"{name} · {where}", row.width - s(16), s(13), bold=True, where="chain row")
                surf.blit(ft.render(line, True, PAL["text"]), (row.left + s(10), row.top + s(2)))
                ft, sub = self._chain_sub(f, row.width - s(16))
                surf.blit(ft.render(sub, True, PAL["muted"]), (row.left + s(10), row.top + s(19)))
            else:
                names = [card_obj(v, i).name if card_obj(v, i) else "a card" for i in f[2:]]
                draw_text(surf, "Waiting to activate:", (row.left + s(10), row.top + s(2)), s(11), PAL["muted"],
                          bold=True)
                ft, text = self._waiting_line(names, row.width - s(16))
                surf.blit(ft.render(text, True, PAL["text"]), (row.left + s(10), row.top + s(18)))
            y += s(40)
        self._draw_bonus_list(surf, v, box.bottom + s(8))

    def _chain_sub(self, f, width):
        """(font, text) of a chain row's second line: "ability phase 1 · reactivation · out zone";
        where the row is too narrow for that, "phase 1 · reactivated · out zone", then
        without "out zone" (the cell on the line above says so too)."""
        s = self.s
        stage = STAGE_TEXT.get(f[2], "")
        re, out = f[6] & EM.HOW_RE, f[6] & EM.HOW_OUT
        short = stage.replace("ability ", "")
        forms = ((stage, "reactivation" if re else "", "out zone" if out else ""),
                 (short, "reactivated" if re else "", "out zone" if out else ""),
                 (short, "reactivated" if re else ""))
        for parts in forms:
            text = " · ".join(t for t in parts if t)
            ft, fits = fit_text(text, width, s(11), min_size=max(9, s(10)) if parts is forms[0] else 9)
            if fits:
                return ft, text
        return fit_line(text, width, s(11), min_size=8, where="chain row")

    def _draw_chain_compact(self, surf, v, frames, box, y):
        """The chain in a short panel: "Magma Golem · D4 · ability phase 1", a line each."""
        s = self.s
        for depth, f in enumerate(reversed(frames)):
            room = box.width - s(24)
            if f[0] == EM.FR_ACT:
                c = card_obj(v, f[1])
                where = cell_name(v.pos[f[1]]) if v.pos[f[1]] >= 0 else "—"
                short = f"{c.name if c else 'a card'} · {where}"
                text = f"{short} · {STAGE_TEXT.get(f[2], '')}".rstrip(" ·")
                if not fit_text(text, room, s(12), bold=depth == 0, min_size=9)[1]:
                    text = short         # the stage goes before the words get cut
                col = SEAT_COLOURS[v.controller(f[1])]
            else:
                text = "Waiting: " + ", ".join(card_obj(v, i).name if card_obj(v, i) else "a card" for i in f[2:])
                col = PAL["line"]
            ft, text = fit_line(text, room, s(12), bold=depth == 0, min_size=9, where="chain row")
            lh = ft.get_height() + s(2)
            more = len(frames) - depth - 1
            if y + lh > box.bottom - s(2) or (more and y + 2 * lh > box.bottom - s(2) and depth > 0):
                draw_text(surf, f"… {len(frames) - depth} more below", (box.left + s(10), y), 9, PAL["dim"])
                return
            pygame.draw.rect(surf, col, (box.left + s(6), y + s(1), s(4), lh - s(2)), border_radius=s(2))
            surf.blit(ft.render(text, True, PAL["text"] if depth == 0 else PAL["muted"]), (box.left + s(14), y))
            y += lh

    def _draw_bonus_list(self, surf, v, y):
        s = self.s
        r = self.right_rect
        bonuses = sorted(v.cell_bonuses().items())
        if y + s(40) > r.bottom:
            return
        n = len(bonuses)
        h = min(r.bottom - y, s(30) + max(1, n) * s(19))
        box = pygame.Rect(r.left, y, r.width, h)
        panel(surf, box, colour=(16, 18, 26), border=PAL["line"], radius=s(10), alpha=200)
        yy = box.top + s(26)
        fit = (box.bottom - s(2) - yy) // s(19)      # lines the panel holds
        head = "CELL BONUSES LEFT"
        if fit <= 0 and n:    # no room for a line: the heading says how many (each shows on its cell)
            f12 = font(s(12), True)
            head = next((t for t in (f"CELL BONUSES LEFT ({n}, on the grid)", f"CELL BONUSES LEFT ({n})",
                                     f"BONUSES LEFT ({n})") if f12.size(t)[0] <= box.width - s(20)),
                        f"BONUSES ({n})")
        draw_text(surf, head, (box.left + s(10), box.top + s(6)), s(12), PAL["muted"], bold=True)
        if not bonuses and fit > 0:
            draw_text(surf, "All used.", (box.left + s(10), yy), s(13), PAL["dim"], italic=True)
        for i, (c, b) in enumerate(bonuses):
            if i >= fit:
                break
            if i == fit - 1 and n > fit:   # the rest are on the grid (each bonus cell shows its own)
                draw_text(surf, f"… {n - i} more on the grid", (box.left + s(10), yy), s(12), PAL["dim"])
                break
            draw_text(surf, cell_name(c), (box.left + s(10), yy), s(13), PAL["gold"], bold=True)
            draw_text(surf, b, (box.left + s(44), yy), s(13), PAL["text"])
            yy += s(19)
        self._draw_graves(surf, v, box.bottom + s(8))

    def _draw_graves(self, surf, v, y):
        """Both graveyards, newest first (Resurrection brings cards back from here); hover a name to zoom."""
        s = self.s
        r = self.right_rect
        self._grave_hot = []
        if y + s(60) > r.bottom:
            return
        box = pygame.Rect(r.left, y, r.width, r.bottom - y)
        panel(surf, box, colour=(16, 18, 26), border=PAL["line"], radius=s(10), alpha=200)
        yy = box.top + s(6)
        lh = s(17)
        seats = (self.viewer, 1 - self.viewer)
        room = (box.bottom - yy - s(6)) // lh - 2 * 1   # lines left after the two headings
        for k, seat in enumerate(seats):
            grave = v.zones[EM.Z_GRAVE + seat]
            who = possessive(self.names[seat], True).upper()
            col = SEAT_COLOURS[seat]
            if yy + lh > box.bottom - s(2):
                break  # no room for this heading (the other graveyard is listed on hover of the panel)
            for head in (f"{who} GRAVEYARD ({len(grave)})", f"{who} GRAVE ({len(grave)})", None):
                if head is None:     # a long name: shortened, the heading's words kept
                    hf, head = fit_named(self.names[seat], lambda n: f"{possessive(n, True).upper()} GRAVE "
                                         f"({len(grave)})", box.width - s(16), s(12), bold=True,
                                         where="graveyard heading")
                    break
                hf, fits = fit_text(head, box.width - s(16), s(12), bold=True, min_size=9)
                if fits:
                    break
            hs = hf.ch_size
            draw_text(surf, head, (box.left + s(10), yy), hs, shade(col, 1.1), bold=True)
            yy += lh + s(2)
            n_lines = max(0, room // 2 if k == 0 else room - min(len(v.zones[EM.Z_GRAVE + seats[0]]), room // 2))
            shown = list(reversed(grave))[:n_lines]
            for i, inst in enumerate(shown):
                c = card_obj(v, inst)
                if c is None:
                    continue
                if yy + lh > box.bottom - s(2):
                    break        # no room for another line inside the panel
                more = len(grave) - n_lines if i == n_lines - 1 else 0
                if more > 0 and i > 0:
                    draw_text(surf, f"… {len(grave) - i} more", (box.left + s(14), yy), s(12), PAL["dim"])
                    yy += lh
                    break
                tail = f"+{more} more" if more > 0 else (f"{c.cost}¢" if not c.is_block else "")
                tf, tail = fit_line(tail, box.width // 2, s(12), where="graveyard line") if tail else (None, "")
                tw = tf.size(tail)[0] if tail else 0
                nf, name = fit_line(c.name, box.width - s(24) - tw - (s(6) if tail else 0), s(13),
                                    where="graveyard line")
                surf.blit(nf.render(name, True, PAL["text"]), (box.left + s(14), yy))
                if tail:        # the newest card's cost; where it is the only line, how many more lie under it
                    surf.blit(tf.render(tail, True, PAL["dim"] if more > 0 else PAL["gold"]),
                              (box.right - s(10) - tw, yy))
                self._grave_hot.append((pygame.Rect(box.left, yy, box.width, lh), c))
                yy += lh
            other = v.zones[EM.Z_GRAVE + seats[1]] if k == 0 else ()
            if not grave and yy + lh <= box.bottom - s(2) and (room >= 2 or not other):  # "(0)" says it when short
                draw_text(surf, "empty", (box.left + s(14), yy), s(12), PAL["dim"], italic=True)
                yy += lh
            yy += s(4)

    # ---------------------------------------------------------------- hand
    def _draw_hand(self, surf, v):
        if self.handoff.pending:      # covered until its player is at the screen: not drawn at all
            return
        s = self.s
        me = self.viewer
        hand = v.hand(me)
        rects = self.hand_rects(len(hand))
        mouse = self.board_mouse
        dragging = self.drag.source.key if (self.drag is not None and self.drag.moved) else None
        hover = topmost_at(rects, mouse)
        ph = self.match.phase() if self.human_to_move() else None
        order = [i for i in range(len(rects)) if i != hover] + ([hover] if hover is not None else [])
        level = self._tag_level(v, hand, rects) if ph == "main" else 0
        for i in order:
            inst = hand[i]
            if dragging == ("hand", inst):
                continue
            rr = rects[i].move(0, -s(14)) if i == hover else rects[i]
            c = card_obj(v, inst)
            surf.blit(card_surface(GAME, c, rr.width) if c else back_surface(GAME, rr.width), rr)
            if ph == "mulligan" and i in self.mull_marks:
                veil = pygame.Surface(rr.size, pygame.SRCALPHA)
                veil.fill((60, 10, 10, 140))
                surf.blit(veil, rr)
                pill(surf, "PUT BACK", rr.center, s(13), PAL["bad"])
            elif ph == "main" and c is not None:
                self._draw_mode_tag(surf, v, inst, c, rr, level)
        if not hand:
            draw_text(surf, "Your hand is empty", self.hand_area.center, s(15), PAL["dim"], italic=True,
                      anchor="center")
        if self.tray is not None:
            panel(surf, self.tray, colour=PAL["panel"], border=PAL["gold"], radius=s(12), alpha=245)
            draw_text(surf, "Your graveyard — choose the monster to bring back", (self.tray.centerx,
                                                                                  self.tray.top + s(8)),
                      s(14), PAL["gold_hi"], bold=True, anchor="midtop")

    def _tag_forms(self, v, inst, card):
        """How a hand card would be played, longest first ("ACTIVE · 8¢ now", "ACTIVE · 8¢",
        "8¢ now"), and its colour."""
        if card.is_block:
            return ("BLOCK · out zone", "BLOCK", "BLOCK"), (170, 170, 180)
        if self.mode_of(inst):
            return (f"COVERED · {card.cost}¢ later", f"COVERED · {card.cost}¢", f"{card.cost}¢ later"), \
                (140, 170, 230)
        ok = card.cost <= v.credits(self.viewer)
        return (f"ACTIVE · {card.cost}¢ now", f"ACTIVE · {card.cost}¢", f"{card.cost}¢ now"), \
            PAL["good"] if ok else PAL["bad"]

    def _waiting_line(self, names, room):
        """(font, text) of the cards waiting to activate: all their names where they fit,
        else the first ones "and N more" (the chain's order is the grid's, in view)."""
        s = self.s
        lo = max(9, s(9))
        for k in range(len(names), 0, -1):
            text = ", ".join(names[:k]) + (f" and {len(names) - k} more" if k < len(names) else "")
            f, fits = fit_text(text, room, s(12), bold=True, min_size=lo)
            if fits:
                return f, text
        return fit_line(f"{len(names)} cards", room, s(12), bold=True, min_size=lo, where="chain row")

    def _tag_room(self, rr) -> int:
        """The words' width in a tag under a card: the tag may reach into half the gap
        beside the card, never into the next card's tag."""
        s = self.s
        return rr.width + (self.hand_gap if self.hand_gap is not None else s(8)) - 2 - s(6)

    def _tag_level(self, v, hand, rects) -> int:
        """The one form every tag of the hand uses (the same words on every card): the
        longest that fits each card's room at a readable size."""
        s = self.s
        lo = max(9, s(10))
        forms = [self._tag_forms(v, inst, c)[0] for inst in hand
                 for c in (card_obj(v, inst),) if c is not None]
        room = self._tag_room(rects[0]) if rects else 0
        for level in range(3):
            if all(fit_font(f[level], room, s(12), bold=True, min_size=lo).size(f[level])[0] <= room for f in forms):
                return level
        return 2

    def _draw_mode_tag(self, surf, v, inst, card, rr, level=0):
        s = self.s
        forms, col = self._tag_forms(v, inst, card)
        text = forms[level]
        room = self._tag_room(rr)
        f = fit_font(text, room, s(12), bold=True, min_size=9)
        img = f.render(text, True, col)
        # under the card, never over its arrows
        box = img.get_rect(midtop=(rr.centerx, rr.bottom + s(3))).inflate(s(6), s(2))
        pygame.draw.rect(surf, (12, 14, 20), box, border_radius=box.height // 2)
        pygame.draw.rect(surf, col, box, 1, border_radius=box.height // 2)
        surf.blit(img, img.get_rect(center=box.center))
        return box

    # ---------------------------------------------------------------- choices and drag info
    def _draw_spots(self, surf):
        if not self.spots or self.busy():
            return
        s = self.s
        pulse = 0.5 + 0.5 * math.sin(self.pulse_t * 5)
        colr = shade(PAL["good"], 0.8 + 0.3 * pulse)
        ph = self.match.phase()
        for i, (rr, action, c, _label) in enumerate(self.spots):
            if self.tray is not None and c is not None and ph == "pick" and self.tray.colliderect(rr):
                surf.blit(card_surface(GAME, c, rr.width), rr)
            pygame.draw.rect(surf, colr, rr.inflate(s(2), s(2)), max(2, s(3)), border_radius=s(7))
            if ph == "ability":
                m = self.match
                ab = CARD_ARROWS[m.cardof[m.acting()]][action[1]]
                pill(surf, ABILITY_TITLES[ab], (rr.centerx, rr.centery), s(12), ABILITY_COL)
            elif ph == "conflict":
                pill(surf, "fight", (rr.centerx, rr.centery), s(12), PAL["bad"])
            if i < 9 and ph != "hit":     # Firestorm: number keys type an amount, not a choice
                # a card in the hand: its key under it, in the strip the play tags use in the main
                # phase (on its corner it hid the first letters of the name: "mber Imp")
                in_hand = ph in ("discard", "pick") and self.tray is None
                at = (rr.centerx, rr.bottom + self.tag_h // 2) if in_hand else (rr.left + s(9), rr.top + s(9))
                pill(surf, str(i + 1), at, s(12), (16, 18, 24), bg=PAL["good"], border=(16, 18, 24), alpha=255)

    def draw_dragged(self, surf):
        d = self.drag
        if d is None or d.source.key[0] != "hand" or not self.cell:
            return super().draw_dragged(surf)
        inst = d.source.key[1]
        v = self.view
        card = card_obj(v, inst)
        cov = self.mode_of(inst) and not (card is not None and card.is_block)
        img = render_tile(card, self.cell - 4, SEAT_COLOURS[self.viewer], face_down=False)
        r = img.get_rect(center=d.pos)
        sh = pygame.Surface(img.get_size(), pygame.SRCALPHA)
        sh.fill((0, 0, 0, 90))
        surf.blit(sh, r.move(self.s(5), self.s(7)))
        surf.blit(img, r)
        if cov:   # it will lie face down: a veil and the word
            veil = pygame.Surface(img.get_size(), pygame.SRCALPHA)
            veil.fill((20, 24, 40, 150))
            surf.blit(veil, r)
            pill(surf, "COVERED", r.center, self.s(12), (150, 180, 240))
        self._drag_tile = r       # its cost and keys are drawn after the move preview, clear of it

    def draw_over_preview(self, surf):
        tile = self._drag_tile
        self._drag_tile = None
        if tile is not None:
            self._draw_drag_info(surf, tile)

    def _draw_drag_info(self, surf, tile=None):
        d = self.drag
        if d is None or not d.moved or d.source.key[0] != "hand" or tile is None:
            return
        s = self.s
        inst = d.source.key[1]
        v = self.view
        card = card_obj(v, inst)
        if card is None:
            return
        have = v.credits(self.viewer)
        if card.is_block:
            text, col = "Block card: face-up, out zone only", (200, 200, 210)
        elif self.mode_of(inst):
            text, col = f"COVERED: pay {card.cost}¢ at your next reveal", (150, 180, 240)
        else:
            ok = card.cost <= have
            text = f"ACTIVE: pay {card.cost}¢ now (you have {have}¢)"
            col = PAL["good"] if ok else PAL["bad"]
        hint = "" if card.is_block else "Shift: covered · C: switch"
        # the cost above the tile and the keys under it; where the move's preview box (placed
        # beside the target) is in the way, both go on the other side, clear of it
        size, hsize = s(15), s(12)
        f, hf = font(size, True), font(hsize)
        pw, ph = f.size(text)[0] + int(size * 0.9), f.get_height() + int(size * 0.4)
        hw, hh = (hf.size(hint)[0], hf.get_height()) if hint else (0, 0)
        area = pygame.Rect(0, self.board_rect.top, self.W, self.H - self.board_rect.top)
        avoid = self.aids.preview_rect

        def slide(r):
            # centred on the tile, or slid sideways off the preview box
            if avoid is not None and r.colliderect(avoid):
                if avoid.centerx >= tile.centerx:
                    r.right = min(r.right, avoid.left - s(4))
                else:
                    r.left = max(r.left, avoid.right + s(4))
            r.clamp_ip(area)
            return r

        def place(pill_top, hint_top):
            pr = pygame.Rect(0, 0, pw, ph)
            pr.midtop = (tile.centerx, pill_top)
            hr = pygame.Rect(0, 0, hw, hh)
            hr.midtop = (tile.centerx, hint_top)
            return slide(pr), slide(hr)
        gap = s(4)
        options = [place(tile.top - gap - ph, tile.bottom + gap),                    # above / below
                   place(tile.bottom + gap, tile.bottom + 2 * gap + ph),             # both below
                   place(tile.top - gap - ph, tile.top - 2 * gap - ph - hh)]         # both above
        pr, hr = options[0]
        for a, b in options:
            if avoid is None or not (a.colliderect(avoid) or (hint and b.colliderect(avoid))):
                pr, hr = a, b
                break
        pill(surf, text, pr.center, size, col)
        if hint:
            draw_text(surf, hint, hr.topleft, hsize, PAL["text"], shadow=True)

    def _draw_bonus_tip(self, surf):
        if self.drag is not None or self.aids.hover_card is not None:
            return
        hit = self.bonus_at(self.board_mouse)
        if hit is None:
            return
        s = self.s
        c, b = hit
        text = f"{cell_name(c)} — {BONUS_TIP.get(b, b)}"
        w = s(260)
        f = font(s(14))
        from client.ui.theme import wrap_lines
        lines = wrap_lines(text, f, w - s(16))
        h = len(lines) * f.get_linesize() + s(12)
        mx, my = self.board_mouse
        r = pygame.Rect(mx + s(16), my + s(16), w, h)
        r.clamp_ip(pygame.Rect(0, 0, self.W, self.H))
        panel(surf, r, colour=(14, 16, 23), border=PAL["gold"], radius=s(6))
        y = r.top + s(6)
        for ln in lines:
            draw_text(surf, ln, (r.left + s(8), y), s(14), PAL["text"])
            y += f.get_linesize()
