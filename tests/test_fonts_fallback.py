"""Names and deck texts in Chinese or Japanese draw as letters, not as empty boxes: the
characters Noto Sans lacks come from the shipped fallback font, measured as drawn (a layout
that measures a name gets the width it will have). What neither font has (Korean
syllables, emoji) stays the font's box — never an error."""
import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from client import ui
from client.layoutcheck import missing_chars


@pytest.fixture(scope="module", autouse=True)
def _fonts():
    pygame.font.init()
    yield


def _box(f):
    return pygame.image.tobytes(pygame.font.Font.render(f, "\ue000", True, (255, 255, 255)), "RGBA")


def test_chinese_and_japanese_draw_from_the_fallback_not_as_boxes():
    f = ui.font(24)
    box = _box(f)
    for ch in "火龙かナ":
        img = f.render(ch, True, (255, 255, 255))
        assert pygame.image.tobytes(img, "RGBA") != box, ch
        assert img.get_size() == f.size(ch)
    assert missing_chars(f, "Bo 火龙 かな") == ""
    assert missing_chars(f, "한") == "한"          # no font of ours has it: still reported


def test_a_mixed_name_is_measured_as_drawn_and_latin_text_is_unchanged():
    f = ui.font(20, bold=True)
    for text in ("Bo 火龙", "Deck «竜の怒り» — 2", "plain ASCII name", "Éowyn · café"):
        assert f.render(text, True, (250, 240, 220)).get_size() == f.size(text)
    plain = "Player · café"
    assert f.size(plain) == pygame.font.Font.size(f, plain)      # nothing of Noto's own goes elsewhere
    assert f.size("Bo 火龙")[0] > f.size("Bo ")[0]


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=24))
def test_any_text_draws_and_measures_alike(text):
    f = ui.font(16)
    img = f.render(text, True, (255, 255, 255))
    w, h = f.size(text)
    assert img.get_height() == h and img.get_width() in (w, max(1, w))


def test_the_widgets_fall_back_too(tmp_path):
    """A deck named in Chinese reads in the drop-down and the text box it is typed into."""
    from pygame_gui.core.gui_font_pygame import GUIFontPygame

    from client.testing import Driver
    d = Driver(tmp_path)
    try:
        path = str(ui.fonts_dir() / ui.FONT_FILES[(False, False)])
        g = GUIFontPygame(path, 18)
        inner = g._GUIFontPygame__internal_font
        box = _box(inner)
        img = inner.render("火", True, (255, 255, 255))
        assert pygame.image.tobytes(img, "RGBA") != box
        assert g.size("火龙 deck") == inner.size("火龙 deck")
    finally:
        d.close()
