"""The match-screen framework through the real event loop: starting a game from
the menus, the AI answering in the background, pause menu, concede, resume."""

import pytest

from engine.games import available_games
from support.helpers import game_session, hotseat_table

GAME = next((g for g in ("evons", "essveil", "everdawn") if g in available_games()), None)
pytestmark = pytest.mark.skipif(GAME is None, reason="no game engine installed yet")


def start_vs_ai(d):
    d.open("game_menu", game=GAME)
    d.key("p")
    assert d.scene.name == "setup"
    d.key("return")
    assert d.scene.name == "table"
    return d.scene


def test_play_vs_ai_opens_the_table_and_the_ai_moves_in_the_background(driver):
    t = start_vs_ai(driver)
    human = t.human_seats[0]
    # play whatever is offered until the AI has had a turn (generous: the AI thread
    # shares a busy machine; the loop ends as soon as it has moved)
    for _ in range(3000):
        m = t.match
        if m.result() is not None or any(t.session.actor(i) != human for i in range(len(t.session))):
            break
        if t.human_to_move() and not t.busy():
            t.perform(m.legal_actions()[0])
        driver.step()
    assert any(t.session.actor(i) != human for i in range(len(t.session))), "the AI never moved"


def test_illegal_drop_or_action_shows_the_engines_reason(driver):
    t = start_vs_ai(driver)
    driver.until_ai(lambda: t.human_to_move() and not t.busy(), 600)
    assert not t.perform((999, 999, 999))
    assert driver.app.toasts and driver.app.toasts[-1].kind == "error"


def test_escape_pauses_and_quit_to_menu_keeps_a_resumable_game(driver):
    t = start_vs_ai(driver)
    driver.until_ai(lambda: t.human_to_move() and not t.busy(), 600)
    t.perform(t.match.legal_actions()[0])
    driver.step(3)
    driver.key("escape")
    assert driver.scene.name == "pause"
    driver.key("q")
    assert driver.scene.name == "game_menu"
    assert "resume" in driver.scene.widgets
    driver.key("return")
    assert driver.scene.name == "table" and len(driver.scene.session) >= 1


def test_concede_ends_the_game_with_a_loss(driver):
    t = start_vs_ai(driver)
    driver.key("escape")
    driver.key("c")
    assert driver.scene.name == "confirm"
    driver.key("return")
    driver.step(3)
    assert driver.scene.name == "game_over"
    assert t.result().winner != t.human_seats[0]
    driver.key("escape")
    assert driver.scene.name == "game_menu"
    assert "resume" not in driver.scene.widgets


def test_in_hot_seat_the_concession_question_says_who_gives_up(driver):
    """Two players share the screen: the confirmation names the one conceding (the player
    whose turn the table shows) and the one who wins; conceding ends it that way."""
    s = game_session("essveil", 5, hotseat=True)
    t = hotseat_table(driver, "essveil", s)
    me, other = t.names[t.viewer], t.names[1 - t.viewer]
    driver.key("escape")
    driver.key("c")
    assert driver.scene.name == "confirm"
    assert driver.scene.kwargs["detail"] == f"It counts as a loss for {me}; {other} wins."
    driver.key("return")
    driver.step(3)
    assert t.result().winner == 1 - t.viewer


def test_hotseat_hides_hands_behind_a_pass_screen(driver):
    driver.open("game_menu", game=GAME)
    driver.key("l")
    driver.key("return")
    t = driver.app.scenes.find("table")
    assert t.mode == "hotseat"
    # a pass screen before the first player's first turn too, whoever goes first
    assert driver.until(lambda: driver.scene.name == "handoff", 10)
    assert driver.scene.kwargs["seat"] == t.match.to_move()
    driver.key("return")
    assert t.viewer == t.match.to_move()
    seat = t.viewer
    for _ in range(100):
        if t.match.to_move() != seat:
            break
        t.perform(t.match.legal_actions()[0])
        driver.step()
    driver.step(3)
    assert driver.scene.name == "handoff"
    assert t.viewer == seat  # still the old view until the next player confirms
    driver.key("return")
    assert t.viewer == t.match.to_move()


def test_title_offers_to_resume_a_saved_game(driver):
    t = start_vs_ai(driver)
    driver.until_ai(lambda: t.human_to_move() and not t.busy(), 600)
    t.perform(t.match.legal_actions()[0])
    n = len(t.session)
    driver.key("escape")
    driver.key("q")
    driver.open("title")
    assert driver.until(lambda: "resume" in driver.scene.widgets, 10)
    driver.key("return")
    assert driver.scene.name == "table" and len(driver.scene.session) >= n


def test_closing_settings_over_a_menu_with_a_saved_game_stays_in_the_menu(driver):
    t = start_vs_ai(driver)
    driver.until_ai(lambda: t.human_to_move() and not t.busy(), 600)
    t.perform(t.match.legal_actions()[0])
    driver.key("escape")
    driver.key("q")
    assert driver.scene.name == "game_menu"
    driver.key("s")
    assert driver.scene.name == "settings"
    driver.key("escape")
    assert driver.scene.name == "game_menu"


def test_turn_clock_times_out_then_forfeits(driver):
    from client.table.scene import TableScene
    t = start_vs_ai(driver)
    timeouts = []
    t.clock_spec = lambda: (1, 1, 3)          # 1 s a turn, 1 s bank, 3rd timeout forfeits
    t.on_timeout = lambda seat: timeouts.append(seat)
    driver.until_ai(lambda: t.human_to_move() and not t.busy(), 600)
    seat = t.match.to_move()
    # nobody moves: the turn allowance, then the bank run out, three times
    driver.until(lambda: driver.scene.name == "game_over", 60 * 8)
    assert timeouts == [seat, seat]
    assert t.result().winner == 1 - seat and "ran out of time" in t.ending.reason_line(t.result())
    assert isinstance(t, TableScene)
