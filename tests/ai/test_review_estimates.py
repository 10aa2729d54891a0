"""Estimates a player can trust: early in a game (before the opponent's first set-up is
answered) no estimate claims more than the evaluation knows — a hint on turn 1 said 84%
before the AI had set up — and the review's curve is smoothed over a few decisions while
each decision keeps its own figure."""
import pytest

from engine.ai import make_agent
from engine.ai.review import EARLY_CAP, Review, ReviewedMove, _ANALYSES, hint, review, smooth, temper
from engine.core.harness import starter_pair
from engine.core.session import MatchSession

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
