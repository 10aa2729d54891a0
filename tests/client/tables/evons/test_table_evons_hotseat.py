"""Evons in hot seat: the one decision taken outside one's own turn (the second
player's opening hand, in the first player's turn 0) is one hand-off that says
what is to be decided, then play returns with the short "X has answered: pass
back to Y" over the covered hand. Every other hand-off is a turn change and
says whose turn it is."""
import random


from engine.evons import match as EM
from support.helpers import game_session, hotseat_table


def spy_pushes(t):
    """Record every overlay the table pushes: [(name, kwargs, turn, to_move, turn_player)]."""
    seen = []
    real = t.push

    def push(sc, **kw):
        m = t.match
        seen.append((getattr(sc, "name", ""), dict(getattr(sc, "kwargs", {}) or {}), m.turn(), m.to_move(),
                     m.turn_player()))
        return real(sc, **kw)
    t.push = push
    return seen


def ready(driver):
    driver.click("ready")
    driver.step(2)


def open_hotseat(driver, seed, options=None):
    s = game_session("evons", seed, hotseat=True, options=options)
    t = hotseat_table(driver, "evons", s)
    first = t.match.sc[EM.S_FIRST]
    return t, first


def test_the_first_hand_off_says_who_goes_first_and_what_to_decide(driver):
    t, first = open_hotseat(driver, 4)
    assert driver.scene.name == "handoff" and driver.scene.kwargs["seat"] == first
    name = t.names[first]
    assert driver.scene.kwargs["reason"] == f"{name} goes first. Your opening hand: keep it, or mulligan."


def test_second_opening_hand_is_one_hand_off_then_a_short_return(driver):
    t, first = open_hotseat(driver, 4)
    second = 1 - first
    ready(driver)
    seen = spy_pushes(t)
    # the first player keeps: one full hand-off, in the first player's turn 0, saying what is to be decided
    assert t.perform(EM.A_KEEP)
    driver.step(5)
    assert [x[0] for x in seen] == ["handoff"]
    name, kw, turn, to_move, tp = seen[0]
    assert (turn, to_move, tp, kw["seat"]) == (0, second, first, second)
    assert kw["reason"] == (f"{t.names[first]} goes first (kept 5 cards). "
                            "Your opening hand: keep it, or mulligan.")
    ready(driver)
    assert t.viewer == second and t.match.phase() == "mulligan"
    # the second player takes a mulligan by clicking two cards, then M
    hand = t.hand_rects(len(t.match.hand(second)))
    driver.click(hand[0].center)
    driver.click(hand[1].center)
    driver.key("m")
    driver.step(5)
    # back to the first player's turn 1: no second dark screen, the short return over the covered hand
    assert [x[0] for x in seen] == ["handoff", "handoff_return"]
    ret = driver.scene
    assert ret.name == "handoff_return" and ret.kwargs["seat"] == first
    assert ret.kwargs["reason"] == (f"{t.names[second]} has answered (took a mulligan and kept 5 cards): "
                                    f"pass back to {t.names[first]}.")
    assert ret.dim_below == 0 and t.viewer == first and t.match.turn() == 1
    assert t.busy() and t.aids.hover_card is None                 # nothing playable until the click
    driver.step(2)
    surf = driver.pygame.display.get_surface()
    a, r = t.hand_area, ret.panel_rect()
    corners = [(a.left + 2, a.top + 2), (a.right - 3, a.top + 2), (a.left + 2, a.bottom - 3),
               (a.right - 3, a.bottom - 3)]
    assert all(tuple(surf.get_at(p))[:3] == (8, 9, 13) for p in corners if not r.collidepoint(p))
    assert driver.widget("ready").text == f"I am {t.names[first]} — show my hand"
    ready(driver)
    assert driver.scene is t and t.viewer == first and not t.handoff.pending
    assert t.human_to_move() and t.match.phase() == "main" and t.legal
    # per-player modes start afresh for the player back at the screen
    assert t.cov_mode == {} and not t.cov_default and not t.mull_marks


def test_the_return_names_a_kept_hand_and_the_log_agrees(driver):
    t, first = open_hotseat(driver, 9)
    if driver.scene is not t:                      # the one who goes first may be at the screen already
        ready(driver)
    assert t.perform(EM.A_KEEP)
    driver.step(5)
    ready(driver)
    assert t.perform(EM.A_KEEP)
    driver.step(5)
    ret = driver.scene
    assert ret.name == "handoff_return"
    assert ret.kwargs["reason"] == f"{t.names[1 - first]} has answered (kept 5 cards): pass back to {t.names[first]}."
    assert f"{t.names[1 - first]} keeps 5 cards." in [e.text for e in t.log.entries]


def test_every_other_evons_hand_off_is_a_turn_change_that_says_whose_turn(driver):
    """A hot-seat game through the table: apart from the opening hands, the player
    to move only changes with the turn, and each hand-off says it is that turn."""
    t, first = open_hotseat(driver, 6)
    seen = spy_pushes(t)
    rng = random.Random(6)
    turns_seen = set()
    for _ in range(400):
        m = t.match
        if m.result() is not None or m.turn() > 12:
            break
        if driver.scene is not t:
            ready(driver)
            continue
        if t.anims.busy or not t.human_to_move():
            driver.step(1)
            continue
        if m.turn() >= 1:       # no decision falls to the other player outside the opening hands
            assert m.to_move() == m.turn_player()
        legal = [a for a in t.legal if tuple(a) != tuple(EM.A_CONCEDE)] or t.legal
        assert t.perform(legal[rng.randrange(len(legal))])
        driver.step(2)
        turns_seen.add(t.match.turn())
    later = [x for x in seen if x[2] >= 1]
    assert len(later) >= 6 and max(turns_seen) >= 6
    for name, kw, turn, to_move, tp in later:
        seat = kw["seat"]
        assert seat == to_move == tp                       # the turn player, never a reaction
        if name == "handoff":
            assert f"Turn {turn}" in kw["reason"] and "your turn" in kw["reason"].lower()
        else:                                              # the return after the opening hands only
            assert name == "handoff_return" and turn == 1


def test_the_return_panel_fits_the_window_at_200_percent_and_the_prompt_waits(driver):
    driver.app.settings.ui_scale = 2.0
    driver.app.apply_settings()
    t, first = open_hotseat(driver, 4)
    ready(driver)
    assert t.perform(EM.A_KEEP)
    driver.step(5)
    ready(driver)
    assert t.perform(EM.A_KEEP)
    driver.step(5)
    ret = driver.scene
    assert ret.name == "handoff_return"
    assert driver.pygame.Rect(0, 0, *driver.app.size).contains(ret.panel_rect())
    # the table under it does not tell the player still at the screen "Your turn: drag a card"
    assert t.prompt() == f"{t.names[first]}'s turn: pass the screen to {t.names[first]}."
