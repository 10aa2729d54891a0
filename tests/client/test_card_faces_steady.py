"""A card's face is steady as its width changes (a hover, a scale, neighbouring sizes):
one pixel wider, no word or number on it sits a pixel further left or up than before
(the layout rounds each edge once from the card's size; "the far edge minus the box's
size" made the ATK/DEF numbers and the names shake). Equal cards are the same picture."""
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402


@pytest.fixture(scope="module")
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    yield
    pygame.display.quit()


def _texts(game, card, w):
    """Every text on the face at width ``w``: {(text, size): [its rect on the face]}."""
    from client import cards as C
    from client.ui import theme as ui
    from client.devtools.layoutcheck import Recorder
    ui.RECORDER = Recorder()
    try:
        surf = C._render(game, card, *C.card_size(w), False)
    finally:
        ui.RECORDER = None
    out = {}
    for t in getattr(surf, "texts", []):
        out.setdefault((t.text, t.size), []).append(t.full)
    return out


def _moves_back(game, widths, n_cards=6):
    from client.scenes import gamesinfo
    pool = list(gamesinfo.spec(game).cards.values())
    picked = pool[:: max(1, len(pool) // n_cards)][:n_cards]
    found = []
    for card in picked:
        prev = None
        for w in widths:
            now = _texts(game, card, w)
            for key, rects in now.items():
                before = (prev or {}).get(key)
                if before is None or len(before) != len(rects):
                    continue            # another size or line break: a new layout, not a shake
                for a, b in zip(before, rects):
                    if abs(b.centerx - a.centerx) + abs(b.centery - a.centery) > w // 8:
                        continue        # another element with the same text and size (a badge's
                        # amount "2" and a stat "2"), not the same one shaking
                    if a.size == b.size and (b.centerx < a.centerx or b.centery < a.centery):
                        found.append((card.name, key[0], w, b.centerx - a.centerx, b.centery - a.centery))
            prev = now
    return found


@pytest.mark.parametrize("game,widths", [("evons", range(56, 241)), ("everdawn", range(56, 150))])
def test_a_wider_card_never_shows_its_words_further_left_or_up(display, game, widths):
    assert _moves_back(game, widths) == []


def test_equal_cards_in_a_row_are_the_same_picture(display):
    from client.cards import card_surface, clear_cache
    from client.scenes import gamesinfo
    card = next(iter(gamesinfo.spec("evons").cards.values()))
    a = pygame.image.tobytes(card_surface("evons", card, 96), "RGBA")
    clear_cache()
    b = pygame.image.tobytes(card_surface("evons", card, 96), "RGBA")
    assert a == b


def test_a_one_word_name_with_a_break_is_as_large_as_the_two_word_names(display):
    """Everdawn's "Shieldbearer" goes over two lines ("Shield-" / "bearer", its art data's
    break) at the size of "Iron Vanguard" beside it in the gallery, instead of shrinking."""
    from client.scenes import gamesinfo
    cards = gamesinfo.spec("everdawn").cards
    for w in (140, 150, 170, 200):
        two_words = {(t, s) for (t, s) in _texts("everdawn", cards["iron_vanguard"], w) if t in ("Iron", "Vanguard", "Iron Vanguard")}
        one_word = {(t, s) for (t, s) in _texts("everdawn", cards["shieldbearer"], w) if "bearer" in t or "Shield" in t}
        assert two_words and one_word, (w, two_words, one_word)
        assert min(s for _, s in one_word) >= min(s for _, s in two_words), (w, one_word, two_words)


def test_a_hyphenated_name_breaks_after_its_hyphen_rather_than_shrink(display):
    """Essveil's "Shield-Bearer" goes "Shield-" / "Bearer" at the two-word names' size
    (it shrank to one small line while "Blood Leech" beside it took two at full size)."""
    from client.scenes import gamesinfo
    cards = gamesinfo.spec("essveil").cards
    sb = next(c for c in cards.values() if c.name == "Shield-Bearer")
    for w in (146, 176, 200):
        two_words = [s for (t, s) in _texts("essveil", cards["blood_leech"], w) if t in ("Blood", "Leech", "Blood Leech")]
        hyph = [s for (t, s) in _texts("essveil", sb, w) if t in ("Shield-", "Bearer", "Shield-Bearer")]
        assert two_words and hyph and min(hyph) >= min(two_words), (w, hyph, two_words)


def test_evons_short_two_word_names_are_as_large_as_the_long_ones(display):
    """On a full Evons face "Ember Imp" goes over two lines at the size of "Flame Warden"
    beside it in the gallery (it was one line a third smaller), and Sproutling breaks too."""
    from client.scenes import gamesinfo
    cards = {c.name: c for c in gamesinfo.spec("evons").cards.values()}
    for w in (150, 170, 200):
        def size(name):
            words = set(name.split()) | {name} | {"Sprout-", "ling"}
            got = [s for (t, s) in _texts("evons", cards[name], w) if t in words or t == name]
            assert got, (name, w)
            return min(got)
        ref = size("Flame Warden")
        for name in ("Ember Imp", "Cinder Fox", "Spark Mite", "Sproutling"):
            assert size(name) >= ref, (name, w, size(name), ref)


def test_essveil_full_faces_read_without_a_hover(display):
    """At the gallery's width the picture gives up a little height for a third line of rules
    text: "On Play: Deal 1 damage to any target." is on Spark Adept's face (its box was
    empty: the text did not fit and the full face had no icons to show instead). No card
    with rules text shows neither its text nor its effects' or keywords' icons."""
    from client.scenes import gamesinfo
    from client.tables.essveil.face import effect_badges, keywords_of
    cards = gamesinfo.spec("essveil").cards
    for w in (150, 164):
        for cid in ("spark_adept", "ash_martyr"):
            shown = " ".join(t for (t, _s) in _texts("essveil", cards[cid], w))
            assert all(word in shown for word in cards[cid].text.split()), (cid, w, shown)
        for c in cards.values():
            if not c.text:
                continue
            shown = " ".join(t for (t, _s) in _texts("essveil", c, w))
            # (an item's text is also its stat boxes and its keywords' badges on the picture)
            assert c.text.split()[0] in shown or effect_badges(c) or keywords_of(c), (c.name, w)
