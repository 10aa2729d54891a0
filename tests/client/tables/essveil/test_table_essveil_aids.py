"""What the Essveil board says while you aim an attack (dummy video driver): the
Guards that could step in are marked on the board (from the engine's preview),
the aimed-at player's Life stays readable beside the dragged card, and arrows
stop short of a Life number."""


from engine.essveil import match as EV
from engine.essveil.testing import scenario
from support.helpers import ai_table, game_session

HUMAN, AI = 0, 1


def _table(driver, m):
    s = game_session("essveil", 1, human=HUMAN)
    s._match = m
    s._snaps = {0: m.clone()}
    s._turns = [m.turn()]
    return ai_table(driver, "essveil", s, human=HUMAN, paused=True)


def _pills_while_aiming(driver, t, src, dst):
    import client.tables.essveil.draw as DR
    seen = []
    orig = DR.pill

    def spy(surf, text, center, *a, **kw):
        seen.append((text, center))
        return orig(surf, text, center, *a, **kw)
    driver.drag(src, dst, release=False)
    DR.pill = spy
    try:
        driver.step(2)
    finally:
        DR.pill = orig
    return seen


def test_aiming_at_the_player_marks_the_guards_that_could_intercept(driver):
    m = scenario(boards=(["dune_raider"], ["stone_warden", "wildcub", {"card": "shield_bearer", "tapped": True}]),
                 life=(20, 4))
    t = _table(driver, m)
    raider = m.boards[HUMAN][0]
    warden, bearer = m.boards[AI][0], m.boards[AI][2 * EV.REC]
    rects = t.unit_rects(t.view)
    seen = _pills_while_aiming(driver, t, rects[raider].center, t.info_rect(AI).center)
    marks = sorted({c for text, c in seen if text == "may intercept"})
    assert len(marks) == 1 and rects[warden].collidepoint(marks[0])     # not the tapped Shield-Bearer
    assert not rects[bearer].collidepoint(marks[0])
    assert any(text == "Life 4" for text, _ in seen)        # the panel's Life is under the card


def test_no_guard_marks_for_a_veilstep_attacker(driver):
    m = scenario(boards=(["shade_stalker"], ["stone_warden"]))
    t = _table(driver, m)
    rects = t.unit_rects(t.view)
    seen = _pills_while_aiming(driver, t, rects[m.boards[HUMAN][0]].center, t.info_rect(AI).center)
    assert not any(text == "may intercept" for text, _ in seen)
    assert any(text == "Veilstep: no Guard can intercept" for text, _ in seen)


def test_attack_arrow_stops_short_of_the_life_number(driver):
    from client.tables.essveil.anims import Arrow
    driver.app.settings.animation_speed = "normal"
    m = scenario(boards=(["dune_raider"], []))
    t = _table(driver, m)
    assert t.perform((EV.ATTACK, m.boards[HUMAN][0], EV.player_target(AI)))
    arrows = [a for a in t.anims.items + t.anims.active if isinstance(a, Arrow)]
    life = t.life_rect(AI)
    assert arrows and not life.inflate(-life.width // 3, -life.height // 3).collidepoint(arrows[0].end)
