"""The table's chrome: the top bar and its status line, the players' panels, the end of a game in words.

The top bar at the end of a game: "You win — the AI conceded" on one line, the final
score left to the game-over card (at 1280x720 it wrapped, breaking "AI" / "(easy) 1").

The top bar's status, when it needs two lines, breaks between its parts: at 1280×720
the opening of an Evons game against the AI read "Opening hands: keep or mulligan · AI
(normal) goes" with a lone "first" under it.

The players' panels keep every row at every interface size: a short panel
(200 % on a small window) puts the morale number beside its label and closes
the rows up instead of leaving "Support deck" and "Hand" out.

The end of a game in the screen's words (issue #39 point 4, #40 point 8): the table, the
replay library and the online list say "you" and "the AI" (or the players' names), also for
files written by older versions, whose result is a sentence only."""
from engine.core.match import End, Result
from support.helpers import texts_drawn, ai_table, game_session
import pygame
import pytest
from client.ui import theme as ui
from client.table.chrome import status_lines
from support.helpers import Texts
from engine.core.harness import starter_pair
from engine.core.session import MatchSession
from support.helpers import show_table
import json
from support.paths import TESTS
from engine.core.record import load_record
from engine.core.replays import ReplayInfo
from engine.core.text import Names
from client.replays import _outcome
from client.table.named import seat_names


def test_the_end_of_a_game_reads_on_one_line_in_the_top_bar(driver, monkeypatch):
    t = ai_table(driver, "evons", game_session("evons", 3, human=0), paused=True)
    t.ending.conceded = Result(0, End.CONCEDED, {"score": (1, 1)})
    assert t.status_text() == "You win — the AI conceded — you scored 1, the AI 1"
    texts = texts_drawn(driver, t, monkeypatch)
    assert any(x.startswith("You win — the AI conceded") for x in texts), texts   # on one line
    assert not [x for x in texts if x.startswith("(easy) 1") or x.endswith(" AI")], texts



@pytest.fixture(scope="module", autouse=True)
def _fonts():
    pygame.font.init()
    yield


def test_two_lines_break_at_the_separator_that_keeps_them_even():
    f = ui.font(15)
    text = "Opening hands: keep or mulligan · AI (normal) goes first"
    room = f.size(text)[0] * 2 // 3
    assert status_lines(text, f, room) == "Opening hands: keep or mulligan\nAI (normal) goes first"
    three = "Turn 12 · AI (normal) to play · score 10–14"
    a, b = status_lines(three, f, f.size(three)[0] * 3 // 4).split("\n")
    assert abs(f.size(a)[0] - f.size(b)[0]) < f.size(three)[0] // 2
    # no separator, or a part too wide for a line: left to the word wrap
    assert status_lines("a long sentence without parts", f, 60) == "a long sentence without parts"
    assert status_lines("short · " + "x" * 80, f, 200) == "short · " + "x" * 80


def test_the_evons_opening_status_reads_in_two_whole_parts(driver, monkeypatch):
    from client.scenes.setup import start_match
    from engine.core.harness import starter_pair
    rec = Texts()
    start_match(driver.app, "evons", starter_pair("evons", 1), mode="ai", ai_level="normal", seed=1)
    driver.step(3)
    t = driver.scene
    assert t.name == "table" and t.status_text() == "Opening hands: keep or mulligan · AI (normal) goes first"
    monkeypatch.setattr(ui, "RECORDER", rec)
    if ui._TEXT_CACHE is not None:
        monkeypatch.setattr(ui, "_TEXT_CACHE", None)     # every text rendered anew, so it is seen
    t.invalidate()
    driver.step(2)
    monkeypatch.setattr(ui, "RECORDER", None)
    drawn = [s for s, _w, _h in rec.seen]
    if "Opening hands: keep or mulligan · AI (normal) goes first" not in drawn:   # two lines here
        assert "Opening hands: keep or mulligan" in drawn and "AI (normal) goes first" in drawn, [s for s in drawn if "first" in s or "Opening" in s]
    assert "first" not in drawn



class Spy:
    def __init__(self):
        self.texts = []

    def rendered(self, fnt, img, text):
        self.texts.append(text)

    def surface(self, size, flags=0):
        import pygame
        return pygame.Surface(size, flags)

    def cut(self, *a, **k):
        pass

    def panel(self, *a, **k):
        pass


@pytest.mark.parametrize("size,scale", [((1280, 720), 1.0), ((1280, 720), 2.0), ((1024, 640), 2.0)])
def test_everdawn_panels_show_every_row(tmp_path, size, scale):
    from client import cards as cards_mod
    from client.ui import theme as ui
    import client.devtools.layoutcheck as lc
    from client.settings import Settings
    from client.devtools.testing import Driver
    st = Settings()
    st.ui_scale = scale
    st.animation_speed = "instant"
    d = Driver(tmp_path, size, settings=st)
    try:
        s = MatchSession.new("everdawn", starter_pair("everdawn", 3), 3, None,
                             {"mode": "hotseat", "names": ["Mira", "Jonas"]})
        t = show_table(d, "everdawn", s, mode="hotseat", human_seats=(0, 1))
        import pygame
        for seat in (0, 1):
            spy = Spy()
            lc._drop_caches(ui, cards_mod)   # cached words were drawn before the spy listened
            ui.RECORDER = spy
            try:
                t._draw_info(pygame.Surface(size), t.view, seat)
            finally:
                ui.RECORDER = None
                lc._drop_caches(ui, cards_mod)
            for label in ("Creatures in play", "Creature deck", "Support deck", "Hand", "MORALE"):
                assert label in spy.texts, (seat, label)
    finally:
        d.close()



def test_each_mode_calls_the_seats_its_own_way():
    assert seat_names(["You", "AI (easy)"], "ai", (0,)) == Names(("you", "the AI"))
    assert seat_names(["AI (hard)", "You"], "ai", (1,)) == Names(("the AI", "you"))
    assert seat_names(["Ann", "Bob"], "hotseat", (0, 1)) == Names(("Ann", "Bob"))
    assert seat_names(["AI 1", "AI 2"], "watch", ()) == Names(("AI 1", "AI 2"))


def _old_replay(tmp_path, meta):
    raw = json.loads((TESTS / "golden" / "everdawn_1.json").read_text(encoding="utf-8"))
    assert raw["result"] == {"winner": 0, "reason": "Player 2's morale is depleted."}   # an older file
    raw["meta"].update(meta)
    p = tmp_path / "old.replay.json"
    p.write_text(json.dumps(raw), encoding="utf-8")
    return ReplayInfo(p, load_record(p))


def test_an_older_replay_reads_with_the_screens_names(tmp_path):
    won, _col = _outcome(_old_replay(tmp_path, {"mode": "ai", "human": 0, "names": ["You", "AI (easy)"]}))
    assert won == "Won — the AI's morale is depleted"
    lost, _col = _outcome(_old_replay(tmp_path, {"mode": "ai", "human": 1, "names": ["AI (easy)", "You"]}))
    assert lost == "Lost — your morale is depleted"
    hot, _col = _outcome(_old_replay(tmp_path, {"mode": "hotseat", "names": ["Ann", "Bob"]}))
    assert hot == "Ann won — Bob's morale is depleted"


def test_a_result_of_this_version_reads_the_same(tmp_path):
    info = _old_replay(tmp_path, {"mode": "hotseat", "names": ["Ann", "Bob"]})
    info.record.result = Result(1, End.CONCEDED).to_json()
    assert _outcome(info)[0] == "Bob won — Ann conceded"
