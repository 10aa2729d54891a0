"""Why a move is good or bad, in words, from the turn planner's own line.

The hint and the review say what a suggested move (and the best alternative, and in
the review the move played) leads to, as the planner sees it (``planner.py``): from the
player's view, on a guess of the hidden cards,

1. the move's steps are played (the opponent's decisions inside them by the expert);
2. the rest of the player's turn is the planner's own plan from there (its beam search,
   the best finished plan after the opponent's reply, as it plays);
3. the opponent's reply turn is the expert's, to the start of the player's next turn.

Every event of the line is kept (:class:`Line`). A line whose turn ends the game is
told here ("wins the game this turn"); otherwise the game says what the events mean: each
game's ``engine/<game>/advice.py`` has ``reason(line) -> str`` ("kills Hill Brute and
survives", "flips 2 and exposes none", "lethal next turn unless they block"). This module
names no game: a game without such a module gets no reason (the hint falls back on the
move's preview).

Budgets count iterations: the same view, move and seed give the same words.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.gameparts import part
from engine.core.rng import Rng, mix_seed

from .planner import Budget, PlannerAgent, _planner_knowledge

#: The planner's beam for the rest of the turn after the move: a smaller budget than a
#: decision's (the line explains a move already chosen; it does not choose one).
LINE_BUDGET = 1500
LINE_WIDTH = 4
#: Steps at most in each part of the line (a guard: turns end long before).
_MAX_STEPS = 300


@dataclass
class Line:
    """What the planner saw for one move of ``player``: positions are guesses of the hidden
    cards (the same guess all along), events as the engine's ``apply`` returned them."""
    player: int
    move: tuple                          # the move's steps
    before: object                       # the position the move is made in
    after: object                        # right after the move's steps
    move_events: list = field(default_factory=list)
    turn_end: object = None              # the end of the player's turn (the planner's plan)
    turn_events: list = field(default_factory=list)   # the move's events and the rest of the turn's
    reply_end: object = None             # the start of the player's next turn (the expert's reply)
    reply_events: list = field(default_factory=list)
    rest: tuple = ()                     # the player's actions after the move, as planned
    own_turn: bool = True                # the move was made in the player's own turn


def _game_words(match):
    return part(match, "advice")


def _expert_step(agent, s, rng) -> list:
    who = s.to_move()
    acts = s.legal_actions()
    a = acts[0] if len(acts) == 1 else agent.t.expert(s, who, acts, rng)
    return s.apply(a, check=False)


def line(view, p, move, seed: int = 0, budget: int = LINE_BUDGET) -> Line | None:
    """The planner's line for ``move`` (its steps) of ``p`` from ``view``; None where the
    move can't be played on the guess of the hidden cards."""
    move = tuple(tuple(x) for x in move)
    if not move:
        return None
    setup = _planner_knowledge(view.GAME).get("setup_kinds")
    if setup and move[0][0] in setup:
        return None             # an opening choice (Evons' mulligan): no turn to speak of yet
    agent = PlannerAgent(mix_seed(seed, 0xAD1), width=LINE_WIDTH, budget=budget)
    agent._setup(view, p, mix_seed(seed, 0xAD1))
    rng = Rng(mix_seed(seed, 0xAD2))
    s = view.determinize(p, mix_seed(seed, 0xAD3))
    before = s.clone()
    turn, own = s.turn(), s.turn_player() == p
    ev: list = []
    for x in move:
        if s.result() is not None or s.to_move() != p or s.why_illegal(x) is not None:
            return None
        ev.extend(s.apply(x, check=False))
    out = Line(p, move, before, None, list(ev), own_turn=own)
    n = 0
    while own and agent.mine(s, p, turn) and s.to_move() != p and n < _MAX_STEPS:
        ev.extend(_expert_step(agent, s, rng))
        n += 1
    out.after = s.clone()
    out.move_events = list(ev)
    rest: list = []
    if own and agent.mine(s, p, turn):
        rest = _plan_rest(agent, s, p, turn)
        i = n = 0
        while agent.mine(s, p, turn) and n < _MAX_STEPS:
            n += 1
            if s.to_move() == p and i < len(rest) and s.why_illegal(rest[i]) is None:
                ev.extend(s.apply(rest[i], check=False))
                i += 1
            else:
                if s.to_move() == p:
                    i = len(rest)
                ev.extend(_expert_step(agent, s, rng))
    if not own:                          # a decision in the opponent's turn: it plays on
        n = 0
        while s.result() is None and s.turn_player() != p and n < _MAX_STEPS:
            ev.extend(_expert_step(agent, s, rng))
            n += 1
    out.turn_end, out.turn_events, out.rest = s.clone(), ev, tuple(rest)
    rev: list = []
    n = 0
    while own and s.result() is None and s.turn_player() != p and n < _MAX_STEPS:
        rev.extend(_expert_step(agent, s, rng))
        n += 1
    out.reply_end, out.reply_events = s, rev
    return out


def _plan_rest(agent, s, p, turn) -> list:
    """The planner's plan for the rest of ``p``'s turn from ``s``: its beam's finished
    plans, the best after the opponent's reply (as ``PlannerAgent.plan`` chooses)."""
    root = agent.options(s, frozenset())
    if not root:
        return []
    plans = agent.beam(s, p, turn, root, Budget(agent.budget))
    best, best_v = [], -1e18
    for path, end in plans:
        v = agent.reply(end.clone(), p, Budget(0))
        if v > best_v + 1e-12:
            best, best_v = list(path), v
    return best


def reason(view, p, move, seed: int = 0, budget: int = LINE_BUDGET) -> str:
    """What ``move`` does and leads to, in the game's words (empty: nothing to say)."""
    if _game_words(view) is None or not move:
        return ""
    return explain(view, line(view, p, move, seed, budget))


def explain(view, ln: Line | None) -> str:
    """The game's words for a line made by :func:`line` (empty: nothing to say)."""
    words = _game_words(view)
    if words is None or ln is None:
        return ""
    end = ln.turn_end.result() if ln.turn_end is not None else None
    if end is not None:                  # the game ends in the line's turn: nothing else counts
        if end.winner is None:
            return "ends the game in a draw this turn"
        return "wins the game this turn" if end.winner == ln.player else "loses the game this turn"
    try:
        return (words.reason(ln) or "").strip()
    except Exception:  # noqa: BLE001 - advice must never break the game
        return ""


__all__ = ["Line", "line", "reason", "explain", "LINE_BUDGET"]
