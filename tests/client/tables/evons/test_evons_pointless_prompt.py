"""Evons phase 2 asks only where a choice can matter (issue #40 point 4): when every
ability arrow left would only destroy one of your own cards (the engine's
``fire_matters``), the table ends the phase for you; an undo that lands there asks.
The Active/Covered toggle starts each of your turns on Active."""

import pytest


from engine.core.rng import Rng
from engine.evons import match as EM
from support.helpers import ai_table, game_session


def _only_self_harm(m):
    if m.to_move() != 0 or m.phase() != "ability":
        return False
    fires = [a for a in m.legal_actions() if a[0] == EM.FIRE]
    return bool(fires) and not any(m.fire_matters(a) for a in fires)


def _find(pred, seeds=range(1, 300)):
    for seed in seeds:
        s = game_session("evons", seed, human=0)
        rng = Rng(seed)
        for _ in range(400):
            m = s.match
            if m.result() is not None:
                break
            if pred(m):
                return s
            legal = m.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    pytest.skip("no such position met")


def test_fire_matters_is_false_only_for_arrows_into_your_own_cards():
    s = _find(_only_self_harm)
    m = s.match
    inst = m.stack[-1][1]
    from engine.evons.match import ABILITY_AIMS
    for a in [a for a in m.legal_actions() if a[0] == EM.FIRE]:
        t = next(t for d, t, _ab in ABILITY_AIMS[m.cardof[inst]][m.pos[inst]] if d == a[1])
        assert m.grid[t] >= 0 and m.ctrl[m.grid[t]] == 0     # a card of the mover's own


def test_a_phase_two_with_only_self_harm_is_not_asked_and_undo_asks(driver):
    s = _find(_only_self_harm)
    n = len(s)
    t = ai_table(driver, "evons", s, paused=True)
    driver.step(3)
    assert len(s) > n and tuple(s.record.actions[n]) == EM.A_DONE
    # an undo back onto such a decision asks (the arrows offered), never answers it again
    while len(s) > n and t.session.undo_to_previous_decision(0):
        t.history.after_jump(None)
        driver.step(3)
        if _only_self_harm(t.match):
            k = len(s)
            driver.step(5)
            assert len(s) == k and any(a[0] == EM.FIRE for a in t.legal)
            return


def test_the_covered_toggle_starts_each_turn_on_active(driver):
    s = _find(lambda m: m.to_move() == 0 and m.phase() == "main" and m.turn() >= 2)
    t = ai_table(driver, "evons", s)
    t.toggle_all()
    assert t.cov_default is True
    turn = s.match.turn()
    rng = Rng(5)
    for _ in range(3000):
        m = s.match
        if m.result() is not None:
            break
        if m.turn() > turn and t.human_to_move() and m.phase() == "main" and not t.busy():
            break
        if t.human_to_move() and not t.busy():
            t.perform(t.legal[rng.randrange(len(t.legal))] if m.phase() != "main" else EM.A_PASS
                      if EM.A_PASS in t.legal else t.legal[0])
        driver.wait_ai()
        driver.step()
    assert s.match.turn() > turn and t.human_to_move()
    assert t.cov_default is False and not t.cov_mode
