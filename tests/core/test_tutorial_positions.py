"""The lesson positions' checks shared by the three games (engine/core/tutorial.py): a
lesson author's mistake in a position is named, the same way in every game."""
import pytest

from engine.core.tutorial import Lesson, LessonError, build_position, drag_try_text, try_text, Step

# (game, a position with a hand that names a card of no such id, the hand's key)
CASES = [("everdawn", {"hand0": ["no_such_card"]}, "hand0"),
         ("evons", {"hand0": ["no_such_card"]}, "hand0"),
         ("essveil", {"hands": [["no_such_card"], []]}, "hands")]


@pytest.mark.parametrize("game, pos, key", CASES)
def test_an_unknown_card_id_in_a_position_is_named(game, pos, key):
    with pytest.raises(LessonError) as e:
        build_position(game, Lesson("x", "X", pos, []))
    assert f"'{key}' names 'no_such_card'" in str(e.value) and game.capitalize() in str(e.value)


@pytest.mark.parametrize("game", ["everdawn", "evons", "essveil"])
def test_an_unknown_position_key_is_named_with_the_known_ones(game):
    with pytest.raises(LessonError) as e:
        build_position(game, Lesson("x", "X", {"handz": []}, []))
    assert "unknown key 'handz'" in str(e.value) and "known:" in str(e.value)


def test_a_blank_slot_and_a_creature_with_its_equipment_are_card_ids_in_everdawn():
    m = build_position("everdawn", Lesson("x", "X", {"board0": ["-", ["vale_archer", "hunting_bow"]]}, []))
    assert m.creature_at(0, 0) < 0 and m.creature_at(0, 1) >= 0
    with pytest.raises(LessonError, match="'board0' names 'nope'"):
        build_position("everdawn", Lesson("x", "X", {"board0": [["vale_archer", "nope"]]}, []))


def test_a_refused_move_is_answered_in_each_game_s_words():
    assert drag_try_text("Wildcub", "their Wisp Caller") == "Try dragging Wildcub onto their Wisp Caller."
    def move(game, **spec):
        return try_text(game, Step("move", "t", move=spec))

    assert move("essveil", do="play", card="Spark", target="table") == \
        "Try dragging Spark onto your side of the table."
    assert move("everdawn", do="attack", card="Vale Archer", target="Star Oracle") == \
        "Try dragging Vale Archer onto Star Oracle."
    assert move("evons", do="conflict") == move("everdawn", do="attack") == \
        "That is not this lesson's move: follow the outline on the board."


def test_an_everdawn_lesson_may_start_at_the_combat_phase():
    board = {"board0": ["iron_vanguard", "-", "-", "traghrim"], "board1": ["-", "shieldbearer", "-", "traghrim"]}
    assert build_position("everdawn", Lesson("x", "X", board, [])).phase() == "set"
    m = build_position("everdawn", Lesson("x", "X", dict(board, phase="combat"), []))
    assert m.phase() == "declare" and m.to_move() == 0 and m.turn() == 3
    with pytest.raises(LessonError, match="'phase' is one of set, combat"):
        build_position("everdawn", Lesson("x", "X", dict(board, phase="end"), []))
