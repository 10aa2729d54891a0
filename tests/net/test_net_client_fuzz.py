"""What a server sends is checked by the client too: a broken, foreign or hostile
server's messages (wrong types, missing fields, positions that do not hold together)
never raise out of the network session the table polls every frame, change nothing
of what it shows, are said in a note once in a while, and make the client ask where
the match stands; a good message afterwards puts it back in step."""
from __future__ import annotations

import json
import queue
import random
from types import SimpleNamespace

import pytest

from engine.core.match import IllegalAction
from engine.net.client import RemoteSession
from support.net_helpers import GAMES, new_hall, open_pair, play_random

JUNK = [None, 1, -1, 10 ** 30, "x", "", [], {}, [1, 2], True, 1.5, {"a": 1}, "\x00" * 9, [[1], ["x"]]]
KEYS = ["t", "view", "events", "index", "result", "clock", "legal", "names", "record", "opponent", "seat",
        "actor", "action", "to_move", "message", "timeouts", "limit", "connected", "away"]


def _link():
    sent = []
    return SimpleNamespace(on_connect=None, connected=True, inbox=queue.Queue(),
                           send=lambda m: sent.append(m) or True, sent=sent)


def _ints(o, out):
    if isinstance(o, list):
        if o and all(isinstance(x, int) and not isinstance(x, bool) for x in o):
            out.append(o)
        for x in o:
            _ints(x, out)
    elif isinstance(o, dict):
        for x in o.values():
            _ints(x, out)


def _mangle(rng, m):
    m = json.loads(json.dumps(m))
    for _ in range(rng.randrange(1, 4)):
        r = rng.random()
        if r < 0.35 and isinstance(m.get("view"), dict):      # a number deep in the position
            ls = []
            _ints(m["view"], ls)
            if ls:
                lst = rng.choice(ls)
                lst[rng.randrange(len(lst))] = rng.choice([-7, -1, 99, 10 ** 6, 2 ** 40])
        elif r < 0.5:
            m.pop(rng.choice(list(m) or ["t"]), None)
        else:
            m[rng.choice(KEYS)] = rng.choice(JUNK + ["state", "update", "end", "presence", "timeout", "error"])
    return m


@pytest.mark.parametrize("game", GAMES)
def test_unreadable_server_messages_change_nothing_and_ask_again(tmp_path, game):
    hall = new_hall(tmp_path / "s.sqlite3")
    mid, a, b, tokens = open_pair(hall, game, seed=4)
    play_random(hall, mid, (a, b), seed=9, n=6)
    msgs = a.take()
    good = [m for m in msgs if m.get("t") == "state"][-1]
    rng = random.Random(7)
    asked = noted = 0
    for i in range(600):
        link = _link()
        s = RemoteSession(link, match=mid, token=tokens[0], seat=0, state=good)
        before = (s.match.to_json(), s.received, s.applied, s.final, list(s.names))
        m = _mangle(rng, rng.choice(msgs))
        s.handle(m)                                     # never raises
        while s.pending:                                # the table shows what was queued
            try:
                s.apply(s.pending[0]["action"])
            except IllegalAction:
                break
        if s.match is not None:
            s.match.legal_actions(), s.match.to_move(), s.clock_now(), s.opponent_away()
        for text, _kind in s.notes:
            assert isinstance(text, str) and "\x00" not in text
        if s.unreadable:
            assert (s.match.to_json(), s.received, s.applied, s.final, list(s.names)) == before
            assert any(x.get("t") == "resume" for x in link.sent)
            asked += 1
            noted += any("cannot read" in t for t, _ in s.notes)
            s.handle(good)                              # a good message: in step again
            assert s.match.to_json() == before[0] and s.received == before[1]
    assert asked > 100 and noted == asked


def test_a_foreign_answer_when_opening_is_a_sentence_not_a_crash(tmp_path):
    """The first answer of something that is not a Cardhall server of this version: the
    join fails with a sentence for the player."""
    import socket
    import threading

    from engine.net.client import NetError, join_match
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)
    port = srv.getsockname()[1]

    def serve():
        c, _ = srv.accept()
        f = c.makefile("rb")
        for _ in range(2):
            line = f.readline()
            if not line:
                break
            msg = json.loads(line)
            if msg.get("t") != "hello":
                c.sendall(json.dumps({"t": "joined", "re": msg.get("id"), "match": 5, "seat": "x"}).encode() + b"\n")
        c.close()
    th = threading.Thread(target=serve, daemon=True)
    th.start()
    from engine.core.harness import starter_pair
    with pytest.raises(NetError) as e:
        join_match("127.0.0.1", port, "K7QXM-2HRTB", starter_pair("essveil", 1)[0], "Ann", timeout=5)
    assert "could not be read" in str(e.value)
    srv.close()
