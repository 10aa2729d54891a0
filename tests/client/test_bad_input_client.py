"""The bad-input suite (issue #16): the real client, headless, driven through
every screen that reads the player's files — title, each game's menu, match
setup, the deck builder and its Decks list, Replays and watching one, Settings,
Resume and a few moves — with damaged, hostile and oddly named files in every
user folder (tests/support/hostile_home.py).

Each case must end with a message and a running program: a crash fails the
test (``Driver.step`` raises what a frame raised), a hang fails it through a
watchdog (the ``watchdog`` fixture: SIGALRM), and afterwards every planted file must still be found — the
good ones unchanged, the bad ones where they were or set aside with the same
bytes (``Planted.lost``).
"""
from support.paths import ROOT
import json
import os
import subprocess
import sys

import pytest

from support.hostile_home import CAN_FIFO, GAMES, HOSTILE_META, plant

@pytest.fixture
def home(tmp_path, watchdog):
    pl = plant(tmp_path)
    yield pl
    assert pl.lost() == []


@pytest.fixture
def d(home):
    from client.devtools.testing import Driver
    drv = Driver(home.home)
    drv.app.settings.ai_difficulty = "easy"
    yield drv
    assert drv.app.running
    drv.close()


def toasts(d) -> str:
    return "\n".join(t.text for t in d.app.toasts)


def frames(d, n=3):
    d.step(n)
    assert d.app.running


def title(d):
    d.app.scenes.switch("title")
    assert d.until(lambda: not d.scene.pending, 30)
    frames(d)
    return d.scene


def test_title_sets_bad_saves_aside_naming_the_field_and_resumes_the_good_one(d, home):
    sc = title(d)
    msg = toasts(d)
    assert "saved games could not be used and were set aside unchanged" in msg
    saves = home.home / "data" / "saves"
    for k in HOSTILE_META:       # every hostile meta is refused, by name of the field
        assert not (saves / f"evons-{k}.autosave").exists()
        assert list(saves.glob(f"evons-{k}.autosave.damaged-*"))
    assert not (saves / "pipe.autosave").exists() or (saves / "pipe.autosave").is_fifo() or not CAN_FIFO
    assert home.untidy() == [] or all(not n.startswith(".x.autosave") for n in home.untidy())
    # the good save is offered and resumes (hot seat: the hand-off screen first), then a few moves
    assert "resume" in sc.widgets
    d.click("resume")
    frames(d)
    t = d.app.scenes.find("table")
    assert t is not None and t.game == "evons" and t.names[0] == "Ann\ufffd"
    n0 = len(t.session)
    for _ in range(4):
        if d.scene.name == "handoff":
            d.key("return")
        assert d.until_ai(lambda: d.scene is t and t.human_to_move() and not t.busy(), 300)
        t.perform(t.session.match.legal_actions()[0])
        frames(d, 2)
    assert len(t.session) >= n0 + 4
    assert not os.path.lexists(home.home / "outside-evons.lock")   # nothing made through the planted lock link


def test_every_game_menu_setup_and_deck_builder_lists_what_can_be_read(d, home):
    for i, g in enumerate(GAMES):
        title(d)
        d.key(str(i + 1))
        assert d.scene.name == "game_menu" and d.scene.game == g
        frames(d)
        d.key("p")                                 # play vs AI: the deck pickers
        assert d.scene.name == "setup"
        labels = [e.label for e in d.scene.decks]
        assert "Kept safe (saved)" in labels and "My \ufffd deck (saved)" in labels
        assert "Lone \ufffd half (saved)" in labels
        linked = os.path.lexists(home.home / "data" / "decks" / g / "link.json")
        assert "Linked from outside (saved)" in labels or not linked
        frames(d)
        d.key("escape")
        d.key("l")                                 # hot seat set-up
        assert d.scene.name == "hotseat_setup"
        frames(d)
        d.key("escape")
        d.key("d")                                 # deck builder, then its Decks list
        assert d.scene.name == "deckbuilder"
        frames(d)
        d.key("o", ctrl=True)
        assert d.scene.modal and d.scene.modal["kind"] == "library"
        frames(d, 4)
        for _ in range(8):                         # scroll the whole list (damaged entries too)
            d.post(d.pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0, touch=False)
            frames(d, 1)
        names = [e.label for kind, _, e in d.scene.modal.get("items", ()) if kind == "entry"]
        assert any("(damaged)" in n for n in names) and any("Kept safe" in n for n in names)
        d.key("escape")
        d.key("escape")
        frames(d)
        if "online" in d.scene.widgets:            # play online: what it remembers of past matches
            d.click("online")
            assert d.scene.name == "online"
            frames(d, 10)
            if i == 0:                             # the unreadable entries left out, and said (once)
                assert "4 of your online matches could not be read and are left out" in toasts(d)
            if g == "evons":                       # the readable one listed
                assert [e["match"] for _, e, _ in d.scene.rows] == ["kept"]
            d.key("escape")
            frames(d)
    # the damaged deck files were listed with their reason and never touched
    folder = home.home / "data" / "decks" / "evons"
    assert (folder / "deep.json").exists() and (folder / "pipe.json").exists() == CAN_FIFO


def test_replays_list_and_watching_survive_hostile_files(d, home):
    title(d)
    d.key("r")
    sc = d.scene
    assert sc.name == "replays"
    frames(d)
    assert "replay files could not be used and were set aside unchanged" in toasts(d)
    assert len(sc.items) == 1
    info = sc.items[0]
    assert info.names == ["\ufffdYou", "AI \ufffd"] and "Deck \ufffd with bell" in info.title()
    for k in HOSTILE_META:
        assert not list((home.home / "data" / "replays").glob(f"*-{k}.json"))
    sc.select(0)
    t = sc.watch(0)
    assert t is not None
    frames(d, 5)
    for key in ("right", "right", "space", "v", "1", "end", "home"):
        d.key(key)
    frames(d, 5)
    d.key("escape")
    frames(d)


def test_settings_survive_a_named_pipe_and_hostile_values(tmp_path, watchdog):
    from client.devtools.testing import Driver
    cfg = tmp_path / "config"
    cfg.mkdir(parents=True)
    if CAN_FIFO:
        os.mkfifo(cfg / "settings.json")
        drv = Driver(tmp_path)            # reads settings.json: must not wait on the pipe
        assert "could not be read" in (drv.app.settings.load_message or "")
        drv.close()
        assert list(cfg.glob("settings.json.damaged-*"))
    hostile = {"format": "cardhall-settings", "version": 1, "ui_scale": "\u0000big", "ai_difficulty": "\ud800",
               "animation_speed": 1e308, "window_size": [10 ** 9, -5], "muted": "yes", "volume": None,
               "everdawn_turn_clock": [], "unknown_key_\u0000": 1}
    (cfg / "settings.json").write_text(json.dumps(hostile))
    drv = Driver(tmp_path)
    try:
        title(drv)
        drv.key("s")
        assert drv.scene.name == "settings"
        frames(drv, 4)
        drv.key("escape")                 # done: saves the cleaned settings
        frames(drv)
        assert drv.app.running
    finally:
        drv.close()
    saved = json.loads((cfg / "settings.json").read_text())
    assert saved["ai_difficulty"] in ("easy", "normal", "hard", "expert") and isinstance(saved["muted"], bool)
    assert list(cfg.glob("settings.json.reset-*"))  # the file as it was is kept


def test_deck_import_is_capped_and_refuses_pipes_and_folders(d, home):
    from client.deckbuilder import clipboard
    d.app.scenes.switch("deckbuilder", game="everdawn")
    frames(d)
    db = d.scene
    db.open_modal("import")
    frames(d)
    clipboard._memory = "3 Vale Archer\n" * 80_000   # over 1 MB on the clipboard
    d.click("import_paste")                           # no freeze: read straight away, capped
    assert len(db.model.deck().cards) >= 1 and "reading it as a deck list" in toasts(d)
    db.open_modal("import")
    frames(d)
    clipboard._memory = "2 Vale Archer\n"
    d.key("v", ctrl=True)                              # Ctrl+V in the box goes through the same cap
    assert db.modal["box"].get_text() == "2 Vale Archer\n"
    db.close_modal()
    ex = home.home / "data" / "exports"
    for name in ("pipe.txt", "huge.txt", "binary.txt"):
        if (ex / name).exists() or os.path.lexists(ex / name):
            db.import_from_file(ex / name)
            frames(d)
    msg = toasts(d)
    assert "too large" in msg and "not a text file" in msg
    assert not CAN_FIFO or "named pipe" in msg
    # export onto a folder writes inside it, not "<folder>.txt" beside it
    out = db.export_to_file(ex)
    assert out is not None and out.parent == ex and not (ex.parent / "exports.txt").exists()
    home.good[out] = out.read_bytes()


def test_deleting_a_symlinked_deck_removes_the_link_and_says_so(d, home):
    from client.deckbuilder import library
    folder = home.home / "data" / "decks" / "essveil"
    if not os.path.lexists(folder / "link.json"):
        pytest.skip("no symbolic links here")
    d.app.scenes.switch("deckbuilder", game="essveil")
    frames(d)
    db = d.scene
    [e] = [e for e in library.library("essveil") if e.path == folder / "link.json"]
    db.delete_entry(e)
    frames(d)
    assert not os.path.lexists(folder / "link.json") and (home.home / "outside-essveil.json").exists()
    assert "Deleted Linked from outside" in toasts(d)
    home.special.remove(folder / "link.json")


HOLDER = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
from engine.core.session import MatchSession
s = MatchSession.resume(sys.argv[2], fsync=False)
print("holding", flush=True)
time.sleep(60)
"""


def test_a_second_program_cannot_resume_a_game_already_open_and_says_so(d, home):
    save = home.home / "data" / "saves" / "evons-good.autosave"
    p = subprocess.Popen([sys.executable, "-c", HOLDER, str(ROOT), str(save)], stdout=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline().strip() == "holding"
        before = save.read_bytes()
        sc = title(d)
        assert "resume" in sc.widgets
        d.click("resume")
        frames(d)
        assert d.scene.name == "title" and "open in another Cardhall window" in toasts(d)
        assert save.read_bytes() == before and not list(save.parent.glob("evons-good.autosave.damaged-*"))
    finally:
        p.kill()
        p.wait()
    title(d)                                         # the other program is gone: it resumes here now
    d.click("resume")
    frames(d)
    assert d.app.scenes.find("table") is not None


def test_leaving_the_table_lets_another_program_resume_the_game(d, home):
    from engine.core.autosave import in_use
    save = home.home / "data" / "saves" / "evons-good.autosave"
    title(d)
    d.click("resume")
    frames(d)
    assert d.app.scenes.find("table") is not None
    probe = [sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv[1]);"
             "from engine.core.autosave import in_use; print(in_use(sys.argv[2]))", str(ROOT), str(save)]
    assert subprocess.run(probe, capture_output=True, text=True, timeout=60).stdout.strip() == "True"
    title(d)                                          # back to the title: the table is gone
    assert subprocess.run(probe, capture_output=True, text=True, timeout=60).stdout.strip() == "False"
    assert not in_use(save) and save.exists()


def test_font_draws_anything_after_cleaning():
    """Text the engine cleaned (no NUL, no lone surrogate) draws, wraps and fits."""
    from client.ui.theme import draw_wrapped, fit_font, text_surface, wrap_lines, font
    import pygame
    pygame.font.init()
    for t in ("nul \x00 here", "lone \ud800 surrogate", "\udcff.autosave", "bell\x07"):
        assert text_surface(t, 16).get_width() > 0
        assert wrap_lines(t, font(16), 100)
        fit_font(t, 50, 16)
        surf = pygame.Surface((200, 100))
        draw_wrapped(surf, t, pygame.Rect(0, 0, 200, 100), 16)
