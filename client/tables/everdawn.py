"""The Everdawn match screen.

Board (top to bottom): the opponent's hand (face down) and their row — info
panel (morale, decks, hand, clock), three lanes with each creature's three equip
slots (weapon, armour, accessory) and the bench with the Champion slot marked —
then the phase band (Set · Combat · End, what to do now, the turn clock), your
row facing theirs lane by lane, and your hand fanned at the bottom.

Gestures (all checked against ``legal_actions``; a refused drop shows the
engine's ``why_illegal`` reason):

=============================================  ==========================================
drag                                            action
=============================================  ==========================================
bench creature → empty lane                     ``MOVE`` (bench → lane)
lane creature → adjacent empty lane             ``MOVE`` (slide)
lane creature → another of your lane creatures  ``SET``
weapon / armour / accessory → equip slot        ``EQUIP`` (dropping on the creature works too)
Set Phase spell → its target (or the band)      ``CAST``
combat spell → one of your lanes                ``CAST``
lane creature → opposing lane                   ``ATTACK`` (arrow stays drawn)
=============================================  ==========================================

Clicks / keys: Space or Enter = the main button (to combat, resolve / end turn,
pass a spell window); E = end the turn without attacking; R = "nothing
playable?" redraw; choices (the defender's order, where a creature goes, which
item, which card) by clicking the lit slot or card, or keys 1–9.

The optional turn clock (Settings → Everdawn turn clock: 2 minutes a turn plus a
5-minute bank, the third timeout forfeits) is the framework's
(:meth:`TableScene.clock_spec`); a timeout here passes every decision of that
player until their turn is over, and a forfeit or a concession is the engine's
``CONCEDE`` action whenever it is that player's decision. Animations:
:mod:`client.tables.everdawn_anims`.
"""
from __future__ import annotations

import re

import pygame

from engine.everdawn import match as EM
from engine.everdawn.cards import (ATKB, BEATS, CARDS_BY_CODE, DEFB, IS_COMBAT_SPELL, KIND, K_ACCESSORY,
                                   K_ARMOUR, K_SPELL, K_WEAPON, TYPE)

from ..cards import back_surface, card_surface
from ..cards.everdawn import art_rect, colour_of, icon_of
from ..cards.icons import draw_icon
from ..table_base import SEAT_COLOURS, NamedSeats, TableScene
from ..tablekit import (Banner, Call, DragSource, DropTarget, Flash, FloatText, LogStep, MoveImage, Wait, draw_arrow,
                        hand_layout, topmost_at)
from ..ui import PAL, draw_text, fit_font, font, panel, shade
from .everdawn_anims import ATTACK_COL, CardShow, ClashAnim, FadeOut, RingPulse, fmt_clock, pill

CLOCK = (120.0, 300.0, 3)   # seconds a turn, bank seconds, timeouts that forfeit

GAME = "everdawn"
EQ_KINDS = (K_WEAPON, K_ARMOUR, K_ACCESSORY)
EQ_ICON = {K_WEAPON: "sword", K_ARMOUR: "shield", K_ACCESSORY: "bag"}
EQ_WORD = {K_WEAPON: "weapon", K_ARMOUR: "armour", K_ACCESSORY: "accessory"}
COMBAT_PHASES = ("declare", "defender_spells", "attacker_spells", "order")
CHOICE_PROMPT = {
    EM.CH_PLACE: "Choose where {card} goes: click a lit slot",
    EM.CH_SET_OPP: "Choose an opposing creature to set: click it",
    EM.CH_SWAP_ITEM: "Training Camp: click the item to take off",
    EM.CH_SWAP_HAND: "Training Camp: click the item in your hand to put on",
    EM.CH_RELOCATE: "Road Sanctuary: click where the creature goes",
    EM.CH_REFORGE: "Reforge: choose the creature to take from your deck",
    EM.CH_SCOUT: "Scouting Report: choose the card to take",
    EM.CH_SCOUT_ORDER: "Scouting Report: choose the card to put back {where}",
    EM.CH_REDIRECT_ATTACK: "Resting Fortress: click the attacker to redirect",
    EM.CH_REDIRECT_LANE: "Resting Fortress: click the lane the attack now goes to",
}
_YOU_VERBS = {"sets": "set", "moves": "move", "equips": "equip", "casts": "cast", "loses": "lose",
              "draws": "draw", "takes": "take", "has": "have", "concedes": "concede", "wins": "win",
              "puts": "put", "redraws": "redraw"}


def card_of(code):
    return CARDS_BY_CODE[code] if code is not None and code >= 0 else None


class Table(NamedSeats, TableScene):
    RETURN_VEIL = True   # the only private thing on our side is the hand ...

    YOU_VERBS = _YOU_VERBS
    log_width = 300
    _veil_cache: dict = {}

    def return_veil_ok(self, seat) -> bool:
        # ... except in a choice (the top of our own deck may be on show)
        return self.RETURN_VEIL and self.match.phase() != "choice"

    def __init__(self, app, *, clock=None, **kw):
        self.cw = 0
        self.choice_spots: list = []
        self.tray = None
        self._autopass = None
        self._clock_on = clock
        self.hidden_slots: set = set()   # (seat, slot) drawn empty while a card flies there
        super().__init__(app, **kw)

    # ================================================================ names in sentences
    def named_you(self, out: str) -> str:
        out = out.replace("You has nothing playable and redraws", "You have nothing playable and redraw")
        out = self.you_verbs(out)
        out = re.sub(r"(?<=\S )You's\b", "your", out)
        return out.replace("You's", "Your")

    # ================================================================ geometry
    def layout(self):
        s = self.s
        r = self.board_rect
        pad = s(8)
        self.info_w = s(150)
        self.strip_h = s(40)
        self.band_h = s(50)
        avail_h = r.height - self.strip_h - self.band_h - 4 * pad - s(8)
        cw_h = avail_h / (2 * (1.4 + 0.32) + 1.27)
        lane_gap, bench_gap, sep = s(18), s(10), s(34)
        bk = 0.86
        cw_w = (r.width - self.info_w - 2 * lane_gap - 2 * bench_gap - sep - 3 * pad) / (3 + 3 * bk)
        cw = int(min(cw_h, cw_w))
        self.cw, self.ch = cw, int(cw * 1.4)
        bw, bh = int(cw * bk), int(cw * bk * 1.4)
        self.eq_h = max(s(18), int(cw * 0.28))
        block_w = 3 * cw + 2 * lane_gap + sep + 3 * bw + 2 * bench_gap
        x0 = r.left + self.info_w + 2 * pad + max(0, (r.width - self.info_w - 2 * pad - block_w) // 2)
        self.block = pygame.Rect(x0, r.top, block_w, r.height)
        top = r.top + self.strip_h + pad
        opp_card_top = top + self.eq_h + s(3)
        self.band = pygame.Rect(x0, opp_card_top + self.ch + pad, block_w, self.band_h)
        my_card_top = self.band.bottom + pad
        self.slot_rects = {}
        self.eq_rects = {}
        for seat_row, card_top in (("opp", opp_card_top), ("me", my_card_top)):
            for i in range(3):
                rr = pygame.Rect(x0 + i * (cw + lane_gap), card_top, cw, self.ch)
                self.slot_rects[(seat_row, i)] = rr
            bx = x0 + 3 * cw + 2 * lane_gap + sep
            for j in range(3):
                by = card_top + (self.ch - bh) // 2
                rr = pygame.Rect(bx + j * (bw + bench_gap), by, bw, bh)
                self.slot_rects[(seat_row, 3 + j)] = rr
            for sl in EM.SLOTS:
                rr = self.slot_rects[(seat_row, sl)]
                g = max(2, s(3))
                ew = (rr.width - 2 * g) // 3
                ey = rr.top - self.eq_h - s(3) if seat_row == "opp" else rr.bottom + s(3)
                for k_i, kind in enumerate(EQ_KINDS):
                    self.eq_rects[(seat_row, sl, kind)] = pygame.Rect(rr.left + k_i * (ew + g), ey, ew, self.eq_h)
        my_bottom = my_card_top + self.ch + s(3) + self.eq_h
        label_h = s(16)          # the "Lane 1 / Bench" labels under your row
        self.hand_area = pygame.Rect(x0 - s(4), my_bottom + pad + label_h, block_w + s(8),
                                     r.bottom - my_bottom - pad - label_h)
        self.hw = max(s(40), min(int(cw * 0.95), int(self.hand_area.height / 1.4)))
        bx0 = x0 + 3 * cw + 2 * lane_gap + sep
        self.opp_hand_area = pygame.Rect(bx0, r.top, block_w - (bx0 - x0), self.strip_h)
        ix = max(r.left, x0 - self.info_w - 2 * pad)
        self.info = {
            "opp": pygame.Rect(ix, self.slot_rects[("opp", 0)].top - self.eq_h - s(3), self.info_w,
                               self.ch + self.eq_h + s(3)),
            "me": pygame.Rect(ix, my_card_top, self.info_w, self.ch + self.eq_h + s(3)),
        }
        self.refresh(update_shown=False)

    def slot_rect(self, seat, slot):
        return self.slot_rects[(self.row(seat), slot)]

    def eq_rect(self, seat, slot, kind):
        return self.eq_rects[(self.row(seat), slot, kind)]

    def morale_pos(self, seat):
        r = self.info[self.row(seat)]
        return (r.centerx, r.top + self.s(62))

    def hand_rects(self, n):
        if n <= 0:
            return []
        return hand_layout(n, self.hand_area, self.hw, int(self.hw * 1.4), gap=self.s(8))

    # ================================================================ state helpers
    def me(self):
        return self.viewer

    def phase_chip(self, m) -> int:
        """0 Set, 1 Combat, 2 End for the band's tracker."""
        ph = m.phase()
        if ph == "set":
            return 0
        if ph in COMBAT_PHASES:
            return 1
        if ph == "choice":
            r = m.resume_point()
            return {EM.R_SET: 0, EM.R_DEF: 1, EM.R_ATK: 1}.get(r, 2)
        return 2

    def refresh(self, update_shown: bool = True):
        super().refresh(update_shown)
        if self.cw and self.session is not None:
            self._compute_choice_spots()

    def _compute_choice_spots(self):
        """Clickable rects for non-drag decisions: (rect, action, card)."""
        spots = []
        self.tray = None
        if not self.human_to_move():
            self.choice_spots = spots
            return
        m = self.match
        me = m.to_move()
        ph = m.phase()
        legal = self.legal
        if ph == "order":
            for a in legal:
                if a[0] == EM.ORDER:
                    spots.append((self.slot_rect(1 - me, a[1]), a, None))
        elif ph == "choice":
            kind, p, x, y = m.pending()
            opts = [a for a in legal if a[0] == EM.CHOOSE]
            if kind in (EM.CH_REFORGE, EM.CH_SCOUT, EM.CH_SCOUT_ORDER):
                n = len(opts)
                tw = int(self.cw * 0.9)
                th = int(tw * 1.4)
                gap = self.s(12)
                cards_w = n * tw + (n - 1) * gap
                # wide enough for its heading too (the prompt), within the board block
                text_w = font(self.s(16), True).size(self.prompt())[0]
                width = min(max(cards_w, text_w) + self.s(40), self.block.width)
                tray = pygame.Rect(0, 0, width, th + self.s(70))
                # over the opponent's row, so your own row (the slot being changed) stays in view
                tray.midtop = self.block.centerx, self.board_rect.top + self.s(4)
                tray.clamp_ip(self.board_rect)
                self.tray = tray
                for i, a in enumerate(opts):
                    rr = pygame.Rect(tray.centerx - cards_w // 2 + i * (tw + gap), tray.top + self.s(50), tw, th)
                    code = a[1] if kind == EM.CH_REFORGE else \
                        self.view.sdeck[me][-1 - a[1] - (y if kind == EM.CH_SCOUT_ORDER else 0)]
                    spots.append((rr, a, card_of(code)))
            else:
                for a in opts:
                    v = a[1]
                    if kind in (EM.CH_PLACE, EM.CH_RELOCATE, EM.CH_REDIRECT_LANE):
                        rr = self.slot_rect(me, v)
                    elif kind in (EM.CH_SET_OPP, EM.CH_REDIRECT_ATTACK):
                        rr = self.slot_rect(1 - me, v)
                    elif kind == EM.CH_SWAP_ITEM:
                        rr = self.eq_rect(me, x, v)
                    elif kind == EM.CH_SWAP_HAND:
                        hr = self.hand_rects(len(m.hand[me]))
                        rr = hr[v] if v < len(hr) else None
                    else:
                        rr = None
                    if rr is not None:
                        spots.append((rr, a, None))
        self.choice_spots = spots

    # ================================================================ gestures
    def drag_sources(self):
        if not self.human_to_move() or not self.cw:
            return []
        v = self.view
        me = self.viewer
        out = []
        for s_ in EM.SLOTS:
            code = v.creature_at(me, s_)
            if code >= 0:
                rr = self.slot_rect(me, s_)
                out.append(DragSource(("slot", s_), rr, card_surface(GAME, card_of(code), rr.width),
                                      card_of(code)))
        hand = v.hand[me]
        for i, rr in enumerate(self.hand_rects(len(hand))):
            c = card_of(hand[i])
            out.append(DragSource(("hand", i), rr, card_surface(GAME, c, rr.width) if c else None, c))
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
                out.append(("End turn without attacking", "__end_turn__", "e",
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
            for i, (_r, a, c) in enumerate(self.choice_spots[:4]):
                label = f"Take {c.name}" if c is not None else m.action_text(a)
                if ph == "choice" and m.pending()[0] == EM.CH_SCOUT_ORDER:
                    label = m.action_text(a)           # "Put <card> on top" / "... next"
                if a[0] == EM.ORDER:
                    label = f"First: {card_of(m.creature_at(1 - m.to_move(), a[1])).name} (lane {a[1] + 1})"
                out.append((label, a, str(i + 1), m.action_text(a)))
        return out

    def primary(self):
        """Space / Enter: the main button's action."""
        items = self.action_buttons()
        if not items or self.busy():
            return
        self._click_action(items[-1][1])

    def _click_action(self, action):
        if self.busy():
            return
        if action == "__end_turn__":
            self.end_turn()
            return
        self.perform(action)

    def end_turn(self):
        """End the Set Phase and declare nothing: the turn ends."""
        m = self.match
        me, turn = m.to_move(), m.turn()
        for _ in range(4):
            m = self.match
            if m.to_move() != me or m.turn() != turn or m.phase() not in ("set", "declare"):
                break
            if not self.perform((EM.PASS,)):
                break

    # ================================================================ concede, clock
    def clock_spec(self):
        on = self._clock_on if self._clock_on is not None else bool(
            getattr(self.app.settings, "everdawn_turn_clock", False))
        return CLOCK if on and self.mode != "watch" else None

    def clock_state(self, seat):
        """(turn seconds left, bank seconds left, timeouts) of ``seat``, or None without a clock."""
        c = getattr(self, "clock", None)
        if not c or self.clock_spec() is None:
            return None
        return c["left"][seat], c["bank"][seat], c["timeouts"][seat]

    def end_match(self, winner, reason, **meta):
        """Concession and clock forfeit: the engine's CONCEDE when it is the loser's decision."""
        if self.concede_through_engine(winner, reason, (EM.CONCEDE,), log="forfeit_by" in meta):
            return
        super().end_match(winner, reason, **meta)

    def on_timeout(self, seat):
        self.log.add(f"{self.names[seat]} ran out of time: the turn ends.", kind="info")
        self.cancel_drag()
        self._autopass = (seat, self.match.turn())
        self._run_autopass()

    def on_history_changed(self):
        """Undo / redo / a replay seek: a timed-out player's auto-pass and cards
        hidden mid-flight belong to the abandoned line of play."""
        self._autopass = None
        self.hidden_slots.clear()
        self._in_combat = False
        self._placed_cache = None
        self.refresh()

    def update(self, dt):
        if self._autopass is not None and self.session is not None:
            self._run_autopass()
        super().update(dt)

    def _run_autopass(self):
        """After a timeout: pass every decision of that player until their turn is over."""
        seat, turn = self._autopass
        for _ in range(12):
            m = self.match
            if m.result() is not None or m.turn() != turn:
                self._autopass = None
                return
            if m.to_move() != seat:
                return
            legal = m.legal_actions()
            if not legal:
                return
            act = (EM.PASS,) if (EM.PASS,) in legal else legal[0]
            if not self.perform(act):
                return

    # ================================================================ text
    def opening_events(self, start):
        """The first player's turn 1 and set-up happen as the match is created."""
        p = start.first_player()
        out = [("turn", 1, p)]
        if start.is_set_up(p):
            out.append(("setup", p, [start.creature_at(p, s_) for s_ in EM.LANES],
                        [start.creature_at(p, s_) for s_ in EM.BENCH]))
        return out

    def draw_hover_zoom(self, surf):
        r = super().draw_hover_zoom(surf)
        note = getattr(self, "_hover_note", None)
        if r is not None and note:      # why an effect won't happen: placed, not played
            from ..ui import draw_wrapped
            s = self.s
            box = pygame.Rect(r.left, r.bottom + s(6), r.width, s(58))
            if box.bottom > self.H - s(4):
                box.bottom = r.top - s(6)
            panel(surf, box, colour=PAL["panel"], border=PAL["gold"], radius=s(8), alpha=245)
            draw_wrapped(surf, note, box.inflate(-s(14), -s(10)), s(14), PAL["gold_hi"], bold=True)
        return r

    def log_event_text(self, m, ev) -> str:
        text = super().log_event_text(m, ev)
        if ev and ev[0] == "setup":
            return text.rstrip(".") + " — placed, not played: no “When played” effects."
        if ev and ev[0] == "place" and m.sudden_death() and ev[2] == 1:
            return text.rstrip(".") + " (placed, not played)."
        return text

    def zoom_keep_clear(self):
        out = super().zoom_keep_clear() + [rr for rr, _a, _c in self.choice_spots]
        return out + ([self.tray] if self.tray is not None else [])

    def reaction_text(self, seat) -> str:
        m = self.match
        ph = m.phase()
        tp = m.turn_player()
        if ph == "defender_spells":
            n = len(m.attacks())
            return (f"{self.names[tp]} declared {n} attack{'s' if n != 1 else ''} on you. Your spell window: "
                    "cast a combat spell into a lane, or pass.")
        if ph == "order":
            return "several attacks go into one creature: choose the attacker it takes first."
        if ph == "choice":
            return self.named(m.prompt())
        return super().reaction_text(seat)

    def status_text(self):
        r = self.result()
        if r is not None and not self.anims.busy:
            return self.result_text(r)
        m = self.shown if (self.anims.busy and self.shown is not None) else self.match
        tp = m.turn_player()
        sd = " · SUDDEN DEATH" if m.sudden_death() else ""
        return f"Turn {m.turn()} · {self.poss(tp)} turn{sd}"

    def prompt(self) -> str:
        m = self.match
        if self.anims.busy:
            v = self.shown or m
            if any(isinstance(a, ClashAnim) for a in self.anims.active + self.anims.items):
                return "Combat: the clashes resolve one after another…"
            return f"{self.poss(v.turn_player())} {('Set Phase', 'Combat Phase', 'End Phase')[self.phase_chip(v)]}…"
        if self.result() is not None:
            return "The duel is over."
        p = m.to_move()
        ph = m.phase()
        name = self.names[p] if p is not None else "?"
        if not self.human_to_move():
            what = {"set": "Set Phase", "declare": "declaring attacks", "defender_spells": "spell window",
                    "attacker_spells": "spell window", "order": "ordering attacks", "choice": "choosing"}.get(ph, "")
            return f"{name}: {what}…"
        if ph == "set":
            if (EM.REDRAW,) in self.legal:
                return "Nothing in your hand can be played: R redraws it (or play on)."
            if m.turn() == 1:
                return "Set Phase: drag to move, equip, set or cast. No combat on turn 1: Space ends it."
            return "Set Phase: drag to move, equip, set or cast. Space: combat."
        if ph == "declare":
            return "Declare attacks: drag a lane creature onto an opposing lane. Space: resolve."
        if ph == "defender_spells":
            return "You are attacked! Your spell window: drag a combat spell into a lane, or pass."
        if ph == "attacker_spells":
            return "Your spell window: drag a combat spell into an attacking lane, or pass."
        if ph == "order":
            return "Several attacks on one creature: click the attacker it takes first (or 1–3)."
        if ph == "choice":
            kind, _p, x, _y = m.pending()
            card = card_of(x).name if kind == EM.CH_PLACE and x >= 0 else "the creature"
            where = "on top" if _y <= 0 else "under it"
            return CHOICE_PROMPT.get(kind, "Make a choice").format(card=card, where=where) + " (or keys 1–9)."
        return ""

    def placed_slots(self) -> set:
        """(seat, lane) of creatures placed at set-up or in Sudden Death (not played),
        followed through the record (cached; rebuilt after any jump in history)."""
        from .everdawn_anims import track_placed
        sess = self.session
        n = len(sess)
        c = self.__dict__.get("_placed_cache")
        if c is None or c[0] > n or c[3] is not sess:
            m = sess.state_at(0)
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
                        from .everdawn_anims import PLACED_NOTE
                        self._hover_note = PLACED_NOTE
                    return self.hovered(card_of(v.creature_at(seat, s_)), self.slot_rect(seat, s_))
                items = v.items_at(seat, s_)
                for kind in EQ_KINDS:
                    if self.eq_rect(seat, s_, kind).collidepoint(pos):
                        return self.hovered(card_of(items[kind - 1]), self.eq_rect(seat, s_, kind))
        if self.reveal_all:
            for rr, code in self._opp_hand_rects(v):
                if rr.collidepoint(pos):
                    return self.hovered(card_of(code), rr)
        return None

    # ================================================================ animation
    def animate(self, action, events, before, after):
        sc = self.app.scale
        out = []
        switched = False
        combat = any(e[0] in ("clash", "open_hit", "miss") for e in events)
        late = []
        post = []

        def switch(final=False):
            # in combat the board holds the clash's state (the fallen leave and morale
            # moves one step at a time) until every clash is shown: the end state (the
            # next turn, its draw) comes after them
            nonlocal switched
            if combat and not final:
                return
            if not switched:
                if combat:
                    out.append(LogStep(len(events)))   # the log tells the rest as the board shows it
                out.append(Call(self._show_now))
                switched = True

        def step(e):
            out.append(Call(lambda e=e: self._step_shown(e)))

        if combat:
            out.append(Call(lambda: setattr(self, "_in_combat", True)))

        for i, e in enumerate(events):
            k = e[0]
            if combat and k in ("clash", "open_hit", "miss"):
                out.append(LogStep(i + 1))  # the log tells each clash as it starts, not all at once
            if k == "turn":
                if combat:
                    continue
                who = self.names[e[2]]
                head = "Your turn" if (self.mode == "ai" and e[2] in self.human_seats) else f"{who}'s turn"
                late.append(Banner(head, f"Turn {e[1]}", duration=0.8))
            elif k == "sudden_death":
                switch()
                first = self.names[1 - before.first_player()]
                goes = "you go first" if first == "You" else f"{first} goes first"
                out.append(Banner("Sudden Death", f"Lanes cleared · 1 morale each · {goes}",
                                  PAL["bad"], duration=2.4))
            elif k == "clash":
                p, a, t, acode, dcode = e[1], e[2], e[3], e[4], e[5]
                adv_a = BEATS[TYPE[acode]][TYPE[dcode]] or bool(before.lane_mods(p, a)[2] & EM.CM_ADV)
                adv_d = BEATS[TYPE[dcode]][TYPE[acode]] or bool(before.lane_mods(1 - p, t)[2] & EM.CM_ADV)
                out.append(ClashAnim(self.slot_rect(p, a), self.slot_rect(1 - p, t), e[6], e[7], e[8], e[9],
                                     adv_a, adv_d, bool(e[10]), bool(e[11]), scale=sc))
            elif k == "open_hit":
                p, a, t = e[1], e[2], e[3]
                out.append(ClashAnim(self.slot_rect(p, a), self.slot_rect(1 - p, t), e[5], 0, -1, 0, True, False,
                                     False, False, scale=sc, open_lane=True, duration=0.9))
            elif k == "miss":
                p, a, t = e[1], e[2], e[3]
                out.append(FloatText("hits nothing", self.slot_rect(1 - p, t).center, PAL["muted"],
                                     size=int(20 * sc), duration=0.7))
            elif k == "destroyed":
                p, slot, code = e[1], e[2], e[3]
                rr = self.slot_rect(p, slot)
                img = card_surface(GAME, card_of(code), rr.width)
                late_anim = FadeOut(img, rr, self.morale_pos(p), duration=0.5)
                if combat:
                    step(e)
                else:
                    switch()
                out.append(late_anim)
                out.append(FloatText("Destroyed", rr.center, PAL["bad"], size=int(24 * sc), duration=0.8,
                                     parallel=True))
            elif k == "treated_dead":      # Lithriel's Berries: dies for every purpose, then revives
                p, slot = e[1], e[2]
                rr = self.slot_rect(p, slot)
                switch()
                out.append(Flash(rr, PAL["bad"], duration=0.45))
                out.append(FloatText("Treated as dead", rr.center, PAL["bad"], size=int(22 * sc), duration=0.8,
                                     parallel=True))
            elif k == "revive":
                switch()
                rr = self.slot_rect(e[1], e[2])
                out.append(RingPulse(rr, PAL["good"], sc, duration=0.55, label="Revives"))
            elif k == "morale":
                delta = e[2]
                col = PAL["bad"] if delta < 0 else PAL["good"]
                ft = FloatText(f"{delta:+d} morale", self.morale_pos(e[1]), col, size=int(26 * sc),
                               rise=int(50 * sc), duration=0.9, parallel=True)
                if combat:       # after every clash is shown (the fallen leave after the last one)
                    post.append(Call(lambda e=e: self._step_shown(e)))
                    post.append(ft)
                else:
                    switch()
                    out.append(ft)
            elif k in ("move", "place") and (e[1] != self.viewer or k == "place" or self.mode == "watch"):
                p = e[1]
                dest = e[3] if k == "move" else e[2]
                code = e[4] if k == "move" else e[3]
                rr = self.slot_rect(p, dest)
                src = self.slot_rect(p, e[2]) if k == "move" else pygame.Rect(self.morale_pos(p), (1, 1))
                img = card_surface(GAME, card_of(code), rr.width)
                out.append(Call(lambda p=p, d=dest: (self.hidden_slots.add((p, d)), self._show_now())))
                switched = True
                out.append(MoveImage(img, (src.centerx - rr.width // 2, src.centery - rr.height // 2), rr.topleft,
                                     duration=0.4))
                out.append(Call(lambda p=p, d=dest: self.hidden_slots.discard((p, d))))
                out.append(RingPulse(rr, PAL["gold_hi"], sc, duration=0.35))
            elif k in ("equip", "cast") and (e[1] != self.viewer or self.mode == "watch"):
                c = card_of(e[2])
                big = card_surface(GAME, c, int(self.cw * 1.25))
                who = self.names[e[1]]
                verb = "casts" if k == "cast" else "equips"
                if who == "You":
                    verb = verb[:-1]
                switch()
                out.append(CardShow(big, self.band.center, f"{who} {verb} {c.name}", sc, duration=1.1))
                rr = self._event_rect(e)
                if rr is not None:
                    out.append(RingPulse(rr, PAL["gold_hi"], sc, duration=0.45))
            elif k in ("move", "place", "equip", "set", "cast", "redirect", "setup", "attack",
                       "lane_bonus", "to_hand"):
                switch()
                rr = self._event_rect(e)
                if rr is not None:
                    label = {"set": "SET", "cast": card_of(e[2]).name if k == "cast" else ""}.get(k, "")
                    out.append(RingPulse(rr, PAL["gold_hi"] if k != "attack" else ATTACK_COL, sc,
                                         duration=0.45 if k != "cast" else 0.7, label=label))
        ph_after = after.phase() if after is not None else ""
        if ph_after in ("defender_spells", "attacker_spells") and before is not None \
                and before.phase() != ph_after and self.match.to_move() in self.human_seats:
            who = self.match.to_move()
            if ph_after == "defender_spells":
                late.append(Banner("You are attacked" if self.mode == "ai" else f"{self.names[who]}: you are attacked",
                                   "Your spell window comes first: cast combat spells, or pass", PAL["info"],
                                   duration=1.0))
            else:
                late.append(Banner("Your spell window" if self.mode == "ai" else f"{self.poss(who)} spell window",
                                   "Cast combat spells into your attacking lanes, or pass", PAL["info"],
                                   duration=1.0))
        if not out and not late and not post:
            return []
        if post:
            out.extend(post)
        if combat:
            out.append(Wait(0.2))
        switch(final=True)
        out.extend(late)
        return out

    def _show_now(self):
        self._in_combat = False
        self.shown = self.view

    def _step_shown(self, e):
        from .everdawn_anims import step_state
        self.shown = step_state(self.shown, e)

    def _event_rect(self, e):
        k = e[0]
        try:
            if k in ("move",):
                return self.slot_rect(e[1], e[3])
            if k in ("place", "revive"):
                return self.slot_rect(e[1], e[2])
            if k == "equip":
                return self.eq_rect(e[1], e[3], KIND[e[2]])
            if k == "set":
                return self.slot_rect(e[1], e[2])
            if k == "cast":
                t = e[3]
                if 0 <= t < 6:
                    return self.slot_rect(e[1], t)
                return self.band
            if k == "redirect":
                return self.slot_rect(e[1], e[4])
            if k == "attack":
                return self.slot_rect(1 - e[1], e[3])
            if k == "lane_bonus" and e[2] >= 0:
                return self.slot_rect(e[1], e[2])
        except (IndexError, KeyError, TypeError):
            return None
        return None

    # ================================================================ drawing
    def draw_board(self, surf):
        if not self.cw:
            return
        v = self.shown
        me, opp = self.viewer, 1 - self.viewer
        self._draw_opp_hand(surf, v)
        for seat in (opp, me):
            self._draw_info(surf, v, seat)
            self._draw_row(surf, v, seat)
        self._draw_attacks(surf, v)     # under the phase band: the arrows never hide its chips
        self._draw_band(surf, v)
        self._draw_sets(surf, v)
        self._draw_attack_drag(surf)
        self._draw_hand(surf, v)
        self._draw_choices(surf)

    # ---------------------------------------------------------------- rows
    def _draw_row(self, surf, v, seat):
        s = self.s
        row = self.row(seat)
        lanes_box = self.slot_rects[(row, 0)].union(self.slot_rects[(row, 2)])
        bench_box = self.slot_rects[(row, 3)].union(self.slot_rects[(row, 5)])
        for box, label in ((lanes_box, "Lanes"), (bench_box, "Bench")):
            bg = box.inflate(s(14), self.eq_h * 2 + s(20))
            bg.height -= self.eq_h + s(4)
            if row == "me":
                bg.top = box.top - s(7)
            else:
                bg.bottom = box.bottom + s(7)
            panel(surf, bg, colour=(20, 23, 31), border=shade(SEAT_COLOURS[seat], 0.45), radius=s(10), alpha=170)
            ly = bg.bottom + s(2) if row == "me" else bg.top - s(16)
            if label == "Bench":
                draw_text(surf, "Bench  (1 = Champion)", (bg.centerx, ly), s(13), PAL["muted"], anchor="midtop")
            elif row == "me":
                for i in EM.LANES:
                    draw_text(surf, f"Lane {i + 1}", (self.slot_rects[(row, i)].centerx, ly), s(13), PAL["muted"],
                              anchor="midtop")
        set_src, set_tgt = v.set_info(seat)
        atk_lanes = {a for a, _t in v.attacks()} if seat == v.turn_player() else set()
        for sl in EM.SLOTS:
            rr = self.slot_rect(seat, sl)
            code = v.creature_at(seat, sl)
            if code < 0 or (seat, sl) in self.hidden_slots:
                self._draw_empty_slot(surf, rr, sl, seat)
                self._draw_equips(surf, v, seat, sl, -1)
                continue
            else:
                c = card_of(code)
                surf.blit(card_surface(GAME, c, rr.width), rr)
                if sl == EM.CHAMPION_SLOT:
                    pygame.draw.rect(surf, PAL["gold"], rr.inflate(s(4), s(4)), max(2, s(2)), border_radius=s(8))
                if sl != set_src:  # a set creature does not fight: its band says what it gives
                    self._draw_stats_pill(surf, v, seat, sl, code, rr)
                if sl == set_src:
                    self._draw_set_mark(surf, rr, set_tgt)
                if sl in atk_lanes and v.phase() in COMBAT_PHASES + ("choice",):
                    pill(surf, "ATTACKING", (rr.centerx, rr.top + int(rr.height * 0.22)), s(12), ATTACK_COL)
            self._draw_equips(surf, v, seat, sl, code)

    def _draw_empty_slot(self, surf, rr, sl, seat):
        s = self.s
        col = shade(SEAT_COLOURS[seat], 0.5)
        box = pygame.Surface(rr.size, pygame.SRCALPHA)
        pygame.draw.rect(box, (255, 255, 255, 14), box.get_rect(), border_radius=s(8))
        surf.blit(box, rr)
        # dashed outline
        dash = s(8)
        for x in range(rr.left + s(6), rr.right - s(6), dash * 2):
            pygame.draw.line(surf, col, (x, rr.top), (min(x + dash, rr.right - s(6)), rr.top), max(1, s(2)))
            pygame.draw.line(surf, col, (x, rr.bottom - 1), (min(x + dash, rr.right - s(6)), rr.bottom - 1),
                             max(1, s(2)))
        for y in range(rr.top + s(6), rr.bottom - s(6), dash * 2):
            pygame.draw.line(surf, col, (rr.left, y), (rr.left, min(y + dash, rr.bottom - s(6))), max(1, s(2)))
            pygame.draw.line(surf, col, (rr.right - 1, y), (rr.right - 1, min(y + dash, rr.bottom - s(6))),
                             max(1, s(2)))
        if sl < 3:
            draw_text(surf, f"Lane {sl + 1}", (rr.centerx, rr.centery - s(10)), s(15), PAL["muted"], bold=True,
                      anchor="center")
            draw_text(surf, "open lane", (rr.centerx, rr.centery + s(10)), s(13), PAL["dim"], italic=True,
                      anchor="center")
        elif sl == EM.CHAMPION_SLOT:
            draw_icon(surf, "crown", pygame.Rect(rr.centerx - s(16), rr.centery - s(30), s(32), s(32)),
                      shade(PAL["gold"], 0.8))
            draw_text(surf, "Champion", (rr.centerx, rr.centery + s(14)), s(13), PAL["gold"], anchor="center")
        else:
            draw_text(surf, f"Bench {sl - 2}", (rr.centerx, rr.centery), s(13), PAL["dim"], anchor="center")
        if sl == EM.CHAMPION_SLOT:
            pygame.draw.rect(surf, shade(PAL["gold"], 0.7), rr.inflate(s(4), s(4)), max(1, s(2)), border_radius=s(8))

    def _draw_stats_pill(self, surf, v, seat, sl, code, rr):
        """Current attack / defense when they differ from the printed numbers (items, set, auras)."""
        s = self.s
        c = card_of(code)
        try:
            atk, dfn = v.stats(seat, sl)
        except Exception:  # noqa: BLE001
            return
        if (atk, dfn) == (c.attack, c.defense):
            return
        size = max(10, int(rr.width * 0.14))
        f = font(size, True)
        txt = f"{atk} / {dfn}"
        img = f.render(txt, True, (255, 255, 255))
        ic = int(size * 1.1)
        w = img.get_width() + 2 * ic + s(14)
        h = int(size * 1.5)
        box = pygame.Rect(0, 0, w, h)
        art = art_rect(c, rr.width).move(rr.topleft)  # on the art: never over the name, text or stats
        box.center = (rr.centerx, art.bottom - max(h // 2, art.height // 4))
        pygame.draw.rect(surf, (16, 40, 22), box, border_radius=h // 2)
        pygame.draw.rect(surf, PAL["good"], box, max(1, s(2)), border_radius=h // 2)
        draw_icon(surf, "sword", pygame.Rect(box.left + s(4), box.centery - ic // 2, ic, ic), (255, 200, 190))
        surf.blit(img, img.get_rect(center=box.center))
        draw_icon(surf, "shield", pygame.Rect(box.right - s(4) - ic, box.centery - ic // 2, ic, ic), (190, 215, 255))

    def _art_of(self, rr, seat=None, slot=None):
        """The art window of the creature shown in ``rr`` (window coordinates)."""
        v = self.shown
        code = -1
        if seat is not None:
            code = v.creature_at(seat, slot)
        else:
            for (row, sl), r in self.slot_rects.items():
                if r == rr:
                    code = v.creature_at(0 if row == self.row(0) else 1, sl)
                    break
        c = card_of(code) if code >= 0 else None
        if c is None:
            return pygame.Rect(rr.left, rr.top + int(rr.height * 0.16), rr.width, int(rr.height * 0.3))
        return art_rect(c, rr.width).move(rr.topleft)

    def _draw_set_mark(self, surf, rr, tgt):
        s = self.s
        veil = self._veil_cache.get(rr.size)
        if veil is None:  # one per card size, not one per frame
            veil = pygame.Surface(rr.size)
            veil.fill((10, 10, 20))
            veil.set_alpha(120)
            self._veil_cache = {rr.size: veil}
        surf.blit(veil, rr)
        # over the art, so the card's name and numbers stay readable
        art = self._art_of(rr)
        band = pygame.Rect(rr.left, 0, rr.width, min(s(24), art.height // 2 + s(2)))
        band.bottom = art.bottom
        pygame.draw.rect(surf, (60, 44, 10), band)
        pygame.draw.rect(surf, PAL["gold"], band, max(1, s(2)))
        txt = f"SET on lane {tgt + 1}" if tgt >= 0 else "SET (no bonus)"
        f = fit_font(txt, band.width - s(6), s(16), bold=True)
        img = f.render(txt, True, PAL["gold_hi"])
        surf.blit(img, img.get_rect(center=band.center))

    def _draw_equips(self, surf, v, seat, sl, code):
        s = self.s
        items = v.items_at(seat, sl) if code >= 0 else (-1, -1, -1)
        for kind in EQ_KINDS:
            rr = self.eq_rect(seat, sl, kind)
            item = items[kind - 1]
            if item >= 0:
                c = card_of(item)
                col = colour_of(c)
                pygame.draw.rect(surf, shade(col, 0.55), rr, border_radius=s(5))
                pygame.draw.rect(surf, shade(col, 1.3), rr, max(1, s(2)), border_radius=s(5))
                isz = min(rr.width, rr.height) - s(6)
                draw_icon(surf, icon_of(c), pygame.Rect(rr.centerx - isz // 2, rr.centery - isz // 2, isz, isz),
                          (250, 246, 236))
            else:
                alpha = 120 if code >= 0 else 50
                box = pygame.Surface(rr.size, pygame.SRCALPHA)
                pygame.draw.rect(box, (255, 255, 255, 16 if code >= 0 else 6), box.get_rect(), border_radius=s(5))
                pygame.draw.rect(box, (150, 160, 185, alpha), box.get_rect(), max(1, s(1)), border_radius=s(5))
                surf.blit(box, rr)
                isz = min(rr.width, rr.height) - s(10)
                if code >= 0 and isz > 6:
                    draw_icon(surf, EQ_ICON[kind], pygame.Rect(rr.centerx - isz // 2, rr.centery - isz // 2, isz, isz),
                              (96, 104, 124), outline=None)

    # ---------------------------------------------------------------- info panels
    def _draw_info(self, surf, v, seat):
        s = self.s
        r = self.info[self.row(seat)]
        cs = self.clock_state(seat) if seat in self.human_seats else None
        if cs is not None:   # room for the time bank: grow into the free corner of the board
            extra = s(17) * 2 + s(8)
            if self.row(seat) == "me":
                r = pygame.Rect(r.left, r.top, r.width, min(r.height + extra, self.board_rect.bottom - r.top))
            else:
                top = max(self.board_rect.top, r.top - extra)
                r = pygame.Rect(r.left, top, r.width, r.bottom - top)
        col = SEAT_COLOURS[seat]
        active = v.turn_player() == seat and v.result() is None
        panel(surf, r, colour=(20, 23, 31), border=col if active else shade(col, 0.5), radius=s(10), alpha=215)
        x = r.left + s(10)
        y = r.top + s(8)
        name = self.names[seat]
        f = fit_font(name, r.width - s(34), s(16), bold=True)
        pygame.draw.circle(surf, col, (x + s(6), y + s(10)), s(6))
        surf.blit(f.render(name, True, PAL["text"]), (x + s(18), y))
        y += s(26)
        mor = v.morale(seat)
        sd = v.sudden_death()
        mcol = PAL["bad"] if (sd or mor <= 20) else PAL["gold_hi"]
        draw_text(surf, "MORALE", (r.centerx, y), s(12), PAL["muted"], bold=True, anchor="midtop")
        draw_text(surf, str(max(0, mor)), (r.centerx, y + s(12)), s(38), mcol, title=True, anchor="midtop")
        y += s(62)
        bar = pygame.Rect(x, y, r.width - s(20), s(7))
        pygame.draw.rect(surf, (40, 44, 56), bar, border_radius=s(3))
        k = max(0.0, min(1.0, mor / 100))
        if k > 0:
            pygame.draw.rect(surf, mcol, (bar.left, bar.top, max(s(3), int(bar.width * k)), bar.height),
                             border_radius=s(3))
        y += s(14)
        lines = [
            ("Creatures in play", str(v.creatures_in_play(seat))),
            ("Creature deck", str(len(v.cdeck[seat]))),
            ("Support deck", str(len(v.sdeck[seat]))),
            ("Hand", str(len(v.hand[seat]))),
        ]
        fs = s(13)
        lh = s(17)
        for label, val in lines:
            if y + lh > r.bottom - s(4):
                break
            draw_text(surf, label, (x, y), fs, PAL["muted"])
            draw_text(surf, val, (r.right - s(10), y), fs, PAL["text"], bold=True, anchor="topright")
            y += lh
        if cs is not None and y + lh * 2 <= r.bottom:
            turn_left, bank, to = cs
            y += s(3)
            draw_text(surf, "Time bank", (x, y), fs, PAL["muted"])
            draw_text(surf, fmt_clock(bank), (r.right - s(10), y), fs, PAL["bad"] if bank < 30 else PAL["text"],
                      bold=True, anchor="topright")
            y += lh
            draw_text(surf, "Timeouts", (x, y), fs, PAL["muted"])
            draw_text(surf, f"{to} / {CLOCK[2]}", (r.right - s(10), y), fs,
                      PAL["bad"] if to else PAL["text"], bold=True, anchor="topright")

    # ---------------------------------------------------------------- band
    def _draw_band(self, surf, v):
        s = self.s
        b = self.band
        panel(surf, b, colour=(16, 18, 26), border=PAL["line"], radius=s(10), alpha=230)
        chip = self.phase_chip(v) if v.result() is None else -1
        x = b.left + s(10)
        cw_ = max(s(64), font(s(14), True).size("Combat")[0] + s(14))  # measured: no clipped label
        for i, label in enumerate(("Set", "Combat", "End")):
            rr = pygame.Rect(x, b.centery - s(14), cw_, s(28))
            on = i == chip
            acc = SEAT_COLOURS[v.turn_player()]
            pygame.draw.rect(surf, shade(acc, 0.45) if on else (28, 31, 40), rr, border_radius=s(14))
            pygame.draw.rect(surf, acc if on else PAL["line"], rr, max(1, s(2)), border_radius=s(14))
            draw_text(surf, label, rr.center, s(14), PAL["text"] if on else PAL["dim"], bold=on, anchor="center")
            x = rr.right + s(4)
            if i < 2:
                draw_text(surf, "›", (x + s(2), b.centery), s(16), PAL["dim"], anchor="midleft")
                x += s(12)
        x += s(8)
        right = b.right - s(10)
        if v.sudden_death() and v.result() is None:
            r = pill(surf, "SUDDEN DEATH", (0, 0), s(14), PAL["bad"])
            r.midright = (right, b.centery)
            pill(surf, "SUDDEN DEATH", r.center, s(14), PAL["bad"])
            right = r.left - s(8)
        if self.ai_job is not None:      # the thinking sign sits at the band's right end
            right = self.thinking_rect().left - s(8)
        text = self.prompt()
        width = right - x
        size = s(15)
        f = font(size)
        while size > s(11) and f.size(text)[0] > width:
            size -= 1
            f = font(size)
        while f.size(text)[0] > width and len(text) > 8:
            text = text[:-2] + "…" if not text.endswith("…") else text[:-2] + "…"
        col = PAL["gold_hi"] if self.human_to_move() else PAL["muted"]
        img = f.render(text, True, col)
        surf.blit(img, img.get_rect(midleft=(x, b.centery)))
        if self.drag is not None and self.drag.moved and ("table",) in self.legal_targets_for(self.drag.source.key):
            draw_text(surf, "Drop here to cast", (b.centerx, b.bottom - s(2)), s(13), PAL["good"], bold=True,
                      anchor="midbottom")

    def thinking_rect(self):
        """In the phase band, right end (clear of the lanes and the Set/Combat/End chips)."""
        b = self.band
        r = pygame.Rect(0, 0, min(self.s(250), b.width // 2), b.height - self.s(8))
        r.midright = (b.right - self.s(6), b.centery)
        return r

    # ---------------------------------------------------------------- sets and attacks
    def _draw_sets(self, surf, v):
        """The creature receiving a set's bonuses: gold rim and what it gets (the set one wears a band)."""
        s = self.s
        for seat in (0, 1):
            src, tgt = v.set_info(seat)
            if src < 0 or tgt < 0:
                continue
            b = self.slot_rect(seat, tgt)
            pygame.draw.rect(surf, PAL["gold_hi"], b.inflate(s(6), s(6)), max(2, s(3)), border_radius=s(9))
            c = card_of(v.creature_at(seat, src))
            if c is not None:
                txt = f"+{ATKB[c.code]}/+{DEFB[c.code]} from lane {src + 1}"
                f = fit_font(txt, b.width - s(12), s(13), bold=True, min_size=8)
                img = f.render(txt, True, PAL["gold_hi"])
                art = self._art_of(b, seat, tgt)
                box = img.get_rect(center=(b.centerx, art.top + art.height // 4)).inflate(s(10), s(6))
                box.top = max(box.top, art.top)
                pygame.draw.rect(surf, (60, 44, 10), box, border_radius=box.height // 2)
                pygame.draw.rect(surf, PAL["gold"], box, max(1, s(2)), border_radius=box.height // 2)
                surf.blit(img, img.get_rect(center=box.center))

    def _draw_attacks(self, surf, v):
        s = self.s
        ph = v.phase()
        clashing = getattr(self, "_in_combat", False) or any(
            isinstance(a, ClashAnim) for a in self.anims.active + self.anims.items)
        if v.result() is None and ph != "set" and not clashing:
            p = v.turn_player()
            for a, t in v.attacks():
                if v.creature_at(p, a) < 0:      # its attacker has left play: no stale arrow
                    continue
                ar, tr = self.slot_rect(p, a), self.slot_rect(1 - p, t)
                start = (ar.centerx, ar.top + s(20)) if self.row(p) == "me" else (ar.centerx, ar.bottom - s(20))
                end = (tr.centerx, tr.bottom - s(24)) if self.row(p) == "me" else (tr.centerx, tr.top + s(24))
                draw_arrow(surf, start, end, ATTACK_COL, max(4, s(6)), bend=0.06)

    def _draw_attack_drag(self, surf):
        """The dashed arrow of an attack being dragged (over everything)."""
        s = self.s
        d = self.drag
        if d is not None and d.moved and d.source.key[0] == "slot" and d.source.key[1] < 3 \
                and self.match.phase() == "declare":
            ar = self.slot_rect(self.viewer, d.source.key[1])
            draw_arrow(surf, (ar.centerx, ar.top + s(20)), d.pos, shade(ATTACK_COL, 0.8), max(3, s(4)), dashed=True)

    # ---------------------------------------------------------------- hands
    def _opp_hand_rects(self, v):
        opp = 1 - self.viewer
        hand = v.hand[opp]
        n = len(hand)
        if n == 0:
            return []
        area = self.opp_hand_area.inflate(0, -self.s(4))
        w = int(area.height / 1.4)
        step = min(w + self.s(4), max(self.s(6), (area.width // 2 - w) // max(1, n - 1)))
        x = area.right - w - step * (n - 1)
        return [(pygame.Rect(x + i * step, area.top, w, int(w * 1.4)), hand[i]) for i in range(n)]

    def _draw_opp_hand(self, surf, v):
        s = self.s
        opp = 1 - self.viewer
        rects = self._opp_hand_rects(v)
        for rr, code in rects:
            c = card_of(code) if self.reveal_all else None
            img = card_surface(GAME, c, rr.width) if c is not None else back_surface(GAME, rr.width)
            surf.blit(img, rr)
        label = f"{self.poss(opp)} hand: {len(v.hand[opp])}"
        x = (rects[0][0].left - s(10)) if rects else self.opp_hand_area.right
        draw_text(surf, label, (x, self.opp_hand_area.centery), s(14), PAL["muted"], anchor="midright")

    def _draw_hand(self, surf, v):
        s = self.s
        me = self.viewer
        hand = v.hand[me]
        rects = self.hand_rects(len(hand))
        mouse = self.app.mouse
        hover = topmost_at(rects, mouse)
        dragging = self.drag.source.key if (self.drag is not None and self.drag.moved) else None
        for i, rr in enumerate(rects):
            if dragging == ("hand", i) or i == hover:
                continue
            c = card_of(hand[i])
            surf.blit(card_surface(GAME, c, rr.width) if c else back_surface(GAME, rr.width), rr)
            self._hand_hint(surf, i, rr)
        if hover is not None and dragging != ("hand", hover):
            rr = rects[hover].move(0, -s(18))
            c = card_of(hand[hover])
            surf.blit(card_surface(GAME, c, rr.width) if c else back_surface(GAME, rr.width), rr)
            self._hand_hint(surf, hover, rr)
        if not hand:
            draw_text(surf, "Your hand is empty", self.hand_area.center, s(15), PAL["dim"], italic=True,
                      anchor="center")

    def _hand_hint(self, surf, i, rr):
        for rect, action, _c in self.choice_spots:
            if rect == self.hand_rects(len(self.shown.hand[self.viewer]))[i] and action[0] == EM.CHOOSE:
                pygame.draw.rect(surf, PAL["good"], rr.inflate(self.s(6), self.s(6)), max(2, self.s(3)),
                                 border_radius=self.s(8))

    # ---------------------------------------------------------------- choices
    def _draw_choices(self, surf):
        if not self.choice_spots or self.busy():
            return
        s = self.s
        m = self.match
        kind, p, x, _y = m.pending()
        if kind in (EM.CH_RELOCATE, EM.CH_SWAP_ITEM, EM.CH_SWAP_HAND, EM.CH_REFORGE) and 0 <= x < 6:
            rr = self.slot_rect(p, x)
            what = {EM.CH_RELOCATE: "moving", EM.CH_REFORGE: "swapped out"}.get(kind, "re-equipping")
            pygame.draw.rect(surf, PAL["gold_hi"], rr.inflate(s(8), s(8)), max(2, s(3)), border_radius=s(9))
            pill(surf, what, (rr.centerx, rr.top + int(rr.height * 0.3)), s(13), PAL["gold_hi"], border=PAL["gold"])
        elif kind == EM.CH_REDIRECT_LANE and 0 <= x < 3:
            rr = self.slot_rect(1 - p, x)
            pygame.draw.rect(surf, PAL["gold_hi"], rr.inflate(s(8), s(8)), max(2, s(3)), border_radius=s(9))
            pill(surf, "redirected", (rr.centerx, rr.top + int(rr.height * 0.3)), s(13), PAL["gold_hi"],
                 border=PAL["gold"])
        if self.tray is not None:
            panel(surf, self.tray, colour=PAL["panel"], border=PAL["gold"], radius=s(12), alpha=245)
            text = self.prompt()
            f = fit_font(text, self.tray.width - s(24), s(16), bold=True)
            img = f.render(text, True, PAL["gold_hi"])
            surf.blit(img, img.get_rect(midtop=(self.tray.centerx, self.tray.top + s(14))))
        for i, (rr, action, c) in enumerate(self.choice_spots):
            if self.tray is not None and c is not None:
                surf.blit(card_surface(GAME, c, rr.width), rr)
            pulse = 0.5 + 0.5 * __import__("math").sin(self.pulse_t * 5)
            col = shade(PAL["good"], 0.8 + 0.3 * pulse)
            pygame.draw.rect(surf, col, rr.inflate(s(8), s(8)), max(2, s(3)), border_radius=s(9))
            if i < 9:
                pill(surf, str(i + 1), (rr.left + s(4), rr.top + s(4)), s(15), (16, 18, 24), bg=PAL["good"],
                     border=(16, 18, 24), alpha=255)
