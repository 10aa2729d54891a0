"""Everdawn's "Lane 1 / 2 / 3" labels under your row stay clear of the hand: the gold
rim of a card you can play (and the hint's outline) reach a few pixels above the hand's
cards, and they once ran through the labels' lower half at 1280x720."""
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


@pytest.mark.parametrize("size,ui", [((1280, 720), 1.0), ((1920, 1080), 1.0), ((1024, 600), 1.0),
                                     ((1280, 720), 2.0), ((1920, 1080), 1.5)])
def test_lane_labels_clear_the_hand_and_its_rims(tmp_path, size, ui):
    import pygame
    from client.settings import Settings
    from client.devtools.testing import Driver
    import client.tables.everdawn.draw as ED
    settings = Settings()
    settings.ui_scale = ui
    settings.animation_speed = "instant"
    d = Driver(tmp_path, size=size, settings=settings)
    try:
        t = d.open("table", game="everdawn", seed=7)
        seen = []
        orig = ED.draw_text

        def spy(surf, text, *a, **kw):
            r = orig(surf, text, *a, **kw)
            seen.append((str(text), pygame.Rect(r)))
            return r
        ED.draw_text = spy
        try:
            t.invalidate()
            d.step(2)
        finally:
            ED.draw_text = orig
        labels = {tuple(r): r for text, r in seen if text.startswith("Lane ")}.values()   # (every frame drawn)
        assert len(labels) == 3
        rim = max(2, int(round(6 * t.app.scale))) // 2 + 1    # the widest outline drawn round a hand card
        from client.ui.theme import font
        ascent = font(t.s(13)).get_ascent()
        for r in labels:
            baseline = r.top + ascent                            # where the letters stand
            assert baseline <= t.hand_area.top - rim, (r, baseline, t.hand_area.top)
            eq_bottom = max(e.bottom for k, e in t.eq_rects.items() if k[0] == "me")
            assert r.top >= eq_bottom, (r, eq_bottom)
    finally:
        d.close()
