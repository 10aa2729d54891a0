"""Glicko-2 ratings (Mark E. Glickman, "Example of the Glicko-2 system", Boston
University, 2022 revision): a rating, its deviation (how sure it is) and a
volatility (how erratic the player is), per game and player on a community server.

Each finished match is one rating period for its two players, both rated from
their ratings before it (:func:`rate_match`). Time without a match counts as Glickman's
periods without games: each whole week since a player's last rated match widens their
deviation as step 6 says (:func:`aged`), so a player back after months moves faster. Implemented from the published
steps (the volatility found with the Illinois algorithm of step 5.1–5.5);
``tests/test_rating.py`` checks Glickman's worked example to his printed
precision. (The ``glicko2`` package on PyPI was considered: its step 5 uses the
rating where the paper has the deviation, so its volatilities are wrong.)

Pure Python, standard library only.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178           # Glicko-2's scale factor (400 / ln 10)
START = 1500.0
START_RD = 350.0
START_VOL = 0.06
TAU = 0.5                  # the system constant: how much the volatility may change
EPSILON = 0.000001         # the convergence tolerance of step 5
MIN_RD = 30.0              # a deviation never falls below this (a rating always moves a little)
IDLE_PERIOD = 7 * 86400.0  # a week without a match: one rating period without games


@dataclass(frozen=True)
class Rating:
    rating: float = START
    rd: float = START_RD
    vol: float = START_VOL
    games: int = 0
    at: float | None = None    # when the last rated match ended (seconds since the epoch)

    def to_json(self) -> dict:
        return {"rating": self.rating, "rd": self.rd, "vol": self.vol, "games": self.games, "at": self.at}

    @classmethod
    def from_json(cls, obj) -> Rating:
        """A stored rating, or the starting one when it cannot be read."""
        try:
            r, rd, vol, games = (float(obj["rating"]), float(obj["rd"]), float(obj["vol"]),
                                 int(obj["games"]))
        except (KeyError, TypeError, ValueError):
            return cls()
        if not (0 < rd <= START_RD and 0 < vol < 1 and -10_000 < r < 10_000 and games >= 0):
            return cls()
        at = obj.get("at")
        at = float(at) if isinstance(at, (int, float)) and not isinstance(at, bool) and 0 <= at < 1e11 else None
        return cls(r, rd, vol, games, at)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, results, *, tau: float = TAU) -> Rating:
    """``player`` after one rating period of ``results``: ``[(opponent Rating, score)]``
    with score 1 (won), 0.5 (draw) or 0 (lost). No results: only the deviation grows
    (step 6 with nothing played)."""
    # step 2: to the Glicko-2 scale
    mu = (player.rating - START) / SCALE
    phi = player.rd / SCALE
    sigma = player.vol
    if not results:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, min(START_RD, phi_star * SCALE), sigma, player.games, player.at)
    opp = [((o.rating - START) / SCALE, o.rd / SCALE, float(s)) for o, s in results]
    # steps 3 and 4: the estimated variance v and the improvement delta
    v_inv = 0.0
    total = 0.0
    for mu_j, phi_j, s in opp:
        g, e = _g(phi_j), _e(mu, mu_j, phi_j)
        v_inv += g * g * e * (1.0 - e)
        total += g * (s - e)
    v = 1.0 / v_inv
    delta = v * total
    # step 5: the new volatility (the Illinois algorithm)
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(200):          # converges in a handful of steps; bounded all the same
        if abs(big_b - big_a) <= EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    sigma_new = math.exp(big_a / 2.0)
    # steps 6 and 7: the new deviation and rating
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * total
    # step 8: back to the Glicko scale
    return Rating(SCALE * mu_new + START, SCALE * phi_new, sigma_new, player.games + len(results), player.at)


def aged(r: Rating, now: float | None) -> Rating:
    """``r`` as of ``now``: one period without games (step 6) for each whole
    :data:`IDLE_PERIOD` since its last rated match; never wider than a newcomer's."""
    if now is None or r.at is None or now - r.at < IDLE_PERIOD:
        return r
    periods = min(1000, int((now - r.at) // IDLE_PERIOD))
    phi = math.sqrt((r.rd / SCALE) ** 2 + periods * r.vol * r.vol)
    return Rating(r.rating, min(START_RD, phi * SCALE), r.vol, r.games, r.at)


def rate_match(a: Rating, b: Rating, score_a: float, now: float | None = None) -> tuple[Rating, Rating]:
    """Both players after one match between them that ended at ``now`` (``score_a``: 1 a
    won, 0.5 draw, 0 b won), each from the other's rating before it (aged to ``now``); a
    deviation never drops under :data:`MIN_RD`."""
    a, b = aged(a, now), aged(b, now)
    na, nb = update(a, [(b, score_a)]), update(b, [(a, 1.0 - score_a)])
    return (Rating(na.rating, max(MIN_RD, na.rd), na.vol, na.games, now),
            Rating(nb.rating, max(MIN_RD, nb.rd), nb.vol, nb.games, now))
