"""Mouse input of :class:`client.table.scene.TableScene`: hover, drag and drop, snap back."""
from __future__ import annotations

import pygame

from client.table.kit.parts import DragState, SnapBack


class InputMixin:
    """Pointer handling: hover look-up, drag from a source, drop on a target (mixed into TableScene)."""

    def handle_event(self, ev):
        if self._scroll_event(ev):
            return
        if ev.type == pygame.MOUSEMOTION:
            self._on_motion(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self._on_press(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            self._on_release(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3:
            self.cancel_drag()
        elif ev.type == pygame.MOUSEWHEEL:
            if not self.log.hidden and self.log.rect.collidepoint(self.app.mouse):
                self.log.on_wheel(ev.y)

    def _on_motion(self, pos):
        if self.drag is not None:
            self.drag.pos = pos
            if abs(pos[0] - self.drag.start[0]) + abs(pos[1] - self.drag.start[1]) > self.s(6):
                self.drag.moved = True
        self._hover_rect = None
        card = self.log.card_at(pos) or (None if self.in_log_drawer(pos) else self.card_at(pos))
        if card is not self.hover_card:
            self.hover_card = card
            self.hover_since = self.t

    def _on_press(self, pos):
        if self.busy() or self.session is None or self.in_log_drawer(pos):
            return
        for key, src in self.sources.items():
            if src.rect.collidepoint(pos):
                self.drag = DragState(src, (pos[0] - src.rect.left, pos[1] - src.rect.top), pos, pos)
                return
        self.on_board_click(pos)

    def _on_release(self, pos):
        d, self.drag = self.drag, None
        if d is None:
            return
        if not d.moved:
            self.on_board_click(pos)
            return
        tgt = next((t for t in self.targets.values() if t.rect.collidepoint(pos)), None)
        if tgt is not None:
            action = self.pairs.get((d.source.key, tgt.key))
            if action is not None:
                self.perform(action)
                return
            guess = self.guess_action(d.source.key, tgt.key)
            reason = None
            if guess is not None:
                try:
                    reason = self.match.why_illegal(tuple(guess))
                except Exception:  # noqa: BLE001
                    reason = None
                if reason is None:  # legal after all (the table's gesture map missed it)
                    self.perform(guess)
                    return
            self.app.toast(reason or "That can't go there.", "error")
            self.sfx("refusal")
        elif d.source.key not in self.live_sources and self.legal:
            self.app.toast("That card has no legal move right now.", "error")
            self.sfx("refusal")
        img = d.source.image
        start = (pos[0] - d.grab[0], pos[1] - d.grab[1])
        self.snap = SnapBack(img, start, d.source.rect.topleft,
                             0.25 * max(0.0, self.app.settings.animation_factor) or 0.0001)

    def cancel_drag(self):
        self.drag = None

    def legal_targets_for(self, src_key):
        return {t for (s_, t) in self.pairs if s_ == src_key}

    # ---------------------------------------------------------------- a scrolling hand
    #: keys that scroll a hand with more cards than it shows: (key, cards; 0 = a page)
    SCROLL_KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_PAGEUP: -2, pygame.K_PAGEDOWN: 2}

    def _scroll_event(self, ev) -> bool:
        """The wheel over the hand, a click on its arrows, Left / Right / Page Up / Page
        Down: scroll the hand (``self.hand_scroll``, when it holds more than it shows)."""
        hs = getattr(self, "hand_scroll", None)
        if hs is None or not hs.active or (self.drag is not None and self.drag.moved):
            return False
        k = 0
        if ev.type == pygame.MOUSEWHEEL and hs.area.collidepoint(self.app.mouse):
            k = -ev.y if ev.y else ev.x
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            k = hs.arrow_at(ev.pos)
        elif ev.type == pygame.KEYDOWN and not ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) \
                and ev.key in self.SCROLL_KEYS:
            k = self.SCROLL_KEYS[ev.key]
            if abs(k) == 2:
                k = max(1, hs.visible - 1) * (1 if k > 0 else -1)
        if not k:
            return False
        if hs.by(int(k)):
            self.scroll_hand_changed()
        return True

    def scroll_hand_changed(self):
        """The hand scrolled: the drag sources and the hover follow the cards in view."""
        self.refresh(update_shown=False)
        self._on_motion(self.app.mouse)
        self.invalidate()
