"""F11 and the remembered window under the dummy driver: a held key (pygame's
repeats, a focus change while full screen comes and goes) toggles once, the
settings are written once per toggle, leaving full screen gives the window its
size back, and a remembered window is put back onto the displays."""


import pygame

from client.app import BOTTOM_ROOM, MIN_H, MIN_W, TOP_ROOM, remembered_geometry, window_room
from client.settings import Settings


def _key(driver, etype, key=pygame.K_F11):
    driver.post(etype, key=key, mod=0, unicode="", scancode=0)


def test_holding_f11_toggles_once_and_writes_the_settings_once(driver, monkeypatch):
    driver.open("title")
    saves = []
    real = driver.app.settings.save
    monkeypatch.setattr(driver.app.settings, "save", lambda *a, **k: (saves.append(1), real(*a, **k)))
    size = driver.app.size
    _key(driver, pygame.KEYDOWN)
    driver.step()
    for _ in range(5):  # the key repeats while held
        _key(driver, pygame.KEYDOWN)
        driver.step()
    # full screen took the keyboard away and gave it back: a KEYUP, then a fresh KEYDOWN
    _key(driver, pygame.KEYUP)
    driver.post(pygame.WINDOWFOCUSLOST)
    driver.post(pygame.WINDOWFOCUSGAINED)
    _key(driver, pygame.KEYDOWN)
    driver.step(2)
    assert driver.app.fullscreen and len(saves) == 1
    _key(driver, pygame.KEYUP)
    driver.step()
    driver.key("f11")  # released and pressed again: the next toggle
    assert not driver.app.fullscreen and len(saves) == 2
    assert driver.app.size == size


def test_a_held_escape_opens_the_pause_menu_once(driver):
    from engine.games import available_games
    if not available_games():
        return
    driver.open("table", game=available_games()[0])
    _key(driver, pygame.KEYDOWN, pygame.K_ESCAPE)
    driver.step()
    assert driver.scene.name == "pause"
    for _ in range(4):  # held: the repeats neither close it nor open another
        _key(driver, pygame.KEYDOWN, pygame.K_ESCAPE)
        driver.step()
    assert driver.scene.name == "pause" and len(driver.app.scenes.stack) == 2
    _key(driver, pygame.KEYUP, pygame.K_ESCAPE)
    driver.step()
    driver.key("escape")  # pressed again: back to the table
    assert driver.scene.name == "table"


def test_a_remembered_window_is_put_back_on_the_displays():
    st = Settings()
    st.window_size, st.window_pos = [1100, 650], [150, 130]
    assert remembered_geometry(st, None, [(1920, 1080)]) == ((1100, 650), (150, 130))
    # the second monitor is gone: back onto the first, whole, title bar reachable
    st.window_pos = [2500, -40]
    size, (x, y) = remembered_geometry(st, None, [(1920, 1080)])
    assert size == (1100, 650) and x == 1920 - 1100 and y == TOP_ROOM
    # a smaller screen now: no larger than it shows whole (and never below the smallest window)
    st.window_size, st.window_pos = [3000, 2000], [0, 0]
    assert remembered_geometry(st, None, [(1280, 800)])[0] == window_room(1280, 800)
    st.window_size = [200, 100]
    assert remembered_geometry(st, None, [(1280, 800)])[0] == (MIN_W, MIN_H)
    # --size wins over the remembered size; nothing remembered: centred on the first display
    assert remembered_geometry(Settings(), (1000, 600), [(1920, 1080)]) == \
        ((1000, 600), (460, TOP_ROOM + (window_room(1920, 1080)[1] - 600) // 2))


def test_a_window_opens_whole_on_the_display_it_is_on():
    """A 1920×1080 window on a 1920×1080 desktop opened partly off screen; the first
    window is sized to the display (16:9, most of it)."""
    for dw, dh in ((1280, 720), (1920, 1080), (2560, 1440)):
        rw, rh = window_room(dw, dh)
        for st_size, st_pos, given in ((None, None, None), ([dw, dh], [0, 0], None), (None, None, (dw, dh)),
                                       ([dw, dh], [dw // 2, dh // 2], None)):
            st = Settings()
            st.window_size, st.window_pos = st_size, st_pos
            (w, h), (x, y) = remembered_geometry(st, given, [(dw, dh)])
            if given is not None:        # --size: exactly that, whole on the display
                assert (w, h) == given and 0 <= x and x + w <= dw and 0 <= y and y + h <= dh, (dw, dh, x, y)
                continue
            assert 0 <= x and x + w <= dw and TOP_ROOM <= y and y + h <= dh - BOTTOM_ROOM + 0, (dw, dh, w, h, x, y)
            assert w >= min(MIN_W, rw) and h >= min(MIN_H, rh)
        (w, h), _ = remembered_geometry(Settings(), None, [(dw, dh)])
        assert w >= 0.8 * rw or h >= 0.8 * rh, (dw, dh, w, h)
        assert abs(w / h - 16 / 9) < 0.01
    # the second of two displays side by side: it stays there
    st = Settings()
    st.window_size, st.window_pos = [1920, 1080], [1920 + 100, 50]
    (w, h), (x, y) = remembered_geometry(st, None, [(1920, 1080), (2560, 1440)])
    assert 1920 <= x and x + w <= 1920 + 2560 and y + h <= 1440 - BOTTOM_ROOM and (w, h) == (1920, 1080)


def test_mistyped_window_settings_fall_back_to_unknown():
    st = Settings()
    st.window_size, st.window_pos = ["wide", 3], [1, 2, 3]
    notes = st._clean()
    assert st.window_size is None and st.window_pos is None and len(notes) == 2
