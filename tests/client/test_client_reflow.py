"""Interface size 100-200 %: the tables reflow instead of shrinking their cards.
The log folds into a Log drawer (key L) with a ticker of the newest lines, the
action buttons keep a narrow strip, and the board gets the room (issue #18.3)."""
import pytest

from support.helpers import show_table, game_session

GAMES = ("everdawn", "essveil")       # the tables whose log is the framework's column


def at_scale(d, ui_scale):
    d.app.settings.ui_scale = ui_scale
    d.app.apply_settings()
    d.step(2)


@pytest.mark.parametrize("game", GAMES)
def test_log_folds_into_a_drawer_at_a_large_interface_size(driver, game):
    t = show_table(driver, game, game_session(game, 3), _paused_ai=True)
    assert not t.side.compact and not t.log.hidden          # 100 %: the log column beside the board
    board_100 = t.board_rect.width
    at_scale(driver, 2.0)
    t = driver.scene
    assert t.side.compact                                    # 200 % at 1280x720: folded
    assert t.board_rect.width > board_100                    # the board has more room, not less
    assert t.log.hidden and t.side.ticker is not None
    newest = t.log.entries[-1].text
    # the newest line still reads, in the ticker
    driver.step(2)
    assert t.side.ticker.rect.width < t.s(t.log_width) and t.side.ticker.entries[-1].text == newest
    assert t.side.ticker._surf is not None and t.side.ticker.rect.right <= driver.app.size[0]
    ink = t.side.ticker._surf.get_bounding_rect(min_alpha=250)   # words at the bottom: the newest line
    assert ink.height > 0
    toggle = driver.widget("log_toggle")
    assert toggle.text == "Log" and toggle.visible
    driver.click("log_toggle")
    assert not t.log.hidden and driver.widget("log_toggle").text == "Close log"
    assert t.log.rect.colliderect(t.board_rect)              # a drawer over the board
    driver.step(2)
    inside = t.log._surf.get_rect().inflate(-t.s(30), -t.s(30))
    for x in range(inside.left, inside.right, max(1, inside.width // 7)):
        for y in range(inside.top, inside.bottom, max(1, inside.height // 9)):
            assert t.log._surf.get_at((x, y)).a == 255       # opaque: the cards beneath do not show through
    assert t.log.rect.top >= toggle.rect.bottom             # the toggle stays in reach
    assert t.log.rect.bottom <= min(b.rect.top for b in t.chrome.action_widgets) if t.chrome.action_widgets else True
    driver.key("l")                                          # the key closes it again
    assert t.log.hidden and driver.widget("log_toggle").text == "Log"
    driver.key("l")
    assert not t.log.hidden


def test_drawer_state_is_remembered_for_the_next_table(driver):
    t = show_table(driver, "everdawn", game_session("everdawn", 3), _paused_ai=True)
    at_scale(driver, 2.0)
    driver.key("l")
    assert not driver.scene.log.hidden
    t2 = show_table(driver, "essveil", game_session("essveil", 3), _paused_ai=True)
    assert t2.side.compact and not t2.log.hidden            # still open on the next table
    assert t is not t2


@pytest.mark.parametrize("game", GAMES)
def test_open_drawer_takes_its_clicks_and_shows_card_names(driver, game):
    t = show_table(driver, game, game_session(game, 3), _paused_ai=True)
    at_scale(driver, 2.0)
    t = driver.scene
    driver.key("l")
    driver.step(2)
    r = t.log.rect
    under = [src for src in t.sources.values() if r.collidepoint(src.rect.center)]
    for src in under:                                        # a card under the drawer is not picked up
        driver.move(src.rect.center)
        driver.post(driver.pygame.MOUSEBUTTONDOWN, pos=src.rect.center, button=1, touch=False)
        driver.step()
        assert t.drag is None
        driver.post(driver.pygame.MOUSEBUTTONUP, pos=src.rect.center, button=1, touch=False)
        driver.step()
    if t.log.hot:                                            # a card name in the drawer zooms
        rr, card = t.log.hot[-1]
        driver.move(rr.center)
        assert t.aids.hover_card is card


def test_full_log_column_at_100_percent_and_in_replays(driver):
    t = show_table(driver, "everdawn", game_session("everdawn", 3), _paused_ai=True)
    assert not t.side.compact and "log_toggle" not in t.widgets
    assert t.log.rect.width == t.s(t.log_width)


def card_sizes(d, game, ui_scale, size=(1280, 720)):
    d.resize(*size) if tuple(d.app.size) != size else None
    at_scale(d, ui_scale)
    t = show_table(d, game, game_session(game, 3), _paused_ai=True)
    return t.scale_probe()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)])
def test_cards_never_get_smaller_as_the_interface_size_grows(driver, game, size):
    a, b, c = (card_sizes(driver, game, u, size) for u in (1.0, 1.5, 2.0))
    for name in a:
        assert a[name] <= b[name] <= c[name], (name, a, b, c)
    assert driver.scene.s(16) > driver.scene.s(16) * 0 + int(round(16 * driver.app.scale_for(1.0)))  # text grew


def test_essveil_cards_are_larger_at_200_percent(driver):
    small, large = card_sizes(driver, "essveil", 1.0), card_sizes(driver, "essveil", 2.0)
    assert large["board card"] > small["board card"] and large["hand card"] >= small["hand card"]


def narrow_hand(t, cards):
    """A hand area that shows only ``cards`` cards at their size (as at a large interface size)."""
    t.hand_area.width = t.hw * cards + t.s(8) * (cards - 1) + 2 * t.hw // 3
    t.hand_scroll.n = 0
    t.refresh()


def test_a_scrolling_hand_shows_fewer_larger_cards_and_plays_from_any_scroll(driver):
    from client.table.kit.parts import OFF_SCREEN
    t = show_table(driver, "essveil", game_session("essveil", 3), _paused_ai=True)
    at_scale(driver, 2.0)
    t = driver.scene
    driver.until_ai(lambda: t.human_to_move(), 300)
    hand = t.match.view(t.viewer).hand_ids(t.viewer)
    assert len(hand) >= 5
    hw = t.hw
    narrow_hand(t, 2)
    rects = t.hand_rects(len(hand))
    shown = [r for r in rects if r.left > OFF_SCREEN // 2]
    assert t.hand_scroll.active and len(shown) == t.hand_scroll.visible < len(hand)
    assert all(r.width == hw for r in shown)                  # not squeezed: the same size
    assert t.hand_area.contains(shown[0].union(shown[-1]).inflate(0, -t.s(8)).clip(t.hand_area))
    first = t.hand_scroll.offset
    # the wheel over the hand, the arrows and the keys scroll it
    driver.move(t.hand_area.center)
    driver.post(driver.pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0, touch=False)
    driver.step(2)
    assert t.hand_scroll.offset == max(0, first - 1)
    driver.key("left")
    driver.key("left")
    assert t.hand_scroll.offset == 0
    driver.click(t.hand_scroll.right.center)
    assert t.hand_scroll.offset == 1
    # hover zoom and drag & drop on the scrolled hand: the card in view is the one picked up
    i = t.hand_scroll.offset
    r = t.hand_rects(len(hand))[i]
    driver.move(r.center)
    driver.step(12)
    assert t.aids.hover_card is not None and t.aids.hover_card.name.startswith(t.aids.hover_card.name)
    live = [k for k in t.live_sources if k[0] == "hand" and t.hand_scroll.shown(k[1])]
    if live:
        src = t.sources[live[0]]
        tgt = next(tk for (sk, tk) in t.pairs if sk == live[0])
        n = len(hand)
        driver.drag(src.rect.center, t.targets[tgt].rect.center)
        driver.until(lambda: not t.anims.busy, 300)
        assert len(t.match.view(t.viewer).hand_ids(t.viewer)) == n - 1    # played from the scrolled hand


def test_evons_hand_keeps_its_card_size_and_scrolls_at_200_percent(driver):
    from client.table.kit.parts import OFF_SCREEN
    small = card_sizes(driver, "evons", 1.0)
    t = show_table(driver, "evons", game_session("evons", 3), _paused_ai=True)
    at_scale(driver, 2.0)
    t = driver.scene
    assert t.hw >= small["hand card"]                          # fewer cards a row, not smaller ones
    hand = t.match.view(t.viewer).hand(t.viewer)
    n = len(hand)
    assert n >= 3
    t.hand_area.width = t.hw * 2 + t.hw // 2                 # room for one card a row (+ the arrows)
    t.hand_cols = 1
    t.hand_scroll.n = 0
    rects = t.hand_rects(n)
    shown = [r for r in rects if r.left > OFF_SCREEN // 2]
    assert t.hand_scroll.active and len(shown) == 2 and all(r.width == t.hw for r in shown)
    assert t.hand_scroll.offset == n - 2                       # the newest cards in view
    t.refresh()
    driver.key("left")
    assert t.hand_scroll.offset == n - 3
    in_view = [i for i, r in enumerate(t.hand_rects(n)) if r.left > OFF_SCREEN // 2]
    assert in_view == [n - 3, n - 2]                           # the window moved one card left
    for src in t.sources.values():                             # what can be picked up is in view
        if src.key[0] == "hand" and src.rect.left > OFF_SCREEN // 2:
            assert src.rect.colliderect(t.hand_area)


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640), (1920, 1080)])
def test_evons_grid_keeps_its_cell_as_the_interface_size_grows(driver, size):
    a, b, c = (card_sizes(driver, "evons", u, size) for u in (1.0, 1.5, 2.0))
    for name in ("grid cell", "hand card"):
        assert a[name] <= b[name] <= c[name], (name, a, b, c)
    if size == (1280, 720):
        assert a["grid cell"] >= 84                                # the floor at 1280x720
    t = driver.scene
    W, H = driver.app.size
    # 200 %: nothing outside the window, nothing on top of anything else
    parts = {"grid": t.grid_rect, "hand": t.hand_area, "chain": t.right_rect, "ticker": t.side.ticker_rect,
             "log button": driver.widget("log_toggle").rect, "top bar": t.top_rect,
             "opp panel": t.panel_rects["opp"], "prompt": t.prompt_rect, "my panel": t.panel_rects["me"]}
    parts.update({f"button {i}": b.rect for i, b in enumerate(t.chrome.action_widgets)})
    window = driver.pygame.Rect(0, 0, W, H)
    names = list(parts)
    for i, n in enumerate(names):
        assert window.contains(parts[n]), (n, parts[n])
        for m in names[i + 1:]:
            assert not parts[n].colliderect(parts[m]), (n, parts[n], m, parts[m])


def test_evons_log_folds_into_a_drawer_above_100_percent(driver):
    t = show_table(driver, "evons", game_session("evons", 3), _paused_ai=True)
    assert not t.side.compact and not t.log.hidden            # 100 %: the full log column
    at_scale(driver, 2.0)
    t = driver.scene
    driver.step(2)
    assert t.side.compact and t.log.hidden and t.side.ticker is not None
    assert t.side.ticker.entries[-1].text == t.log.entries[-1].text  # the newest line still reads
    assert t.side.ticker._surf is not None and t.side.ticker._surf.get_bounding_rect(min_alpha=250).height > 0
    toggle = driver.widget("log_toggle")
    assert toggle.text == "Log" and toggle.visible
    driver.key("l")
    assert not t.log.hidden and driver.widget("log_toggle").text == "Close log"
    r = t.log.rect
    assert r.colliderect(t.hand_area)                            # the drawer opens over the hand
    driver.step(2)
    assert t.log._surf.get_at(t.log._surf.get_rect().center).a == 255   # opaque over the hand
    assert not r.colliderect(driver.widget("log_toggle").rect)  # the button stays in reach
    assert all(not r.colliderect(b.rect) for b in t.chrome.action_widgets)
    for src in [s for s in t.sources.values() if r.collidepoint(s.rect.center)]:
        driver.move(src.rect.center)                             # a card under the drawer is not picked up
        driver.post(driver.pygame.MOUSEBUTTONDOWN, pos=src.rect.center, button=1, touch=False)
        driver.step()
        assert t.drag is None
        driver.post(driver.pygame.MOUSEBUTTONUP, pos=src.rect.center, button=1, touch=False)
        driver.step()
    driver.click("log_toggle")
    assert t.log.hidden and driver.widget("log_toggle").text == "Log"
