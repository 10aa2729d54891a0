"""Sitting down again at an online match in a new program: the server sends what this seat's
log told of the last actions (the events filtered for the seat, exactly as its updates had
them), bounded in count and size, never on a reconnection of a running program; the
opponent's hidden cards stay hidden in it."""
from __future__ import annotations

import pytest

from engine.core.harness import starter_pair
from engine.games import get_game
from engine.net import protocol as P
from engine.net.client import _history
from engine.net.hall import HISTORY_BYTES, HISTORY_MAX

from support.net_helpers import GAMES, FakeConn, new_hall, open_pair, play_random, send


@pytest.mark.parametrize("game", GAMES)
def test_a_new_program_sitting_down_again_is_told_the_last_actions_as_its_log_told_them(tmp_path, game):
    hall = new_hall(tmp_path / "s.sqlite3")
    mid, a, b, tokens = open_pair(hall, game, seed=4)
    n = play_random(hall, mid, (a, b), seed=9, n=30)
    t = hall.tables[mid]
    for seat in (0, 1):
        told = [m for m in (a, b)[seat].out if m.get("t") == "update"]
        c = FakeConn()
        out = send(hall, c, t="resume", match=mid, token=tokens[seat], have=None)
        st = out[-1]
        assert st["t"] == "state" and st["history_from"] == 0 and len(st["history"]) == n == len(t.actions)
        for h, upd in zip(st["history"], told):        # as the live updates told it
            assert h["actor"] == upd["actor"] and h["events"] == upd["events"]
        hist, start = _history(st)
        assert start == 0 and [x[0] for x in hist] == [u["actor"] for u in told]
        # a reconnection of a running program (it says how far it got) gets updates, not history
        c2 = FakeConn()
        out = send(hall, c2, t="resume", match=mid, token=tokens[seat], have=n)
        assert "history" not in out[-1]
    assert len(P.encode(st)) < P.MAX_LINE


def test_the_history_is_the_last_actions_only_and_hides_the_opponents_cards(tmp_path):
    game = "everdawn"
    hall = new_hall(tmp_path / "s.sqlite3")
    mid, a, b, tokens = open_pair(hall, game, seed=2, pace="daily")   # no clock: a loaded machine ends nothing early
    play_random(hall, mid, (a, b), seed=5)                # to the end
    t = hall.tables[mid]
    assert len(t.actions) > HISTORY_MAX
    st = send(hall, FakeConn(), t="resume", match=mid, token=tokens[1], have=None)[-1]
    hist = st["history"]
    assert 0 < len(hist) <= HISTORY_MAX and st["history_from"] == len(t.actions) - len(hist)
    assert sum(len(P.encode(h)) for h in hist) <= HISTORY_BYTES
    # the same events seat 1 was told: replayed and filtered here
    cls = get_game(game).match_class
    m = cls.new(starter_pair(game, 2), t.seed, dict(t.options))
    want = [P.events_for(cls, m.apply(x, check=False), 1) for x in t.actions]
    assert [h["events"] for h in hist] == [[list(e) for e in w] for w in want[st["history_from"]:]]
    for h in hist:
        for e in h["events"]:
            if e[0] == "tutor":
                assert e[1] == 1 or e[2] == -1


def test_a_history_that_cannot_be_read_is_no_history():
    good = {"history": [{"actor": 0, "turn": 1, "events": [["turn", 1, 0]]}], "history_from": 0}
    assert _history(good) == ([(0, 1, [("turn", 1, 0)])], 0)
    for bad in ({"history": "x", "history_from": 0}, {"history": [{"actor": 3, "turn": 1, "events": []}],
                                                      "history_from": 0},
                {"history": [{"actor": 0, "turn": 1, "events": [[1, 2]]}], "history_from": 0},
                {"history": [], "history_from": -1}, {}):
        assert _history(bad) == ([], 0)
    h, _ = _history({"history": [{"actor": 1, "turn": 2, "events": [["cast", 1, "x\x00y" * 100]]}],
                     "history_from": 3})
    assert "\x00" not in h[0][2][0][2] and len(h[0][2][0][2]) <= 200
