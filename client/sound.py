"""Short sound effects, synthesised by code (no sound files, nothing fetched).

``app.sound.play("hit")`` plays one of :data:`EFFECTS`. The mixer is opened on the
first play; when it can't be (no audio device, SDL's dummy audio driver, a broken
driver) every call is a quiet no-op — sound never stops the game. Volume and mute
come from the settings (``volume``, ``muted``) at each play.

The effects are made once, in a background thread when the mixer opens (or at
an effect's first play if that comes sooner, about 10 ms), from
sine / square / noise partials with short attack–decay envelopes, as 16-bit
samples in the mixer's own format. :attr:`SoundBoard.heard` keeps the names of
the last effects asked for (tests read it; it is filled even when silent).
"""
from __future__ import annotations

import math
import os
from array import array
from collections import deque

#: effect name -> what a player hears it for
EFFECTS = {
    "play": "a card is played",
    "attack": "an attack is declared or strikes",
    "hit": "damage lands",
    "destroyed": "a card is destroyed",
    "flip": "a card flips or changes hands",
    "reveal": "a hidden card is revealed",
    "turn": "a turn starts",
    "win": "you win",
    "loss": "you lose",
    "refusal": "a move is refused",
}


def _tone(t, f, shape="sine"):
    x = (t * f) % 1.0
    if shape == "square":
        return 1.0 if x < 0.5 else -1.0
    if shape == "tri":
        return 4 * abs(x - 0.5) - 1.0
    return math.sin(2 * math.pi * x)


def _noise_seq(n, seed=12345):
    """Deterministic white noise in [-1, 1] (a small LCG, no ``random``)."""
    out = []
    s = seed
    for _ in range(n):
        s = (s * 1103515245 + 12345) & 0x7FFFFFFF
        out.append((s / 0x3FFFFFFF) - 1.0)
    return out


def _env(t, dur, attack=0.005):
    if t < attack:
        return t / attack
    return max(0.0, 1.0 - (t - attack) / max(1e-6, dur - attack)) ** 2


def synth(name: str, rate: int = 22050) -> list[float]:
    """The samples of effect ``name`` in [-1, 1] at ``rate`` Hz (mono)."""
    notes = []   # (start, dur, f0, f1, shape, gain)
    noise = []   # (start, dur, gain, smooth)
    if name == "play":
        notes = [(0, 0.10, 260, 180, "sine", 0.6)]
        noise = [(0, 0.05, 0.25, 0.8)]
    elif name == "attack":
        noise = [(0, 0.20, 0.5, 0.55)]
        notes = [(0, 0.18, 300, 520, "tri", 0.25)]
    elif name == "hit":
        notes = [(0, 0.16, 120, 70, "sine", 0.9)]
        noise = [(0, 0.06, 0.5, 0.5)]
    elif name == "destroyed":
        notes = [(0, 0.38, 420, 110, "square", 0.22), (0, 0.38, 210, 60, "sine", 0.5)]
        noise = [(0.02, 0.3, 0.3, 0.3)]
    elif name == "flip":
        notes = [(0, 0.07, 600, 950, "tri", 0.5)]
        noise = [(0, 0.02, 0.3, 0.2)]
    elif name == "reveal":
        notes = [(0, 0.25, 784, 784, "sine", 0.35), (0.06, 0.25, 988, 988, "sine", 0.3),
                 (0.12, 0.25, 1175, 1175, "sine", 0.25)]
    elif name == "turn":
        notes = [(0, 0.22, 660, 660, "sine", 0.45), (0.11, 0.3, 880, 880, "sine", 0.45)]
    elif name == "win":
        notes = [(i * 0.12, 0.3 if i < 3 else 0.5, f, f, "tri", 0.45)
                 for i, f in enumerate((523, 659, 784, 1047))]
    elif name == "loss":
        notes = [(i * 0.16, 0.3 if i < 2 else 0.55, f, f, "sine", 0.45)
                 for i, f in enumerate((440, 370, 294))]
    elif name == "refusal":
        notes = [(0, 0.07, 150, 150, "square", 0.3), (0.1, 0.08, 130, 130, "square", 0.3)]
    else:
        raise KeyError(name)
    total = max([s + d for s, d, *_ in notes] + [s + d for s, d, *_ in noise] + [0.05])
    n = int(total * rate) + 1
    buf = [0.0] * n
    for start, dur, f0, f1, shape, gain in notes:
        i0 = int(start * rate)
        m = min(n - i0, int(dur * rate))
        phase = 0.0
        for i in range(m):
            t = i / rate
            f = f0 + (f1 - f0) * (i / max(1, m))
            phase += f / rate
            buf[i0 + i] += gain * _env(t, dur) * _tone(phase, 1.0, shape)
    for start, dur, gain, smooth in noise:
        i0 = int(start * rate)
        m = min(n - i0, int(dur * rate))
        prev = 0.0
        for i, x in enumerate(_noise_seq(m, seed=7 + i0)):
            prev = prev * smooth + x * (1 - smooth)  # one-pole low-pass: softer noise
            buf[i0 + i] += gain * 2 * _env(i / rate, dur) * prev
    peak = max(1e-6, max(abs(x) for x in buf))
    k = 0.85 / peak   # every effect as loud: the volume slider sets the level
    return [x * k for x in buf]


def _pcm(samples, channels) -> bytes:
    a = array("h", (int(max(-1.0, min(1.0, x)) * 32000) for x in samples))
    if channels > 1:
        b = array("h")
        for x in a:
            b.extend([x] * channels)
        a = b
    return a.tobytes()


class SoundBoard:
    """The app's effects player (``app.sound``)."""

    def __init__(self, settings):
        self.settings = settings
        self.heard: deque = deque(maxlen=64)
        self._state = "closed"   # closed -> ready | off
        self._sounds: dict = {}
        self._pcm: dict = {}
        self.why_silent = None

    # ------------------------------------------------------------ mixer
    def _open(self) -> bool:
        if self._state == "ready":
            return True
        if self._state == "off":
            return False
        self._state = "off"
        if os.environ.get("SDL_AUDIODRIVER", "").lower() == "dummy" or os.environ.get("CARDHALL_NO_SOUND"):
            self.why_silent = "dummy audio driver"
            return False
        try:
            import pygame
            if not pygame.mixer.get_init():
                pygame.mixer.pre_init(22050, -16, 1, 512)
                pygame.mixer.init()
            init = pygame.mixer.get_init()
            if not init:
                self.why_silent = "no audio device"
                return False
            rate, size, channels = init
            if abs(size) != 16:
                self.why_silent = f"{size}-bit mixer"
                return False
            self._fmt = (rate, channels)
            self._pcm = {}
            import threading

            def prepare():   # the samples of every effect, off the main loop (pure Python, ~0.1 s)
                for name in EFFECTS:
                    if name not in self._pcm:
                        self._pcm[name] = _pcm(synth(name, rate), channels)
            threading.Thread(target=prepare, name="cardhall-sounds", daemon=True).start()
        except Exception as e:  # noqa: BLE001 - no device / driver trouble: stay quiet
            self.why_silent = f"no audio ({e})"
            self._sounds = {}
            return False
        self._state = "ready"
        return True

    @property
    def volume(self) -> float:
        s = self.settings
        if getattr(s, "muted", False):
            return 0.0
        try:
            return max(0.0, min(1.0, float(getattr(s, "volume", 0.7))))
        except (TypeError, ValueError):
            return 0.0

    def play(self, name: str) -> None:
        """Play effect ``name`` (unknown names and every failure are ignored)."""
        if name not in EFFECTS:
            return
        self.heard.append(name)
        vol = self.volume
        if vol <= 0 or not self._open():
            return
        try:
            snd = self._sounds.get(name)
            if snd is None:   # made at its first use (about 10 ms), kept after
                import pygame
                rate, channels = self._fmt
                data = self._pcm.get(name) or _pcm(synth(name, rate), channels)
                snd = self._sounds[name] = pygame.mixer.Sound(buffer=data)
            if snd is not None:
                snd.set_volume(vol)
                snd.play()
        except Exception:  # noqa: BLE001 - never let a sound break the game
            pass


class _Quiet:
    """Stand-in when an app has no sound board (old tests, tools)."""

    heard: deque = deque(maxlen=1)

    def play(self, name):
        pass


QUIET = _Quiet()


def board(app):
    """``app.sound`` if the app has one, else a quiet stand-in."""
    return getattr(app, "sound", None) or QUIET
