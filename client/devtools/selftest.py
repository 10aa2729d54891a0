"""``Cardhall --selftest`` and ``Cardhall --first-frame``: checks for a built executable.

``--selftest`` runs headless (SDL's dummy video and audio drivers) in a fresh
temporary user folder (``CARDHALL_HOME``), and checks, in order:

* resources: the bundled assets (fonts and their licences, theme, icon, rules
  pages), starter decks and pygame-gui's default fonts are where the program
  looks for them;
* card pools: every game's pool loads and its starter decks are legal;
* engine moves: a few legal moves in each game, one AI move, JSON round trip;
* user files: a deck saved to and listed from the user deck folder, settings
  saved and read back;
* scenes: one frame of every registered scene (per game where it needs one),
  not blank and without resource-loading warnings.

It prints one line per check and exits 0, or prints what failed and exits 1.
With ``CARDHALL_SELFTEST_LOG=PATH`` the same report is also written to PATH
(the Windows executable has no console to print to).

``--first-frame`` starts the program exactly as a double-click does, draws the
first frame of the title screen, prints ``first-frame <ms>`` and exits; the build
script times it from launch.
"""
from __future__ import annotations

import io
import os
import shutil
import sys
import tempfile
import time
import traceback
import warnings

SEED = 1
ENGINE_MOVES = 30
# pygame-gui's message when a font/image file is missing; in the executable that
# means a file was left out of the bundle.
MISSING_RESOURCE_WORDS = ("unable to load", "not found", "no such file", "failed to load")


class _Report:
    def __init__(self, out):
        self.out = out
        self.failed: list[str] = []
        self.count = 0

    def line(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def check(self, name: str, fn, *args):
        """Run ``fn(*args)``; it returns a short detail string (or a tuple (detail, value))."""
        self.count += 1
        t0 = time.perf_counter()
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                res = fn(*args)
            bad = [str(w.message) for w in caught
                   if any(k in str(w.message).lower() for k in MISSING_RESOURCE_WORDS)]
            if bad:
                raise AssertionError("; ".join(dict.fromkeys(bad)))
        except Exception as e:  # noqa: BLE001 - every failure is reported, then we go on
            self.failed.append(name)
            self.line(f"  FAIL  {name}: {type(e).__name__}: {e}")
            if not isinstance(e, AssertionError):  # a crash: say where
                for fr in traceback.extract_tb(e.__traceback__)[-3:]:
                    self.line(f"        at {fr.filename}:{fr.lineno} in {fr.name}")
            return None
        detail, value = res if isinstance(res, tuple) else (res, None)
        ms = (time.perf_counter() - t0) * 1000
        self.line(f"  ok    {name}{': ' + detail if detail else ''}  ({ms:.0f} ms)")
        return value


class _Tee(io.TextIOBase):
    def __init__(self, *streams):
        self.streams = [s for s in streams if s is not None]

    def write(self, text):
        for s in self.streams:
            s.write(text)
        return len(text)

    def flush(self):
        for s in self.streams:
            s.flush()


# ---------------------------------------------------------------- checks
def check_resources():
    from engine.core.paths import assets_dir, decks_dir, resource_root
    root = resource_root()
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen and os.path.abspath(frozen) != os.path.abspath(root):
        raise AssertionError(f"resources resolve to {root}, not the bundle {frozen}")
    assets = assets_dir()
    fonts = sorted(p.name for p in (assets / "fonts").glob("*") if p.suffix.lower() in (".ttf", ".otf"))
    if not fonts:
        raise AssertionError(f"no fonts in {assets / 'fonts'}")
    licences = [p.name for p in (assets / "fonts").iterdir()
                if p.suffix.lower() in (".txt", ".md") or "licen" in p.name.lower()]
    if not licences:
        raise AssertionError("font licence files are missing")
    from client.ui.theme import FALLBACK_FONT_FILES, fallback_file
    lost = [n for n in FALLBACK_FONT_FILES if n not in fonts]
    if lost or [fallback_file(ch) for ch in "火민🔥"] != list(FALLBACK_FONT_FILES):
        raise AssertionError(f"the fallback fonts (Chinese, Korean, emoji) are missing or unreadable: {lost}")
    missing = [n for n in ("theme.json", "icons/cardhall.png") if not (assets / n).is_file()]
    if missing:
        raise AssertionError(f"missing from assets: {', '.join(missing)}")
    if not decks_dir().is_dir():
        raise AssertionError(f"no starter deck folder at {decks_dir()}")
    from importlib import resources
    gui = resources.files("pygame_gui.data")
    for name in ("NotoSans-Regular.ttf", "FiraCode-Regular.ttf", "default_theme.json"):
        if not gui.joinpath(name).is_file():
            raise AssertionError(f"pygame-gui's {name} is missing")
    where = "bundle" if frozen else "source tree"
    return f"{len(fonts)} fonts, {len(licences)} licence files, from the {where}"


def check_pool(game: str):
    """The game's pool and starter decks; value True when the game can be played."""
    import importlib.util
    from engine.games import get_game
    if importlib.util.find_spec(f"engine.{game}") is None:
        return "not in this build", False
    try:
        spec = get_game(game)  # an import error here is a failure (e.g. a module left out)
    except AttributeError:
        return "engine without SPEC yet", False
    if not spec.cards:
        raise AssertionError("the card pool is empty")
    for c in spec.cards.values():
        for attr in ("id", "name", "kind", "text"):
            if not hasattr(c, attr):
                raise AssertionError(f"card {c!r} has no {attr}")
    decks = spec.starter_decks()
    if not decks:
        raise AssertionError("no starter decks")
    for d in decks:
        problems = spec.validate_deck(d)
        if problems:
            raise AssertionError(f"starter deck {d.name!r} is not legal: {problems[0]}")
    return f"{len(spec.cards)} cards, {len(decks)} legal starter decks", True


def check_card_art(game: str):
    """Every card of the pool maps to a vendored drawing, and each of them draws."""
    import pygame
    from engine.core import artmap
    from engine.games import get_game
    from client.cards import art
    cards = get_game(game).cards
    mapping = artmap.load(game)
    drawings = art.drawings()
    if not drawings:
        raise AssertionError("assets/art/game-icons.json is missing or empty")
    problems = artmap.problems(mapping, cards, drawings)
    if problems:
        raise AssertionError(problems[0])
    names = sorted({mapping[c].drawing for c in cards} | {artmap.back(game)} - {None})
    pygame.init()
    for n in names:
        img = art.silhouette(n, 32)
        if img is None or pygame.transform.average_color(img)[3] < 4:
            raise AssertionError(f"drawing {n!r} does not draw")
    return f"{len(cards)} cards, {len(names)} drawings draw"


def check_rules_page(game: str):
    from engine.core.paths import assets_dir
    page = assets_dir() / "rules" / f"{game}.md"
    if not page.is_file():
        raise AssertionError(f"assets/rules/{game}.md is missing")
    return f"{page.stat().st_size:,} bytes"


def check_moves(game: str, seed: int = SEED):
    import json
    from engine.core.rng import Rng
    from engine.games import get_game
    spec = get_game(game)
    decks = spec.starter_decks()
    m = spec.match_class.new((decks[0], decks[-1]), seed)
    rng = Rng(seed)
    moves = 0
    for _ in range(ENGINE_MOVES):
        if m.result() is not None:
            break
        legal = m.legal_actions()
        if not legal:
            raise AssertionError(f"no legal action after {moves} moves, but the game is not over")
        a = legal[rng.randrange(len(legal))]
        m.action_text(a)
        for ev in m.apply(a):
            m.event_text(ev)
        moves += 1
    ai = ""
    if m.result() is None:
        try:
            from engine.ai import make_agent
        except ImportError:
            ai = ", no AI in this build"
        else:
            a = make_agent("easy", seed=seed).choose(m)
            if tuple(a) not in {tuple(x) for x in m.legal_actions()}:
                raise AssertionError(f"the AI chose an illegal action {a!r}")
            m.apply(a)
            moves += 1
            ai = " incl. 1 AI move"
    back = type(m).from_json(json.loads(json.dumps(m.to_json())))
    if back != m:
        raise AssertionError("the match does not survive a JSON round trip")
    if m.clone() != m:
        raise AssertionError("a clone differs from the match")
    from engine.core.record import state_digest
    state_digest(m)  # hashing works in this build
    return f"{moves} moves{ai}, turn {m.turn()}"


def check_user_files(games, home: str):
    from pathlib import Path
    from engine.core.deck import Deck, save_deck
    from engine.games import get_game
    from client import storage
    from client.settings import Settings
    import platformdirs
    platformdirs.user_data_dir(storage.APP, appauthor=False)  # resolvable in this build
    game = games[0]
    base = get_game(game).starter_decks()[0]
    deck = Deck(game, "Selftest deck", base.cards, "written by --selftest")
    folder = storage.ensure(storage.user_decks_dir(game))
    if Path(home).resolve() not in folder.resolve().parents:
        raise AssertionError(f"the user deck folder {folder} is not in the temporary home {home}")
    path = folder / "selftest.json"
    save_deck(deck, path)
    found = [e for e in storage.list_decks(game, include_drafts=True, include_damaged=True)
             if not e.starter and e.path and Path(e.path).name == path.name]
    if not found or found[0].deck is None:
        raise AssertionError(f"the saved deck was not listed back ({found[0].problem if found else 'absent'})")
    if found[0].deck.cards != deck.cards or found[0].deck.name != deck.name:
        raise AssertionError("the deck read back differs from the one written")
    s = Settings.load()
    s.ui_scale = 1.15
    s.save()
    if Settings.load().ui_scale != 1.15:
        raise AssertionError("settings did not survive a save and load")
    return f"{game} deck and settings under a temporary home"


def scene_list(games):
    """(scene name, game or None) for every registered scene, per game where it needs one."""
    from client.scenes import SCENES
    out = []
    for name, info in SCENES.items():
        if info.needs_game:
            out.extend((name, g) for g in games)
        else:
            out.append((name, None))
    return out


def _not_blank(surface) -> bool:
    w, h = surface.get_size()
    seen = {tuple(surface.get_at((x, y)))[:3] for x in range(0, w, max(1, w // 40))
            for y in range(0, h, max(1, h // 24))}
    return len(seen) >= 3


def check_scene(app, name, game, seed=SEED):
    from client.devtools.headless import open_scene
    app.toasts.clear()
    open_scene(app, name, game, seed)
    app.step()
    if not app.running:
        raise AssertionError("the scene closed the program")
    if not _not_blank(app.screen):
        raise AssertionError("the frame is blank")
    errors = [t.text for t in app.toasts if t.kind == "error"]
    return f"error shown: {errors[0]}" if errors else ""


# ---------------------------------------------------------------- entry points
_HEADLESS_ENV = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def check_worker_process():
    """A worker process starts and answers (the review analyses a game in them): in the
    one-file executable a worker is the executable started again, which must do the work
    and not open a second window."""
    import multiprocessing as mp
    pool = mp.get_context("spawn").Pool(1)
    try:
        got = pool.apply_async(abs, (-7,)).get(timeout=60)
    finally:
        pool.terminate()
        pool.join()
    if got != 7:
        raise AssertionError(f"a worker process answered {got!r}")


def run_selftest(out=None, size=(1280, 720), seed: int = SEED) -> int:
    """Run every check; returns the exit code (0 all passed, 1 something failed)."""
    log_path = os.environ.get("CARDHALL_SELFTEST_LOG")
    log = open(log_path, "w", encoding="utf-8") if log_path else None
    out = _Tee(out or sys.stdout, log)
    rep = _Report(out)
    t0 = time.perf_counter()
    home = tempfile.mkdtemp(prefix="cardhall-selftest-")
    saved = {k: os.environ.get(k) for k in (*_HEADLESS_ENV, "CARDHALL_HOME")}
    os.environ.update(_HEADLESS_ENV, CARDHALL_HOME=home)
    try:
        import pygame
        where = "executable" if getattr(sys, "frozen", False) else "source"
        rep.line(f"Cardhall selftest ({where}; Python {sys.version.split()[0]}; "
                 f"pygame-ce {pygame.version.ver}; SDL {'.'.join(map(str, pygame.get_sdl_version()))})")
        from client.ui.gui_patches import version_note
        if version_note():
            rep.line(f"note: {version_note()}")
        rep.check("resources", check_resources)
        rep.check("worker process", check_worker_process)
        from engine.games import GAME_NAMES
        games = [g for g in GAME_NAMES if rep.check(f"{g}: card pool", check_pool, g)]
        for g in games:
            rep.check(f"{g}: rules page", check_rules_page, g)
            rep.check(f"{g}: engine moves", check_moves, g, seed)
            rep.check(f"{g}: card art", check_card_art, g)
        if games:
            rep.check("user files", check_user_files, games, home)
        app = rep.check("window", _open_window, size)
        if app is not None:
            for name, game in scene_list(games):
                label = f"scene {name}" + (f" [{game}]" if game else "")
                rep.check(label, check_scene, app, name, game, seed)
            # not pygame.quit(): run in-process (tests), the caller's cached fonts must stay valid
            app.quit()
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        shutil.rmtree(home, ignore_errors=True)
    dt = time.perf_counter() - t0
    if rep.failed:
        rep.line(f"selftest FAILED: {len(rep.failed)} of {rep.count} checks ({', '.join(rep.failed)}) "
                 f"in {dt:.1f} s")
    else:
        rep.line(f"selftest passed: {rep.count} checks in {dt:.1f} s")
    if log is not None:
        log.close()
    return 1 if rep.failed else 0


def _open_window(size):
    from client.app import App
    from client.settings import Settings
    settings = Settings()
    app = App(size, settings, fullscreen=False)
    app.fixed_dt = 1 / 60
    return f"{app.size[0]}x{app.size[1]}", app


def first_frame(size=(1280, 720), t0: float | None = None) -> int:
    """Start like a double-click, draw the title screen once, report, exit."""
    from client.app import App
    app = App(size)
    if t0 is not None:
        app.t0 = t0
    app.scenes.switch("title")
    app.step()
    print(f"first-frame {app.first_frame_ms:.0f} ms after Python started", flush=True)
    app.quit()
    import pygame
    pygame.quit()
    return 0


def _windows_console() -> None:
    """The windowed Windows executable starts without stdout; borrow the parent console."""
    if sys.platform != "win32" or sys.stdout is not None:
        return
    try:
        import ctypes
        if ctypes.windll.kernel32.AttachConsole(-1):
            sys.stdout = sys.stderr = open("CONOUT$", "w", encoding="utf-8")
            return
    except (OSError, AttributeError):
        pass
    sys.stdout = sys.stderr = open(os.devnull, "w", encoding="utf-8")


def selftest_main(args, t0: float | None = None) -> int:
    """Called from ``client.cli`` for ``--selftest`` / ``--first-frame``."""
    _windows_console()
    size = getattr(args, "size", None) or (1280, 720)
    if getattr(args, "first_frame", False):
        return first_frame(size, t0)
    return run_selftest(size=size, seed=getattr(args, "seed", SEED) or SEED)
