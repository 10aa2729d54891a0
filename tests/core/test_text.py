"""Sentences: the helper, every sentence the engines say in seeded games, the deck rules' messages.

The sentence helper: what a native speaker would write.

Every sentence the engines say in seeded games — each legal action's name, every
log line, why an action is refused (the moves legal a moment ago, tried again), the
result — reads as a native speaker would write it, worded for each way a screen calls
the players ("you" and "the AI", "Player 1" and "Player 2", names): no "1 cards",
"a armour", "You goes", doubled spaces or "card(s)".

Deck-rule messages read as a native speaker would write them: "1 card", "2 cards",
"0 cards" — in `python -m engine validate-deck` and in the deck builder's validation
bar, for every game; and a rule broken by another amount (3 cards, then 1 card) is
still the same rule to the builder."""
from __future__ import annotations

from engine.core.text import SEATS, Names, a, conceded, count, does, possessive
import pytest
from engine.core.harness import starter_pair
from engine.core.rng import Rng
from engine.core.text import grammar_problems
from engine.games import get_game
import json
import re
from engine.core.deck import Deck
from engine.core.decktext import _norm_key, new_problems


def test_articles_and_plurals():
    assert a("armour") == "an armour" and a("accessory") == "an accessory" and a("weapon") == "a weapon"
    assert count(1, "creature") == "1 creature" and count(2, "creature") == "2 creatures"
    assert count(1, "move") == "1 move" and count(0, "move") == "0 moves" and count(3, "copy") == "3 copies"


def test_you_and_names_agree_with_their_verbs():
    assert does("You", "go", "first") == "You go first"
    assert does("AI (easy)", "go", "first") == "AI (easy) goes first"
    assert possessive("You", capital=True) == "Your" and possessive("AI (easy)") == "AI (easy)'s"


def test_names_say_each_seat_as_the_screen_calls_it():
    n = Names(("you", "the AI"))
    assert n.does(0, "draw", "a card.") == "You draw a card."
    assert n.does(1, "draw", "a card.") == "The AI draws a card."
    assert n.does(1, "pass", start=False) == "the AI passes"
    assert n.poss(0) == "your" and n.poss(0, True) == "Your"
    assert n.poss(1) == "the AI's" and n.poss(1, True) == "The AI's"
    assert n.self_(0) == "yourself" and n.self_(1) == "themselves"
    hot = Names(("Ann", "James"))
    assert hot.does(1, "have", "no card left.") == "James has no card left."
    assert hot.poss(1) == "James'" and hot.poss(0, True) == "Ann's"
    assert SEATS.does(0, "win") == "Player 1 wins" and SEATS.poss(1) == "Player 2's"
    # a player's own name is left as typed, even at the start of a sentence
    assert Names(("zed", "you")).does(0, "pass") == "zed passes"
    assert Names(("You", "AI (easy)")).you(0) and not Names(("You", "AI (easy)")).you(1)


def test_one_tense_for_conceding():
    assert conceded("You", stop=True) == "You conceded." and conceded("AI (easy)") == "AI (easy) conceded"



NAMES = (Names(("you", "the AI")), Names(("Player 1", "Player 2")), Names(("the AI", "you")),
         Names(("Ann", "James")))


def _sentences(game, seed, moves=400):
    spec = get_game(game)
    decks = starter_pair(game, seed)
    m = spec.match_class.new(decks, seed)
    rng = Rng(seed)
    before: list = []
    for _ in range(moves):
        if m.result() is not None:
            break
        legal = m.legal_actions()
        for act in legal[:40]:
            yield m.action_text(act)
        for act in before[:12]:  # most are refused now: the refusal is a sentence too
            if act not in legal:
                why = m.explain_illegal(act)
                if why:
                    yield why
        before = legal
        a = legal[rng.randrange(len(legal))]
        for e in m.apply(a):
            for names in NAMES:
                yield m.event_text(e, names)
    r = m.result()
    if r is not None:
        for names in NAMES:
            yield r.text(names)


@pytest.mark.parametrize("game", ["everdawn", "evons", "essveil"])
def test_engine_sentences_read_well(game):
    bad = {}
    for seed in (1, 2, 3):
        for said in _sentences(game, seed):
            probs = grammar_problems(said)
            if probs:
                bad.setdefault(said, probs)
    assert not bad, "\n".join(f"{k!r}: {v}" for k, v in list(bad.items())[:20])


def test_the_lint_finds_each_kind_of_mistake():
    cases = {"You have 1 cards.": "one is singular", "3 creature": "plural", "Equip a armour.": "an armour",
             "an sword": "a sword", "You goes first.": "go", "You has been hit.": "have", "You is": "are",
             "Draw  two": "doubled space", "Shuffle 2 card(s).": "(s)", "You's turn": "your"}
    for text, want in cases.items():
        probs = grammar_problems(text)
        assert probs and any(want in p for p in probs), (text, probs)
    for fine in ("You have 1 card.", "Player 1 wins — Player 2's morale is depleted.", "an hour", "a unit",
                 "Each of you starts with 5 cards.", "a 1/1 Wolf", "You draw 3 cards.", "the 30-turn limit",
                 "an Evons card", "+2 ATK", "You pass.", "  •  A creature attacks"):
        assert grammar_problems(fine) == [], (fine, grammar_problems(fine))



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
