"""The nine Evons arrow types, each with its edge cases (empty target, Block, covered,
Growth-covered, out zone, off-grid push)."""
import pytest

from engine.evons.cards import parse_cell
from engine.evons.match import A_DONE, FIRE, HIT, PICK, PULL
from engine.evons.testing import card_at, end_and_begin_turn, find, inst_at, play_card, scenario

FILL = ["gloom_bat"] * 6
N, NE, E, SE, S, SW, W, NW = range(8)


def sc(**kw):
    kw.setdefault("deck0", FILL)
    kw.setdefault("deck1", FILL)
    return scenario(**kw)


def kinds(ev):
    return [e[0] for e in ev]


# ------------------------------------------------------------------ Normal
def test_normal_arrow_has_no_ability_to_fire():
    m = sc(grid={"C2": ("ember_imp", 1)}, hand0=["stone_ram"])   # Ram: N Normal, S Shockwave
    play_card(m, "stone_ram", "C3")
    assert m.turn_player() == 1        # nothing to fire (S cell empty), the N arrow only fights/flips


# ------------------------------------------------------------------ Remove
def test_remove_destroys_opponent_or_own_monster():
    m = sc(grid={"C4": ("oak_sentinel", 1)}, hand0=["blaze_drake"])   # Drake: S Remove
    oak = inst_at(m, "C4")
    play_card(m, "blaze_drake", "C3")
    m.apply((FIRE, S))
    assert oak in m.graveyard(1)
    m = sc(grid={"C4": ("oak_sentinel", 0)}, hand0=["blaze_drake"])
    oak = inst_at(m, "C4")
    play_card(m, "blaze_drake", "C3")
    m.apply((FIRE, S))
    assert oak in m.graveyard(0)


def test_remove_on_covered_and_growth_covered_cards():
    """Seed: a covered card is destroyed by any arrow with an ability pointing at its cell."""
    for state in ("covered", "growth"):
        m = sc(grid={"C4": ("oak_sentinel", 1, state)}, hand0=["blaze_drake"])
        oak = inst_at(m, "C4")
        play_card(m, "blaze_drake", "C3")
        m.apply((FIRE, S))
        assert oak in m.graveyard(1)


def test_remove_not_offered_on_empty_cell_or_block():
    for grid in ({}, {"C4": ("stone_wall", 1)}):
        m = sc(grid=grid, hand0=["blaze_drake"])
        play_card(m, "blaze_drake", "C3")
        assert m.turn_player() == 1   # nothing to fire: the turn simply ended


def test_abilities_work_from_the_out_zone():
    m = sc(grid={"X3": ("oak_sentinel", 1)}, hand0=["blaze_drake"])
    play_card(m, "blaze_drake", "X2")
    m.apply((FIRE, S))
    assert card_at(m, "X3") is None


# ------------------------------------------------------------------ Firestorm
def test_firestorm_split_is_sequential():
    """[ruling] Firestorm: damage = ATK, split as its player chooses among opponent cards on the
    target cell and the cells orthogonally next to it; a covered card dies to 1."""
    # Flame Warden (ATK 3) at C3: N Firestorm -> C2. Opponents on C2 (Tide Sprite DEF 4) and
    # D2 (covered card); our own card on B2 is never hit.
    m = sc(grid={"C2": ("tide_sprite", 1), "D2": ("oak_sentinel", 1, "covered"),
                 "B2": ("ember_imp", 0)}, hand0=["flame_warden"])
    play_card(m, "flame_warden", "C3")
    ev = m.apply((FIRE, N))
    assert m.phase() == "hit"
    assert sorted(m.legal_actions()) == [(HIT, parse_cell("C2")), (HIT, parse_cell("D2"))]
    ev += m.apply((HIT, parse_cell("C2")))
    ev += m.apply((HIT, parse_cell("C2")))
    assert m.current_def(inst_at(m, "C2")) == 2 and m.decision()["points_left"] == 1
    ev += m.apply((HIT, parse_cell("D2")))
    assert card_at(m, "D2") is None and card_at(m, "C2") == "tide_sprite"
    assert card_at(m, "B2") == "ember_imp" and sum(1 for e in ev if e[0] == "damage") == 3


def test_firestorm_no_card_takes_more_than_its_def():
    # Magma Golem (ATK 5): W Firestorm -> from C3 to B3; Tide Sprite (DEF 4) alone there
    m = sc(grid={"B3": ("tide_sprite", 1)}, hand0=["magma_golem"])
    play_card(m, "magma_golem", "C3")
    ev = m.apply((FIRE, W))          # a single target: the points go there automatically
    assert sum(1 for e in ev if e[0] == "damage") == 4 and card_at(m, "B3") is None


def test_firestorm_damage_wasted_when_targets_run_out():
    m = sc(grid={"C2": ("cinder_fox", 1, "covered")}, hand0=["flame_warden"])
    play_card(m, "flame_warden", "C3")
    ev = m.apply((FIRE, N))
    assert "damage" not in kinds(ev) and card_at(m, "C2") is None   # aimed at it: destroyed
    m = sc(grid={"D2": ("cinder_fox", 1, "covered")}, hand0=["flame_warden"])
    play_card(m, "flame_warden", "C3")
    ev = m.apply((FIRE, N))
    assert sum(1 for e in ev if e[0] == "damage") == 1 and card_at(m, "D2") is None


def test_firestorm_not_offered_without_opponent_cards_or_on_blocks():
    m = sc(grid={"C2": ("fire_wall", 1), "B2": ("ember_imp", 0)}, hand0=["flame_warden"])
    play_card(m, "flame_warden", "C3")
    assert m.turn_player() == 1


def test_firestorm_aimed_at_a_covered_card_destroys_it():
    m = sc(grid={"C2": ("oak_sentinel", 1, "growth"), "D2": ("oak_sentinel", 1)},
           hand0=["flame_warden"])
    play_card(m, "flame_warden", "C3")
    ev = m.apply((FIRE, N))
    assert card_at(m, "C2") is None and "damage" not in kinds(ev)


# ------------------------------------------------------------------ Growth
def test_growth_places_a_monster_from_hand_covered_and_free():
    # Sproutling: SW Growth -> from C3 to B4
    m = sc(hand0=["sproutling", "inferno_titan", "stone_wall"], credits=(4, 0))
    play_card(m, "sproutling", "C3")
    m.apply((FIRE, SW))       # Block cards cannot be picked: the Titan is chosen automatically
    titan = inst_at(m, "B4")
    assert m.card(titan).id == "inferno_titan" and m.is_growth_covered(titan)
    assert m.credits(0) == 0
    m.apply(m.legal_actions()[-1])      # player 2 passes
    assert not m.is_covered(titan) and m.credits(0) == 5   # revealed free on the next turn


def test_growth_needs_an_empty_target_and_a_monster_in_hand():
    m = sc(hand0=["sproutling", "stone_wall"])
    play_card(m, "sproutling", "C3")
    assert m.turn_player() == 1


def test_growth_covered_card_cannot_be_moved_by_magnetism():
    """Seed: Swap, Magnetism, and Shockwave cannot move a Growth-placed covered card."""
    # Spark Mite: W Magnetism. From D3 it targets C3; C2 holds a Growth-covered card.
    m = sc(grid={"C2": ("oak_sentinel", 1, "growth")}, hand0=["spark_mite"])
    play_card(m, "spark_mite", "D3")
    assert m.turn_player() == 1      # nothing Magnetism could pull
    m = sc(grid={"C2": ("oak_sentinel", 1, "covered")}, hand0=["spark_mite"])
    play_card(m, "spark_mite", "D3")
    m.apply((FIRE, W))               # a standard covered card can be pulled
    assert card_at(m, "C3") == "oak_sentinel" and card_at(m, "C2") is None


def test_growth_covered_card_dies_on_shockwave_landing():
    # Pebble Crab: N Shockwave. From C4 it pushes C3 onto C2 (Growth-covered there).
    m = sc(grid={"C3": ("ember_imp", 1), "C2": ("oak_sentinel", 1, "growth")}, hand0=["pebble_crab"])
    oak = inst_at(m, "C2")
    play_card(m, "pebble_crab", "C4")
    m.apply((FIRE, N))
    assert oak in m.graveyard(1) and card_at(m, "C2") == "ember_imp"


# ------------------------------------------------------------------ Magnetism
def test_magnetism_pull_choice_and_restrictions():
    # Coil Sentry: E Magnetism. At B3 it targets C3: neighbours C2, D3, C4 (B3 is itself).
    m = sc(grid={"C2": ("ember_imp", 1), "D3": ("stone_wall", 1), "C4": ("tide_sprite", 1)},
           hand0=["coil_sentry"])
    play_card(m, "coil_sentry", "B3")
    m.apply((FIRE, E))
    # the Block on D3 can't be pulled: two choices left
    assert sorted(m.legal_actions()) == [(PULL, parse_cell("C2")), (PULL, parse_cell("C4"))]
    assert m.why_illegal((PULL, parse_cell("D3"))).startswith("Magnetism pulls a card")
    m.apply((PULL, parse_cell("C4")))
    assert card_at(m, "C3") == "tide_sprite"


def test_magnetism_needs_empty_target():
    m = sc(grid={"C3": ("ember_imp", 1), "C2": ("tide_sprite", 1)}, hand0=["coil_sentry"])
    play_card(m, "coil_sentry", "B3")
    assert (FIRE, E) not in m.legal_actions()


def test_magnetism_pulled_own_card_reactivates():
    m = sc(grid={"C2": ("flame_warden", 0), "D2": ("stone_ram", 1)}, hand0=["coil_sentry"])
    play_card(m, "coil_sentry", "B3")
    warden = inst_at(m, "C2")
    ev = m.apply((FIRE, E))
    assert m.pos[warden] == parse_cell("C3")
    assert any(e[0] == "activate" and e[1] == warden and e[3] == 1 for e in ev)


def test_magnetism_cannot_pull_the_acting_card_unless_the_option_is_on():
    """Rule in testing: Magnetism may pull the acting card itself."""
    m = sc(hand0=["coil_sentry"])
    play_card(m, "coil_sentry", "B3")
    assert m.turn_player() == 1
    m = sc(hand0=["coil_sentry"], options={"magnetism_self": True})
    play_card(m, "coil_sentry", "B3")
    ev = m.apply((FIRE, E))
    assert card_at(m, "C3") == "coil_sentry" and card_at(m, "B3") is None
    assert sum(1 for e in ev if e[0] == "activate") == 0    # moved by itself: no reactivation


# ------------------------------------------------------------------ Resurrection
def test_resurrection_revives_within_cost_and_the_card_activates():
    # Gloom Bat (cost 4): NW Resurrection -> from C3 to B2
    m = sc(grave0=["ember_imp", "inferno_titan"], grave1=["cinder_fox"], removed0=["sproutling"],
           hand0=["gloom_bat"], grid={"B1": ("cinder_fox", 1)})
    play_card(m, "gloom_bat", "C3")
    ev = m.apply((FIRE, NW))    # only Ember Imp (cost 4) fits; opponent's and removed cards never
    imp = inst_at(m, "B2")
    assert m.card(imp).id == "ember_imp" and m.controller(imp) == 0
    assert any(e[0] == "activate" and e[1] == imp and e[3] == 0 for e in ev)
    assert m.controller(inst_at(m, "B1")) == 0      # the revived Imp's N arrow flipped the fox


def test_resurrection_budget_is_shared_by_the_activation():
    # Void Wyrm (cost 11): NE and S Resurrection
    m = sc(grave0=["flame_warden", "moss_tortoise", "ember_imp", "night_lich"], hand0=["void_wyrm"],
           credits=(20, 0))
    play_card(m, "void_wyrm", "C3")
    m.apply((FIRE, NE))
    assert m.phase() == "pick" and len(m.legal_actions()) == 4
    m.apply((PICK, find(m, "flame_warden", "grave", 0)))     # cost 5: 6 left
    while m.card(m.acting()).id != "void_wyrm":              # the Warden activates first
        m.apply(A_DONE)
    m.apply((FIRE, S))
    picks = {m.card(a[1]).id for a in m.legal_actions()}
    assert picks == {"moss_tortoise", "ember_imp"}           # the Lich (cost 8) no longer fits
    m.apply((PICK, find(m, "ember_imp", "grave", 0)))
    assert card_at(m, "C4") == "ember_imp" and find(m, "night_lich", "grave", 0) >= 0


def test_resurrection_not_offered_without_affordable_graveyard_monster():
    m = sc(grave0=["inferno_titan", "stone_wall"], hand0=["gloom_bat"])
    play_card(m, "gloom_bat", "C3")
    assert m.turn_player() == 1


# ------------------------------------------------------------------ Shockwave
def test_shockwave_pushes_and_destroys_the_landing_card():
    m = sc(grid={"C2": ("tide_sprite", 1), "C1": ("ember_imp", 1)}, hand0=["pebble_crab"])
    imp = inst_at(m, "C1")
    play_card(m, "pebble_crab", "C3")
    m.apply((FIRE, N))
    assert card_at(m, "C1") == "tide_sprite" and imp in m.graveyard(1)


def test_shockwave_can_push_own_cards_and_blocks():
    m = sc(grid={"C2": ("stone_wall", 0)}, hand0=["pebble_crab"])
    play_card(m, "pebble_crab", "C3")
    m.apply((FIRE, N))
    assert card_at(m, "C1") == "stone_wall"


def test_shockwave_off_the_grid_removes_from_game():
    m = sc(grid={"A0": ("tide_sprite", 1)}, hand0=["pebble_crab"])
    sprite = inst_at(m, "A0")
    play_card(m, "pebble_crab", "A1")
    m.apply((FIRE, N))
    assert sprite in m.removed(1) and card_at(m, "A0") is None


def test_shockwave_on_covered_target_destroys_it():
    m = sc(grid={"C2": ("tide_sprite", 1, "covered")}, hand0=["pebble_crab"])
    sprite = inst_at(m, "C2")
    play_card(m, "pebble_crab", "C3")
    m.apply((FIRE, N))
    assert sprite in m.graveyard(1) and card_at(m, "C1") is None


def test_shockwave_not_offered_on_empty_target():
    m = sc(hand0=["pebble_crab"])
    play_card(m, "pebble_crab", "C3")
    assert m.turn_player() == 1


# ------------------------------------------------------------------ Swap
def test_swap_exchanges_with_a_monster_or_moves_to_empty():
    # Tide Sprite: NE Swap -> from C3 to D2
    m = sc(grid={"D2": ("oak_sentinel", 1)}, hand0=["tide_sprite"])
    play_card(m, "tide_sprite", "C3")
    m.apply((FIRE, NE))
    assert card_at(m, "D2") == "tide_sprite" and card_at(m, "C3") == "oak_sentinel"
    m = sc(hand0=["tide_sprite"])
    play_card(m, "tide_sprite", "C3")
    m.apply((FIRE, NE))
    assert card_at(m, "D2") == "tide_sprite" and card_at(m, "C3") is None


def test_swap_never_with_blocks_and_covered_target_is_destroyed():
    m = sc(grid={"D2": ("stone_wall", 1)}, hand0=["tide_sprite"])
    play_card(m, "tide_sprite", "C3")
    assert m.turn_player() == 1
    m = sc(grid={"D2": ("oak_sentinel", 1, "growth")}, hand0=["tide_sprite"])
    oak = inst_at(m, "D2")
    play_card(m, "tide_sprite", "C3")
    m.apply((FIRE, NE))
    assert oak in m.graveyard(1) and card_at(m, "C3") == "tide_sprite"


def test_card_that_activates_in_the_out_zone_never_flips_even_after_moving_in():
    """Seed: a card that activates in the out zone can only use its arrow abilities. It cannot
    initiate conflicts and cannot flip opponent cards."""
    # Tide Sprite on X4 swaps NE into A3; from there its NE arrow points at the fox on B2
    # (no arrow back) - but this activation began in the out zone: no flip.
    m = sc(grid={"B2": ("cinder_fox", 1)}, hand0=["tide_sprite"])
    play_card(m, "tide_sprite", "X4")
    ev = m.apply((FIRE, NE))
    assert card_at(m, "A3") == "tide_sprite" and "flip" not in kinds(ev)
    assert m.controller(inst_at(m, "B2")) == 1
    # the same card played in the main zone on A3 flips the fox
    m = sc(grid={"B2": ("cinder_fox", 1)}, hand0=["tide_sprite"])
    play_card(m, "tide_sprite", "A3")
    m.apply(A_DONE)
    assert m.controller(inst_at(m, "B2")) == 0


def test_reveal_of_growth_card_is_free_and_others_are_paid():
    m = sc(grid={"A1": ("inferno_titan", 0, "growth"), "A2": ("ember_imp", 0, "covered")},
           credits=(0, 0))
    end_and_begin_turn(m, 0)
    assert card_at(m, "A1") == "inferno_titan" and card_at(m, "A2") == "ember_imp"
    assert m.credits(0) == 5 - 4


def test_decision_describes_the_pending_choice_for_the_client():
    m = sc(grid={"C2": ("tide_sprite", 1), "D2": ("oak_sentinel", 1, "covered")},
           hand0=["flame_warden"])
    play_card(m, "flame_warden", "C3")
    m.apply((FIRE, N))
    d = m.decision()
    assert d["phase"] == "hit" and d["player"] == 0 and d["points_left"] == 3
    assert d["cell"] == parse_cell("C3") and d["target"] == parse_cell("C2")


# ------------------------------------------------------------------ every ability, same edge cases
ONE_PER_ABILITY = [("remove", "blaze_drake", S), ("block", "magma_golem", SE),
                   ("firestorm", "flame_warden", N), ("growth", "sproutling", SW),
                   ("magnetism", "spark_mite", W), ("resurrection", "gloom_bat", NW),
                   ("shockwave", "pebble_crab", N), ("swap", "tide_sprite", NE)]


def _target(cell_name_, d):
    from engine.evons.cards import NEIGHBOUR, cell_name
    return cell_name(NEIGHBOUR[parse_cell(cell_name_)][d])


@pytest.mark.parametrize("state", ["covered", "growth"])
@pytest.mark.parametrize("ability,card,d", ONE_PER_ABILITY, ids=[a[0] for a in ONE_PER_ABILITY])
def test_any_ability_arrow_destroys_a_covered_card_on_its_target(ability, card, d, state):
    """Seed: a covered card (standard or Growth-placed) is destroyed by any arrow with an
    ability pointing at its cell; the ability counts as used."""
    t = _target("C3", d)
    m = sc(grid={t: ("oak_sentinel", 1, state)}, hand0=[card, "stone_wall", "ember_imp"],
           grave0=["ember_imp"])
    victim = inst_at(m, t)
    play_card(m, card, "C3")
    ev = m.apply((FIRE, d))
    assert victim in m.graveyard(1) and card_at(m, t) is None
    assert m.phase() != "pick" and "place" not in kinds(ev)     # nothing else happened


@pytest.mark.parametrize("ability,card,d", ONE_PER_ABILITY, ids=[a[0] for a in ONE_PER_ABILITY])
def test_ability_aimed_at_a_block(ability, card, d):
    """Only Block (sends it to the graveyard) and Shockwave (pushes it) act on a Block card."""
    t = _target("C3", d)
    m = sc(grid={t: ("ice_wall", 1)}, hand0=[card, "stone_wall", "ember_imp"], grave0=["ember_imp"])
    play_card(m, card, "C3")
    offered = m.turn_player() == 0 and (FIRE, d) in m.legal_actions()
    assert offered == (ability in ("block", "shockwave"))


@pytest.mark.parametrize("ability,card,d", ONE_PER_ABILITY, ids=[a[0] for a in ONE_PER_ABILITY])
def test_every_ability_fires_from_the_out_zone(ability, card, d):
    home = "Y3" if d in (SW, W, NW) else "X3"
    t = _target(home, d)
    m = sc(grid={t: ("oak_sentinel", 1, "covered")}, hand0=[card, "ember_imp"])
    play_card(m, card, home)
    m.apply((FIRE, d))
    assert card_at(m, t) is None


@pytest.mark.parametrize("ability,card,d", ONE_PER_ABILITY, ids=[a[0] for a in ONE_PER_ABILITY])
def test_ability_on_an_empty_target(ability, card, d):
    """Remove, Firestorm (with no opponent card around) and Shockwave do nothing on an empty
    cell and are not offered; the others act on it."""
    t = _target("C3", d)
    extra = {}
    if ability == "magnetism":
        extra = {_target(t, N): ("ember_imp", 1)}          # something to pull
    m = sc(grid=extra, hand0=[card, "stone_wall", "ember_imp"], grave0=["ember_imp"])
    play_card(m, card, "C3")
    offered = m.turn_player() == 0 and (FIRE, d) in m.legal_actions()
    assert offered == (ability not in ("remove", "firestorm", "shockwave"))
    if offered:
        m.apply((FIRE, d))
        if m.phase() == "pick":
            m.apply(m.legal_actions()[0])
        moved_here = card if ability == "swap" else None
        assert card_at(m, t) is not None and (moved_here is None or card_at(m, t) == card)
