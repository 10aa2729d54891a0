"""A search from a position where the other player is to move — the review's win estimate
after each of the human's decisions — plays on guesses of that player's hidden hand. Every
guess holds other cards, so an action of the first guess (a hand index) may be another card,
or nothing, in the next: the search only ever plays what the guess in hand allows. (The
review of an Everdawn game cast a Battle Fury 'into lane 7' on such a guess.)"""
from __future__ import annotations

import pytest

from engine.ai.review import _search
from engine.core.harness import random_game, starter_pair
from engine.games import get_game


def _positions(game, want=4):
    """Positions from random games where player 1 is to move with several cards in hand."""
    spec = get_game(game)
    out = []
    for seed in range(40, 400):
        _, acts = random_game(game, seed)
        m = spec.match_class.new(starter_pair(game, seed), seed, None)
        for i, a in enumerate(acts):
            if i > 6 and m.to_move() == 1 and len(m.legal_actions()) > 3 and i % 5 == 0:
                out.append(m.clone())
                break
            m.apply(a)
        if len(out) >= want:
            return out
    return out


@pytest.mark.parametrize("game", ("everdawn", "essveil", "evons"))
def test_a_search_for_the_player_not_to_move_plays_only_what_each_guess_allows(game, monkeypatch):
    cls = get_game(game).match_class
    orig = cls.apply
    bad = []

    def apply(self, action, *, check=True):
        if not check and self.result() is None and tuple(action) not in set(map(tuple, self.legal_actions())):
            bad.append(self.action_text(action) if hasattr(self, "action_text") else action)
        return orig(self, action, check=check)

    positions = _positions(game)
    assert positions
    monkeypatch.setattr(cls, "apply", apply)
    for k, m in enumerate(positions):
        _search(m.view(0), 0, 100 + k, 24)
    assert not bad, bad[:5]
