"""Everdawn: one test per official ruling (Parker Jones, October 24, 2026), quoted.

Everdawn: a slide ends a set (rules page, Set: "If either creature leaves its lane, the
set ends"). A player who slides the set creature or the creature it backs sees the set
end in the log, the bonus gone, and the creature that was set free to attack again."""
from engine.everdawn import match as M
from engine.everdawn.cards import CARDS, CODE
from engine.everdawn.testing import declare as declare_attacks
from engine.everdawn.testing import deck_ids, hand_ids, play, scenario, slot_card


PASS = (M.PASS,)
SUP = ["chainmail"] * 8


def kinds(ev, kind):
    return [e for e in ev if e[0] == kind]


def declare(m, *attacks):
    play(m, PASS)
    return declare_attacks(m, *attacks)


def finish_combat(m):
    ev = []
    while m.phase() in ("defender_spells", "attacker_spells", "order"):
        la = m.legal_actions()
        ev += play(m, PASS if PASS in la else la[0])
    return ev


def test_equipment_matching_type_gets_the_bigger_number_in_total():
    """Ruling: "Equipment like '+1 attack, if range type +3': a matching creature gets +3 in total, not +4.\""""
    m = scenario([("vale_archer", "hunting_bow"), ("iron_vanguard", "hunting_bow")], ["dawn_seers"])
    assert m.stats(0, 0)[0] == 4 + 3
    assert m.stats(0, 1)[0] == 4 + 1


def test_several_attackers_are_never_combined_and_the_defender_orders_them():
    """Ruling: "Several attackers on one creature are never combined. The defender picks the order and
    takes them one at a time, counterattacking each it can reach.\""""
    m = scenario(["iron_vanguard", "dawn_seers", None, "traghrim"], ["gate_warden", None, None, "traghrim"], sdeck0=SUP)
    declare(m, (0, 0), (1, 0))
    assert m.phase() == "order" and m.to_move() == 1
    assert sorted(m.legal_actions()) == [(M.ORDER, 0), (M.ORDER, 1)]
    ev = play(m, (M.ORDER, 1))
    clashes = kinds(ev, "clash")
    assert [c[2] for c in clashes] == [1, 0]                 # the defender's order
    assert [c[10] for c in clashes] == [0, 0]                # 5 and 4 against defense 5: never 9
    assert clashes[0][8] == -1 and clashes[1][8] == 3        # counterattacks only where it reaches
    assert slot_card(m, 1, 0) == "gate_warden"


def test_win_conditions_checked_right_after_combat():
    """Ruling: "Morale and win conditions are checked right after combat resolves, and again after
    'On death' effects." Here the attacker's morale runs out in combat: the Hill Brute's
    "On death" never resolves."""
    m = scenario(["karn_berserker", None, None, "traghrim"], ["hill_brute", None, None, "traghrim"],
                 morale=(12, 100), sdeck0=SUP)
    ev = declare(m, (0, 0)) + finish_combat(m)
    assert m.result().winner == 1 and not kinds(ev, "trigger")


def test_win_conditions_checked_again_after_on_death_effects():
    """Ruling: "...and again after 'On death' effects.\""""
    m = scenario(["karn_berserker", None, None, "traghrim"], ["hill_brute", None, None, "traghrim"],
                 morale=(15, 100), sdeck0=SUP)
    ev = declare(m, (0, 0)) + finish_combat(m)
    assert kinds(ev, "trigger") and m.result().winner == 1 and m.morale(0) == -2


def test_divine_destruction_adds_to_your_own_attack_or_counterattack():
    """Ruling: "Spells only affect your own cards. ... Divine Destruction adds 5 to your own attack
    (when attacking) or your own counterattack (when defending).\""""
    m = scenario(["iron_vanguard", None, None, "traghrim"], ["dawn_seers", None, None, "traghrim"],
                 hand1=["divine_destruction"], sdeck0=SUP)
    declare(m, (0, 0))
    assert m.phase() == "defender_spells"
    ev = play(m, (M.CAST, 0, 0)) + finish_combat(m)
    c = kinds(ev, "clash")[0]
    assert c[8] == 3 + 2 + 5 and c[11] == 1                  # magic > melee: 5, +5 counterattack
    m = scenario(["iron_vanguard", None, None, "traghrim"], ["gate_warden", None, None, "traghrim"],
                 hand0=["divine_destruction"], sdeck0=SUP)
    declare(m, (0, 0))
    ev = play(m, (M.CAST, 0, 0)) + finish_combat(m)
    assert kinds(ev, "clash")[0][6] == 4 + 5


def test_training_camp_swaps_an_item_for_any_item_whose_slot_is_free():
    """Ruling: "Training Camp swaps an item on one of your own creatures for any item in your hand (a
    weapon can come off and an accessory go on, as long as the new item's slot is free).\""""
    m = scenario([("vale_archer", "hunting_bow", "leather_jerkin")], ["dawn_seers"],
                 hand0=["training_camp", "lucky_charm", "elven_longbow", "rangers_hide"])
    play(m, (M.CAST, 0, 0))
    assert m.pending()[0] == M.CH_SWAP_ITEM
    play(m, (M.CHOOSE, 1))                                    # take the weapon off
    assert m.pending()[0] == M.CH_SWAP_HAND
    opts = [a[1] for a in m.legal_actions()]
    assert opts == [0, 1]                                     # charm and bow fit; the armour slot is taken
    play(m, (M.CHOOSE, 0))
    assert m.items_at(0, 0) == (-1, CODE["leather_jerkin"], CODE["lucky_charm"])
    assert "hunting_bow" in hand_ids(m, 0)


def test_champion_adds_a_creature_to_bench_2_or_3_or_an_open_lane_never_the_champion_slot():
    """Ruling: "A Champion's 'add 1 creature to your bench or field' can place it in bench slot 2 or 3
    or an open lane, never the Champion slot. If both bench slots are full, it goes into an open lane.\""""
    m = scenario([None, "vale_archer", None, "traghrim", None, "skirmisher"], ["dawn_seers"], cdeck0=["falconer"])
    play(m, (M.MOVE, 3, 0))
    assert sorted(a[1] for a in m.legal_actions()) == [2, 4]
    play(m, (M.CHOOSE, 2))
    assert slot_card(m, 0, 2) == "falconer" and slot_card(m, 0, 3) is None
    m = scenario([None, "vale_archer", None, "high_king_arenor", "skirmisher", "hexweaver"], ["dawn_seers"],
                 cdeck0=["falconer"])
    play(m, (M.MOVE, 3, 0))                                   # one open lane left: placed there
    assert slot_card(m, 0, 2) == "falconer"


def test_dawn_seers_sets_an_opposing_creature_which_cannot_counterattack():
    """Ruling: "Dawn Seers' 'choose 1 opposing card to set' sets one of the opponent's creatures that
    isn't already set. It gives no bonus to anything, but like any set creature it can't counterattack,
    and the set wears off at the start of its owner's next turn. Because only one creature per player
    can be set at a time, if that player already had a creature set, that set ends and its bonus is lost.\""""
    m = scenario(["iron_vanguard", None, None, "traghrim", "dawn_seers"],
                 ["gate_warden", "shieldbearer", "karn_berserker"], sdeck0=SUP, sdeck1=SUP)
    m.b[M.G_SET_SRC + 1], m.b[M.G_SET_TGT + 1] = 1, 2         # opponent: Shieldbearer set on Berserker
    assert m.stats(1, 2)[1] == 2 + 2
    play(m, (M.MOVE, 4, 1))
    assert m.pending()[0] == M.CH_SET_OPP
    assert sorted(a[1] for a in m.legal_actions()) == [0, 2]  # not the one already set
    play(m, (M.CHOOSE, 0))
    assert m.set_info(1) == (0, -1) and m.stats(1, 2)[1] == 2  # old set ended, bonus lost
    ev = declare(m, (0, 0)) + finish_combat(m)
    assert kinds(ev, "clash")[0][8] == -1                     # the set Gate Warden can't counterattack
    play(m, PASS) if m.phase() == "set" and m.turn_player() == 0 else None
    assert m.turn_player() == 1 and m.set_info(1) == (-1, -1)  # wears off at the start of its owner's turn


def test_first_combat_phase_effects_apply_in_the_controllers_first_combat_after_entering():
    """Ruling: "'First combat phase' effects (Beastmaster, Dragonblood, Lithriel) apply in the
    controller's first combat phase after the creature enters the field.\""""
    m = scenario(["iron_vanguard", None, None, "traghrim", "beastmaster"], ["tavern_brawler", None, None, "traghrim"],
                 turn=1, sdeck0=SUP, sdeck1=SUP)
    play(m, (M.MOVE, 4, 1), PASS)                             # turn 1: no combat for the first player
    assert m.turn() == 2
    play(m, PASS, PASS)                                       # opponent does nothing
    assert m.turn() == 3 and m.stats(0, 0)[0] == 4 + 1        # Beastmaster's +1 in this first combat
    ev = declare(m, (0, 0)) + finish_combat(m)
    assert kinds(ev, "clash")[0][6] == 4 + 1
    play(m, PASS, PASS)
    assert m.turn() == 5 and m.stats(0, 0)[0] == 4            # used up


def test_a_set_creatures_bonus_is_always_on_while_set():
    """Ruling: "A set creature's bonus is always on while it's set." (also while defending in the
    opponent's turn)"""
    m = scenario(["shieldbearer", "iron_vanguard", None, "traghrim"], ["karn_berserker", "karn_berserker"],
                 sdeck0=SUP, sdeck1=SUP)
    play(m, (M.SET, 0, 1), PASS, PASS)
    assert m.turn_player() == 1
    ev = declare(m, (1, 1)) + finish_combat(m)
    c = kinds(ev, "clash")[0]
    assert c[7] == 4 + 2 and c[10] == 0                       # 6 against 4+2: the Vanguard holds


def test_sudden_death_next_morale_loss_decides():
    """Ruling: "Sudden Death: each player starts it with 1 morale, so the next morale loss (a fallen
    creature or an open-lane hit) ends the duel.\""""
    m = scenario([None, "vale_archer"], [None, None, None, None, "dawn_seers"], morale=(1, 1), sudden=True, sdeck0=SUP)
    declare(m, (1, 1))
    assert m.result().winner == 0 and "morale" in m.result().reason


def test_warriors_bane_is_single_use_and_open_lanes_do_not_use_it():
    """Ruling: "Warrior's Bane is single use. The first time its creature attacks another creature,
    that attack can't be counterattacked, and then the Bane is discarded. Attacking an open lane
    doesn't use it up.\""""
    m = scenario([("iron_vanguard", "warriors_bane"), None, None, "traghrim"], [None, "dawn_seers"],
                 sdeck0=SUP, sdeck1=SUP)
    declare(m, (0, 0))
    assert m.items_at(0, 0)[2] == CODE["warriors_bane"]       # open lane: still there
    play(m, PASS, PASS)
    m.b[M._si(1, 0)] = CODE["vale_archer"]                    # an opposing creature appears in lane 1
    m.orig = (m.orig[0], tuple(sorted(m.orig[1] + (CODE["vale_archer"],))))
    ev = declare(m, (0, 0)) + finish_combat(m)
    assert kinds(ev, "clash")[0][8] == -1 and m.items_at(0, 0)[2] == -1
    assert deck_ids(m, 0)[0] == "warriors_bane"


def test_natures_blessing_gives_3_defense_to_any_creature():
    """Ruling: "Nature's Blessing gives +3 defense to any creature, as its text says.\""""
    m = scenario([("iron_vanguard", "natures_blessing"), ("vale_archer", "natures_blessing"),
                  ("dawn_seers", "natures_blessing")], ["dawn_seers"])
    assert [m.stats(0, s)[1] for s in range(3)] == [4 + 3, 2 + 3, 3 + 3]


def test_a_pirates_life_just_draws_two():
    """Ruling: "A Pirate's Life: just draw 2 support cards. Nothing is discarded first.\""""
    m = scenario(["vale_archer"], ["dawn_seers"], hand0=["a_pirates_life", "chainmail"],
                 sdeck0=["iron_sword", "war_axe", "greatsword"])
    play(m, (M.CAST, 0, M.NO_TARGET))
    assert sorted(hand_ids(m, 0)) == ["chainmail", "greatsword", "war_axe"]


def test_midway_journey_is_road_sanctuary():
    """Ruling: "The 'Midway Journey' in the rulebook FAQ is Road Sanctuary.\""""
    names = {c.name for c in CARDS.values()}
    assert "Road Sanctuary" in names and "Midway Journey" not in names
    m = scenario(["vale_archer", None, None, "traghrim"], ["dawn_seers"], hand0=["road_sanctuary"])
    play(m, (M.CAST, 0, 0), (M.CHOOSE, 2))
    assert slot_card(m, 0, 2) == "vale_archer"


def test_resting_fortress_redirects_an_attack_and_only_the_defender_casts_it():
    """Ruling: "Resting Fortress redirects one of your opponent's attacks, not a counterattack. Only the
    defending player can cast it." Rulebook: "...to any lane, even one the attacker couldn't normally
    reach. It's magic.\""""
    m = scenario(["iron_vanguard", None, None, "traghrim"], ["vale_archer", None, "gate_warden"],
                 hand0=["resting_fortress", "battle_fury"], hand1=["resting_fortress"], sdeck0=SUP)
    declare(m, (0, 0))
    assert m.phase() == "defender_spells"
    play(m, (M.CAST, 0, 0))                                   # only one attack: chosen automatically
    assert sorted(a[1] for a in m.legal_actions()) == [1, 2]
    ev = play(m, (M.CHOOSE, 2))                               # melee can't reach lane 3 normally
    assert kinds(ev, "redirect")[0][2:] == (0, 0, 2)
    assert m.phase() == "attacker_spells"
    assert all(a[1] != 0 or hand_ids(m, 0)[0] != "resting_fortress" for a in m.legal_actions() if a[0] == M.CAST)
    assert m.why_illegal((M.CAST, 0, 0)) == "Only the defending player can cast Resting Fortress."
    ev = finish_combat(m)
    assert kinds(ev, "clash")[0][3] == 2 and slot_card(m, 1, 0) == "vale_archer"


def test_reforge_always_swaps_never_fills_and_never_takes_the_champion():
    """Ruling: "Reforge always swaps: the creature you take from your deck replaces one on bench 2 or
    3, and that one goes back into your deck. It never fills an empty slot, and it can't swap out your
    Champion.\""""
    m = scenario(["vale_archer", None, None, "traghrim", ("skirmisher", "lucky_charm"), None], ["dawn_seers"],
                 hand0=["reforge"], cdeck0=["storm_caller", "hexweaver", "high_king_arenor"])
    targets = sorted(a[2] for a in m.legal_actions() if a[0] == M.CAST)
    assert targets == [4]                                     # not the empty bench 3, not the Champion
    play(m, (M.CAST, 0, 4))
    assert sorted(a[1] for a in m.legal_actions()) == sorted([CODE["storm_caller"], CODE["hexweaver"]])
    play(m, (M.CHOOSE, CODE["storm_caller"]))
    assert slot_card(m, 0, 4) == "storm_caller"
    assert deck_ids(m, 0, creature=True)[0] == "skirmisher" and "lucky_charm" in deck_ids(m, 0)


def test_lithriels_berries_treat_the_creature_as_dead_then_revive_it():
    """Rulebook: "Lithriel's Berries: the creature is treated as dead. Its 'On death' effect triggers,
    and its owner loses its morale and all its equipment. Then it revives in place.\""""
    m = scenario([("moonwell_priestess", "mage_robes")], ["dawn_seers"], hand0=["lithriels_berries"],
                 sdeck0=["iron_sword", "war_axe"])
    ev = play(m, (M.CAST, 0, 0))
    assert slot_card(m, 0, 0) == "moonwell_priestess" and m.items_at(0, 0) == (-1, -1, -1)
    assert m.morale(0) == 90 and sorted(hand_ids(m, 0)) == ["iron_sword", "war_axe"]
    assert kinds(ev, "trigger") and kinds(ev, "revive")


def test_spells_resolve_one_at_a_time_in_order_played():
    """Rulebook: "Play a spell before another that depends on it (for example, Resting Fortress before
    Change of Destiny)." Change of Destiny then helps the creature the attack was redirected to."""
    m = scenario(["iron_vanguard", None, None, "traghrim"], ["vale_archer", "dawn_seers"],
                 hand1=["resting_fortress", "change_of_destiny"], sdeck0=SUP)
    declare(m, (0, 0))
    play(m, (M.CAST, 0, 0), (M.CHOOSE, 1))                    # redirect into the Seers' lane
    assert (M.CAST, 0, 1) in m.legal_actions()                # now lane 2 is attacked
    ev = play(m, (M.CAST, 0, 1)) + finish_combat(m)
    c = kinds(ev, "clash")[0]
    assert c[3] == 1 and c[7] == 3 + 2 and c[8] == 3 + 2      # magic > melee anyway; bonuses apply



def _board():
    # Shieldbearer (lane 1) set on Iron Vanguard (lane 2); lane 3 empty; a creature of
    # player 0 was destroyed since their last turn, so they may slide
    m = scenario(["shieldbearer", "iron_vanguard", None, "traghrim"], ["karn_berserker", None, None, "traghrim"],
                 sdeck0=["chainmail"] * 5, sdeck1=["chainmail"] * 5, lost=(1, 0))
    bare = m.stats(0, 1)
    play(m, (M.SET, 0, 1))
    assert m.set_info(0) == (0, 1)
    assert m.stats(0, 1) != bare             # the set gives its bonus
    return m, bare


def test_sliding_the_backed_creature_ends_the_set():
    m, bare = _board()
    ev = play(m, (M.MOVE, 1, 2))
    assert slot_card(m, 0, 2) == "iron_vanguard"
    assert m.set_info(0) == (-1, -1)
    assert m.stats(0, 2) == bare             # the bonus went with the set
    said = [m.event_text(e) for e in ev if e[0] == "set_ends"]
    assert said == ["Player 1's Shieldbearer is no longer set."]
    # the order of the log: the set ends as the creature leaves, then it moves
    assert [e[0] for e in ev][:2] == ["set_ends", "move"]


def test_sliding_the_set_creature_ends_the_set_and_frees_it():
    m = scenario([None, "shieldbearer", "iron_vanguard", "traghrim"], ["karn_berserker", None, None, "traghrim"],
                 sdeck0=["chainmail"] * 5, sdeck1=["chainmail"] * 5, lost=(1, 0))
    play(m, (M.SET, 1, 2))
    ev = play(m, (M.MOVE, 1, 0))
    assert slot_card(m, 0, 0) == "shieldbearer"
    assert m.set_info(0) == (-1, -1)
    assert any(e[0] == "set_ends" for e in ev)
    # no longer set: a new set may be made, and the creature may attack this turn
    assert (M.SET, 0, 2) in m.legal_actions()
    play(m, PASS)
    assert m.phase() == "declare"
    assert any(a[0] == M.ATTACK and a[1] == 0 for a in m.legal_actions())


def test_a_set_stays_while_neither_creature_moves():
    m2 = scenario(["shieldbearer", "iron_vanguard", None, "traghrim", "hill_brute"],
                  ["karn_berserker", None, None, "traghrim"],
                  sdeck0=["chainmail"] * 5, sdeck1=["chainmail"] * 5, lost=(1, 0))
    play(m2, (M.SET, 0, 1), (M.MOVE, 4, 2))  # a bench creature entering a lane is no slide
    assert m2.set_info(0) == (0, 1)
