"""The game log wraps a sentence between words, never between a card's name and the comma
or full stop that follows it (at 1024x640 a line began with ", Dragonblood")."""
import os
from types import SimpleNamespace

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402


@pytest.fixture(scope="module")
def fonts():
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.display.quit()


def test_no_line_begins_with_the_punctuation_after_a_card_name(fonts):
    from client.table.kit.log import GameLog, LogEntry, NameIndex
    cards = [SimpleNamespace(name=n) for n in ("Oathsworn Knight", "Dragonblood", "Lithriel")]
    log = GameLog(NameIndex(cards))
    text = ("AI (easy) sets up: Oathsworn Knight, Dragonblood, Lithriel in the lanes — placed, "
            "not played: no “When played” effects.")
    for width in range(60, 420, 3):
        e = LogEntry(text)
        lines = log._layout_entry(e, width, 15)
        for line in lines:
            assert not line[0][0].startswith((",", ".", ":", ";")), (width, ["".join(w for w, _ in ln) for ln in lines])
        shown = " ".join("".join(w for w, _ in ln).strip() for ln in lines)
        assert shown.split() == text.split(), width        # nothing lost, nothing doubled
        # the card names are still their own (gold, hoverable) runs
        assert sum(1 for ln in lines for w, c in ln if c is not None) == 3
