"""The game menu's fan of three cards: no card covers another's words (the middle
card hid half of Plate Armour's rules text), at every window size, and the fan
stays clear of the menu's buttons."""

import pytest



@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (960, 540)])
def test_the_fan_cards_do_not_cover_each_other(tmp_path, size):
    from client.devtools.testing import Driver
    d = Driver(tmp_path, size=size)
    try:
        for game in ("everdawn", "evons", "essveil"):
            d.open("game_menu", game=game)
            sc = d.scene
            rects = sorted((rr for _img, rr in sc.fan), key=lambda r: r.centerx)
            cw = sc.fan_width
            for a, b in zip(rects, rects[1:]):
                # the tilted cards' bounding boxes may touch at their empty outer corners only
                assert a.right - b.left <= 0.12 * cw, (game, size, a, b)
            assert rects[-1].right < sc.menu_left, (game, size)
            assert rects[0].left >= 0
    finally:
        d.close()
