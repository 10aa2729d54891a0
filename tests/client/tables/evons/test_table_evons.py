"""The Evons table through the real event loop (dummy video driver): placing cards
active and covered by drag and drop, refused drops with the engine's reason,
every kind of prompt (abilities, conflict order, Firestorm points, Magnetism,
Resurrection / Growth / Block picks, activation order, discard, mulligan),
animations, concede, and a whole game against the AI played through the UI."""
from support.paths import ROOT
import collections
import os
import time

import pytest


from engine.core.harness import starter_pair
from engine.core.session import MatchSession
from engine.evons import match as EM
from engine.evons.cards import CARDS, parse_cell
from engine.evons.testing import card_at, end_and_begin_turn, find, inst_at, scenario
from support.fake_session import FakeSession
from support.helpers import ai_table, game_session, hotseat_table, last_toast, thinking_calls

FILL = ["gloom_bat"] * 6
N, NE, E, SE, S, SW, W, NW = range(8)
HUMAN = 0


def sc(**kw):
    kw.setdefault("deck0", FILL)
    kw.setdefault("deck1", FILL)
    return scenario(**kw)


def open_table(d, session, human=HUMAN, paused=True):
    if not isinstance(session, MatchSession) and not isinstance(session, FakeSession):
        session = FakeSession(session)
    return ai_table(d, "evons", session, human=human, paused=paused)


def hand_centre(t, inst):
    hand = t.view.hand(t.viewer)
    return t.hand_rects(len(hand))[hand.index(inst)].center


def cell_centre(t, name):
    return t.cell_rect(parse_cell(name)).center


def spot_for(t, action):
    return next(i for i, sp in enumerate(t.spots) if sp[1] == tuple(action))


# ---------------------------------------------------------------- placing cards
def test_drag_plays_a_card_active_and_pays_now(driver):
    m = sc(hand0=["stone_ram", "tide_sprite"], credits=(20, 20))
    t = open_table(driver, m)
    ram = find(m, "stone_ram")
    driver.drag(hand_centre(t, ram), cell_centre(t, "C3"), release=False)
    lit = t.pointer.legal_targets_for(("hand", ram))
    assert lit == {("cell", c) for c in range(49) if m.at(c) < 0}        # every empty cell, main and out
    driver.post(driver.pygame.MOUSEBUTTONUP, pos=cell_centre(t, "C3"), button=1, touch=False)
    driver.step(3)
    assert card_at(t.match, "C3") == "stone_ram" and not t.match.is_covered(inst_at(t.match, "C3"))
    assert t.match.credits(0) == 20 - CARDS["stone_ram"].cost
    assert t.session.actions[0] == EM.play(ram, parse_cell("C3"), False)


def test_click_switches_a_card_to_covered_and_the_drop_pays_nothing(driver):
    m = sc(hand0=["stone_ram", "tide_sprite"], credits=(20, 20))
    t = open_table(driver, m)
    ram = find(m, "stone_ram")
    driver.click(hand_centre(t, ram))
    assert t.mode_of(ram) is True and t.mode_of(find(m, "tide_sprite")) is False
    driver.drag(hand_centre(t, ram), cell_centre(t, "B2"))
    c = inst_at(t.match, "B2")
    assert c == ram and t.match.is_covered(c) and t.match.credits(0) == 20


def test_c_switches_every_card_and_shift_inverts_at_the_drop(driver):
    m = sc(hand0=["stone_ram", "tide_sprite"], credits=(20, 20))
    t = open_table(driver, m)
    driver.key("c")
    assert t.cov_default is True and t.mode_of(find(m, "tide_sprite")) is True
    driver.key("c")
    assert t.cov_default is False
    # Shift held during the drop: covered
    pg = driver.pygame
    driver.post(pg.KEYDOWN, key=pg.K_LSHIFT, mod=pg.KMOD_SHIFT, unicode="", scancode=0)
    driver.step()
    sprite = find(m, "tide_sprite")
    driver.drag(hand_centre(t, sprite), cell_centre(t, "D4"))
    driver.post(pg.KEYUP, key=pg.K_LSHIFT, mod=0, unicode="", scancode=0)
    driver.step()
    assert inst_at(t.match, "D4") == sprite and t.match.is_covered(sprite)


def test_block_card_into_the_main_zone_snaps_back_with_the_reason(driver):
    m = sc(hand0=["stone_wall", "stone_ram"], credits=(20, 20))
    t = open_table(driver, m)
    wall = find(m, "stone_wall")
    driver.drag(hand_centre(t, wall), cell_centre(t, "C3"), release=False)
    lit = t.pointer.legal_targets_for(("hand", wall))
    assert lit and all(not (1 <= k[1] % 7 <= 5 and 1 <= k[1] // 7 <= 5) for _, k in [(0, x) for x in lit])
    driver.post(driver.pygame.MOUSEBUTTONUP, pos=cell_centre(t, "C3"), button=1, touch=False)
    driver.step(2)
    assert t.match.at(parse_cell("C3")) == -1 and len(t.session) == 0
    assert last_toast(driver) == "A Block card can be played from your hand only into the out zone."
    driver.drag(hand_centre(t, wall), cell_centre(t, "X3"))
    assert card_at(t.match, "X3") == "stone_wall"


def test_unaffordable_active_card_is_not_lit_and_refused_with_the_reason(driver):
    m = sc(hand0=["inferno_titan", "stone_ram"], credits=(2, 20))
    t = open_table(driver, m)
    titan = find(m, "inferno_titan")
    assert ("hand", titan) not in t.live_sources
    driver.drag(hand_centre(t, titan), cell_centre(t, "C3"))
    assert len(t.session) == 0
    cost = CARDS["inferno_titan"].cost
    assert last_toast(driver) == f"Not enough credits to play Inferno Titan active (cost {cost}, you have 2)."
    # covered it can go: no payment now
    driver.click(hand_centre(t, titan))
    assert ("hand", titan) in t.live_sources
    driver.drag(hand_centre(t, titan), cell_centre(t, "C3"))
    assert inst_at(t.match, "C3") == titan and t.match.is_covered(titan)


def test_occupied_cell_is_refused(driver):
    m = sc(grid={"C2": ("ember_imp", 1)}, hand0=["stone_ram", "tide_sprite"], credits=(20, 20))
    t = open_table(driver, m)
    driver.drag(hand_centre(t, find(m, "stone_ram")), cell_centre(t, "C2"))
    assert last_toast(driver) == "Cell C2 is occupied." and len(t.session) == 0


def test_pass_with_space(driver):
    m = sc(hand0=["stone_ram", "tide_sprite"], credits=(20, 20))
    t = open_table(driver, m)
    driver.key("space")
    assert t.session.actions == [EM.A_PASS] and t.match.turn_player() == 1


# ---------------------------------------------------------------- prompts
def warden_firestorm(driver):
    m = sc(grid={"C2": ("tide_sprite", 1), "D2": ("oak_sentinel", 1, "covered"), "B2": ("ember_imp", 0)},
           hand0=["flame_warden", "stone_ram"])
    t = open_table(driver, m)
    driver.drag(hand_centre(t, find(m, "flame_warden")), cell_centre(t, "C3"))
    assert t.match.phase() == "ability"
    return t


def test_ability_fired_by_clicking_its_target_and_firestorm_split_by_clicks(driver):
    t = warden_firestorm(driver)
    assert [sp[1] for sp in t.spots] == [EM.fire(N)]
    assert "fire an ability" in t.prompt()
    driver.click(cell_centre(t, "C2"))
    assert t.match.phase() == "hit" and "3 points to split" in t.prompt()
    assert {sp[1] for sp in t.spots} == {EM.hit(parse_cell("C2")), EM.hit(parse_cell("D2"))}
    driver.click(cell_centre(t, "C2"))              # the split is made first: click adds a point …
    driver.click(cell_centre(t, "C2"))
    assert "(2 placed)" in t.prompt() and len(t.session.actions) and t.match.phase() == "hit"
    driver.click(cell_centre(t, "D2"))
    driver.key("space")                             # … and dealt in one go
    m = t.match
    c2, d2 = EM.hit(parse_cell("C2")), EM.hit(parse_cell("D2"))
    assert t.session.actions[-3:] == [c2, c2, d2]
    assert card_at(m, "D2") is None and card_at(m, "C2") == "tide_sprite"   # (damage wears off at turn end)


def test_ability_fired_by_dragging_the_card_onto_its_target(driver):
    t = warden_firestorm(driver)
    driver.drag(cell_centre(t, "C3"), cell_centre(t, "C2"))
    assert t.session.actions[-1] == EM.fire(N) and t.match.phase() == "hit"


def test_dragging_the_acting_card_at_a_normal_arrow_is_refused_with_the_reason(driver):
    t = warden_firestorm(driver)
    driver.drag(cell_centre(t, "C3"), cell_centre(t, "D3"))    # Flame Warden's E arrow is Normal
    assert "Normal arrow" in last_toast(driver) and t.match.phase() == "ability"


def test_space_ends_the_ability_phase(driver):
    t = warden_firestorm(driver)
    driver.key("space")
    assert EM.A_DONE in t.session.actions
    assert t.match.phase() != "hit"


def test_conflict_order_is_chosen_by_clicking_the_opponent(driver):
    m = sc(grid={"D3": ("stone_ram", 1), "B3": ("wave_rider", 1)}, hand0=["flame_warden", "stone_ram"])
    t = open_table(driver, m)
    driver.drag(hand_centre(t, find(m, "flame_warden")), cell_centre(t, "C3"))
    assert t.match.phase() == "conflict" and "conflicts" in t.prompt()
    assert {sp[1] for sp in t.spots} == {EM.conflict(E), EM.conflict(W)}
    driver.click(cell_centre(t, "B3"))
    assert t.session.actions[-1] == EM.conflict(W)
    assert card_at(t.match, "C3") is None        # Wave Rider won that fight


def test_magnetism_pull_by_dragging_the_card_onto_the_target(driver):
    m = sc(grid={"C2": ("ember_imp", 1), "D3": ("stone_wall", 1), "C4": ("tide_sprite", 1)},
           hand0=["coil_sentry", "stone_ram"])
    t = open_table(driver, m)
    driver.drag(hand_centre(t, find(m, "coil_sentry")), cell_centre(t, "B3"))
    driver.click(cell_centre(t, "C3"))               # fire Magnetism (E) at the empty C3
    assert t.match.phase() == "pull" and "Magnetism" in t.prompt()
    driver.drag(cell_centre(t, "D3"), cell_centre(t, "C3"))     # a Block: refused
    assert last_toast(driver).startswith("Magnetism pulls a card")
    driver.drag(cell_centre(t, "C4"), cell_centre(t, "C3"))
    assert card_at(t.match, "C3") == "tide_sprite"


def test_resurrection_pick_from_the_graveyard_tray(driver):
    m = sc(grave0=["ember_imp", "cinder_fox", "inferno_titan"], hand0=["gloom_bat", "stone_ram"])
    t = open_table(driver, m)
    driver.drag(hand_centre(t, find(m, "gloom_bat")), cell_centre(t, "C3"))
    driver.click(cell_centre(t, "B2"))
    assert t.match.phase() == "pick" and t.tray is not None and "Resurrection" in t.prompt()
    names = {sp[2].id for sp in t.spots}
    assert names == {"ember_imp", "cinder_fox"}          # the Titan costs too much
    i = next(i for i, sp in enumerate(t.spots) if sp[2].id == "cinder_fox")
    driver.click(t.spots[i][0].center)
    assert card_at(t.match, "B2") == "cinder_fox" and t.match.controller(inst_at(t.match, "B2")) == 0


def test_growth_pick_by_clicking_the_monster_in_hand(driver):
    m = sc(hand0=["sproutling", "inferno_titan", "stone_ram", "stone_wall"], credits=(10, 0))
    t = open_table(driver, m)
    driver.drag(hand_centre(t, find(m, "sproutling")), cell_centre(t, "C3"))
    driver.click(cell_centre(t, "B4"))
    assert t.match.phase() == "pick" and "Growth" in t.prompt()
    lit = {sp[2].id for sp in t.spots}
    assert lit == {"inferno_titan", "stone_ram"}           # never the Block card
    driver.click(hand_centre(t, find(t.match, "stone_ram")))
    b4 = inst_at(t.match, "B4")
    assert t.match.card(b4).id == "stone_ram" and t.match.is_growth_covered(b4)


def test_block_pick_by_clicking_the_block_card_in_hand(driver):
    m = sc(hand0=["magma_golem", "stone_wall", "fire_wall", "stone_ram"], credits=(30, 0))
    t = open_table(driver, m)
    driver.drag(hand_centre(t, find(m, "magma_golem")), cell_centre(t, "C3"))
    driver.click(cell_centre(t, "D4"))                     # SE: Block on the empty D4
    assert t.match.phase() == "pick" and "Block" in t.prompt()
    driver.click(hand_centre(t, find(t.match, "fire_wall")))
    assert card_at(t.match, "D4") == "fire_wall"


def test_activation_order_by_number_key(driver):
    m = sc(grid={"A1": ("ember_imp", 0, "covered"), "E5": ("cinder_fox", 0, "covered")})
    end_and_begin_turn(m, 0)
    assert m.phase() == "order"
    t = open_table(driver, m)
    assert "activate" in t.prompt() and len(t.spots) == 2
    want = t.spots[1][1]
    driver.key("2")
    assert t.session.actions[-1] == want


def test_discard_down_to_eight_by_clicking(driver):
    m = sc(hand0=["ember_imp"] * 8 + ["stone_ram"])
    t = open_table(driver, m)
    driver.key("space")
    assert t.match.phase() == "discard" and "discard" in t.prompt()
    ram = find(t.match, "stone_ram")
    driver.click(hand_centre(t, ram))
    assert ram in t.match.graveyard(0) and len(t.match.hand(0)) == 8


def test_mulligan_marks_cards_then_the_button(driver):
    s = game_session("evons", 5)
    human = s.match.to_move()
    t = open_table(driver, s, human=human)
    assert t.match.phase() == "mulligan" and "Opening hand" in t.prompt()
    hand = t.match.hand(human)
    rects = t.hand_rects(len(hand))
    driver.click(rects[0].center)
    driver.click(rects[2].center)
    assert t.mull_marks == {0, 2}
    driver.key("m")
    assert s.actions[-1] == (EM.MULLIGAN, 0b101)
    assert len(t.match.hand(human)) == 5 and not t.mull_marks


def test_keep_with_space(driver):
    s = game_session("evons", 6)
    human = s.match.to_move()
    open_table(driver, s, human=human)
    driver.key("space")
    assert s.actions[-1] == EM.A_KEEP


# ---------------------------------------------------------------- resolution, log, ends
def test_resolution_is_animated_event_by_event_at_normal_speed(driver):
    from client.tables.evons.anims import ConflictAnim
    driver.app.settings.animation_speed = "normal"
    m = sc(grid={"D3": ("stone_ram", 1), "B3": ("wave_rider", 1)}, hand0=["flame_warden", "stone_ram"])
    t = open_table(driver, m)
    driver.drag(hand_centre(t, find(m, "flame_warden")), cell_centre(t, "C3"))
    before = t.match.to_json()
    assert t.perform(EM.conflict(E))
    assert t.match.to_json() != before
    queued = t.anims.items + t.anims.active
    assert any(isinstance(a, ConflictAnim) for a in queued)
    # the board shows the old state until the queue reaches the conflict
    assert t.shown.dmg[inst_at(t.match, "C3")] == 0
    assert t.busy()
    driver.until(lambda: not t.anims.busy, 900)
    assert t.shown.to_json() == t.view.to_json()


def test_log_uses_the_players_names(driver):
    m = sc(hand0=["stone_ram", "tide_sprite"], credits=(20, 20))
    t = open_table(driver, m)
    driver.drag(hand_centre(t, find(m, "stone_ram")), cell_centre(t, "C3"))
    texts = [e.text for e in t.log.entries]
    assert any("You play Stone Ram on C3." in x for x in texts), texts
    assert not any("Player 1" in x or "You plays" in x for x in texts)


def test_concede_is_the_engines_concede_action(driver):
    m = sc(hand0=["stone_ram", "tide_sprite"], credits=(20, 20))
    t = open_table(driver, m)
    driver.key("escape")
    driver.key("c")
    driver.key("return")
    driver.step(3)
    assert t.session.actions[-1] == EM.A_CONCEDE
    assert driver.scene.name == "game_over"
    r = t.result()
    assert r.winner == 1 and t.ending.result_text(r) == "The AI wins — you conceded — you scored 0, the AI 0"


# ---------------------------------------------------------------- a whole game through the UI
def pick(m, me, fired):
    """A simple human: play the cheapest card active onto the main zone, fire each card at most
    three times a turn (``fired``: a Counter), as a player would rather than run a looping chain
    to the turn's activation limit, and take the first other choice."""
    legal = m.legal_actions()
    ph = m.phase()
    if ph == "main":
        best = None
        for a in legal:
            if a[0] == EM.SELECT and a[2] == 0:
                c = m.card(a[1])
                cells = [x for x in m.play_targets(a[1], False)]
                main = [x for x in cells if 1 <= x % 7 <= 5 and 1 <= x // 7 <= 5] or cells
                if main and (best is None or c.cost < best[0]):
                    best = (c.cost, EM.play(a[1], main[0], False))
        return best[1] if best else EM.A_PASS
    fires = [a for a in legal if a[0] == EM.FIRE and fired[(m.turn(), a)] < 3]
    if fires:
        fired[(m.turn(), fires[0])] += 1
        return fires[0]
    return next((a for a in legal if a[0] != EM.FIRE), legal[0])


def do_through_ui(d, t, action):
    """Perform ``action`` as a player would: a drag, a click on a lit spot, or a key."""
    if action[0] == EM.PLAY:
        inst = action[1]
        if t.mode_of(inst) != bool(action[3]) and not t.match.card(inst).is_block:
            d.click(hand_centre(t, inst))
        d.drag(hand_centre(t, inst), t.cell_rect(action[2]).center, steps=2)
        return
    if action[0] == EM.HIT:         # Firestorm: click the target (one point), then Deal (space)
        d.click(t.cell_rect(action[1]).center)
        d.key("space")
        return
    for (src, tgt), a in t.pairs.items():
        if a == action:
            d.drag(t.sources[src].rect.center, t.targets[tgt].rect.center, steps=2)
            return
    for i, sp in enumerate(t.spots):
        if sp[1] == action:
            d.key(str(i + 1)) if i < 9 else d.click(sp[0].center)
            return
    if action in (EM.A_PASS, EM.A_DONE, EM.A_KEEP):
        d.key("space")
        return
    raise AssertionError(f"no gesture, spot or key for {action}")


def test_a_whole_game_against_the_ai_through_the_ui(driver):
    t = ai_table(driver, "evons", game_session("evons", 11), human=HUMAN)
    human_moves = 0
    fired = collections.Counter()
    # The AI thinks in its own thread: while it does, the loop gives it the CPU
    # (a loaded machine could otherwise spend a fixed number of frames before it
    # answers). Bounded by a generous deadline, not timed.
    deadline = time.monotonic() + 900
    while t.result() is None and time.monotonic() < deadline:
        if t.human_to_move() and not t.busy():
            n = len(t.session)
            a = pick(t.match, HUMAN, fired)
            do_through_ui(driver, t, a)
            assert len(t.session) > n, f"the UI did not perform {a}: {last_toast(driver)}"
            human_moves += 1
        else:
            driver.step()
            if not t.human_to_move():
                time.sleep(0.002)
    assert t.result() is not None, "the game did not end"
    driver.step(3)
    assert driver.scene.name == "game_over"
    assert human_moves > 10
    assert any(t.session.actor(i) != HUMAN for i in range(len(t.session)))


def test_demo_function_plays_a_whole_game(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDHALL_HOME", str(tmp_path / "home"))
    from client.devtools.demo import run_demo
    assert run_demo("evons", seed=2, frames=tmp_path / "f", every=50, size=(1280, 720)) == 0
    assert (tmp_path / "f" / "evons-2-final.png").exists()
    assert len(list((tmp_path / "f").glob("evons-2-*.png"))) >= 2


def test_hot_seat_hands_over_and_shows_the_other_players_hand(driver):
    m = sc(hand0=["stone_ram", "tide_sprite"], hand1=["ember_imp", "cinder_fox"], credits=(20, 20))
    t = hotseat_table(driver, "evons", FakeSession(m, ("Ann", "Bob")))
    driver.drag(hand_centre(t, find(m, "stone_ram")), cell_centre(t, "C3"))
    driver.until(lambda: t.handoff.pending, 60)
    assert t.handoff.pending and "Handoff" in type(driver.scene).__name__
    driver.key("return")
    driver.step(2)
    assert t.viewer == 1 and t.human_to_move()
    assert {c.id for c in (t.view.card(i) for i in t.view.hand(1))} >= {"ember_imp", "cinder_fox"}
    assert all(t.view.card(i) is None for i in t.view.hand(0))      # Ann's hand is hidden from Bob
    driver.drag(hand_centre(t, find(t.match, "ember_imp", player=1)), cell_centre(t, "E5"))
    assert card_at(t.match, "E5") == "ember_imp"


def test_the_opponents_turn_animates_while_the_window_stays_responsive(driver):
    from client.table.kit.parts import Banner
    driver.app.settings.animation_speed = "normal"
    m = sc(hand0=["stone_ram", "tide_sprite"], hand1=["ember_imp", "cinder_fox"], credits=(20, 20))
    t = open_table(driver, m, paused=False)
    driver.key("space")                               # pass: the AI plays
    seen_busy = seen_banner = False
    for _ in range(900):
        driver.wait_ai()            # (frames of play, not of the AI's thinking)
        driver.step()
        seen_busy |= t.anims.busy
        seen_banner |= any(isinstance(a, Banner) for a in t.anims.active)
        if t.match.turn_player() == 0 and t.human_to_move() and not t.busy():
            break
        driver.move((5 + _ % 50, 300))                # the window keeps taking events
    assert seen_busy and seen_banner
    assert t.human_to_move()
    assert any(t.session.actions[i][0] == EM.CELL for i in range(len(t.session)))   # the AI played a card


def test_a_replay_plays_on_the_evons_table_forward_and_back(driver):
    from engine.evons.testing import record_random_game
    from client.replays.controller import ReplayController
    rec = record_random_game(3)
    ctrl = ReplayController(rec)
    t = driver.app.scenes.switch("table", **ctrl.table_kwargs(viewer=0, reveal=False))
    driver.step(2)
    assert type(t).__module__ == "client.tables.evons.table"
    for _ in range(60):
        ctrl.step()
        driver.step(2)
    assert ctrl.index == 60
    ctrl.seek(20)
    driver.step(3)
    assert t.shown.to_json() == t.view.to_json() and len(t.session) == 20
    ctrl.to_end()
    driver.step(3)
    assert t.match.result() is not None


def test_the_animated_board_ends_where_the_engine_is():
    """Walking a copy of the board through an action's events (what the animation shows step by step)
    arrives at the engine's own view: grid, owners, covered cards, damage, credits, graveyards, chain."""
    import random

    from client.tables.evons.anims import apply_event, display_copy
    from engine.evons.match import EvonsMatch
    n = 0
    for seed in range(1, 7):
        m = EvonsMatch.new(starter_pair("evons", seed), seed)
        rng = random.Random(seed)
        viewer = seed % 2
        while m.result() is None:
            before = m.view(viewer)
            a = rng.choice(m.legal_actions())
            ev = m.apply(a)
            after = m.view(viewer)
            d = display_copy(before, after)
            for e in ev:
                apply_event(d, e)
            on = [i for i in after.grid if i >= 0]
            assert d.grid == after.grid, (seed, a)
            assert [d.ctrl[i] for i in on] == [after.ctrl[i] for i in on]
            assert [d.is_covered(i) for i in on] == [after.is_covered(i) for i in on]
            assert [d.dmg[i] for i in on] == [after.dmg[i] for i in on]
            assert d.credits(0) == after.credits(0) and d.credits(1) == after.credits(1)
            assert [sorted(z) for z in d.zones[EM.Z_GRAVE:]] == [sorted(z) for z in after.zones[EM.Z_GRAVE:]]
            assert d.cellbonus == after.cellbonus
            assert [f[1] for f in d.stack if f[0] == EM.FR_ACT] == [f[1] for f in after.stack if f[0] == EM.FR_ACT]
            n += 1
    assert n > 500


def test_mulligan_variant_is_one_button(driver):
    s = game_session("evons", 5, options={"mulligan_variant": True})
    human = s.match.to_move()
    t = open_table(driver, s, human=human)
    assert "one card fewer" in t.prompt()
    driver.key("m")
    assert s.actions[-1] == (EM.MULLIGAN, 0b11111) and len(t.match.hand(human)) == 4


def test_own_covered_card_can_be_peeked_but_not_the_opponents(driver):
    m = sc(grid={"B2": ("inferno_titan", 0, "covered"), "D2": ("stone_ram", 1, "covered")},
           hand0=["stone_ram", "tide_sprite"])
    t = open_table(driver, m)
    assert t.card_at(cell_centre(t, "B2")).id == "inferno_titan"
    assert t.card_at(cell_centre(t, "D2")) is None
    driver.move(cell_centre(t, "B2"))
    driver.step(12)
    assert t.aids.hover_card is not None and t.aids.hover_card.id == "inferno_titan"


def test_opponents_covered_card_shows_nothing_even_while_its_reveal_is_queued(driver):
    driver.app.settings.animation_speed = "normal"
    m = sc(grid={"C2": ("tide_sprite", 1), "B3": ("cinder_fox", 1, "covered")}, hand0=["stone_ram", "coil_sentry"],
           credits=(20, 20))
    t = open_table(driver, m)
    fox = inst_at(m, "B3")
    assert t.perform(EM.play(find(m, "stone_ram"), parse_cell("C3"), False))   # the AI's turn begins: it reveals
    assert t.shown.is_covered(fox)                       # not yet animated …
    assert t.card_at(cell_centre(t, "B3")) is None      # … so no peeking at it
    driver.until(lambda: not t.anims.busy, 900)
    assert t.card_at(cell_centre(t, "B3")).id == "cinder_fox"


def test_demo_command_line(tmp_path):
    import json
    import subprocess
    import sys
    root = ROOT
    env = dict(os.environ, CARDHALL_HOME=str(tmp_path / "home"))
    env.pop("DISPLAY", None)
    out = tmp_path / "frames"
    p = subprocess.run([sys.executable, "-m", "client", "--demo", "evons", "--seed", "4", "--frames", str(out),
                        "--every", "40", "--size", "1280x720"], cwd=root, env=env, capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0, p.stderr
    info = json.loads(p.stdout.strip().splitlines()[-1])
    assert info["game"] == "evons" and info["result"] is not None
    assert (out / "evons-4-final.png").exists() and len(list(out.glob("evons-4-*.png"))) == info["frames"] >= 2


def test_undo_takes_back_a_dropped_card(driver):
    s = game_session("evons", 8)
    human = s.match.to_move()
    while s.match.phase() == "mulligan":
        s.apply(EM.A_KEEP)
    for _ in range(200):            # random play up to a main step of the human
        m = s.match
        if m.to_move() == human and m.phase() == "main" and len(m.hand(human)) >= 2:
            break
        s.apply(m.legal_actions()[len(s) % len(m.legal_actions())])
    t = open_table(driver, s, human=human)
    before = t.match.to_json()
    inst = next(a[1] for a in t.legal if a[0] == EM.SELECT and a[2] == 1)
    t.cov_mode[inst] = True
    t.refresh()
    c = next(c for c in range(49) if t.match.at(c) < 0)
    driver.drag(hand_centre(t, inst), t.cell_rect(c).center)
    assert t.match.at(c) == inst
    driver.key("z", ctrl=True)
    driver.step(3)
    assert t.match.to_json() == before and t.shown.at(c) == -1 and not t.cov_mode


def test_thinking_sign_sits_in_the_now_panel_clear_of_the_grid(driver):
    import client.tables.evons.draw as EVT   # the NOW panel is drawn there

    t = open_table(driver, sc(turn_player=1 - HUMAN))
    calls = [r for r, _a in thinking_calls(driver, t, EVT, 1 - HUMAN)]
    assert len(calls) == 1
    assert t.prompt_rect.contains(calls[0]) and not calls[0].colliderect(t.grid_rect.inflate(0, t.s(40)))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_hover_zoom_is_drawn_beside_the_hovered_cell_or_card(driver, size):
    import client.table.aids as TB   # the hover zoom is drawn there
    driver.resize(*size)
    m = sc(grid={"X0": ("stone_ram", 1), "Y3": ("ember_imp", 0), "C6": ("tide_sprite", 0)},
           hand0=["flame_warden", "stone_ram", "tide_sprite"])
    t = open_table(driver, m)
    spots = [t.cell_rect(parse_cell(c)) for c in ("X0", "Y3", "C6")]
    spots += t.hand_rects(len(t.view.hand(HUMAN)))
    drawn = []
    orig = TB.draw_zoom
    TB.draw_zoom = lambda *a, **k: drawn.append(orig(*a, **k))
    try:
        for rr in spots:
            drawn.clear()
            driver.move(rr.center)
            driver.step(12)
            zoom = drawn[-1] if drawn else t.aids.zoom_rect     # moved off the action buttons when it must
            assert zoom is not None, "no zoom"
            assert not zoom.colliderect(rr), (rr, zoom)
            assert not any(zoom.colliderect(b.rect) for b in t.chrome.action_widgets)
    finally:
        TB.draw_zoom = orig


def test_a_graveyard_with_room_for_one_line_names_its_newest_card(driver, monkeypatch):
    """With the Resurrection tray up at 1280x720 the graveyard panel has room for one line:
    it read "… 3 more" and named no card; it names the newest and says how many lie under it.
    The prompt points at the tray wherever the layout puts it (it said "tray below" with the
    tray at the top of the board)."""
    from support.helpers import texts_drawn
    m = sc(grave0=["ember_imp", "cinder_fox", "inferno_titan"], hand0=["gloom_bat", "stone_ram"])
    t = open_table(driver, m)
    driver.drag(hand_centre(t, find(m, "gloom_bat")), cell_centre(t, "C3"))
    driver.click(cell_centre(t, "B2"))
    assert t.match.phase() == "pick" and "graveyard tray" in t.prompt() and "below" not in t.prompt()
    texts = texts_drawn(driver, t, monkeypatch, steps=2)
    assert not [x for x in texts if x.startswith("… ") and x.endswith(" more")], texts
    assert "Inferno Titan" in texts and "+2 more" in texts, texts


def test_the_final_score_reads_with_names_that_end_in_a_number(driver):
    """An AI-against-AI demo ended "final score AI 1 9, AI 2 16"; the score is said with a
    verb, so a name that ends in a number reads: "AI 1 scored 9, AI 2 16" (and "you scored 9,
    the AI 16" against the AI). An older file's words are read into the same result."""
    from engine.core.match import Result
    from engine.evons.text import EvonsEnd
    t = open_table(driver, sc(hand0=["stone_ram"]))
    r = Result(1, "the main zone is full; score 9–16")
    assert r == Result(1, EvonsEnd.FULL, {"score": (9, 16)})
    t.names = ["AI 1", "AI 2"]
    t.mode = "watch"
    assert t.ending.result_text(r) == "AI 2 wins — the main zone is full — AI 1 scored 9, AI 2 16"
    t.names = ["You", "AI (easy)"]
    t.mode = "ai"
    assert t.ending.result_text(r) == "The AI wins — the main zone is full — you scored 9, the AI 16"


def test_discard_keys_sit_under_the_cards_and_one_button_a_card(driver, monkeypatch):
    """Nine cards to discard from: the number keys sat on each card's corner and hid the first
    letters of its name ("mber Imp"); they sit under the cards now. Three identical buttons
    "Discard Ember Imp" said nothing more than one: a button per distinct card."""
    from client.tables.evons import draw as evons_draw
    m = sc(hand0=["ember_imp"] * 4 + ["abyss_leviathan", "sproutling", "bramble_wall", "mountain_king",
                                      "stone_ram"])
    t = open_table(driver, m)
    driver.key("space")
    assert t.match.phase() == "discard" and len(t.spots) == 9
    pills = []
    real = evons_draw.pill

    def spy(surf, text, at, *a, **k):
        pills.append((text, at))
        return real(surf, text, at, *a, **k)
    monkeypatch.setattr(evons_draw, "pill", spy)
    t.invalidate()
    driver.step(2)
    keys = {text: at for text, at in pills if text.isdigit()}
    assert sorted(keys) == [str(i) for i in range(1, 10)]
    for i, (rr, _a, _c, _label) in enumerate(t.spots):
        x, y = keys[str(i + 1)]
        assert y > rr.bottom and rr.left <= x <= rr.right       # under its card, not on its name
    names = [label for label, *_ in t.action_buttons()]
    flat = [n if isinstance(n, str) else n[0] for n in names]
    assert len(flat) == len(set(flat)) == 3, flat
    assert flat[0] == "Discard Ember Imp"
