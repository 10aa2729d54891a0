"""The AI decides exactly as it did before the engines and the search were made faster.

``tests/golden/decisions.json`` holds, recorded before the speed work
(``python -m tests.support.decision_prints``): for Everdawn and Essveil, the easy, expert, normal1
and hard1 levels' choices (the search levels, as normal and hard were before the planner) from nine fixed positions each, with every root child's visits
and mean value (small budgets where the level has a tree budget); the hash of every event
of ten random games; two whole AI games (expert against expert, a search against the
expert). For Evons, whose levels are tuned elsewhere, the tree search and the expert
playouts with a fixed local evaluation and expert, and random games' events. A faster
engine or search must reproduce all of it exactly. (If a level is changed on purpose,
re-record with ``PYTHONPATH=tests python -m tests.support.decision_prints > tests/golden/decisions.json``.)
"""
from support.paths import TESTS
import json

import pytest

from support import decision_prints as P

GOLDEN = json.loads((TESTS / "golden" / "decisions.json").read_text())


@pytest.mark.parametrize("game", ("everdawn", "essveil"))
def test_levels_decide_as_recorded(game):
    want = GOLDEN[game]["decisions"]
    got = {}
    for name, m in P.positions(game):
        for i, level in enumerate(("easy", "expert", "normal1", "hard1")):
            got[f"{name}/{level}"] = P.level_print(game, level, m, 17 + i, **P.SMALL[game].get(level, {}))
    assert got == want


@pytest.mark.parametrize("game", ("everdawn", "essveil", "evons"))
def test_random_games_have_the_recorded_events(game):
    assert P.events_print(game, range(801, 811)) == GOLDEN[game]["events"]


@pytest.mark.parametrize("game", ("everdawn", "essveil"))
def test_ai_games_are_the_recorded_games(game):
    want = GOLDEN[game]["games"]
    assert P.agents_game_print(game, ("expert", "expert"), 901) == want["expert-expert"]
    assert P.agents_game_print(game, ("search:60", "expert"), 902) == want["search-expert"]


def test_evons_search_and_playouts_decide_as_recorded():
    got = {name: P.evons_search_prints(m, 23) for name, m in P.positions("evons")}
    assert got == GOLDEN["evons"]["decisions"]
