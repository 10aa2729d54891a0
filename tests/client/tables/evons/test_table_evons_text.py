"""Evons table words: names on narrow hand cards, the chain panel's rows.

An Evons hand card at 1024x640 is about 58 px wide: every card's name on it keeps the
size floor there (8 px). "Abyss Leviathan", "Mountain King" and "Sproutling" were drawn at
7 px, the Block cards' names at 6 px beside an element badge their type plate repeats.

The chain panel's rows read whole at 1280x720: a card reactivated in the out zone said
"ability phase 1 · reactivation · out" and the rest ran past the row's edge."""
import pytest
import pygame
from engine.evons import match as EM
from engine.evons.testing import inst_at, scenario
from support.helpers import Texts, ai_table


def _name_sizes(card, w):
    from client import cards as C
    from client.ui import theme as ui
    from client.devtools.layoutcheck import Recorder
    ui.RECORDER = Recorder()
    try:
        surf = C._render("evons", card, *C.card_size(w), False)
    finally:
        ui.RECORDER = None
    # a line of the name: a part of it ("Abyss", "Sprout-" of a name broken at its hyphen)
    return [(t.text, t.size) for t in surf.texts if t.text.strip() and t.text.rstrip("-") in card.name
            and not t.text.strip().isdigit()]


@pytest.mark.parametrize("w", [58, 60, 64, 72, 90, 120, 149])
def test_every_evons_name_keeps_the_floor_on_a_narrow_hand_card(display, w):
    from client.scenes import gamesinfo
    small = []
    for card in gamesinfo.spec("evons").cards.values():
        sizes = _name_sizes(card, w)
        assert sizes, card.name                     # the name is on the face
        small += [(card.name, text, size) for text, size in sizes if size < 8]
    assert small == [], small



@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)])
def test_a_reactivated_out_zone_card_reads_whole_on_the_chain(plain_driver, monkeypatch, size):
    from client.ui import theme as ui
    d = plain_driver
    d.resize(*size)
    m = scenario(grid={"B0": ("static_lynx", 0), "B1": ("storm_colossus", 0), "C3": ("gloom_bat", 1)},
                 hand0=["gloom_bat"], deck0=["gloom_bat"] * 6, deck1=["gloom_bat"] * 6)
    t = ai_table(d, "evons", _session(m), paused=True)
    lynx, colossus = inst_at(m, "B0"), inst_at(m, "B1")
    m.stack[:] = [(EM.FR_ACT, lynx, EM.ST_P1, 0, 0, 0, EM.HOW_OUT),
                  (EM.FR_ACT, colossus, EM.ST_P1, 0, 0, 0, EM.HOW_RE),
                  (EM.FR_ACT, lynx, EM.ST_P2, 0, 0, 0, EM.HOW_RE | EM.HOW_OUT)]
    rec = Texts()
    monkeypatch.setattr(ui, "RECORDER", rec)
    t._draw_chain(pygame.Surface(size), m)
    room = t.right_rect.width - t.s(12) - t.s(16)       # a row's text room (row inset, text inset)
    lines = [x for x in rec.seen if "phase" in x[0]]
    assert len(lines) == 3, rec.seen
    assert not [x for x in rec.seen if x[0].startswith("CUT")], rec.seen
    for text, width, height in lines:
        assert width <= room, (text, width, room)
        assert height >= 9
    top = lines[0][0]           # the top of the chain: the reactivated Lynx in the out zone
    assert "phase 2" in top and "reactivat" in top, top
    if size == (1280, 720):
        assert "out zone" in top, top
    assert "reactivat" in lines[1][0] and "out zone" not in lines[1][0]
    assert lines[2][0].endswith("phase 1 · out zone"), lines[2]


def _session(m):
    from support.fake_session import FakeSession
    return FakeSession(m)
