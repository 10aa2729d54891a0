"""A match record: game + decks + seed + options + action list.

It is the save file, the replay and the bug report at once: replaying the
actions from the seed reproduces the game exactly.

    {"format": "cardhall-match", "version": 1, "game": "evons",
     "seed": 42, "options": {...}, "decks": [deck, deck],
     "actions": [[...], ...], "result": {...} | null, "meta": {...}}
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .deck import Deck
from .files import FileProblem, atomic_write_json, read_json

RECORD_FORMAT = "cardhall-match"
RECORD_VERSION = 1
MAX_RECORD_BYTES = 8 << 20
MAX_ACTIONS = 20000


@dataclass
class MatchRecord:
    game: str
    decks: tuple[Deck, Deck]
    seed: int
    options: dict = field(default_factory=dict)
    actions: list[tuple] = field(default_factory=list)
    result: dict | None = None
    meta: dict = field(default_factory=dict)

    def new_match(self):
        from ..games import get_game
        return get_game(self.game).match_class.new(self.decks, self.seed, self.options)

    def replay(self, upto: int | None = None):
        """The match after the first ``upto`` actions (all by default).

        Raises :class:`FileProblem` if an action is refused (the record does not
        reproduce)."""
        m = self.new_match()
        acts = self.actions if upto is None else self.actions[:upto]
        for i, a in enumerate(acts):
            reason = m.why_illegal(a)
            if reason is not None:
                raise FileProblem(f"action {i + 1} ({list(a)}) is refused: {reason}")
            m.apply(a, check=False)
        return m

    def to_json(self) -> dict:
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "seed": self.seed,
            "options": dict(self.options),
            "decks": [d.to_json() for d in self.decks],
            "actions": [list(a) for a in self.actions],
            "result": self.result,
            "meta": dict(self.meta),
        }

    @classmethod
    def from_json(cls, obj, *, game: str | None = None, path=None) -> "MatchRecord":
        from ..games import GAME_NAMES, get_game
        where = path.name if hasattr(path, "name") else "match file"

        def bad(msg):
            return FileProblem(f"{where}: {msg}", path)

        if not isinstance(obj, dict) or obj.get("format") != RECORD_FORMAT:
            raise bad("not a Cardhall match file.")
        v = obj.get("version")
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= RECORD_VERSION:
            raise bad("unsupported version.")
        g = obj.get("game")
        if g not in GAME_NAMES:
            raise bad(f"unknown game {g!r}.")
        if game is not None and g != game:
            raise bad(f"this is a {g} match, not {game}.")
        seed = obj.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 64:
            raise bad('"seed" must be a whole number from 0 to 2^64-1.')
        opts = obj.get("options", {})
        if not isinstance(opts, dict) or not all(isinstance(k, str) for k in opts):
            raise bad('"options" must be an object.')
        spec = get_game(g)
        allowed = {o.name: o for o in spec.match_class.OPTIONS}
        for k, val in opts.items():
            if k not in allowed:
                raise bad(f"unknown option {k!r}.")
            if type(val) is not type(allowed[k].default):
                raise bad(f"option {k!r} has the wrong type.")
        decks = obj.get("decks")
        if not isinstance(decks, list) or len(decks) != 2:
            raise bad('"decks" must hold two decks.')
        dk = tuple(Deck.from_json(d, game=g, known_ids=spec.cards) for d in decks)
        acts = obj.get("actions")
        if not isinstance(acts, list) or len(acts) > MAX_ACTIONS:
            raise bad('"actions" must be a list of at most %d actions.' % MAX_ACTIONS)
        actions = []
        for i, a in enumerate(acts):
            if not isinstance(a, list) or not a or len(a) > 64 or not all(
                    isinstance(x, int) and not isinstance(x, bool) and -(1 << 31) <= x < (1 << 31) for x in a):
                raise bad(f"action {i + 1} is not a list of whole numbers.")
            actions.append(tuple(a))
        res = obj.get("result")
        if res is not None and not (isinstance(res, dict) and res.get("winner") in (0, 1, None)
                                    and isinstance(res.get("reason"), str)):
            raise bad('"result" is malformed.')
        meta = obj.get("meta", {})
        if not isinstance(meta, dict):
            raise bad('"meta" must be an object.')
        return cls(g, dk, seed, dict(opts), actions, res, meta)


def load_record(path, *, game: str | None = None) -> MatchRecord:
    return MatchRecord.from_json(read_json(path, MAX_RECORD_BYTES), game=game, path=path)


def save_record(rec: MatchRecord, path) -> None:
    atomic_write_json(path, rec.to_json(), indent=None)
