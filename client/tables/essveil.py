"""The Essveil match screen.

Board (top to bottom): the opponent's Essence strip (Reserve stack, Veil
untapped and tapped as little Essence cards) and their hand face down; their
creatures; the phase band (Refresh · Attune · Main and what to do now); your
creatures; your Essence strip (with the Pierce the Veil chip when the module is
on); your hand. Left: each player's panel — Life, deck, hand, graveyard (click
it, or G, for the graveyard viewer). The panels are also the players as
targets: drop an attacker or a "any target" spell on them.

Gestures (all checked against ``legal_actions``; a refused drop snaps back with
the engine's ``why_illegal`` reason):

===========================================  ==============================================
drag                                          action
===========================================  ==============================================
creature / untargeted spell → your side       ``PLAY`` (no target)
spell or On Play creature → its target        ``PLAY`` with that target (a targeted card
                                              dropped on your side asks for the target)
Equipment → one of your creatures             ``PLAY`` (attach)
your creature → enemy creature / enemy panel  ``ATTACK``
ability tab (under the card) → target         ``ABILITY`` (click it when it has no target)
your Guard → the attacker (Guard window)      ``INTERCEPT`` (or click the lit Guard, 1–9)
===========================================  ==============================================

Clicking a lit card instead of dragging it lights its targets; click one (right
click cancels). Keys: Space / Enter end the turn (in the Guard window: let the
attack through); F / D choose Flow / Deep Attune (the two big buttons); P
Pierces the Veil; G opens the graveyards. Animations:
:mod:`client.tables.essveil_anims`.
"""
from __future__ import annotations

import math
import re

import pygame

from engine.essveil import match as EV
from engine.essveil.cards import CARDS, CARDS_BY_INDEX

from ..cards import back_surface, card_surface
from ..cards import draw as D
from ..cards.essveil import art_rect as essveil_art_rect, keyword_badge, keywords_of
from ..cards.icons import draw_icon
from ..table_base import SEAT_COLOURS, NamedSeats, TableScene
from ..tablekit import (DragSource, DropTarget, draw_arrow, draw_source_hint, draw_target_highlight, draw_thinking,
                        hand_layout, topmost_at)
from ..ui import PAL, draw_text, fit_font, font, panel, shade
from .essveil_anims import AEGIS_COL, ATTACK_COL, ESSENCE_COL, GUARD_COL, pill, pill_rect

GAME = "essveil"
BOARD = ("board",)
BAND = ("band",)

_YOU_VERBS = {"refreshes": "refresh", "attunes": "attune", "draws": "draw", "plays": "play", "pays": "pay",
              "takes": "take", "gains": "gain", "lets": "let", "ends": "end", "concedes": "concede",
              "wins": "win", "sit": "sit"}


def card_of(cid):
    return CARDS.get(cid) if cid else None


def target_key(t):
    """The drop-target key of an engine target int."""
    if t == EV.NO_TARGET:
        return BOARD
    if t in (1, 2):
        return ("player", t - 1)
    return ("creature", t)


def engine_target(key):
    if key in (BOARD, BAND):
        return EV.NO_TARGET
    if key[0] == "player":
        return EV.player_target(key[1])
    if key[0] == "creature":
        return key[1]
    return None


class Table(NamedSeats, TableScene):
    RETURN_VEIL = True   # the only private thing on our side is the hand
    YOU_VERBS = _YOU_VERBS
    log_width = 300
    banner_on_turn = False   # animate() makes its own turn banners (with the Refresh)

    def __init__(self, app, **kw):
        self.cw = 0
        self.pick = None          # {"src", "options": {target key: action}, "text"}
        self.grave_view = None    # seat whose graveyard is open, or None
        self.grave_rects = []     # [(rect, card)] in the viewer
        self.grave_tabs = {}
        self._ghost = None        # (seat, hand index) hidden while its card flies
        self._chip = None         # phase chip forced during an animation ("refresh")
        self.attune_rects = {}
        super().__init__(app, **kw)

    # ================================================================ names in sentences
    def named_you(self, out: str) -> str:
        out = self.you_verbs(out)
        out = re.sub(r"(?<=\S )You's\b", "your", out)
        out = out.replace("You's", "Your").replace(" for You.", " for you.")
        return re.sub(r"(?<=\S )You\b", "you", out)

    def log_text(self, text) -> str:
        text = self.named(text)
        gone = getattr(self, "_target_name", None)
        if gone and "a creature that is gone" in text:
            text = text.replace("a creature that is gone", gone)
        return text

    # ================================================================ geometry
    def layout(self):
        s = self.s
        r = self.board_rect
        pad = s(8)
        self.pad = pad
        self.info_w = s(160)
        self.strip_h = s(44)
        self.band_h = s(40)
        self.tab_h = s(20)
        self.gap = s(8)
        x0 = r.left + self.info_w + pad
        w0 = r.right - x0
        fixed = 2 * self.strip_h + self.band_h + 2 * self.tab_h + 6 * pad
        ch_h = (r.height - fixed) / 2.9
        cw_w = (w0 - 6 * self.gap) / 7
        self.cw = max(s(40), int(min(ch_h / 1.4, cw_w)))
        self.ch = int(self.cw * 1.4)
        # hand cards about the size of the creatures in play; when the width limits the
        # cards, the height left over goes to the two rows, not to ever bigger hand cards
        hand_h = int(self.ch * 1.06) + s(6)
        row_h = max(self.ch + self.tab_h,
                    (r.height - 2 * self.strip_h - self.band_h - 5 * pad - hand_h) // 2)
        self.unit_dy = (row_h - self.ch - self.tab_h) // 2   # creatures centred in a taller row
        y = r.top
        self.strips = {}
        self.rows = {}
        self.strips["opp"] = pygame.Rect(x0, y, w0, self.strip_h)
        y += self.strip_h + pad
        self.rows["opp"] = pygame.Rect(x0, y, w0, row_h)
        y += row_h + pad
        self.band = pygame.Rect(r.left, y, r.width, self.band_h)
        y += self.band_h + pad
        self.rows["me"] = pygame.Rect(x0, y, w0, row_h)
        y += row_h + pad
        self.strips["me"] = pygame.Rect(x0, y, w0, self.strip_h)
        y += self.strip_h + pad
        self.hand_area = pygame.Rect(x0, y, w0, r.bottom - y)
        self.hh = max(s(40), min(self.hand_area.height, int(self.ch * 1.06)))
        self.hw = int(self.hh / 1.4)
        self.info = {"opp": pygame.Rect(r.left, r.top, self.info_w, self.band.top - pad - r.top),
                     "me": pygame.Rect(r.left, self.band.bottom + pad, self.info_w,
                                       r.bottom - self.band.bottom - pad)}
        # the Attune choice: two big buttons over your side (your creatures can't act yet anyway)
        pw, ph = min(w0 - s(30), s(600)), min(self.rows["me"].height + s(10), s(160))
        self.attune_panel = pygame.Rect(0, 0, pw, ph)
        self.attune_panel.center = self.rows["me"].center
        bw = (pw - s(16) * 3) // 2
        bh = ph - s(56)
        self.attune_rects = {
            "flow": pygame.Rect(self.attune_panel.left + s(16), self.attune_panel.top + s(44), bw, bh),
            "deep": pygame.Rect(self.attune_panel.left + 2 * s(16) + bw, self.attune_panel.top + s(44), bw, bh),
        }
        self.refresh(update_shown=False)

    def info_rect(self, seat):
        return self.info[self.row(seat)]

    def strip_rect(self, seat):
        return self.strips[self.row(seat)]

    def life_pos(self, seat):
        r = self.info_rect(seat)
        return (r.centerx + self.s(14), r.top + self.s(62))

    def life_rect(self, seat):
        """Around the Life number: where attack and spell arrows at a player point."""
        r = pygame.Rect(0, 0, self.s(80), self.s(44))
        r.center = self.life_pos(seat)
        return r

    def grave_pos(self, seat):
        return self.grave_row_rect(seat).center

    def deck_pos(self, seat):
        r = self.info_rect(seat)
        return (r.centerx, r.top + self.s(104))

    def grave_row_rect(self, seat):
        r = self.info_rect(seat)
        s = self.s
        return pygame.Rect(r.left + s(6), r.top + s(140), r.width - s(12), s(22))

    def unit_rects(self, v) -> dict:
        """uid -> card rect for every creature in ``v`` (left to right, centred in its row)."""
        out = {}
        if not self.cw or v is None:
            return out
        for seat in (0, 1):
            uids = v.boards[seat][0::EV.REC]
            row = self.rows[self.row(seat)]
            n = len(uids)
            if not n:
                continue
            step = self.cw + self.gap
            total = step * (n - 1) + self.cw
            x = row.centerx - total // 2
            for i, u in enumerate(uids):
                out[u] = pygame.Rect(x + i * step, row.top + self.unit_dy, self.cw, self.ch)
        return out

    def tab_rects(self, rr, has_ability, has_equip):
        """(ability tab, equipment tab) under a creature card (None when absent)."""
        s = self.s
        t = pygame.Rect(rr.left, rr.bottom + s(2), rr.width, self.tab_h - s(2))
        if has_ability and has_equip:
            half = (t.width - s(2)) // 2
            return pygame.Rect(t.left, t.top, half, t.height), pygame.Rect(t.right - half, t.top, half, t.height)
        return (t if has_ability else None), (t if has_equip else None)

    def hand_rects(self, n):
        if n <= 0:
            return []
        return hand_layout(n, self.hand_area, self.hw, self.hh, gap=self.s(8), lift=self.s(4))

    def opp_hand_rects(self, v):
        opp = 1 - self.viewer
        n = len(v.hands[opp])
        if n == 0:
            return []
        area = self.strip_rect(opp).inflate(0, -self.s(6))
        # the hand gets what the Essence cards leave free (minus room for its "Hand N" label)
        left = getattr(self, "_ess_right", {}).get(opp, area.left + area.width * 2 // 3) + self.s(70)
        room = max(self.s(60), area.right - self.s(4) - left)
        h = area.height
        w = int(h / 1.4)
        step = min(w + self.s(4), max(self.s(4), (room - w) // max(1, n - 1)))
        x = area.right - w - step * (n - 1)
        return [pygame.Rect(x + i * step, area.top, w, h) for i in range(n)]

    def seat_hand_rect(self, v, seat, i):
        if seat == self.viewer:
            rr = self.hand_rects(len(v.hands[seat]))
        else:
            rr = self.opp_hand_rects(v)
        if not rr:
            return pygame.Rect(self.hand_area.center, (self.hw, self.hh))
        return rr[max(0, min(i, len(rr) - 1))]

    def veil_rect(self, seat):
        """Where the Essence cards sit in ``seat``'s strip."""
        r = self.strip_rect(seat)
        return pygame.Rect(r.left, r.top, min(r.width, self.s(520)), r.height)

    # ================================================================ state helpers
    def phase(self):
        return self.match.phase()

    def refresh(self, update_shown: bool = True):
        super().refresh(update_shown)
        if self.pick is not None:
            opts = self.options_for(self.pick["src"])
            if not opts or not self.human_to_move():
                self.pick = None
            else:
                self.pick["options"] = opts

    def options_for(self, src_key) -> dict:
        return {t: a for (s_, t), a in self.pairs.items() if s_ == src_key}

    def guard_options(self):
        """The defender's legal intercepts (uid, action), in board order."""
        if not self.human_to_move() or self.phase() != "guard":
            return []
        return [(a[1], a) for a in self.legal if a[0] == EV.INTERCEPT]

    def guard_reasons(self, v):
        """uid -> why a Guard of the defender can't intercept the pending attack (shown on the card)."""
        pa = v.pending_attack() if v is not None else None
        if pa is None:
            return {}
        atk, target = pa
        q = 1 - v.turn_player()
        a = v.creature(atk)
        veil = a is not None and "Veilstep" in a["keywords"]
        out = {}
        for c in v.creatures(q):
            if "Guard" not in c["keywords"]:
                continue
            if veil:
                out[c["uid"]] = "Veilstep"
            elif c["intercepted"]:
                out[c["uid"]] = "used this round"
            elif c["tapped"]:
                out[c["uid"]] = "tapped"
            elif c["uid"] == target:
                out[c["uid"]] = "is the target"
        return out

    # ================================================================ gestures
    def drag_sources(self):
        if not self.human_to_move() or not self.cw:
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
            out.append(DragSource(("unit", c["uid"]), rr, img, card))
            if ph == "main" and card.ability is not None and not c["silenced"]:
                ab, _eq = self.tab_rects(rr, True, bool(c["equipment"]))
                img = pygame.Surface(ab.size, pygame.SRCALPHA)
                self._draw_ability_tab(img, img.get_rect(), card, True)
                out.append(DragSource(("ability", c["uid"]), ab, img, card))
        hand = v.hand_ids(me)
        for i, rr in enumerate(self.hand_rects(len(hand))):
            c = card_of(hand[i])
            out.append(DragSource(("hand", i), rr, card_surface(GAME, c, rr.width) if c else None, c))
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

    def _named_toast(self, fn, *args):
        """Run ``fn`` with the engine's refusal reasons shown with the players' names."""
        app = self.app
        orig = app.toast

        def toast(text, *a, **kw):
            return orig(self.named(text), *a, **kw)
        app.toast = toast
        try:
            return fn(*args)
        finally:
            app.toast = orig

    def perform(self, action, *, by_ai=False) -> bool:
        # the log is written after the action: name a target that died meanwhile from the state before
        self._target_name = None
        a = tuple(action)
        if len(a) == 3 and a[0] in (EV.PLAY, EV.ABILITY, EV.ATTACK) and a[2] >= EV.FIRST_UID:
            c = self.match.creature(a[2])
            self._target_name = card_of(c["card"]).name if c else None
        try:
            return self._named_toast(lambda: super(Table, self).perform(action, by_ai=by_ai))
        finally:
            self._target_name = None

    def _on_release(self, pos):
        self._named_toast(self._release, pos)

    def _release(self, pos):
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
        super()._on_release(pos)

    def _on_press(self, pos):
        # the graveyards can be looked at any time, even while the AI thinks
        if self.session is not None and self._grave_click(pos):
            return
        super()._on_press(pos)

    def cancel_drag(self):
        super().cancel_drag()
        self.pick = None
        self.grave_view = None

    def on_history_changed(self):
        """Undo / redo / a replay seek: drop the half-made target choice, the open
        graveyard and anything hidden or forced for an animation."""
        self.pick = None
        self.grave_view = None
        self._ghost = None
        self._chip = None
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
            text = f"{what}'s ability: click its target"
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

    def _grave_panel(self):
        r = self.board_rect
        p = pygame.Rect(0, 0, min(r.width - self.s(40), self.s(760)), min(r.height - self.s(40), self.s(520)))
        p.center = r.center
        return p

    def _grave_close_rect(self):
        p = self._grave_panel()
        return pygame.Rect(p.right - self.s(40), p.top + self.s(8), self.s(30), self.s(30))

    # ================================================================ keys and buttons
    def handle_event(self, ev):
        if ev.type == pygame.KEYDOWN and not ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.primary()
                return
            if ev.key == pygame.K_g:
                self.toggle_graves()
                return
            if self.session is not None and self.human_to_move() and self.phase() == "attune":
                if ev.key in (pygame.K_f, pygame.K_1):
                    self.attune(False)
                    return
                if ev.key in (pygame.K_d, pygame.K_2):
                    self.attune(True)
                    return
        super().handle_event(ev)

    def action_buttons(self):
        if not self.human_to_move():
            return []
        m = self.match
        ph = m.phase()
        out = []
        if ph == "main":
            if EV.PIERCE_THE_VEIL in self.legal:
                out.append((f"Pierce the Veil (pay {EV.PIERCE_LIFE} Life)", EV.PIERCE_THE_VEIL, "p",
                            f"Once a turn: pay {EV.PIERCE_LIFE} Life to move 1 Essence from your Reserve to your Veil"))
            out.append(("End turn", EV.END_TURN, "space", "End your turn (Space or Enter)"))
        elif ph == "guard":
            for i, (uid, a) in enumerate(self.guard_options()[:3]):
                c = m.creature(uid)
                out.append((f"Intercept with {card_of(c['card']).name}", a, str(i + 1),
                            "The attack hits this Guard instead; it taps"))
            out.append(("Let the attack through", EV.LET_IT_THROUGH, "space", "No Guard steps in"))
        return out

    def primary(self):
        """Enter: the main button's action (end turn, let the attack through)."""
        items = self.action_buttons()
        if not items or self.busy():
            return
        self._click_action(items[-1][1])

    # ================================================================ concede
    def end_match(self, winner, reason, **meta):
        """A concession is the engine's CONCEDE when it is the loser's decision."""
        if self.concede_through_engine(winner, reason, EV.CONCEDE_ACTION):
            return
        super().end_match(winner, reason, **meta)

    # ================================================================ text
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

    def reaction_text(self, seat) -> str:
        m = self.match
        pa = m.pending_attack()
        if pa is None:
            return super().reaction_text(seat)
        a = m.creature(pa[0])
        who = CARDS[a["card"]].name if a and a["card"] in CARDS else "a creature"
        tgt = "you" if pa[1] == EV.player_target(seat) else (
            CARDS[m.creature(pa[1])["card"]].name if m.creature(pa[1]) else "your creature")
        return f"{who} attacks {tgt} — intercept with an untapped Guard or let it through."

    def opening_events(self, start):
        """The first player's turn 1 begins as the match is created."""
        p = start.first_player()
        reserve, veil, spent = start.essence(p)
        return [("turn", p, 1), ("attune", p, veil + spent, "flow")]

    def status_text(self):
        r = self.result()
        if r is not None and not self.anims.busy:
            return self.result_text(r)
        v = self.shown if (self.anims.busy and self.shown is not None) else self.match
        tp = v.turn_player()
        ph = {"attune": "Attune", "main": "Main phase", "guard": "Guard?", "over": "Over"}.get(v.phase(), "")
        return f"Turn {v.turn()} · {self.poss(tp)} turn · {ph}"

    def prompt(self) -> str:
        m = self.match
        if self.result() is not None and not self.anims.busy:
            return "The duel is over."
        if self.anims.busy:
            v = self.shown or m
            if self._chip == "refresh":
                return f"{self.poss(v.turn_player())} Refresh: creatures untap, spent Essence returns to the Reserve…"
            return f"{self.poss(v.turn_player())} turn…"
        if self.pick is not None:
            return self.pick["text"]
        p = m.to_move()
        ph = m.phase()
        name = self.names[p] if p is not None else "?"
        if not self.human_to_move():
            if ph == "guard":
                return f"{name} decides whether a Guard intercepts…"
            return {"attune": f"{name} attunes…", "main": f"{name} plays…"}.get(ph, "")
        if ph == "attune":
            return "Attune: choose Flow or Deep Attune (F / D)."
        if ph == "guard":
            atk, target = m.pending_attack()
            a = card_of(m.creature(atk)["card"]).name
            what = "you" if target == EV.player_target(p) else card_of(m.creature(target)["card"]).name
            n = len(self.guard_options())
            keys = "1" if n == 1 else f"1–{min(n, 3)}"
            return f"{a} attacks {what}! Click a lit Guard to intercept ({keys}), or Space: let it through."
        kinds = {k[0] for k in self.live_sources}
        if "hand" in kinds:
            return "Drag cards onto your side or a target, creatures onto an enemy to attack. Space: end turn."
        if "unit" in kinds:
            return "Nothing you can afford: attack by dragging a creature onto an enemy. Space: end turn."
        if "ability" in kinds:
            return "Use an ability (drag its tab), or Space: end the turn."
        return "Nothing more to do. Space: end the turn."

    # ================================================================ hover
    def card_at(self, pos):
        if not self.cw or self.shown is None:
            return None
        if self.grave_view is not None:
            for rr, c in reversed(self.grave_rects):
                if rr.collidepoint(pos):
                    return self.hovered(c, rr)
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
                    return self.hovered(card_of(c["card"]), rr)
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

    # ================================================================ animation
    def _show_now(self):
        self.shown = self.view
        self._ghost = None

    def _anims_done(self):
        super()._anims_done()
        self._ghost = None
        self._chip = None

    def _set_chip(self, chip):
        self._chip = chip

    def _set_ghost(self, ghost):
        self._ghost = ghost

    def animate(self, action, events, before, after):
        if before is None or after is None or not self.cw:
            return []
        from .essveil_build import build_animations
        return build_animations(self, action, events, before, after)

    # ================================================================ drawing
    def draw(self, surf):
        # the "thinking" sign goes in the phase band, not over the opponent's Veil
        job = self._thinking = self.ai_job
        self.ai_job = None
        try:
            super().draw(surf)
        finally:
            self.ai_job = job
            self._thinking = None

    def draw_board(self, surf):
        if not self.cw:
            return
        v = self.shown
        me, opp = self.viewer, 1 - self.viewer
        for seat in (opp, me):
            self._draw_info(surf, v, seat)
            self._draw_row(surf, v, seat)
            self._draw_strip(surf, v, seat)
        self._draw_pending_attack(surf, v)   # under the phase band: its chips stay readable
        self._draw_band(surf, v)
        self._draw_hand(surf, v)
        if not self.busy() and self.human_to_move():
            ph = self.match.phase()
            if ph == "attune":
                self._draw_attune(surf)
            elif ph == "guard":
                self._draw_guard_marks(surf)
        self._draw_pick(surf)
        if self.grave_view is not None:
            self._draw_graves(surf, v)

    def draw_drag_layer(self, surf):
        """Legal targets while dragging; gold rims on what can act when idle (hand cards get
        theirs in :meth:`_draw_hand`, where they are drawn lifted)."""
        if self.grave_view is not None:
            return
        s = self.s
        sc = self.app.scale
        d = self.drag
        if d is None or not d.moved:
            if not self.busy() and self.pick is None and self.app.settings.show_hints:
                for key in self.live_sources:
                    src = self.sources.get(key)
                    if src is not None and key[0] != "hand":
                        draw_source_hint(surf, src.rect, self.pulse_t, sc)
            return
        key = d.source.key
        for tkey in self.legal_targets_for(key):
            t = self.targets.get(tkey)
            if t is not None:
                draw_target_highlight(surf, t, self.pulse_t, hot=t.rect.collidepoint(d.pos), scale=sc)
        opts = self.options_for(key)
        # a targeted card can also be dropped on your side: it then asks for its target
        if key[0] in ("hand", "ability") and opts and BOARD not in opts:
            row = self.rows["me"]
            pygame.draw.rect(surf, shade(PAL["good"], 0.7), row, max(1, s(2)), border_radius=s(10))
            draw_text(surf, "or drop here, then click the target", (row.centerx, row.top + s(3)), s(13),
                      PAL["good"], bold=True, anchor="midtop", shadow=True)
        if key[0] in ("unit", "ability"):
            rr = d.source.rect
            col = ATTACK_COL if key[0] == "unit" else PAL["gold_hi"]
            draw_arrow(surf, rr.center, d.pos, shade(col, 0.85), max(3, s(4)), dashed=True)
            if key[0] == "unit" and self.phase() == "main":
                c = self.match.creature(key[1])
                if c is not None and "Veilstep" in c["keywords"]:
                    pill(surf, "Veilstep: no Guard can intercept", (d.pos[0], d.pos[1] + s(30)), s(13),
                         (205, 160, 255))

    # ---------------------------------------------------------------- info panels
    def _draw_info(self, surf, v, seat):
        s = self.s
        r = self.info_rect(seat)
        col = SEAT_COLOURS[seat]
        active = v.turn_player() == seat and v.result() is None
        panel(surf, r, colour=(20, 23, 31), border=col if active else shade(col, 0.5), radius=s(10), alpha=220,
              width=max(2, s(3)) if active else max(1, s(2)))
        x = r.left + s(10)
        y = r.top + s(8)
        name = self.names[seat]
        f = fit_font(name, r.width - s(34), s(16), bold=True)
        pygame.draw.circle(surf, col, (x + s(6), y + s(11)), s(6))
        surf.blit(f.render(name, True, PAL["text"]), (x + s(18), y))
        if active:
            draw_text(surf, "to play" if v.to_move() == seat else "turn", (r.right - s(8), y + s(22)), s(11),
                      col, bold=True, anchor="topright")
        # Life
        life = v.life(seat)
        lc = PAL["bad"] if life <= 5 else PAL["text"]
        hr = pygame.Rect(0, 0, s(34), s(34))
        hr.center = (r.left + s(30), r.top + s(62))
        draw_icon(surf, "heart", hr, (220, 70, 80))
        draw_text(surf, "LIFE", (hr.centerx, hr.bottom + s(1)), s(10), PAL["muted"], bold=True, anchor="midtop")
        draw_text(surf, str(life), self.life_pos(seat), s(40), lc, title=True, anchor="center")
        y = r.top + s(96)
        fs, lh = s(14), s(20)
        hand_n = len(v.hands[seat])
        for label, val in (("Deck", v.deck_size(seat)), ("Hand", hand_n)):
            draw_text(surf, label, (x, y), fs, PAL["muted"])
            draw_text(surf, str(val), (r.right - s(10), y), fs, PAL["text"], bold=True, anchor="topright")
            y += lh
        gr = self.grave_row_rect(seat)
        hot = gr.collidepoint(self.app.mouse) or self.grave_view == seat
        pygame.draw.rect(surf, (44, 40, 60) if hot else (30, 32, 44), gr, border_radius=s(6))
        pygame.draw.rect(surf, shade(ESSENCE_COL, 0.9 if hot else 0.6), gr, max(1, s(1)), border_radius=s(6))
        draw_icon(surf, "tomb", pygame.Rect(gr.left + s(4), gr.centery - s(8), s(16), s(16)), PAL["muted"])
        draw_text(surf, "Graveyard", (gr.left + s(24), gr.centery), fs, PAL["text"], anchor="midleft")
        draw_text(surf, str(len(v.graves[seat])), (gr.right - s(6), gr.centery), fs, PAL["gold_hi"], bold=True,
                  anchor="midright")
        # the top card of the graveyard, when there is room (your panel is taller)
        top_area = pygame.Rect(r.left + s(10), gr.bottom + s(12), r.width - s(20), r.bottom - gr.bottom - s(20))
        if v.graves[seat] and top_area.height > s(90):
            draw_text(surf, "top of the graveyard", (top_area.centerx, top_area.top - s(6)), s(11), PAL["dim"], italic=True,
                      anchor="midtop")
            top_area.top += s(10)
            top_area.height -= s(10)
            w = min(top_area.width, int(top_area.height / 1.4))
            img = card_surface(GAME, CARDS_BY_INDEX[v.graves[seat][-1]], w)
            rr = img.get_rect(midtop=(top_area.centerx, top_area.top))
            surf.blit(img, rr)
            veil = pygame.Surface(rr.size, pygame.SRCALPHA)
            veil.fill((10, 10, 16, 70))
            surf.blit(veil, rr)
        elif top_area.height > s(90):
            draw_text(surf, "(graveyard empty)", (top_area.centerx, top_area.top + s(6)), s(12), PAL["dim"],
                      italic=True, anchor="midtop")

    # ---------------------------------------------------------------- Essence strips
    def _essence_card(self, w, h, state):
        """One Essence card: "ready" (untapped, bright), "spent" (tapped: drawn sideways), "back" (Reserve)."""
        key = ("ess", w, h, state)
        cache = Table._ess_cache
        img = cache.get(key)
        if img is not None:
            return img
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        rad = max(2, w // 6)
        if state == "back":
            pygame.draw.rect(s, (40, 30, 66), s.get_rect(), border_radius=rad)
            pygame.draw.rect(s, (120, 96, 180), s.get_rect(), max(1, w // 14), border_radius=rad)
            for i in range(3):
                yy = h * (i + 1) // 4
                pygame.draw.line(s, (70, 56, 110), (w // 5, yy), (w - w // 5, yy), max(1, w // 16))
        else:
            ready = state == "ready"
            base = (206, 188, 255) if ready else (78, 74, 92)
            pygame.draw.rect(s, (110, 70, 200) if ready else (50, 48, 60), s.get_rect(), border_radius=rad)
            pygame.draw.rect(s, base, s.get_rect().inflate(-max(2, w // 7), -max(2, w // 7)), border_radius=rad)
            g = int(min(w, h) * 0.72)
            draw_icon(s, "gem", pygame.Rect((w - g) // 2, (h - g) // 2, g, g),
                      (120, 60, 220) if ready else (120, 116, 136), outline=(40, 20, 80) if ready else None)
        if state == "spent":
            s = pygame.transform.rotate(s, -90)
        if len(cache) > 64:
            cache.clear()
        cache[key] = s
        return s

    _ess_cache: dict = {}

    def _draw_strip(self, surf, v, seat):
        s = self.s
        strip = self.strip_rect(seat)
        panel(surf, strip, colour=(18, 16, 28), border=shade(ESSENCE_COL, 0.45), radius=s(8), alpha=190,
              width=max(1, s(1)))
        res, ready, spent = v.essence(seat)
        eh = strip.height - s(10)
        ew = int(eh * 0.7)
        cy = strip.centery
        x = strip.left + s(10)
        # Reserve: a face-down stack with its count
        lab = draw_text(surf, "Reserve", (x, cy), s(13), PAL["muted"], bold=True, anchor="midleft")
        x = lab.right + s(6)
        if res:
            for i in range(min(3, res)):
                surf.blit(self._essence_card(ew, eh, "back"), (x + i * s(3), cy - eh // 2 - i * s(1)))
            sx = x + min(3, res) * s(3) - s(3)
            D.number(surf, res, (sx + ew // 2, cy), s(20))
            x = sx + ew + s(14)
        else:
            box = pygame.Rect(x, cy - eh // 2, ew, eh)
            pygame.draw.rect(surf, PAL["line"], box, max(1, s(1)), border_radius=s(4))
            draw_text(surf, "0", box.center, s(14), PAL["dim"], bold=True, anchor="center")
            x = box.right + s(14)
        pygame.draw.line(surf, PAL["line"], (x - s(7), strip.top + s(6)), (x - s(7), strip.bottom - s(6)), 1)
        lab = draw_text(surf, "Veil", (x, cy), s(13), PAL["muted"], bold=True, anchor="midleft")
        x = lab.right + s(6)
        # cost preview: the Essence a hovered / dragged card of yours would tap
        preview = 0
        if seat == self.viewer and self.human_to_move() and self.phase() == "main":
            c = None
            if self.drag is not None and self.drag.source.key[0] == "hand":
                c = self.drag.source.card
            elif self.hover_card is not None and self.drag is None:
                hand = v.hand_ids(seat)
                for i, rr in enumerate(self.hand_rects(len(hand))):
                    if rr.collidepoint(self.app.mouse):
                        c = card_of(hand[i])
                if c is None and self.pick is not None and self.pick["src"][0] == "hand":
                    c = card_of(v.hand_ids(seat)[self.pick["src"][1]])
            if c is None and self.pick is not None and self.pick["src"][0] == "hand":
                ids = v.hand_ids(seat)
                if self.pick["src"][1] < len(ids):
                    c = card_of(ids[self.pick["src"][1]])
            if c is not None:
                preview = c.cost
        for i in range(ready):
            rr = pygame.Rect(x, cy - eh // 2, ew, eh)
            surf.blit(self._essence_card(ew, eh, "ready"), rr)
            if preview and i >= ready - preview:
                pygame.draw.rect(surf, PAL["gold_hi"], rr.inflate(s(4), s(4)), max(2, s(2)), border_radius=s(5))
            x += ew + s(3)
        if ready:
            x = draw_text(surf, f"{ready} ready", (x + s(3), cy), s(12), shade(ESSENCE_COL, 1.35), bold=True,
                          anchor="midleft").right + s(12)
        if preview > ready:
            x = draw_text(surf, f"needs {preview}", (x, cy), s(12), PAL["bad"], bold=True,
                          anchor="midleft").right + s(12)
        if spent:
            for i in range(spent):
                rr = pygame.Rect(x, cy - ew // 2, eh, ew)
                surf.blit(self._essence_card(ew, eh, "spent"), rr)
                x += eh + s(3)
            x = draw_text(surf, f"{spent} tapped", (x + s(3), cy), s(12), PAL["muted"], bold=True,
                          anchor="midleft").right + s(12)
        if not ready and not spent:
            x = draw_text(surf, "empty", (x, cy), s(12), PAL["dim"], italic=True, anchor="midleft").right
        if not hasattr(self, "_ess_right"):
            self._ess_right = {}
        self._ess_right[seat] = x
        # right side: your Pierce chip / their hand
        if seat == self.viewer:
            if v.g[EV.G_PIERCE_OPT]:
                used = bool(v.g[EV.G_PIERCE_USED])
                ok = (not used and v.life(seat) > EV.PIERCE_LIFE and res > 0 and v.turn_player() == seat
                      and v.phase() == "main")
                txt = "Pierce the Veil: used this turn" if used else (
                    "Pierce the Veil ready (P)" if ok else "Pierce the Veil")
                pr = pill_rect(txt, (0, 0), s(13), icon="eye")
                pr.midright = (strip.right - s(8), cy)
                pill(surf, txt, pr.center, s(13), PAL["gold_hi"] if ok else PAL["dim"], icon="eye")
        else:
            self._draw_opp_hand(surf, v)

    def _draw_opp_hand(self, surf, v):
        s = self.s
        opp = 1 - self.viewer
        rects = self.opp_hand_rects(v)
        ids = v.hand_ids(opp)
        for i, rr in enumerate(rects):
            if self._ghost == (opp, i):
                continue
            c = card_of(ids[i]) if (self.reveal_all and i < len(ids)) else None
            img = card_surface(GAME, c, rr.width) if c is not None else back_surface(GAME, rr.width)
            surf.blit(img, rr)
        label = f"Hand {len(ids)}"
        x = (rects[0].left - s(8)) if rects else self.strip_rect(opp).right - s(10)
        draw_text(surf, label, (x, self.strip_rect(opp).centery), s(13), PAL["muted"], bold=True, anchor="midright")

    # ---------------------------------------------------------------- creature rows
    def _draw_row(self, surf, v, seat):
        s = self.s
        row = self.rows[self.row(seat)]
        panel(surf, row.inflate(s(8), s(6)), colour=(20, 23, 31), border=shade(SEAT_COLOURS[seat], 0.45),
              radius=s(10), alpha=150, width=max(1, s(1)))
        crs = v.creatures(seat)
        n = len(crs)
        draw_text(surf, f"{n}/{EV.MAX_CREATURES}", (row.right - s(4), row.bottom - s(2)), s(11),
                  PAL["bad"] if n >= EV.MAX_CREATURES else PAL["dim"], bold=True, anchor="bottomright")
        if not crs:
            txt = "Your side: drop creatures here" if seat == self.viewer and self.human_to_move() else "No creatures"
            draw_text(surf, txt, row.center, s(15), PAL["dim"], italic=True, anchor="center")
            return
        rects = self.unit_rects(v)
        dragging = self.drag.source.key if (self.drag is not None and self.drag.moved) else None
        for c in crs:
            rr = rects[c["uid"]]
            if dragging == ("unit", c["uid"]):
                sh = pygame.Surface(rr.size, pygame.SRCALPHA)
                pygame.draw.rect(sh, (0, 0, 0, 90), sh.get_rect(), border_radius=s(8))
                surf.blit(sh, rr)
                continue
            self._draw_unit(surf, v, seat, c, rr)

    def _draw_unit(self, surf, v, seat, c, rr):
        s = self.s
        card = card_of(c["card"])
        surf.blit(card_surface(GAME, card, rr.width), rr)
        w, h = rr.width, rr.height
        b = max(3, w // 22)
        inner = rr.inflate(-2 * b, -2 * b)
        pad = max(2, w // 28)
        # current keywords over the printed ones when they differ (Silence, Equipment, spent Aegis)
        cur = list(c["keywords"])
        if c["silenced"]:
            cur.append("Silence")
        if set(cur) != set(keywords_of(card)):
            top_h = max(12, int(h * 0.11))
            rad = top_h // 2 + max(1, w // 60)
            art_top = inner.top + pad + max(top_h, 2 * rad) + pad
            ic = max(9, int(w * 0.11))
            band = pygame.Rect(inner.left + pad, art_top, inner.width - 2 * pad, ic + 2 * pad)
            layer = pygame.Surface(band.size, pygame.SRCALPHA)
            layer.fill((14, 12, 20, 225))
            surf.blit(layer, band)
            n = len(cur)
            gap = max(1, w // 60)
            if n * ic + (n - 1) * gap > band.width - 2 * pad:
                ic = max(7, (band.width - 2 * pad - (n - 1) * gap) // max(1, n))
            x = band.left + pad
            for kw in cur:
                keyword_badge(surf, kw, pygame.Rect(x, band.top + pad, ic, ic))
                x += ic + gap
        # current Might / Endurance left over the printed boxes
        stat_h = int(h * 0.12)
        stat_w = int(w * 0.26)
        bottom = inner.bottom - pad
        ar = pygame.Rect(inner.left + pad, bottom - stat_h, stat_w, stat_h)
        dr = pygame.Rect(inner.right - pad - stat_w, bottom - stat_h, stat_w, stat_h)
        might, end, dmg, left = c["might"], c["endurance"], c["damage"], c["left"]
        for rect, val, printed, icon, base in ((ar, might, card.might, "sword", (150, 50, 40)),
                                              (dr, left, card.endurance, "heart", (50, 110, 80))):
            if val == printed and not (icon == "heart" and dmg):
                continue
            col = base
            if icon == "heart" and dmg:
                col = (170, 40, 40)
            elif val > printed:
                col = (40, 140, 60)
            elif val < printed:
                col = (170, 40, 40)
            big = rect.inflate(s(4), s(4))
            pygame.draw.rect(surf, shade(col, 0.45), big, border_radius=max(2, big.height // 4))
            pygame.draw.rect(surf, shade(col, 1.6), big, max(1, s(2)), border_radius=max(2, big.height // 4))
            ic = int(big.height * 0.55)
            draw_icon(surf, icon, pygame.Rect(big.left + big.height // 6, big.centery - ic // 2, ic, ic),
                      (240, 230, 210))
            D.number(surf, val, (big.right - big.width * 0.32, big.centery), big.height * 0.72)
        if dmg:
            pill(surf, f"−{dmg}", (dr.centerx, dr.top - s(10)), s(12), (255, 150, 140), bg=(70, 16, 16),
                 border=PAL["bad"])
        # states
        if c["aegis"]:
            layer = pygame.Surface(rr.inflate(s(10), s(10)).size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*AEGIS_COL, 50), layer.get_rect(), border_radius=s(14))
            pygame.draw.rect(layer, (*AEGIS_COL, 230), layer.get_rect(), max(2, s(3)), border_radius=s(14))
            surf.blit(layer, rr.inflate(s(10), s(10)))
        pa = v.pending_attack()
        if c["tapped"] and not (pa and pa[0] == c["uid"]):
            veil = pygame.Surface(rr.size, pygame.SRCALPHA)
            veil.fill((8, 8, 14, 120))
            surf.blit(veil, rr)
            pill(surf, "Tapped", (rr.centerx, rr.top + int(h * 0.36)), s(12), PAL["muted"], icon="arrow")
        elif c["sick"] and "Swift" not in c["keywords"] and seat == v.turn_player():
            pill(surf, "Arrived", (rr.centerx, rr.top + int(h * 0.36)), s(12), (170, 190, 255), icon="moon")
        if c["intercepted"]:
            pill(surf, "Guarded", (rr.centerx, rr.top + int(h * 0.52)), s(11), GUARD_COL, icon="shield")
        # tabs: ability and Equipment
        ab, eq = self.tab_rects(rr, card.ability is not None, bool(c["equipment"]))
        if ab is not None:
            self._draw_ability_tab(surf, ab, card, not c["silenced"])
        if eq is not None:
            e = card_of(c["equipment"])
            pygame.draw.rect(surf, (44, 52, 66), eq, border_radius=s(5))
            pygame.draw.rect(surf, (140, 164, 190), eq, max(1, s(1)), border_radius=s(5))
            ic = eq.height - s(6)
            draw_icon(surf, "sword", pygame.Rect(eq.left + s(3), eq.centery - ic // 2, ic, ic), (210, 220, 235))
            f = fit_font(e.name, eq.width - ic - s(10), s(12), bold=True, min_size=7)
            name = e.name
            while f.size(name)[0] > eq.width - ic - s(10) and len(name) > 3:
                name = name[:-2].rstrip() + "…"
            surf.blit(f.render(name, True, (225, 232, 240)), f.render(name, True, (0, 0, 0)).get_rect(
                midleft=(eq.left + ic + s(6), eq.centery)))

    def _draw_ability_tab(self, surf, rr, card, live):
        s = self.s
        col = PAL["gold"] if live else PAL["dim"]
        pygame.draw.rect(surf, (54, 44, 20) if live else (36, 36, 40), rr, border_radius=s(5))
        pygame.draw.rect(surf, col, rr, max(1, s(1)), border_radius=s(5))
        ic = rr.height - s(6)
        draw_icon(surf, "bolt", pygame.Rect(rr.left + s(3), rr.centery - ic // 2, ic, ic), col)
        cost = card.ability.cost
        txt = "Tap" + (f" +{cost}" if cost else "")
        if rr.width > self.s(84):
            txt += ": ability"
        f = fit_font(txt, rr.width - ic - s(10), s(12), bold=True, min_size=7)
        while f.size(txt)[0] > rr.width - ic - s(10) and len(txt) > 3:
            txt = txt[:-2].rstrip() + "…"
        surf.blit(f.render(txt, True, PAL["gold_hi"] if live else PAL["dim"]),
                  f.render(txt, True, (0, 0, 0)).get_rect(midleft=(rr.left + ic + s(6), rr.centery)))

    # ---------------------------------------------------------------- band
    def thinking_area(self):
        """Where _draw_band puts the thinking sign (redrawn alone while the AI thinks)."""
        b = self.band
        r = pygame.Rect(0, 0, self.s(250), b.height - self.s(8))
        r.midright = (b.right - self.s(6), b.centery)
        return r

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
        text = self.prompt()
        width = b.right - s(12) - x
        size = s(15)
        f = font(size)
        while size > s(11) and f.size(text)[0] > width:
            size -= 1
            f = font(size)
        while f.size(text)[0] > width and len(text) > 8:
            text = text[:-2].rstrip() + "…"
        col = PAL["gold_hi"] if (self.human_to_move() and not self.anims.busy) else PAL["muted"]
        job = getattr(self, "_thinking", None) or self.ai_job
        if job is not None:
            r = pygame.Rect(0, 0, s(250), b.height - s(8))
            r.midright = (b.right - s(6), b.centery)
            draw_thinking(surf, r, self.t, f"{self.names[job.player]} is thinking…", self.app.scale)
            width = r.left - s(10) - x
            while f.size(text)[0] > width and len(text) > 8:
                text = text[:-2].rstrip() + "…"
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
        pill(surf, "ATTACKING", (ar.centerx, ar.top + int(ar.height * 0.36)), s(12), ATTACK_COL)

    # ---------------------------------------------------------------- hand
    def _draw_hand(self, surf, v):
        s = self.s
        me = self.viewer
        hand = v.hand_ids(me)
        rects = self.hand_rects(len(hand))
        mouse = self.app.mouse
        hover = topmost_at(rects, mouse) if self.drag is None and self.grave_view is None else None
        dragging = self.drag.source.key if (self.drag is not None and self.drag.moved) else None
        picking = self.pick["src"] if self.pick is not None else None
        can_act = self.human_to_move() and not self.busy() and v.phase() == "main"
        ready = v.essence(me)[1]
        order = [i for i in range(len(rects)) if i != hover] + ([hover] if hover is not None else [])
        for i in order:
            if dragging == ("hand", i) or self._ghost == (me, i):
                continue
            rr = rects[i]
            if i == hover or picking == ("hand", i):
                rr = rr.move(0, -s(22))
            c = card_of(hand[i])
            surf.blit(card_surface(GAME, c, rr.width) if c else back_surface(GAME, rr.width), rr)
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

    @staticmethod
    def _why_not_playable(v, me, c, ready):
        """A word on an unlit hand card: what it is waiting for (the engine's reason shows on a drop)."""
        if c.cost > ready:
            return f"needs {c.cost}"
        if c.life_cost and v.life(me) - c.life_cost <= 0:
            return "needs Life"
        crs = v.creatures(me)
        if c.kind == "equipment" and not any(x["equipment"] is None for x in crs):
            return "needs a bearer"
        if c.kind == "creature" and len(crs) >= EV.MAX_CREATURES:
            return "side full"
        return ""

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
            hot = rr.collidepoint(self.app.mouse) and ok
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
            pill(surf, str(i + 1), (rr.left + s(4), rr.top + s(4)), s(15), (16, 18, 24), bg=PAL["good"],
                 border=(16, 18, 24), alpha=255)
            pill(surf, "Guard?", (rr.centerx, rr.top + int(rr.height * 0.52)), s(13), PAL["good"], icon="shield")
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
                draw_target_highlight(surf, t, self.pulse_t, hot=t.rect.collidepoint(self.app.mouse), scale=self.app.scale)
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
            label = f"{self.poss(q)} graveyard ({len(v.graves[q])})"
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
