"""Sound effects: every effect is synthesised by code (short, not clipped, not
silent); under SDL's dummy audio driver the game stays quiet and never fails; the
table asks for the effect a player should hear (card played, turn start,
refusal, win); the Settings screen has a volume slider and a mute button that
are saved."""
import json

import pytest

from client.sound import EFFECTS, SoundBoard, synth
from client.settings import Settings

from support.helpers import ai_table, game_session
from support.paths import ROOT


def test_every_effect_is_short_audible_and_never_clips():
    for name in EFFECTS:
        x = synth(name, 22050)
        assert 0.05 <= len(x) / 22050 <= 1.0, name          # a short effect
        peak = max(abs(v) for v in x)
        assert 0.5 <= peak <= 0.95, name                    # audible, no clipping
    assert synth("hit") == synth("hit")                     # deterministic (no random)


def test_dummy_driver_is_quiet_and_records_what_would_be_heard(monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    sb = SoundBoard(Settings())
    sb.play("hit")
    sb.play("no such effect")                              # ignored, no error
    assert list(sb.heard) == ["hit"] and sb.why_silent == "dummy audio driver"


def test_mute_and_volume_set_the_loudness():
    s = Settings()
    sb = SoundBoard(s)
    s.volume = 0.4
    assert sb.volume == 0.4
    s.muted = True
    assert sb.volume == 0.0


def test_no_audio_device_never_breaks_the_game(monkeypatch):
    import pygame
    monkeypatch.setenv("SDL_AUDIODRIVER", "cardhall-no-such-driver")

    def refuse(*a, **k):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    sb = SoundBoard(Settings())
    sb.play("win")
    sb.play("loss")
    assert sb.why_silent.startswith("no audio") and list(sb.heard) == ["win", "loss"]


def test_settings_volume_slider_and_mute_are_saved(driver, tmp_path):
    driver.open("settings")
    sc = driver.scene
    sc.set_volume(0.3)
    assert driver.app.settings.volume == 0.3 and driver.app.sound.heard[-1] == "play"
    driver.click("muted")
    assert driver.app.settings.muted
    driver.click("done")
    data = json.loads((tmp_path / "config" / "settings.json").read_text())
    assert data["volume"] == 0.3 and data["muted"] is True


def test_table_plays_turn_start_card_played_refusal_and_win(driver):
    session = game_session("evons", 3, human=0)
    t = ai_table(driver, "evons", session, paused=True)
    heard = driver.app.sound.heard
    heard.clear()
    assert not t.perform((99, 99))                         # refused by the engine
    assert list(heard) == ["refusal"]
    heard.clear()
    t.perform(t.match.legal_actions()[0])                  # keep
    t.perform(t.match.legal_actions()[0], by_ai=True)      # the AI keeps: turn 1 starts
    driver.step(100)
    assert "turn" in heard
    heard.clear()
    t.perform(next(a for a in t.match.legal_actions() if a[0] == 2))   # a card picked …
    t.perform(next(a for a in t.match.legal_actions() if a[0] == 3))   # … and placed
    driver.step(100)
    assert "play" in heard
    heard.clear()
    t.ending.conceded = __import__("engine.core.match", fromlist=["Result"]).Result(0, "test")
    t.ending.show_game_over()
    assert list(heard) == ["win"]


def test_a_real_mixer_plays_every_effect(tmp_path):
    """SDL's disk audio driver stands in for a sound card: the mixer opens and every
    effect is made and played (in a separate process: the mixer is process-wide)."""
    import os
    import subprocess
    import sys
    code = ("import time\nfrom client.sound import SoundBoard, EFFECTS\nfrom client.settings import Settings\n"
            "sb = SoundBoard(Settings())\nfor n in EFFECTS: sb.play(n)\n"
            "print(sb._state, len(sb._sounds))\n")
    env = dict(os.environ, SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(tmp_path / "out.raw"),
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    p = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    if p.stdout.startswith("off"):
        import pytest
        pytest.skip("this SDL has no disk audio driver")
    assert p.stdout.split() == ["ready", str(len(EFFECTS))]


@pytest.mark.parametrize("game", ("everdawn", "evons", "essveil"))
def test_each_game_sounds_its_plays_fights_and_losses(driver, game):
    """Each game's table names the sounds of its own events: over a few random games a
    card played, a turn starting, a fight and a card lost are all heard."""
    import random
    t = ai_table(driver, game, game_session(game, 5, human=0), paused=True)
    cls = type(t.match)
    heard = set()
    for seed in range(1, 6):
        m = cls.new(t.session.record.decks, seed, None)
        rng = random.Random(seed)
        while m.result() is None and m.turn() < 40:
            for ev in m.apply(rng.choice(m.legal_actions())):
                effect = t.sound_of(ev, 0)
                if effect:
                    heard.add(effect)
    assert {"play", "turn"} <= heard
    assert heard & {"attack", "flip"} and heard & {"destroyed", "hit"}
