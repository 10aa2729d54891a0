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
(:meth:`TableScene.clock_spec`, run by :class:`~client.table.ai.AIDriver`); a timeout
here passes every decision of that player until their turn is over, and a forfeit or a
concession is the engine's ``CONCEDE`` action whenever it is that player's decision.
Cards gone to the bottom of a deck are put in order for the player at once (by the
engine's rule, unless Settings say to choose): :class:`EverdawnDriver`. Animations:
:mod:`client.tables.everdawn.anims`.

The class is put together from mixins, one per seam: geometry
(:mod:`~client.tables.everdawn.layout`), drawing (:mod:`~client.tables.everdawn.draw`),
input (:mod:`~client.tables.everdawn.gestures`) and words
(:mod:`~client.tables.everdawn.prompts`); this module keeps the state, the clock
and the animation script.
"""
from __future__ import annotations

import pygame

from engine.core.match import event_kind, event_view
from engine.core.text import does, possessive
from engine.everdawn import match as EM
from engine.everdawn.cards import BEATS, TYPE
from engine.everdawn.text import EVENTS

from client.cards import card_surface
from client.table.ai import AIDriver
from client.table.scene import TableScene
from client.table.kit.parts import Banner, Call, Flash, FloatText, LogStep, MoveImage, Wait
from client.ui.theme import PAL

from client.tables.everdawn.anims import ATTACK_COL, CardShow, ClashAnim

from client.table.kit.parts import FadeOut, RingPulse
from client.tables.everdawn.common import CLOCK, COMBAT_PHASES, GAME, card_of
from client.tables.everdawn.draw import EverdawnDraw
from client.tables.everdawn.gestures import EverdawnGestures
from client.tables.everdawn.layout import EverdawnLayout
from client.tables.everdawn.prompts import EverdawnPrompts


class EverdawnDriver(AIDriver):
    """The AI, and before it the cards gone to the bottom of a deck put in order by the
    engine's rule for a human seat (:meth:`Table.auto_answer`), at once."""

    def drive(self):
        t = self.table
        if t.mode != "replay" and not t.anims.busy and t.match.result() is None:
            a = t.auto_answer()
            if a is not None:
                t.perform(a)
                return
        super().drive()


class Table(EverdawnLayout, EverdawnGestures, EverdawnPrompts, EverdawnDraw, TableScene):
    RETURN_VEIL = True   # the only private thing on our side is the hand ...
    #: the sound of each event (client.sound.EFFECTS); morale lost: see sound_of
    SOUNDS = {"cast": "play", "equip": "play", "set": "play", "place": "play", "attack": "attack",
              "clash": "attack", "open_hit": "attack", "destroyed": "destroyed", "turn": "turn"}

    log_width = 300

    #: events a lesson does not tell in words: markers and bookkeeping
    LESSON_QUIET = frozenset({"phase", "turn", "to_deck", "setup", "set_ends", "game_over"})

    def lesson_events(self, events):
        """A lesson tells neither the markers nor an attack that its clash tells again."""
        kinds = {event_kind(ev) for ev in events if ev}
        return [ev for ev in events if ev and event_kind(ev) not in self.LESSON_QUIET
                and not (event_kind(ev) == "attack" and kinds & {"clash", "open_hit"})]

    def sound_of(self, ev, actor):
        """Morale lost sounds as a hit; the rest as :attr:`SOUNDS` says."""
        if event_kind(ev) == "morale":
            delta = self.match.event(ev).delta
            return "hit" if isinstance(delta, int) and delta < 0 else None
        return super().sound_of(ev, actor)

    def auto_answer(self):
        """The order of cards gone to the bottom of a deck at once, answered by the engine's
        rule (the weakest lowest) unless the player chose, in Settings, to order them."""
        if self.mode == "replay" or self.app.settings.choose_return_order:
            return None
        m = self.match
        if m.to_move() not in self.human_seats:
            return None
        return m.ruled_choice()

    def make_driver(self):
        return EverdawnDriver(self)

    def return_veil_ok(self, seat) -> bool:
        # ... except in a choice (the top of our own deck may be on show)
        return self.RETURN_VEIL and self.match.phase() != "choice"

    def answer_text(self, seat):
        """The short return's words: what the other player did, in a sentence."""
        out = super().answer_text(seat)
        if not out:
            return out
        try:
            return self.answer_words(seat) or out
        except Exception:  # noqa: BLE001 - the words are a nicety
            return out

    def __init__(self, app, *, clock=None, **kw):
        self.cw = 0
        self.choice_spots: list = []
        self.tray = None
        self._autopass = None
        self._clock_on = clock
        self.hidden_slots: set = set()   # (seat, slot) drawn empty while a card flies there
        # set by the layout, the drawing and the gestures (declared here: never looked up
        # with getattr)
        self.vpad = None                 # the gap around the phase band (None: the default s(8))
        self._art_free: dict = {}        # (seat, slot): the art's room left for a badge
        self._hover_note = None          # why the hovered card's effect won't happen (placed)
        self._in_combat = False          # a clash is being animated
        super().__init__(app, **kw)
        if self.mode == "online" and self.session is not None:
            self.placed_slots()         # the set-up's marks, followed from here (no history to read)

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

    # ================================================================ concede, clock
    def clock_spec(self):
        on = self._clock_on if self._clock_on is not None else bool(
            getattr(self.app.settings, "everdawn_turn_clock", False))
        return CLOCK if on and self.mode != "watch" else None

    def clock_state(self, seat):
        """(turn seconds left, bank seconds left, timeouts) of ``seat``, or None without a clock."""
        if self.clock_spec() is None:
            return None
        c = self.driver.clock if isinstance(self.driver, AIDriver) else None   # (online: the server's)
        if not c:
            return None
        return c["left"][seat], c["bank"][seat], c["timeouts"][seat]

    def end_match(self, winner, reason, **meta):
        """Concession and clock forfeit: the engine's CONCEDE when it is the loser's decision."""
        if self.ending.through_engine(winner, reason, (EM.CONCEDE,), log="forfeit_by" in meta):
            return
        super().end_match(winner, reason, **meta)

    def on_timeout(self, seat):
        self.log.add(f"{self.seat_names().name(seat, True)} ran out of time: the turn ends.", kind="info")
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
        self._placed_live = None        # online, after a jump: no mark rather than a wrong one
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

    def choice_rects(self):
        return [(rr, a) for rr, a, _c in self.choice_spots]

    def zoom_keep_clear(self):
        out = super().zoom_keep_clear() + [rr for rr, _a, _c in self.choice_spots]
        return out + ([self.tray] if self.tray is not None else [])

    # ================================================================ animation
    def animate(self, action, events, before, after):
        live = self.__dict__.get("_placed_live")
        if live is not None:            # online: the marks follow the events as they come
            from client.tables.everdawn.anims import track_placed
            track_placed(live, events)
        sc = self.app.scale
        out = []
        switched = False
        views = [event_view(e, EVENTS) for e in events]
        combat = any(v.kind in ("clash", "open_hit", "miss") for v in views)
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

        for i, (e, v) in enumerate(zip(events, views)):
            k = v.kind
            if combat and k in ("clash", "open_hit", "miss"):
                out.append(LogStep(i + 1))  # the log tells each clash as it starts, not all at once
            if k == "turn":
                if combat:
                    continue
                who = self.names[v.player]
                head = "Your turn" if (self.mode == "ai" and v.player in self.human_seats) else f"{possessive(who, True)} turn"
                late.append(Banner(head, f"Turn {v.turn}", duration=0.8))
            elif k == "sudden_death":
                switch()
                first = self.names[1 - before.first_player()]
                goes = does(first, "go", "first")
                out.append(Banner("Sudden Death", f"Lanes cleared · 1 morale each · {goes}",
                                  PAL["bad"], duration=2.4))
            elif k == "clash":
                p, a, t, acode, dcode = v.player, v.lane, v.target_lane, v.card, v.defender
                adv_a = BEATS[TYPE[acode]][TYPE[dcode]] or bool(before.lane_mods(p, a)[2] & EM.CM_ADV)
                adv_d = BEATS[TYPE[dcode]][TYPE[acode]] or bool(before.lane_mods(1 - p, t)[2] & EM.CM_ADV)
                out.append(ClashAnim(self.slot_rect(p, a), self.slot_rect(1 - p, t), v.attack, v.defense, v.counter,
                                     v.card_defense, adv_a, adv_d, bool(v.destroyed), bool(v.attacker_destroyed),
                                     scale=sc))
            elif k == "open_hit":
                p, a, t = v.player, v.lane, v.target_lane
                out.append(ClashAnim(self.slot_rect(p, a), self.slot_rect(1 - p, t), v.damage, 0, -1, 0, True, False,
                                     False, False, scale=sc, open_lane=True, duration=0.9))
            elif k == "miss":
                p, t = v.player, v.target_lane
                out.append(FloatText("hits nothing", self.slot_rect(1 - p, t).center, PAL["muted"],
                                     size=int(20 * sc), duration=0.7))
            elif k == "destroyed":
                p, slot, code = v.player, v.slot, v.card
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
                p, slot = v.player, v.slot
                rr = self.slot_rect(p, slot)
                switch()
                out.append(Flash(rr, PAL["bad"], duration=0.45))
                out.append(FloatText("Treated as dead", rr.center, PAL["bad"], size=int(22 * sc), duration=0.8,
                                     parallel=True))
            elif k == "revive":
                switch()
                rr = self.slot_rect(v.player, v.slot)
                out.append(RingPulse(rr, PAL["good"], sc, duration=0.55, label="Revives"))
            elif k == "morale":
                delta = v.delta
                col = PAL["bad"] if delta < 0 else PAL["good"]
                ft = FloatText(f"{delta:+d} morale", self.morale_pos(v.player), col, size=int(26 * sc),
                               rise=int(50 * sc), duration=0.9, parallel=True)
                if combat:       # after every clash is shown (the fallen leave after the last one)
                    post.append(Call(lambda e=e: self._step_shown(e)))
                    post.append(ft)
                else:
                    switch()
                    out.append(ft)
            elif k in ("move", "place") and (v.player != self.viewer or k == "place" or self.mode == "watch"):
                p = v.player
                dest = v.dst if k == "move" else v.slot
                code = v.card
                rr = self.slot_rect(p, dest)
                src = self.slot_rect(p, v.src) if k == "move" else pygame.Rect(self.morale_pos(p), (1, 1))
                img = card_surface(GAME, card_of(code), rr.width)
                out.append(Call(lambda p=p, d=dest: (self.hidden_slots.add((p, d)), self._show_now())))
                switched = True
                out.append(MoveImage(img, (src.centerx - rr.width // 2, src.centery - rr.height // 2), rr.topleft,
                                     duration=0.4))
                out.append(Call(lambda p=p, d=dest: self.hidden_slots.discard((p, d))))
                out.append(RingPulse(rr, PAL["gold_hi"], sc, duration=0.35))
            elif k in ("equip", "cast") and (v.player != self.viewer or self.mode == "watch"):
                c = card_of(v.spell if k == "cast" else v.item)
                big = card_surface(GAME, c, int(self.cw * 1.25))
                who = self.names[v.player]
                switch()
                out.append(CardShow(big, self.band.center, does(who, "cast" if k == "cast" else "equip", c.name), sc,
                                    duration=1.1))
                rr = self._event_rect(e)
                if rr is not None:
                    out.append(RingPulse(rr, PAL["gold_hi"], sc, duration=0.45))
            elif k in ("move", "place", "equip", "set", "cast", "redirect", "setup", "attack",
                       "lane_bonus", "to_hand"):
                switch()
                rr = self._event_rect(e)
                if rr is not None:
                    label = {"set": "SET", "cast": card_of(v.spell).name if k == "cast" else ""}.get(k, "")
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
        from client.tables.everdawn.anims import step_state
        self.shown = step_state(self.shown, e)
