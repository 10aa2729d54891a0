"""What a table shows to help a player decide, the part :class:`BoardAids` (``table.aids``):
the hover zoom (beside its card, never over the choice being offered, gone when
its card leaves play), the veiled hand of the player waiting in hot seat, and the
engine's preview of the move being aimed at (``match.preview``)."""
from __future__ import annotations

import pygame

from client.table.kit.parts import draw_zoom, zoom_rect
from client.ui.theme import PAL, draw_text


class BoardAids:
    """What helps a player decide, held by the table as ``table.aids``: the hover (the
    card under the pointer, looked up through the table's ``card_at`` hook, and its zoom
    or tip), the covered hand in hot seat and the engine's move preview. The table's
    hooks it reads: ``card_at``, ``zoom_keep_clear``, ``zoom_play_area``, ``previewed``,
    ``hand_area``, ``band`` / ``prompt_rect`` / ``info``."""

    def __init__(self, table):
        self.table = table
        #: the card under the pointer (the zoom shows it once it rests there) and since when
        self.hover_card = None
        self.hover_since = 0.0
        #: the card or cell the hovered card was found in (the zoom goes beside it)
        self.hover_rect: pygame.Rect | None = None
        #: the hovered card is a line of a list or of the log: a small tip, not the big zoom
        self.hover_small = False
        #: the pointer's place when the player last acted: no zoom until it moves
        self.zoom_hold = None
        #: where the hover zoom and the move preview were drawn last frame (None: not drawn)
        self.zoom_rect: pygame.Rect | None = None
        self.preview_rect: pygame.Rect | None = None
        #: what the hover was last looked up for (the drawn state, the buttons, the moment)
        self._key = None
        #: the engine's previews of the actions aimed at, for the state they were made in
        self._previews: dict = {}

    def refresh(self):
        """The hovered card follows the board: when the drawn state changes under a still
        mouse (a card leaves play, a choice appears), the hover is looked up again, so a
        zoom never outlives its card."""
        key = (id(self.table.shown), len(self.table.chrome.action_widgets), self.table.board_mouse is self.table.AWAY,
               int(self.table.t * 10) if self.table.anims.busy else 0)   # a display copy changes in place
        if self._key == key:
            return
        self._key = key
        if self.table.session is None or self.table.shown is None:
            return
        if self.table.handoff.pending:   # a covered hand never shows through a zoom
            self.hover_card = None
            return

        pos = self.table.board_mouse
        try:
            card = self.lookup(pos)
        except Exception:  # noqa: BLE001 - hover is a nicety
            card = None
        if card is not self.hover_card:
            self.hover_card = card
            self.hover_since = self.table.t

    def follow(self, pos):
        """The pointer moved to ``pos``: the hover follows it (and a zoom held back since
        the player acted comes back once the pointer has moved)."""
        hold = self.zoom_hold
        if hold is not None and abs(pos[0] - hold[0]) + abs(pos[1] - hold[1]) > 3:
            self.zoom_hold = None
        card = self.lookup(pos)
        if card is not self.hover_card:
            self.hover_card = card
            self.hover_since = self.table.t

    def lookup(self, pos):
        """The card under ``pos`` for the hover (``self.hover_rect``, ``self.hover_small``
        set): a card name in the log (a small tip), else the table's :meth:`card_at`."""
        t = self.table
        self.hover_rect = None
        self.hover_small = False
        card = t.log.card_at(pos)
        if card is not None:
            self.hover_small = True
            return card
        return None if t.side.in_drawer(pos) else t.card_at(pos)

    def draw_tip(self, surf):
        """A card named in a list or the log: its name and rules text in a small box by
        the pointer (the big zoom would cover the board for a line of text)."""
        t = self.table
        from client.ui.theme import draw_wrapped, font, panel
        card = self.hover_card
        s = t.s
        text = str(getattr(card, "text", "") or "")
        stat = getattr(card, "stat_line", None)
        if callable(stat):
            try:
                stat = stat()
            except Exception:  # noqa: BLE001 - a card's stat line is a nicety in its zoom
                stat = None
        w = s(260)
        body = pygame.Rect(0, 0, w - s(20), s(200))
        lines_h = 0
        if text:
            f = font(s(13))
            from client.ui.theme import wrap_lines
            lines_h = len(wrap_lines(text, f, body.width)) * int(round(f.get_linesize() * 1.15)) + s(2)
        h = s(12) + s(20) + (s(18) if isinstance(stat, str) and stat else 0) + lines_h + s(10)
        mx, my = t.board_mouse
        r = pygame.Rect(0, 0, w, h)
        r.topleft = (mx + s(16), my + s(12))
        if r.right > t.W - s(6):
            r.right = mx - s(16)
        if r.bottom > t.H - s(6):
            r.bottom = my - s(12)
        r.clamp_ip(pygame.Rect(0, 0, t.W, t.H))
        panel(surf, r, colour=PAL["panel"], border=PAL["gold"], radius=s(8), alpha=245)
        y = r.top + s(6)
        draw_text(surf, card.name, (r.left + s(10), y), s(15), PAL["gold_hi"], bold=True)
        y += s(20)
        if isinstance(stat, str) and stat:
            draw_text(surf, stat, (r.left + s(10), y), s(12), PAL["muted"])
            y += s(18)
        if text:
            draw_wrapped(surf, text, pygame.Rect(r.left + s(10), y, body.width, lines_h + s(4)), s(13), PAL["text"],
                         shrink=False)
        return r

    def _default_zoom_rect(self, surf, avoid, card_surface):
        """Where :func:`client.table.kit.parts.draw_zoom` puts the zoom (its own rule, unchanged)."""
        t = self.table
        sc = t.app.scale
        img = card_surface(t.game, self.hover_card, int(300 * sc), big=True)
        return zoom_rect(surf.get_size(), img.get_size(), t.board_mouse, sc, avoid)

    def draw_zoom(self, surf):
        """The hovered card large, beside the card / cell it was found in, never over
        :meth:`zoom_keep_clear` (smaller when it must be; left out when nothing fits)."""
        t = self.table
        avoid = self.hover_rect
        keep = [pygame.Rect(r) for r in t.zoom_keep_clear() if r is not None]
        if avoid is not None:
            keep = [r for r in keep if not r.contains(avoid)]   # the hovered choice itself is allowed under it
        keep += [pygame.Rect(r) for r in t.zoom_play_area() if r is not None]   # never over the lanes / grid
        if t.top_rect is not None:
            keep.append(pygame.Rect(t.top_rect))      # nor the top bar's buttons
        from client.cards import card_surface
        if not keep or not any(self._default_zoom_rect(surf, avoid, card_surface).colliderect(k) for k in keep):
            return draw_zoom(surf, t.game, self.hover_card, t.board_mouse, t.app.scale, avoid=avoid)
        from client.table.preview_box import place
        a = pygame.Rect(avoid) if avoid is not None else pygame.Rect(t.board_mouse[0] - 8, t.board_mouse[1] - 8,
                                                                     16, 16)
        bounds = surf.get_rect().inflate(-16, -16)
        top = t.top_rect
        if top is not None:     # not over the top bar's buttons (Menu, Undo, Hint)
            bounds.height -= max(0, top.bottom + 4 - bounds.top)
            bounds.top = max(bounds.top, top.bottom + 4)
        for k in (1.0, 0.8, 0.62):
            w = int(300 * t.app.scale * k)
            img = card_surface(t.game, self.hover_card, w, big=True)
            r = place(img.get_size(), a, keep, bounds, t.s(14))
            if r is not None and not any(r.colliderect(x) for x in keep) and not r.colliderect(a):
                sh = pygame.Surface((r.width + 16, r.height + 16), pygame.SRCALPHA)
                pygame.draw.rect(sh, (0, 0, 0, 120), sh.get_rect(), border_radius=t.s(18))
                surf.blit(sh, (r.x - 4, r.y + 4))
                surf.blit(img, r)
                return r
        return None

    def hand_covered(self) -> bool:
        """Hot seat: the hand at the screen is covered — from the moment its player's
        decision passes the move to the other player (before any animation of what
        follows) until the other player is at the screen."""
        t = self.table
        if t.mode != "hotseat" or t.session is None or t.result() is not None:
            return False
        p = t.match.to_move()
        return bool(t.handoff.pending) or (p is not None and p != t.viewer)

    def hand_cover_rect(self):
        """Where the covered hand is (its area, and a little room for a lifted card)."""
        t = self.table
        area = t.hand_area
        return pygame.Rect(area).inflate(t.s(6), t.s(6)) if area is not None else None

    def zoom_hidden(self) -> bool:
        """The hover zoom stays away: the pointer rests on a covered hand."""
        if not self.hand_covered():
            return False
        r = self.hand_cover_rect()
        return r is not None and r.collidepoint(self.table.board_mouse)

    def draw_waiting_hand(self, surf):
        """Hot seat: while the other player is to decide, the hand at the screen is
        covered (opaque: nothing of it shows) and says whose decision it is."""
        t = self.table
        r = self.hand_cover_rect()
        if r is None or not self.hand_covered():
            return
        r = r.clip(surf.get_rect())
        surf.fill((8, 9, 13), r)
        pygame.draw.rect(surf, PAL["line"], r, 1, border_radius=t.s(6))
        p = t.match.to_move()
        who = t.names[p] if p is not None and 0 <= p < len(t.names) else "the other player"
        draw_text(surf, f"Hand covered: {who} decides next", r.center, t.s(16), PAL["muted"],
                  bold=True, anchor="center")

    # ================================================================ previews
    def preview_for(self, action):
        """The engine's preview of ``action`` for the player deciding it (cached until the
        state changes), or None. Only for the human at the screen, never in replays."""
        t = self.table
        if action is None or t.mode in ("replay", "watch") or not t.human_to_move():
            return None
        key = tuple(action)
        cache = self._previews
        if cache.get("_state") is not t.view:
            cache.clear()
            cache["_state"] = t.view
        if key not in cache:
            try:
                cache[key] = t.match.preview(key)
            except Exception:  # noqa: BLE001 - a preview must never break the table
                cache[key] = None
        return cache[key]

    def preview_keep_clear(self) -> list:
        """Besides the dragged card, the legal targets and the buttons: what a move
        preview should not cover when it has anywhere else to go — the phase band's
        prompt (the table's words for this decision) and the mover's own panel."""
        t = self.table
        out = [r for r in (t.band, t.prompt_rect) if isinstance(r, pygame.Rect)]
        info = t.info
        if isinstance(info, dict) and isinstance(info.get("me"), pygame.Rect):
            out.append(info["me"])
        return out

    def draw_preview(self, surf):
        t = self.table
        aim = t.previewed()
        if aim is None:
            self.preview_rect = None
            return
        action, rect = aim
        pv = self.preview_for(action)
        keep = []
        if t.drag is not None and t.drag.moved:
            d = t.drag
            keep.append(pygame.Rect(d.pos[0] - d.grab[0], d.pos[1] - d.grab[1], *d.source.rect.size))
            keep += [t.targets[k].rect for k in t.pointer.legal_targets_for(d.source.key) if k in t.targets]
        keep += [b.rect for b in t.chrome.action_widgets]
        keep += self.preview_keep_clear()
        from client.table.preview_box import draw_preview
        self.preview_rect = draw_preview(surf, pv, rect, t.app.scale, keep_clear=keep,
                                         bounds=pygame.Rect(0, t.top_rect.bottom, t.W,
                                                            t.H - t.top_rect.bottom))
