"""Nothing replaced without asking (issue #40 point 6), through the menus: with a
game saved, Start asks first (resume it / keep it and start another / abandon
it); the saved games of a game are a list in its menu; an abandoned game is in
Replays, marked unfinished."""


GAME = "evons"


def saves(d):
    from client.storage import saves_dir
    return sorted(saves_dir().glob("*.autosave"))


def unfinished_replays(d):
    from client.storage import scan_replays
    return [r for r in scan_replays(GAME).items if r.result is None]


def new_game_vs_ai(d, moves=2):
    """Game menu → Play vs AI → Start; a few moves; back to the menu."""
    d.click("play_ai")
    assert d.scene.name == "setup"
    d.click("start")
    if d.scene.name != "table":
        return None
    t = d.scene
    for _ in range(moves):
        assert d.until_ai(lambda: t.human_to_move() and not t.busy())
        t.perform(t.legal[0])
    return t


def quit_to_menu(d):
    d.key("escape")
    assert d.scene.name == "pause"
    d.click("quit")
    assert d.scene.name == "game_menu"


def test_a_saved_game_is_never_replaced_without_asking(driver):
    d = driver
    d.open("game_menu", game=GAME)
    t1 = new_game_vs_ai(d, moves=3)
    first_len = len(t1.session)
    quit_to_menu(d)
    assert "resume" in d.scene.widgets and "saves" not in d.scene.widgets and len(saves(d)) == 1

    # Start again: asked first; Cancel leaves everything as it was
    d.click("play_ai")
    d.click("start")
    assert d.scene.name == "save_choice"
    d.key("escape")
    assert d.scene.name == "setup" and len(saves(d)) == 1

    # resume it: the same game, where it was
    d.click("start")
    d.click("resume_saved")
    assert d.scene.name == "table" and len(d.scene.session) == first_len
    quit_to_menu(d)

    # keep it and start another: two saved games, a list in the menu
    d.click("play_ai")
    d.click("start")
    d.click("keep_saved")
    assert d.scene.name == "table" and len(d.scene.session) == 0
    t2 = d.scene
    assert d.until_ai(lambda: t2.human_to_move() and not t2.busy())
    t2.perform(t2.legal[0])
    quit_to_menu(d)
    assert len(saves(d)) == 2 and "saves" in d.scene.widgets
    assert d.widget("saves").text == "Saved games (2)"

    # the list: each row resumes or abandons; abandoning keeps the game in Replays, unfinished
    d.click("saves")
    assert d.scene.name == "saved_games" and {"resume_0", "resume_1", "abandon_0", "abandon_1"} <= set(d.scene.widgets)
    assert unfinished_replays(d) == []
    d.click("abandon_1")
    assert len(saves(d)) == 1
    [kept] = unfinished_replays(d)
    assert len(kept.record.actions) == first_len and "unfinished" in kept.title()
    d.key("escape")
    assert d.scene.name == "game_menu" and "saves" not in d.scene.widgets and "resume" in d.scene.widgets

    # abandon it and start: the saved game goes to Replays, the new one starts
    d.click("play_ai")
    d.click("start")
    d.click("abandon_saved")
    assert d.scene.name == "table" and len(d.scene.session) == 0
    assert len(unfinished_replays(d)) == 2 and len(saves(d)) == 1


def test_a_saved_game_of_another_mode_does_not_ask(driver):
    d = driver
    d.open("game_menu", game=GAME)
    new_game_vs_ai(d, moves=1)
    quit_to_menu(d)
    d.click("hotseat")
    d.click("start")
    assert d.scene.name in ("table", "handoff") and len(saves(d)) == 2
