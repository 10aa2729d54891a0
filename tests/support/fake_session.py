"""A stand-in for :class:`engine.core.session.MatchSession` that puts a hand-built
position on a table (no files, no undo)."""
from types import SimpleNamespace


class FakeSession:
    """Just enough of MatchSession to put a hand-built position on the table."""

    def __init__(self, m, names=("You", "AI (easy)"), game="evons"):
        self._m = m
        self.actions = []
        self.actors, self.turns = [], []   # who made each action, the turn it was made in
        self.meta = {"names": list(names), "ai_seed": 1}
        self.game = game
        self.record = SimpleNamespace(seed=1, meta={}, result=None, decks=(), options={})
        self.autosave = None
        self.save_error = None
        self.replay_path = None

    @property
    def match(self):
        return self._m

    def apply(self, a):
        self.actors.append(self._m.to_move())
        self.turns.append(self._m.turn())
        ev = self._m.apply(tuple(a))
        self.actions.append(tuple(a))
        return ev

    def __len__(self):
        return len(self.actions)

    def undo_to_previous_decision(self, seat):
        return False

    def can_undo(self, seat):
        return False

    def can_redo(self):
        return False

    def redo(self):
        return False

    def set_meta(self, key, value):
        self.meta[key] = value

    def actor(self, i):
        return self.actors[i]

    def turn_at(self, i):
        return self.turns[i]
