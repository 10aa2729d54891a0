"""What every test shares.

* SDL's dummy video and audio drivers (no window, no sound card; the Xvfb tests give their
  child processes a display of their own);
  a temporary ``CARDHALL_HOME`` for the whole run, so no test touches the real user folders.
* Fixtures: ``db_url`` (each test run on SQLite and on a PostgreSQL the tests start, once a
  session: :mod:`support.pg_backend`), ``display`` (a tiny pygame display, for drawing tests), ``plain_driver`` and
  ``driver`` (the real Cardhall window driven through its event loop,
  :class:`client.devtools.testing.Driver`), ``home`` (a fresh ``CARDHALL_HOME`` of the test's own),
  ``watchdog`` (a hang fails the test instead of stopping the run).
* Markers, set from where a test lives: ``gui`` (tests/client, tests/e2e: they open a pygame
  window), ``xvfb`` (a real X window), ``slow`` (tests/e2e and those marked by hand).
  ``pytest -m "not gui"`` runs the engine, AI, network and file tests alone;
  ``-m "not gui and not slow"`` also leaves out the thousand-game sweeps and the
  searches at every level.

Helpers (tables, sessions, the toy game, servers) live in tests/support/."""
import os
import signal
import tempfile

import pytest

from support.pg_backend import backend, db_url, pg_cluster  # noqa: F401 - fixtures: SQLite and PostgreSQL

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# no window and no sound card for any test, unless a test (the Xvfb ones) gives its child a display of its own
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

if "CARDHALL_HOME" not in os.environ:
    os.environ["CARDHALL_HOME"] = tempfile.mkdtemp(prefix="cardhall-tests-")


def pytest_collection_modifyitems(config, items):
    for item in items:
        parts = item.path.relative_to(config.rootpath).parts
        if len(parts) > 1 and parts[1] in ("client", "e2e"):
            item.add_marker(pytest.mark.gui)
        if "xvfb" in item.path.name:
            item.add_marker(pytest.mark.xvfb)
        if len(parts) > 1 and parts[1] == "e2e":
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="module")
def display():
    """A 64×64 pygame display with fonts, for tests that draw surfaces."""
    import pygame
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    yield
    pygame.display.quit()


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh, empty ``CARDHALL_HOME`` for this test; its path."""
    path = tmp_path / "home"
    path.mkdir()
    monkeypatch.setenv("CARDHALL_HOME", str(path))
    return path


@pytest.fixture
def plain_driver(tmp_path):
    """The window with its default settings."""
    from client.devtools.testing import Driver
    d = Driver(tmp_path)
    yield d
    d.close()


@pytest.fixture
def driver(plain_driver):
    """The window with the AI on "easy" (quick answers)."""
    plain_driver.app.settings.ai_difficulty = "easy"
    return plain_driver


#: wall-clock seconds (a blocking read uses no CPU, so no CPU timer would catch it); generous:
#: on a loaded 2-core machine the deck-builder case alone took 30 s, and a hang is for ever
HANG_SECONDS = 150


class Hang(BaseException):
    """Not an Exception: the program's own ``except Exception`` must not swallow it."""


@pytest.fixture
def watchdog():
    """Fail (instead of waiting for ever) when the program stops answering: SIGALRM
    after HANG_SECONDS, and again every 2 s should anything swallow the first."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def hang(*_):
        raise Hang(f"hang: no answer within {HANG_SECONDS} s (a blocking read?)")

    old = signal.signal(signal.SIGALRM, hang)
    signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS, 2)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
