"""The AI ladder: random, greedy and search agents, and the difficulty levels.

Every agent decides from the deciding player's ``view`` only: ``choose(match)``
takes ``match.view(me)`` once and from then on works on that view and on
determinizations of it (``view.determinize(me, seed)``), never on the match it
was given. The decision seed is mixed from the agent's seed and the view
(``info``), so the same view + seed + level always gives the same action, in the
foreground or in the background.
"""
from __future__ import annotations

from engine.core.rng import Rng, mix_seed

from . import mcts
from .base import Agent, ruled, without
from .halving import halving_search
from .tactics import get_tactics, useful


class RandomAgent(Agent):
    name = "random"

    def decide(self, view, me, seed, cancel=None, yield_every=0, avoid=()):
        det = view.determinize(me, seed)
        acts = without(det.legal_actions(), avoid)
        self.moves += 1
        return acts[Rng(seed).randrange(len(acts))]


class GreedyAgent(Agent):
    """Best immediate outcome: each legal action applied once to a guess of the
    hidden cards and scored by the game's evaluation (one ply). With
    ``error`` > 0 it plays a random legal action that often instead."""

    name = "greedy"

    def __init__(self, seed: int = 0, evaluate=None, error: float = 0.0, samples: int = 1):
        super().__init__(seed, evaluate)
        self.error = error
        self.samples = max(1, samples)

    def decide(self, view, me, seed, cancel=None, yield_every=0, avoid=()):
        rng = Rng(mix_seed(seed, 0x6EED))
        evaluate = self.evaluator(view.GAME)
        dets = [view.determinize(me, mix_seed(seed, 0xDE7, i)) for i in range(self.samples)]
        acts = useful(dets[0], without(dets[0].legal_actions(), avoid))
        self.moves += 1
        if len(acts) == 1:
            return acts[0]
        if self.error and rng.random() < self.error:
            return acts[rng.randrange(len(acts))]
        totals = [0.0] * len(acts)
        for d in dets:
            for i, v in enumerate(mcts.one_ply_scores(d, me, acts, evaluate)):
                totals[i] += v
        best = max(totals)
        ties = [a for a, v in zip(acts, totals) if v >= best - 1e-9]
        return ties[rng.randrange(len(ties))]


class SearchAgent(Agent):
    """Determinized (SO-IS) MCTS with cut-off rollouts; budget in iterations.

    ``error``: how often it deliberately plays its second choice instead of its
    best (only between actions the search found close)."""

    name = "search"

    def __init__(self, seed: int = 0, evaluate=None, iterations: int = 400, horizon: int = 2,
                 error: float = 0.0, pool: int = 24, c: float = 0.6, widen: float = 2.0,
                 yield_every: int = 0, tactics: bool = True, policy: bool = True, top: int = 0,
                 playouts: int = 0, endgame: int = 0, halving: bool = False, harmless: bool = False):
        super().__init__(seed, evaluate)
        # harmless (the hint and the review's analysis): the game's self-harming plays
        # (``engine.<game>.tactics.harmful``, as the planner) are left out at the root too
        self.harmless = harmless
        # halving (playout levels): the playouts spent by successive halving over the
        # candidates (halving.halving_search) instead of evenly
        self.halving = halving
        # endgame > 0 (playout levels, games whose tactics say how far the end is): the
        # playouts run to the end of the game once it is that close
        # (``engine.<game>.tactics.playout_horizon``)
        self.endgame = endgame
        # playouts > 0: instead of the tree search, the ``top`` best root moves by the
        # game's own ranking, each played out by the expert on both sides
        # (mcts.expert_search); the budget is then ``playouts`` playouts
        self.playouts = playouts
        self.top = top            # search only the top-k root moves of the game's own ranking
        self.tactics = tactics
        self.policy = policy      # the game's rollout policy (else uniform random rollouts)
        self.budget = iterations
        self.horizon = horizon
        self.error = error
        self.pool = pool
        self.c = c
        self.widen = widen
        self.yield_every = yield_every
        self.last_result = None

    def run_search(self, view, me, seed, cancel=None, yield_every=0, avoid=()):
        """The search result itself (the hint and the review read its estimates)."""
        policy = root_filter = continues = root_moves = None
        if self.tactics:
            t = get_tactics(view.GAME)
            policy = t.rollout if self.policy else None
            root_filter = useful
            harmful = getattr(t, "harmful", None) if self.harmless else None
            if harmful is not None:
                def root_filter(m, acts, harmful=harmful):
                    acts = useful(m, acts)
                    return [a for a in acts if not harmful(m, a, acts)] or acts
            continues = getattr(t, "continues", None)
            if self.top:
                root_moves = getattr(t, "root_moves", None)
            if self.playouts:
                horizon = self.horizon
                if self.endgame and hasattr(t, "playout_horizon"):
                    horizon = t.playout_horizon(view, horizon, self.endgame)
                playout_search = halving_search if self.halving else mcts.expert_search
                return playout_search(view, me, rollouts=self.playouts, top=self.top or 6, seed=seed,
                                          evaluate=self.evaluator(view.GAME), expert=t.expert,
                                          root_moves=root_moves, horizon=horizon, pool=min(self.pool, 16),
                                          cancel=cancel, yield_every=yield_every or self.yield_every,
                                          exclude=avoid, root_filter=root_filter, continues=continues)
        return mcts.search(view, me, iterations=self.budget, seed=seed,
                           evaluate=self.evaluator(view.GAME), horizon=self.horizon,
                           c=self.c, pool=self.pool, widen=self.widen, cancel=cancel,
                           yield_every=yield_every or self.yield_every, exclude=avoid,
                           policy=policy, root_filter=root_filter, continues=continues,
                           root_moves=root_moves, top=self.top)

    def decide(self, view, me, seed, cancel=None, yield_every=0, avoid=()):
        res = self.run_search(view, me, seed, cancel, yield_every, avoid)
        self.moves += 1
        self.iterations += res.iterations
        self.search_seconds += res.seconds
        self.last_iterations = res.iterations
        self.last_result = res
        action = res.action
        if self.error and len(res.children) >= 2:
            rng = Rng(mix_seed(seed, 0xE7707))
            if rng.random() < self.error:
                v1 = res.children[0][2]
                a2, n2, v2 = res.children[1]
                if n2 > 0 and v2 > v1 - 0.3:
                    action = a2
        return action


class ExpertAgent(Agent):
    """A hand-crafted heuristic player per game (``engine.<game>.tactics.expert``): plays
    as a strong human would, from its own view (one guess of the hidden cards,
    which its rules never read), instantly. The sparring partner the search
    levels are measured against."""

    name = "expert"

    def decide(self, view, me, seed, cancel=None, yield_every=0, avoid=()):
        det = view.determinize(me, seed)
        acts = without(det.legal_actions(), avoid)
        self.moves += 1
        if len(acts) == 1:
            return acts[0]
        return get_tactics(view.GAME).expert(det, me, acts, Rng(mix_seed(seed, 0xE4)))


# ---------------------------------------------------------------- difficulty levels
#: The levels a player meets. ``normal`` and ``hard`` are the turn planner
#: (:mod:`engine.ai.planner`) with more search: beside the beam's ``plans`` best plans,
#: its ``top`` best first actions each finished by the expert (what the expert playouts
#: of ``hard1`` did well), all checked against the reply; more guesses of the hidden
#: cards, a wider beam (``PLANNER_LEVELS``; a game's tactics may change them in
#: ``PLANNER["levels"]``). Budgets count iterations.
LEVELS = ("easy", "normal", "hard")
#: Earlier levels kept as named agents to measure progress against: ``normal1`` /
#: ``hard1`` (the tree search and expert playouts the levels were before the planner),
#: ``normal0`` / ``hard0`` (those before the tactics: random rollouts, no
#: pointless-play filter, smaller budgets).
OLD_LEVELS = ("normal0", "hard0", "normal1", "hard1")
AGENT_NAMES = ("random", "greedy", "expert", "planner") + LEVELS + OLD_LEVELS

#: The planner's settings per level, over its own (``planner.DEFAULTS`` and the
#: game's ``PLANNER["settings"]``): ``dets`` is multiplied (``dets_x``), the rest set.
PLANNER_LEVELS = {
    "normal": {"dets_x": 2, "finals": 8, "top": 8, "plans": 6},
    "hard": {"dets_x": 3, "finals": 10, "width": 8, "budget": 12000, "top": 8, "plans": 6},
}

#: Search levels (``normal1``, ``hard1``): iterations and rollout horizon (turns) by
#: default; a game's tactics may set its own (``SEARCH_LEVELS["budgets"]``), and other
#: settings of :class:`SearchAgent` (``SEARCH_LEVELS["settings"]``). The ``0`` levels
#: read ``budgets0`` / ``settings0``: they are the levels of the day issue 21 was filed,
#: so the settings tuned since never reach them.
BUDGETS = {"normal": (800, 2), "hard": (4000, 2)}
BUDGETS0 = {"normal": (200, 2), "hard": (2000, 2)}


def _search_levels(game: str) -> dict:
    return getattr(get_tactics(game), "SEARCH_LEVELS", {}) if game else {}


class LevelAgent(Agent):
    """A difficulty level; resolves its budget per game at the first decision."""

    def __init__(self, level: str, seed: int = 0, evaluate=None, **overrides):
        super().__init__(seed, evaluate)
        if level not in LEVELS + OLD_LEVELS:
            raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
        self.name = level
        self.level = level
        self.overrides = overrides
        self._inner: dict[str, Agent] = {}

    def inner(self, game: str) -> Agent:
        a = self._inner.get(game)
        if a is None:
            a = build_level(self.level, game, self.seed, self._evaluate, **self.overrides)
            self._inner[game] = a
        return a

    def decide(self, view, me, seed, cancel=None, yield_every=0, avoid=()):
        act = ruled(view)
        if act is not None:
            return act
        a = self.inner(view.GAME)
        act = a.decide(view, me, seed, cancel, yield_every, avoid)
        self.moves += 1
        self.iterations = sum(x.iterations for x in self._inner.values())
        self.search_seconds = sum(x.search_seconds for x in self._inner.values())
        self.last_iterations = a.last_iterations
        return act


def level_budget(level: str, game: str) -> tuple[int, int]:
    """Iterations and rollout horizon of a search level (``normal1``, ``hard1``,
    ``normal0``, ``hard0``) in ``game``."""
    old = level.endswith("0")
    base = level.rstrip("01")
    table = _search_levels(game).get("budgets0" if old else "budgets", {})
    return table.get(base, (BUDGETS0 if old else BUDGETS)[base])


def planner_settings(level: str, game: str) -> dict:
    """The planner's settings for ``level`` (``normal``, ``hard``) in ``game``."""
    from .planner import DEFAULTS, game_settings
    conf = dict(DEFAULTS)
    conf.update(game_settings(game))
    lv = dict(PLANNER_LEVELS[level])
    lv.update(game_settings(game, level))
    conf["dets"] = conf["dets"] * lv.pop("dets_x", 1)
    conf.update(lv)
    return conf


def build_level(level: str, game: str, seed: int, evaluate=None, **overrides) -> Agent:
    if level == "easy":
        # greedy with a deliberate random move one time in four: instant, beatable
        kw = {"error": 0.25}
        kw.update(overrides)
        return GreedyAgent(seed, evaluate, **kw)
    if level in PLANNER_LEVELS:
        from .planner import PlannerAgent
        kw = planner_settings(level, game)
        overrides = dict(overrides)
        if "iterations" in overrides:     # a smaller budget (quick tests): the beam's
            kw["budget"] = int(overrides.pop("iterations"))
        kw.update(overrides)
        return PlannerAgent(seed, evaluate, **kw)
    iters, horizon = level_budget(level, game)
    old = level.endswith("0")
    base = level.rstrip("01")
    if base == "normal":
        kw = {"iterations": iters, "horizon": horizon, "error": 0.15}
    else:  # hard: about five times the budget, twice the guesses of the hidden cards, no errors
        kw = {"iterations": iters, "horizon": horizon, "error": 0.0, "pool": 48}
    if old:
        kw["tactics"] = False
    kw.update(_search_levels(game).get("settings0" if old else "settings", {}).get(base, {}))
    if kw.get("playouts") and "iterations" in overrides and "playouts" not in overrides:
        # a level that plays out with the expert, asked for a smaller tree budget (the
        # review, quick tests): about one playout per 20 iterations over as many moves
        kw["playouts"] = max(2, min(kw["playouts"], int(overrides["iterations"]) // 20))
        kw["top"] = min(kw.get("top", 6), kw["playouts"])
    kw.update(overrides)
    return SearchAgent(seed, evaluate, **kw)


def make_agent(name: str, seed: int = 0, evaluate=None, **overrides) -> Agent:
    """An agent by name: ``random``, ``greedy``, ``expert``, ``planner`` (the turn
    planner, :mod:`engine.ai.planner`), ``easy``, ``normal``, ``hard`` (the planner
    with more search), ``normal1`` / ``hard1`` (the search levels before the planner),
    ``normal0`` / ``hard0`` (the levels before the tactics: random rollouts, smaller
    budgets), or ``search:N`` (search with N iterations)."""
    if name == "random":
        return RandomAgent(seed, evaluate)
    if name == "greedy":
        return GreedyAgent(seed, evaluate, **overrides)
    if name == "expert":
        return ExpertAgent(seed, evaluate)
    if name == "planner":
        from .planner import PlannerAgent
        return PlannerAgent(seed, evaluate, **overrides)
    if name in LEVELS or name in OLD_LEVELS:
        return LevelAgent(name, seed, evaluate, **overrides)
    if name.startswith("search:"):
        kw = {"iterations": int(name.split(":", 1)[1])}
        kw.update(overrides)
        a = SearchAgent(seed, evaluate, **kw)
        a.name = name
        return a
    raise ValueError(f"unknown agent {name!r}; choose one of {', '.join(AGENT_NAMES)} or search:N")


__all__ = ["RandomAgent", "GreedyAgent", "ExpertAgent", "SearchAgent", "LevelAgent", "make_agent",
           "LEVELS", "AGENT_NAMES", "BUDGETS"]
