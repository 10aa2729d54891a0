"""The Evons turn planner: it places a Block from hand with a Block arrow where the Block
shields a card from a flip, counts a Block in hand below a monster, and tries one copy
of a card where it holds two."""
from __future__ import annotations

from engine.ai import make_agent
from engine.evons.cards import MAIN_CELLS, cell_name
from engine.evons.evaluation import evaluate
from engine.evons.tactics import planner_evaluate
from engine.evons.match import SELECT
from engine.evons.tactics import harmful
from engine.evons.testing import card_at, scenario

EMPTY = ("B2", "C3", "E1", "A5")


def _walled(fox_cell="C4", fox="cinder_fox", hand0=("magma_golem", "fire_wall", "fire_wall")):
    """Every main cell but ``EMPTY`` holds the opponent's Stone Wall; ours: Ember Imp on A1
    and ``fox`` on ``fox_cell``; theirs: Pebble Crab on E5 and a Pebble Crab in hand, whose
    south arrow flips a card below it with no arrow north. A Magma Golem on B2 aims its
    Block arrow (south-east) at C3."""
    grid = {cell_name(c): ("stone_wall", 1) for c in MAIN_CELLS if cell_name(c) not in EMPTY}
    grid[fox_cell] = (fox, 0)
    grid["A1"] = ("ember_imp", 0)
    grid["E5"] = ("pebble_crab", 1)
    return scenario(grid=grid, hand0=list(hand0), hand1=["pebble_crab", "stone_ram"],
                    deck0=["ember_imp"] * 5, deck1=["stone_ram"] * 5, credits=(30, 30))


def _planner_turn(m, seed=5):
    ag = make_agent("planner", seed)
    turn = m.turn()
    while m.turn() == turn and m.result() is None:
        acts = m.legal_actions()
        m.apply(ag.choose(m) if m.to_move() == 0 else acts[0])
    return m


def test_the_planner_places_a_fire_wall_to_shield_a_card_from_a_flip():
    # Cinder Fox on C4 has no arrow north: a Pebble Crab on C3 would flip it
    m = _planner_turn(_walled())
    assert card_at(m, "B2") == "magma_golem"
    assert card_at(m, "C3") == "fire_wall"


def test_a_block_in_hand_counts_less_to_the_planner_than_to_the_expert():
    walls = _walled(hand0=("magma_golem", "fire_wall", "fire_wall"))
    monsters = _walled(hand0=("magma_golem", "ember_imp", "ember_imp"))
    # the expert counts cards in hand alike; the planner values Walls below monsters
    assert evaluate(walls, 0) == evaluate(monsters, 0)
    assert planner_evaluate(walls, 0) < planner_evaluate(monsters, 0)
    assert planner_evaluate(monsters, 0) == evaluate(monsters, 0)


def test_a_second_copy_of_a_card_is_left_out_of_the_planners_choices():
    m = _walled(hand0=("magma_golem", "magma_golem", "fire_wall"))
    acts = m.legal_actions()
    golems = [a for a in acts if a[0] == SELECT and m.card(a[1]).id == "magma_golem" and not a[2]]
    assert len(golems) == 2
    assert not harmful(m, golems[0], acts)
    assert harmful(m, golems[1], acts)


def test_the_planners_evons_state_key_tells_positions_apart_as_the_full_signature_does():
    """The beam drops a position it has met: Evons' own key must call two positions the
    same exactly when the generic signature of the whole state does (a key that missed a
    field would drop a different position; one that read too much would keep copies)."""
    from engine.ai.arena import _game_setup
    from engine.ai.planner import signature
    from engine.evons.tactics import state_key
    new_match, deck_pair = _game_setup("evons", None)
    m = new_match(deck_pair(5), 5)
    ai = make_agent("easy", 3)
    by_key, by_sig = {}, {}
    for _ in range(80):
        if m.result() is not None:
            break
        for a in m.legal_actions()[:6]:          # siblings: positions one action apart
            c = m.clone()
            c.apply(a)
            by_key.setdefault(state_key(c), set()).add(signature(c))
            by_sig.setdefault(signature(c), set()).add(state_key(c))
        m.apply(ai.choose(m))
    assert len(by_key) > 100
    assert all(len(v) == 1 for v in by_key.values()) and all(len(v) == 1 for v in by_sig.values())
