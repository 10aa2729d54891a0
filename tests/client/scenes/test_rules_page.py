"""The rules page, drawn in our own fonts: a bullet's wrapped lines start under its text
(a hanging indent), nothing runs past the panel, and the keys, the wheel and the scroll
bar move it to every line."""
import pygame
import pytest

from client.ui.richpage import RichPage, inline_runs, parse_blocks
from client.ui.theme import font


@pytest.fixture()
def drv(tmp_path):
    from client.devtools.testing import Driver
    d = Driver(tmp_path)
    yield d
    d.close()


def test_inline_bold_and_italics():
    assert inline_runs("**Bold.** then *this* and `code`") == [
        ("Bold.", True, False), (" then ", False, False), ("this", False, True), (" and ", False, False),
        ("code", False, False)]


def test_items_nest_by_two_spaces_and_a_wrapped_item_continues():
    md = "- top item\n  - nested item\n    that goes on\n- next"
    kinds = [(b[0], b[1]) for b in parse_blocks(md) if b[0] == "li"]
    assert kinds == [("li", 0), ("li", 1), ("li", 0)]
    assert parse_blocks(md)[1][3] == "nested item that goes on"


def test_a_long_bullet_wraps_under_its_text_not_under_the_bullet(drv):
    md = "# Title\n\n- **Deplete their morale.** " + "Each player starts with 100 morale and loses it. " * 6
    page = RichPage(md, pygame.Rect(0, 0, 600, 400), 1.0)
    item_lines = [items for _y, items in page.lines if items][1:]      # after the heading
    assert len(item_lines) >= 3
    bullet_x, text_x = item_lines[0][0][0], item_lines[0][1][0]
    assert item_lines[0][0][1] == "•" and text_x > bullet_x
    for items in item_lines[1:]:
        assert items[0][0] == text_x          # the hanging indent
    for items in item_lines:                  # nothing past the text column
        for x, text, size, _c, bold, italic in items:
            assert x + font(size, bold, italic).size(text)[0] <= page.inner.width + 2


@pytest.mark.parametrize("game", ("everdawn", "evons", "essveil"))
def test_every_rules_page_fits_and_scrolls_to_its_last_line(drv, game):
    drv.open("rules", game=game)
    drv.step(2)
    page = drv.scene.page
    assert page.max_offset > 0 and page.offset == 0
    for _y, items in page.lines:
        for x, text, size, _c, bold, italic in items:
            assert x + font(size, bold, italic).size(text)[0] <= page.inner.width + 2, text
    drv.key("page down")
    assert page.offset > 0
    drv.key("end")
    assert page.offset == page.max_offset
    last_y = page.lines[-1][0]
    assert page.inner.top + last_y - page.offset < page.inner.bottom      # the last line is in view
    drv.key("home")
    assert page.offset == 0


def test_the_wheel_and_the_scroll_bar_move_the_page(drv):
    drv.open("rules", game="everdawn")
    drv.step(2)
    page = drv.scene.page
    pygame.mouse.set_pos(page.rect.center)
    drv.scene.process_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    wheeled = page.offset
    assert wheeled > 0
    track, thumb = page._bar()
    drv.scene.process_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=thumb.center))
    drv.scene.process_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, track.bottom + 50),
                                               rel=(0, 1), buttons=(1, 0, 0)))
    drv.scene.process_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(thumb.centerx, track.bottom)))
    assert page.offset == page.max_offset          # the thumb dragged to the end
    drv.scene.process_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(track.centerx, track.top + 2)))
    assert page.offset < page.max_offset           # a click on the track above the thumb: a page up
