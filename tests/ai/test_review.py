"""The review and the hint: estimates, the searched review in worker processes, the quick pass, the summary.

Estimates a player can trust: early in a game (before the opponent's first set-up is
answered) no estimate claims more than the evaluation knows — a hint on turn 1 said 84%
before the AI had set up — and the review's curve is smoothed over a few decisions while
each decision keeps its own figure.

The searched review of a whole game, analysed in worker processes (a core each), is the
very review one process makes: every analysis is seeded by its position. The analyses come
back to the caller, so a hint asked afterwards reads them; a cancelled review stops its
workers.

The review's quick pass (shown at once while the searched review is made): every decision
the searched review scores, scored one ply deep, none marked — the same figures for the same game, and a
position the hint analysed keeps the hint's analysis, so a hinted move is not marked there
either.

The hint's line and the review's summary as a player reads them: the hint names the
move, its win estimate and the next best without brackets in brackets; the summary says
how many decisions were as good as the hard AI's, then the share ("9 as good as the hard
AI's (31%)", not "31% as good as hard's", which reads as a grade), and counts the marks."""
import pytest
from engine.ai import make_agent
from engine.ai.review import EARLY_CAP, Review, ReviewedMove, _ANALYSES, hint, review, smooth, temper
from engine.core.harness import starter_pair
from engine.core.session import MatchSession
import threading
from engine.ai.mcts import Cancelled
from engine.ai.review import analysis_budget, bench_game


ITERS = 40


def test_an_early_estimate_stays_within_the_cap_and_later_ones_stand():
    for turn in (0, 1, 2):
        for raw in (0.0, 0.16, 0.5, 0.84, 1.0):
            got = temper(raw, turn)
            assert 0.5 - EARLY_CAP - 1e-9 <= got <= 0.5 + EARLY_CAP + 1e-9
            assert (got - 0.5) * (raw - 0.5) >= 0            # the same side of 50%
    assert temper(0.84, 1) == pytest.approx(0.65)
    assert temper(0.6, 2) == pytest.approx(0.55)             # halfway toward 50%
    assert temper(0.9, 3) == pytest.approx(0.8)              # second round: three quarters
    assert temper(0.9, 5) == 0.9 and temper(0.1, 9) == 0.1


def _first_choice(game, seed, turn):
    s = MatchSession.new(game, starter_pair(game, seed), seed)
    ex = [make_agent("expert", 1), make_agent("expert", 2)]
    for _ in range(300):
        m = s.match
        if m.turn() >= turn and len(m.legal_actions()) > 1:
            return s
        s.apply(ex[m.to_move()].choose(m))
    raise AssertionError("no decision on that turn")


@pytest.mark.parametrize("game", ["everdawn", "evons", "essveil"])
def test_a_hint_on_turn_1_never_claims_more_than_the_cap(game):
    """The game's first decision with a choice (Essveil's first player has none on turn 1:
    the second player's turn 2 is the first)."""
    _ANALYSES.clear()
    s = _first_choice(game, 3, 1)
    h = hint(s.match, iterations=ITERS)
    assert 0.5 - EARLY_CAP - 1e-9 <= h.win <= 0.5 + EARLY_CAP + 1e-9, h.reason
    if h.alt_win is not None:
        assert h.alt_win <= h.win + 1e-9
    assert s.match.turn() <= 2


def test_the_review_of_the_first_round_stays_within_the_cap():
    s = _first_choice("essveil", 4, 6)
    _ANALYSES.clear()
    r = review(s, 0, iterations=24)
    early = [mv for mv in r.moves if mv.turn <= 2]
    assert early
    for mv in early:
        assert abs(mv.before - 0.5) <= EARLY_CAP + 1e-9 and abs(mv.after - 0.5) <= EARLY_CAP + 1e-9, mv.line()
        assert mv.after <= mv.before + 1e-9


def test_the_curve_is_a_centred_moving_average_and_the_figures_stay_on_the_decisions():
    assert smooth([0.5, 0.9, 0.5, 0.9, 0.5]) == pytest.approx([0.6333333, 0.7, 0.66, 0.7, 0.6333333])
    afters = [0.5, 0.76, 0.51, 0.8, 0.52, 1.0]
    moves = [ReviewedMove(i, 3 + i, (0, i), "x", (0, i), "x", a, a) for i, a in enumerate(afters)]
    r = Review(0, moves)
    curve = r.curve()
    assert [i for i, _ in curve] == [i for i, _ in r.graph()]
    assert [a for _, a in r.graph()] == afters                     # the raw figure, per decision
    jumps = [abs(b[1] - a[1]) for a, b in zip(curve, curve[1:])]
    raw_jumps = [abs(b - a) for a, b in zip(afters, afters[1:])]
    assert max(jumps) < max(raw_jumps) / 2                         # no 51% → 76% → 51% zigzag


def test_another_copy_of_the_best_card_to_the_same_cell_is_the_best_move(monkeypatch):
    """Evons: two Pyre Witches in hand, the one played is not the one the search happened to
    pick, to the same cell. The review had it as an inaccuracy ("Play Pyre Witch on C5 —
    15% best, 9% played — hard: Play Pyre Witch on C5"): the two estimates of one move
    differed only by the search's noise. The hint's next best is never the same move
    again either."""
    from types import SimpleNamespace

    import engine.ai.review as R
    from engine.evons import match as EM
    s = MatchSession.new("evons", starter_pair("evons", 3), 3)
    ex = [make_agent("expert", 1), make_agent("expert", 2)]
    while True:
        m = s.match
        if m.to_move() == 0 and m.turn() >= 3:
            sel = {}
            for a in m.legal_actions():
                if a[0] == EM.SELECT:
                    sel.setdefault((m.card(a[1]).name, a[2]), []).append(a)
            pair = next((v[:2] for v in sel.values() if len(v) > 1), None)
            if pair:
                break
        s.apply(ex[m.to_move()].choose(m))
    played, other = pair
    i = len(s)
    s.apply(played)
    cell = next(a for a in s.match.legal_actions() if a[0] != EM.SELECT)
    s.apply(cell)
    # the search's pick: the other copy to the same cell, read a little better than the copy played
    res = SimpleNamespace(action=other, move=(other, cell), iterations=400, root_value=0.0,
                          children=[(other, 300, -0.2), (played, 3, -0.6), (cell, 2, -0.9)])
    monkeypatch.setattr(R, "analyse", lambda *a, **k: res)
    monkeypatch.setattr(R, "estimate_after", lambda *a, **k: 0.2)
    mv = next(x for x in review(s, 0, only={i}).moves if x.index == i)
    assert mv.text == mv.best_text and mv.text.startswith("Play ")
    assert mv.agreed and mv.mark is None and mv.after == mv.before
    h = hint(s.state_at(i), 0)
    assert h.text != h.alt_text and tuple(h.alt_action or ()) != tuple(played)


def test_a_pass_in_their_combat_in_a_lost_game_reads_lost_not_50():
    """Everdawn, a whole game in a real window: the player's "Pass (no more combat spells)"
    in the AI's combat, the game all but lost. The search had nothing to weigh (one move
    worth making) and the estimate after the pass, searched from the player's seat with
    the AI to move, read 50%: the review's curve jumped to 50% in a lost game, three times."""
    import json

    from engine.core.record import MatchRecord
    from support.paths import TESTS
    rec = json.loads((TESTS / "ai" / "positions" / "everdawn_pass_in_a_lost_combat.json").read_text())
    s = MatchSession.from_record(MatchRecord.from_json(rec))
    m = s.match
    assert m.to_move() == 0 and m.turn_player() == 1
    h = hint(m, 0)
    assert h.text.startswith("Pass") and h.win < 0.2
    s.apply(h.action)
    mv = review(s, 0, only={len(s) - 1}).moves[0]
    assert mv.agreed and mv.after < 0.2



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



def _move(i, loss, agreed=False, mark=None):
    act, best = (0, i), (0, i) if agreed else (1, i)
    return ReviewedMove(i, 1 + i // 3, act, "played", best, "best", 0.8, 0.8 - loss, mark)


def test_the_summary_counts_then_gives_the_share():
    moves = [_move(0, 0.0, agreed=True), _move(1, 0.01), _move(2, 0.25, mark="blunder"),
             _move(3, 0.12, mark="mistake"), _move(4, 0.3, mark="blunder")]
    r = Review(player=0, moves=moves)
    assert r.summary() == "5 decisions reviewed, 2 as good as the hard AI's (40%), 2 blunders, 1 mistake"


def test_one_decision_and_none():
    assert Review(player=0, moves=[_move(0, 0.0, agreed=True)]).summary() == \
        "1 decision reviewed, 1 as good as the hard AI's (100%)"
    assert Review(player=0, moves=[]).summary() == "0 decisions reviewed"


def test_the_hint_line_reads_without_nested_brackets():
    from engine.ai.review import Hint
    h = Hint(0, (4, 1, 2), "Cast Shield Wall into lane 2", 0.40, (0,), "Pass (no more combat spells)", 0.16)
    assert h.reason == ("Hint: Cast Shield Wall into lane 2 — win estimate 40%; "
                        "next best: Pass (no more combat spells), 16%")
    assert Hint(0, (0,), "End turn", 0.7).reason == "Hint: End turn — win estimate 70%"


def test_a_first_look_says_so_and_claims_nothing_of_the_hard_ai():
    moves = [_move(0, 0.0, agreed=True), _move(1, 0.25, mark="blunder")]
    assert Review(player=0, moves=moves, quick=True).summary() == "2 decisions at a first look, 1 blunder"
