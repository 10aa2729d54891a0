"""Community servers in the app (SDL dummy driver, a server of its own on 127.0.0.1,
not the one the app hosts): add a server, pick a name, see who waits, quick match into
the table and play it out, see the rating change; a private match joined by its code; a
taken name said plainly; the servers kept in online.json whatever Play online saves.
Screenshots of the lobby at 1280x720 and 1920x1080 go to the test's folder."""
from __future__ import annotations

import random
import time

import pytest

from engine.core.harness import starter_pair
from engine.net.client import drive
from engine.net.lobby import new_key
from engine.net.lobby_client import LobbyWatch, lobby_join, quick_match
from engine.net.server import ServerThread


def until(d, pred, seconds=30.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if pred():
            return True
        d.step()
        time.sleep(0.005)
    return pred()


@pytest.fixture
def community(tmp_path):
    srv = ServerThread(str(tmp_path / "community.sqlite3")).start()
    yield srv.port
    srv.stop()


def _type_into(d, name, text):
    d.click(name)
    d.key("a", ctrl=True)
    d.key("backspace")
    d.type_text(text)


def _lobby_of(d, game, port, name="Ann"):
    """From the game menu to the lobby of the server on ``port``, as ``name``."""
    d.open("game_menu", game=game)
    d.click("online")
    d.click("community")
    assert d.scene.name == "lobby" and d.scene.server is None
    _type_into(d, "name", name)
    _type_into(d, "address", f"127.0.0.1:{port}")
    d.click("add_server")
    sc = d.scene
    assert until(d, lambda: sc.lobby is not None), sc.status
    return sc


def _play_out(d, guest, rng, max_seconds=240.0):
    deadline = time.monotonic() + max_seconds
    while time.monotonic() < deadline:
        t = next(s for s in d.app.scenes.stack if s.name == "table")
        d.step()
        if t.human_to_move() and not t.busy() and t.session.connected:
            legal = t.match.legal_actions()
            t.perform(legal[rng.randrange(len(legal))])
        drive([guest], rng)
        if t.result() is not None and not t.anims.busy and guest.final is not None and not guest.pending:
            d.step(3)
            return t
        time.sleep(0.0005)
    raise AssertionError("the match did not end")


def test_quick_match_from_the_lobby_plays_a_match_and_the_rating_moves(driver, community, tmp_path):
    d, port, game = driver, community, "evons"
    sc = _lobby_of(d, game, port)
    assert sc.lobby["name"] == "Ann" and sc.lobby["ratings"][game]["rating"] == 1500
    from client.scenes.online_prefs import load_prefs
    servers = load_prefs()["servers"]
    assert [(s["address"], s["name"]) for s in servers] == [(f"127.0.0.1:{port}", "Ann")]
    assert len(servers[0]["key"]) >= 32
    # Bo waits for a quick match of the same game and pace; the lobby shows him by itself
    bo = {"name": "Bo", "key": new_key()}
    guest = quick_match("127.0.0.1", port, bo, game, starter_pair(game, 5)[1], "live")
    try:
        assert guest.waiting
        assert until(d, lambda: [r[1]["host"] for r in d.scene.rows_open] == ["Bo"])
        d.screenshot(tmp_path / "lobby-1280x720.png")
        row = d.scene.rows_open[0]
        assert row[1]["rating"] == 1500 and row[1]["pace"] == "live" and row[2] is not None
        d.click("quick")
        assert until(d, lambda: d.scene.name == "table"), getattr(d.scene, "status", None)
        t = d.scene
        assert t.mode == "online" and t.names == ["Bo", "You"]
        t = _play_out(d, guest, random.Random(3))
        res = t.result()
        assert res is not None and res.winner == guest.final.winner
    finally:
        guest.close()
    # the lobby again: the match is among yours, over, and the rating moved
    d.app.scenes.switch("lobby", game=game, server=f"127.0.0.1:{port}")
    sc = d.scene
    assert until(d, lambda: sc.lobby is not None and sc.lobby["ratings"][game]["games"] == 1)
    mine = [r[1] for r in sc.rows_mine]
    assert [m["names"] for m in mine] == [["Bo", "Ann"]]
    assert sc.rows_mine[0][2] is None          # over: nothing to sit down at (it is in Replays)
    # (a random match: it may end in a draw, which leaves two new players' ratings even)
    outcome = "draw" if res.winner is None else "won" if res.winner == 1 else "lost"
    assert sc.mine_summary(mine[0]) == {"won": "over: you won", "lost": "over: you lost",
                                        "draw": "over: draw"}[outcome]
    assert sc.lobby["ratings"][game]["rating"] == {"won": 1662, "lost": 1338, "draw": 1500}[outcome]
    d.resize(1920, 1080)
    assert until(d, lambda: d.scene.rows_mine)
    d.screenshot(tmp_path / "lobby-1920x1080.png")
    from client.devtools.layoutcheck import check_screen
    assert check_screen(d.app, "the lobby") == []


def test_a_private_match_waits_with_its_code_and_the_friend_joins_by_it(driver, community, tmp_path):
    d, port, game = driver, community, "essveil"
    sc = _lobby_of(d, game, port)
    d.click("create_private")
    assert until(d, lambda: sc.session is not None), sc.status
    assert sc.waiting_code and sc.session.code
    d.step(2)
    assert "call_off" in sc.widgets and "quick" not in sc.widgets
    d.screenshot(tmp_path / "lobby-waiting.png")
    from client.devtools.layoutcheck import check_screen
    assert check_screen(d.app, "the lobby, waiting with a code") == []
    watcher = LobbyWatch("127.0.0.1", port, {"name": "Cy", "key": new_key()})
    try:
        end = time.monotonic() + 10
        while time.monotonic() < end and watcher.lobby is None:
            watcher.poll()
            time.sleep(0.02)
        assert watcher.lobby is not None and watcher.lobby["open"] == []      # private: not listed
    finally:
        watcher.close()
    guest = lobby_join("127.0.0.1", port, {"name": "Bo", "key": new_key()}, starter_pair(game, 2)[1],
                       code=sc.waiting_code)
    try:
        assert until(d, lambda: d.scene.name == "table")
        assert d.scene.names == ["You", "Bo"]
    finally:
        guest.close()


def test_a_taken_name_is_said_and_another_can_be_chosen(driver, community):
    d, port = driver, community
    w = LobbyWatch("127.0.0.1", port, {"name": "Ann", "key": new_key()})
    try:
        end = time.monotonic() + 10
        while time.monotonic() < end and w.lobby is None:
            w.poll()
            time.sleep(0.02)
        sc = _lobby_of_taken(d, port)
        assert until(d, lambda: "Another player is called Ann" in sc.status[0]), sc.status
        assert sc.lobby is None and not sc.widgets["quick"].is_enabled
        _type_into(d, "name", "Annie")
        d.key("return")
        assert until(d, lambda: sc.lobby is not None and sc.lobby["name"] == "Annie"), sc.status
        from client.scenes.online_prefs import load_prefs
        assert load_prefs()["servers"][0]["name"] == "Annie"
    finally:
        w.close()


def _lobby_of_taken(d, port):
    d.open("game_menu", game="everdawn")
    d.click("online")
    d.click("community")
    _type_into(d, "name", "ann")
    _type_into(d, "address", f"127.0.0.1:{port}")
    d.click("add_server")
    return d.scene


def test_play_online_keeps_the_servers_when_it_saves(driver, community):
    d, port = driver, community
    _lobby_of(d, "everdawn", port)
    d.click("back")
    assert d.scene.name == "online"
    _type_into(d, "name", "Someone")
    d.scene._name()                   # Play online saves its own data
    from client.scenes.online_prefs import load_prefs
    prefs = load_prefs()
    assert prefs["name"] == "Someone" and [s["name"] for s in prefs["servers"]] == ["Ann"]


def test_a_match_left_for_the_menu_is_opened_again_from_the_lobby(driver, community):
    d, port, game = driver, community, "everdawn"
    bo = {"name": "Bo", "key": new_key()}
    guest = quick_match("127.0.0.1", port, bo, game, starter_pair(game, 1)[1], "daily")
    try:
        sc = _lobby_of(d, game, port)
        from client.ui.widgets import set_dropdown
        set_dropdown(sc, "pace", "Daily · 24 h a move")
        d.step(2)
        d.click("quick")
        assert until(d, lambda: d.scene.name == "table"), sc.status
        rng = random.Random(2)
        t = d.scene
        for _ in range(3000):
            d.step()
            if len(t.session) >= 6 and not t.busy():
                break
            if t.human_to_move() and not t.busy():
                legal = t.match.legal_actions()
                t.perform(legal[rng.randrange(len(legal))])
            drive([guest], rng)
            time.sleep(0.001)
        at = len(t.session)
        d.app.scenes.switch("lobby", game=game, server=f"127.0.0.1:{port}")   # (Quit to menu, then here)
        sc = d.scene
        assert until(d, lambda: sc.rows_mine)
        item = sc.rows_mine[0][1]
        assert item["pace"] == "daily" and item["names"] == ["Bo", "Ann"] and item["result"] is None
        assert sc.mine_summary(item).startswith("your move" if item["your_move"] else "their move")
        d.click(f"open_{item['match']}")
        assert until(d, lambda: d.scene.name == "table")
        assert len(d.scene.session) >= at and d.scene.names == ["Bo", "You"]
    finally:
        guest.close()


def test_typing_goes_on_while_the_lobby_changes(driver, community):
    d, port, game = driver, community, "evons"
    _lobby_of(d, game, port)
    d.click("code")
    d.type_text("K7QXM")
    guest = quick_match("127.0.0.1", port, {"name": "Bo", "key": new_key()}, game, starter_pair(game, 1)[1])
    try:
        assert until(d, lambda: [r[1]["host"] for r in d.scene.rows_open] == ["Bo"])   # the screen was laid anew
        d.type_text("2HRTB")
        assert d.scene.widgets["code"].get_text() == "K7QXM2HRTB"
    finally:
        guest.close()


def test_a_click_is_not_lost_when_the_lobby_changes_under_it(driver, community):
    d, port, game = driver, community, "essveil"
    sc = _lobby_of(d, game, port)
    pos = d.pos_of("quick")
    d.move(pos)
    d.post(d.pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
    d.step()
    guest = quick_match("127.0.0.1", port, {"name": "Bo", "key": new_key()}, game, starter_pair(game, 1)[1])
    try:
        assert until(d, lambda: any(m["host"] == "Bo" for m in sc.lobby["open"]))   # here while the button is down
        d.post(d.pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
        d.step(2)
        assert until(d, lambda: d.scene.name == "table"), sc.status        # the quick match paired with Bo
        assert d.scene.names == ["Bo", "You"]
    finally:
        guest.close()


def test_a_daily_match_waits_after_you_leave_and_can_be_called_off_later(driver, community, tmp_path):
    d, port, game = driver, community, "evons"
    sc = _lobby_of(d, game, port)
    from client.ui.widgets import set_dropdown
    set_dropdown(sc, "pace", "Daily · 24 h a move")
    d.step(2)
    d.click("create_open")
    assert until(d, lambda: sc.session is not None), sc.status
    assert sc.session.pace == "daily"
    d.resize(1024, 640)
    from client.devtools.layoutcheck import check_screen
    assert check_screen(d.app, "the lobby, waiting (daily)") == []
    d.click("back")                                   # a daily match is not called off by leaving
    d.click("community")
    sc = d.scene
    assert until(d, lambda: sc.rows_mine and sc.rows_open)
    item = sc.rows_mine[0][1]
    assert item["waiting"] and item["pace"] == "daily" and sc.rows_open[0][1]["yours"]
    assert sc.mine_summary(item) == "waiting for an opponent"
    d.screenshot(tmp_path / "lobby-daily-waiting.png")
    d.click(f"calloff_{item['match']}")
    assert until(d, lambda: not sc.rows_mine and not sc.rows_open and sc.job is None), sc.status
    assert sc.status == ("The match was called off.", "muted")
    from client.scenes.online_prefs import load_prefs
    assert item["match"] not in [e["match"] for e in load_prefs()["matches"]]


def test_a_server_that_does_not_answer_is_said_so_and_nothing_can_be_started(driver, tmp_path):
    import socket
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()                       # nothing listens there now
    d = driver
    d.open("game_menu", game="everdawn")
    d.click("online")
    d.click("community")
    _type_into(d, "name", "Ann")
    _type_into(d, "address", f"127.0.0.1:{port}")
    d.click("add_server")
    sc = d.scene
    assert until(d, lambda: sc.watch is not None and sc.watch.why_not is not None)
    d.step(2)
    assert sc.lobby is None
    assert not any(sc.widgets[k].is_enabled for k in ("quick", "create_open", "create_private", "join_code"))
    d.screenshot(tmp_path / "lobby-unreachable.png")
    from client.devtools.layoutcheck import check_screen
    assert check_screen(d.app, "the lobby, no answer") == []


def test_the_servers_in_online_json_are_read_entry_by_entry(driver):
    from client.scenes.online_prefs import read_servers
    from client.scenes.online_prefs import load_prefs, save_prefs
    key = new_key()
    raw = [{"address": "cards.example.org", "name": "Ann", "key": key},
           {"address": "CARDS.example.org", "name": "Ann", "key": new_key()},     # the same server again
           {"address": "x:99999", "name": "Bo", "key": new_key()},                # no such port
           {"address": "host:1", "name": "Bo", "key": "short"},                   # a key no server takes
           {"address": "host:2", "name": "\u202eBo\n" * 9, "key": new_key()},      # a name from outside
           "host:3", None, {"address": ["h"], "key": new_key()}]
    got = read_servers(raw)
    assert [(g["address"], g["name"]) for g in got] == [("cards.example.org", "Ann"),
                                                         ("host:2", "Bo Bo Bo Bo Bo Bo Bo Bo")]
    assert got[0]["key"] == key
    assert read_servers({"address": "x"}) == [] and read_servers(None) == []
    save_prefs({"name": "Ann", "address": "", "matches": [], "servers": "not a list"})
    assert load_prefs()["servers"] == []
