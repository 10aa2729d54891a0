"""The online screen's list of matches: who, pace and server on the left, how the match
stands on the right, never run into each other (a realistic name and address ran under
"server not reachable ([Errno 111] Connection refused)"); network failures in words."""
from __future__ import annotations

import errno
import json
import socket

from client.devtools.testing import Driver
from engine.net.client import plain_error


def test_network_failures_read_as_words():
    assert plain_error(ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused")) == "nothing answers there"
    assert plain_error(socket.gaierror(-2, "Name or service not known")) == "that address is not known on this network"
    assert plain_error(TimeoutError()) == "no answer in time"
    assert plain_error(UnicodeError("encoding with 'idna' codec failed")) == "that address is not valid"
    assert plain_error(OSError(errno.EHOSTUNREACH, "No route to host")) == "this computer cannot reach that address"
    assert "Errno" not in plain_error(OSError(errno.EACCES, "Permission denied"))


def test_match_rows_keep_their_two_parts_apart(tmp_path, monkeypatch):
    (tmp_path / "data").mkdir()
    rows = [{"server": "192.168.178.100:40123", "match": f"m{i}", "token": "t", "game": "everdawn", "seat": 0,
             "pace": "live", "names": ["Me", name]} for i, name in enumerate(["Bartholomew Fitzgerald", "W" * 24])]
    rows.append({"server": "x" * 200, "match": "m9", "token": "t", "game": "everdawn", "seat": 1, "pace": "daily",
                 "names": ["M" * 200, "Me"]})
    (tmp_path / "data" / "online.json").write_text(json.dumps({"name": "Me", "matches": rows}), encoding="utf-8")
    d = Driver(tmp_path)
    try:
        sc = d.open("online", game="everdawn")
        sc.summaries = {r["match"]: {"offline": "server not reachable: nothing answers there"} for r in rows}
        import client.scenes.online as online
        import client.ui.theme as ui
        drawn = []
        real = online.draw_text

        def spy(surf, text, pos, size, *a, **kw):
            img = real(surf, text, pos, size, *a, **kw)
            drawn.append((text, img))
            return img
        monkeypatch.setattr(online, "draw_text", spy)
        monkeypatch.setattr(ui, "_TEXT_CACHE", None, raising=False)
        sc.draw(d.app.screen)
        assert len(sc.rows) == 3
        for rr, e, b in sc.rows:
            inside = [r for _, r in drawn if r is not None and rr.contains(r)]
            assert len(inside) == 2, (e["match"], [t for t, _ in drawn])
            left, right = sorted(inside, key=lambda r: r.left)
            assert left.right < right.left and right.right <= b.rect.left, (left, right, b.rect)
    finally:
        d.close()


def test_matches_that_do_not_fit_scroll_and_the_heading_says_so(tmp_path):
    import pygame
    from client.settings import Settings
    (tmp_path / "data").mkdir()
    rows = [{"server": "10.0.0.2:4000", "match": f"m{i}", "token": "t", "game": "everdawn", "seat": 0,
             "pace": "live", "names": ["Me", f"Friend {i}"]} for i in range(3)]
    (tmp_path / "data" / "online.json").write_text(json.dumps({"name": "Me", "matches": rows}), encoding="utf-8")
    st = Settings()
    st.ui_scale, st.animation_speed = 2.0, "instant"
    d = Driver(tmp_path, (1920, 1080), settings=st)
    try:
        sc = d.open("online", game="everdawn")
        # (it said "None yet: host or join one above" with three matches saved)
        assert len(sc.rows) == 1 and sc.rows[0][1]["match"] == "m2"          # the newest first
        assert sc.list_heading() == "Your matches on servers · 1 of 3, the mouse wheel scrolls"
        assert sc.rows[0][0].bottom <= sc.widgets["back"].rect.top
        sc.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
        assert [e["match"] for _, e, _ in sc.rows] == ["m1"] and "2 of 3" in sc.list_heading()
        sc.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5))
        assert [e["match"] for _, e, _ in sc.rows] == ["m0"]
        sc.widgets["open_m0"]                                               # its button is there
    finally:
        d.close()
    d = Driver(tmp_path / "plain")
    try:
        (tmp_path / "plain" / "data").mkdir(parents=True)
        (tmp_path / "plain" / "data" / "online.json").write_text(json.dumps({"name": "Me", "matches": rows}),
                                                                 encoding="utf-8")
        sc = d.open("online", game="everdawn")
        assert len(sc.rows) == 3 and sc.list_heading() == "Your matches on servers"
    finally:
        d.close()


def test_a_finished_match_row_says_why_as_this_screen_names_the_players():
    """The server words a concession with its names, the engine its end with "Player 1":
    the row says "you conceded", "your morale is depleted", "Bo ran out of time…". A result
    of this version carries its reason: the row words it the same way."""
    from client.scenes.online import OnlineScene
    text = OnlineScene.summary_text
    me_first = {"known": True, "seat": 0, "names": ["Ann", "Bo"]}
    assert text({**me_first, "result": {"winner": 1, "reason": "Ann conceded"}}) == "over: you lost — you conceded"
    assert text({**me_first, "result": {"winner": 0, "reason": "Bo ran out of time 3 times"}}) == \
        "over: you won — Bo ran out of time 3 times"
    assert text({**me_first, "result": {"winner": 1, "reason": "Player 1's morale is depleted."}}) == \
        "over: you lost — your morale is depleted"
    from engine.core.match import End, Result
    from engine.everdawn.text import EverdawnEnd
    new = Result(1, EverdawnEnd.MORALE).to_json()
    assert text({**me_first, "result": new}) == "over: you lost — your morale is depleted"
    assert text({**me_first, "result": Result(0, End.TIMEOUT, {"times": 3}).to_json()}) == \
        "over: you won — Bo ran out of time 3 times"
    second = {"known": True, "seat": 1, "names": ["Player", "Player (2)"]}
    assert text({**second, "result": {"winner": 0, "reason": "Player (2) conceded"}}) == \
        "over: you lost — you conceded"
    assert text({**second, "result": {"winner": 1, "reason": "Player 1 has no creatures left in play."}}) == \
        "over: you won — Player has no creatures left in play"


def test_a_damaged_list_of_matches_opens_the_screen_all_the_same(tmp_path):
    """online.json from outside with wrong types in its entries (a seat that is text, names
    that are not two words, a number for a name): the screen opens, the readable entries are
    listed ("vs your friend" where the names were bad), the others left out."""
    (tmp_path / "data").mkdir()
    ok = {"server": "10.0.0.2:4000", "token": "t", "game": "essveil", "pace": "live"}
    rows = [dict(ok, match="a", seat="0", names=["Me", "Bo"]),            # a seat that is text: out
            dict(ok, match="b", seat=1, names={"0": "Me"}),               # names not a list: kept, unnamed
            dict(ok, match="c", seat=0, names=["Me"]),                    # one name: kept, unnamed
            dict(ok, match="d", seat=0, names=["Me", 7]),                 # a number for a name
            dict(ok, match="e", seat=True, names=["Me", "Bo"])]           # True is not a seat
    (tmp_path / "data" / "online.json").write_text(json.dumps({"name": "Me", "matches": rows}), encoding="utf-8")
    d = Driver(tmp_path)
    try:
        sc = d.open("online", game="essveil")
        d.step(3)
        assert sorted(e["match"] for _, e, _ in sc.rows) == ["b", "c", "d"]
        assert all("names" not in e for _, e, _ in sc.rows)
    finally:
        d.close()


def test_a_match_in_its_opening_hands_reads_as_such_not_turn_0():
    """(the list said "your move (turn 0)" while the players kept or redrew their hands)"""
    from client.scenes.online import OnlineScene
    info = {"match": "m", "seat": 0, "names": ["Ann", "Bo"], "waiting": False, "your_move": True,
            "turn": 0, "opening": True, "time_left": 95.0, "result": None}
    words = OnlineScene.summary_text
    assert words(info) == "your move (opening hands) · 1:35 left"
    assert words(dict(info, turn=4, opening=False, your_move=False)) == "their move (turn 4) · 1:35 left"
