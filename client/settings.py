"""Player settings: one small JSON file in the user config directory.

A damaged or hand-edited file is set aside (renamed, never deleted) and the
defaults are used; :attr:`Settings.load_message` then says so, and the app shows
it once as a toast. Unknown keys are ignored; out-of-range values fall back to
their default one by one.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields

ANIMATION_SPEEDS = ("instant", "fast", "normal", "slow")
ANIMATION_FACTOR = {"instant": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}
DIFFICULTIES = ("easy", "normal", "hard")  # engine.ai.LEVELS
UI_SCALES = (0.75, 0.9, 1.0, 1.15, 1.3, 1.5, 2.0)
MAX_SETTINGS_BYTES = 16 * 1024


@dataclass
class Settings:
    ui_scale: float = 1.0
    fullscreen: bool = False
    animation_speed: str = "normal"
    volume: float = 0.7
    ai_difficulty: str = "normal"
    everdawn_turn_clock: bool = False
    show_hints: bool = True

    load_message = None  # set on the instance when the file had to be set aside

    # ------------------------------------------------------------ validation
    def _clean(self) -> None:
        d = Settings()
        if not isinstance(self.ui_scale, (int, float)) or isinstance(self.ui_scale, bool) \
                or not 0.5 <= float(self.ui_scale) <= 3.0:
            self.ui_scale = d.ui_scale
        self.ui_scale = float(self.ui_scale)
        if not isinstance(self.fullscreen, bool):
            self.fullscreen = d.fullscreen
        if self.animation_speed not in ANIMATION_SPEEDS:
            self.animation_speed = d.animation_speed
        if not isinstance(self.volume, (int, float)) or isinstance(self.volume, bool) \
                or not 0.0 <= float(self.volume) <= 1.0:
            self.volume = d.volume
        self.volume = float(self.volume)
        if self.ai_difficulty not in DIFFICULTIES:
            self.ai_difficulty = d.ai_difficulty
        if not isinstance(self.everdawn_turn_clock, bool):
            self.everdawn_turn_clock = d.everdawn_turn_clock
        if not isinstance(self.show_hints, bool):
            self.show_hints = d.show_hints

    @property
    def animation_factor(self) -> float:
        """Multiplier for animation durations; 0 means instant."""
        return ANIMATION_FACTOR[self.animation_speed]

    def to_json(self) -> dict:
        return {"format": "cardhall-settings", "version": 1, **asdict(self)}

    # ------------------------------------------------------------ files
    @classmethod
    def load(cls, path=None) -> "Settings":
        from engine.core.files import FileProblem, read_json, set_aside
        from .storage import settings_path
        path = path or settings_path()
        s = cls()
        if not path.exists():
            return s
        try:
            obj = read_json(path, MAX_SETTINGS_BYTES)
            if not isinstance(obj, dict) or obj.get("format") != "cardhall-settings":
                raise FileProblem(f"{path.name}: not a Cardhall settings file.", path)
        except FileProblem as e:
            moved = set_aside(path, "damaged")
            where = f" It was kept as {moved.name}." if moved else ""
            s.load_message = f"Your settings file could not be read ({e}); defaults are used.{where}"
            return s
        names = {f.name for f in fields(cls)}
        for k, v in obj.items():
            if k in names:
                setattr(s, k, v)
        s._clean()
        return s

    def save(self, path=None) -> None:
        from engine.core.files import atomic_write_json
        from .storage import settings_path
        atomic_write_json(path or settings_path(), self.to_json())
