"""An Evons hand card at 1024x640 is about 58 px wide: every card's name on it keeps the
size floor there (8 px). "Abyss Leviathan", "Mountain King" and "Sproutling" were drawn at
7 px, the Block cards' names at 6 px beside an element badge their type plate repeats."""
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402


@pytest.fixture(scope="module")
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    yield
    pygame.display.quit()


def _name_sizes(card, w):
    from client import cards as C
    from client.ui import theme as ui
    from client.devtools.layoutcheck import Recorder
    ui.RECORDER = Recorder()
    try:
        surf = C._render("evons", card, *C.card_size(w), False)
    finally:
        ui.RECORDER = None
    # a line of the name: a part of it ("Abyss", "Sprout-" of a name broken at its hyphen)
    return [(t.text, t.size) for t in surf.texts if t.text.strip() and t.text.rstrip("-") in card.name
            and not t.text.strip().isdigit()]


@pytest.mark.parametrize("w", [58, 60, 64, 72, 90, 120, 149])
def test_every_evons_name_keeps_the_floor_on_a_narrow_hand_card(display, w):
    from client.scenes import gamesinfo
    small = []
    for card in gamesinfo.spec("evons").cards.values():
        sizes = _name_sizes(card, w)
        assert sizes, card.name                     # the name is on the face
        small += [(card.name, text, size) for text, size in sizes if size < 8]
    assert small == [], small
