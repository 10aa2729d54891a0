"""A table's layer: what a way of playing adds to a game's own table, as a part it holds.

Every game's ``Table`` is opened as it is; a way of playing that changes the table's
behaviour is an object passed as ``layer=`` and kept as ``table.layer``:

* :class:`client.table.online.OnlineLink` — a match over the network (the server's moves,
  clock, connection, claim, rematch);
* :class:`client.table.tutorial.Coach` — a lesson of Learn to play (the panel, the taught
  move, the scripted opponent);
* :class:`client.table.tutorial.HintCallout` — the first game after the lessons (a note
  pointing at the Hint button).

The table calls its layer at the hook points of :class:`TableLayer`, each at one place
(named in its doc); :class:`Layer` is the layer that changes nothing (every table without
one holds it), and the base the parts above override what they need of. Who moves the
seats nobody at this screen plays, and the turn clock, is the table's :class:`Driver`
(``table.driver``): the AI's, or the layer's own from :meth:`TableLayer.driver` (the
server's moves and clock online, a lesson's scripted opponent).
"""
from __future__ import annotations

from typing import Callable, Protocol

from client.table.ai import Driver


class TableLayer(Protocol):
    """The hook points of a table's layer (see the module doc). ``table`` is the
    :class:`client.table.scene.TableScene` holding it."""

    # ---------------------------------------------------------------- set-up
    def attach(self, table) -> None:
        """The table is being opened (its session and names set; its log not begun yet)."""

    def driver(self, ai: Driver) -> Driver:
        """The table's :class:`Driver`, given the AI's: that one, or the layer's own."""

    def build(self) -> None:
        """The table's widgets were just built (at the end of ``build``): add, drop, place."""

    # ---------------------------------------------------------------- each frame
    def update(self, dt: float, frame: Callable[[float], None]) -> None:
        """Around the table's frame: ``frame(dt)`` runs it (``update``)."""

    def handle_event(self, ev) -> bool:
        """An input event before the table sees it (``process_event``); True: used here."""

    def draw(self, surf, frame: Callable) -> None:
        """Around the table's drawing: ``frame(surf)`` draws it (``draw``)."""

    def draw_top_bar(self, surf) -> None:
        """Over the top bar, just drawn (``draw``)."""

    # ---------------------------------------------------------------- play
    def perform(self, action, by_ai: bool, play: Callable[..., bool]) -> bool:
        """Around a move (``perform``): ``play(action, by_ai=...)`` makes it; the result
        says whether it was made."""

    def refuses_batch(self) -> bool:
        """A table's command that makes several moves at once (a game's "end the turn")
        is refused as a whole, the layer saying why (True), or goes ahead (False)."""

    # ---------------------------------------------------------------- words
    def log_start(self) -> bool:
        """The log's first lines were told here (True) or are the table's (False)."""

    def status_text(self, text: str) -> str:
        """The top bar's status line, given the table's."""

    def prompt(self) -> str | None:
        """Words that stand for the game's prompt while the layer has the player's
        attention (a game's ``prompt``), or None: the game's own."""

    def covers(self, rect) -> bool:
        """The layer draws over ``rect`` (a game leaves out a part drawn there)."""

    # ---------------------------------------------------------------- the end
    def result(self, r):
        """The match's result as the table tells it, given the table's (None: going on)."""

    def game_over(self) -> bool:
        """The match ended: True when the layer goes on its own way (no game-over screen)."""

    def concede(self) -> bool:
        """The player concedes (the pause menu): True when the layer took it."""

    def rematch(self) -> bool:
        """Rematch on the game-over screen: True when the layer took it."""

    def leave(self) -> None:
        """The table has been left (after the table's own leaving)."""


class Layer:
    """The layer that changes nothing; the base of the table's parts (override what you need)."""

    table = None

    def attach(self, table) -> None:
        self.table = table

    def driver(self, ai: Driver) -> Driver:
        return ai

    def build(self) -> None:
        return None

    def update(self, dt, frame) -> None:
        frame(dt)

    def handle_event(self, ev) -> bool:
        return False

    def draw(self, surf, frame) -> None:
        frame(surf)

    def draw_top_bar(self, surf) -> None:
        return None

    def perform(self, action, by_ai, play) -> bool:
        return play(action, by_ai=by_ai)

    def refuses_batch(self) -> bool:
        return False

    def log_start(self) -> bool:
        return False

    def status_text(self, text: str) -> str:
        return text

    def prompt(self):
        return None

    def covers(self, rect) -> bool:
        return False

    def result(self, r):
        return r

    def game_over(self) -> bool:
        return False

    def concede(self) -> bool:
        return False

    def rematch(self) -> bool:
        return False

    def leave(self) -> None:
        return None
