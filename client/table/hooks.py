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
  scene's own versions are placeholders that draw or allow nothing).
* **Optional**: :class:`TableScene` has a default fitting a game without that part (no
  hand, no phase band, no reaction in the other player's turn...); a table overrides
  the ones its game needs.

What the framework gives the table to work with (not hooks): ``self.board_rect`` (the
board's place, set before :meth:`GameTable.layout`), ``self.top_rect``, ``self.s(x)``
(a length at the interface scale), ``self.view`` / ``self.shown`` (the match as the
viewer may see it, and the state drawn while animations play), ``self.legal``,
``self.pairs`` (``(source key, target key) -> action`` of the legal gestures),
``self.hand_scroll`` (a hand with more cards than it shows), ``self.side.compact`` (the
log folded into a strip), :meth:`~client.table.scene.TableScene.perform`,
:meth:`~client.table.scene.TableScene.hovered` and ``self.names``.

Every game's ``Table`` provides every member (a test checks it, the required ones
defined by the game itself).
"""
from __future__ import annotations

from typing import Protocol

import pygame


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


#: the hooks every game's ``Table`` defines itself
REQUIRED = frozenset({"layout", "draw_board", "drag_sources", "drop_targets", "gesture_of", "guess_action",
                      "action_buttons", "on_board_click", "card_at", "animate", "status_text", "scale_probe"})


def hook_names() -> list[str]:
    """Every member of :class:`GameTable`, in its order."""
    return [n for n in vars(GameTable) if not n.startswith("_")]
