"""Learn to play: lessons as data, played through the engine's own rules.

Each game's course is one TOML file, ``assets/lessons/<game>.toml``::

    title = "Learn to play Everdawn"
    minutes = 8

    [[lesson]]
    id = "lanes"
    title = "Lanes and bench"
    position = { board0 = ["vale_archer", "-", "-", "traghrim", "iron_vanguard"], ... }

    [[lesson.step]]
    text = "Drag Iron Vanguard from your bench onto the empty lane 2."
    move = { card = "Iron Vanguard", target = "lane 2" }
    explain = "{move.card} now stands in {move.to}."

A lesson's ``position`` is handed to the game's own position builder (each game's
``testing.scenario``, through ``engine/<game>/tutorial.py``), so a lesson starts from a
prepared state made by the engine itself. The player is always seat 0. Steps, in order:

* ``move`` — the move the lesson teaches, named by card and target as a player reads
  them (``{ do = "attack", card = "Vale Archer", target = "their lane 2" }``; any field
  may be left out, ``do = "pass"`` alone names the button). It is resolved against the
  engine's legal actions when the step comes (:func:`resolve`), never stored as a raw
  action. ``text`` says what to do, ``try`` (optional) what to say when another move is
  tried, ``explain`` what happened and why: a template filled from the move's own events
  (:func:`facts`: ``{clash.attack}``, ``{morale.loss}``, ...), so the figures are the
  engine's.
* ``them`` — the opponent's scripted moves, named the same way, played one by one; or
  ``them = "easy"`` to let the easy AI play until it is the player's move again.
  ``text`` (optional) is shown while they play, ``explain`` afterwards.
* ``note`` — text only (``text``), the player reads it and goes on.

:func:`load_course` checks the whole file and raises :class:`LessonError` naming the
lesson and step at fault; :func:`check_course` plays every lesson through the engine
(each taught and scripted move must be legal when its step comes, every template must
fill), which the tests run for each game.
"""
from __future__ import annotations

import string
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from .files import FileProblem, read_toml

MAX_LESSON_BYTES = 256 * 1024
MOVE_FIELDS = ("do", "card", "target")


class LessonError(ValueError):
    """A lesson file that cannot be used; the message names the file, lesson and step."""


@dataclass
class Step:
    kind: str                    # "move" | "them" | "note"
    text: str = ""
    move: dict | None = None     # kind "move": what the player is taught
    moves: list | None = None    # kind "them": the opponent's scripted moves
    ai: str | None = None        # kind "them": "easy" = the AI plays instead
    explain: str = ""
    try_text: str = ""
    where: str = ""              # "lesson 'lanes', step 2" for messages


@dataclass
class Lesson:
    id: str
    title: str
    position: dict
    steps: list[Step]
    intro: str = ""
    summary: str = ""


@dataclass
class Course:
    game: str
    title: str
    lessons: list[Lesson]
    minutes: int = 0
    finale: str = ""
    path: Path | None = None
    by_id: dict = field(default_factory=dict)

    def lesson(self, lesson_id: str) -> Lesson | None:
        return self.by_id.get(lesson_id)

    def index(self, lesson_id: str) -> int:
        for i, les in enumerate(self.lessons):
            if les.id == lesson_id:
                return i
        return -1


# ---------------------------------------------------------------- loading
def lessons_path(game: str) -> Path:
    from .paths import assets_dir
    return assets_dir() / "lessons" / f"{game}.toml"


def load_course(game: str, path=None) -> Course:
    """The course of ``game`` (``assets/lessons/<game>.toml`` unless ``path``), checked."""
    from ..games import GAME_NAMES
    if game not in GAME_NAMES:
        raise LessonError(f"No lessons for a game called {game!r}.")
    path = Path(path) if path is not None else lessons_path(game)
    try:
        data = read_toml(path, MAX_LESSON_BYTES)
    except FileProblem as e:
        raise LessonError(f"{path.name}: {e}") from None
    except OSError as e:
        raise LessonError(f"{path.name} cannot be read: {e}") from None
    return parse_course(game, data, path)


def _text(obj, key, where, *, required=True) -> str:
    v = obj.get(key, "")
    if not isinstance(v, str):
        raise LessonError(f"{where}: '{key}' must be text.")
    v = " ".join(v.split())
    if required and not v:
        raise LessonError(f"{where}: '{key}' is missing.")
    return v


def _move_spec(v, where) -> dict:
    if not isinstance(v, dict) or not v:
        raise LessonError(f"{where}: a move is a table such as {{ card = \"...\", target = \"...\" }}.")
    extra = set(v) - set(MOVE_FIELDS)
    if extra:
        raise LessonError(f"{where}: a move has no field {sorted(extra)[0]!r} (use do, card, target).")
    for k, x in v.items():
        if not isinstance(x, str) or not x.strip():
            raise LessonError(f"{where}: the move's '{k}' must be text.")
    return {k: " ".join(x.split()) for k, x in v.items()}


def _check_template(text, where):
    try:
        for _lit, name, _spec, _conv in string.Formatter().parse(text):
            if name is not None and not name:
                raise LessonError(f"{where}: an empty {{}} in the text; name a figure such as {{move.card}}.")
    except ValueError as e:
        raise LessonError(f"{where}: the text's braces do not pair up ({e}).") from None


def parse_course(game: str, data: Any, path=None) -> Course:
    name = Path(path).name if path is not None else f"{game} lessons"
    if not isinstance(data, dict):
        raise LessonError(f"{name}: not a lesson file.")
    title = _text(data, "title", name)
    minutes = data.get("minutes", 0)
    if not isinstance(minutes, int) or isinstance(minutes, bool) or not 0 <= minutes <= 120:
        raise LessonError(f"{name}: 'minutes' must be a whole number from 0 to 120.")
    raw = data.get("lesson")
    if not isinstance(raw, list) or not raw:
        raise LessonError(f"{name}: no [[lesson]] in the file.")
    lessons, seen = [], {}
    for i, lo in enumerate(raw):
        where = f"{name}, lesson {i + 1}"
        if not isinstance(lo, dict):
            raise LessonError(f"{where}: not a table.")
        lid = _text(lo, "id", where)
        if lid in seen:
            raise LessonError(f"{where}: the id {lid!r} is used twice.")
        where = f"{name}, lesson '{lid}'"
        pos = lo.get("position")
        if not isinstance(pos, dict):
            raise LessonError(f"{where}: 'position' must be a table.")
        steps_raw = lo.get("step")
        if not isinstance(steps_raw, list) or not steps_raw:
            raise LessonError(f"{where}: no [[lesson.step]].")
        steps = []
        for j, st in enumerate(steps_raw):
            sw = f"{where}, step {j + 1}"
            if not isinstance(st, dict):
                raise LessonError(f"{sw}: not a table.")
            kinds = [k for k in ("move", "them") if k in st]
            if len(kinds) > 1:
                raise LessonError(f"{sw}: a step has either 'move' or 'them', not both.")
            unknown = set(st) - {"move", "them", "text", "explain", "try"}
            if unknown:
                raise LessonError(f"{sw}: unknown field {sorted(unknown)[0]!r}.")
            explain = _text(st, "explain", sw, required=False)
            _check_template(explain, sw)
            if "move" in st:
                step = Step("move", _text(st, "text", sw), move=_move_spec(st["move"], sw), explain=explain,
                            try_text=_text(st, "try", sw, required=False), where=sw)
            elif "them" in st:
                th = st["them"]
                if th == "easy":
                    step = Step("them", _text(st, "text", sw, required=False), ai="easy", explain=explain, where=sw)
                elif isinstance(th, list) and th:
                    step = Step("them", _text(st, "text", sw, required=False),
                                moves=[_move_spec(x, sw) for x in th], explain=explain, where=sw)
                else:
                    raise LessonError(f"{sw}: 'them' is a list of moves or \"easy\".")
            else:
                if "try" in st:
                    raise LessonError(f"{sw}: 'try' belongs to a step with a move.")
                step = Step("note", _text(st, "text", sw), explain=explain, where=sw)
            _check_template(step.text, sw)
            steps.append(step)
        les = Lesson(lid, _text(lo, "title", where), dict(pos), steps,
                     intro=_text(lo, "intro", where, required=False),
                     summary=_text(lo, "summary", where, required=False))
        seen[lid] = les
        lessons.append(les)
    course = Course(game, title, lessons, minutes, _text(data, "finale", name, required=False),
                    Path(path) if path is not None else None, seen)
    return course


# ---------------------------------------------------------------- the games' part
def adapter(game: str):
    """The game's tutorial module (``engine/<game>/tutorial.py``): ``position(spec)``,
    ``describe(match, action)``, ``facts(before, action, events)``, ``try_text(move)``."""
    from engine.games import get_game
    mod = get_game(game).part("tutorial")
    if mod is None:
        raise LessonError(f"{game} has no lessons")
    return mod


def build_position(game: str, lesson: Lesson):
    """The lesson's starting match (a prepared state, made by the game's own builder)."""
    try:
        return adapter(game).position(lesson.position)
    except LessonError:
        raise
    except (KeyError, ValueError, TypeError, AssertionError, IndexError) as e:
        raise LessonError(f"lesson '{lesson.id}': its position cannot be built ({type(e).__name__}: {e}).") \
            from None


def _norm(x) -> str:
    return " ".join(str(x).lower().replace("’", "'").split())


def matches(desc: dict, spec: dict) -> bool:
    """Does an action described as ``desc`` (do, card, targets) fit the move ``spec``?"""
    for k, want in spec.items():
        w = _norm(want)
        if k == "target":
            if w not in {_norm(t) for t in desc.get("targets", ())}:
                return False
        elif _norm(desc.get(k, "")) != w:
            return False
    return True


def resolve(game: str, match, spec: dict):
    """The legal action of ``match`` that the move ``spec`` names, or None."""
    ad = adapter(game)
    cands = getattr(ad, "candidates", None)
    for a in (cands(match) if callable(cands) else match.legal_actions()):
        try:
            d = ad.describe(match, a)
        except Exception:  # noqa: BLE001 - an action we cannot describe is never the taught one
            continue
        if d is not None and matches(d, spec):
            return tuple(a)
    return None


def spec_text(spec: dict) -> str:
    return ", ".join(f"{k} {v!r}" for k, v in spec.items())


def try_text(game: str, step: Step) -> str:
    """What to say when the player tries another move than the one taught."""
    if step.try_text:
        return step.try_text
    return adapter(game).try_text(step.move or {})


class _Figures(SimpleNamespace):
    def __format__(self, spec):
        return format(str(self), spec)


def facts(game: str, before, action, events, viewer: int = 0, after=None) -> dict:
    """The named figures of one move for the explanation templates: ``move`` (what was
    done, named) and one entry per event kind (the first such event), from the engine's
    events."""
    return adapter(game).facts(before, tuple(action), list(events), viewer, after)


def fill(template: str, figures: dict) -> str:
    """``template`` with its ``{kind.field}`` figures; LessonError naming a missing one."""
    if not template:
        return ""
    try:
        return template.format_map(figures)
    except (KeyError, AttributeError) as e:
        raise LessonError(f"the explanation asks for {e}, which this move's events do not give "
                          f"(known: {', '.join(sorted(figures))}).") from None
    except (IndexError, ValueError) as e:
        raise LessonError(f"the explanation cannot be filled ({e}).") from None


def figures(**kw) -> _Figures:
    return _Figures(**kw)


# ---------------------------------------------------------------- helpers of the games' modules
#: what a game's ``try_text`` says when it has nothing closer
NOT_THIS_MOVE = "That is not this lesson's move: follow the outline on the board."


def check_position_keys(spec: dict, known) -> None:
    """LessonError naming the first key of a lesson's ``position`` that is not in ``known``."""
    extra = set(spec) - set(known)
    if extra:
        raise LessonError(f"position: unknown key {sorted(extra)[0]!r} (known: {', '.join(sorted(known))}).")


def check_card_ids(v, what: str, known, game_title: str, *, blank: str | None = None) -> list:
    """``v``, a position's list of card ids, checked: each entry an id in ``known`` (or
    ``blank``, an empty place), a list of them (a card with what it carries) or a table
    ``{ card = id, ... }``; else LessonError naming the key ``what`` and the entry."""
    if not isinstance(v, list):
        raise LessonError(f"position: '{what}' must be a list of card ids.")
    for c in v:
        if isinstance(c, list):
            check_card_ids(c, what, known, game_title)
            continue
        cid = c.get("card") if isinstance(c, dict) else c
        if not isinstance(cid, str) or (cid != blank and cid not in known):
            raise LessonError(f"position: '{what}' names {cid!r}: no {game_title} card has that id.")
    return v


def described(describe, match, action) -> tuple[dict, list]:
    """A game's ``describe(match, action)`` for the ``move`` figures: (the description, its
    targets, at least one); ({}, [""]) for an action it cannot describe."""
    try:
        d = describe(match, action) or {}
    except Exception:  # noqa: BLE001 - then the move's figures are blank, never an error
        d = {}
    return d, list(d.get("targets") or [""])


def drag_try_text(card, target) -> str:
    """"Try dragging <card> onto <target>." for a move named by both, else
    :data:`NOT_THIS_MOVE`."""
    if card and target:
        return f"Try dragging {card} onto {target}."
    return NOT_THIS_MOVE


# ---------------------------------------------------------------- playing a lesson through
@dataclass
class StepRun:
    """What a step did when played through (for tests and the checks)."""
    step: Step
    actions: list
    explanation: str


def play_scripted(game: str, match, step: Step) -> list:
    """Apply a ``them`` step's moves (or the easy AI's, until seat 0 is to move) to
    ``match``; returns ``[(action, before, events)]``."""
    out = []
    if step.ai:
        from ..ai import make_agent
        agent = make_agent(step.ai, 7)
        for _ in range(200):
            if match.result() is not None or match.to_move() in (0, None):
                break
            a = agent.choose(match)
            before = match.clone()
            out.append((tuple(a), before, match.apply(tuple(a))))
        return out
    for spec in step.moves or ():
        a = resolve(game, match, spec)
        if a is None:
            raise LessonError(f"{step.where}: the opponent's move ({spec_text(spec)}) is not legal there; "
                              f"legal: {legal_texts(match)}")
        before = match.clone()
        out.append((a, before, match.apply(a)))
    return out


def legal_texts(match, n: int = 12) -> str:
    from ..games import GAME_NAMES
    ad = adapter(match.GAME) if getattr(match, "GAME", "") in GAME_NAMES else None
    cands = getattr(ad, "candidates", None)
    xs = [match.action_text(a) for a in (cands(match) if callable(cands) else match.legal_actions())]
    return "; ".join(xs[:n]) + (" ..." if len(xs) > n else "")


def check_lesson(game: str, lesson: Lesson) -> list[StepRun]:
    """Play ``lesson`` through the engine alone, as the tutorial would; LessonError at
    the first step that does not work (a taught move the engine does not allow there, a
    scripted move that is not legal, an explanation asking for a figure its move lacks)."""
    m = build_position(game, lesson)
    runs = []
    for step in lesson.steps:
        if step.kind == "note":
            runs.append(StepRun(step, [], ""))
            continue
        if step.kind == "move":
            if m.to_move() != 0:
                raise LessonError(f"{step.where}: the player is not to move there (the opponent is).")
            a = resolve(game, m, step.move)
            if a is None:
                raise LessonError(f"{step.where}: the taught move ({spec_text(step.move)}) is not legal there; "
                                  f"legal: {legal_texts(m)}")
            before = m.clone()
            ev = m.apply(a)
            try:
                text = fill(step.explain, facts(game, before, a, ev, 0, m))
            except LessonError as e:
                raise LessonError(f"{step.where}: {e}") from None
            runs.append(StepRun(step, [a], text))
            continue
        if m.to_move() != 1 and not step.ai:
            raise LessonError(f"{step.where}: the opponent is not to move there.")
        done = play_scripted(game, m, step)
        text = ""
        if step.explain:
            if not done:
                raise LessonError(f"{step.where}: the opponent made no move to explain.")
            a, before, ev = done[-1]
            allev = [e for _a, _b, evs in done for e in evs]
            try:
                text = fill(step.explain, facts(game, done[0][1], a, allev, 0, m))
            except LessonError as e:
                raise LessonError(f"{step.where}: {e}") from None
        runs.append(StepRun(step, [a for a, _b, _e in done], text))
    return runs


def check_course(course: Course) -> dict:
    """Every lesson of ``course`` played through: ``{lesson id: [StepRun]}``."""
    return {les.id: check_lesson(course.game, les) for les in course.lessons}


# ---------------------------------------------------------------- a session on a prepared position
def lesson_session(game: str, lesson: Lesson, meta: dict | None = None):
    """A :class:`~engine.core.session.MatchSession` starting at the lesson's position
    (nothing saved: no autosave, no replay). Undo, the log's history and
    ``state_at`` work as in any game: state 0 is the prepared position."""
    from .record import MatchRecord
    from .session import MatchSession
    start = build_position(game, lesson)

    class _LessonRecord(MatchRecord):
        def new_match(self):
            return start.clone()

        def copy(self):
            r = _LessonRecord(self.game, self.decks, self.seed, dict(self.options), list(self.actions),
                              dict(self.result) if self.result is not None else None, dict(self.meta))
            return r

    md = {"mode": "ai", "ai": "easy", "human": 0, "names": ["You", "Opponent"], "tutorial": lesson.id}
    md.update(meta or {})
    rec = _LessonRecord(game, (), 0, {}, [], None, md)
    return MatchSession(rec)
