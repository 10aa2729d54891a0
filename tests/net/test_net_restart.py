"""The server is killed with SIGKILL mid-match (a real subprocess on
127.0.0.1) and started again: both players' sessions reconnect by themselves
and finish the match, which is exactly the engine's game of the stored actions."""
from __future__ import annotations

import json
import random
import socket
import sqlite3
import time

from engine.core.harness import starter_pair
from engine.core.record import MatchRecord
from engine.net.bench import start_server_process
from engine.net.client import drive, host_match, join_match


def _free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def _run_until(sessions, rng, cond, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        if not drive(sessions, rng):
            time.sleep(0.01)
    return cond()


def test_sigkill_mid_match_then_restart_both_reconnect_and_finish(tmp_path):
    db = str(tmp_path / "server.sqlite3")
    port = _free_port()
    game = "essveil"
    decks = starter_pair(game, 2)
    proc, _ = start_server_process(db, port=port)
    sessions = []
    try:
        host = host_match("127.0.0.1", port, game, decks[0], "Ann")
        assert host.waiting and host.code
        guest = join_match("127.0.0.1", port, host.code, decks[1], "Bo")
        sessions = [host, guest]
        rng = random.Random(5)
        assert _run_until(sessions, rng, lambda: not host.waiting, 10)
        assert _run_until(sessions, rng, lambda: host.applied >= 25 and guest.applied >= 25, 60)
        proc.kill()                                         # SIGKILL: no goodbye, no flush
        proc.wait(10)
        assert _run_until(sessions, rng, lambda: not host.connected and not guest.connected, 10)
        at_kill = (host.received, guest.received)
        proc, _ = start_server_process(db, port=port)
        assert _run_until(sessions, rng, lambda: host.connected and guest.connected, 20)
        assert _run_until(sessions, rng, lambda: host.final is not None and guest.final is not None
                          and not host.pending and not guest.pending, 120)
        assert host.final == guest.final
        assert host.applied == guest.applied >= max(at_kill)
        assert host._reconnects >= 1 and guest._reconnects >= 1  # each resumed by itself
    finally:
        for s in sessions:
            s.close()
        proc.kill()
        proc.wait(10)
    con = sqlite3.connect(db)
    seed, opts, result = con.execute("SELECT seed, options, result FROM matches").fetchone()
    actions = [tuple(json.loads(a)) for (a,) in con.execute("SELECT action FROM actions ORDER BY idx")]
    con.close()
    assert len(actions) == host.applied
    alone = MatchRecord(game, decks, seed, json.loads(opts), actions).replay()
    assert alone.result().to_json() == json.loads(result) == host.final.to_json()
    assert host.match.to_json() == MatchRecord(game, decks, seed, json.loads(opts), actions).replay().view(0).to_json()
