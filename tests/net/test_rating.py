"""Glicko-2 as Glickman published it ("Example of the Glicko-2 system"): his worked
example, and what a player sees after a match."""
from __future__ import annotations

import pytest

from engine.net.rating import Rating, rate_match, update


def test_glickmans_worked_example():
    # a player rated 1500 (RD 200, volatility 0.06) beats a 1400 (RD 30), loses to a
    # 1550 (RD 100) and to a 1700 (RD 300): 1464.06, RD 151.52, volatility 0.05999
    p = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    assert p.rating == pytest.approx(1464.06, abs=0.01)
    assert p.rd == pytest.approx(151.52, abs=0.01)
    assert p.vol == pytest.approx(0.05999, abs=0.00001)
    assert p.games == 3


def test_a_period_without_games_only_widens_the_deviation():
    p = update(Rating(1500, 200, 0.06), [])
    assert p.rating == 1500 and p.rd == pytest.approx(200.2714, abs=0.001)
    assert update(Rating(1500, 350, 0.06), []).rd == 350     # never wider than a newcomer's


def test_a_match_moves_both_players_as_far_as_their_certainty_says():
    win, lose = rate_match(Rating(), Rating(), 1.0)
    assert round(win.rating) == 1662 and round(lose.rating) == 1338 and win.games == lose.games == 1
    d1, d2 = rate_match(Rating(), Rating(), 0.5)
    assert d1.rating == pytest.approx(1500) and d2.rating == pytest.approx(1500) and d1.rd < 350
    # beating a much weaker, well-known player gains little; losing to them costs a lot
    strong, weak = Rating(1900, 60, 0.06, 40), Rating(1400, 60, 0.06, 40)
    s_win, _ = rate_match(strong, weak, 1.0)
    s_lose, _ = rate_match(strong, weak, 0.0)
    assert 0 < s_win.rating - 1900 < 5 and 1900 - s_lose.rating > 15


def test_an_unreadable_stored_rating_starts_again():
    assert Rating.from_json({"rating": "x"}) == Rating()
    assert Rating.from_json({"rating": 1600, "rd": -1, "vol": 0.06, "games": 3}) == Rating()
    r = Rating(1612.5, 80.25, 0.0599, 7)
    assert Rating.from_json(r.to_json()) == r


def test_weeks_without_a_match_widen_the_deviation_so_a_return_moves_further():
    week = 7 * 86400.0
    t0 = 1_700_000_000.0
    regular = Rating(1600, 60, 0.06, 50, t0)
    assert rate_match(regular, Rating(1600, 60, 0.06, 50, t0), 1.0, t0 + 3600)[0].rd < 62   # a day later: as sure
    back = rate_match(regular, Rating(1600, 60, 0.06, 50, t0 + 52 * week), 1.0, t0 + 52 * week)[0]
    stayed = rate_match(regular, Rating(1600, 60, 0.06, 50, t0 + 52 * week), 1.0, t0 + 3600)[0]
    assert back.rating - 1600 > stayed.rating - 1600 + 5     # a year away: less sure, moved further
    assert back.at == t0 + 52 * week and Rating.from_json(back.to_json()) == back
    from engine.net.rating import aged
    assert aged(Rating(1500, 340, 0.06, 3, t0), t0 + 500 * week).rd == 350       # never wider than a newcomer's
