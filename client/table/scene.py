"""The match-screen framework every game table subclasses.

How a table plugs in
--------------------
Create ``client/tables/<game>/table.py`` with ``class Table(TableScene)``; the scene
registry opens it for scene ``table`` with ``game=<game>`` (see
:mod:`client.scenes`). The framework owns the session, the AI, hot seat,
animation queue, log, hover zoom, drag and drop, pause / game-over overlays;
the table only draws its board and maps gestures to engine actions. A new game
table reads as "implement these hooks": :class:`client.table.hooks.GameTable` lists
every hook, what it returns and when it is called. Each game's table defines these
itself:

* :meth:`layout` — its rects from ``self.board_rect`` (every resize / UI-scale change).
* :meth:`draw_board` — ``self.shown`` inside ``self.board_rect`` (all a replay needs).
* :meth:`drag_sources` / :meth:`drop_targets` — what can be picked up / where it can land.
* :meth:`gesture_of` — the ``(source key, target key)`` drag of a legal action.
* :meth:`guess_action` — the action meant by a drop that is not legal (its reason shown).
* :meth:`action_buttons` — the actions made by a button, not a drag.
* :meth:`on_board_click` — clicks that are not drags.
* :meth:`card_at` — the card under the pointer, for the hover zoom.
* :meth:`animate` — the animations of the events an action made.
* :meth:`status_text` — the phase line under the top bar.
* :meth:`scale_probe` — the card sizes the layout check compares between sizes.

The optional hooks (the hand's area, a reaction's words, a turn clock...) have their
defaults in :class:`client.table.hooks.TableHooks`, which this scene inherits.

Actions go through :meth:`perform` (the session applies and autosaves them;
illegal ones raise and are shown as a toast). Modes: ``"ai"`` (human seat(s) in
``human_seats``, the others played by ``engine.ai`` in the background with a
"thinking" sign), ``"hotseat"`` (both human; a "pass to the other player" screen
whenever the seat to move changes), ``"watch"`` (AI against AI, all cards shown),
``"replay"`` (read-only: a :class:`client.replays.controller.ReplayController`
feeds the recorded actions through :meth:`perform`; ``viewer`` = the chosen
seat, hidden cards masked unless ``reveal_all``). Every table gets replay mode
for free: it only needs :meth:`draw_board` to draw ``self.shown``.

The parts
---------
The table is one object of a few classes: the game's own (``client/tables/<game>/``),
:class:`TableScene` (the machinery below), :class:`~client.table.hooks.TableHooks` (the
default of every hook) and :class:`~client.scenes.base.Scene`. Everything else the
framework does is a part: an object made with the table (``Part(self)``) that keeps its
own state and calls back the table's hooks.

* ``self.history`` — :class:`~client.table.history.History`: undo / redo (Ctrl+Z /
  Ctrl+Y and the top-bar buttons, the scene's :meth:`undo` / :meth:`redo`). Against
  the AI they take back the human's last decision at once (the AI's pending
  decision is cancelled); in hot seat the other player must allow it first. After
  any jump in history (undo, redo, a replay's seek) the log is rebuilt from the
  record (:meth:`rebuild_log`) and the hook ``on_history_changed`` is called (tables
  drop selections there).
* ``self.handoff`` — :class:`~client.table.handoff.Handoff`: hot seat's pass screen
  when the seat to move changes, and the short return veil after a reaction
  (``handoff.pending`` while the screen waits for its player). Its words are the
  table's hooks ``handoff_reason``, ``reaction_text``, ``answer_text``;
  ``RETURN_VEIL`` / ``return_veil_ok`` allow the veil, ``on_handoff`` follows the
  hand-over.
* ``self.driver`` — the :class:`~client.table.ai.Driver` made by the hook
  ``make_driver``: who plays the seats no one at the screen plays. The local
  :class:`~client.table.ai.AIDriver` thinks for the AI's seats in the background (the
  "thinking" sign while it does) and runs the human seats' turn clock (hooks
  ``clock_spec``, ``on_timeout``); the network table's driver plays the moves the
  server sends.
* ``self.side`` — :class:`~client.table.side.SidePanel`: the log column right of the
  board, or at larger interface sizes the folded strip with its Log button, ticker and
  drawer (``side.compact``); layouts ask it ``reference_scale()`` and ``chrome_plan()``.
* ``self.aids`` — :class:`~client.table.aids.BoardAids`: the hover (the card under the
  pointer, found through the hook ``card_at``) and its zoom or tip, the covered hand in
  hot seat, the engine's preview of the move being aimed at.
* ``self.ending`` — :class:`~client.table.end.Ending`: concession through the engine's
  CONCEDE action (``ending.concede_action``, so the replay records it), the result's
  words, the game-over screen, taking the end back against the AI, rematch. The hook
  ``end_match`` comes here; :meth:`result` is the scene's.
* ``self.pointer`` — :class:`~client.table.input.Pointer`: press, drag and drop, the snap
  back, the scrolling hand, input made while the board still animates (hooks
  ``on_press``, ``on_release``, ``cancel_drag``, ``board_wide``, ``guess_action``).
* ``self.chrome`` — :class:`~client.table.chrome.Chrome`: the backdrop, the top bar and
  the action buttons (``chrome.action_widgets``; hooks ``action_buttons``,
  ``action_button_rects``, ``click_action``, ``action_buttons_placed``).
* ``self.hints`` — :class:`~client.table.hint.HintControl`: the Hint button against the
  AI, and a reviewed move's words in a replay.

The state the hooks work with stays on the table (``self.view``, ``self.shown``,
``self.legal``, ``self.pairs``, ``self.sources`` / ``self.targets``, ``self.drag``,
``self.board_rect``...): see :mod:`client.table.hooks`.

A way of playing that changes the table — online (:class:`client.table.online.OnlineLink`),
a lesson (:class:`client.table.tutorial.Coach`), the first game's note on Hint — is a part
passed as ``layer=`` and held as ``self.layer``: the table calls it at the hook points of
:class:`client.table.layer.TableLayer`, and the layer may put its own driver in the
table's (the server's moves online, a lesson's scripted opponent).
"""
from __future__ import annotations

import pygame

from engine.core.match import event_kind
from engine.core.text import Names, is_you

from client.scenes import gamesinfo
from client.scenes.base import Scene
from client.table.ai import THINKING_FPS, Driver
from client.table.aids import BoardAids
from client.table.chrome import SEAT_COLOURS, Chrome
from client.table.end import Ending
from client.table.handoff import Handoff
from client.table.history import History, log_kind
from client.table.hooks import TableHooks
from client.table.input import Pointer
from client.table.layer import Layer, TableLayer
from client.table.named import seat_names
from client.table.side import SidePanel
from client.table.kit.parts import (AnimQueue, Banner, DragState, HandScroll, SnapBack,
                                    draw_hand_arrows, draw_thinking)
from client.table.kit.log import GameLog, NameIndex

#: highlights (playable cards, choices) pulse this long after the state or a selection
#: changes, then hold still so a table waiting for the player costs no CPU
PULSE_SECONDS = 3.0
#: a hover zoom appears this long after the pointer settles on a card
ZOOM_DELAY = 0.12


class TableScene(TableHooks, Scene):
    #: show the opponent's hidden cards (watch mode sets this)
    reveal_all = False

    # ================================================================ set-up
    def __init__(self, app, *, game=None, session=None, mode="ai", human_seats=(0,), ai_level=None,
                 layer: TableLayer | None = None, **kw):
        #: what the way of playing adds (online, a lesson: see client.table.layer)
        self.layer: TableLayer = layer if layer is not None else Layer()
        super().__init__(app, game=game, **kw)
        self.history = History(self)      # undo / redo / take-back
        self.handoff = Handoff(self)      # hot seat: whose screen it is
        self.side = SidePanel(self)       # the log column, or the folded strip and its drawer
        self.aids = BoardAids(self)       # the hover zoom, the covered hand, the move preview
        self.ending = Ending(self)        # concession, the result, game over, rematch
        self.pointer = Pointer(self)      # press, drag and drop, the scrolling hand, input ahead
        self.chrome = Chrome(self)        # the backdrop, the top bar, the action buttons
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
        spec = gamesinfo.spec(self.game)
        self.spec = spec
        meta = session.meta if session is not None else {}
        self.names = list(meta.get("names") or ["Player 1", "Player 2"])
        self.log = GameLog(NameIndex(spec.cards.values() if spec else ()), SEAT_COLOURS)
        self.anims = AnimQueue(lambda: self.app.settings.animation_factor)
        self.drag: DragState | None = None
        self.snap: SnapBack | None = None
        self.hand_scroll = HandScroll()   # a hand with more cards than it shows at their size
        self.t = 0.0
        self._lively_until = PULSE_SECONDS  # self.t until which highlights pulse (see pulse_t)
        self.view = None
        self.shown = None
        self.legal: list = []
        self.pairs: dict = {}
        #: drag sources asked for an outline only (a replay at a reviewed decision): the
        #: player's cards as they would be to drag, none of them draggable
        self.outlining = False
        self.sources: dict = {}
        self.targets: dict = {}
        self.live_sources: set = set()
        self.actions_applied = 0
        from client.table.hint import HintControl
        self.hints = HintControl(self)  # the Hint button (H) against the AI
        if self.replay is not None:
            self.replay.attach(self)
        self.layer.attach(self)
        #: who moves the seats nobody at this screen plays (the AI, or the layer's own)
        self.driver: Driver = self.layer.driver(self.make_driver())
        add = self.log.add        # every line the log adds passes through the table's log_text hook
        self.log.add = lambda text, **kw: add(self.log_text(text), **kw)
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
        if self.layer.log_start():
            return
        m = self.session.match
        if len(self.session) == 0:
            self.log.add(f"{self.names[0]} and {self.names[1]} sit down to {gamesinfo.title(self.game)}.",
                         kind="info")
            self._log_opening()
        else:
            self.log.add(f"Game resumed at turn {m.turn()}.", kind="info")
            self.log_history(40)            # the recent history, so the log reads on

    # ================================================================ the log from the record
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
        self.log_history(recent)
        if note:
            self.log.add(note, kind="info")

    def log_history(self, recent=40):
        """Log the record's last ``recent`` actions' events, as they were told when played."""
        n = len(self.session)
        for i in range(max(0, n - recent), n):
            try:
                after, _a, events = self.session.step(i)
                seat = self.session.actor(i)
                for ev in events:
                    self.log.add(self.log_event_text(after, ev), turn=after.turn(), seat=seat, kind=log_kind(ev))
            except Exception:  # noqa: BLE001 - history is a nicety
                break

    def _log_opening(self):
        try:
            start = self.session.state_at(0)
            for ev in self.opening_events(start):
                seat = getattr(start.event(ev), "player", None) if event_kind(ev) != "turn" else None
                self.log.add(self.log_event_text(start, ev), turn=max(1, start.turn()), seat=seat,
                             kind=log_kind(ev))
        except Exception:  # noqa: BLE001 - the opening lines are a nicety
            pass

    @property
    def match(self):
        return self.session.match

    #: where :attr:`board_mouse` says the mouse is while a menu or a question covers the table
    AWAY = (-10_000, -10_000)

    @property
    def board_mouse(self) -> tuple:
        """The mouse as the board sees it: where it is while the table is the top scene,
        else away (:attr:`AWAY`). Under the pause menu, a question or the game-over
        screen, no card lifts, glows or opens its zoom where the pointer rests on them."""
        return self.app.mouse if self.app.scenes.top is self else self.AWAY

    # ================================================================ undo (client.table.history.History)
    def undo(self):
        """Ctrl+Z / the Undo button (see :class:`~client.table.history.History`)."""
        self.history.undo()

    def redo(self):
        """Ctrl+Y / the Redo button."""
        self.history.redo()

    # ================================================================ geometry
    def build(self):
        s = self.s
        top = self.top_bar_height()
        by = s(8) if top == s(52) else max(0, (top - s(36)) // 2)   # the bar's buttons
        self.top_rect = pygame.Rect(0, 0, self.W, top)
        self.side.build(top)      # the log column, or the folded strip with its Log drawer
        gap = self.board_margin_at(self.app.scale)
        self.board_rect = pygame.Rect(s(10), top + gap, self.side_rect.left - s(20), self.H - top - 2 * gap)
        if self.mode == "replay":
            # the controls at the foot of the column (the full one, or the folded strip
            # above 100 %, so that the board keeps the room the live table gives it)
            self.actions_rect = pygame.Rect(self.side_rect.left, self.side_rect.bottom - s(236),
                                            self.side_rect.width, s(236))
            self.side.fit_above(self.actions_rect.top)
            self.button((self.W - s(118), by, s(108), s(36)), "Back", self.leave_replay, key="escape",
                        tip="Back to the list of replays", name="menu", cls="@small")
            self.button((self.W - s(118) - s(116), by, s(108), s(36)), "Review", self.open_review, key="w",
                        tip="Each decision of the player shown, scored by the hard AI", name="review",
                        cls="@small")
        else:
            self.button((self.W - s(118), by, s(108), s(36)), "Menu", self.pause, key="escape",
                        tip="Pause: resume, settings, concede, quit to menu", name="menu", cls="@small")
        self.history.buttons = ()
        if self.mode in ("ai", "hotseat"):
            who = "your" if self.mode == "ai" else "the last"
            u = self.button((self.W - s(118) - s(96), by, s(88), s(36)), "Undo", self.undo, key="ctrl+z",
                            tip=f"Take back {who} decision" + ("" if self.mode == "ai" else
                                                                 " (the other player must allow it)"),
                            name="undo", cls="@small")
            r = self.button((self.W - s(118) - s(192), by, s(88), s(36)), "Redo", self.redo, key="ctrl+y",
                            keys=("ctrl+shift+z",), tip="Play again what you took back", name="redo",
                            cls="@small")
            self.history.buttons = (u, r)
            self.history.sync_buttons()
        if self.mode == "ai":
            self.button((self.W - s(118) - s(288), by, s(88), s(36)), "Hint", self.hints.request, key="h",
                        tip="What would the hard AI do here? (from what you can see)", name="hint",
                        cls="@small")
        self.chrome.action_widgets = []
        self.anims.area = self.board_rect
        if self.mode == "replay" and self.replay is not None:
            self.replay.build_controls(self)
        self.layout()
        self.side.after_layout()
        self.refresh()
        self.layer.build()

    def top_bar_height(self) -> int:
        """The top bar's height (a table whose board needs the window's height may
        ask for a lower bar at larger interface sizes; the bar's buttons stay centred)."""
        return self.top_bar_at(self.app.scale)

    def top_bar_at(self, k) -> int:
        """The top bar's height at scale ``k`` (what :meth:`top_bar_height` gives at the
        app's scale; layouts that compare interface sizes ask for other scales). With
        :attr:`low_top_bar`, above 100 % the bar grows only as far as its 36-px buttons
        need (never under its 100 % height): the board gets the rest of the window."""
        if self.low_top_bar:
            f = getattr(self.app, "scale_for", None)
            ref = f(1.0) if callable(f) else k
            if k > ref + 1e-9:
                return max(int(round(40 * k)), int(round(52 * ref)))
        return int(round(52 * k))

    def board_margin_at(self, k) -> int:
        """The gap between the board and the top bar (and the window's foot) at scale ``k``:
        with :attr:`low_top_bar`, above 100 % it stays at its 100 % size."""
        if self.low_top_bar:
            f = getattr(self.app, "scale_for", None)
            ref = f(1.0) if callable(f) else k
            if k > ref + 1e-9:
                return int(round(8 * ref))
        return int(round(8 * k))

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
        self.sources = {d.key: d for d in self.drag_sources()} if self.board_rect is not None else {}
        self.targets = {t.key: t for t in self.drop_targets()} if self.board_rect is not None else {}
        self.pairs = {}
        for a in self.legal:
            g = self.gesture_of(a)
            if g is not None:
                self.pairs.setdefault(tuple(g), a)
        self.live_sources = {src for src, _ in self.pairs}
        if self.ui is not None and self.actions_rect is not None:
            self.chrome.refresh_buttons()
        self.liven()

    def outline_sources(self) -> dict:
        """The drag sources of the player at the screen, by key, to outline a move with:
        the live ones, else (a replay at a reviewed decision) those the player had there."""
        if self.sources or self.board_rect is None:
            return self.sources
        self.outlining = True
        try:
            return {d.key: d for d in self.drag_sources()}
        finally:
            self.outlining = False

    def human_to_move(self) -> bool:
        """A human at the screen decides now (in hot seat: the player the screen shows —
        the waiting player's hand is never playable)."""
        m = self.match
        p = m.to_move()
        if self.mode == "hotseat" and p != self.viewer:
            return False
        return p is not None and p in self.human_seats and self.result() is None

    #: the record's length at which the table asks even so (undo landed there)
    _no_auto_at = None

    def _auto_answer(self):
        if self.mode not in ("ai", "hotseat") or self.busy() or not self.human_to_move() \
                or self.result() is not None or self._no_auto_at == len(self.session):
            return
        try:
            a = self.auto_answer()
        except Exception:  # noqa: BLE001 - then the player is asked as before
            a = None
        if a is not None and tuple(a) in {tuple(x) for x in self.legal}:
            self.perform(a)

    def busy(self) -> bool:
        return self.anims.busy or self.driver.busy() or self.handoff.pending or self.mode == "replay"

    # ================================================================ for the table's hooks
    def hovered(self, card, rect, *, small=False):
        """For :meth:`card_at`: return ``card`` and remember ``rect``, the card or cell
        it was found in, so the hover zoom is drawn beside it, not over it. ``small``:
        a line of a list (a graveyard): a small tip with its text, not the big zoom."""
        self.aids.hover_rect = pygame.Rect(rect) if card is not None else None
        self.aids.hover_small = bool(small and card is not None)
        return card

    def state_shown(self):
        """The match as the board shows it: while animations play, the state they have
        reached (``self.shown``), never the end state ahead of them."""
        if self.anims.busy and self.shown is not None:
            return self.shown
        return self.match

    def result(self):
        """The match's result (or the end the client made: a concession, a forfeit), as
        the way of playing tells it; None while the game goes on."""
        r = self.ending.conceded
        m = self.match       # (online, None while the server sends the match anew)
        return self.layer.result(r or (m.result() if m is not None else None))

    def seat_names(self) -> Names:
        """How this table's sentences call each seat: "you", "the AI", the players' names
        (:func:`client.table.named.seat_names`)."""
        return seat_names(self.names, self.mode, self.human_seats)

    def handle_event(self, ev):
        """The board's input (after the layer, a replay's controls, input ahead of the
        board and the buttons had it): a game's keys, then ``super().handle_event(ev)``
        for the pointer's presses, drags, drops and scrolling."""
        self.pointer.handle(ev)

    def poss(self, seat) -> str:
        """"Your" / "AI (easy)'s" (the table's labels: the header and the panels)."""
        return "Your" if is_you(self.names[seat]) else f"{self.names[seat]}'s"

    def row(self, seat) -> str:
        """The board's row of ``seat``: "me" for the viewer's, else "opp"."""
        return "me" if seat == self.viewer else "opp"

    # the framework's own state before it is first set: plain attributes, never looked up
    # with getattr (the optional hooks' defaults are client.table.hooks.TableHooks)
    #: the top bar, the board, the column right of it and its action buttons' place (set
    #: by build: the side column places the last two, a table's layout may move them)
    top_rect = board_rect = side_rect = actions_rect = None
    #: the events of the action being logged and the index of the one being worded (a
    #: table's log_event_text may read what came after it)
    _log_events: tuple = ()
    _log_at = -1
    #: the last save problem said in a toast
    _shown_save_error = None

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
        """Apply ``action`` through the session: log, animations, autosave. False if refused
        (by the engine, or by the layer: a lesson lets through only the move it teaches)."""
        return self.layer.perform(action, by_ai, self._play)

    def _play(self, action, *, by_ai=False) -> bool:
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
        if not by_ai and self.app.mouse is not None:
            self.aids.zoom_hold = tuple(self.app.mouse)   # the card just played stays unzoomed until the pointer moves
        after_match = self.match
        turn = after_match.turn()
        lines = []
        self._log_events = events     # (a table's log_event_text may read what came after)
        for i, ev in enumerate(events):
            self._log_at = i
            try:
                text = self.log_event_text(after_match, ev)
            except Exception:  # noqa: BLE001 - a log line must never break the table
                text = " ".join(str(x) for x in ev)
            lines.append((text, log_kind(ev)))
        self.refresh(update_shown=False)
        try:
            anims = list(self.animate(tuple(action), events, before, self.view) or [])
        except Exception:  # noqa: BLE001 - an animation must never break the table
            anims = []
        if self.banner_on_turn and self.mode != "watch" and any(event_kind(ev) == "turn" for ev in events) \
                and not any(isinstance(a, Banner) for a in anims):  # the table made its own
            tp = after_match.turn_player()
            if tp in self.human_seats and after_match.result() is None:
                who = "Your turn" if self.mode == "ai" else f"{self.names[tp]}'s turn"
                anims.append(Banner(who, f"Turn {after_match.turn()}", duration=0.9))
        # The log tells an action when its animation starts: at once when nothing is
        # playing, else when the queue reaches it (after the earlier actions'
        # animations). A table may pace it further with LogStep(k) in its animations:
        # the lines of events[:k] are told when that step is reached, the rest at the end.
        from client.table.kit.parts import Call, LogStep
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
        if self.anims.busy and self.ui is not None and self.actions_rect is not None:
            self.chrome.refresh_buttons()     # none for a decision the board has not reached yet
        return True

    #: animations being ended at once (the player acted ahead of them): no sounds
    _quiet = False

    def finish_anims(self):
        """End the animations at once (their log lines told, the new state shown, the
        buttons of the decision they lead to standing): the player acted ahead of them."""
        self._quiet, was = True, self._quiet
        try:
            self.anims.finish()
        finally:
            self._quiet = was
        self.snap = None
        self.refresh()
        self.shown = self.view
        self.invalidate()

    def sfx(self, name):
        """Play effect ``name`` (see :mod:`client.sound`)."""
        if self._quiet and name != "refusal":
            return
        from client.sound import board
        board(self.app).play(name)

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
        if self.ui is not None and self.actions_rect is not None and not self.chrome.action_widgets:
            self.chrome.refresh_buttons()     # the board has caught up: the buttons come back
        self.on_anims_done()

    def pause(self):
        self.cancel_drag()
        self.push("pause", game=self.game, table=self)

    # ================================================================ redrawing
    def liven(self):
        """Something changed: redraw, and let the highlights pulse a while."""
        self._lively_until = self.t + PULSE_SECONDS
        self.invalidate()

    def still(self):
        """The highlights stand still from now (as :data:`PULSE_SECONDS` after a change):
        the AI has begun thinking. Pulsing, the table would draw every frame while it
        thinks, and those frames take the interpreter from the AI's thread (its turns
        took 1.8 times their time alone in a real window); the thinking sign still moves."""
        self._lively_until = min(self._lively_until, self.t)

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
        hover = self.aids
        if hover.hover_card is not None and self.t - hover.hover_since <= ZOOM_DELAY:
            take(ZOOM_DELAY - (self.t - hover.hover_since) + 0.005)
        if self.hints.thinking:
            take(1 / THINKING_FPS)
        if self.replay is not None and hasattr(self.replay, "wake_in"):
            w = self.replay.wake_in()
            if w is not None:
                take(w)
        w = self.driver.wake_in()     # the thinking sign, the clock's next second
        if w is not None:
            take(w)
        return best

    # ================================================================ frame
    def update(self, dt):
        self.layer.update(dt, self._frame)

    def _frame(self, dt):
        was = (self.driver.clock_text(), self.t - self.aids.hover_since > ZOOM_DELAY) if self.session is not None \
            else None
        self.t += dt
        self.anims.update(dt)
        if self.session is not None:
            if self.mode == "replay":
                if self.replay is not None:
                    self.replay.update(dt)
                    self._show_reviewed_move()
                self.hints.update()
            else:
                self.driver.tick(dt)
                self.ending.check_pending()
                self.driver.drive()
                self.hints.update()
                self.handoff.check()
                self._auto_answer()
                self.history.sync_buttons()
                err = getattr(self.session, "save_error", None)   # (a network session saves nothing)
                if err != self._shown_save_error:
                    self._shown_save_error = err
                    if err:  # the disk refused; the game goes on and the next save retries
                        more = (" The game stays in your saves and reaches Replays once the folder can be written."
                                if self.result() is not None else " Playing on; it is retried after every move.")
                        self.app.toast(err + more, "error", 6)
                if self.result() is not None and not self.anims.busy and self.app.scenes.top is self:
                    self.ending.show_game_over()
        if self.snap is not None and self.snap.update(dt):
            self.snap = None
        super().update(dt)
        if self.session is not None:
            if was != (self.driver.clock_text(), self.t - self.aids.hover_since > ZOOM_DELAY) \
                    or self.log._dirty:
                self.invalidate()  # the clock's second, the hover zoom coming up, a new log line
            elif self.driver.thinking() is not None:
                self.invalidate(self.thinking_area())  # only the spinner moves

    def update_below(self, dt):
        """Keep the AI and animations going under overlays (not under the pause menu)."""
        self.t += dt

    def process_event(self, ev):
        if self.layer.handle_event(ev):
            return
        if ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            self._lively_until = self.t + PULSE_SECONDS  # selections change on clicks and keys
        if self.replay is not None and self.replay.table is self and self.replay.handle_event(ev):
            return
        if self.pointer.ahead(ev):
            return
        super().process_event(ev)

    def on_ui_event(self, ev):
        if self.replay is not None and self.replay.on_ui_event(ev):
            return True
        return super().on_ui_event(ev)

    # ================================================================ drawing
    def draw(self, surf):
        self.layer.draw(surf, self._draw_frame)

    def _draw_frame(self, surf):
        self.chrome.draw_backdrop(surf)
        if self.session is not None and self.shown is not None:
            self.draw_board(surf)
            self.draw_drag_layer(surf)
            draw_hand_arrows(surf, self.hand_scroll, self.app.scale, hot=self.board_mouse)
            self.aids.draw_waiting_hand(surf)
        self.anims.draw(surf)
        self.chrome.draw_top_bar(surf)
        self.layer.draw_top_bar(surf)
        self.side.draw(surf)
        if self.session is not None and self.shown is not None:
            self.hints.draw(surf)      # over the top of the log: the board stays uncovered
        if self.replay is not None:
            self.replay.draw(surf, self)
        thinking = self.driver.thinking()
        if thinking is not None:
            r = self.thinking_rect()
            if r is not None:
                draw_thinking(surf, r, self.t, f"{self.names[thinking]} is thinking…", self.app.scale)
        self.draw_ui(surf)
        if self.drag is not None and self.drag.moved:
            self.draw_dragged(surf)
        if self.snap is not None:
            self.snap.draw(surf)
        aids = self.aids
        aids.draw_preview(surf)
        self.draw_over_preview(surf)
        aids.refresh()
        if aids.hover_card is not None and self.drag is None and self.t - aids.hover_since > 0.12 \
                and not aids.zoom_hidden() and aids.zoom_hold is None:
            if aids.hover_small:
                aids.zoom_rect = aids.draw_tip(surf)
            else:
                aids.zoom_rect = aids.draw_zoom(surf)
                if aids.zoom_rect is not None:
                    self.draw_over_zoom(surf, aids.zoom_rect)
        else:
            aids.zoom_rect = None

    # ================================================================ leaving
    def leave(self):
        self.driver.cancel()
        auto = getattr(self.session, "autosave", None)   # (a network session has none)
        if auto is not None and hasattr(auto, "close"):
            auto.close()  # the save's lock: another Cardhall may resume this game now
        super().leave()
        self.layer.leave()

    def open_review(self):
        """The review screen for the replay's player in view (see client/scenes/review.py)."""
        rp = self.replay
        if rp is None:
            return
        rp.pause()
        self.push("review", record=rp.record, seat=self.viewer, controller=rp, game=self.game)

    def _show_reviewed_move(self):
        """The replay opened at a reviewed decision shows hard's move there (outlined, with
        the review's words), for the reviewed player's view, whenever it stands at it."""
        rv = self.replay.review or {}
        mv = rv.get("move")
        if (mv is not None and self.replay.index == mv.index and self.viewer == rv.get("seat")
                and self.hints.hint is None and not self.anims.busy):
            self.hints.show_review(mv)

    def leave_replay(self):
        rv = getattr(self.replay, "review", None)
        if rv:      # opened from a review's decision: Back returns to the review (its Back, here)
            self.replay.review = None
            self.replay.pause()
            self.push("review", record=rv["record"], seat=rv["seat"], controller=self.replay, game=self.game)
            return
        back = dict(getattr(self.replay, "return_kwargs", None) or {})
        back.setdefault("selected", getattr(self.replay, "path", None))
        self.go("replays", **back)

