"""The move preview on the tables: while a card is dragged over a legal target the
engine's preview is drawn beside the target, never over it or the card being
dragged, and it says the same as ``match.preview``."""
import pytest

from engine.core.rng import Rng

from support.helpers import ai_table, game_session


def _position(game, want, seeds=range(1, 30)):
    for seed in seeds:
        s = game_session(game, seed, human=0)
        rng = Rng(seed)
        for i in range(400):
            m = s.match
            if m.result() is not None:
                break
            legal = m.legal_actions()
            if m.to_move() == 0 and i > 20:
                a = want(m, legal)
                if a is not None:
                    return s, a
            s.apply(legal[rng.randrange(len(legal))])
    raise AssertionError("no position found")


def _everdawn(m, legal):
    return next((a for a in legal if a[0] == 5), None) if m.phase() == "declare" else None


def _essveil(m, legal):
    return next((a for a in legal if a[0] == 4 and a[2] >= 8), None) if m.phase() == "main" else None


def _evons(m, legal):
    from engine.evons.cards import MAIN_CELLS
    if sum(1 for c in MAIN_CELLS if m.at(c) < 0) == 1 and any(a[0] == 2 for a in legal):
        return "last"
    return None


@pytest.mark.parametrize("game,want", [("everdawn", _everdawn), ("essveil", _essveil), ("evons", _evons)])
def test_dragging_over_a_target_shows_the_engine_preview_beside_it(driver, game, want):
    session, action = _position(game, want)
    t = ai_table(driver, game, session, paused=True)
    if action == "last":
        from engine.evons.cards import MAIN_CELLS
        cell = next(c for c in MAIN_CELLS if session.match.at(c) < 0)
        src, tk = next(k for k in t.pairs if k[0][0] == "hand" and k[1] == ("cell", cell))
    else:
        src, tk = next(k for k, a in t.pairs.items() if a == action)
    target = t.targets[tk].rect
    driver.drag(t.sources[src].rect.center, target.center, release=False)
    driver.step(2)
    aim = t.previewed()
    assert aim is not None and aim[1] == target
    pv = t.aids.preview_for(aim[0])
    assert pv is not None and pv.lines and pv.lines == session.match.preview(aim[0]).lines
    r = t.aids.preview_rect
    assert r is not None and not r.colliderect(target)
    # nor over the decision's words (the band prompt) or the mover's own panel
    assert t.aids.preview_keep_clear() and not any(r.colliderect(k) for k in t.aids.preview_keep_clear())
    if action == "last":
        assert pv.ends_game and pv.lines[0].startswith("Fills the last main cell")
    driver.move((5, 5))
    driver.step(1)


def test_evons_selected_card_over_a_cell_shows_the_drop_preview(driver):
    from engine.evons import match as VM
    session, _ = _position("evons", lambda m, legal: "ok" if m.phase() == "main" and any(
        a[0] == VM.SELECT for a in legal) else None)
    t = ai_table(driver, "evons", session, paused=True)
    t.perform(next(a for a in t.match.legal_actions() if a[0] == VM.SELECT))
    driver.step(2)
    assert t.match.phase() == "cell"
    rr, a = next((sp[0], sp[1]) for sp in t.spots if sp[1][0] == VM.CELL)
    driver.move(rr.center)
    driver.step(2)
    assert t.previewed() == (a, rr)
    assert t.aids.preview_rect is not None and not t.aids.preview_rect.colliderect(rr)
    assert t.aids.preview_for(a).lines[-1].startswith(("Score after", "Then you choose", "A covered card"))


def test_the_preview_finds_a_free_place_when_everything_beside_the_target_is_taken():
    """A busy board (the mover's panel and the prompt round the target): the preview
    goes to the nearest free place rather than over the words it must keep clear."""
    import pygame
    from client.table.preview_box import place
    bounds = pygame.Rect(0, 0, 1280, 720)
    target = pygame.Rect(560, 300, 120, 160)
    keep = [pygame.Rect(0, 200, 1280, 90), pygame.Rect(0, 470, 1280, 100),
            pygame.Rect(0, 290, 560, 180), pygame.Rect(680, 290, 600, 180)]
    r = place((354, 120), target, keep, bounds, 14)
    assert bounds.contains(r) and r.collidelist(keep + [target]) == -1
    # and right beside it when there is room there
    r2 = place((354, 120), target, [], bounds, 14)
    assert r2.left == target.right + 14
