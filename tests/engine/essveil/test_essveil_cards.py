"""Essveil: one behaviour test per card (printed keywords checked in play, effects run)."""
import pytest

from engine.essveil import CARDS
from engine.essveil.match import (
    END_TURN, LET_IT_THROUGH, ability, attack, intercept, play, player_target,
)
from engine.essveil.testing import board_ids, scenario, uid

P0, P1 = player_target(0), player_target(1)
IDX = {c.id: c.index for c in CARDS.values()}
COVERED = set()


def covers(*ids):
    COVERED.update(ids)


def spec(card, **kw):
    d = {"card": card}
    d.update(kw)
    return d


def stats(m, p, i=0):
    c = m.creatures(p)[i]
    return c["might"], c["endurance"]


# ---------------------------------------------------------------- printed keywords, per creature
def check_keyword(kw: str, creature: dict, might: int):
    """Run a small scene showing keyword ``kw`` working on ``creature`` (a scenario spec)."""
    if kw == "Swift":
        m = scenario(boards=([dict(creature, sick=True)], []))
        assert attack(uid(m, 0, 0), P1) in m.legal_actions()
    elif kw == "Guard":
        m = scenario(active=1, boards=([creature], ["war_mammoth"]))
        m.apply(attack(uid(m, 1, 0), P0))
        assert m.to_move() == 0 and intercept(uid(m, 0, 0)) in m.legal_actions()
    elif kw == "Veilstep":
        m = scenario(boards=([creature], ["shield_bearer"]))
        m.apply(attack(uid(m, 0, 0), P1))
        assert m.to_move() == 0 and m.life(1) == 20 - might
    elif kw == "Drain":
        m = scenario(boards=([creature], []), life=(10, 20))
        m.apply(attack(uid(m, 0, 0), P1))
        assert m.life(0) == 10 + might
    elif kw == "Venom":
        m = scenario(boards=([creature], ["deepwater_leviathan"]))
        m.apply(attack(uid(m, 0, 0), uid(m, 1, 0)))
        assert "deepwater_leviathan" not in board_ids(m, 1)
    elif kw == "Aegis":
        m = scenario(hands=(["spark"], []), boards=([creature], []))
        m.apply(play(0, uid(m, 0, 0)))
        c = m.creatures(0)[0]
        assert c["damage"] == 0 and not c["aegis"]
    elif kw.startswith("Grow"):
        x = int(kw.split()[1])
        m = scenario(active=1, boards=([creature], []))
        before = stats(m, 0)
        m.apply(END_TURN)
        assert stats(m, 0) == (before[0] + x, before[1] + x)
    else:
        raise AssertionError(kw)


PRINTED = [(c.id, k) for c in CARDS.values() if c.is_creature
           for k in c.keywords if k not in ("On Play", "Last Rites")]


@pytest.mark.parametrize("cid,kw", PRINTED)
def test_printed_keyword_works(cid, kw):
    covers(cid)
    check_keyword(kw, spec(cid), CARDS[cid].might)


@pytest.mark.parametrize("cid", [c.id for c in CARDS.values() if c.kind == "creature"])
def test_creature_enters_with_printed_stats(cid):
    c = CARDS[cid]
    m = scenario(hands=([cid], []), boards=([], ["thornling"]), life=(20, 20))
    legal = [a for a in m.legal_actions() if a[0] == 3]
    m.apply(legal[-1])
    me = [x for x in m.creatures(0) if x["card"] == cid][0]
    assert (me["might"], me["endurance"], me["sick"]) == (c.might, c.endurance, True)
    assert m.essence(0)[1] == 10 - c.cost


def test_war_mammoth_vanilla_6_6():
    covers("war_mammoth")
    m = scenario(boards=(["war_mammoth"], ["stone_warden"]))
    m.apply(attack(uid(m, 0, 0), uid(m, 1, 0)))
    assert board_ids(m, 1) == [] and m.creatures(0)[0]["damage"] == 2


# ---------------------------------------------------------------- creatures with effects
def test_wisp_caller_last_rites_summons_a_wisp():
    covers("wisp_caller", "wisp")
    m = scenario(hands=(["spark"], []), boards=(["wisp_caller"], []))
    m.apply(play(0, uid(m, 0, 0)))
    assert board_ids(m, 0) == ["wisp"] and stats(m, 0) == (1, 1)


def test_spark_adept_on_play_deals_1_to_any_target():
    covers("spark_adept")
    m = scenario(hands=(["spark_adept", "spark_adept"], []), boards=([], ["ember_sprite"]))
    m.apply(play(0, uid(m, 1, 0)))
    assert board_ids(m, 1) == []
    m.apply(play(0, P1))
    assert m.life(1) == 19


def test_ash_martyr_last_rites_hits_the_enemy_player():
    covers("ash_martyr")
    m = scenario(boards=(["ash_martyr"], ["stone_warden"]))
    m.apply(attack(uid(m, 0, 0), uid(m, 1, 0)))
    assert m.life(1) == 18


def test_essence_weaver_attunes_1():
    covers("essence_weaver")
    m = scenario(hands=(["essence_weaver"], []), veil=(2, 0))
    m.apply(play(0))
    assert m.essence(0) == (7, 1, 2)


def test_hushmage_silences_an_enemy_creature():
    covers("hushmage")
    m = scenario(hands=(["hushmage"], []), boards=([], ["shield_bearer"]))
    assert [a for a in m.legal_actions() if a[0] == 3] == [play(0, uid(m, 1, 0))]
    m.apply(play(0, uid(m, 1, 0)))
    assert m.creatures(1)[0]["silenced"] and m.creatures(1)[0]["keywords"] == []


def test_brood_host_last_rites_two_wisps():
    covers("brood_host")
    m = scenario(hands=(["firebolt"], []), boards=([], ["brood_host"]))
    m.apply(play(0, uid(m, 1, 0)))
    assert board_ids(m, 1) == ["wisp", "wisp"]


def test_veil_scholar_draws_a_card():
    covers("veil_scholar")
    m = scenario(hands=(["veil_scholar"], []))
    m.apply(play(0))
    assert m.hands[0] == [IDX["wisp_caller"]]


def test_ember_adept_taps_to_deal_1():
    covers("ember_adept")
    m = scenario(boards=(["ember_adept"], ["ember_sprite"]))
    m.apply(ability(uid(m, 0, 0), uid(m, 1, 0)))
    assert board_ids(m, 1) == [] and m.creatures(0)[0]["tapped"]


def test_field_medic_heals_3():
    covers("field_medic")
    m = scenario(hands=(["field_medic"], []), life=(12, 20))
    m.apply(play(0))
    assert m.life(0) == 15


def test_veil_conduit_taps_to_attune_1():
    covers("veil_conduit")
    m = scenario(boards=(["veil_conduit"], []), veil=(0, 0))
    m.apply(ability(uid(m, 0, 0)))
    assert m.essence(0) == (9, 1, 0)


def test_grave_sage_draws_on_death():
    covers("grave_sage")
    m = scenario(hands=(["unmake"], []), boards=(["grave_sage"], []))
    m.apply(play(0, uid(m, 0, 0)))
    assert m.hands[0] == [IDX["wisp_caller"]]


def test_night_countess_pings_each_enemy_creature():
    covers("night_countess")
    m = scenario(hands=(["night_countess"], []), boards=(["wisp"], ["wisp", "wildcub"]))
    m.apply(play(0))
    assert board_ids(m, 1) == ["wildcub"] and board_ids(m, 0) == ["wisp", "night_countess"]


def test_elderoak_last_rites_two_sproutlings_that_grow():
    covers("elderoak", "sproutling")
    m = scenario(hands=(["unmake"], []), boards=([], ["elderoak"]))
    m.apply(play(0, uid(m, 1, 0)))
    assert board_ids(m, 1) == ["sproutling", "sproutling"]
    m.apply(END_TURN)
    assert stats(m, 1) == (2, 2)


def test_hive_mother_summons_two_wisps():
    covers("hive_mother")
    m = scenario(hands=(["hive_mother"], []))
    m.apply(play(0))
    assert board_ids(m, 0) == ["hive_mother", "wisp", "wisp"]


def test_iron_sovereign_destroys_an_enemy_creature():
    covers("iron_sovereign")
    m = scenario(hands=(["iron_sovereign"], []), boards=([], ["bastion_golem"]))
    m.apply(play(0, uid(m, 1, 0)))
    assert board_ids(m, 1) == []  # destroy ignores Aegis (it is not damage)


def test_pyre_titan_last_rites_hits_each_enemy_creature():
    covers("pyre_titan")
    m = scenario(hands=(["unmake"], []), boards=(["pyre_titan", "wisp"], ["stone_warden", "dune_raider"]))
    m.apply(play(0, uid(m, 0, 0)))
    assert board_ids(m, 1) == ["stone_warden"] and board_ids(m, 0) == ["wisp"]
    assert m.creatures(1)[0]["damage"] == 3


# ---------------------------------------------------------------- spells
def test_spark_deals_2_to_any_target():
    covers("spark")
    m = scenario(hands=(["spark", "spark"], []), boards=([], ["wildcub"]))
    m.apply(play(0, P1))
    m.apply(play(0, uid(m, 1, 0)))
    assert m.life(1) == 18 and m.creatures(1)[0]["damage"] == 2


def test_wild_growth_gives_plus_2_plus_2():
    covers("wild_growth")
    m = scenario(hands=(["wild_growth"], []), boards=(["wildcub"], []))
    m.apply(play(0, uid(m, 0, 0)))
    assert stats(m, 0) == (4, 5)


def test_aegis_ward_gives_aegis_and_draws():
    covers("aegis_ward")
    m = scenario(hands=(["aegis_ward"], []), boards=(["wildcub"], ["wildcub"]))
    assert play(0, uid(m, 1, 0)) not in m.legal_actions()  # friendly only
    m.apply(play(0, uid(m, 0, 0)))
    assert m.creatures(0)[0]["aegis"] and len(m.hands[0]) == 1


def test_still_the_veil_silences():
    covers("still_the_veil")
    m = scenario(hands=(["still_the_veil"], []), boards=([], ["bastion_golem"]))
    m.apply(play(0, uid(m, 1, 0)))
    c = m.creatures(1)[0]
    assert c["silenced"] and not c["aegis"] and "Guard" not in c["keywords"]


def test_binding_frost_taps_an_enemy_and_draws():
    covers("binding_frost")
    m = scenario(hands=(["binding_frost"], []), boards=(["war_mammoth"], ["shield_bearer"]))
    m.apply(play(0, uid(m, 1, 0)))
    assert m.creatures(1)[0]["tapped"] and len(m.hands[0]) == 1
    m.apply(attack(uid(m, 0, 0), P1))  # the tapped Guard can't intercept
    assert m.life(1) == 14


def test_deep_channel_attunes_3():
    covers("deep_channel")
    m = scenario(hands=(["deep_channel"], []), veil=(1, 0))
    m.apply(play(0))
    assert m.essence(0) == (6, 3, 1)


def test_blood_pact_costs_4_life_and_draws_2():
    covers("blood_pact")
    m = scenario(hands=(["blood_pact"], []), veil=(0, 0))
    m.apply(play(0))
    assert m.life(0) == 16 and len(m.hands[0]) == 2


def test_veil_insight_draws_2():
    covers("veil_insight")
    m = scenario(hands=(["veil_insight"], []))
    m.apply(play(0))
    assert len(m.hands[0]) == 2


def test_call_the_wisps_summons_two_wisps():
    covers("call_the_wisps")
    m = scenario(hands=(["call_the_wisps"], []))
    m.apply(play(0))
    assert board_ids(m, 0) == ["wisp", "wisp"] and m.creatures(0)[0]["sick"]


def test_kindle_makes_ember_motes_that_burn_when_they_die():
    covers("kindle", "ember_mote")
    m = scenario(hands=(["kindle", "cinder_storm"], []), active=0, veil=(7, 0))
    m.apply(play(0))
    assert board_ids(m, 0) == ["ember_mote", "ember_mote"]
    m2 = scenario(hands=(["cinder_storm"], []), boards=([], ["ember_mote", "ember_mote"]))
    m2.apply(play(0))
    assert m2.life(0) == 18 and m2.graves[1] == []


def test_mending_light_heals_5():
    covers("mending_light")
    m = scenario(hands=(["mending_light"], []), life=(7, 20))
    m.apply(play(0))
    assert m.life(0) == 12


def test_firebolt_deals_4_to_a_creature():
    covers("firebolt")
    m = scenario(hands=(["firebolt"], []), boards=([], ["stone_warden"]))
    assert play(0, P1) not in m.legal_actions()
    m.apply(play(0, uid(m, 1, 0)))
    assert m.creatures(1)[0]["damage"] == 4


def test_veil_lance_hits_the_enemy_player_for_3():
    covers("veil_lance")
    m = scenario(hands=(["veil_lance"], []), boards=([], ["stone_warden"]))
    m.apply(play(0))
    assert m.life(1) == 17


def test_raise_the_wall_two_guard_sentinels():
    covers("raise_the_wall", "veil_sentinel")
    m = scenario(hands=(["raise_the_wall"], []))
    m.apply(play(0))
    tok = CARDS["veil_sentinel"]
    assert board_ids(m, 0) == ["veil_sentinel"] * 2 and stats(m, 0) == (tok.might, tok.endurance)
    assert m.creatures(0)[0]["keywords"] == ["Guard"]


def test_rally_the_host_buffs_each_friendly_creature():
    covers("rally_the_host")
    m = scenario(hands=(["rally_the_host"], []), boards=(["wisp", "wildcub"], ["wisp"]))
    m.apply(play(0))
    assert stats(m, 0, 0) == (2, 2) and stats(m, 0, 1) == (3, 4) and stats(m, 1) == (1, 1)


def test_return_from_the_veil_returns_the_last_creature_card():
    covers("return_from_the_veil")
    m = scenario(hands=(["return_from_the_veil"], []), graves=(["war_mammoth", "dune_raider", "spark"], []))
    m.apply(play(0))
    assert board_ids(m, 0) == ["dune_raider"]
    m = scenario(hands=(["return_from_the_veil"], []))
    ev = m.apply(play(0))
    assert "fizzle" in [e[0] for e in ev] and m.graves[0] == [IDX["return_from_the_veil"]]


def test_cinder_storm_hits_each_enemy_creature():
    covers("cinder_storm")
    m = scenario(hands=(["cinder_storm"], []), boards=(["wisp"], ["wisp", "stone_warden"]))
    m.apply(play(0))
    assert board_ids(m, 0) == ["wisp"] and board_ids(m, 1) == ["stone_warden"]


def test_unmake_destroys_a_creature():
    covers("unmake")
    m = scenario(hands=(["unmake"], []), boards=([], ["deepwater_leviathan"]))
    m.apply(play(0, uid(m, 1, 0)))
    assert board_ids(m, 1) == []


def test_cataclysm_hits_each_creature_and_each_player():
    covers("cataclysm")
    m = scenario(hands=(["cataclysm"], []), boards=(["war_mammoth"], ["deepwater_leviathan", "bastion_golem"]),
                 veil=(9, 0))
    m.apply(play(0))
    assert board_ids(m, 0) == [] and m.life(0) == 17 and m.life(1) == 17
    lev = m.creatures(1)[0]
    assert lev["damage"] == 6 and m.creatures(1)[1]["damage"] == 0  # Aegis absorbed it


# ---------------------------------------------------------------- equipment
EQUIPMENT = [c.id for c in CARDS.values() if c.kind == "equipment"]


@pytest.mark.parametrize("eid", EQUIPMENT)
def test_equipment_bonus_and_keywords(eid):
    covers(eid)
    c = CARDS[eid]
    m = scenario(hands=([eid], []), boards=(["wisp"], []))
    m.apply(play(0, uid(m, 0, 0)))
    assert stats(m, 0) == (1 + c.bonus.might, 1 + c.bonus.endurance)
    for kw in c.bonus.keywords:
        if kw == "Aegis":
            assert m.creatures(0)[0]["aegis"]
        else:
            check_keyword(kw, spec("wisp", equip=eid), 1 + c.bonus.might)


# ---------------------------------------------------------------- coverage and text
def test_wisp_token_is_a_vanilla_1_1():
    covers("wisp")
    m = scenario(boards=(["wisp"], []))
    m.apply(attack(uid(m, 0, 0), P1))
    assert m.life(1) == 19


def test_every_card_has_a_behaviour_test():
    import re
    src = open(__file__, encoding="utf-8").read()
    named = set()
    for args in re.findall(r"covers\(([^)]*)\)", src):
        named.update(re.findall(r'"([a-z_]+)"', args))
    covered = named | {cid for cid, _ in PRINTED} | set(EQUIPMENT)
    missing = sorted(set(CARDS) - covered)
    assert not missing, missing


def test_card_text_is_generated_from_its_data():
    assert CARDS["night_countess"].text == "Drain. On Play: Deal 1 damage to each enemy creature."
    assert CARDS["blood_pact"].text == "As you play this, pay 4 Life. Draw 2 cards."
    assert CARDS["ember_adept"].text == "Tap: Deal 1 damage to any target."
    assert CARDS["runed_plate"].text == "Equipped creature gets +1/+3. It gains Aegis when this is attached."
    assert CARDS["elderoak"].keywords == ("Grow 2", "Last Rites")
    for c in CARDS.values():
        if c.effect or c.on_play or c.last_rites or c.ability or c.bonus or c.keywords:
            assert c.text
