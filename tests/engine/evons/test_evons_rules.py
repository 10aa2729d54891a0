"""Evons rules, one test per rule or ruling (rulings quoted in the docstrings).

Evons log: a fight says where the two cards stand ("Cinder Fox on B2 fights Ember Imp on
C2: …"), and two of a kind are told apart by their cells ("Pyre Witch on B2 fights Pyre Witch
on C2: the one on B2 takes 5, …"), not "Pyre Witch takes 5, Pyre Witch takes 5"."""
import pytest
from engine.core.deck import Deck
from engine.core.match import IllegalAction
from engine.evons import SPEC
from engine.evons.cards import (CARDS, CENTRE, IN_MAIN, MAIN_CELLS, NEIGHBOUR, OUT_CELLS, cell_name,
                                parse_cell)
from engine.evons.match import (A_DONE, A_KEEP, A_PASS, CONFLICT, DISCARD, FIRE, MULLIGAN, ORDER,
                                PICK, PLAY, EvonsMatch)
from engine.evons.testing import (card_at, end_and_begin_turn, find, inst_at, play_card, scenario)
import random
from engine.core.harness import starter_pair


FILL = ["gloom_bat"] * 6
N, NE, E, SE, S, SW, W, NW = range(8)


def starter(i=0):
    return SPEC.starter_decks()[i]


def new_match(seed=1, options=None):
    return EvonsMatch.new((starter(0), starter(1)), seed, options)


def kinds(ev):
    return [e[0] for e in ev]


# ------------------------------------------------------------------ board and setup
def test_grid_is_7x7_with_5x5_main_zone_and_named_cells():
    assert len(MAIN_CELLS) == 25 and len(OUT_CELLS) == 24
    assert cell_name(0) == "X0" and cell_name(48) == "Y6" and cell_name(CENTRE) == "C3"
    assert IN_MAIN[parse_cell("A1")] and IN_MAIN[parse_cell("E5")]
    assert not IN_MAIN[parse_cell("X3")] and not IN_MAIN[parse_cell("C6")]
    # arrows reach the 8 neighbouring cells only; off the grid there is nothing
    assert sorted(n for n in NEIGHBOUR[CENTRE]) == sorted(
        parse_cell(c) for c in ("C2", "D2", "D3", "D4", "C4", "B4", "B3", "B2"))
    assert NEIGHBOUR[parse_cell("X0")][N] == -1


def test_setup_50_credits_5_cards_and_five_seeded_cell_bonuses():
    """[ruling] At setup, 5 random main-zone cells (seeded, never the centre) get a Cell Bonus."""
    m = new_match(3)
    assert m.credits(0) == m.credits(1) == 50
    assert len(m.hand(0)) == len(m.hand(1)) == 5
    assert m.deck_size(0) == m.deck_size(1) == 55
    bon = m.cell_bonuses()
    assert len(bon) == 5 and CENTRE not in bon and all(IN_MAIN[c] for c in bon)
    assert len(set(bon.values())) == 5
    assert new_match(3).cell_bonuses() == bon          # same seed, same bonuses
    firsts = {new_match(s).turn_player() for s in range(12)}
    assert firsts == {0, 1}                            # coin flip


def test_standard_mulligan_once_put_back_and_draw_back_to_five():
    m = new_match(5)
    p = m.to_move()
    assert m.phase() == "mulligan" and len(m.legal_actions()) == 32
    kept = m.hand(p)[2:]
    m.apply((MULLIGAN, 0b00011))
    assert len(m.hand(p)) == 5 and all(i in m.hand(p) for i in kept)
    assert m.to_move() == 1 - p and m.phase() == "mulligan"   # only one mulligan, now the other player
    m.apply(A_KEEP)
    assert m.phase() == "main" and m.turn() == 1 and m.turn_player() == p


def test_mulligan_variant_whole_hand_one_fewer_repeatable():
    """Rule in testing: shuffle the whole hand back and draw one fewer, repeatable."""
    m = new_match(5, {"mulligan_variant": True})
    p = m.to_move()
    assert sorted(m.legal_actions()) == [A_KEEP, (MULLIGAN, 0b11111)]
    m.apply((MULLIGAN, 0b11111))
    assert len(m.hand(p)) == 4 and m.to_move() == p
    m.apply((MULLIGAN, 0b1111))
    assert len(m.hand(p)) == 3
    m.apply(A_KEEP)
    assert m.to_move() == 1 - p and len(m.hand(1 - p)) == 5


def test_first_turn_draws_but_no_income_then_plus_5_each_turn():
    """[ruling: the first player draws too]; +5 credits except on each player's own first turn."""
    m = new_match(7)
    p = m.to_move()
    m.apply(A_KEEP)
    m.apply(A_KEEP)
    assert len(m.hand(p)) == 6 and m.credits(p) == 50
    m.apply(A_PASS)
    assert m.turn_player() == 1 - p and m.credits(1 - p) == 50 and len(m.hand(1 - p)) == 6
    m.apply(A_PASS)
    assert m.turn_player() == p and m.credits(p) == 55


def test_hand_limit_8_discard_is_a_choice():
    m = scenario(hand0=["ember_imp"] * 9, deck0=FILL, deck1=FILL)
    m.apply(A_PASS)
    assert m.phase() == "discard" and all(a[0] == DISCARD for a in m.legal_actions())
    victim = m.hand(0)[3]
    m.apply((DISCARD, victim))
    assert victim in m.graveyard(0) and len(m.hand(0)) == 8 and m.turn_player() == 1


# ------------------------------------------------------------------ playing cards
def test_active_play_pays_cost_and_refuses_when_unaffordable():
    m = scenario(hand0=["inferno_titan", "ember_imp"], credits=(10, 10), deck0=FILL, deck1=FILL)
    before = m.to_json()
    titan = find(m, "inferno_titan")
    reason = m.why_illegal((PLAY, titan, parse_cell("C3"), 0))
    assert reason == "Not enough credits to play Inferno Titan active (cost 11, you have 10)."
    with pytest.raises(IllegalAction):
        m.apply((PLAY, titan, parse_cell("C3"), 0))
    assert m.to_json() == before
    play_card(m, "ember_imp", "C3")
    assert m.credits(0) == 6 and card_at(m, "C3") == "ember_imp"


def test_occupied_cell_refused_with_reason():
    m = scenario(grid={"C3": ("stone_ram", 1)}, hand0=["ember_imp"], deck0=FILL, deck1=FILL)
    assert m.why_illegal((PLAY, find(m, "ember_imp"), parse_cell("C3"), 0)) == "Cell C3 is occupied."


def test_exactly_one_card_per_turn():
    m = scenario(hand0=["ember_imp", "cinder_fox"], deck0=FILL, deck1=FILL)
    play_card(m, "ember_imp", "A1")
    assert m.turn_player() == 1
    assert m.why_illegal((PLAY, find(m, "cinder_fox", player=0), parse_cell("A2"), 0)) is not None


def test_covered_play_costs_nothing_and_is_revealed_and_paid_next_turn():
    m = scenario(hand0=["flame_warden"], credits=(10, 10), deck0=FILL, deck1=FILL)
    play_card(m, "flame_warden", "B2", covered=True)
    i = inst_at(m, "B2")
    assert m.credits(0) == 10 and m.is_covered(i)
    m.apply(A_PASS)                     # player 2 passes
    # player 1's turn: +5 then reveal pays 6
    assert not m.is_covered(i) and m.credits(0) == 10 + 5 - CARDS["flame_warden"].cost


def test_unaffordable_reveal_is_removed_from_game_and_still_paid():
    """Seed: the card is removed from the game (not sent to the graveyard) and you still pay."""
    m = scenario(grid={"B2": ("inferno_titan", 0, "covered")}, credits=(3, 3),
                 deck0=FILL, deck1=FILL, turn_player=1, hand1=["ember_imp"])
    ev = end_and_begin_turn(m, 0)
    i = [e for e in ev if e[0] == "unaffordable"][0][2]
    assert i in m.removed(0) and card_at(m, "B2") is None
    assert m.credits(0) == 3 + 5 - CARDS["inferno_titan"].cost


def test_reveal_pays_cheapest_first():
    """[ruling] Covered cards revealed together are paid cheapest first."""
    m = scenario(grid={"A1": ("inferno_titan", 0, "covered"), "E5": ("ember_imp", 0, "covered")},
                 credits=(7, 0), deck0=FILL, deck1=FILL)
    end_and_begin_turn(m, 0)
    assert card_at(m, "E5") == "ember_imp" and card_at(m, "A1") is None
    assert m.credits(0) == 7 + 5 - CARDS["ember_imp"].cost - CARDS["inferno_titan"].cost


def test_revealed_cards_activate_in_chosen_order():
    m = scenario(grid={"A1": ("ember_imp", 0, "covered"), "E5": ("cinder_fox", 0, "covered")},
                 deck0=FILL, deck1=FILL)
    end_and_begin_turn(m, 0)
    assert m.phase() == "order"
    assert sorted(m.legal_actions()) == [(ORDER, parse_cell("A1")), (ORDER, parse_cell("E5"))]
    ev = m.apply((ORDER, parse_cell("E5")))
    acts = [e[1] for e in ev if e[0] == "activate"]
    assert acts[0] == inst_at(m, "E5")


# ------------------------------------------------------------------ conflicts and flips
def test_conflict_both_deal_atk_and_dead_cards_go_to_graveyard():
    # Flame Warden (3/2) E arrow -> Stone Ram (1/4) has W arrow back: conflict
    m = scenario(grid={"D3": ("stone_ram", 1), "D4": ("ember_imp", 1)}, hand0=["flame_warden"],
                 deck0=FILL, deck1=FILL)
    ev = play_card(m, "flame_warden", "C3")
    c = [e for e in ev if e[0] == "conflict"][0]
    assert c[3] == 1 and c[4] == 3
    ram = inst_at(m, "D3")
    assert m.controller(ram) == 1 and "destroy" not in kinds(ev)  # survived (DEF 4-3), not flipped


def test_damage_lasts_until_the_end_of_the_turn():
    """[ruling] Damage (DEF loss) lasts until the end of the current turn."""
    m = scenario(grid={"D3": ("stone_ram", 1)}, hand0=["flame_warden"], deck0=FILL, deck1=FILL)
    play_card(m, "flame_warden", "C3")
    ram = inst_at(m, "D3")
    assert m.turn_player() == 1 and m.current_def(ram) == CARDS["stone_ram"].defense


def test_conflict_kills_at_def_zero():
    m = scenario(grid={"D3": ("dust_mole", 1)}, hand0=["flame_warden"], deck0=FILL, deck1=FILL)
    # Dust Mole (2/1) has a W arrow (Shockwave) pointing back: conflict kills it
    mole = inst_at(m, "D3")
    play_card(m, "flame_warden", "C3")
    assert mole in m.graveyard(1) and card_at(m, "D3") is None


def test_flip_when_no_arrow_back_and_flip_triggers_nothing():
    """[ruling] A flip triggers nothing by itself and does not cascade."""
    # Flame Warden's E and S arrows -> Tide Sprite and Cinder Fox, neither points back
    m = scenario(grid={"D3": ("tide_sprite", 1), "C4": ("cinder_fox", 1), "D5": ("tide_sprite", 1)},
                 hand0=["flame_warden"], deck0=FILL, deck1=FILL)
    fox = inst_at(m, "C4")
    ev = play_card(m, "flame_warden", "C3")
    assert m.controller(inst_at(m, "D3")) == 0 and m.controller(fox) == 0
    # the flipped fox does not activate and does not flip D5 (its SE arrow) in turn
    assert not any(e[0] == "activate" and e[1] == fox for e in ev)
    assert m.controller(inst_at(m, "D5")) == 1


def test_conflict_order_is_chosen_by_the_player():
    # Flame Warden at C3: E -> D3 Stone Ram (W back), W -> B3 Wave Rider (E back)
    m = scenario(grid={"D3": ("stone_ram", 1), "B3": ("wave_rider", 1)}, hand0=["flame_warden"],
                 deck0=FILL, deck1=FILL)
    play_card(m, "flame_warden", "C3")
    assert m.phase() == "conflict"
    assert sorted(m.legal_actions()) == [(CONFLICT, E), (CONFLICT, W)]
    ev = m.apply((CONFLICT, W))
    # Wave Rider (4 ATK) kills the Warden (DEF 2): its sequence ends, no conflict with D3
    assert card_at(m, "C3") is None and sum(1 for e in ev if e[0] == "conflict") == 1


def test_every_arrow_counts_for_defending_including_ability_arrows():
    """[ruling] Every arrow, with or without an ability, counts for conflicts, defending and flips."""
    # Wave Rider's W arrow is Swap; Flame Warden at D3... use B3 Flame Warden E -> C3 Wave Rider (W swap)
    m = scenario(grid={"C3": ("wave_rider", 1)}, hand0=["flame_warden"], deck0=FILL, deck1=FILL)
    ev = play_card(m, "flame_warden", "B3")
    assert "conflict" in kinds(ev)


def test_out_zone_card_uses_abilities_only():
    """Seed: a card activating in the out zone cannot initiate conflicts and cannot flip."""
    # Flame Warden on X3: E arrow -> A3 (main). Opponent card without arrow back there.
    m = scenario(grid={"A3": ("cinder_fox", 1)}, hand0=["flame_warden"], deck0=FILL, deck1=FILL)
    ev = play_card(m, "flame_warden", "X3")
    assert m.controller(inst_at(m, "A3")) == 1 and "flip" not in kinds(ev)
    # but its Firestorm (N -> X2) may fire from the out zone
    m2 = scenario(grid={"X2": ("ember_imp", 1)}, hand0=["flame_warden"], deck0=FILL, deck1=FILL)
    play_card(m2, "flame_warden", "X3")
    assert m2.phase() == "ability" and (FIRE, N) in m2.legal_actions()


def test_main_zone_card_does_not_fight_or_flip_out_zone_cards():
    """[ruling] Conflicts and flips happen only between cards that both stand in the main zone."""
    m = scenario(grid={"X3": ("cinder_fox", 1), "X4": ("stone_ram", 1)}, hand0=["flame_warden"],
                 deck0=FILL, deck1=FILL)
    ev = play_card(m, "flame_warden", "A3")   # W arrow -> X3
    assert m.controller(inst_at(m, "X3")) == 1 and "conflict" not in kinds(ev)


# ------------------------------------------------------------------ activation sequence
def test_ability_phase_1_happens_before_conflicts():
    # Blaze Drake (4/2): S Remove. Opponent Stone Ram at C4 has N arrow back -> would conflict.
    m = scenario(grid={"C4": ("stone_ram", 1)}, hand0=["blaze_drake"], deck0=FILL, deck1=FILL)
    play_card(m, "blaze_drake", "C3")
    assert m.phase() == "ability"
    ev = m.apply((FIRE, S))
    assert card_at(m, "C4") is None and "conflict" not in kinds(ev)


def test_ability_phase_2_comes_after_flips_and_each_arrow_fires_once():
    # Blaze Drake S Remove -> C4 Cinder Fox (no N arrow): skip phase 1, fox flips, phase 2 offers Remove
    m = scenario(grid={"C4": ("cinder_fox", 1)}, hand0=["blaze_drake"], deck0=FILL, deck1=FILL)
    play_card(m, "blaze_drake", "C3")
    m.apply(A_DONE)              # end ability phase 1
    fox = inst_at(m, "C4")
    assert m.controller(fox) == 0 and m.phase() == "ability"
    m.apply((FIRE, S))           # Remove our freshly flipped fox (either side)
    assert fox in m.graveyard(1)
    assert m.turn_player() == 1  # the Remove arrow could not fire again: sequence over


def test_used_arrow_refused_with_reason():
    m = scenario(grid={"C4": ("cinder_fox", 1), "D4": ("cinder_fox", 1)},
                 hand0=["blaze_drake"], deck0=FILL, deck1=FILL)
    play_card(m, "blaze_drake", "C3")   # SE firestorm -> D4, S remove -> C4
    m.apply((FIRE, S))
    assert m.why_illegal((FIRE, S)) == "The Remove arrow (S) was already used this activation."
    assert m.why_illegal((FIRE, N)) == "The N arrow of Blaze Drake is a Normal arrow: it has no ability."
    assert m.why_illegal((FIRE, E)) == "Blaze Drake has no arrow pointing E."


def test_own_card_moved_reactivates_and_runs_its_whole_sequence_first():
    """Reactivation: your face-up card moved to another cell during your turn."""
    # Stone Ram (S Shockwave) at C2 pushes our Flame Warden from C3 to C4; Warden reactivates
    # and fights D4 Stone Ram (W arrow back) before the Ram's own conflicts.
    m = scenario(grid={"C3": ("flame_warden", 0), "D4": ("stone_ram", 1)}, hand0=["stone_ram"],
                 deck0=FILL, deck1=FILL)
    play_card(m, "stone_ram", "C2")
    ev = m.apply((FIRE, S))
    warden = inst_at(m, "C4")
    assert m.card(warden).id == "flame_warden"
    acts = [e for e in ev if e[0] == "activate"]
    assert acts[0][1] == warden and acts[0][3] == 1       # a reactivation
    assert "conflict" in kinds(ev)


def test_swap_performer_does_not_reactivate():
    """The card performing a Swap does not reactivate from it."""
    m = scenario(grid={"B3": ("ember_imp", 0)}, hand0=["wave_rider"], deck0=FILL, deck1=FILL)
    play_card(m, "wave_rider", "C3")   # W arrow is Swap -> B3
    ev = m.apply((FIRE, W))
    rider, imp = inst_at(m, "B3"), inst_at(m, "C3")
    assert m.card(rider).id == "wave_rider" and m.card(imp).id == "ember_imp"
    acts = [e[1] for e in ev if e[0] == "activate"]
    assert imp in acts and rider not in acts


def test_opponent_card_moved_then_flipped_reactivates_for_you():
    """Reactivation: an opponent card moved and flipped to you."""
    # Coil Sentry (E Magnetism) at B3 targets C3 and pulls opponent Cinder Fox from C4 (no N arrow).
    # The Sentry has an S arrow... the fox lands on C3 (E of B3): Sentry's E arrow is Magnetism,
    # the fox has no W arrow -> flipped in the flip step -> it was moved: it reactivates.
    m = scenario(grid={"C4": ("cinder_fox", 1)}, hand0=["coil_sentry"], deck0=FILL, deck1=FILL)
    play_card(m, "coil_sentry", "B3")
    fox = inst_at(m, "C4")
    ev = m.apply((FIRE, E))
    ev += m.apply((PICK, 0)) if m.phase() == "pick" else []
    assert m.pos[fox] == parse_cell("C3") and m.controller(fox) == 0
    assert any(e[0] == "activate" and e[1] == fox and e[3] == 1 for e in ev)


def test_chain_three_deep_last_triggered_first_resolved():
    # Stone Ram at C1 (S Shockwave) pushes our Stone Ram C2 -> C3; it reactivates and pushes
    # our Flame Warden C4 -> C5; the Warden reactivates and fights D5 before anything else.
    m = scenario(grid={"C2": ("stone_ram", 0), "C4": ("flame_warden", 0), "D5": ("stone_ram", 1)},
                 hand0=["stone_ram"], deck0=FILL, deck1=FILL)
    play_card(m, "stone_ram", "C1")
    m.apply((FIRE, S))            # first Ram pushes second Ram; second Ram reactivates
    ev = m.apply((FIRE, S))       # second Ram pushes the Warden; Warden reactivates and fights
    order = [e[0] for e in ev if e[0] in ("activate", "conflict", "sequence_end")]
    assert order[:3] == ["activate", "conflict", "sequence_end"]
    assert card_at(m, "C5") == "flame_warden"
    assert m.turn_player() == 1


def test_acting_card_destroyed_mid_chain_stops_its_sequence():
    # Flame Warden (DEF 2) fights Wave Rider (ATK 4) first: it dies; its N Firestorm is never offered.
    m = scenario(grid={"B3": ("wave_rider", 1), "C2": ("cinder_fox", 1)}, hand0=["flame_warden"],
                 deck0=FILL, deck1=FILL)
    play_card(m, "flame_warden", "C3")
    m.apply(A_DONE)                    # skip Firestorm in phase 1
    assert card_at(m, "C3") is None and m.turn_player() == 1


def test_game_ends_the_instant_the_main_zone_fills_mid_chain():
    """The instant all 25 main cells are occupied, the game ends, mid-chain included."""
    grid = {}
    free = [parse_cell("C3"), parse_cell("B4")]
    for c in MAIN_CELLS:
        if c not in free:
            grid[cell_name(c)] = ("pebble_crab", 1)
    # Sproutling: SW Growth. Played on C3, targets B4 -> the 25th card; its conflicts never happen.
    m = scenario(grid=grid, hand0=["sproutling", "ember_imp"], deck0=FILL, deck1=FILL)
    play_card(m, "sproutling", "C3")
    assert m.phase() == "ability"
    ev = m.apply((FIRE, SW))
    if m.phase() == "pick":
        ev += m.apply((PICK, find(m, "ember_imp")))
    assert m.is_over() and kinds(ev)[-1] == "end"
    assert "conflict" not in kinds(ev) and "flip" not in kinds(ev)


# ------------------------------------------------------------------ Block cards
def test_block_card_only_into_out_zone_from_hand():
    """[ruling] A Block card may be played from hand only into the out zone."""
    m = scenario(hand0=["stone_wall"], deck0=FILL, deck1=FILL)
    w = find(m, "stone_wall")
    assert m.why_illegal((PLAY, w, parse_cell("C3"), 0)) == \
        "A Block card can be played from your hand only into the out zone."
    assert m.why_illegal((PLAY, w, parse_cell("X3"), 1)) is not None   # never covered
    play_card(m, "stone_wall", "X3")
    assert card_at(m, "X3") == "stone_wall" and m.score(0) == 0


def test_block_filling_last_main_cell_ends_game():
    """A Block filling the last empty main cell still ends the game."""
    free = (parse_cell("B3"), parse_cell("C4"))
    grid = {cell_name(c): ("pebble_crab", 1) for c in MAIN_CELLS if c not in free}
    # Magma Golem: SE Block arrow. On B3 it points at C4, the last empty main cell.
    m = scenario(grid=grid, hand0=["magma_golem", "stone_wall"], deck0=FILL, deck1=FILL)
    play_card(m, "magma_golem", "B3")
    assert not m.is_over() and (FIRE, SE) in m.legal_actions()
    ev = m.apply((FIRE, SE))      # the only Block card in hand is chosen automatically
    assert card_at(m, "C4") == "stone_wall" and m.is_over() and kinds(ev)[-1] == "end"


def test_block_ability_places_block_from_hand_or_clears_a_block():
    m = scenario(hand0=["magma_golem", "stone_wall", "ice_wall"], deck0=FILL, deck1=FILL)
    play_card(m, "magma_golem", "B2")
    m.apply((FIRE, SE))
    assert m.phase() == "pick" and len(m.legal_actions()) == 2      # which Block card
    m.apply((PICK, find(m, "ice_wall")))
    assert card_at(m, "C3") == "ice_wall" and m.controller(inst_at(m, "C3")) == 0
    # on a Block: that Block goes to its owner's graveyard; on a monster: nothing to fire
    m2 = scenario(grid={"C3": ("fire_wall", 1)}, hand0=["magma_golem"], deck0=FILL, deck1=FILL)
    play_card(m2, "magma_golem", "B2")
    wall = inst_at(m2, "C3")
    m2.apply((FIRE, SE))
    assert wall in m2.graveyard(1)
    m3 = scenario(grid={"C3": ("tide_sprite", 0)}, hand0=["magma_golem", "stone_wall"],
                  deck0=FILL, deck1=FILL)
    play_card(m3, "magma_golem", "B2")
    assert m3.turn_player() == 1          # Block on a face-up monster: never offered


# ------------------------------------------------------------------ scoring and the end
def test_score_counts_face_up_main_zone_monsters_only():
    m = scenario(grid={"C3": ("ember_imp", 0), "B2": ("ember_imp", 0, "covered"),
                       "X1": ("ember_imp", 0), "A1": ("stone_wall", 0), "E5": ("ember_imp", 1)},
                 hand0=["ember_imp"], deck0=FILL, deck1=FILL)
    assert m.scores() == (1, 1)


def test_full_main_zone_ends_with_higher_score_winning():
    grid = {}
    for k, c in enumerate(MAIN_CELLS):
        if c != CENTRE:
            grid[cell_name(c)] = ("pebble_crab", 0 if k % 2 else 1)
    m = scenario(grid=grid, hand0=["ember_imp"], deck0=FILL, deck1=FILL)
    play_card(m, "ember_imp", "C3", covered=True)
    r = m.result()
    assert r is not None and m.scores() == (12, 12) and r.winner is None   # covered scores nothing


def test_game_ends_when_both_pass_with_no_cards_left():
    """[ruling] It also ends when both players pass in a row with no card left in hand and deck."""
    m = scenario(grid={"C3": ("ember_imp", 0)}, hand0=["ember_imp"], settle=True)
    m.apply(A_PASS)                 # player 1 still holds nothing to draw but a card in hand
    assert not m.is_over()          # player 2 was forced to pass; player 1 can still play
    m.apply(A_PASS)
    assert not m.is_over()
    m2 = scenario(grid={"C3": ("ember_imp", 0)})   # nothing anywhere: two forced passes
    assert m2.is_over() and m2.result().winner == 0 and "passed" in m2.result().reason


def test_six_passes_in_a_row_end_the_game():
    """[ruling] To stop an endless game, six passes in a row (three each) end it."""
    m = scenario(grid={"E5": ("ember_imp", 1)}, hand0=["ember_imp"], hand1=["ember_imp"],
                 deck0=FILL, deck1=FILL)
    for _ in range(6):
        assert not m.is_over()
        m.apply(A_PASS)
    assert m.is_over() and m.result().winner == 1


def test_concede_is_always_accepted_but_never_listed():
    m = new_match(2)
    assert (14,) not in m.legal_actions()
    p = m.to_move()
    m.apply((14,))
    assert m.result().winner == 1 - p and "conceded" in m.result().reason


# ------------------------------------------------------------------ cell bonuses
@pytest.mark.parametrize("kind,check", [
    ("atk", lambda m, i: m.current_atk(i) == 3),
    ("def", lambda m, i: m.current_def(i) == CARDS["ember_imp"].defense + 2),
    ("credits", lambda m, i: m.credits(0) == 50 - 4 + 10),
    ("draw", lambda m, i: len(m.hand(0)) == 1),
    ("refund", lambda m, i: m.credits(0) == 50 - 4 + 2),
    ("double", lambda m, i: m.score(0) == 2),
])
def test_cell_bonus_applies_once_when_played_face_up(kind, check):
    m = scenario(bonuses={"B2": kind}, hand0=["ember_imp"], deck0=FILL, deck1=FILL)
    play_card(m, "ember_imp", "B2")
    assert check(m, inst_at(m, "B2"))
    assert m.cell_bonuses() == {}


def test_cell_bonus_waits_for_reveal_and_stat_bonus_leaves_with_the_card():
    m = scenario(bonuses={"B2": "atk"}, hand0=["ember_imp"], deck0=FILL, deck1=FILL)
    play_card(m, "ember_imp", "B2", covered=True)
    assert m.cell_bonuses() != {}
    m.apply(A_PASS)
    imp = inst_at(m, "B2")
    assert m.current_atk(imp) == 3 and m.cell_bonuses() == {}


# ------------------------------------------------------------------ rules in testing
def test_color_synergy_option():
    """Rule in testing: a Block gives +1 ATK/+1 DEF in conflicts to adjacent same-element monsters."""
    grid = {"D3": ("stone_ram", 1), "C2": ("fire_wall", 0)}
    base = scenario(grid=grid, hand0=["flame_warden"], deck0=FILL, deck1=FILL)
    ev = play_card(base, "flame_warden", "C3")
    plain = [e for e in ev if e[0] == "conflict"][0]
    syn = scenario(grid=grid, hand0=["flame_warden"], deck0=FILL, deck1=FILL,
                   options={"color_synergy": True})
    ev = play_card(syn, "flame_warden", "C3")
    if syn.phase() == "ability":
        ev += syn.apply(A_DONE)
    boosted = [e for e in ev if e[0] == "conflict"][0]
    assert (plain[3], plain[4]) == (1, 3) and (boosted[3], boosted[4]) == (0, 4)


def test_options_are_declared_off_by_default():
    assert EvonsMatch.default_options() == {"color_synergy": False, "mulligan_variant": False,
                                            "magnetism_self": False}


# ------------------------------------------------------------------ deck rules
def test_deck_rules_name_card_and_rule():
    bad = Deck("evons", "x", (("ember_imp", 5), ("stone_wall", 5)))
    probs = SPEC.validate_deck(bad)
    assert "Ember Imp: 5 copies; at most 4 copies of any card." in probs
    assert "Stone Wall: 5 copies; at most 4 copies of any card." in probs
    assert any("exactly 60 cards" in p for p in probs)
    for d in SPEC.starter_decks():
        assert SPEC.validate_deck(d) == []
    assert len(SPEC.starter_decks()) >= 3


def test_endless_swap_loop_stops_at_the_activation_limit():
    """Engine limit (rules page): at most 200 activations in one turn."""
    m = scenario(grid={"D2": ("tide_sprite", 0)}, hand0=["tide_sprite"], deck0=FILL, deck1=FILL)
    play_card(m, "tide_sprite", "C3")
    n = 0
    while m.turn_player() == 0 and (FIRE, NE) in m.legal_actions():
        m.apply((FIRE, NE))        # the two sprites swap back and forth, each reactivating the other
        n += 1
        assert n < 1000
    assert 150 < n <= 201
    while m.turn_player() == 0:
        m.apply(A_DONE)
    assert m.invariant_problems() == []


def test_opponent_card_flipped_then_moved_reactivates_for_you():
    """Reactivation: an opponent card flipped then moved."""
    # Tide Sprite's NE arrow (Swap) flips the Cinder Fox on D2 (no arrow back); in ability
    # phase 2 the same arrow swaps with it: the fox, now ours and moved, reactivates.
    m = scenario(grid={"D2": ("cinder_fox", 1)}, hand0=["tide_sprite"], deck0=FILL, deck1=FILL)
    fox = inst_at(m, "D2")
    play_card(m, "tide_sprite", "C3")
    m.apply(A_DONE)
    assert m.controller(fox) == 0 and m.phase() == "ability"
    ev = m.apply((FIRE, NE))
    assert m.pos[fox] == parse_cell("C3")
    assert any(e[0] == "activate" and e[1] == fox and e[3] == 1 for e in ev)


def test_opponent_card_moved_but_not_flipped_does_not_reactivate():
    # swap with the opponent's Tide Sprite; afterwards the arrows point at each other
    # (conflict, no flip), so the moved card stays theirs and does not reactivate
    m = scenario(grid={"D2": ("tide_sprite", 1)}, hand0=["tide_sprite"], deck0=FILL, deck1=FILL)
    theirs = inst_at(m, "D2")
    play_card(m, "tide_sprite", "C3")
    ev = m.apply((FIRE, NE))
    assert m.pos[theirs] == parse_cell("C3") and m.controller(theirs) == 1
    assert "conflict" in kinds(ev)
    assert not any(e[0] == "activate" and e[1] == theirs for e in ev)


def test_selected_card_can_be_taken_back():
    m = scenario(hand0=["ember_imp", "cinder_fox"], deck0=FILL, deck1=FILL)
    before = m.to_json()
    m.apply((2, find(m, "ember_imp"), 0))            # SELECT active
    assert m.phase() == "cell" and (4,) not in m.legal_actions()
    assert m.why_illegal((4,)) is None
    m.apply((4,))                                    # CANCEL
    assert m.to_json() == before
    assert m.why_illegal((4,)) == "There is no selected card to take back."


# ------------------------------------------------------------------ issue #16 rule fixes
def test_growth_covered_card_is_revealed_free_even_below_zero_credits():
    """[ruling] A Growth-placed covered card is revealed with your other covered cards, free:
    free is affordable whatever your credits (it is not removed as unaffordable at cost 0)."""
    m = scenario(grid={"A1": ("inferno_titan", 0, "growth")}, credits=(-20, 0), deck0=FILL, deck1=FILL)
    ev = end_and_begin_turn(m, 0)
    assert card_at(m, "A1") == "inferno_titan" and not m.is_covered(inst_at(m, "A1"))
    assert "unaffordable" not in kinds(ev) and m.credits(0) == -20 + 5


def test_color_synergy_comes_only_from_blocks_in_the_main_zone():
    """Public rulebook: Blocks in the out zone give no Color Synergy to main-zone monsters."""
    grid = {"B3": ("stone_ram", 1), "X3": ("fire_wall", 0)}   # the Block is beside A3, in the out zone
    m = scenario(grid=grid, hand0=["flame_warden"], deck0=FILL, deck1=FILL, options={"color_synergy": True})
    ev = play_card(m, "flame_warden", "A3")
    while m.phase() == "ability":
        ev += m.apply(A_DONE)
    c = [e for e in ev if e[0] == "conflict"][0]
    assert (c[3], c[4]) == (1, 3)       # plain ATK against each other: no +1/+1


def test_leaving_a_def_cell_at_zero_def_destroys_the_monster_at_once():
    """A monster whose DEF falls to 0 or below because it leaves a +DEF cell is destroyed at once."""
    from engine.evons.match import B_DEF, FIRE
    m = scenario(grid={"C3": ("ember_imp", 0)}, hand0=["pebble_crab"], deck0=FILL, deck1=FILL)
    imp = inst_at(m, "C3")
    m.bon[imp] = B_DEF                  # it holds +2 DEF from its cell
    m.dmg[imp] = 5                      # and has taken 5 this turn: DEF 4 + 2 - 5 = 1
    assert m.current_def(imp) == 1
    play_card(m, "pebble_crab", "C4")   # N Shockwave pushes the imp from C3 onto C2
    ev = m.apply((FIRE, N))
    assert imp in m.graveyard(0) and card_at(m, "C2") is None
    assert ("destroy", imp, parse_cell("C2"), "graveyard") in ev
    # with DEF left over it survives the move
    m = scenario(grid={"C3": ("ember_imp", 0)}, hand0=["pebble_crab"], deck0=FILL, deck1=FILL)
    imp = inst_at(m, "C3")
    m.bon[imp], m.dmg[imp] = B_DEF, 3
    play_card(m, "pebble_crab", "C4")
    m.apply((FIRE, N))
    assert card_at(m, "C2") == "ember_imp" and m.current_def(imp) == 1



def test_a_fight_names_the_cells_and_tells_two_of_a_kind_apart():
    plain = same = 0
    for seed in range(60):
        m = EvonsMatch.new(starter_pair("evons", seed), seed, None)
        r = random.Random(seed)
        while m.result() is None and (plain < 5 or same < 1):
            for e in m.apply(r.choice(m.legal_actions())):
                if e[0] != "conflict":
                    continue
                text = m.event_text(e)
                ca, cb = cell_name(e[5]), cell_name(e[6])
                assert f" on {ca} fights " in text and text.split(":")[0].endswith(f" on {cb}"), text
                if f"the one on {ca} takes {e[3]}, the one on {cb} takes {e[4]}." in text:
                    same += 1
                else:
                    plain += 1
        if plain >= 5 and same >= 1:
            break
    assert plain >= 5 and same >= 1
