"""Essveil table gestures (a mixin of :class:`client.tables.essveil.table.Table`):
drag sources and drop targets, what a drop or click means, click-to-target
picks, the graveyard viewer's clicks and the hover zoom's card.
"""
from __future__ import annotations

import pygame

from engine.core.text import possessive
from engine.essveil import match as EV

from client.cards import card_surface
from client.table.kit.parts import DragSource, DropTarget, topmost_at
from client.tables.essveil.common import BAND, BOARD, GAME, card_of, engine_target, target_key


class EssveilGestures:
    # ================================================================ gestures
    def drag_sources(self):
        if not (self.human_to_move() or self.outlining) or not self.cw:
            return []
        v = self.view
        me = self.viewer
        out = []
        rects = self.unit_rects(v)
        ph = v.phase()
        for c in v.creatures(me):
            rr = rects[c["uid"]]
            card = card_of(c["card"])
            img = pygame.Surface(rr.size, pygame.SRCALPHA)     # the card as it stands: damage, buffs, Aegis
            self._draw_unit(img, v, me, c, img.get_rect())
            out.append(DragSource(("unit", c["uid"]), rr, img, self.face_of(v, c["uid"])))
            if ph == "main" and card.ability is not None and not c["silenced"]:
                ab, _eq = self.tab_rects(rr, True, bool(c["equipment"]))
                img = pygame.Surface(ab.size, pygame.SRCALPHA)
                self._draw_ability_tab(img, img.get_rect(), card, True)
                out.append(DragSource(("ability", c["uid"]), ab, img, card))
        hand = v.hand_ids(me)
        words = self.words(v, "hand")
        for i, rr in enumerate(self.hand_rects(len(hand))):
            c = card_of(hand[i])
            out.append(DragSource(("hand", i), rr, card_surface(GAME, c, rr.width, words=words) if c else None, c))
        return out[::-1]   # the hand is drawn on top: later cards pick first

    def drop_targets(self):
        if not self.cw:
            return []
        v = self.view
        out = []
        for uid, rr in self.unit_rects(v).items():
            out.append(DropTarget(("creature", uid), rr))
        for seat in (0, 1):
            out.append(DropTarget(("player", seat), self.info_rect(seat)))
        out.append(DropTarget(BOARD, self.rows["me"]))
        out.append(DropTarget(BAND, self.band))
        return out

    def gesture_of(self, action):
        m = self.match
        me = m.to_move()
        if me is None:
            return None
        k = action[0]
        if k == EV.PLAY:
            return (("hand", action[1]), target_key(action[2]))
        if k == EV.ATTACK:
            return (("unit", action[1]), target_key(action[2]))
        if k == EV.ABILITY:
            return (("ability", action[1]), target_key(action[2]))
        if k == EV.INTERCEPT:
            pa = m.pending_attack()
            return (("unit", action[1]), ("creature", pa[0])) if pa else None
        return None

    def board_wide(self, action) -> bool:
        """A spell with no target: dropped anywhere on the board, it is cast."""
        if action[0] != EV.PLAY or action[2] != EV.NO_TARGET:
            return False
        hand = self.view.hand_ids(self.viewer)
        c = card_of(hand[action[1]]) if action[1] < len(hand) else None
        return c is not None and c.kind == "spell"

    def guess_action(self, src, tgt):
        m = self.match
        if m.to_move() is None:
            return None
        t = engine_target(tgt)
        if t is None:
            return None
        if m.phase() == "guard":
            if src[0] == "unit":
                return (EV.INTERCEPT, src[1])
            return None
        if src[0] == "hand":
            me = m.to_move()
            on_my_side = tgt[0] == "creature" and m.creature(tgt[1]) is not None \
                and m.creature(tgt[1])["controller"] == me
            if on_my_side and (EV.PLAY, src[1], t) not in self.legal and (EV.PLAY, src[1], 0) in self.legal:
                return (EV.PLAY, src[1], EV.NO_TARGET)      # dropped over one of your creatures: your side
            return (EV.PLAY, src[1], t)
        if src[0] == "unit":
            if tgt in (BOARD, BAND):
                return None
            return (EV.ATTACK, src[1], t)
        if src[0] == "ability":
            return (EV.ABILITY, src[1], t)
        return None

    def _target_at(self, pos):
        return next((t for t in self.targets.values() if t.rect.collidepoint(pos)), None)

    def perform(self, action, *, by_ai=False) -> bool:
        # the log is written after the action: name a target that died meanwhile from the state before
        self._target_name = None
        a = tuple(action)
        if len(a) == 3 and a[0] in (EV.PLAY, EV.ABILITY, EV.ATTACK) and a[2] >= EV.FIRST_UID:
            c = self.match.creature(a[2])
            self._target_name = card_of(c["card"]).name if c else None
        try:
            return super().perform(action, by_ai=by_ai)
        finally:
            self._target_name = None

    def on_release(self, pos):
        d = self.drag
        if d is not None and d.moved and d.source.key[0] in ("hand", "ability"):
            tgt = self._target_at(pos)
            if tgt is not None and tgt.key in (BOARD, BAND) and (d.source.key, BOARD) not in self.pairs:
                opts = self.options_for(d.source.key)
                if opts and not self.busy():
                    # a targeted card dropped on your side: now choose its target
                    self.drag = None
                    self.start_pick(d.source.key)
                    return
        if d is not None and d.moved and d.source.key[0] == "unit" and not self.busy() \
                and self._target_at(pos) is None and self.rows["opp"].collidepoint(pos):
            # a creature dropped on the empty part of the enemy row: no target there, but the
            # player meant an attack; say why it can't, or where to drop it (never a silent cancel)
            self.drag = None
            self.pointer.snap_back(d, pos)
            self.app.toast(self._open_row_drop_reason(d.source.key[1]), "error")
            self.sfx("refusal")
            return
        super().on_release(pos)

    def _open_row_drop_reason(self, uid) -> str:
        opp = 1 - self.viewer
        reason = None
        try:
            reason = self.match.why_illegal((EV.ATTACK, uid, engine_target(("player", opp))))
        except Exception:  # noqa: BLE001 - then the player is told where to drop it
            reason = None
        if reason:
            return reason
        return (f"To attack {self.seat_names().name(opp)}, drop it on their panel; "
                "to fight a creature, drop it on the creature.")

    def on_press(self, pos):
        # the graveyards can be looked at any time, even while the AI thinks
        if self.session is not None and self._grave_click(pos):
            return
        super().on_press(pos)

    def cancel_drag(self):
        super().cancel_drag()
        self.pick = None
        self.grave_view = None

    def on_history_changed(self):
        """Undo / redo / a replay seek: drop the half-made target choice, the open
        graveyard and anything hidden or forced for an animation."""
        self.pick = None
        self.grave_view = None
        self._chip = None
        self._queued_end = None
        self.refresh()

    # ---------------------------------------------------------------- click to target
    def start_pick(self, src_key):
        opts = self.options_for(src_key)
        if not opts:
            return False
        m = self.match
        me = m.to_move()
        what = "this"
        if src_key[0] == "hand":
            c = card_of(m.hand_ids(me)[src_key[1]])
            what = c.name if c else "the card"
            if c is not None and c.kind == "equipment":
                text = f"{what}: click one of your creatures to attach it"
            elif set(opts) == {BOARD}:
                text = f"{what}: click your side to play it"
            elif c is not None and c.kind == "creature":
                text = f"{what}: click the target of its On Play"
            else:
                text = f"{what}: click its target"
        elif src_key[0] == "unit":
            c = m.creature(src_key[1])
            what = card_of(c["card"]).name if c else "It"
            text = f"{what}: click an enemy creature or the enemy player to attack"
        else:
            c = m.creature(src_key[1])
            what = card_of(c["card"]).name if c else "It"
            text = f"{possessive(what)} ability: click its target"
        self.pick = {"src": src_key, "options": opts, "text": text + " (right-click cancels)"}
        return True

    def on_board_click(self, pos) -> bool:
        if self.session is None or self.busy():
            return False
        if self.pick is not None:
            tgt = self._target_at(pos)
            for key, action in self.pick["options"].items():
                t = self.targets.get(key)
                if t is not None and t.rect.collidepoint(pos) and (tgt is None or tgt.key == key
                                                                   or key not in (BOARD, BAND)):
                    self.pick = None
                    self.perform(action)
                    return True
            self.pick = None
            return True
        if not self.human_to_move():
            return False
        ph = self.phase()
        if ph == "attune":
            for name, rr in self.attune_rects.items():
                if rr.collidepoint(pos):
                    self.attune(name == "deep")
                    return True
            return False
        if ph == "guard":
            rects = self.unit_rects(self.view)
            for uid, action in self.guard_options():
                if rects.get(uid) is not None and rects[uid].collidepoint(pos):
                    self.perform(action)
                    return True
            return False
        for key, src in self.sources.items():
            if src.rect.collidepoint(pos) and key in self.live_sources:
                opts = self.options_for(key)
                if key[0] == "ability" and set(opts) == {BOARD}:
                    self.perform(opts[BOARD])       # a no-target ability: the tab is a button
                    return True
                self.start_pick(key)
                return True
        return False

    def attune(self, deep: bool):
        if self.busy() or not self.human_to_move() or self.phase() != "attune":
            return
        self.perform(EV.ATTUNE_DEEP if deep else EV.ATTUNE_FLOW)

    def action_rects(self, action) -> list:
        """Where a click makes ``action`` that no drag or button makes: the Attune choices."""
        for name, rr in self.attune_rects.items():
            if tuple(action) == (EV.ATTUNE_DEEP if name == "deep" else EV.ATTUNE_FLOW):
                return [pygame.Rect(rr)]
        return []

    # ---------------------------------------------------------------- graveyard viewer
    def toggle_graves(self, seat=None):
        if self.grave_view is not None and (seat is None or seat == self.grave_view):
            self.grave_view = None
        else:
            self.grave_view = self.viewer if seat is None else seat

    def _grave_click(self, pos) -> bool:
        if self.grave_view is not None:
            for seat, rr in self.grave_tabs.items():
                if rr.collidepoint(pos):
                    self.grave_view = seat
                    return True
            if not self._grave_panel().collidepoint(pos) or self._grave_close_rect().collidepoint(pos):
                self.grave_view = None
            return True
        if not self.cw:
            return False
        for seat in (0, 1):
            if self.grave_row_rect(seat).collidepoint(pos):
                self.toggle_graves(seat)
                return True
        return False

    # ================================================================ the hover zoom keeps clear of choices
    def zoom_keep_clear(self):
        out = super().zoom_keep_clear()
        if self.human_to_move() and not self.busy():
            ph = self.match.phase()
            if ph == "attune":
                out += list(self.attune_rects.values())
            elif ph == "guard":
                rects = self.unit_rects(self.view)
                out += [rects[a[1]] for a in self.legal if a[0] == EV.INTERCEPT and a[1] in rects]
        if self.pick is not None:
            rects = self.unit_rects(self.view)
            out += [rects[k[1]] for k in self.pick.get("options", {}) if isinstance(k, tuple) and len(k) > 1
                    and k[1] in rects]
        return out

    # ================================================================ hover
    def zoom_play_area(self):
        """The two rows of creatures and the band between them: the big zoom stays off them."""
        if not self.cw or not self.rows:
            return []
        return [r for r in (self.rows.get("opp"), self.band, self.rows.get("me")) if r is not None]

    def card_at(self, pos):
        if not self.cw or self.shown is None:
            return None
        if self.grave_view is not None:
            for rr, c in reversed(self.grave_rects):
                if rr.collidepoint(pos):
                    return self.hovered(c, rr, small=True)
            return None
        v = self.shown
        me = self.viewer
        hand = v.hand_ids(me)
        rects = self.hand_rects(len(hand))
        i = topmost_at(rects, pos)
        if i is not None:
            return self.hovered(card_of(hand[i]), rects[i])
        urects = self.unit_rects(v)
        for seat in (0, 1):
            for c in v.creatures(seat):
                rr = urects.get(c["uid"])
                if rr is None:
                    continue
                if rr.collidepoint(pos):
                    return self.hovered(self.face_of(v, c["uid"]), rr)
                card = card_of(c["card"])
                ab, eq = self.tab_rects(rr, card.ability is not None, bool(c["equipment"]))
                if eq is not None and eq.collidepoint(pos):
                    return self.hovered(card_of(c["equipment"]), rr.union(eq))
                if ab is not None and ab.collidepoint(pos):
                    return self.hovered(card, rr.union(ab))
        if self.reveal_all:
            opp = 1 - me
            ids = v.hand_ids(opp)
            for i, rr in reversed(list(enumerate(self.opp_hand_rects(v)))):
                if rr.collidepoint(pos) and i < len(ids):
                    return self.hovered(card_of(ids[i]), rr)
        return None
