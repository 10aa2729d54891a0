"""The Essveil table's display steps (client/tables/essveil/steps.py) walk the
state before an action through its events to exactly what the engine shows
after it: every life total, Essence count, hand, graveyard and creature the
board draws mid-animation is one the game really passes through."""
import pytest

from engine.core.harness import starter_pair
from engine.core.rng import Rng
from engine.essveil import match as EV
from engine.essveil.match import EssveilMatch

from client.tables.essveil.steps import Steps


def _public(m, viewer):
    """What the table draws of ``m`` for ``viewer``."""
    return {
        "g": [m.g[i] for i in range(EV.G_LEN) if i not in (EV.G_NEXT_UID,)],
        "boards": [list(b) for b in m.boards],
        "hands": [list(m.hands[viewer]), len(m.hands[1 - viewer])],
        "decks": [len(d) for d in m.decks],
        "graves": [list(x) for x in m.graves],
        "pending": m.pending_attack(),
        "result": m.result(),
    }


def _walk(before, action, events, after, viewer):
    st = Steps(before, action, after)
    events = [EssveilMatch.mask_event(e, viewer) for e in events]
    for i, e in enumerate(events):
        st.apply(e, last=i == len(events) - 1)
    return st.d


@pytest.mark.parametrize("seed", range(12))
def test_steps_end_where_the_engine_ends(seed):
    decks = starter_pair("essveil", seed)
    m = EssveilMatch.new(decks, seed, {"pierce_the_veil": seed % 2 == 0})
    rng = Rng(seed)
    kinds = set()
    for _ in range(400):
        if m.result() is not None:
            break
        legal = m.legal_actions()
        a = legal[rng.randrange(len(legal))]
        views = [m.view(p) for p in (0, 1)]
        events = m.apply(a)
        kinds |= {e[0] for e in events}
        for p in (0, 1):
            shown = _walk(views[p], a, events, m.view(p), p)
            assert _public(shown, p) == _public(m.view(p), p), (a, events)
    assert {"damage", "die", "draw", "enter", "pay"} <= kinds


def test_the_table_builds_every_action_of_random_games(driver, monkeypatch):
    """The table's animations (and steps) are built for every action of a few random
    games without an error (the table would fall back to no animation at all)."""
    import client.tables.essveil.build as B
    from support.helpers import ai_table, game_session
    built, orig = [], B.build_animations

    def build(*a, **k):
        out = orig(*a, **k)
        built.append(len(out))
        return out
    monkeypatch.setattr(B, "build_animations", build)
    n = 0
    for seed in (1, 2, 3):
        s = game_session("essveil", seed, human=0, options={"pierce_the_veil": seed == 2})
        t = ai_table(driver, "essveil", s, human=0, paused=True)
        rng = Rng(seed)
        for _ in range(250):
            if t.match.result() is not None:
                break
            legal = sorted(t.match.legal_actions())
            assert t.perform(legal[rng.randrange(len(legal))])
            n += 1
            driver.step(1)
    assert len(built) == n and all(built)
