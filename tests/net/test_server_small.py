"""Small things a player notices on the server side: the opening hands are not
"turn 0", and a frozen program is not shown at the table forever."""
from __future__ import annotations

from support.net_helpers import FakeClock, new_hall, open_pair, send


def test_the_opening_hands_are_said_as_such_not_turn_0(tmp_path):
    hall = new_hall(tmp_path / "s.db")
    mid, a, b, tokens = open_pair(hall, "evons")
    t = hall.tables[mid]
    assert t.match.turn() == 0                        # Evons opens with keep-or-redraw
    st = send(hall, a, t="resume", match=mid, token=tokens[0])[-1]
    assert st["opening"] is True and st["turn"] == 0
    item = send(hall, a, t="list", matches=[{"match": mid, "token": tokens[0]}])[-1]["matches"][0]
    assert item["opening"] is True
    for _ in range(10):
        if t.match.turn() > 0:
            break
        p = t.match.to_move()
        send(hall, (a, b)[p], t="act", match=mid, action=list(t.match.timeout_action()), index=len(t.actions))
    item = send(hall, a, t="list", matches=[{"match": mid, "token": tokens[0]}])[-1]["matches"][0]
    assert item["opening"] is False and item["turn"] == 1


def test_a_program_gone_silent_is_away_since_it_was_last_heard(tmp_path):
    clock = FakeClock()
    hall = new_hall(tmp_path / "s.db", clock)
    mid, a, b, _ = open_pair(hall, "essveil")
    t = hall.tables[mid]
    heard = clock()
    clock.advance(70)
    hall.disconnect(b, since=heard)           # the server closed it for missing its heartbeats
    pres = a.last("presence")
    assert pres["seat"] == 1 and pres["connected"] is False and pres["away"] == 70.0
    clock.advance(50)                          # 2 minutes since it was last heard: the claim is open
    out = send(hall, a, t="claim", match=mid)
    assert t.result is not None and t.result.winner == 0, out


def test_leaving_the_table_for_the_menu_is_not_a_lost_connection(tmp_path):
    clock = FakeClock()
    hall = new_hall(tmp_path / "s.db", clock)
    mid, a, b, tokens = open_pair(hall, "evons", pace="daily")
    out = send(hall, b, t="detach", match=mid)
    assert out[-1]["t"] == "detached"
    pres = a.last("presence")
    assert pres["seat"] == 1 and pres["connected"] is False and pres["why"] == "left"
    assert mid not in b.attached                      # b gets nothing more of that match
    # coming back, then losing the connection, reads differently
    send(hall, b, t="resume", match=mid, token=tokens[1])
    assert a.last("presence")["connected"] is True and a.last("presence")["why"] is None
    hall.disconnect(b)
    assert a.last("presence")["why"] == "lost"
    # the match went on all along: still in play, nobody conceded
    assert hall.tables[mid].result is None
