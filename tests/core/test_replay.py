"""Replays: finished games are kept (the newest 50), listed with their
metadata, and a replay file is a bug report — ``python -m engine replay FILE``
says whether it reproduces and how the game ends. Every golden game in
tests/golden/ reproduces its recorded result."""
from support.paths import ROOT
import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from support import toy_game
from test_files import byte_damage, tree_mutation
from engine.core.autosave import Autosave
from engine.core.files import FileProblem
from engine.core.record import DIGEST_KEY, load_record
from engine.core.replays import (check_record, list_replays, load_replay, prune_replays, save_replay)
from engine.core.rng import Rng
from engine.core.session import MatchSession
from engine.replaycli import load_any, replay_file

GOLDEN = sorted((ROOT / "tests" / "golden").glob("*_*.json"))   # <game>_*.json (decisions.json is the AI's)


@pytest.fixture(autouse=True)
def toy(monkeypatch):
    toy_game.register(monkeypatch)


def finished(seed, names=("Ann", "Bob")):
    s = MatchSession.new("toy", (toy_game.toy_deck("Low"), toy_game.toy_deck("High")), seed,
                         meta={"names": list(names)})
    r = Rng(seed)
    while s.match.result() is None:
        la = s.match.legal_actions()
        s.apply(la[r.randrange(len(la))])
    return s


def test_finished_record_carries_result_digest_and_turns():
    s = finished(1)
    m = s.match
    assert s.record.result == m.result().to_json()
    assert s.record.meta["turns"] == m.turn() and len(s.record.meta[DIGEST_KEY]) == 64
    assert check_record(s.record).ok


def test_library_keeps_the_newest_50_and_lists_them_newest_first(tmp_path):
    paths = [save_replay(tmp_path, finished(i % 3).record, keep=50) for i in range(53)]
    kept = sorted(tmp_path.glob("*.json"))
    assert len(kept) == 50 and kept == sorted(paths[3:])
    infos = list_replays(tmp_path)
    assert [i.path for i in infos] == list(reversed(sorted(paths[3:])))
    i0 = infos[0]
    assert i0.game == "toy" and i0.names == ["Ann", "Bob"] and i0.deck_names == ["Low", "High"]
    assert i0.result is not None and i0.turns > 0 and i0.actions > 0 and i0.finished
    assert "Low vs High" in i0.title()
    assert prune_replays(tmp_path, 10) and len(list(tmp_path.glob("*.json"))) == 10


def test_a_damaged_replay_is_set_aside_and_the_rest_listed(tmp_path):
    save_replay(tmp_path, finished(1).record)
    (tmp_path / "20000101-000000-000000-toy.json").write_text('{"format": "cardhall-match", "vers')
    unfinished = finished(2).record.copy()
    unfinished.result = None
    unfinished.actions = unfinished.actions[:3]
    (tmp_path / "20000101-000001-000000-toy.json").write_text(json.dumps(unfinished.to_json()))
    infos = list_replays(tmp_path)
    assert len(infos) == 1
    assert len(list(tmp_path.glob("*.damaged-*"))) == 2
    with pytest.raises(FileProblem, match="not finished"):
        load_replay(next(tmp_path.glob("20000101-000001-000000-toy.json.damaged-*")))


def test_replay_command_reproduces_a_replay_and_a_save(tmp_path):
    s = finished(4)
    p = save_replay(tmp_path, s.record)
    code, lines = replay_file(p)
    assert code == 0 and lines[-1] == "reproduces: " + s.match.result().text(["Ann", "Bob"])
    # an autosave (unfinished game) reproduces too
    rec = s.record.copy()
    rec.result, acts, rec.actions = None, rec.actions[:9], []
    rec.meta.pop(DIGEST_KEY)
    a = Autosave(tmp_path / "x.autosave", fsync=False)
    a.write_all(rec)
    for x in acts:
        a.append(x)
    assert load_any(a.path).actions == acts
    code, lines = replay_file(a.path)
    assert code == 0 and "not finished" in lines[-1]


@pytest.mark.parametrize("damage,msg", [
    (lambda o: o.update(result={"winner": 1 - o["result"]["winner"], "reason": o["result"]["reason"]}),
     "but the replay ends"),
    (lambda o: o["meta"].update({DIGEST_KEY: "0" * 64}), "final state differs"),
    (lambda o: o["actions"].pop(), "not over"),
    (lambda o: o["actions"].insert(2, [77]), "action 3 .* is refused"),
    (lambda o: o.update(seed=o["seed"] + 1), "NOT reproduce"),
    (lambda o: o.update(game="chess"), "cannot use"),
])
def test_replay_command_says_why_a_file_does_not_reproduce(tmp_path, damage, msg):
    s = finished(5)
    obj = s.record.to_json()
    damage(obj)
    p = tmp_path / "bug.json"
    p.write_text(json.dumps(obj))
    code, lines = replay_file(p)
    assert code == 1
    assert any(__import__("re").search(msg, line) for line in lines), lines


def test_replay_command_line_exit_codes(tmp_path):
    good = tmp_path / "g.json"
    good.write_text('{"format": "cardhall-match", "version": 1, "game": "evons"')
    r = subprocess.run([sys.executable, "-m", "engine", "replay", str(good)], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 1 and "damaged JSON" in r.stdout
    r = subprocess.run([sys.executable, "-m", "engine", "replay", str(tmp_path / "missing.json")], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 1 and "not found" in r.stdout


@pytest.mark.skipif(not GOLDEN, reason="no golden games recorded yet (tests/golden/<game>_*.json)")
@pytest.mark.parametrize("path", GOLDEN, ids=[p.name for p in GOLDEN])
def test_every_golden_game_reproduces_its_result(path):
    rec = load_record(path)
    assert rec.result is not None, "a golden game records its result"
    chk = check_record(rec)
    assert chk.ok, chk.problems
    code, lines = replay_file(path)
    assert code == 0, lines
    # and the session gives the same final state and every turn start is reachable
    s = MatchSession.from_record(rec)
    assert s.match.to_json() == chk.match.to_json()
    for turn, i in s.turn_starts()[:: max(1, len(s.turn_starts()) // 5)]:
        assert s.state_at(i).turn() == turn
    # the replay viewer's model plays it to the same end, showing one seat's view
    from engine.core.replay_player import ReplayPlayer
    p = ReplayPlayer(rec, perspective=1)
    p.play()
    p.set_speed(8.0)
    while p.playing:
        p.tick(1.0)
        p.state()
    assert p.full_state().to_json() == chk.match.to_json() and p.result() == chk.match.result()




@settings(max_examples=40, deadline=None, derandomize=True)  # golden games: reproducible in CI
@given(data=st.data())
def test_replay_command_never_crashes_on_damaged_golden_files(data, tmp_path_factory):
    """Whatever a replay file holds, the command answers 0 or 1 with a message."""
    if not GOLDEN:
        return
    path = data.draw(st.sampled_from(GOLDEN))
    raw = path.read_bytes()
    if data.draw(st.booleans()):
        bad = data.draw(byte_damage(raw))
    else:
        bad = json.dumps(data.draw(tree_mutation(json.loads(raw)))).encode()
    p = tmp_path_factory.mktemp("r") / "bug.json"
    p.write_bytes(bad)
    code, lines = replay_file(p)
    assert code in (0, 1) and lines and all(isinstance(x, str) and x for x in lines)


def test_replay_log_lists_every_action_with_its_events(tmp_path, capsys):
    from engine.replaycli import replay_main
    s = finished(6)
    p = save_replay(tmp_path, s.record)
    assert replay_main([str(p), "--log"]) == 0
    out = capsys.readouterr().out.splitlines()
    numbered = [x for x in out if x[:5].strip().rstrip(".").isdigit()]
    assert len(numbered) == len(s.actions)
    assert out[-1].startswith("reproduces: ")


def test_replay_player_plays_steps_jumps_and_hides_cards():
    from engine.core.replay_player import ReplayPlayer
    s = finished(8)
    p = ReplayPlayer(s.record, perspective=0)
    assert p.index == 0 and not p.at_end and p.turn() == 1
    # hidden cards stay hidden unless "reveal all"
    assert p.state().to_json() == p.full_state().view(0).to_json()
    assert p.state().to_json()["hand"][1] == [0] * len(p.full_state().hand[1])
    p.reveal = True
    assert p.state().to_json() == s.state_at(0).to_json()
    # play at double speed: one action per 0.4 s
    p.set_speed(2.0)
    p.play()
    assert p.tick(0.3) == [] and p.index == 0
    ev = p.tick(0.5)
    assert p.index == 2 and ev and p.last_action == s.actions[1]
    p.pause()
    assert p.tick(10) == [] and p.index == 2
    # every index equals the recorded game's state
    for i in (5, 1, 17, len(s)):
        p.seek(i)
        assert p.full_state().to_json() == s.state_at(i).to_json()
    assert p.at_end and p.result() == s.match.result()
    p.jump_to_turn(4)
    assert p.turn() == 4 and p.session.turn_at(p.index - 1) == 3
    p.prev_turn()
    assert p.turn() == 3
    p.next_turn()
    assert p.turn() == 4
    p.step()
    p.back()
    assert p.full_state().to_json() == s.state_at(p.index).to_json()
    # playing to the end stops there; play again restarts
    p.set_speed(8.0)
    p.play()
    p.tick(1000)
    assert p.at_end and not p.playing
    p.play()
    assert p.index == 0 and p.playing
    p.faster()
    assert p.speed == 8.0  # the fastest
    p.slower()
    p.slower()
    assert p.speed == 2.0
