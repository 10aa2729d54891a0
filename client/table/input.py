"""The pointer of a table, the part :class:`Pointer` (``table.pointer``): press, drag and
drop, snap back, the scrolling hand, and input made ahead of the board."""
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


class Pointer:
    """The pointer and the keys ahead of the board, held by the table as
    ``table.pointer``: a press, a drag (``table.drag``) and its drop on a target (the
    legal action of ``table.pairs``, else the reason it is refused), the snap back of a
    card dropped nowhere, the scrolling hand, and input made while the board is still
    animating (never lost, or refused with who decides now). The table's hooks it calls:
    ``on_press`` / ``on_release`` (a game taking a press or a drop first, then calling
    ``table.pointer.press`` / ``release``), ``on_board_click``, ``guess_action``,
    ``board_wide``, ``cancel_drag``."""

    #: keys that scroll a hand with more cards than it shows: (key, cards; 0 = a page)
    SCROLL_KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_PAGEUP: -2, pygame.K_PAGEDOWN: 2}

    def __init__(self, table):
        self.table = table
        #: the drag source picked by a press made while the board was still animating
        #: (its key in the state the board showed then), taken up once the board caught up
        self.pick_key = None

    # ---------------------------------------------------------------- input ahead of the board
    def ahead(self, ev) -> bool:
        """A press or a decision key made while the board is not yet at a decision of
        the player at the screen is never lost: when that decision comes once the
        animations end, they end at once and the input is then handled as usual (a press
        takes up the card it was made on as the board showed it); while someone else is
        to decide (the AI thinking, the other player in hot seat) it is refused with a
        note saying why. True when the event was answered here (refused)."""
        t = self.table
        if t.session is None or t.mode not in ("ai", "hotseat", "online"):
            return False
        press = ev.type == pygame.MOUSEBUTTONDOWN and getattr(ev, "button", 0) == 1
        key = ev.type == pygame.KEYDOWN and not ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) \
            and not getattr(ev, "repeat", False) and ev.key not in IDLE_KEYS
        if not (press or key) or not t.busy() or t.result() is not None:
            return False
        if press and (self.widget_at(ev.pos) or t.side.in_drawer(ev.pos) or t.top_rect.collidepoint(ev.pos)
                      or (not t.log.hidden and t.log.rect.collidepoint(ev.pos))):
            return False              # a standing button (Menu, Undo, Hint), the log, the top bar
        if key and (ev.key, 0) in t._keys and ev.key not in DECISION_KEYS:
            return False              # its button stands: it answers for itself
        if t.anims.busy and t.human_to_move() and t.driver.thinking() is None and not t.handoff.pending:
            pick = self.shown_source_at(ev.pos) if press else None
            t.finish_anims()
            self.pick_key = pick
            return False              # handled now, on the board the decision is made on
        if press or ev.key in DECISION_KEYS:
            t.app.toast(self.wait_reason(), "info", 2.5)
            return True
        return False

    def wait_reason(self) -> str:
        """Why the player at the screen cannot act yet (who decides now)."""
        t = self.table
        m = t.match
        p = m.to_move()
        if getattr(t.session, "pending", None):
            return "Not yet: the board is catching up with the match on the server."
        if p is None:
            return "Wait for the board to settle."
        who = t.names[p] if 0 <= p < len(t.names) else "The other player"
        if t.mode == "hotseat":
            return f"Not yet: it is {who}'s decision; pass the screen when it comes up."
        return f"Not yet: {who} is deciding. Your move comes after."

    def act_ready(self) -> bool:
        """May a button's action be taken now? A button pressed while the animations
        that lead to the player's decision play ends them at once (True); while someone
        else decides, a note says so (False)."""
        t = self.table
        if not t.busy():
            return True
        if t.anims.busy and t.human_to_move() and t.driver.thinking() is None \
                and not t.handoff.pending and t.mode in ("ai", "hotseat", "online"):
            t.finish_anims()
            if not t.busy():
                return True
        if t.mode in ("ai", "hotseat", "online") and t.result() is None:
            t.app.toast(self.wait_reason(), "info", 2.5)
        return False

    def widget_at(self, pos) -> bool:
        return any(b.alive() and b.visible and b.rect.collidepoint(pos) for b in self.table._actions)

    def shown_source_at(self, pos):
        """The key of the drag source under ``pos`` as the board draws it now
        (``self.table.shown``, the state the animations have reached), or None."""
        t = self.table
        shown, view = t.shown, t.view
        try:
            if shown is not None and shown is not view:
                t.view = shown
            srcs = t.drag_sources()
        except Exception:  # noqa: BLE001 - then the press picks from the state it ends in
            srcs = []
        finally:
            t.view = view
        for src in srcs:
            if src.rect.collidepoint(pos):
                return src.key
        return None

    def handle(self, ev):
        t = self.table
        if self.scroll_event(ev):
            return
        if ev.type == pygame.MOUSEMOTION:
            self.motion(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            t.on_press(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            t.on_release(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3:
            t.cancel_drag()
        elif ev.type == pygame.MOUSEWHEEL:
            if not t.log.hidden and t.log.rect.collidepoint(t.app.mouse):
                t.log.on_wheel(ev.y)

    def motion(self, pos):
        t = self.table
        if t.drag is not None:
            t.drag.pos = pos
            if abs(pos[0] - t.drag.start[0]) + abs(pos[1] - t.drag.start[1]) > t.s(6):
                t.drag.moved = True
        t.aids.follow(pos)

    def press(self, pos):
        t = self.table
        pick, self.pick_key = self.pick_key, None
        if t.busy() or t.session is None or t.side.in_drawer(pos):
            return
        src = t.sources.get(pick) if pick is not None else None
        if src is not None:   # the card the press was made on, where it stands now
            grab = (min(max(0, pos[0] - src.rect.left), src.rect.width - 1),
                    min(max(0, pos[1] - src.rect.top), src.rect.height - 1))
            t.drag = DragState(src, grab, pos, pos)
            return
        for key, src in t.sources.items():
            if src.rect.collidepoint(pos):
                t.drag = DragState(src, (pos[0] - src.rect.left, pos[1] - src.rect.top), pos, pos)
                return
        t.on_board_click(pos)

    def release(self, pos):
        d, self.table.drag = self.table.drag, None
        if d is None:
            return
        if not d.moved:
            self.table.on_board_click(pos)
            return
        if self.table.busy():                    # the board moved on under the drag (the server, the clock)
            if not d.source.rect.collidepoint(pos):
                self.table.app.toast(self.wait_reason() if not self.table.human_to_move() else
                               "The board changed under your drag: nothing was played; drag it again.", "info", 3)
            self.snap_back(d, pos)
            return
        tgt = next((t for t in self.table.targets.values() if t.rect.collidepoint(pos)), None)
        back = d.source.rect.collidepoint(pos) or self.in_home(d.source, pos)
        if tgt is not None and not back:
            action = self.table.pairs.get((d.source.key, tgt.key))
            if action is not None:
                self.table.perform(action)
                return
            anywhere = self.anywhere_action(d.source.key)
            if anywhere is not None and self.table.board_rect.collidepoint(pos):
                self.table.perform(anywhere)     # a card with one board-wide use: dropped anywhere on the board
                return
            guess = self.table.guess_action(d.source.key, tgt.key)
            reason = None
            if guess is not None:
                try:
                    reason = self.table.match.why_illegal(tuple(guess))
                except Exception:  # noqa: BLE001 - no reason found: the player is told as before
                    reason = None
                if reason is None:  # legal after all (the table's gesture map missed it)
                    self.table.perform(guess)
                    return
            self.table.app.toast(reason or self.where_to_drop(d.source.key), "error")
            self.table.sfx("refusal")
        elif not back and self.table.board_rect.collidepoint(pos):
            anywhere = self.anywhere_action(d.source.key)
            if anywhere is not None:
                self.table.perform(anywhere)
                return
        # dropped back where it came from, or off every target: a cancel, silently
        self.snap_back(d, pos)

    def snap_back(self, d, pos):
        img = d.source.image
        start = (pos[0] - d.grab[0], pos[1] - d.grab[1])
        self.table.snap = SnapBack(img, start, d.source.rect.topleft,
                             0.25 * max(0.0, self.table.app.settings.animation_factor) or 0.0001)

    def in_home(self, source, pos) -> bool:
        """``pos`` is where ``source`` lives (a hand card dropped back over the hand)."""
        area = self.table.hand_area
        return (isinstance(source.key, tuple) and source.key[:1] == ("hand",) and area is not None
                and pygame.Rect(area).collidepoint(pos) and pygame.Rect(area).colliderect(source.rect))

    def anywhere_action(self, src_key):
        """The one action ``src_key`` performs dropped anywhere on the board (a spell
        for the whole table), or None. Default: when every legal action of that source
        is the same board-wide one (its drop target covers no card), that action."""
        acts = {a for (s_, t), a in self.table.pairs.items() if s_ == src_key}
        if len(acts) != 1:
            return None
        (a,) = acts
        return a if self.table.board_wide(a) else None

    def where_to_drop(self, src_key) -> str:
        """The refusal for a drop with no meaning: where the card can go."""
        if src_key not in self.table.live_sources:
            return "That card has no legal move right now." if self.table.legal else "That can't go there."
        return "That can't go there: the highlighted places are where it can go."

    def legal_targets_for(self, src_key):
        return {t for (s_, t) in self.table.pairs if s_ == src_key}

    # ---------------------------------------------------------------- a scrolling hand

    def scroll_event(self, ev) -> bool:
        """The wheel over the hand, a click on its arrows, Left / Right / Page Up / Page
        Down: scroll the hand (``self.table.hand_scroll``, when it holds more than it shows)."""
        t = self.table
        hs = t.hand_scroll
        if not hs.active or (t.drag is not None and t.drag.moved):
            return False
        k = 0
        if ev.type == pygame.MOUSEWHEEL and hs.area.collidepoint(t.app.mouse):
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
        t = self.table
        t.refresh(update_shown=False)
        self.motion(t.app.mouse)
        t.invalidate()
