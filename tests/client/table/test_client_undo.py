"""Undo / redo on the real tables through keys and buttons: against the AI at
once (the AI's pending decision is cancelled), in hot seat only once the other
player allows it (also from the hand-off screen)."""
import json

import pytest


from engine.games import available_games

GAMES = [g for g in ("everdawn", "evons", "essveil") if g in available_games()]
pytestmark = pytest.mark.skipif(not GAMES, reason="no game engine installed yet")


def start(d, game, mode="ai", seed=5):
    from client.scenes.setup import start_match
    from engine.core.harness import starter_pair
    start_match(d.app, game, starter_pair(game, seed), mode=mode, ai_level="easy", seed=seed)
    d.step(2)
    t = d.app.scenes.find("table")
    assert t is not None and t.mode == mode
    return t


def state(t):
    return json.dumps(t.match.to_json(), sort_keys=True)


def human_move(t, k=0):
    legal = t.match.legal_actions()
    assert t.perform(legal[k % len(legal)])


def wait_human(d, t, frames=3000):
    assert d.until_ai(lambda: t.human_to_move() or t.match.result() is not None, frames)
    d.step(2)


def play_until_two_human_decisions_with_ai_between(d, t):
    """Human decisions (the AI answering in between) until the human has made a
    decision, the AI has answered, and it is the human's move again."""
    human = t.human_seats[0]
    s = t.session
    for k in range(60):
        wait_human(d, t)
        assert t.match.result() is None
        acts = [s.actor(i) for i in range(len(s))]
        if human in acts and (1 - human) in acts[max(i for i, a in enumerate(acts) if a == human):]:
            return
        human_move(t, k)
        d.step(1)
    pytest.fail("the AI never answered")


@pytest.mark.parametrize("game", GAMES)
def test_undo_and_redo_against_the_ai_restore_identical_states(driver, game):
    t = start(driver, game)
    play_until_two_human_decisions_with_ai_between(driver, t)
    s, human = t.session, t.human_seats[0]
    now = state(t)
    n = len(s)
    last = max(s.decisions(human))
    want = json.dumps(s.state_at(last).to_json(), sort_keys=True)
    assert t.widgets["undo"].is_enabled and not t.widgets["redo"].is_enabled
    ai_between = any(s.actor(k) != human for k in range(last, n))
    driver.key("z", ctrl=True)                      # Ctrl+Z: back to before my last decision
    assert len(s) == last and state(t) == want
    assert t.human_to_move() and t.driver.job is None
    line = t.log.entries[-1].text                   # the log says what went back, as it names the AI
    assert line.startswith("You took back your decision in turn "), line
    assert ("then the AI's " in line) == ai_between and "AI (" not in line, line
    assert t.widgets["redo"].is_enabled
    driver.key("y", ctrl=True)                      # Ctrl+Y: everything played again
    assert len(s) == n and state(t) == now
    driver.click("undo")                            # the buttons do the same
    assert len(s) == last and state(t) == want
    driver.click("redo")
    assert len(s) == n and state(t) == now
    # the autosave follows: resuming now gives this very state
    from engine.core.autosave import find_resumable
    from engine.core.session import MatchSession
    from client.storage import saves_dir
    driver.key("z", ctrl=True)
    r = MatchSession.resume(find_resumable(saves_dir())[0].path)
    assert json.dumps(r.match.to_json(), sort_keys=True) == want


def test_undo_back_through_several_decisions_and_a_new_move_clears_redo(driver):
    game = GAMES[0]
    t = start(driver, game, seed=8)
    s, human = t.session, t.human_seats[0]
    for k in range(4):
        wait_human(driver, t)
        human_move(t, k)
        driver.step(1)
    wait_human(driver, t)
    mine = s.decisions(human)
    states = {i: json.dumps(s.state_at(i).to_json(), sort_keys=True) for i in mine}
    for i in reversed(mine):                        # any earlier decision of mine
        driver.key("z", ctrl=True)
        assert len(s) == i and state(t) == states[i]
    assert not t.widgets["undo"].is_enabled         # nothing left to take back
    driver.key("z", ctrl=True)                      # nothing happens (a toast says so)
    assert len(s) == mine[0] and state(t) == states[mine[0]]
    human_move(t, 1)                                # a different move: redo is gone
    driver.step(1)
    assert not s.can_redo() and not t.widgets["redo"].is_enabled


def test_undo_cancels_the_ais_pending_decision(driver):
    game = GAMES[0]
    t = start(driver, game, seed=9)
    s = t.session
    for k in range(40):
        wait_human(driver, t)
        before = len(s)
        human_move(t, k)
        driver.step(1)                              # the AI starts thinking in the background
        if t.driver.job is not None:
            break
    else:
        pytest.fail("the AI never had to decide")
    driver.key("z", ctrl=True)
    assert t.driver.job is None and len(s) == before and t.human_to_move()
    driver.step(30)
    assert len(s) == before and t.human_to_move()   # the cancelled decision never lands


def _handoff_to_other_player(driver, t):
    """Hot seat: confirm the hand-off if shown; then the seat at the screen plays
    until the other seat is to move. Returns the seat that just played."""
    if driver.scene.name == "handoff":
        driver.key("return")
    seat = t.viewer
    assert t.match.to_move() == seat
    for k in range(100):
        if t.match.to_move() != seat:
            break
        human_move(t, k)
        driver.step()
    driver.step(3)
    assert driver.scene.name == "handoff"
    return seat


def test_hotseat_undo_needs_the_other_players_permission(driver):
    game = GAMES[0]
    t = start(driver, game, mode="hotseat", seed=4)
    s = t.session
    seat = _handoff_to_other_player(driver, t)
    n = len(s)
    now = state(t)
    last = max(s.decisions(seat))
    want = json.dumps(s.state_at(last).to_json(), sort_keys=True)
    # from the hand-off screen: the player who just moved asks to take it back
    assert "take_back" in driver.scene.widgets
    driver.click("take_back")
    q = driver.scene
    assert q.name == "confirm_undo"
    assert q.kwargs["question"] == (f"{t.names[1 - seat]}, allow {t.names[seat]} to take back their move?")
    assert q.kwargs["detail"].startswith(f"This takes back {t.names[seat]}'s decision in turn ")
    driver.click("no")                              # refused: nothing changes
    assert len(s) == n and state(t) == now and driver.scene.name == "handoff"
    driver.key("z", ctrl=True)                      # Ctrl+Z on the hand-off screen asks again
    assert driver.scene.name == "confirm_undo"
    detail = q.kwargs["detail"]
    driver.click("yes")                             # allowed
    assert len(s) == last and state(t) == want
    # the log says who took back what, and who allowed it
    line = t.log.entries[-1].text
    taken = detail.removeprefix(f"This takes back {t.names[seat]}'s ").removesuffix(".")
    assert line == f"{t.names[seat]} took back their {taken} — {t.names[1 - seat]} allowed it.", line
    assert driver.scene.name == "handoff" and driver.scene.kwargs["seat"] == seat  # back behind the pass screen
    assert "take_back" not in driver.scene.widgets or s.actor(len(s) - 1) != seat
    driver.key("return")
    assert driver.scene is t and t.viewer == seat and t.match.to_move() == seat
    # at the table, Ctrl+Z on a decision of an earlier turn asks too (and Esc refuses)
    asker = t.viewer
    plan = t.history.undo_plan(asker)
    if plan is not None and plan[1]:
        m = len(s)
        driver.key("z", ctrl=True)
        assert driver.scene.name == "confirm_undo"
        assert f"allow {t.names[asker]} to take back" in driver.scene.kwargs["question"]
        driver.key("escape")
        assert len(s) == m


def test_game_over_offers_undo_against_the_ai_and_no_stale_buttons(driver):
    game = "evons" if "evons" in GAMES else GAMES[0]
    t = start(driver, game, seed=3)
    human = t.human_seats[0]
    for k in range(400):
        wait_human(driver, t)
        if t.match.result() is not None:
            break
        human_move(t, k * 7)
        driver.step(1)
    assert driver.until(lambda: driver.scene.name == "game_over", 600)
    over = driver.scene
    assert t.chrome.action_widgets == []                       # nothing clickable left behind the overlay
    name = t.names[t.match.result().winner] if t.match.result().winner is not None else None
    assert t.status_text().startswith("You win —" if name == "You" else ("The AI wins —" if name else "Draw"))
    assert "undo" in over.widgets
    n = len(t.session)
    driver.click("undo")
    driver.step(2)
    assert driver.scene is t and t.match.result() is None and len(t.session) < n
    assert t.match.to_move() == human and t.human_to_move()


def test_game_over_after_a_concession_offers_no_undo(driver):
    t = start(driver, GAMES[0])
    wait_human(driver, t)
    t.ending.concede()
    driver.step(3)
    assert driver.scene.name == "game_over" and "undo" not in driver.scene.widgets
    assert "rematch" in driver.scene.widgets and "back" in driver.scene.widgets



def test_a_concession_leaves_no_lit_undo_behind_the_game_over_screen(driver):
    """Undo was possible just before the concession; the top bar behind the game-over
    screen must not go on offering it (the game is over, nothing can be taken back)."""
    t = start(driver, GAMES[0], mode="hotseat")
    if driver.scene.name == "handoff":
        driver.click("ready")
        driver.step(2)
    me = t.match.to_move()
    acts = _keeps_turn(t, me)
    assert acts, "a decision that keeps the turn"
    assert t.perform(acts[0])
    driver.step(2)
    undo = t.history.buttons[0]
    assert undo.is_enabled                                  # the move could be taken back
    t.ending.concede()
    driver.step(3)
    assert driver.scene.name == "game_over" and t.result() is not None
    assert not undo.is_enabled and not t.history.buttons[1].is_enabled

def _keeps_turn(t, me):
    out = []
    for a in t.match.legal_actions():
        c = t.match.clone()
        c.apply(a)
        if c.to_move() == me and c.turn() == t.match.turn():
            out.append(a)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_hotseat_undo_takes_back_only_your_own_decisions_of_this_turn(driver, game):
    t = start(driver, game, mode="hotseat", seed=4)
    s = t.session
    for k in range(60):                  # to the start of a turn in which the player can act twice
        if driver.scene.name.startswith("handoff"):   # the full screen or the short return
            driver.key("return")
        me = t.viewer
        fresh = len(s) and s.actor(len(s) - 1) != me
        if fresh and t.match.to_move() == me and _keeps_turn(t, me):
            break
        human_move(t, k)
        driver.step(2)
    else:
        pytest.fail("no turn start found")
    first = 1 - me
    n = len(s)
    # nothing of mine this turn: Undo does not silently take back the other player's turn
    plan = t.history.undo_plan(me)
    if plan is not None:
        assert plan[1], "an earlier turn's decision needs the other player's consent"
        driver.key("z", ctrl=True)
        q = driver.scene
        assert q.name == "confirm_undo" and t.names[first] in q.kwargs["question"]
        assert "your moves too" in q.kwargs["question"]     # it would undo the other player's decisions
        assert f"{t.names[first]}'s" in q.kwargs["detail"]  # and says exactly which
        driver.click("no")
        assert len(s) == n
    # my own decision this turn: taken back at once, no dialog, the other player's turn stays
    keeps = _keeps_turn(t, me)
    before = json.dumps(t.match.to_json(), sort_keys=True)
    assert t.perform(keeps[0])
    driver.step(2)
    assert not t.history.undo_plan(me)[1]
    driver.key("z", ctrl=True)
    assert driver.scene is t and len(s) == n and json.dumps(t.match.to_json(), sort_keys=True) == before
    assert t.viewer == me and any("took back their last decision:" in e.text for e in t.log.entries)


def test_hotseat_hand_off_resets_per_player_modes_and_veils_the_waiting_hand(driver):
    if "evons" not in GAMES:
        pytest.skip("Evons only")
    t = start(driver, "evons", mode="hotseat", seed=6)
    if driver.scene.name == "handoff":
        driver.key("return")
    t.toggle_all()                                    # player 1 plays everything covered
    assert t.cov_default
    seat = t.viewer
    for k in range(100):
        if t.match.to_move() != seat:
            break
        human_move(t, k)
        driver.step()
    # the other player's decision: this hand is veiled, not playable
    assert not t.human_to_move() and t.legal == []
    driver.step(3)
    assert driver.scene.name == "handoff"
    assert driver.scene.kwargs.get("reason")          # the screen says what is to be decided
    driver.key("return")
    assert t.viewer == 1 - seat and not t.cov_default and not t.cov_mode   # fresh modes for player 2


def test_hotseat_guard_reaction_hand_off_says_what_is_to_be_decided(driver):
    if "essveil" not in GAMES:
        pytest.skip("Essveil only")
    from engine.essveil import match as SM
    from engine.core.harness import starter_pair
    from engine.core.session import MatchSession
    from engine.core.rng import Rng
    from support.helpers import HOTSEAT_META, hotseat_table
    for seed in range(1, 40):
        s = MatchSession.new("essveil", starter_pair("essveil", seed), seed, None, dict(HOTSEAT_META))
        rng = Rng(seed)
        found = None
        for _ in range(300):
            m = s.match
            if m.result() is not None:
                break
            legal = m.legal_actions()
            for a in legal:
                if a[0] == SM.ATTACK:
                    c = m.clone()
                    c.apply(a)
                    if c.phase() == "guard":
                        found = a
                        break
            if found:
                break
            s.apply(legal[rng.randrange(len(legal))])
        if found:
            break
    assert found, "no attack into a Guard found"
    t = hotseat_table(driver, "essveil", s, steps=0)
    driver.until(lambda: t.handoff.pending or t.viewer == t.match.to_move(), 120)
    if driver.scene.name == "handoff":
        driver.key("return")
    attacker = t.viewer
    t.perform(found)
    driver.step(5)
    # ONE hand-off: the defender's screen says what is to be decided
    assert driver.scene.name == "handoff" and driver.scene.kwargs["seat"] == 1 - attacker
    reason = driver.scene.kwargs["reason"]
    assert "attacks you — intercept with an untapped Guard or let it through" in reason
    assert reason.startswith(f"In {t.names[attacker]}'s turn: ")
    driver.key("return")
    assert t.viewer == 1 - attacker and t.human_to_move()
    assert_short_return(driver, t, attacker, lambda: t.perform((SM.LET_THROUGH,)))
    assert t.match.turn_player() == attacker


def assert_short_return(driver, t, attacker, answer):
    """The defender answers; play goes back to the attacker without a second dark
    screen: the board shows at once, only the attacker's hand is covered (the
    defender is still at the screen) until one click hands it back."""
    handoffs = []
    real_push = t.push

    def spy(sc, **kw):
        handoffs.append(getattr(sc, "name", sc))
        return real_push(sc, **kw)
    t.push = spy
    answer()
    driver.step(5)
    t.push = real_push
    assert "handoff" not in handoffs                       # no full hand-off screen
    ret = driver.scene
    assert ret.name == "handoff_return" and ret.kwargs["seat"] == attacker
    assert ret.kwargs["reason"].startswith(f"{t.names[1 - attacker]} has answered")
    assert ret.kwargs["reason"].endswith(f"pass back to {t.names[attacker]}.")
    assert ret.dim_below == 0 and t.viewer == attacker     # the board is the attacker's, at once
    assert t.busy() and t.aids.hover_card is None               # nothing playable, no zoom, until the click
    assert visible_action_buttons(t) == []                 # no inert End turn beside the panel
    # the attacker's hand is covered on screen: its corners are the cover's colour
    driver.app.invalidate() if hasattr(driver.app, "invalidate") else None
    driver.step(2)
    surf = driver.pygame.display.get_surface()
    a, r = t.hand_area, ret.panel_rect()
    corners = [(a.left + 2, a.top + 2), (a.right - 3, a.top + 2), (a.left + 2, a.bottom - 3), (a.right - 3, a.bottom - 3)]
    assert all(tuple(surf.get_at(p))[:3] == (8, 9, 13) for p in corners if not r.collidepoint(p))
    # ... and only the hand: just above it (Everdawn's lane labels) the board shows
    above = [(x, a.top - 3) for x in range(a.left + 2, a.right - 2, 7) if not r.collidepoint((x, a.top - 3))]
    assert above and not all(tuple(surf.get_at(p))[:3] == (8, 9, 13) for p in above)
    assert driver.widget("ready").text == f"I am {t.names[attacker]} — show my hand"
    # the buttons sit inside the panel, apart, clear of its words (never over the board)
    pr = ret.panel_rect()
    rects = {n: pygame_rect(ret.widgets[n]) for n in ("ready", "take_back") if n in ret.widgets}
    assert all(pr.contains(r) for r in rects.values()), (pr, rects)
    if "take_back" in rects:
        assert not rects["take_back"].colliderect(rects["ready"])
    assert all(r.top >= pr.top + ret.s(74) for r in rects.values())
    driver.click("ready")
    assert driver.scene is t and t.viewer == attacker and not t.handoff.pending
    assert t.human_to_move() and t.legal
    driver.step(2)
    assert visible_action_buttons(t)                       # the attacker's buttons are back


def pygame_rect(w):
    import pygame
    return pygame.Rect(w.rect)


def visible_action_buttons(t):
    """The labels of the table's action buttons a player can see now."""
    return [b.text for b in t.chrome.action_widgets if b.alive() and b.visible]


@pytest.mark.parametrize("game", GAMES)
def test_hotseat_hand_off_screen_leaves_no_action_buttons_behind(driver, game):
    """While the hand-off screen is up, the table under it has no End turn (or other
    action) button; the next player gets theirs once they are at the screen."""
    t = start(driver, game, mode="hotseat", seed=4)
    if driver.scene.name == "handoff":
        driver.key("return")
        driver.step(2)
    seat = t.viewer
    assert visible_action_buttons(t)                       # e.g. End turn / Keep hand
    for k in range(200):
        if t.match.to_move() != seat or driver.scene.name.startswith("handoff"):
            break
        if t.anims.busy:
            driver.step(1)
            continue
        human_move(t, k)
        driver.step(1)
    assert driver.until(lambda: driver.scene.name.startswith("handoff"), 600)
    assert t.handoff.pending and visible_action_buttons(t) == []
    driver.step(3)
    assert visible_action_buttons(t) == []                 # and none come back while it is up
    driver.key("return")
    driver.step(3)
    assert not t.handoff.pending and t.viewer == t.match.to_move()
    assert visible_action_buttons(t)


def test_hotseat_everdawn_spell_window_is_one_hand_off(driver):
    if "everdawn" not in GAMES:
        pytest.skip("Everdawn only")
    from engine.everdawn import match as EM
    from engine.core.harness import starter_pair
    from engine.core.session import MatchSession
    from engine.core.rng import Rng
    from support.helpers import HOTSEAT_META, hotseat_table
    found = None
    for seed in range(1, 40):            # a declared attack that opens the defender's spell window
        s = MatchSession.new("everdawn", starter_pair("everdawn", seed), seed, None, dict(HOTSEAT_META))
        rng = Rng(seed)
        for _ in range(400):
            m = s.match
            if m.result() is not None:
                break
            legal = m.legal_actions()
            if m.phase() == "declare" and (EM.PASS,) in legal:
                c = m.clone()
                c.apply((EM.PASS,))
                tp = m.turn_player()
                if c.phase() == "defender_spells" and c.to_move() == 1 - tp:
                    c.apply((EM.PASS,))
                    if c.to_move() == tp and c.turn() == m.turn() and c.phase() != "choice":
                        found = (EM.PASS,)
                        break
            a = legal[rng.randrange(len(legal))]
            if a[0] == EM.CONCEDE:
                a = legal[0]
            s.apply(a)
        if found:
            break
    assert found, "no Everdawn spell window found"
    t = hotseat_table(driver, "everdawn", s, steps=0)
    driver.until(lambda: t.handoff.pending or t.viewer == t.match.to_move(), 120)
    if driver.scene.name == "handoff":
        driver.key("return")
    attacker = t.viewer
    assert t.perform(found)
    driver.until(lambda: driver.scene.name == "handoff", 600)
    assert driver.scene.name == "handoff" and driver.scene.kwargs["seat"] == 1 - attacker
    reason = driver.scene.kwargs["reason"]
    assert reason.startswith(f"In {t.names[attacker]}'s turn: {t.names[attacker]} declared ")
    assert "Your spell window: cast a combat spell into a lane, or pass." in reason
    driver.key("return")
    assert t.viewer == 1 - attacker and t.human_to_move()
    assert_short_return(driver, t, attacker, lambda: t.perform((EM.PASS,)))
    assert t.match.phase() == "attacker_spells" and t.match.turn_player() == attacker
