"""The searched review of a whole game, analysed in worker processes (a core each), is the
very review one process makes: every analysis is seeded by its position. The analyses come
back to the caller, so a hint asked afterwards reads them; a cancelled review stops its
workers."""
import threading

import pytest

from engine.ai.mcts import Cancelled
from engine.ai.review import _ANALYSES, analysis_budget, bench_game, hint, review

ITERS = 40


def _rows(r):
    return [(m.index, m.action, m.best_action, m.before, m.after, m.mark, m.why, m.played_why) for m in r.moves]


def test_the_review_made_in_two_processes_is_the_review_made_in_one():
    s = bench_game("essveil", 1)
    _ANALYSES.clear()
    one = review(s, 0, iterations=ITERS)
    _ANALYSES.clear()
    two = review(s, 0, iterations=ITERS, jobs=2)
    assert len(two.moves) >= 16            # enough decisions to be shared out
    assert _rows(two) == _rows(one)
    assert two.summary() == one.summary()


def test_a_hint_after_a_review_in_processes_reads_its_analysis():
    s = bench_game("essveil", 2)
    _ANALYSES.clear()
    r = review(s, 0, iterations=ITERS, jobs=2)
    assert len(r.moves) >= 16
    mv = r.moves[len(r.moves) // 2]
    n = len(_ANALYSES)
    h = hint(s.state_at(mv.index), 0, iterations=ITERS)
    assert h.action == mv.best_action and abs(h.win - mv.before) < 1e-9
    assert len(_ANALYSES) == n              # read, not searched again


def test_a_cancelled_review_in_processes_stops():
    s = bench_game("essveil", 1)
    _ANALYSES.clear()
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        review(s, 0, iterations=ITERS, jobs=2, cancel=cancel)


def test_the_analysis_budget_is_the_game_s_own():
    """Evons analyses every step of every placement: its tactics give the analysis a smaller
    budget (two turns deep); the other games keep hard1's search at 800 iterations."""
    it, settings = analysis_budget("evons")
    assert it < 800 and settings.get("horizon") == 2
    assert analysis_budget("essveil") == (800, {})
