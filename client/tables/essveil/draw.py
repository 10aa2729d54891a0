"""Essveil table drawing (a mixin of :class:`client.tables.essveil.table.Table`): the
board, the drag layer, the player panels, the Essence strips, the opponent's
hand and the creature rows. The phase band, your hand and the choices drawn
over the board: :mod:`client.tables.essveil.overlays`.
"""
from __future__ import annotations

import math

import pygame

from engine.essveil import match as EV
from engine.essveil.cards import CARDS_BY_INDEX
from engine.essveil.state import card_state

from client.cards import back_surface, card_surface
from client.cards import draw as D
from client.tables.essveil.face import art_rect
from client.cards.state import in_play
from client.cards.icons import draw_icon
from client.table.chrome import SEAT_COLOURS
from client.table.kit.parts import draw_arrow, draw_source_hint, draw_target_highlight
from client.ui.theme import PAL, draw_text, ellipsize, fit_font, fit_line, panel, shade
from client.tables.essveil.anims import AEGIS_COL, ATTACK_COL, ESSENCE_COL, GUARD_COL, pill, pill_rect
from client.tables.essveil.common import BOARD, GAME, card_of


class EssveilDraw:
    # ================================================================ drawing
    def draw_board(self, surf):
        if not self.cw:
            return
        v = self.shown
        me, opp = self.viewer, 1 - self.viewer
        for seat in (opp, me):
            self._draw_info(surf, v, seat)
            self._draw_row(surf, v, seat)
            self._draw_strip(surf, v, seat)
        self._draw_pending_attack(surf, v)   # under the phase band: its chips stay readable
        self._draw_band(surf, v)
        self._draw_hand(surf, v)
        if not self.busy() and self.human_to_move():
            ph = self.match.phase()
            if ph == "attune":
                self._draw_attune(surf)
            elif ph == "guard":
                self._draw_guard_marks(surf)
        self._draw_pick(surf)
        if self.grave_view is not None:
            self._draw_graves(surf, v)

    def draw_drag_layer(self, surf):
        """Legal targets while dragging; gold rims on what can act when idle (hand cards get
        theirs in :meth:`_draw_hand`, where they are drawn lifted)."""
        if self.grave_view is not None:
            return
        s = self.s
        sc = self.app.scale
        d = self.drag
        if d is None or not d.moved:
            if not self.busy() and self.pick is None and self.app.settings.show_hints:
                for key in self.live_sources:
                    src = self.sources.get(key)
                    if src is not None and key[0] != "hand":
                        draw_source_hint(surf, src.rect, self.pulse_t, sc)
            return
        key = d.source.key
        for tkey in self.pointer.legal_targets_for(key):
            t = self.targets.get(tkey)
            if t is not None:
                draw_target_highlight(surf, t, self.pulse_t, hot=t.rect.collidepoint(d.pos), scale=sc)
        opts = self.options_for(key)
        # a targeted card can also be dropped on your side: it then asks for its target
        if key[0] in ("hand", "ability") and opts and BOARD not in opts:
            row = self.rows["me"]
            pygame.draw.rect(surf, shade(PAL["good"], 0.7), row, max(1, s(2)), border_radius=s(10))
            draw_text(surf, "or drop here, then click the target", (row.centerx, row.top + s(3)), s(13),
                      PAL["good"], bold=True, anchor="midtop", shadow=True)
        if key[0] == "unit":
            self._draw_possible_guards(surf)
        if key[0] in ("unit", "ability"):
            rr = d.source.rect
            col = ATTACK_COL if key[0] == "unit" else PAL["gold_hi"]
            draw_arrow(surf, rr.center, d.pos, shade(col, 0.85), max(3, s(4)), dashed=True)
            if key[0] == "unit" and self.phase() == "main":
                c = self.match.creature(key[1])
                if c is not None and "Veilstep" in c["keywords"]:
                    pill(surf, "Veilstep: no Guard can intercept", (d.pos[0], d.pos[1] + s(30)), s(13),
                         (205, 160, 255))

    def draw_dragged(self, surf):
        super().draw_dragged(surf)
        d = self.drag
        # a card aimed at a player's panel hides their Life: say it beside the card
        for seat in (0, 1):
            if self.info_rect(seat).collidepoint(d.pos) and (d.source.key, ("player", seat)) in self.pairs:
                s = self.s
                life = self.view.life(seat)
                x, y = d.pos[0] - d.grab[0], d.pos[1] - d.grab[1]
                text = f"Life {life}"
                pr = pill_rect(text, (0, 0), s(16), icon="heart")
                pr.topleft = (x + d.source.rect.width + s(8), y + s(4))
                pill(surf, text, pr.center, s(16), PAL["bad"] if life <= 5 else PAL["text"], icon="heart",
                     border=SEAT_COLOURS[seat])

    def _draw_possible_guards(self, surf):
        """While an attack is aimed at a legal target: the enemy Guards that could step in
        (from the engine's preview), ringed and marked, so the board says it too."""
        aim = self.previewed()
        pv = self.aids.preview_for(aim[0]) if aim is not None else None
        guards = (pv.facts or {}).get("guards") if pv is not None else None
        if not guards:
            return
        s = self.s
        rects = self.unit_rects(self.view)
        pulse = 0.5 + 0.5 * math.sin(self.pulse_t * 5)
        for g in guards:
            rr = rects.get(g)
            if rr is None:
                continue
            pygame.draw.rect(surf, shade(GUARD_COL, 0.75 + 0.25 * pulse), rr.inflate(s(10), s(10)), max(2, s(3)),
                             border_radius=s(10))
            pill(surf, "may intercept", (rr.centerx, rr.top + int(rr.height * 0.36)), s(11), GUARD_COL,
                 icon="shield")

    # ---------------------------------------------------------------- info panels
    def _draw_info(self, surf, v, seat):
        s = self.s
        r = self.info_rect(seat)
        col = SEAT_COLOURS[seat]
        active = v.turn_player() == seat and v.result() is None
        panel(surf, r, colour=(20, 23, 31), border=col if active else shade(col, 0.5), radius=s(10), alpha=220,
              width=max(2, s(3)) if active else max(1, s(2)))
        x = r.left + s(10)
        y = r.top + s(8)
        f, name = fit_line(self.names[seat], r.width - s(34), s(16), bold=True,
                           min_size=max(9, s(12)), where="player panel")
        pygame.draw.circle(surf, col, (x + s(6), y + s(11)), s(6))
        surf.blit(f.render(name, True, PAL["text"]), (x + s(18), y))
        if active:
            draw_text(surf, "to play" if v.to_move() == seat else "turn", (r.right - s(8), y + s(22)), s(11),
                      col, bold=True, anchor="topright")
        # Life
        life = v.life(seat)
        lc = PAL["bad"] if life <= 5 else PAL["text"]
        hr = pygame.Rect(0, 0, s(34), s(34))
        hr.center = (r.left + s(30), r.top + s(62))
        draw_icon(surf, "heart", hr, (220, 70, 80))
        draw_text(surf, "LIFE", (hr.centerx, hr.bottom + s(1)), s(10), PAL["muted"], bold=True, anchor="midtop")
        draw_text(surf, str(life), self.life_pos(seat), s(40), lc, title=True, anchor="center")
        y = r.top + s(96)
        fs, lh = s(14), s(20)
        hand_n = len(v.hands[seat])
        joined, face_w = self.info_plan(seat)
        if joined:      # a short panel (larger interface sizes): "Deck 44   Hand 4" on one row
            half = (r.width - s(20)) // 2
            for i, (label, val) in enumerate((("Deck", v.deck_size(seat)), ("Hand", hand_n))):
                x0 = x + i * (half + s(8))
                draw_text(surf, label, (x0, y), fs, PAL["muted"])
                draw_text(surf, str(val), (x0 + half - s(8), y), fs, PAL["text"], bold=True, anchor="topright")
        else:
            for label, val in (("Deck", v.deck_size(seat)), ("Hand", hand_n)):
                draw_text(surf, label, (x, y), fs, PAL["muted"])
                draw_text(surf, str(val), (r.right - s(10), y), fs, PAL["text"], bold=True, anchor="topright")
                y += lh
        gr = self.grave_row_rect(seat)
        hot = gr.collidepoint(self.board_mouse) or self.grave_view == seat
        pygame.draw.rect(surf, (44, 40, 60) if hot else (30, 32, 44), gr, border_radius=s(6))
        pygame.draw.rect(surf, shade(ESSENCE_COL, 0.9 if hot else 0.6), gr, max(1, s(1)), border_radius=s(6))
        draw_icon(surf, "tomb", pygame.Rect(gr.left + s(4), gr.centery - s(8), s(16), s(16)), PAL["muted"])
        draw_text(surf, "Graveyard", (gr.left + s(24), gr.centery), fs, PAL["text"], anchor="midleft")
        draw_text(surf, str(len(v.graves[seat])), (gr.right - s(6), gr.centery), fs, PAL["gold_hi"], bold=True,
                  anchor="midright")
        # the top card of the graveyard, when there is room (your panel is taller): as
        # wide as the interface size makes it, so its words grow with it too
        top_area = pygame.Rect(r.left + s(10), gr.bottom + s(12), r.width - s(20), r.bottom - gr.bottom - s(20))
        if v.graves[seat] and face_w:
            if not joined:
                draw_text(surf, "top of the graveyard", (top_area.centerx, top_area.top - s(6)), s(11), PAL["dim"],
                          italic=True, anchor="midtop")
                top_area.top += s(10)
            else:
                top_area.top = gr.bottom + s(8)
            # (a miniature where the panel is too narrow for a face's words: hover shows the card)
            img = card_surface(GAME, CARDS_BY_INDEX[v.graves[seat][-1]], min(face_w, r.width - s(12)), mini=True)
            rr = img.get_rect(midtop=(top_area.centerx, top_area.top))
            surf.blit(img, rr)
            veil = pygame.Surface(rr.size, pygame.SRCALPHA)
            veil.fill((10, 10, 16, 70))
            surf.blit(veil, rr)
        elif face_w:
            draw_text(surf, "(graveyard empty)", (top_area.centerx, top_area.top + s(6)), s(12), PAL["dim"],
                      italic=True, anchor="midtop")

    # ---------------------------------------------------------------- Essence strips
    def _essence_card(self, w, h, state):
        """One Essence card: "ready" (untapped, bright), "spent" (tapped: drawn sideways), "back" (Reserve)."""
        key = ("ess", w, h, state)
        cache = EssveilDraw._ess_cache
        img = cache.get(key)
        if img is not None:
            return img
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        rad = max(2, w // 6)
        if state == "back":
            pygame.draw.rect(s, (40, 30, 66), s.get_rect(), border_radius=rad)
            pygame.draw.rect(s, (120, 96, 180), s.get_rect(), max(1, w // 14), border_radius=rad)
            for i in range(3):
                yy = h * (i + 1) // 4
                pygame.draw.line(s, (70, 56, 110), (w // 5, yy), (w - w // 5, yy), max(1, w // 16))
        else:
            ready = state == "ready"
            base = (206, 188, 255) if ready else (78, 74, 92)
            pygame.draw.rect(s, (110, 70, 200) if ready else (50, 48, 60), s.get_rect(), border_radius=rad)
            pygame.draw.rect(s, base, s.get_rect().inflate(-max(2, w // 7), -max(2, w // 7)), border_radius=rad)
            g = int(min(w, h) * 0.72)
            draw_icon(s, "gem", pygame.Rect((w - g) // 2, (h - g) // 2, g, g),
                      (120, 60, 220) if ready else (120, 116, 136), outline=(40, 20, 80) if ready else None)
        if state == "spent":
            s = pygame.transform.rotate(s, -90)
        if len(cache) > 64:
            cache.clear()
        cache[key] = s
        return s

    _ess_cache: dict = {}

    def _draw_strip(self, surf, v, seat):
        s = self.s
        strip = self.strip_rect(seat)
        panel(surf, strip, colour=(18, 16, 28), border=shade(ESSENCE_COL, 0.45), radius=s(8), alpha=190,
              width=max(1, s(1)))
        res, ready, spent = v.essence(seat)
        eh = strip.height - s(10)
        ew = int(eh * 0.7)
        cy = strip.centery
        x = strip.left + s(10)
        # Reserve: a face-down stack with its count
        lab = draw_text(surf, "Reserve", (x, cy), s(13), PAL["muted"], bold=True, anchor="midleft")
        x = lab.right + s(6)
        if res:
            for i in range(min(3, res)):
                surf.blit(self._essence_card(ew, eh, "back"), (x + i * s(3), cy - eh // 2 - i * s(1)))
            sx = x + min(3, res) * s(3) - s(3)
            D.number(surf, res, (sx + ew // 2, cy), s(20))
            x = sx + ew + s(14)
        else:
            box = pygame.Rect(x, cy - eh // 2, ew, eh)
            pygame.draw.rect(surf, PAL["line"], box, max(1, s(1)), border_radius=s(4))
            draw_text(surf, "0", box.center, s(14), PAL["dim"], bold=True, anchor="center")
            x = box.right + s(14)
        pygame.draw.line(surf, PAL["line"], (x - s(7), strip.top + s(6)), (x - s(7), strip.bottom - s(6)), 1)
        lab = draw_text(surf, "Veil", (x, cy), s(13), PAL["muted"], bold=True, anchor="midleft")
        x = lab.right + s(6)
        # cost preview: the Essence a hovered / dragged card of yours would tap
        preview = 0
        if seat == self.viewer and self.human_to_move() and not self.anims.busy and self.phase() == "main":
            c = None
            if self.drag is not None and self.drag.source.key[0] == "hand":
                c = self.drag.source.card
            elif self.aids.hover_card is not None and self.drag is None:
                hand = v.hand_ids(seat)
                for i, rr in enumerate(self.hand_rects(len(hand))):
                    if rr.collidepoint(self.board_mouse):
                        c = card_of(hand[i])
                if c is None and self.pick is not None and self.pick["src"][0] == "hand":
                    c = card_of(v.hand_ids(seat)[self.pick["src"][1]])
            if c is None and self.pick is not None and self.pick["src"][0] == "hand":
                ids = v.hand_ids(seat)
                if self.pick["src"][1] < len(ids):
                    c = card_of(ids[self.pick["src"][1]])
            if c is not None:
                preview = c.cost
        for i in range(ready):
            rr = pygame.Rect(x, cy - eh // 2, ew, eh)
            surf.blit(self._essence_card(ew, eh, "ready"), rr)
            if preview and i >= ready - preview:
                pygame.draw.rect(surf, PAL["gold_hi"], rr.inflate(s(4), s(4)), max(2, s(2)), border_radius=s(5))
            x += ew + s(3)
        if ready:
            x = draw_text(surf, f"{ready} ready", (x + s(3), cy), s(12), shade(ESSENCE_COL, 1.35), bold=True,
                          anchor="midleft").right + s(12)
        if preview > ready:
            x = draw_text(surf, f"needs {preview}", (x, cy), s(12), PAL["bad"], bold=True,
                          anchor="midleft").right + s(12)
        if spent:
            for i in range(spent):
                rr = pygame.Rect(x, cy - ew // 2, eh, ew)
                surf.blit(self._essence_card(ew, eh, "spent"), rr)
                x += eh + s(3)
            x = draw_text(surf, f"{spent} tapped", (x + s(3), cy), s(12), PAL["muted"], bold=True,
                          anchor="midleft").right + s(12)
        if not ready and not spent:
            x = draw_text(surf, "empty", (x, cy), s(12), PAL["dim"], italic=True, anchor="midleft").right
        self._ess_right[seat] = x
        # right side: your Pierce chip / their hand
        if seat == self.viewer:
            if v.g[EV.G_PIERCE_OPT]:
                used = bool(v.g[EV.G_PIERCE_USED])
                ok = (not used and v.life(seat) > EV.PIERCE_LIFE and res > 0 and v.turn_player() == seat
                      and v.phase() == "main")
                txt = "Pierce the Veil: used this turn" if used else (
                    "Pierce the Veil ready (P)" if ok else "Pierce the Veil")
                pr = pill_rect(txt, (0, 0), s(13), icon="eye")
                pr.midright = (strip.right - s(8), cy)
                pill(surf, txt, pr.center, s(13), PAL["gold_hi"] if ok else PAL["dim"], icon="eye")
        else:
            self._draw_opp_hand(surf, v)

    def _draw_opp_hand(self, surf, v):
        s = self.s
        opp = 1 - self.viewer
        rects = self.opp_hand_rects(v)
        ids = v.hand_ids(opp)
        for i, rr in enumerate(rects):
            c = card_of(ids[i]) if (self.reveal_all and i < len(ids)) else None
            img = card_surface(GAME, c, rr.width, mini=True) if c is not None else back_surface(GAME, rr.width)
            surf.blit(img, rr)
        label = f"Hand {len(ids)}"
        x = (rects[0].left - s(8)) if rects else self.strip_rect(opp).right - s(10)
        draw_text(surf, label, (x, self.strip_rect(opp).centery), s(13), PAL["muted"], bold=True, anchor="midright")

    # ---------------------------------------------------------------- creature rows
    def _draw_row(self, surf, v, seat):
        s = self.s
        row = self.rows[self.row(seat)]
        panel(surf, row.inflate(s(8), s(6)), colour=(20, 23, 31), border=shade(SEAT_COLOURS[seat], 0.45),
              radius=s(10), alpha=150, width=max(1, s(1)))
        crs = v.creatures(seat)
        n = len(crs)
        draw_text(surf, f"{n}/{EV.MAX_CREATURES}", (row.right - s(4), row.bottom - s(2)), s(11),
                  PAL["bad"] if n >= EV.MAX_CREATURES else PAL["dim"], bold=True, anchor="bottomright")
        if not crs:
            hint = self.row_hint(seat)
            if hint is not None:
                draw_text(surf, hint[0], hint[1].center, s(15), PAL["dim"], italic=True, anchor="center")
            return
        rects = self.unit_rects(v)
        dragging = self.drag.source.key if (self.drag is not None and self.drag.moved) else None
        for c in crs:
            rr = rects[c["uid"]]
            if dragging == ("unit", c["uid"]):
                sh = pygame.Surface(rr.size, pygame.SRCALPHA)
                pygame.draw.rect(sh, (0, 0, 0, 90), sh.get_rect(), border_radius=s(8))
                surf.blit(sh, rr)
                continue
            self._draw_unit(surf, v, seat, c, rr)

    def face_of(self, v, uid):
        """The creature ``uid`` as it is now (its printed card with the engine's state over it)."""
        st = card_state(v, uid)
        return in_play(GAME, card_of(st.card), st) if st is not None else None

    def _draw_unit(self, surf, v, seat, c, rr):
        s = self.s
        card = card_of(c["card"])
        # the face shows the creature as it is now: current Might / Endurance left (coloured
        # when they differ from the print), keywords and rules text (Silence, Equipment,
        # a spent Aegis); its zoom lists what changed and why
        face = self.face_of(v, c["uid"])
        words = self.words(v, "rows") if rr.width == self.cw else True
        surf.blit(card_surface(GAME, face, rr.width, words=words), rr)
        # (its damage is on the face, beside the Endurance left: the zoom shows the same)
        # states
        if c["aegis"]:
            layer = pygame.Surface(rr.inflate(s(10), s(10)).size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*AEGIS_COL, 50), layer.get_rect(), border_radius=s(14))
            pygame.draw.rect(layer, (*AEGIS_COL, 230), layer.get_rect(), max(2, s(3)), border_radius=s(14))
            surf.blit(layer, rr.inflate(s(10), s(10)))
        pa = v.pending_attack()
        # state marks sit on the picture's part free of the face's badges (art_rect), never
        # over the name, cost, numbers or text; a mark wider than the picture keeps its icon
        art = art_rect(card, rr.width).move(rr.topleft)
        marks = []          # (text, size, colour, icon, pill keywords)
        if c["silenced"]:
            marks.append(("Silenced", s(11), (215, 215, 225), "mute", {"bg": (40, 40, 48)}))
        if c["tapped"] and not (pa and pa[0] == c["uid"]):
            veil = pygame.Surface(rr.size, pygame.SRCALPHA)
            veil.fill((8, 8, 14, 120))
            surf.blit(veil, rr)
            marks.append(("Tapped", s(12), PAL["muted"], "arrow", {}))
        elif c["sick"] and "Swift" not in c["keywords"] and seat == v.turn_player():
            marks.append(("Arrived", s(12), (170, 190, 255), "moon", {}))
        if c["intercepted"]:
            marks.append(("Guarded", s(11), GUARD_COL, "shield", {}))
        self._state_marks(surf, art, marks)
        # tabs: ability and Equipment
        ab, eq = self.tab_rects(rr, card.ability is not None, bool(c["equipment"]))
        if ab is not None:
            self._draw_ability_tab(surf, ab, card, not c["silenced"])
        if eq is not None:
            e = card_of(c["equipment"])
            pygame.draw.rect(surf, (44, 52, 66), eq, border_radius=s(5))
            pygame.draw.rect(surf, (140, 164, 190), eq, max(1, s(1)), border_radius=s(5))
            ic = eq.height - s(6)
            draw_icon(surf, "sword", pygame.Rect(eq.left + s(3), eq.centery - ic // 2, ic, ic), (210, 220, 235))
            f = fit_font(e.name, eq.width - ic - s(10), s(12), bold=True, min_size=7)
            name = ellipsize(e.name, f, eq.width - ic - s(10), where="equipment tab")
            surf.blit(f.render(name, True, (225, 232, 240)), f.render(name, True, (0, 0, 0)).get_rect(
                midleft=(eq.left + ic + s(6), eq.centery)))

    def _state_marks(self, surf, art, marks):
        """The state marks inside the picture ``art``, one under another from its top edge;
        where their words do not fit (a small card), their icons side by side."""
        if not marks:
            return
        rects = [pill_rect(t, (0, 0), size, icon=icon) for t, size, _c, icon, _kw in marks]
        gap = max(1, self.s(2))
        if max(r.width for r in rects) <= art.width - 2 and sum(r.height for r in rects) + gap * (len(rects) - 1) \
                <= art.height:
            y = art.top if len(marks) > 1 else art.centery - rects[0].height // 2
            for (t, size, col, icon, kw), r in zip(marks, rects):
                pill(surf, t, (art.centerx, y + r.height // 2), size, col, icon=icon, **kw)
                y += r.height + gap
            return
        rects = [pill_rect("", (0, 0), size, icon=icon) for _t, size, _c, icon, _kw in marks]
        x = art.centerx - (sum(r.width for r in rects) + gap * (len(rects) - 1)) // 2
        for (_t, size, col, icon, kw), r in zip(marks, rects):
            pill(surf, "", (x + r.width // 2, art.centery), size, col, icon=icon, **kw)
            x += r.width + gap

    def _draw_ability_tab(self, surf, rr, card, live):
        s = self.s
        col = PAL["gold"] if live else PAL["dim"]
        pygame.draw.rect(surf, (54, 44, 20) if live else (36, 36, 40), rr, border_radius=s(5))
        pygame.draw.rect(surf, col, rr, max(1, s(1)), border_radius=s(5))
        ic = rr.height - s(6)
        draw_icon(surf, "bolt", pygame.Rect(rr.left + s(3), rr.centery - ic // 2, ic, ic), col)
        cost = card.ability.cost
        txt = "Tap" + (f" +{cost}" if cost else "")
        if rr.width > self.s(84):
            txt += ": ability"
        f = fit_font(txt, rr.width - ic - s(10), s(12), bold=True, min_size=7)
        txt = ellipsize(txt, f, rr.width - ic - s(10), where="ability tab")
        surf.blit(f.render(txt, True, PAL["gold_hi"] if live else PAL["dim"]),
                  f.render(txt, True, (0, 0, 0)).get_rect(midleft=(rr.left + ic + s(6), rr.centery)))
