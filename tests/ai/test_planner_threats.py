"""Everdawn: the turn planner weighs the threats of the next combats (its own scoring,
``tactics.planner_evaluate``): a kill left on the table is worth something. Found reading
games it lost to the expert (against whom it went from 70% to 77% over the same 100
games: ``engine/ai/figures/planner.md``)."""
from __future__ import annotations

from engine.core.harness import starter_pair
from engine.everdawn import tactics as T
from engine.everdawn.match import ATTACK, EverdawnMatch

# A duel (starter decks of seed 9303) as the planner lost it against the expert, up to
# its third turn: it has declared High King Arenor's attack and Storm Caller (8/6, lane 3)
# is still free, facing a set Frost Warden (3/6, lane 1: it cannot counterattack) and
# Gate Warden (5/6, lane 3). The planner finished declaring without Storm Caller's attack.
SEED = 9303
LINE = [(2, 0, 1), (2, 2, 0), (2, 1, 2), (2, 0, 3), (3, 0, 1), (0,), (3, 0, 1), (2, 1, 1), (2, 0, 2),
        (0,), (5, 1, 1), (0,), (0,), (4, 0, 1), (1, 3, 1), (2, 3, 0), (3, 0, 1), (2, 2, 1), (4, 2, 6),
        (2, 3, 2), (0,), (5, 1, 1)]


def _position():
    m = EverdawnMatch.new(starter_pair("everdawn", SEED), SEED, None)
    for a in LINE:
        m.apply(a)
    return m


def test_the_position_is_the_one_described():
    m = _position()
    assert m.to_move() == 0 and m.turn_player() == 0 and m.phase() == "declare"
    assert m.stats(0, 2) == (8, 6)                      # Storm Caller, free to attack
    assert m.set_info(1)[0] == 0                        # their lane-1 Frost Warden is set
    assert any(a[0] == ATTACK and a[1] == 2 for a in m.legal_actions())


def test_a_free_kill_counts_in_the_planners_scoring():
    m = _position()
    assert T._threats(m, 0, 1) >= 10                   # the kill: the victim's morale + 10
    assert T.planner_evaluate(m, 0) > T.expert_evaluate(m, 0)


def test_the_planner_scores_its_plans_with_the_games_own_scoring():
    """The planner reads the game's planner_evaluate (the expert keeps expert_evaluate)."""
    from engine.ai.planner import PlannerAgent
    m = _position()
    agent = PlannerAgent(7)
    agent._setup(m.view(0), 0, 7)
    assert agent.static is T.planner_evaluate and agent.final is T.planner_evaluate
