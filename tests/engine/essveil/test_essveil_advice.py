"""Essveil's reasons for the hint and the review, from the planner's own line for a move
(engine.ai.advice; words in engine/essveil/advice.py): the creature an attack kills and
whether it survives, a Guard that steps in, the lethal threat after the opponent's reply."""
from engine.ai.advice import reason
from engine.essveil import match as M
from engine.essveil.testing import scenario, uid


def test_an_attack_names_the_creature_it_kills_and_a_guard_that_blocks():
    m = scenario(boards=(["war_mammoth", "dune_raider"], ["hushmage", "stone_warden"]), life=(20, 9))
    v = m.view(0)
    mammoth, raider, warden = uid(m, 0, 0), uid(m, 0, 1), uid(m, 1, 1)
    assert reason(v, 0, [M.attack(mammoth, warden)]).startswith("kills Stone Warden and survives")
    assert reason(v, 0, [M.attack(raider, warden)]).startswith("Dune Raider dies to Stone Warden and kills nothing")
    blocked = reason(v, 0, [M.attack(mammoth, M.player_target(1))])
    assert blocked.startswith("Stone Warden blocks it and dies; War Mammoth survives"), blocked


def test_the_lethal_threat_after_their_reply_is_said_and_whether_a_guard_can_block():
    m = scenario(boards=(["war_mammoth", "war_mammoth"], ["stone_warden"]), life=(20, 9))
    assert reason(m.view(0), 0, [M.END_TURN]) == "lethal next turn unless they block"
    m = scenario(boards=(["war_mammoth", "war_mammoth"], ["hushmage"]), life=(20, 9))
    assert reason(m.view(0), 0, [M.END_TURN]).endswith("lethal next turn")
    m = scenario(boards=(["dune_raider"], ["hushmage"]), life=(20, 9))
    assert "lethal" not in reason(m.view(0), 0, [M.END_TURN])


def test_a_spell_that_wins_says_so():
    m = scenario(boards=(["war_mammoth", "dune_raider"], ["shield_bearer"]), life=(20, 8), hands=(["firebolt"], []))
    assert reason(m.view(0), 0, [M.play(0, uid(m, 1, 0))]) == "wins the game this turn"


def test_a_card_played_on_the_own_side_says_what_it_adds():
    m = scenario(boards=(["shade_stalker"], ["aegis_squire"]), hands=(["aegis_ward", "stone_warden", "iron_blade"], []),
                 life=(18, 20), veil=(4, 4))
    v = m.view(0)
    stalker = uid(m, 0, 0)
    assert reason(v, 0, [M.play(1)]).startswith("adds Stone Warden (2/6, Guard)")
    assert reason(v, 0, [M.play(0, stalker)]).startswith("gives Shade Stalker Aegis")
    assert reason(v, 0, [M.play(2, stalker)]).startswith("gives Shade Stalker +2 Might")
