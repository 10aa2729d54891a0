"""Checks of the code's arrangement (issue #39): import circles, what stands directly under
client/, game names and raw action numbers in shared modules. Each takes the checkout's root,
so the tests can run it on the real tree and on a small tree broken on purpose."""
from __future__ import annotations

import ast
import os
import re
import sys
from pathlib import Path

GAMES = ("everdawn", "evons", "essveil")
#: the application's own modules, the only ones directly under client/
CLIENT_ROOT_MODULES = {"__init__", "__main__", "app", "cli", "settings", "storage", "sound"}
_GAME_RX = re.compile(r"\b(" + "|".join(GAMES) + r")", re.I)


def modules(root: Path, tops=("client", "engine")) -> dict[str, tuple[Path, bool]]:
    """Dotted module name -> (file, is_package) for every .py file under ``tops``."""
    out = {}
    for top in tops:
        for dp, _dn, fn in os.walk(root / top):
            for f in fn:
                if f.endswith(".py"):
                    p = Path(dp) / f
                    name = ".".join(p.relative_to(root).with_suffix("").parts)
                    is_pkg = name.endswith(".__init__")
                    out[name[:-9] if is_pkg else name] = (p, is_pkg)
    return out


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the project modules it imports, anywhere in its body (inside functions too)."""
    mods = modules(root)

    def known(name):
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    graph = {}
    for m, (p, is_pkg) in mods.items():
        pkg = m if is_pkg else m.rpartition(".")[0]
        found = set()
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(filter(None, (known(a.name) for a in node.names)))
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = pkg.split(".")[: len(pkg.split(".")) - (node.level - 1)]
                    base = ".".join(parts + ([base] if base else []))
                for a in node.names:
                    full = f"{base}.{a.name}"
                    found.add(full if full in mods else known(base))
        found.discard(None)
        found.discard(m)
        graph[m] = found
    return graph


def import_circles(root: Path) -> list[list[str]]:
    """Groups of modules that import each other, directly or round a circle (Tarjan)."""
    graph = import_graph(root)
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def client_root_strays(root: Path) -> list[str]:
    """Modules directly under client/ that are not the application's own."""
    return sorted(p.stem for p in (root / "client").glob("*.py") if p.stem not in CLIENT_ROOT_MODULES)


def is_shared(rel: str) -> bool:
    """Shared code: everything but a game's own folders (engine/<game>/, client/tables/<game>/),
    which hold all of its rules, AI knowledge, words and client."""
    parts = rel.split("/")
    if parts[0] == "engine" and len(parts) > 2 and parts[1] in GAMES:
        return False
    if parts[:2] == ["client", "tables"] and len(parts) > 3 and parts[2] in GAMES:
        return False
    return True


def _docstrings(tree) -> set[int]:
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and n.body:
            first = n.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _is_action_index(node) -> bool:
    """``action[0]`` / ``a[0]`` / ``self.action[0]``: the kind number of an action tuple."""
    if not (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and node.slice.value == 0):
        return False
    v = node.value
    name = v.id if isinstance(v, ast.Name) else v.attr if isinstance(v, ast.Attribute) else ""
    return name in ("a", "act", "action") or name.endswith("_action")


def _ints(node) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, int) and not isinstance(node.value, bool)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_ints(e) for e in node.elts)
    return False


def game_specifics(root: Path) -> dict[str, list[str]]:
    """Shared module -> what in it names a game or tests a raw action number (line: text).
    Docstrings and comments may mention the games; code may not."""
    out: dict[str, list[str]] = {}
    for m, (p, _pkg) in modules(root).items():
        rel = p.relative_to(root).as_posix()
        if not is_shared(rel):
            continue
        tree = ast.parse(p.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        hits = []
        for n in ast.walk(tree):
            text = None
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
                text = n.value
            elif isinstance(n, ast.Name):
                text = n.id
            elif isinstance(n, ast.Attribute):
                text = n.attr
            elif isinstance(n, ast.alias):
                text = n.name
            if text and _GAME_RX.search(text):
                hits.append(f"{getattr(n, 'lineno', 0)}: game name {text[:40]!r}")
            if isinstance(n, ast.Compare) and _is_action_index(n.left) and any(_ints(c) for c in n.comparators):
                hits.append(f"{n.lineno}: raw action number")
        if hits:
            out[rel] = hits
    return out


def reexports(root: Path) -> list[str]:
    """Re-export shims: a module (not a package's ``__init__``, whose ``__all__`` is the
    package's face) that lists in ``__all__`` a name it only imports, or that imports a name
    with ``noqa: F401`` so others can import it from there. ``"module: name"`` each."""
    out = []
    for name, (path, is_pkg) in sorted(modules(root).items()):
        if is_pkg:
            continue
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        lines = text.splitlines()
        imported = {}
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                for a in node.names:
                    imported[a.asname or a.name] = node
                    if "noqa: F401" in lines[node.lineno - 1] or "noqa: F401" in lines[node.end_lineno - 1]:
                        out.append(f"{name}: {a.asname or a.name}")
            elif isinstance(node, ast.Import):
                for a in node.names:
                    imported[a.asname or a.name.split(".")[0]] = node
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__"
                                                    for t in node.targets):
                try:
                    names = ast.literal_eval(node.value)
                except ValueError:
                    continue
                out += [f"{name}: {n}" for n in names if n in imported]
    return sorted(set(out))
