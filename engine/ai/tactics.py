"""Per-game tactical knowledge shared by the search and the ``expert`` player.

Each game has a small module ``engine/<game>/tactics.py`` exposing three functions,
all called on a determinized match (never the real one) for ``m.to_move()``:

* ``pointless(m, action) -> bool`` — the action spends a card (or a choice)
  and can't change anything: a "treated as dead" on a creature without an
  On-death effect, reach for a creature that can't counterattack, a heal at
  full Life... Such actions are never chosen while a useful one exists.
* ``rollout(m, actions, rng) -> action`` — a cheap heuristic move for the
  search's rollouts (instead of a uniformly random one).
* ``expert(m, me, actions, rng) -> action`` — the hand-crafted ``expert``
  player's choice.

Games without a module get the neutral versions below (nothing pointless,
random rollouts, greedy expert).
"""
from __future__ import annotations


from .evaluation import get_evaluator, terminal_value

_CACHE: dict = {}


class Neutral:
    @staticmethod
    def pointless(m, action) -> bool:
        return False

    @staticmethod
    def rollout(m, actions, rng):
        return actions[rng.randrange(len(actions))]

    @staticmethod
    def expert(m, me, actions, rng):
        return greedy_pick(m, me, actions, get_evaluator(m.GAME))


def get_tactics(game: str):
    t = _CACHE.get(game)
    if t is None:
        from engine.games import get_game
        try:
            t = get_game(game).part("tactics")
        except KeyError:                     # not a game at all
            t = None
        if t is None:                        # a game without tactics of its own (a test's toy)
            t = Neutral
        _CACHE[game] = t
    return t


def useful(m, actions):
    """``actions`` without the pointless ones (all of them if every one is pointless)."""
    t = get_tactics(m.GAME)
    if t is Neutral or len(actions) < 2:
        return list(actions)
    keep = [a for a in actions if not t.pointless(m, a)]
    return keep or list(actions)


def score_after(m, me, action, evaluate) -> float:
    s = m.clone()
    s.apply(action, check=False)
    v = terminal_value(s, me)
    return evaluate(s, me) if v is None else v


def greedy_pick(m, me, actions, evaluate, bonus=None):
    """The action whose one-ply result scores best for ``me`` (first on ties)."""
    best = None
    best_v = -1e18
    for a in actions:
        v = score_after(m, me, a, evaluate)
        if bonus is not None:
            v += bonus(m, a)
        if v > best_v + 1e-12:
            best_v = v
            best = a
    return best if best is not None else actions[0]


def weighted_choice(actions, weights, rng):
    total = 0.0
    for w in weights:
        total += w
    if total <= 0:
        return actions[rng.randrange(len(actions))]
    x = rng.random() * total
    for a, w in zip(actions, weights):
        x -= w
        if x < 0:
            return a
    return actions[-1]
