"""The sentence helper: what a native speaker would write."""
from engine.core.text import a, conceded, count, does, named, possessive, you_agree


def test_articles_and_plurals():
    assert a("armour") == "an armour" and a("accessory") == "an accessory" and a("weapon") == "a weapon"
    assert count(1, "creature") == "1 creature" and count(2, "creature") == "2 creatures"
    assert count(1, "move") == "1 move" and count(0, "move") == "0 moves" and count(3, "copy") == "3 copies"


def test_you_and_names_agree_with_their_verbs():
    assert does("You", "go", "first") == "You go first"
    assert does("AI (easy)", "go", "first") == "AI (easy) goes first"
    assert you_agree("You goes first.") == "You go first."
    assert you_agree("You draws a card. You passes. You has 3 cards.") == "You draw a card. You pass. You have 3 cards."
    assert you_agree("You pass.") == "You pass."
    assert possessive("You", capital=True) == "Your" and possessive("AI (easy)") == "AI (easy)'s"


def test_one_tense_for_conceding():
    assert conceded("You", stop=True) == "You conceded." and conceded("AI (easy)") == "AI (easy) conceded"
    assert named(conceded("Player 1", stop=True), ("You", "AI (easy)")) == "You conceded."
