"""Everdawn: one behaviour test per card of the pool (and its text matches what it does)."""
import pytest

from engine.everdawn import match as M
from engine.everdawn.cards import CARDS, CARDS_BY_CODE, CODE, EQUIP_KINDS
from engine.everdawn.testing import deck_ids, declare, hand_ids, play, scenario, slot_card

PASS = (M.PASS,)
SUP = ["chainmail"] * 8
CREATURES = sorted(c.id for c in CARDS.values() if c.is_creature)
EQUIPMENT = sorted(c.id for c in CARDS.values() if c.is_equipment)
SPELLS = sorted(c.id for c in CARDS.values() if c.is_spell)


def kinds(ev, kind):
    return [e for e in ev if e[0] == kind]


def attack_and_resolve(m, *attacks):
    play(m, PASS)
    ev = declare(m, *attacks)
    while m.phase() in ("defender_spells", "attacker_spells", "order"):
        la = m.legal_actions()
        ev += play(m, PASS if PASS in la else la[0])
    return ev


def test_pool_size_and_variety():
    """Issue: at least 20 non-champion creatures across melee/range/magic, at least 40 support cards
    with bow/sword/moon weapons, armour, accessories, Set Phase and combat spells."""
    cs = [c for c in CARDS.values() if c.is_creature and not c.champion]
    assert len(cs) >= 20 and {c.ctype for c in cs} == {"melee", "range", "magic"}
    sup = [c for c in CARDS.values() if not c.is_creature]
    assert len(sup) >= 40
    assert {c.icon for c in sup if c.kind == "weapon"} == {"bow", "sword", "moon"}
    assert {c.kind for c in sup} == {"weapon", "armour", "accessory", "spell"}
    assert {c.timing for c in sup if c.is_spell} == {"set", "combat"}
    champs = sorted(c.name for c in CARDS.values() if c.champion)
    assert champs == ["High King Arenor", "Traghrim"]
    assert len({c.icon for c in CARDS.values() if c.champion}) == 2
    named = ["Dawn Seers", "Beastmaster", "Dragonblood", "Lithriel", "Warrior's Bane", "Nature's Blessing",
             "Resting Fortress", "Change of Destiny", "Lithriel's Berries", "Training Camp", "Divine Destruction",
             "A Pirate's Life", "Road Sanctuary", "Reforge", "Whispering Winds"]
    assert set(named) <= {c.name for c in CARDS.values()}


def test_every_creature_has_when_played_or_on_death():
    """Rulebook: "Each creature has a 'When played' or 'On death' effect.\""""
    for c in CARDS.values():
        if c.is_creature:
            assert c.trigger in ("when_played", "on_death") and c.effect
            assert ("When played" in c.text) == (c.trigger == "when_played")
            assert ("On death" in c.text) == (c.trigger == "on_death")


# ---------------------------------------------------------------- creatures
def _when_played(cid, **kw):
    """Creature on bench 2 moves into the open lane 2; returns (match, events)."""
    m = scenario(["iron_vanguard", None, "vale_archer", "traghrim", cid], ["gate_warden", "dawn_seers", "falconer"],
                 **kw)
    ev = play(m, (M.MOVE, 4, 1))
    if m.pending()[0] == M.CH_PLACE:
        ev += play(m, m.legal_actions()[0])
    return m, ev


def _on_death(cid, **kw):
    """Player 1's 10-attack Berserker destroys player 0's creature in lane 1; returns (match, events)."""
    m = scenario([cid, "iron_vanguard", None, "traghrim"], [("karn_berserker", "greatsword"), "gate_warden"],
                 active=1, **kw)
    ev = attack_and_resolve(m, (0, 0))
    assert (0, 0, CODE[cid]) in [e[1:4] for e in kinds(ev, "destroyed")]
    while m.phase() == "choice":
        ev += play(m, m.legal_actions()[0])
    return m, ev


@pytest.mark.parametrize("cid", CREATURES)
def test_creature(cid):
    c = CARDS[cid]
    if c.champion:
        return _champion(cid)
    op, n, kind = c.effect[0]
    sup = ["chainmail", "iron_sword", "a_pirates_life", "war_axe", "greatsword", "mage_robes"]
    if c.trigger == "when_played":
        m, ev = _when_played(cid, sdeck0=sup, cdeck0=["skirmisher", "falconer"], hand0=["hunting_bow"])
        assert kinds(ev, "trigger")
    else:
        m, ev = _on_death(cid, sdeck0=sup, cdeck0=["skirmisher", "falconer"], sdeck1=SUP)
        assert [e for e in kinds(ev, "trigger") if e[2] == CODE[cid]]
    if op == "draw":
        assert f"draw {n}" in c.text
        assert len(m.hand[0]) >= 1 + n if c.trigger == "when_played" else hand_ids(m, 0)[:n] == sup[::-1][:n]
    elif op == "tutor":
        assert kind in c.text
        first = next(x for x in sup[::-1] if CARDS[x].kind == kind)
        assert first in hand_ids(m, 0)
    elif op == "opp_morale":
        assert f"loses {n} morale" in c.text
        own_losses = sum(-e[2] for e in kinds(ev, "morale") if e[1] == 1 and e[4] == "death")
        assert m.morale(1) == 100 - n - own_losses and [e for e in kinds(ev, "morale") if e[4] == "effect"]
    elif op == "bench_creature":
        assert slot_card(m, 0, 4) == "falconer" or slot_card(m, 0, 5) == "falconer"
    elif op == "set_opponent":
        assert m.pending()[0] == M.CH_SET_OPP
        play(m, (M.CHOOSE, 1))
        assert m.set_info(1) == (1, -1)
    elif op == "first_attack":
        assert f"+{n} attack" in c.text
        before = c.attack
        assert m.stats(0, 1)[0] == before + n
        play(m, PASS, PASS)
        play(m, PASS, PASS)
        assert m.stats(0, 1)[0] == before
    elif op == "first_team_attack":
        assert f"+{n} attack" in c.text
        assert m.stats(0, 0)[0] == CARDS["iron_vanguard"].attack + n        # Traghrim is on the bench
    elif op == "first_unblockable":
        play(m, PASS)
        ev = declare(m, (1, 1))
        assert kinds(ev, "clash")[0][8] == -1
    else:  # pragma: no cover
        raise AssertionError(f"no behaviour test for {op}")


def _champion(cid):
    c = CARDS[cid]
    m = scenario(["iron_vanguard", None, "vale_archer", cid], ["dawn_seers"], cdeck0=["skirmisher"])
    assert "When played: add the top creature" in c.text
    play(m, (M.MOVE, 3, 1), (M.CHOOSE, 4))
    assert slot_card(m, 0, 4) == "skirmisher"
    if c.aura == "melee_attack":
        assert m.stats(0, 0)[0] == 4 + 1 and m.stats(0, 2)[0] == 4      # melee only
        m2 = scenario(["iron_vanguard", None, None, cid], ["dawn_seers"])
        assert m2.stats(0, 0)[0] == 4                                    # only while in a lane
    else:
        assert m.stats(0, 0)[1] == 4 + 1 and m.stats(0, 2)[1] == 2 + 1
        m2 = scenario(["iron_vanguard", None, None, cid], ["dawn_seers"])
        assert m2.stats(0, 0)[1] == 4 + 1                                # anywhere in play
        assert m.stats(0, 1)[1] == c.defense                             # not itself


def test_beastmaster_buffs_others_not_itself():
    m = scenario(["iron_vanguard", None, "vale_archer", None, "beastmaster"], ["dawn_seers"])
    play(m, (M.MOVE, 4, 1))
    assert m.stats(0, 0)[0] == 5 and m.stats(0, 2)[0] == 5 and m.stats(0, 1)[0] == 4


# ---------------------------------------------------------------- equipment
@pytest.mark.parametrize("cid", EQUIPMENT)
def test_equipment(cid):
    e = CARDS[cid]
    assert e.kind in EQUIP_KINDS
    match_type = {"melee": "iron_vanguard", "range": "vale_archer", "magic": "dawn_seers"}[e.ctype]
    other = {"melee": "vale_archer", "range": "dawn_seers", "magic": "iron_vanguard"}[e.ctype]
    m = scenario([match_type, other], ["dawn_seers"], hand0=[cid, cid])
    base = [m.stats(0, 0), m.stats(0, 1)]
    play(m, (M.EQUIP, 0, 0), (M.EQUIP, 0, 1))
    assert m.items_at(0, 0)[e.kind and EQUIP_KINDS.index(e.kind)] == CODE[cid]
    got = [m.stats(0, 0), m.stats(0, 1)]
    assert (got[0][0] - base[0][0], got[0][1] - base[0][1]) == (e.attack_bonus, e.defense_bonus)
    assert (got[1][0] - base[1][0], got[1][1] - base[1][1]) == (e.attack, e.defense)
    if e.special == "bane":
        assert "can't be counterattacked" in e.text
        return
    if e.attack == e.attack_bonus and e.defense == e.defense_bonus:
        assert f"+{e.defense} defense to any creature" in e.text
        return
    if e.attack:
        assert e.text.startswith(f"+{e.attack} attack") and f"if {e.ctype} +{e.attack_bonus}" in e.text
    else:
        assert e.text.startswith(f"+{e.defense} defense") and f"if {e.ctype} +{e.defense_bonus}" in e.text


def test_warriors_bane_blocks_the_counterattack():
    m = scenario([("vale_archer", "warriors_bane"), None, None, "traghrim"], ["iron_vanguard", "dawn_seers"],
                 sdeck0=SUP)
    ev = attack_and_resolve(m, (0, 0))
    assert kinds(ev, "clash")[0][8] == -1


# ---------------------------------------------------------------- spells
def spell_scenario(spell, **kw):
    base = dict(board0=[("vale_archer", "hunting_bow"), "iron_vanguard", None, "traghrim", "skirmisher"],
                board1=["dawn_seers", "gate_warden", "falconer", "high_king_arenor"],
                hand0=[spell, "lucky_charm"], sdeck0=["iron_sword", "war_axe", "chainmail", "mage_robes"],
                cdeck0=["storm_caller", "hexweaver"], sdeck1=SUP)
    base.update(kw)
    return scenario(**base)


def _combat_spell(spell, attacks=((0, 0),), lane=0, defender=False, **kw):
    kw.setdefault("hand1" if defender else "hand0", [spell])
    m = spell_scenario(spell, **kw)
    play(m, PASS)
    ev = declare(m, *attacks)
    want = "defender_spells" if defender else "attacker_spells"
    while m.phase() != want:
        ev += play(m, PASS)
    ev += play(m, (M.CAST, 0, lane))
    while m.phase() in ("defender_spells", "attacker_spells", "order", "choice"):
        la = m.legal_actions()
        ev += play(m, PASS if PASS in la else la[0])
    return m, ev


SPELL_TESTS = {}


def spell_test(fn):
    SPELL_TESTS[fn.__name__[3:]] = fn
    return fn


@spell_test
def st_lithriels_berries():
    m = spell_scenario("lithriels_berries")
    play(m, (M.CAST, 0, 0))
    assert m.morale(0) == 100 - CARDS["vale_archer"].morale and m.items_at(0, 0) == (-1, -1, -1)
    assert slot_card(m, 0, 0) == "vale_archer"
    assert deck_ids(m, 0)[:2] == ["lithriels_berries", "hunting_bow"]   # the spent spell goes down last


@spell_test
def st_training_camp():
    m = spell_scenario("training_camp", hand0=["training_camp", "elven_longbow"])
    play(m, (M.CAST, 0, 0))
    assert m.items_at(0, 0)[0] == CODE["elven_longbow"] and hand_ids(m, 0) == ["hunting_bow"]


@spell_test
def st_a_pirates_life():
    m = spell_scenario("a_pirates_life")
    play(m, (M.CAST, 0, M.NO_TARGET))
    assert hand_ids(m, 0) == ["lucky_charm", "mage_robes", "chainmail"]


@spell_test
def st_road_sanctuary():
    m = spell_scenario("road_sanctuary")
    assert sorted(a[2] for a in m.legal_actions() if a[0] == M.CAST) == [0, 1]   # your lane creatures
    play(m, (M.CAST, 0, 1))
    assert sorted(a[1] for a in m.legal_actions()) == [2, 5]       # open lane 3 or bench 3 (bench 1 is Champion-only)
    play(m, (M.CHOOSE, 5))
    assert slot_card(m, 0, 5) == "iron_vanguard"


@spell_test
def st_reforge():
    m = spell_scenario("reforge")
    play(m, (M.CAST, 0, 4), (M.CHOOSE, CODE["storm_caller"]))
    assert slot_card(m, 0, 4) == "storm_caller" and deck_ids(m, 0, creature=True)[0] == "skirmisher"


@spell_test
def st_call_to_arms():
    m = spell_scenario("call_to_arms")
    assert [a[2] for a in m.legal_actions() if a[0] == M.CAST] == [5]
    play(m, (M.CAST, 0, 5))
    assert slot_card(m, 0, 5) == "hexweaver"


@spell_test
def st_scouting_report():
    m = spell_scenario("scouting_report")
    play(m, (M.CAST, 0, M.NO_TARGET))
    assert sorted(a[1] for a in m.legal_actions()) == [0, 1, 2]
    play(m, (M.CHOOSE, 1))                                          # the second card from the top
    assert hand_ids(m, 0) == ["lucky_charm", "chainmail"]
    assert deck_ids(m, 0)[-2:] == ["war_axe", "mage_robes"]         # as they lay, until the owner orders them
    # "return the rest to the top in any order": the owner picks the new top card
    assert m.pending()[0] == M.CH_SCOUT_ORDER and m.to_move() == 0
    assert sorted(a[1] for a in m.legal_actions()) == [0, 1]
    for seed in range(3):                                           # the owner's view keeps what they saw
        dd = m.determinize(0, seed)
        assert dd.sdeck[0][-2:] == m.sdeck[0][-2:] and dd.legal_actions() == m.legal_actions()
    assert m.action_text((M.CHOOSE, 1)) == "Put War Axe on top"
    play(m, (M.CHOOSE, 1))                                          # War Axe on top, Mage Robes under it
    assert deck_ids(m, 0)[-2:] == ["mage_robes", "war_axe"]
    assert m.pending()[0] == M.CH_NONE and not m.invariant_problems()


@spell_test
def st_rallying_cry():
    m = spell_scenario("rallying_cry")
    a0 = m.stats(0, 0)[0]
    play(m, (M.CAST, 0, M.NO_TARGET))
    assert m.stats(0, 0)[0] == a0 + 1 and len(m.hand[0]) == 2
    play(m, PASS, PASS)
    assert m.stats(1, 0)[0] == CARDS["dawn_seers"].attack          # only the caster's creatures
    play(m, PASS, PASS)
    assert m.stats(0, 0)[0] == a0                                  # the round is over


def test_rallying_cry_from_an_empty_support_deck_draws_nothing():
    """The spell resolves, then goes to the bottom of the support deck: from an empty deck
    its "draw 1" gives no card, so it can't draw itself back and be cast again for another +1."""
    m = spell_scenario("rallying_cry", hand0=["rallying_cry"], sdeck0=[])
    a0 = m.stats(0, 0)[0]
    play(m, (M.CAST, 0, M.NO_TARGET))
    assert m.hand[0] == [] and deck_ids(m, 0) == ["rallying_cry"]
    assert (M.CAST, 0, M.NO_TARGET) not in m.legal_actions()
    assert m.stats(0, 0)[0] == a0 + 1 and not m.invariant_problems()


def test_rallying_cry_draws_the_card_above_it_and_lies_at_the_bottom():
    m = spell_scenario("rallying_cry", hand0=["rallying_cry"], sdeck0=["war_axe"])
    play(m, (M.CAST, 0, M.NO_TARGET))
    assert hand_ids(m, 0) == ["war_axe"] and deck_ids(m, 0) == ["rallying_cry"]


@spell_test
def st_stone_skin():
    m = spell_scenario("stone_skin")
    d0 = m.stats(0, 1)[1]
    play(m, (M.CAST, 0, 1))
    assert m.stats(0, 1)[1] == d0 + 2
    play(m, PASS, PASS)
    assert m.stats(0, 1)[1] == d0 + 2                              # still on in the opponent's turn
    play(m, PASS, PASS)
    assert m.stats(0, 1)[1] == d0                                  # until the start of your next turn


@spell_test
def st_resting_fortress():
    m, ev = _combat_spell("resting_fortress", defender=True)
    assert kinds(ev, "redirect")


@spell_test
def st_change_of_destiny():
    # Iron Vanguard (melee) against Gate Warden (melee): no advantage until Change of Destiny
    m, ev = _combat_spell("change_of_destiny", attacks=((1, 1),), lane=1)
    c = kinds(ev, "clash")[0]
    assert c[6] == 4 + 2 and c[9] == 4 + 1                         # both bonuses of the Vanguard


@spell_test
def st_divine_destruction():
    m, ev = _combat_spell("divine_destruction", attacks=((1, 1),), lane=1)
    assert kinds(ev, "clash")[0][6] == 4 + 5


@spell_test
def st_whispering_winds():
    m, ev = _combat_spell("whispering_winds", attacks=((1, 1),), lane=1)
    assert kinds(ev, "clash")[0][8] == -1


@spell_test
def st_shield_wall():
    m, ev = _combat_spell("shield_wall", attacks=((1, 1),), lane=1)
    assert kinds(ev, "clash")[0][9] == 4 + 3


@spell_test
def st_battle_fury():
    m, ev = _combat_spell("battle_fury", attacks=((1, 1),), lane=1)
    c = kinds(ev, "clash")[0]
    assert (c[6], c[9]) == (4 + 2, 4 + 1)


@spell_test
def st_ward_of_light():
    m, ev = _combat_spell("ward_of_light", attacks=((1, 1),), lane=1)
    c = kinds(ev, "clash")[0]
    assert (c[6], c[9]) == (4 + 2, 4 + 2)


@spell_test
def st_long_reach():
    # the defender's melee Gate Warden in lane 2 is attacked by a magic creature from lane 3
    m = spell_scenario("long_reach", board0=["vale_archer", None, "dawn_seers", "traghrim"], hand1=["long_reach"])
    ev = play(m, PASS) + declare(m, (2, 1)) + play(m, (M.CAST, 0, 1))
    while m.phase() in ("defender_spells", "attacker_spells"):
        ev += play(m, PASS)
    assert kinds(ev, "clash")[0][8] >= 0                          # the melee Warden counterattacks lane 3
    m2 = spell_scenario("long_reach", board0=["vale_archer", None, "dawn_seers", "traghrim"])
    ev2 = play(m2, PASS) + declare(m2, (2, 1))
    while m2.phase() in ("defender_spells", "attacker_spells"):
        ev2 += play(m2, PASS)
    assert kinds(ev2, "clash")[0][8] == -1                        # without it: no reach


@spell_test
def st_supply_wagon():
    m = spell_scenario("supply_wagon")
    play(m, (M.CAST, 0, M.NO_TARGET))
    assert hand_ids(m, 0) == ["lucky_charm", "mage_robes", "chainmail"]   # armour from the top, then a draw


@pytest.mark.parametrize("cid", SPELLS)
def test_spell(cid):
    c = CARDS[cid]
    assert c.icon == "stars" and c.ctype == "spell"
    assert ("Set Phase" in c.text) == (c.timing == "set")
    SPELL_TESTS[cid]()


def test_every_card_has_a_behaviour_test():
    covered = set(CREATURES) | set(EQUIPMENT) | set(SPELL_TESTS)
    assert covered == set(CARDS)
    assert all(c.code == i for i, c in enumerate(CARDS_BY_CODE))


def test_lane_auras_do_not_reach_the_bench():
    m = scenario(["traghrim", None, None, None, "iron_vanguard"], ["dawn_seers"])
    assert m.stats(0, 4)[0] == 4                       # Traghrim's +1 is for lane creatures only
    play(m, (M.MOVE, 4, 1))
    assert m.stats(0, 1)[0] == 5
