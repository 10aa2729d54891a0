"""The online pace, enforced by the server with an injected clock: live turns
(2 minutes + a 5-minute bank, the third timeout forfeits), away claims,
concessions, daily deadlines (24 hours a move, the second miss forfeits), and
clocks that resume exactly after a restart."""
from __future__ import annotations

from engine.core.match import reason_text
import pytest

from support.net_helpers import GAMES, FakeClock, FakeConn, new_hall, open_pair, play_random, send


def _mover(hall, mid):
    return hall.tables[mid].match.to_move()


def _to_turn_of(hall, mid, conns, p, limit=400):
    """Both seats end their parts quickly (their timeout decisions, sent as moves) until it is
    ``p``'s own turn and decision."""
    t = hall.tables[mid]
    for _ in range(limit):
        m = t.match
        if t.result is not None or m.to_move() == p and m.turn_player() == p:
            return
        q = m.to_move()
        out = send(hall, conns[q], t="act", match=mid, action=list(m.timeout_action()), index=len(t.actions))
        assert out[-1]["t"] == "update", out


def test_live_turn_allowance_then_bank_then_a_timeout_ends_the_turn_and_three_forfeit(tmp_path):
    clock = FakeClock()
    hall = new_hall(tmp_path / "s.db", clock)
    mid, a, b, _ = open_pair(hall, "essveil")
    conns = (a, b)
    tb = hall.tables[mid]
    _to_turn_of(hall, mid, conns, tb.match.to_move())
    p = _mover(hall, mid)
    turn = tb.match.turn()
    clock.advance(119)
    hall.tick()
    assert not any(m["t"] == "timeout" for m in a.out + b.out)
    st = send(hall, conns[p], t="ping")  # still playing: the clock shows 1 s of the turn and the full bank
    assert st[0]["t"] == "pong"
    c = tb.clock.public(clock())
    assert c["left"][p] == 1.0 and c["bank"][p] == 300.0
    clock.advance(1 + 299)
    hall.tick()
    assert tb.clock.public(clock())["bank"][p] == 1.0
    clock.advance(1)
    hall.tick()
    t = [m for m in conns[1 - p].out if m["t"] == "timeout"]
    assert len(t) == 1 and t[0]["seat"] == p and t[0]["timeouts"] == 1 and t[0]["ends_turn"]
    assert tb.result is None
    # the timeout ended the turn: the server decided for the player out of time, the opponent is to move
    assert tb.match.turn() == turn + 1 and tb.match.turn_player() == 1 - p == tb.match.to_move()
    made = [m for m in conns[1 - p].out if m["t"] == "update" and m.get("auto")]
    assert made and all(m["actor"] == p for m in made) and tb.actors[-len(made):] == [p] * len(made)
    assert tb.clock.public(clock())["bank"][p] == 0.0
    for k in (2, 3):                   # next turns: 2 minutes and no bank
        _to_turn_of(hall, mid, conns, p)
        clock.advance(119)
        hall.tick()
        assert tb.clock.timeouts[p] == k - 1
        clock.advance(1)
        hall.tick()
        assert tb.clock.timeouts[p] == k
        assert (tb.result is None) == (k < 3)
    assert tb.result.winner == 1 - p and "ran out of time 3 times" in reason_text(tb.result)
    end = conns[1 - p].last("end")
    assert end["result"]["winner"] == 1 - p
    # the match is over: no more moves
    out = send(hall, conns[p], t="act", match=mid, action=[0], index=len(tb.actions))
    assert out[-1]["t"] == "error" and out[-1]["code"] == "over"


@pytest.mark.parametrize("game", GAMES)
def test_a_live_timeout_ends_the_turn_in_every_game_even_across_a_restart(tmp_path, game):
    clock = FakeClock()
    hall = new_hall(tmp_path / "s.db", clock)
    mid, a, b, _ = open_pair(hall, game, seed=4)
    conns = (a, b)
    t = hall.tables[mid]
    play_random(hall, mid, conns, seed=2, n=12)          # somewhere in the match, maybe mid-turn
    if t.result is not None:
        pytest.skip("the random game ended early")
    p = t.match.to_move()
    key = (t.match.turn(), t.match.turn_player())
    clock.advance(120 + 300 + 1)
    hall.tick()
    m = t.match
    assert t.clock.timeouts[p] == 1
    # the seat that ran out does not decide again in that turn: the turn is over for them
    assert (m.turn(), m.turn_player()) != key or m.to_move() != p
    before = len(t.actions)
    hall.close()
    # a restart keeps the timeout's effect: if the turn comes back to them, the server decides
    hall = new_hall(tmp_path / "s.db", clock)
    t = hall.tables[mid]
    assert len(t.actions) == before and t.clock.timeouts[p] == 1
    conns = (FakeConn(), FakeConn())
    for s, c in enumerate(conns):
        c.attached[mid] = s
        t.conns[s].add(c)
    for _ in range(60):
        m = t.match
        if t.result is not None or (m.turn(), m.turn_player()) != key:
            break
        assert m.to_move() != p
        send(hall, conns[m.to_move()], t="act", match=mid, action=list(m.timeout_action()), index=len(t.actions))
    assert t.result is not None or (t.match.turn(), t.match.turn_player()) != key


def test_live_allowance_starts_afresh_each_turn_and_the_bank_lasts(tmp_path):
    clock = FakeClock()
    hall = new_hall(tmp_path / "s.db", clock)
    mid, a, b, _ = open_pair(hall, "essveil", seed=2)
    t = hall.tables[mid]
    p = t.match.to_move()
    turn = t.match.turn()
    clock.advance(150)                 # 2 minutes of the turn + 30 s of the bank
    import random
    rng = random.Random(1)
    while t.match.turn() == turn and t.result is None:
        q = t.match.to_move()
        send(hall, (a, b)[q], t="act", match=mid, action=list(rng.choice(t.match.legal_actions())),
             index=len(t.actions))
    c = t.clock.public(clock())
    assert c["bank"][p] == 270.0          # the bank keeps what the turn spent
    assert c["left"][p] == 120.0 and c["left"][1 - p] == 120.0  # a new turn: the allowance is back


def test_away_two_minutes_lets_the_opponent_claim_the_win(tmp_path):
    clock = FakeClock()
    hall = new_hall(tmp_path / "s.db", clock)
    mid, a, b, _ = open_pair(hall, "everdawn")
    hall.disconnect(b)
    pres = a.last("presence")
    assert pres["seat"] == 1 and pres["connected"] is False
    clock.advance(60)
    out = send(hall, a, t="claim", match=mid)
    assert out[-1]["t"] == "error" and out[-1]["code"] == "not_away"
    assert hall.tables[mid].result is None
    clock.advance(61)
    out = send(hall, a, t="claim", match=mid)
    res = hall.tables[mid].result
    assert res.winner == 0 and "left the table" in reason_text(res)
    assert out[-1]["t"] == "end"


def test_a_player_at_the_table_cannot_be_claimed_against_and_coming_back_resets_away(tmp_path):
    clock = FakeClock()
    hall = new_hall(tmp_path / "s.db", clock)
    mid, a, b, tokens = open_pair(hall, "evons")
    out = send(hall, a, t="claim", match=mid)
    assert out[-1]["code"] == "not_away"
    hall.disconnect(b)
    clock.advance(100)
    from support.net_helpers import FakeConn
    b2 = FakeConn("10.0.0.2")
    send(hall, b2, t="resume", match=mid, token=tokens[1], have=0)
    assert a.last("presence")["connected"] is True
    clock.advance(100)
    out = send(hall, a, t="claim", match=mid)
    assert out[-1]["code"] == "not_away" and hall.tables[mid].result is None


def test_conceding_or_leaving_for_good_is_a_loss(tmp_path):
    hall = new_hall(tmp_path / "s.db", FakeClock())
    mid, a, b, _ = open_pair(hall, "essveil")
    p = _mover(hall, mid)
    other = (a, b)[1 - p]             # concede when it is not even your decision
    send(hall, other, t="leave", match=mid)
    res = hall.tables[mid].result
    assert res.winner == p and "conceded" in reason_text(res)
    assert (a, b)[p].last("end")["result"]["winner"] == p


def test_daily_move_deadline_two_misses_forfeit_and_the_list_shows_time_left(tmp_path):
    clock = FakeClock()
    hall = new_hall(tmp_path / "s.db", clock)
    mid, a, b, tokens = open_pair(hall, "evons", pace="daily")
    p = _mover(hall, mid)
    clock.advance(3600)
    lst = send(hall, a, t="list", matches=[{"match": mid, "token": tokens[0]}, {"match": "nope", "token": "x"}])
    item = lst[0]["matches"][0]
    assert item["pace"] == "daily" and item["to_move"] == p and item["your_move"] == (p == 0)
    assert item["time_left"] == 86400 - 3600
    assert lst[0]["matches"][1]["known"] is False
    clock.advance(86400 - 3600 + 1)
    hall.tick()
    assert hall.tables[mid].clock.timeouts[p] == 1 and hall.tables[mid].result is None
    # moves in time: once the other player must decide, they have a fresh 24 hours
    for _ in range(50):
        if _mover(hall, mid) != p or hall.tables[mid].result is not None:
            break
        play_random(hall, mid, (a, b), seed=4, n=1)
    q = _mover(hall, mid)
    assert q == 1 - p
    clock.advance(86399)
    hall.tick()
    assert hall.tables[mid].result is None and hall.tables[mid].clock.timeouts[q] == 0
    clock.advance(2)
    hall.tick()
    assert hall.tables[mid].clock.timeouts[q] == 1 and hall.tables[mid].result is None
    clock.advance(86400)               # the second missed move forfeits
    hall.tick()
    res = hall.tables[mid].result
    assert res.winner == p and "missed 2 moves" in reason_text(res)
    # a daily match cannot be claimed by absence
    hall2 = new_hall(tmp_path / "t.db", clock)
    mid2, a2, b2, _ = open_pair(hall2, "essveil", pace="daily")
    hall2.disconnect(b2)
    clock.advance(7 * 3600)
    out = send(hall2, a2, t="claim", match=mid2)
    assert out[-1]["code"] == "not_away"


def test_a_restarted_server_resumes_every_match_and_clock_exactly(tmp_path):
    clock = FakeClock()
    hall = new_hall(tmp_path / "s.db", clock)
    mids = []
    for i, g in enumerate(("everdawn", "evons", "essveil")):
        mid, a, b, tokens = open_pair(hall, g, seed=i + 1)
        play_random(hall, mid, (a, b), seed=i, n=12)
        mids.append((mid, tokens))
    clock.advance(40)
    hall.tick()                        # heartbeat: the movers have used 40 s
    before = {mid: (hall.tables[mid].match.to_json(), hall.tables[mid].clock.public(clock()))
              for mid, _ in mids}
    # the process dies here (no close); an hour later it starts again
    clock.advance(3600)
    hall2 = new_hall(tmp_path / "s.db", clock)
    for mid, tokens in mids:
        t = hall2.tables[mid]
        assert t.match.to_json() == before[mid][0]
        c = t.clock.public(clock())
        assert c == before[mid][1]     # the 40 s are charged, the hour of downtime is not
    # and the players carry on
    from support.net_helpers import FakeConn
    mid, tokens = mids[0]
    a, b = FakeConn(), FakeConn()
    send(hall2, a, t="resume", match=mid, token=tokens[0], have=0)
    send(hall2, b, t="resume", match=mid, token=tokens[1], have=12)
    assert [m["t"] for m in a.out].count("update") == 12    # the catch-up of every action
    assert b.out[-1]["t"] == "state" and b.out[-1]["index"] == 12
    play_random(hall2, mid, (a, b), seed=9)
    assert hall2.tables[mid].result is not None
