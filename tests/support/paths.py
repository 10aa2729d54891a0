"""Where the tests find the project: ROOT (the checkout), TESTS (tests/)."""
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
