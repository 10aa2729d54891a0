"""Hover zooms: never over the choice being offered (Essveil's Attune buttons, the
action buttons) and gone as soon as the hovered card leaves play."""
from engine.core.rng import Rng

from support.helpers import ai_table, game_session


def _essveil_attune():
    for seed in range(1, 30):
        s = game_session("essveil", seed, human=0)
        rng = Rng(seed)
        for _ in range(200):
            m = s.match
            if m.result() is not None:
                break
            if m.to_move() == 0 and m.phase() == "attune" and m.hands[0]:
                return s
            legal = m.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    raise AssertionError("no attune decision")


def test_zoom_never_covers_the_attune_choice_or_the_buttons(driver):
    s = _essveil_attune()
    t = ai_table(driver, "essveil", s, paused=True)
    keep = t.zoom_keep_clear()
    assert any(r == t.attune_rects["flow"] for r in keep)
    checked = 0
    for i in range(len(t.view.hands[0])):
        r = t.seat_hand_rect(t.view, 0, i)
        driver.move(r.center)
        driver.step(20)
        if t.aids.zoom_rect is not None:
            checked += 1
            for k in keep:
                assert not t.aids.zoom_rect.colliderect(k)
    assert checked


def test_zoom_vanishes_when_its_card_leaves_play(driver):
    from engine.everdawn import match as EM
    s = game_session("everdawn", 3, human=0)
    t = ai_table(driver, "everdawn", s, paused=True)
    seat, slot = next((p, sl) for p in (0, 1) for sl in EM.LANES if t.shown.creature_at(p, sl) >= 0)
    driver.move(t.slot_rect(seat, slot).center)
    driver.step(20)
    assert t.aids.hover_card is not None and t.aids.zoom_rect is not None
    from client.tables.everdawn.anims import step_state
    t.shown = step_state(t.shown, ("destroyed", seat, slot, t.shown.creature_at(seat, slot)))   # it leaves play
    driver.step(2)
    assert t.aids.hover_card is None and t.aids.zoom_rect is None
