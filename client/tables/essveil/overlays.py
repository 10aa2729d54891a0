"""Essveil table drawing, part two (a mixin of :class:`client.tables.essveil.table.Table`):
the phase band with its prompt and the thinking sign, the pending attack's
arrow, your hand, and what is drawn over the board for a choice — the Attune
buttons, the Guard marks, a click-to-target pick and the graveyard viewer.
"""
from __future__ import annotations

import math

import pygame

from engine.core.text import does, possessive
from engine.essveil import match as EV
from engine.essveil.cards import CARDS_BY_INDEX

from client.cards import back_surface, card_surface
from client.tables.essveil.face import art_rect as essveil_art_rect
from client.table.chrome import SEAT_COLOURS
from client.table.kit.parts import draw_arrow, draw_source_hint, draw_target_highlight, draw_thinking, topmost_at
from client.ui.theme import PAL, draw_text, ellipsize, font, panel, shade
from client.tables.essveil.anims import ATTACK_COL, ESSENCE_COL, pill
from client.tables.essveil.common import GAME, card_of


class EssveilOverlays:
    def _draw_band(self, surf, v):
        s = self.s
        b = self.band
        panel(surf, b, colour=(16, 18, 26), border=PAL["line"], radius=s(10), alpha=230)
        if v.result() is None:
            chip = self._chip or {"attune": "attune", "main": "main", "guard": "main"}.get(v.phase(), "")
        else:
            chip = ""
        x = b.left + s(10)
        acc = SEAT_COLOURS[v.turn_player()]
        for i, (key, label) in enumerate((("refresh", "Refresh"), ("attune", "Attune"), ("main", "Main"))):
            rr = pygame.Rect(x, b.centery - s(13), s(70), s(26))
            on = key == chip
            pygame.draw.rect(surf, shade(acc, 0.45) if on else (28, 31, 40), rr, border_radius=s(13))
            pygame.draw.rect(surf, acc if on else PAL["line"], rr, max(1, s(2)), border_radius=s(13))
            draw_text(surf, label, rr.center, s(13), PAL["text"] if on else PAL["dim"], bold=on, anchor="center")
            x = rr.right + s(3)
            if i < 2:
                draw_text(surf, "›", (x + s(1), b.centery), s(16), PAL["dim"], anchor="midleft")
                x += s(12)
        x += s(10)
        forms = self.prompt_forms()
        width = b.right - s(12) - x
        thinking = self.driver.thinking()
        if thinking is not None:      # the thinking sign takes the band's right end
            r = pygame.Rect(0, 0, s(250), b.height - s(8))
            r.midright = (b.right - s(6), b.centery)
            draw_thinking(surf, r, self.t, does(self.names[thinking], "are", "thinking…"), self.app.scale)
            width = r.left - s(10) - x
        size = s(15)
        f = font(size)
        # the first form that fits at the full size; else the shortest, made smaller
        text = next((t for t in forms if f.size(t)[0] <= width), forms[-1])
        while size > s(11) and f.size(text)[0] > width:
            size -= 1
            f = font(size)
        text = ellipsize(text, f, width, where="prompt")
        col = PAL["gold_hi"] if (self.human_to_move() and not self.anims.busy) else PAL["muted"]
        img = f.render(text, True, col)
        surf.blit(img, img.get_rect(midleft=(x, b.centery)))

    def _draw_pending_attack(self, surf, v):
        pa = v.pending_attack() if v.result() is None else None
        if pa is None:
            return
        s = self.s
        atk, target = pa
        rects = self.unit_rects(v)
        ar = rects.get(atk)
        if ar is None:
            return
        if target in (1, 2):
            tr = self.life_rect(target - 1)
        else:
            tr = rects.get(target)
        pulse = 0.5 + 0.5 * math.sin(self.pulse_t * 5)
        pygame.draw.rect(surf, shade(ATTACK_COL, 0.8 + 0.3 * pulse), ar.inflate(s(8), s(8)), max(2, s(3)),
                         border_radius=s(9))
        if tr is not None:
            end = tr.center
            if target in (1, 2):  # stop short of the Life number, so it stays readable
                dx, dy = end[0] - ar.centerx, end[1] - ar.centery
                dist = max(1.0, math.hypot(dx, dy))
                k = max(0.0, dist - s(34)) / dist
                end = (int(ar.centerx + dx * k), int(ar.centery + dy * k))
            draw_arrow(surf, ar.center, end, ATTACK_COL, max(4, s(6)), bend=0.08)
        unit = next((c for seat in (0, 1) for c in v.creatures(seat) if c["uid"] == atk), None)
        if unit is not None:    # on the picture, as the other state marks (never over its cost)
            art = essveil_art_rect(card_of(unit["card"]), ar.width).move(ar.topleft)
            self._state_marks(surf, art, [("ATTACKING", s(12), ATTACK_COL, "sword", {})])

    # ---------------------------------------------------------------- hand
    def _draw_hand(self, surf, v):
        if self.handoff.pending:      # covered until its player is at the screen: not drawn at all
            return
        s = self.s
        me = self.viewer
        hand = v.hand_ids(me)
        rects = self.hand_rects(len(hand))
        mouse = self.board_mouse
        hover = topmost_at(rects, mouse) if self.drag is None and self.grave_view is None else None
        dragging = self.drag.source.key if (self.drag is not None and self.drag.moved) else None
        picking = self.pick["src"] if self.pick is not None else None
        can_act = self.human_to_move() and not self.busy() and v.phase() == "main"
        ready = v.essence(me)[1]
        order = [i for i in range(len(rects)) if i != hover] + ([hover] if hover is not None else [])
        words = self.words(v, "hand")
        for i in order:
            if dragging == ("hand", i):
                continue
            rr = rects[i]
            if i == hover or picking == ("hand", i):
                rr = rr.move(0, -s(22))
            c = card_of(hand[i])
            surf.blit(card_surface(GAME, c, rr.width, words=words) if c else back_surface(GAME, rr.width), rr)
            if c is not None and can_act and ("hand", i) not in self.live_sources:
                veil = pygame.Surface(rr.size, pygame.SRCALPHA)
                veil.fill((6, 6, 12, 130))
                surf.blit(veil, rr)
                why = self._why_not_playable(v, me, c, ready)
                if why:  # on the art, under the cost: never over the name, text or stats
                    art = essveil_art_rect(c, rr.width).move(rr.topleft)
                    psz = min(s(12), max(9, int(art.height / 1.9)))
                    while psz > 9 and font(psz, True).size(why)[0] + 2 * psz > rr.width:
                        psz -= 1
                    ph = font(psz, True).get_height() + int(psz * 0.4)
                    if ph > art.height + s(4) and why.startswith("needs "):
                        why = why[6:]  # a small face: "5" beside the gem icon says it (the tooltip too)
                    cy = max(art.top + ph // 2 + 1, art.bottom - max(psz, art.height // 3))
                    if ph > art.height + s(4):
                        cy = art.centery
                    pill(surf, why, (rr.centerx, cy), psz, PAL["bad"],
                         icon="gem" if why.startswith("needs ") and why[6:].isdigit() else None)
            if picking == ("hand", i):
                pygame.draw.rect(surf, PAL["gold_hi"], rr.inflate(s(6), s(6)), max(2, s(3)), border_radius=s(9))
            elif can_act and self.pick is None and ("hand", i) in self.live_sources and self.app.settings.show_hints:
                draw_source_hint(surf, rr, self.pulse_t, self.app.scale)
        if not hand:
            draw_text(surf, "Your hand is empty", self.hand_area.center, s(15), PAL["dim"], italic=True,
                      anchor="center")

    # ---------------------------------------------------------------- prompts on the board
    def _draw_attune(self, surf):
        s = self.s
        m = self.match
        me = m.to_move()
        res, ready, _sp = m.essence(me)
        p = self.attune_panel
        panel(surf, p, colour=PAL["panel"], border=ESSENCE_COL, radius=s(14), alpha=245, width=max(2, s(2)))
        draw_text(surf, "Attune", (p.left + s(18), p.top + s(12)), s(20), PAL["gold_hi"], title=True)
        draw_text(surf, f"Reserve {res} · Veil {ready} ready", (p.right - s(18), p.top + s(16)), s(14),
                  PAL["muted"], anchor="topright")
        first = m.is_first_turn_of(me)
        flow_n = min(EV.FLOW_ESSENCE, res)
        deep_n = min(EV.DEEP_ESSENCE, res)
        lim = f" (Reserve {res})" if res < EV.DEEP_ESSENCE else ""
        items = (("flow", "Flow", f"+{flow_n} Essence{lim if res < EV.FLOW_ESSENCE else ''}, then draw a card", "F",
                  True),
                 ("deep", "Deep Attune", f"+{deep_n} Essence{lim}, no draw", "D", not first))
        for key, title, line, k, ok in items:
            rr = self.attune_rects[key]
            hot = rr.collidepoint(self.board_mouse) and ok
            pygame.draw.rect(surf, (58, 44, 96) if hot else (40, 34, 64), rr, border_radius=s(12))
            pygame.draw.rect(surf, PAL["gold_hi"] if hot else ESSENCE_COL, rr, max(2, s(3) if hot else s(2)),
                             border_radius=s(12))
            u = rr.height / 104
            draw_text(surf, title, (rr.centerx, rr.top + int(6 * u)), s(22), PAL["text"] if ok else PAL["dim"],
                      bold=True, anchor="midtop")
            # the Essence it brings, as little cards (and the card Flow draws)
            n = flow_n if key == "flow" else deep_n
            eh = max(s(16), int(24 * u))
            ew = int(eh * 0.7)
            total = n * (ew + s(3)) + (ew + s(8) if key == "flow" else 0)
            x = rr.centerx - total // 2
            y = rr.top + int(40 * u)
            for _ in range(n):
                surf.blit(self._essence_card(ew, eh, "ready"), (x, y))
                x += ew + s(3)
            if key == "flow":
                x += s(5)
                card = pygame.Rect(x, y, ew, eh)
                pygame.draw.rect(surf, (236, 226, 200), card, border_radius=s(3))
                pygame.draw.rect(surf, (120, 100, 70), card, max(1, s(1)), border_radius=s(3))
                draw_text(surf, "+1", card.center, max(8, int(eh * 0.45)), (60, 40, 20), bold=True, anchor="center")
            draw_text(surf, line, (rr.centerx, y + eh + int(3 * u)), s(14), PAL["muted"] if ok else PAL["dim"],
                      anchor="midtop")
            draw_text(surf, f"key {k}" if ok else "not on your first turn", (rr.centerx, rr.bottom - int(4 * u)),
                      s(11), PAL["dim"], anchor="midbottom")

    def _draw_guard_marks(self, surf):
        s = self.s
        v = self.view
        rects = self.unit_rects(v)
        opts = self.guard_options()
        pulse = 0.5 + 0.5 * math.sin(self.pulse_t * 5)
        for i, (uid, _a) in enumerate(opts):
            rr = rects.get(uid)
            if rr is None:
                continue
            pygame.draw.rect(surf, shade(PAL["good"], 0.8 + 0.3 * pulse), rr.inflate(s(10), s(10)), max(2, s(3)),
                             border_radius=s(10))
            # the key that picks it, in the pill on the art (a badge in the corner would cover the name)
            pill(surf, f"Guard? ({i + 1})", (rr.centerx, rr.top + int(rr.height * 0.52)), s(13), PAL["good"],
                 icon="shield")
        for uid, why in self.guard_reasons(v).items():
            rr = rects.get(uid)
            if rr is not None and uid not in dict(opts):
                short = {"used this round": "used", "is the target": "target"}.get(why, why)
                pill(surf, f"no: {short}", (rr.centerx, rr.top + int(rr.height * 0.52)), s(11), PAL["muted"],
                     icon="shield")

    def _draw_pick(self, surf):
        if self.pick is None:
            return
        s = self.s
        for key in self.pick["options"]:
            t = self.targets.get(key)
            if t is not None:
                draw_target_highlight(surf, t, self.pulse_t, hot=t.rect.collidepoint(self.board_mouse), scale=self.app.scale)
        src = self.sources.get(self.pick["src"])
        if src is not None:
            rr = src.rect.move(0, -s(22)) if self.pick["src"][0] == "hand" else src.rect
            draw_arrow(surf, rr.center, self.app.mouse, shade(PAL["gold_hi"], 0.9), max(3, s(4)), dashed=True)

    # ---------------------------------------------------------------- graveyard viewer
    def _draw_graves(self, surf, v):
        s = self.s
        p = self._grave_panel()
        shade_all = pygame.Surface(self.board_rect.size, pygame.SRCALPHA)
        shade_all.fill((6, 6, 10, 150))
        surf.blit(shade_all, self.board_rect)
        panel(surf, p, colour=PAL["panel"], border=ESSENCE_COL, radius=s(14), alpha=250, width=max(2, s(2)))
        seat = self.grave_view
        x = p.left + s(16)
        self.grave_tabs = {}
        for q in (self.viewer, 1 - self.viewer):
            label = f"{possessive(self.names[q], True)} graveyard ({len(v.graves[q])})"
            f = font(s(16), q == seat)
            rr = pygame.Rect(x, p.top + s(10), f.size(label)[0] + s(24), s(32))
            pygame.draw.rect(surf, (58, 44, 96) if q == seat else (34, 36, 48), rr, border_radius=s(8))
            pygame.draw.rect(surf, ESSENCE_COL if q == seat else PAL["line"], rr, max(1, s(2)), border_radius=s(8))
            draw_text(surf, label, rr.center, s(16), PAL["text"] if q == seat else PAL["muted"], bold=q == seat,
                      anchor="center")
            self.grave_tabs[q] = rr
            x = rr.right + s(8)
        cr = self._grave_close_rect()
        pygame.draw.rect(surf, (60, 30, 30), cr, border_radius=s(6))
        draw_text(surf, "×", cr.center, s(22), PAL["text"], bold=True, anchor="center")
        cards = [CARDS_BY_INDEX[c] for c in reversed(v.graves[seat])]
        area = pygame.Rect(p.left + s(16), p.top + s(54), p.width - s(32), p.height - s(80))
        self.grave_rects = []
        if not cards:
            draw_text(surf, "Empty. Creatures and spells land here; tokens vanish instead.", area.center, s(15),
                      PAL["dim"], italic=True, anchor="center")
        else:
            cols = 6 if len(cards) <= 12 else 8
            cw = min(s(130), (area.width - (cols - 1) * s(8)) // cols)
            chh = int(cw * 1.4)
            rows_fit = max(1, (area.height + s(8)) // (chh + s(8)))
            if len(cards) > cols * rows_fit:   # many cards: overlap rows
                step_y = max(s(24), (area.height - chh) // max(1, (len(cards) - 1) // cols))
            else:
                step_y = chh + s(8)
            for i, c in enumerate(cards):
                rr = pygame.Rect(area.left + (i % cols) * (cw + s(8)), area.top + (i // cols) * step_y, cw, chh)
                surf.blit(card_surface(GAME, c, cw), rr)
                self.grave_rects.append((rr, c))
        draw_text(surf, "Newest first · hover a card to read it · G or a click outside closes",
                  (p.centerx, p.bottom - s(8)), s(12), PAL["dim"], anchor="midbottom")
