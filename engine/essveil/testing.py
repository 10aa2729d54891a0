"""Build Essveil positions directly, for short per-rule tests.

    m = scenario(hands=(["spark"], []), boards=(["dune_raider"], [{"card": "stone_warden", "damage": 2}]))
    raider = uid(m, 0, 0)

Creatures get uids in order: player 0's left to right, then player 1's.
A creature given as a dict may set: card, damage, might / endurance (permanent
changes), tapped, sick, silenced, aegis (default: printed Aegis), guarded
(intercepted this round), equip (Equipment card id).
Card conservation holds: each seat's deck list is made from what the scenario
puts in its zones.
"""
from __future__ import annotations

from .cards import C_KW, INDEX, K_AEGIS, KIND_TOKEN, C_KIND
from .match import (
    ESSENCE, F_AEGIS, F_GUARDED, F_SICK, F_SILENCED, F_TAPPED, FIRST_UID, G_ACTIVE, G_FIRST,
    G_LEN, G_NEXT_UID, G_PHASE, G_PIERCE_OPT, G_TURN, G_WINNER, LIFE, NO_WINNER, PH_ATTUNE,
    PH_MAIN, R_CARD, REC, RESERVE, SPENT, VEIL, EssveilMatch,
)


def scenario(*, hands=((), ()), boards=((), ()), decks=None, graves=((), ()), life=(20, 20),
             veil=(10, 10), spent=(0, 0), active=0, first=0, turn=5, phase="main",
             pierce=False) -> EssveilMatch:
    m = EssveilMatch.__new__(EssveilMatch)
    m.dirty = False
    g = [0] * G_LEN
    g[G_WINNER] = NO_WINNER
    g[G_ACTIVE] = active
    g[G_FIRST] = first
    g[G_TURN] = turn
    g[G_PHASE] = {"main": PH_MAIN, "attune": PH_ATTUNE}[phase]
    g[G_PIERCE_OPT] = int(pierce)
    for p in (0, 1):
        g[LIFE[p]] = life[p]
        g[VEIL[p]] = veil[p]
        g[SPENT[p]] = spent[p]
        g[RESERVE[p]] = ESSENCE - veil[p] - spent[p]
        assert g[RESERVE[p]] >= 0, "veil + spent must be at most 10"
    if decks is None:
        decks = (["wisp_caller"] * 10, ["wisp_caller"] * 10)
    m.decks = [[INDEX[c] for c in decks[p]] for p in (0, 1)]
    m.hands = [[INDEX[c] for c in hands[p]] for p in (0, 1)]
    m.graves = [[INDEX[c] for c in graves[p]] for p in (0, 1)]
    m.boards = [[], []]
    nxt = FIRST_UID
    for p in (0, 1):
        for spec in boards[p]:
            if isinstance(spec, str):
                spec = {"card": spec}
            card = INDEX[spec["card"]]
            flags = 0
            if spec.get("tapped"):
                flags |= F_TAPPED
            if spec.get("sick"):
                flags |= F_SICK
            if spec.get("silenced"):
                flags |= F_SILENCED
            if spec.get("guarded"):
                flags |= F_GUARDED
            aegis = spec.get("aegis")
            if aegis is None:
                aegis = bool(C_KW[card] & K_AEGIS) and not spec.get("silenced")
            if aegis:
                flags |= F_AEGIS
            equip = INDEX[spec["equip"]] if spec.get("equip") else 0
            m.boards[p].extend((nxt, card, spec.get("damage", 0), spec.get("might", 0),
                                spec.get("endurance", 0), flags, equip, 0))
            nxt += 1
    g[G_NEXT_UID] = nxt
    m.g = g
    lists = []
    for p in (0, 1):
        cards = m.decks[p] + m.hands[p] + m.graves[p]
        b = m.boards[p]
        for off in range(0, len(b), REC):
            if C_KIND[b[off + R_CARD]] != KIND_TOKEN:
                cards.append(b[off + R_CARD])
            if b[off + 6]:
                cards.append(b[off + 6])
        lists.append(tuple(sorted(cards)))
    m.lists = tuple(lists)
    m.rng = 12345
    return m


def uid(m: EssveilMatch, p: int, i: int) -> int:
    """uid of player ``p``'s ``i``-th creature (left to right)."""
    return m.boards[p][i * REC]


def board_ids(m: EssveilMatch, p: int) -> list[str]:
    return [c["card"] for c in m.creatures(p)]


def golden_record(name: str, seed: int, options: dict | None = None):
    """A seeded random game between two starter decks as a MatchRecord, with the final
    result and a digest of the final state in ``meta`` (used for tests/golden/essveil_*)."""
    from ..core.harness import random_game, starter_pair
    from ..core.record import MatchRecord
    decks = starter_pair("essveil", seed)
    m, actions = random_game("essveil", seed, decks=decks, options=options)
    rec = MatchRecord("essveil", decks, seed, dict(options or {}), actions,
                      m.result().to_json(), {"name": name, "digest": state_digest(m),
                                             "turns": m.turn()})
    return rec


def state_digest(m: EssveilMatch) -> str:
    import hashlib
    import json
    return hashlib.sha256(json.dumps(m.to_json(), sort_keys=True).encode()).hexdigest()


GOLDEN = (("titans_vs_rush", 3, None), ("wardens_vs_rush", 5, None),
          ("pierce_wardens_vs_titans", 11, {"pierce_the_veil": True}))


def write_golden(folder) -> None:
    """Regenerate tests/golden/essveil_*.json (after a deliberate rules or pool change):
    ``python -c "from engine.essveil.testing import write_golden; write_golden('tests/golden')"``"""
    from pathlib import Path
    from ..core.record import save_record
    for name, seed, opts in GOLDEN:
        save_record(golden_record(name, seed, opts), Path(folder) / f"essveil_{name}.json")
