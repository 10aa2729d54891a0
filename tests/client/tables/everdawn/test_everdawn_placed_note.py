"""Everdawn: a creature placed at set-up (or in Sudden Death) says on hover and in
the log that it was placed, not played — its "When played" effect never happened."""
from engine.everdawn import match as EM

from support.helpers import ai_table, game_session


def test_setup_creatures_say_placed_not_played_on_hover_and_in_the_log(driver):
    s = game_session("everdawn", 3, human=0)
    t = ai_table(driver, "everdawn", s)
    driver.until_ai(lambda: t.human_to_move() and not t.anims.busy and t.driver.job is None, 600)
    t.driver.cancel()
    assert any("placed, not played" in e.text and "sets up" in e.text for e in t.log.entries)
    me = t.viewer
    lane = next(sl for sl in EM.LANES if t.shown.creature_at(me, sl) >= 0)
    driver.move(t.slot_rect(me, lane).center)
    driver.step(20)
    assert t._hover_note and "Placed, not played" in t._hover_note
    assert t.aids.zoom_rect is not None
    # a creature moved from the bench into a lane is played: no note
    moves = [a for a in t.match.legal_actions() if a[0] == EM.MOVE and a[1] >= 3]
    if moves:
        a = moves[0]
        t.perform(a)
        driver.step(30)
        driver.move((2, 2))
        driver.step(2)
        driver.move(t.slot_rect(me, a[2]).center)
        driver.step(20)
        assert (me, a[2]) not in t.placed_slots() and not t._hover_note


def test_placed_slots_follow_moves_and_deaths():
    from client.tables.everdawn.anims import track_placed
    placed = track_placed(set(), [("setup", 0, [5, 6, 7], [8, -1, -1])])
    assert placed == {(0, 0), (0, 1), (0, 2)}
    track_placed(placed, [("move", 0, 0, 1, 5)])          # a slide swaps two placed creatures
    assert placed == {(0, 0), (0, 1), (0, 2)}
    track_placed(placed, [("move", 0, 3, 0, 8)])          # from the bench: played
    assert (0, 0) not in placed
    track_placed(placed, [("destroyed", 0, 1, 6)])
    assert placed == {(0, 2)}
    track_placed(placed, [("sudden_death",), ("place", 0, 1, 9), ("place", 1, 1, 10), ("turn", 9, 1)])
    assert placed == {(0, 1), (1, 1)}
