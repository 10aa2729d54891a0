"""Shared code reaches a game's client package through client.tables.game_package: each
real game's package, None for a game without one (the tests' toy game), so that cards
in play, the settings screen and the layout check ask one place."""
import pytest

from client.settings import game_settings
from client.tables import game_package
from engine.games import GAME_NAMES

from support import toy_game


@pytest.mark.parametrize("game", GAME_NAMES)
def test_each_game_has_its_client_package(game):
    pkg = game_package(game)
    assert pkg.__name__ == f"client.tables.{game}"
    assert pkg.STATE_FIELDS            # what its cards in play show over the printed card


def test_a_game_without_a_client_package_has_none(monkeypatch):
    toy_game.register(monkeypatch)
    assert game_package("toy") is None
    from client.cards.state import in_play, stat_colour
    card = toy_game.TOY_CARDS["c3"]
    face = in_play("toy", card, _NoState())
    assert face.name == "Card 3" and face.shown() == {}
    assert stat_colour(face, "value", (1, 2, 3)) == (1, 2, 3)


def test_game_settings_come_from_the_packages():
    assert {s.game for s in game_settings().values()} <= set(GAME_NAMES)
    for g in GAME_NAMES:
        assert [s.name for s in game_settings().values() if s.game == g] == \
            [row[0] for row in getattr(game_package(g), "SETTINGS", ())]


class _NoState:
    left = None

    def stat(self, name):
        return None

    def summary(self):
        return ""
