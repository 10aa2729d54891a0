"""MatchSession: undo to your previous decision and redo restore exactly the
states you had; every past state can be revisited (replays, jump to turn);
every action is autosaved at once and a killed game resumes to the identical
position."""
from support.paths import ROOT, TESTS
import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from support import toy_game
from engine.core.autosave import find_resumable, load_autosave
from engine.core.files import FileProblem
from engine.core.harness import starter_pair
from engine.core.match import IllegalAction
from engine.core.record import state_digest
from engine.core.replays import list_replays
from engine.core.rng import Rng
from engine.core.session import MatchSession

REAL = toy_game.playable_games()
GAMES = ["toy"] + REAL


@pytest.fixture(autouse=True)
def toy(monkeypatch):
    toy_game.register(monkeypatch)


def decks_for(game, seed=1):
    if game == "toy":
        return toy_game.toy_deck("A"), toy_game.toy_deck("B", {"c2": 4, "c3": 4, "c4": 3})
    return starter_pair(game, seed)


def random_action(m, rng):
    la = m.legal_actions()
    return la[rng.randrange(len(la))]


def play(s, rng, n=None):
    k = 0
    while s.match.result() is None and (n is None or k < n):
        s.apply(random_action(s.match, rng))
        k += 1
    return s


def test_session_records_actions_and_refuses_illegal_ones_without_saving(tmp_path):
    s = MatchSession.new("toy", decks_for("toy"), 7, autosave_folder=tmp_path)
    play(s, Rng(1), 5)
    before = s.match.to_json()
    with pytest.raises(IllegalAction) as e:
        s.apply((9, 9))
    assert e.value.reason
    assert s.match.to_json() == before and len(s) == 5
    assert load_autosave(s.autosave.path).actions == s.actions


@pytest.mark.parametrize("game", GAMES)
def test_every_past_state_equals_a_replay_from_the_start(game):
    s = MatchSession.new(game, decks_for(game, 3), 3)
    play(s, Rng(3), 400)
    n = len(s)
    rng = Rng(5)
    idx = sorted({0, n, n - 1} | {rng.randrange(n + 1) for _ in range(25)})
    for i in idx:
        assert s.state_at(i).to_json() == s.record.replay(upto=i).to_json(), i
    # the live match is untouched by looking back
    assert s.match.to_json() == s.record.replay().to_json()


@pytest.mark.parametrize("game", GAMES)
def test_replay_steps_give_events_and_views_hide_cards(game):
    s = play(MatchSession.new(game, decks_for(game, 6), 6), Rng(6), 80)
    for i in range(0, len(s), 7):
        after, action, events = s.step(i)
        assert action == s.actions[i] and isinstance(events, list)
        assert after.to_json() == s.state_at(i + 1).to_json()
        for p in (0, 1):
            assert s.view_at(i, p).to_json() == s.state_at(i).view(p).to_json()
        assert s.view_at(i, None).to_json() == s.state_at(i).to_json()


@pytest.mark.parametrize("game", GAMES)
def test_jump_to_turn(game):
    s = play(MatchSession.new(game, decks_for(game, 4), 4), Rng(4), 300)
    starts = s.turn_starts()
    assert starts[0][1] == 0
    for turn, i in starts:
        assert s.action_index_of_turn(turn) == i
        assert s.state_at(i).turn() == turn
        if i > 0:
            assert s.state_at(i - 1).turn() < turn


def _check_consistent(s):
    assert s.match.to_json() == s.record.replay().to_json()
    if s.autosave is not None and s.match.result() is None:
        assert load_autosave(s.autosave.path).actions == s.actions


@pytest.mark.parametrize("game", GAMES)
def test_undo_goes_back_to_your_previous_decision_and_redo_restores_it(game, tmp_path):
    s = MatchSession.new(game, decks_for(game, 5), 5, autosave_folder=tmp_path)
    rng = Rng(9)
    assert not s.can_undo(0) and not s.can_undo(1)
    assert s.undo_to_previous_decision(0) is False and len(s) == 0
    play(s, rng, 60)
    for player in (0, 1):
        if s.match.result() is not None:
            break
        before, n = s.match.to_json(), len(s)
        mine = s.decisions(player)
        assert s.can_undo(player) == bool(mine)
        assert s.undo_to_previous_decision(player)
        assert len(s) == mine[-1]
        assert s.match.to_move() == player  # it is my decision again
        assert all(s.actor(i) is not None for i in range(len(s)))
        _check_consistent(s)
        assert s.can_redo() and s.redo()
        assert s.match.to_json() == before and len(s) == n
        _check_consistent(s)
    # a new action after undo clears the redo history
    s.undo_to_previous_decision(0)
    s.apply(random_action(s.match, rng))
    assert not s.can_redo()
    _check_consistent(s)


OPS = st.lists(st.one_of(st.tuples(st.just("play"), st.integers(1, 6)),
                         st.tuples(st.just("undo"), st.integers(0, 1)),
                         st.tuples(st.just("redo"), st.just(0))), max_size=25)


def _mix(game, ops, seed, folder):
    s = MatchSession.new(game, decks_for(game, seed), seed, autosave_folder=folder, snapshot_every=4,
                         fsync=False)
    rng = Rng(seed)
    history = {0: s.match.to_json()}  # index -> state, along the current line
    for op, arg in ops:
        if op == "play":
            for _ in range(arg):
                if s.match.result() is not None:
                    break
                s.apply(random_action(s.match, rng))
                history = {k: v for k, v in history.items() if k < len(s)}
                history[len(s)] = s.match.to_json()
        elif op == "undo":
            s.undo_to_previous_decision(arg)
        else:
            s.redo()
        if len(s) in history:
            assert s.match.to_json() == history[len(s)]
        assert s.match.to_json() == s.record.replay().to_json()
        if s.match.result() is None:
            assert load_autosave(s.autosave.path).actions == s.actions


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=OPS, seed=st.integers(0, 1000))
def test_any_mix_of_play_undo_redo_keeps_states_exact(ops, seed, tmp_path_factory):
    _mix("toy", ops, seed, tmp_path_factory.mktemp("auto"))


@pytest.mark.parametrize("game", REAL)
@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=OPS, seed=st.integers(0, 1000))
def test_any_mix_of_play_undo_redo_keeps_real_game_states_exact(game, ops, seed, tmp_path_factory):
    _mix(game, [(op, arg * 4 if op == "play" else arg) for op, arg in ops], seed,
         tmp_path_factory.mktemp("auto"))


def test_finished_game_is_kept_as_a_replay_and_its_autosave_removed(tmp_path):
    auto, reps = tmp_path / "auto", tmp_path / "replays"
    s = MatchSession.new("toy", decks_for("toy"), 11, {"short": True}, {"names": ["Ann", "Bob"]},
                         autosave_folder=auto, replay_folder=reps)
    play(s, Rng(2))
    assert s.replay_path is not None and s.replay_path.exists()
    assert list(auto.iterdir()) == [] and find_resumable(auto) == []
    [info] = list_replays(reps)
    assert info.record.actions == s.actions and info.result == s.match.result()
    assert info.names == ["Ann", "Bob"] and info.record.options == {"short": True}
    # undo after the end: the game continues and is autosaved again
    assert s.undo_to_previous_decision(s.actor(len(s) - 1))
    assert s.record.result is None and find_resumable(auto)[0].actions == len(s)
    # redo to the same end: no second copy of the same game
    assert s.redo() and s.record.result is not None
    assert len(list_replays(reps)) == 1 and list(auto.iterdir()) == []
    # a different ending is another game: kept too
    s.undo_to_previous_decision(s.actor(len(s) - 1))
    rng = Rng(99)
    while s.match.result() is None:
        s.apply(random_action(s.match, rng))
    if s.actions != info.record.actions:
        assert len(list_replays(reps)) == 2


def test_resume_restores_position_and_ai_settings(tmp_path):
    meta = {"mode": "ai", "ai": {"seat": 1, "level": "normal", "seed": 1234}, "names": ["You", "AI"]}
    s = MatchSession.new("toy", decks_for("toy"), 21, meta=meta, autosave_folder=tmp_path)
    play(s, Rng(21), 12)
    s.undo_to_previous_decision(0)
    s.set_meta("note", "x")
    [info] = find_resumable(tmp_path)
    assert info.game == "toy" and info.actions == len(s) and info.turn == s.match.turn()
    assert info.title().startswith(f"Toy — A vs B — turn {s.match.turn()} — vs AI (normal) — saved ")
    r = MatchSession.resume(info.path)
    assert r.match.to_json() == s.match.to_json()
    assert r.meta["ai"] == meta["ai"] and r.meta["note"] == "x"
    play(r, Rng(1))
    assert r.record.result is not None


def test_damaged_autosave_is_set_aside_not_offered(tmp_path):
    s = MatchSession.new("toy", decks_for("toy"), 2, autosave_folder=tmp_path)
    play(s, Rng(2), 6)
    bad = tmp_path / "zzz-broken.autosave"
    bad.write_bytes(b'{"format":"cardhall-autosave","version":1,"record":{"oops":1}}\n')
    wrong = tmp_path / "zzz-refused.autosave"
    text = s.autosave.path.read_text() + "[77,77]\n[1]\n"
    wrong.write_text(text)
    got = find_resumable(tmp_path)
    assert [g.path for g in got] == [s.autosave.path]
    names = sorted(p.name for p in tmp_path.iterdir())
    assert any(n.startswith("zzz-broken.autosave.damaged-") for n in names)
    assert any(n.startswith("zzz-refused.autosave.damaged-") for n in names)
    with pytest.raises(FileProblem):
        MatchSession.resume(wrong)


PLAYER = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from support import toy_game
toy_game.register_globally()
from engine.core.harness import starter_pair
from engine.core.record import state_digest
from engine.core.rng import Rng, mix_seed
from engine.core.session import MatchSession
game, folder, stop_at, first_seed = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
decks = lambda seed: ((toy_game.toy_deck("A"), toy_game.toy_deck("B")) if game == "toy"
                      else starter_pair(game, seed))
seed = first_seed
while True:  # game after game until killed
    s = MatchSession.new(game, decks(seed), seed, meta={"ai": {"seat": 1, "seed": seed}},
                         autosave_folder=folder)
    rng = Rng(mix_seed(seed, 99))
    while s.match.result() is None:
        la = s.match.legal_actions()
        a = la[rng.randrange(len(la))]
        s.apply(a)  # saved when this returns
        # one write a line: under PYTHONUNBUFFERED each piece of a print() is its own write,
        # and a kill between two of them left half a line ("50") for the parent to read
        sys.stdout.write(f"{seed} {len(s)} {state_digest(s.match)} {json.dumps(list(a), separators=(',', ':'))}\n")
        sys.stdout.flush()
        if len(s) == stop_at:
            time.sleep(600)
    s.autosave.discard()
    seed += 1
"""


def _run_and_kill(game, folder, stop_at, seed, lines_before_kill):
    """Run a headless game process with autosave; kill it (SIGKILL) once it has
    reported ``lines_before_kill`` saved actions. Returns what it reported before
    dying: ``{seed: [(digest of the state after the action, action), ...]}``."""
    p = subprocess.Popen([sys.executable, "-c", PLAYER, str(TESTS), game, str(folder), str(stop_at), str(seed)],
                         stdout=subprocess.PIPE, cwd=ROOT, text=True)
    lines = []
    try:
        for _ in range(lines_before_kill):
            lines.append(p.stdout.readline())
            assert lines[-1], "the game process ended early"
    finally:
        p.kill()  # SIGKILL on POSIX, TerminateProcess on Windows
        p.wait()
    # what it printed before the kill landed; a last piece without its newline was in flight
    lines += p.stdout.read().split("\n")[:-1]
    games = {}
    for line in lines:
        if line.strip():
            sd, n, digest, action = line.split()
            games.setdefault(int(sd), []).append((digest, tuple(json.loads(action))))
            assert len(games[int(sd)]) == int(n)
    return games


def _check_resumed(r, reported):
    """The resumed game is the killed one: its actions start with every action
    the process reported as saved (at most the one in flight more), and its
    state is the very state the process had."""
    acts = [a for _, a in reported]
    n = len(acts)
    assert r.actions[:n] == acts
    assert n <= len(r) <= n + 1
    if len(r) == n and n:
        assert state_digest(r.match) == reported[-1][0]
    assert r.match.to_json() == r.record.replay().to_json()


@pytest.mark.parametrize("game", GAMES)
def test_game_killed_after_n_actions_resumes_to_the_identical_state(game, tmp_path):
    n = 17
    games = _run_and_kill(game, tmp_path, n, 40, n)
    assert list(games) == [40] and len(games[40]) == n
    [info] = find_resumable(tmp_path)
    r = MatchSession.resume(info.path)
    assert len(r) == n and r.meta["ai"] == {"seat": 1, "seed": 40}
    _check_resumed(r, games[40])


@pytest.mark.parametrize("game", GAMES)
def test_game_killed_at_any_moment_loses_at_most_the_action_in_flight(game, tmp_path):
    for k, lines in enumerate((25, 61)):
        folder = tmp_path / str(k)
        games = _run_and_kill(game, folder, -1, 50 + k, lines)
        last = max(games)
        saves = find_resumable(folder)
        if not saves:  # killed just after a game ended, before the next began
            s = MatchSession.from_record(_record_of(game, last, [a for _, a in games[last]]))
            assert s.match.result() is not None
            continue
        assert len(saves) == 1
        r = MatchSession.resume(saves[0].path)
        _check_resumed(r, games.get(r.record.seed, []))
        assert r.record.seed in (last, last + 1)
        # and it plays on to the end from there
        play(r, Rng(3))
        assert r.record.replay().to_json() == r.match.to_json()


def _record_of(game, seed, actions):
    from engine.core.record import MatchRecord
    d = (toy_game.toy_deck("A"), toy_game.toy_deck("B")) if game == "toy" else starter_pair(game, seed)
    return MatchRecord(game, d, seed, get_default_options(game), list(actions), None, {})


def get_default_options(game):
    from engine.games import get_game
    return get_game(game).match_class.default_options()


def test_a_failing_disk_never_stops_the_game_and_the_next_save_catches_up(tmp_path, monkeypatch):
    import errno

    from engine.core.autosave import Autosave
    s = MatchSession.new("toy", decks_for("toy"), 8, autosave_folder=tmp_path)
    rng = Rng(8)
    play(s, rng, 3)
    real_append = Autosave.append

    def full(self, action):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Autosave, "append", full)
    play(s, rng, 1)
    assert len(s) == 4 and "could not be saved" in s.save_error
    assert "the disk is full" in s.save_error and str(tmp_path) in s.save_error   # why, and where
    assert len(load_autosave(s.autosave.path).actions) == 3
    play(s, rng, 1)  # appends still fail, but the next save rewrites the whole file
    assert s.save_error is None
    assert load_autosave(s.autosave.path).actions == s.actions
    monkeypatch.setattr(Autosave, "append", real_append)
    play(s, rng, 1)
    assert load_autosave(s.autosave.path).actions == s.actions


@pytest.mark.parametrize("game,level", [("toy", "easy"), ("toy", "search:30")] + [(g, "easy") for g in REAL])
def test_resumed_game_against_the_ai_continues_exactly_as_it_would_have(tmp_path, game, level):
    """The AI's level and seed live in the save: after a resume it makes the same
    moves it would have made had the game never stopped."""
    ai_mod = pytest.importorskip("engine.ai")

    def ai_for(meta):
        return ai_mod.make_agent(meta["ai"]["level"], seed=meta["ai"]["seed"])

    meta = {"mode": "ai", "ai": {"seat": 1, "level": level, "seed": 4242}}
    # the uninterrupted game: seat 0 plays at random, seat 1 is the AI
    a = MatchSession.new(game, decks_for(game, 77), 77, meta=meta)
    ai, rng = ai_for(a.meta), Rng(5)
    while a.match.result() is None:
        m = a.match
        a.apply(ai.choose(m) if m.to_move() == 1 else random_action(m, rng))
    # the same game, stopped after 10 actions and resumed from its autosave
    b = MatchSession.new(game, decks_for(game, 77), 77, meta=meta, autosave_folder=tmp_path)
    ai = ai_for(b.meta)
    for act in a.actions[:10]:
        b.apply(ai.choose(b.match) if b.match.to_move() == 1 else act)
    del b, ai
    r = MatchSession.resume(find_resumable(tmp_path)[0].path)
    ai = ai_for(r.meta)
    while r.match.result() is None:
        m = r.match
        r.apply(ai.choose(m) if m.to_move() == 1 else a.actions[len(r)])
    assert r.actions == a.actions and r.match.to_json() == a.match.to_json()
