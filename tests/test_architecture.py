"""The code's arrangement (issue #39), checked on the real tree and on small trees broken on
purpose (so each check is seen to fail): no import circle (imports inside functions count),
nothing but the application's own modules directly under client/, no game named and no raw
action number tested in shared code beyond what is still listed here, the engine never
imports pygame, and ruff finds nothing."""
import shutil
import subprocess
import sys
import textwrap

import pytest

from support.codelayout import (CLIENT_ROOT_MODULES, client_root_strays, game_specifics, import_circles,
                                import_graph)
from support.paths import ROOT

#: shared modules that still name a game, with how many places: the games-as-plug-ins work
#: (issue #39 point 3) empties this; a new entry, or a higher count, fails the test
STILL_NAMING_GAMES = {
}


def _tree(tmp_path, files: dict[str, str]):
    for rel, text in files.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text), encoding="utf-8")
    for pkg in ("client", "engine"):
        (tmp_path / pkg).mkdir(exist_ok=True)
        (tmp_path / pkg / "__init__.py").touch()
    return tmp_path


def test_no_import_circles():
    assert import_circles(ROOT) == []


def test_a_circle_through_an_import_inside_a_function_is_found(tmp_path):
    root = _tree(tmp_path, {
        "client/parts/__init__.py": "",
        "client/parts/a.py": "from client.parts.b import thing\n",
        "client/parts/b.py": "def thing():\n    from client.parts import a\n    return a\n",
        "engine/x.py": "from . import y\n",
        "engine/y.py": "import engine.z\n",
        "engine/z.py": "def f():\n    from .x import g\n",
    })
    assert sorted(import_circles(root)) == [["client.parts.a", "client.parts.b"], ["engine.x", "engine.y", "engine.z"]]


def test_only_the_application_stands_directly_under_client(tmp_path):
    assert client_root_strays(ROOT) == []
    root = _tree(tmp_path, {f"client/{m}.py": "" for m in CLIENT_ROOT_MODULES} | {"client/old_screen.py": ""})
    assert client_root_strays(root) == ["old_screen"]


def test_shared_code_names_no_game_beyond_the_list():
    found = {rel: len(hits) for rel, hits in game_specifics(ROOT).items()}
    grown = {rel: (n, STILL_NAMING_GAMES.get(rel, 0)) for rel, n in found.items()
             if n > STILL_NAMING_GAMES.get(rel, 0)}
    assert not grown, f"shared code names a game or an action number (found, allowed): {grown}\n" \
                      f"{ {rel: game_specifics(ROOT)[rel] for rel in grown} }"


def test_a_game_name_or_an_action_number_in_shared_code_is_found(tmp_path):
    root = _tree(tmp_path, {
        "client/table/hint.py": 'def why(game, action):\n    """Everdawn is fine here."""\n'
                                '    if game == "essveil" and action[0] in (1, 2):\n        return "x"\n',
        "client/tables/evons/draw.py": 'GAME = "evons"\n',          # a game's own folder: allowed
        "engine/ai/tactics_everdawn.py": 'GAME = "everdawn"\n',     # the AI's knowledge of one game
    })
    hits = game_specifics(root)
    assert list(hits) == ["client/table/hint.py"]
    assert any("raw action number" in h for h in hits["client/table/hint.py"])
    assert any("'essveil'" in h for h in hits["client/table/hint.py"])


def test_the_engine_never_imports_pygame():
    graph_text = [p for p in (ROOT / "engine").rglob("*.py")
                  if "import pygame" in p.read_text(encoding="utf-8")]
    assert graph_text == []
    assert all(not m.startswith("client") for deps in
               (v for k, v in import_graph(ROOT).items() if k.startswith("engine")) for m in deps)


def _ruff():
    exe = shutil.which("ruff", path=str(__import__("pathlib").Path(sys.executable).parent)) or shutil.which("ruff")
    if exe is None:
        pytest.skip("ruff is not installed (pip install -e '.[dev]' brings it)")
    return exe


def test_ruff_finds_nothing():
    out = subprocess.run([_ruff(), "check", "--no-cache", "--output-format", "concise", "."], cwd=ROOT,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-1000:]


def test_ruff_finds_an_unused_name(tmp_path):
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "bad.py").write_text("import os\n\n\ndef f():\n    x = 1\n", encoding="utf-8")
    out = subprocess.run([_ruff(), "check", "--no-cache", "."], cwd=tmp_path, capture_output=True, text=True)
    assert out.returncode == 1 and "F401" in out.stdout and "F841" in out.stdout
