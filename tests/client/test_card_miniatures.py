"""A card drawn very small in the opponent's hand row when a replay or a watched game shows
every card is a miniature: its colour and picture, and for Essveil its cost; never a name cut
to pieces or numbers piled on each other. From the miniature width up the face is the usual
one, and a small card anywhere else (your own hand in a small window) keeps its words."""

import pytest




def _texts(game, card, w, mini=True):
    from client import cards as C
    from client.ui import theme as ui
    from client.devtools.layoutcheck import Recorder
    ui.RECORDER = Recorder()
    try:
        surf = C._render(game, card, *C.card_size(w), False, mini and w < C.MINI)
    finally:
        ui.RECORDER = None
    return surf, list(getattr(surf, "texts", []))


@pytest.mark.parametrize("game", ["everdawn", "essveil", "evons"])
def test_a_miniature_shows_no_words_and_keeps_its_number_inside(display, game):
    from client import cards as C
    from client.scenes import gamesinfo
    pool = list(gamesinfo.spec(game).cards.values())
    for card in pool:
        for w in (24, 28, 36, C.MINI - 1):
            surf, texts = _texts(game, card, w)
            face = surf.get_rect()
            words = [t.text for t in texts if not str(t.text).strip().lstrip("-").isdigit()]
            assert not words, (card.name, w, words)
            for t in texts:
                assert face.contains(t.full), (card.name, w, t.text)
            if game == "essveil":
                assert [t.text for t in texts] == [str(card.cost)], (card.name, w)
            else:
                assert texts == [], (card.name, w)


@pytest.mark.parametrize("game", ["everdawn", "essveil"])
def test_from_the_miniature_width_up_the_face_carries_its_name(display, game):
    from client import cards as C
    from client.scenes import gamesinfo
    card = next(iter(gamesinfo.spec(game).cards.values()))
    _, texts = _texts(game, card, C.MINI)
    shown = " ".join(str(t.text) for t in texts)
    assert all(word in shown for word in card.name.split()), (card.name, shown)


@pytest.mark.parametrize("game", ["everdawn", "essveil"])
def test_hovering_a_miniature_in_a_revealed_replay_zooms_that_card(driver, game):
    """The miniatures say no name, so the hover zoom must give it: over each of the
    opponent's cards in a replay shown with every card, the zoom shows exactly that card."""
    from client.replays.controller import ReplayController
    from engine.core.harness import random_game, starter_pair
    from engine.core.record import MatchRecord
    decks = starter_pair(game, 5)
    m, acts = random_game(game, 5, decks)
    rec = MatchRecord(game, tuple(decks), 5, {}, list(acts), m.result().to_json(), {"turns": m.turn()})
    ctrl = ReplayController(rec)
    t = driver.app.scenes.switch("table", **ctrl.table_kwargs(viewer=0, reveal=True))
    driver.step(2)
    for _ in range(len(acts) // 3):
        ctrl.step()
    driver.step(3)
    v = t.view
    rects = t._opp_hand_rects(v) if game == "everdawn" else list(zip(t.opp_hand_rects(v), v.hand_ids(1)))
    assert rects and all(rr.width < 56 for rr, _ in rects)
    for rr, code in rects:
        driver.move(rr.center)
        driver.step(20)
        common = __import__(f"client.tables.{game}.common", fromlist=["card_of"])
        assert t.aids.hover_card is not None and t.aids.hover_card.id == common.card_of(code).id, (rr, code)


@pytest.mark.parametrize("game", ["evons", "everdawn", "essveil"])
def test_a_small_card_in_your_own_hand_keeps_its_name(display, game):
    """Only the revealed hand row asks for miniatures: Evons' hand shrinks its cards to 40 px
    in a small window with a big hand, and they keep their names and numbers."""
    from client import cards as C
    from client.scenes import gamesinfo
    card = next(c for c in gamesinfo.spec(game).cards.values() if len(c.name) < 12)
    from client.ui import theme as ui
    from client.devtools.layoutcheck import Recorder
    ui.RECORDER = Recorder()
    try:
        surf = C._render(game, card, *C.card_size(44), False)
    finally:
        ui.RECORDER = None
    shown = "".join(str(t.text) for t in getattr(surf, "texts", []))
    # (on one line or two: "Thorn-" / "ling")
    assert card.name.replace(" ", "") in shown.replace(" ", "").replace("-", ""), (card.name, shown)
