"""The community lobby as the server judges it (engine.net.lobby through the hall, fake
connections and clock): players and keys, open and private matches, quick match,
ratings after each finished match, what survives a restart, refused requests."""
from __future__ import annotations

import sqlite3

from support.net_helpers import FakeClock, FakeConn, new_hall, play_random, send

from engine.core.harness import starter_pair
from engine.net import protocol as P
from engine.net.lobby import new_key


def who(name, key=None):
    return {"name": name, "key": key or new_key()}


def deck(game, k=0):
    return starter_pair(game, 1)[k].to_json()


def setup(tmp_path):
    clock = FakeClock()
    hall = new_hall(tmp_path / "s.sqlite3", clock)
    return hall, clock


def test_a_name_is_one_players_per_server_and_the_key_is_stored_only_as_a_hash(tmp_path):
    hall, _ = setup(tmp_path)
    a, b = FakeConn("10.0.0.1"), FakeConn("10.0.0.2")
    ann = who("Ann")
    r = send(hall, a, t="lobby", player=ann, id=1)
    assert r[0]["t"] == "lobby" and r[0]["you"]["name"] == "Ann"
    assert r[0]["you"]["ratings"]["everdawn"] == {"rating": 1500, "rd": 350, "games": 0}
    r = send(hall, b, t="lobby", player=who("ann"), id=2)        # another key, the same name
    assert r[0]["t"] == "error" and r[0]["code"] == "name_taken"
    r = send(hall, b, t="lobby", player=dict(ann, name="Annie"), id=3)   # the same key renames
    assert r[0]["t"] == "lobby" and r[0]["you"]["name"] == "Annie"
    db = sqlite3.connect(str(tmp_path / "s.sqlite3"))
    rows = db.execute("SELECT name, key_hash FROM lobby_players").fetchall()
    db.close()
    assert rows == [("Annie", rows[0][1])] and ann["key"] not in rows[0][1] and len(rows[0][1]) == 64


def test_every_field_is_checked_and_a_refusal_changes_nothing(tmp_path):
    hall, _ = setup(tmp_path)
    c = FakeConn()
    good = {"player": who("Ann"), "game": "evons", "pace": "live", "deck": deck("evons"), "open": True}
    bad = [dict(good, player="Ann"), dict(good, player={"name": "Ann", "key": "short"}),
           dict(good, player={"name": "  ", "key": new_key()}), dict(good, player={"name": 5, "key": new_key()}),
           dict(good, game="chess"), dict(good, game=["evons"]), dict(good, pace=["live"]), dict(good, pace="weekly"),
           dict(good, open="yes"), dict(good, deck=[1, 2]), dict(good, deck={"cards": "x"}),
           dict(good, options=[1])]
    for m in bad:
        out = send(hall, c, t="lobby_create", id=9, **m)
        assert [x["t"] for x in out] == ["error"], (m, out)
    assert not hall.tables and not hall.lobby.entries
    for m in ({"match": 5, "deck": deck("evons")}, {"match": "nope", "deck": deck("evons")},
              {"code": "hello", "deck": deck("evons")}, {"deck": deck("evons")},
              {"match": "x", "code": "ABCDE23456", "deck": deck("evons")}):
        out = send(hall, c, t="lobby_join", player=who("Bo"), id=9, **m)
        assert [x["t"] for x in out] == ["error"], (m, out)
    assert not hall.tables


def test_open_matches_are_listed_with_the_hosts_rating_private_ones_are_not(tmp_path):
    hall, _ = setup(tmp_path)
    a, b, w = FakeConn("10.0.0.1"), FakeConn("10.0.0.2"), FakeConn("10.0.0.3")
    ann, bo, cy = who("Ann"), who("Bo"), who("Cy")
    r = send(hall, a, t="lobby_create", id=1, player=ann, game="everdawn", pace="live",
             deck=deck("everdawn"), open=True)
    assert r[0]["t"] == "created" and r[1]["t"] == "state"
    r = send(hall, b, t="lobby_create", id=1, player=bo, game="everdawn", pace="daily",
             deck=deck("everdawn"), open=False)
    private_code, private_match = r[0]["code"], r[0]["match"]
    snap = send(hall, w, t="lobby", id=2, player=cy)[0]
    assert [(x["host"], x["game"], x["pace"], x["rating"], x["yours"]) for x in snap["open"]] == \
        [("Ann", "everdawn", "live", 1500, False)]
    snap_b = send(hall, b, t="lobby", id=3, player=bo)[0]
    assert [(m["match"], m["waiting"], m["private"]) for m in snap_b["mine"]] == [(private_match, True, True)]
    # a live match whose host left is not offered
    hall.disconnect(a)
    hall.now.advance(1.0)
    hall.tick()
    assert w.last("lobby")["open"] == []
    # joining the private match by its code seats Cy (a player of the lobby: the match is rated)
    r = send(hall, w, t="lobby_join", id=5, player=cy, code=P.show_code(private_code), deck=deck("everdawn", 1))
    assert r[0]["t"] == "joined" and r[0]["match"] == private_match
    e = hall.lobby.entries[private_match]
    assert e.seats == [hall.lobby.by_name["bo"], hall.lobby.by_name["cy"]] and not e.open


def test_quick_match_pairs_the_same_game_and_pace_and_the_match_is_rated(tmp_path):
    hall, clock = setup(tmp_path)
    conns = {n: FakeConn(f"10.0.0.{i}") for i, n in enumerate(("Ann", "Bo", "Cy", "Di"), 1)}
    ids = {n: who(n) for n in conns}

    def quick(n, game, pace="live"):
        return send(hall, conns[n], t="quick", id=1, player=ids[n], game=game, pace=pace,
                    deck=deck(game, 0 if n in ("Ann", "Cy") else 1))
    assert quick("Ann", "evons")[0]["t"] == "created"
    assert quick("Ann", "evons")[0]["t"] == "error"          # already waiting for that
    assert quick("Bo", "evons", "daily")[0]["t"] == "created"   # another pace: not paired
    assert quick("Cy", "essveil")[0]["t"] == "created"          # another game: not paired
    r = quick("Di", "evons")
    assert r[0]["t"] == "joined"
    mid = r[0]["match"]
    t = hall.tables[mid]
    assert t.names == ["Ann", "Di"]
    # whose move it is, in each player's list
    snap = send(hall, conns["Ann"], t="lobby", id=2, player=ids["Ann"])[0]
    mine = {m["match"]: m for m in snap["mine"]}
    assert mine[mid]["names"] == ["Ann", "Di"] and mine[mid]["your_move"] == (t.match.to_move() == 0)
    play_random(hall, mid, (conns["Ann"], conns["Di"]), seed=5)
    assert t.result is not None
    clock.advance(1.0)
    hall.tick()
    lb = hall.lobby
    ra, rd = lb.rating(lb.by_name["ann"], "evons"), lb.rating(lb.by_name["di"], "evons")
    assert ra.games == rd.games == 1
    w = t.result.winner
    if w is None:
        assert abs(ra.rating - 1500) < 1 and abs(rd.rating - 1500) < 1
    else:
        win, lose = (ra, rd) if w == 0 else (rd, ra)
        assert round(win.rating) == 1662 and round(lose.rating) == 1338
    assert lb.rating(lb.by_name["ann"], "everdawn").games == 0
    hall.tick()                                 # rated once
    assert lb.rating(lb.by_name["ann"], "evons").games == 1
    # the watcher was told: its lobby shows the new rating
    pushed = [m for m in conns["Ann"].out if m.get("t") == "lobby"]
    assert pushed[-1]["you"]["ratings"]["evons"]["games"] == 1
    # and the rating survives a restart, as do the players and the open matches
    hall.close()
    hall2 = new_hall(tmp_path / "s.sqlite3", clock)
    lb2 = hall2.lobby
    assert lb2.rating(lb2.by_name["ann"], "evons") == lb.rating(lb.by_name["ann"], "evons")
    c = FakeConn("10.0.0.9")
    r = send(hall2, c, t="lobby", id=3, player=ids["Bo"])
    assert r[0]["you"]["name"] == "Bo"
    assert [m["waiting"] for m in r[0]["mine"]] == [True]
    hall2.close()


def test_a_called_off_match_leaves_the_list_and_is_not_rated(tmp_path):
    hall, _ = setup(tmp_path)
    a, w = FakeConn("10.0.0.1"), FakeConn("10.0.0.2")
    ann = who("Ann")
    r = send(hall, a, t="lobby_create", id=1, player=ann, game="evons", pace="daily", deck=deck("evons"), open=True)
    mid = r[0]["match"]
    watcher = who("Wes")
    assert len(send(hall, w, t="lobby", id=2, player=watcher)[0]["open"]) == 1
    send(hall, a, t="concede", match=mid)
    hall.now.advance(1.0)
    hall.tick()
    assert w.last("lobby")["open"] == []
    r = send(hall, w, t="lobby_join", id=3, player=watcher, match=mid, deck=deck("evons", 1))
    assert r[0]["t"] == "error" and r[0]["code"] == "gone"
    assert send(hall, a, t="lobby", id=4, player=ann)[0]["mine"] == []


def test_nobody_joins_their_own_match(tmp_path):
    hall, _ = setup(tmp_path)
    a, a2 = FakeConn("10.0.0.1"), FakeConn("10.0.0.1")
    ann = who("Ann")
    r = send(hall, a, t="lobby_create", id=1, player=ann, game="evons", pace="live", deck=deck("evons"), open=False)
    r2 = send(hall, a2, t="lobby_join", id=2, player=ann, code=r[0]["code"], deck=deck("evons", 1))
    assert r2[0]["t"] == "error" and not hall.tables[r[0]["match"]].started


def test_a_match_that_ended_just_before_a_stop_is_rated_once_at_the_next_start(db_url):
    """(on SQLite and on PostgreSQL: the lobby's tables live beside the hall's)"""
    clock = FakeClock()
    hall = new_hall(db_url, clock)
    a, b = FakeConn("10.0.0.1"), FakeConn("10.0.0.2")
    ann, bo = who("Ann"), who("Bo")
    r = send(hall, a, t="lobby_create", id=1, player=ann, game="essveil", pace="live", deck=deck("essveil"), open=True)
    mid = r[0]["match"]
    assert send(hall, b, t="lobby_join", id=2, player=bo, match=mid, deck=deck("essveil", 1))[0]["t"] == "joined"
    send(hall, a, t="concede", match=mid)          # over; the server stops before its next tick
    hall.storage.close()
    hall2 = new_hall(db_url, clock)
    lb = hall2.lobby
    ra, rb = lb.rating(lb.by_name["ann"], "essveil"), lb.rating(lb.by_name["bo"], "essveil")
    assert (round(ra.rating), round(rb.rating), ra.games, rb.games) == (1338, 1662, 1, 1)
    hall2.close()
    hall3 = new_hall(db_url, clock)
    assert hall3.lobby.rating(lb.by_name["bo"], "essveil").games == 1     # not twice
    hall3.close()


def test_damaged_lobby_rows_are_set_aside_and_the_server_starts(tmp_path):
    hall, clock = setup(tmp_path)
    a = FakeConn()
    ann, bo = who("Ann"), who("Bo")
    send(hall, a, t="lobby", id=1, player=ann)
    send(hall, a, t="lobby", id=2, player=bo)
    hall.close()
    db = sqlite3.connect(str(tmp_path / "s.sqlite3"))
    pid = db.execute("SELECT id FROM lobby_players WHERE name='Bo'").fetchone()[0]
    db.execute("INSERT INTO lobby_ratings VALUES (?, 'evons', '{not json')", (pid,))
    db.execute("INSERT INTO lobby_ratings VALUES (?, 'essveil', ?)", (pid, '{"rating": "x"}'))
    db.execute("INSERT INTO lobby_players VALUES ('c1', 'Cy', 'cy', 'ff', 0)")            # no key's hash
    db.execute("INSERT INTO lobby_players VALUES ('d1', X'00ff', 'dx', ?, 0)", ("a" * 64,))   # no name
    db.commit()
    db.close()
    said = []
    from engine.net.hall import Hall
    from engine.net.storage import SqliteStorage
    hall2 = Hall(SqliteStorage(str(tmp_path / "s.sqlite3"), synchronous="NORMAL"), now=clock, log=said.append)
    lb = hall2.lobby
    assert sorted(p.name for p in lb.players.values()) == ["Ann", "Bo"]
    assert lb.rating(pid, "evons").rating == 1500 and lb.rating(pid, "essveil").games == 0
    assert any("set aside" in x for x in said) and any("not readable" in x for x in said)
    r = send(hall2, FakeConn(), t="lobby", id=3, player=bo)     # Bo is still Bo, with his key
    assert r[0]["t"] == "lobby" and r[0]["you"]["name"] == "Bo"
    hall2.close()


def test_junk_in_any_field_of_a_lobby_message_is_refused_never_a_server_fault(tmp_path):
    import random
    hall, clock = setup(tmp_path)
    rng = random.Random(7)
    good_deck = deck("evons")
    pool = [None, 0, -1, 2 ** 70, 1.5, float("inf"), True, "", "x" * 500, "evons", "live", "daily", [], {}, [1, "a"],
            {"name": 3}, {"name": "Ann", "key": 7}, {"name": "Ann", "key": "k" * 40}, {"name": ["A"], "key": "k" * 40},
            good_deck, {"cards": None}, "ABCDE-23456", "0" * 64]
    fields = ("player", "game", "pace", "deck", "open", "options", "match", "code")
    c = FakeConn()
    faults = []
    for i in range(600):
        msg = {k: rng.choice(pool) for k in fields if rng.random() < 0.7}
        kind = rng.choice(("lobby", "lobby_create", "lobby_join", "quick"))
        out = send(hall, c, t=kind, id=i, **msg)
        faults += [(kind, msg, m) for m in out if m.get("code") == "server"]
        if c.closed:
            c = FakeConn()
        clock.advance(0.1)
        hall.tick()
    assert faults == []


def test_one_connection_claims_a_few_names_at_most(tmp_path):
    hall, _ = setup(tmp_path)
    c = FakeConn()
    ids = [who(f"Squat{i}") for i in range(5)]
    replies = [send(hall, c, t="lobby", id=i, player=p)[0] for i, p in enumerate(ids)]
    assert [r["t"] for r in replies] == ["lobby", "lobby", "lobby", "error", "error"]
    assert sorted(p.name for p in hall.lobby.players.values()) == ["Squat0", "Squat1", "Squat2"]
    r = send(hall, c, t="lobby", id=9, player=dict(ids[0], name="Renamed"))[0]   # not a new player: fine
    assert r["t"] == "lobby" and r["you"]["name"] == "Renamed"


def _rated(hall, conns, ids, ratings, game="evons"):
    """Each player known to the lobby with the given rating for ``game``."""
    from engine.net.rating import Rating
    lb = hall.lobby
    for n, r in ratings.items():
        assert send(hall, conns[n], t="lobby", id=1, player=ids[n])[0]["t"] == "lobby"
        lb.ratings[(lb.by_name[n.casefold()], game)] = Rating(rating=float(r), rd=60.0, games=20)


def test_quick_match_pairs_the_closest_rating_its_hosts_wait_allows(tmp_path):
    from engine.net.lobby import QUICK_GAP
    hall, clock = setup(tmp_path)
    names = ("Ann", "Bo", "Cy", "Di")
    conns = {n: FakeConn(f"10.0.0.{i}") for i, n in enumerate(names, 1)}
    ids = {n: who(n) for n in names}
    _rated(hall, conns, ids, {"Ann": 1500, "Bo": 1900, "Cy": 1560, "Di": 1480})

    def quick(n):
        return send(hall, conns[n], t="quick", id=1, player=ids[n], game="evons", pace="live",
                    deck=deck("evons", 0 if n in ("Ann", "Cy") else 1))[0]
    assert quick("Bo")["t"] == "created"               # 1900 waits first
    clock.advance(5)
    assert quick("Ann")["t"] == "created"              # 400 apart, Bo has waited 5 s: not yet
    clock.advance(5)
    # Cy (1560) could have either: Ann is 60 away (within QUICK_GAP at once), Bo 340 away
    assert QUICK_GAP >= 60
    r = quick("Cy")
    assert r["t"] == "joined" and hall.tables[r["match"]].names == ["Ann", "Cy"]
    assert quick("Di")["t"] == "created"               # 420 from Bo after 10 s: waits too


def test_two_quick_matches_waiting_apart_are_paired_once_the_gap_has_widened(tmp_path):
    from engine.net.lobby import QUICK_GAP, QUICK_WIDEN
    hall, clock = setup(tmp_path)
    conns = {n: FakeConn(f"10.0.0.{i}") for i, n in enumerate(("Ann", "Bo"), 1)}
    ids = {n: who(n) for n in conns}
    _rated(hall, conns, ids, {"Ann": 1400, "Bo": 1800})
    a = send(hall, conns["Ann"], t="quick", id=1, player=ids["Ann"], game="evons", pace="live",
             deck=deck("evons", 0))[0]
    clock.advance(1)
    b = send(hall, conns["Bo"], t="quick", id=1, player=ids["Bo"], game="evons", pace="live",
             deck=deck("evons", 1))[0]
    assert a["t"] == b["t"] == "created"
    need = (400 - QUICK_GAP) / QUICK_WIDEN               # seconds Ann must wait for a 400-point gap
    clock.advance(need - 3)
    conns["Bo"].take()
    hall.tick()
    assert not hall.tables[a["match"]].started and not [m for m in conns["Bo"].out if m["t"] == "joined"]
    clock.advance(4)
    hall.tick()
    got = conns["Bo"].take()
    joined = [m for m in got if m["t"] == "joined"]
    assert joined and joined[0]["match"] == a["match"] and joined[0]["moved_from"] == b["match"]
    assert joined[0]["seat"] == 1
    t = hall.tables[a["match"]]
    assert t.started and t.names == ["Ann", "Bo"]
    assert any(m["t"] == "state" and m["match"] == a["match"] and m["seat"] == 1 for m in got)
    assert hall.tables[b["match"]].result is not None                       # Bo's own: called off
    assert not any(m.get("match") == b["match"] and m["t"] == "end" for m in got)
    # Bo plays from the new seat with the token it was given
    assert conns["Bo"].attached == {a["match"]: 1}
    lob = send(hall, conns["Ann"], t="lobby", id=2, player=ids["Ann"])[0]
    assert all(m["match"] != b["match"] for m in lob["open"])
    play_random(hall, a["match"], (conns["Ann"], conns["Bo"]), seed=3, n=4)


def test_a_quick_match_waiting_without_its_player_is_not_paired(tmp_path):
    hall, clock = setup(tmp_path)
    conns = {n: FakeConn(f"10.0.0.{i}") for i, n in enumerate(("Ann", "Bo"), 1)}
    ids = {n: who(n) for n in conns}
    _rated(hall, conns, ids, {"Ann": 1400, "Bo": 1800}, "essveil")
    a = send(hall, conns["Ann"], t="quick", id=1, player=ids["Ann"], game="essveil", pace="daily",
             deck=deck("essveil", 0))[0]
    b = send(hall, conns["Bo"], t="quick", id=1, player=ids["Bo"], game="essveil", pace="daily",
             deck=deck("essveil", 1))[0]
    hall.disconnect(conns["Bo"])
    clock.advance(600)
    hall.tick()
    assert not hall.tables[a["match"]].started and hall.tables[b["match"]].result is None


def test_the_apps_session_follows_its_player_into_the_paired_match(tmp_path):
    """The session that waited in the called-off match sits at the new one, as seat 2,
    and moves there (the messages of the old one no longer concern it)."""
    import queue
    from types import SimpleNamespace

    from engine.net.client import RemoteSession
    from engine.net.lobby import QUICK_GAP, QUICK_WIDEN
    hall, clock = setup(tmp_path)
    conns = {n: FakeConn(f"10.0.0.{i}") for i, n in enumerate(("Ann", "Bo"), 1)}
    ids = {n: who(n) for n in conns}
    _rated(hall, conns, ids, {"Ann": 1400, "Bo": 1800})
    a = send(hall, conns["Ann"], t="quick", id=1, player=ids["Ann"], game="evons", pace="live",
             deck=deck("evons", 0))[0]
    clock.advance(1)                     # Bo comes second: Bo is the one who moves
    got = send(hall, conns["Bo"], t="quick", id=1, player=ids["Bo"], game="evons", pace="live",
               deck=deck("evons", 1))
    b = got[0]
    sent = []
    link = SimpleNamespace(on_connect=None, connected=True, inbox=queue.Queue(), send=sent.append)
    st = [m for m in got if m["t"] == "state"][0]
    s = RemoteSession(link, match=b["match"], token=b["token"], seat=0, state=st)
    assert s.waiting
    conns["Bo"].take()
    clock.advance((400 - QUICK_GAP) / QUICK_WIDEN + 1)
    hall.tick()
    for m in conns["Bo"].take():
        s.handle(m)
    assert s.match_id == a["match"] and s.seat == 1 and s.moved_from == b["match"]
    assert not s.waiting and s.match is not None and s.names[0] == "Ann"
    assert s.record.meta["names"] == ["Ann", "You"]
    # a reconnection resumes the new seat
    first = s._on_connect()
    assert first[1]["match"] == a["match"] and hall.tables[a["match"]].seat_of_token(first[1]["token"]) == 1
