"""Card art: every card of the three pools shows its own vendored drawing, the
drawings are credited, and they draw.

The mapping is data (engine/<game>/art.toml); the drawings and their authors are
vendored in assets/art/game-icons.json (build_scripts/vendor_art.py)."""
from support.paths import ROOT
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core import artmap
from engine.games import GAME_NAMES, get_game

LIBRARY = json.loads((ROOT / "assets" / "art" / "game-icons.json").read_text("utf-8"))
DRAWINGS = set(LIBRARY["drawings"])


def _mapping_text(game):
    return artmap.mapping_file(game).read_text("utf-8")


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_card_has_its_own_vendored_drawing(game):
    cards = get_game(game).cards
    mapping = artmap.load(game)
    assert artmap.problems(mapping, cards, DRAWINGS) == []
    assert set(mapping) == set(cards)
    assert artmap.back(game) in DRAWINGS  # the card back's emblem too


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_card_that_loses_its_drawing_is_reported(game):
    cards = list(get_game(game).cards)
    victim = cards[len(cards) // 2]
    text = _mapping_text(game)
    cut = re.sub(rf"(?m)^{re.escape(victim)}\s*=.*\n", "", text)
    assert cut != text
    probs = artmap.problems(artmap.parse(cut), cards, DRAWINGS)
    assert probs == [f"{victim}: no drawing"]
    # a drawing that is not vendored
    bad = re.sub(rf"(?m)^{re.escape(victim)}\s*=.*$", f'{victim} = "no-such-drawing"', text)
    assert artmap.problems(artmap.parse(bad), cards, DRAWINGS) == [
        f"{victim}: drawing 'no-such-drawing' is not vendored"]


def test_two_cards_of_a_pool_share_a_drawing_only_when_the_mapping_says_so():
    cards = ["wisp_caller", "wisp", "kindle"]
    plain = artmap.parse('[art]\nwisp_caller = "ball-glow"\nwisp = "ball-glow"\nkindle = "campfire"\n')
    probs = artmap.problems(plain, cards, DRAWINGS)
    assert len(probs) == 1 and "ball-glow" in probs[0] and "without 'shares'" in probs[0]
    meant = artmap.parse('[art]\nwisp_caller = "ball-glow"\n'
                         'wisp = { drawing = "ball-glow", shares = "wisp_caller" }\nkindle = "campfire"\n')
    assert artmap.problems(meant, cards, DRAWINGS) == []


def test_mapping_options_are_read_and_bad_ones_refused():
    m = artmap.parse('[art]\na = { drawing = "fox", flip = true, tint = "#ff8000" }\nb = "imp"\n')
    assert m["a"] == artmap.ArtEntry("fox", True, (255, 128, 0), None)
    assert m["b"] == artmap.ArtEntry("imp")
    for bad in ('a = 3', 'a = { drawing = "fox", tint = "orange" }', 'a = { drawing = "Fox Head" }',
                'a = { drawing = "fox", colour = "#ffffff" }', 'a = { drawing = "fox", flip = "yes" }',
                'a = { drawing = "fox", name_break = "Shield bearer" }', 'a = { drawing = "fox", name_break = 3 }',
                'a = { drawing = "fox", name_break = "Shield--bearer" }'):
        with pytest.raises(artmap.ArtMapError):
            artmap.parse("[art]\n" + bad + "\n")
    m = artmap.parse('[art]\na = { drawing = "fox", name_break = "Shield-bearer" }\n')
    assert m["a"].name_break == "Shield-bearer"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_name_break_is_its_cards_one_word_name_with_a_hyphen(game):
    cards = get_game(game).cards
    for cid, e in artmap.load(game).items():
        if e.name_break is not None:
            name = cards[cid].name
            assert " " not in name and e.name_break.replace("-", "", 1) == name, (cid, e.name_break, name)


def test_every_vendored_drawing_names_its_author_and_licence():
    authors = LIBRARY["authors"]
    for name, d in LIBRARY["drawings"].items():
        assert d["author"] in authors, name
        assert d["body"].startswith("<path"), name
    for slug, a in authors.items():
        assert a["name"] and a["licence"] in ("CC BY 3.0", "CC0 1.0") and a["licence_url"].startswith("https://")
    assert (ROOT / "assets" / "art" / "LICENSE-game-icons.txt").is_file()


def test_only_drawings_a_card_or_back_uses_are_vendored():
    used = set()
    for g in GAME_NAMES:
        used |= {e.drawing for e in artmap.load(g).values()} | {artmap.back(g)}
    assert DRAWINGS == used


def test_the_engine_reads_the_mapping_without_pygame():
    code = ("import sys; from engine.core import artmap; artmap.load('evons'); artmap.back('essveil'); "
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_bundle_carries_the_drawings_and_mappings():
    sys.path.insert(0, str(ROOT / "build_scripts"))
    try:
        import bundle
    finally:
        sys.path.pop(0)
    srcs = {Path(src).resolve().relative_to(ROOT).as_posix() for src, _ in bundle.project_datas()}
    assert "assets/art/game-icons.json" in srcs
    assert "assets/art/LICENSE-game-icons.txt" in srcs
    for g in GAME_NAMES:
        assert f"engine/{g}/art.toml" in srcs


@pytest.fixture
def pg():
    import pygame
    pygame.init()
    yield pygame


def test_every_vendored_drawing_draws_a_silhouette(pg):
    from client.cards import art
    for name in sorted(DRAWINGS):
        img = art.silhouette(name, 48)
        assert img is not None, name
        covered = sum(1 for x in range(0, 48, 3) for y in range(0, 48, 3) if img.get_at((x, y)).a > 128)
        assert covered >= 8, f"{name} draws almost nothing"


def test_different_cards_get_different_pictures_and_each_game_its_own_backdrop(pg):
    from client.cards import art

    def pixels(img):
        return bytes(pg.image.tobytes(img, "RGB"))

    a = art.art("blaze_drake", 120, 120, (214, 84, 44), game="evons")
    b = art.art("cinder_fox", 120, 120, (214, 84, 44), game="evons")
    assert pixels(a) != pixels(b)
    # the same card asked for twice is the same picture (cached, not repainted differently)
    assert pixels(a) == pixels(art.art("blaze_drake", 120, 120, (214, 84, 44), game="evons"))
    # one drawing in two games: the backdrops differ
    e1 = art.art("ember_adept", 160, 100, (58, 112, 214), game="everdawn")
    e2 = art.art("ember_adept", 160, 100, (58, 112, 214), game="essveil")
    assert pixels(e1) != pixels(e2)
    # the figure is drawn in the card's colour: a red card's centre is reddish
    red = art.art("hill_brute", 160, 100, (200, 62, 52), game="everdawn")
    blue = art.art("hill_brute", 160, 100, (58, 112, 214), game="everdawn")
    r_avg, b_avg = pg.transform.average_color(red), pg.transform.average_color(blue)
    assert r_avg[0] > r_avg[2] and b_avg[2] > b_avg[0]


def test_card_backs_differ_per_game_and_face_down_tiles_match_them(pg):
    from client.cards import art
    backs = [bytes(pg.image.tobytes(art.card_back(g, 90, 126), "RGBA")) for g in GAME_NAMES]
    assert len(set(backs)) == 3
    tile = art.tile_back(64, (110, 170, 255), "evons")
    assert tile.get_size() == (64, 64)
    assert tile.get_at((32, 32)) != tile.get_at((1, 32))  # emblem in the middle, owner rim outside


def test_the_licence_file_lists_the_authors_of_the_vendored_drawings():
    sys.path.insert(0, str(ROOT / "build_scripts"))
    try:
        import vendor_art
    finally:
        sys.path.pop(0)
    text = (ROOT / "assets" / "art" / "LICENSE-game-icons.txt").read_text("utf-8")
    assert text == vendor_art.licence_text(LIBRARY["authors"], LIBRARY["drawings"])
    assert "CC BY 3.0" in text and "https://creativecommons.org/licenses/by/3.0/" in text


def test_a_covered_evons_tile_shows_the_back_and_never_which_card_it_is(pg):
    from client.scenes import gamesinfo
    from client.cards import art
    from client.tables.evons.face import render_tile
    cards = gamesinfo.spec("evons").cards
    a = render_tile(cards["blaze_drake"], 72, (110, 170, 255), face_down=True)
    b = render_tile(cards["abyss_leviathan"], 72, (110, 170, 255), face_down=True)
    def raw(s): return bytes(pg.image.tobytes(s, "RGBA"))
    assert raw(a) == raw(b) == raw(art.tile_back(72, (110, 170, 255), "evons"))
    assert raw(a) != raw(render_tile(cards["blaze_drake"], 72, (110, 170, 255)))
