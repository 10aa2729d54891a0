"""The deck builder's Import and Export boxes (pygame-gui's multi-line text box) survive
what a player does in them: typing over a selection on any row but the first raised
"Failed to insert text at index" in pygame-gui 0.6.14 (upstream issue 717) and took the
deck builder down; the text comes out as typed."""
import random

import pygame
import pytest

from client.devtools.testing import Driver


@pytest.fixture
def export_box(tmp_path):
    d = Driver(tmp_path)
    try:
        d.open("deckbuilder", game="everdawn")
        db = d.scene
        db.open_modal("export")
        d.step(2)
        yield d, db.widgets["export_box"]
    finally:
        d.close()


def _select(d, box, lo, hi):
    d.click(box.rect.center)
    box.select_range = [lo, hi]
    box.edit_position = hi
    box.text_box_layout.set_text_selection(lo, hi)


@pytest.mark.parametrize("typed, key", [("Z", None), (None, "backspace"), (None, "delete"), (None, "return")])
def test_an_edit_over_a_selection_on_the_second_row(export_box, typed, key):
    d, box = export_box
    box.set_text("line one\nline two\nline three")
    d.step(1)
    _select(d, box, 11, 15)                 # "ne t" of "line two"
    if typed:
        d.type_text(typed)
    else:
        d.key(key)
    want = {"Z": "Z", "backspace": "", "delete": "", "return": "\n"}[typed or key]
    assert box.get_text() == "line one\nli" + want + "wo\nline three"
    assert box.edit_position == 11 + len(want)
    d.type_text("x")                        # and typing goes on where the cursor is
    assert box.get_text() == "line one\nli" + want + "xwo\nline three"


def test_clicks_selections_and_typing_never_take_the_deck_builder_down(export_box):
    d, box = export_box
    rng = random.Random(3)
    for _ in range(150):
        r = rng.random()
        if r < 0.35:
            d.click((rng.randrange(box.rect.left, box.rect.right), rng.randrange(box.rect.top, box.rect.bottom)))
        elif r < 0.5:
            d.double_click((rng.randrange(box.rect.left, box.rect.right), rng.randrange(box.rect.top, box.rect.bottom)))
        elif r < 0.85:
            d.type_text(rng.choice(["3 Iron Sword", "ab", "x" * 30, " ", "小明", "민수 🔥"]))
        else:
            d.key(rng.choice(["backspace", "delete", "return", "left", "up", "home", "end"]))
        assert d.scene.name == "deckbuilder" and box.alive()
