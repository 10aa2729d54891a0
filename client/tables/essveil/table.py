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
:mod:`client.tables.essveil.anims`.

The table is split along its seams: this module keeps the state and keys; the
mixins it inherits do the rest — :mod:`~client.tables.essveil.layout` (geometry),
:mod:`~client.tables.essveil.gestures` (drags, clicks, picks, graveyard viewer),
:mod:`~client.tables.essveil.prompts` (words), :mod:`~client.tables.essveil.draw`
and :mod:`~client.tables.essveil.overlays` (drawing); :mod:`~client.tables.essveil.build`
turns events into animations.
"""
from __future__ import annotations

import pygame

from engine.core.match import event_kind
from engine.essveil import match as EV

from client.table.scene import TableScene

from client.tables.essveil.draw import EssveilDraw
from client.tables.essveil.gestures import EssveilGestures
from client.tables.essveil.layout import EssveilLayout
from client.tables.essveil.overlays import EssveilOverlays
from client.tables.essveil.prompts import EssveilPrompts

class Table(EssveilLayout, EssveilGestures, EssveilPrompts, EssveilDraw, EssveilOverlays, TableScene):
    RETURN_VEIL = True   # the only private thing on our side is the hand
    log_width = 300
    banner_on_turn = False   # animate() makes its own turn banners (with the Refresh)
    #: the sound of each event (client.sound.EFFECTS)
    SOUNDS = {"play": "play", "equip": "play", "enter": "play", "attack": "attack", "fight": "attack",
              "damage": "hit", "venom": "hit", "destroy": "destroyed", "die": "destroyed", "turn": "turn"}

    def lesson_events(self, events):
        """A lesson leaves out the turn's marker and the end of the game (its own screen)."""
        return [ev for ev in super().lesson_events(events) if event_kind(ev) != "game_over"]

    def __init__(self, app, **kw):
        self.cw = 0
        self.pick = None          # {"src", "options": {target key: action}, "text"}
        self.grave_view = None    # seat whose graveyard is open, or None
        self.grave_rects = []     # [(rect, card)] in the viewer
        self.grave_tabs = {}
        self._chip = None         # phase chip forced during an animation ("refresh")
        self.attune_rects = {}
        # set by the layout, the drawing and the gestures (declared here: never looked up
        # with getattr)
        self.rows: dict = {}           # "me" / "opp": the rows of creatures
        self._rows_words = None        # (key, words) of the rows' labels (memo)
        self._ess_right: dict = {}     # seat -> the right end of its Essence pips
        self._target_name = None       # the card a targeted play names (its refusal's words)
        self._queued_end = None        # the state an animation ends on, shown once it does
        super().__init__(app, **kw)

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

    def primary(self):
        """Enter: the main button's action (end turn, let the attack through)."""
        items = self.action_buttons()
        if not items or self.busy():
            return
        self.click_action(items[-1][1])

    # ================================================================ concede
    def end_match(self, winner, reason, **meta):
        """A concession is the engine's CONCEDE when it is the loser's decision."""
        if self.ending.through_engine(winner, reason, EV.CONCEDE_ACTION):
            return
        super().end_match(winner, reason, **meta)

    # ================================================================ animation
    def on_anims_done(self):
        """The board caught up: no chip of an animation is left standing."""
        self._chip = None

    def _set_chip(self, chip):
        self._chip = chip

    def _show_state(self, state):
        """The board draws ``state`` (a step of the action being animated) from now on."""
        self.shown = state

    def animate(self, action, events, before, after):
        if before is None or after is None or not self.cw:
            return []
        queued = self._queued_end
        if self.anims.busy and queued is not None:
            before = queued      # queued behind another move's animations: it starts where that one ends
        self._queued_end = after
        from client.tables.essveil.build import build_animations
        return build_animations(self, action, events, before, after)
