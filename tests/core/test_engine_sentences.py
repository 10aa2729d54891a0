"""Every sentence the engines say in seeded games — each legal action's name, every
log line, why an action is refused (the moves legal a moment ago, tried again), the
result — reads as a native speaker would write it, worded for each way a screen calls
the players ("you" and "the AI", "Player 1" and "Player 2", names): no "1 cards",
"a armour", "You goes", doubled spaces or "card(s)"."""
import pytest

from engine.core.harness import starter_pair
from engine.core.rng import Rng
from engine.core.text import Names, grammar_problems
from engine.games import get_game

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
        for a in legal[:40]:
            yield m.action_text(a)
        for a in before[:12]:  # most are refused now: the refusal is a sentence too
            if a not in legal:
                why = m.explain_illegal(a)
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
