"""A damaged Essveil creature says the same on the table and in its zoom: the Endurance
left (red) and a "−N" plate of the damage beside it, both drawn by the card's face
from the engine's card_state; an undamaged creature has no plate."""
from engine.essveil.state import card_state
from engine.essveil.testing import scenario, uid
from support.helpers import ai_table, game_session

from client.cards.state import InPlay


def _session(m):
    s = game_session("essveil", 1, human=0)
    s._match = m
    s._snaps = {0: m.clone()}
    s._turns = [m.turn()]
    return s


def _texts(card, w, big):
    from client import cards as C
    from client.ui import theme as ui
    from client.devtools.layoutcheck import Recorder
    ui.RECORDER = Recorder()
    try:
        surf = C._render("essveil", card, *C.card_size(w), big)
    finally:
        ui.RECORDER = None
    return [t.text for t in surf.texts]


def _figures(texts):
    """The numbers of the stat row as drawn: Might, the damage plate, Endurance."""
    return [t for t in texts if t.lstrip("\u2212").isdigit()]


def test_damage_reads_the_same_on_the_face_and_in_the_zoom(driver):
    m = scenario(boards=([{"card": "stone_warden", "damage": 2}, "dune_raider"],
                         [{"card": "war_mammoth", "damage": 3}]))
    t = ai_table(driver, "essveil", _session(m), human=0, paused=True)
    v = t.shown
    rects = t.unit_rects(v)
    checked = 0
    for p, i in ((0, 0), (0, 1), (1, 0)):
        u = uid(m, p, i)
        st = card_state(v, u)
        face = t.face_of(v, u)
        zoom = t.card_at(rects[u].center)
        assert isinstance(zoom, InPlay) and zoom.shown() == face.shown()
        small = _texts(face, rects[u].width, False)
        big = _texts(zoom, 300, True)
        plate = f"\u2212{st.damage}"
        might = str(st.stat("Might").now)
        want = sorted([str(face.cost), might, str(st.left)] + ([plate] if st.damage else []))
        # the same figures on both: cost, Might, the Endurance left and the damage
        assert sorted(_figures(small)) == want, (face, small)
        assert sorted(_figures(big)) == want, (zoom, big)
        if st.damage:
            assert st.left == st.stat("Endurance").now - st.damage
            assert f"Damage {st.damage}, {st.left} left." in st.lines()
            checked += 1
    assert checked == 2


def test_the_table_draws_no_second_damage_marker(driver, monkeypatch):
    """The face carries the damage: the table adds no pill of its own over the card."""
    import client.tables.essveil.draw as ED
    calls = []
    real = ED.pill

    def spy(surf, text, *a, **k):
        calls.append(text)
        return real(surf, text, *a, **k)
    monkeypatch.setattr(ED, "pill", spy)
    m = scenario(boards=([{"card": "stone_warden", "damage": 2}], []))
    ai_table(driver, "essveil", _session(m), human=0, paused=True, steps=3)
    assert not [c for c in calls if "2" in str(c) and "\u2212" in str(c)]
