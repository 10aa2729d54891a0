"""Two network clients find each other through a standalone server's lobby
(``python -m engine serve`` in its own process, on 127.0.0.1) — by quick match and
by a private code — play the match to its end with the app's own sessions, and
see their ratings change in the lobby the server pushes."""
from __future__ import annotations

from support.paths import TESTS
import os
import random
import subprocess
import sys
import time

import pytest

from engine.core.harness import starter_pair
from engine.net.client import NetError, drive
from engine.net.lobby import new_key
from engine.net.lobby_client import LobbyWatch, lobby_create, lobby_join, quick_match

from support.net_helpers import GAMES

ROOT = TESTS.parent


@pytest.fixture
def server(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.Popen([sys.executable, "-m", "engine", "serve", "--port", "0", "--quiet", "--sync", "normal",
                          "--db", str(tmp_path / "community.sqlite3")], cwd=str(ROOT), env=env,
                         stdout=subprocess.PIPE, text=True)
    try:
        line = p.stdout.readline()
        assert line.startswith("listening "), line
        yield ("127.0.0.1", int(line.split()[1]))
    finally:
        p.terminate()
        try:
            p.wait(10)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait(5)


def until(pred, what, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return
        time.sleep(0.02)
    raise AssertionError(f"no {what} within {timeout} s")


def watch_until(w: LobbyWatch, pred, what):
    def ok():
        w.poll()
        return w.lobby is not None and pred(w.lobby)
    until(ok, what)
    return w.lobby


def play_to_end(sessions, seed):
    rng = random.Random(seed)
    for _ in range(20_000):
        if all(s.final is not None and not s.pending for s in sessions):
            return
        if not drive(sessions, rng):
            time.sleep(0.005)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("game", GAMES)
def test_quick_match_pairs_two_players_who_play_a_whole_match_and_are_rated(server, game):
    host, port = server
    decks = starter_pair(game, 2)
    ann, bo = {"name": "Ann", "key": new_key()}, {"name": "Bo", "key": new_key()}
    wa, wb = LobbyWatch(host, port, ann), LobbyWatch(host, port, bo)
    sessions = []
    try:
        watch_until(wb, lambda lb: lb["name"] == "Bo" and lb["open"] == [], "empty lobby")
        sa = quick_match(host, port, ann, game, decks[0], "live")
        sessions.append(sa)
        assert sa.waiting and sa.seat == 0
        # Bo's lobby is pushed Ann's waiting match, with her name and rating
        lb = watch_until(wb, lambda lb: lb["open"], "Ann's match in Bo's lobby")
        assert [(x["host"], x["game"], x["pace"], x["rating"]) for x in lb["open"]] == [("Ann", game, "live", 1500)]
        # a quick match of another pace does not pair with it
        sc = quick_match(host, port, {"name": "Cy", "key": new_key()}, game, decks[0], "daily")
        sessions.append(sc)
        assert sc.waiting
        sb = quick_match(host, port, bo, game, decks[1], "live")
        sessions.append(sb)
        assert not sb.waiting and sb.seat == 1 and sb.match_id == sa.match_id
        until(lambda: (sa.poll(), not sa.waiting)[1], "Ann seated with Bo")
        assert sa.names == ["Ann", "Bo"] and sb.names == ["Ann", "Bo"]
        # whose move it is, in Ann's list of her matches here
        lb = watch_until(wa, lambda lb: any(not m["waiting"] for m in lb["mine"]), "Ann's match under way")
        m = next(m for m in lb["mine"] if m["match"] == sa.match_id)
        assert m["names"] == ["Ann", "Bo"] and m["your_move"] == (sa.match.to_move() == 0)
        play_to_end([sa, sb], seed=11)
        assert sa.final == sb.final and sa.final is not None
        w = sa.final.winner
        la = watch_until(wa, lambda lb: lb["ratings"][game]["games"] == 1, "Ann's new rating")
        lb = watch_until(wb, lambda lb: lb["ratings"][game]["games"] == 1, "Bo's new rating")
        ra, rb = la["ratings"][game]["rating"], lb["ratings"][game]["rating"]
        assert (ra, rb) == ((1662, 1338) if w == 0 else (1338, 1662) if w == 1 else (1500, 1500))
        other = "evons" if game == "everdawn" else "everdawn"
        assert la["ratings"][other]["games"] == 0     # per game
    finally:
        for s in sessions:
            s.close()
        wa.close()
        wb.close()


def test_a_private_match_is_found_by_its_code_only(server):
    host, port = server
    game = "essveil"
    decks = starter_pair(game, 3)
    ann, bo = {"name": "Ann", "key": new_key()}, {"name": "Bo", "key": new_key()}
    wb = LobbyWatch(host, port, bo)
    sessions = []
    try:
        sa = lobby_create(host, port, ann, game, decks[0], "live", open_=False)
        sessions.append(sa)
        assert sa.waiting and sa.code
        lb = watch_until(wb, lambda lb: True, "Bo's lobby")
        time.sleep(0.6)           # a push would have come by now
        wb.poll()
        assert wb.lobby["open"] == [] and lb["open"] == []
        with pytest.raises(NetError, match="No match is waiting"):
            lobby_join(host, port, bo, decks[1], code="ABCDE-FGHJK")
        with pytest.raises(NetError, match="Another player is called Ann"):
            lobby_join(host, port, {"name": "ann", "key": new_key()}, decks[1], code=sa.code)
        sb = lobby_join(host, port, bo, decks[1], code=sa.code.lower())
        sessions.append(sb)
        assert sb.match_id == sa.match_id and not sb.waiting
        until(lambda: (sa.poll(), not sa.waiting)[1], "Ann seated with Bo")
        play_to_end([sa, sb], seed=4)
        assert sa.final == sb.final
        lb = watch_until(wb, lambda lb: lb["ratings"][game]["games"] == 1, "Bo's new rating")
        assert [m["private"] for m in lb["mine"]] == [True] and lb["mine"][0]["result"] == sb.final
    finally:
        for s in sessions:
            s.close()
        wb.close()


def test_the_app_reads_a_lobby_field_by_field():
    from engine.net.lobby_client import read_lobby
    good = {"t": "lobby", "you": {"name": "Ann", "ratings": {"evons": {"rating": 1612.4, "rd": 80, "games": 3}}},
            "open": [{"match": "ab12", "game": "evons", "pace": "live", "host": "Bo\u202e\n", "rating": 1490,
                      "games": 2, "yours": False}],
            "mine": [{"match": "cd34", "game": "essveil", "pace": "daily", "seat": 1, "names": ["Cy", "Ann"],
                      "ratings": [1500, None], "waiting": False, "private": True, "to_move": 1, "your_move": True,
                      "turn": 4, "time_left": 3600.0, "result": None}]}
    lb = read_lobby(good)
    assert lb["ratings"]["evons"] == {"rating": 1612, "rd": 80, "games": 3}
    assert lb["ratings"]["everdawn"]["rating"] == 1500          # a game it did not mention: a newcomer's
    assert lb["open"][0]["host"] == "Bo" and lb["mine"][0]["your_move"]
    import copy
    breakages = [("you", None), ("open", "x"), ("mine", {}), ("open", [{"match": "../x", "game": "evons"}]),
                 ("open", [dict(good["open"][0], game="chess")]), ("open", [dict(good["open"][0], pace=1)]),
                 ("open", [dict(good["open"][0], rating="high")]),
                 ("open", [dict(good["open"][0], rating=float("nan"))]),
                 ("mine", [dict(good["mine"][0], seat=2)]), ("mine", [dict(good["mine"][0], names=["a"])]),
                 ("mine", [dict(good["mine"][0], result={"winner": 5, "reason": "x"})]),
                 ("mine", [dict(good["mine"][0], time_left=-4)]), ("open", [good["open"][0]] * 500)]
    for key, value in breakages:
        bad = copy.deepcopy(good)
        bad[key] = value
        with pytest.raises((KeyError, TypeError, ValueError, AttributeError)):
            read_lobby(bad)
