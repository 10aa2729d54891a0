"""The match setup at a large interface size (compact rows): every option's label is drawn
at one size, and one that sits alone on its row has the row (it was shrunk to fit half of
it: "Magnetism pulls itself (testing)" smaller than the labels above it)."""
from __future__ import annotations

import pytest

from client.settings import Settings
from client.devtools.testing import Driver


@pytest.mark.parametrize("size,scale", [((1920, 1080), 2.0), ((1280, 720), 1.5)])
def test_compact_setup_labels_share_one_size(tmp_path, monkeypatch, size, scale):
    import client.scenes.setup as setup_mod
    settings = Settings()
    settings.ui_scale = scale
    settings.animation_speed = "instant"
    d = Driver(tmp_path, size, settings=settings)
    try:
        sc = d.open("setup", game="evons")
        assert sc.compact
        drawn = []
        real = setup_mod.draw_text

        def spy(surf, text, pos, size, *a, **kw):
            drawn.append((text, size))
            return real(surf, text, pos, size, *a, **kw)
        monkeypatch.setattr(setup_mod, "draw_text", spy)
        sc.draw(d.app.screen)
        labels = {o.label for o in sc.option_specs} | {"Difficulty"}
        sizes = {size for text, size in drawn if text in labels}
        assert {text for text, _ in drawn} >= labels
        assert len(sizes) == 1, [(t, s) for t, s in drawn if t in labels]
    finally:
        d.close()
