"""Hot seat, frame by frame (issue #40 point 5): no frame shows a hand to the wrong
player. The hand at the screen is covered (opaque) from the frame after the
decision that passes the move to the other player — before any animation of
what follows (Refresh, Attune, the next turn's draw) — until that player says
they are at the screen; every game opens with a pass screen, also when Player 1
goes first."""
import random

import pytest


from support.helpers import game_session, hotseat_table

GAMES = ("everdawn", "evons", "essveil")
COVER = (8, 9, 13)


@pytest.fixture
def animated(tmp_path):
    from client.devtools.testing import Driver
    d = Driver(tmp_path, animation="normal")
    yield d
    d.close()


def covered_share(d, rect) -> float:
    """The share of the pixels in ``rect`` (sampled) that are the cover's colour."""
    surf = d.app.screen
    rect = rect.clip(surf.get_rect())
    hits = n = 0
    for y in range(rect.top + 2, rect.bottom - 2, 5):
        for x in range(rect.left + 2, rect.right - 2, 5):
            n += 1
            hits += tuple(surf.get_at((x, y)))[:3] == COVER
    return hits / max(1, n)


@pytest.mark.parametrize("game", GAMES)
def test_no_frame_shows_a_hand_to_the_wrong_player(animated, game):
    d = animated
    rng = random.Random(GAMES.index(game) + 11)
    t = hotseat_table(d, game, game_session(game, 4, hotseat=True), steps=1, opening=True)
    d.step(1)
    # the opening: a pass screen, whoever goes first
    assert d.scene.name == "handoff" and d.scene.kwargs["seat"] == t.match.to_move()
    at_screen = None            # the player who said "I am X" last
    handoffs = covered_frames = 0
    for frame in range(1500):
        if t.result() is not None:
            break
        top = d.scene
        if top is not t and getattr(top, "name", "") in ("handoff", "handoff_return"):
            handoffs += 1
            at_screen = top.kwargs["seat"]
            top.ready()
            d.step(1)
            continue
        if top is t and t.human_to_move() and not t.busy() and t.legal:
            assert at_screen == t.viewer == t.match.to_move()
            t.perform(rng.choice(t.legal))        # a decision; the frames after it are checked
        d.step(1)
        if d.scene is not t:
            continue
        p = t.match.to_move()
        if p is not None and p != at_screen:
            share = covered_share(d, t.aids.hand_cover_rect())
            assert share > 0.55, (game, frame, "the hand shows after the move passed", share)
            covered_frames += 1
        else:
            assert t.viewer == at_screen, (game, frame, "the board shows the other player's side")
    assert handoffs >= 3 and covered_frames >= 10, (handoffs, covered_frames)
