"""The Everdawn table through the real event loop (dummy video driver): every
gesture by drag and drop against the engine's legal actions, refused drops with
the engine's reason, clicks and keys for the rest, the turn clock, concede,
Sudden Death, and a whole game against the AI played through the UI."""
from support.paths import TESTS
import random

import pytest


from engine.core.session import MatchSession
from engine.everdawn import match as EM
from engine.everdawn.cards import CARDS_BY_CODE, IS_COMBAT_SPELL, KIND
from support.helpers import ai_table, game_session, hotseat_table, last_toast, session_where, thinking_calls

HUMAN = 0


def new_session(seed):
    return game_session("everdawn", seed, human=HUMAN)


def find_state(pred, seeds=range(1, 60), max_actions=400):
    """A session (random legal play, seeded) stopped at a decision of the human seat where
    ``pred(match)`` (the positions this file's tests were written on: Python's RNG)."""
    return session_where("everdawn", pred, seeds=seeds, moves=max_actions, human=HUMAN, rng_class=random.Random)


def open_table(d, session, **kw):
    return ai_table(d, "everdawn", session, human=HUMAN, paused=kw.pop("paused", True), **kw)


def centre(t, seat, slot):
    return t.slot_rect(seat, slot).center


def hand_centre(t, i):
    return t.hand_rects(len(t.match.hand[HUMAN]))[i].center


def legal_of(m, kind):
    return [a for a in m.legal_actions() if a[0] == kind]


# ---------------------------------------------------------------- Set Phase gestures
def test_bench_creature_dragged_into_an_empty_lane(driver):
    s = find_state(lambda m: m.phase() == "set" and any(a[1] >= 3 for a in legal_of(m, EM.MOVE)))
    t = open_table(driver, s)
    a = next(a for a in legal_of(t.match, EM.MOVE) if a[1] >= 3)
    code = t.match.creature_at(HUMAN, a[1])
    # while dragging, exactly the legal lanes light up
    driver.drag(centre(t, HUMAN, a[1]), centre(t, HUMAN, a[2]), release=False)
    assert ("lane", HUMAN, a[2]) in t.pointer.legal_targets_for(("slot", a[1]))
    driver.post(driver.pygame.MOUSEBUTTONUP, pos=centre(t, HUMAN, a[2]), button=1, touch=False)
    driver.step(2)
    assert t.match.creature_at(HUMAN, a[2]) == code
    assert t.match.creature_at(HUMAN, a[1]) == -1


def test_bench_creature_onto_an_occupied_lane_snaps_back_with_the_reason(driver):
    s = find_state(lambda m: m.phase() == "set" and m.creature_at(HUMAN, 4) >= 0 and m.creature_at(HUMAN, 0) >= 0)
    t = open_table(driver, s)
    before = t.match.to_json()
    driver.drag(centre(t, HUMAN, 4), centre(t, HUMAN, 0))
    assert t.match.to_json() == before
    assert last_toast(driver) == "Lane 1 is occupied."


def test_slide_to_an_adjacent_empty_lane(driver):
    s = find_state(lambda m: m.phase() == "set" and any(a[1] < 3 for a in legal_of(m, EM.MOVE)))
    t = open_table(driver, s)
    a = next(a for a in legal_of(t.match, EM.MOVE) if a[1] < 3)
    code = t.match.creature_at(HUMAN, a[1])
    driver.drag(centre(t, HUMAN, a[1]), centre(t, HUMAN, a[2]))
    assert t.match.creature_at(HUMAN, a[2]) == code


def test_equipment_dragged_onto_its_slot_and_refused_twice_in_a_turn(driver):
    s = find_state(lambda m: m.phase() == "set" and len({a[2] for a in legal_of(m, EM.EQUIP)}) >= 1
                   and sum(1 for c in m.hand[HUMAN] if KIND[c] in (1, 2, 3)) >= 2)
    t = open_table(driver, s)
    a = legal_of(t.match, EM.EQUIP)[0]
    h, slot = a[1], a[2]
    item = t.match.hand[HUMAN][h]
    kind = KIND[item]
    driver.drag(hand_centre(t, h), t.eq_rect(HUMAN, slot, kind).center)
    assert t.match.items_at(HUMAN, slot)[kind - 1] == item
    # a second item on the same creature this turn: refused with the engine's reason
    m = t.match
    h2 = next(i for i, c in enumerate(m.hand[HUMAN]) if KIND[c] in (1, 2, 3))
    before = m.to_json()
    driver.drag(hand_centre(t, h2), t.eq_rect(HUMAN, slot, KIND[m.hand[HUMAN][h2]]).center)
    assert t.match.to_json() == before
    assert "one item per creature per turn" in last_toast(driver) or "already carries" in last_toast(driver)


def test_equipment_dropped_on_the_creature_itself_goes_to_its_slot(driver):
    s = find_state(lambda m: m.phase() == "set" and legal_of(m, EM.EQUIP))
    t = open_table(driver, s)
    a = legal_of(t.match, EM.EQUIP)[0]
    item = t.match.hand[HUMAN][a[1]]
    driver.drag(hand_centre(t, a[1]), centre(t, HUMAN, a[2]))
    assert item in t.match.items_at(HUMAN, a[2])


def test_set_a_creature_on_an_ally(driver):
    s = find_state(lambda m: m.phase() == "set" and legal_of(m, EM.SET))
    t = open_table(driver, s)
    a = legal_of(t.match, EM.SET)[0]
    driver.drag(centre(t, HUMAN, a[1]), centre(t, HUMAN, a[2]))
    assert t.match.set_info(HUMAN) == (a[1], a[2])
    # only one set at a time: the engine's reason
    other = next((x for x in EM.LANES if x not in (a[1], a[2]) and t.match.creature_at(HUMAN, x) >= 0), None)
    if other is not None:
        driver.drag(centre(t, HUMAN, other), centre(t, HUMAN, a[1]))
        assert last_toast(driver) == "Only one of your creatures can be set at a time."


def test_set_phase_spell_cast_on_its_target(driver):
    def ok(m):
        return m.phase() == "set" and any(a[2] != EM.NO_TARGET for a in legal_of(m, EM.CAST))
    s = find_state(ok)
    t = open_table(driver, s)
    a = next(a for a in legal_of(t.match, EM.CAST) if a[2] != EM.NO_TARGET)
    spell = t.match.hand[HUMAN][a[1]]
    n = len(t.session)
    target = centre(t, HUMAN, a[2])
    driver.drag(hand_centre(t, a[1]), target)
    assert len(t.session) == n + 1 and t.session.actions[-1] == a or spell not in t.match.hand[HUMAN]


def test_untargeted_spell_is_cast_on_the_table_band(driver):
    s = find_state(lambda m: m.phase() == "set" and any(a[2] == EM.NO_TARGET for a in legal_of(m, EM.CAST)))
    t = open_table(driver, s)
    a = next(a for a in legal_of(t.match, EM.CAST) if a[2] == EM.NO_TARGET)
    driver.drag(hand_centre(t, a[1]), t.band.center)
    assert tuple(t.session.actions[-1]) == a


def test_combat_spell_in_the_set_phase_is_refused_with_the_reason(driver):
    s = find_state(lambda m: m.phase() == "set" and m.creature_at(HUMAN, 0) >= 0
                   and any(IS_COMBAT_SPELL[c] for c in m.hand[HUMAN]))
    t = open_table(driver, s)
    h = next(i for i, c in enumerate(t.match.hand[HUMAN]) if IS_COMBAT_SPELL[c])
    before = t.match.to_json()
    driver.drag(hand_centre(t, h), centre(t, HUMAN, 0))
    assert t.match.to_json() == before
    assert "combat spell" in last_toast(driver)


# ---------------------------------------------------------------- Combat gestures
def test_attack_declared_by_dragging_onto_an_opposing_lane_and_the_arrow_stays(driver):
    s = find_state(lambda m: m.phase() == "declare" and legal_of(m, EM.ATTACK))
    t = open_table(driver, s)
    a = legal_of(t.match, EM.ATTACK)[0]
    driver.drag(centre(t, HUMAN, a[1]), centre(t, 1 - HUMAN, a[2]), release=False)
    # reach: the lanes this creature can hit are lit while dragging
    lit = t.pointer.legal_targets_for(("slot", a[1]))
    assert lit == {("lane", 1 - HUMAN, x[2]) for x in legal_of(t.match, EM.ATTACK) if x[1] == a[1]}
    driver.post(driver.pygame.MOUSEBUTTONUP, pos=centre(t, 1 - HUMAN, a[2]), button=1, touch=False)
    driver.step(2)
    assert (a[1], a[2]) in t.match.attacks()


def test_attack_out_of_reach_is_refused_with_the_reason(driver):
    def ok(m):
        if m.phase() != "declare":
            return False
        for lane in EM.LANES:
            c = m.creature_at(HUMAN, lane)
            if c >= 0 and CARDS_BY_CODE[c].ctype == "melee" and (EM.ATTACK, lane, lane) in m.legal_actions():
                return True
        return False
    s = find_state(ok)
    t = open_table(driver, s)
    lane = next(x for x in EM.LANES if (EM.ATTACK, x, x) in t.match.legal_actions()
                and CARDS_BY_CODE[t.match.creature_at(HUMAN, x)].ctype == "melee")
    far = 2 if lane == 0 else 0
    driver.drag(centre(t, HUMAN, lane), centre(t, 1 - HUMAN, far))
    assert "can't reach" in last_toast(driver)
    assert not t.match.attacks()


def test_space_resolves_and_enter_passes(driver):
    s = find_state(lambda m: m.phase() == "declare" and legal_of(m, EM.ATTACK))
    t = open_table(driver, s)
    turn = t.match.turn()
    a = legal_of(t.match, EM.ATTACK)[0]
    t.perform(a)
    driver.step(2)
    driver.key("space")      # resolve: windows, then combat
    assert t.match.turn() > turn or t.match.phase() != "declare"


def test_combat_spell_cast_into_a_lane_in_the_spell_window(driver):
    s = find_state(lambda m: m.phase() in ("defender_spells", "attacker_spells") and legal_of(m, EM.CAST))
    t = open_table(driver, s)
    assert "spell window" in t.prompt()
    a = legal_of(t.match, EM.CAST)[0]
    driver.drag(hand_centre(t, a[1]), centre(t, HUMAN, a[2]))
    assert tuple(t.session.actions[-1]) == a


def test_defender_orders_several_attacks_by_clicking(driver):
    s = find_state(lambda m: m.phase() == "order", seeds=range(1, 200))
    t = open_table(driver, s)
    assert "click the attacker" in t.prompt()
    a = legal_of(t.match, EM.ORDER)[0]
    n = len(t.session.actions)
    driver.click(centre(t, 1 - HUMAN, a[1]))
    # (the combat may then resolve and its returned cards be ordered by the rule)
    assert tuple(t.session.actions[n]) == a


def test_a_pending_choice_is_answered_with_a_number_key(driver):
    # (a choice the player answers: returned cards are ordered by the rule unless asked)
    s = find_state(lambda m: m.phase() == "choice" and m.pending()[0] not in EM.CH_BOTTOM, seeds=range(1, 200))
    t = open_table(driver, s)
    first = t.choice_spots[0][1]
    driver.key("1")
    assert tuple(t.session.actions[-1]) == first


def test_redraw_when_nothing_is_playable(driver):
    s = find_state(lambda m: (EM.REDRAW,) in m.legal_actions(), seeds=range(1, 300))
    t = open_table(driver, s)
    n = len(t.match.hand[HUMAN])
    driver.key("r")
    assert tuple(t.session.actions[-1]) == (EM.REDRAW,)
    assert len(t.match.hand[HUMAN]) == n


def test_e_ends_the_turn_without_attacking(driver):
    s = find_state(lambda m: m.phase() == "set" and m.turn() > 2)
    t = open_table(driver, s)
    turn = t.match.turn()
    driver.key("e")
    assert t.match.turn() == turn + 1 or t.match.result() is not None
    assert not any(a[0] == EM.ATTACK for a in t.session.actions[-2:])


# ---------------------------------------------------------------- ends
def test_concede_is_the_engines_concede_action(driver):
    s = find_state(lambda m: m.phase() == "set")
    t = open_table(driver, s)
    driver.key("escape")
    driver.key("c")
    driver.key("return")
    driver.step(3)
    assert tuple(t.session.actions[-1]) == (EM.CONCEDE,)
    assert driver.scene.name == "game_over"
    assert t.result().winner == 1 - HUMAN and t.ending.result_text(t.result()) == "The AI wins — you conceded"
    said = [e.text for e in t.log.entries if "conced" in e.text]
    assert "You conceded." in said and not any("concede." in x or "concedes" in x for x in said)  # one tense


def test_turn_clock_timeout_ends_the_turn_and_the_third_forfeits(driver):
    s = find_state(lambda m: m.phase() == "set" and m.turn() > 2)
    t = open_table(driver, s, clock=True)
    driver.step(2)
    assert t.clock_state(HUMAN) is not None
    turn = t.match.turn()
    t.driver.clock["left"][HUMAN] = 0.0
    t.driver.clock["bank"][HUMAN] = 0.05
    driver.step(10)
    assert t.clock_state(HUMAN)[2] == 1
    assert t.match.turn() > turn or t.match.result() is not None      # the turn was ended for us
    assert any("ran out of time" in e.text for e in t.log.entries)
    # the AI is paused in this test: hand the turn back, then time out twice more
    for _ in range(2):
        for _k in range(60):
            m = t.match
            if m.to_move() == HUMAN or m.result() is not None:
                break
            t.session.apply(m.legal_actions()[0])
        t.refresh()
        driver.step(1)           # the clock sees the new turn first
        t.driver.clock["left"][HUMAN] = 0.0
        t.driver.clock["bank"][HUMAN] = 0.05
        driver.step(10)
        if t.result() is not None:
            break
    assert t.result() is not None and t.result().winner == 1 - HUMAN
    assert t.ending.reason_line(t.result()) == "You ran out of time 3 times."
    assert tuple(t.session.actions[-1]) == (EM.CONCEDE,)       # the forfeit is the engine's concession
    assert driver.scene.name == "game_over"


def test_sudden_death_is_announced(driver, tmp_path):

    from engine.core import load_record
    from client.table.kit.parts import Banner
    rec = load_record(TESTS / "golden" / "everdawn_4_sudden_death.json")
    m = rec.new_match()
    idx = None
    for i, a in enumerate(rec.actions):
        ev = m.apply(tuple(a))
        if any(e[0] == "sudden_death" for e in ev):
            idx = i
            break
    assert idx is not None
    global HUMAN
    m = rec.new_match()
    for a in rec.actions[:idx]:
        m.apply(tuple(a))
    actor = m.to_move()
    old, HUMAN = HUMAN, actor
    try:
        s = MatchSession.new("everdawn", rec.decks, rec.seed, rec.options,
                             {"mode": "ai", "ai": "easy", "human": actor, "names": ["You", "AI"]})
        for a in rec.actions[:idx]:
            s.apply(tuple(a))
        driver.app.settings.animation_speed = "normal"
        t = open_table(driver, s)
        assert t.perform(tuple(rec.actions[idx]))
        banners = [a for a in t.anims.items + t.anims.active if isinstance(a, Banner)]
        assert any(b.text == "Sudden Death" for b in banners)
        assert t.match.morale(0) == 1 and t.match.morale(1) == 1
        driver.until(lambda: not t.anims.busy, 900)
        assert any("Sudden Death" in e.text for e in t.log.entries)   # told as the combat plays out
        assert t.match.sudden_death() and "SUDDEN DEATH" in t.status_text()
        # set up as the rules say: every lane but lane 2 is empty, 5 support cards each
        for p in (0, 1):
            assert [t.match.creature_at(p, x) >= 0 for x in EM.LANES] == [False, True, False]
        assert len(t.match.hand[t.match.to_move()]) == 5
    finally:
        HUMAN = old


def test_log_reads_as_sentences_with_the_players_names(driver):
    s = find_state(lambda m: m.turn() >= 4)
    t = open_table(driver, s)
    t.perform(t.match.legal_actions()[0])
    texts = [e.text for e in t.log.entries]
    assert not any("Player 1" in x or "Player 2" in x for x in texts)
    assert not any("You's" in x or "You moves" in x or "You draws" in x for x in texts)


# ---------------------------------------------------------------- a whole game through the UI
def pick(m):
    """A simple, aggressive human: equip and fill lanes, attack everything, otherwise go on."""
    legal = m.legal_actions()
    for kind in (EM.ATTACK, EM.EQUIP):
        xs = [a for a in legal if a[0] == kind]
        if xs:
            return xs[0]
    xs = [a for a in legal if a[0] == EM.MOVE and a[1] >= 3]
    if xs:
        return xs[0]
    if (EM.PASS,) in legal:
        return (EM.PASS,)
    return legal[0]


def do_through_ui(d, t, action):
    """Perform ``action`` the way a player would: a drag, a click on a lit spot, or a key."""
    for (src, tgt), a in t.pairs.items():
        if a == action:
            d.drag(t.sources[src].rect.center, t.targets[tgt].rect.center, steps=2)
            return
    for i, (_r, a, _c) in enumerate(t.choice_spots):
        if a == action:
            d.key(str(i + 1)) if i < 9 else d.click(_r.center)
            return
    if action == (EM.PASS,):
        d.key("space")
        return
    if action == (EM.REDRAW,):
        d.key("r")
        return
    raise AssertionError(f"no gesture, spot or key for {action}")


def test_a_whole_game_against_the_ai_through_the_ui(driver):
    t = ai_table(driver, "everdawn", new_session(11), human=HUMAN)
    human_moves = 0
    for _ in range(20000):
        if t.result() is not None:
            break
        if t.human_to_move() and not t.busy():
            n = len(t.session)
            a = pick(t.match)
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


def test_combat_is_animated_clash_by_clash_at_normal_speed(driver):
    from client.tables.everdawn.anims import ClashAnim
    driver.app.settings.animation_speed = "normal"
    s = find_state(lambda m: m.phase() == "declare" and any(
        m.creature_at(1 - HUMAN, a[2]) >= 0 for a in legal_of(m, EM.ATTACK)))
    t = open_table(driver, s)
    a = next(a for a in legal_of(t.match, EM.ATTACK) if t.match.creature_at(1 - HUMAN, a[2]) >= 0)
    t.perform(a)
    driver.until(lambda: not t.anims.busy, 300)
    # pass every window of ours; the opponent (paused AI) passes its own
    for _ in range(10):
        m = t.match
        if not m.attacks() or m.phase() not in ("declare", "defender_spells", "attacker_spells", "order"):
            break
        if m.to_move() == HUMAN:
            t.perform((EM.PASS,) if (EM.PASS,) in m.legal_actions() else m.legal_actions()[0])
        else:
            t.perform(m.legal_actions()[0])
        if any(isinstance(x, ClashAnim) for x in t.anims.items + t.anims.active):
            break
    clashes = [x for x in t.anims.items + t.anims.active if isinstance(x, ClashAnim)]
    assert clashes, "no clash animation"
    assert t.shown is not t.view          # the board still shows the clash, not the result
    assert "clashes resolve" in t.prompt()
    driver.until(lambda: not t.anims.busy, 900)
    assert t.shown is t.view


def test_instant_animations_leave_nothing_queued(driver):
    s = find_state(lambda m: m.phase() == "declare" and legal_of(m, EM.ATTACK))
    t = open_table(driver, s)
    t.perform(legal_of(t.match, EM.ATTACK)[0])
    driver.step(1)
    assert not t.anims.busy and t.shown is t.view


def test_hot_seat_turns_the_board_to_the_player_to_move(driver):
    t = hotseat_table(driver, "everdawn", game_session("everdawn", 5, hotseat=True), steps=0)
    driver.until(lambda: t.handoff.pending or t.viewer == t.match.to_move(), 120)
    if t.handoff.pending:
        driver.key("return")
    seat = t.match.to_move()
    assert t.viewer == seat and t.row(seat) == "me"
    driver.key("space")             # the first turn has no combat: Space ends it
    assert driver.until(lambda: t.handoff.pending and driver.scene is not t, 120)   # the pass screen
    driver.key("return")
    assert t.viewer == 1 - seat and t.row(1 - seat) == "me"
    assert t.sources and all(k[0] in ("slot", "hand") for k in t.sources)


def test_hover_zoom_finds_creatures_items_and_hand_cards(driver):
    s = find_state(lambda m: m.phase() == "set" and any(
        x >= 0 for slot in EM.SLOTS for x in m.items_at(HUMAN, slot)))
    t = open_table(driver, s)
    m = t.match
    slot, kind = next((sl, k) for sl in EM.SLOTS for k in (1, 2, 3) if m.items_at(HUMAN, sl)[k - 1] >= 0)
    assert t.card_at(t.eq_rect(HUMAN, slot, kind).center).code == m.items_at(HUMAN, slot)[kind - 1]
    assert t.card_at(centre(t, HUMAN, slot)).code == m.creature_at(HUMAN, slot)
    if m.hand[HUMAN]:
        assert t.card_at(hand_centre(t, 0)) is not None
    driver.move(centre(t, HUMAN, slot))
    driver.step(12)
    assert t.aids.hover_card is not None


def test_resizing_the_window_lays_the_board_out_again(driver):
    s = find_state(lambda m: m.phase() == "set" and any(a[1] >= 3 for a in legal_of(m, EM.MOVE)))
    t = open_table(driver, s)
    small = t.cw
    driver.resize(1600, 900)
    assert t.cw > small
    a = next(a for a in legal_of(t.match, EM.MOVE) if a[1] >= 3)
    driver.drag(centre(t, HUMAN, a[1]), centre(t, HUMAN, a[2]))
    assert tuple(t.session.actions[-1]) == a


def test_the_menus_open_this_table_and_the_settings_switch_the_clock_on(driver):
    from client.tables.everdawn.table import Table
    driver.app.settings.everdawn_turn_clock = True
    driver.open("game_menu", game="everdawn")
    driver.key("p")
    assert driver.scene.name == "setup"
    driver.key("return")
    t = driver.scene
    assert isinstance(t, Table)
    assert t.clock_spec() == (120.0, 300.0, 3)
    driver.until_ai(lambda: t.human_to_move() and not t.busy(), 600)
    driver.step(5)
    left, bank, outs = t.clock_state(t.human_seats[0])
    assert left < 120.0 and bank == 300.0 and outs == 0


@pytest.mark.parametrize("kind", [EM.CH_PLACE, EM.CH_SET_OPP, EM.CH_SWAP_ITEM, EM.CH_SWAP_HAND, EM.CH_RELOCATE,
                                  EM.CH_REFORGE, EM.CH_SCOUT, EM.CH_SCOUT_ORDER, EM.CH_REDIRECT_ATTACK,
                                  EM.CH_REDIRECT_LANE])
def test_every_kind_of_choice_is_prompted_and_answered_by_clicking(driver, kind):
    from client.tables.everdawn.prompts import CHOICE_PROMPT
    s = find_state(lambda m: m.phase() == "choice" and m.pending()[0] == kind, seeds=range(1, 300))
    t = open_table(driver, s)
    opts = [a for a in t.match.legal_actions()]
    assert {a for _r, a, _c in t.choice_spots} == set(opts)     # every option is on screen
    head = CHOICE_PROMPT[kind].split(":")[0].split("{")[0].strip()
    assert head in t.prompt()
    if kind == EM.CH_SCOUT_ORDER:                               # "return the rest in any order"
        assert all(lab.startswith("Put ") for lab, a, *_ in t.action_buttons() if a in opts)
    rect, action, _card = t.choice_spots[-1]
    driver.click(rect.center)
    assert tuple(t.session.actions[-1]) == action


def test_undo_after_a_timeout_gives_the_decision_back(driver):
    """The auto-pass that follows a timeout belongs to the line of play taken back."""
    s = find_state(lambda m: m.phase() == "set" and m.turn() > 2)
    t = open_table(driver, s, clock=True)
    driver.step(2)
    turn = t.match.turn()
    t.driver.clock["left"][HUMAN] = 0.0
    t.driver.clock["bank"][HUMAN] = 0.05
    driver.step(10)
    assert any("ran out of time" in e.text for e in t.log.entries)
    driver.key("z", ctrl=True)                      # take back the last pass made for me
    n = len(t.session)
    driver.step(10)
    assert t.match.turn() == turn and t.match.to_move() == HUMAN
    assert len(t.session) == n                      # nothing is passed for me any more


def test_lithriels_berries_show_the_creature_treated_as_dead_then_reviving(driver):
    from client.table.kit.parts import Flash, FloatText
    from client.table.kit.parts import RingPulse

    def berries(m):
        return [a for a in m.legal_actions() if a[0] == EM.CAST
                and CARDS_BY_CODE[m.hand[HUMAN][a[1]]].name.startswith("Lithriel")]
    driver.app.settings.animation_speed = "normal"
    t = open_table(driver, find_state(lambda m: bool(berries(m))))
    t.perform(berries(t.match)[0])
    queued = t.anims.items + t.anims.active
    assert any(isinstance(x, Flash) for x in queued)
    assert any(isinstance(x, FloatText) and x.text == "Treated as dead" for x in queued)
    assert any(isinstance(x, RingPulse) and x.label == "Revives" for x in queued)
    driver.until(lambda: not t.anims.busy, 600)
    assert t.shown is t.view


def test_thinking_sign_sits_in_the_phase_band_clear_of_the_chips(driver):
    import client.table.scene as TB

    t = open_table(driver, find_state(lambda m: m.phase() == "set" and m.turn() > 2))
    calls = [r for r, _a in thinking_calls(driver, t, TB, 1 - HUMAN)]
    assert len(calls) == 1 and t.band.contains(calls[0])
    assert calls[0].left > t.band.left + t.s(260)          # right of the Set › Combat › End chips


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 640)])
def test_hover_zoom_never_covers_the_card_it_describes(driver, size):
    import client.table.aids as TB   # the hover zoom is drawn there
    driver.resize(*size)
    t = open_table(driver, find_state(lambda m: m.phase() == "set" and m.turn() > 2))
    spots = [t.slot_rect(seat, sl) for seat in (0, 1) for sl in EM.SLOTS
             if t.match.creature_at(seat, sl) >= 0]
    spots += t.hand_rects(len(t.match.hand[HUMAN]))
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


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)])
def test_the_side_panel_shows_the_time_bank_with_the_clock_on(driver, size):
    import client.tables.everdawn.draw as EDT   # the info panels are drawn there
    driver.resize(*size)
    t = open_table(driver, find_state(lambda m: m.phase() == "set" and m.turn() > 2), clock=True)
    drawn = []
    orig = EDT.draw_text
    EDT.draw_text = lambda surf, text, pos, *a, **k: (drawn.append((text, pos)), orig(surf, text, pos, *a, **k))[1]
    try:
        driver.step(1)
    finally:
        EDT.draw_text = orig
    box = t.board_rect
    assert any(text == "Time bank" and box.collidepoint(pos) for text, pos in drawn)
    assert any(text == "Timeouts" for text, _ in drawn)


def test_log_lines_wait_for_their_action_s_animation(driver):
    """An action applied while earlier animations still play is logged when the
    queue reaches it, not ahead of what the board shows."""
    driver.app.settings.animation_speed = "normal"
    s = find_state(lambda m: m.phase() == "declare" and len(legal_of(m, EM.ATTACK)) >= 1)
    t = open_table(driver, s)
    t.perform(legal_of(t.match, EM.ATTACK)[0])
    assert t.anims.busy
    n = len(t.log.entries)
    nxt = next(a for a in t.match.legal_actions() if t.match.clone().apply(tuple(a)))
    t.perform(nxt)                                  # e.g. a replay feeding moves
    assert len(t.log.entries) == n                  # not told yet
    driver.until(lambda: not t.anims.busy, 900)
    assert len(t.log.entries) > n


def test_combat_log_is_told_clash_by_clash(driver):
    from client.tables.everdawn.anims import ClashAnim
    driver.app.settings.animation_speed = "normal"
    s = find_state(lambda m: m.phase() == "declare" and len([
        a for a in legal_of(m, EM.ATTACK) if m.creature_at(1 - HUMAN, a[2]) >= 0]) >= 1)
    t = open_table(driver, s)
    a = next(a for a in legal_of(t.match, EM.ATTACK) if t.match.creature_at(1 - HUMAN, a[2]) >= 0)
    t.perform(a)
    driver.until(lambda: not t.anims.busy, 300)
    seen = []
    for _ in range(10):
        m = t.match
        if not m.attacks() or m.phase() not in ("declare", "defender_spells", "attacker_spells", "order"):
            break
        t.perform((EM.PASS,) if (EM.PASS,) in m.legal_actions() else m.legal_actions()[0])
        if any(isinstance(x, ClashAnim) for x in t.anims.items + t.anims.active):
            break
    assert any(isinstance(x, ClashAnim) for x in t.anims.items + t.anims.active)
    while t.anims.busy:
        if any(isinstance(x, ClashAnim) for x in t.anims.active):
            seen.append(len(t.log.entries))
        driver.step(1)
    final = len(t.log.entries)
    assert seen and seen[0] < final           # the clash's consequences are told after it starts
    # the clash line itself is logged in the frame its clash starts (it may already be there at seen[0])
    assert any("destroy" in e.text or "morale" in e.text or "against" in e.text for e in t.log.entries[seen[0] - 1:])
