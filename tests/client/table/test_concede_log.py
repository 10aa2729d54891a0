"""A concession reads once in the game log ("You conceded."), in every game: the
engine's own concession event is the log line, the table does not add it again."""
import pytest

from engine.core.match import End
from engine.games import available_games
from support.helpers import ai_table, game_session

GAMES = [g for g in ("everdawn", "evons", "essveil") if g in available_games()]


@pytest.mark.parametrize("game", GAMES)
def test_concede_through_the_pause_menu_is_one_log_line(driver, game):
    s = game_session(game, 7, human=0)
    t = ai_table(driver, game, s, paused=True)
    for _ in range(200):                 # (the mulligan or the first decision: the human's)
        if t.match.to_move() == 0:
            break
        t.perform(t.match.legal_actions()[0])
        driver.step()
    assert t.match.to_move() == 0
    t.ending.concede()
    driver.step(3)
    assert driver.scene.name == "game_over"
    lines = [e.text for e in t.log.entries]
    assert lines.count("You conceded.") == 1, lines[-4:]
    # and before the line that says who won
    won = [i for i, ln in enumerate(lines) if "The AI wins" in ln or "the AI wins" in ln]
    assert won and won[-1] > lines.index("You conceded."), lines[-4:]


@pytest.mark.parametrize("game", GAMES)
def test_a_time_forfeit_reads_why_then_the_concession(driver, game):
    s = game_session(game, 7, human=0)
    t = ai_table(driver, game, s, paused=True)
    for _ in range(200):
        if t.match.to_move() == 0:
            break
        t.perform(t.match.legal_actions()[0])
        driver.step()
    t.end_match(1, (End.TIMEOUT, {"times": 3}), forfeit_by=0)
    driver.step(3)
    assert driver.scene.name == "game_over"
    lines = [e.text for e in t.log.entries]
    why = lines.index("You ran out of time 3 times.")
    assert lines.count("You ran out of time 3 times.") == 1
    told = [i for i, ln in enumerate(lines) if "conceded" in ln or "wins" in ln]
    assert told and min(told) > why, lines[-4:]


def test_essveil_says_who_conceded_in_its_result_line(driver):
    s = game_session("essveil", 7, human=0)
    t = ai_table(driver, "essveil", s, paused=True)
    for _ in range(200):
        if t.match.to_move() == 0:
            break
        t.perform(t.match.legal_actions()[0])
        driver.step()
    t.ending.concede()
    driver.step(3)
    lines = [e.text for e in t.log.entries]
    assert "The AI wins: you conceded." in lines, lines[-3:]       # (it read "AI (easy) wins: conceded.")
