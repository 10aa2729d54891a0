"""No input lost (issue #40 point 3): a drag, a click or a key made while the
board is still animating towards the player's decision is performed when the
board reaches it (the animations end at once); made while someone else decides
(the AI thinking, its animations) it is refused with a note saying why. A drag
put back where it came from, or dropped off every target, is a silent cancel; a
spell for the whole table works dropped anywhere on the board."""
import random

import pytest


from support.helpers import ai_table, game_session

GAMES = ("everdawn", "evons", "essveil")


@pytest.fixture
def animated(tmp_path):
    """The window with animations at normal speed and the easy AI."""
    from client.devtools.testing import Driver
    d = Driver(tmp_path, animation="normal")
    d.app.settings.ai_difficulty = "easy"
    yield d
    d.close()


def spy_toasts(d):
    seen = []
    real = d.app.toast

    def toast(text, kind="info", seconds=3.5):
        seen.append((text, kind))
        return real(text, kind, seconds)
    d.app.toast = toast
    return seen


def shown_rect(t, key):
    """Where the board draws drag source ``key`` now (the animations' state), else its end state's."""
    view = t.view
    try:
        if t.shown is not None:
            t.view = t.shown
        srcs = {s.key: s.rect for s in t.drag_sources()}
    finally:
        t.view = view
    return srcs.get(key) or t.sources[key].rect


def press_release(d, a, b, steps=4):
    pg = d.pygame
    d.post(pg.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    d.post(pg.MOUSEBUTTONDOWN, pos=a, button=1, touch=False)
    d.step()
    for i in range(1, steps + 1):
        p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
        d.post(pg.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0), touch=False)
        d.step()
    d.post(pg.MOUSEBUTTONUP, pos=b, button=1, touch=False)
    d.step()


@pytest.mark.parametrize("game", GAMES)
def test_gestures_at_random_moments_are_performed_or_explained(animated, game):
    d = animated
    rng = random.Random(GAMES.index(game))
    t = ai_table(d, game, game_session(game, 3))
    toasts = spy_toasts(d)
    ahead = refused = 0
    for frame in range(900):
        if t.result() is not None or d.scene is not t:
            break
        if rng.random() > 0.12:
            d.step()
            continue
        if t.anims.busy and t.human_to_move() and t.pairs:
            # the board still animates; the player's decision comes after: drag one of its moves
            (src, tgt), action = rng.choice(sorted(t.pairs.items(), key=repr))
            a = shown_rect(t, src).center
            b = t.targets[tgt].rect.center
            n, k = len(t.session), len(toasts)
            press_release(d, a, b)
            performed = len(t.session) > n
            assert performed or len(toasts) > k, (game, frame, action, "nothing happened")
            ahead += performed
        elif t.driver.job is not None or (t.busy() and not t.human_to_move() and t.match.to_move() not in t.human_seats):
            n, k = len(t.session), len(toasts)
            if rng.random() < 0.5:
                d.key("space")
            else:
                press_release(d, t.board_rect.center, (t.board_rect.centerx + 40, t.board_rect.centery - 60))
            assert len(toasts) > k or len(t.session) > n, (game, frame, "ignored in silence")
            refused += any("Not yet" in x for x, _ in toasts[k:])
        elif not t.busy() and t.human_to_move() and t.legal:
            t.perform(rng.choice(t.legal))
            d.step()
        else:
            d.step()
        if t.driver.job is not None and rng.random() < 0.3:
            d.wait_ai()
    assert ahead >= 2 and refused >= 2, (ahead, refused)


@pytest.mark.parametrize("game", GAMES)
def test_a_key_ahead_of_the_animations_is_kept(animated, game):
    """Space / Enter for the main button while the board still animates: the
    animations end and the button's action is taken (it did nothing before)."""
    d = animated
    t = ai_table(d, game, game_session(game, 5))
    for _ in range(400):
        if t.human_to_move() and not t.busy() and t.legal:
            break
        d.wait_ai()
        d.step()
    # a move of the player's own that animates, then their decision again
    rng = random.Random(1)
    for _ in range(3000):
        if t.result() is not None:
            break
        if not (t.human_to_move() and not t.busy()):
            d.wait_ai()
            d.step()
            continue
        t.perform(rng.choice(t.legal))
        if t.anims.busy and t.human_to_move():
            items = t.action_buttons()
            if items and not isinstance(items[-1][1], str):
                n = len(t.session)
                d.key(items[-1][2])
                assert len(t.session) > n, (game, items[-1])
                return
    pytest.skip("no animation ahead of a main button met in this game")


def test_cancelled_drags_are_silent(driver):
    """A hand card put back on the hand, or dropped on the top bar: no toast, nothing played."""
    from support.helpers import last_toast
    for game in GAMES:
        s = game_session(game, 2)
        rng = random.Random(2)
        for _ in range(200):       # on to a decision with the hand in play (past the openings)
            t = ai_table(driver, game, s, human=s.match.to_move(), paused=True, steps=1)
            if any(k[0] == "hand" for k, _ in t.pairs):
                break
            s.apply(rng.choice(s.match.legal_actions()))
        src = next(x for x in t.sources.values() if x.key[0] == "hand")
        n = len(t.session)
        driver.app.toasts.clear()
        driver.drag(src.rect.center, (src.rect.centerx + 4, src.rect.centery - 30))
        driver.drag(src.rect.center, (t.W // 2, 4))
        assert len(t.session) == n and last_toast(driver) == "", (game, last_toast(driver))


def test_a_table_wide_spell_is_cast_dropped_on_a_creature(driver):
    """Everdawn: a spell for the whole table (Supply Wagon's kind) dropped on a lane
    with a creature is cast (it said "cast it on the table" and snapped back)."""
    from engine.everdawn import match as EM
    rng = random.Random(7)
    for seed in range(1, 40):
        s = game_session("everdawn", seed)
        for _ in range(120):
            m = s.match
            if m.result() is not None:
                break
            legal = m.legal_actions()
            wide = [a for a in legal if a[0] == EM.CAST and a[2] == EM.NO_TARGET]
            if m.to_move() == 0 and wide and any(m.creature_at(0, x) >= 0 for x in EM.LANES) \
                    and not any(a[0] == EM.CAST and a[1] == wide[0][1] and a[2] != EM.NO_TARGET for a in legal):
                t = ai_table(driver, "everdawn", s, paused=True)
                h = wide[0][1]
                lane = next(x for x in EM.LANES if m.creature_at(0, x) >= 0)
                src = t.sources[("hand", h)]
                n = len(s)
                driver.drag(src.rect.center, t.slot_rect(0, lane).center)
                assert len(s) == n + 1 and tuple(s.record.actions[-1]) == tuple(wide[0])
                return
            s.apply(legal[rng.randrange(len(legal))])
    pytest.skip("no table-wide spell met")
