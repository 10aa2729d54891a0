"""Build Evons positions directly, for tests and for trying rules by hand.

    m = scenario(grid={"C3": ("ember_imp", 0), "C2": ("stone_ram", 1)},
                 hand0=["cinder_fox"], credits=(20, 20))
    ev = play_card(m, "cinder_fox", "D3")          # active play by the player to move
    assert card_at(m, "C2") is None

``grid`` maps a cell name to ``(card_id, owner)`` or ``(card_id, owner, state)``
or ``(card_id, owner, state, controller)``; state is "up" (default),
"covered" or "growth" (covered by Growth). The position is the main step of
``turn_player``'s turn (both players have had a turn already, so income applies),
unless the player has nothing to play (then the forced pass is taken at once).
"""
from __future__ import annotations

from .cards import INDEX_OF, MAIN_CELLS, parse_cell
from .match import (B_ATK, B_CREDITS, B_DEF, B_DOUBLE, B_DRAW, B_REFUND, F_COVERED, F_GROWTH,
                    PH_MAIN, PLAY, S_CRED0, S_FIRST, S_MOVER, S_NCOV0, S_OPTS, S_PHASE, S_STEP,
                    S_TAKEN0, S_TP, S_TURN, STEP_PLAY, STEP_RESOLVE, Z_DECK, Z_GRAVE, Z_HAND,
                    Z_REMOVED, EvonsMatch, _OPTION_BITS)

BONUS_BY_NAME = {"atk": B_ATK, "def": B_DEF, "credits": B_CREDITS, "draw": B_DRAW,
                 "refund": B_REFUND, "double": B_DOUBLE}


def scenario(grid=None, hand0=(), hand1=(), deck0=(), deck1=(), grave0=(), grave1=(),
             removed0=(), removed1=(), credits=(50, 50), turn_player=0, options=None,
             bonuses=None, settle=True) -> EvonsMatch:
    grid = grid or {}
    per_seat: list[list[tuple]] = [[], []]   # (card id, where, extra)
    for q, hand, deck, grave, rem in ((0, hand0, deck0, grave0, removed0),
                                      (1, hand1, deck1, grave1, removed1)):
        per_seat[q] += [(c, "hand", None) for c in hand]
        per_seat[q] += [(c, "deck", None) for c in deck]   # last = top of the deck
        per_seat[q] += [(c, "grave", None) for c in grave]
        per_seat[q] += [(c, "removed", None) for c in rem]
    for name, spec in grid.items():
        cid, owner = spec[0], spec[1]
        state = spec[2] if len(spec) > 2 else "up"
        ctrl = spec[3] if len(spec) > 3 else owner
        per_seat[owner].append((cid, "grid", (parse_cell(name), state, ctrl)))
    n0 = len(per_seat[0])
    m = EvonsMatch._blank(n0, n0 + len(per_seat[1]))
    m.cardof = tuple(INDEX_OF[c] for q in (0, 1) for c, _, _ in per_seat[q])
    sc = m.sc
    for k, v in (options or {}).items():
        if v:
            sc[S_OPTS] |= _OPTION_BITS[k]
    inst = 0
    for q in (0, 1):
        for cid, where, extra in per_seat[q]:
            if where == "hand":
                m.zones[Z_HAND + q].append(inst)
            elif where == "deck":
                m.zones[Z_DECK + q].append(inst)
            elif where == "grave":
                m.zones[Z_GRAVE + q].append(inst)
            elif where == "removed":
                m.zones[Z_REMOVED + q].append(inst)
            else:
                c, state, ctrl = extra
                m._put(inst, c)
                m.ctrl[inst] = ctrl
                if state in ("covered", "growth"):
                    m.flags[inst] = F_COVERED | (F_GROWTH if state == "growth" else 0)
                    sc[S_NCOV0 + ctrl] += 1
            inst += 1
    for name, kind in (bonuses or {}).items():
        m.cellbonus[parse_cell(name)] = BONUS_BY_NAME[kind]
    m._derive_masks()
    sc[S_CRED0], sc[S_CRED0 + 1] = credits
    sc[S_TP] = sc[S_MOVER] = turn_player
    sc[S_FIRST] = 0
    sc[S_TURN] = 3
    sc[S_TAKEN0] = sc[S_TAKEN0 + 1] = 1
    sc[S_STEP] = STEP_PLAY
    sc[S_PHASE] = PH_MAIN
    m._legal = None
    if settle:
        m._settle([])
    return m


def end_and_begin_turn(m: EvonsMatch, player: int | None = None) -> list:
    """Start ``player``'s turn (default: the turn player) from a quiet position:
    income, draw, reveal of covered cards and their activations."""
    p = m.sc[S_TP] if player is None else player
    ev: list = []
    m.sc[S_TP] = 1 - p
    m.sc[S_STEP] = STEP_RESOLVE     # the other player's turn has resolved: _drive begins p's
    m._legal = None
    m._drive(ev)
    m._settle(ev)
    return ev


def cell(name: str) -> int:
    return parse_cell(name)


def inst_at(m: EvonsMatch, name: str) -> int:
    return m.grid[parse_cell(name)]


def card_at(m: EvonsMatch, name: str) -> str | None:
    """Card id on the cell, or None when empty."""
    i = m.grid[parse_cell(name)]
    return None if i < 0 else m.card(i).id


def find(m: EvonsMatch, card_id: str, zone: str = "hand", player: int | None = None) -> int:
    """First instance of ``card_id`` in ``player``'s zone (hand, deck, grave, removed)."""
    p = m.turn_player() if player is None else player
    z = {"hand": Z_HAND, "deck": Z_DECK, "grave": Z_GRAVE, "removed": Z_REMOVED}[zone]
    for i in m.zones[z + p]:
        if m.card(i).id == card_id:
            return i
    raise LookupError(f"{card_id} not in player {p + 1}'s {zone}")


def play_card(m: EvonsMatch, card_id: str, where: str, covered: bool = False) -> list:
    """The player to move plays ``card_id`` from hand onto ``where``."""
    i = find(m, card_id, "hand", m.to_move())
    return m.apply((PLAY, i, parse_cell(where), int(covered)))


def main_cells_free(m: EvonsMatch) -> list[int]:
    return [c for c in MAIN_CELLS if m.grid[c] < 0]


__all__ = ["scenario", "end_and_begin_turn", "cell", "inst_at", "card_at", "find", "play_card",
           "main_cells_free"]


# ---------------------------------------------------------------- golden games
def state_digest(m: EvonsMatch) -> str:
    from ..core.record import state_digest as core_digest
    return core_digest(m)


def record_random_game(seed: int, options=None, decks=None):
    """A seeded random game as a MatchRecord with its result and final-state digest in meta."""
    from ..core.harness import random_game, starter_pair
    from ..core.record import DIGEST_KEY, MatchRecord
    decks = decks or starter_pair("evons", seed)
    m, actions = random_game("evons", seed, decks, options)
    return MatchRecord("evons", tuple(decks), seed, dict(options or {}), list(actions),
                       m.result().to_json(), {DIGEST_KEY: state_digest(m), "turns": m.turn()})
