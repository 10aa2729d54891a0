"""Engine fuzzing: random and AI games with every invariant checked after every
action. The fuzzer passes on correct engines and catches the bugs it exists
for (a lost card, an illegal action accepted, an illegal action that changes
the state, a view that leaks, a clone that shares state)."""
from support.paths import ROOT
import json
import subprocess
import sys

import pytest

from support import toy_game
from engine.core.rng import Rng
from engine.fuzz import check_position, fuzz, fuzz_game, fuzz_main
from engine.replaycli import replay_file

REAL = toy_game.playable_games()


@pytest.fixture(autouse=True)
def toy(monkeypatch):
    toy_game.register(monkeypatch)


def test_fuzzing_the_toy_game_with_random_and_ai_games_finds_nothing():
    res = fuzz("toy", 12, 1, ai=True)
    assert res["problems"] == 0, res
    assert res["games"] == 12 and res["ai_games"] == 3 and res["actions"] > 100


@pytest.mark.parametrize("game", REAL)
def test_short_fuzz_pass_on_each_real_game(game):
    res = fuzz(game, 3, 7)
    assert res["problems"] == 0, res


def _mid_game(cls=toy_game.ToyMatch, seed=3, n=9):
    m = cls.new((toy_game.toy_deck(), toy_game.toy_deck()), seed)
    r = Rng(seed)
    for _ in range(n):
        la = m.legal_actions()
        m.apply(la[r.randrange(len(la))])
    # cast to the (possibly broken) class
    return m


class LosesCards(toy_game.ToyMatch):
    __slots__ = ()

    def _apply(self, a):
        ev = super()._apply(a)
        if a[0] == toy_game.END and self.deck[self.tp]:
            self.deck[self.tp].pop()  # a card vanishes
        return ev


class AcceptsAnything(toy_game.ToyMatch):
    __slots__ = ()

    def why_illegal(self, action):
        return None


class ChangesWhenRefusing(toy_game.ToyMatch):
    __slots__ = ()

    def why_illegal(self, action):
        self.score[0] += 0 if tuple(action) in self.legal_actions() else 1
        return super().why_illegal(action)


class LeakyView(toy_game.ToyMatch):
    __slots__ = ()

    def view(self, player):
        v = super().view(player)
        v.hand[1 - player] = self.hand[1 - player][:]  # the opponent's hand shows
        return v


class SharedClone(toy_game.ToyMatch):
    __slots__ = ()

    def clone(self):
        c = super().clone()
        c.score = self.score  # shares a list with the original
        return c


@pytest.mark.parametrize("cls,what", [
    (AcceptsAnything, "passes why_illegal"),
    (ChangesWhenRefusing, "changed the state"),
    (LeakyView, "determinize"),
])
def test_check_position_catches_broken_engines(cls, what):
    m = _mid_game()
    broken = cls.from_json(m.to_json())
    probs = check_position(broken, Rng(1), illegal=6)
    assert any(__import__("re").search(what, p) for p in probs), probs


@pytest.mark.parametrize("cls,what", [(LosesCards, "not conserved"), (SharedClone, "clone taken earlier|changed the match")])
def test_fuzz_game_catches_broken_engines(monkeypatch, cls, what):
    toy_game.register(monkeypatch, match_class=cls)
    probs = []
    for seed in range(1, 6):
        _, p = fuzz_game("toy", seed)
        probs += p
    assert any(__import__("re").search(what, p) for p in probs), probs[:5]


def test_failing_games_are_written_as_replayable_bug_reports(monkeypatch, tmp_path):
    toy_game.register(monkeypatch, match_class=LosesCards)
    res = fuzz("toy", 2, 1, out_dir=tmp_path)
    assert res["problems"] > 0 and "first_problem" in res
    files = sorted(tmp_path.glob("fuzz-toy-*.json"))
    assert files
    code, lines = replay_file(files[0])  # the record reproduces the faulty game up to the problem
    assert code == 0, lines


def test_fuzz_command_prints_one_json_line(capsys):
    assert fuzz_main(["toy", "--games", "3", "--seed", "5"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    res = json.loads(out[0])
    assert res["game"] == "toy" and res["games"] == 3 and res["problems"] == 0
    assert fuzz_main(["chess", "--games", "1"]) == 2


@pytest.mark.skipif(not REAL, reason="no engine has landed yet")
def test_fuzz_command_line_on_a_real_game():
    r = subprocess.run([sys.executable, "-m", "engine", "fuzz", REAL[0], "--games", "2", "--ai"],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    res = json.loads(r.stdout.strip().splitlines()[-1])
    assert res["problems"] == 0 and res["games"] == 2
