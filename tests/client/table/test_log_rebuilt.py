"""A resumed game's log (rebuilt from the record) reads like the live one: each turn opens
with a heading line (gold, a rule above), not a plain line among the events."""
import pytest

from engine.core.harness import random_game

from support.helpers import ai_table, game_session


@pytest.mark.parametrize("game", ("everdawn", "evons", "essveil"))
def test_a_rebuilt_log_opens_each_turn_with_a_heading_as_the_live_one(driver, game):
    s = game_session(game, 5, human=0)
    _, acts = random_game(game, 5)
    for a in acts[:40]:
        s.apply(tuple(a))
    t = ai_table(driver, game, s, paused=True)
    t.rebuild_log(recent=40)
    turns = [e for e in t.log.entries if e.text.startswith("Turn ")]
    assert len(turns) >= 2, [e.text for e in t.log.entries]
    assert all(e.kind == "turn" for e in turns), [(e.text, e.kind) for e in turns]
