"""The Evons match screen: the 7×7 arrow grid.

Board: the opponent's panel (top left) and yours (bottom left) with credits,
score, hand, deck, graveyard and removed counts; what to do now between them;
the grid in the middle — the 5×5 main zone bright and framed, the out-zone ring
dark and hatched, cell names along the top and left edges, unused cell bonuses
as chips (hover for what they do); the activation chain on the right (top of
the stack resolves first, it unwinds as cards finish); your hand along the
bottom.

Every card on the grid wears its controller's colour as a rim *and* a shape in
its corner (circle / square, as on the seat chips). Covered cards lie face down;
your own show an eye and can be peeked at by hovering.

Gestures (the engine judges every one; a refused drop snaps back with the
engine's ``why_illegal`` reason):

* drag a hand card onto a cell — ``PLAY`` (select + cell in one action). Each
  hand card shows its mode: ACTIVE (pay now) or COVERED (pay at your next
  reveal). Click (or right-click) a card to switch its mode, C switches every
  card, and holding Shift while dropping plays covered. While dragging, the
  cost and when it is paid follow the cursor, only legal cells light up and the
  rest stay dark.
* drag the acting card onto one of its targets — ``FIRE`` (or click the lit
  target; Space ends the ability phase).
* drag a card next to Magnetism's target onto it — ``PULL`` (or click it).

Clicks / number keys 1–9 for the other decisions: the next card to activate,
the next conflict, each point of Firestorm, the Growth / Block card (lit in your
hand), Resurrection's pick (a tray of your graveyard), the card to discard, and
the mulligan (click cards to put back, then the button).

Resolution is animated event by event on a display copy of the board
(:mod:`client.tables.evons_anims`): plays, reveals with their payment,
unaffordable removals, ability arrows, both blows of each conflict, flips,
pushes / pulls / swaps, destructions, Firestorm points, and the chain panel
growing and unwinding as cards activate and finish. Works in the framework's
ai / hotseat / watch (demo) / replay modes.
"""
from __future__ import annotations

import math
import re

import pygame

from engine.evons import match as EM
from engine.evons.cards import (ABILITY_TITLES, CARD_ARROWS, COLUMNS, DIRECTIONS, IN_MAIN, N_CELLS, NEIGHBOUR,
                                ORTHO_NEIGHBOURS, POOL, cell_name)

from ..cards import back_surface, card_surface
from engine.core.text import count, does

from ..cards.evons import render_tile
from ..cards.icons import draw_icon
from ..table_base import SEAT_COLOURS, NamedSeats, TableScene
from .evons_storm import StormMixin
from ..tablekit import (Banner, Call, DragSource, DropTarget, FloatText, LogStep, Wait, draw_thinking, hand_layout,
                        topmost_at)
from ..ui import PAL, draw_text, draw_wrapped, fit_font, font, panel, shade
from .evons_anims import (ABILITY_COL, AbilityArrow, ConflictAnim, Fade, FlipAnim, Ring, Slide, apply_event,
                          display_copy, pill)

GAME = "evons"
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
_YOU_VERBS = {"gains": "gain", "pays": "pay", "draws": "draw", "has": "have", "keeps": "keep",
              "shuffles": "shuffle", "plays": "play", "reveals": "reveal", "passes": "pass",
              "discards": "discard", "wins": "win", "concedes": "concede"}


def card_obj(m, inst):
    if inst is None or inst < 0 or inst >= len(m.cardof):
        return None
    ci = m.cardof[inst]
    return POOL[ci] if ci >= 0 else None


class Table(StormMixin, NamedSeats, TableScene):
    YOU_VERBS = _YOU_VERBS
    log_width = 290

    def __init__(self, app, **kw):
        self.cell = 0
        self.cov_default = False
        self.cov_mode: dict = {}
        self.shift = False
        self.mull_marks: set = set()
        self.spots: list = []          # [(rect, action, card or None, label)] clickable choices
        self.tray = None
        self.hidden_insts: set = set()
        super().__init__(app, **kw)

    # ================================================================ names in sentences
    def named_you(self, out: str) -> str:
        return self.you_verbs(out).replace("flips to You.", "flips to you.")

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

    def zoom_keep_clear(self):
        out = super().zoom_keep_clear() + [rr for rr, _a, _c, _l in self.spots]
        if self.tray is not None:
            out.append(self.tray)
        if self.spots and getattr(self, "right_rect", None) is not None:
            r = self.right_rect              # the chain panel tells what is being chosen
            out.append(pygame.Rect(r.left, r.top, r.width, min(r.height, self.s(120))))
        return out

    def log_event_text(self, m, ev) -> str:
        if ev and ev[0] == "damage" and len(ev) >= 5:   # Firestorm: one line per Firestorm, with the split
            try:
                return self.storm_event_text(m, ev)
            except Exception:  # noqa: BLE001 - fall back to the engine's sentence
                pass
        return super().log_event_text(m, ev)

    def log_text(self, text) -> str:
        merged = self.storm_log_text(str(text))
        return merged if merged is not None else super().log_text(text)

    def rebuild_log(self, note=None, recent=40):
        self.storm_log_reset()
        super().rebuild_log(note, recent)

    def result_reason(self, r) -> str:
        m = self.match
        s0, s1 = m.score(0), m.score(1)
        reason = self.named(r.reason)
        if "score" not in reason:
            reason += f"; score {s0}–{s1}"
        reason = re.sub(r"; score (\d+)–(\d+)",
                        lambda x: f" — final score {self.names[0]} {x.group(1)}, {self.names[1]} {x.group(2)}", reason)
        return reason

    def seat_shape(self, seat) -> str:
        """The second ownership cue, as on the seat chips: circle for you (or P1), square for the other."""
        ref = self.human_seats[0] if (self.mode == "ai" and self.human_seats) else 0
        return "circle" if seat == ref else "square"

    # ================================================================ geometry
    def layout(self):
        """The grid gets the height of the window (cells of 84 px and more at 1280×720);
        right of it: your hand in rows (a tag under each card), then the chain, cell
        bonuses and graveyards beside the log, the action buttons under them."""
        s = self.s
        r = self.board_rect
        pad = s(8)
        self.left_w = s(196)
        self.label_w = s(18)
        right_edge = self.W - s(10)
        gx0 = r.left + self.left_w + pad + self.label_w
        cell = (r.height - self.label_w) // 7
        min_right = s(300)
        cell = max(s(30), min(cell, (right_edge - gx0 - 2 * pad - min_right) // 7))
        self.cell = cell
        side = 7 * cell
        gy = r.top + self.label_w
        self.grid_rect = pygame.Rect(gx0, gy, side, side)
        self.cell_rects = [pygame.Rect(gx0 + (c % 7) * cell, gy + (c // 7) * cell, cell, cell) for c in range(N_CELLS)]
        rx = self.grid_rect.right + 2 * pad
        rw = right_edge - rx
        self.tag_h = s(18)
        gap = s(8)
        # the hand: as many cards a row as fit at a readable width (two rows of four at 1280×720)
        hw = max(s(64), min(s(118), (rw - 3 * gap) // 4))
        self.hand_cols = max(1, (rw + gap) // (hw + gap))
        self.hw = hw
        ch = int(hw * 1.4)
        rows = 2
        self.hand_area = pygame.Rect(rx, r.top, rw, rows * (ch + self.tag_h) + (rows - 1) * gap)
        below = self.hand_area.bottom + pad
        col_w = (rw - pad) // 2
        act_h = s(4 * 46)  # up to four choice buttons, stacked from the bottom
        self.right_rect = pygame.Rect(rx, below, col_w, r.bottom - below - act_h - pad)
        self.actions_rect = pygame.Rect(rx, r.bottom - act_h, col_w, act_h)
        log_x = rx + col_w + pad
        self.side_rect = pygame.Rect(log_x, below, right_edge - log_x, r.bottom - below)
        self.log.set_rect(pygame.Rect(self.side_rect))
        self.panel_rects = {"opp": pygame.Rect(r.left, r.top, self.left_w, s(176)),
                            "me": pygame.Rect(r.left, r.bottom - s(216), self.left_w, s(216))}
        self.prompt_rect = pygame.Rect(r.left, self.panel_rects["opp"].bottom + pad, self.left_w,
                                       self.panel_rects["me"].top - self.panel_rects["opp"].bottom - 2 * pad)
        me = self.panel_rects["me"]
        self.mode_rect = pygame.Rect(me.left + s(8), me.bottom - s(38), me.width - s(16), s(30))
        self.refresh(update_shown=False)

    def cell_rect(self, c):
        return self.cell_rects[c]

    def hand_rects(self, n):
        """Rows of cards (more rows, smaller cards when the hand outgrows two rows)."""
        if n <= 0 or not self.cell:
            return []
        gap = self.s(8)
        area = self.hand_area
        hw, cols = self.hw, self.hand_cols
        rows = -(-n // cols)
        while rows * (int(hw * 1.4) + self.tag_h) + (rows - 1) * gap > area.height and hw > self.s(40):
            hw -= self.s(4)
            cols = max(1, (area.width + gap) // (hw + gap))
            rows = -(-n // cols)
        ch = int(hw * 1.4)
        out = []
        for i in range(n):
            row, col = divmod(i, cols)
            in_row = min(cols, n - row * cols)
            x0 = area.centerx - (in_row * (hw + gap) - gap) // 2
            out.append(pygame.Rect(x0 + col * (hw + gap), area.top + row * (ch + self.tag_h + gap), hw, ch))
        return out

    def panel_of(self, seat):
        return self.panel_rects["me" if seat == self.viewer else "opp"]

    # ================================================================ state
    def refresh(self, update_shown: bool = True):
        if self.session is not None and self.reveal_all:
            # the framework's watch view is the live match: draw from a copy so animations can start from "before"
            m = self.match
            self.view = m.clone()
            if update_shown and not self.anims.busy:
                self.shown = self.view
        super().refresh(update_shown)
        if self.session is not None and self.reveal_all:
            self.view = self.match.clone()
            if update_shown and not self.anims.busy:
                self.shown = self.view
        if self.cell and self.session is not None:
            self._add_play_pairs()
            self._compute_spots()
            self.storm_sync()
            if self.ui is not None and hasattr(self, "actions_rect"):
                self._refresh_action_buttons()

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

    def _compute_spots(self):
        spots = []
        self.tray = None
        if not self.human_to_move():
            self.spots = spots
            return
        m = self.match
        v = self.view
        me = self.viewer
        ph = m.phase()
        legal = self.legal
        if ph in ("cell", "order", "hit", "pull"):
            for a in legal:
                if a[0] in (EM.CELL, EM.ORDER, EM.HIT, EM.PULL):
                    spots.append((self.cell_rect(a[1]), a, None, self.label_of(a)))
        elif ph == "ability":
            c0 = m.pos[m.acting()]
            for a in legal:
                if a[0] == EM.FIRE:
                    t = NEIGHBOUR[c0][a[1]]
                    spots.append((self.cell_rect(t), a, None, self.label_of(a)))
        elif ph == "conflict":
            c0 = m.pos[m.acting()]
            for a in legal:
                t = NEIGHBOUR[c0][a[1]]
                spots.append((self.cell_rect(t), a, None, self.label_of(a)))
        elif ph in ("pick", "discard"):
            opts = [a for a in legal if a[0] in (EM.PICK, EM.DISCARD)]
            hand = v.hand(me)
            rects = self.hand_rects(len(hand))
            from_hand = ph == "discard" or (opts and opts[0][1] in hand)
            if from_hand:
                by_card = {}
                for a in opts:
                    by_card[v.cardof[a[1]]] = a
                for i, inst in enumerate(hand):
                    a = by_card.get(v.cardof[inst]) if ph == "pick" else (EM.DISCARD, inst)
                    if a is not None and i < len(rects):
                        spots.append((rects[i], a, card_obj(v, inst), self.label_of(a)))
            else:   # Resurrection: a tray of the graveyard's choices over the hand row
                s = self.s
                n = len(opts)
                tw = min(self.hw, max(s(50), (self.hand_area.width - s(40)) // max(1, n) - s(10)))
                th = int(tw * 1.4)
                tray = pygame.Rect(0, 0, max(n * (tw + s(10)) + s(30), s(400)), th + s(40))
                tray.midbottom = (self.hand_area.centerx, self.hand_area.bottom)
                tray.clamp_ip(self.board_rect)
                self.tray = tray
                x0 = tray.centerx - (n * (tw + s(10)) - s(10)) // 2
                for i, a in enumerate(opts):
                    rr = pygame.Rect(x0 + i * (tw + s(10)), tray.top + s(32), tw, th)
                    spots.append((rr, a, card_obj(v, a[1]), self.label_of(a)))
        self.spots = spots

    def label_of(self, a) -> str:
        """A short button label for a choice (the engine's action_text is the long form)."""
        m = self.match
        k = a[0]

        def on(c):
            inst = m.at(c)
            if inst < 0:
                return cell_name(c)
            if m.is_covered(inst):
                return f"covered card ({cell_name(c)})"
            co = card_obj(m, inst)
            return f"{co.name if co else 'card'} ({cell_name(c)})"
        try:
            if k == EM.FIRE:
                c0 = m.pos[m.acting()]
                ab = CARD_ARROWS[m.cardof[m.acting()]][a[1]]
                return f"{ABILITY_TITLES[ab]} at {on(NEIGHBOUR[c0][a[1]])}"
            if k == EM.CONFLICT:
                return f"Fight {on(NEIGHBOUR[m.pos[m.acting()]][a[1]])}"
            if k == EM.HIT:
                return f"1 damage to {on(a[1])}"
            if k == EM.PULL:
                return f"Pull {on(a[1])}"
            if k == EM.ORDER:
                return f"Next: {on(a[1])}"
            if k == EM.CELL:
                return f"Place on {cell_name(a[1])}"
            if k == EM.PICK:
                co = card_obj(m, a[1])
                return f"Take {co.name}" if co else "Take this card"
            if k == EM.DISCARD:
                co = card_obj(m, a[1])
                return f"Discard {co.name}" if co else "Discard"
        except (IndexError, TypeError):
            pass
        return m.action_text(a)

    # ================================================================ gestures
    def drag_sources(self):
        if not self.human_to_move() or not self.cell:
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
                    out.append((f"Shuffle all back, draw {max(0, m.sc[EM.S_MULLSIZE] - 1)}", a, "m",
                                "Mulligan variant: the whole hand goes back, one card fewer comes"))
            else:
                mask = sum(1 << i for i in self.mull_marks if i < len(hand))
                if mask and (EM.MULLIGAN, mask) in self.legal:
                    out.append((f"Mulligan {count(len(self.mull_marks), 'card')}", (EM.MULLIGAN, mask), "m",
                                "Shuffle the marked cards into your deck and draw as many"))
            out.append(("Keep hand", EM.A_KEEP, "space", "Keep this opening hand"))
            return out
        if ph == "hit":
            return self.storm_buttons()
        for rr, a, c, label in self.spots[:3 if ph != "ability" else 2]:
            out.append((label, a, None, label))
        if ph == "main":
            out.append(("Pass (play nothing)", EM.A_PASS, "space", "Play no card this turn"))
        elif ph == "ability":
            out.append(("Done: fire no more now", EM.A_DONE, "space",
                        "End this ability phase (unused arrows can still fire in phase 2)"))
        elif ph == "cell":
            out.append(("Take it back", EM.A_CANCEL, "backspace", "Put the selected card back in your hand"))
        return out

    def _click_action(self, action):
        if self.busy():
            return
        if isinstance(action, str):
            self.storm_click_action(action)
            return
        self.perform(action)

    def perform(self, action, *, by_ai=False):
        ok = super().perform(action, by_ai=by_ai)
        if ok and tuple(action)[:1] in ((EM.MULLIGAN,), (EM.KEEP,)):
            self.mull_marks.clear()
        if ok:
            hand = set(self.match.hand(self.viewer))
            for k in [k for k in self.cov_mode if k not in hand]:
                del self.cov_mode[k]
            self.refresh(update_shown=False)
        return ok

    def on_handoff(self, seat):
        """Hot seat: the covered/active choices were the other player's: start afresh."""
        self.cov_mode.clear()
        self.cov_default = False
        self.mull_marks.clear()

    def on_history_changed(self):
        """Undo / redo / a replay seek: drop marks and half-finished gestures."""
        self.mull_marks.clear()
        self.cov_mode.clear()
        self.hidden_insts.clear()
        self.refresh()

    # ================================================================ concede
    def end_match(self, winner, reason, **meta):
        """Concession: the engine's CONCEDE when it is the loser's decision."""
        # clear_anims: the board behind the game-over screen shows the end
        if self.concede_through_engine(winner, reason, EM.A_CONCEDE, clear_anims=True):
            return
        super().end_match(winner, reason, **meta)

    # ================================================================ text
    def status_text(self):
        if self.mode == "replay" and getattr(self, "replay", None) is not None:
            return super().status_text()
        r = self.result()
        if r is not None and not self.anims.busy:
            return self.result_text(r)
        v = self.shown if self.shown is not None else self.match
        tp = v.turn_player()
        if v.turn() == 0:
            first = self.names[v.sc[EM.S_FIRST]]
            return f"Opening hands: keep or mulligan · {does(first, 'go', 'first')}"
        s0, s1 = v.score(0), v.score(1)
        return f"Turn {v.turn()} · {self.names[tp]} to play · score {s0}–{s1}"

    def prompt(self) -> str:
        m = self.match
        if self.result() is not None:
            return "The game is over."
        if self.anims.busy:
            v = self.shown or m
            a = v.acting()
            if a >= 0 and card_obj(v, a) is not None:
                return f"{card_obj(v, a).name} is resolving…"
            return "Resolving…"
        if self.result() is not None:
            return "The game is over."
        p = m.to_move()
        if self.mode == "replay":
            return "Replay: Space plays or pauses, Left / Right step, PgUp / PgDn jump a turn."
        if not self.human_to_move():
            return f"{self.names[p]} is deciding…" if p is not None else ""
        ph = m.phase()
        d = m.decision()
        acting = card_obj(m, d["acting"])
        aname = acting.name if acting else "The card"
        if ph == "mulligan":
            if m.options().get("mulligan_variant"):
                return "Opening hand: keep it (Space), or shuffle it all back and draw one card fewer (M)."
            return "Opening hand: click cards to put back, then Mulligan (M) — or keep this hand (Space)."
        if ph == "main":
            mode = "COVERED" if self.cov_default else "ACTIVE"
            return (f"Your turn: drag a card onto a lit cell. Cards play {mode} — click a card (or C for all) to "
                    "switch; hold Shift to drop covered. Space: pass.")
        if ph == "cell":
            return "Click a lit cell for the selected card, or take it back."
        if ph == "order":
            return "Several of your cards activate: click the one that goes next (or 1–9)."
        if ph == "ability":
            return f"{aname}: fire an ability — click a lit target or drag the card onto it. Space: no more now."
        if ph == "conflict":
            return f"{aname} has several conflicts: click the card it fights next (or 1–9)."
        if ph == "hit":
            return self.storm_prompt()
        if ph == "pull":
            return f"Magnetism: click the card to pull onto {cell_name(d['target'])}, or drag it there."
        if ph == "pick":
            ab = CARD_ARROWS[m.cardof[d["acting"]]][m.sc[EM.S_PDIR]] if d["acting"] >= 0 else 0
            where = cell_name(d["target"]) if d["target"] >= 0 else "the target"
            if ab == EM.RESURRECTION:
                return f"Resurrection: choose the monster to bring back onto {where} (tray below)."
            if ab == EM.GROWTH:
                return f"Growth: click the monster in your hand to put covered on {where}."
            return f"Block: click the Block card in your hand to place on {where}."
        if ph == "discard":
            return f"You hold {len(m.hand(p))} cards: click one to discard (down to 8)."
        return ""

    # ================================================================ hover
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
        for rr, c in getattr(self, "_grave_hot", ()):
            if rr.collidepoint(pos):
                return self.hovered(c, rr)
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
                    return self.hovered(card_obj(v, inst), self.cell_rect(c))
        return None

    def bonus_at(self, pos):
        if not self.cell or self.shown is None or not self.grid_rect.collidepoint(pos):
            return None
        col = (pos[0] - self.grid_rect.left) // self.cell
        row = (pos[1] - self.grid_rect.top) // self.cell
        c = row * 7 + col
        b = self.shown.cell_bonuses().get(c)
        return (c, b) if b else None

    # ================================================================ animation
    def animate(self, action, events, before, after):
        sc = self.app.scale
        disp = display_copy(before, after)
        self.shown = disp
        out = []
        own_drop = action[0] == EM.PLAY      # the player dragged it there already

        def step(e, **kw):
            return Call(lambda e=e: apply_event(disp, e), **kw)

        for i, e in enumerate(events):
            k = e[0]
            out.append(LogStep(i + 1))   # the log tells each event as the board reaches it
            try:
                if k == "turn":
                    p = e[1]
                    if self.mode == "ai":
                        head = "Your turn" if p in self.human_seats else f"{self.names[p]}'s turn"
                    else:
                        head = f"{self.names[p]}'s turn"
                    out.append(step(e))
                    out.append(Banner(head, f"Turn {e[2]}", colour=SEAT_COLOURS[p], duration=0.6))
                elif k == "credits":
                    out.append(step(e))
                    delta = e[2]
                    r = self.panel_of(e[1])
                    ft = FloatText(f"{delta:+d} ¢", (r.left + self.s(48), r.top + self.s(56)),
                                   PAL["good"] if delta >= 0 else PAL["bad"], size=int(22 * sc),
                                   rise=int(30 * sc), duration=0.45, parallel=True)
                    ft.side = True      # plays alongside the next step instead of holding the queue
                    out.append(ft)
                elif k == "play":
                    p, inst, c, cov = e[1], e[2], e[3], e[4]
                    rr = self.cell_rect(c)
                    if own_drop:
                        out.append(step(e))
                        out.append(Ring(rr, SEAT_COLOURS[p], "covered" if cov else "", sc, duration=0.25))
                    else:       # the opponent's card flies in from their panel
                        img = self.tile_image(after, inst, covered=bool(cov), seat=p)
                        start = self.panel_of(p).center
                        out.append(Slide(img, (start[0] - rr.width // 2, start[1] - rr.height // 2), rr.topleft,
                                         duration=0.4))
                        out.append(step(e))
                        if cov:
                            out.append(Ring(rr, SEAT_COLOURS[p], "covered", sc, duration=0.3))
                elif k == "reveal":
                    rr = self.cell_rect(e[3])
                    out.append(step(e))
                    out.append(Ring(rr, PAL["gold_hi"], f"revealed · {e[4]}¢" if e[4] else "revealed (free)", sc,
                                    duration=0.45))
                elif k == "unaffordable":
                    rr = self.cell_rect(e[3])
                    out.append(Ring(rr, PAL["bad"], f"can't pay {e[4]}¢", sc, duration=0.6))
                elif k == "bonus":
                    rr = self.cell_rect(e[3])
                    out.append(step(e))
                    out.append(FloatText(BONUS_SHORT.get(e[4], e[4]), rr.center, PAL["gold_hi"], size=int(22 * sc),
                                         rise=int(30 * sc), duration=0.6))
                elif k == "activate":
                    out.append(step(e))
                    out.append(Ring(self.cell_rect(e[2]), PAL["gold_hi"], "reactivates" if e[3] else "activates",
                                    sc, duration=0.25))
                elif k == "sequence_end":
                    out.append(step(e))
                    out.append(Wait(0.1))
                elif k == "ability":
                    a, d, title, t = e[1], e[2], e[3], e[4]
                    c0 = NEIGHBOUR[t][(d + 4) & 7]
                    out.append(step(e))
                    out.append(AbilityArrow(self.cell_rect(c0), self.cell_rect(t), f"{title} ({DIRECTIONS[d]})",
                                            scale=sc, duration=0.5))
                elif k == "conflict":
                    a, b, to_a, to_b = e[1], e[2], e[3], e[4]
                    ca, cb = disp.pos[a], disp.pos[b]
                    if ca < 0 or cb < 0:
                        ca, cb = before.pos[a], before.pos[b]
                    dies_a = any(x[0] == "destroy" and x[1] == a for x in events)
                    dies_b = any(x[0] == "destroy" and x[1] == b for x in events)
                    out.append(ConflictAnim(self.cell_rect(ca), self.cell_rect(cb), to_a, to_b, dies_a, dies_b,
                                            scale=sc, duration=0.85))
                    out.append(step(e))
                elif k == "destroy":
                    inst, c, where = e[1], e[2], e[3]
                    rr = self.cell_rect(c)
                    img = self.tile_image(disp, inst) if disp.grid[c] == inst else None
                    out.append(step(e))
                    out.append(Fade(img, rr, "removed" if where == "removed" else "destroyed", sc, duration=0.45))
                elif k == "flip":
                    inst, c, to = e[1], e[2], e[3]
                    old = self.tile_image(disp, inst, seat=1 - to)
                    new = self.tile_image(disp, inst, seat=to)
                    out.append(FlipAnim(self.cell_rect(c), old, new, on_half=lambda e=e: apply_event(disp, e),
                                        duration=0.4))
                    out.append(Ring(self.cell_rect(c), SEAT_COLOURS[to], "flipped", sc, duration=0.4, parallel=True))
                elif k == "move":
                    inst, frm, to = e[1], e[2], e[3]
                    img = self.tile_image(disp, inst)
                    a_, b_ = self.cell_rect(frm), self.cell_rect(to)

                    def start_move(e=e, inst=inst):
                        apply_event(disp, e)
                        self.hidden_insts.add(inst)
                    out.append(Call(start_move))
                    out.append(Slide(img, a_.topleft, b_.topleft, duration=0.35,
                                     on_done=lambda inst=inst: self.hidden_insts.discard(inst)))
                elif k == "damage":
                    rr = self.cell_rect(e[2])
                    out.append(step(e))
                    out.append(FloatText("-1", rr.center, PAL["bad"], size=int(26 * sc), rise=int(26 * sc),
                                         duration=0.3))
                elif k == "place":
                    inst, t, how = e[1], e[2], e[3]
                    out.append(step(e))
                    out.append(Ring(self.cell_rect(t), ABILITY_COL, {"growth": "Growth", "block": "Block",
                                                                      "resurrected": "resurrected"}.get(how, ""),
                                    sc, duration=0.45))
                elif k == "pass":
                    r = self.panel_of(e[1])
                    out.append(FloatText("Pass", (r.centerx, r.top + self.s(40)), PAL["muted"], size=int(24 * sc),
                                         rise=int(24 * sc), duration=0.6))
                else:
                    out.append(step(e))
            except (IndexError, TypeError, KeyError):
                out.append(step(e))
        out.append(Call(self._clear_hidden))
        return self._attach_side(out)

    @staticmethod
    def _attach_side(out):
        """Side notes (credit changes) join the next real animation's group, so they never hold the queue."""
        final, pending = [], []
        for a in out:
            if getattr(a, "side", False):
                a.parallel = True
                pending.append(a)
                continue
            final.append(a)
            if pending and not isinstance(a, Call) and not a.parallel:
                final.extend(pending)
                pending = []
        if pending:
            idx = max((i for i, a in enumerate(final) if not isinstance(a, Call) and not a.parallel), default=None)
            if idx is None:
                for a in pending:
                    a.parallel = False
                final.extend(pending)
            else:
                final[idx + 1:idx + 1] = pending
        return final

    def _clear_hidden(self):
        self.hidden_insts.clear()

    # ================================================================ drawing
    def tile_image(self, v, inst, *, covered=None, seat=None):
        if inst is None or inst < 0 or not self.cell:
            return None
        if seat is None:
            seat = v.controller(inst)
        if covered is None:
            covered = v.is_covered(inst)
        card = card_obj(v, inst)
        return render_tile(card, self.cell - 4, SEAT_COLOURS[seat], face_down=covered or card is None)

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
        if getattr(self, "_bg_key", None) == key:
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
        pygame.draw.rect(surf, PAL["evons"], main.inflate(s(4), s(4)), max(2, s(3)), border_radius=s(6))
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
            legal = self.legal_targets_for(dr.source.key)
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
            pill(surf, "target", (rr.centerx, rr.bottom - s(10)), s(11), ABILITY_COL)

    def _veil(self):
        v = getattr(self, "_veil_img", None)
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
        atk, dfn = v.current_atk(inst), v.current_def(inst)
        fsz = max(8, self.cell // 4)
        if atk != card.atk:   # over the printed number (between the SW and S arrows)
            box = pygame.Rect(0, 0, int(fsz * 1.3), int(fsz * 1.1))
            box.center = (inner.left + inner.width * 0.27, inner.bottom - fsz * 0.6)
            pygame.draw.rect(surf, (16, 50, 24), box, border_radius=s(3))
            draw_text(surf, str(atk), box.center, fsz, PAL["good"], bold=True, anchor="center")
        if dfn != card.defense:
            box = pygame.Rect(0, 0, int(fsz * 1.3), int(fsz * 1.1))
            box.center = (inner.right - inner.width * 0.27, inner.bottom - fsz * 0.6)
            hurt = v.dmg[inst] > 0
            pygame.draw.rect(surf, (70, 16, 16) if hurt else (16, 50, 24), box, border_radius=s(3))
            draw_text(surf, str(max(0, dfn)), box.center, fsz, PAL["bad"] if hurt else PAL["good"], bold=True,
                      anchor="center")
            if hurt:
                pill(surf, f"-{v.dmg[inst]}", (box.centerx, box.top - s(7)), s(10), PAL["bad"])
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
        name = self.names[seat] + (" · to play" if active else "")
        f = fit_font(name, r.width - s(30), s(15), bold=True)
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
        text = ("Play COVERED" if cov else "Play ACTIVE") + "  (C)"
        f = fit_font(text, r.width - s(12), s(14), bold=True)
        img = f.render(text, True, PAL["text"])
        surf.blit(img, img.get_rect(center=r.center))

    def thinking_rect(self):
        return None  # drawn inside the "NOW" panel (_draw_prompt)

    def thinking_area(self):
        r = self.prompt_rect  # where _draw_prompt puts the sign (redrawn alone while the AI thinks)
        return pygame.Rect(r.left + self.s(8), r.top + self.s(24), r.width - self.s(16), self.s(34))

    def _draw_prompt(self, surf):
        s = self.s
        r = self.prompt_rect
        if r.height < s(40):
            return
        mine = self.human_to_move() and not self.anims.busy
        panel(surf, r, colour=(16, 18, 26), border=PAL["gold"] if mine else PAL["line"], radius=s(10), alpha=225)
        draw_text(surf, "YOUR MOVE" if mine else "NOW", (r.left + s(10), r.top + s(6)), s(12),
                  PAL["gold"] if mine else PAL["muted"], bold=True)
        leg_h = s(94) if r.height > s(200) else 0
        top = r.top + s(24)
        if self.ai_job is not None:      # the thinking sign: here, never over the grid's letters
            sign = pygame.Rect(r.left + s(8), top, r.width - s(16), s(34))
            name = self.names[self.ai_job.player]
            text = f"{name} is thinking…"
            if font(int(sign.height * 0.42), True).size(text)[0] > sign.width - sign.height - s(8):
                text = "Thinking…"
            draw_thinking(surf, sign, self.t, text, self.app.scale)
            top = sign.bottom + s(6)
        if self.ai_job is None or self.anims.busy:  # the sign already says who is deciding
            draw_wrapped(surf, self.prompt(), pygame.Rect(r.left + s(10), top, r.width - s(20),
                                                           r.bottom - top - s(6) - leg_h), s(15),
                         PAL["gold_hi"] if mine else PAL["muted"])
        if leg_h:
            self._draw_legend(surf, pygame.Rect(r.left + s(10), r.bottom - leg_h, r.width - s(20), leg_h - s(6)))

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
            text = "Your cards" if self.names[seat] == "You" else f"{self.names[seat]}'s cards"
            label = fit_font(text, r.width - s(30), s(13)).render(text, True, PAL["text"])
            surf.blit(label, (box.right + s(6), y))
            y += s(20)
        for fill, text in (((44, 58, 66), "main zone: scores"), ((22, 24, 32), "out zone: no score")):
            box = pygame.Rect(r.left, y, s(22), s(16))
            pygame.draw.rect(surf, fill, box, border_radius=s(3))
            pygame.draw.rect(surf, PAL["evons"] if fill[0] == 44 else PAL["line"], box, 1, border_radius=s(3))
            draw_text(surf, text, (box.right + s(6), y), s(13), PAL["muted"])
            y += s(20)

    def _draw_chain(self, surf, v):
        s = self.s
        r = self.right_rect
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
        for depth, f in enumerate(reversed(frames)):
            if y + s(38) > box.bottom:
                draw_text(surf, f"… {len(frames) - depth} more below", (box.left + s(10), y), s(12), PAL["dim"])
                break
            row = pygame.Rect(box.left + s(6), y, box.width - s(12), s(36))
            top = depth == 0
            pygame.draw.rect(surf, (44, 40, 22) if top else (26, 29, 38), row, border_radius=s(6))
            pygame.draw.rect(surf, PAL["gold"] if top else PAL["line"], row, max(1, s(1)), border_radius=s(6))
            if f[0] == EM.FR_ACT:
                inst = f[1]
                c = card_obj(v, inst)
                name = c.name if c else "a card"
                seat = v.controller(inst)
                pygame.draw.rect(surf, SEAT_COLOURS[seat], (row.left, row.top, s(5), row.height),
                                 border_radius=s(2))
                where = cell_name(v.pos[inst]) if v.pos[inst] >= 0 else "—"
                ft = fit_font(f"{name} · {where}", row.width - s(16), s(13), bold=True)
                surf.blit(ft.render(f"{name} · {where}", True, PAL["text"]), (row.left + s(10), row.top + s(2)))
                sub = STAGE_TEXT.get(f[2], "") + (" · reactivation" if f[6] & EM.HOW_RE else "") + \
                    (" · out zone" if f[6] & EM.HOW_OUT else "")
                draw_text(surf, sub, (row.left + s(10), row.top + s(19)), s(11), PAL["muted"])
            else:
                names = [card_obj(v, i).name if card_obj(v, i) else "a card" for i in f[2:]]
                draw_text(surf, "Waiting to activate:", (row.left + s(10), row.top + s(2)), s(11), PAL["muted"],
                          bold=True)
                text = ", ".join(names)
                ft = fit_font(text, row.width - s(16), s(12), bold=True, min_size=8)
                surf.blit(ft.render(text, True, PAL["text"]), (row.left + s(10), row.top + s(18)))
            y += s(40)
        self._draw_bonus_list(surf, v, box.bottom + s(8))

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
        draw_text(surf, "CELL BONUSES LEFT", (box.left + s(10), box.top + s(6)), s(12), PAL["muted"], bold=True)
        yy = box.top + s(26)
        if not bonuses:
            draw_text(surf, "All used.", (box.left + s(10), yy), s(13), PAL["dim"], italic=True)
        for c, b in bonuses:
            if yy + s(18) > box.bottom:
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
            who = "YOUR" if self.names[seat] == "You" else f"{self.names[seat].upper()}'S"
            col = SEAT_COLOURS[seat]
            if yy + lh > box.bottom - s(2):
                break  # no room for this heading (the other graveyard is listed on hover of the panel)
            for head in (f"{who} GRAVEYARD ({len(grave)})", f"{who} GRAVE ({len(grave)})",
                         f"{'YOURS' if who == 'YOUR' else 'THEIRS'} ({len(grave)})"):
                hf = fit_font(head, box.width - s(16), s(12), bold=True, min_size=9)
                if hf.size(head)[0] <= box.width - s(16):
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
                if i == n_lines - 1 and len(grave) > n_lines:
                    draw_text(surf, f"… {len(grave) - i} more", (box.left + s(14), yy), s(12), PAL["dim"])
                    yy += lh
                    break
                rr = draw_text(surf, c.name, (box.left + s(14), yy), s(13), PAL["text"])
                if not c.is_block:
                    draw_text(surf, f"{c.cost}¢", (box.right - s(10), yy), s(12), PAL["gold"], anchor="topright")
                self._grave_hot.append((pygame.Rect(box.left, yy, box.width, lh), c))
                yy += lh
            if not grave:
                draw_text(surf, "empty", (box.left + s(14), yy), s(12), PAL["dim"], italic=True)
                yy += lh
            yy += s(4)

    # ---------------------------------------------------------------- hand
    def _draw_hand(self, surf, v):
        s = self.s
        me = self.viewer
        hand = v.hand(me)
        rects = self.hand_rects(len(hand))
        mouse = self.app.mouse
        dragging = self.drag.source.key if (self.drag is not None and self.drag.moved) else None
        hover = topmost_at(rects, mouse)
        ph = self.match.phase() if self.human_to_move() else None
        order = [i for i in range(len(rects)) if i != hover] + ([hover] if hover is not None else [])
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
                self._draw_mode_tag(surf, v, inst, c, rr)
        if not hand:
            draw_text(surf, "Your hand is empty", self.hand_area.center, s(15), PAL["dim"], italic=True,
                      anchor="center")
        if self.tray is not None:
            panel(surf, self.tray, colour=PAL["panel"], border=PAL["gold"], radius=s(12), alpha=245)
            draw_text(surf, "Your graveyard — choose the monster to bring back", (self.tray.centerx,
                                                                                  self.tray.top + s(8)),
                      s(14), PAL["gold_hi"], bold=True, anchor="midtop")

    def _draw_mode_tag(self, surf, v, inst, card, rr):
        s = self.s
        if card.is_block:
            text, col = "BLOCK · out zone", (170, 170, 180)
        elif self.mode_of(inst):
            text, col = f"COVERED · {card.cost}¢ later", (140, 170, 230)
        else:
            ok = card.cost <= v.credits(self.viewer)
            text, col = f"ACTIVE · {card.cost}¢ now", PAL["good"] if ok else PAL["bad"]
        room = rr.width + s(6)
        for cand in (text, text.rsplit(" ", 1)[0], text.split(" · ")[-1]):  # shorter on narrow cards
            f = fit_font(cand, room, s(12), bold=True, min_size=9)
            if f.size(cand)[0] <= room:
                break
        text = cand
        img = f.render(text, True, col)
        # under the card, never over its arrows
        box = img.get_rect(midtop=(rr.centerx, rr.bottom + s(3))).inflate(s(6), s(2))
        pygame.draw.rect(surf, (12, 14, 20), box, border_radius=box.height // 2)
        pygame.draw.rect(surf, col, box, 1, border_radius=box.height // 2)
        surf.blit(img, img.get_rect(center=box.center))

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
                pill(surf, str(i + 1), (rr.left + s(9), rr.top + s(9)), s(12), (16, 18, 24), bg=PAL["good"],
                     border=(16, 18, 24), alpha=255)

    def _draw_dragged(self, surf):
        d = self.drag
        if d is None or d.source.key[0] != "hand" or not self.cell:
            return super()._draw_dragged(surf)
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
        self._draw_drag_info(surf, r)

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
        x, y = tile.centerx, tile.top - s(16)
        r = pill(surf, text, (x, max(self.board_rect.top + s(12), y)), s(15), col)
        if not card.is_block:
            draw_text(surf, "Shift: covered · C: switch", (tile.centerx, tile.bottom + s(4)), s(12), PAL["text"],
                      anchor="midtop", shadow=True)

    def _draw_bonus_tip(self, surf):
        if self.drag is not None or self.hover_card is not None:
            return
        hit = self.bonus_at(self.app.mouse)
        if hit is None:
            return
        s = self.s
        c, b = hit
        text = f"{cell_name(c)} — {BONUS_TIP.get(b, b)}"
        w = s(260)
        f = font(s(14))
        from ..ui import wrap_lines
        lines = wrap_lines(text, f, w - s(16))
        h = len(lines) * f.get_linesize() + s(12)
        mx, my = self.app.mouse
        r = pygame.Rect(mx + s(16), my + s(16), w, h)
        r.clamp_ip(pygame.Rect(0, 0, self.W, self.H))
        panel(surf, r, colour=(14, 16, 23), border=PAL["gold"], radius=s(6))
        y = r.top + s(6)
        for ln in lines:
            draw_text(surf, ln, (r.left + s(8), y), s(14), PAL["text"])
            y += f.get_linesize()
