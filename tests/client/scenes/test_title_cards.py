"""The title's three game tiles show their card between the pitch and the Play button, at
200 % in a 1280x720 window too (a smaller card there; the tiles were empty in the middle)."""
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
