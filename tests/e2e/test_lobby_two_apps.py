"""Two copies of the app (two processes, each its own user folder, each driven through
its window: tests/support/lobby_app_copy.py) find each other through the lobby of a standalone
server (``python -m engine serve``, on SQLite and on PostgreSQL) — by quick match, and by
a private code — play the match out, and agree on how it ended and on the new ratings.
Every game is played out at least once."""
from __future__ import annotations

from support.paths import TESTS
import itertools
import json
import os
import subprocess
import sys

import pytest

ROOT = TESTS.parent
_DBS = itertools.count()


@pytest.fixture
def server(tmp_path, request):
    """A standalone server on the database the test names (``backend``: sqlite or postgresql)."""
    backend = getattr(request, "param", "sqlite")
    if backend == "postgresql":
        db = request.getfixturevalue("pg_cluster").new_database(f"lobby{next(_DBS)}")
    else:
        db = str(tmp_path / "community.sqlite3")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.Popen([sys.executable, "-m", "engine", "serve", "--port", "0", "--quiet", "--sync", "normal",
                          "--db", db], cwd=str(ROOT), env=env,
                         stdout=subprocess.PIPE, text=True)
    try:
        line = p.stdout.readline()
        assert line.startswith("listening "), line
        yield int(line.split()[1])
    finally:
        p.terminate()
        try:
            p.wait(10)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait(5)


def copy(tmp_path, port, name, game, mode, seed):
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + str(ROOT / "tests"))
    home = tmp_path / f"home-{name}"
    return subprocess.Popen([sys.executable, str(ROOT / "tests" / "support" / "lobby_app_copy.py"), str(home), str(port), name,
                             game, mode, str(seed)], cwd=str(ROOT), env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def finish(p) -> dict:
    try:
        out, err = p.communicate(timeout=300)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
    done = [ln for ln in out.splitlines() if ln.startswith("done ")]
    assert p.returncode == 0 and done, (out[-2000:], err[-2000:])
    return json.loads(done[-1][5:])


def check_pair(a, b):
    assert a["winner"] == b["winner"] and a["reason"] == b["reason"] and a["actions"] == b["actions"]
    assert {a["seat"], b["seat"]} == {0, 1}
    w = a["winner"]
    if w is None:
        assert a["rating"] == b["rating"] == 1500
    else:
        won, lost = (a, b) if a["seat"] == w else (b, a)
        assert (won["rating"], lost["rating"]) == (1662, 1338)


#: each game played out once, each way of meeting and each database at least once
QUICK = [("everdawn", "sqlite"), ("evons", "postgresql")]
PRIVATE = [("essveil", "sqlite"), ("everdawn", "postgresql")]


@pytest.mark.parametrize("game,server", QUICK, indirect=["server"])
def test_two_app_copies_meet_by_quick_match(game, server, tmp_path):
    ann = copy(tmp_path, server, "Ann", game, "quick", 1)
    bo = copy(tmp_path, server, "Bo", game, "quick", 2)
    a, b = finish(ann), finish(bo)
    check_pair(a, b)
    assert sorted(a["names"]) == ["Ann", "Bo"]


@pytest.mark.parametrize("game,server", PRIVATE, indirect=["server"])
def test_two_app_copies_meet_by_a_private_code(game, server, tmp_path):
    ann = copy(tmp_path, server, "Ann", game, "private", 3)
    code = None
    for line in ann.stdout:          # the host's copy says the code once the match waits
        if line.startswith("code "):
            code = line.split()[1]
            break
    assert code, ann.communicate(timeout=10)
    bo = copy(tmp_path, server, "Bo", game, f"join:{code}", 4)
    a, b = finish(ann), finish(bo)
    check_pair(a, b)
    assert a["names"] == b["names"] == ["Ann", "Bo"]
