"""The bad-input suite, round 3 (issue #44), folders and copies: data folders that
can't be written (a file in a folder's place, a loop of links, a full disk, read-only),
several running copies on one user folder, links planted where lock files go, and
limits that say themselves — through the real client, headless. Each case ends with a
message and a running program, and nothing is lost."""
import errno
import json
import os
import sys

import pytest

from support.hostile_home import _autosave_bytes, _deck, _record

ROOT_USER = hasattr(os, "geteuid") and os.geteuid() == 0
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="symbolic links and modes as on POSIX")


def toasts(d) -> str:
    return "\n".join(t.text for t in d.app.toasts)


@pytest.fixture
def d(tmp_path, watchdog):
    from client.devtools.testing import Driver
    (tmp_path / "data").mkdir()
    drv = Driver(tmp_path)
    drv.app.settings.ai_difficulty = "easy"
    yield drv
    assert drv.app.running
    drv.close()


def block(folder, how):
    """Make ``folder`` unwritable: "file" (a file in its place), "loop" (a link to
    itself), "readonly" (mode 0o555)."""
    if how == "file":
        folder.write_text("a file where the folder should be")
    elif how == "loop":
        folder.symlink_to(folder)
    elif how == "readonly":
        folder.mkdir(parents=True, exist_ok=True)
        folder.chmod(0o555)


BLOCKS = ["file", pytest.param("loop", marks=posix_only),
          pytest.param("readonly", marks=pytest.mark.skipif(ROOT_USER or sys.platform == "win32",
                                                            reason="root writes in read-only folders"))]
WHY = {"file": "a file is in the way", "loop": "loop of symbolic links", "readonly": "read-only",
       "full": "the disk is full"}


def start_vs_ai(d, game="evons"):
    d.app.scenes.switch("game_menu", game=game)
    d.step(2)
    d.key("p")
    assert d.scene.name == "setup"
    d.click("start")
    d.step(2)


# ---------------------------------------------------------------- a match that can't be saved
@pytest.mark.parametrize("how", BLOCKS + ["full"])
def test_a_match_that_cannot_be_saved_says_so_before_it_starts_and_plays_unsaved(d, tmp_path, how, monkeypatch):
    """(Play vs AI → Start crashed in Autosave.start, and the toast then said "your game is
    saved and can be resumed" though there was none)"""
    saves = tmp_path / "data" / "saves"
    if how == "full":
        import engine.core.autosave as autosave

        def full(*_a, **_k):
            raise OSError(errno.ENOSPC, "No space left on device")
        monkeypatch.setattr(autosave, "atomic_write_text", full)
    else:
        block(saves, how)
    start_vs_ai(d)
    assert d.scene.name == "confirm"                      # asked first, naming the folder and why
    detail = d.scene.kwargs["detail"]
    assert f"Cardhall cannot write in {saves}" in detail and WHY[how] in detail
    assert "Play it unsaved?" in detail
    d.click("yes")
    d.step(3)
    t = d.app.scenes.find("table")
    assert t is not None and t.session.autosave is None
    assert "Playing unsaved: this game cannot be resumed if you leave it." in toasts(d)
    n = len(t.session)
    assert d.until_ai(lambda: t.human_to_move() and not t.busy(), 600)
    t.perform(t.session.match.legal_actions()[0])
    d.step(2)
    assert len(t.session) > n and d.app.running            # the game goes on
    # a screen that fails now does not claim a save that isn't there
    d.app.toasts.clear()
    try:
        raise RuntimeError("a screen failed")
    except RuntimeError:
        d.app._recover()
    msg = toasts(d)
    assert "Something went wrong on that screen." in msg and "saved" not in msg


def test_back_from_the_question_starts_nothing(d, tmp_path):
    block(tmp_path / "data" / "saves", "file")
    start_vs_ai(d)
    d.click("no")
    d.step(2)
    assert d.scene.name == "setup" and d.app.scenes.find("table") is None


def test_a_crash_during_a_saved_game_still_says_it_can_be_resumed(d, tmp_path):
    start_vs_ai(d)
    t = d.app.scenes.find("table")
    assert t is not None and t.session.autosave is not None
    try:
        raise RuntimeError("a screen failed")
    except RuntimeError:
        d.app._recover()
    assert "your game is saved and can be resumed" in toasts(d)


# ---------------------------------------------------------------- screenshots and exports
@pytest.mark.parametrize("how", BLOCKS)
def test_f12_into_an_unwritable_screenshots_folder_says_which_and_why(d, tmp_path, how):
    """(F12 crashed in save_screenshot)"""
    folder = tmp_path / "data" / "screenshots"
    block(folder, how)
    d.app.scenes.switch("title")
    d.step(2)
    d.key("f12")
    msg = toasts(d)
    assert f"No screenshot was saved: Cardhall cannot write in {folder}" in msg and WHY[how] in msg
    assert d.scene.name == "title"


def test_f12_still_saves_a_screenshot(d, tmp_path):
    d.app.scenes.switch("title")
    d.step(2)
    d.key("f12")
    d.key("f12")
    shots = sorted((tmp_path / "data" / "screenshots").glob("cardhall-*.png"))
    assert len(shots) == 2 and "Screenshot saved" in toasts(d)


@pytest.mark.parametrize("how", BLOCKS)
def test_export_into_an_unwritable_exports_folder_says_which_and_why(d, tmp_path, how):
    """(Export → Save to file crashed in deckbuilder/modals.py)"""
    folder = tmp_path / "data" / "exports"
    block(folder, how)
    d.app.scenes.switch("deckbuilder", game="everdawn")
    d.step(2)
    db = d.scene
    db.open_modal("export")
    d.step(2)
    d.click("export_file")
    d.step(2)
    msg = toasts(d)
    assert f"Exports cannot go to their usual folder: Cardhall cannot write in {folder}" in msg
    assert WHY[how] in msg and db.modal and db.modal["kind"] == "file"     # another folder can be picked
    db.close_modal()
    d.step(2)
    assert db.export_to_file(folder / "deck.txt") is None                  # straight at it: said too
    assert f"Could not save deck.txt: Cardhall cannot write in {folder}" in toasts(d)


# ---------------------------------------------------------------- replays at the end of a game
def _play_to_end(s, seed=5):
    from engine.core.rng import Rng
    rng = Rng(seed)
    while s.match.result() is None:
        la = s.match.legal_actions()
        s.apply(la[rng.randrange(len(la))])


def test_a_replay_that_cannot_be_written_leaves_the_autosave_complete_and_is_kept_later(d, tmp_path):
    """(when replays could not be written at game end the autosave kept 222 of 223 actions)"""
    from engine.core.autosave import load_autosave
    from engine.core.harness import starter_pair
    from engine.core.session import MatchSession
    saves, reps = tmp_path / "data" / "saves", tmp_path / "data" / "replays"
    block(reps, "file")
    s = MatchSession.new("evons", starter_pair("evons", 5), 5, {}, {"mode": "hotseat", "names": ["A", "B"]},
                         autosave_folder=saves, replay_folder=reps, fsync=False)
    _play_to_end(s)
    assert s.save_error and f"Cardhall cannot write in {reps}" in s.save_error
    assert "kept as a replay" in s.save_error
    assert load_autosave(s.autosave.path).actions == s.record.actions        # every action, the last too
    s.autosave.close()
    reps.unlink()                                                            # the folder can be written again
    d.app.scenes.switch("title")
    assert d.until(lambda: not d.scene.pending, 30)
    [kept] = list(reps.glob("*.json"))                                       # kept at the next start ...
    from engine.core.record import load_record
    assert load_record(kept).actions == s.record.actions
    assert not list(saves.glob("*.autosave"))                                # ... and the save removed


# ---------------------------------------------------------------- links where files are made
@posix_only
def test_a_lock_file_planted_as_a_link_makes_nothing_outside(d, tmp_path):
    """(saves/.NAME.autosave.lock as a link to a missing file outside made Resume create that file)"""
    saves = tmp_path / "data" / "saves"
    saves.mkdir()
    rec = _record("evons", 41, {"mode": "hotseat", "names": ["Ann", "Bo"]}, finish=False)
    (saves / "evons-good.autosave").write_bytes(_autosave_bytes(rec))
    outside = tmp_path / "outside" / "made.txt"
    outside.parent.mkdir()
    (saves / ".evons-good.autosave.lock").symlink_to(outside)
    d.app.scenes.switch("title")
    assert d.until(lambda: not d.scene.pending, 30)
    d.click("resume")
    d.step(3)
    assert d.app.scenes.find("table") is not None
    assert not os.path.lexists(outside)                                      # nothing made through the link
    [aside] = list(saves.glob(".evons-good.autosave.lock.not-a-lock-*"))     # the link, set aside as it is
    assert os.readlink(aside) == str(outside)


@posix_only
def test_an_autosave_swapped_for_a_link_is_never_written_through(tmp_path):
    from engine.core.autosave import load_autosave
    from engine.core.harness import starter_pair
    from engine.core.session import MatchSession
    s = MatchSession.new("evons", starter_pair("evons", 3), 3, autosave_folder=tmp_path / "saves", fsync=False)
    s.apply(s.match.legal_actions()[0])
    outside = tmp_path / "outside.txt"
    outside.write_text("mine")
    path = s.autosave.path
    path.unlink()
    path.symlink_to(outside)
    s.apply(s.match.legal_actions()[0])
    assert outside.read_text() == "mine" and "could not be saved" in (s.save_error or "")
    s.apply(s.match.legal_actions()[0])                                      # the next save rewrites it
    assert not path.is_symlink() and load_autosave(path).actions == s.record.actions
    assert outside.read_text() == "mine"


# ---------------------------------------------------------------- several copies at once
def test_two_copies_editing_one_deck_keep_both_changes_and_say_so(d, tmp_path):
    """(copy 1 and copy 2 editing the same deck lost copy 2's card without a word)"""
    from engine.core.deck import Deck, load_deck, save_deck
    from engine.games import get_game
    spec = get_game("everdawn")
    folder = tmp_path / "data" / "decks" / "everdawn"
    folder.mkdir(parents=True)
    ids = [c for c, _ in spec.starter_decks()[0].cards][:4]
    path = folder / "shared.json"
    save_deck(Deck("everdawn", "Shared", ((ids[0], 1),)), path)
    d.app.scenes.switch("deckbuilder", game="everdawn")
    d.step(2)
    db = d.scene
    db.open_deck(load_deck(path, game="everdawn"))                           # copy 1 has it open
    d.step(2)
    theirs = load_deck(path, game="everdawn")                                # copy 2 adds a card and saves
    save_deck(Deck("everdawn", theirs.name, theirs.cards + ((ids[1], 1),), theirs.description), path)
    added, why = db.model.try_add(ids[2])                                    # copy 1 adds another
    assert added, why
    db.save_now()
    d.step(2)
    got = dict(load_deck(path, game="everdawn").cards)
    assert got == {ids[0]: 1, ids[1]: 1, ids[2]: 1}
    assert dict(db.model.counts) == got
    assert "Shared was changed in another Cardhall window meanwhile" in toasts(d)
    db.model.try_add(ids[3])                                                 # no news: saved quietly
    d.app.toasts.clear()
    db.save_now()
    assert dict(load_deck(path, game="everdawn").cards)[ids[3]] == 1 and "another" not in toasts(d)
    path.unlink()                                                            # copy 2 deletes it
    db.model.try_add(ids[3])
    db.save_now()
    assert "Shared was deleted or renamed in another Cardhall window meanwhile" in toasts(d)
    assert dict(load_deck(path, game="everdawn").cards)[ids[3]] == 2


def test_two_copies_saving_settings_keep_each_others_change(d, tmp_path):
    """(settings saved by one copy overwrote another's change: volume back to 0.7)"""
    from client.settings import Settings
    other = Settings.load()                                                  # copy 2 reads the settings ...
    d.app.scenes.switch("title")
    d.step(2)
    d.key("s")
    assert d.scene.name == "settings"
    other.volume = 0.3
    other.save()                                                             # ... and changes the volume
    d.scene.set("animation_speed", "slow")                                   # copy 1 changes another
    saved = json.loads((tmp_path / "config" / "settings.json").read_text())
    assert saved["volume"] == 0.3 and saved["animation_speed"] == "slow"
    other.ui_scale = 1.3
    other.save()                                                             # and copy 2 again
    saved = json.loads((tmp_path / "config" / "settings.json").read_text())
    assert (saved["volume"], saved["animation_speed"], saved["ui_scale"]) == (0.3, "slow", 1.3)


# ---------------------------------------------------------------- limits
def test_decks_beyond_the_limit_are_counted_and_said(d, tmp_path, monkeypatch):
    """(beyond 2,000 files a folder's other decks were silently not listed)"""
    from client import storage
    monkeypatch.setattr(storage, "MAX_DECK_FILES", 3, raising=False)
    folder = tmp_path / "data" / "decks" / "everdawn"
    folder.mkdir(parents=True)
    for i in range(5):
        (folder / f"deck{i}.json").write_text(json.dumps(_deck("everdawn", f"Deck {i}")))
    d.app.scenes.switch("deckbuilder", game="everdawn")
    d.step(2)
    d.key("o", ctrl=True)
    d.step(2)
    notes = [text for kind, text, _ in d.scene.modal["items"] if kind == "note"]
    assert "3 deck files shown; 2 more in this game's deck folder are not listed." in notes


@pytest.mark.parametrize("how", BLOCKS)
def test_settings_that_cannot_be_written_say_which_folder_and_hold_while_running(tmp_path, watchdog, how):
    """(the toast was "Could not save settings: [Errno 17] File exists: ...")"""
    from client.devtools.testing import Driver
    block(tmp_path / "config", how)
    d = Driver(tmp_path)
    try:
        d.app.scenes.switch("title")
        d.step(2)
        d.key("s")
        d.scene.set("animation_speed", "slow")
        msg = toasts(d)
        assert f"Settings could not be saved: Cardhall cannot write in {tmp_path / 'config'}" in msg
        assert WHY[how] in msg and "Errno" not in msg
        assert d.app.settings.animation_speed == "slow" and d.app.running
    finally:
        d.close()
