"""Mouse input of :class:`client.table.scene.TableScene`: hover, drag and drop, snap back."""
from __future__ import annotations

import pygame

from client.table.kit.parts import DragState, SnapBack


#: keys that make a decision on the tables (End turn, the numbered choices, Enter)
DECISION_KEYS = frozenset({pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER,
                           *range(pygame.K_1, pygame.K_9 + 1)})
#: keys that never decide (modifiers, scrolling the hand, the window's own)
IDLE_KEYS = frozenset({pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT,
                       pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
                       pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_ESCAPE, pygame.K_TAB,
                       pygame.K_F11, pygame.K_F12, pygame.K_CAPSLOCK, pygame.K_NUMLOCKCLEAR})


class InputMixin:
    """Pointer handling: hover look-up, drag from a source, drop on a target (mixed into TableScene)."""

    #: the drag source picked by a press made while the board was still animating
    #: (its key in the state the board showed then), taken up once the board caught up
    _pick_key = None

    # ---------------------------------------------------------------- input ahead of the board
    def input_ahead(self, ev) -> bool:
        """A press or a decision key made while the board is not yet at a decision of
        the player at the screen is never lost: when that decision comes once the
        animations end, they end at once and the input is then handled as usual (a press
        takes up the card it was made on as the board showed it); while someone else is
        to decide (the AI thinking, the other player in hot seat) it is refused with a
        note saying why. True when the event was answered here (refused)."""
        if self.session is None or self.mode not in ("ai", "hotseat", "online"):
            return False
        press = ev.type == pygame.MOUSEBUTTONDOWN and getattr(ev, "button", 0) == 1
        key = ev.type == pygame.KEYDOWN and not ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) \
            and not getattr(ev, "repeat", False) and ev.key not in IDLE_KEYS
        if not (press or key) or not self.busy() or self.result() is not None:
            return False
        if press and (self._widget_at(ev.pos) or self.side.in_drawer(ev.pos) or self.top_rect.collidepoint(ev.pos)
                      or (not self.log.hidden and self.log.rect.collidepoint(ev.pos))):
            return False              # a standing button (Menu, Undo, Hint), the log, the top bar
        if key and (ev.key, 0) in self._keys and ev.key not in DECISION_KEYS:
            return False              # its button stands: it answers for itself
        if self.anims.busy and self.human_to_move() and self.driver.thinking() is None and not self.handoff.pending:
            pick = self._shown_source_at(ev.pos) if press else None
            self.finish_anims()
            self._pick_key = pick
            return False              # handled now, on the board the decision is made on
        if press or ev.key in DECISION_KEYS:
            self.app.toast(self.wait_reason(), "info", 2.5)
            return True
        return False

    def wait_reason(self) -> str:
        """Why the player at the screen cannot act yet (who decides now)."""
        m = self.match
        p = m.to_move()
        if getattr(self.session, "pending", None):
            return "Not yet: the board is catching up with the match on the server."
        if p is None:
            return "Wait for the board to settle."
        who = self.names[p] if 0 <= p < len(self.names) else "The other player"
        if self.mode == "hotseat":
            return f"Not yet: it is {who}'s decision; pass the screen when it comes up."
        return f"Not yet: {who} is deciding. Your move comes after."

    def _widget_at(self, pos) -> bool:
        return any(b.alive() and b.visible and b.rect.collidepoint(pos) for b in self._actions)

    def _shown_source_at(self, pos):
        """The key of the drag source under ``pos`` as the board draws it now
        (``self.shown``, the state the animations have reached), or None."""
        shown, view = self.shown, self.view
        try:
            if shown is not None and shown is not view:
                self.view = shown
            srcs = self.drag_sources()
        except Exception:  # noqa: BLE001 - then the press picks from the state it ends in
            srcs = []
        finally:
            self.view = view
        for src in srcs:
            if src.rect.collidepoint(pos):
                return src.key
        return None

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
        self.aids.follow(pos)

    def _on_press(self, pos):
        pick, self._pick_key = self._pick_key, None
        if self.busy() or self.session is None or self.side.in_drawer(pos):
            return
        src = self.sources.get(pick) if pick is not None else None
        if src is not None:   # the card the press was made on, where it stands now
            grab = (min(max(0, pos[0] - src.rect.left), src.rect.width - 1),
                    min(max(0, pos[1] - src.rect.top), src.rect.height - 1))
            self.drag = DragState(src, grab, pos, pos)
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
        if self.busy():                    # the board moved on under the drag (the server, the clock)
            if not d.source.rect.collidepoint(pos):
                self.app.toast(self.wait_reason() if not self.human_to_move() else
                               "The board changed under your drag: nothing was played; drag it again.", "info", 3)
            self._snap_back(d, pos)
            return
        tgt = next((t for t in self.targets.values() if t.rect.collidepoint(pos)), None)
        back = d.source.rect.collidepoint(pos) or self._in_home(d.source, pos)
        if tgt is not None and not back:
            action = self.pairs.get((d.source.key, tgt.key))
            if action is not None:
                self.perform(action)
                return
            anywhere = self.anywhere_action(d.source.key)
            if anywhere is not None and self.board_rect.collidepoint(pos):
                self.perform(anywhere)     # a card with one board-wide use: dropped anywhere on the board
                return
            guess = self.guess_action(d.source.key, tgt.key)
            reason = None
            if guess is not None:
                try:
                    reason = self.match.why_illegal(tuple(guess))
                except Exception:  # noqa: BLE001 - no reason found: the player is told as before
                    reason = None
                if reason is None:  # legal after all (the table's gesture map missed it)
                    self.perform(guess)
                    return
            self.app.toast(reason or self.where_to_drop(d.source.key), "error")
            self.sfx("refusal")
        elif not back and self.board_rect.collidepoint(pos):
            anywhere = self.anywhere_action(d.source.key)
            if anywhere is not None:
                self.perform(anywhere)
                return
        # dropped back where it came from, or off every target: a cancel, silently
        self._snap_back(d, pos)

    def _snap_back(self, d, pos):
        img = d.source.image
        start = (pos[0] - d.grab[0], pos[1] - d.grab[1])
        self.snap = SnapBack(img, start, d.source.rect.topleft,
                             0.25 * max(0.0, self.app.settings.animation_factor) or 0.0001)

    def cancel_drag(self):
        self.drag = None

    def _in_home(self, source, pos) -> bool:
        """``pos`` is where ``source`` lives (a hand card dropped back over the hand)."""
        area = self.hand_area
        return (isinstance(source.key, tuple) and source.key[:1] == ("hand",) and area is not None
                and pygame.Rect(area).collidepoint(pos) and pygame.Rect(area).colliderect(source.rect))

    def anywhere_action(self, src_key):
        """The one action ``src_key`` performs dropped anywhere on the board (a spell
        for the whole table), or None. Default: when every legal action of that source
        is the same board-wide one (its drop target covers no card), that action."""
        acts = {a for (s_, t), a in self.pairs.items() if s_ == src_key}
        if len(acts) != 1:
            return None
        (a,) = acts
        return a if self.board_wide(a) else None

    def board_wide(self, action) -> bool:
        """``action`` has no target on the board (a table-wide spell). Override."""
        return False

    def where_to_drop(self, src_key) -> str:
        """The refusal for a drop with no meaning: where the card can go."""
        if src_key not in self.live_sources:
            return "That card has no legal move right now." if self.legal else "That can't go there."
        return "That can't go there: the highlighted places are where it can go."

    def legal_targets_for(self, src_key):
        return {t for (s_, t) in self.pairs if s_ == src_key}

    # ---------------------------------------------------------------- a scrolling hand
    #: keys that scroll a hand with more cards than it shows: (key, cards; 0 = a page)
    SCROLL_KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_PAGEUP: -2, pygame.K_PAGEDOWN: 2}

    def _scroll_event(self, ev) -> bool:
        """The wheel over the hand, a click on its arrows, Left / Right / Page Up / Page
        Down: scroll the hand (``self.hand_scroll``, when it holds more than it shows)."""
        hs = self.hand_scroll
        if not hs.active or (self.drag is not None and self.drag.moved):
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
