"""One test per Evons card: what it costs, where its arrows fight and flip, which ability
arrows it can fire, and that its text says so."""
import pytest

from engine.evons.cards import (ABILITY_TITLES, CARD_ARROWS, DIRECTIONS, ELEMENT_ABILITY, ELEMENTS,
                                NEIGHBOUR, NORMAL, POOL, cell_name, parse_cell)
from engine.evons.match import A_DONE, FIRE, PLAY
from engine.evons.testing import find, play_card, scenario

MONSTERS = [c for c in POOL if c.kind == "monster"]
BLOCKS = [c for c in POOL if c.kind == "block"]
FILL = ["gloom_bat"] * 4
C3 = parse_cell("C3")


def _victim_for(d):
    """A monster with no arrow pointing back from direction d (towards C3)."""
    back = (d + 4) % 8
    for c in MONSTERS:
        if not CARD_ARROWS[c.index][back]:
            return c.id
    raise AssertionError


def test_pool_size_and_element_locks():
    assert len(MONSTERS) >= 48
    for el in ELEMENTS:
        assert sum(1 for c in MONSTERS if c.element == el) >= 8
        assert any(c.element == el for c in BLOCKS)
    for c in MONSTERS:
        for a in c.arrow_codes:
            assert a <= 3 or a == ELEMENT_ABILITY[c.element]
    costs = sorted(c.cost for c in MONSTERS)
    assert costs[0] <= 4 and costs[-1] >= 10


@pytest.mark.parametrize("card", MONSTERS, ids=lambda c: c.id)
def test_monster_costs_its_cost_and_flips_exactly_where_its_arrows_point(card):
    grid = {cell_name(NEIGHBOUR[C3][d]): (_victim_for(d), 1) for d in range(8)}
    m = scenario(grid=grid, hand0=[card.id], credits=(card.cost, 0), deck0=FILL, deck1=FILL)
    play_card(m, card.id, "C3")
    assert m.credits(0) == 0
    while m.turn_player() == 0:
        assert A_DONE in m.legal_actions()          # skip every ability
        m.apply(A_DONE)
    flipped = {d for d in range(8) if m.controller(m.grid[NEIGHBOUR[C3][d]]) == 0}
    assert flipped == {d for d in range(8) if card.arrow_codes[d]}


@pytest.mark.parametrize("card", [c for c in MONSTERS if any(a > NORMAL for a in c.arrow_codes)],
                         ids=lambda c: c.id)
def test_monster_offers_exactly_its_ability_arrows(card):
    # an opponent covered card on every neighbour: any ability arrow may fire at it
    grid = {cell_name(NEIGHBOUR[C3][d]): ("gloom_bat", 1, "covered") for d in range(8)}
    m = scenario(grid=grid, hand0=[card.id], deck0=FILL, deck1=FILL)
    play_card(m, card.id, "C3")
    fire = {a[1] for a in m.legal_actions() if a[0] == FIRE}
    assert fire == {d for d in range(8) if card.arrow_codes[d] > NORMAL}
    for d in fire:
        assert ABILITY_TITLES[card.arrow_codes[d]] in card.text and DIRECTIONS[d] in card.text
    d = min(fire)
    m.apply((FIRE, d))
    assert m.grid[NEIGHBOUR[C3][d]] == -1      # the covered card there was destroyed


@pytest.mark.parametrize("card", BLOCKS, ids=lambda c: c.id)
def test_block_card_goes_to_out_zone_only_and_never_scores(card):
    assert card.cost == 0 and not any(card.arrow_codes) and "Block card" in card.text
    m = scenario(hand0=[card.id], deck0=FILL, deck1=FILL)
    i = find(m, card.id)
    assert m.why_illegal((PLAY, i, C3, 0)) is not None
    assert m.play_targets(i) == [c for c in range(49) if not (1 <= c % 7 <= 5 and 1 <= c // 7 <= 5)]
    play_card(m, card.id, "X0")
    assert m.score(0) == 0
