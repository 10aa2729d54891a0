"""A match's end on the wire: the server sends the structure (``end``, ``details``) and,
for clients of older versions, the reason in the players' names; a client reads either."""
from engine.core.match import End, Result, result_text
from engine.core.text import Names
from engine.everdawn.text import EverdawnEnd
from engine.net.client import _result
from engine.net.hall import result_json


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
