"""The hover zoom: where it opens, and what a hovered card shows.

The hover zoom (issue #40 point 4): never over the lanes / grid (at 1280×720
Everdawn's zoom landed over the lanes) nor the top bar; not at all after the
player acts until the pointer moves (after an Evons drop it popped over the board
while abilities were chosen); a card named in the log or a graveyard list shows a
small tip with its text instead of the big zoom.

Hover zooms: never over the choice being offered (Essveil's Attune buttons, the
action buttons) and gone as soon as the hovered card leaves play."""
import pytest
from engine.core.rng import Rng
from support.helpers import ai_table, game_session, session_where


GAMES = ("everdawn", "evons", "essveil")


def _midgame(game, seed=3, moves=40):
    s = game_session(game, seed)
    rng = Rng(seed)
    for _ in range(moves):
        m = s.match
        if m.result() is not None:
            break
        legal = m.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return s


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_zoom_stays_off_the_play_area_and_the_top_bar(tmp_path, size):
    from client.devtools.testing import Driver
    d = Driver(tmp_path, size=size)
    try:
        for game in GAMES:
            t = ai_table(d, game, _midgame(game), paused=True)
            area = t.zoom_play_area()
            assert area
            shown = 0
            stride = 23 * size[0] // 1280      # the same points of the board at every size
            for y in range(t.board_rect.top + 5, t.board_rect.bottom, stride):
                for x in range(t.board_rect.left + 5, t.board_rect.right, stride):
                    if not any(r.collidepoint((x, y)) for r in area) or t.card_at((x, y)) is None:
                        continue
                    d.move((x, y))
                    d.step(12)
                    if t.aids.zoom_rect is not None:
                        shown += 1
                        assert not any(t.aids.zoom_rect.colliderect(r) for r in area), (game, size, (x, y))
                        assert not t.aids.zoom_rect.colliderect(t.top_rect), (game, size, (x, y))
            assert shown >= 3, (game, size)
    finally:
        d.close()


def test_no_zoom_after_a_move_until_the_pointer_moves(driver):
    s = _midgame("evons", 5, 30)
    rng = Rng(2)
    for _ in range(200):       # on to a decision of the player with a drag to make
        t = ai_table(driver, "evons", s, human=s.match.to_move(), paused=True, steps=1)
        if t.pairs:
            break
        s.apply(rng.choice(s.match.legal_actions()))
    (src, tgt), action = sorted(t.pairs.items(), key=repr)[0]
    end = t.targets[tgt].rect.center
    driver.drag(t.sources[src].rect.center, end)
    driver.step(30)
    assert t.aids.zoom_rect is None
    driver.move((end[0] + 8, end[1] + 4))
    driver.step(15)
    if t.aids.hover_card is not None:
        assert t.aids.zoom_rect is not None


def test_the_log_shows_a_small_tip(driver):
    for game in GAMES:
        t = ai_table(driver, game, _midgame(game), paused=True)
        driver.step(2)
        assert t.log.hot, game
        rr, card = t.log.hot[-1]
        driver.move(rr.center)
        driver.step(15)
        assert t.aids.hover_card is card and t.aids.hover_small
        r = t.aids.zoom_rect
        assert r is not None and r.width <= t.s(270) and r.height < t.s(300), (game, r)



def _essveil_attune():
    return session_where("essveil", lambda m: m.phase() == "attune" and m.hands[0], moves=200)


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


@pytest.mark.parametrize("game", GAMES)
def test_no_zoom_under_the_pause_menu(driver, game):
    """Esc with the pointer resting on a card: the menu opens over the board with no zoom
    peeking out from under it (the board no longer sees the pointer); closed again, the
    zoom comes back where the pointer rests."""
    s = game_session(game, 3, human=0)
    t = ai_table(driver, game, s, paused=True)
    driver.step(2)
    pos = next(((x, y) for y in range(t.H - 4, 0, -12) for x in range(8, t.W, 12)
                if t.aids.lookup((x, y)) is not None), None)       # a card, from the bottom up
    assert pos is not None
    driver.move(pos)
    driver.step(20)
    assert t.aids.zoom_rect is not None
    driver.key("escape")
    driver.step(5)
    assert driver.app.scenes.top is not t
    assert t.aids.hover_card is None and t.aids.zoom_rect is None
    driver.key("escape")
    driver.step(2)
    assert driver.app.scenes.top is t
    driver.move((pos[0] + 1, pos[1]))
    driver.step(20)
    assert t.aids.zoom_rect is not None
