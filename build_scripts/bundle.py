"""What goes into the Cardhall executable, and what stays out.

Shared by ``cardhall.spec`` (PyInstaller) and the tests, so the list of bundled
files can be checked without running a build.

Inside the bundle the repository layout is kept: ``assets/``, ``decks/`` and
``engine/<game>/cards.toml`` sit at the same relative places under
``sys._MEIPASS`` as under the repository root, so ``engine.core.paths`` and the
game packages (which read their pool beside their own ``__file__``) find them
unchanged.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP_NAME = "Cardhall"
ICONS = ROOT / "assets" / "icons"

# Data folders copied whole (relative to ROOT), minus the patterns below.
DATA_DIRS = ("assets", "decks")
# Data files that live inside our Python packages (card pools and any other
# data a package reads beside its own __file__).
PACKAGE_DATA_SUFFIXES = (".toml", ".json", ".md", ".txt", ".png", ".ttf", ".otf")
PACKAGES = ("engine", "client")
SKIP_PARTS = {"__pycache__", "tests", "golden", ".pytest_cache"}
SKIP_SUFFIXES = {".pyc", ".pyo", ".bak", ".tmp"}
# Source-only icon formats: the window icon is cardhall.png; .ico/.icns go into the
# executable / app bundle metadata instead.
SKIP_FILES = {"assets/icons/cardhall-1024.png", "assets/icons/cardhall.ico",
              "assets/icons/cardhall.icns"}

# Modules the program never uses; PyInstaller would otherwise follow imports into
# them from the standard library or the dev tools installed in the same venv.
EXCLUDED_MODULES = [
    "tkinter", "_tkinter", "turtle", "turtledemo", "idlelib",
    "numpy", "PIL", "scipy", "matplotlib", "cv2", "IPython",
    "pytest", "_pytest", "hypothesis", "pluggy", "py", "iniconfig", "sortedcontainers",
    "PyInstaller", "altgraph", "setuptools", "pkg_resources", "_distutils_hack",
    "distutils", "lib2to3", "pydoc_data", "ensurepip", "venv", "test",
    "xmlrpc", "curses", "dbm", "pygments",
    # followed from pygame's .pyi stubs when typing_extensions is installed. Not used
    # at run time. (asyncio and sqlite3 ship: the app hosts and joins online matches;
    # multiprocessing ships: the review analyses a game in worker processes.)
    "typing_extensions",
    # OpenSSL (~5 MB): no networking; hashlib falls back to its built-in sha256
    "ssl", "_ssl", "_hashlib",
    # East Asian text codecs (files are UTF-8)
    "_multibytecodec", "_codecs_jp", "_codecs_kr", "_codecs_cn", "_codecs_hk", "_codecs_tw",
    "_codecs_iso2022",
    "pygame.tests", "pygame.examples", "pygame.docs", "pygame.camera",
    "pygame._camera_opencv", "pygame._camera_vidcapture", "pygame.midi", "pygame.pypm",
    "pygame.__briefcase", "pygame.__pyinstaller", "i18n.tests",
]

# Excluded although imported: the importer catches the ImportError and falls back.
EXCLUDED_WITH_FALLBACK = {"_hashlib"}  # hashlib -> its built-in _sha256 (checked by --selftest)

# pygame-gui bundles fonts for every script it supports (~40 MB of CJK, Arabic,
# Hebrew and Georgian). Cardhall's interface is English with its own fonts in
# assets/fonts, so only the default Latin NotoSans family and the FiraCode
# symbols font (both loaded by pygame-gui at start-up) and their licences stay.
PYGAME_GUI_FONTS_KEPT = {"NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf",
                         "NotoSans-BoldItalic.ttf", "FiraCode-Regular.ttf"}
PYGAME_GUI_TRANSLATIONS_KEPT = {"__init__.py", "pygame-gui.en.json"}


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _wanted(path: Path) -> bool:
    rel = _rel(path)
    return (path.is_file() and not (set(path.relative_to(ROOT).parts) & SKIP_PARTS)
            and path.suffix not in SKIP_SUFFIXES and rel not in SKIP_FILES
            and not path.name.startswith("."))


def project_datas() -> list[tuple[str, str]]:
    """(source file, destination folder in the bundle) for all our data files."""
    out = []
    for d in DATA_DIRS:
        for p in sorted((ROOT / d).rglob("*")):
            if _wanted(p):
                out.append((str(p), p.parent.relative_to(ROOT).as_posix()))
    for pkg in PACKAGES:
        for p in sorted((ROOT / pkg).rglob("*")):
            if p.suffix in PACKAGE_DATA_SUFFIXES and _wanted(p):
                out.append((str(p), p.parent.relative_to(ROOT).as_posix()))
    return out


def pygame_gui_extras() -> list[tuple[str, str]]:
    """pygame-gui's font licence files (its own PyInstaller hook leaves them out)."""
    try:
        import pygame_gui.data as d
    except ImportError:
        return []
    lic = Path(d.__file__).parent / "licenses"
    return [(str(p), "pygame_gui/data/licenses") for p in sorted(lic.glob("*")) if p.is_file()]


def keep_data(dest: str) -> bool:
    """Filter for PyInstaller's collected data (``dest`` is the path inside the bundle)."""
    dest = dest.replace("\\", "/")
    name = dest.rsplit("/", 1)[-1]
    if dest.startswith("pygame_gui/data/translations/"):
        return name in PYGAME_GUI_TRANSLATIONS_KEPT
    if dest.startswith("pygame_gui/data/") and name.endswith((".ttf", ".otf")):
        return name in PYGAME_GUI_FONTS_KEPT
    if dest.startswith(("pygame/docs/", "pygame/examples/", "pygame/tests/")):
        return False
    return True


def icon_for_platform(platform: str = sys.platform) -> str | None:
    """The app icon PyInstaller embeds (ICO on Windows, ICNS on macOS, none on Linux)."""
    if platform.startswith("win"):
        p = ICONS / "cardhall.ico"
    elif platform == "darwin":
        p = ICONS / "cardhall.icns"
    else:
        return None
    return str(p) if p.exists() else None


def version() -> str:
    import tomllib
    with open(ROOT / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)["project"]["version"]
