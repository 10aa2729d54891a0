"""Replays of Everdawn and Essveil at larger interface sizes (issue #18.3): the
replay folds its log into the Log drawer like the live table, so its cards are as
large as the live table's at every step (they used to get smaller: 110 -> 101 px at
1280x720 200 %), and every replay control sits whole in the side column."""

import pytest


from support.helpers import game_session, show_table

CONTROLS = ("rp_prev_turn", "rp_back", "rp_play", "rp_step", "rp_next_turn", "rp_slower", "rp_faster",
            "rp_turn", "rp_go", "rp_view0", "rp_view1", "rp_reveal")


def record(game, seed):
    from engine.core.harness import random_game, starter_pair
    from engine.core.record import MatchRecord
    decks = starter_pair(game, seed)
    m, actions = random_game(game, seed, decks, None)
    return MatchRecord(game, tuple(decks), seed, {}, list(actions), m.result().to_json(), {"turns": m.turn()})


def at_scale(d, u, size):
    d.resize(*size)
    d.app.settings.ui_scale = u
    d.app.apply_settings()
    d.step(2)


@pytest.mark.parametrize("game", ["everdawn", "essveil"])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)])
def test_replay_cards_are_as_large_as_the_live_tables_and_grow(driver, game, size):
    from client.devtools import layoutcheck
    from client.replays.controller import ReplayController
    seen = []
    for u in (1.0, 1.5, 2.0):
        at_scale(driver, u, size)
        live = show_table(driver, game, game_session(game, 3), _paused_ai=True).scale_probe()
        ctrl = ReplayController(record(game, 3))
        t = driver.app.scenes.switch("table", **ctrl.table_kwargs(viewer=0, reveal=False))
        driver.step(2)
        for _ in range(20):
            ctrl.step()
            driver.step(1)
        probe = t.scale_probe()
        assert probe == live, (u, probe, live)
        seen.append(probe["board card"])
        if u > 1:
            assert t.log.hidden and driver.widget("log_toggle").visible        # the log in its drawer
            assert t.side.ticker_rect.bottom <= t.actions_rect.top                   # newest lines above the controls
        for name in CONTROLS:
            assert t.actions_rect.contains(driver.widget(name).rect), name
        rec = layoutcheck.Recorder()
        layoutcheck.check_widgets(rec, t, driver.app.size, 8)
        assert not [p for p in rec.problems if "cut" in p or "outside" in p], rec.problems
        driver.click("rp_step")                                                 # the controls still work
        assert ctrl.index == 21
    assert seen[0] < seen[1] < seen[2], seen
