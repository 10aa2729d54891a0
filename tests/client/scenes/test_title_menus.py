"""The title's game tiles and the game menu's fan of cards.

The title's three game tiles show their card between the pitch and the Play button, at
200 % in a 1280x720 window too (a smaller card there; the tiles were empty in the middle).

The game menu's fan of three cards: no card covers another's words (the middle
card hid half of Plate Armour's rules text), at every window size, and the fan
stays clear of the menu's buttons."""
from __future__ import annotations

import pytest
from client.settings import Settings
from client.devtools.testing import Driver


@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_each_tile_shows_its_card_above_its_button(tmp_path, monkeypatch, scale):
    import client.cards as cards
    st = Settings()
    st.ui_scale, st.animation_speed = scale, "instant"
    d = Driver(tmp_path, (1280, 720), settings=st)
    try:
        sc = d.open("title")
        assert d.until(lambda: set(sc.ready) >= set(sc.games), 600)      # the cards load in the background
        made = []
        real = cards.card_surface

        def spy(game, card, w, *a, **kw):
            img = real(game, card, w, *a, **kw)
            made.append((game, img.get_size()))
            return img
        monkeypatch.setattr(cards, "card_surface", spy)
        sc.draw(d.app.screen)
        assert sorted(g for g, _ in made) == sorted(sc.games), made
        for g, (w, h) in made:
            assert w >= 60
            tile = sc.tiles[sc.games.index(g)]
            button = sc.widgets[f"play_{g}"].rect
            assert h <= button.top - tile.top - sc.s(62)      # under the pitch's top, above the button
    finally:
        d.close()



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
