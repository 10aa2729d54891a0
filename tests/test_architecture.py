"""The code's arrangement (issue #39), checked on the real tree and on small trees broken on
purpose (so each check is seen to fail): no import circle (imports inside functions count),
nothing but the application's own modules directly under client/, no game named and no raw
action number tested in shared code beyond what is still listed here, the client reads no
event by position (``v = m.event(e)``, ``v.player``), no module passes on a name it imports
(a re-export shim), the engine never imports pygame, ruff finds nothing, and a game's table
stays its own classes over the scene (its parts are objects it holds, not mixins) with no
attribute of the table probed by ``getattr``."""
import ast
import shutil
import subprocess
import sys
import textwrap

import pytest

from support.codelayout import (CLIENT_ROOT_MODULES, client_root_strays, game_specifics, import_circles,
                                import_graph, reexports)
from engine.games import GAME_NAMES
from support.paths import ROOT

#: the classes of the framework a game's ``Table`` inherits: the scene, the hooks'
#: defaults, the screen (everything else of the framework is a part the scene holds)
TABLE_FRAMEWORK = frozenset({"client.table.scene.TableScene", "client.table.hooks.TableHooks",
                             "client.scenes.base.Scene", "builtins.object"})
#: ``getattr`` / ``hasattr`` of the table itself (``self``, ``t``, ``table``,
#: ``self.table``) by a literal name still allowed in client/table/ and client/tables/,
#: with how many places: none (a hook, or an attribute declared where it is set)
TABLE_PROBES_ALLOWED: dict[str, int] = {
}

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


def test_no_module_passes_on_names_it_imports():
    """No re-export shim: a name is imported from the module that defines it (a package's
    ``__init__`` may gather its package's face)."""
    assert reexports(ROOT) == []


def test_a_reexport_shim_is_found(tmp_path):
    root = _tree(tmp_path, {
        "engine/core/__init__.py": "from .rng import Rng\n__all__ = [\"Rng\"]\n",
        "engine/core/rng.py": "class Rng:\n    pass\n",
        "engine/old.py": "from engine.core.rng import Rng  # noqa: F401 - moved\n",
        "engine/ai.py": "from engine.core.rng import Rng\n\ndef f():\n    return Rng()\n\n__all__ = [\"f\", \"Rng\"]\n",
        "engine/probe.py": "def has():\n    import json  # noqa: F401 - only asked whether it imports\n",
    })
    assert reexports(root) == ["engine.ai: Rng", "engine.old: Rng"]


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
        "engine/everdawn/tactics.py": 'GAME = "everdawn"\n',       # the AI's knowledge of one game
        "engine/ai/tactics_essveil.py": 'GAME = "essveil"\n',      # ... kept outside its folder
    })
    hits = game_specifics(root)
    assert sorted(hits) == ["client/table/hint.py", "engine/ai/tactics_essveil.py"]
    assert any("raw action number" in h for h in hits["client/table/hint.py"])
    assert any("'essveil'" in h for h in hits["client/table/hint.py"])


#: what the client calls an event, and a list of them
EVENT_NAMES = {"e", "ev", "evt", "event"}
EVENT_LISTS = {"events", "evs"}


def _event_names(tree) -> set[str]:
    """:data:`EVENT_NAMES` and the names a loop over an event list binds (``for x in
    events``, ``(x for x in events[:i])``, ``for i, e in enumerate(events)``)."""
    names = set(EVENT_NAMES)
    for node in ast.walk(tree):
        if isinstance(node, (ast.For, ast.comprehension)):
            it = node.iter
            if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id in ("enumerate", "reversed") \
                    and it.args:
                it = it.args[0]
            if isinstance(it, ast.Subscript):
                it = it.value
            if isinstance(it, ast.Name) and it.id in EVENT_LISTS:
                tgt = node.target
                if isinstance(tgt, ast.Tuple) and tgt.elts and node.iter is not it:
                    tgt = tgt.elts[-1]
                if isinstance(tgt, ast.Name):
                    names.add(tgt.id)
    return names


def _by_position(index) -> bool:
    """``[1]`` or ``[1:]``: a field taken by its place (``[-1]`` is a list's last item)."""
    if isinstance(index, ast.Constant):
        return type(index.value) is int and index.value >= 0
    if isinstance(index, ast.Slice):
        return any(isinstance(b, ast.Constant) and type(b.value) is int and b.value > 0 for b in (index.lower, index.upper))
    return False


def positional_event_reads(root, files=None) -> list[str]:
    """Every place under client/ (or in ``files``) that reads an engine event by position — ``ev[1]``,
    ``events[j][0]``, ``kind, p = ev``, ``for k, p in events`` — as "file:line: code".
    Events are read by name: ``v = m.event(e)`` (or ``event_view(e, EVENTS)``), ``v.kind``,
    ``v.player``; code that meets any game's events tests ``event_kind(e)``."""
    out = []
    for p in sorted(files if files is not None else (root / "client").rglob("*.py")):
        tree = ast.parse(p.read_text(encoding="utf-8"))
        names = _event_names(tree)

        def is_event(node):        # an event's name, or an item of an event list
            return (isinstance(node, ast.Name) and node.id in names) or (
                isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in EVENT_LISTS)
        for node in ast.walk(tree):
            hit = False
            if isinstance(node, ast.Subscript) and _by_position(node.slice):
                hit = is_event(node.value)
            elif isinstance(node, ast.Assign) and is_event(node.value):
                hit = any(isinstance(t, (ast.Tuple, ast.List)) for t in node.targets)
            elif isinstance(node, (ast.For, ast.comprehension)) and isinstance(node.iter, ast.Name) \
                    and node.iter.id in EVENT_LISTS and isinstance(node.target, (ast.Tuple, ast.List)):
                hit = True
            if hit:
                out.append(f"{p.relative_to(root).as_posix()}:{node.lineno}: {ast.unparse(node)[:70]}")
    return out


def test_the_client_reads_events_by_name():
    assert positional_event_reads(ROOT) == []


def test_the_advice_reads_events_by_name():
    """The hint's and the review's words read the line's events by name too (the rules'
    hot path may keep reading its tuples by place)."""
    files = sorted(ROOT.glob("engine/*/advice.py")) + [ROOT / "engine/ai/advice.py"]
    assert len(files) >= 4
    assert positional_event_reads(ROOT, files) == []


def test_an_event_read_by_position_is_found(tmp_path):
    root = _tree(tmp_path, {
        "client/tables/toy/table.py": """\
            def animate(events, m):
                for i, e in enumerate(events):
                    v = m.event(e)
                    if v.kind == "draw":
                        seat = e[1]
                    elif v.kind == "clash":
                        who = v.player
                back = next((x.back for x in map(m.event, events) if x.kind == "refresh"), 0)
                enter = next((x for x in events[:3] if x[0] == "enter"), None)
                j = len(events) - 1
                last = events[j][2]
                kind, player, *rest = events[0]
                for k, p, *_ in events:
                    pass
                ev = events[-1]
                _, seat = ev
                pos = [r[0] for r in m.rects]
                return seat, who, back, enter, last, kind, player, rest, pos
            """,
        "client/table/log.py": """\
            def draw(self):
                e = self.entries
                key = (len(e), id(e[-1]) if e else None)
                return self.event_kind(self.ev), key
            """,
    })
    found = [h.split(": ", 1)[1] for h in positional_event_reads(root)]
    assert sorted(found) == sorted(["e[1]", "x[0]", "events[j][2]", "kind, player, *rest = events[0]",
                                    "for k, p, *_ in events:\n    pass", "_, seat = ev"]), found


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


def test_the_ai_reference_stays_a_reference():
    """engine/ai/README.md says how the AI works and how to measure it, in at most 300
    lines; figures live in the generated tables of engine/ai/figures/."""
    lines = (ROOT / "engine" / "ai" / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 300, len(lines)
    assert "figures/planner.md" in "\n".join(lines)


def tower_classes(table_cls, game: str) -> list[str]:
    """The classes of ``table_cls``'s MRO that are neither the game's own
    (``client.tables.<game>``) nor :data:`TABLE_FRAMEWORK`: the mixins of a tower."""
    out = []
    for k in table_cls.__mro__:
        name = f"{k.__module__}.{k.__qualname__}"
        if name not in TABLE_FRAMEWORK and not k.__module__.startswith(f"client.tables.{game}."):
            out.append(name)
    return out


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_game_table_is_its_own_classes_over_the_scene(game):
    pytest.importorskip("pygame")
    from client.scenes import scene_class
    table = scene_class("table", game)
    assert tower_classes(table, game) == []
    framework = [k for k in table.__mro__ if f"{k.__module__}.{k.__qualname__}" in TABLE_FRAMEWORK]
    assert [k.__name__ for k in framework] == ["TableScene", "TableHooks", "Scene", "object"]


def test_a_mixin_of_the_framework_in_a_table_is_found():
    pytest.importorskip("pygame")
    from client.table.scene import TableScene
    mixin = type("SideMixin", (), {"__module__": "client.table.side"})
    own = type("ToyDraw", (), {"__module__": "client.tables.toy.draw"})
    table = type("Table", (own, mixin, TableScene), {"__module__": "client.tables.toy.table"})
    assert tower_classes(table, "toy") == ["client.table.side.SideMixin"]


def _is_the_table(node) -> bool:
    if isinstance(node, ast.Name):
        return node.id in ("self", "t", "table")
    return (isinstance(node, ast.Attribute) and node.attr == "table" and isinstance(node.value, ast.Name)
            and node.value.id == "self")


def table_probes(root) -> dict[str, int]:
    """``getattr(self, "name", ...)`` / ``hasattr(t, "name")`` (and of ``table``,
    ``self.table``) in client/table/ and client/tables/, by file: an attribute or a
    hook of the table looked up instead of declared."""
    out: dict[str, int] = {}
    for base in ("client/table", "client/tables"):
        for p in sorted((root / base).rglob("*.py")):
            for n in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
                if (isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ("getattr", "hasattr")
                        and len(n.args) >= 2 and isinstance(n.args[1], ast.Constant)
                        and isinstance(n.args[1].value, str) and _is_the_table(n.args[0])):
                    rel = p.relative_to(root).as_posix()
                    out[rel] = out.get(rel, 0) + 1
    return out


def test_the_table_declares_what_it_reads():
    grown = {rel: n for rel, n in table_probes(ROOT).items() if n > TABLE_PROBES_ALLOWED.get(rel, 0)}
    assert grown == {}


def test_a_table_attribute_probed_by_getattr_is_found(tmp_path):
    root = _tree(tmp_path, {
        "client/table/part.py": """
            class Part:
                def f(self):
                    a = getattr(self.table, "hand_rows", 2)
                    t = self.table
                    return a, hasattr(t, "actions_rect"), getattr(card, "text", ""), getattr(self.app, "x", 0)
            """,
        "client/tables/toy/draw.py": """
            class ToyDraw:
                def draw(self):
                    return getattr(self, "_bg_key", None), getattr(self, name, None)
            """,
    })
    assert table_probes(root) == {"client/table/part.py": 2, "client/tables/toy/draw.py": 1}
