"""A match record: game + decks + seed + options + action list.

It is the save file, the replay and the bug report at once: replaying the
actions from the seed reproduces the game exactly.

    {"format": "cardhall-match", "version": 1, "game": "evons",
     "seed": 42, "options": {...}, "decks": [deck, deck],
     "actions": [[...], ...], "result": {...} | null, "meta": {...}}

``meta`` is free-form JSON for the tools around the match. Keys in use:
``final_digest`` (:func:`state_digest` of the final state, checked by
``python -m engine replay``), ``names`` (two player names), ``mode``
(``"ai"`` / ``"hotseat"``), ``ai`` (the AI's seat, level and seed, so a resumed
game continues with the same opponent), ``started`` / ``finished`` (ISO times),
``turns``.

Reading a record never executes anything from the file and never raises
anything but :class:`~engine.core.files.FileProblem` with a plain reason.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from .deck import Deck, _a_game
from .files import FileProblem, _short, atomic_write_json, read_json
from .match import small_details
from .sanitize import clean_json, clean_name, clean_text

RECORD_FORMAT = "cardhall-match"
RECORD_VERSION = 1
MAX_RECORD_BYTES = 8 << 20
MAX_ACTIONS = 20000
MAX_ACTION_LEN = 64
MAX_META_KEYS = 64
DIGEST_KEY = "final_digest"


def state_digest(m) -> str:
    """A short fingerprint of a match's whole state (sha256 of its canonical JSON)."""
    text = json.dumps(m.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


DIGEST_KEYS = (DIGEST_KEY, "digest")  # "digest": older golden files


def digest_matches(m, recorded: str) -> bool:
    """True if ``recorded`` is :func:`state_digest` of ``m`` — or, for golden
    files written before it existed, a prefix (12+ hex digits) of the sha256 or
    sha1 of the state's sorted JSON with compact or default separators."""
    if not isinstance(recorded, str) or len(recorded) < 12:
        return False
    recorded = recorded.lower()
    j = m.to_json()
    for seps in ((",", ":"), None):
        data = json.dumps(j, sort_keys=True, separators=seps).encode("utf-8")
        for h in (hashlib.sha256, hashlib.sha1):
            if h(data).hexdigest().startswith(recorded):
                return True
    return False


def recorded_digest(meta: dict) -> str | None:
    """The final-state digest stored in a record's meta, if any."""
    for k in DIGEST_KEYS:
        v = meta.get(k)
        if isinstance(v, str):
            return v
    return None


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


#: how a match was played (``meta["mode"]``): against the AI, hot seat, AI against AI, over the network
MODES = ("ai", "hotseat", "watch", "online")
MAX_PLAYER_NAME = 40
MAX_META_TEXT = 200
#: the largest ``search:N`` budget a file may ask for (the hardest level spends a few thousand)
MAX_SEARCH_ITERATIONS = 10_000


def _search_ok(level: str) -> bool:
    head, _, n = level.partition(":")
    return head == "search" and n.isdigit() and len(n) <= 6 and 1 <= int(n) <= MAX_SEARCH_ITERATIONS


def ai_names() -> tuple[str, ...]:
    """The AI opponents a file may name (``meta["ai"]``): the engine's levels
    and simple agents; also ``search:N`` up to :data:`MAX_SEARCH_ITERATIONS`
    (a huge N from a file would leave the AI thinking forever)."""
    try:
        from ..ai.agents import AGENT_NAMES
        return tuple(AGENT_NAMES)
    except Exception:  # noqa: BLE001 - the AI package is optional for the readers
        return ("random", "greedy", "easy", "normal", "hard")


def check_meta(meta: dict) -> tuple[dict, str | None]:
    """``meta`` with every string cleaned, and the first problem found in a
    field the program reads (type or range), naming the field; None if fine.

    Known keys: ``names`` (two names), ``mode`` (:data:`MODES`), ``human`` (0/1),
    ``ai`` (a level name or ``{"seat": 0/1, "level": name, "seed": int}``),
    ``ai_seed``, ``turns``, ``started`` / ``finished``, the digest, ``clock``.
    Other keys are kept as they are (cleaned)."""
    meta = clean_json(meta, 4000)
    def uint(x, top=1 << 64):
        return _is_int(x) and 0 <= x < top

    if "names" in meta:
        n = meta["names"]
        if not (isinstance(n, list) and len(n) == 2 and all(isinstance(x, str) for x in n)):
            return meta, '"meta.names" must be a list of two names.'
        n = [clean_name(x, MAX_PLAYER_NAME) for x in n]
        if not all(n):
            return meta, '"meta.names" must be a list of two names.'
        meta["names"] = n
    if "mode" in meta and meta["mode"] not in MODES:
        m = meta["mode"]
        return meta, (f'"meta.mode" is {_short(m)!r}; expected one of {", ".join(MODES)}.'
                      if isinstance(m, str) else '"meta.mode" must be text.')
    if "human" in meta and meta["human"] not in (0, 1) or "human" in meta and not _is_int(meta["human"]):
        return meta, '"meta.human" must be seat 0 or 1.'
    if "ai" in meta:
        ai = meta["ai"]
        names = ai_names()
        level = ai.get("level") if isinstance(ai, dict) else ai
        if isinstance(ai, dict):
            if "seat" in ai and not (_is_int(ai["seat"]) and ai["seat"] in (0, 1)):
                return meta, '"meta.ai.seat" must be seat 0 or 1.'
            if "seed" in ai and not uint(ai["seed"]):
                return meta, '"meta.ai.seed" must be a whole number from 0 to 2^64-1.'
        elif not isinstance(ai, str):
            return meta, '"meta.ai" must be an AI level or {"seat", "level", "seed"}.'
        if isinstance(ai, dict) and "level" not in ai:
            pass  # no level saved: the client uses the player's setting
        elif not isinstance(level, str) or (level not in names and not _search_ok(level)):
            shown = _short(level) if isinstance(level, str) else type(level).__name__
            return meta, (f'"meta.ai" names an unknown AI level ({shown!r}; expected {", ".join(names)} '
                          f'or search:N up to {MAX_SEARCH_ITERATIONS}).')
    if "ai_seed" in meta and not uint(meta["ai_seed"]):
        return meta, '"meta.ai_seed" must be a whole number from 0 to 2^64-1.'
    if "turns" in meta and not uint(meta["turns"], 1 << 31):
        return meta, '"meta.turns" must be a whole number.'
    for k in ("started", "finished", DIGEST_KEY, "digest"):
        if k in meta and not (isinstance(meta[k], str) and len(meta[k]) <= MAX_META_TEXT):
            return meta, f'"meta.{k}" must be a short text.'
    if "clock" in meta and not isinstance(meta["clock"], dict):
        return meta, '"meta.clock" must be an object.'
    return meta, None


def check_action(a) -> tuple | None:
    """The action as a tuple if ``a`` is a well-formed action (list of small ints), else None."""
    if not isinstance(a, (list, tuple)) or not a or len(a) > MAX_ACTION_LEN:
        return None
    if not all(_is_int(x) and -(1 << 31) <= x < (1 << 31) for x in a):
        return None
    return tuple(a)


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
        """The match before any action. Raises :class:`FileProblem` if the game
        is not available or the engine refuses the decks/options."""
        from ..games import get_game
        try:
            cls = get_game(self.game).match_class
        except (KeyError, ImportError, AttributeError):
            raise FileProblem(f"the game {_short(self.game)!r} is not available.") from None
        try:
            return cls.new(self.decks, self.seed, self.options)
        except FileProblem:
            raise
        except Exception as e:  # noqa: BLE001 - a bad file must not crash the reader
            raise FileProblem(f"the match cannot be set up from these decks "
                              f"({type(e).__name__}: {_short(str(e), 120)}).") from None

    def with_implied_actions(self) -> list:
        """The actions with the answers a record made before a decision existed implies
        (the game's ``implied_actions``: Everdawn's order of returned cards, which the
        engine used to fix), so older files replay the same game; the actions as they are
        when nothing is implied or the game has no such hook."""
        try:
            fill = getattr(self.new_match(), "implied_actions", None)
        except FileProblem:
            return self.actions
        if fill is None:
            return self.actions
        try:
            got = fill(self.new_match(), self.actions)
        except Exception:  # noqa: BLE001 - a bad file is reported by the replay itself
            return self.actions
        return self.actions if got is None else got

    def replay(self, upto: int | None = None):
        """The match after the first ``upto`` actions (all by default).

        Raises :class:`FileProblem` if an action is refused (the record does not
        reproduce) or the engine fails on it. A record made before a decision existed
        gets that decision's implied answers first (:meth:`with_implied_actions`)."""
        fixed = self.with_implied_actions()
        if fixed is not self.actions:
            self.actions = list(fixed)
        m = self.new_match()
        acts = self.actions if upto is None else self.actions[:upto]
        for i, a in enumerate(acts):
            try:
                reason = m.why_illegal(a)
                if reason is None:
                    m.apply(a, check=False)
            except Exception as e:  # noqa: BLE001 - engine bug on this input: report, don't crash
                raise FileProblem(f"action {i + 1} ({list(a)}) made the engine fail "
                                  f"({type(e).__name__}: {_short(str(e), 120)}).") from None
            if reason is not None:
                raise FileProblem(f"action {i + 1} ({list(a)}) is refused: {reason}")
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

    def copy(self) -> "MatchRecord":
        """An independent copy (actions list, options and meta copied)."""
        return MatchRecord(self.game, self.decks, self.seed, dict(self.options), list(self.actions),
                           dict(self.result) if self.result is not None else None,
                           json.loads(json.dumps(self.meta)))

    @classmethod
    def from_json(cls, obj, *, game: str | None = None, path=None) -> "MatchRecord":
        from ..games import GAME_NAMES, get_game
        where = Path(path).name if path is not None else "match file"

        def bad(msg):
            return FileProblem(f"{where}: {msg}", path)

        if not isinstance(obj, dict) or obj.get("format") != RECORD_FORMAT:
            raise bad("not a Cardhall match file.")
        v = obj.get("version")
        if not _is_int(v) or v < 1:
            raise bad('"version" must be a positive whole number.')
        if v > RECORD_VERSION:
            raise bad(f"made by a newer Cardhall (match file version {v}).")
        g = obj.get("game")
        if not isinstance(g, str) or g not in GAME_NAMES:
            raise bad(f"unknown game {_short(g) if isinstance(g, str) else g.__class__.__name__!r}.")
        if game is not None and g != game:
            raise bad(f"this is {_a_game(g)} match, not {_a_game(game)} one.")
        try:
            spec = get_game(g)
        except (KeyError, ImportError, AttributeError):
            raise bad(f"the game {g} is not available in this version.") from None
        seed = obj.get("seed")
        if not _is_int(seed) or not 0 <= seed < 1 << 64:
            raise bad('"seed" must be a whole number from 0 to 2^64-1.')
        opts = obj.get("options", {})
        if not isinstance(opts, dict):
            raise bad('"options" must be an object.')
        allowed = {o.name: o for o in spec.match_class.OPTIONS}
        for k, val in opts.items():
            if k not in allowed:
                raise bad(f"unknown option {_short(k)!r}.")
            if type(val) is not type(allowed[k].default):
                raise bad(f"option {k!r} has the wrong type.")
        decks = obj.get("decks")
        if not isinstance(decks, list) or len(decks) != 2:
            raise bad('"decks" must hold two decks.')
        dk = []
        for i, d in enumerate(decks):
            try:
                dk.append(Deck.from_json(d, game=g, known_ids=spec.cards))
            except FileProblem as e:
                msg = str(e)
                if msg.startswith("deck: "):
                    msg = msg[6:]
                raise bad(f"deck {i + 1}: {msg}") from None
        acts = obj.get("actions")
        if not isinstance(acts, list) or len(acts) > MAX_ACTIONS:
            raise bad('"actions" must be a list of at most %d actions.' % MAX_ACTIONS)
        actions = []
        for i, a in enumerate(acts):
            t = check_action(a)
            if t is None:
                raise bad(f"action {i + 1} is not a list of whole numbers.")
            actions.append(t)
        res = obj.get("result")
        if res is not None and not (isinstance(res, dict)
                                    and (res.get("winner") is None or res.get("winner") in (0, 1)
                                         and _is_int(res.get("winner")))
                                    and "winner" in res
                                    and isinstance(res.get("reason"), str)):
            raise bad('"result" is malformed (expected {"winner": 0, 1 or null, "reason": text}).')
        meta = obj.get("meta", {})
        if not isinstance(meta, dict):
            raise bad('"meta" must be an object.')
        if len(meta) > MAX_META_KEYS:
            raise bad('"meta" has too many entries.')
        meta, problem = check_meta(meta)
        if problem:
            raise bad(problem)
        return cls(g, tuple(dk), seed, clean_json(dict(opts)), actions, _clean_result(res), meta)


def load_record(path, *, game: str | None = None) -> MatchRecord:
    return MatchRecord.from_json(read_json(path, MAX_RECORD_BYTES), game=game, path=path)


def save_record(rec: MatchRecord, path) -> None:
    atomic_write_json(path, rec.to_json(), indent=None)


def _clean_result(res) -> dict | None:
    """A file's result as kept: winner and reason (the plain sentence every version
    writes), and the structure of newer files (``end``: a short id, ``details``: a few
    names and numbers) when well formed; older files have only the sentence, which
    :meth:`engine.core.match.Result.from_json` reads."""
    if res is None:
        return None
    out = {"winner": res["winner"], "reason": clean_text(res["reason"], MAX_META_TEXT)}
    end = res.get("end")
    if isinstance(end, str) and 0 < len(end) <= 60:
        out["end"] = clean_text(end, 60)
        d = res.get("details")
        if isinstance(d, dict):
            out["details"] = {k: list(v) if isinstance(v, tuple) else v for k, v in small_details(d).items()}
    return out
