"""The hooks a game's table provides to the framework: a new game table reads as
"implement these hooks".

A game's ``client/tables/<game>/table.py`` defines ``class Table(TableScene)``
(:class:`client.table.scene.TableScene`); the scene registry opens it for scene
``table``. The framework owns the session, the AI, hot seat, history, animations, the
log, the hover zoom, drag and drop and the end of the game; it asks the table only
what is the game's: where things are, how they are drawn, which gesture makes which
engine action, what an action looks like as it happens. :class:`GameTable` lists every
such hook, what it returns and when the framework calls it.

* **Required** (:data:`REQUIRED`): every game's ``Table`` defines these itself (the
  placeholders in :class:`TableHooks` draw or allow nothing).
* **Optional**: :class:`TableHooks`, which :class:`~client.table.scene.TableScene`
  inherits, has a default fitting a game without that part (no hand, no phase band, no
  reaction in the other player's turn...); a table overrides the ones its game needs.
* **Extended** (:data:`EXTENDED`): the framework's own methods a table may extend,
  calling ``super()`` (``perform``, ``refresh``, ``update``, ``handle_event``...).

A game's ``Table`` overrides nothing of the framework but these (a test checks it): the
machinery is the scene's and its parts' (``self.side``, ``self.aids``,
``self.ending``, ``self.pointer``, ``self.chrome``, ``self.history``, ``self.handoff``,
``self.driver``, ``self.hints``; see :mod:`client.table.scene`), which call these hooks
back. A hook is a method or a plain attribute of the table, never looked up with
``getattr``.

What the framework gives the table to work with (not hooks): ``self.board_rect`` (the
board's place, set before :meth:`GameTable.layout`), ``self.top_rect``, ``self.s(x)``
(a length at the interface scale), ``self.view`` / ``self.shown`` (the match as the
viewer may see it, and the state drawn while animations play), ``self.legal``,
``self.pairs`` (``(source key, target key) -> action`` of the legal gestures),
``self.hand_scroll`` (a hand with more cards than it shows), ``self.drag`` (the drag
in hand), ``self.side.compact`` (the log folded into a strip),
``self.side.reference_scale()`` / ``self.side.chrome_plan()`` (sizes above 100 %),
``self.aids.preview_for(action)`` (the engine's preview),
``self.pointer.legal_targets_for(key)``, ``self.ending.result_text(result)``,
:meth:`~client.table.scene.TableScene.perform`,
:meth:`~client.table.scene.TableScene.hovered` and ``self.names``.

Every game's ``Table`` provides every member (a test checks it, the required ones
defined by the game itself).
"""
from __future__ import annotations

from typing import Protocol

import pygame

from engine.core.match import event_kind

from client.table.ai import AIDriver, Driver
from client.table.history import log_kind
from client.table.kit.parts import DragSource, DropTarget, draw_source_hint, draw_target_highlight


class GameTable(Protocol):
    # ================================================================ required
    def layout(self) -> None:
        """Compute the board's rects from ``self.board_rect`` (and set the geometry hooks
        below: :attr:`hand_area`, :attr:`band`...). Called by ``build`` on every resize and
        interface-size change, before the first :meth:`draw_board`."""

    def draw_board(self, surf: pygame.Surface) -> None:
        """Draw ``self.shown`` (the state the animations have reached; hidden cards
        masked unless ``self.reveal_all``) inside ``self.board_rect``. Called every frame
        the table is redrawn, before the drag highlights, the zoom and the overlays; it is
        all a replay needs."""

    def drag_sources(self) -> list:
        """What can be picked up now: :class:`~client.table.kit.parts.DragSource` objects
        with keys the table chooses. Called by ``refresh`` after every state change."""

    def drop_targets(self) -> list:
        """Where things can land: :class:`~client.table.kit.parts.DropTarget` objects with
        the table's keys. Called by ``refresh`` after every state change."""

    def gesture_of(self, action) -> tuple | None:
        """For a legal ``action``: the ``(source key, target key)`` drag that performs it,
        or None (a button or a click makes it). Called by ``refresh`` for every legal
        action; only sources and targets of legal actions light up, and a drop performs
        its action."""

    def guess_action(self, src_key, tgt_key):
        """The action the player meant by a drop no legal action matches, so the engine's
        ``why_illegal`` reason is shown as the card snaps back; None for "that can't go
        there" (the card just returns). Called on such a drop."""

    def action_buttons(self) -> list:
        """The actions made by a button, not a drag: ``[(label, action, key, tip), ...]``
        in order (the last is the primary one). Called when the action buttons are
        rebuilt (after a state change, when animations end) while a human decides; the
        scene's version offers the legal actions no gesture covers, in the engine's
        words."""

    def on_board_click(self, pos) -> bool:
        """A click on the board that starts no drag (a selection, a mode switch, a
        choice spot); True when the table used it. Called on the mouse's release."""

    def card_at(self, pos):
        """The card object under ``pos`` for the hover zoom, returned as
        ``self.hovered(card, rect)`` so the zoom goes beside that card or cell; None
        where there is none. Called when the pointer moves or the drawn state changes."""

    def animate(self, action, events, before, after) -> list:
        """:class:`~client.table.kit.parts.Anim` objects for ``events`` (what the engine
        said ``action`` did; ``before`` / ``after`` the views either side), at normal
        speed (the queue applies the animation-speed setting). Set ``self.shown`` with a
        :class:`~client.table.kit.parts.Call` where the board should change (else it
        changes at the end); a :class:`~client.table.kit.parts.LogStep` ``(k)`` tells the
        log ``events[:k]`` only when reached. Called by ``perform`` after every action."""

    def status_text(self) -> str:
        """The phase line under the top bar (whose decision, what is asked). Called when
        the top bar is drawn."""

    def scale_probe(self) -> dict:
        """The card sizes a player notices, ``{name: px}`` (board card, hand card, grid
        cell...): the layout check compares them between interface sizes ("larger is
        larger"). Called by :mod:`client.devtools.layoutcheck_scale` after a layout."""

    # ================================================================ optional: geometry
    @property
    def hand_area(self) -> pygame.Rect | None:
        """Where the viewer's hand is (set by :meth:`layout`): a card dropped back over it
        is not played, the hot-seat cover hides it, the hand scrolls under the wheel there.
        Default None: no hand."""

    @property
    def band(self) -> pygame.Rect | None:
        """The phase band between the rows (the table's words for this decision), which a
        move preview keeps clear of. Default None."""

    @property
    def prompt_rect(self) -> pygame.Rect | None:
        """The table's prompt for this decision, outside any band (Evons), kept clear by
        a move preview like :attr:`band`. Default None."""

    @property
    def right_rect(self) -> pygame.Rect | None:
        """A column of the table's own under the log (Evons' chain panel): a lesson's panel
        may take it when the log is only one row. Default None."""

    @property
    def info(self) -> dict | None:
        """The players' panels, ``{"me": Rect, "opp": Rect}`` (life, deck, graveyard...); a
        move preview keeps clear of the mover's own. Default None."""

    # ================================================================ optional: settings
    @property
    def log_width(self) -> int:
        """Width of the right-hand log column at scale 1 (read by ``build``). Default 300."""

    @property
    def low_top_bar(self) -> bool:
        """A lower top bar above 100 % (a board that needs the window's height). Default
        False."""

    @property
    def banner_on_turn(self) -> bool:
        """Show a "Your turn" banner when a human seat's turn begins (skipped when
        :meth:`animate` returned a Banner itself). Default True."""

    @property
    def RETURN_VEIL(self) -> bool:
        """Hot seat: the screen may go back to a player with only the hand covered
        (instead of the full pass screen) when the other player answered in between.
        Default False; see :meth:`return_veil_ok`."""

    @property
    def board_min_width(self) -> int:
        """The width at scale 1 the board needs: where a full log column would leave it
        less, the column folds into a strip with a Log drawer (the default of
        :meth:`wants_compact_side`). Default 940."""

    @property
    def fold_log(self) -> bool:
        """The log column may fold into the strip at larger interface sizes (read by the
        default :meth:`wants_compact_side`). Default True; a table that lays out its own
        log says False until its layout handles ``self.side.compact``."""

    # ================================================================ optional: decisions
    def auto_answer(self):
        """A decision of the player at the screen that nothing they could choose would
        change: the action answering it, taken for them; else None (default). Called
        after every state change while a human decides (an exception: the player is
        asked)."""

    def two_step_keys(self, first, then) -> tuple | None:
        """The ``(source key, target key)`` of a move the engine asks as two decisions,
        ``first`` then ``then`` (Evons: a card, then its cell), so a hint can show it as
        one drag; None (default) for no such move. Called by the hint."""

    def action_rects(self, action) -> list:
        """Where on the board a click makes ``action``, for actions no drag, spot or button
        makes (Essveil's Attune choices): rects a hint or a lesson points at. Default:
        nowhere."""

    def choice_rects(self) -> list:
        """The choices shown on the board to click now, ``[(rect, action), ...]``
        (Everdawn's choice spots, Evons' numbered spots): a hint or a lesson points at
        the one of its move. Default: none."""

    def action_button_rects(self, n: int) -> list:
        """Where ``n`` action buttons go, in :meth:`action_buttons`' order. Default:
        stacked from the bottom of ``self.actions_rect``. Called when the buttons are
        rebuilt."""

    def board_wide(self, action) -> bool:
        """``action`` has no target on the board (a spell for the whole table): a drop of
        its card anywhere on the board performs it. Default False. Called on a drop that
        hits no target."""

    def previewed(self) -> tuple | None:
        """``(action, rect)`` of the move being aimed at now, whose engine preview is drawn
        beside ``rect``; None for none. Default: a drag held over a legal target (Evons
        adds a selected card over a cell). Called every frame."""

    def on_history_changed(self) -> None:
        """The match jumped (undo, redo, a replay's seek, an online resync): drop
        selections and half-made choices. Default: nothing."""

    # ================================================================ optional: input
    def on_press(self, pos) -> None:
        """The left button went down at ``pos`` (nothing else on the screen took it). A
        game takes the presses it handles itself (Essveil's graveyards) and passes the
        rest to ``super().on_press(pos)``. Default: pick up the drag source there, else
        :meth:`on_board_click` when it is released."""

    def on_release(self, pos) -> None:
        """The left button came up at ``pos``. A game takes the drops it handles itself
        (Essveil: a targeted card dropped on its own side asks for its target) and passes
        the rest on. Default: the drop's action, its refusal, or a board click."""

    def cancel_drag(self) -> None:
        """Drop what the player holds: called on a right click, when the game ends, the
        history jumps or the screen is handed over. A game clears its half-made choices
        too and calls ``super().cancel_drag()``. Default: no drag."""

    def click_action(self, action) -> None:
        """An action button (or its key) was pressed: ``action`` is what
        :meth:`action_buttons` gave it, which may be a game's own word (Evons' Firestorm
        steps, Everdawn's end of turn) handled here. Default: performed once the board is
        at the decision (``self.pointer.act_ready()``)."""

    # ================================================================ optional: words
    def log_event_text(self, m, ev) -> str:
        """The log's sentence for the engine event ``ev`` (``m``: the match after it), as
        the player(s) at the screen may read it. Default: the engine's wording, events
        private to the other player masked. Called for every event logged."""

    def opening_events(self, start) -> list:
        """Events for what the engine did while creating the match (``start``: the state
        before the first action), so the log tells them. Default: none. Called when a new
        match's log starts."""

    def reaction_text(self, seat) -> str:
        """The decision ``seat`` makes in the other player's turn (a Guard, a spell
        window), for the hand-off screen. Default: the engine's prompt, when it has one."""

    def handoff_reason(self, seat) -> str:
        """What the hot-seat hand-off screen tells ``seat`` (a reaction to make, the turn
        going on, a new turn). Default: built from :meth:`reaction_text`."""

    def on_handoff(self, seat) -> None:
        """Hot seat: ``seat`` now has the screen; reset per-player modes. Default: nothing."""

    def return_veil_ok(self, seat) -> bool:
        """May the screen go back to ``seat`` with only the hand covered? (False when the
        state shows more of ``seat``'s private cards, e.g. the top of a deck.) Default:
        :attr:`RETURN_VEIL`. Called at each hot-seat hand-off."""

    def answer_text(self, seat) -> str | None:
        """Hot seat: the words of the other player's answer in ``seat``'s turn for the
        short return panel ("" when there are none), or None when the screen must go back
        with the full pass screen. Default: :meth:`client.table.handoff.Handoff.answered`."""

    def log_text(self, text) -> str:
        """What the log adds for the sentence ``text`` (every line passes through here):
        a table may change or merge it (Evons tells a Firestorm in one line). Default:
        ``text`` unchanged."""

    # ================================================================ optional: screen parts
    def zoom_keep_clear(self) -> list:
        """Rects the hover zoom never covers: what the table offers to choose now (choice
        spots, trays, panels). Default: the action buttons. Called when the zoom is drawn."""

    def zoom_play_area(self) -> list:
        """The rects of the play area (lanes, the grid) the big zoom never covers. Default:
        none. Called when the zoom is drawn."""

    def thinking_rect(self) -> pygame.Rect | None:
        """Where the "<name> is thinking…" sign goes while the AI thinks (off the cells and
        labels it is about); None: the table draws it itself. Default: centred under the
        top bar."""

    def thinking_area(self) -> pygame.Rect | None:
        """The rectangle redrawn for the thinking sign's spinner (None: the whole window).
        Default: :meth:`thinking_rect`."""

    def callout_rect(self) -> pygame.Rect | None:
        """Where a hint's words and a reviewed move's go: their box is drawn from this
        rectangle's top, as tall as the words need (up to its height). Default: the log as
        it shows now (its column, open drawer or ticker). A table whose log is a narrow
        column offers a wider place beside it. Called when the words are drawn."""

    def wants_compact_side(self, k=None) -> bool:
        """Should the log column fold into a strip with a Log drawer at scale ``k`` (default
        the app's)? Default: when a full column would leave the board less than
        ``board_min_width``. Called by ``build`` and by layouts comparing sizes."""

    def draw_drag_layer(self, surf: pygame.Surface) -> None:
        """The drag highlights over the board: legal sources when idle, legal targets while
        dragging. Default: gold rims on the sources' and targets' rects. Called every
        frame after :meth:`draw_board`."""

    def draw_dragged(self, surf: pygame.Surface) -> None:
        """The card in hand under the pointer while it is dragged. Default: its image (or
        a pale ghost) over a soft shadow; Evons draws the tile it becomes, Essveil adds the
        Life of a player aimed at. Called every frame of a drag, over the board."""

    def draw_over_zoom(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        """Drawn just after the big hover zoom, which stands at ``rect`` (Everdawn's note
        under a card placed, not played). Default: nothing. Called whenever the zoom is
        drawn."""

    def draw_over_preview(self, surf: pygame.Surface) -> None:
        """Drawn just after the move preview (Evons: the dragged card's cost, placed clear
        of the preview). Default: nothing. Called every frame, preview or not."""

    def action_buttons_placed(self) -> None:
        """The action buttons were just rebuilt (``self.chrome.action_widgets``): a table
        whose panels end where the buttons begin follows them (Evons' chain column).
        Default: nothing."""

    def on_anims_done(self) -> None:
        """The animations of the actions played so far have ended and the board shows the
        match as it is: a table drops what it drew only for them. Default: nothing."""

    # ================================================================ optional: lessons
    def lesson_events(self, events) -> list:
        """Of the events of a move just made in a lesson, those the lesson's panel tells in
        words (the engine's sentences, at most four). Default: all but the markers of a new
        turn; a game leaves out its own markers (phases, set-up) and events another line
        already tells."""

    # ================================================================ optional: sound
    @property
    def SOUNDS(self) -> dict:
        """Engine event kind -> sound effect name (:data:`client.sound.EFFECTS`), read by
        :meth:`sound_of` for every event told. Each game lists its own events; default
        empty: a table without it is silent."""

    def sound_of(self, ev, actor) -> str | None:
        """The sound effect for engine event ``ev`` made by seat ``actor``, or None for
        silence; at most three a move are played. Default: :attr:`SOUNDS` by the event's
        kind (Everdawn overrides it: morale lost sounds as a hit)."""

    # ================================================================ optional: end and clock
    def end_match(self, winner, reason, **meta) -> None:
        """End the game from the client (concession, turn-clock forfeit) through the
        engine's CONCEDE action. Default: that action, made at the loser's next decision
        when the loser is not deciding now."""

    def clock_spec(self) -> tuple | None:
        """``(seconds per turn, bank seconds, timeouts that forfeit)`` to run a turn clock
        for the human seats, or None (default: no clock). Read every frame the table
        updates."""

    def on_timeout(self, seat) -> None:
        """``seat`` ran out of turn time and bank: end its turn (the game's end-turn
        action). Default: nothing."""

    def make_driver(self):
        """The :class:`client.table.ai.Driver` of the seats no one at the screen plays,
        made once when the table opens. Default: :class:`client.table.ai.AIDriver` (the
        AI in the background and the human seats' turn clock); a game whose table must
        act before the AI (Everdawn's ordering of cards sent to a deck's bottom) returns
        its own."""


    # ================================================================ extended
    # the framework's own methods a table may extend (calling ``super()``)
    def handle_event(self, ev) -> None:
        """An input event the screen's buttons, the layer and input ahead of the board
        left: a game's keys first, then ``super().handle_event(ev)`` for the pointer
        (:class:`client.table.input.Pointer`). Called for every such event."""

    def perform(self, action, *, by_ai=False) -> bool:
        """Play ``action`` through the session (log, animations, autosave); False when
        refused. A game extends it to follow its own marks (Evons' mulligan marks)."""

    def refresh(self, update_shown: bool = True) -> None:
        """Recompute the view, the legal actions and the drag maps after any state change;
        a game extends it with what it derives from the state (its choice spots)."""

    def update(self, dt: float) -> None:
        """Each frame, ``dt`` seconds on: the framework's clock, AI and animations; a game
        extends it with what runs by itself (Everdawn's auto-pass after a timeout)."""

    def rebuild_log(self, note=None, recent: int = 40) -> None:
        """The log told again from the record's last ``recent`` actions (after any jump in
        history); a game extends it to rebuild what it keeps beside the lines."""

    def top_bar_height(self) -> int:
        """The top bar's height at the app's scale (read by ``build``); a game whose board
        needs the window's height asks for less at larger interface sizes (Evons)."""


#: the framework's own methods a table may extend (their versions are the scene's, not
#: :class:`TableHooks`)
EXTENDED = frozenset({"handle_event", "perform", "refresh", "update", "rebuild_log", "top_bar_height"})
#: the hooks every game's ``Table`` defines itself
REQUIRED = frozenset({"layout", "draw_board", "drag_sources", "drop_targets", "gesture_of", "guess_action",
                      "action_buttons", "on_board_click", "card_at", "animate", "status_text", "scale_probe"})


def hook_names() -> list[str]:
    """Every member of :class:`GameTable`, in its order."""
    return [n for n in vars(GameTable) if not n.startswith("_")]


class TableHooks:
    """The defaults of the optional hooks of :class:`GameTable` (and placeholders for the
    required ones): :class:`client.table.scene.TableScene` inherits them, a game's
    ``Table`` overrides what its game needs. Only hooks live here; the framework's
    machinery is in the scene and its parts (``self.side``, ``self.aids``,
    ``self.ending``, ``self.pointer``, ``self.chrome``, ``self.history``,
    ``self.handoff``, ``self.driver``)."""

    def layout(self):
        """Compute board geometry from ``self.board_rect``. Override."""

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

    def on_board_click(self, pos) -> bool:
        return False

    def card_at(self, pos):
        return None

    def animate(self, action, events, before, after):
        return []

    def status_text(self) -> str:
        m = self.state_shown()
        if self.mode == "replay" and self.replay is not None:
            return self.replay.status_text()
        if self.result() is not None:
            return self.ending.result_text(self.result())
        p = m.to_move()
        who = self.names[p] if p is not None else "?"
        return f"Turn {m.turn()} — {who} to move"

    def scale_probe(self) -> dict:
        """The card sizes a player notices, ``{name: px}``. Default: none."""
        return {}

    #: where the viewer's hand is (set by a table's layout); None: no hand
    hand_area = None

    #: the phase band, a prompt outside it, the players' panels ({"me", "opp"}): a move
    #: preview keeps clear of them
    band = prompt_rect = info = None
    #: a column of the table's own under the log (Evons' chain panel); None: none
    right_rect = None

    #: width of the right-hand log column at scale 1
    log_width = 300

    #: a lower top bar above 100 % (tables whose board needs the window's height)
    low_top_bar = False

    #: show a "Your turn" / "<name>'s turn" banner when a human seat's turn begins
    #: (skipped when the table's own animate() already returned a Banner)
    banner_on_turn = True

    #: hot seat, after the other player's reaction: hand the screen back with the short
    #: "X has answered: pass back to Y" over the covered hand (client/table/handoff_return.py)
    #: instead of a second dark screen. Only for tables whose private side is the hand.
    RETURN_VEIL = False

    #: the board needs about this much width at scale 1 (the tables are drawn for 940+ px
    #: at 1280x720 100 %); below it the log folds into the strip
    board_min_width = 940

    #: the log column may fold into a strip with a Log drawer (a table that lays out
    #: its own log, like Evons, says False until it handles ``side.compact``)
    fold_log = True

    def auto_answer(self):
        """A decision of the player at the screen that nothing they could choose would
        change (the engine says which choices can matter): the action that answers it,
        taken for them; else None. Override."""
        return None

    def two_step_keys(self, first, then):
        """The (source, target) keys of a move the engine asks as two decisions, ``first``
        then ``then`` (Evons: a card, then its cell), or None. Default: no such moves."""
        return None

    def action_rects(self, action) -> list:
        """Where on the board a click makes ``action``, for the actions no drag, spot or
        button makes (a game's own clickable parts). Default: nowhere."""
        return []

    def choice_rects(self) -> list:
        """The choices shown on the board to click now, ``[(rect, action)]``. Default: none."""
        return []

    def action_button_rects(self, n):
        """Where ``n`` action buttons go, in their order (the last is the primary, the
        bottom one): stacked from the bottom of ``actions_rect``."""
        s = self.s
        r = self.actions_rect
        bh, gap = s(38), s(8)
        return [pygame.Rect(r.left, r.bottom - bh - (n - 1 - i) * (bh + gap), r.width, bh) for i in range(n)]

    def board_wide(self, action) -> bool:
        """``action`` has no target on the board (a table-wide spell). Default False."""
        return False

    def previewed(self):
        """``(action, rect)`` of the move being aimed at now (a drag held over a legal
        target), or None. Tables may add their own (Evons: a selected card over a cell)."""
        d = self.drag
        if d is None or not d.moved or self.busy():
            return None
        for t in self.targets.values():
            if t.rect.collidepoint(d.pos):
                a = self.pairs.get((d.source.key, t.key))
                return (a, t.rect) if a is not None else None
        return None

    def on_history_changed(self):
        """The match jumped (undo, redo, replay seek). Drop selections etc. Override."""

    def on_press(self, pos):
        """The left button went down at ``pos`` on the board: a game may take it first
        (Essveil's graveyards); default: pick up a drag source, else a board click."""
        self.pointer.press(pos)

    def on_release(self, pos):
        """The left button came up at ``pos``: a game may take the drop first (Essveil's
        targeted card dropped on its own side); default: the drop or the click."""
        self.pointer.release(pos)

    def cancel_drag(self):
        """Drop the drag in hand (a right click, the end of the game, a jump in history);
        a game clears its half-made choices too."""
        self.drag = None

    def click_action(self, action):
        """An action button was pressed (or its key): ``action`` is what
        :meth:`action_buttons` gave it (a game may give a word of its own and act on it
        here). Default: perform it once the board is at the decision."""
        if not self.pointer.act_ready():
            return
        self.perform(action)      # no longer legal after all: the engine's reason is shown

    def log_event_text(self, m, ev) -> str:
        """The log sentence for ``ev`` as the player(s) at the screen may read it:
        events private to one player (the game's ``event_for(event, viewer)``,
        e.g. a card tutored into a hand) are masked for the other — in hot seat
        for both, since the log is shared; nothing is masked with reveal all. The
        seats are called as :meth:`seat_names` says ("you", "the AI", names)."""
        if not self.reveal_all:
            f = getattr(type(m), "event_for", None)
            if f is not None:
                try:
                    ev = f(ev, self.viewer if self.mode != "hotseat" else -1)
                except Exception:  # noqa: BLE001 - fall back to the plain event
                    pass
        return m.event_text(ev, self.seat_names())

    def opening_events(self, start):
        """Events for what the engine did while creating the match (``start``: the state
        before the first action), e.g. the first player's turn 1 and set-up, so the log
        tells them. Default: none. A table returns event tuples its engine can word."""
        return []

    def reaction_text(self, seat) -> str:
        """The decision ``seat`` makes in the other player's turn (a Guard, a spell window).
        Default: the engine's prompt when it has one."""
        return self.handoff.reaction(seat)

    def handoff_reason(self, seat) -> str:
        """What the hand-off screen tells ``seat`` (default: :meth:`Handoff.reason`)."""
        return self.handoff.reason(seat)

    def on_handoff(self, seat):
        """Hot seat: ``seat`` now has the screen. Reset per-player modes here. Override."""

    def return_veil_ok(self, seat) -> bool:
        """May the screen go back to ``seat`` with only the hand covered? (Override when
        some states show more of ``seat``'s private cards, e.g. the top of a deck.)"""
        return self.RETURN_VEIL

    def answer_text(self, seat):
        """The words of the other player's answer in ``seat``'s turn, for the short return
        ("" when there are none), else None (default: :meth:`Handoff.answered`)."""
        return self.handoff.answered(seat)

    def log_text(self, text) -> str:
        """What the log adds for an engine sentence ``text`` (a table may change or merge
        it there: Evons' one line per Firestorm). Default: the sentence as it is."""
        return text

    def zoom_keep_clear(self) -> list:
        """Rects a hover zoom must never cover: the action buttons and what the table
        offers to choose now (tables add their choice spots, trays and panels)."""
        return [b.rect for b in self.chrome.action_widgets]

    def zoom_play_area(self) -> list:
        """The rects of the play area (lanes, the grid) the big zoom never covers. Default: none."""
        return []

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

    def callout_rect(self):
        """Where a hint's and a reviewed move's words go (see the hook): the log's face."""
        return self.side.face_rect()

    def wants_compact_side(self, k=None) -> bool:
        """Should the log column fold into a strip with a Log drawer at scale ``k``
        (default the app's)? Default: when a full column leaves the board too little room."""
        return self.side.wants_compact(k)

    def draw_drag_layer(self, surf):
        """Highlights: legal sources (gold rim) when idle; legal targets while dragging."""
        sc = self.app.scale
        if self.drag is not None and self.drag.moved:
            legal = self.pointer.legal_targets_for(self.drag.source.key)
            for key in legal:
                t = self.targets.get(key)
                if t is not None:
                    draw_target_highlight(surf, t, self.pulse_t, hot=t.rect.collidepoint(self.drag.pos),
                                          scale=sc)
        elif not self.busy() and self.app.settings.show_hints:
            for key in self.live_sources:
                src = self.sources.get(key)
                if src is not None:
                    draw_source_hint(surf, src.rect, self.pulse_t, sc)

    def draw_dragged(self, surf):
        """The card in hand under the pointer while it is dragged (its image, or a pale
        ghost, over a soft shadow). A game may draw it its own way."""
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

    def draw_over_zoom(self, surf, rect) -> None:
        """Drawn after the big hover zoom, at ``rect`` (Everdawn's note under a placed
        card). Default: nothing."""

    def draw_over_preview(self, surf) -> None:
        """Drawn after the move preview (Evons: a dragged card's cost, clear of it).
        Default: nothing."""

    def action_buttons_placed(self):
        """The action buttons were just rebuilt (``self.chrome.action_widgets``): a table
        whose panels end where the buttons begin follows them (Evons). Default: nothing."""

    def on_anims_done(self):
        """The animations of the actions played so far have ended and the board shows
        the match as it is. Default: nothing (a table drops what it drew for them)."""

    def lesson_events(self, events) -> list:
        """The events of a move that a lesson explains in words (see
        :class:`client.table.tutorial.Coach`): default all but the markers of a new turn."""
        return [ev for ev in events if ev and log_kind(ev) != "turn"]

    #: engine event kind -> sound effect (client.sound.EFFECTS); each game's table
    #: lists its own events (kinds not listed are silent)
    SOUNDS: dict = {}

    def sound_of(self, ev, actor):
        """The effect for engine event ``ev`` (None: silent): :attr:`SOUNDS` by its kind. A
        table whose sound hangs on more than the kind overrides this."""
        return self.SOUNDS.get(event_kind(ev))

    def end_match(self, winner, reason, **meta):
        """End the game from the client (concession, turn-clock forfeit) through the
        engine's CONCEDE action: :meth:`client.table.end.Ending.end`. A game whose
        concession needs more first calls ``self.ending.through_engine(...)``."""
        self.ending.end(winner, reason, **meta)

    def clock_spec(self):
        """``(seconds per turn, bank seconds, timeouts that forfeit)`` to run a turn
        clock for the human seats, or None (default). Everdawn returns
        ``(120, 300, 3)`` when ``self.app.settings.everdawn_turn_clock`` is on."""
        return None

    def on_timeout(self, seat):
        """``seat`` ran out of turn time and bank: end its turn (override with the
        game's end-turn action). The clock then gives it a fresh turn allowance."""

    def make_driver(self) -> Driver:
        """The driver of the seats no one at the screen plays (made once, in ``__init__``):
        the AI in the background, and the human seats' turn clock. A table whose
        opponent moves otherwise returns its own :class:`~client.table.ai.Driver`."""
        return AIDriver(self)
