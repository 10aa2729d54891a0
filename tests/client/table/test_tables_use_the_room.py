"""A larger window gives the cards the room: at 1920x1080 every table's cards are at
least 1.5 times as large as at 1280x720 (the window is 1.5 times larger each way), and
Everdawn's — whose bands between the rows grow only half as fast as the window there —
larger than that; at interface size 200 % they are never smaller than at 100 %."""
import pytest

from support.helpers import ai_table, game_session

GAMES = ("everdawn", "essveil", "evons")


def _probe(tmp_path, size, ui=1.0):
    from client.devtools.testing import Driver
    from client.settings import Settings
    st = Settings()
    st.ui_scale = ui
    st.animation_speed = "instant"
    d = Driver(tmp_path / f"{size[0]}-{ui}", size=size, settings=st)
    try:
        out = {}
        for g in GAMES:
            t = ai_table(d, g, game_session(g, 3, human=0), human=0, paused=True)
            out[g] = dict(t.scale_probe())
            if g == "everdawn":
                out[g]["bench card"] = t.slot_rects[("me", 3)].width
        return out
    finally:
        d.close()


@pytest.fixture(scope="module")
def probes(tmp_path_factory):
    base = tmp_path_factory.mktemp("room")
    return {key: _probe(base, *key) for key in (((1280, 720), 1.0), ((1920, 1080), 1.0), ((1920, 1080), 2.0))}


@pytest.mark.parametrize("game", GAMES)
def test_1920x1080_cards_are_at_least_the_1280x720_ones_scaled(probes, game):
    small, large = probes[((1280, 720), 1.0)][game], probes[((1920, 1080), 1.0)][game]
    for what, px in small.items():
        if what == "graveyard card":
            continue        # (the panel's card goes with the interface size, not the room)
        assert large[what] >= int(px * 1.5) - 1, (game, what, px, large[what])


def test_everdawn_gives_the_cards_more_than_the_scale_at_1920x1080(probes):
    small, large = probes[((1280, 720), 1.0)]["everdawn"], probes[((1920, 1080), 1.0)]["everdawn"]
    assert large["board card"] > small["board card"] * 1.5
    assert large["hand card"] > small["hand card"] * 1.5


@pytest.mark.parametrize("game", GAMES)
def test_200_percent_at_1920x1080_keeps_the_cards(probes, game):
    a, b = probes[((1920, 1080), 1.0)][game], probes[((1920, 1080), 2.0)][game]
    for what, px in a.items():
        assert b[what] >= px, (game, what, px, b[what])
