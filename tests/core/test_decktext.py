"""Deck text import/export (engine/core/decktext.py): round trips for every
starter deck, line-numbered reports for bad lines, limits asked of the engine.

Deck text pasted or loaded by a player (engine/core/decktext.py) never makes
the importer fail, whatever the text: every bad line is reported instead."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st
from engine.core.deck import Deck
from engine.core.decktext import deck_to_text, import_deck_text, parse_deck_text
from engine.games import GAME_NAMES, get_game
from support import toy_game


STARTERS = [(g, d.name) for g in GAME_NAMES for d in get_game(g).starter_decks()]


def test_every_game_has_starter_decks():
    for g in GAME_NAMES:
        assert get_game(g).starter_decks(), g


@pytest.mark.parametrize("game,name", STARTERS)
def test_export_then_import_gives_the_same_deck(game, name):
    spec = get_game(game)
    deck = next(d for d in spec.starter_decks() if d.name == name)
    text = deck_to_text(spec, deck)
    assert text.startswith(f"Deck: {deck.name}\nGame: {spec.title}\n")
    res = import_deck_text(spec, text)
    assert res.problems == []
    assert dict(res.deck.cards) == dict(deck.cards)
    assert res.deck.name == deck.name and res.deck.description == deck.description
    assert spec.validate_deck(res.deck) == []


def test_export_uses_the_games_sections_and_card_names():
    spec = get_game("everdawn")
    deck = spec.starter_decks()[0]
    text = deck_to_text(spec, deck)
    for title, rows in spec.deck_sections(deck):
        assert f"\n{title} ({sum(n for _, n in rows)})\n" in text
        for cid, n in rows:
            assert f"\n{n} {spec.cards[cid].name}\n" in text


def test_unknown_cards_are_reported_by_line_and_the_rest_kept():
    spec = get_game("everdawn")
    text = "Deck: Test\nChampion\n1 Traghrim\n\nWeapons\n2 Iron Swrod\n3 Flumph\n2 iron sword\n"
    res = import_deck_text(spec, text)
    assert dict(res.deck.cards) == {"traghrim": 1, "iron_sword": 2}
    assert res.deck.name == "Test"
    assert len(res.problems) == 2
    assert res.problems[0].startswith("line 6: “Iron Swrod” is not an Everdawn card")
    assert "did you mean “Iron Sword”" in res.problems[0]
    assert res.problems[1].startswith("line 7: “Flumph”")
    assert res.kept_lines == 2 and res.skipped_lines == 2


@pytest.mark.parametrize("game,line,card,kept,words", [
    ("everdawn", "5 Iron Sword", "iron_sword", 3, "at most 3 copies"),
    ("everdawn", "2 Reforge", "reforge", 1, "at most 1 copy of a spell"),
    ("everdawn", "4 Hill Brute", "hill_brute", 3, "at most 3 copies of a creature"),
    ("evons", "7 Ember Imp", "ember_imp", 4, "at most 4 copies"),
    ("essveil", "9 Firebolt", "firebolt", 3, "at most 3 copies"),
])
def test_over_limit_lines_keep_what_the_game_allows(game, line, card, kept, words):
    spec = get_game(game)
    res = import_deck_text(spec, f"Cards\n{line}\n")
    assert dict(res.deck.cards) == {card: kept}
    assert len(res.problems) == 1
    p = res.problems[0]
    assert p.startswith("line 2:") and words in p and f"kept {kept}" in p


def test_over_limit_across_two_lines_keeps_the_remainder():
    spec = get_game("evons")
    res = import_deck_text(spec, "3 Ember Imp\n3 Ember Imp\n")
    assert dict(res.deck.cards) == {"ember_imp": 4}
    assert res.problems and res.problems[0].startswith("line 2:") and "kept 1 more" in res.problems[0]


def test_a_second_champion_line_is_skipped_with_the_rule():
    spec = get_game("everdawn")
    res = import_deck_text(spec, "1 Traghrim\n1 High King Arenor\n")
    assert dict(res.deck.cards) == {"traghrim": 1}
    assert res.problems[0].startswith("line 2:") and "exactly 1 Champion" in res.problems[0]
    assert "skipped" in res.problems[0]


def test_essveil_tokens_are_refused_by_the_engine_rule():
    spec = get_game("essveil")
    token = next(c for c in spec.cards.values() if c.kind == "token")
    res = import_deck_text(spec, f"2 Firebolt\n1 {token.name}\n")
    assert dict(res.deck.cards) == {"firebolt": 2}
    assert res.problems[0].startswith("line 2:") and "tokens" in res.problems[0]


def test_formats_players_type():
    spec = get_game("evons")
    text = ("# my deck\n// comment\nName: Quick\nMonsters:\n3x Ember Imp\n2 x cinder fox\nember_imp\n"
            "Flame Warden\n4×Stone Ram\n")
    res = import_deck_text(spec, text)
    assert res.problems == []
    assert dict(res.deck.cards) == {"ember_imp": 4, "cinder_fox": 2, "flame_warden": 1, "stone_ram": 4}
    assert res.deck.name == "Quick"


def test_bad_counts_and_garbage_lines_are_reported():
    spec = get_game("essveil")
    res = import_deck_text(spec, "0 Firebolt\n100 Firebolt\n2 Firebolt\n3\n")
    assert dict(res.deck.cards) == {"firebolt": 2}
    assert [p.split(":")[0] for p in res.problems] == ["line 1", "line 2", "line 4"]


def test_deck_for_another_game_says_so():
    res = import_deck_text(get_game("essveil"), deck_to_text(get_game("evons"), get_game("evons").starter_decks()[0]))
    assert "deck for Evons, not Essveil" in res.problems[0]


def test_empty_text_reports_no_cards():
    res = import_deck_text(get_game("evons"), "\n\n# nothing\n")
    assert not res.deck.cards and "No card lines" in res.problems[0]


def test_windows_line_endings_and_bom():
    spec = get_game("evons")
    res = import_deck_text(spec, "\ufeffDeck: W\r\n4 Ember Imp\r\n")
    assert res.problems == [] and dict(res.deck.cards) == {"ember_imp": 4} and res.deck.name == "W"


def test_too_long_text_is_cut_with_a_message():
    res = parse_deck_text("1 Ember Imp\n" * 20000)
    assert any("too long" in p for p in res.problems)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300))
def test_any_text_imports_without_crashing(text):
    for g in GAME_NAMES:
        res = import_deck_text(get_game(g), text)
        assert isinstance(res.deck, Deck)
        for cid, n in res.deck.cards:
            assert cid in get_game(g).cards and n >= 1



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
