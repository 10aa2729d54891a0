"""Evons' screens (see :mod:`client.tables`). The package itself is the game's client
spec, read by shared code: the card-state fields its faces draw, its settings, and its own
positions for the layout check."""
from __future__ import annotations

#: the face's fields drawn from the engine's card state: (field, the state's stat, use what
#: is left after damage) -- see :class:`client.cards.state.InPlay`
STATE_FIELDS = (("atk", "ATK", False), ("defense", "DEF", True))

#: settings of this game's own, shown in Settings: (name, label, tip, default)
SETTINGS = ()


def chain_session(seeds=range(1, 41), moves=240):
    """An Evons session at the deepest activation chain seeded random games reach with seat 0
    to move (a reactivated card in the out zone counts extra: its row's line is the longest)."""
    from engine.core.harness import starter_pair
    from engine.core.rng import Rng
    from engine.core.session import MatchSession
    from engine.evons import match as EM
    meta = {"mode": "ai", "ai": "easy", "human": 0, "names": ["You", "AI (easy)"]}
    best = (-1, 1, 0)
    for seed in seeds:
        session = MatchSession.new("evons", starter_pair("evons", seed), seed, None, meta)
        rng = Rng(seed)
        for k in range(moves):
            m = session.match
            if m.result() is not None:
                break
            if m.to_move() == 0:
                frames = [f for f in m.stack if f[0] == EM.FR_ACT]
                score = len(m.stack) * 4 + sum(2 for f in frames if f[6] & EM.HOW_RE and f[6] & EM.HOW_OUT)
                if score > best[0]:
                    best = (score, seed, k)
            legal = m.legal_actions()
            session.apply(legal[rng.randrange(len(legal))])
    _, seed, k = best
    out = MatchSession.new("evons", starter_pair("evons", seed), seed, None, meta)
    rng = Rng(seed)
    for _ in range(k):
        legal = out.match.legal_actions()
        out.apply(legal[rng.randrange(len(legal))])
    return out


#: positions the layout check renders besides the early and busy tables
LAYOUT_POSITIONS = {"chain": chain_session}
