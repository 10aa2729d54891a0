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
  animation and the log. Each game names their fields (``EVENTS``, made with
  :func:`event_kinds`; ``m.event(e).player``); the rules keep building plain tuples.
* **Words** are made when shown, from how the screen calls each seat (a
  :class:`engine.core.text.Names`: "you", "the AI", "Ann"): ``event_text(e, names)``
  is the log's sentence, :func:`result_text` the end's. Nothing is renamed after.
* **Results**: :class:`Result` ``(winner, reason, details)``; ``reason`` an
  :class:`EndReason` (the shared :class:`End` and each game's, registered from
  ``engine/<game>/text.py``), ``details`` a few names and numbers.
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
import re
from collections import namedtuple
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, Mapping, Sequence

from .text import SEATS, Names

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


class EndReason(str, Enum):
    """Why a match ended: one member per way, the value a stable id kept in files and sent
    online (``"conceded"``, ``"everdawn.morale"``). The shared ways are :class:`End`'s; each
    game adds its own in ``engine/<game>/text.py`` (a subclass of this class passed to
    :func:`register_end_reasons`, with how each reads and how to read its old sentences)."""

    def sentence(self, result: "Result", names) -> str:
        """Why the match ended, as a clause from ``names`` ("your morale is depleted")."""
        return _REASON_TEXT[type(self)](result, names)


class End(EndReason):
    """The ways any match can end beside its game's own."""

    CONCEDED = "conceded"           # the loser conceded
    TIMEOUT = "timeout"             # the loser's clock ran out (``details["times"]``: how often)
    LEFT = "left"                   # the loser left an online table
    CALLED_OFF = "called_off"       # an online match called off before it began (no winner)
    OTHER = "other"                 # a sentence of an older program (``details["text"]``)


_REASONS: dict[str, EndReason] = {}
_REASON_TEXT: dict[type, Any] = {}
_OLD_WORDS: list = []


def register_end_reasons(cls: type, sentence, old_words=None) -> type:
    """Make ``cls`` (an :class:`EndReason` with members) known to :meth:`Result.from_json`.
    ``sentence(result, names) -> str`` says why a result of ``cls`` ended; ``old_words(text)
    -> (member, details) | None`` reads a reason sentence written by older versions (saved
    games, replays, autosaves, servers), so their files still load and read well."""
    for member in cls:
        old = _REASONS.get(member.value, member)
        if old is not member and type(old).__module__ != cls.__module__:     # (a reloaded module replaces its own)
            raise ValueError(f"end reason {member.value!r} is registered twice")
        _REASONS[member.value] = member
    _REASON_TEXT[cls] = sentence
    if old_words is not None and old_words not in _OLD_WORDS:
        _OLD_WORDS.append(old_words)
    return cls


def small_details(d) -> dict:
    """``details`` as a small JSON-able dict of names and numbers (lists as tuples)."""
    out = {}
    if not isinstance(d, Mapping):
        return out
    for k, v in list(d.items())[:8]:
        if not isinstance(k, str):
            continue
        if isinstance(v, (list, tuple)):
            v = tuple(x for x in v[:8] if type(x) in (int, str))
        elif type(v) not in (int, str) or v is None:
            continue
        out[k[:40]] = v[:300] if isinstance(v, str) else v
    return out


@dataclass(frozen=True)
class Result:
    """How a match ended. ``winner`` is 0 or 1, or None for a draw; ``reason`` an
    :class:`EndReason`; ``details`` a small dict of names and numbers the reason's
    sentence uses (Evons' ``{"score": (13, 9)}``, a timeout's ``{"times": 3}``). The
    words are made when shown, from the names of the screen: :func:`result_text`."""

    winner: int | None
    reason: EndReason
    details: Mapping = field(default_factory=dict)

    def __post_init__(self):
        details = small_details(self.details)
        if not isinstance(self.reason, EndReason):      # a sentence (older code, a toy game): read it
            reason, read = _read_reason(str(self.reason))
            object.__setattr__(self, "reason", reason)
            details = {**read, **details}
        object.__setattr__(self, "details", details)

    def __hash__(self) -> int:
        return hash((self.winner, self.reason, tuple(sorted(self.details.items()))))

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    @property
    def loser(self) -> int | None:
        return None if self.winner is None else 1 - self.winner

    def to_json(self) -> dict:
        """``reason`` stays a plain sentence in the engine's words ("Player 2's morale is
        depleted."), what older versions read; ``end`` and ``details`` are the structure."""
        return {"winner": self.winner, "reason": self.reason.sentence(self, SEATS),
                "end": self.reason.value, "details": {k: list(v) if isinstance(v, tuple) else v
                                                      for k, v in self.details.items()}}

    @classmethod
    def from_json(cls, obj) -> "Result":
        """The result of a file or a message, new or old: an ``end`` this program knows,
        else the old ``reason`` sentence read by the games' :func:`register_end_reasons`
        readers, else that sentence kept as it is (:attr:`End.OTHER`)."""
        w = obj["winner"]
        code = obj.get("end")
        details = obj.get("details") if isinstance(obj.get("details"), Mapping) else {}
        if isinstance(code, str):
            _load_games_reasons()
            if code in _REASONS:
                return cls(w, _REASONS[code], details)
        return cls(w, str(obj.get("reason") or ""))

    def text(self, names=None) -> str:
        """"Player 1 wins — Player 2's morale is depleted" (see :func:`result_text`)."""
        return result_text(self, names)


def _read_reason(text: str) -> tuple:
    """(reason, details) of a reason given as a sentence: a registered id, the words of
    an older version (read by the games' :func:`register_end_reasons` readers), else the
    sentence kept as it is (:attr:`End.OTHER`)."""
    _load_games_reasons()
    if text in _REASONS:
        return _REASONS[text], {}
    for read in _OLD_WORDS:
        got = read(text)
        if got is not None:
            return got
    got = _old_shared_words(text)
    if got is not None:
        return got
    return End.OTHER, {"text": text.strip().rstrip(".")}


_GAMES_LOADED = []


def _load_games_reasons() -> None:
    """Every game's reasons registered (once): a file or a message may be read first."""
    if not _GAMES_LOADED:
        _GAMES_LOADED.append(True)
        from ..games import load_end_reasons
        load_end_reasons()


def result_text(result: Result, names=None) -> str:
    """The whole result for a screen: "You win — the AI's morale is depleted", "Ann wins —
    Bob conceded", "Draw — the duel reached the 200-turn limit". ``names``: a
    :class:`engine.core.text.Names`, or a pair of labels ("You", "AI (easy)")."""
    if not isinstance(names, Names):
        names = Names(names) if names is not None else SEATS
    why = result.reason.sentence(result, names).rstrip(".")
    if result.winner is None:
        return f"Draw — {why}"
    return names.does(result.winner, "win", f"— {why}")


def reason_clause(result: Result, names=None) -> str:
    """Why it ended as a clause, to follow a dash: "the AI's morale is depleted"."""
    if not isinstance(names, Names):
        names = Names(names) if names is not None else SEATS
    return result.reason.sentence(result, names).rstrip(".")


def reason_text(result: Result, names=None) -> str:
    """Why it ended alone, as a sentence: "The AI's morale is depleted." """
    if not isinstance(names, Names):
        names = Names(names) if names is not None else SEATS
    why = result.reason.sentence(result, names).rstrip(".")
    return why[:1].upper() + why[1:] + "."


def _shared_sentence(result: Result, names) -> str:
    why = _shared_why(result, names)
    score = result.details.get("score")           # a game that keeps a score says it
    if isinstance(score, tuple) and len(score) == 2:
        why += f" — {names.name(0)} scored {score[0]}, {names.name(1)} {score[1]}"
    return why


def _shared_why(result: Result, names) -> str:
    r, loser = result.reason, result.loser
    if r is End.CONCEDED and loser is not None:
        return f"{names.name(loser)} conceded"
    if r is End.TIMEOUT and loser is not None:
        missed = result.details.get("missed")
        if isinstance(missed, int):        # a daily match: moves not made in time
            return f"{names.name(loser)} missed {missed} {'move' if missed == 1 else 'moves'}"
        n = result.details.get("times")
        if isinstance(n, int) and n > 1:
            return f"{names.name(loser)} ran out of time {n} times"
        return f"{names.name(loser)} ran out of time"
    if r is End.LEFT and loser is not None:
        return f"{names.name(loser)} left the table"
    if r is End.CALLED_OFF:
        return "the match was called off before it began"
    return str(result.details.get("text") or "the match ended")


def _old_shared_words(text: str):
    """Older files' shared sentences ("Ann conceded", "Bob left the table", "You ran
    out of time 3 times"): who it was is the loser, so only the way is kept."""
    t = text.strip().rstrip(".")
    if re.fullmatch(r".+ conceded|conceded", t):
        return End.CONCEDED, {}
    if re.fullmatch(r".+ left the table", t):
        return End.LEFT, {}
    m = re.fullmatch(r".+ ran out of time(?: (\d+) times?)?", t)
    if m:
        return End.TIMEOUT, ({"times": int(m.group(1))} if m.group(1) else {})
    m = re.fullmatch(r".+ missed (\d+) moves?", t)
    if m:
        return End.TIMEOUT, {"missed": int(m.group(1))}
    if "called off" in t:
        return End.CALLED_OFF, {}
    return None


register_end_reasons(End, _shared_sentence)


def event_kinds(spec: Mapping[str, str]) -> dict[str, type]:
    """Named views of a game's events from ``{"kind": "field field …"}``: one
    :func:`collections.namedtuple` class per kind, its first field ``kind``. Fields an
    older or shorter form of the event lacks read as None. The rules keep building plain
    tuples (the hot path); readers name the fields: :func:`event_view`."""
    out = {}
    for kind, fields in spec.items():
        names = ("kind",) + tuple(fields.split())
        title = "".join(w.title() for w in kind.split("_")) or "Event"
        out[kind] = namedtuple(f"{title}Event", names, defaults=(None,) * (len(names) - 1))
    return out


def event_view(event, kinds: Mapping[str, type]):
    """``event`` (a plain tuple) read by name through ``kinds`` (:func:`event_kinds`):
    ``event_view(("draw", 1, 2), K).player == 1``. An unknown kind is returned as it is."""
    cls = kinds.get(event[0]) if event else None
    if cls is None:
        return event
    return cls(*event[:len(cls._fields)])


def event_kind(event) -> str | None:
    """The kind of ``event`` (every game's events begin with it), None for an empty one:
    for code that meets any game's events, including a game that names no fields."""
    return event[0] if event else None


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
    #: the game's event kinds by name (:func:`event_kinds`)
    EVENTS: ClassVar[Mapping[str, type]] = {}

    def event(self, event: Event):
        """``event`` read by name: ``m.event(e).player`` (see :attr:`EVENTS`)."""
        return event_view(event, self.EVENTS)

    def action_text(self, action: Action) -> str:
        """Short log form of an action, read in the current state (before applying), in
        the words of the player who makes it ("Play Spark on the opponent's Hushmage")."""
        return " ".join(str(x) for x in action)

    def event_text(self, event: Event, names: Names | None = None) -> str:
        """A plain sentence for the game log, calling the seats as ``names`` says (a
        :class:`engine.core.text.Names`; default "Player 1" / "Player 2"): read in the
        state just after the event."""
        return " ".join(str(x) for x in event)

    # ---------------------------------------------------------------- checks
    def invariant_problems(self) -> list[str]:
        """Game-specific invariants (card conservation, ...). Empty when all hold."""
        return []
