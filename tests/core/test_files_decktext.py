"""Deck text pasted or loaded by a player (engine/core/decktext.py) never makes
the importer fail, whatever the text: every bad line is reported instead."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from support import toy_game
from engine.games import get_game

REAL = toy_game.playable_games()


def _line(names):
    return st.one_of(
        st.text(max_size=40),
        st.builds(lambda n, x, c: f"{n}{x}{c}", st.integers(-5, 10 ** 7),
                  st.sampled_from([" ", "x ", "x", " x ", "×", "\t"]), st.sampled_from(names)),
        st.sampled_from(["Deck: ", "Game: evons", "Game: chess", "Description: " + "d" * 600,
                         "Name: " + "n" * 100, "# comment", "// comment", "", "3", "x", "99999999 x"]))


@pytest.mark.parametrize("game", REAL)
@settings(max_examples=150, deadline=None, derandomize=True)
@given(data=st.data())
def test_deck_text_import_never_fails(game, data):
    from engine.core.decktext import import_deck_text
    spec = get_game(game)
    names = [c.name for c in spec.cards.values()] + list(spec.cards)[:10]
    lines = data.draw(st.lists(_line(names), max_size=30))
    r = import_deck_text(spec, "\n".join(lines))
    assert r is not None
