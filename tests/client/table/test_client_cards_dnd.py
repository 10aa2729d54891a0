"""Card faces for every card of every game, the render cache, the drag-and-drop
layer of the table framework, the animation queue and the game log."""

import pytest


import pygame

from engine.games import available_games, get_game

GAMES = available_games()


pytestmark = pytest.mark.usefixtures("display")


@pytest.mark.parametrize("game", GAMES)
def test_every_card_renders_at_hand_board_and_zoom_sizes(game):
    import importlib
    mod = importlib.import_module(f"client.tables.{game}.face")
    for card in get_game(game).cards.values():
        for w, big in ((64, False), (150, False), (300, True)):
            surf = mod.render(card, w, int(w * 1.4), big)
            assert surf.get_size() == (w, int(w * 1.4))


def test_rendered_cards_are_cached_per_card_and_size():
    from client.cards import card_surface
    game = GAMES[0]
    card = next(iter(get_game(game).cards.values()))
    a = card_surface(game, card, 120)
    assert card_surface(game, card, 120) is a
    assert card_surface(game, card.id, 120) is a
    assert card_surface(game, card, 121) is not a


def test_procedural_art_differs_between_cards_and_is_stable():
    from client.cards.art import art
    a1 = pygame.image.tobytes(art("alpha", 80, 60, (200, 60, 50)), "RGB")
    a2 = pygame.image.tobytes(art("alpha", 80, 60, (200, 60, 50)), "RGB")
    b = pygame.image.tobytes(art("beta", 80, 60, (200, 60, 50)), "RGB")
    assert a1 == a2 and a1 != b


def test_colour_cues_also_have_shapes():
    from client.tables.everdawn import face as everdawn
    from client.tables.evons import face as evons
    from client.cards.icons import ICONS
    assert set(everdawn.TYPE_ICON.values()) <= set(ICONS)
    assert len(set(evons.ELEMENT_ICONS.values())) == len(evons.ELEMENT_ICONS)
    assert len(set(evons.ABILITY_ICONS.values())) == len(evons.ABILITY_ICONS)


def test_log_finds_card_names_for_hover_zoom():
    from client.table.kit.log import NameIndex
    game = GAMES[0]
    card = max(get_game(game).cards.values(), key=lambda c: len(c.name))
    parts = NameIndex(get_game(game).cards.values()).split(f"Player 1 plays {card.name} now.")
    assert (card.name, card) in parts


def test_animation_queue_honours_speed_including_instant():
    from client.table.kit.parts import AnimQueue, FloatText
    done = []
    q = AnimQueue(lambda: 0.0)
    q.add(FloatText("-3", (0, 0), duration=1.0, on_done=lambda: done.append(1)))
    q.update(0.016)
    assert done == [1] and not q.busy
    q = AnimQueue(lambda: 1.0)
    q.add(FloatText("-3", (0, 0), duration=0.5, on_done=lambda: done.append(2)))
    q.update(0.016)
    assert q.busy
    for _ in range(40):
        q.update(0.016)
    assert done == [1, 2] and not q.busy


# ------------------------------------------------------------------ drag and drop
@pytest.fixture
def dnd(tmp_path):
    if not GAMES:
        pytest.skip("no game installed")
    from client.table.scene import TableScene
    from client.table.kit.parts import DragSource, DropTarget
    from client.devtools.testing import Driver
    from engine.core.harness import starter_pair
    from engine.core.session import MatchSession

    class DnDTable(TableScene):
        def drag_sources(self):
            img = pygame.Surface((80, 112))
            img.fill((200, 180, 120))
            return [DragSource("card", pygame.Rect(100, 300, 80, 112), img)]

        def drop_targets(self):
            return [DropTarget("good", pygame.Rect(400, 300, 100, 100)),
                    DropTarget("bad", pygame.Rect(600, 300, 100, 100))]

        def gesture_of(self, action):
            return ("card", "good") if self.legal and action == self.legal[0] else None

        def guess_action(self, src, tgt):
            return (987654, 3) if tgt == "bad" else None

    d = Driver(tmp_path)
    game = GAMES[0]
    session = MatchSession.new(game, starter_pair(game, 1), 1, None, {"mode": "ai", "names": ["A", "B"]})
    sc = DnDTable(d.app, game=game, session=session, mode="ai", human_seats=(0, 1))
    sc.name = "table"
    d.app.scenes.switch(sc)
    d.step(2)
    yield d, sc
    d.close()


def test_drag_onto_a_legal_target_performs_the_action(dnd):
    d, sc = dnd
    first = sc.legal[0]
    assert sc.pointer.legal_targets_for("card") == {"good"}
    d.drag((140, 350), (450, 350))
    assert len(sc.session) == 1 and sc.session.actions[0] == tuple(first)


def test_refused_drop_snaps_back_with_the_engines_reason(dnd):
    d, sc = dnd
    expected = sc.match.why_illegal((987654, 3))
    d.drag((140, 350), (650, 350))
    assert len(sc.session) == 0
    assert sc.snap is not None or d.app.settings.animation_factor == 0
    assert d.app.toasts[-1].kind == "error" and d.app.toasts[-1].text == expected


def test_drop_on_nothing_changes_nothing(dnd):
    d, sc = dnd
    d.drag((140, 350), (300, 600))
    assert len(sc.session) == 0


def test_hovering_a_card_name_in_the_log_zooms_it(dnd):
    d, sc = dnd
    card = next(iter(get_game(sc.game).cards.values()))
    sc.log.add(f"Someone plays {card.name}.")
    d.step(2)
    rect, c = next((r, c) for r, c in sc.log.hot if c is card)
    d.move(rect.center)
    d.step(12)
    assert sc.aids.hover_card is card
