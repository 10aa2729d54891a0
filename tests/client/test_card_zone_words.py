"""A row of cards on the table never mixes rules text and icons: where one card's text
doesn't fit its face (Everdawn's hand at 1920x1080: Resting Fortress), every card of
that zone shows its icons (Lucky Charm too, whose text would fit), the text being in the
zoom; where every card's fits, every card shows its text. Essveil's full faces fit every
card's text (the picture gives way), so its rows read the same at 1920x1080."""
import pytest

from client import cards as C

EVERDAWN_HAND_1920 = 150       # the hand's card width at 1920x1080 (100 %)


def test_one_long_text_turns_the_zone_to_icons(display):
    w = EVERDAWN_HAND_1920
    assert C.face_mode("everdawn", "lucky_charm", w) == "text"
    assert C.face_mode("everdawn", "resting_fortress", w) == "icons"
    assert C.zone_words("everdawn", ["lucky_charm"], w)
    assert not C.zone_words("everdawn", ["lucky_charm", "resting_fortress"], w)
    assert C.face_mode("everdawn", "lucky_charm", w, words=False) == "icons"
    # a zoom always has the words
    assert C.card_surface("everdawn", "resting_fortress", 300, big=True, words=False) is \
        C.card_surface("everdawn", "resting_fortress", 300, big=True)


@pytest.mark.parametrize("w", [150, 157, 162, 175])
def test_essveil_full_faces_show_every_cards_text(display, w):
    from client.scenes import gamesinfo
    pool = list(gamesinfo.spec("essveil").cards.values())
    icons = [c.name for c in pool if C.face_mode("essveil", c, w) == "icons"]
    assert icons == []


@pytest.mark.parametrize("game", ["everdawn", "essveil"])
def test_a_table_at_1920x1080_draws_each_zone_one_way(tmp_path, game, monkeypatch):
    from client.devtools.testing import Driver
    from client.settings import Settings
    import importlib
    st = Settings()
    st.animation_speed = "instant"
    d = Driver(tmp_path, size=(1920, 1080), settings=st)
    try:
        t = d.open("table", game=game, seed=7)
        drawn = []
        mods = [importlib.import_module(f"client.tables.{game}.{m}") for m in ("draw", "overlays")
                if importlib.util.find_spec(f"client.tables.{game}.{m}")]
        for mod in mods:
            real = mod.card_surface

            def spy(g, card, width, *a, _real=real, **k):
                if not k.get("big") and not k.get("mini") and card is not None:
                    drawn.append((width, C.face_mode(g, card, width, words=k.get("words", True))))
                return _real(g, card, width, *a, **k)
            monkeypatch.setattr(mod, "card_surface", spy)
        t.invalidate()
        d.step(2)
        by_width = {}
        for width, mode in drawn:
            if mode:
                by_width.setdefault(width, set()).add(mode)
        assert by_width
        for width, modes in by_width.items():
            assert len(modes) == 1, (width, modes)
    finally:
        d.close()
