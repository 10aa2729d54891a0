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
(:mod:`client.tables.evons.anims`): plays, reveals with their payment,
unaffordable removals, ability arrows, both blows of each conflict, flips,
pushes / pulls / swaps, destructions, Firestorm points, and the chain panel
growing and unwinding as cards activate and finish. Works in the framework's
ai / hotseat / watch (demo) / replay modes.

The class is put together from mixins, one per seam: geometry
(:mod:`~client.tables.evons.layout`), drawing (:mod:`~client.tables.evons.draw`),
input (:mod:`~client.tables.evons.gestures`), words (:mod:`~client.tables.evons.prompts`)
and the Firestorm split (:mod:`~client.tables.evons.storm`); this module keeps the
state, the hot-seat hand-off and the animation script.
"""
from __future__ import annotations

import pygame

from engine.core.match import event_view
from engine.core.text import possessive
from engine.evons import match as EM
from engine.evons.cards import DIRECTIONS, NEIGHBOUR
from engine.evons.text import EVENTS

from client.table.scene import TableScene

from client.table.chrome import SEAT_COLOURS

from client.table.kit.parts import Banner, Call, FloatText, LogStep, Wait
from client.ui.theme import PAL

from client.tables.evons.storm import StormMixin
from client.tables.evons.anims import ABILITY_COL, AbilityArrow, ConflictAnim, Fade, FlipAnim, Ring, Slide, apply_event, display_copy
from client.tables.evons.draw import BONUS_SHORT, EvonsDraw
from client.tables.evons.gestures import EvonsGestures
from client.tables.evons.layout import EvonsLayout
from client.tables.evons.prompts import EvonsPrompts


class Table(EvonsLayout, EvonsGestures, EvonsPrompts, EvonsDraw, StormMixin, TableScene):
    log_width = 290
    #: the sound of each event (client.sound.EFFECTS)
    SOUNDS = {"play": "play", "place": "play", "damage": "hit", "destroy": "destroyed", "flip": "flip",
              "conflict": "flip", "reveal": "reveal", "turn": "turn"}

    def __init__(self, app, **kw):
        self.cell = 0
        self.cov_default = False
        self.cov_mode: dict = {}
        self.shift = False
        self.mull_marks: set = set()
        self.spots: list = []          # [(rect, action, card or None, label)] clickable choices
        self.tray = None
        self.hidden_insts: set = set()
        # set by the layout and the drawing (declared here: never looked up with getattr)
        self.grid_rect = None          # the 7x7 grid
        self._right_top = None         # its top above 100 % (the buttons end it)
        self.hand_rows = 2             # rows of the hand column
        self.hand_scrolls = False      # the hand scrolls (more cards than it shows)
        self.hand_gap = None           # the gap across a hand row (None: the default s(8))
        self._plan_key = None          # the layout's plan above 100 % (memo key)
        self._bg_key = None            # the board's backdrop (memo key)
        self._veil_img = None          # the veil over a covered cell (made once a size)
        self._drag_tile = None         # the dragged tile's rect, for its cost after the preview
        self._grave_hot: list = []     # [(rect, card)] of the graveyard lists' lines
        self._modes_turn = None        # (turn, player) the Active/Covered choices are for
        self.storm: dict = {}          # Firestorm: points planned per target
        self._storm_entry = None       # Firestorm: (key, log entry) of its one line
        super().__init__(app, **kw)

    def choice_rects(self):
        return [(rr, a) for rr, a, _c, _l in self.spots]

    def zoom_keep_clear(self):
        out = super().zoom_keep_clear() + [rr for rr, _a, _c, _l in self.spots]
        if self.tray is not None:
            out.append(self.tray)
        if self.spots and self.right_rect is not None:
            r = self.right_rect              # the chain panel tells what is being chosen
            out.append(pygame.Rect(r.left, r.top, r.width, min(r.height, self.s(120))))
        if self.spots and self.prompt_rect is not None:
            out.append(pygame.Rect(self.prompt_rect))   # and the prompt how (a Firestorm's split so far)
        return out

    def seat_shape(self, seat) -> str:
        """The second ownership cue, as on the seat chips: circle for you (or P1), square for the other."""
        ref = self.human_seats[0] if (self.mode == "ai" and self.human_seats) else 0
        return "circle" if seat == ref else "square"

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
        if self.session is not None:
            # the Active/Covered choices are for one turn: each of your turns starts on Active
            key = (self.match.turn(), self.match.turn_player())
            if self._modes_turn not in (None, key):
                self.cov_default = False
                self.cov_mode.clear()
            self._modes_turn = key
        if self.cell and self.session is not None:
            self._add_play_pairs()
            self._compute_spots()
            self.storm_sync()
            if self.ui is not None and self.actions_rect is not None:
                self.chrome.refresh_buttons()

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

    # ================================================================ hot seat
    # Evons has one decision taken outside one's own turn: the second player's opening
    # hand (keep or mulligan) while the first player's turn 0 is on. It gets one hand-off
    # that says what is to be decided (EvonsPrompts.handoff_reason); play then returns to
    # the first player's turn 1 with the short "X has answered: pass back to Y" over the
    # covered hand (client/table/handoff_return.py). Every other hand-off is a turn change.
    RETURN_VEIL = True

    def return_veil_ok(self, seat) -> bool:
        """Only the hand covered: not while ``seat`` has covered cards on the grid
        (their owner sees their cost and may peek at them)."""
        m = self.match
        return self.RETURN_VEIL and not any(i >= 0 and m.controller(i) == seat and m.is_covered(i) for i in m.grid)

    def answer_text(self, seat):
        """Also the other player's opening hand, decided in turn 0 while ``seat`` (who
        goes first) waited: the words of that answer."""
        out = super().answer_text(seat)
        if out is not None:
            return out
        s, m = self.session, self.match
        n = len(s) if s is not None else 0
        if not n or m.turn_player() != seat or s.actor(n - 1) != 1 - seat or s.turn_at(n - 1) != 0:
            return None
        if s.record.actions[n - 1][0] not in (EM.KEEP, EM.MULLIGAN):
            return None
        return self.opening_answer(1 - seat)

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
        if self.ending.through_engine(winner, reason, EM.A_CONCEDE, clear_anims=True):
            return
        super().end_match(winner, reason, **meta)

    # ================================================================ animation
    def animate(self, action, events, before, after):
        sc = self.app.scale
        disp = display_copy(before, after)
        self.shown = disp
        out = []
        own_drop = action[0] == EM.PLAY      # the player dragged it there already

        def step(e, **kw):
            return Call(lambda e=e: apply_event(disp, e), **kw)

        views = [event_view(x, EVENTS) for x in events]
        for i, (e, v) in enumerate(zip(events, views)):
            k = v.kind
            out.append(LogStep(i + 1))   # the log tells each event as the board reaches it
            try:
                if k == "turn":
                    p = v.player
                    if self.mode == "ai" and p in self.human_seats:
                        head = "Your turn"
                    else:
                        head = f"{possessive(self.names[p], True)} turn"
                    out.append(step(e))
                    out.append(Banner(head, f"Turn {v.turn}", colour=SEAT_COLOURS[p], duration=0.6))
                elif k == "credits":
                    out.append(step(e))
                    delta = v.delta
                    r = self.panel_of(v.player)
                    ft = FloatText(f"{delta:+d} ¢", (r.left + self.s(48), r.top + self.s(56)),
                                   PAL["good"] if delta >= 0 else PAL["bad"], size=int(22 * sc),
                                   rise=int(30 * sc), duration=0.45, parallel=True)
                    ft.side = True      # plays alongside the next step instead of holding the queue
                    out.append(ft)
                elif k == "play":
                    p, inst, c, cov = v.player, v.inst, v.cell, v.covered
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
                    rr = self.cell_rect(v.cell)
                    out.append(step(e))
                    out.append(Ring(rr, PAL["gold_hi"], f"revealed · {v.cost}¢" if v.cost else "revealed (free)", sc,
                                    duration=0.45))
                elif k == "unaffordable":
                    rr = self.cell_rect(v.cell)
                    out.append(Ring(rr, PAL["bad"], f"can't pay {v.cost}¢", sc, duration=0.6))
                elif k == "bonus":
                    rr = self.cell_rect(v.cell)
                    out.append(step(e))
                    out.append(FloatText(BONUS_SHORT.get(v.what, v.what), rr.center, PAL["gold_hi"], size=int(22 * sc),
                                         rise=int(30 * sc), duration=0.6))
                elif k == "activate":
                    out.append(step(e))
                    out.append(Ring(self.cell_rect(v.cell), PAL["gold_hi"], "reactivates" if v.again else "activates",
                                    sc, duration=0.25))
                elif k == "sequence_end":
                    out.append(step(e))
                    out.append(Wait(0.1))
                elif k == "ability":
                    d, title, t = v.direction, v.title, v.cell
                    c0 = NEIGHBOUR[t][(d + 4) & 7]
                    out.append(step(e))
                    out.append(AbilityArrow(self.cell_rect(c0), self.cell_rect(t), f"{title} ({DIRECTIONS[d]})",
                                            scale=sc, duration=0.5))
                elif k == "conflict":
                    a, b, to_a, to_b = v.inst, v.other, v.damage, v.other_damage
                    ca, cb = disp.pos[a], disp.pos[b]
                    if ca < 0 or cb < 0:
                        ca, cb = before.pos[a], before.pos[b]
                    dies_a = any(x.kind == "destroy" and x.inst == a for x in views)
                    dies_b = any(x.kind == "destroy" and x.inst == b for x in views)
                    out.append(ConflictAnim(self.cell_rect(ca), self.cell_rect(cb), to_a, to_b, dies_a, dies_b,
                                            scale=sc, duration=0.85))
                    out.append(step(e))
                elif k == "destroy":
                    inst, c, where = v.inst, v.cell, v.how
                    rr = self.cell_rect(c)
                    img = self.tile_image(disp, inst) if disp.grid[c] == inst else None
                    out.append(step(e))
                    out.append(Fade(img, rr, "removed" if where == "removed" else "destroyed", sc, duration=0.45))
                elif k == "flip":
                    inst, c, to = v.inst, v.cell, v.player
                    old = self.tile_image(disp, inst, seat=1 - to)
                    new = self.tile_image(disp, inst, seat=to)
                    out.append(FlipAnim(self.cell_rect(c), old, new, on_half=lambda e=e: apply_event(disp, e),
                                        duration=0.4))
                    out.append(Ring(self.cell_rect(c), SEAT_COLOURS[to], "flipped", sc, duration=0.4, parallel=True))
                elif k == "move":
                    inst, frm, to = v.inst, v.src, v.dst
                    img = self.tile_image(disp, inst)
                    a_, b_ = self.cell_rect(frm), self.cell_rect(to)

                    def start_move(e=e, inst=inst):
                        apply_event(disp, e)
                        self.hidden_insts.add(inst)
                    out.append(Call(start_move))
                    out.append(Slide(img, a_.topleft, b_.topleft, duration=0.35,
                                     on_done=lambda inst=inst: self.hidden_insts.discard(inst)))
                elif k == "damage":
                    rr = self.cell_rect(v.cell)
                    out.append(step(e))
                    out.append(FloatText("-1", rr.center, PAL["bad"], size=int(26 * sc), rise=int(26 * sc),
                                         duration=0.3))
                elif k == "place":
                    inst, t, how = v.inst, v.cell, v.how
                    out.append(step(e))
                    out.append(Ring(self.cell_rect(t), ABILITY_COL, {"growth": "Growth", "block": "Block",
                                                                      "resurrected": "resurrected"}.get(how, ""),
                                    sc, duration=0.45))
                elif k == "pass":
                    r = self.panel_of(v.player)
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
