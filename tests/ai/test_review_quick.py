"""The review's quick pass (shown at once while the searched review is made): every decision
the searched review scores, scored one ply deep, none marked — the same figures for the same game, and a
position the hint analysed keeps the hint's analysis, so a hinted move is not marked there
either."""
import pytest

from engine.ai import make_agent
from engine.ai.review import _ANALYSES, hint, review
from engine.core.harness import starter_pair
from engine.core.session import MatchSession


def _game(game, seed, hinted_at=()):
    s = MatchSession.new(game, starter_pair(game, seed), seed)
    ex = [make_agent("expert", 1), make_agent("expert", 2)]
    hinted = []
    for _ in range(600):
        m = s.match
        if m.result() is not None:
            break
        if m.to_move() == 0 and len(s) in hinted_at and len(m.legal_actions()) > 1:
            h = hint(m, 0, iterations=40)
            hinted.append(len(s))
            s.apply(h.action)
            continue
        s.apply(ex[m.to_move()].choose(m))
    return s, hinted


@pytest.mark.parametrize("game", ["everdawn", "evons", "essveil"])
def test_the_quick_pass_scores_every_decision_and_is_the_same_twice(game):
    s, _ = _game(game, 2)
    _ANALYSES.clear()
    q = review(s, 0, quick=True)
    full = review(s, 0, iterations=16, limit=6)
    assert q.quick and not full.quick
    assert [m.index for m in q.moves][:6] == [m.index for m in full.moves]
    assert all(0.0 <= m.after <= m.before + 1e-9 <= 1.0 + 1e-9 for m in q.moves)
    assert not q.marked()           # marks come with the searched review
    _ANALYSES.clear()
    again = review(s, 0, quick=True)
    assert [(m.index, m.best_action, m.before, m.after, m.mark) for m in again.moves] == \
        [(m.index, m.best_action, m.before, m.after, m.mark) for m in q.moves]


def test_a_hinted_move_is_not_marked_by_the_quick_pass_either():
    _ANALYSES.clear()
    s, hinted = _game("essveil", 5, hinted_at=set(range(6, 40)))
    assert hinted
    q = review(s, 0, quick=True, iterations=40)
    by_index = {m.index: m for m in q.moves}
    for i in hinted:
        assert by_index[i].agreed and by_index[i].mark is None
