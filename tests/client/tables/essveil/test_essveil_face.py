"""Essveil faces: what a small face shows, and damage on the face and in the zoom.

A small Essveil face whose rules text can't be read shows what the card does as
badges (keywords, else its effects with their amounts) — never an empty box.

A damaged Essveil creature says the same on the table and in its zoom: the Endurance
left (red) and a "−N" plate of the damage beside it, both drawn by the card's face
from the engine's card_state; an undamaged creature has no plate."""
from client.tables.essveil.face import effect_badges, keywords_of
from engine.essveil import cards as C
from engine.essveil.state import card_state
from engine.essveil.testing import scenario, uid
from support.helpers import ai_table, game_session
from client.cards.state import InPlay


def test_every_card_with_rules_text_has_badges_for_a_small_face():
    for c in C.CARDS.values():
        text = (getattr(c, "text", "") or "").strip()
        is_equipment = getattr(c, "bonus", None) is not None
        if text and not is_equipment:      # equipment shows its +Might/+Endurance in the stat boxes
            assert keywords_of(c) or effect_badges(c), c.name


def test_effect_badges_say_what_and_how_much():
    spark = next(c for c in C.CARDS.values() if c.name == "Spark")
    assert effect_badges(spark) == [("flame", (255, 140, 70), 2)]
    ward = next(c for c in C.CARDS.values() if c.name == "Aegis Ward")
    assert [b[0] for b in effect_badges(ward)] == ["bubble", "square"]


def test_a_small_spark_face_is_not_blank_where_its_text_would_be(monkeypatch):
    import pygame
    from client.cards import draw as D
    from client.tables.essveil import face as E
    pygame.init()
    got = []
    real = D.rules_or_icons

    def spy(*a, **k):
        got.append(real(*a, **k))
        return got[-1]
    monkeypatch.setattr(D, "rules_or_icons", spy)
    spark = next(c for c in C.CARDS.values() if c.name == "Spark")
    E.render(spark, 70, 98)
    assert got and got[-1] in ("text", "icons")


def test_a_small_face_says_what_a_trigger_does_not_only_that_it_triggers():
    """Hive Mother's hand card showed only the On Play badge; it shows the summon of 2 after it."""
    from client.tables.essveil.face import small_face_badges
    hive = next(c for c in C.CARDS.values() if c.name == "Hive Mother")
    got = small_face_badges(hive)
    assert got[0] == "On Play"
    assert got[1][0] == "claw" and got[1][2] == 2
    basilisk = next(c for c in C.CARDS.values() if c.name == "Spitting Basilisk")
    kws = small_face_badges(basilisk)
    assert all(k in kws for k in basilisk.keywords)     # plain keywords stay as they were
    spark = next(c for c in C.CARDS.values() if c.name == "Spark")
    assert small_face_badges(spark) == effect_badges(spark)     # a spell: its effects



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
