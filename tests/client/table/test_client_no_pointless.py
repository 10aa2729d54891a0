"""No pointless or self-harming plays, seen at the table: the hard AI playing its turn
through the real event loop, and the Hint key, in the positions where players saw the
old levels waste a move (issue positions of tests/ai/test_planner.py)."""
from engine.everdawn import match as M
from engine.everdawn.testing import scenario as ed_scenario
from engine.essveil import match as SM
from engine.essveil.testing import scenario as es_scenario, uid

from support.fake_session import FakeSession
from support.helpers import show_table


def _ai_turn_at_the_table(d, game, m, *, level="hard"):
    """Seat 0, the AI at ``level``, plays its turn at a table where the player sits at
    seat 1; returns the words of the AI's own moves, as the log would say them."""
    start = m.clone()
    s = FakeSession(m, names=("AI (hard)", "You"), game=game)
    t = show_table(d, game, s, mode="ai", human_seats=(1,), ai_level=level)
    assert d.until_ai(lambda: m.result() is not None or m.turn_player() != 0 or m.to_move() == 1,
                      max_frames=4000)
    said, replay = [], start
    for a, who in zip(s.actions, s.actors):
        if who == 0:
            said.append(replay.action_text(a))
        replay.apply(a)
    assert said, "the AI made its moves through the table"
    return t, said


def _hint_at_the_table(d, game, m):
    s = FakeSession(m, names=("You", "AI (hard)"), game=game)
    t = show_table(d, game, s, mode="ai", human_seats=(0,), ai_level="hard", _paused_ai=True)
    d.key("h")
    if t.hints.job is not None:
        t.hints.job.result(timeout=300)
    assert d.until(lambda: t.hints.hint is not None, 120)
    return t.hints.hint


def test_everdawn_hard_puts_no_weapon_on_a_set_creature(driver):
    m = ed_scenario(["shieldbearer", "iron_vanguard", None, "traghrim"], ["karn_berserker", None, None, "traghrim"],
                    hand0=["iron_sword", "chainmail"], sdeck0=["chainmail"] * 5, sdeck1=["chainmail"] * 5)
    m.apply((M.SET, 0, 1))                       # Shieldbearer (lane 1) set on Iron Vanguard
    assert (M.EQUIP, 0, 0) in m.legal_actions()
    _t, said = _ai_turn_at_the_table(driver, "everdawn", m)
    assert "Equip Iron Sword on Shieldbearer" not in said, said


def test_everdawn_hint_never_trades_morale_at_a_loss(driver):
    """The hint once said "Cast Lithriel's Berries on Storm Caller": 12 morale and an
    Elven Longbow lost to make the opponent lose 8."""
    m = ed_scenario([("storm_caller", "elven_longbow"), "iron_vanguard", None, "traghrim"],
                    ["karn_berserker", "hill_brute", None, "traghrim"], hand0=["lithriels_berries"],
                    sdeck0=["chainmail"] * 5, sdeck1=["chainmail"] * 5)
    berries = (M.CAST, 0, 0)
    assert berries in m.legal_actions()
    h = _hint_at_the_table(driver, "everdawn", m)
    assert tuple(h.action) != berries


def test_essveil_hard_keeps_its_last_guard_home_at_low_life(driver):
    m = es_scenario(boards=(["shield_bearer"], ["dune_raider", "dune_raider"]), life=(4, 20),
                    hands=([], []), veil=(0, 10))
    attack = (SM.ATTACK, uid(m, 0, 0), SM.player_target(1))
    assert attack in m.legal_actions()
    _t, said = _ai_turn_at_the_table(driver, "essveil", m)
    assert not any(x.startswith("Shield Bearer attacks") or "attack" in x.lower() for x in said), said
