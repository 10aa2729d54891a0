"""Fixtures shared by the client tests: a real Cardhall window driven through its
event loop (client.devtools.testing.Driver) in a fresh CARDHALL_HOME under tmp_path.
Table / session setup helpers live in tests/support/helpers.py."""
import pytest


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
