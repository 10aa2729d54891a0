"""Online play: two headless clients play whole games of each game through a
real server on 127.0.0.1; the result is the engine's own, and no message a
client receives carries the other player's hidden cards.

A match's end on the wire: the server sends the structure (``end``, ``details``) and,
for clients of older versions, the reason in the players' names; a client reads either."""
from __future__ import annotations

import asyncio
import json
import sqlite3
import pytest
from engine.core.harness import starter_pair
from engine.core.record import MatchRecord, state_digest
from engine.games import get_game
from engine.net import protocol as P
from engine.net.bench import open_match, play_out
from engine.net.server import ServerThread
from support.net_helpers import GAMES
from engine.core.match import End, Result, result_text
from engine.core.text import Names
from engine.everdawn.text import EverdawnEnd
from engine.net.client import _result
from engine.net.hall import result_json


def _norm(x):
    return json.loads(json.dumps(x))


def assert_masked(game, true_m, view, seat):
    """``view`` (JSON sent to ``seat``) shows none of the opponent's hidden cards."""
    o = 1 - seat
    assert view.get("rng", 0) == 0
    if game == "everdawn":
        assert all(c == -1 for c in view["hand"][o])
        assert all(c == -1 for c in view["sdeck"][o]) and all(c == -1 for c in view["cdeck"][o])
        assert len(view["hand"][o]) == len(true_m.hand[o])
    elif game == "essveil":
        assert all(c == -1 for c in view["hands"][o]) and all(c == -1 for c in view["decks"][o])
        assert len(view["hands"][o]) == len(true_m.hands[o])
    else:
        from engine.evons.match import F_COVERED, Z_DECK, Z_HAND
        secret = list(true_m.zones[Z_HAND + o]) + list(true_m.zones[Z_DECK]) + list(true_m.zones[Z_DECK + 1])
        secret += [i for i in true_m.grid if i >= 0 and true_m.flags[i] & F_COVERED and true_m.ctrl[i] == o]
        assert all(view["cards"][i] is None for i in secret)
        assert view["sc"][view_rng_index()] == 0


def view_rng_index():
    from engine.evons.match import S_RNG
    return S_RNG


def run_match(tmp_path, game, seed):
    srv = ServerThread(str(tmp_path / "server.sqlite3")).start()
    try:
        async def go():
            clients, states, _ = await open_match("127.0.0.1", srv.port, game, seed)
            try:
                await asyncio.wait_for(play_out(clients, states, seed), 240)
                await asyncio.sleep(0.05)
            finally:
                for c in clients:
                    await c.close()
            return clients, states
        clients, states = asyncio.run(go())
    finally:
        srv.stop()
    db = sqlite3.connect(str(tmp_path / "server.sqlite3"))
    seed_, opts = db.execute("SELECT seed, options FROM matches").fetchone()
    stored = [tuple(json.loads(a)) for (a,) in db.execute("SELECT action FROM actions ORDER BY idx")]
    db.close()
    return clients, states, seed_, json.loads(opts), stored


@pytest.mark.parametrize("game", GAMES)
def test_two_clients_play_a_whole_game_and_see_nothing_hidden(tmp_path, game):
    seed = 3
    clients, states, server_seed, opts, stored = run_match(tmp_path, game, seed)
    assert states[0].result is not None and states[0].result == states[1].result
    # every action, as its own player sent it, rebuilt in order from what the two clients received
    acts = {}
    for seat, c in enumerate(clients):
        for m in c.received:
            if m.get("t") == "update" and m["actor"] == seat:
                acts[m["index"]] = tuple(m["action"])
    n = max(acts)
    assert sorted(acts) == list(range(1, n + 1))
    actions = [acts[i] for i in range(1, n + 1)]
    assert actions == stored
    # the engine alone, from the same seed and decks, reaches the same end
    decks = starter_pair(game, seed)
    rec = MatchRecord(game, decks, server_seed, opts, actions)
    alone = rec.replay()
    assert alone.result().to_json() == states[0].result == states[1].result
    # every message each client received: its own view only, events masked for it
    cls = get_game(game).match_class
    m = cls.new(decks, server_seed, opts)
    states_at = [m.clone()]
    events_at = [None]
    for a in actions:
        ev = m.apply(a)
        states_at.append(m.clone())
        events_at.append(ev)
    assert state_digest(m) == state_digest(alone)
    checked = 0
    for seat, c in enumerate(clients):
        for msg in c.received:
            assert "seed" not in msg
            if msg.get("t") == "update":
                i = msg["index"]
                true_m = states_at[i]
                assert msg["view"] == _norm(true_m.view(seat).to_json())
                assert_masked(game, true_m, msg["view"], seat)
                assert msg["events"] == _norm(P.events_for(cls, events_at[i], seat))
                if msg["actor"] != seat:
                    assert msg["action"] == P.action_for(states_at[i - 1], actions[i - 1], msg["actor"], seat)
                if msg["legal"]:
                    assert true_m.to_move() == seat
                    assert [tuple(x) for x in msg["legal"]] == true_m.legal_actions()
                checked += 1
            elif msg.get("t") == "state" and msg.get("view") is not None:
                true_m = states_at[msg["index"]]
                assert msg["view"] == _norm(true_m.view(seat).to_json())
                assert_masked(game, true_m, msg["view"], seat)
    assert checked >= n  # each seat saw every action once (its own and the opponent's)
    # the opponent's draws never name the card
    for seat, c in enumerate(clients):
        for msg in c.received:
            for e in msg.get("events", ()) if msg.get("t") == "update" else ():
                if game == "essveil" and e[0] == "draw":
                    assert e[1] == seat or e[2] == ""
                if game == "everdawn" and e[0] == "tutor":
                    assert e[1] == seat or e[2] == -1



def test_the_server_sends_the_structure_and_words_older_clients_show():
    d = result_json(Result(1, End.CONCEDED), ["Ann", "Bo"])
    assert d["end"] == "conceded" and d["reason"] == "Ann conceded"
    d = result_json(Result(0, EverdawnEnd.MORALE), ["Ann", "Bo"])
    assert d["reason"] == "Bo's morale is depleted" and d["end"] == "everdawn.morale"
    d = result_json(Result(0, End.TIMEOUT, {"missed": 2}), ["Ann", "Bo"])
    assert d["reason"] == "Bo missed 2 moves" and d["details"] == {"missed": 2}


def test_a_client_reads_this_servers_results_and_an_older_servers():
    new = _result(result_json(Result(0, End.LEFT), ["Ann", "Bo"]))
    assert new == Result(0, End.LEFT)
    old = _result({"winner": 0, "reason": "Bo left the table"})          # an older server's words
    assert old == Result(0, End.LEFT)
    # and each screen says it with its own names: Ann's, Bo's
    assert result_text(new, Names(("you", "Bo"))) == "You win — Bo left the table"
    assert result_text(new, Names(("Ann", "you"))) == "Ann wins — you left the table"
