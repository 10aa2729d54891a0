"""The engine contract's timeout decision (``Match.timeout_action``): always a legal
action, and made again and again by the player out of time it ends their part of
the turn — in every game, from positions all over random matches."""
from __future__ import annotations

import random

import pytest

from engine.core.harness import starter_pair
from engine.games import get_game

GAMES = ("everdawn", "evons", "essveil")


@pytest.mark.parametrize("game", GAMES)
def test_the_timeout_decision_is_legal_and_ends_the_players_part_of_the_turn(game):
    cls = get_game(game).match_class
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        m = cls.new(starter_pair(game, seed + 1), seed, cls.default_options())
        for _step in range(400):
            if m.result() is not None:
                break
            if rng.random() < 0.15:
                # the player to move runs out of time here: the server decides for them
                p, key = m.to_move(), (m.turn(), m.turn_player())
                probe = m.clone()
                for _ in range(300):
                    if probe.result() is not None or (probe.turn(), probe.turn_player()) != key:
                        break
                    if probe.to_move() != p:
                        # the other player answers (quickly: with their own timeout decision)
                        probe.apply(probe.timeout_action())
                        continue
                    a = probe.timeout_action()
                    assert probe.why_illegal(a) is None
                    probe.apply(a)
                else:
                    pytest.fail(f"{game} seed {seed}: 300 timeout decisions did not end turn {key}")
                checked += 1
            m.apply(rng.choice(m.legal_actions()))
    assert checked >= 20
