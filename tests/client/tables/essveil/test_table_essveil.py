"""The Essveil table through the real event loop (dummy video driver): every
gesture by drag and drop against the engine's legal actions, refused drops with
the engine's reason, click-to-target, the Attune buttons, Pierce the Veil, the
Guard prompt (and Veilstep), the graveyard viewer, animations, concede, and a
whole game against the AI played through the UI."""
from support.paths import ROOT
import os
import random

import pytest


from engine.essveil.text import EssveilEnd
from engine.essveil import match as EV
from engine.essveil.cards import CARDS
from engine.essveil.testing import scenario, uid
from support.helpers import ai_table, game_session, hotseat_table, last_toast, thinking_calls

HUMAN, AI = 0, 1


def session_at(m, options=None):
    """A session whose live match is the scenario ``m`` (the table only reads ``session.match``)."""
    s = game_session("essveil", 1, options=options, human=HUMAN)
    s._match = m
    s._snaps = {0: m.clone()}
    s._turns = [m.turn()]
    return s


def open_table(d, m, *, paused=True, options=None):
    return ai_table(d, "essveil", session_at(m, options), human=HUMAN, paused=paused)


def hand_pos(t, i):
    return t.sources[("hand", i)].rect.center


def unit_pos(t, u):
    return t.unit_rects(t.view)[u].center


def side_pos(t):
    """A point on your side that no creature covers."""
    r = t.rows["me"]
    return (r.left + t.s(16), r.centery)


def player_pos(t, seat):
    return t.info_rect(seat).center


# ---------------------------------------------------------------- playing cards
def test_creature_dragged_onto_your_side_is_played(driver):
    m = scenario(hands=(["stone_warden", "spark"], []), veil=(5, 5))
    t = open_table(driver, m)
    driver.drag(hand_pos(t, 0), side_pos(t), release=False)
    assert EV.NO_TARGET == 0 and ("board",) in t.pointer.legal_targets_for(("hand", 0))
    driver.post(driver.pygame.MOUSEBUTTONUP, pos=side_pos(t), button=1, touch=False)
    driver.step(2)
    assert [c["card"] for c in t.match.creatures(HUMAN)] == ["stone_warden"]
    cost = CARDS["stone_warden"].cost
    assert t.match.essence(HUMAN)[1:] == (5 - cost, cost)      # its cost tapped from the Veil


def test_unaffordable_card_is_not_lit_and_refused_with_the_reason(driver):
    m = scenario(hands=(["war_mammoth", "ember_sprite"], []), veil=(2, 2))
    t = open_table(driver, m)
    assert ("hand", 0) not in t.live_sources and ("hand", 1) in t.live_sources
    before = t.match.to_json()
    driver.drag(hand_pos(t, 0), side_pos(t))
    assert t.match.to_json() == before
    assert last_toast(driver) == "Not enough Essence for War Mammoth (cost 6, you have 2 untapped)."


def test_spell_dragged_onto_its_target(driver):
    m = scenario(hands=(["spark"], []), boards=([], ["dune_raider"]))
    t = open_table(driver, m)
    raider = uid(t.match, AI, 0)
    # while dragging, exactly the legal targets of Spark light up (any target: both players and the creature)
    driver.drag(hand_pos(t, 0), unit_pos(t, raider), release=False)
    assert t.pointer.legal_targets_for(("hand", 0)) == {("player", 0), ("player", 1), ("creature", raider)}
    driver.post(driver.pygame.MOUSEBUTTONUP, pos=unit_pos(t, raider), button=1, touch=False)
    driver.step(2)
    assert t.match.creatures(AI) == [] and t.match.graveyard_ids(AI) == ["dune_raider"]
    assert t.match.graveyard_ids(HUMAN) == ["spark"]


def test_spell_onto_the_enemy_player(driver):
    m = scenario(hands=(["spark"], []))
    t = open_table(driver, m)
    driver.drag(hand_pos(t, 0), player_pos(t, AI))
    assert t.match.life(AI) == 18


def test_spell_onto_an_illegal_target_snaps_back_with_the_reason(driver):
    m = scenario(hands=(["binding_frost"], []), boards=(["stone_warden"], ["dune_raider"]))
    t = open_table(driver, m)
    before = t.match.to_json()
    driver.drag(hand_pos(t, 0), unit_pos(t, uid(t.match, HUMAN, 0)))
    assert t.match.to_json() == before
    assert last_toast(driver) == "That is not a legal target: choose an enemy creature."


def test_targeted_card_dropped_on_your_side_asks_for_its_target(driver):
    m = scenario(hands=(["hushmage"], []), boards=([], ["dune_raider", "stone_warden"]))
    t = open_table(driver, m)
    warden = uid(t.match, AI, 1)
    driver.drag(hand_pos(t, 0), side_pos(t))
    assert t.pick is not None and "On Play" in t.prompt()
    assert set(t.pick["options"]) == {("creature", uid(t.match, AI, 0)), ("creature", warden)}
    driver.click(unit_pos(t, warden))
    assert tuple(t.session.actions[-1]) == (EV.PLAY, 0, warden)
    assert t.match.creature(warden)["silenced"]


def test_click_a_card_then_click_its_target(driver):
    m = scenario(hands=(["firebolt"], []), boards=([], ["stone_warden"]))
    t = open_table(driver, m)
    warden = uid(t.match, AI, 0)
    driver.click(hand_pos(t, 0))
    assert t.pick is not None and ("creature", warden) in t.pick["options"]
    driver.right_click(side_pos(t))                   # right click cancels
    assert t.pick is None
    driver.click(hand_pos(t, 0))
    driver.click(unit_pos(t, warden))
    assert t.match.creature(warden)["damage"] == 4


def test_equipment_onto_a_friendly_creature_and_refused_on_an_enemy(driver):
    m = scenario(hands=(["iron_blade", "tower_shield"], []), boards=(["wildcub"], ["dune_raider"]))
    t = open_table(driver, m)
    cub, raider = uid(t.match, HUMAN, 0), uid(t.match, AI, 0)
    before = t.match.to_json()
    driver.drag(hand_pos(t, 0), unit_pos(t, raider))
    assert t.match.to_json() == before
    assert last_toast(driver) == "Iron Blade must be attached to one of your creatures."
    driver.drag(hand_pos(t, 0), unit_pos(t, cub))
    c = t.match.creature(cub)
    assert c["equipment"] == "iron_blade" and c["might"] == 4
    # a creature carries only one Equipment
    driver.drag(hand_pos(t, 0), unit_pos(t, cub))
    assert last_toast(driver) == "Wildcub already has Equipment (Iron Blade)."


# ---------------------------------------------------------------- attacks and abilities
def test_creature_dragged_onto_an_enemy_creature_attacks(driver):
    m = scenario(boards=(["stone_warden"], ["dune_raider"]))
    t = open_table(driver, m)
    warden, raider = uid(t.match, HUMAN, 0), uid(t.match, AI, 0)
    driver.drag(unit_pos(t, warden), unit_pos(t, raider), release=False)
    assert t.pointer.legal_targets_for(("unit", warden)) == {("player", AI), ("creature", raider)}
    driver.post(driver.pygame.MOUSEBUTTONUP, pos=unit_pos(t, raider), button=1, touch=False)
    driver.step(2)
    assert t.match.creatures(AI) == []                       # 2 damage on a 3/2
    assert t.match.creature(warden)["damage"] == 3 and t.match.creature(warden)["tapped"]


def test_creature_dragged_onto_the_enemy_player_attacks_them(driver):
    m = scenario(boards=(["dune_raider"], []))
    t = open_table(driver, m)
    driver.drag(unit_pos(t, uid(t.match, HUMAN, 0)), player_pos(t, AI))
    assert t.match.life(AI) == 17


def test_attack_refusals_say_why(driver):
    m = scenario(boards=([{"card": "stone_warden", "sick": True}, "wildcub"], ["dune_raider"]))
    t = open_table(driver, m)
    warden, cub = uid(t.match, HUMAN, 0), uid(t.match, HUMAN, 1)
    driver.drag(unit_pos(t, warden), player_pos(t, AI))
    assert last_toast(driver) == "Stone Warden arrived this turn and can't attack yet (it has no Swift)."
    driver.drag(unit_pos(t, cub), unit_pos(t, warden))
    assert last_toast(driver) == "You can't attack your own creature."
    driver.drag(unit_pos(t, cub), player_pos(t, HUMAN))
    assert last_toast(driver) == "You can't attack yourself."
    assert t.match.life(AI) == 20 and not t.match.creature(cub)["tapped"]



def open_row_pos(t):
    """A point of the enemy's creature row that no creature covers."""
    r = t.rows["opp"]
    return (r.left + t.s(16), r.centery)


def test_creature_dropped_on_the_empty_enemy_row_is_told_why_or_where(driver):
    """The enemy's row has no drop target of its own: a creature dropped there is not
    cancelled silently but told why it can't attack, or where to drop it."""
    m = scenario(boards=([{"card": "stone_warden", "sick": True}, "wildcub"], ["dune_raider"]))
    t = open_table(driver, m)
    warden, cub = uid(t.match, HUMAN, 0), uid(t.match, HUMAN, 1)
    driver.drag(unit_pos(t, warden), open_row_pos(t))
    assert last_toast(driver) == "Stone Warden arrived this turn and can't attack yet (it has no Swift)."
    driver.drag(unit_pos(t, cub), open_row_pos(t))
    assert last_toast(driver) == ("To attack the AI, drop it on their panel; "
                                  "to fight a creature, drop it on the creature.")
    assert t.match.life(AI) == 20 and not t.match.creature(cub)["tapped"]
    assert len(t.match.creatures(AI)) == 1 and t.drag is None   # nothing happened, nothing held

def test_ability_tab_dragged_onto_a_target_and_clicked_when_it_has_none(driver):
    m = scenario(boards=(["ember_adept", "veil_conduit"], []), veil=(3, 3))
    t = open_table(driver, m)
    adept, conduit = uid(t.match, HUMAN, 0), uid(t.match, HUMAN, 1)
    driver.drag(t.sources[("ability", adept)].rect.center, player_pos(t, AI))
    assert t.match.life(AI) == 19 and t.match.creature(adept)["tapped"]
    res = t.match.essence(HUMAN)[0]
    driver.click(t.sources[("ability", conduit)].rect.center)
    assert tuple(t.session.actions[-1]) == (EV.ABILITY, conduit, EV.NO_TARGET)
    assert t.match.essence(HUMAN)[0] == res - 1


# ---------------------------------------------------------------- turn flow
def test_attune_buttons_flow_and_deep(driver):
    m = scenario(phase="attune", veil=(1, 1), spent=(0, 0))
    t = open_table(driver, m)
    assert "Flow or Deep Attune" in t.prompt()
    hand = len(t.match.hand_ids(HUMAN))
    driver.click(t.attune_rects["deep"].center)
    assert tuple(t.session.actions[-1]) == EV.ATTUNE_DEEP
    assert t.match.essence(HUMAN)[1] == 5 and len(t.match.hand_ids(HUMAN)) == hand
    m = scenario(phase="attune", veil=(1, 1))
    t = open_table(driver, m)
    driver.key("f")
    assert tuple(t.session.actions[-1]) == EV.ATTUNE_FLOW
    assert t.match.essence(HUMAN)[1] == 3 and len(t.match.hand_ids(HUMAN)) == 1


def test_first_turn_is_flow_only_and_says_so(driver):
    from client.table.kit.parts import Banner
    driver.app.settings.animation_speed = "normal"
    s = game_session("essveil", 2, human=HUMAN)
    m = s.match
    # make the human the second player: their first turn comes after the first player's END
    human = 1 - m.first_player()
    t = ai_table(driver, "essveil", s, human=human, paused=True)
    assert t.perform(EV.END_TURN)
    assert t.match.phase() == "main"          # the Attune step was Flow, taken at once
    banners = [a for a in t.anims.items + t.anims.active if isinstance(a, Banner)]
    assert banners and "first turn: Flow only" in banners[0].sub and banners[0].text == "Your turn"
    assert "(F / D)" not in t.prompt()


def test_space_ends_the_turn_and_enter_too(driver):
    m = scenario(hands=(["spark"], []))
    t = open_table(driver, m)
    driver.key("space")
    assert t.match.turn() == 6 and t.match.turn_player() == AI
    m = scenario()
    t = open_table(driver, m)
    driver.key("return")
    assert t.match.turn_player() == AI


def test_pierce_the_veil_button_only_with_the_module(driver):
    m = scenario(veil=(1, 1), pierce=True)
    t = open_table(driver, m, options={"pierce_the_veil": True})
    labels = [b[0] for b in t.action_buttons()]
    assert any("Pierce the Veil" in x for x in labels)
    driver.key("p")
    assert t.match.life(HUMAN) == 17 and t.match.essence(HUMAN)[1] == 2
    assert not any("Pierce" in b[0] for b in t.action_buttons())      # once a turn
    t2 = open_table(driver, scenario(veil=(1, 1)))
    assert not any("Pierce" in b[0] for b in t2.action_buttons())


# ---------------------------------------------------------------- Guard
def guard_position():
    """The AI's turn: its Dune Raider may attack; you have an untapped Guard and a tapped one."""
    return scenario(boards=(["stone_warden", {"card": "shield_bearer", "tapped": True}, "wildcub"],
                            ["dune_raider", "phantom_lancer"]), active=AI)


def test_guard_prompt_shows_the_attack_and_the_eligible_guards(driver):
    t = open_table(driver, guard_position())
    raider = uid(t.match, AI, 0)
    warden, bearer, cub = (uid(t.match, HUMAN, i) for i in range(3))
    t.perform((EV.ATTACK, raider, cub))                  # the AI declares (paused AI: we play its move)
    driver.step(2)
    assert t.match.phase() == "guard" and t.human_to_move()
    assert "Dune Raider attacks Wildcub" in t.prompt()
    assert [u for u, _a in t.guard_options()] == [warden]
    assert t.guard_reasons(t.view) == {bearer: "tapped"}
    labels = [b[0] for b in t.action_buttons()]
    assert labels == ["Intercept with Stone Warden", "Let the attack through"]
    driver.click(unit_pos(t, warden))                    # click the lit Guard
    assert tuple(t.session.actions[-1]) == (EV.INTERCEPT, warden)
    assert t.match.creature(warden)["damage"] == 3 and t.match.creature(cub)["damage"] == 0


def test_guard_dragged_onto_the_attacker_and_space_lets_it_through(driver):
    t = open_table(driver, guard_position())
    raider = uid(t.match, AI, 0)
    warden = uid(t.match, HUMAN, 0)
    t.perform((EV.ATTACK, raider, EV.player_target(HUMAN)))
    driver.step(2)
    driver.drag(unit_pos(t, warden), unit_pos(t, raider))
    assert tuple(t.session.actions[-1]) == (EV.INTERCEPT, warden)
    # next round: the Guard has intercepted, so the next attack goes through with Space
    t2 = open_table(driver, guard_position())
    t2.perform((EV.ATTACK, uid(t2.match, AI, 0), EV.player_target(HUMAN)))
    driver.step(2)
    driver.key("space")
    assert tuple(t2.session.actions[-1]) == EV.LET_IT_THROUGH and t2.match.life(HUMAN) == 17


def test_veilstep_attack_says_why_no_guard_steps_in(driver):
    driver.app.settings.animation_speed = "normal"
    from client.tables.essveil.anims import Arrow
    t = open_table(driver, guard_position())
    lancer = uid(t.match, AI, 1)
    t.perform((EV.ATTACK, lancer, EV.player_target(HUMAN)))
    assert t.match.phase() == "main" and t.match.life(HUMAN) == 16     # no Guard window at all
    arrows = [a for a in t.anims.items + t.anims.active if isinstance(a, Arrow)]
    assert arrows and arrows[0].label == "Veilstep: no Guard can intercept"
    driver.until(lambda: not t.anims.busy, 600)      # the log tells it with the arrow
    assert any("Veilstep" in e.text and "Stone Warden" in e.text for e in t.log.entries)


# ---------------------------------------------------------------- graveyard, hover, log
def test_graveyard_viewer_opens_by_click_and_shows_the_cards(driver):
    m = scenario(graves=(["spark", "dune_raider"], ["firebolt"]))
    t = open_table(driver, m)
    driver.click(t.grave_row_rect(HUMAN).center)
    assert t.grave_view == HUMAN
    driver.step(2)
    names = [c.name for _r, c in t.grave_rects]
    assert names == ["Dune Raider", "Spark"]                # newest first
    driver.move(t.grave_rects[0][0].center)
    driver.step(10)
    assert t.aids.hover_card is not None and t.aids.hover_card.name == "Dune Raider"
    driver.click(t.grave_tabs[AI].center)
    driver.step(2)
    assert [c.name for _r, c in t.grave_rects] == ["Firebolt"]
    driver.key("g")
    assert t.grave_view is None


def test_log_reads_with_the_players_names(driver):
    m = scenario(hands=(["spark"], []), boards=(["dune_raider"], []))
    t = open_table(driver, m)
    driver.drag(hand_pos(t, 0), player_pos(t, AI))
    driver.drag(unit_pos(t, uid(t.match, HUMAN, 0)), player_pos(t, AI))
    driver.key("space")
    texts = [e.text for e in t.log.entries]
    assert "You play Spark on the AI." in texts
    assert "The AI takes 3 damage (Life 15)." in texts
    assert not any("Player 1" in x or "Player 2" in x or "You plays" in x or "You's" in x for x in texts)


# ---------------------------------------------------------------- animation
def test_combat_resolution_is_animated_at_normal_speed(driver):
    from client.tables.essveil.anims import Burst, FadeOut, IconPop, Lunge, Vanish
    driver.app.settings.animation_speed = "normal"
    m = scenario(hands=(["spark"], []), boards=(["blood_leech", {"card": "marsh_adder", "equip": "vampire_fang"}],
                                                ["aegis_squire", "wisp", {"card": "ash_martyr"}]), life=(10, 20))
    t = open_table(driver, m)
    leech, adder = uid(t.match, HUMAN, 0), uid(t.match, HUMAN, 1)
    squire, wisp, martyr = (uid(t.match, AI, i) for i in range(3))
    # Aegis breaks: Blood Leech into Aegis Squire
    t.perform((EV.ATTACK, leech, squire))
    q = t.anims.items + t.anims.active
    assert any(isinstance(a, Lunge) for a in q) and any(isinstance(a, Burst) for a in q)
    assert t.shown is not t.view                    # the fight plays on the board as it was
    driver.until(lambda: not t.anims.busy, 900)
    assert t.shown is t.view
    # Venom + Drain (from the Fang) on the Ash Martyr; Last Rites hits you
    t.perform((EV.ATTACK, adder, martyr))
    q = t.anims.items + t.anims.active
    labels = [a.label for a in q if isinstance(a, IconPop)]
    assert "Venom" in labels and "Drain" in labels and any(x.startswith("Last Rites") for x in labels)
    assert any(isinstance(a, FadeOut) for a in q)
    driver.until(lambda: not t.anims.busy, 900)
    assert t.match.life(HUMAN) == 10 + 2 - 2            # Drain 2, then the Martyr's Last Rites 2
    # a token vanishes (never reaching the graveyard)
    t.perform((EV.PLAY, 0, wisp))
    assert any(isinstance(a, Vanish) for a in t.anims.items + t.anims.active)
    driver.until(lambda: not t.anims.busy, 900)
    assert t.match.creature(wisp) is None and "wisp" not in t.match.graveyard_ids(AI)


def test_grow_is_animated_at_turn_start(driver):
    from client.tables.essveil.anims import IconPop
    driver.app.settings.animation_speed = "fast"
    m = scenario(boards=([], ["wildcub"]))
    t = open_table(driver, m)
    t.perform(EV.END_TURN)
    pops = [a for a in t.anims.items + t.anims.active if isinstance(a, IconPop)]
    assert any(p.label == "Grow +1/+1" for p in pops)
    driver.until(lambda: not t.anims.busy, 600)
    assert t.match.creatures(AI)[0]["might"] == 3


def test_instant_animations_leave_nothing_queued(driver):
    m = scenario(boards=(["dune_raider"], ["wildcub"]))
    t = open_table(driver, m)
    t.perform((EV.ATTACK, uid(t.match, HUMAN, 0), uid(t.match, AI, 0)))
    driver.step(1)
    assert not t.anims.busy and t.shown is t.view


# ---------------------------------------------------------------- ends
def test_concede_is_the_engines_concede_action(driver):
    t = open_table(driver, scenario())
    driver.key("escape")
    driver.key("c")
    driver.key("return")
    driver.step(3)
    assert tuple(t.session.actions[-1]) == EV.CONCEDE_ACTION
    assert driver.scene.name == "game_over"
    assert t.result().winner == AI and t.ending.result_text(t.result()) == "The AI wins — you conceded"
    said = [e.text for e in t.log.entries if "conced" in e.text]
    assert "You conceded." in said and not any("concede." in x or "concedes" in x for x in said)  # one tense


# ---------------------------------------------------------------- a whole game through the UI
def pick(m, rng):
    """A simple human: play what it can, attack the player, otherwise end the turn."""
    legal = m.legal_actions()
    if m.phase() == "attune":
        return EV.ATTUNE_DEEP if (EV.ATTUNE_DEEP in legal and rng.random() < 0.3) else EV.ATTUNE_FLOW
    if m.phase() == "guard":
        return legal[0]
    plays = [a for a in legal if a[0] == EV.PLAY]
    if plays:
        return plays[rng.randrange(len(plays))]
    atk = [a for a in legal if a[0] == EV.ATTACK]
    if atk:
        face = [a for a in atk if a[2] in (1, 2)]
        return (face or atk)[0]
    abil = [a for a in legal if a[0] == EV.ABILITY]
    if abil:
        return abil[0]
    return EV.END_TURN


def do_through_ui(d, t, action):
    """Perform ``action`` the way a player would: a drag, a click, or a key."""
    for (src, tgt), a in t.pairs.items():
        if a == action:
            d.drag(t.sources[src].rect.center, t.targets[tgt].rect.center, steps=2)
            return
    if action in (EV.ATTUNE_FLOW, EV.ATTUNE_DEEP):
        d.click(t.attune_rects["flow" if action == EV.ATTUNE_FLOW else "deep"].center)
        return
    if action in (EV.END_TURN, EV.LET_IT_THROUGH):
        d.key("space")
        return
    raise AssertionError(f"no gesture, button or key for {action}")


def test_a_whole_game_against_the_ai_through_the_ui(driver):
    t = ai_table(driver, "essveil", game_session("essveil", 7, human=HUMAN), human=HUMAN)
    rng = random.Random(7)
    human_moves = 0
    for _ in range(20000):
        if t.result() is not None:
            break
        if t.human_to_move() and not t.busy():
            n = len(t.session)
            a = pick(t.match, rng)
            do_through_ui(driver, t, a)
            assert len(t.session) > n, f"the UI did not perform {a}"
            human_moves += 1
        else:
            driver.wait_ai()        # (frames of play, not of the AI's thinking)
            driver.step()
    assert t.result() is not None, "the game did not end"
    driver.step(3)
    assert driver.scene.name == "game_over"
    assert human_moves > 10
    assert any(t.session.actor(i) != HUMAN for i in range(len(t.session)))


def test_demo_function_plays_a_game_on_the_table(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDHALL_HOME", str(tmp_path / "home"))
    from client.devtools.demo import run_demo
    assert run_demo("essveil", seed=4, frames=tmp_path / "f", every=25, size=(1280, 720)) == 0
    pngs = sorted((tmp_path / "f").glob("essveil-4-*.png"))
    assert (tmp_path / "f" / "essveil-4-final.png").exists() and len(pngs) >= 2


def test_refusal_reasons_name_the_players(driver):
    t = open_table(driver, guard_position())
    t.perform((EV.ATTACK, uid(t.match, AI, 0), EV.player_target(HUMAN)))
    driver.step(2)
    assert not t.perform(EV.END_TURN)           # the Guard decision comes first
    assert last_toast(driver) == "You must first decide whether a Guard intercepts the attack."


def test_hot_seat_turns_the_board_to_the_player_to_move(driver):
    t = hotseat_table(driver, "essveil", game_session("essveil", 5, hotseat=True), steps=3)
    if driver.scene.name == "handoff":
        driver.key("return")
    seat = t.match.to_move()
    assert t.viewer == seat and t.row(seat) == "me"
    driver.key("space")                          # end the first turn
    driver.until(lambda: driver.scene.name == "handoff", 300)
    driver.key("return")
    assert t.viewer == 1 - seat and t.row(1 - seat) == "me"
    assert all(k[0] in ("hand", "unit", "ability") for k in t.sources)
    # the opponent's hand is face down for the player at the screen
    assert all(c is None for c in t.view.hand_ids(seat))


def test_demo_command_line(tmp_path):
    import json
    import subprocess
    import sys
    root = ROOT
    env = dict(os.environ, CARDHALL_HOME=str(tmp_path / "home"))
    env.pop("DISPLAY", None)
    out = tmp_path / "frames"
    p = subprocess.run([sys.executable, "-m", "client", "--demo", "essveil", "--seed", "5", "--frames", str(out),
                        "--every", "30", "--size", "1280x720"], cwd=root, env=env, capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0, p.stderr
    info = json.loads(p.stdout.strip().splitlines()[-1])
    assert info["game"] == "essveil" and info["result"] is not None
    assert (out / "essveil-5-final.png").exists() and len(list(out.glob("essveil-5-*.png"))) == info["frames"]


def test_unlit_hand_cards_say_what_they_wait_for(driver):
    from client.tables.essveil.table import Table
    m = scenario(hands=(["war_mammoth", "iron_blade", "blood_pact"], []), veil=(2, 2), life=(4, 20))
    t = open_table(driver, m)
    v = t.view
    said = [Table._why_not_playable(v, HUMAN, CARDS[c], 2) for c in v.hand_ids(HUMAN)]
    assert said == ["needs 6", "needs a bearer", "needs Life"]
    assert not t.live_sources & {("hand", 0), ("hand", 1), ("hand", 2)}
    driver.drag(hand_pos(t, 2), side_pos(t))
    assert last_toast(driver) == "You can't pay 4 Life for Blood Pact: it would bring you to 0."


def test_hot_seat_guard_decision_is_handed_to_the_defender(driver):
    m = guard_position()
    s = session_at(m)
    s.record.meta.update({"mode": "hotseat", "names": ["Player 1", "Player 2"]})
    t = hotseat_table(driver, "essveil", s, steps=3)
    if driver.scene.name == "handoff":
        driver.key("return")
    assert t.viewer == AI
    raider = uid(t.match, AI, 0)
    driver.drag(unit_pos(t, raider), player_pos(t, HUMAN))
    assert t.match.phase() == "guard"
    driver.until(lambda: driver.scene.name == "handoff", 300)
    driver.key("return")
    assert t.viewer == HUMAN and "attacks you" in t.prompt()
    driver.key("space")
    assert tuple(t.session.actions[-1]) == EV.LET_IT_THROUGH and t.match.life(HUMAN) == 17
    driver.until(lambda: driver.scene.name == "handoff", 300)
    driver.key("return")
    assert t.viewer == AI and t.match.to_move() == AI


def test_thinking_sign_sits_in_the_phase_band(driver):
    import client.tables.essveil.overlays as ES

    t = open_table(driver, scenario(active=AI))
    calls = [(r, a[1]) for r, a in thinking_calls(driver, t, ES, AI)]
    assert len(calls) == 1 and t.band.contains(calls[0][0]) and calls[0][1] == "AI (easy) is thinking…"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_hand_cards_are_about_creature_size_and_inside_the_window(driver, size):
    driver.resize(*size)
    m = scenario(hands=(["firebolt", "stone_warden", "hushmage", "spark", "dune_raider"], []),
                 boards=(["stone_warden"], ["dune_raider"]))
    t = open_table(driver, m)
    rects = t.hand_rects(len(t.view.hand_ids(HUMAN)))
    units = list(t.unit_rects(t.view).values())
    assert rects and units
    import pygame
    window = pygame.Rect(0, 0, *size)
    for rr in rects:
        assert rr.width <= units[0].width * 1.1
        assert window.contains(rr)
    for u in units:
        assert window.contains(u) and not any(u.colliderect(h) for h in rects)


def test_a_duel_won_on_life_says_whose_life(plain_driver):
    """The record keeps the reason (and the engine's neutral sentence); the table says whose:
    the result line, the game-over card and the log's last line name the loser."""
    from engine.ai import make_agent
    from support.helpers import ai_table, game_session
    s = game_session("essveil", 3, human=0)
    agents = [make_agent("easy", 1), make_agent("greedy", 2)]
    for _ in range(2000):
        m = s.match
        if m.result() is not None:
            break
        s.apply(agents[m.to_move()].choose(m))
    assert s.match.result().reason is EssveilEnd.LIFE
    assert s.record.result["reason"] in ("Player 1's Life is reduced to 0", "Player 2's Life is reduced to 0")
    d = plain_driver
    t = ai_table(d, "essveil", s, paused=True)
    assert d.until(lambda: d.scene.name == "game_over", 120)
    r = t.result()
    loser = t.names[1 - r.winner]
    want = "your Life is reduced to 0" if loser == "You" else "the AI's Life is reduced to 0"
    assert t.ending.reason_line(r) == want[:1].upper() + want[1:] + "."
    assert t.ending.result_text(r).endswith("— " + want)
    assert s.record.result["end"] == "essveil.life"          # the record keeps the structure (and a sentence)
    texts = [e.text for e in t.log.entries]
    assert any(x.endswith(": " + want + ".") for x in texts), texts[-3:]
    assert not any("Life reduced to 0" in x for x in texts), texts[-3:]
