"""A hint's line ends with what the move does (the game's preview), so it can be long:
the table draws all of it, a size smaller where needed, never cut mid-sentence."""
import pytest

from support.helpers import ai_table, game_session


@pytest.mark.parametrize("game", ["evons", "essveil"])
def test_a_long_hint_is_drawn_whole(plain_driver, game, monkeypatch):
    import client.table.hint as H
    t = ai_table(plain_driver, game, game_session(game, 4, human=0), paused=True)
    t.hints.message = ("Hint: Play Static Lynx on D3 — win estimate 72%; next best: Play Void Wyrm on B3, "
                       "67%. Score after: 3–0 or 1–2, depending on where the abilities fire (now 0–2). "
                       "Then you choose where its ability fires.")
    drawn = []
    monkeypatch.setattr(H, "draw_text", lambda surf, text, *a, **k: drawn.append(text))
    t.hints.draw(plain_driver.app.screen)
    assert " ".join(drawn).split() == t.hints.message.split()
