"""A game's menu and its match setup.

The game menu points to online matches that go on (as "Resume game" does for a saved game
against the AI): the friend's name, or that the match waits for a friend to join; none for a
match known to have ended or of another game; a damaged online.json gives no note and no error.

The match setup at a large interface size (compact rows): every option's label is drawn
at one size, and one that sits alone on its row has the row (it was shrunk to fit half of
it: "Magnetism pulls itself (testing)" smaller than the labels above it)."""
from __future__ import annotations

import json
import pytest
from client.settings import Settings
from client.devtools.testing import Driver


@pytest.fixture()
def drv(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDHALL_HOME", str(tmp_path / "home"))
    from client.devtools.testing import Driver
    d = Driver(tmp_path / "home")
    yield d
    d.close()


def _write(entries):
    from client.scenes.online_prefs import _prefs_path
    p = _prefs_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps({"name": "Ann", "matches": entries}))


def _entry(mid, game="everdawn", names=("Ann", "Bo"), seat=0, **kw):
    return dict({"server": "127.0.0.1:7531", "match": mid, "token": "t" + mid, "seat": seat, "game": game,
                 "names": list(names)}, **kw)


def test_the_menu_names_the_friend_of_a_match_that_goes_on(drv):
    _write([_entry("m1", over=True), _entry("m2", names=("Cy", "Ann"), seat=1), _entry("m3", game="evons")])
    drv.open("game_menu", game="everdawn")
    assert drv.scene.online_note == "Your online match with Cy goes on: Play online to sit down again."
    drv.step(2)


def test_several_matches_and_one_waiting_for_a_friend(drv):
    _write([_entry("m1"), _entry("m2", names=("Ann", "Dee"))])
    drv.open("game_menu", game="everdawn")
    assert drv.scene.online_note == "2 online matches of yours go on: Play online lists them."
    _write([_entry("m3", names=("Ann", "Player 2"), hosted=True)])
    drv.open("game_menu", game="everdawn")
    assert drv.scene.online_note == "Your online match waits for your friend to join: Play online shows its code."


def test_no_note_without_matches_and_a_damaged_file_is_no_error(drv):
    drv.open("game_menu", game="everdawn")
    assert drv.scene.online_note == ""
    from client.scenes.online_prefs import _prefs_path
    _prefs_path().parent.mkdir(parents=True, exist_ok=True)
    _prefs_path().write_bytes(b"\x00{not json")
    drv.open("game_menu", game="everdawn")
    assert drv.scene.online_note == ""
    drv.step(2)



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
