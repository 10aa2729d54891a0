"""The AI on the tests' tiny hidden-hand toy game (tests/support/toy_game.py): legality,
honesty, reproducibility, strength against random, and the background API."""
import time

import pytest

from engine.ai import make_agent
from engine.ai.arena import run_arena, wilson
from engine.ai.background import think
from engine.core.rng import Rng

from support import toy_game
from support.toy_game import ToyMatch

AGENTS = ("random", "greedy", "easy", "normal", "hard", "search:50")


@pytest.fixture(autouse=True)
def toy(monkeypatch):
    toy_game.register(monkeypatch)           # the game and its evaluation, as any game has


def toy_positions(n=30, seed=0):
    """Seeded mid-game toy positions (including plays awaiting the opponent's reaction)."""
    out = []
    for i in range(n):
        m = ToyMatch.new(None, seed + i)
        rng = Rng(1000 + i)
        steps = rng.randrange(20)
        for _ in range(steps):
            if m.result() is not None:
                break
            acts = m.legal_actions()
            m.apply(acts[rng.randrange(len(acts))])
        if m.result() is None:
            out.append(m)
    return out


@pytest.mark.parametrize("name", AGENTS)
def test_agents_only_return_legal_actions(name):
    agent = make_agent(name, 3, iterations=60) if name in ("normal", "hard") else make_agent(name, 3)
    for m in toy_positions(25):
        before = m.to_json()
        a = agent.choose(m)
        assert a in m.legal_actions()
        assert m.to_json() == before  # the real match is never touched


def _twin(m):
    """A second state the deciding player cannot tell apart from ``m`` but whose hidden
    cards (opponent's hand, both decks) differ."""
    me = m.to_move()
    for s in range(1, 50):
        other = m.determinize(me, s)
        if other.hand[1 - me] != m.hand[1 - me] or other.deck != m.deck:
            assert other.info_key(me) == m.info_key(me)
            return other
    raise AssertionError("no differing determinization found")


@pytest.mark.parametrize("name", ("greedy", "easy", "normal", "search:200"))
def test_same_view_different_hidden_cards_same_decision(name):
    for m in toy_positions(12, seed=50):
        twin = _twin(m)
        kw = {"iterations": 80} if name == "normal" else {}
        a1 = make_agent(name, 11, **kw).choose(m)
        a2 = make_agent(name, 11, **kw).choose(twin)
        assert a1 == a2


def test_the_agent_never_looks_past_the_view():
    class Spy(ToyMatch):
        __slots__ = ()
        touched = []

        def legal_actions(self):  # the real match's own rule queries are off limits
            Spy.touched.append("legal_actions")
            return super().legal_actions()

        def view(self, player):
            v = super().view(player)
            out = ToyMatch.from_json(v.to_json())
            return out

    m = Spy.from_json(toy_positions(1, seed=3)[0].to_json())
    make_agent("normal", 1, iterations=50).choose(m)
    assert Spy.touched == []


@pytest.mark.parametrize("name", ("random", "greedy", "easy", "normal", "hard"))
def test_same_state_seed_and_level_give_the_same_decision(name):
    kw = {"iterations": 150} if name in ("normal", "hard") else {}
    for m in toy_positions(8, seed=200):
        a = make_agent(name, 5, **kw).choose(m)
        b = make_agent(name, 5, **kw).choose(m.clone())
        # and an agent that already played other moves still decides the same
        c_agent = make_agent(name, 5, **kw)
        for other in toy_positions(2, seed=900):
            c_agent.choose(other)
        assert a == b == c_agent.choose(m)


def test_search_beats_random_and_greedy_on_the_toy():
    def new(decks, s):
        return ToyMatch.new(None, s)
    r = run_arena(new, ("normal", "random"), 10, 1)
    assert r["win_rate_a"] >= 0.85, r
    assert r["wins"][0] + r["wins"][1] + r["draws"] == 20
    assert r["sims_per_s"]["a"] > 0 and r["move_time_s"]["normal"]["decisions"] > 0


def test_arena_swaps_seats_and_chooses_who_keeps_the_decks():
    """A deck match-up keeps each deck with its agent; an agent comparison keeps the
    decks with the seats, so the second game of a seed is the same deal with the
    agents exchanged."""
    for follow, second in (("agent", ("d2", "d1")), ("seat", ("d1", "d2"))):
        calls = []

        def new(decks, s, _calls=calls):
            _calls.append((tuple(decks), s))
            return ToyMatch.new(None, s)
        r = run_arena(new, ("random", "random"), 3, 40, deck_pair=lambda s: ("d1", "d2"),
                      decks_follow=follow)
        assert r["decks_follow"] == follow
        assert [c[1] for c in calls] == [40, 40, 41, 41, 42, 42]
        assert calls[0][0] == ("d1", "d2") and calls[1][0] == second
    with pytest.raises(ValueError):
        run_arena(new, ("random", "random"), 1, 1, decks_follow="nobody")


def test_wilson_interval():
    lo, hi = wilson(19, 20)
    assert 0.7 < lo < 0.95 < hi <= 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_background_decision_equals_foreground_and_can_be_polled():
    m = toy_positions(1, seed=77)[0]
    fg = make_agent("search:3000", 9).choose(m)
    job = think(make_agent("search:3000", 9), m)
    polls = 0
    while not job.done():
        polls += 1
        assert job.poll() is None or job.done()
        time.sleep(0.001)
    assert job.poll() == fg == job.result()
    assert not job.cancelled


def test_background_decision_can_be_cancelled():
    m = toy_positions(1, seed=78)[0]
    job = think(make_agent("search:100000000", 9), m)
    time.sleep(0.05)
    assert not job.done()
    job.cancel(wait=True)
    assert job.done() and job.cancelled and job.result() is None


def test_background_errors_reach_the_caller():
    class Broken(ToyMatch):
        __slots__ = ()

        def view(self, player):
            v = Broken.from_json(super().view(player).to_json())
            return v

        def _fill_hidden(self, seed):
            raise RuntimeError("boom")

    m = Broken.from_json(toy_positions(1, seed=79)[0].to_json())
    job = think(make_agent("search:100", 1), m)
    job._done.wait(5)
    with pytest.raises(RuntimeError, match="boom"):
        job.result()


def test_unknown_agent_name_is_refused():
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("grandmaster", 1)
