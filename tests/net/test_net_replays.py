"""A finished online match lands in each player's replay library: the server
sends the whole record only with the end, the client checks it and keeps it."""
from __future__ import annotations

import queue
from types import SimpleNamespace

import pytest

from engine.core.match import Result
from engine.core.record import MatchRecord, state_digest
from engine.core.replays import check_record, list_replays, load_replay
from engine.net.client import RemoteSession
from support.net_helpers import GAMES, new_hall, open_pair, play_random, send


def _fake_link():
    return SimpleNamespace(on_connect=None, connected=True, inbox=queue.Queue(), send=lambda m: True)


def _session(hall, mid, conn, seat, token, folder):
    """A client session fed exactly what the hall sent ``conn`` (first its state)."""
    msgs = conn.take()
    st = [m for m in msgs if m.get("t") == "state"][0]
    s = RemoteSession(_fake_link(), match=mid, token=token, seat=seat, state=st, replay_folder=folder)
    for m in msgs[msgs.index(st) + 1:]:
        s.handle(m)
    return s


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_match_is_kept_as_a_replay_by_both_players(tmp_path, game):
    hall = new_hall(tmp_path / "s.sqlite3")
    mid, a, b, tokens = open_pair(hall, game, seed=4)
    play_random(hall, mid, (a, b), seed=9)
    t = hall.tables[mid]
    assert t.result is not None
    for seat, conn in ((0, a), (1, b)):
        msgs = conn.out
        ends = [i for i, m in enumerate(msgs) if m.get("result") is not None]
        assert ends, "no message with the result"
        # nothing hidden before the end: no record (seed, decks) in any earlier message
        assert all("record" not in m for m in msgs[:ends[0]]) and "record" in msgs[ends[0]]
        folder = tmp_path / f"replays{seat}"
        s = _session(hall, mid, conn, seat, tokens[seat], folder)
        assert s.replay_path is not None
        rec = load_replay(s.replay_path)
        chk = check_record(rec)
        assert chk.ok, chk.problems
        assert state_digest(chk.match) == state_digest(t.match)
        assert rec.meta["names"][seat] == "You" and rec.meta["names"][1 - seat] == ("Bo", "Ann")[seat]
        assert rec.meta["human"] == seat and rec.meta["mode"] == "online"
        infos = list_replays(folder)
        assert len(infos) == 1 and infos[0].result == t.result
        # the game-over screen's Review has the real record to work on
        assert isinstance(s.record, MatchRecord) and s.record.seed == t.seed
        # opened again from the list after the end: the same replay, not a second copy
        again = RemoteSession(_fake_link(), match=mid, token=tokens[seat], seat=seat,
                              state=hall.state_msg(t, seat), replay_folder=folder)
        assert again.replay_path == s.replay_path and len(list_replays(folder)) == 1


def test_a_conceded_match_replays_to_the_concession(tmp_path):
    hall = new_hall(tmp_path / "s.sqlite3")
    mid, a, b, tokens = open_pair(hall, "essveil", seed=2)
    play_random(hall, mid, (a, b), seed=3, n=12)
    send(hall, a, t="concede", match=mid)
    t = hall.tables[mid]
    assert t.result is not None and t.result.winner == 1
    s = _session(hall, mid, b, 1, tokens[1], tmp_path / "r")
    rec = load_replay(s.replay_path)
    assert rec.meta.get("ended_by") == "server" and Result.from_json(rec.result) == t.result
    assert check_record(rec).ok and len(rec.actions) == 12


def test_a_record_that_does_not_check_out_is_not_kept(tmp_path):
    hall = new_hall(tmp_path / "s.sqlite3")
    mid, a, b, tokens = open_pair(hall, "evons", seed=5)
    play_random(hall, mid, (a, b), seed=1)
    for m in b.out:
        if m.get("record"):
            m["record"]["result"] = Result(0 if m["result"]["winner"] == 1 else 1, "made up").to_json()
    s = _session(hall, mid, b, 1, tokens[1], tmp_path / "r")
    assert s.replay_path is None and not list_replays(tmp_path / "r")
    assert any("did not check out" in text for text, kind in s.notes)
    # and a record that is not a record at all
    c = _session(hall, mid, a, 0, tokens[0], tmp_path / "r2")
    assert c.replay_path is not None
    bad = RemoteSession(_fake_link(), match=mid, token=tokens[0], seat=0,
                        state={**hall.state_msg(hall.tables[mid], 0), "record": {"format": "x" * 10}},
                        replay_folder=tmp_path / "r3")
    assert bad.replay_path is None and bad.notes


def test_after_a_restart_a_finished_match_still_gives_its_replay(tmp_path):
    db = tmp_path / "s.sqlite3"
    hall = new_hall(db)
    mid, a, b, tokens = open_pair(hall, "everdawn", seed=6)
    play_random(hall, mid, (a, b), seed=2)
    want = hall.tables[mid].result
    digest = state_digest(hall.tables[mid].match)
    hall.close()
    hall2 = new_hall(db)                     # finished matches are not replayed at start-up ...
    t = hall2.tables[mid]
    assert t.result == want and t.started
    s = RemoteSession(_fake_link(), match=mid, token=tokens[0], seat=0, state=hall2.state_msg(t, 0),
                      replay_folder=tmp_path / "r")
    rec = load_replay(s.replay_path)         # ... but reopening one still gives the whole match
    assert Result.from_json(rec.result) == want and state_digest(check_record(rec).match) == digest
    hall2.close()


@pytest.mark.parametrize("game", GAMES)
def test_whoever_makes_the_last_move_keeps_the_replay_too(tmp_path, game):
    """Through a real server on 127.0.0.1: the final move's own answer carries the whole
    match, and the player who made that move keeps it like the other (it once came only
    to the other player, so the winner of a game they finished had no replay)."""
    import random
    import time

    from engine.core.harness import starter_pair
    from engine.net.client import drive, host_match, join_match
    from engine.net.server import ServerThread
    srv = ServerThread(str(tmp_path / "server.sqlite3")).start()
    sessions = []
    try:
        decks = starter_pair(game, 4)
        a = host_match("127.0.0.1", srv.port, game, decks[0], "Ann", replay_folder=tmp_path / "r0")
        sessions.append(a)
        b = join_match("127.0.0.1", srv.port, a.code, decks[1], "Bo", replay_folder=tmp_path / "r1")
        sessions.append(b)
        rng = random.Random(2)
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and not all(s.final is not None and not s.pending for s in sessions):
            if not drive(sessions, rng):
                time.sleep(0.001)
        for _ in range(200):            # the other side's end message (bounded)
            for s in sessions:
                s.poll()
            if all(s.replay_path is not None for s in sessions):
                break
            time.sleep(0.01)
        assert all(s.final is not None for s in sessions)
        for seat, s in enumerate(sessions):
            assert s.replay_path is not None, f"seat {seat} kept no replay"
            rec = load_replay(s.replay_path)
            assert check_record(rec).ok and rec.meta["names"][seat] == "You"
            assert isinstance(s.record, MatchRecord) and len(s.record.actions) == s.received
    finally:
        for s in sessions:
            s.close()
        srv.stop()
