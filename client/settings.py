"""Player settings: one small JSON file in the user config directory.

A damaged file (truncated, not JSON, not a settings file, over 16 KB) is set
aside (renamed, never deleted) and the defaults are used;
:attr:`Settings.load_message` then says so, and the app shows it once as a
toast. Unknown keys are ignored; mistyped or out-of-range values fall back to
their default one by one: :attr:`Settings.value_message` names them (the title
screen shows it once) and a copy of the file as it was is kept beside it.
"""
from __future__ import annotations

import functools
from dataclasses import asdict, dataclass, fields
from typing import NamedTuple

ANIMATION_SPEEDS = ("instant", "fast", "normal", "slow")
ANIMATION_FACTOR = {"instant": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}
DIFFICULTIES = ("easy", "normal", "hard")  # engine.ai.LEVELS
UI_SCALES = (0.75, 0.9, 1.0, 1.15, 1.3, 1.5, 2.0)
MAX_SETTINGS_BYTES = 16 * 1024


class GameSetting(NamedTuple):
    """An on/off setting of one game's own, declared by its client package
    (``client/tables/<game>/__init__.py``: ``SETTINGS``) and stored in the same file."""
    name: str
    label: str
    tip: str
    default: bool = False
    game: str = ""


@functools.cache
def game_settings() -> dict[str, GameSetting]:
    """Every game's own settings by name, in the games' order."""
    from client.tables import game_package
    from engine.games import GAME_NAMES
    out = {}
    for g in GAME_NAMES:
        for row in getattr(game_package(g), "SETTINGS", ()):
            gs = GameSetting(*row, game=g)
            out[gs.name] = gs
    return out


@dataclass
class Settings:
    ui_scale: float = 1.0
    fullscreen: bool = False
    animation_speed: str = "normal"
    volume: float = 0.7
    muted: bool = False
    ai_difficulty: str = "normal"
    show_hints: bool = True
    #: the window when last windowed: [width, height] and [x, y] on the desktop (None: not known yet);
    #: ``fullscreen`` says whether it was full screen. Written once the window settles, clamped
    #: to a visible display when read back (see client.app)
    window_size: list | None = None
    window_pos: list | None = None

    # each game's own settings (game_settings()) are read and set as attributes too

    def __getattr__(self, name):
        gs = game_settings().get(name)
        if gs is None or name.startswith("_"):
            raise AttributeError(name)
        return self.__dict__.setdefault("_games", {}).get(name, gs.default)

    def __setattr__(self, name, value):
        if name in game_settings():
            self.__dict__.setdefault("_games", {})[name] = value
        else:
            object.__setattr__(self, name, value)

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
        flag("show_hints")
        for name in game_settings():
            flag(name)

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
        return {"format": "cardhall-settings", "version": 1, **self.values()}

    # ------------------------------------------------------------ files
    @classmethod
    def load(cls, path=None) -> "Settings":
        from engine.core.files import FileProblem, read_json, remove_stale_temp_files, set_aside
        from client.storage import settings_path
        path = path or settings_path()
        s = cls()
        s._base = s.values()
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
        names = _names()
        for k, v in obj.items():
            if k in names:
                setattr(s, k, v)
        notes = s._clean()
        s._base = s.values()
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

    def values(self) -> dict:
        """Every setting's value now (copies: a later change does not alter it)."""
        out = {k: (list(v) if isinstance(v, list) else v) for k, v in asdict(self).items()}
        out.update((name, getattr(self, name)) for name in game_settings())
        return out

    def save(self, path=None) -> None:
        """Write the settings. Several copies of Cardhall may run at once on one settings
        file: under a short lock the file is read as it is now, and only the settings this
        copy changed since it read or wrote it are written over it (each copy's change is
        kept; a damaged file on disk is left to :meth:`load` and simply replaced)."""
        from engine.core.files import atomic_write_json, file_lock
        from client.storage import settings_path
        path = path or settings_path()
        base = self.__dict__.get("_base")
        with file_lock(path):
            out = self.to_json()
            disk = _on_disk(path) if base is not None else None
            if disk is not None:
                for k, v in self.values().items():
                    if base.get(k) == v and k in disk:   # not changed here: what is on disk stands
                        out[k] = disk[k]
            atomic_write_json(path, out)
        self._base = self.values()


def _on_disk(path) -> dict | None:
    """The settings file's values as they are now (each checked as :meth:`Settings.load`
    does; a value that is wrong is left out), or None if it cannot be read. Changes nothing."""
    from engine.core.files import FileProblem, read_json
    try:
        obj = read_json(path, MAX_SETTINGS_BYTES)
    except (FileProblem, OSError):
        return None
    if not isinstance(obj, dict) or obj.get("format") != "cardhall-settings":
        return None
    s = Settings()
    names = _names()
    given = [k for k in obj if k in names]
    for k in given:
        setattr(s, k, obj[k])
    s._clean()
    vals = s.values()
    return {k: vals[k] for k in given if vals[k] == obj[k]}


def _names() -> set[str]:
    """The keys a settings file may hold."""
    return {f.name for f in fields(Settings)} | set(game_settings())


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
