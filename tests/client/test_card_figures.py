"""The small figures on the table's cards read at 1280x720: Everdawn's "+2" advantage
bonus under each stat (on a dark plate of its own), Essveil's cost in its gem and the
amounts on the badges, at the widths the tables draw their cards at in that window —
in type of at least FIGURE_MIN px, inside their box, over no other word of the face."""
from client.cards.draw import FIGURE_MIN
from support.helpers import ai_table, game_session


def _texts(game, card, w):
    """[(text, size, rect)] of every text on ``card``'s face ``w`` px wide."""
    from client import cards as C
    from client.ui import theme as ui
    from client.devtools.layoutcheck import Recorder
    ui.RECORDER = Recorder()
    try:
        surf = C._render(game, card, *C.card_size(w), False)
    finally:
        ui.RECORDER = None
    return [(t.text, t.size, t.full) for t in surf.texts]


def _widths(driver, game):
    """The widths the table draws its cards at in this window (board, bench, hand)."""
    t = ai_table(driver, game, game_session(game, 3, human=0), human=0, paused=True)
    out = {t.cw, t.hw}
    if game == "everdawn":
        out.add(t.slot_rects[("me", 3)].width)
    return sorted(out)


def _pool(game):
    from client.scenes import gamesinfo
    return list(gamesinfo.spec(game).cards.values())


def test_everdawn_bonus_figures_read_at_1280x720(driver):
    assert driver.app.size == (1280, 720)
    widths = _widths(driver, "everdawn")
    assert min(widths) >= 90          # (the bench, the hand and the lanes)
    seen = 0
    for card in _pool("everdawn"):
        bonus = [b for b in (card.attack_bonus, card.defense_bonus) if b]
        if card.kind != "creature" or not bonus:
            continue
        for w in widths:
            texts = _texts("everdawn", card, w)
            figs = [t for t in texts if t[0] in {f"+{b}" for b in bonus}]
            assert figs, (card.name, w)
            for text, size, rect in figs:
                assert size >= FIGURE_MIN, (card.name, w, text, size)
                # its own room: no other word or number of the face runs into it
                others = [o for o in texts if o[2] != rect and o[2].colliderect(rect)]
                assert not others, (card.name, w, text, others)
                seen += 1
    assert seen > 50


def test_essveil_costs_and_badge_amounts_read_at_1280x720(driver):
    widths = _widths(driver, "essveil")
    costs = amounts = 0
    for card in _pool("essveil"):
        for w in widths:
            for text, size, _rect in _texts("essveil", card, w):
                if text == str(card.cost):
                    assert size >= FIGURE_MIN, (card.name, w, size)
                    costs += 1
                elif text.isdigit():
                    assert size >= FIGURE_MIN - 1, (card.name, w, text, size)   # (Grow 2, Draw 1)
                    amounts += 1
    assert costs > 50 and amounts > 0
