"""The top bar at the end of a game: "You win — the AI conceded" on one line, the final
score left to the game-over card (at 1280x720 it wrapped, breaking "AI" / "(easy) 1")."""


from engine.core.match import End, Result
from support.helpers import Texts, ai_table, game_session


def test_the_end_of_a_game_reads_on_one_line_in_the_top_bar(driver, monkeypatch):
    from client.ui import theme as ui
    t = ai_table(driver, "evons", game_session("evons", 3, human=0), paused=True)
    t.conceded = Result(0, End.CONCEDED, {"score": (1, 1)})
    assert t.status_text() == "You win — the AI conceded — you scored 1, the AI 1"
    rec = Texts()
    monkeypatch.setattr(ui, "RECORDER", rec)
    monkeypatch.setattr(ui, "_TEXT_CACHE", None)
    t.invalidate()
    driver.step(1)
    monkeypatch.setattr(ui, "RECORDER", None)
    texts = [x[0] for x in rec.seen]
    assert any(x.startswith("You win — the AI conceded") for x in texts), texts   # on one line
    assert not [x for x in texts if x.startswith("(easy) 1") or x.endswith(" AI")], texts
