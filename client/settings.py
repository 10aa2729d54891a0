"""Player settings: one small JSON file in the user config directory.

A damaged file (truncated, not JSON, not a settings file, over 16 KB) is set
aside (renamed, never deleted) and the defaults are used;
:attr:`Settings.load_message` then says so, and the app shows it once as a
toast. Unknown keys are ignored; mistyped or out-of-range values fall back to
their default one by one: :attr:`Settings.value_message` names them (the title
screen shows it once) and a copy of the file as it was is kept beside it.
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
    muted: bool = False
    ai_difficulty: str = "normal"
    everdawn_turn_clock: bool = False
    show_hints: bool = True
    #: the window when last windowed: [width, height] and [x, y] on the desktop (None: not known yet);
    #: ``fullscreen`` says whether it was full screen. Written once the window settles, clamped
    #: to a visible display when read back (see client.app)
    window_size: list | None = None
    window_pos: list | None = None

    load_message = None  # set on the instance when the file had to be set aside
    value_message = None  # set when some values were reset to their defaults (file kept)

    # ------------------------------------------------------------ validation
    def _clean(self) -> list[str]:
        """Put every out-of-range or mistyped value back to its default; returns
        one short note per value that was reset."""
        d = Settings()
        notes = []

        def number(name, lo, hi):
            v = getattr(self, name)
            # compare before converting: float() of a 400-digit integer overflows
            ok = isinstance(v, (int, float)) and not isinstance(v, bool) and lo <= v <= hi
            if not ok:
                notes.append(f"{name} must be a number from {lo:g} to {hi:g}")
                v = getattr(d, name)
            setattr(self, name, float(v))

        def flag(name):
            if not isinstance(getattr(self, name), bool):
                notes.append(f"{name} must be true or false")
                setattr(self, name, getattr(d, name))

        def choice(name, allowed):
            v = getattr(self, name)
            if not isinstance(v, str) or v not in allowed:
                notes.append(f"{name} must be one of {', '.join(allowed)}")
                setattr(self, name, getattr(d, name))

        number("ui_scale", 0.5, 3.0)
        flag("fullscreen")
        choice("animation_speed", ANIMATION_SPEEDS)
        number("volume", 0.0, 1.0)
        flag("muted")
        choice("ai_difficulty", DIFFICULTIES)
        flag("everdawn_turn_clock")
        flag("show_hints")

        def pair(name, lo, hi):
            v = getattr(self, name)
            if v is None:
                return
            ok = isinstance(v, (list, tuple)) and len(v) == 2 and all(
                isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi for x in v)
            if not ok:
                notes.append(f"{name} must be two whole numbers from {lo} to {hi}")
                v = None
            setattr(self, name, None if v is None else [int(v[0]), int(v[1])])
        pair("window_size", 100, 100_000)
        pair("window_pos", -100_000, 100_000)
        return notes

    @property
    def animation_factor(self) -> float:
        """Multiplier for animation durations; 0 means instant."""
        return ANIMATION_FACTOR[self.animation_speed]

    def to_json(self) -> dict:
        return {"format": "cardhall-settings", "version": 1, **asdict(self)}

    # ------------------------------------------------------------ files
    @classmethod
    def load(cls, path=None) -> "Settings":
        from engine.core.files import FileProblem, read_json, remove_stale_temp_files, set_aside
        from client.storage import settings_path
        path = path or settings_path()
        s = cls()
        remove_stale_temp_files(path.parent)  # of saves interrupted over an hour ago
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
        notes = s._clean()
        if notes:
            # the file is still used; a copy of it is kept as it was (the next save rewrites it)
            kept = _keep_copy(path)
            where = f" The file as it was is kept as {kept.name}." if kept else ""
            if kept is not None:
                try:
                    s.save(path)  # so the next start does not reset (and copy) again
                except (OSError, FileProblem):
                    pass
            s.value_message = (f"Some settings were not understood and are back to their defaults "
                               f"({'; '.join(notes)}).{where}")
        return s

    def save(self, path=None) -> None:
        from engine.core.files import atomic_write_json
        from client.storage import settings_path
        atomic_write_json(path or settings_path(), self.to_json())


def _keep_copy(path):
    """Copy ``path`` to ``NAME.reset-TIMESTAMP`` beside it (unchanged); None on failure."""
    import time
    from pathlib import Path
    from engine.core.files import atomic_write_bytes, read_capped_bytes, unused_path, FileProblem
    path = Path(path)
    target = unused_path(path.parent, f"{path.name}.reset-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        atomic_write_bytes(target, read_capped_bytes(path, MAX_SETTINGS_BYTES))
    except (OSError, FileProblem):
        return None
    return target
