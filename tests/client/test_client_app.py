"""The Cardhall window: start-up, scenes, settings files and keyboard navigation,
driven through the real event loop with synthetic events (SDL dummy driver)."""
import json
import os
import subprocess
import sys

import pytest



@pytest.fixture
def driver(plain_driver):
    """This file's tests keep the default settings (conftest's ``driver`` sets the AI to easy)."""
    return plain_driver


def test_opens_title_at_1280x720_with_three_game_tiles(driver):
    driver.open("title")
    assert driver.app.screen.get_size() == (1280, 720)
    assert driver.scene.name == "title"
    for g in ("everdawn", "evons", "essveil"):
        assert f"play_{g}" in driver.scene.widgets


def test_every_button_tooltip_names_its_shortcut(driver):
    driver.open("title")
    for name in ("settings", "replays", "quit"):
        w = driver.widget(name)
        assert "shortcut:" in w.tool_tip_text


def test_settings_key_opens_settings_and_escape_closes(driver):
    driver.open("title")
    driver.key("s")
    assert driver.scene.name == "settings"
    driver.key("escape")
    assert driver.scene.name == "title"


def test_settings_changes_are_saved_atomically_under_cardhall_home(driver, tmp_path):
    driver.open("title")
    driver.key("s")
    driver.click("show_hints")
    path = tmp_path / "config" / "settings.json"
    data = json.loads(path.read_text())
    assert data["show_hints"] is False
    assert not list(path.parent.glob("*.tmp"))


def test_damaged_settings_file_is_set_aside_and_defaults_used(tmp_path):
    cfg = tmp_path / "config"
    cfg.mkdir()
    (cfg / "settings.json").write_text("{ not json")
    from client.devtools.testing import Driver
    d = Driver(tmp_path, animation=None)
    try:
        assert d.app.settings.ui_scale == 1.0
        assert d.app.settings.load_message and "could not be read" in d.app.settings.load_message
        assert any(p.name.startswith("settings.json.damaged") for p in cfg.iterdir())
        assert any("could not be read" in t.text for t in d.app.toasts)
    finally:
        d.close()


def test_out_of_range_setting_falls_back_to_its_default(tmp_path):
    from client.settings import Settings
    p = tmp_path / "s.json"
    p.write_text(json.dumps({"format": "cardhall-settings", "ui_scale": 99, "animation_speed": "warp",
                             "ai_difficulty": "hard"}))
    s = Settings.load(p)
    assert s.ui_scale == 1.0 and s.animation_speed == "normal" and s.ai_difficulty == "hard"


def test_window_resize_rebuilds_layout(driver):
    driver.open("title")
    before = driver.widget("quit").rect.copy()
    driver.resize(1920, 1080)
    assert driver.app.size == (1920, 1080)
    after = driver.widget("quit").rect
    assert after.width > before.width and after.bottom > before.bottom


def test_scene_list_and_screenshot_cli(tmp_path):
    env = dict(os.environ, CARDHALL_HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-m", "client", "--scene", "list"], capture_output=True, text=True,
                         env=env, timeout=60)
    assert out.returncode == 0 and "title" in out.stdout and "table" in out.stdout
    png = tmp_path / "t.png"
    out = subprocess.run([sys.executable, "-m", "client", "--screenshot", str(png), "--scene", "title",
                          "--size", "1024x600"], capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    import pygame
    img = pygame.image.load(str(png))
    assert img.get_size() == (1024, 600)


def test_hovering_a_button_shows_its_tooltip(driver):
    driver.open("title")
    driver.step(5)
    driver.move(driver.widget("settings").rect.center)
    driver.step(90)
    w = driver.widget("settings")
    assert w.tool_tip is not None and "shortcut" in w.tool_tip_text


def test_a_failing_screen_returns_to_the_title_with_a_crash_log(driver, tmp_path):
    driver.open("title")
    broken = driver.scene

    def boom(surf):
        raise RuntimeError("broken screen")
    broken.draw = boom
    driver.app.invalidate()  # the window is drawn only when something changed
    real_step, frames = driver.app.step, [0]

    def step(dt=None):  # let run() go for a few frames, then stop it
        frames[0] += 1
        if frames[0] > 5:
            driver.app.running = False
        return real_step(dt)
    driver.app.step = step
    assert driver.app.run() == 0
    assert driver.app.scenes.top is not broken and driver.app.scenes.top.name == "title"
    assert list((tmp_path / "data" / "logs").glob("crash-*.txt"))
    assert any("went wrong" in t.text for t in driver.app.toasts)


def test_tab_moves_keyboard_focus_and_enter_presses_it(driver):
    driver.open("title")
    driver.step(5)
    for _ in range(10):
        driver.key("tab")
        if driver.scene._focus is driver.widget("settings"):
            break
    assert driver.scene._focus is driver.widget("settings")
    driver.key("return")
    assert driver.scene.name == "settings"
