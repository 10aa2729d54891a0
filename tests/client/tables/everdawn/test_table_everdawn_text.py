"""Everdawn table words: the placed note, the lane labels.

Everdawn: a creature placed at set-up (or in Sudden Death) says on hover and in
the log that it was placed, not played — its "When played" effect never happened.

Everdawn's "Lane 1 / 2 / 3" labels under your row stay clear of the hand: the gold
rim of a card you can play (and the hint's outline) reach a few pixels above the hand's
cards, and they once ran through the labels' lower half at 1280x720."""
import contextlib

from engine.everdawn import match as EM
from support.helpers import ai_table, game_session
import pytest


def test_setup_creatures_say_placed_not_played_on_hover_and_in_the_log(driver):
    s = game_session("everdawn", 3, human=0)
    t = ai_table(driver, "everdawn", s)
    driver.until_ai(lambda: t.human_to_move() and not t.anims.busy and t.driver.job is None, 600)
    t.driver.cancel()
    assert any("placed, not played" in e.text and "sets up" in e.text for e in t.log.entries)
    me = t.viewer
    lane = next(sl for sl in EM.LANES if t.shown.creature_at(me, sl) >= 0)
    driver.move(t.slot_rect(me, lane).center)
    driver.step(20)
    assert t._hover_note and "Placed, not played" in t._hover_note
    assert t.aids.zoom_rect is not None
    # a creature moved from the bench into a lane is played: no note
    moves = [a for a in t.match.legal_actions() if a[0] == EM.MOVE and a[1] >= 3]
    if moves:
        a = moves[0]
        t.perform(a)
        driver.step(30)
        driver.move((2, 2))
        driver.step(2)
        driver.move(t.slot_rect(me, a[2]).center)
        driver.step(20)
        assert (me, a[2]) not in t.placed_slots() and not t._hover_note


def test_placed_slots_follow_moves_and_deaths():
    from client.tables.everdawn.anims import track_placed
    placed = track_placed(set(), [("setup", 0, [5, 6, 7], [8, -1, -1])])
    assert placed == {(0, 0), (0, 1), (0, 2)}
    track_placed(placed, [("move", 0, 0, 1, 5)])          # a slide swaps two placed creatures
    assert placed == {(0, 0), (0, 1), (0, 2)}
    track_placed(placed, [("move", 0, 3, 0, 8)])          # from the bench: played
    assert (0, 0) not in placed
    track_placed(placed, [("destroyed", 0, 1, 6)])
    assert placed == {(0, 2)}
    track_placed(placed, [("sudden_death",), ("place", 0, 1, 9), ("place", 1, 1, 10), ("turn", 9, 1)])
    assert placed == {(0, 1), (1, 1)}



@contextlib.contextmanager
def _drawn_table(tmp_path, size, ui):
    """The Everdawn table (seed 7) at ``size`` and interface size ``ui``, drawn once in
    full: yields ``(table, texts, panels)``, every text drawn as (text, font size, rect)
    and every panel's rect."""
    import pygame
    from client.settings import Settings
    from client.devtools.testing import Driver
    import client.tables.everdawn.draw as ED
    settings = Settings()
    settings.ui_scale = ui
    settings.animation_speed = "instant"
    d = Driver(tmp_path, size=size, settings=settings)
    try:
        t = d.open("table", game="everdawn", seed=7)
        texts, panels = [], []
        orig_text, orig_panel = ED.draw_text, ED.panel

        def spy_text(surf, text, *a, **kw):
            r = orig_text(surf, text, *a, **kw)
            texts.append((str(text), a[1] if len(a) > 1 else kw.get("size"), pygame.Rect(r)))
            return r

        def spy_panel(surf, rect, *a, **kw):
            panels.append(pygame.Rect(rect))
            return orig_panel(surf, rect, *a, **kw)
        ED.draw_text, ED.panel = spy_text, spy_panel
        try:
            t.invalidate()
            d.step(2)
        finally:
            ED.draw_text, ED.panel = orig_text, orig_panel
        yield t, texts, panels
    finally:
        d.close()


@pytest.mark.parametrize("size,ui", [((1280, 720), 1.0), ((1920, 1080), 1.0), ((1024, 600), 1.0),
                                     ((1280, 720), 2.0), ((1920, 1080), 1.5)])
def test_lane_labels_clear_the_hand_and_its_rims(tmp_path, size, ui):
    with _drawn_table(tmp_path, size, ui) as (t, texts, _panels):
        labels = {tuple(r): r for text, _sz, r in texts if text.startswith("Lane ")}.values()   # (every frame drawn)
        assert len(labels) == 3
        rim = max(2, int(round(6 * t.app.scale))) // 2 + 1    # the widest outline drawn round a hand card
        from client.ui.theme import font
        ascent = font(t.s(13)).get_ascent()
        for r in labels:
            baseline = r.top + ascent                            # where the letters stand
            assert baseline <= t.hand_area.top - rim, (r, baseline, t.hand_area.top)
            eq_bottom = max(e.bottom for k, e in t.eq_rects.items() if k[0] == "me")
            assert r.top >= eq_bottom, (r, eq_bottom)


@pytest.mark.parametrize("size,ui", [((1280, 720), 1.0), ((1280, 720), 2.0), ((1920, 1080), 1.75),
                                     ((1920, 1080), 2.0), ((1366, 768), 2.0)])
def test_the_opponents_hand_count_clears_their_rows_frame(tmp_path, size, ui):
    """"AI's hand: 4" stands over the opponent's row: at large interface sizes its letters
    (a "y" or a "g" of the name) once ran through the top of the row's frame."""
    from client.ui.theme import font
    with _drawn_table(tmp_path, size, ui) as (t, texts, panels):
        label = [(text, sz, r) for text, sz, r in texts if "hand: " in text]
        assert label, "the opponent's hand count is drawn"
        text, sz, r = label[-1]
        bottom = r.top + font(sz).render(text, True, (255, 255, 255)).get_bounding_rect().bottom
        lanes = t.slot_rects[("opp", 0)]
        frames = [p for p in panels if p.contains(lanes)]
        assert frames
        assert bottom < min(p.top for p in frames), (text, r, frames)
        # and the frame still holds their equipment icons
        icons_top = min(e.top for k, e in t.eq_rects.items() if k[0] == "opp")
        assert min(p.top for p in frames) < icons_top
