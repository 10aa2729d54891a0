"""Build Everdawn positions directly, for short per-rule tests and for the AI/client helpers.

    m = scenario(
        board0=["vale_archer", ("iron_vanguard", "iron_sword"), None, "traghrim", None, None],
        board1=["dawn_seers", None, "shieldbearer"],
        hand0=["hunting_bow"], sdeck0=["chainmail"] * 5,
    )

``board`` lists are slots 0-5 (lanes 1-3, bench 1-3); an entry is None, a card id, or
a tuple ``(creature_id, item_id, ...)``. Lane creatures count as already played
(their "When played" used) unless ``fresh_lanes=True``; bench creatures have not
been played. Decks are listed bottom -> top (the last id is the top card). The
match starts at the beginning of ``active``'s Set Phase of turn ``turn``.
"""
from __future__ import annotations

from . import cards as C
from .match import (F_PLAYED, G_ACTIVE, G_FIRST, G_LOST, G_MORALE, G_SETUP, G_SUDDEN,
                    G_TURN, EverdawnMatch, _si)


def _codes(ids):
    return [C.CODE[i] for i in ids]


def scenario(board0=(), board1=(), hand0=(), hand1=(), sdeck0=(), sdeck1=(), cdeck0=(), cdeck1=(),
             active=0, turn=3, first=0, morale=(100, 100), fresh_lanes=False, lost=(0, 0),
             sudden=False) -> EverdawnMatch:
    m = EverdawnMatch._blank()
    b = m.b
    b[G_FIRST] = first
    b[G_MORALE], b[G_MORALE + 1] = morale
    b[G_SUDDEN] = int(sudden)
    orig = [[], []]
    for p, board in ((0, board0), (1, board1)):
        b[G_SETUP + p] = 1
        b[G_LOST + p] = lost[p]
        for s, entry in enumerate(board):
            if entry is None:
                continue
            ids = (entry,) if isinstance(entry, str) else tuple(entry)
            code = C.CODE[ids[0]]
            i = _si(p, s)
            b[i] = code
            orig[p].append(code)
            if s < 3 and not fresh_lanes:
                b[i + 4] = F_PLAYED
            for item in ids[1:]:
                e = C.CODE[item]
                b[i + C.KIND[e]] = e
                orig[p].append(e)
    m.hand = [_codes(hand0), _codes(hand1)]
    m.sdeck = [_codes(sdeck0), _codes(sdeck1)]
    m.cdeck = [_codes(cdeck0), _codes(cdeck1)]
    for p in (0, 1):
        orig[p] += m.hand[p] + m.sdeck[p] + m.cdeck[p]
    m.orig = tuple(tuple(sorted(x)) for x in orig)
    b[G_TURN] = turn - 1
    b[G_ACTIVE] = active
    m._start_turn(active, [])
    return m


def play(m: EverdawnMatch, *actions) -> list:
    """Apply legal actions (checked) and return all their events."""
    ev = []
    for a in actions:
        ev += m.apply(tuple(a))
    return ev


def slot_card(m: EverdawnMatch, p: int, slot: int) -> str | None:
    code = m.creature_at(p, slot)
    return None if code < 0 else C.CARDS_BY_CODE[code].id


def hand_ids(m: EverdawnMatch, p: int) -> list[str]:
    return [C.CARDS_BY_CODE[c].id for c in m.hand[p]]


def deck_ids(m: EverdawnMatch, p: int, creature: bool = False) -> list[str]:
    """Deck bottom -> top as ids."""
    return [C.CARDS_BY_CODE[c].id for c in (m.cdeck if creature else m.sdeck)[p]]


__all__ = ["scenario", "play", "slot_card", "hand_ids", "deck_ids"]


def state_digest(m: EverdawnMatch) -> str:
    """SHA-1 of the exact state (golden games compare it)."""
    import hashlib
    import json
    return hashlib.sha1(json.dumps(m.to_json(), sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def golden_record(seed: int, deck_names=None):
    """A seeded random game between two starter decks as a MatchRecord with its final digest."""
    from ..core.harness import random_game, starter_pair
    from ..core.record import MatchRecord
    from ..games import get_game
    decks = starter_pair("everdawn", seed)
    if deck_names:
        by = {d.name: d for d in get_game("everdawn").starter_decks()}
        decks = (by[deck_names[0]], by[deck_names[1]])
    m, actions = random_game("everdawn", seed, decks)
    return MatchRecord("everdawn", decks, seed, {}, list(actions), m.result().to_json(),
                       {"final_digest": state_digest(m), "turns": m.turn()})


def declare(m: EverdawnMatch, *attacks) -> list:
    """In the declaration step: declare ``(from_lane, to_lane)`` attacks, then finish declaring
    (declaring ends by itself once every creature able to attack has declared)."""
    from .match import ATTACK, PASS
    ev = play(m, *[(ATTACK, a, t) for a, t in attacks])
    if m.phase() == "declare":
        ev += m.apply((PASS,))
    return ev
