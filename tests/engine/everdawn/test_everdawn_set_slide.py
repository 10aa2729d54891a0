"""Everdawn: a slide ends a set (rules page, Set: "If either creature leaves its lane, the
set ends"). A player who slides the set creature or the creature it backs sees the set
end in the log, the bonus gone, and the creature that was set free to attack again."""
from engine.everdawn import match as M
from engine.everdawn.testing import play, scenario, slot_card

PASS = (M.PASS,)


def _board():
    # Shieldbearer (lane 1) set on Iron Vanguard (lane 2); lane 3 empty; a creature of
    # player 0 was destroyed since their last turn, so they may slide
    m = scenario(["shieldbearer", "iron_vanguard", None, "traghrim"], ["karn_berserker", None, None, "traghrim"],
                 sdeck0=["chainmail"] * 5, sdeck1=["chainmail"] * 5, lost=(1, 0))
    bare = m.stats(0, 1)
    play(m, (M.SET, 0, 1))
    assert m.set_info(0) == (0, 1)
    assert m.stats(0, 1) != bare             # the set gives its bonus
    return m, bare


def test_sliding_the_backed_creature_ends_the_set():
    m, bare = _board()
    ev = play(m, (M.MOVE, 1, 2))
    assert slot_card(m, 0, 2) == "iron_vanguard"
    assert m.set_info(0) == (-1, -1)
    assert m.stats(0, 2) == bare             # the bonus went with the set
    said = [m.event_text(e) for e in ev if e[0] == "set_ends"]
    assert said == ["Player 1's Shieldbearer is no longer set."]
    # the order of the log: the set ends as the creature leaves, then it moves
    assert [e[0] for e in ev][:2] == ["set_ends", "move"]


def test_sliding_the_set_creature_ends_the_set_and_frees_it():
    m = scenario([None, "shieldbearer", "iron_vanguard", "traghrim"], ["karn_berserker", None, None, "traghrim"],
                 sdeck0=["chainmail"] * 5, sdeck1=["chainmail"] * 5, lost=(1, 0))
    play(m, (M.SET, 1, 2))
    ev = play(m, (M.MOVE, 1, 0))
    assert slot_card(m, 0, 0) == "shieldbearer"
    assert m.set_info(0) == (-1, -1)
    assert any(e[0] == "set_ends" for e in ev)
    # no longer set: a new set may be made, and the creature may attack this turn
    assert (M.SET, 0, 2) in m.legal_actions()
    play(m, PASS)
    assert m.phase() == "declare"
    assert any(a[0] == M.ATTACK and a[1] == 0 for a in m.legal_actions())


def test_a_set_stays_while_neither_creature_moves():
    m2 = scenario(["shieldbearer", "iron_vanguard", None, "traghrim", "hill_brute"],
                  ["karn_berserker", None, None, "traghrim"],
                  sdeck0=["chainmail"] * 5, sdeck1=["chainmail"] * 5, lost=(1, 0))
    play(m2, (M.SET, 0, 1), (M.MOVE, 4, 2))  # a bench creature entering a lane is no slide
    assert m2.set_info(0) == (0, 1)
