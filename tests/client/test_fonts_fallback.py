"""Names and deck texts in Chinese, Japanese or Korean, and emoji, draw as letters and
pictures, not as empty boxes: the characters Noto Sans lacks come from the first shipped
fallback font that has them, measured as drawn (a layout that measures a name gets the
width it will have). What no font of ours has stays the font's box — never an error."""
from support.paths import TESTS
import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from client.ui import theme as ui
from client.devtools.layoutcheck import missing_chars


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
    assert missing_chars(f, "\U00010000") == "\U00010000"     # no font of ours has it: still reported


@pytest.mark.parametrize("text, source", [("민수", "NotoSansKR-Hangul.otf"), ("한글", "NotoSansKR-Hangul.otf"),
                                          ("🔥", "NotoEmoji-Regular.ttf"), ("😀", "NotoEmoji-Regular.ttf"),
                                          ("🐉", "NotoEmoji-Regular.ttf")])
def test_korean_and_emoji_draw_from_their_own_fallback(text, source):
    """A Korean player's name and an emoji in a deck's name read as such (they were boxes)."""
    f = ui.font(24)
    box = _box(f)
    for ch in text:
        assert ui.fallback_file(ch) == source
        img = f.render(ch, True, (255, 255, 255))
        assert pygame.image.tobytes(img, "RGBA") != box, ch
        assert img.get_size() == f.size(ch)
        assert img.get_bounding_rect().width > 6, ch           # a drawing, not an empty space
        assert img.get_height() == f.size("Bo")[1]             # a line as tall as a Latin one
    assert missing_chars(f, text) == ""


def test_a_name_mixing_every_script_is_drawn_in_pieces_measured_as_drawn():
    f = ui.font(20, bold=True)
    text = "Bo 火龙 민수 🔥 Aggro"
    runs = f._runs(text)
    assert {getattr(r[1], "ch_file", None) or "" for r in runs} >= {"NotoSans-Bold.ttf"}
    assert len({id(r[1]) for r in runs}) == 4          # Noto Sans, Droid, Noto Sans KR, Noto Emoji
    assert "".join(p for p, _f in runs) == text
    assert f.render(text, True, (250, 240, 220)).get_size() == f.size(text)
    assert f.size(text)[0] > f.size("Bo 火龙  Aggro")[0]


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

    from client.devtools.testing import Driver
    d = Driver(tmp_path)
    try:
        path = str(ui.fonts_dir() / ui.FONT_FILES[(False, False)])
        g = GUIFontPygame(path, 18)
        inner = g._GUIFontPygame__internal_font
        box = _box(inner)
        for ch in "火민🔥":
            img = inner.render(ch, True, (255, 255, 255))
            assert pygame.image.tobytes(img, "RGBA") != box, ch
        assert g.size("火龙 deck") == inner.size("火龙 deck")
        assert g.size("민수 🔥 deck") == inner.size("민수 🔥 deck")
    finally:
        d.close()


@pytest.mark.parametrize("kind", ["regular", "bold", "title"])
def test_text_with_no_width_draws_as_nothing_and_marks_stay_with_their_letter(kind):
    """A lone joiner or variation selector has no width: SDL_ttf raises "Text has zero
    width" for it, which took a screen down (a name "小明 ⚔️": the emoji selector after a
    sign the title font has). A mark rides with the letter before it, in that letter's font."""
    f = ui.font(24, bold=kind == "bold", title=kind == "title")
    for text in ("\u200d", "\ufe0f", "\u0301", "a\ufe0f", "⚔️", "小明 ⚔️ wins!", "x\u200d", "👨\u200d👩\u200d👧",
                 "Pass to 민수 🔥"):
        img = f.render(text, True, (255, 255, 255))
        w, h = f.size(text)
        assert img.get_height() == h and img.get_width() in (w, max(1, w)), text
    assert f._runs("a\ufe0f") is None                           # one run, this font's own
    runs = f._runs("⚔️ go")
    assert runs[0][0] == "⚔️"                                    # the selector went with its sign


def test_a_hotseat_match_between_emoji_and_korean_names_plays_and_hands_over(tmp_path, monkeypatch):
    """Both names from outside, in scripts and pictures Noto Sans lacks: the table, the log
    and the hand-off screen draw them (the hand-off raised before)."""
    import random
    import sys
    from pathlib import Path
    sys.path.insert(0, str(TESTS))
    from support.helpers import Texts, hotseat_table

    from client.devtools.testing import Driver
    from engine.core.harness import starter_pair
    from engine.core.session import MatchSession
    names = ["민수 🔥", "小明 ⚔️"]
    d = Driver(tmp_path)
    try:
        s = MatchSession.new("everdawn", starter_pair("everdawn", 3), 3, None, {"mode": "hotseat", "names": names})
        r = random.Random(1)
        for _ in range(40):
            la = s.match.legal_actions()
            s.apply(la[r.randrange(len(la))])
        t = hotseat_table(d, "everdawn", s, steps=0)
        rec = Texts()
        monkeypatch.setattr(ui, "RECORDER", rec)
        monkeypatch.setattr(ui, "_TEXT_CACHE", None, raising=False)
        d.step(3)
        seen = " ".join(txt for txt, _w, _h in rec.seen)
        assert names[0] in seen and names[1] in seen
        passed = False
        for _ in range(300):                  # play on until the table hands over
            if d.scene.name == "handoff":
                d.step(2)
                assert any(txt.startswith("Pass to ") and txt.endswith(("🔥", "⚔️")) for txt, _w, _h in rec.seen)
                d.key("return")
                d.step(3)
                passed = True
                break
            la = t.session.match.legal_actions()
            t.perform(la[r.randrange(len(la))])
            d.step(2)
        assert passed and d.scene is t
    finally:
        monkeypatch.setattr(ui, "RECORDER", None)
        d.close()
