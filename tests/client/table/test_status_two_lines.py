"""The top bar's status, when it needs two lines, breaks between its parts: at 1280×720
the opening of an Evons game against the AI read "Opening hands: keep or mulligan · AI
(normal) goes" with a lone "first" under it."""
import pygame
import pytest

from client.ui import theme as ui
from client.table.chrome import status_lines
from support.helpers import Texts


@pytest.fixture(scope="module", autouse=True)
def _fonts():
    pygame.font.init()
    yield


def test_two_lines_break_at_the_separator_that_keeps_them_even():
    f = ui.font(15)
    text = "Opening hands: keep or mulligan · AI (normal) goes first"
    room = f.size(text)[0] * 2 // 3
    assert status_lines(text, f, room) == "Opening hands: keep or mulligan\nAI (normal) goes first"
    three = "Turn 12 · AI (normal) to play · score 10–14"
    a, b = status_lines(three, f, f.size(three)[0] * 3 // 4).split("\n")
    assert abs(f.size(a)[0] - f.size(b)[0]) < f.size(three)[0] // 2
    # no separator, or a part too wide for a line: left to the word wrap
    assert status_lines("a long sentence without parts", f, 60) == "a long sentence without parts"
    assert status_lines("short · " + "x" * 80, f, 200) == "short · " + "x" * 80


def test_the_evons_opening_status_reads_in_two_whole_parts(driver, monkeypatch):
    from client.scenes.setup import start_match
    from engine.core.harness import starter_pair
    rec = Texts()
    start_match(driver.app, "evons", starter_pair("evons", 1), mode="ai", ai_level="normal", seed=1)
    driver.step(3)
    t = driver.scene
    assert t.name == "table" and t.status_text() == "Opening hands: keep or mulligan · AI (normal) goes first"
    monkeypatch.setattr(ui, "RECORDER", rec)
    if ui._TEXT_CACHE is not None:
        monkeypatch.setattr(ui, "_TEXT_CACHE", None)     # every text rendered anew, so it is seen
    t.invalidate()
    driver.step(2)
    monkeypatch.setattr(ui, "RECORDER", None)
    drawn = [s for s, _w, _h in rec.seen]
    if "Opening hands: keep or mulligan · AI (normal) goes first" not in drawn:   # two lines here
        assert "Opening hands: keep or mulligan" in drawn and "AI (normal) goes first" in drawn, [s for s in drawn if "first" in s or "Opening" in s]
    assert "first" not in drawn
