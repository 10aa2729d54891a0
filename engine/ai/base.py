"""What every agent is: :class:`Agent` (the look an agent takes at a match: its view,
the decision seed, the actions it already tried from there), and two small helpers."""
from __future__ import annotations

import json
import zlib

from engine.core.rng import mix_seed

from .evaluation import get_evaluator


def view_digest(view) -> int:
    """A stable 32-bit digest of a view (equal views, equal digests)."""
    text = json.dumps(view.to_json(), sort_keys=True, separators=(",", ":"))
    return zlib.crc32(text.encode("utf-8"))


def without(actions, avoid):
    """``actions`` minus ``avoid``, unless that would leave nothing."""
    if not avoid:
        return actions
    rest = [a for a in actions if a not in avoid]
    return rest or actions


def ruled(view):
    """The action a game settles by its own rule for this decision, whatever the agent
    (Everdawn: the order of cards gone to the bottom of a deck at once, where the view
    hides the deck's order a search would need), else None."""
    rule = getattr(view, "ruled_choice", None)
    return rule() if rule is not None else None


class Agent:
    """Base class. ``choose(match)`` returns a legal action for ``match.to_move()``."""

    name = "agent"

    def __init__(self, seed: int = 0, evaluate=None):
        self.seed = int(seed)
        self._evaluate = evaluate
        self.moves = 0
        self.iterations = 0
        self.search_seconds = 0.0
        self.last_iterations = 0
        self._tried: dict[int, list] = {}

    def evaluator(self, game: str):
        return self._evaluate or get_evaluator(game)

    def prepare(self, match):
        """(me, view, decision seed, actions to avoid) — the only look the agent
        takes at ``match``.

        Actions to avoid: those this agent already chose from this very view.
        Some games allow moves that undo each other within a turn (sliding a
        creature back and forth); since a decision depends only on the view and
        the seed, an agent could otherwise cycle forever. Coming back to a view
        it has seen, the agent picks something it has not tried from there."""
        me = match.to_move()
        if me is None:
            raise ValueError("the match is over; there is nothing to decide")
        view = match.view(me)
        digest = view_digest(view)
        tried = self._tried.get(digest, ())
        return me, view, mix_seed(self.seed, digest, len(tried)), (digest, tuple(tried))

    def remember(self, key, action) -> None:
        """Note that ``action`` was chosen from the view ``key`` (see :meth:`prepare`)."""
        digest, tried = key
        if len(self._tried) > 2000:
            self._tried.clear()
        self._tried[digest] = list(tried) + [tuple(action)]

    def choose(self, match, cancel=None):
        me, view, seed, key = self.prepare(match)
        action = ruled(view) or self.decide(view, me, seed, cancel, avoid=key[1])
        self.remember(key, action)
        return action

    def decide(self, view, me, seed, cancel=None, yield_every=0, avoid=()):  # pragma: no cover
        raise NotImplementedError

    def stats(self) -> dict:
        return {"moves": self.moves, "iterations": self.iterations,
                "search_seconds": round(self.search_seconds, 4)}
