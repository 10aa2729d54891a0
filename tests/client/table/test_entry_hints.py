"""An empty text box shows its hint plainly dimmer than typed text ("XXXXX-XXXXX" in the
join code box looked filled in): the hint goes while the box has the keyboard's focus or
text, and typed text is drawn bright."""
from __future__ import annotations

import pygame
import pytest

from client.devtools.testing import Driver


def _brightest(d, entry):
    """The brightest pixel inside the box (its border left out)."""
    d.scene.invalidate()
    d.step(2)
    surf = pygame.display.get_surface()
    r = entry.rect.inflate(-12, -10)
    best = 0
    for x in range(r.left, r.right, 1):
        for y in range(r.top, r.bottom, 2):
            c = surf.get_at((x, y))
            best = max(best, max(c.r, c.g, c.b))
    return best


@pytest.fixture
def online(tmp_path):
    d = Driver(tmp_path)
    d.open("online", game="evons")
    yield d
    d.close()


def test_the_join_code_hint_is_dim_until_a_code_is_typed(online):
    d = online
    box = d.scene.code_entry
    assert box.get_text() == ""
    hint = _brightest(d, box)
    assert 110 <= hint <= 170, hint           # drawn, and dimmer than typed text
    box.focus()
    d.scene.invalidate()
    assert _brightest(d, box) < 100           # focused: the hint is gone (a cursor at most)
    box.unfocus()
    box.set_text("ABCDE-FGHIJ")
    assert _brightest(d, box) >= 215          # typed text is bright


def test_the_address_hint_reads_in_the_layout_check(online):
    box = online.scene.addr_entry
    assert box.hint_text == "address:port from your friend"
    assert not box.placeholder_text           # pygame-gui's own (bright) placeholder is not used


def test_the_deck_import_box_shows_its_hint_dim(tmp_path):
    """The paste box of the deck builder's text import (a box of several lines) shows its
    hint too, dim, until text is pasted."""
    d = Driver(tmp_path)
    try:
        d.open("deckbuilder", game="evons")
        sc = d.scene
        sc.open_modal("import")
        d.step(3)
        box = sc.widgets["import_box"]
        r = pygame.Rect(box.rect.left + 8, box.rect.top + 6, box.rect.width - 16, 30)
        sc.invalidate()
        d.step(2)
        surf = pygame.display.get_surface()
        best = max(max(surf.get_at((x, y))[:3]) for x in range(r.left, r.right, 2) for y in range(r.top, r.bottom, 2))
        assert 110 <= best <= 170, best
    finally:
        d.close()
