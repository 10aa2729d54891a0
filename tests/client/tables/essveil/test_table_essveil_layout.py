"""The Essveil table's empty row never writes over a button or a card: the "drop
creatures here" hint stands only where you can play a creature and where it fits,
never under the Attune buttons (Flow / Deep Attune cover your row), at every window
and interface size (the layout check's own tests of one screen)."""

import pytest


from engine.essveil.testing import scenario
from support.helpers import ai_table, game_session

SIZES = ((1024, 640), (1280, 720), (1920, 1080))
SCALES = (1.0, 1.5, 2.0)
HAND = ("ember_sprite", "spark", "hushmage", "aegis_squire")


def _table(tmp_path, size, scale, m):
    from client.settings import Settings
    from client.devtools.testing import Driver
    st = Settings()
    st.ui_scale = scale
    st.animation_speed = "instant"
    d = Driver(tmp_path / f"{size[0]}-{scale}", size, settings=st)
    s = game_session("essveil", 1, human=0)
    s._match = m
    s._snaps = {0: m.clone()}
    s._turns = [m.turn()]
    t = ai_table(d, "essveil", s, human=0, paused=True)
    return d, t


def _drawn_texts(d):
    from client.devtools import layoutcheck
    return layoutcheck.check_screen(d.app, "essveil table")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", SCALES)
def test_attune_with_an_empty_row_draws_no_words_under_the_buttons(tmp_path, size, scale):
    m = scenario(hands=(HAND, HAND), boards=((), ("thornling",)), veil=(0, 4), phase="attune", turn=4)
    d, t = _table(tmp_path, size, scale, m)
    try:
        assert t.match.phase() == "attune" and t.human_to_move()
        assert t.row_hint(t.viewer) is None
        problems = _drawn_texts(d)
        assert problems == [], problems
    finally:
        d.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", SCALES)
def test_the_main_phase_hint_fits_its_row_or_is_left_out(tmp_path, size, scale):
    m = scenario(hands=(HAND, HAND), boards=((), ()), phase="main")
    d, t = _table(tmp_path, size, scale, m)
    try:
        problems = _drawn_texts(d)
        assert problems == [], problems
        hint = t.row_hint(t.viewer)
        row = t.rows["me"]
        if hint is not None:
            text, r = hint
            assert "creatures here" in text.lower()
            assert row.contains(r)
            for other in t.hand_rects(len(HAND)):
                assert not r.colliderect(other)
        if size == (1920, 1080) and scale == 1.0:
            assert hint is not None and hint[0] == "Your side: drop creatures here"
        opp = t.row_hint(1 - t.viewer)
        assert opp is None or opp[0] == "No creatures"
    finally:
        d.close()
