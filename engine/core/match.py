"""The match contract shared by Everdawn, Evons and Essveil.

Everything above the rules — AI, arena, tournaments, replays, undo, autosave and
the client's action layer — is written once against this class.

Conventions
-----------
* **Players** are ``0`` and ``1`` (seats). Seat 0 is the first deck passed to
  :meth:`Match.new`; who *goes first* is decided by the match's own coin flip.
* **Actions** are tuples of ints (hashable, cheap, JSON as a list). Every choice
  is an action of the player who makes it: moves, targets, orders, reactions in
  the other player's turn, passing a window. ``legal_actions()`` lists them for
  ``to_move()``; ``action_text(a)`` gives a short log form.
* **Events** are tuples whose first item is a short ``str`` kind followed by
  JSON-able values (ints, strs, lists). ``apply`` returns them in order, for
  animation and the log; ``event_text(e)`` is a plain sentence.
* **Hidden information**: ``view(p)`` returns a copy of the match in which
  everything player ``p`` cannot see is masked; ``determinize(p, seed)`` fills a
  view of ``p`` with one consistent guess (and a fresh RNG), so a search that
  only ever calls ``determinize`` is honest by construction.
* **Determinism**: all randomness comes from the match's own seeded RNG, so
  ``seed + decks + options + action list`` reproduces a game exactly
  (see :mod:`engine.core.record`).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar, Mapping, Sequence

Action = tuple
Event = tuple


def as_action(action) -> tuple | None:
    """``action`` as a tuple if it is a tuple or list of ints (not bools, not
    floats: ``(3.0, 0.0)`` equals ``(3, 0)`` and would pass a membership test,
    then break the rules half-way), else None."""
    if type(action) is not tuple:
        if not isinstance(action, (list, tuple)):
            return None
        action = tuple(action)
    for x in action:
        if type(x) is not int:
            return None
    return action


class IllegalAction(ValueError):
    """Raised by :meth:`Match.apply` for an action that is not legal now.

    ``reason`` is a sentence fit to show the player. The match is unchanged.
    """

    def __init__(self, reason: str, action: Action | None = None):
        super().__init__(reason)
        self.reason = reason
        self.action = action


@dataclass(frozen=True)
class Result:
    """How a match ended. ``winner`` is 0 or 1, or None for a draw."""

    winner: int | None
    reason: str

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def to_json(self) -> dict:
        return {"winner": self.winner, "reason": self.reason}

    @classmethod
    def from_json(cls, obj) -> "Result":
        return cls(obj["winner"], obj["reason"])

    def text(self, names: Sequence[str] = ("Player 1", "Player 2")) -> str:
        if self.winner is None:
            return f"Draw — {self.reason}"
        from .text import does
        return does(names[self.winner], "win", f"— {self.reason}")


@dataclass(frozen=True)
class OptionSpec:
    """A match option shown in match setup (e.g. Evons' rules in testing)."""

    name: str
    label: str
    description: str
    default: Any = False


class Match:
    """Base class of one game in progress. Subclasses implement the ``...`` methods.

    Subclasses should keep their state compact (``__slots__``, flat lists/tuples,
    immutable shared card data) so that :meth:`clone` takes microseconds.
    """

    __slots__ = ()

    GAME: ClassVar[str] = ""
    OPTIONS: ClassVar[tuple[OptionSpec, ...]] = ()
    #: the decisions that end a player's part of a turn soonest, in order of preference
    #: (keep the opening hand, decline a window, end the turn): see :meth:`timeout_action`
    TIMEOUT_ACTIONS: ClassVar[tuple[Action, ...]] = ()

    # ---------------------------------------------------------------- creation
    @classmethod
    def new(cls, decks: Sequence, seed: int, options: Mapping[str, Any] | None = None) -> "Match":
        """Create a match from two :class:`~engine.core.deck.Deck` (seat 0, seat 1)."""
        raise NotImplementedError

    @classmethod
    def default_options(cls) -> dict:
        return {o.name: o.default for o in cls.OPTIONS}

    # ---------------------------------------------------------------- decisions
    def to_move(self) -> int | None:
        """The player who must decide now, or None when the match is over."""
        raise NotImplementedError

    def turn_player(self) -> int:
        """The player whose turn it is (may differ from :meth:`to_move` during reactions)."""
        raise NotImplementedError

    def turn(self) -> int:
        """Turns begun so far: 1 during the first player's first turn, 2 during the next..."""
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        """Every legal action of :meth:`to_move`. Empty when the match is over."""
        raise NotImplementedError

    def timeout_action(self) -> Action:
        """The decision the rules make for :meth:`to_move` when their time runs out (the
        online pace: "a timeout ends the turn"): the first of :attr:`TIMEOUT_ACTIONS` that
        is legal now, else — a choice the rules require, such as a target or an order —
        the first legal action. Made again until that player's turn (or their part in the
        other player's turn) is over, it ends it without playing anything of theirs."""
        legal = self.legal_actions()
        for a in self.TIMEOUT_ACTIONS:
            if a in legal:
                return a
        return legal[0]

    def why_illegal(self, action: Action) -> str | None:
        """None if ``action`` is legal now, else a reason fit for the player."""
        if self.result() is not None:
            return "The game is over."
        action = as_action(action)
        if action is None:
            return "That is not a move."
        if action in self.legal_actions():
            return None
        return self.explain_illegal(action) or "That move is not allowed now."

    def explain_illegal(self, action: Action) -> str | None:
        """Game-specific reason why an (illegal) action is refused. Override."""
        return None

    def apply(self, action: Action, *, check: bool = True) -> list[Event]:
        """Apply an action of :meth:`to_move` and return the events that happened.

        With ``check`` (the default) an illegal action raises
        :class:`IllegalAction` with a reason and leaves the match untouched.
        ``check=False`` is for search and self-play that pick from
        :meth:`legal_actions` themselves (the hot path: a tuple goes straight
        to the rules, uncopied). Anything but a tuple (or list) of ints is
        refused with :class:`IllegalAction` when checking.
        """
        if check:
            a = as_action(action)
            if a is None:
                raise IllegalAction("That is not a move.", action if isinstance(action, tuple) else None)
            reason = self.why_illegal(a)
            if reason is not None:
                raise IllegalAction(reason, a)
            return self._apply(a)
        if type(action) is not tuple:
            action = tuple(action)
        return self._apply(action)

    def _apply(self, action: Action) -> list[Event]:
        raise NotImplementedError

    def preview(self, action: Action):
        """What ``action`` of the player to move would do, as that player can know it
        (read-only: played on ``determinize(to_move)``, never on this match): a
        :class:`engine.core.preview.Preview`, or None. Each game's rules for it live
        in ``engine/<game>/preview.py``."""
        from .preview import preview_of
        return preview_of(self, action)

    def result(self) -> Result | None:
        """The result once the match is over, else None."""
        raise NotImplementedError

    def is_over(self) -> bool:
        return self.result() is not None

    # ---------------------------------------------------------------- hidden information
    def view(self, player: int) -> "Match":
        """A copy with everything ``player`` cannot see masked (opponent's hand,
        both decks' order, face-down cards, the RNG state, and the opponent's deck
        list: of the opponent's unseen cards only how many there are)."""
        raise NotImplementedError

    def determinize(self, player: int, seed: int) -> "Match":
        """A full match consistent with ``player``'s view: ``player``'s own unseen cards
        (deck order) dealt out again, the opponent's guessed from the card pool within the
        deck rules (:mod:`engine.core.unseen`), RNG reseeded from ``seed``. Depends only on
        ``self.view(player)`` and ``seed``."""
        return self.view(player)._fill_hidden(seed)

    def _fill_hidden(self, seed: int) -> "Match":
        """On a view: replace masked cards by a consistent random guess, in place; return self."""
        raise NotImplementedError

    def info_key(self, player: int) -> str:
        """A string equal for two matches exactly when ``player`` sees the same thing."""
        return json.dumps(self.view(player).to_json(), sort_keys=True, separators=(",", ":"))

    # ---------------------------------------------------------------- copies and files
    def clone(self) -> "Match":
        raise NotImplementedError

    def to_json(self) -> dict:
        """Exact JSON form of the whole state (``from_json(to_json())`` == self)."""
        raise NotImplementedError

    @classmethod
    def from_json(cls, obj: dict) -> "Match":
        raise NotImplementedError

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and self.to_json() == other.to_json()

    __hash__ = None  # mutable

    # ---------------------------------------------------------------- text
    def action_text(self, action: Action) -> str:
        """Short log form of an action, read in the current state (before applying)."""
        return " ".join(str(x) for x in action)

    def event_text(self, event: Event) -> str:
        """A plain sentence for the game log."""
        return " ".join(str(x) for x in event)

    # ---------------------------------------------------------------- checks
    def invariant_problems(self) -> list[str]:
        """Game-specific invariants (card conservation, ...). Empty when all hold."""
        return []
