"""The hint's line and the review's summary as a player reads them: the hint names the
move, its win estimate and the next best without brackets in brackets; the summary says
how many decisions were as good as the hard AI's, then the share ("9 as good as the hard
AI's (31%)", not "31% as good as hard's", which reads as a grade), and counts the marks."""
from engine.ai.review import Review, ReviewedMove


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
