"""The Everdawn table's input: drag sources and drop targets, the gesture of each
engine action, clicks on choices, keys and the action buttons, hover hits."""
from __future__ import annotations

import pygame

from engine.everdawn import match as EM
from engine.everdawn.cards import IS_COMBAT_SPELL, KIND, K_SPELL

from client.cards import card_surface
from client.table.kit.parts import DragSource, DropTarget

from client.tables.everdawn.common import GAME, EQ_KINDS, card_of


class EverdawnGestures:
    # ================================================================ gestures
    def drag_sources(self):
        if not (self.human_to_move() or self.outlining) or not self.cw:
            return []
        v = self.view
        me = self.viewer
        out = []
        words = {z: self.words(v, z) for z in ("lanes", "bench", "hand")}
        for s_ in EM.SLOTS:
            code = v.creature_at(me, s_)
            if code >= 0:
                rr = self.slot_rect(me, s_)
                face = self.face_of(v, me, s_)
                img = card_surface(GAME, face, rr.width, words=words["lanes" if s_ in EM.LANES else "bench"])
                out.append(DragSource(("slot", s_), rr, img, face))
        hand = v.hand[me]
        for i, rr in enumerate(self.hand_rects(len(hand))):
            c = card_of(hand[i])
            img = card_surface(GAME, c, rr.width, words=words["hand"]) if c else None
            out.append(DragSource(("hand", i), rr, img, c))
        # the hand is drawn on top: later sources first so overlapping cards pick the top one
        return out[::-1]

    def drop_targets(self):
        if not self.cw:
            return []
        me, opp = self.viewer, 1 - self.viewer
        out = []
        for s_ in EM.SLOTS:
            for kind in EQ_KINDS:
                out.append(DropTarget(("eq", s_, kind), self.eq_rect(me, s_, kind)))
        for s_ in EM.SLOTS:
            key = ("lane", me, s_) if s_ < 3 else ("bench", me, s_ - 3)
            out.append(DropTarget(key, self.slot_rect(me, s_)))
        for t in EM.LANES:
            out.append(DropTarget(("lane", opp, t), self.slot_rect(opp, t)))
        out.append(DropTarget(("table",), self.band))
        return out

    def gesture_of(self, action):
        m = self.match
        me = m.to_move()
        if me is None:
            return None
        k = action[0]
        if k == EM.MOVE or k == EM.SET:
            return (("slot", action[1]), ("lane", me, action[2]))
        if k == EM.ATTACK:
            return (("slot", action[1]), ("lane", 1 - me, action[2]))
        if k == EM.EQUIP:
            c = m.hand[me][action[1]]
            return (("hand", action[1]), ("eq", action[2], KIND[c]))
        if k == EM.CAST:
            c = m.hand[me][action[1]]
            t = action[2]
            if t == EM.NO_TARGET:
                return (("hand", action[1]), ("table",))
            if IS_COMBAT_SPELL[c] or t < 3:
                return (("hand", action[1]), ("lane", me, t))
            return (("hand", action[1]), ("bench", me, t - 3))
        return None

    def zoom_play_area(self):
        """The six lanes and the band between them: the big zoom stays off them."""
        if not self.cw:
            return []
        out = [self.slot_rect(seat, s_) for seat in (0, 1) for s_ in EM.LANES]
        return out + ([self.band] if self.band is not None else [])

    def board_wide(self, action) -> bool:
        """A spell for the whole table (Supply Wagon): dropped anywhere on the board, it is cast."""
        return action[0] == EM.CAST and action[2] == EM.NO_TARGET

    def guess_action(self, src, tgt):
        m = self.match
        me = m.to_move()
        if me is None:
            return None
        if src[0] == "hand":
            h = src[1]
            hand = m.hand[me]
            if h >= len(hand):
                return None
            c = hand[h]
            kind = KIND[c]
            if tgt[0] == "eq":
                slot = tgt[1]
            elif tgt[0] == "lane" and tgt[1] == me:
                slot = tgt[2]
            elif tgt[0] == "bench" and tgt[1] == me:
                slot = 3 + tgt[2]
            elif tgt[0] == "lane":          # the opposing lane: lanes face each other
                slot = tgt[2] if kind == K_SPELL and IS_COMBAT_SPELL[c] else None
            elif tgt[0] == "table":
                return (EM.CAST, h, EM.NO_TARGET) if kind == K_SPELL else None
            else:
                slot = None
            if slot is None:
                return None
            if kind in EQ_KINDS:
                return (EM.EQUIP, h, slot)
            if kind == K_SPELL:
                return (EM.CAST, h, slot)
            return None
        if src[0] == "slot":
            s_ = src[1]
            if tgt[0] == "lane" and tgt[1] == me:
                t = tgt[2]
                if m.creature_at(me, t) >= 0 and s_ < 3 and s_ != t:
                    return (EM.SET, s_, t)
                return (EM.MOVE, s_, t)
            if tgt[0] == "lane":
                return (EM.ATTACK, s_, tgt[2])
        return None

    def on_board_click(self, pos) -> bool:
        for rr, action, _card in reversed(self.choice_spots):
            if rr.collidepoint(pos):
                if not self.busy():
                    self.perform(action)
                return True
        return False

    def handle_event(self, ev):
        if ev.type == pygame.KEYDOWN and not ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.primary()
                return
            if self.perform_numbered(ev.key, self.choice_spots):
                return
        super().handle_event(ev)

    # ================================================================ buttons
    def action_buttons(self):
        if not self.human_to_move():
            return []
        m = self.match
        ph = m.phase()
        legal = self.legal
        out = []
        if ph == "set":
            if (EM.REDRAW,) in legal:
                out.append(("Nothing playable? Redraw", (EM.REDRAW,), "r",
                            "Put your whole hand on the bottom of the support deck and draw as many"))
            if m.turn() == 1:
                out.append(("End turn", (EM.PASS,), "space", "The first turn of the duel has no combat"))
            else:
                out.append((("End turn without attacking", "End turn, no combat", "Skip combat"), "__end_turn__", "e",
                            "Skip the Combat Phase: end the turn now"))
                out.append(("Go to combat", (EM.PASS,), "space", "End the Set Phase and declare attacks"))
        elif ph == "declare":
            if m.attacks():
                out.append(("Resolve attacks", (EM.PASS,), "space", "Finish declaring: spell windows, then combat"))
            else:
                out.append(("End turn (no attacks)", (EM.PASS,), "space", "Declare no attack and end the turn"))
        elif ph in ("defender_spells", "attacker_spells"):
            out.append(("Pass (cast nothing more)", (EM.PASS,), "space",
                        "Close your spell window; you can't cast again this combat"))
        elif ph in ("order", "choice"):
            legal = set(map(tuple, m.legal_actions()))
            for i, (_r, a, c) in enumerate(self.choice_spots[:4]):
                if tuple(a) not in legal:       # spots laid out for the decision before this one
                    continue
                label = f"Take {c.name}" if c is not None else m.action_text(a)
                if ph == "choice" and m.pending()[0] in (EM.CH_SCOUT_ORDER,) + EM.CH_BOTTOM:
                    label = m.action_text(a)           # "Put <card> on top" / "... at the bottom"
                if a[0] == EM.ORDER:
                    label = f"First: {card_of(m.creature_at(1 - m.to_move(), a[1])).name} (lane {a[1] + 1})"
                out.append((label, a, str(i + 1), m.action_text(a)))
        return out

    def primary(self):
        """Space / Enter: the main button's action."""
        items = self.action_buttons()
        if not items or self.busy():
            return
        self.click_action(items[-1][1])

    def click_action(self, action):
        if not self.pointer.act_ready():
            return
        if action == "__end_turn__":
            self.end_turn()
            return
        self.perform(action)

    def end_turn(self):
        """End the Set Phase and declare nothing: the turn ends (all of it, or none where
        the table's layer takes one move at a time: a lesson)."""
        if self.layer.refuses_batch():
            return
        m = self.match
        me, turn = m.to_move(), m.turn()
        for _ in range(4):
            m = self.match
            if m.to_move() != me or m.turn() != turn or m.phase() not in ("set", "declare"):
                break
            if not self.perform((EM.PASS,)):
                break

    def placed_slots(self) -> set:
        """(seat, lane) of creatures placed at set-up or in Sudden Death (not played),
        followed through the record (cached; rebuilt after any jump in history)."""
        from client.tables.everdawn.anims import track_placed
        sess = self.session
        if sess.meta.get("tutorial"):
            # a lesson's creatures count as played (their "When played" used), not as placed
            return set()
        n = len(sess)
        if self.mode == "online":
            # the history is on the server: the marks start from the first position (when
            # the table opens on it) and follow each update's events (see ``animate``); a
            # table opened later, mid-match, shows no mark rather than a wrong one
            live = self.__dict__.get("_placed_live")
            if live is None:
                live = self._placed_live = set()
                if n == 0 and self.match is not None:
                    m = self.match
                    for p in (0, 1):
                        if m.is_set_up(p):
                            live |= {(p, sl) for sl in EM.LANES if m.creature_at(p, sl) >= 0}
                else:
                    self._placed_live = None
            return live
        c = self.__dict__.get("_placed_cache")
        if c is None or c[0] > n or c[3] is not sess:
            try:
                m = sess.state_at(0)
            except (IndexError, AttributeError):    # no history to follow: no mark
                return set()
            placed = set()
            for p in (0, 1):
                if m.is_set_up(p):
                    placed |= {(p, sl) for sl in EM.LANES if m.creature_at(p, sl) >= 0}
            c = [0, m, placed, sess]
        for i in range(c[0], n):
            try:
                track_placed(c[2], c[1].apply(sess.record.actions[i], check=False))
            except Exception:  # noqa: BLE001 - a note, never a crash
                break
        c[0] = n
        self._placed_cache = c
        return c[2]

    def card_at(self, pos):
        self._hover_note = None
        if not self.cw or self.shown is None:
            return None
        v = self.shown
        for rr, _a, c in reversed(self.choice_spots):
            if c is not None and rr.collidepoint(pos):
                return self.hovered(c, rr)
        me, opp = self.viewer, 1 - self.viewer
        hand = v.hand[me]
        for i, rr in reversed(list(enumerate(self.hand_rects(len(hand))))):
            if rr.collidepoint(pos):
                return self.hovered(card_of(hand[i]), rr)
        for seat in (me, opp):
            for s_ in EM.SLOTS:
                if self.slot_rect(seat, s_).collidepoint(pos):
                    if s_ < 3 and v.creature_at(seat, s_) >= 0 and (seat, s_) in self.placed_slots():
                        from client.tables.everdawn.anims import PLACED_NOTE
                        self._hover_note = PLACED_NOTE
                    return self.hovered(self.face_of(v, seat, s_), self.slot_rect(seat, s_))
                items = v.items_at(seat, s_)
                for kind in EQ_KINDS:
                    if self.eq_rect(seat, s_, kind).collidepoint(pos):
                        return self.hovered(card_of(items[kind - 1]), self.eq_rect(seat, s_, kind))
        if self.reveal_all:
            for rr, code in self._opp_hand_rects(v):
                if rr.collidepoint(pos):
                    return self.hovered(card_of(code), rr)
        return None
