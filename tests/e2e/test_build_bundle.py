"""What the executable bundles (checked without running PyInstaller) and the icon files."""
from support.paths import ROOT
import struct
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(ROOT / "build_scripts"))

import bundle


def _dests():
    return {(Path(src).relative_to(ROOT).as_posix(), dest) for src, dest in bundle.project_datas()}


def test_every_card_pool_is_bundled_beside_its_package():
    dests = _dests()
    pools = sorted(ROOT.glob("engine/*/cards.toml"))
    assert pools, "no card pool in the repository"
    for p in pools:
        rel = p.relative_to(ROOT).as_posix()
        assert (rel, p.parent.relative_to(ROOT).as_posix()) in dests


def test_assets_decks_and_font_licences_are_bundled_at_the_same_places():
    dests = _dests()
    for p in list((ROOT / "assets").rglob("*")) + list((ROOT / "decks").rglob("*.json")):
        rel = p.relative_to(ROOT).as_posix()
        if p.is_file() and rel not in bundle.SKIP_FILES and "__pycache__" not in rel:
            assert (rel, p.parent.relative_to(ROOT).as_posix()) in dests, rel
    names = {Path(s).name for s, _ in dests}
    assert any("licen" in n.lower() or n.startswith("OFL") for n in names)
    assert "cardhall.png" in names  # the window icon
    assert not any(s.endswith((".pyc", ".ico", ".icns")) for s, _ in dests)


def test_unused_pygame_gui_fonts_are_left_out_but_its_defaults_stay():
    for name in ("NotoSansJP-Regular.otf", "NotoSansSC-Bold.otf", "NotoSansKR-Regular.ttf",
                 "NotoSansArabic-Regular.ttf"):
        assert not bundle.keep_data(f"pygame_gui/data/{name}")
    for name in bundle.PYGAME_GUI_FONTS_KEPT | {"default_theme.json", "licenses/NotoSans-LICENSE.txt"}:
        assert bundle.keep_data(f"pygame_gui/data/{name}")
    assert not bundle.keep_data("pygame/examples/data/alien1.png")
    assert bundle.keep_data("assets/fonts/NotoSans-Regular.ttf")
    assert bundle.keep_data("engine\\evons\\cards.toml")  # Windows separators


def _modules_after(code: str) -> set[str]:
    import subprocess
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys; print(' '.join(sys.modules))"],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_the_program_does_not_import_an_excluded_module():
    baseline = _modules_after("pass")
    used = _modules_after("import client.cli, client.app, client.devtools.headless, client.devtools.selftest\n"
                          "import engine.games, engine.ai\nengine.games.available_games()") - baseline
    assert "pygame_gui" not in baseline and "pygame" in used
    wrongly_excluded = {m for m in used if m.split(".")[0] in bundle.EXCLUDED_MODULES
                        or m in bundle.EXCLUDED_MODULES}
    assert wrongly_excluded <= bundle.EXCLUDED_WITH_FALLBACK


def test_no_source_file_imports_an_excluded_module():
    """Also lazy imports inside functions, which the import test above cannot see.
    If this fails, take the module out of build_scripts/bundle.py EXCLUDED_MODULES."""
    import ast
    excluded = set(bundle.EXCLUDED_MODULES) - bundle.EXCLUDED_WITH_FALLBACK
    found = []
    for pkg in bundle.PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                for n in names:
                    parts = n.split(".")
                    if any(".".join(parts[:i]) in excluded for i in range(1, len(parts) + 1)):
                        found.append(f"{path.relative_to(ROOT)}: {n}")
    assert not found


def test_icons_are_valid_ico_and_icns(tmp_path):
    pytest.importorskip("pygame")
    import make_icons
    files = make_icons.make_icons(tmp_path)
    ico = files["ico"].read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind, count) == (0, 1, len(make_icons.ICO_SIZES))
    for i in range(count):
        w, h, _, _, _, _, size, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * i: 22 + 16 * i])
        assert ico[offset:offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + size <= len(ico)
    icns = files["icns"].read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    import pygame
    img = pygame.image.load(str(files["png"]))
    assert img.get_size() == (256, 256)
    assert img.get_at((0, 0)).a == 0 and img.get_at((128, 128)).a == 255  # rounded, opaque middle
