"""Fair limits (loopback only, every loop bounded): a guesser never locks the right
code out of an address; silent and half-finished connections are closed; a flood of
creates or of resumes is contained and the other players keep playing."""
from __future__ import annotations

import asyncio
import socket
import pytest

from engine.core.harness import starter_pair
from engine.net import protocol as P
from engine.net import server as S
from engine.net.client import AsyncClient
from engine.net.limits import Limits
from engine.net.server import ServerThread

from support.net_helpers import FakeClock, FakeConn, new_hall, open_pair, play_random, send


def _deck(game, i=0):
    return starter_pair(game, 1)[i].to_json()


def test_wrong_codes_from_one_address_never_lock_out_the_right_code(tmp_path):
    hall = new_hall(tmp_path / "s.db")
    host = FakeConn("10.0.0.1")
    code = send(hall, host, t="create", game="evons", deck=_deck("evons"))[0]["code"]
    # 200 wrong codes from one address (a household, a carrier's NAT), on fresh connections
    closed = 0
    for i in range(40):
        g = FakeConn("203.0.113.7")
        for _ in range(5):
            if g.closed:
                break
            out = send(hall, g, t="join", code=P.new_code(), deck=_deck("evons", 1))
            assert out[-1]["code"] == P.E_BAD_CODE
        closed += g.closed
    assert closed == 40
    # past the address's budget a wrong code closes its connection at once ...
    g = FakeConn("203.0.113.7")
    send(hall, g, t="join", code=P.new_code(), deck=_deck("evons", 1))
    assert g.closed
    # ... but the right code from the same address joins at once
    friend = FakeConn("203.0.113.7")
    out = send(hall, friend, t="join", code=code, deck=_deck("evons", 1), name="Bo")
    assert out[0]["t"] == "joined"
    # and a player there resuming their own seat is not refused either
    out = send(hall, FakeConn("203.0.113.7"), t="resume", match=out[0]["match"], token=out[0]["token"])
    assert out[-1]["t"] == "state"


def test_wrong_seat_keys_are_counted_per_match_and_the_right_key_still_opens(tmp_path):
    hall = new_hall(tmp_path / "s.db")
    mid, a, b, tokens = open_pair(hall, "essveil")
    for i in range(30):
        g = FakeConn(f"198.51.100.{i}")
        out = send(hall, g, t="resume", match=mid, token=P.new_token())
        assert out[-1]["code"] == P.E_BAD_TOKEN
        assert g.closed == (i >= hall.limits.bad_tokens_per_match)
    out = send(hall, FakeConn("198.51.100.1"), t="resume", match=mid, token=tokens[1])
    assert out[-1]["t"] == "state" and out[-1]["seat"] == 1
    # an unknown match costs nothing (a match id is no secret): the connection stays open
    g = FakeConn("198.51.100.2")
    for _ in range(10):
        assert send(hall, g, t="resume", match="0" * 16, token="x")[-1]["code"] == P.E_UNKNOWN_MATCH
    assert not g.closed


def test_a_create_flood_is_contained_per_connection_and_per_address(tmp_path):
    clock = FakeClock()
    hall = new_hall(tmp_path / "s.db", clock)
    lim = hall.limits
    one = FakeConn("192.0.2.5")
    made = [send(hall, one, t="create", game="evons", deck=_deck("evons"))[0] for _ in range(20)]
    assert sum(m["t"] == "created" for m in made) == lim.waiting_per_conn
    assert made[-1]["code"] == P.E_QUOTA and "waiting" in made[-1]["message"]
    # ten connections from one address: the address's quota holds
    for i in range(10):
        c = FakeConn("192.0.2.5")
        for _ in range(20):
            send(hall, c, t="create", game="essveil", deck=_deck("essveil"))
    assert len(hall.waiting) == lim.waiting_per_peer
    # another address is not affected
    other = FakeConn("192.0.2.99")
    assert send(hall, other, t="create", game="evons", deck=_deck("evons"))[-1]["t"] == "state"
    # a joined match frees its place in the quota
    first = made[0]
    send(hall, FakeConn("192.0.2.77"), t="join", code=first["code"], deck=_deck("evons", 1))
    assert send(hall, one, t="create", game="evons", deck=_deck("evons"))[-1]["t"] == "state"
    # waiting matches expire: the quota is free again
    clock.advance(lim.waiting_live + 10)
    hall.tick()
    assert len(hall.waiting) == 0


def test_matches_created_per_address_are_counted_over_a_window(tmp_path):
    clock = FakeClock()
    hall = new_hall(tmp_path / "s.db", clock, limits=Limits(creates_per_peer=8, waiting_per_conn=100,
                                                             waiting_per_peer=100, window=600.0))
    c = FakeConn("192.0.2.5")
    for _ in range(8):
        created = send(hall, c, t="create", game="evons", deck=_deck("evons"))[0]
        send(hall, c, t="concede", match=created["match"])     # called off at once: not waiting any more
    assert not hall.waiting
    out = send(hall, c, t="create", game="evons", deck=_deck("evons"))
    assert out[-1]["code"] == P.E_QUOTA and "lately" in out[-1]["message"]
    clock.advance(601)
    assert send(hall, c, t="create", game="evons", deck=_deck("evons"))[0]["t"] == "created"


def test_a_resume_flood_is_paced_per_seat_and_the_other_player_plays_on(tmp_path):
    hall = new_hall(tmp_path / "s.db")
    mid, a, b, tokens = open_pair(hall, "everdawn")
    play_random(hall, mid, (a, b), seed=1, n=30)
    t = hall.tables[mid]
    flood = [FakeConn("192.0.2.66") for _ in range(12)]
    answers = [send(hall, flood[i % 12], t="resume", match=mid, token=tokens[0])[-1] for i in range(120)]
    refused = [m for m in answers if m["t"] == "error"]
    assert all(m["code"] == P.E_FLOOD for m in refused)
    assert len(answers) - len(refused) <= hall.limits.resume_burst + 1
    # the seat is open on at most conns_per_seat connections (the oldest let go)
    assert len(t.conns[0]) <= hall.limits.conns_per_seat
    assert a not in t.conns[0] and a.last("error")["code"] == P.E_ELSEWHERE
    # the other player still plays, and the seat plays on from its newest connection
    before = len(t.actions)
    newest = max(t.conns[0], key=lambda c: c.id)
    play_random(hall, mid, (newest, b), seed=2, n=6)
    assert len(t.actions) == before + 6
    assert b.last("update")["index"] == len(t.actions)


def test_a_pace_of_the_wrong_type_gets_a_clear_error(tmp_path):
    hall = new_hall(tmp_path / "s.db")
    for pace in (["live"], {"x": 1}, 120, None):
        out = send(hall, FakeConn(), t="create", game="evons", deck=_deck("evons"), pace=pace)
        assert out[-1]["code"] == P.E_BAD_MESSAGE and "live" in out[-1]["message"] and "daily" in out[-1]["message"]
    out = send(hall, FakeConn(), t="create", game=["evons"], deck=_deck("evons"))
    assert out[-1]["code"] == P.E_BAD_MESSAGE and "evons" in out[-1]["message"]


def _tcp_server(tmp_path, monkeypatch, **limits):
    monkeypatch.setattr(S, "SWEEP", 0.1)
    return ServerThread(str(tmp_path / "s.db"), limits=Limits(**limits)).start()


@pytest.mark.slow
def test_idle_and_half_message_sockets_are_closed(tmp_path, monkeypatch):
    srv = _tcp_server(tmp_path, monkeypatch, idle_fresh=2.0, idle=3.0, half_message=0.5, conns_per_peer=100)

    async def go():
        loop = asyncio.get_running_loop()
        idle = [socket.create_connection(("127.0.0.1", srv.port)) for _ in range(20)]
        half = [socket.create_connection(("127.0.0.1", srv.port)) for _ in range(20)]
        for s in half:
            s.sendall(b'{"v": 1, "t": "pi')
        # (half a message is closed well before a silent socket: a half socket the server
        # has not read yet, on a loaded machine, is still counted as half, not idle)
        talker = await AsyncClient().connect("127.0.0.1", srv.port)
        for s in idle + half:
            s.settimeout(10)
        # a talking client stays: it pings more often than the idle limit
        for _ in range(8):
            assert (await talker.request({"t": "ping"}))["t"] == "pong"
            await asyncio.sleep(0.3)

        def closed(s):
            got = b""
            while True:
                d = s.recv(4096)
                if not d:
                    return got
                got += d
        for s in idle + half:
            got = await loop.run_in_executor(None, closed, s)
            assert b'"code":"timeout"' in got
            s.close()
        assert srv.server.closed_for["idle"] >= 20 and srv.server.closed_for["half"] >= 20
        assert (await talker.request({"t": "ping"}))["t"] == "pong"
        await talker.close()
    try:
        asyncio.run(asyncio.wait_for(go(), 60))
    finally:
        srv.stop()


@pytest.mark.slow
def test_connections_per_address_are_capped_and_a_frozen_program_goes_away(tmp_path, monkeypatch):
    srv = _tcp_server(tmp_path, monkeypatch, conns_per_peer=5, heartbeat_min=0.2)
    from engine.net.bench import open_match

    async def go():
        clients, states, _ = await open_match("127.0.0.1", srv.port, "evons", 3)
        a, b = clients
        # b promises a ping every 0.2 s, then freezes: it is closed and a sees it away
        assert (await b.request({"t": "hello", "name": "Bo", "heartbeat": 0.2}))["heartbeat"] == 0.2
        presence = None
        for _ in range(50):
            m = await a.next(10)
            if m is not None and m.get("t") == "presence" and m["seat"] == 1 and not m["connected"]:
                presence = m
                break
        assert presence is not None and presence["connected"] is False
        got = []
        for _ in range(20):
            m = await b.next(10)
            if m is None:
                break
            got.append(m)
        assert got and got[-1]["code"] == "timeout"      # told, then closed
        # three more connections are allowed from 127.0.0.1 (a is one of five), the next one is refused
        more = [await AsyncClient().connect("127.0.0.1", srv.port) for _ in range(5)]
        answers = [await c.request({"t": "ping"}, timeout=5) for c in more]
        assert [m["t"] if m else None for m in answers].count("pong") == 4
        refused = [m for m in answers if m is None or m["t"] == "error"]
        assert refused and all(m is None or m["code"] == P.E_BUSY for m in refused)
        assert (await a.request({"t": "ping"}))["t"] == "pong"
        for c in more + [a]:
            await c.close()
    try:
        asyncio.run(asyncio.wait_for(go(), 60))
    finally:
        srv.stop()


def test_a_refusal_read_before_the_client_speaks_is_still_told(monkeypatch):
    """A busy server refuses and closes at once; on a loaded machine the close can come
    before the app sends its first request. The refusal it already read is what the
    player is told, not "the server did not answer"."""
    from engine.net.client import ERROR_WORDS, Link, NetError, _open, request
    link = Link("127.0.0.1", 9)              # never started: no socket, so sending fails
    refusal = {"v": 1, "t": "error", "code": P.E_BUSY, "message": "too many connections"}
    link.inbox.put({"t": "_link", "connected": True})
    link.inbox.put(refusal)
    keep: list = []
    assert request(link, {"t": "ping"}, "open", 5, keep, refusals=(P.E_BUSY,)) is None
    assert refusal in keep
    # the same, through the app's opening of a match
    class ClosedAtOnce(Link):
        def start(self):
            self._up.set()
            self.inbox.put(refusal)
            return self

        def close(self):
            self._stop.set()

    import engine.net.client as C
    monkeypatch.setattr(C, "Link", ClosedAtOnce)
    with pytest.raises(NetError) as e:
        _open("127.0.0.1", 9, None, "Ann", match="0123456789abcdef", token="x" * 32, timeout=5)
    assert str(e.value) == ERROR_WORDS[P.E_BUSY]
