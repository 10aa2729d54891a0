"""Bad input gets a clear error and nothing else: a protocol fuzzer throws
random and malformed messages at a hall with a match of each game in progress
and checks every match unchanged; over TCP, oversized lines, floods and
guessed join codes close only the offending connection."""
from __future__ import annotations

import asyncio
import json
import random

from engine.net import protocol as P
from engine.net.client import AsyncClient
from engine.net.server import ServerThread

from support.net_helpers import GAMES, FakeConn, new_hall, open_pair, play_random, send


def _junk(rng: random.Random, mids, tokens, codes):
    """One hostile or broken message (bytes)."""
    k = rng.randrange(14)
    mid = rng.choice(mids + ["0" * 16, "", "x" * 300])
    if k == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    if k == 1:
        return b"{" * rng.randrange(1, 5000)
    if k == 2:
        return P.encode(rng.choice([None, 1, "x", [], [1, 2], True, 1.5]))
    if k == 3:
        return P.encode({"t": "act", "match": mid, "action": [0]})             # no version
    if k == 4:
        return P.encode({"v": 99, "t": "act", "match": mid, "action": [0]})
    if k == 5:
        return P.encode({"v": 1, "t": rng.choice(["", "drop", "act ", "ACT", "__init__", 5])})
    if k == 6:
        act = rng.choice([[], [0] * 100, ["a"], [1.5], [2 ** 40], None, "0", {"a": 1}, [True],
                          [rng.randrange(-5, 60) for _ in range(rng.randrange(1, 4))]])
        return P.encode({"v": 1, "t": "act", "match": mid, "action": act, "index": rng.randrange(-2, 50)})
    if k == 7:
        return P.encode({"v": 1, "t": "join", "code": rng.choice(codes + [P.new_code(), "", "A" * 10, 7]),
                         "deck": rng.choice([None, {}, {"format": "cardhall-deck"}, []]), "name": "\x00" * 50})
    if k == 8:
        return P.encode({"v": 1, "t": "resume", "match": mid, "token": rng.choice(tokens + [P.new_token(), "", 5]),
                         "have": rng.choice([0, -1, 10 ** 9, "x", None])})
    if k == 9:
        return P.encode({"v": 1, "t": rng.choice(["concede", "claim", "leave"]), "match": mid})
    if k == 10:
        return P.encode({"v": 1, "t": "create", "game": rng.choice(list(GAMES) + ["chess", None]),
                         "deck": rng.choice([None, {}, 5]), "pace": rng.choice(["live", "daily", "blitz", 3]),
                         "options": rng.choice([None, {"x": 1}, [], {"instant": "yes"}])})
    if k == 11:
        return P.encode({"v": 1, "t": "list", "matches": rng.choice([None, [], [{"match": m, "token": "t"}
                                                                             for m in mids], "x", [1] * 60])})
    if k == 12:
        return P.encode({"v": 1, "t": "act", "id": rng.choice([{"a": 1}, [1], 2 ** 70, "x" * 100]),
                         "match": mid, "action": [0]})
    return json.dumps({"v": 1, "t": "ping", "deep": [[[[[[]]]]]] * 50}).encode() + b"\n"


def _is_a_real_move(hall, conn, data) -> bool:
    """True if ``data`` happens to be a legal move of the seat ``conn`` plays (then it may change the match)."""
    try:
        m = json.loads(data)
    except ValueError:
        return False
    if not isinstance(m, dict) or m.get("t") != "act" or m.get("v") != 1:
        return False
    t = hall.tables.get(m.get("match")) if isinstance(m.get("match"), str) else None
    if t is None or t.match is None or conn.attached.get(t.id) != t.match.to_move():
        return False
    idx = m.get("index")
    if idx is not None and idx != len(t.actions):
        return False
    a = m.get("action")
    try:
        return isinstance(a, list) and all(type(x) is int for x in a) and t.match.why_illegal(tuple(a)) is None
    except Exception:  # noqa: BLE001 - a fuzzed message that breaks the check counts as refused
        return False


def test_fuzzed_messages_change_no_match_and_the_hall_keeps_serving(db_url):
    hall = new_hall(db_url)
    rng = random.Random(7)
    tables, all_tokens, players = [], [], {}
    for i, g in enumerate(GAMES):
        mid, a, b, tokens = open_pair(hall, g, seed=i + 1)
        play_random(hall, mid, (a, b), seed=i, n=6)
        tables.append(mid)
        all_tokens += list(tokens)
        players[mid] = (a, b)
    # one waiting match whose code the fuzzer does not know
    host = FakeConn()
    from engine.core.harness import starter_pair
    waiting = send(hall, host, t="create", game="evons", deck=starter_pair("evons", 1)[0].to_json())[0]
    snapshot = {mid: (hall.tables[mid].match.to_json(), len(hall.tables[mid].actions)) for mid in tables}
    codes = ["ZZZZZZZZZZ", P.new_code()]
    errors = 0
    for i in range(1500):
        # strangers, and the players themselves sending garbage (out of turn, illegal, other match)
        conn = rng.choice([FakeConn(f"10.1.{i % 7}.{i % 5}")] + [c for pair in players.values() for c in pair])
        was_closed = conn.closed
        conn.closed = False
        data = _junk(rng, tables, all_tokens, codes)
        if _is_a_real_move(hall, conn, data):
            data = P.encode({"v": 1, "t": "ping"})   # a legal move by its own player is not an attack
        n = len(conn.out)
        hall.handle(conn, data)
        replies = conn.out[n:]
        assert all(isinstance(m, dict) and m.get("v") == P.VERSION for m in replies)
        errors += sum(1 for m in replies if m["t"] == "error")
        for m in replies:
            if m["t"] == "error":
                assert m["code"] and isinstance(m["message"], str) and m["message"]
        conn.closed = was_closed
        for mid in tables:
            t = hall.tables[mid]
            if t.result is None:
                assert (t.match.to_json(), len(t.actions)) == snapshot[mid]
    assert errors > 1000
    # every match that was not conceded by a player's own (fuzzed) concede message is untouched
    # and the hall still serves: the waiting match can still be joined, the others finished
    for mid in tables:
        t = hall.tables[mid]
        if t.result is None:
            for c in players[mid]:
                c.closed = False
            play_random(hall, mid, players[mid], seed=3)
            assert t.result is not None
    j = send(hall, FakeConn("10.200.0.1"), t="join", code=waiting["code"], deck=starter_pair("evons", 2)[1].to_json())
    assert j[0]["t"] == "joined"


def test_out_of_turn_other_match_and_another_seat_are_refused(tmp_path):
    hall = new_hall(tmp_path / "s.db")
    mid, a, b, tokens = open_pair(hall, "everdawn")
    mid2, c, d, tokens2 = open_pair(hall, "essveil")
    t = hall.tables[mid]
    p = t.match.to_move()
    legal = list(t.match.legal_actions()[0])
    idle = (a, b)[1 - p]
    out = send(hall, idle, t="act", match=mid, action=legal, index=0)
    assert out[-1]["code"] == "not_your_turn"
    out = send(hall, (a, b)[p], t="act", match=mid2, action=legal, index=0)   # a match it is not in
    assert out[-1]["code"] == "not_in_match"
    out = send(hall, (a, b)[p], t="act", match=mid, action=[7, 999], index=0)
    assert out[-1]["code"] == "illegal" and out[-1]["message"]
    out = send(hall, (a, b)[p], t="act", match=mid, action=legal, index=5)
    assert out[0]["code"] == "stale" and out[1]["t"] == "state"
    # a seat's token does not open the other seat
    e = FakeConn()
    send(hall, e, t="resume", match=mid, token=tokens[1 - p], have=0)
    out = send(hall, e, t="act", match=mid, action=legal, index=0)
    assert out[-1]["code"] == "not_your_turn"
    assert len(t.actions) == 0


def test_guessed_join_codes_close_the_connection(tmp_path):
    hall = new_hall(tmp_path / "s.db")
    from engine.core.harness import starter_pair
    host = FakeConn()
    send(hall, host, t="create", game="essveil", deck=starter_pair("essveil", 1)[0].to_json())
    g = FakeConn("10.9.9.9")
    for i in range(P.BAD_CODES_PER_CONN):
        assert not g.closed
        out = send(hall, g, t="join", code=P.new_code(), deck=starter_pair("essveil", 1)[1].to_json())
        assert out[-1]["code"] == "bad_code"
    assert g.closed
    assert len(P.new_code()) == P.CODE_LEN and len(P.CODE_ALPHABET) ** P.CODE_LEN > 10 ** 14


def test_over_tcp_bad_lines_and_floods_close_one_connection_only(tmp_path, monkeypatch):
    monkeypatch.setattr(P, "FLOOD_RATE", 0.0)   # no refill while the test runs: exactly a burst is allowed
    srv = ServerThread(str(tmp_path / "s.db")).start()

    async def go():
        good = await AsyncClient().connect("127.0.0.1", srv.port)
        big = await AsyncClient().connect("127.0.0.1", srv.port)
        await big.send_raw(b"x" * (P.MAX_LINE + 10) + b"\n")
        m = await big.next(10)
        assert m["t"] == "error" and m["code"] == "too_large"
        assert await big.next(10) is None          # closed
        bad = await AsyncClient().connect("127.0.0.1", srv.port)
        await bad.send_raw(b"not json\n")
        assert (await bad.next(10))["code"] == "not_json"
        r = await bad.request({"t": "ping"})
        assert r["t"] == "pong"                    # still connected after one bad line
        flood = await AsyncClient().connect("127.0.0.1", srv.port)
        await flood.send_raw(P.encode({"v": 1, "t": "ping"}) * (P.FLOOD_BURST + 50))
        got = []
        for _ in range(P.FLOOD_BURST + 60):
            m = await flood.next(10)
            if m is None:
                break
            got.append(m["t"])
        assert got[-1] == "error" and got.count("pong") == P.FLOOD_BURST
        r = await good.request({"t": "ping"})
        assert r["t"] == "pong"
        for c in (good, big, bad, flood):
            await c.close()
    try:
        asyncio.run(asyncio.wait_for(go(), 60))
    finally:
        srv.stop()
