"""The window is drawn only when something changed: a screen left alone draws no
frames (counted, not timed), input draws, the AI's thinking sign redraws only its
own rectangle, a toast draws while it fades and then rests."""

import pytest


from engine.games import available_games

GAMES = [g for g in ("everdawn", "evons", "essveil") if g in available_games()]


def settle(driver, max_frames=600):
    """Step until nothing moves (animations, pulses, fades are over)."""
    app = driver.app
    for _ in range(max_frames):
        driver.step()
        if not app.animating and not app._live:
            break
    driver.step(2)
    assert not app.animating, "the scene never came to rest"


def open_table(driver, game):
    """A demo table where the player is to move (its AI paused)."""
    for seed in range(1, 12):
        t = driver.open("table", game=game, seed=seed)
        if t.human_to_move():
            return t
    pytest.skip("no demo position with the player to move")


def draws_while_left_alone(driver, frames=180):
    app = driver.app
    before = (app.draws, app.partial_draws)
    driver.step(frames)  # three seconds on the frame clock
    return app.draws - before[0], app.partial_draws - before[1]


def test_the_title_left_alone_draws_nothing_and_a_mouse_move_draws(driver):
    driver.open("title")
    settle(driver)
    assert draws_while_left_alone(driver) == (0, 0)
    before = driver.app.draws
    driver.move(driver.widget("settings").rect.center)
    assert driver.app.draws > before


@pytest.mark.parametrize("game", GAMES)
def test_a_table_waiting_for_the_player_draws_nothing(driver, game):
    t = open_table(driver, game)
    settle(driver)
    assert draws_while_left_alone(driver) == (0, 0)
    # a click somewhere on the board is input: drawn at once, highlights pulse again
    before = driver.app.draws
    driver.click((t.board_rect.centerx, t.board_rect.bottom - 5))
    assert driver.app.draws > before


@pytest.mark.parametrize("game", GAMES)
def test_while_the_ai_thinks_only_the_thinking_sign_is_redrawn(driver, game):
    t = open_table(driver, game)
    settle(driver)

    class Thinking:  # an AI decision that takes its time
        player = 1 - t.viewer

        def done(self):
            return False

        def cancel(self):
            pass
    t.driver.job = Thinking()
    t.invalidate()
    driver.step(1)
    r = t.thinking_area()
    before = driver.app.screen.subsurface(r).copy()
    full, partial = draws_while_left_alone(driver, 60)
    assert full == 0
    assert partial >= 10  # a partial frame at every wake...
    after = driver.app.screen.subsurface(r)
    assert any(before.get_at((x, y)) != after.get_at((x, y))  # ...and the spinner on screen turns
               for x in range(0, r.width, 2) for y in range(0, r.height, 2))
    t.driver.job = None


def test_the_deck_builder_and_the_replays_list_left_alone_draw_nothing(driver):
    game = GAMES[0] if GAMES else None
    if game is None:
        pytest.skip("no game engine installed")
    driver.open("deckbuilder", game=game)
    settle(driver)
    assert draws_while_left_alone(driver) == (0, 0)
    driver.open("replays")
    settle(driver)
    assert draws_while_left_alone(driver) == (0, 0)


@pytest.mark.skipif(not GAMES, reason="no game engine installed")
def test_a_paused_replay_draws_nothing_and_playing_draws(driver):
    from client.replays import make_demo_replays
    from client.storage import replays_dir
    make_demo_replays(replays_dir(), 2, seed=3)
    driver.open("replays")
    driver.click("watch0")
    t = driver.scene
    assert t.name == "table" and t.mode == "replay" and not t.replay.playing
    settle(driver)
    assert draws_while_left_alone(driver) == (0, 0)
    t.replay.play()
    full, _ = draws_while_left_alone(driver, 120)
    assert full > 0
    t.replay.pause()


def test_a_toast_draws_while_it_fades_and_rests_in_between(driver):
    driver.open("title")
    settle(driver)
    driver.app.toast("Saved.", "good", 2.0)
    full, _ = draws_while_left_alone(driver, 20)
    assert full > 0  # fading in
    settle(driver)
    assert draws_while_left_alone(driver, 30) == (0, 0)  # on screen, still
    full, _ = draws_while_left_alone(driver, 90)
    assert full > 0  # fading out
    settle(driver)
    assert all(t.until <= driver.app.now for t in driver.app.toasts)
    assert draws_while_left_alone(driver) == (0, 0)


@pytest.mark.parametrize("game", GAMES)
def test_the_ai_starting_to_think_stills_the_highlights(driver, game, monkeypatch):
    """A change makes the highlights pulse, every frame drawn, for a few seconds. When
    the AI's turn comes right after one, they stand still while it thinks: those frames
    would take the interpreter from its thread (its turns took 1.8 times as long in a
    real window). Only the thinking sign moves."""
    import engine.ai.background as bg
    from client.table.scene import PULSE_SECONDS
    from support.helpers import StillThinking, ai_table, game_session
    monkeypatch.setattr(bg, "think", lambda agent, m: StillThinking(m.to_move()))
    session = game_session(game, 3)
    ai = session.match.to_move()
    t = ai_table(driver, game, session, human=1 - ai, steps=0)
    for _ in range(600):
        driver.step(1)
        if t.driver.job is not None:
            break
    assert t.driver.job is not None, "the AI never began its turn"
    driver.step(15)                  # (the hover zoom's delay passes: one frame of its own)
    full, partial = draws_while_left_alone(driver, 60)
    assert t.t < PULSE_SECONDS       # all within the pulse that followed the table's change
    assert full == 0
    assert partial >= 10             # the thinking sign still turns
    t.driver.job = None
