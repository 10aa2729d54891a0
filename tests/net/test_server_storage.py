"""The server's storage on SQLite and on a real PostgreSQL (started by the tests):
matches come back exactly after a restart, a match nobody joined is deleted when it
expires, and a damaged row never stops the server — it is set aside (kept, logged,
listed by ``serve --check``) and every other match is served."""
from __future__ import annotations

import asyncio
import json

import pytest

from engine.core.harness import starter_pair
from engine.net import protocol as P
from engine.net.bench import start_server_process
from engine.net.client import AsyncClient
from engine.net.hall import check_storage
from engine.net.limits import Limits
from engine.net.server import serve_main
from engine.net.storage import StoredMatch, open_storage

from support.net_helpers import GAMES, FakeClock, FakeConn, new_hall, open_pair, play_random, send


def _raw(url: str, sql: str, args=()):
    """Write around the storage, as a broken disk or a hand edit would."""
    st = open_storage(url)
    st._x(sql, args)
    st.close()


def test_the_storage_keeps_everything_a_match_needs(db_url):
    st = open_storage(db_url)
    deck = starter_pair("evons", 1)[0].to_json()
    sm = StoredMatch("m1", "evons", "daily", {}, None, [deck, None], ["Ann", "…"], ["h0", None], "code1",
                     1_700_000_000.125)
    st.create(sm)
    st.start("m1", deck1=deck, name1="Bo", token_hash1="h1", seed=(1 << 62) + 3, clock={"pace": "daily"})
    st.append_action("m1", 0, (1, 2), 0, 1_700_000_001.5, {"pace": "daily", "n": 1}, None)
    st.append_action("m1", 1, (3,), 1, 1_700_000_002.25, {"pace": "daily", "n": 2}, {"winner": 1, "reason": "r"})
    st.heartbeat(1_700_000_003.75)
    st.close()
    st = open_storage(db_url)
    (got,), damaged = st.load_all()
    assert damaged == []
    assert (got.seed, got.names, got.token_hashes, got.code_hash) == ((1 << 62) + 3, ["Ann", "Bo"], ["h0", "h1"], None)
    assert got.decks == [deck, deck] and got.created == 1_700_000_000.125
    assert got.actions == [((1, 2), 0, 1_700_000_001.5), ((3,), 1, 1_700_000_002.25)]
    assert got.clock == {"pace": "daily", "n": 2} and got.result == {"winner": 1, "reason": "r"}
    assert st.last_heartbeat() == 1_700_000_003.75
    # a second action at the same place is refused and changes nothing
    with pytest.raises(Exception):
        st.append_action("m1", 1, (9,), 1, 1.0, {}, None)
    assert st.load_all()[0][0].actions[1][0] == (3,)
    st.close()


def test_a_restarted_hall_resumes_every_match_exactly_on_either_database(db_url):
    clock = FakeClock()
    hall = new_hall(db_url, clock)
    mids = []
    for i, g in enumerate(GAMES):
        mid, a, b, _ = open_pair(hall, g, seed=i + 3)
        play_random(hall, mid, (a, b), seed=i, n=15 + 5 * i)
        clock.advance(7)
        mids.append(mid)
    before = {m: (hall.tables[m].match.to_json(), hall.tables[m].clock.to_json()) for m in mids}
    hall.close()
    again = new_hall(db_url, clock)
    for m in mids:
        t = again.tables[m]
        assert t.match.to_json() == before[m][0]
        assert t.clock.public(clock())["left"] == hall.tables[m].clock.public(clock())["left"]
    again.close()


def test_a_match_nobody_joins_expires_and_is_deleted_from_the_database(db_url):
    clock = FakeClock()
    hall = new_hall(db_url, clock, limits=Limits(waiting_live=600.0))
    host = FakeConn()
    created = send(hall, host, t="create", game="essveil", deck=starter_pair("essveil", 1)[0].to_json())[0]
    mid = created["match"]
    playing, a, b, _ = open_pair(hall, "evons")
    clock.advance(599)
    hall.tick()
    assert mid in hall.tables
    clock.advance(10)
    hall.tick()
    assert mid not in hall.tables
    end = host.last("end")
    assert end["match"] == mid and end["why"] == "expired" and "10 minutes" in end["result"]["reason"]
    # gone from the database too; the started match stays
    hall.close()
    st = open_storage(db_url)
    assert [sm.id for sm in st.load_all()[0]] == [playing]
    st.close()
    # its code no longer joins, and resuming it says so
    hall = new_hall(db_url, clock)
    j = send(hall, FakeConn("10.0.0.9"), t="join", code=created["code"], deck=starter_pair("essveil", 1)[1].to_json())
    assert j[0]["code"] == P.E_BAD_CODE
    r = send(hall, FakeConn("10.0.0.9"), t="resume", match=mid, token=created["token"])
    assert r[0]["code"] == P.E_UNKNOWN_MATCH
    hall.close()


def _damage(db_url):
    """Four matches, three of them damaged in a different way each: ``(good id, its tokens, bad ids)``."""
    hall = new_hall(db_url)
    ids = []
    for i, g in enumerate(("everdawn", "evons", "essveil", "evons")):
        mid, a, b, tokens = open_pair(hall, g, seed=i + 1)
        play_random(hall, mid, (a, b), seed=i, n=8)
        ids.append((mid, tokens))
    hall.close()
    (good, tokens), (bad_opts, _), (bad_action, _), (bad_replay, _) = ids
    _raw(db_url, "UPDATE matches SET options=? WHERE id=?", ("{not json", bad_opts))
    _raw(db_url, "UPDATE actions SET action=? WHERE match=? AND idx=3", ("[1, 2", bad_action))
    _raw(db_url, "UPDATE actions SET action=? WHERE match=? AND idx=2", (json.dumps([99, 99, 99]), bad_replay))
    return good, tokens, {bad_opts, bad_action, bad_replay}


def test_damaged_rows_are_set_aside_listed_and_the_rest_served(db_url, capsys):
    good, tokens, bad = _damage(db_url)
    # serve --check reads them all, changes nothing, lists the three
    assert serve_main(["--check", "--db", db_url]) == 1
    out = capsys.readouterr().out
    assert "1 match(es) load; 3 damaged" in out
    assert all(m in out for m in bad)
    logged = []
    hall = new_hall(db_url, log=logged.append)
    assert set(hall.aside) == bad and set(hall.tables) == {good}
    assert sum("set aside" in x for x in logged) >= 3
    # the good match plays on; a damaged one answers with a sentence, not a traceback
    c = FakeConn()
    st = send(hall, c, t="resume", match=good, token=tokens[0])[-1]
    assert st["t"] == "state" and st["index"] == 8
    r = send(hall, FakeConn(), t="resume", match=sorted(bad)[0], token="x")
    assert r[0]["code"] == P.E_DAMAGED and "damaged" in r[0]["message"]
    hall.close()
    # set aside stays set aside (rows untouched), and --check still lists them
    ok, listed = check_storage(open_storage(db_url))
    assert ok == 1 and {d.id for d in listed} == bad and all(d.when is not None for d in listed)


def test_a_real_server_starts_on_damaged_rows_and_serves_the_rest(db_url):
    good, tokens, bad = _damage(db_url)
    proc, port = start_server_process(db_url)
    try:
        async def go():
            c = await AsyncClient().connect("127.0.0.1", port)
            st = await c.request({"t": "resume", "match": good, "token": tokens[1], "have": 8})
            assert st["t"] == "state" and st["index"] == 8 and st["match"] == good
            r = await c.request({"t": "resume", "match": sorted(bad)[1], "token": "x"})
            assert r["code"] == P.E_DAMAGED
            await c.close()
        asyncio.run(asyncio.wait_for(go(), 30))
    finally:
        proc.kill()
        proc.wait(10)


def test_group_commit_sends_nothing_before_its_writes_are_durable(db_url, monkeypatch):
    """The standalone server commits the writes of one turn of its loop together (one sync
    for many actions, on a thread of its own while the loop goes on) and holds every
    message back until then: no update leaves while the action it tells of is not yet
    committed — as another connection to the database sees it."""
    import json
    from engine.net import server as S
    from engine.net.hall import Hall
    from engine.net.bench import open_match, play_out

    seen: dict = {}                         # match -> for each update: told before it was durable?
    real = S.TcpConn.write_now
    other = open_storage(db_url)            # reads only what is committed

    def write_now(self, data):
        if b'"t":"update"' in data:
            for line in data.splitlines():
                m = json.loads(line)
                if m.get("t") == "update":
                    n = other._x("SELECT count(*) FROM actions WHERE match=?", (m["match"],)).fetchone()[0]
                    seen.setdefault(m["match"], []).append(n < m["index"])   # told before it is durable
        real(self, data)
    monkeypatch.setattr(S.TcpConn, "write_now", write_now)

    async def go():
        srv = await S.Server(Hall(open_storage(db_url)), "127.0.0.1", 0, group_commit=True).start()
        try:
            matches = [await open_match("127.0.0.1", srv.port, g, 5 + i) for i, g in enumerate(GAMES * 2)]
            await asyncio.gather(*(play_out(c, s, 9 + i, stop_at=30) for i, (c, s, _) in enumerate(matches)))
            for c, _s, _code in matches:
                for x in c:
                    await x.close()
            # each match's actions (30, or fewer when a random move ended the game)
            return srv.commits, {s[0].match: max(x.index for x in s) for _c, s, _code in matches}
        finally:
            await srv.stop()
    commits, played = asyncio.run(asyncio.wait_for(go(), 120))
    other.close()
    assert len(played) == 6 and sum(played.values()) >= 6 * 20
    for match, n in played.items():
        # both players were told of every action, and never before it was committed
        told = seen.get(match, [])
        assert len(told) == 2 * n and not any(told), (match, n, len(told))
    st = open_storage(db_url)
    stored = st.load_all()[0]
    st.close()
    assert {sm.id: len(sm.actions) for sm in stored if sm.id in played} == played
    assert 0 < commits


def test_finished_matches_leave_memory_and_are_read_again_when_asked_for(db_url):
    clock = FakeClock()
    hall = new_hall(db_url, clock)
    mid, a, b, tokens = open_pair(hall, "essveil", seed=2)
    live, c, d, _ = open_pair(hall, "evons", seed=3)
    send(hall, a, t="concede", match=mid)
    want = hall.tables[mid].result.to_json()
    hall.disconnect(a)
    hall.disconnect(b)
    clock.advance(hall.limits.keep_finished + 10)
    hall.tick()
    assert mid not in hall.tables and live in hall.tables          # over and nobody there: gone from memory
    item = send(hall, FakeConn(), t="list", matches=[{"match": mid, "token": tokens[1]}])[-1]["matches"][0]
    assert item["known"] and item["result"] == want
    st = send(hall, FakeConn(), t="resume", match=mid, token=tokens[0])[-1]
    assert st["t"] == "state" and st["result"] == want and st["record"] is not None
    hall.close()
    # a restarted server reads only the matches not over; the finished one still answers
    hall = new_hall(db_url, clock)
    assert mid not in hall.tables and live in hall.tables
    assert send(hall, FakeConn(), t="resume", match=mid, token=tokens[1])[-1]["result"] == want
    # made-up ids cost the database at most a few reads a second per connection
    g = FakeConn()
    out = send(hall, g, t="list", matches=[{"match": f"{i:016x}", "token": "x"} for i in range(50)])
    assert not any(m["known"] for m in out[-1]["matches"])
    hall.close()
