"""The end of a game in the screen's words (issue #39 point 4, #40 point 8): the table, the
replay library and the online list say "you" and "the AI" (or the players' names), also for
files written by older versions, whose result is a sentence only."""
import json

from support.paths import TESTS

from engine.core.match import End, Result
from engine.core.record import load_record
from engine.core.replays import ReplayInfo
from engine.core.text import Names

from client.replays import _outcome
from client.table.named import seat_names


def test_each_mode_calls_the_seats_its_own_way():
    assert seat_names(["You", "AI (easy)"], "ai", (0,)) == Names(("you", "the AI"))
    assert seat_names(["AI (hard)", "You"], "ai", (1,)) == Names(("the AI", "you"))
    assert seat_names(["Ann", "Bob"], "hotseat", (0, 1)) == Names(("Ann", "Bob"))
    assert seat_names(["AI 1", "AI 2"], "watch", ()) == Names(("AI 1", "AI 2"))


def _old_replay(tmp_path, meta):
    raw = json.loads((TESTS / "golden" / "everdawn_1.json").read_text(encoding="utf-8"))
    assert raw["result"] == {"winner": 0, "reason": "Player 2's morale is depleted."}   # an older file
    raw["meta"].update(meta)
    p = tmp_path / "old.replay.json"
    p.write_text(json.dumps(raw), encoding="utf-8")
    return ReplayInfo(p, load_record(p))


def test_an_older_replay_reads_with_the_screens_names(tmp_path):
    won, _col = _outcome(_old_replay(tmp_path, {"mode": "ai", "human": 0, "names": ["You", "AI (easy)"]}))
    assert won == "Won — the AI's morale is depleted"
    lost, _col = _outcome(_old_replay(tmp_path, {"mode": "ai", "human": 1, "names": ["AI (easy)", "You"]}))
    assert lost == "Lost — your morale is depleted"
    hot, _col = _outcome(_old_replay(tmp_path, {"mode": "hotseat", "names": ["Ann", "Bob"]}))
    assert hot == "Ann won — Bob's morale is depleted"


def test_a_result_of_this_version_reads_the_same(tmp_path):
    info = _old_replay(tmp_path, {"mode": "hotseat", "names": ["Ann", "Bob"]})
    info.record.result = Result(1, End.CONCEDED).to_json()
    assert _outcome(info)[0] == "Bob won — Ann conceded"
