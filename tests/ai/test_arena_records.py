"""The arena's games are each seeded by themselves: a long measurement can be
played on several processes, stopped, resumed later (even in another session)
from its record file, and still give exactly the figures of one straight run."""
import json

from engine.ai.arena import game_arena, read_records, _record_key

AGENTS = ("greedy", "random")


def _key_figures(out):
    return (out["games"], out["wins"], out["draws"], out["mean_turns"],
            out["move_time_s"]["greedy"]["decisions"], out["move_time_s"]["random"]["decisions"])


def test_two_processes_play_the_same_games_as_one():
    one = game_arena("essveil", AGENTS, 3, 11)
    two = game_arena("essveil", AGENTS, 3, 11, jobs=2)
    assert _key_figures(one) == _key_figures(two)
    assert one["games"] == 6 and one["seeds"] == [11, 13]


def test_a_stopped_run_resumes_from_its_record_and_matches_a_straight_run(tmp_path):
    rec = tmp_path / "run.jsonl"
    straight = game_arena("essveil", AGENTS, 4, 21)
    first = game_arena("essveil", AGENTS, 2, 21, record=rec)          # "stopped" after 2 seeds
    assert first["games"] == 4 and len(rec.read_text().splitlines()) == 4
    with rec.open("a") as fh:                                          # killed in mid-write
        fh.write('{"game": "essveil", "agents": ["greedy", "ran')
    played = []
    resumed = game_arena("essveil", AGENTS, 4, 21, record=rec,
                         progress=lambda i, swap, r: played.append((r["seed"], swap)))
    assert played == [(23, 0), (23, 1), (24, 0), (24, 1)]            # only the missing games
    assert resumed["resumed_games"] == 4
    assert _key_figures(resumed) == _key_figures(straight)
    # asking again plays nothing and gives the same figures
    again = game_arena("essveil", AGENTS, 4, 21, record=rec, progress=lambda *a: played.append(a))
    assert len(played) == 4 and _key_figures(again) == _key_figures(straight)


def test_a_record_file_only_counts_games_of_the_same_match_up(tmp_path):
    rec = tmp_path / "run.jsonl"
    game_arena("essveil", AGENTS, 1, 5, record=rec)
    game_arena("essveil", ("random", "greedy"), 1, 5, record=rec)      # other order: another match-up
    lines = [json.loads(x) for x in rec.read_text().splitlines()]
    assert len(lines) == 4
    mine = read_records(rec, _record_key("essveil", AGENTS, None, "seat"))
    assert len(mine) == 2 and {r["swap"] for r in mine} == {0, 1}
    # a hand-edited line with a nonsense result is not counted
    bad = dict(lines[0], seed=6, result="everybody")
    rec.write_text(rec.read_text() + json.dumps(bad) + "\n")
    assert len(read_records(rec, _record_key("essveil", AGENTS, None, "seat"))) == 2


def test_a_record_keeps_each_turn_in_wall_and_cpu_time(tmp_path):
    """Per turn (from getting the turn to its last decision of it): the wall time and the
    deciding thread's CPU time, one entry per turn each, and both summed in the figures."""
    rec = tmp_path / "run.jsonl"
    out = game_arena("essveil", AGENTS, 1, 31, record=rec)
    r = json.loads(rec.read_text().splitlines()[0])
    assert [len(x) for x in r["turn_cpu"]] == [len(x) for x in r["turn_time"]]
    assert all(len(x) >= 1 for x in r["turn_cpu"])
    assert out["turn_cpu_s"]["greedy"]["turns"] == out["turn_time_s"]["greedy"]["turns"] > 0
