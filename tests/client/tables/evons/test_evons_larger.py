"""Evons at larger interface sizes, as a player meets it (issue #18.3): the hand cards
grow with every step from 100 to 200 %, a Firestorm's four buttons leave the chain
panel in view, a replay uses the same reflowed layout with its controls clear of the
rest, and the hand's tags stay under their own card."""

import pytest


from engine.evons.cards import parse_cell
from engine.evons.testing import find, scenario
from support.helpers import ai_table, game_session, show_table

STEPS = (1.0, 1.25, 1.5, 1.75, 2.0)


def at_scale(d, ui_scale, size=None):
    if size is not None and tuple(d.app.size) != tuple(size):
        d.resize(*size)
    d.app.settings.ui_scale = ui_scale
    d.app.apply_settings()
    d.step(2)


def no_overlaps(d, parts):
    W, H = d.app.size
    window = d.pygame.Rect(0, 0, W, H)
    names = list(parts)
    for i, n in enumerate(names):
        assert window.contains(parts[n]), (n, parts[n])
        for m in names[i + 1:]:
            assert not parts[n].colliderect(parts[m]), (n, parts[n], m, parts[m])


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 640)])
def test_hand_cards_grow_at_every_interface_size_step(driver, size):
    sizes = []
    for u in STEPS:
        at_scale(driver, u, size)
        t = show_table(driver, "evons", game_session("evons", 3), _paused_ai=True)
        sizes.append((t.hw, t.cell))
        hand = t.view.hand(t.viewer)
        shown = [r for r in t.hand_rects(len(hand)) if r.left >= 0]
        assert shown and all(t.hand_area.contains(r) for r in shown)      # no card cut at the edge
    hw = [a for a, _c in sizes]
    assert all(a < b for a, b in zip(hw, hw[1:])), hw                     # each step larger than the last
    cells = [c for _a, c in sizes]
    assert all(a <= b for a, b in zip(cells, cells[1:])), cells
    if size == (1280, 720):
        assert min(cells) >= 84


def firestorm_with_four_buttons(d):
    m = scenario(grid={"C2": ("tide_sprite", 1), "D2": ("oak_sentinel", 1, "covered"), "B2": ("ember_imp", 0)},
                 hand0=["flame_warden", "stone_ram"], deck0=["gloom_bat"] * 6, deck1=["gloom_bat"] * 6)
    from support.fake_session import FakeSession
    t = ai_table(d, "evons", FakeSession(m), paused=True)
    hand = t.view.hand(t.viewer)
    src = t.hand_rects(len(hand))[hand.index(find(m, "flame_warden"))].center
    d.drag(src, t.cell_rect(parse_cell("C3")).center)
    assert t.match.phase() == "ability"
    d.click(t.cell_rect(parse_cell("C2")).center)        # Firestorm at C2: a split to make
    d.click(t.cell_rect(parse_cell("C2")).center)        # a point on C2: Next target, +1, All, Deal
    d.move((5, 5))
    d.step(2)
    assert t.match.phase() == "hit"
    return t


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 640)])
def test_four_action_buttons_in_a_low_window_leave_the_chain_panel_in_view(driver, size):
    at_scale(driver, 2.0, size)
    t = firestorm_with_four_buttons(driver)
    buttons = t.chrome.action_widgets
    assert len(buttons) == 4
    chain = t.right_rect
    assert chain.height >= t.s(60) and chain.width >= t.s(150)           # the chain is shown …
    assert t.view.stack                                                   # … with the Firestorm on it
    parts = {"chain": chain, "hand": t.hand_area, "grid": t.grid_rect, "ticker": t.side.ticker_rect}
    parts.update({f"button {b.text}": b.rect for b in buttons})
    no_overlaps(driver, parts)
    for b in buttons:                                                     # every label whole
        assert "…" not in b.text, b.text
    assert any(b.text.startswith("Deal") for b in buttons)
    # the chain's words are on the screen, inside the panel, not drawn over
    words = drawn_texts(driver)
    row = [r for text, r in words if text.startswith("Flame Warden")]
    assert row and all(chain.contains(r) for r in row), (row, chain)
    assert any(text == "CHAIN" for text, _r in words)


def drawn_texts(d):
    """(text, rect) of every text on the window as drawn now (the layout check's recorder)."""
    from client.devtools import layoutcheck
    from client.ui import theme as ui
    rec = layoutcheck.Recorder()
    ui.RECORDER = rec
    try:
        layoutcheck._drop_caches(ui, __import__("client.cards", fromlist=["x"]))
        screen = rec.surface(d.app.size, 0)
        d.app.draw(screen)
        rec.verify(screen, "test", 8)
    finally:
        ui.RECORDER = None
    assert not [p for p in rec.problems if "overlap" in p or "covered" in p], rec.problems
    return [(t.text, t.rect) for t in screen.texts]


def open_replay(d, steps=40):
    from engine.evons.testing import record_random_game
    from client.replays.controller import ReplayController
    ctrl = ReplayController(record_random_game(3))
    t = d.app.scenes.switch("table", **ctrl.table_kwargs(viewer=0, reveal=False))
    d.step(2)
    for _ in range(steps):
        ctrl.step()
        d.step(2)
    return t, ctrl


CONTROLS = ("rp_prev_turn", "rp_back", "rp_play", "rp_step", "rp_next_turn", "rp_slower", "rp_faster",
            "rp_turn", "rp_go", "rp_view0", "rp_view1", "rp_reveal")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 640)])
@pytest.mark.parametrize("u", [1.0, 2.0])
def test_a_replay_uses_the_reflowed_layout_with_its_controls_clear(driver, size, u):
    at_scale(driver, u, size)
    live = show_table(driver, "evons", game_session("evons", 3), _paused_ai=True)
    live_cell, folded = live.cell, live.side.compact
    t, ctrl = open_replay(driver)
    assert t.cell == live_cell and t.side.compact == folded              # the table's own layout
    if u > 1:
        assert t.log.hidden and driver.widget("log_toggle").visible       # the log in its drawer
    controls = [driver.widget(n) for n in CONTROLS]
    assert all(c.alive() for c in controls)
    assert len([w for w in t.ui.get_sprite_group().sprites() if getattr(w, "text", None) == "Play"]) <= 1
    box = t.actions_rect
    for c in controls:
        assert box.contains(c.rect), (c, c.rect, box)
    parts = {"controls": box, "chain": t.right_rect, "hand": t.hand_area, "grid": t.grid_rect,
             "prompt": t.prompt_rect, "my panel": t.panel_rects["me"], "opp panel": t.panel_rects["opp"]}
    if t.side.compact:
        parts["ticker"] = t.side.ticker_rect
        parts["log button"] = driver.widget("log_toggle").rect
    else:
        parts["log"] = t.log.rect
    no_overlaps(driver, parts)
    assert t.right_rect.height >= t.s(80)                                 # the chain panel reads
    hand = t.view.hand(t.viewer)
    shown = [r for r in t.hand_rects(len(hand)) if r.left >= 0]
    assert len(shown) >= min(2, len(hand)) and all(t.hand_area.contains(r) for r in shown)
    from client.devtools import layoutcheck
    rec = layoutcheck.Recorder()
    layoutcheck.check_widgets(rec, t, driver.app.size, 8)
    assert not [p for p in rec.problems if "cut" in p or "outside" in p], rec.problems   # every label whole
    driver.click("rp_step")                                               # the controls still work
    assert ctrl.index == 41


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_hand_tags_sit_under_their_own_card(driver, size, monkeypatch):
    at_scale(driver, 1.0, size)
    session = game_session("evons", 3)
    while not (session.match.to_move() == 0 and session.match.phase() == "main"):
        session.apply(session.match.legal_actions()[0])    # both keep their hands (then the AI's first move)
    t = ai_table(driver, "evons", session, paused=True)
    boxes, levels = [], set()
    real = type(t)._draw_mode_tag

    def spy(self, surf, v, inst, card, rr, level=0):
        box = real(self, surf, v, inst, card, rr, level)
        boxes.append((box, rr.copy(), self._tag_forms(v, inst, card)[0][level]))
        levels.add(level)
        return box
    monkeypatch.setattr(type(t), "_draw_mode_tag", spy)
    driver.move((5, 5))
    boxes.clear()
    driver.app.draw(driver.pygame.Surface(driver.app.size))
    assert len(boxes) == len(t.view.hand(t.viewer)) >= 5
    gap = t.s(8)
    for box, rr, text in boxes:
        assert box.top >= rr.bottom                         # under the card: its arrows stay clear
        assert rr.left - gap // 2 <= box.left and box.right <= rr.right + gap // 2, (text, box, rr)
        assert "¢" in text or text.startswith("BLOCK")
    for i, (a, _r, _t) in enumerate(boxes):
        for b, _r2, _t2 in boxes[i + 1:]:
            assert not a.colliderect(b)
    assert len(levels) == 1                                  # the same words on every card


def test_the_evons_tables_words_never_get_smaller_as_the_interface_size_grows(monkeypatch):
    """The layout check's text comparison, on for Evons (each pair of sizes, not only
    neighbours: a line that exists at 100 and 200 % but not at 150 % counts too)."""
    from client.devtools import layoutcheck
    from client.devtools import layoutcheck_scale
    monkeypatch.setattr(layoutcheck_scale, "CHECK_TEXT", True)

    def every_pair():
        out = []
        for (size, label), by in sorted(layoutcheck_scale._SEEN.items()):
            ks = sorted(by)
            for i, a in enumerate(ks):
                for b in ks[i + 1:]:
                    out += layoutcheck_scale.compare(f"{size} {label}", {a: by[a], b: by[b]}, True)
        layoutcheck_scale._SEEN.clear()
        return out
    monkeypatch.setattr(layoutcheck.scale_check, "report", every_pair)
    problems = layoutcheck.run(sizes=((1280, 720), (1024, 640)), scales=(1.0, 1.5, 2.0), games=["evons"],
                               zooms=False, out=lambda line: None,
                               only={"table[evons] early", "table[evons] busy"})
    assert problems == []


BIG_HAND = ["flame_warden", "stone_ram", "gloom_bat", "tide_sprite", "ember_imp", "oak_sentinel", "gloom_bat",
            "stone_ram", "ember_imp"]


def _big_hand_table(d, size, u):
    at_scale(d, u, size)
    from support.fake_session import FakeSession
    m = scenario(hand0=BIG_HAND, deck0=["gloom_bat"] * 6, deck1=["gloom_bat"] * 6)
    t = ai_table(d, "evons", FakeSession(m), paused=True)
    d.move((5, 5))
    d.step(2)
    return t


def _shown(t):
    return [r for r in t.hand_rects(len(t.view.hand(t.viewer))) if r.left >= 0]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 640)])
def test_a_big_hand_at_200_shows_as_many_cards_as_at_150_with_the_arrows_clear(driver, size, monkeypatch):
    """More than six cards: 200 % shows three a row like 150 % (not two beside arrows in
    the column), the cards as large as before, the arrows in the margins clear of the grid,
    the cards, their tags and the window's edge, wide enough to hit (the cards give them
    room); the arrows still scroll."""
    t = _big_hand_table(driver, size, 1.5)
    at_150 = len(_shown(t))
    t = _big_hand_table(driver, size, 2.0)
    hw_200 = t.hw
    shown = _shown(t)
    assert at_150 == 6 and len(shown) == 6 and t.hand_cols == 3
    assert all(r.width == hw_200 for r in shown)
    assert all(t.hand_area.contains(r) for r in shown)
    hs = t.hand_scroll
    assert hs.active and hs.offset == len(BIG_HAND) - 6        # the newest cards in view
    window = driver.pygame.Rect(0, 0, *driver.app.size)
    frame = t.grid_rect.inflate(t.s(8), t.s(8))
    for arrow in (hs.left, hs.right):
        assert window.contains(arrow) and arrow.width >= max(10, t.s(10))
        if size != (1024, 640):      # a comfortable target, like the other tables' arrows (not a slim strip)
            assert arrow.width >= t.s(20), (arrow, t.s(20))
        assert not arrow.colliderect(frame)
        assert not any(arrow.colliderect(r) for r in shown)
    boxes = []
    real = type(t)._draw_mode_tag

    def spy(self, surf, v, inst, card, rr, level=0):
        box = real(self, surf, v, inst, card, rr, level)
        boxes.append(box)
        return box
    monkeypatch.setattr(type(t), "_draw_mode_tag", spy)
    driver.app.draw(driver.pygame.Surface(driver.app.size))
    monkeypatch.undo()
    shown_boxes = [b for b in boxes if b.left >= 0]
    assert len(shown_boxes) == 6
    for i, b in enumerate(shown_boxes):
        assert not b.colliderect(hs.left) and not b.colliderect(hs.right)
        assert all(not b.colliderect(o) for o in shown_boxes[i + 1:])
    from client.devtools import layoutcheck
    assert layoutcheck.check_screen(driver.app, "evons big hand") == []
    first = t.view.hand(t.viewer)[0]
    for _ in range(len(BIG_HAND)):                             # the left arrow brings the first cards back
        if hs.offset == 0:
            break
        was = hs.offset
        driver.click(hs.left.center)
        assert hs.offset < was
    assert hs.offset == 0
    rects = t.hand_rects(len(t.view.hand(t.viewer)))
    assert rects[t.view.hand(t.viewer).index(first)].left >= 0
