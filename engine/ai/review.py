"""The hint and the game review: the hard level's opinion, from one player's view.

Both look only through ``view(player)`` (the hidden cards are guessed, as the
AI does), count iterations (the same position gives the same advice on any
machine) and accept ``cancel`` / ``yield_every`` so the client runs them in the
background (:func:`engine.ai.background.run`).

* :func:`hint` — the move the hard level would make, its win estimate and why
  (:mod:`engine.ai.advice`: the planner's line for the move, in the game's words),
  then the best alternative's.
* :func:`review` — every decision a player made in a recorded game (those with
  a choice), scored: win estimate with the best move and with the move played,
  the hard level's preferred move, how much was lost; the worst ones marked, with
  why. ``quick=True``: the first look (one ply, at once) the client shows while the
  searched review is made.

A *win estimate* is the search's mean result mapped to 0..1 (the evaluation
scores a position in [-1, 1]); it is a guide, not a probability. Early in a game
it is tempered toward 50% (:func:`temper`); the review's curve is smoothed
(:func:`smooth`). ``python -m engine.ai.review --bench GAME`` times a whole game's
review.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.rng import mix_seed
from engine.core.text import count

from .agents import build_level
from .base import view_digest
from .tactics import get_tactics

#: Iterations per decision for the review and the hint, unless the game's tactics set
#: their own (``ANALYSIS``, see :func:`analysis_budget`): the whole game is searched, so
#: less than hard's budget for one move.
REVIEW_ITERATIONS = 800
#: Win-estimate drops that mark a decision.
MARKS = ((0.20, "blunder"), (0.10, "mistake"), (0.05, "inaccuracy"))


def win(v: float) -> float:
    """A search value in [-1, 1] as a win estimate in 0..1."""
    return max(0.0, min(1.0, (v + 1.0) / 2.0))


#: Early estimates (see ``temper``): before both players have finished a turn the
#: evaluation has seen one side set up at most, so an estimate is pulled halfway toward
#: 50% and kept within 50% ± ``EARLY_CAP``; in the second round (turns 3 and 4) a quarter
#: of the way. From turn 5 the search's figure stands as it is.
EARLY_SHRINK = ((2, 0.5), (4, 0.75))
EARLY_CAP = 0.15
#: The review's curve: each decision's estimate averaged with ``SMOOTH`` decisions on each
#: side (fewer at the ends); the raw figure stays on the decision.
SMOOTH = 2


def temper(estimate: float, turn: int) -> float:
    """A win estimate made in a position of ``turn`` (the match's ``turn()``: 1 during the
    first player's first turn, 0 before it), no more sure than the evaluation can be:
    in the first round (turns up to 2, before the opponent's first set-up is answered)
    half as far from 50% as the search says and within 35–65%; in the second round three
    quarters as far; later unchanged."""
    for last, k in EARLY_SHRINK:
        if turn <= last:
            d = (estimate - 0.5) * k
            if last == EARLY_SHRINK[0][0]:
                d = max(-EARLY_CAP, min(EARLY_CAP, d))
            return 0.5 + d
    return estimate


def smooth(values: list, k: int = SMOOTH) -> list:
    """A centred moving average of ``values`` over ``2k + 1`` of them (fewer at the ends)."""
    out = []
    n = len(values)
    for i in range(n):
        part = values[max(0, i - k):min(n, i + k + 1)]
        out.append(sum(part) / len(part))
    return out


def _pct(x: float) -> str:
    return f"{round(x * 100):d}%"


@dataclass
class Hint:
    player: int
    action: tuple
    text: str
    win: float
    alt_action: tuple | None = None
    alt_text: str = ""
    alt_win: float | None = None
    iterations: int = 0
    follow: tuple | None = None   # a second step of the same move (Evons: the cell after the card)
    why: str = ""                 # why: what the planner's line for the move shows, in the game's words
    alt_why: str = ""             # the same for the best alternative

    @property
    def reason(self) -> str:
        """One line: the suggestion with its estimate and why, then the best alternative's
        ("Hint: Attack Hill Brute with Karn Berserker — win estimate 62%: kills Hill Brute and
        survives; next best: End the Set Phase, 55%: their reply costs you 4 morale")."""
        line = f"Hint: {self.text} — win estimate {_pct(self.win)}"
        if self.why:
            line += f": {self.why}"
        if self.alt_action is not None and self.alt_win is not None:
            # (a move's own words may hold brackets: "Pass (no more combat spells)")
            line += f"; next best: {self.alt_text}, {_pct(self.alt_win)}"
            if self.alt_why:
                line += f": {self.alt_why}"
        return line


def move_reason(view, p, move, seed: int = 0) -> str:
    """Why ``move`` (its steps) is worth making or not, in the game's words, from the turn
    planner's own line for it (:func:`engine.ai.advice.reason`: "kills Hill Brute and
    survives", "flips 2 and exposes none"); where the game says nothing, what the move
    does (:func:`move_why`, its preview)."""
    from .advice import reason
    return reason(view, p, move, mix_seed(seed, 0xAD)) or move_why(view, p, move, seed)


def move_why(view, p, move, seed: int = 0) -> str:
    """What ``move`` (its steps) does, in the game's own words: the preview of its last
    step, from ``p``'s view (the steps before it played on a guess of the hidden cards,
    as the preview itself does). Empty when the game has nothing to say about it."""
    move = [tuple(x) for x in move]
    if not move:
        return ""
    s = view
    if len(move) > 1:
        det = view.determinize(p, mix_seed(seed, 0x3E1))
        for x in move[:-1]:
            if det.why_illegal(x) is not None:
                return ""
            det.apply(x, check=False)
        if det.to_move() != p:
            return ""
        s = det.view(p)
    pv = s.preview(move[-1])
    return pv.text().strip() if pv is not None else ""


#: Iterations of the analysis behind both the hint and the review (one budget, so the
#: same position gets the same analysis from both).
ANALYSIS_ITERATIONS = REVIEW_ITERATIONS
#: The analyses made, by position (view digest, player, salt, iterations): a hint and a
#: later review of the same position read the very same search.
_ANALYSES: dict = {}
_MAX_ANALYSES = 1024


def analysis_budget(game: str) -> tuple[int, dict]:
    """The analysis budget of ``game``: iterations per position and the settings of the
    search over hard1's (``ANALYSIS`` in the game's tactics: ``{"iterations": N,
    "settings": {...}}``; by default 800 iterations of hard1 as it is). One budget for the
    hint and the review, so both read the same analysis."""
    conf = getattr(get_tactics(game), "ANALYSIS", {}) if game else {}
    return int(conf.get("iterations", ANALYSIS_ITERATIONS)), dict(conf.get("settings", {}))


def _searcher(game: str, seed: int, iterations: int | None = None):
    """The hard1 search with the game's analysis settings, never suggesting a self-harming
    play (the planner's filter)."""
    kw = analysis_budget(game)[1]
    if iterations:
        kw["iterations"] = iterations
    return build_level("hard1", game, seed, harmless=True, **kw)


def position_seed(view, salt: int = 0) -> int:
    """The analysis seed of a position: from the view alone (and ``salt``, 0 for the
    hint and the review), so the same position always gets the same estimates."""
    return mix_seed(salt, view_digest(view))


def analyse(view, me, salt: int = 0, iterations=None, cancel=None, yield_every=0):
    """The search behind the hint and the review, from ``me``'s view: the same view,
    salt and budget give the same result (kept, so the second asker reads the first's)."""
    iterations = iterations or analysis_budget(view.GAME)[0]
    seed = position_seed(view, salt)
    key = (seed, me, iterations)
    res = _ANALYSES.get(key)
    if res is None:
        agent = _searcher(view.GAME, seed, iterations)
        res = agent.run_search(view, me, seed, cancel=cancel, yield_every=yield_every)
        if len(_ANALYSES) >= _MAX_ANALYSES:
            _ANALYSES.clear()
        _ANALYSES[key] = res
    return res


#: The quick pass's budget name (its analyses are kept apart from the searches').
QUICK = "quick"


def quick_analyse(view, me, salt: int = 0):
    """The review's quick pass: every move the search would consider (the same root: useful,
    not self-harming, whole moves in two steps) scored one ply deep on one guess of the
    hidden cards by the game's own look (its ``root_moves`` where it has one, else the
    evaluation after the move). A few milliseconds a position; the same view gives the
    same result. Returns a :class:`~engine.ai.mcts.SearchResult` (children: each first
    step with its best whole move's value)."""
    from .evaluation import get_evaluator
    from .mcts import SearchResult, _macro_score, root_candidates
    seed = position_seed(view, salt)
    key = (seed, me, QUICK)
    res = _ANALYSES.get(key)
    if res is not None:
        return res
    t = get_tactics(view.GAME)
    evaluate = get_evaluator(view.GAME)
    harmful = getattr(t, "harmful", None)

    def root_filter(m, acts):
        from .tactics import useful
        acts = useful(m, acts)
        if harmful is not None:
            acts = [a for a in acts if not harmful(m, a, acts)] or acts
        return acts
    det = view.determinize(me, mix_seed(seed, 0xDE7, 0))
    only, cands = root_candidates(det, me, top=1 << 30, evaluate=evaluate,
                                  root_moves=getattr(t, "root_moves", None), root_filter=root_filter,
                                  continues=getattr(t, "continues", None))
    if only is not None:
        v = _macro_score(det, me, (only,), evaluate)
        res = SearchResult(only, 1, 0.0, [(only, 1, v)], -v)
    else:
        kids, seen = [], set()
        for mv, v in cands:
            if mv[0] not in seen:
                seen.add(mv[0])
                kids.append((mv[0], 1, max(-1.0, min(1.0, v))))
        res = SearchResult(cands[0][0][0], len(cands), 0.0, kids, -kids[0][2])
        res.move = tuple(cands[0][0])
    if len(_ANALYSES) >= _MAX_ANALYSES:
        _ANALYSES.clear()
    _ANALYSES[key] = res
    return res


def _quick_value(view, me, move, salt: int = 0) -> float:
    """The quick pass's value of a move it did not consider (a pointless or self-harming
    play): the evaluation after it, on the quick pass's guess of the hidden cards."""
    from .evaluation import get_evaluator
    from .mcts import _macro_score
    det = view.determinize(me, mix_seed(position_seed(view, salt), 0xDE7, 0))
    return _macro_score(det, me, tuple(tuple(x) for x in move), get_evaluator(view.GAME))


def _search(view, me, seed, iterations=None, cancel=None, yield_every=0):
    return analyse(view, me, seed, iterations, cancel, yield_every)


def hint(match, player: int | None = None, *, seed: int = 0, iterations: int | None = None,
         cancel=None, yield_every: float = 0, progress=None) -> Hint:
    """The hard level's move for ``player`` (default: the player to move), from
    that player's view of ``match`` only."""
    p = match.to_move() if player is None else player
    if p is None or match.to_move() != p:
        raise ValueError("it is not that player's decision")
    view = match.view(p)
    res = analyse(view, p, seed, iterations, cancel, yield_every)
    kids = [k for k in res.children if k[1] > 0] or res.children
    best = res.action
    if res.iterations == 0:      # one move worth making: estimate where it leads
        bw = estimate_after(view, p, res.move, position_seed(view, seed), iterations, cancel, yield_every, seed)
    else:
        bw = next((win(v) for a, n, v in kids if a == best), win(-res.root_value))
    # the alternative never reads better than the move the search settled on (its estimate
    # rests on fewer visits): as in the review, where a move played never beats the best
    # (and it is another move to the player: not another copy of the same card, said alike)
    said = view.action_text(best)
    alt = next(((a, min(win(v), bw)) for a, n, v in kids if a != best and view.action_text(a) != said), None)
    turn = view.turn()          # early in the game no surer than the evaluation can be
    bw = temper(bw, turn)
    if alt is not None:
        alt = (alt[0], temper(alt[1], turn))
    h = Hint(p, tuple(best), view.action_text(best), bw,
             tuple(alt[0]) if alt else None, view.action_text(alt[0]) if alt else "",
             alt[1] if alt else None, res.iterations)
    if len(res.move) > 1:
        _name_two_steps(h, view, tuple(res.move[1]))
    ps = position_seed(view, seed)
    h.why = move_reason(view, p, res.move, ps)
    if h.alt_action is not None:
        _alt_reason(h, view, ps)
    return h


def _alt_reason(h: Hint, view, ps: int) -> None:
    """The best alternative's reason, from the planner's line for it; a move in two steps
    is named with the second step that line takes (the cell its reason is about)."""
    from .advice import explain, line
    ln = line(view, h.player, (h.alt_action,), mix_seed(ps, 0xAD))
    words = getattr(get_tactics(view.GAME), "move_words", None)
    if ln is not None and ln.rest and words is not None and h.follow is not None:
        h.alt_text = words(view, h.player, h.alt_action, ln.rest[0]) or h.alt_text
    h.alt_why = explain(view, ln) or move_why(view, h.player, (h.alt_action,), ps)


def _best_value(res) -> float:
    """The value of the move an analysis settled on (its child's mean result)."""
    return next((v for a, n, v in res.children if a == res.action), -res.root_value)


def estimate_after(view, p, move, seed, iterations=None, cancel=None, yield_every=0, salt: int = 0) -> float:
    """Win estimate for ``p`` after ``move`` (its steps) from ``view``: played on a
    guess of the hidden cards (forced moves after it too), then searched from
    ``p``'s view of the result. Where ``p`` decides again there and the guess hid
    nothing new (the next step of the same turn: an Evons cell after its card, an
    ability's target), that is the position's own analysis (``salt``: the hint's and
    the review's), the one its hint and its row of the review read: searched once."""
    from .evaluation import terminal_value
    det = view.determinize(p, mix_seed(seed, 0xAF7))
    for x in move:
        if det.result() is not None:
            break
        det.apply(tuple(x), check=False)
    for _ in range(50):         # forced moves: play them out
        if det.result() is not None:
            break
        only = det.legal_actions()
        if len(only) != 1:
            break
        det.apply(only[0], check=False)
    tv = terminal_value(det, p)
    if tv is not None:
        return win(tv)
    if det.to_move() == p:
        r2 = analyse(det.view(p), p, salt, iterations, cancel, yield_every)
        if r2.iterations:
            return win(_best_value(r2))
    n = max(16, (iterations or analysis_budget(view.GAME)[0]) // 2)
    if det.to_move() is not None and det.to_move() != p:
        # the opponent decides next (a pass in their combat): the search is made from the
        # player's own decisions, so the opponent's are played by the expert up to the
        # player's next one (a search from the opponent's seat found nothing to do and the
        # estimate read 50% in a lost game)
        det = _opponent_plays(det, p, mix_seed(seed, 0xAF8))
        tv = terminal_value(det, p)
        if tv is not None:
            return win(tv)
    if det.to_move() == p:
        r2 = _search(det.view(p), p, mix_seed(seed, 1), n, cancel, yield_every)
        if r2.iterations:
            return win(-r2.root_value)
    # nothing to search: the game's evaluation of the position
    from .evaluation import get_evaluator
    return win(get_evaluator(view.GAME)(det, p))


def _opponent_plays(det, p, seed: int, steps: int = 300):
    """``det`` after the other player's decisions up to ``p``'s next one (or the end),
    each the game's expert's (the first legal action where a game has none)."""
    from engine.core.rng import Rng
    expert = getattr(get_tactics(det.GAME), "expert", None)
    rng = Rng(seed)
    for _ in range(steps):
        who = det.to_move()
        if det.result() is not None or who is None or who == p:
            break
        acts = det.legal_actions()
        if not acts:
            break
        a = acts[0] if len(acts) == 1 or expert is None else expert(det, who, acts, rng)
        det.apply(a, check=False)
    return det


def _name_two_steps(h: Hint, view, follow) -> None:
    """A move played in two steps (an Evons card, then its cell): the hint names both,
    and the best alternative its own best second step (the game's ``move_words``)."""
    h.follow = follow
    words = getattr(get_tactics(view.GAME), "move_words", None)
    if words is None:
        return
    h.text = words(view, h.player, h.action, follow) or h.text
    if h.alt_action is not None:
        h.alt_text = words(view, h.player, h.alt_action) or h.alt_text


# ---------------------------------------------------------------- review
@dataclass
class ReviewedMove:
    index: int            # the action's index in the game (state before it: index)
    turn: int
    action: tuple
    text: str
    best_action: tuple
    best_text: str
    before: float         # win estimate with the best move
    after: float          # win estimate with the move played
    mark: str | None = None
    why: str = ""         # why the best move, in the game's words (marked decisions)
    played_why: str = ""  # what the move played led to, in the game's words (marked decisions)
    best_follow: tuple | None = None   # the best move's second step (an Evons card's cell)

    @property
    def loss(self) -> float:
        return max(0.0, self.before - self.after)

    @property
    def agreed(self) -> bool:
        """The move played is hard's, or one the player can't tell from it (the same words:
        another copy of the same card to the same place)."""
        return tuple(self.action) == tuple(self.best_action) or self.text == self.best_text

    def line(self) -> str:
        s = f"Turn {self.turn}: {self.text} — win estimate {_pct(self.before)} with the best move, {_pct(self.after)} played"
        if not self.agreed:
            s += f"; hard prefers {self.best_text}"
            if self.why:
                s += f": {self.why}"
            if self.played_why:
                s += f". Played: {self.played_why}"
        return s


@dataclass
class Review:
    player: int
    moves: list = field(default_factory=list)
    iterations: int = REVIEW_ITERATIONS
    #: the quick pass (one ply, no reasons), shown while the searched review is made
    quick: bool = False

    def marked(self) -> list:
        """The marked decisions, worst first."""
        return sorted((m for m in self.moves if m.mark), key=lambda m: -m.loss)

    def graph(self) -> list:
        """[(action index, win estimate after the decision)] over the game."""
        return [(m.index, m.after) for m in self.moves]

    def curve(self) -> list:
        """The graph smoothed (:func:`smooth`): what the review draws as its line, the
        decisions' own figures as points on it."""
        return list(zip((m.index for m in self.moves), smooth([m.after for m in self.moves])))

    def accuracy(self) -> float:
        """Share of decisions that matched hard's or lost under 2 points."""
        if not self.moves:
            return 1.0
        return sum(1 for m in self.moves if m.agreed or m.loss < 0.02) / len(self.moves)

    def summary(self) -> str:
        counts = {name: sum(1 for m in self.moves if m.mark == name) for _, name in MARKS}
        n = len(self.moves)
        good = sum(1 for m in self.moves if m.agreed or m.loss < 0.02)
        if self.quick:      # a first look: how many, and the marks so far
            parts = [f"{count(n, 'decision')} at a first look"]
        else:
            parts = [f"{count(n, 'decision')} reviewed"]
        if n and not self.quick:       # "9 as good as the hard AI's (31%)": how many, then the share
            parts.append(f"{good} as good as the hard AI's ({round(100 * good / n)}%)")
        plural = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}
        parts += [f"{n} {name if n == 1 else plural[name]}" for name, n in counts.items() if n]
        return ", ".join(parts)


def _mark(loss: float):
    for limit, name in MARKS:
        if loss >= limit - 1e-9:
            return name
    return None


#: Worker processes for the client's review (a core each, at most this many).
REVIEW_JOBS = 2


def review_jobs() -> int:
    """Worker processes for a review on this machine: one a core, at most ``REVIEW_JOBS``."""
    import os
    return max(1, min(REVIEW_JOBS, os.cpu_count() or 1))


def review(session, player: int, *, seed: int = 0, iterations: int | None = None,
           cancel=None, yield_every: float = 0, progress=None, limit: int | None = None,
           quick: bool = False, jobs: int = 1, only=None) -> Review:
    """Score every decision ``player`` made in ``session`` (an
    :class:`~engine.core.session.MatchSession`) that had more than one legal action
    (not the orders a game settles by rule: Everdawn's returned cards).

    Per decision: a search from the player's view before it (its best child is
    "the best move" and its estimate ``before``); the move played is estimated
    by its own child if searched enough, else by a search from the view after it.

    ``quick``: the quick pass instead (:func:`quick_analyse`, one ply, no marks and no
    reasons; a position the hint analysed keeps the hint's analysis), shown at once
    while the searched review is made in the background.

    ``jobs`` > 1: the positions are analysed in that many worker processes first
    (:func:`_analyse_apart`, a core each), then read here; each analysis is seeded by its
    position, so the review is the same as with one. ``only``: the decisions (action
    indexes) to review, of those it would."""
    iterations = iterations or analysis_budget(session.game)[0]
    out = Review(player, [], iterations, quick)
    idx = [i for i in session.decisions(player)]
    if limit is not None:
        idx = idx[:limit]
    todo = []
    for i in idx:
        m = session.state_at(i)
        rule = getattr(m, "ruled_choice", None)
        if rule is not None and rule() is not None:
            continue            # an order the game settles by rule (Everdawn's returned cards): not scored
        if len(m.legal_actions()) > 1 and (only is None or i in only):
            todo.append((i, m))
    if jobs > 1 and not quick and len(todo) >= 8 * jobs:
        out.moves = _review_apart(session, player, seed, iterations, [i for i, _ in todo], jobs, cancel,
                                  progress)
        return out
    for k, (i, m) in enumerate(todo):
        a = tuple(session.actions[i])
        view = m.view(player)
        ps = position_seed(view, seed)
        one_ply = quick and _ANALYSES.get((ps, player, iterations)) is None
        if one_ply:
            if cancel is not None and cancel.is_set():
                from .mcts import Cancelled
                raise Cancelled()
            res = quick_analyse(view, player, seed)
        else:
            res = analyse(view, player, seed, iterations, cancel, yield_every)
        kids = {tuple(x[0]): (x[1], x[2]) for x in res.children}
        best = tuple(res.action)
        n_a, v_a = kids.get(a, (0, 0.0))
        words = getattr(get_tactics(view.GAME), "move_words", None)
        text, best_text = view.action_text(a), view.action_text(best)
        played = (a,)
        if words is not None:      # a move in two steps: the card and its cell, both named
            nxt = session.actions[i + 1] if i + 1 < len(session.actions) else None
            follow = tuple(nxt) if nxt is not None and session.actor(i + 1) == player else None
            two = words(view, player, a, follow, ps)
            if two:
                text = two
                played = (a, follow) if follow is not None else played
            best_text = words(view, player, best, tuple(res.move[1]) if len(res.move) > 1 else None,
                              ps) or best_text
        # a move the player can't tell from the best (another copy of the same card to the
        # same cell: "Play Pyre Witch on C5" both) is the best: two estimates of one move
        # differ only by the search's noise
        same = a == best or text == best_text
        if one_ply:
            before = win(kids[best][1])
            after = before if same else win(v_a) if a in kids else win(_quick_value(view, player, (a,), seed))
        else:
            if res.iterations == 0:
                before = estimate_after(view, player, res.move, ps, iterations, cancel, yield_every, seed)
            else:
                before = win(kids.get(best, (0, -res.root_value))[1])
            if same:
                after = before
            elif n_a >= max(8, res.iterations // 10):
                after = win(v_a)
            else:
                after = estimate_after(view, player, (a,), mix_seed(ps, 1), iterations, cancel, yield_every, seed)
        after = min(after, before) if not same else after
        before, after = temper(before, m.turn()), temper(after, m.turn())
        rm = ReviewedMove(i, m.turn(), a, text, best, best_text, before, after)
        rm.best_follow = tuple(res.move[1]) if len(res.move) > 1 else None
        # a first look marks nothing: one ply misjudges moves the search then clears (an Evons
        # game between normal players: 21 marks at one ply, 5 searched)
        rm.mark = None if rm.agreed or quick else _mark(rm.loss)
        if rm.mark and not one_ply:
            rm.why = move_reason(view, player, res.move, ps)
            rm.played_why = move_reason(view, player, played, ps)
        out.moves.append(rm)
        if progress is not None:
            progress.fraction = (k + 1) / len(todo)
    return out


def _review_chunk(args) -> tuple:
    """In a worker process: review some decisions of a recorded game; returns the analyses
    made and the reviewed decisions."""
    record, player, seed, iterations, indexes = args
    from engine.core.session import MatchSession
    _ANALYSES.clear()
    r = review(MatchSession.from_record(record), player, seed=seed, iterations=iterations, only=set(indexes))
    return list(_ANALYSES.items()), r.moves


def _review_apart(session, player, seed, iterations, indexes, jobs, cancel=None, progress=None) -> list:
    """Review the decisions of ``indexes`` in ``jobs`` worker processes (spawned: a clean
    interpreter each, whatever the caller's threads), each a run of consecutive decisions
    at a time (so a step's estimate reads the next step's analysis in the same process);
    keep their analyses here, as if made here (a later hint reads them). Returns the
    reviewed decisions in order."""
    import multiprocessing as mp
    from .mcts import Cancelled
    size = max(4, -(-len(indexes) // (jobs * 4)))
    chunks = [indexes[k:k + size] for k in range(0, len(indexes), size)]
    work = [(session.record, player, seed, iterations, c) for c in chunks]
    pool = mp.get_context("spawn").Pool(min(jobs, len(chunks)))
    moves: list = []
    ok = False
    try:
        results = pool.imap_unordered(_review_chunk, work)
        for done in range(1, len(chunks) + 1):
            while True:
                if cancel is not None and cancel.is_set():
                    raise Cancelled()
                try:
                    items, part = results.next(timeout=0.05)
                    break
                except mp.TimeoutError:
                    continue
            if len(_ANALYSES) + len(items) > _MAX_ANALYSES:
                _ANALYSES.clear()
            _ANALYSES.update(items)
            moves += part
            if progress is not None:
                progress.fraction = done / len(chunks)
        ok = True
    finally:
        if ok:
            pool.close()
        else:
            pool.terminate()
        pool.join()
    return sorted(moves, key=lambda m: m.index)


# ---------------------------------------------------------------- benchmark
def bench_game(game: str, seed: int = 1, agents: str = "expert,expert"):
    """A whole game to review: ``agents`` (two names) playing the starter decks."""
    from engine.core.harness import starter_pair
    from engine.core.session import MatchSession
    from .agents import make_agent
    names = agents.split(",")
    s = MatchSession.new(game, starter_pair(game, seed), seed)
    players = [make_agent(names[0], seed), make_agent(names[-1], seed + 1)]
    for _ in range(2000):
        m = s.match
        if m.result() is not None:
            break
        s.apply(players[m.to_move()].choose(m))
    return s


def _cpu() -> float:
    """CPU seconds of this thread and of the worker processes finished so far."""
    import os
    import time
    t = os.times()
    return time.thread_time() + t.children_user + t.children_system


def bench(game: str, seed: int = 1, iterations: int | None = None, player: int = 0,
          agents: str = "expert,expert", jobs: int = 1) -> dict:
    """Time the review of a whole game (a fresh analysis of every position): figures only.
    CPU seconds count the worker processes' too."""
    import time
    s = bench_game(game, seed, agents)
    _ANALYSES.clear()
    t0, c0 = time.perf_counter(), _cpu()
    q = review(s, player, quick=True)
    t1, c1 = time.perf_counter(), _cpu()
    r = review(s, player, iterations=iterations, jobs=jobs) if iterations != 0 else None
    t2, c2 = time.perf_counter(), _cpu()
    out = {"game": game, "seed": seed, "agents": agents, "player": player, "jobs": jobs, "actions": len(s),
           "turns": s.match.turn(), "decisions": len(q.moves),
           "quick_s": round(t1 - t0, 2), "quick_cpu_s": round(c1 - c0, 2)}
    if r is not None:
        out.update({"iterations": r.iterations, "review_s": round(t2 - t1, 2), "review_cpu_s": round(c2 - c1, 2),
                    "marked": len(r.marked()), "per_decision_s": round((t2 - t1) / max(1, len(r.moves)), 3)})
    return out


#: What each label of a record file of review timings is (``--table``).
_TABLE_COLUMNS = (("before", "before"), ("after", "after, 2 processes"), ("after1", "after, 1 process"))


def table(path) -> str:
    """The Markdown table of a record file of review timings: one JSON line a run, each
    the bench's figures with ``label`` (``before``, ``after``: ``--jobs 2``, ``after1``:
    ``--jobs 1``), ``commit`` and ``command``; a row per game and seed, wall seconds with CPU
    seconds in brackets, and the ratio before / after in one process."""
    import json
    rows: dict = {}
    commands: dict = {}
    with open(path, encoding="utf-8") as f:
        for text in f:
            if text.strip():
                r = json.loads(text)
                rows.setdefault((r["game"], r["seed"], r["agents"]), {})[r["label"]] = r
                commands.setdefault(r["label"], (r.get("commit", ""), r.get("command", "")))

    def cell(r):
        return "—" if r is None else f"{r['review_s']:g} ({r['review_cpu_s']:g})"
    out = ["| game, seed, players | decisions | " + " | ".join(n for _, n in _TABLE_COLUMNS)
           + " | before / after, 1 process: wall, CPU | marks before → after |",
           "|---" * (len(_TABLE_COLUMNS) + 4) + "|"]
    for (game, seed, agents), by in rows.items():
        b, a = by.get("before"), by.get("after1") or by.get("after")
        ratio = marks = "—"
        if b and a:
            ratio = f"{b['review_s'] / a['review_s']:.1f}×, {b['review_cpu_s'] / max(a['review_cpu_s'], 1e-9):.1f}×"
            marks = f"{b['marked']} → {a['marked']}"
        dec = next(iter(by.values()))["decisions"]
        out.append(f"| {game.capitalize()} {seed}, {agents} | {dec} | "
                   + " | ".join(cell(by.get(k)) for k, _ in _TABLE_COLUMNS) + f" | {ratio} | {marks} |")
    out.append("")
    for k, name in _TABLE_COLUMNS:
        if k in commands:
            commit, cmd = commands[k]
            out.append(f"- {name}: `{cmd}` at commit `{commit}`")
    return "\n".join(out) + "\n"


def main(argv=None) -> int:
    import argparse
    import json
    ap = argparse.ArgumentParser(prog="python -m engine.ai.review",
                                 description="Time the review of a whole game, its quick pass then the searched "
                                             "review (prints one JSON line a game).")
    ap.add_argument("--bench", metavar="GAME", help="the game, or 'all'")
    ap.add_argument("--table", metavar="FILE", help="print the Markdown table of a record file of timings")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=1, help="games on seeds SEED, SEED+1, ...")
    ap.add_argument("--iterations", type=int, default=None,
                    help="the searched review's budget (default: the game's analysis budget; "
                         "0: time the quick pass only)")
    ap.add_argument("--player", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes for the searched review "
                                                         "(the client uses one a core, at most REVIEW_JOBS)")
    ap.add_argument("--agents", default="expert,expert", help="who plays the game reviewed")
    a = ap.parse_args(argv)
    if a.table:
        print(table(a.table), end="")
        return 0
    if not a.bench:
        ap.error("--bench GAME or --table FILE")
    from engine.games import GAME_NAMES
    games = GAME_NAMES if a.bench == "all" else (a.bench,)
    for g in games:
        for k in range(a.games):
            print(json.dumps(bench(g, a.seed + k, a.iterations, a.player, a.agents, a.jobs)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
