"""Essveil rules: one test per rule, keyword, keyword interaction and table ruling.

Rules source: shared/seeds/002 (quoted as "seed") and shared/rules/essveil.md ("ruling").
"""
import pytest

from engine.core import Deck, IllegalAction
from engine.essveil import SPEC
from engine.essveil.match import (
    ATTUNE_DEEP, ATTUNE_FLOW, CONCEDE_ACTION, END_TURN, LET_IT_THROUGH, MAX_CREATURES,
    MAX_TURNS, PIERCE_THE_VEIL, EssveilMatch, ability, attack, intercept, play, player_target,
)
from engine.essveil.testing import board_ids, scenario, uid

P0, P1 = player_target(0), player_target(1)


def do(m, action):
    return m.apply(action)


def kinds(events):
    return [e[0] for e in events]


def deck_of(cid, n=50):
    cards = {}
    # 50 legal cards: 3 copies each of a rotating list
    ids = [c for c in SPEC.cards if SPEC.cards[c].kind != "token"]
    i = 0
    while sum(cards.values()) < n:
        c = ids[i % len(ids)]
        if cards.get(c, 0) < 3:
            cards[c] = cards.get(c, 0) + 1
        i += 1
    return Deck("essveil", cid, tuple(cards.items()))


def new_match(seed=7, **opts):
    return EssveilMatch.new((deck_of("a"), deck_of("b")), seed, opts or None)


# ---------------------------------------------------------------- the duel and the Veil
def test_start_20_life_opening_hand_5_and_all_essence_in_reserve():
    """seed: 20 Life each · Opening hand of 5 · You own exactly 10 Essence cards."""
    m = new_match()
    f = m.first_player()
    assert m.life(0) == m.life(1) == 20
    assert len(m.hands[1 - f]) == 5
    assert len(m.hands[f]) == 6  # 5 + the Flow draw of turn 1
    assert m.essence(1 - f) == (10, 0, 0)
    assert sum(m.essence(f)) == 10


def test_first_player_attunes_only_1_on_the_first_turn_and_still_draws():
    """seed: The first player Attunes only 1 on the game's very first turn.
    ruling: The first player's very first Attune moves 1 (Flow still draws)."""
    m = new_match()
    f = m.first_player()
    assert m.turn() == 1 and m.turn_player() == f and m.phase() == "main"
    assert m.essence(f) == (9, 1, 0)
    assert len(m.hands[f]) == 6


def test_first_turns_only_allow_flow_which_is_automatic_and_second_player_gets_2():
    """seed: Deep Attune ... (not on your first turn)."""
    m = new_match()
    f = m.first_player()
    do(m, END_TURN)
    assert m.turn() == 2 and m.turn_player() == 1 - f and m.phase() == "main"
    assert m.essence(1 - f) == (8, 2, 0)
    assert len(m.hands[1 - f]) == 6
    do(m, END_TURN)
    assert m.phase() == "attune" and sorted(m.legal_actions()) == sorted([ATTUNE_FLOW, ATTUNE_DEEP])


def test_deep_attune_refused_on_first_turn_with_reason():
    m = scenario(phase="attune", turn=2, active=1, first=0, veil=(0, 0))
    assert m.why_illegal(ATTUNE_DEEP) == "Deep Attune is not allowed on your first turn."
    assert ATTUNE_DEEP not in m.legal_actions()


def test_flow_moves_2_and_draws():
    """seed: Flow: move 2 Essence to your Veil, then draw a card."""
    m = scenario(phase="attune", veil=(1, 0))
    hand = len(m.hands[0])
    do(m, ATTUNE_FLOW)
    assert m.essence(0) == (7, 3, 0) and len(m.hands[0]) == hand + 1 and m.phase() == "main"


def test_deep_attune_moves_4_and_skips_the_draw():
    """seed: Deep Attune: move 4, but skip your draw."""
    m = scenario(phase="attune", veil=(1, 0))
    do(m, ATTUNE_DEEP)
    assert m.essence(0) == (5, 5, 0) and len(m.hands[0]) == 0


def test_attune_moves_what_there_is():
    """ruling: if the Reserve holds fewer than asked, move what there is."""
    m = scenario(phase="attune", veil=(7, 0), spent=(2, 0))
    do(m, ATTUNE_DEEP)
    assert m.essence(0) == (0, 8, 2)


def test_refresh_returns_tapped_essence_to_reserve_and_keeps_the_bank():
    """seed: tapped Essence returns to your Reserve. ruling: untapped Essence stays in the Veil."""
    m = scenario(active=1, veil=(3, 0), spent=(4, 0))
    do(m, END_TURN)
    assert m.turn_player() == 0 and m.phase() == "attune"
    assert m.essence(0) == (7, 3, 0)


def test_banking_drops_a_big_card_early():
    """seed: Unspent Essence never resets — bank turns and drop a 7-cost early."""
    m = scenario(hands=(["iron_sovereign"], []), veil=(5, 0), phase="attune")
    do(m, ATTUNE_FLOW)  # 5 banked + 2 = 7
    assert m.essence(0)[1] == 7
    do(m, play(0))
    assert board_ids(m, 0) == ["iron_sovereign"] and m.essence(0) == (3, 0, 7)


def test_veil_never_exceeds_10():
    """seed: Nothing ever leaves the 10-card cycle, so 10 is the most you can hold."""
    m = scenario(phase="attune", veil=(9, 0))
    do(m, ATTUNE_DEEP)
    assert m.essence(0) == (0, 10, 0)


def test_cost_taps_essence_and_not_enough_is_refused_with_reason():
    m = scenario(hands=(["war_mammoth"], []), veil=(5, 0))
    assert m.why_illegal(play(0)) == "Not enough Essence for War Mammoth (cost 6, you have 5 untapped)."
    before = m.to_json()
    with pytest.raises(IllegalAction):
        m.apply(play(0))
    assert m.to_json() == before


# ---------------------------------------------------------------- main phase, creatures and combat
def test_main_phase_interleaves_cards_attacks_and_abilities():
    """seed: play cards, attack, and use abilities in any order, freely interleaved."""
    m = scenario(hands=(["spark", "ember_sprite"], []), boards=(["dune_raider", "ember_adept"], []))
    do(m, attack(uid(m, 0, 0), P1))
    do(m, play(1))
    do(m, ability(uid(m, 0, 1), P1))
    do(m, play(0, P1))
    assert m.life(1) == 20 - 3 - 1 - 2


def test_summoning_sickness_unless_swift():
    """seed: Creatures can't attack the turn they arrive unless they have Swift."""
    m = scenario(hands=(["war_mammoth", "dune_raider"], []))
    do(m, play(0))
    mam = uid(m, 0, 0)
    assert m.why_illegal(attack(mam, P1)) == "War Mammoth arrived this turn and can't attack yet (it has no Swift)."
    do(m, play(0))
    do(m, attack(uid(m, 0, 1), P1))
    assert m.life(1) == 17
    do(m, END_TURN)
    do(m, ATTUNE_FLOW)
    do(m, END_TURN)
    do(m, ATTUNE_FLOW)
    assert attack(mam, P1) in m.legal_actions()


def test_attacking_taps_and_a_tapped_creature_cannot_attack_again():
    """seed: Attacking taps the creature."""
    m = scenario(boards=(["war_mammoth"], []))
    u = uid(m, 0, 0)
    do(m, attack(u, P1))
    assert m.creature(u)["tapped"] and m.life(1) == 14
    assert m.why_illegal(attack(u, P1)) == "War Mammoth is tapped."


def test_refresh_untaps_creatures():
    """seed: Refresh — untap your creatures."""
    m = scenario(boards=([], [{"card": "war_mammoth", "tapped": True}]))
    do(m, END_TURN)
    assert not m.creatures(1)[0]["tapped"]


def test_fight_is_simultaneous_and_damage_persists():
    """seed: Fighting creatures deal their Might to each other's Endurance simultaneously;
    damage persists between turns."""
    m = scenario(boards=(["dune_raider"], ["stone_warden"]))
    a, d = uid(m, 0, 0), uid(m, 1, 0)
    do(m, attack(a, d))  # the Warden is the target itself: no Guard window
    assert m.creature(d)["damage"] == 3 and m.creature(a) is None  # 2 Might kills the 3/2
    do(m, END_TURN)
    do(m, ATTUNE_FLOW)
    do(m, END_TURN)
    assert m.creature(d)["damage"] == 3 and m.creature(d)["left"] == 6 - 3


def test_the_log_names_the_two_creatures_that_fight():
    m = scenario(boards=(["dune_raider"], ["stone_warden"]))
    ev = m.apply(attack(uid(m, 0, 0), uid(m, 1, 0)))
    assert [m.event_text(e) for e in ev if e[0] == "fight"] == \
        ["Player 1's Dune Raider and Player 2's Stone Warden fight."]


def test_attack_on_the_player_deals_might_to_life():
    m = scenario(boards=(["war_mammoth"], []))
    do(m, attack(uid(m, 0, 0), P1))
    assert m.life(1) == 14


def test_attack_targets_only_enemy_creatures_or_the_enemy_player():
    """seed: Target any enemy creature or the enemy player."""
    m = scenario(boards=(["war_mammoth", "wildcub"], [{"card": "wildcub", "tapped": True}]))
    u = uid(m, 0, 0)
    assert m.why_illegal(attack(u, P0)) == "You can't attack yourself."
    assert m.why_illegal(attack(u, uid(m, 0, 1))) == "You can't attack your own creature."
    assert attack(u, uid(m, 1, 0)) in m.legal_actions()  # tapped creatures can be attacked


def test_zero_endurance_goes_to_the_graveyard():
    """seed: 0 Endurance → the graveyard."""
    m = scenario(hands=(["spark"], []), boards=([], ["dune_raider"]))
    do(m, play(0, uid(m, 1, 0)))
    assert board_ids(m, 1) == [] and m.graves[1] and SPEC.cards["dune_raider"].index in m.graves[1]


def test_side_holds_at_most_7_creatures():
    """Our ruling: at most 7 creatures per side; tokens without room are not made."""
    m = scenario(hands=(["wisp_caller", "call_the_wisps"], []), boards=(["thornling"] * 6, []))
    do(m, play(1))
    assert len(m.creatures(0)) == MAX_CREATURES
    assert m.why_illegal(play(0)) == "Your side is full (7 creatures)."


# ---------------------------------------------------------------- Guard
def test_guard_interception_is_the_defenders_choice():
    """seed: When an attack is declared, the defender may redirect it to one of their
    untapped Guard creatures, tapping it."""
    m = scenario(boards=(["war_mammoth"], ["shield_bearer"]))
    a, gd = uid(m, 0, 0), uid(m, 1, 0)
    do(m, attack(a, P1))
    assert m.to_move() == 1 and m.turn_player() == 0
    assert sorted(m.legal_actions()) == sorted([intercept(gd), LET_IT_THROUGH])
    ev = do(m, intercept(gd))
    assert "intercept" in kinds(ev)
    assert m.life(1) == 20 and m.creature(gd) is None  # 6 Might into the 1/4
    assert m.to_move() == 0


def test_guard_interception_is_never_forced():
    """seed: Intercepting is never forced."""
    m = scenario(boards=(["war_mammoth"], ["shield_bearer"]))
    do(m, attack(uid(m, 0, 0), P1))
    do(m, LET_IT_THROUGH)
    assert m.life(1) == 14 and not m.creatures(1)[0]["tapped"]


def test_guard_taps_and_intercepts_once_per_round():
    """seed: (once per round each)."""
    m = scenario(boards=(["wildcub", "wildcub"], ["stone_warden"]))
    gd = uid(m, 1, 0)
    do(m, attack(uid(m, 0, 0), P1))
    do(m, intercept(gd))
    c = m.creature(gd)
    assert c["tapped"] and c["intercepted"]
    ev = do(m, attack(uid(m, 0, 1), P1))  # no window: the Guard is used up
    assert m.to_move() == 0 and m.life(1) == 18 and "damage" in kinds(ev)


def test_guard_used_this_round_cannot_intercept_even_if_untapped():
    m = scenario(boards=(["wildcub"], [{"card": "stone_warden", "guarded": True}]))
    do(m, attack(uid(m, 0, 0), P1))
    assert m.to_move() == 0 and m.life(1) == 18


def test_guard_use_resets_at_its_owners_refresh():
    m = scenario(active=1, boards=([{"card": "stone_warden", "guarded": True, "tapped": True}], []))
    do(m, END_TURN)
    c = m.creatures(0)[0]
    assert not c["intercepted"] and not c["tapped"]


def test_guard_that_attacked_is_tapped_and_cannot_intercept():
    """seed: a Guard that attacked on your turn is tapped and can't intercept."""
    m = scenario(active=1, boards=(["stone_warden"], ["war_mammoth"]))
    # player 0's Warden attacked last turn: it is tapped during player 1's turn
    m.boards[0][5] |= 1
    do(m, attack(uid(m, 1, 0), P0))
    assert m.to_move() == 1 and m.life(0) == 14


def test_guard_never_intercepts_veilstep():
    """seed: unless the attacker has Veilstep."""
    m = scenario(boards=(["shade_stalker"], ["shield_bearer"]))
    do(m, attack(uid(m, 0, 0), P1))
    assert m.to_move() == 0 and m.life(1) == 17


def test_guard_against_veilstep_intercept_is_refused_with_reason():
    m = scenario(boards=(["shade_stalker", "war_mammoth"], ["shield_bearer", "stone_warden"]))
    do(m, attack(uid(m, 0, 1), P1))  # Mammoth: window opens
    assert m.to_move() == 1
    m2 = scenario(boards=(["shade_stalker"], ["shield_bearer"]))
    do(m2, attack(uid(m2, 0, 0), P1))
    # a Veilstep attack resolves at once; a stray intercept is refused
    assert m2.why_illegal(intercept(uid(m2, 1, 0))) is not None


def test_guard_can_protect_a_friendly_creature_but_not_itself():
    """seed: May intercept an attack on you or a friendly target."""
    m = scenario(boards=(["war_mammoth"], ["shield_bearer", "stone_warden", "thornling"]))
    sb, sw, th = uid(m, 1, 0), uid(m, 1, 1), uid(m, 1, 2)
    do(m, attack(uid(m, 0, 0), th))
    assert sorted(m.legal_actions()) == sorted([intercept(sb), intercept(sw), LET_IT_THROUGH])
    do(m, intercept(sw))
    assert m.creature(th) is not None and m.creature(sw) is None
    m2 = scenario(boards=(["war_mammoth"], ["shield_bearer", "stone_warden"]))
    do(m2, attack(uid(m2, 0, 0), uid(m2, 1, 0)))
    assert intercept(uid(m2, 1, 0)) not in m2.legal_actions()
    assert m2.why_illegal(intercept(uid(m2, 1, 0))) == "Shield-Bearer is already the target of this attack."


def test_no_guard_window_without_an_eligible_guard():
    m = scenario(boards=(["war_mammoth"], [{"card": "shield_bearer", "tapped": True}, "thornling"]))
    do(m, attack(uid(m, 0, 0), P1))
    assert m.to_move() == 0 and m.life(1) == 14


def test_wrong_actions_in_the_guard_window_are_refused():
    m = scenario(hands=(["spark"], []), boards=(["war_mammoth"], ["shield_bearer"]))
    do(m, attack(uid(m, 0, 0), P1))
    assert m.why_illegal(END_TURN) == "You must first decide whether a Guard intercepts the attack."
    assert m.why_illegal(intercept(uid(m, 0, 0))) == "Only one of your own Guard creatures can intercept."


# ---------------------------------------------------------------- Equipment
def test_equipment_gives_its_bonus_to_the_bearer():
    """seed: the bearer keeps the printed bonus."""
    m = scenario(hands=(["iron_blade"], []), boards=(["wildcub"], []))
    do(m, play(0, uid(m, 0, 0)))
    c = m.creatures(0)[0]
    assert (c["might"], c["endurance"], c["equipment"]) == (4, 3, "iron_blade")


def test_equipment_max_one_per_creature():
    """seed: attach to a friendly creature (max 1 each)."""
    m = scenario(hands=(["iron_blade"], []), boards=([{"card": "wildcub", "equip": "tower_shield"}], []))
    u = uid(m, 0, 0)
    assert m.why_illegal(play(0, u)) == "Wildcub already has Equipment (Tower Shield)."


def test_equipment_only_on_a_friendly_creature_and_needs_one():
    m = scenario(hands=(["iron_blade"], []), boards=([], ["wildcub"]))
    assert m.why_illegal(play(0, uid(m, 1, 0))) == "Iron Blade must be attached to one of your creatures."
    assert not [a for a in m.legal_actions() if a[0] == 3]


def test_equipment_is_destroyed_with_its_bearer():
    """seed: if the bearer leaves play, the Equipment is destroyed."""
    m = scenario(hands=(["firebolt"], []), boards=([], [{"card": "wildcub", "equip": "iron_blade"}]))
    ev = do(m, play(0, uid(m, 1, 0)))
    assert "equipment_destroyed" in kinds(ev)
    assert sorted(m.graves[1]) == sorted([SPEC.cards["iron_blade"].index, SPEC.cards["wildcub"].index])


def test_spell_goes_to_the_graveyard():
    """seed: Spell — one-time effect, then the graveyard."""
    m = scenario(hands=(["veil_insight"], []))
    do(m, play(0))
    assert m.graves[0] == [SPEC.cards["veil_insight"].index]


# ---------------------------------------------------------------- keywords
def test_swift_attacks_the_turn_it_is_played():
    m = scenario(hands=(["ember_sprite"], []))
    do(m, play(0))
    do(m, attack(uid(m, 0, 0), P1))
    assert m.life(1) == 18


def test_drain_heals_by_combat_damage_to_player():
    m = scenario(boards=(["blood_leech"], []), life=(10, 20))
    do(m, attack(uid(m, 0, 0), P1))
    assert m.life(0) == 12 and m.life(1) == 18


def test_drain_heals_by_the_full_combat_damage_dealt_to_a_creature():
    """Our ruling: Drain heals by the damage dealt, even beyond the victim's Endurance left."""
    m = scenario(boards=(["night_countess"], ["wisp_caller"]), life=(10, 20))
    do(m, attack(uid(m, 0, 0), uid(m, 1, 0)))
    assert m.life(0) == 14


def test_life_has_no_maximum():
    """Our ruling: Life has no cap (ruling page leaves the choice to the project)."""
    m = scenario(hands=(["mending_light"], []))
    do(m, play(0))
    assert m.life(0) == 25


def test_drain_with_aegis_heals_nothing():
    """Keyword interaction: Drain with Aegis — prevented damage is not dealt."""
    m = scenario(boards=(["blood_leech"], ["aegis_squire"]), life=(10, 20))
    ev = do(m, attack(uid(m, 0, 0), uid(m, 1, 0)))
    assert "aegis_spent" in kinds(ev) and m.life(0) == 10


def test_drain_only_on_combat_damage():
    """Table ruling: Drain triggers on combat damage (not on other damage it deals)."""
    m = scenario(hands=(["night_countess"], []), boards=([], ["wildcub"]), life=(10, 20))
    do(m, play(0))
    assert m.creatures(1)[0]["damage"] == 1 and m.life(0) == 10


def test_venom_destroys_any_creature_it_damages():
    m = scenario(boards=(["marsh_adder"], ["war_mammoth"]))
    ev = do(m, attack(uid(m, 0, 0), uid(m, 1, 0)))
    assert "venom" in kinds(ev) and board_ids(m, 1) == [] and board_ids(m, 0) == []


def test_venom_on_the_defender_destroys_the_attacker():
    m = scenario(boards=(["war_mammoth"], ["spitting_basilisk"]))
    do(m, attack(uid(m, 0, 0), uid(m, 1, 0)))
    assert board_ids(m, 0) == [] and board_ids(m, 1) == []


def test_venom_applies_to_damage_from_the_creatures_ability():
    """seed: Venom — Any creature damaged by this is destroyed (not only in combat)."""
    m = scenario(boards=([{"card": "ember_adept", "equip": "viper_dagger"}], ["deepwater_leviathan"]))
    m.apply(ability(uid(m, 0, 0), uid(m, 1, 0)))
    assert board_ids(m, 1) == []


def test_destroy_is_not_damage_so_aegis_does_not_stop_it():
    m = scenario(hands=(["unmake"], []), boards=([], ["aegis_squire"]))
    m.apply(play(0, uid(m, 1, 0)))
    assert board_ids(m, 1) == []


def test_venom_against_aegis_does_nothing():
    """Keyword interaction: Venom against Aegis — ruling: damage > 0 after Aegis."""
    m = scenario(boards=(["marsh_adder"], ["aegis_squire"]))
    do(m, attack(uid(m, 0, 0), uid(m, 1, 0)))
    c = m.creatures(1)[0]
    assert c["card"] == "aegis_squire" and c["damage"] == 0 and not c["aegis"]


def test_grow_at_start_of_turn_after_refresh():
    """seed: Grow X — At the start of your turn, gains +X/+X."""
    m = scenario(active=1, boards=(["elderoak"], []))
    ev = do(m, END_TURN)
    c = m.creatures(0)[0]
    assert (c["might"], c["endurance"]) == (4, 7)
    assert kinds(ev).index("refresh") < kinds(ev).index("grow")


def test_silence_on_grow_stops_growth_but_keeps_what_it_grew():
    """Keyword interaction: Silence on Grow — stat changes remain."""
    m = scenario(active=1, hands=([], ["still_the_veil"]), boards=([{"card": "wildcub", "might": 2, "endurance": 2}], []))
    do(m, play(0, uid(m, 0, 0)))
    do(m, END_TURN)
    c = m.creatures(0)[0]
    assert (c["might"], c["endurance"], c["grow"]) == (4, 5, 0)


def test_silence_on_equipment_keeps_the_equipment_bonus_and_keyword():
    """Keyword interaction: Silence on Equipment — Equipment bonuses remain."""
    m = scenario(hands=(["still_the_veil"], []), boards=([{"card": "wildcub", "equip": "vampire_fang"}], []),
                 life=(10, 20))
    u = uid(m, 0, 0)
    do(m, play(0, u))
    c = m.creature(u)
    assert c["silenced"] and c["might"] == 3 and "Drain" in c["keywords"] and "Grow 1" not in c["keywords"]
    do(m, attack(u, P1))
    assert m.life(0) == 13


def test_silence_removes_printed_keywords_and_an_unspent_aegis():
    m = scenario(hands=(["still_the_veil", "still_the_veil"], []), boards=([], ["bastion_golem", "shield_bearer"]))
    do(m, play(0, uid(m, 1, 0)))
    c = m.creatures(1)[0]
    assert c["keywords"] == [] and not c["aegis"]


def test_silenced_guard_cannot_intercept():
    m = scenario(boards=(["war_mammoth"], [{"card": "shield_bearer", "silenced": True}]))
    do(m, attack(uid(m, 0, 0), P1))
    assert m.to_move() == 0 and m.life(1) == 14


def test_silenced_creature_loses_last_rites_and_ability():
    m = scenario(hands=(["spark"], []), boards=(["ember_adept"], [{"card": "ash_martyr", "silenced": True}]))
    m.boards[0][5] |= 8  # silence the Ember Adept
    assert not [a for a in m.legal_actions() if a[0] == 5]
    assert "Silenced" in m.why_illegal(ability(uid(m, 0, 0), P1))
    do(m, play(0, uid(m, 1, 0)))
    assert m.life(0) == 20  # no Last Rites


def test_aegis_prevents_all_of_the_next_damage_then_is_spent():
    m = scenario(hands=(["firebolt", "firebolt"], []), boards=([], ["aegis_squire"]), veil=(6, 0))
    u = uid(m, 1, 0)
    do(m, play(0, u))
    assert m.creature(u)["damage"] == 0 and not m.creature(u)["aegis"]
    do(m, play(0, u))
    assert m.creature(u) is None


def test_aegis_does_not_stack():
    """seed: Aegis ... Doesn't stack."""
    m = scenario(hands=(["aegis_ward", "firebolt", "firebolt"], []), boards=(["aegis_squire"], []), veil=(7, 0))
    u = uid(m, 0, 0)
    ev = do(m, play(0, u))
    assert "aegis_stands" in kinds(ev)
    do(m, play(0, u))
    do(m, play(0, u))
    assert m.creature(u) is None


def test_veilstep_attacks_cannot_be_intercepted():
    m = scenario(boards=(["storm_drake"], ["stone_warden"]))
    do(m, attack(uid(m, 0, 0), P1))
    assert m.life(1) == 15 and m.to_move() == 0


def test_on_play_triggers_when_played_from_hand():
    m = scenario(hands=(["veil_scholar"], []))
    do(m, play(0))
    assert len(m.hands[0]) == 1


def test_on_play_never_triggers_when_returned_from_the_graveyard():
    """seed: On Play ... (never when returned from the graveyard)."""
    m = scenario(hands=(["return_from_the_veil"], []), graves=(["veil_scholar"], []))
    do(m, play(0))
    assert board_ids(m, 0) == ["veil_scholar"] and len(m.hands[0]) == 0
    assert m.creatures(0)[0]["sick"]


def test_last_rites_triggers_when_the_creature_dies():
    m = scenario(hands=(["spark"], []), boards=([], ["ash_martyr"]))
    do(m, play(0, uid(m, 1, 0)))
    assert m.life(0) == 18


# ---------------------------------------------------------------- table rulings
def test_tokens_vanish_instead_of_entering_the_graveyard():
    """Table ruling: Tokens vanish instead of entering the graveyard."""
    m = scenario(hands=(["spark"], []), boards=([], ["wisp"]))
    ev = do(m, play(0, uid(m, 1, 0)))
    assert "vanish" in kinds(ev) and m.graves[1] == []


def test_token_with_last_rites_still_triggers_it():
    """ruling: tokens vanish (no graveyard, no Last Rites unless the token says so)."""
    m = scenario(hands=(["spark"], []), boards=(["ember_mote"], []))
    do(m, play(0, uid(m, 0, 0)))
    assert m.life(1) == 19 and m.graves[0] == [SPEC.cards["spark"].index]


def test_empty_deck_simply_stops_giving_draws():
    """Table ruling: an empty deck simply stops giving draws."""
    m = scenario(phase="attune", decks=([], []))
    ev = do(m, ATTUNE_FLOW)
    assert "no_draw" in kinds(ev) and m.result() is None and m.hands[0] == []


def test_cannot_pay_life_that_would_drop_you_to_0():
    """Table ruling: you can never pay Life that would drop you to 0."""
    m = scenario(hands=(["blood_pact"], []), life=(4, 20))
    assert m.why_illegal(play(0)) == "You can't pay 4 Life for Blood Pact: it would bring you to 0."
    m = scenario(hands=(["blood_pact"], []), life=(5, 20))
    do(m, play(0))
    assert m.life(0) == 1


def test_fizzling_spell_is_still_played():
    """Table ruling: effects with no legal target fizzle, the card is still played."""
    m = scenario(hands=(["still_the_veil"], []), veil=(3, 0))
    assert m.legal_actions()[0] == play(0)
    ev = do(m, play(0))
    assert "fizzle" in kinds(ev) and m.graves[0] == [SPEC.cards["still_the_veil"].index]
    assert m.essence(0) == (7, 2, 1)


def test_targeted_card_must_take_a_target_when_one_exists():
    m = scenario(hands=(["still_the_veil"], []), boards=([], ["wildcub"]))
    assert m.why_illegal(play(0)) == "Choose a target for this card."


def test_on_play_with_no_target_fizzles_but_creature_enters():
    m = scenario(hands=(["hushmage"], []))
    ev = do(m, play(0))
    assert "fizzle" in kinds(ev) and board_ids(m, 0) == ["hushmage"]


def test_simultaneous_deaths_resolve_active_player_first():
    """Table ruling: simultaneous deaths resolve active player first (Last Rites on simultaneous deaths)."""
    m = scenario(active=1, boards=(["ash_martyr"], ["ash_martyr"]), life=(2, 2))
    ev = do(m, attack(uid(m, 1, 0), uid(m, 0, 0)))
    lr = [e for e in ev if e[0] == "last_rites"]
    assert lr[0][1] == 1  # the active player's Last Rites first
    assert m.result().winner == 1  # ... and it wins the race


def test_simultaneous_last_rites_order_active_first():
    m = scenario(hands=(["cataclysm"], []), boards=(["brood_host"], ["grave_sage"]), veil=(9, 0))
    ev = do(m, play(0))
    assert [e[1] for e in ev if e[0] == "last_rites"] == [0, 1]
    assert board_ids(m, 0) == ["wisp", "wisp"] and len(m.hands[1]) == 1


def test_life_0_loses_at_once_and_both_at_once_is_a_draw():
    """ruling: Life ≤ 0 loses at once; both at once: draw."""
    m = scenario(boards=(["war_mammoth"], []), life=(20, 6))
    do(m, attack(uid(m, 0, 0), P1))
    assert m.result().winner == 0 and m.to_move() is None and m.legal_actions() == []
    m = scenario(hands=(["cataclysm"], []), life=(3, 3), veil=(9, 0))
    do(m, play(0))
    assert m.result().winner is None and m.is_over()


def test_game_is_a_draw_at_the_turn_limit():
    """Our ruling: a duel reaching turn 100 is a draw."""
    m = scenario(turn=MAX_TURNS)
    do(m, END_TURN)
    r = m.result()
    assert r.winner is None and r.text() == "Draw — the duel reached the 100-turn limit"


# ---------------------------------------------------------------- abilities, Pierce the Veil, concede
def test_tap_ability_needs_an_untapped_creature_that_could_attack():
    m = scenario(hands=(["ember_adept"], []))
    do(m, play(0))
    u = uid(m, 0, 0)
    assert m.why_illegal(ability(u, P1)) == "Ember Adept arrived this turn and can't tap yet."
    m = scenario(boards=(["ember_adept"], []))
    u = uid(m, 0, 0)
    do(m, ability(u, P1))
    assert m.life(1) == 19 and m.why_illegal(ability(u, P1)) == "Ember Adept is tapped."


def test_pierce_the_veil_module():
    """ruling: once per turn in the main phase, pay 3 Life to Attune 1; not allowed if it
    would put Life at 0 or below."""
    m = scenario(veil=(0, 0), pierce=True)
    assert PIERCE_THE_VEIL in m.legal_actions()
    do(m, PIERCE_THE_VEIL)
    assert m.life(0) == 17 and m.essence(0) == (9, 1, 0)
    assert m.why_illegal(PIERCE_THE_VEIL) == "You have already Pierced the Veil this turn."
    m = scenario(pierce=True, life=(3, 20), veil=(0, 0))
    assert m.why_illegal(PIERCE_THE_VEIL) == "You can't pay 3 Life: it would bring you to 0."
    m = scenario(veil=(0, 0))
    assert m.why_illegal(PIERCE_THE_VEIL) == "Pierce the Veil is not enabled in this match."


def test_pierce_the_veil_is_a_match_option():
    assert [o.name for o in EssveilMatch.OPTIONS] == ["pierce_the_veil"]
    m = new_match(pierce_the_veil=True)
    assert PIERCE_THE_VEIL in m.legal_actions()
    assert PIERCE_THE_VEIL not in new_match().legal_actions()


def test_concede_is_accepted_at_any_decision_but_not_listed():
    m = scenario(boards=(["war_mammoth"], ["shield_bearer"]))
    assert CONCEDE_ACTION not in m.legal_actions() and m.why_illegal(CONCEDE_ACTION) is None
    do(m, attack(uid(m, 0, 0), P1))
    do(m, CONCEDE_ACTION)  # the defender concedes in the Guard window
    assert m.result().winner == 0 and m.result().reason == "conceded"


def test_after_the_game_everything_is_refused():
    m = scenario(life=(20, 1), hands=(["spark"], []))
    do(m, play(0, P1))
    assert m.why_illegal(END_TURN) == "The game is over."


def test_first_player_is_chosen_at_random():
    """ruling: the first player is chosen at random (from the match seed)."""
    firsts = {new_match(seed).first_player() for seed in range(12)}
    assert firsts == {0, 1}
    assert new_match(5).to_json() == new_match(5).to_json()  # same seed, same game


def test_silence_keeps_an_aegis_given_by_equipment():
    """Seed: Silence — "Equipment bonuses remain": a keyword its Equipment gives stays, Aegis included."""
    m = scenario(hands=(["runed_plate", "still_the_veil"], []), boards=(["wildcub"], ["war_mammoth"]))
    u = uid(m, 0, 0)
    do(m, play(0, u))                       # Runed Plate: +1/+3 and Aegis
    assert m.creature(u)["aegis"]
    do(m, play(0, u))                       # Silence it
    c = m.creature(u)
    assert c["silenced"] and c["aegis"] and c["equipment"] == "runed_plate"
    # a printed Aegis still goes (see test_silence_removes_printed_keywords_and_an_unspent_aegis)
    m = scenario(hands=(["still_the_veil"], []), boards=([], ["bastion_golem"]))
    do(m, play(0, uid(m, 1, 0)))
    assert not m.creatures(1)[0]["aegis"]


@pytest.mark.parametrize("mutate, words", [
    (lambda j: [1, 2], "JSON object"),
    (lambda j: dict(j, boards=[[1, 2, 3], []]), "board 1"),
    (lambda j: dict(j, boards=[[8, 9999, 0, 0, 0, 0, 0, 0], []]), "not a creature"),
    (lambda j: dict(j, boards=[j["boards"][0] + j["boards"][0], []]), "creature id"),
    (lambda j: dict(j, boards="none"), '"boards"'),
    (lambda j: {k: v for k, v in j.items() if k != "g"}, '"g"'),
    (lambda j: dict(j, rng="x"), '"rng"'),
])
def test_from_json_refuses_malformed_states_clearly(mutate, words):
    m = scenario(boards=([{"card": "wildcub", "equip": "runed_plate"}], ["war_mammoth"]))
    j = m.to_json()
    assert EssveilMatch.from_json(j) == m
    with pytest.raises(ValueError, match=words):
        EssveilMatch.from_json(mutate(j))
