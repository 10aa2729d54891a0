"""The Evons table's input: hand cards dropped on cells in their mode, abilities fired
and pulls dragged, clicks on choices and on the hand, keys, the action buttons and
hover hits."""
from __future__ import annotations

import pygame

from engine.evons import match as EM
from engine.evons.cards import N_CELLS, NEIGHBOUR, ORTHO_NEIGHBOURS
from engine.core.text import count

from client.cards import card_surface
from client.table.kit.parts import DragSource, DropTarget, topmost_at

from client.tables.evons.common import GAME, card_obj


class EvonsGestures:
    def previewed(self):
        """Also a selected card over a lit cell (click-to-place): the drop's preview."""
        aim = super().previewed()
        if aim is not None or self.drag is not None or self.busy() or not self.human_to_move():
            return aim
        if self.match.phase() == "cell":
            pos = self.app.mouse
            for rr, a, _c, _l in self.spots:
                if a[0] == EM.CELL and rr.collidepoint(pos):
                    return a, rr
        return None

    def mode_of(self, inst) -> bool:
        """True = play covered. Shift held inverts."""
        cov = self.cov_mode.get(inst, self.cov_default)
        return cov != self.shift

    def _add_play_pairs(self):
        """Hand card -> cell drops: ``PLAY`` for every legal select, in the card's current mode."""
        if not self.human_to_move():
            return
        m = self.match
        if m.phase() != "main":
            return
        for a in self.legal:
            if a[0] != EM.SELECT:
                continue
            inst, cov = a[1], a[2]
            card = card_obj(m, inst)
            want = False if (card is not None and card.is_block) else self.mode_of(inst)
            if bool(cov) != want:
                continue
            for c in m.play_targets(inst, cov):
                self.pairs.setdefault((("hand", inst), ("cell", c)), EM.play(inst, c, cov))
        self.live_sources = {src for src, _ in self.pairs}

    # ================================================================ gestures
    def drag_sources(self):
        if not (self.human_to_move() or self.outlining) or not self.cell:
            return []
        m = self.match
        v = self.view
        me = self.viewer
        out = []
        ph = m.phase()
        if ph == "main":
            hand = v.hand(me)
            for inst, rr in zip(hand, self.hand_rects(len(hand))):
                c = card_obj(v, inst)
                out.append(DragSource(("hand", inst), rr, card_surface(GAME, c, rr.width) if c else None, c))
            return out[::-1]     # later (upper) cards first
        if ph == "ability":
            c0 = m.pos[m.acting()]
            out.append(self._cell_source(v, c0))
        elif ph == "pull":
            # every card next to the target can be picked up; the engine refuses the ones it can't pull
            for c in ORTHO_NEIGHBOURS[m.pending_target()]:
                if v.at(c) >= 0:
                    out.append(self._cell_source(v, c))
        return out

    def _cell_source(self, v, c):
        inst = v.at(c)
        rr = self.cell_rect(c)
        return DragSource(("cell", c), rr, self.tile_image(v, inst), card_obj(v, inst))

    def drop_targets(self):
        if not self.cell:
            return []
        return [DropTarget(("cell", c), self.cell_rects[c]) for c in range(N_CELLS)]

    def action_rects(self, action) -> list:
        """A card to play in the other mode than the one shown (active or covered): no drag
        makes it yet; a click on the card in hand turns it over."""
        if self.cov_mode is None or action[0] != EM.PLAY or (action in self.pairs.values()):
            return []
        src = self.sources.get(("hand", action[1]))
        return [pygame.Rect(src.rect)] if src is not None else []

    def two_step_keys(self, first, then):
        """A card played in two decisions (the card, then its cell): the hand card and the cell."""
        return (("hand", first[1]), ("cell", then[1]))

    def gesture_of(self, action):
        m = self.match
        k = action[0]
        if k == EM.FIRE:
            c0 = m.pos[m.acting()]
            t = NEIGHBOUR[c0][action[1]]
            return (("cell", c0), ("cell", t))
        if k == EM.PULL:
            return (("cell", action[1]), ("cell", m.pending_target()))
        return None

    def guess_action(self, src, tgt):
        m = self.match
        if tgt[0] != "cell":
            return None
        c = tgt[1]
        if src[0] == "hand":
            inst = src[1]
            card = card_obj(m, inst)
            cov = False if (card is not None and card.is_block) else self.mode_of(inst)
            return EM.play(inst, c, cov)
        if src[0] == "cell":
            ph = m.phase()
            if ph == "ability":
                c0 = src[1]
                for d in range(8):
                    if NEIGHBOUR[c0][d] == c:
                        return EM.fire(d)
                return None
            if ph == "pull":
                return EM.pull(src[1]) if c == m.pending_target() else None
        return None

    def on_board_click(self, pos) -> bool:
        if self.session is None or not self.cell:
            return False
        if self.mode_rect.collidepoint(pos):
            self.toggle_all()
            return True
        for rr, action, _c, _l in reversed(self.spots):
            if rr.collidepoint(pos):
                if not self.busy():
                    self.perform(action)
                return True
        if not self.human_to_move():
            return False
        m = self.match
        ph = m.phase()
        v = self.view
        hand = v.hand(self.viewer)
        rects = self.hand_rects(len(hand))
        i = topmost_at(rects, pos)
        if i is None:
            return False
        if ph == "mulligan":
            self.mull_marks ^= {i}
            self.refresh()
        elif ph == "main":
            self.toggle_card(hand[i])
        return True

    def toggle_card(self, inst):
        card = card_obj(self.view, inst)
        if card is not None and card.is_block:
            self.app.toast(f"{card.name} is a Block card: it is always played face-up, into the out zone.")
            return
        self.cov_mode[inst] = not self.cov_mode.get(inst, self.cov_default)
        self.refresh()

    def toggle_all(self):
        self.cov_default = not self.cov_default
        self.cov_mode.clear()
        self.refresh()

    def handle_event(self, ev):
        if self.storm_event(ev):      # Firestorm: splitting the points
            return
        if ev.type in (pygame.KEYDOWN, pygame.KEYUP) and ev.key in (pygame.K_LSHIFT, pygame.K_RSHIFT):
            shift = ev.type == pygame.KEYDOWN
            if shift != self.shift:
                self.shift = shift
                self.refresh(update_shown=False)
            return
        if ev.type == pygame.KEYDOWN and not ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) \
                and self.mode in ("ai", "hotseat"):
            if ev.key == pygame.K_c and self.session is not None:
                self.toggle_all()
                return
            if self.perform_numbered(ev.key, self.spots):
                return
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3 and self.drag is None and self.session is not None:
            # right-click a hand card: switch it between active and covered
            if self.human_to_move() and self.match.phase() == "main":
                v = self.view
                hand = v.hand(self.viewer)
                rects = self.hand_rects(len(hand))
                i = topmost_at(rects, ev.pos)
                if i is not None:
                    self.toggle_card(hand[i])
                    return
        super().handle_event(ev)

    # ================================================================ buttons
    def action_buttons(self):
        if not self.human_to_move():
            return []
        m = self.match
        ph = m.phase()
        out = []
        if ph == "mulligan":
            hand = m.hand(m.to_move())
            if m.options().get("mulligan_variant"):
                a = (EM.MULLIGAN, (1 << len(hand)) - 1)
                if a in self.legal:
                    k = max(0, m.sc[EM.S_MULLSIZE] - 1)
                    label = self.fit_button_label((f"Shuffle all back, draw {count(k, 'card')}",
                                                   f"Mulligan: draw {count(k, 'card')}", f"Mulligan (draw {k})"))
                    out.append((label, a, "m", "Mulligan variant: the whole hand goes back, one card fewer comes"))
            else:
                mask = sum(1 << i for i in self.mull_marks if i < len(hand))
                if mask and (EM.MULLIGAN, mask) in self.legal:
                    out.append((f"Mulligan {count(len(self.mull_marks), 'card')}", (EM.MULLIGAN, mask), "m",
                                "Shuffle the marked cards into your deck and draw as many"))
            out.append(("Keep hand", EM.A_KEEP, "space", "Keep this opening hand"))
            return out
        if ph == "hit":
            return self.storm_buttons()
        chosen = self.spots[:3 if ph != "ability" else 2]
        if ph == "discard":     # one button a card: three "Discard Ember Imp" said nothing more than one
            seen, chosen = set(), []
            for sp in self.spots:
                key = sp[2].id if sp[2] is not None else sp[1]
                if key not in seen:
                    seen.add(key)
                    chosen.append(sp)
                if len(chosen) == 3:
                    break
        forms = [self.label_forms(a) for _rr, a, _c, _label in chosen]
        for (rr, a, c, label), f in zip(chosen, forms):
            # a form another button also has (two cards of one name) does not tell them apart
            f = tuple(t for t in f if sum(t in g for g in forms) == 1) or (label,)
            out.append((f, a, None, label))
        if ph == "main":
            out.append(("Pass (play nothing)", EM.A_PASS, "space", "Play no card this turn"))
        elif ph == "ability":
            out.append((("Done: fire no more now", "Done firing", "Done"), EM.A_DONE, "space",
                        "End this ability phase (unused arrows can still fire in phase 2)"))
        elif ph == "cell":
            out.append(("Take it back", EM.A_CANCEL, "backspace", "Put the selected card back in your hand"))
        return out

    def click_action(self, action):
        if not self.pointer.act_ready():
            return
        if isinstance(action, str):
            self.storm_click_action(action)
            return
        self.perform(action)

    # ================================================================ hover
    def zoom_play_area(self):
        """The grid: the big zoom stays off it."""
        r = self.grid_rect
        return [r] if self.cell and r is not None else []

    def card_at(self, pos):
        if not self.cell or self.shown is None:
            return None
        v = self.shown
        for rr, _a, c, _l in reversed(self.spots):
            if c is not None and rr.collidepoint(pos):
                return self.hovered(c, rr)
        hand = v.hand(self.viewer)
        for inst, rr in reversed(list(zip(hand, self.hand_rects(len(hand))))):
            if rr.collidepoint(pos):
                return self.hovered(card_obj(v, inst), rr)
        for rr, c in self._grave_hot:
            if rr.collidepoint(pos):
                return self.hovered(c, rr, small=True)
        if self.grid_rect.collidepoint(pos):
            col = (pos[0] - self.grid_rect.left) // self.cell
            row = (pos[1] - self.grid_rect.top) // self.cell
            c = row * 7 + col
            if 0 <= c < N_CELLS:
                inst = v.at(c)
                if inst >= 0:
                    # your own covered cards can be peeked at; the opponent's stay unknown
                    if v.is_covered(inst) and v.controller(inst) != self.viewer and not self.reveal_all:
                        return None
                    face = card_obj(v, inst) if v.is_covered(inst) else self.face_of(v, inst)
                    return self.hovered(face, self.cell_rect(c))
        return None

    def bonus_at(self, pos):
        if not self.cell or self.shown is None or not self.grid_rect.collidepoint(pos):
            return None
        col = (pos[0] - self.grid_rect.left) // self.cell
        row = (pos[1] - self.grid_rect.top) // self.cell
        c = row * 7 + col
        b = self.shown.cell_bonuses().get(c)
        return (c, b) if b else None
