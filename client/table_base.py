"""The match-screen framework every game table subclasses.

How a table plugs in
--------------------
Create ``client/tables/<game>.py`` with ``class Table(TableScene)``; the scene
registry opens it for scene ``table`` with ``game=<game>`` (see
:mod:`client.scenes`). The framework owns the session, the AI, hot seat,
animation queue, log, hover zoom, drag and drop, pause / game-over overlays;
the table only draws its board and maps gestures to engine actions:

* :meth:`layout` — compute your rects from ``self.board_rect`` (called on every
  resize / UI-scale change). ``self.s(x)`` scales a length.
* :meth:`draw_board` — draw ``self.view`` (the match as the current viewer may see
  it: hidden cards masked) inside ``self.board_rect``.
* :meth:`drag_sources` / :meth:`drop_targets` — what can be picked up / where it
  can land, as :class:`~client.tablekit.DragSource` / ``DropTarget`` with keys you
  choose. Recomputed by :meth:`refresh` after every state change.
* :meth:`gesture_of(action)` — for a legal action, the ``(source key, target
  key)`` drag that performs it, or None. The framework lights up only sources and
  targets of *legal* actions, and a drop performs the action.
* :meth:`guess_action(source key, target key)` — the action the player meant by a
  drop that is not legal, so the engine's ``why_illegal`` reason is shown (the
  card snaps back). Return None for "that can't go there".
* :meth:`action_buttons` — clickable actions that are not drags (end turn, pass,
  choices): ``[(label, action, key, tip), ...]``; the default offers legal
  actions not covered by a gesture, labelled with ``action_text``.
* :meth:`on_board_click(pos)` — clicks that are not drags (return True if used).
* :meth:`card_at(pos)` — the card object under the cursor (hover zoom); return it as
  ``self.hovered(card, rect)`` so the zoom is drawn beside that card or cell, not over it.
* :meth:`animate(action, events, before, after)` — :class:`~client.tablekit.Anim`
  objects for the events just applied (FloatText, MoveImage, Flash, Banner, ...).
  Durations are at normal speed; the queue applies the animation-speed setting
  (instant skips them). ``self.shown`` is the state drawn while animations play:
  set it to the new view with a :class:`~client.tablekit.Call` at the right moment,
  or let the framework switch at the end (default). The log tells an action's lines
  when its animations start; put :class:`~client.tablekit.LogStep` ``(k)`` among them
  to tell ``events[:k]`` only when that point is reached (the rest at the end).
* :meth:`status_text` — the phase line under the top bar.

Actions go through :meth:`perform` (the session applies and autosaves them;
illegal ones raise and are shown as a toast). Modes: ``"ai"`` (human seat(s) in
``human_seats``, the others played by ``engine.ai`` in the background with a
"thinking" sign), ``"hotseat"`` (both human; a "pass to the other player" screen
whenever the seat to move changes), ``"watch"`` (AI against AI, all cards shown),
``"replay"`` (read-only: a :class:`client.replays.controller.ReplayController`
feeds the recorded actions through :meth:`perform`; ``viewer`` = the chosen
seat, hidden cards masked unless ``reveal_all``). Every table gets replay mode
for free: it only needs :meth:`draw_board` to draw ``self.shown``.

Undo / redo (Ctrl+Z / Ctrl+Y and the top-bar buttons) live here too: against
the AI they take back the human's last decision at once (the AI's pending
decision is cancelled); in hot seat the other player must allow it first.
After any jump in history :meth:`on_history_changed` is called (tables drop
selections there). Concession goes through the engine's CONCEDE action
(:meth:`concede_action`), so the replay records it.
"""
from __future__ import annotations

import re

import pygame

from engine.core.match import Result
from engine.core.text import conceded

from . import gamesinfo
from .scenes.base import Scene
from .table_aids import BoardAids
from .tablekit import (AnimQueue, Banner, DragState, DropTarget, DragSource, GameLog, NameIndex, SnapBack,
                       draw_source_hint, draw_target_highlight, draw_thinking)
from .ui import GAME_ACCENT, PAL, draw_text, draw_wrapped, font, note_cut, panel, shade

SEAT_COLOURS = ((110, 170, 255), (255, 140, 110))
#: highlights (playable cards, choices) pulse this long after the state or a selection
#: changes, then hold still so a table waiting for the player costs no CPU
PULSE_SECONDS = 3.0
#: the thinking sign's spinner: frames per second (only its rectangle is redrawn)
THINKING_FPS = 24
#: a hover zoom appears this long after the pointer settles on a card
ZOOM_DELAY = 0.12
_FIT: dict = {}


def _fit_text(text, size, bold, width):
    """``text`` shortened with "…" to fit ``width`` pixels (cached)."""
    key = (text, size, bold, width)
    out = _FIT.get(key)
    if out is None:
        f = font(size, bold)
        out = text
        while f.size(out)[0] > width and len(out) > 4:
            out = out[:-2].rstrip() + "…"
        if len(_FIT) > 256:
            _FIT.clear()
        _FIT[key] = out
    return out


class TableScene(BoardAids, Scene):
    #: show the opponent's hidden cards (watch mode sets this)
    reveal_all = False
    #: width of the right-hand log column at scale 1
    log_width = 300
    #: show a "Your turn" / "<name>'s turn" banner when a human seat's turn begins
    #: (skipped when the table's own animate() already returned a Banner)
    banner_on_turn = True

    # ================================================================ set-up
    def __init__(self, app, *, game=None, session=None, mode="ai", human_seats=(0,), ai_level=None,
                 **kw):
        super().__init__(app, game=game, **kw)
        self.game = game or (session.game if session is not None else gamesinfo.default_game())
        self.session = session
        self.mode = mode
        self.human_seats = tuple(human_seats) if mode not in ("watch", "replay") else ()
        if isinstance(ai_level, dict):  # meta["ai"] in its {"seat", "level", "seed"} form
            ai_level = ai_level.get("level")
        self.ai_level = ai_level if isinstance(ai_level, str) else app.settings.ai_difficulty
        self.replay = kw.get("replay")  # ReplayController in replay mode
        self.reveal_all = mode == "watch" or self.reveal_all or (mode == "replay" and bool(kw.get("reveal")))
        self.viewer = self.human_seats[0] if self.human_seats else int(kw.get("viewer", 0) or 0)
        self.conceded = None
        self._pending_end = None  # (winner, reason, meta): concede at the loser's next decision
        self._history_buttons = ()
        spec = gamesinfo.spec(self.game)
        self.spec = spec
        meta = session.meta if session is not None else {}
        self.names = list(meta.get("names") or ["Player 1", "Player 2"])
        self.log = GameLog(NameIndex(spec.cards.values() if spec else ()), SEAT_COLOURS)
        self.anims = AnimQueue(lambda: self.app.settings.animation_factor)
        self.drag: DragState | None = None
        self.snap: SnapBack | None = None
        self.hover_card = None
        self.hover_since = 0.0
        self.t = 0.0
        self._lively_until = PULSE_SECONDS  # self.t until which highlights pulse (see pulse_t)
        self.ai_job = None
        self.agents = {}
        self.view = None
        self.shown = None
        self.legal: list = []
        self.pairs: dict = {}
        self.sources: dict = {}
        self.targets: dict = {}
        self.live_sources: set = set()
        self.over_shown = False
        self.handoff_pending = False
        self.preview_rect = None  # where the move preview was drawn last frame
        self.zoom_rect = None     # where the hover zoom was drawn last frame
        self._action_widgets = []
        self.actions_applied = 0
        from .hint import HintControl
        self.hints = HintControl(self)  # the Hint button (H) against the AI
        if self.replay is not None:
            self.replay.attach(self)
        if session is not None:
            self._log_start()
            self.refresh()

    @classmethod
    def demo_kwargs(cls, app, game, seed):
        """For screenshots: a match some moves in (random legal moves, seeded)."""
        from engine.core.harness import starter_pair
        from engine.core.rng import Rng
        from engine.core.session import MatchSession
        decks = starter_pair(game, seed)
        session = MatchSession.new(game, decks, seed, None,
                                   {"mode": "ai", "ai": "easy", "human": 0, "names": ["You", "AI (easy)"]})
        rng = Rng(seed)
        target = 8 + seed % 12
        for _ in range(200):
            m = session.match
            if m.result() is not None or len(session) >= target:
                break
            legal = m.legal_actions()
            if m.to_move() == 0 and len(session) >= target - 2:
                break
            session.apply(legal[rng.randrange(len(legal))])
        return {"session": session, "mode": "ai", "human_seats": (0,), "ai_level": "easy",
                "_paused_ai": True}

    def _log_start(self):
        m = self.session.match
        if len(self.session) == 0:
            self.log.add(f"{self.names[0]} and {self.names[1]} sit down to {gamesinfo.title(self.game)}.",
                         kind="info")
            self._log_opening()
        else:
            self.log.add(f"Game resumed at turn {m.turn()}.", kind="info")
            n = len(self.session)
            for i in range(max(0, n - 40), n):  # the recent history, so the log reads on
                try:
                    after, _a, events = self.session.step(i)
                    seat = self.session.actor(i)
                    for ev in events:
                        self.log.add(after.event_text(ev), turn=after.turn(), seat=seat)
                except Exception:  # noqa: BLE001 - history is a nicety
                    break

    @property
    def match(self):
        return self.session.match

    # ================================================================ geometry
    def build(self):
        s = self.s
        top = s(52)
        lw = s(self.log_width)
        self.top_rect = pygame.Rect(0, 0, self.W, top)
        self.side_rect = pygame.Rect(self.W - lw - s(10), top + s(8), lw, self.H - top - s(16))
        self.actions_rect = pygame.Rect(self.side_rect.left, self.side_rect.bottom - s(170), lw, s(170))
        self.log.set_rect(pygame.Rect(self.side_rect.left, self.side_rect.top, lw,
                                      self.actions_rect.top - self.side_rect.top - s(8)))
        self.board_rect = pygame.Rect(s(10), top + s(8), self.side_rect.left - s(20), self.H - top - s(16))
        if self.mode == "replay":
            self.actions_rect = pygame.Rect(self.side_rect.left, self.side_rect.bottom - s(236), lw, s(236))
            self.log.set_rect(pygame.Rect(self.side_rect.left, self.side_rect.top, lw,
                                          self.actions_rect.top - self.side_rect.top - s(8)))
            self.button((self.W - s(118), s(8), s(108), s(36)), "Back", self.leave_replay, key="escape",
                        tip="Back to the list of replays", name="menu", cls="@small")
            self.button((self.W - s(118) - s(116), s(8), s(108), s(36)), "Review", self.open_review, key="w",
                        tip="Each decision of the player shown, scored by the hard AI", name="review",
                        cls="@small")
        else:
            self.button((self.W - s(118), s(8), s(108), s(36)), "Menu", self.pause, key="escape",
                        tip="Pause: resume, settings, concede, quit to menu", name="menu", cls="@small")
        self._history_buttons = ()
        if self.mode in ("ai", "hotseat"):
            who = "your" if self.mode == "ai" else "the last"
            u = self.button((self.W - s(118) - s(96), s(8), s(88), s(36)), "Undo", self.undo, key="ctrl+z",
                            tip=f"Take back {who} decision" + ("" if self.mode == "ai" else
                                                                 " (the other player must allow it)"),
                            name="undo", cls="@small")
            r = self.button((self.W - s(118) - s(192), s(8), s(88), s(36)), "Redo", self.redo, key="ctrl+y",
                            keys=("ctrl+shift+z",), tip="Play again what you took back", name="redo",
                            cls="@small")
            self._history_buttons = (u, r)
            self._sync_history_buttons()
        if self.mode == "ai":
            self.button((self.W - s(118) - s(288), s(8), s(88), s(36)), "Hint", self.hints.request, key="h",
                        tip="What would the hard AI do here? (from what you can see)", name="hint",
                        cls="@small")
        self._action_widgets = []
        self.anims.area = self.board_rect
        if self.mode == "replay" and self.replay is not None:
            self.replay.build_controls(self)
        self.layout()
        self.refresh()

    def layout(self):
        """Compute board geometry from ``self.board_rect``. Override."""

    # ================================================================ state
    def refresh(self, update_shown: bool = True):
        """Recompute the view, legal actions and the drag/drop maps. Call after any state change."""
        if self.session is None:
            return
        m = self.match
        self.view = m if self.reveal_all else m.view(self.viewer)
        if update_shown and not self.anims.busy:
            self.shown = self.view
        self.legal = list(m.legal_actions()) if self.human_to_move() else []
        self.sources = {d.key: d for d in self.drag_sources()} if hasattr(self, "board_rect") else {}
        self.targets = {t.key: t for t in self.drop_targets()} if hasattr(self, "board_rect") else {}
        self.pairs = {}
        for a in self.legal:
            g = self.gesture_of(a)
            if g is not None:
                self.pairs.setdefault(tuple(g), a)
        self.live_sources = {src for src, _ in self.pairs}
        if self.ui is not None and hasattr(self, "actions_rect"):
            self._refresh_action_buttons()
        self.liven()

    def human_to_move(self) -> bool:
        """A human at the screen decides now (in hot seat: the player the screen shows —
        the waiting player's hand is never playable)."""
        m = self.match
        p = m.to_move()
        if self.mode == "hotseat" and p != self.viewer:
            return False
        return p is not None and p in self.human_seats and self.result() is None

    def busy(self) -> bool:
        return self.anims.busy or self.ai_job is not None or self.handoff_pending or self.mode == "replay"

    # ================================================================ overridables
    def draw_board(self, surf):
        """Draw ``self.shown`` in ``self.board_rect``. Override."""

    def drag_sources(self) -> list[DragSource]:
        return []

    def drop_targets(self) -> list[DropTarget]:
        return []

    def gesture_of(self, action):
        return None

    def guess_action(self, src_key, tgt_key):
        return None

    def on_board_click(self, pos) -> bool:
        return False

    def hovered(self, card, rect):
        """For :meth:`card_at`: return ``card`` and remember ``rect``, the card or cell
        it was found in, so the hover zoom is drawn beside it, not over it."""
        self._hover_rect = pygame.Rect(rect) if card is not None else None
        return card

    def card_at(self, pos):
        return None

    def animate(self, action, events, before, after):
        return []

    def state_shown(self):
        """The match as the board shows it: while animations play, the state they have
        reached (``self.shown``), never the end state ahead of them."""
        if self.anims.busy and self.shown is not None:
            return self.shown
        return self.match

    def status_text(self) -> str:
        m = self.state_shown()
        if self.mode == "replay" and self.replay is not None:
            return self.replay.status_text()
        if self.result() is not None:
            return self.result_text(self.result())
        p = m.to_move()
        who = self.names[p] if p is not None else "?"
        return f"Turn {m.turn()} — {who} to move"

    def action_buttons(self):
        """Non-drag actions as ``[(label, action, key, tip)]``. Default: legal
        actions that no gesture covers, with their ``action_text`` (first 6)."""
        covered = set(self.pairs.values())
        out = []
        keys = ("space", "1", "2", "3", "4", "5")
        for a in self.legal:
            if a in covered:
                continue
            if len(out) >= 6:
                break
            out.append((self.match.action_text(a), a, keys[len(out)], "Do this"))
        return out

    # ================================================================ actions
    def perform_numbered(self, key: int, spots) -> bool:
        """Keys 1–9 pick the n-th of ``spots`` (``(rect, action)`` pairs shown numbered on
        the board). True when the key was a number key (used, even if out of range)."""
        if not pygame.K_1 <= key <= pygame.K_9:
            return False
        i = key - pygame.K_1
        if i < len(spots) and not self.busy():
            self.perform(spots[i][1])
        return True

    def perform(self, action, *, by_ai=False) -> bool:
        """Apply ``action`` through the session: log, animations, autosave. False if refused."""
        from engine.core.match import IllegalAction
        m = self.match
        actor = m.to_move()
        before = self.shown or self.view
        try:
            events = self.session.apply(tuple(action))
        except IllegalAction as e:
            self.app.toast(e.reason, "error")
            self.sfx("refusal")
            return False
        self.actions_applied += 1
        after_match = self.match
        turn = after_match.turn()
        lines = []
        for ev in events:
            try:
                text = self.log_event_text(after_match, ev)
            except Exception:  # noqa: BLE001 - a log line must never break the table
                text = " ".join(str(x) for x in ev)
            lines.append((text, "turn" if ev and ev[0] in ("turn", "new_turn", "turn_start") else "event"))
        self.refresh(update_shown=False)
        try:
            anims = list(self.animate(tuple(action), events, before, self.view) or [])
        except Exception:  # noqa: BLE001
            anims = []
        if self.banner_on_turn and self.mode != "watch" and any(ev and ev[0] == "turn" for ev in events) \
                and not any(isinstance(a, Banner) for a in anims):  # the table made its own
            tp = after_match.turn_player()
            if tp in self.human_seats and after_match.result() is None:
                who = "Your turn" if self.mode == "ai" else f"{self.names[tp]}'s turn"
                anims.append(Banner(who, f"Turn {after_match.turn()}", duration=0.9))
        # The log tells an action when its animation starts: at once when nothing is
        # playing, else when the queue reaches it (after the earlier actions'
        # animations). A table may pace it further with LogStep(k) in its animations:
        # the lines of events[:k] are told when that step is reached, the rest at the end.
        from .tablekit import Call, LogStep
        animated = self.app.settings.animation_factor > 0
        if not animated:
            anims = [a for a in anims if not isinstance(a, LogStep)]
        steps = [a for a in anims if isinstance(a, LogStep)]
        told = [0]

        def tell(upto):
            hi = max(told[0], min(upto, len(lines)))
            self._log_lines(lines[told[0]:hi], turn, actor)
            self._sound_events(events[told[0]:hi], actor)
            told[0] = hi
        for st in steps:
            st.on_done = (lambda u=st.upto: tell(u))
        first = steps[0].upto if steps else len(lines)
        queued = self.anims.busy and animated
        if queued:
            self.anims.add(Call(lambda: tell(first)))
        else:
            tell(first)
        if anims:
            self.anims.add(*anims)
            if steps:
                self.anims.add(Call(lambda: tell(len(lines))))
            self.anims.add(Call(self._anims_done))
        elif queued:  # no animation of its own: the new state shows once the queue gets here
            self.anims.add(Call(self._anims_done))
        else:
            self.shown = self.view
        if self.anims.busy and self.ui is not None and hasattr(self, "actions_rect"):
            self._refresh_action_buttons()     # none for a decision the board has not reached yet
        return True

    #: event kind -> effect (client.sound.EFFECTS) for the three games' events
    SOUND_OF = {"play": "play", "cast": "play", "equip": "play", "set": "play", "place": "play",
                "enter": "play", "attack": "attack", "clash": "attack", "open_hit": "attack", "fight": "attack",
                "damage": "hit", "venom": "hit", "destroyed": "destroyed", "destroy": "destroyed",
                "die": "destroyed", "flip": "flip", "conflict": "flip", "reveal": "reveal", "turn": "turn"}

    def sfx(self, name):
        """Play effect ``name`` (see :mod:`client.sound`)."""
        from .sound import board
        board(self.app).play(name)

    def sound_of(self, ev, actor):
        """The effect for engine event ``ev`` (None: silent). Morale lost sounds as a hit."""
        k = ev[0] if ev else None
        if k == "morale":
            return "hit" if len(ev) > 2 and isinstance(ev[2], int) and ev[2] < 0 else None
        return self.SOUND_OF.get(k)

    def _sound_events(self, events, actor):
        """Effects for events just told: each effect once, at most three at a time."""
        names = []
        for ev in events:
            try:
                n = self.sound_of(ev, actor)
            except Exception:  # noqa: BLE001 - a sound must never break the table
                n = None
            if n and n not in names:
                names.append(n)
        for n in names[:3]:
            self.sfx(n)

    def _log_lines(self, lines, turn, actor):
        for text, kind in lines:
            self.log.add(text, turn=turn, seat=actor, kind=kind)

    def _anims_done(self):
        self.shown = self.view
        if self.ui is not None and hasattr(self, "actions_rect") and not self._action_widgets:
            self._refresh_action_buttons()     # the board has caught up: the buttons come back

    def pause(self):
        self.cancel_drag()
        self.push("pause", game=self.game, table=self)

    # ================================================================ undo / redo
    def history_seat(self):
        """The seat whose decision Undo takes back: the human against the AI, the
        player at the screen in hot seat."""
        if self.mode == "ai":
            return self.human_seats[0] if self.human_seats else None
        if self.mode == "hotseat":
            return self.viewer
        return None

    def can_undo(self) -> bool:
        seat = self.history_seat()
        return (seat is not None and self.session is not None and self.result() is None
                and self.session.can_undo(seat))

    def can_redo(self) -> bool:
        return (self.session is not None and self.mode in ("ai", "hotseat") and self.result() is None
                and self.session.can_redo())

    def _sync_history_buttons(self):
        if not self._history_buttons:
            return
        for b, ok in zip(self._history_buttons, (self.can_undo(), self.can_redo())):
            if ok != b.is_enabled:
                b.enable() if ok else b.disable()

    def undo(self):
        """Ctrl+Z / the Undo button: against the AI at once; in hot seat the other
        player is asked first."""
        if self.session is None or self.mode not in ("ai", "hotseat"):
            return
        seat = self.history_seat()
        if not self.can_undo():
            self.app.toast("Nothing to undo yet." if self.result() is None else "The game is over.")
            return
        if self.mode == "hotseat":
            plan = self.undo_plan(seat)
            if plan is not None and not plan[1]:
                self.take_back(seat, own=True)    # your own decision of this turn: no one else's
            else:
                self.request_undo(seat)
        else:
            self.take_back(seat)

    def undo_plan(self, seat):
        """``(index, needs_consent, [(actor, text), ...])`` for taking back ``seat``'s last
        decision: the record goes back to ``index``. Consent is needed (hot seat) when it
        takes back the other player's decisions too, or a decision of an earlier turn
        (the screen has been handed over since). None: nothing of ``seat``'s to undo."""
        s = self.session
        if s is None or not s.can_undo(seat):
            return None
        n = len(s)
        i = max(s.decisions(seat))
        now = s.turn_at(n)
        consent = any(s.actor(k) != seat for k in range(i, n)) or s.turn_at(i) != now
        undone = []
        for k in range(i, n):
            try:
                text = s.state_at(k).action_text(s.record.actions[k])
            except Exception:  # noqa: BLE001 - a description is a nicety
                text = "a decision"
            undone.append((s.actor(k), text, s.turn_at(k)))
        return i, consent, undone

    def undo_detail(self, undone) -> str:
        """"This takes back Player 1's decision in turn 3 (End the turn), then Player 2's
        4 decisions in turn 4 (Equip …; … End the Set Phase)." — grouped by player and turn."""
        named = getattr(self, "named", str)
        groups = []
        for actor, text, turn in undone:
            if groups and groups[-1][0] == actor and groups[-1][1] == turn:
                groups[-1][2].append(text)
            else:
                groups.append((actor, turn, [text]))
        parts = []
        for actor, turn, texts in groups:
            who = self.names[actor]
            if len(texts) == 1:
                parts.append(f"{who}'s decision in turn {turn} ({named(texts[0])})")
            else:
                shown = [named(texts[0])] + (["…"] if len(texts) > 2 else []) + [named(texts[-1])]
                parts.append(f"{who}'s {len(texts)} decisions in turn {turn} ({'; '.join(shown)})")
        return "This takes back " + ", then ".join(parts) + "."

    def request_undo(self, seat, *, on_done=None):
        """Hot seat: ask the other player to allow ``seat`` to take back their last
        decision; the dialog lists exactly the decisions it takes back."""
        plan = self.undo_plan(seat) if self.result() is None else None
        if plan is None:
            self.app.toast("Nothing to undo yet.")
            return
        other = 1 - seat
        self.cancel_drag()
        _i, _consent, undone = plan
        theirs = any(u[0] == other for u in undone)

        def allow():
            if on_done is not None:
                on_done()
            self.take_back(seat)
        q = (f"{self.names[other]}, allow {self.names[seat]} to take back "
             + ("your moves too?" if theirs else "their move?"))
        self.push(UndoConfirmOverlay(self.app, question=q, detail=self.undo_detail(undone),
                                     yes="Allow", no="Refuse", on_yes=allow, table=self, game=self.game))

    def take_back(self, seat, *, own=False) -> bool:
        """Go back to just before ``seat``'s last decision (no questions asked). ``own``:
        hot seat, a decision of the player at the screen in this turn (no hand-off)."""
        self.cancel_ai()
        self.cancel_drag()
        plan = self.undo_plan(seat)
        text = getattr(self, "named", str)(plan[2][-1][1]) if plan is not None and plan[2] else ""
        if not self.session.undo_to_previous_decision(seat):
            self.app.toast("Nothing to undo yet.")
            return False
        who = "You" if self.mode == "ai" else self.names[seat]
        what = f": {text}" if own and text else "."
        self._after_jump(f"{who} took back {'your' if who == 'You' else 'their'} last decision{what}")
        if self.mode == "hotseat" and own:
            self.viewer = seat
            self.refresh()
            self.shown = self.view
            return True
        if self.mode == "hotseat":
            # the other player has just looked at the screen to allow it: hand the
            # screen back to ``seat`` behind the pass screen (hands stay private)
            self.viewer = 1 - seat
            self.handoff_pending = False
            self.refresh()
            self.shown = self.view
            self._check_handoff(full=True)
        return True

    def redo(self):
        """Ctrl+Y / the Redo button: play again the step last taken back."""
        if not self.can_redo():
            self.app.toast("Nothing to redo.")
            return
        self.cancel_ai()
        self.cancel_drag()
        self.session.redo()
        self._after_jump("Redone: the moves you took back are played again.")

    def _after_jump(self, note):
        """After undo/redo/seek: fresh AI (same position, same reply), no animation
        in flight, the log rebuilt from the record, the table's own state dropped."""
        self.anims.clear()
        self.agents = {}
        self.conceded = None
        self._pending_end = None
        self.over_shown = False
        c = getattr(self, "clock", None)
        if c is not None:
            c["key"] = None
        self.rebuild_log(note)
        try:
            self.on_history_changed()
        except Exception:  # noqa: BLE001 - a table's clean-up must not break undo
            pass
        self.refresh()
        self.shown = self.view
        self._sync_history_buttons()

    def on_history_changed(self):
        """The match jumped (undo, redo, replay seek). Drop selections etc. Override."""

    def rebuild_log(self, note=None, recent=40):
        """The log from the record's last ``recent`` actions, then ``note``."""
        self.log.entries.clear()
        self.log.scroll = 0
        self.log._dirty = True
        n = len(self.session)
        if n - recent <= 0:
            self.log.add(f"{self.names[0]} and {self.names[1]} sit down to {gamesinfo.title(self.game)}.",
                         kind="info")
            self._log_opening()
        for i in range(max(0, n - recent), n):
            try:
                after, _a, events = self.session.step(i)
                seat = self.session.actor(i)
                for ev in events:
                    self.log.add(self.log_event_text(after, ev), turn=after.turn(), seat=seat)
            except Exception:  # noqa: BLE001 - history is a nicety
                break
        if note:
            self.log.add(note, kind="info")

    def opening_events(self, start):
        """Events for what the engine did while creating the match (``start``: the state
        before the first action), e.g. the first player's turn 1 and set-up, so the log
        tells them. Default: none. A table returns event tuples its engine can word."""
        return []

    def _log_opening(self):
        try:
            start = self.session.state_at(0)
            for ev in self.opening_events(start):
                seat = ev[1] if len(ev) > 1 and ev[0] != "turn" else None
                self.log.add(self.log_event_text(start, ev), turn=max(1, start.turn()), seat=seat,
                             kind="turn" if ev[0] == "turn" else "event")
        except Exception:  # noqa: BLE001 - the opening lines are a nicety
            pass

    def log_event_text(self, m, ev) -> str:
        """The log sentence for ``ev`` as the player(s) at the screen may read it:
        events private to one player (the game's ``event_for(event, viewer)``,
        e.g. a card tutored into a hand) are masked for the other — in hot seat
        for both, since the log is shared; nothing is masked with reveal all."""
        if not self.reveal_all:
            f = getattr(type(m), "event_for", None)
            if f is not None:
                try:
                    ev = f(ev, self.viewer if self.mode != "hotseat" else -1)
                except Exception:  # noqa: BLE001 - fall back to the plain event
                    pass
        return m.event_text(ev)

    # ================================================================ concede
    def concede_action(self):
        """The engine's concede action for this game (``concede()``, ``CONCEDE_ACTION``
        or ``(CONCEDE,)`` in the game's match module), or None."""
        import sys
        mod = sys.modules.get(type(self.match).__module__)
        if mod is None:
            return None
        fn = getattr(mod, "concede", None)
        if callable(fn):
            try:
                return tuple(fn())
            except Exception:  # noqa: BLE001
                pass
        a = getattr(mod, "CONCEDE_ACTION", None) or getattr(mod, "A_CONCEDE", None)
        if isinstance(a, tuple):
            return a
        c = getattr(mod, "CONCEDE", None)
        return (c,) if isinstance(c, int) and not isinstance(c, bool) else None

    def concede(self, seat=None):
        """The player (``seat``, default the viewer) concedes: the other seat wins."""
        seat = self.viewer if seat is None else seat
        self.end_match(1 - seat, conceded(self.names[seat]), conceded_by=seat)

    def end_match(self, winner, reason, **meta):
        """End the game from the client (concession, turn-clock forfeit) through the
        engine's CONCEDE action of the loser, so the record, the replay library and
        ``python -m engine replay`` all see it. If the loser is not the one to
        decide right now (the AI is thinking), the concession is made at the
        loser's next decision."""
        from engine.core.match import Result
        s = self.session
        m = self.match
        loser = 1 - winner if winner in (0, 1) else None
        act = self.concede_action() if loser is not None and m.result() is None else None
        if act is not None:
            if m.to_move() == loser and m.why_illegal(act) is None:
                self._pending_end = None
                self.cancel_ai()
                self.anims.clear()
                self.cancel_drag()
                s.record.meta.update(meta)
                if self.perform(act):
                    self.conceded = Result(winner, reason)
                    self.log.add(reason + ".", kind="info")
                    self.show_game_over()
                    return
            elif self.mode != "watch":
                self._pending_end = (winner, reason, dict(meta))
                when = ("as soon as the AI has made its move" if self.mode == "ai" and loser in self.human_seats
                        else f"at {self.names[loser]}'s next decision")
                self.app.toast(f"{reason}: the game ends {when}.", "info", 4)
                return
        self.cancel_ai()
        res = Result(winner, reason)
        s.record.meta.update(meta)
        s.record.result = res.to_json()
        if s.autosave is not None:
            try:
                s.autosave.discard()
            except Exception:  # noqa: BLE001
                pass
        self.conceded = res
        self.show_game_over()

    def concede_through_engine(self, winner, reason, act, *, log=True, clear_anims=False) -> bool:
        """A table's own concession path: when it is the loser's decision, stop the AI,
        the animations and any drag, play the engine's concede action ``act`` and show
        the game over (True; ``log`` adds the reason to the log, ``clear_anims`` drops
        the concession's own animations). Otherwise nothing is done (False)."""
        m = self.match
        loser = 1 - winner if winner in (0, 1) else None
        if m.result() is None and loser is not None and m.to_move() == loser:
            self.cancel_ai()
            self.anims.clear()
            self.cancel_drag()
            if self.perform(act):
                if clear_anims:
                    self.anims.clear()
                self.conceded = Result(winner, reason)
                if log:
                    self.log.add(reason + ".", kind="info")
                self.show_game_over()
                return True
        return False

    def _check_pending_end(self):
        p = self._pending_end
        if p is None or self.anims.busy or self.match.result() is not None:
            if p is not None and self.match.result() is not None:
                self._pending_end = None
            return
        winner, reason, meta = p
        if self.match.to_move() == 1 - winner:
            self._pending_end = None
            self.end_match(winner, reason, **meta)

    def result(self):
        r = getattr(self, "conceded", None)
        return r or self.match.result()

    def result_text(self, r) -> str:
        """"You win — …" / "AI (easy) wins — …" / "Draw — …" for the top bar."""
        if r.winner is None:
            return f"Draw — {r.reason}"
        name = self.names[r.winner]
        return f"{name} {'win' if name == 'You' else 'wins'} — {r.reason}"

    def show_game_over(self):
        if self.over_shown:
            return
        self.over_shown = True
        r = self.result()
        if r is not None and self.mode != "replay":
            lost = self.mode == "ai" and r.winner is not None and r.winner not in self.human_seats
            self.sfx("loss" if lost else "win" if r.winner is not None else "turn")
        self.cancel_drag()
        self.refresh(update_shown=False)  # no action buttons left behind the overlay
        self.push("game_over", game=self.game, table=self)

    def can_undo_game_over(self) -> bool:
        """Against the AI, a game decided by play (not a concession or a timeout)
        can be taken back from the game-over screen: the human's last decision."""
        seat = self.history_seat()
        return (self.mode == "ai" and seat is not None and self.session is not None and self.conceded is None
                and self.match.result() is not None and self.session.can_undo(seat))

    def undo_game_over(self) -> bool:
        """Back from the game-over screen to just before the human's last decision."""
        if not self.can_undo_game_over():
            return False
        return self.take_back(self.history_seat())

    def rematch(self):
        from .scenes.setup import start_match
        decks = tuple(self.session.record.decks)
        opts = dict(self.session.record.options)
        if self.mode == "ai":
            start_match(self.app, self.game, decks, mode="ai", ai_level=self.ai_level, options=opts,
                        human=self.human_seats[0])
        else:
            start_match(self.app, self.game, decks, mode="hotseat", options=opts)

    # ================================================================ AI
    def agent_for(self, seat):
        a = self.agents.get(seat)
        if a is None:
            from engine.ai import make_agent
            meta = self.session.meta
            ai = meta.get("ai")
            base = meta.get("ai_seed", ai.get("seed") if isinstance(ai, dict) else None)
            seed = int(base if isinstance(base, int) else self.session.record.seed) + seat
            level = self.ai_level if self.mode != "watch" else self.session.meta.get("ai", self.ai_level)
            if isinstance(level, dict):
                level = level.get("level", self.ai_level)
            a = self.agents[seat] = make_agent(level, seed)
        return a

    def cancel_ai(self):
        self.hints.cancel()
        if self.ai_job is not None:
            self.ai_job.cancel()
            self.ai_job = None

    def _drive_ai(self):
        if self.mode == "replay":
            return
        m = self.match
        p = m.to_move()
        if self.ai_job is not None:
            if self.ai_job.done():
                job, self.ai_job = self.ai_job, None
                try:
                    action = job.result()
                except Exception as e:  # noqa: BLE001 - show, don't crash
                    self.app.toast(f"The AI failed: {e}", "error", 6)
                    return
                if action is not None and m.to_move() == job.player:
                    self.perform(action, by_ai=True)
            return
        if p is None or m.result() is not None or p in self.human_seats or self.anims.busy:
            return
        if self.kwargs.get("_paused_ai"):
            return
        from engine.ai.background import think
        self.ai_job = think(self.agent_for(p), m)

    # ================================================================ hot seat
    #: hot seat, after the other player's reaction: hand the screen back with the short
    #: "X has answered: pass back to Y" over the covered hand (client/handoff_return.py)
    #: instead of a second dark screen. Only for tables whose private side is the hand.
    RETURN_VEIL = False

    def _check_handoff(self, *, full=False):
        if self.mode != "hotseat" or self.anims.busy or self.handoff_pending:
            return
        p = self.match.to_move()
        if p is None or p == self.viewer or self.match.result() is not None:
            return
        self.handoff_pending = True
        self.cancel_drag()
        if not full and self.return_veil_ok(p) and self._answered(p) is not None:
            # the other player answered in p's turn and is still at the screen: their
            # hand goes at once, p's hand stays covered until p clicks (one short step)
            from .handoff_return import ReturnOverlay
            other = 1 - p
            text = self._answered(p)
            if text and not any(text.startswith(n) for n in self.names):
                text = text[0].lower() + text[1:]      # "(let the attack through)"
            reason = (f"{self.names[other]} has answered ({text}): pass back to {self.names[p]}." if text
                      else f"{self.names[other]} has answered: pass back to {self.names[p]}.")
            self.viewer = p
            self.hover_card = None
            self.refresh()
            self.shown = self.view
            self.push(ReturnOverlay(self.app, game=self.game, table=self, seat=p, reason=reason))
            return
        try:
            reason = self.handoff_reason(p)
        except Exception:  # noqa: BLE001 - the words are a nicety
            reason = ""
        self.push(HandoffUndoOverlay(self.app, game=self.game, table=self, seat=p, reason=reason))

    def return_veil_ok(self, seat) -> bool:
        """May the screen go back to ``seat`` with only the hand covered? (Override when
        some states show more of ``seat``'s private cards, e.g. the top of a deck.)"""
        return self.RETURN_VEIL

    def _answered(self, seat):
        """``seat``'s turn goes on after the other player's reaction in it: the words of
        that answer ("" when there are none), else None (a new turn, a reaction)."""
        m = self.match
        if m.turn_player() != seat:
            return None
        s = self.session
        n = len(s)
        if not (n and s.actor(n - 1) == 1 - seat and s.turn_at(n - 1) == m.turn()):
            return None
        try:
            return self.named(s.state_at(n - 1).action_text(s.record.actions[n - 1])) \
                if hasattr(self, "named") else ""
        except Exception:  # noqa: BLE001
            return ""

    def handoff_reason(self, seat) -> str:
        """What the hand-off screen tells ``seat``: a reaction in the other player's turn
        (say what is to be decided: :meth:`reaction_text`), the turn going on after the
        other player's reaction, or a new turn."""
        m = self.match
        tp = m.turn_player()
        other = 1 - seat
        if tp != seat:
            what = self.reaction_text(seat)
            return f"In {self.names[tp]}'s turn: {what}" if what else f"A decision for you in {self.names[tp]}'s turn."
        s = self.session
        n = len(s)
        if n and s.actor(n - 1) == other and s.turn_at(n - 1) == m.turn():
            try:
                text = self.named(s.state_at(n - 1).action_text(s.record.actions[n - 1])) \
                    if hasattr(self, "named") else ""
            except Exception:  # noqa: BLE001
                text = ""
            return f"{self.names[other]} has answered ({text}): your turn goes on." if text else \
                f"{self.names[other]} has answered: your turn goes on."
        return f"Turn {m.turn()}: your turn."

    def reaction_text(self, seat) -> str:
        """The decision ``seat`` makes in the other player's turn (a Guard, a spell window).
        Default: the engine's prompt when it has one."""
        f = getattr(self.match, "prompt", None)
        try:
            return self.named(f()) if callable(f) and hasattr(self, "named") else (f() if callable(f) else "")
        except Exception:  # noqa: BLE001
            return ""

    def handoff_done(self, seat):
        self.viewer = seat
        self.handoff_pending = False
        try:
            self.on_handoff(seat)
        except Exception:  # noqa: BLE001 - a table's clean-up must not block the hand-off
            pass
        self.refresh()
        self.shown = self.view

    def on_handoff(self, seat):
        """Hot seat: ``seat`` now has the screen. Reset per-player modes here. Override."""

    # ================================================================ turn clock
    def clock_spec(self):
        """``(seconds per turn, bank seconds, timeouts that forfeit)`` to run a turn
        clock for the human seats, or None (default). Everdawn returns
        ``(120, 300, 3)`` when ``self.app.settings.everdawn_turn_clock`` is on."""
        return None

    def on_timeout(self, seat):
        """``seat`` ran out of turn time and bank: end its turn (override with the
        game's end-turn action). The clock then gives it a fresh turn allowance."""

    def _tick_clock(self, dt):
        spec = self.clock_spec()
        if spec is None or self.mode in ("watch", "replay") or self.result() is not None:
            return
        per_turn, bank, limit = spec
        c = getattr(self, "clock", None)  # state: {"key", "left", "bank", "timeouts"} (tables read it)
        if c is None:
            saved = self.session.meta.get("clock") or {}
            banks = saved.get("bank") if isinstance(saved.get("bank"), list) else [bank, bank]
            outs = saved.get("timeouts") if isinstance(saved.get("timeouts"), list) else [0, 0]
            c = self.clock = {"key": None, "left": [per_turn, per_turn], "bank": [float(x) for x in banks][:2],
                              "timeouts": [int(x) for x in outs][:2]}
        m = self.match
        key = (m.turn(), m.turn_player())
        if key != c["key"]:
            if c["key"] is not None and self.mode != "watch":
                try:
                    self.session.set_meta("clock", {"bank": [round(x, 1) for x in c["bank"]],
                                                    "timeouts": c["timeouts"]})
                except Exception:  # noqa: BLE001 - saving the clock is best effort
                    pass
            c["key"] = key
            c["left"] = [per_turn, per_turn]
        p = m.to_move()
        if p is None or p not in self.human_seats or self.handoff_pending or self.anims.busy:
            return
        if c["left"][p] > 0:
            c["left"][p] = max(0.0, c["left"][p] - dt)
            return
        if c["bank"][p] > 0:
            c["bank"][p] = max(0.0, c["bank"][p] - dt)
            return
        c["timeouts"][p] += 1
        c["left"][p] = per_turn
        if c["timeouts"][p] >= limit:
            self.end_match(1 - p, f"{self.names[p]} ran out of time {limit} times", forfeit_by=p)
            return
        self.app.toast(f"{self.names[p]} ran out of time ({c['timeouts'][p]} of {limit}).", "error", 4)
        self.on_timeout(p)

    def clock_text(self):
        c = getattr(self, "clock", None)
        spec = self.clock_spec()
        if c is None or spec is None:
            return None
        p = self.match.to_move()
        if p is None or p not in self.human_seats:
            return None

        def mmss(x):
            x = int(x + 0.999)
            return f"{x // 60}:{x % 60:02d}"
        return (f"{mmss(c['left'][p])}  bank {mmss(c['bank'][p])}  timeouts {c['timeouts'][p]}/{spec[2]}",
                c["left"][p] <= 0 and c["bank"][p] < 30)

    # ================================================================ redrawing
    def liven(self):
        """Something changed: redraw, and let the highlights pulse a while."""
        self._lively_until = self.t + PULSE_SECONDS
        self.invalidate()

    @property
    def pulse_t(self) -> float:
        """The time highlights pulse by (``0.5 + 0.5 * sin(self.pulse_t * k)``): it runs
        for :data:`PULSE_SECONDS` after a change, then stands still."""
        return min(self.t, self._lively_until)

    def wake_in(self):
        best = super().wake_in()
        if self.anims.busy or self.snap is not None or self.drag is not None \
                or self.t < self._lively_until:
            return 0.0

        def take(w):
            nonlocal best
            best = w if best is None else min(best, w)
        if self.hover_card is not None and self.t - self.hover_since <= ZOOM_DELAY:
            take(ZOOM_DELAY - (self.t - self.hover_since) + 0.005)
        if self.ai_job is not None or self.hints.thinking:
            take(1 / THINKING_FPS)
        if self.replay is not None and hasattr(self.replay, "wake_in"):
            w = self.replay.wake_in()
            if w is not None:
                take(w)
        c = getattr(self, "clock", None)
        if c is not None and self.clock_text() is not None:
            p = self.match.to_move()
            x = c["left"][p] if c["left"][p] > 0 else c["bank"][p]
            if x > 0:  # until the shown second changes
                take(max(0.01, x - (int(x + 0.999) - 1) - 0.0009))
        return best

    # ================================================================ frame
    def update(self, dt):
        was = (self.clock_text(), self.t - self.hover_since > ZOOM_DELAY) if self.session is not None else None
        self.t += dt
        self.anims.update(dt)
        if self.session is not None:
            if self.mode == "replay":
                if self.replay is not None:
                    self.replay.update(dt)
            else:
                self._tick_clock(dt)
                self._check_pending_end()
                self._drive_ai()
                self.hints.update()
                self._check_handoff()
                self._sync_history_buttons()
                err = getattr(self.session, "save_error", None)
                if err != getattr(self, "_shown_save_error", None):
                    self._shown_save_error = err
                    if err:  # the disk refused; the game goes on and the next save retries
                        self.app.toast(err + " Playing on; it is retried after every move.", "error", 6)
                if self.result() is not None and not self.anims.busy and self.app.scenes.top is self:
                    self.show_game_over()
        if self.snap is not None and self.snap.update(dt):
            self.snap = None
        super().update(dt)
        if self.session is not None:
            if was != (self.clock_text(), self.t - self.hover_since > ZOOM_DELAY) \
                    or getattr(self.log, "_dirty", False):
                self.invalidate()  # the clock's second, the hover zoom coming up, a new log line
            elif self.ai_job is not None:
                self.invalidate(self.thinking_area())  # only the spinner moves

    def update_below(self, dt):
        """Keep the AI and animations going under overlays (not under the pause menu)."""
        self.t += dt

    def process_event(self, ev):
        if ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            self._lively_until = self.t + PULSE_SECONDS  # selections change on clicks and keys
        if self.replay is not None and self.replay.table is self and self.replay.handle_event(ev):
            return
        super().process_event(ev)

    def on_ui_event(self, ev):
        if self.replay is not None and self.replay.on_ui_event(ev):
            return True
        return super().on_ui_event(ev)

    def handle_event(self, ev):
        if ev.type == pygame.MOUSEMOTION:
            self._on_motion(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self._on_press(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            self._on_release(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3:
            self.cancel_drag()
        elif ev.type == pygame.MOUSEWHEEL:
            if self.log.rect.collidepoint(self.app.mouse):
                self.log.on_wheel(ev.y)

    def _on_motion(self, pos):
        if self.drag is not None:
            self.drag.pos = pos
            if abs(pos[0] - self.drag.start[0]) + abs(pos[1] - self.drag.start[1]) > self.s(6):
                self.drag.moved = True
        self._hover_rect = None
        card = self.log.card_at(pos) or self.card_at(pos)
        if card is not self.hover_card:
            self.hover_card = card
            self.hover_since = self.t

    def _on_press(self, pos):
        if self.busy() or self.session is None:
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

    # ================================================================ action bar
    def _refresh_action_buttons(self):
        for b in self._action_widgets:
            self._actions.pop(b, None)
            b.kill()
        for k in [k for k, (act, btn) in self._keys.items() if btn in self._action_widgets]:
            del self._keys[k]
        self._action_widgets = []
        if self.busy() and not self.human_to_move():
            return
        sh = self.shown
        if self.anims.busy and sh is not None and sh is not self.view and sh.to_move() != self.match.to_move():
            return   # the board still shows the other player's move: no buttons for what comes after it
        items = self.action_buttons() if self.human_to_move() else []
        s = self.s
        r = self.actions_rect
        bh, gap = s(38), s(8)
        y = r.bottom - bh
        labels = [it[0] for it in items[:4]]
        for label, action, key, tip in reversed(items[:4]):
            primary = y == r.bottom - bh
            f = font(s(18) if primary else s(17), primary)
            text = label
            if f.size(text)[0] > r.width - s(24) and text.endswith(")") and " (" in text:
                # "1 damage to Magma Golem (Y1)": drop the trailing detail when the rest
                # still tells this button from the others (the tooltip keeps it all)
                short = text[:text.rindex(" (")]
                if sum(1 for other in labels if other.startswith(short + " (") or other == short) == 1:
                    text = short
            while f.size(text)[0] > r.width - s(24) and len(text) > 4:
                text = text[:-2].rstrip() + "…" if not text.endswith("…") else text[:-2].rstrip() + "…"
            if text != label and text.endswith("…"):
                note_cut(label, text, "action button")  # the layout check reports it
            b = self.button((r.left, y, r.width, bh), text, (lambda a=action: self._click_action(a)), key=key,
                            tip=tip or label, cls="@primary" if y == r.bottom - bh else None)
            self._action_widgets.append(b)
            y -= bh + gap

    def _click_action(self, action):
        if self.busy():
            return
        self.perform(action)

    # ================================================================ drawing
    def draw(self, surf):
        s = self.s
        self.draw_backdrop(surf)
        if self.session is not None and self.shown is not None:
            self.draw_board(surf)
            self.draw_drag_layer(surf)
            self.draw_waiting_hand(surf)
        self.anims.draw(surf)
        self.draw_top_bar(surf)
        self.log.draw(surf, self.app.scale)
        if self.session is not None and self.shown is not None:
            self.hints.draw(surf)      # over the top of the log: the board stays uncovered
        if self.replay is not None:
            self.replay.draw(surf, self)
        if self.ai_job is not None:
            r = self.thinking_rect()
            if r is not None:
                draw_thinking(surf, r, self.t, f"{self.names[self.ai_job.player]} is thinking…", self.app.scale)
        self.draw_ui(surf)
        if self.drag is not None and self.drag.moved:
            self._draw_dragged(surf)
        if self.snap is not None:
            self.snap.draw(surf)
        self.draw_move_preview(surf)
        self._refresh_hover()
        if self.hover_card is not None and self.drag is None and self.t - self.hover_since > 0.12:
            self.zoom_rect = self.draw_hover_zoom(surf)
        else:
            self.zoom_rect = None

    def thinking_rect(self):
        """Where the "<name> is thinking…" sign goes while the AI thinks (keep it off
        the cells and labels it is about). None: the table draws it itself."""
        r = pygame.Rect(0, 0, self.s(250), self.s(40))
        r.midtop = (self.board_rect.centerx, self.top_rect.bottom + self.s(10))
        return r

    def thinking_area(self):
        """The rectangle redrawn for the thinking sign's spinner while the AI thinks
        (defaults to :meth:`thinking_rect`; None redraws the whole window)."""
        return self.thinking_rect()

    _backdrop_cache: dict = {}

    def draw_backdrop(self, surf):
        key = (self.game, self.W, self.H)
        bg = TableScene._backdrop_cache.get(key)
        if bg is None:
            bg = pygame.Surface((self.W, self.H))
            acc = GAME_ACCENT.get(self.game, PAL["gold"])
            top, bottom = shade(acc, 0.12), (10, 12, 17)
            for y in range(0, self.H, 4):
                k = y / self.H
                pygame.draw.rect(bg, tuple(int(top[i] + (bottom[i] - top[i]) * k) for i in range(3)),
                                 (0, y, self.W, 4))
            TableScene._backdrop_cache.clear()
            bg = bg.convert() if pygame.display.get_surface() is not None else bg
            TableScene._backdrop_cache[key] = bg
        surf.blit(bg, (0, 0))

    def draw_top_bar(self, surf):
        s = self.s
        r = self.top_rect
        pygame.draw.rect(surf, (14, 16, 23), r)
        acc = GAME_ACCENT.get(self.game, PAL["gold"])
        pygame.draw.line(surf, shade(acc, 0.8), (0, r.bottom - 1), (r.right, r.bottom - 1), max(1, s(2)))
        x = draw_text(surf, gamesinfo.title(self.game), (s(16), r.centery), s(24), shade(acc, 1.2), title=True,
                      anchor="midleft").right
        if self.session is None:
            return
        m = self.state_shown()
        p = m.to_move()
        # seat chips: a coloured dot + a shape (circle = you / square = other) + name
        x += s(24)
        for seat in (0, 1):
            col = SEAT_COLOURS[seat]
            active = p == seat
            chip = pygame.Rect(x, r.centery - s(15), s(170), s(30))
            pygame.draw.rect(surf, shade(col, 0.3) if active else (24, 27, 36), chip, border_radius=s(15))
            pygame.draw.rect(surf, col if active else PAL["line"], chip, s(2), border_radius=s(15))
            if seat in self.human_seats:
                pygame.draw.circle(surf, col, (chip.left + s(15), chip.centery), s(6))
            else:
                pygame.draw.rect(surf, col, pygame.Rect(chip.left + s(9), chip.centery - s(6), s(12), s(12)))
            name = _fit_text(f"P{seat + 1} · {self.names[seat]}", s(15), active, chip.width - s(36))
            draw_text(surf, name, (chip.left + s(28), chip.centery), s(15), PAL["text"], bold=active,
                      anchor="midleft")
            x = chip.right + s(10)
        # the status ends before the first button of the bar (Hint, Redo, Undo, Menu ...)
        lefts = [b.rect.left for b in self._actions if b.rect.bottom <= r.bottom + s(4) and b.rect.left > x]
        right = min(lefts) - s(4) if lefts else self.W - s(330 if self._history_buttons else 230)
        ct = self.clock_text()
        if ct is not None:
            text, urgent = ct
            col = PAL["bad"] if urgent else PAL["text"]
            img_w = font(s(15), True).size(text)[0]
            cx = right - img_w - s(10)
            # a clock face (shape) beside the time
            pygame.draw.circle(surf, col, (cx - s(14), r.centery), s(9), max(1, s(2)))
            pygame.draw.line(surf, col, (cx - s(14), r.centery), (cx - s(14), r.centery - s(6)), max(1, s(2)))
            pygame.draw.line(surf, col, (cx - s(14), r.centery), (cx - s(10), r.centery), max(1, s(2)))
            draw_text(surf, text, (cx, r.centery), s(15), col, bold=True, anchor="midleft")
            right = cx - s(30)
        text = self.status_text()
        if self.mode == "replay" and not text.startswith("Replay"):
            text = "Replay · " + text
        room = right - x - s(10)
        if font(s(16)).size(text)[0] <= room:
            draw_text(surf, text, (x + s(8), r.centery), s(16), PAL["text"], anchor="midleft")
        else:  # a large interface size: two lines rather than a cut sentence
            lh = int(font(s(15)).get_linesize() * 0.95)
            box = pygame.Rect(x + s(8), r.centery - lh, room, 2 * lh + 2)
            draw_wrapped(surf, text, box, s(15), PAL["text"], line_gap=0.95)

    def draw_drag_layer(self, surf):
        """Highlights: legal sources (gold rim) when idle; legal targets while dragging."""
        sc = self.app.scale
        if self.drag is not None and self.drag.moved:
            legal = self.legal_targets_for(self.drag.source.key)
            for key in legal:
                t = self.targets.get(key)
                if t is not None:
                    draw_target_highlight(surf, t, self.pulse_t, hot=t.rect.collidepoint(self.drag.pos), scale=sc)
        elif not self.busy() and self.app.settings.show_hints:
            for key in self.live_sources:
                src = self.sources.get(key)
                if src is not None:
                    draw_source_hint(surf, src.rect, self.pulse_t, sc)

    def _draw_dragged(self, surf):
        d = self.drag
        img = d.source.image
        x, y = d.pos[0] - d.grab[0], d.pos[1] - d.grab[1]
        if img is None:
            ghost = pygame.Surface(d.source.rect.size, pygame.SRCALPHA)
            ghost.fill((255, 255, 255, 60))
            img = ghost
        sh = pygame.Surface(img.get_size(), pygame.SRCALPHA)
        sh.fill((0, 0, 0, 90))
        surf.blit(sh, (x + self.s(6), y + self.s(8)))
        surf.blit(img, (x, y))

    # ================================================================ leaving
    def leave(self):
        self.cancel_ai()
        auto = getattr(self.session, "autosave", None)
        if auto is not None and hasattr(auto, "close"):
            auto.close()  # the save's lock: another Cardhall may resume this game now
        super().leave()

    def open_review(self):
        """The review screen for the replay's player in view (see client/scenes/review.py)."""
        rp = self.replay
        if rp is None:
            return
        rp.pause()
        self.push("review", record=rp.record, seat=self.viewer, controller=rp, game=self.game)

    def leave_replay(self):
        back = dict(getattr(self.replay, "return_kwargs", None) or {})
        back.setdefault("selected", getattr(self.replay, "path", None))
        self.go("replays", **back)


def _overlay_classes():
    from .scenes.overlays import ConfirmOverlay, HandoffOverlay
    return ConfirmOverlay, HandoffOverlay


_ConfirmOverlay, _HandoffOverlay = _overlay_classes()


class UndoConfirmOverlay(_ConfirmOverlay):
    """Hot seat: "Player 2, allow Player 1 to take back their move?" The table
    below is hidden (hands stay private)."""

    name = "confirm_undo"
    dim_below = 255
    width = 600

    def draw(self, surf):
        surf.fill((8, 9, 13))
        super().draw(surf)

    def draw_body(self, surf, r):
        from .ui import draw_wrapped
        s = self.s
        head, _, rest = self.kwargs.get("question", "").partition(", ")
        lines = [head + ",", rest] if rest else [head]
        y = r.top + s(30)
        for ln in lines:
            size = s(28)
            while size > 10 and font(size, title=True).size(ln)[0] > r.width - s(60):
                size -= 1
            draw_text(surf, ln, (r.centerx, y), size, PAL["gold"], title=True, anchor="midtop")
            y += s(38)
        if self.kwargs.get("detail"):
            draw_wrapped(surf, self.kwargs["detail"], pygame.Rect(r.left + s(40), y + s(14), r.width - s(80),
                                                                  s(60)), s(17), PAL["text"], align="center")


class HandoffUndoOverlay(_HandoffOverlay):
    """The hot-seat hand-off screen, plus "Take back my move" for the player who
    just handed over (the next player must allow it)."""

    name = "handoff"

    def build(self):
        super().build()
        s = self.s
        r = self.panel_rect()
        t = self.table
        if t is None or t.session is None or len(t.session) == 0:
            return
        last = t.session.actor(len(t.session) - 1)
        if last == self.kwargs.get("seat", 1) or not t.session.can_undo(last):
            return
        bw, bh = s(300), s(38)
        self.button((r.centerx - bw // 2, r.bottom + s(12), bw, bh), f"{t.names[last]}: take back my move",
                    lambda: self.take_back(last), key="ctrl+z", tip="The other player must allow it",
                    name="take_back", cls="@small")

    def take_back(self, seat):
        t = self.table

        def close_me():
            if self.app.scenes.top is self:
                self.close()
        t.request_undo(seat, on_done=close_me)


_PLAYER_RX = re.compile(r"Player ([12])")


class NamedSeats:
    """Mixin for a game's table (``class Table(NamedSeats, TableScene)``): engine sentences
    say "Player 1"; the log, the result and :meth:`named` show the players' names, and
    "You <verb>s" reads as English. A table lists its verbs in ``YOU_VERBS`` and may
    override :meth:`named_you` (more "You" fixes), :meth:`log_text` (what the log shows)
    and :meth:`result_reason` (the result's sentence)."""

    YOU_VERBS: dict = {}
    _YOU_RX = None
    _log_wrapped = False

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if "YOU_VERBS" in cls.__dict__:
            cls._YOU_RX = re.compile(r"\bYou (" + "|".join(cls.YOU_VERBS) + r")\b")

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self._wrap_log()

    def named(self, text: str) -> str:
        """Engine sentences say "Player 1"; show the players' names (and "You" reads as English)."""
        out = _PLAYER_RX.sub(lambda m: self.names[int(m.group(1)) - 1], str(text))
        if "You" in out:
            out = self.named_you(out)
        return out

    def you_verbs(self, out: str) -> str:
        """"You draws" -> "You draw": the table's ``YOU_VERBS`` first, then every other
        verb through the shared sentence helper (engine/core/text.py)."""
        from engine.core.text import you_agree
        if self._YOU_RX is not None:
            out = self._YOU_RX.sub(lambda m: "You " + self.YOU_VERBS[m.group(1)], out)
        return you_agree(out)

    def named_you(self, out: str) -> str:
        return self.you_verbs(out)

    def poss(self, seat) -> str:
        """"Your" / "AI (easy)'s"."""
        return "Your" if self.names[seat] == "You" else f"{self.names[seat]}'s"

    def row(self, seat):
        return "me" if seat == self.viewer else "opp"

    def log_text(self, text) -> str:
        return self.named(text)

    def _wrap_log(self):
        if self._log_wrapped:
            return
        self._log_wrapped = True
        add = self.log.add

        def named_add(text, **kw):
            add(self.log_text(text), **kw)
        self.log.add = named_add

    def _log_start(self):
        self._wrap_log()
        super()._log_start()

    def result(self):
        r = super().result()
        if r is None:
            return None
        return Result(r.winner, self.result_reason(r))

    def result_reason(self, r) -> str:
        return self.named(r.reason)


class GenericTable(TableScene):
    """Any game, before its own table lands: the state as text, the legal moves as
    buttons, the AI and hot seat working. Uses only the match contract."""

    def layout(self):
        pass

    def action_buttons(self):
        out = []
        keys = ("space", "1", "2", "3")
        legal = self.legal
        for i, a in enumerate(legal[:3]):
            out.append((self.match.action_text(a), a, keys[i], "Do this"))
        if len(legal) > 3:
            out.append((f"Random move ({len(legal)} legal)", "__random__", "r", "Pick any legal move"))
        return out

    def _click_action(self, action):
        if action == "__random__":
            import random
            action = random.choice(self.legal)
        super()._click_action(action)

    def draw_board(self, surf):
        s = self.s
        r = self.board_rect
        panel(surf, r, alpha=200, radius=s(14))
        draw_text(surf, "This game's table is still being built — the moves below are the engine's own.",
                  (r.left + s(20), r.top + s(20)), s(16), PAL["muted"], italic=True)
        m = self.match
        y = r.top + s(60)
        lines = [f"Turn {m.turn()}", self.status_text(), f"{len(self.legal)} legal moves for you."
                 if self.human_to_move() else ""]
        for ln in lines:
            draw_text(surf, ln, (r.left + s(20), y), s(20), PAL["text"])
            y += s(32)


def run_demo(app, game, seed, frames_dir=None, every=10, level="easy", max_seconds=600.0,
             max_actions=3000) -> int:
    """``python -m client --demo GAME``: AI against AI on the real table; a
    screenshot every ``every`` actions and at the end; one JSON line; exit 0."""
    import json
    import sys
    import time
    from pathlib import Path

    from engine.core.harness import starter_pair
    from engine.core.session import MatchSession

    from .scenes import scene_class
    decks = starter_pair(game, seed)
    session = MatchSession.new(game, decks, seed, None,
                               {"mode": "watch", "ai": level, "names": ["AI 1", "AI 2"], "ai_seed": seed})
    cls = scene_class("table", game)
    sc = cls(app, game=game, session=session, mode="watch", ai_level=level)
    sc.name = "table"
    app.scenes.switch(sc)
    out = Path(frames_dir) if frames_dir else None
    if out:
        out.mkdir(parents=True, exist_ok=True)
    saved = []
    next_shot = 0
    t_end = time.monotonic() + max_seconds
    while app.running and time.monotonic() < t_end:
        app.step()
        if out and sc.actions_applied >= next_shot and not sc.anims.busy:
            p = out / f"{game}-{seed}-{sc.actions_applied:05d}.png"
            app.screenshot(p)
            saved.append(str(p))
            next_shot = sc.actions_applied + max(1, every)
        if sc.result() is not None and not sc.anims.busy and app.scenes.top is not sc:
            break
        if len(session) >= max_actions:
            print(f"demo: stopped after {max_actions} actions without a result", file=sys.stderr)
            break
        if sc.ai_job is not None:
            time.sleep(0.001)  # let the AI thread run
    for _ in range(10):
        app.step()
    if out:
        p = out / f"{game}-{seed}-final.png"
        app.screenshot(p)
        saved.append(str(p))
    res = sc.result()
    print(json.dumps({"game": game, "seed": seed, "actions": len(session), "turns": session.match.turn(),
                      "result": res.to_json() if res else None, "frames": len(saved)}))
    return 0 if res is not None else 1
