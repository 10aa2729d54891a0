"""Deck-rule messages read as a native speaker would write them: "1 card", "2 cards",
"0 cards" — in `python -m engine validate-deck` and in the deck builder's validation
bar, for every game; and a rule broken by another amount (3 cards, then 1 card) is
still the same rule to the builder."""
from __future__ import annotations

import json
import re

import pytest


from engine.core.deck import Deck
from engine.core.decktext import _norm_key, new_problems
from engine.games import get_game

# (game, cards, a sentence the problems must hold)
CASES = [
    ("everdawn", {}, "Creature deck: 0 creatures; it needs exactly 10"),
    ("everdawn", {"traghrim": 1}, "Creature deck: 1 creature; it needs exactly 10"),
    ("everdawn", {"traghrim": 1, "iron_vanguard": 1}, "Creature deck: 2 creatures; it needs exactly 10"),
    ("everdawn", {}, "Support deck: 0 cards; it needs exactly 30"),
    ("everdawn", {"iron_sword": 1}, "Support deck: 1 card; it needs exactly 30"),
    ("everdawn", {"iron_sword": 2}, "Support deck: 2 cards; it needs exactly 30"),
    ("everdawn", {}, "Champion: none; the creature deck needs exactly 1 Champion"),
    ("everdawn", {"traghrim": 2}, "Traghrim: 2 Champions; the creature deck allows exactly 1 Champion"),
    ("everdawn", {"iron_vanguard": 4}, "Iron Vanguard: 4 copies; at most 3 copies of a creature"),
    ("everdawn", {"divine_destruction": 2}, "Divine Destruction: 2 copies; at most 1 copy of a spell"),
    ("evons", {}, "The deck has 0 cards; an Evons deck has exactly 60 cards."),
    ("evons", {"ember_imp": 1}, "The deck has 1 card; an Evons deck has exactly 60 cards."),
    ("evons", {"ember_imp": 2}, "The deck has 2 cards; an Evons deck has exactly 60 cards."),
    ("evons", {"ember_imp": 5}, "Ember Imp: 5 copies; at most 4 copies of any card."),
    ("essveil", {}, "Deck: 0 cards; a deck needs at least 50 cards"),
    ("essveil", {"ember_sprite": 1}, "Deck: 1 card; a deck needs at least 50 cards"),
    ("essveil", {"ember_sprite": 2}, "Deck: 2 cards; a deck needs at least 50 cards"),
    ("essveil", {"ember_sprite": 4}, "Ember Sprite: 4 copies; at most 3 copies of a card."),
]

BAD = re.compile(r"(?<![\d.])1 (cards|creatures|copies|Champions)\b|\b[02-9] (card|creature|copy|Champion)\b")


def _write(tmp_path, game, cards):
    p = tmp_path / f"{game}-{len(cards)}-{sum(cards.values())}.json"
    p.write_text(json.dumps({"format": "cardhall-deck", "version": 1, "game": game, "name": "Test",
                             "cards": cards}))
    return p


@pytest.mark.parametrize("game,cards,want", CASES)
def test_validate_deck_command_counts_in_good_english(tmp_path, capsys, game, cards, want):
    from engine.core.harness import validate_deck_main
    path = _write(tmp_path, game, cards)
    capsys.readouterr()
    assert validate_deck_main([game, str(path)]) == 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert any(want in ln for ln in lines), lines
    assert not any(BAD.search(ln) for ln in lines), lines


def test_a_rule_broken_by_another_amount_is_the_same_rule():
    assert _norm_key("Support deck: 1 card; it needs exactly 30") == _norm_key(
        "Support deck: 3 cards; it needs exactly 30")
    assert _norm_key("Ember Imp: 5 copies; at most 4 copies") == _norm_key("Ember Imp: 1 copy; at most 4 copies")
    for game, one, two in (("everdawn", {"iron_sword": 1}, {"iron_sword": 2}),
                           ("evons", {"ember_imp": 1}, {"ember_imp": 2}),
                           ("essveil", {"ember_sprite": 1}, {"ember_sprite": 2})):
        sp = get_game(game)
        before = Deck(game, "t", tuple(one.items()))
        after = Deck(game, "t", tuple(two.items()))
        # 1 card -> 2 cards (and back) breaks no new rule: still the deck size rule
        assert new_problems(sp, before, after) == [], game
        assert new_problems(sp, after, before) == [], game


@pytest.mark.parametrize("game,cards,want", [c for c in CASES if "copies" not in c[2].split(";")[0]])
def test_deck_builder_validation_bar_counts_in_good_english(plain_driver, game, cards, want):
    deck = Deck(game, "Test", tuple(cards.items()))
    sc = plain_driver.open("deckbuilder", game=game, deck=deck)
    plain_driver.step(2)
    text = sc.status_text()
    probs = sc.model.problems
    assert any(want in p for p in probs), probs
    assert not BAD.search(text), text
    assert not any(BAD.search(p) for p in probs), probs
