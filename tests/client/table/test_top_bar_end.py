"""The top bar at the end of a game: "You win — the AI conceded" on one line, the final
score left to the game-over card (at 1280x720 it wrapped, breaking "AI" / "(easy) 1")."""


from engine.core.match import End, Result
from support.helpers import texts_drawn, ai_table, game_session


def test_the_end_of_a_game_reads_on_one_line_in_the_top_bar(driver, monkeypatch):
    t = ai_table(driver, "evons", game_session("evons", 3, human=0), paused=True)
    t.ending.conceded = Result(0, End.CONCEDED, {"score": (1, 1)})
    assert t.status_text() == "You win — the AI conceded — you scored 1, the AI 1"
    texts = texts_drawn(driver, t, monkeypatch)
    assert any(x.startswith("You win — the AI conceded") for x in texts), texts   # on one line
    assert not [x for x in texts if x.startswith("(easy) 1") or x.endswith(" AI")], texts
