"""The real Evons levels decide exactly as recorded: ``expert``, ``normal1`` and ``hard1``
(the search levels as normal and hard were before the planner; ``make_agent(level, seed).choose``) on fixed positions from seeded expert-vs-expert games
(main phase, a card's cell, an ability), with each level's search report (the whole move,
every candidate's playouts and mean value to the last bit, the playouts spent).

``tests/ai/test_same_decisions.py`` prints Evons through a local evaluation and expert (the
levels are tuned elsewhere); this file holds the levels themselves, so that speed work on the
engine, the evaluation, the expert and the playout searches is checked to change no choice.
A deliberate change of the Evons levels, evaluation, expert or cards re-records it:
``python -m tests.test_evons_level_decisions --record``."""
from __future__ import annotations

from support.paths import TESTS
import json
import sys

import pytest

from engine.ai.agents import make_agent
from engine.evons.match import EvonsMatch

GOLDEN = TESTS / "golden" / "evonslevels.json"


def _load():
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


def decision_print(state: dict, level: str, seed: int) -> dict:
    m = EvonsMatch.from_json(state)
    agent = make_agent(level, seed=seed)
    a = agent.choose(m)
    out = {"a": list(a)}
    inner = getattr(agent, "_inner", {}).get("evons")
    r = getattr(inner, "last_result", None)
    if r is not None:
        out["move"] = [list(x) for x in r.move]
        out["kids"] = [[list(x[0]), x[1], repr(x[2])] for x in r.children]
        out["it"] = r.iterations
        out["root"] = repr(r.root_value)
    return out


_DATA = _load()


@pytest.mark.parametrize("case", _DATA["cases"], ids=lambda c: f"{c['level']}-{c['position']}")
def test_evons_level_decides_as_recorded(case):
    got = decision_print(_DATA["positions"][str(case["position"])], case["level"], case["seed"])
    assert got == case["want"]


if __name__ == "__main__" and "--record" in sys.argv:
    data = _load()
    for case in data["cases"]:
        case["want"] = decision_print(data["positions"][str(case["position"])], case["level"], case["seed"])
    GOLDEN.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    print(f"re-recorded {len(data['cases'])} decisions in {GOLDEN}")
