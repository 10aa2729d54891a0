"""The sentence helper: what a native speaker would write."""
from engine.core.text import SEATS, Names, a, conceded, count, does, possessive


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
