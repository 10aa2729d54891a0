"""Evons' reasons for the hint and the review, from the planner's own line for a move
(engine.ai.advice; words in engine/evons/advice.py): the cells a placement flips, whether
the opponent's reply flips any back, the score after it."""
from engine.ai.advice import reason
from engine.evons.match import PLAY
from engine.evons.testing import cell, find, scenario

FILL = ["gloom_bat"] * 6
GRID = {"D3": ("tide_sprite", 1), "C4": ("cinder_fox", 1), "D5": ("tide_sprite", 1)}


def test_a_placement_names_the_cells_it_flips_and_says_it_exposes_none():
    # Flame Warden's E and S arrows from C3 -> D3 and C4, neither points back; the opponent
    # has no credits to answer with an active card
    m = scenario(grid=GRID, hand0=["flame_warden"], deck0=FILL, deck1=FILL, credits=(50, 0))
    words = reason(m.view(0), 0, [(PLAY, find(m, "flame_warden"), cell("C3"), 0)])
    assert words.startswith("flips D3 and C4 and exposes none (score "), words


def test_a_placement_the_reply_answers_says_how_many_it_flips_back():
    m = scenario(grid=GRID, hand0=["flame_warden"], deck0=FILL, deck1=FILL)
    words = reason(m.view(0), 0, [(PLAY, find(m, "flame_warden"), cell("C3"), 0)])
    assert words.startswith("flips D3 and C4; their reply flips 2 cards of yours back"), words


def test_an_opening_choice_gets_no_words_about_a_turn_not_begun():
    """A mulligan is decided before any turn: no "flips nothing" about it."""
    from engine.core.harness import starter_pair
    from engine.core.session import MatchSession
    m = MatchSession.new("evons", starter_pair("evons", 3), 3).match
    assert m.phase() == "mulligan"
    v = m.view(m.to_move())
    assert all(reason(v, m.to_move(), [a]) == "" for a in m.legal_actions()[:3])
