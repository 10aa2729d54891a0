"""Everdawn: one test per rule of the rulebook and per ruling (rulebook/ruling quoted)."""
import pytest

from engine.core.text import Names
from engine.everdawn.text import EverdawnEnd
from engine.core import Deck, IllegalAction
from engine.everdawn import SPEC, EverdawnMatch, validate_deck
from engine.everdawn import match as M
from engine.everdawn.cards import CARDS, CODE
from engine.everdawn.testing import deck_ids, declare, hand_ids, play, scenario, slot_card

PASS = (M.PASS,)


def starter(i=0):
    return SPEC.starter_decks()[i]


def starter_named(name):
    return next(d for d in SPEC.starter_decks() if d.name == name)


def to_declare(m):
    play(m, PASS)
    assert m.phase() == "declare"
    return m


def fight(m, *attacks):
    """From the Set Phase: declare attacks, then pass every spell window and order in lane order."""
    to_declare(m)
    ev = declare(m, *attacks)
    while m.phase() in ("defender_spells", "attacker_spells", "order"):
        la = m.legal_actions()
        ev += play(m, PASS if PASS in la else la[0])
    return ev


def kinds(ev, kind):
    return [e for e in ev if e[0] == kind]


# ---------------------------------------------------------------- setup
def test_setup_coin_flip_first_players_setup_and_second_player_waits():
    """Rulebook: "Flip a coin to decide who goes first. The first player shuffles both decks,
    then: places their Champion in the Champion slot (bench 1); draws three creatures one at a
    time into lanes 1, 2 and 3; draws two more into bench slots 2 and 3; draws 5 support cards.\""""
    firsts = set()
    for seed in range(12):
        m = EverdawnMatch.new((starter(0), starter(1)), seed)
        f = m.first_player()
        firsts.add(f)
        assert m.to_move() == f and m.turn() == 1 and m.phase() == "set"
        assert CARDS[slot_card(m, f, M.CHAMPION_SLOT)].champion
        assert all(slot_card(m, f, s) for s in (0, 1, 2, 4, 5))
        assert len(m.hand[f]) == 5 and len(m.cdeck[f]) == 4 and len(m.sdeck[f]) == 25
        o = 1 - f
        assert not m.is_set_up(o) and m.creatures_in_play(o) == 0 and m.hand[o] == []
    assert firsts == {0, 1}


def test_first_player_skips_combat_and_second_player_sets_up_and_plays_a_full_turn():
    """Rulebook: "The first player may equip and set creatures, then skips combat and passes the
    turn. The second player sets up the same way and plays a full turn.\""""
    m = EverdawnMatch.new((starter(0), starter(2)), 5)
    f = m.first_player()
    play(m, PASS)                       # ends the Set Phase: no Combat Phase on turn 1
    assert m.turn() == 2 and m.turn_player() == 1 - f and m.phase() == "set"
    assert len(m.hand[f]) == 6          # End Phase draw: 5 in hand -> draw 1
    assert m.is_set_up(1 - f) and len(m.hand[1 - f]) == 5 and m.creatures_in_play(1 - f) == 6
    play(m, PASS)
    assert m.phase() == "declare"       # the second player has a combat phase


# ---------------------------------------------------------------- set phase
def test_move_bench_creature_into_an_empty_lane_only():
    """Rulebook: "Move a creature from your bench into an empty lane.\""""
    m = scenario(["vale_archer", None, "iron_vanguard", "traghrim", "shieldbearer"], ["dawn_seers"])
    assert (M.MOVE, 4, 1) in m.legal_actions()
    assert m.why_illegal((M.MOVE, 4, 0)) == "Lane 1 is occupied."
    play(m, (M.MOVE, 4, 1))
    assert slot_card(m, 0, 1) == "shieldbearer" and slot_card(m, 0, 4) is None


def test_slide_only_after_one_of_yours_was_destroyed():
    """Rulebook: "slide a creature into an empty lane after one of yours was destroyed";
    ours: adjacent empty lane, only when one of your creatures was destroyed since your last turn."""
    m = scenario(["vale_archer", None, None, "traghrim"], ["dawn_seers"])
    assert (M.MOVE, 0, 1) not in m.legal_actions()
    assert "destroyed" in m.why_illegal((M.MOVE, 0, 1))
    m = scenario(["vale_archer", None, None, "traghrim"], ["dawn_seers"], lost=(1, 0))
    assert (M.MOVE, 0, 1) in m.legal_actions() and (M.MOVE, 0, 2) not in m.legal_actions()
    play(m, (M.MOVE, 0, 1))
    assert slot_card(m, 0, 1) == "vale_archer"


def test_equip_one_item_per_creature_per_turn_and_one_of_each_kind():
    """Rulebook: "Equip support cards: one item per creature per turn, one weapon, armour and
    accessory per creature.\""""
    m = scenario([("vale_archer", "hunting_bow"), "iron_vanguard"], ["dawn_seers"],
                 hand0=["elven_longbow", "leather_jerkin", "lucky_charm"])
    assert "already carries a weapon" in m.why_illegal((M.EQUIP, 0, 0))
    play(m, (M.EQUIP, 1, 0))            # leather jerkin on the archer
    assert m.items_at(0, 0) == (CODE["hunting_bow"], CODE["leather_jerkin"], -1)
    assert "already equipped this turn" in m.why_illegal((M.EQUIP, 1, 0))
    play(m, (M.EQUIP, 1, 1))            # the charm still goes on another creature
    assert m.items_at(0, 1)[2] == CODE["lucky_charm"]


def test_set_gives_bonuses_to_another_creature_and_cannot_attack():
    """Rulebook: "Set one creature to give its creature bonuses to another of your creatures (added
    to base stats, never including equipment). A set creature can't attack or counterattack until
    the start of your next turn. Only one of your creatures can be set at a time.\""""
    m = scenario([("shieldbearer", "chainmail"), "iron_vanguard", "vale_archer"], ["dawn_seers"])
    before = m.stats(0, 1)
    play(m, (M.SET, 0, 1))
    assert m.stats(0, 1) == (before[0] + 1, before[1] + 2)   # Shieldbearer's bonuses +1 / +2, no chainmail
    assert (M.SET, 2, 1) not in m.legal_actions()
    assert m.why_illegal((M.SET, 2, 1)) == "Only one of your creatures can be set at a time."
    to_declare(m)
    assert not [a for a in m.legal_actions() if a[0] == M.ATTACK and a[1] == 0]
    assert "is set" in m.why_illegal((M.ATTACK, 0, 0))


def test_the_log_names_the_set_creature_and_the_one_it_backs():
    """The story in the log says which creatures: "sets Shieldbearer (lane 1) on Iron Vanguard
    (lane 2)", and when the set wears off, whose it was — not "the creature in lane 1"."""
    m = scenario(["shieldbearer", "iron_vanguard", None, "traghrim"], ["karn_berserker", None, None, "traghrim"],
                 sdeck0=["chainmail"] * 5, sdeck1=["chainmail"] * 5)
    ev = play(m, (M.SET, 0, 1))
    said = [m.event_text(e) for e in ev if e[0] == "set"]
    assert said == ["Player 1 sets Shieldbearer (lane 1) on Iron Vanguard (lane 2)."]
    ev = play(m, PASS, PASS, PASS, PASS)           # neither attacks; player 0's next turn begins
    assert m.turn_player() == 0
    ends = [m.event_text(e) for e in ev if e[0] == "set_ends"]
    assert ends == ["Player 1's Shieldbearer is no longer set."]


def test_the_log_tells_a_when_played_bonus_that_no_later_event_shows():
    """Dragonblood's "+3 attack in your first combat phase" acts later, silently: the log line
    of its trigger says what it gives (a draw or a morale loss is told by its own event)."""
    m = scenario(["hill_brute", None, None, "traghrim", "dragonblood"], ["karn_berserker", None, None, "traghrim"],
                 sdeck0=["chainmail"] * 5, sdeck1=["chainmail"] * 5)
    ev = play(m, (M.MOVE, 4, 1))
    said = [m.event_text(e) for e in ev if e[0] == "trigger"]
    assert said == ["Dragonblood: When played — +3 attack in its first combat phase."]


def test_the_log_names_the_creature_a_combat_spell_strengthens():
    m = scenario(["hill_brute", None, None, "traghrim"], ["vale_archer", None, None, "traghrim"],
                 hand0=["shield_wall"], sdeck0=["chainmail"] * 5, sdeck1=["chainmail"] * 5)
    play(m, PASS)
    atk = next(a for a in m.legal_actions() if m.action_text(a) == "Hill Brute attacks lane 1")
    play(m, atk)
    cast = next(a for a in m.legal_actions() if m.action_text(a).startswith("Cast Shield Wall"))
    ev = play(m, cast)
    said = [m.event_text(e) for e in ev if e[0] == "lane_bonus"]
    assert said == ["Player 1's Hill Brute (lane 1): +3 defense."]


def test_the_log_names_the_creature_an_attack_is_declared_on():
    """"Hill Brute (lane 1) attacks Vale Archer (lane 1)." as it is declared; into an empty
    lane, "attacks the open lane 2." (it read "attacks lane 1", whoever stood there)."""
    m = scenario(["hill_brute", "iron_vanguard", None, "traghrim"], ["vale_archer", None, None, "traghrim"],
                 sdeck0=["chainmail"] * 5, sdeck1=["chainmail"] * 5)
    play(m, PASS)
    said = []
    for text in ("Hill Brute attacks lane 1", "Iron Vanguard attacks lane 2"):
        a = next(x for x in m.legal_actions() if m.action_text(x) == text)
        said += [m.event_text(e) for e in play(m, a) if e[0] == "attack"]
    assert said == ["Player 1's Hill Brute (lane 1) attacks Player 2's Vale Archer (lane 1).",
                    "Player 1's Iron Vanguard (lane 2) attacks Player 2's open lane 2."]


def test_set_creature_cannot_counterattack_and_set_wears_off_at_owners_next_turn():
    """Rulebook: "A set creature can't attack or counterattack until the start of your next turn.\""""
    m = scenario(["iron_vanguard", "karn_berserker", None, "traghrim"],
                 ["karn_berserker", None, None, "traghrim"], sdeck0=["chainmail"] * 5, sdeck1=["chainmail"] * 5)
    play(m, (M.SET, 0, 1), PASS, PASS)            # player 0 sets and does not attack
    assert m.turn_player() == 1 and m.set_info(0) == (0, 1)
    ev = fight(m, (0, 0))                          # Berserker 6 vs Vanguard 4+? -> destroyed, no counter
    clash = kinds(ev, "clash")[0]
    assert clash[8] == -1                          # no counterattack from the set creature
    m2 = scenario(["iron_vanguard", "karn_berserker", None, "traghrim"], ["dawn_seers"], sdeck0=["chainmail"] * 5,
                  sdeck1=["chainmail"] * 5)
    play(m2, (M.SET, 0, 1), PASS, PASS)
    play(m2, PASS, PASS)                           # opponent's turn passes without attacking
    assert m2.turn_player() == 0 and m2.set_info(0) == (-1, -1)


def test_when_played_triggers_only_the_first_time_a_creature_enters_the_field():
    """Rulebook: "'When played' effects trigger only the first time a creature enters the field.
    Taking a Champion off and on again doesn't summon twice.\""""
    m = scenario([None, "vale_archer", None, "traghrim", None, None], ["dawn_seers"],
                 hand0=["road_sanctuary"], cdeck0=["tavern_brawler", "skirmisher"], sdeck0=["chainmail"] * 6)
    play(m, (M.MOVE, 3, 0))                        # Traghrim enters: add 1 creature (choice)
    assert m.pending()[0] == M.CH_PLACE
    play(m, (M.CHOOSE, 4))
    assert slot_card(m, 0, 4) == "skirmisher"
    play(m, (M.CAST, 0, 0), (M.CHOOSE, 3))         # Road Sanctuary: Traghrim back to bench 1
    assert slot_card(m, 0, 3) == "traghrim"
    play(m, (M.MOVE, 3, 0))                        # on again: no second summon
    assert m.phase() == "set" and slot_card(m, 0, 5) is None and len(m.cdeck[0]) == 1


def test_setup_lane_creatures_are_drawn_not_played():
    """Our ruling: creatures drawn into lanes at setup are not "played"; bench creatures trigger
    "When played" when they first move into a lane."""
    m = EverdawnMatch.new((starter(0), starter(1)), 3)
    f = m.first_player()
    assert all(m.slot_flags(f, s) & M.F_PLAYED for s in (0, 1, 2))
    assert not any(m.slot_flags(f, s) & M.F_PLAYED for s in (3, 4, 5))


def test_bench_slots_refill_only_through_effects():
    """Rulebook: "Bench slots only refill from the creature deck when a spell or 'When played'
    effect allows it.\""""
    m = scenario(["vale_archer", None, None, "traghrim"], ["dawn_seers"], cdeck0=["skirmisher"])
    play(m, (M.MOVE, 3, 1), (M.CHOOSE, 4))         # Traghrim's When played fills bench 2
    assert slot_card(m, 0, 4) == "skirmisher"
    m = scenario(["vale_archer", None, None, None, "tavern_brawler"], ["dawn_seers"], cdeck0=["skirmisher"],
                 sdeck0=["chainmail"] * 3)
    play(m, (M.MOVE, 4, 1), PASS)
    assert slot_card(m, 0, 4) is None              # no automatic refill


# ---------------------------------------------------------------- combat
def test_reach_by_type():
    """Rulebook: "Melee attacks and counterattacks straight ahead. Range reaches straight ahead and
    one lane to either side. Magic reaches any lane.\""""
    m = scenario(["iron_vanguard", "vale_archer", "dawn_seers"], ["shieldbearer", "shieldbearer", "shieldbearer"])
    to_declare(m)
    targets = {a: sorted(x[2] for x in m.legal_actions() if x[0] == M.ATTACK and x[1] == a) for a in range(3)}
    assert targets == {0: [0], 1: [0, 1, 2], 2: [0, 1, 2]}
    m = scenario([None, None, "vale_archer"], ["shieldbearer"])
    to_declare(m)
    assert "can't reach lane 1" in m.why_illegal((M.ATTACK, 2, 0))


def test_declare_all_attacks_before_anything_resolves():
    """Rulebook: "Declare all attacks across all lanes before anything resolves.\""""
    m = scenario(["iron_vanguard", "dawn_seers", "vale_archer"], ["vale_archer", "vale_archer"],
                 sdeck0=["chainmail"] * 5)
    to_declare(m)
    ev = play(m, (M.ATTACK, 0, 0), (M.ATTACK, 1, 1))
    assert not kinds(ev, "clash") and m.phase() == "declare"
    assert "already declared" in m.why_illegal((M.ATTACK, 0, 0))
    ev = play(m, (M.ATTACK, 2, 2))                 # the last one: declaring ends by itself
    assert kinds(ev, "clash") and kinds(ev, "open_hit") and m.phase() != "declare"


def test_defender_spell_window_comes_first_then_the_attacker():
    """Rulebook: "Each player gets one turn to cast combat spells: the defender first, then the
    attacker. ... once you pass you can't cast again this combat.\""""
    m = scenario(["iron_vanguard"], ["vale_archer"], hand0=["battle_fury"], hand1=["shield_wall"])
    to_declare(m)
    declare(m, (0, 0))
    assert m.phase() == "defender_spells" and m.to_move() == 1
    play(m, PASS)
    assert m.phase() == "attacker_spells" and m.to_move() == 0
    play(m, (M.CAST, 0, 0))
    assert m.phase() != "defender_spells"


def test_one_combat_spell_per_lane_per_player_per_turn():
    """Rulebook: "Combat spells: each player may cast at most one per lane per turn, so three at most.\""""
    m = scenario(["iron_vanguard"], ["vale_archer"], hand0=["battle_fury", "divine_destruction"])
    to_declare(m)
    declare(m, (0, 0))
    assert m.phase() == "attacker_spells"
    play(m, (M.CAST, 0, 0))
    assert m.phase() != "attacker_spells" or (M.CAST, 0, 0) not in m.legal_actions()


def test_combat_spell_lane_limit_reason():
    m = scenario(["iron_vanguard", "iron_vanguard"], ["vale_archer", "vale_archer"],
                 hand0=["battle_fury", "divine_destruction"])
    to_declare(m)
    declare(m, (0, 0), (1, 1))
    play(m, (M.CAST, 0, 0))
    assert m.phase() == "attacker_spells"
    assert m.why_illegal((M.CAST, 0, 0)) == "You already cast a combat spell into lane 1 this turn."
    assert (M.CAST, 0, 1) in m.legal_actions()


def test_attacks_and_counterattacks_resolve_simultaneously():
    """Rulebook: "Attacks and counterattacks resolve at the same time, so a creature that dies still
    lands its counterattack.\""""
    m = scenario(["karn_berserker", None, None, "traghrim"], ["karn_berserker", None, None, "traghrim"],
                 sdeck0=["chainmail"] * 5)
    ev = fight(m, (0, 0))
    assert sorted(e[1] for e in kinds(ev, "destroyed")) == [0, 1]
    assert m.morale(0) == 88 and m.morale(1) == 88


def test_damage_must_be_higher_than_defense():
    """Rulebook: "Damage must be higher than the defender's defense to destroy it.\""""
    # Vale Archer (range, 4+2 with advantage) vs Dawn Seers (magic, defense 3) -> destroyed;
    # Seers' counter 3 vs the Archer's defense 2+1 = 3 -> not higher: the Archer survives.
    m = scenario(["vale_archer"], ["dawn_seers", "iron_vanguard"], sdeck0=["chainmail"] * 5)
    ev = fight(m, (0, 0))
    c = kinds(ev, "clash")[0]
    assert c[6:12] == (6, 3, 3, 3, 1, 0)
    assert slot_card(m, 0, 0) == "vale_archer" and slot_card(m, 1, 0) is None


def test_type_advantage_adds_both_bonuses():
    """Rulebook: "Range beats magic, magic beats melee, melee beats range. A creature with advantage
    adds both its attack and defense bonus for that clash.\""""
    m = scenario(["iron_vanguard", "dawn_seers", "vale_archer"], ["vale_archer", "iron_vanguard", "dawn_seers"])
    assert m.stats(0, 0, CODE["vale_archer"]) == (6, 5)       # melee > range: 4+2, 4+1
    assert m.stats(0, 1, CODE["iron_vanguard"]) == (5, 5)     # magic > melee: 3+2, 3+2
    assert m.stats(0, 2, CODE["dawn_seers"]) == (6, 3)        # range > magic: 4+2, 2+1
    assert m.stats(0, 0, CODE["dawn_seers"]) == (4, 4)        # melee vs magic: no bonus
    assert m.stats(0, 0, CODE["iron_vanguard"]) == (4, 4)     # same type: nobody has advantage


def test_counterattack_only_with_reach():
    """Rulebook: "A creature can only counterattack if it can reach the attacker's lane. Otherwise
    it only defends.\""""
    m = scenario([None, "dawn_seers"], ["iron_vanguard", "iron_vanguard"], sdeck0=["chainmail"] * 5)
    ev = fight(m, (1, 0))               # magic from lane 2 into lane 1: the melee defender can't reach
    assert kinds(ev, "clash")[0][8] == -1
    m = scenario([None, "dawn_seers"], ["iron_vanguard", "iron_vanguard"], sdeck0=["chainmail"] * 5)
    ev = fight(m, (1, 1))
    assert kinds(ev, "clash")[0][8] >= 0


def test_open_lane_hit_damages_morale_with_advantage():
    """Rulebook: "Attacking an open lane damages morale directly, and the attacker counts as having
    advantage, so it adds its bonus.\""""
    m = scenario(["iron_vanguard"], [None, "dawn_seers"], sdeck0=["chainmail"] * 5)
    ev = fight(m, (0, 0))
    assert kinds(ev, "open_hit")[0][5] == 6 and m.morale(1) == 94


def test_overflow_damage_never_reaches_morale():
    """Rulebook: "Overflow damage to a creature never carries over to morale.\""""
    m = scenario([("karn_berserker", "greatsword")], ["tavern_brawler", "dawn_seers"], sdeck0=["chainmail"] * 5)
    fight(m, (0, 0))                      # 10 attack against 3 defense: only the morale score is lost
    assert m.morale(1) == 100 - CARDS["tavern_brawler"].morale


def test_bench_creatures_never_fight():
    """Our ruling: bench creatures never attack, counterattack or get attacked; only lane
    creatures fight (an empty lane is open even with a full bench)."""
    m = scenario([None, "vale_archer"], [None, "dawn_seers", None, "traghrim", "iron_vanguard", "shieldbearer"],
                 sdeck0=["chainmail"] * 5)
    to_declare(m)
    assert all(a[1] == 1 for a in m.legal_actions() if a[0] == M.ATTACK)
    ev = declare(m, (1, 0))
    assert kinds(ev, "open_hit")


def test_remaining_attacks_hit_nothing_once_the_defender_falls():
    """Ruling: "If it falls, the remaining attacks in that lane hit nothing.\""""
    m = scenario(["vale_archer", "vale_archer"], ["dawn_seers", None, None, "traghrim"], sdeck0=["chainmail"] * 5)
    to_declare(m)
    ev = declare(m, (0, 0), (1, 0))
    assert m.phase() == "order" and m.to_move() == 1
    ev += play(m, (M.ORDER, 1))
    assert len(kinds(ev, "clash")) == 1 and kinds(ev, "clash")[0][1:3] == (0, 1)
    assert kinds(ev, "miss")[0][2] == 0 and m.morale(1) == 90


# ---------------------------------------------------------------- end phase, win, draw
def test_end_phase_on_death_then_draw():
    """Rulebook End Phase: "Resolve 'On death' effects. Calculate morale damage. Draw up to 5 support
    cards, or 1 card if you already hold 5 or more.\""""
    m = scenario([("karn_berserker", "greatsword")], ["shieldbearer", "dawn_seers"], hand0=["chainmail"] * 2,
                 sdeck0=["iron_sword"] * 5, sdeck1=["war_axe"] * 3)
    fight(m, (0, 0))
    assert m.morale(1) == 92
    assert hand_ids(m, 1) == ["war_axe"]          # Shieldbearer: On death, draw 1
    assert len(m.hand[0]) == 5                    # active player drew up to 5


def test_draw_one_card_when_holding_five_or_more():
    m = scenario(["vale_archer"], ["dawn_seers"], hand0=["chainmail"] * 6, sdeck0=["iron_sword"] * 4)
    play(m, PASS, PASS)                            # no attacks
    assert len(m.hand[0]) == 7


def test_empty_support_deck_draws_nothing():
    m = scenario(["vale_archer"], ["dawn_seers"], hand0=["chainmail"])
    play(m, PASS, PASS)
    assert len(m.hand[0]) == 1 and m.turn_player() == 1


def test_on_death_effects_active_player_first_then_lane_order():
    """Our ruling: "On death" effects resolve active player's first, then the opponent's; within one
    player, lane order."""
    m = scenario(["hill_brute", "karn_berserker", None, "traghrim"], ["karn_berserker", "hill_brute", None, "traghrim"],
                 sdeck0=["chainmail"] * 5)
    ev = fight(m, (0, 0), (1, 1))
    trig = [(e[1], e[2]) for e in kinds(ev, "trigger")]
    assert trig == [(0, CODE["hill_brute"]), (1, CODE["hill_brute"])]


def test_win_by_depleting_morale():
    """Rulebook: "Deplete their morale. Each player starts with 100 morale.\""""
    m = scenario(["karn_berserker"], [None, "dawn_seers"], morale=(100, 8), sdeck0=["chainmail"] * 5)
    fight(m, (0, 0))
    r = m.result()
    assert r.winner == 0 and "morale" in r.reason and m.legal_actions() == []


def test_win_by_destroying_every_creature_in_play():
    """Rulebook: "Destroy every creature they have in play and you win.\""""
    m = scenario(["karn_berserker", None, None, "traghrim"], ["tavern_brawler"], sdeck0=["chainmail"] * 5)
    fight(m, (0, 0))
    assert m.result().winner == 0 and m.result().reason is EverdawnEnd.NO_CREATURES
    assert m.result().text(Names(("you", "the AI"))) == "You win — the AI has no creatures left in play"


def test_both_players_meet_a_win_condition_goes_to_sudden_death():
    """Rulebook: "If both players meet a win condition at the same time, the duel is a draw and goes to
    Sudden Death. Both players discard every creature on the field and every support card in hand,
    draw one creature into lane 2, and draw 5 support cards. Whoever started the duel lets the other
    player go first. Each player has 1 morale in Sudden Death.\""""
    m = scenario(["karn_berserker", "tavern_brawler", None, "traghrim"], ["karn_berserker", None, None, "traghrim"],
                 hand0=["chainmail"], hand1=["war_axe"], sdeck0=["iron_sword"] * 6, sdeck1=["iron_sword"] * 6,
                 cdeck0=["vale_archer"], cdeck1=["dawn_seers"], first=0, morale=(12, 12))
    ev = fight(m, (0, 0))
    assert kinds(ev, "sudden_death") and m.result() is None and m.sudden_death()
    assert m.morale(0) == m.morale(1) == 1
    assert m.turn_player() == 1                    # player 0 started the duel
    for p in (0, 1):
        assert slot_card(m, p, 0) is None and slot_card(m, p, 2) is None and m.creature_at(p, 1) >= 0
        assert slot_card(m, p, 3) == "traghrim" and len(m.hand[p]) == 5   # the bench stays
    assert slot_card(m, 0, 1) == "vale_archer" and slot_card(m, 1, 1) == "dawn_seers"
    assert deck_ids(m, 0, creature=True)[0] == "tavern_brawler"
    assert deck_ids(m, 0)[0] == "chainmail"        # the hand went to the bottom of the support deck


def test_second_simultaneous_loss_in_sudden_death_is_a_draw():
    """Our ruling: "A second simultaneous loss in Sudden Death is a plain draw.\""""
    m = scenario(["karn_berserker"], ["karn_berserker"], morale=(1, 1), sudden=True, sdeck0=["chainmail"] * 5)
    fight(m, (0, 0))
    assert m.result().is_draw


def test_nothing_playable_redraw():
    """Rulebook: "Nothing playable? If you hold 5 or more cards and none can be played, put your hand
    on the bottom of the support deck and redraw.\""""
    full = [("vale_archer", "hunting_bow", "leather_jerkin", "lucky_charm")]
    m = scenario(full, ["dawn_seers"], hand0=["elven_longbow"] * 3 + ["rangers_hide"] * 2,
                 sdeck0=["a_pirates_life", "iron_sword", "chainmail", "war_axe", "greatsword"])
    assert (M.REDRAW,) in m.legal_actions()
    play(m, (M.REDRAW,))
    assert sorted(hand_ids(m, 0)) == sorted(["a_pirates_life", "iron_sword", "chainmail", "war_axe", "greatsword"])
    assert sorted(deck_ids(m, 0)[:5]) == sorted(["rangers_hide"] * 2 + ["elven_longbow"] * 3)
    m = scenario(full, ["dawn_seers"], hand0=["elven_longbow"] * 4, sdeck0=["iron_sword"])
    assert "5 or more" in m.why_illegal((M.REDRAW,))
    m = scenario(full + ["iron_vanguard"], ["dawn_seers"], hand0=["elven_longbow"] * 5)
    assert (M.REDRAW,) not in m.legal_actions()
    assert "no card in your hand can be played" in m.why_illegal((M.REDRAW,))


def test_defeated_cards_go_to_the_bottom_of_their_decks():
    """Rulebook: "Defeated cards go to the bottom of their deck.\""""
    m = scenario(["karn_berserker", None, None, "traghrim"], [("tavern_brawler", "leather_jerkin"), "dawn_seers"],
                 cdeck1=["vale_archer"],
                 sdeck1=["iron_sword"], sdeck0=["war_axe"] * 5)
    fight(m, (0, 0))
    assert deck_ids(m, 1, creature=True)[0] == "tavern_brawler"
    assert deck_ids(m, 1)[0] == "leather_jerkin"


def test_spent_spells_go_to_the_bottom_of_the_support_deck():
    m = scenario(["vale_archer"], ["dawn_seers"], hand0=["a_pirates_life"], sdeck0=["iron_sword", "war_axe", "chainmail"])
    play(m, (M.CAST, 0, M.NO_TARGET))
    assert deck_ids(m, 0)[0] == "a_pirates_life"


def test_concede_is_a_loss_and_only_on_your_decision():
    """Ruling: "Conceding, or leaving for good, counts as a loss." CONCEDE is accepted from the player
    to move at any decision (it is not listed by legal_actions)."""
    m = scenario(["vale_archer"], ["dawn_seers"])
    assert (M.CONCEDE,) not in m.legal_actions() and m.why_illegal((M.CONCEDE,)) is None
    play(m, (M.CONCEDE,))
    assert m.result().winner == 1 and "conceded" in m.result().reason


def test_illegal_action_is_refused_with_reason_and_state_unchanged():
    m = scenario(["vale_archer"], ["dawn_seers"], hand0=["chainmail"])
    before = m.clone()
    with pytest.raises(IllegalAction) as e:
        m.apply((M.ATTACK, 0, 0))
    assert "Set Phase" in e.value.reason or "declared" in e.value.reason
    assert m == before


# ---------------------------------------------------------------- deck rules
def _deck(**cards):
    return Deck("everdawn", "t", tuple(cards.items()))


def test_starter_decks_are_legal():
    decks = SPEC.starter_decks()
    assert len(decks) >= 3 and all(validate_deck(d) == [] for d in decks)
    assert len({d.name for d in decks}) == len(decks)


def test_deck_rules_name_the_card_and_the_rule():
    """Rulebook: "Creature deck: exactly 10 cards. Exactly 1 Champion (Traghrim or High King Arenor)
    plus 9 other creatures, with up to 3 copies of each. Support deck: exactly 30 cards. Weapons,
    armour and accessories up to 3 copies each; spells 1 copy each.\""""
    good = dict(starter_named("Iron Vanguard").cards)
    assert validate_deck(_deck(**good)) == []
    bad = dict(good, iron_vanguard=4)
    probs = validate_deck(_deck(**bad))
    assert "Iron Vanguard: 4 copies; at most 3 copies of a creature" in probs
    extra = 4 - good["iron_vanguard"]          # the starter holds 10 creatures
    assert any(p.startswith(f"Creature deck: {10 + extra} creatures") for p in probs)
    bad = dict(good, high_king_arenor=1)
    assert any("exactly 1 Champion" in p for p in validate_deck(_deck(**bad)))
    bad = dict(good)
    bad.pop("traghrim")
    assert any("needs exactly 1 Champion" in p for p in validate_deck(_deck(**bad)))
    bad = dict(good, iron_sword=4)
    assert "Iron Sword: 4 copies; at most 3 copies of a weapon" in validate_deck(_deck(**bad))
    bad = dict(good, divine_destruction=2)
    assert "Divine Destruction: 2 copies; at most 1 copy of a spell" in validate_deck(_deck(**bad))
    bad = dict(good)
    bad.pop("stone_skin")
    assert "Support deck: 29 cards; it needs exactly 30" in validate_deck(_deck(**bad))


def test_illegal_deck_cannot_start_a_match():
    with pytest.raises(ValueError, match="not legal"):
        EverdawnMatch.new((_deck(traghrim=1), starter(0)), 1)


def test_refused_spell_targets_say_why():
    m = scenario(["vale_archer", None, None, "traghrim", "skirmisher"], ["dawn_seers"],
                 hand0=["call_to_arms", "reforge", "a_pirates_life", "road_sanctuary"], cdeck0=["falconer"])
    assert m.why_illegal((M.CAST, 0, 4)) == "Bench 2 is occupied."
    assert m.why_illegal((M.CAST, 1, 3)) == "Cast Reforge on your creature on bench 2 or 3."
    assert m.why_illegal((M.CAST, 2, 0)) == "A Pirate's Life has no target: cast it on the table."
    assert m.why_illegal((M.CAST, 3, 4)) == "Cast Road Sanctuary on one of your creatures in a lane."
    assert m.why_illegal((M.CAST, 3, 1)) == "Cast Road Sanctuary on one of your creatures."
    assert CARDS["road_sanctuary"].colour == "purple" and CARDS["vale_archer"].colour == "green"


def test_all_clashes_use_the_board_as_it_stands_before_anyone_falls():
    """Rulebook: "All attacks and counterattacks then resolve simultaneously." Traghrim falling in
    lane 1 doesn't take his +1 away from the melee attack resolved after him in lane 2."""
    m = scenario(["traghrim", "iron_vanguard", None, None, "skirmisher"],
                 [("karn_berserker", "greatsword"), "gate_warden", None, "high_king_arenor"],
                 sdeck0=["chainmail"] * 5)
    ev = fight(m, (0, 0), (1, 1))
    clashes = kinds(ev, "clash")
    assert clashes[0][4] == CODE["traghrim"] and clashes[0][11] == 1   # 10 against defense 5
    assert clashes[1][6] == 4 + 1                                      # the Vanguard keeps Traghrim's +1
    assert slot_card(m, 0, 0) is None


def test_validate_deck_command(tmp_path, capsys):
    """`python -m engine validate-deck everdawn PATH`: exit 0 when legal, else one problem a line."""
    import json as _json

    from engine.core.harness import validate_deck_main
    from engine.core.paths import decks_dir
    good = sorted((decks_dir() / "everdawn").glob("*.json"))[0]
    assert validate_deck_main(["everdawn", str(good)]) == 0
    bad = tmp_path / "bad.json"
    bad.write_text(_json.dumps({"format": "cardhall-deck", "version": 1, "game": "everdawn", "name": "Bad",
                                "cards": {"traghrim": 1, "vale_archer": 4}}))
    capsys.readouterr()
    assert validate_deck_main(["everdawn", str(bad)]) == 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert "Vale Archer: 4 copies; at most 3 copies of a creature" in lines and len(lines) == 3


def test_a_set_between_two_of_one_card_says_which_is_which():
    """The review read "Set Oathsworn Knight on Oathsworn Knight"."""
    from engine.everdawn.testing import scenario
    m = scenario(["oathsworn_knight", "oathsworn_knight", None, "traghrim"], ["hill_brute", None, None, "traghrim"],
                 sdeck0=["chainmail"] * 5, sdeck1=["chainmail"] * 5)
    assert m.action_text((M.SET, 0, 1)) == "Set Oathsworn Knight (lane 1) on Oathsworn Knight (lane 2)"
    m = scenario(["oathsworn_knight", "gate_warden", None, "traghrim"], ["hill_brute", None, None, "traghrim"],
                 sdeck0=["chainmail"] * 5, sdeck1=["chainmail"] * 5)
    assert m.action_text((M.SET, 0, 1)) == "Set Oathsworn Knight on Gate Warden"
