"""The Evons rules engine on the shared match contract.

Board
-----
Cells are ints ``row * 7 + col`` (0..48); columns X A B C D E Y are 0..6, rows
0..6; ``cards.cell_name`` / ``cards.parse_cell`` convert to and from "C3". The
main zone is A1–E5. Directions are ints 0..7 = N NE E SE S SW W NW.

Card instances
--------------
Every physical card of the match has an instance id: seat 0's deck is ids
``0 .. n0-1``, seat 1's ``n0 .. n0+n1-1``. Which card an id is was shuffled
at setup (ids say nothing about the card). Actions name instances, not hand
positions.

Actions (tuples of ints; build them with the helpers below)
-----------------------------------------------------------
* ``(KEEP,)`` / ``(MULLIGAN, mask)`` — opening hand: keep, or put back the hand
  positions in the bit mask (standard rule). With the *mulligan variant* the
  only mulligan is ``mask = all cards`` (shuffle all back, draw one fewer).
* ``(SELECT, inst, covered)`` then ``(CELL, cell)`` — play a card from hand:
  ``covered`` 0 = active (pay now), 1 = covered (pay at reveal). ``(PASS,)`` plays
  nothing this turn. ``(CANCEL,)`` takes a selection back: accepted while a card is
  selected, but not listed by ``legal_actions`` (a selection always has a cell).
  With a single empty cell left the CELL step is taken automatically.
* ``(PLAY, inst, cell, covered)`` — a shortcut for SELECT + CELL in one action
  (for the client's drag and drop). Accepted by ``apply``/``why_illegal`` with
  specific reasons, but not listed by ``legal_actions``.
* ``(ORDER, cell)`` — several of your cards activate at once (reveal, several
  flipped cards reactivating): choose which goes next.
* ``(FIRE, direction)`` — fire the acting card's ability arrow in that direction;
  ``(DONE,)`` ends the current ability phase.
* ``(CONFLICT, direction)`` — several conflicts pending: choose the next.
* ``(HIT, cell)`` — Firestorm: deal 1 of the remaining damage to the card on cell.
* ``(PULL, cell)`` — Magnetism: the card on ``cell`` is pulled onto the target.
* ``(PICK, inst)`` — choose a card: the Block card (Block), the monster from hand
  (Growth) or the graveyard monster (Resurrection). One instance per distinct card.
* ``(DISCARD, inst)`` — end of turn with more than 8 cards in hand.
* ``(CONCEDE,)`` — the player to move gives up. Accepted at any decision of the
  player to move, never listed by ``legal_actions`` (so search never picks it).

A decision with exactly one legal action is taken automatically (its events are
returned with the action that led there): e.g. a forced pass, a single conflict.

Rulings the code carries out (see ``assets/rules/evons.md``): a free reveal (a
Growth-placed card) is affordable whatever the credits, even below zero; Color
Synergy (option) counts only Blocks in the main zone; a monster moved off its +2 DEF
cell whose damage now reaches its DEF is destroyed at once (``_move``).

Reading the state (client, AI)
------------------------------
``decision()`` (phase, acting card, ability target, Firestorm points left, selected
card), ``at(cell)``, ``card(inst)`` (None when hidden), ``controller``, ``owner``,
``is_covered``, ``is_growth_covered``, ``current_atk``/``current_def``,
``held_bonus``, ``cell_bonuses()``, ``credits(p)``, ``hand(p)``, ``deck_size(p)``,
``graveyard(p)``, ``removed(p)``, ``score(p)``/``scores()``, ``acting()``,
``play_targets(inst, covered)``, ``options()``.

Events (first item = kind): turn, credits, draw, no_draw, keep, mulligan, play,
reveal, unaffordable, bonus, activate, sequence_end, ability, conflict, destroy,
flip, move, damage, place, pass, discard, end — see ``event_text`` for their fields.

State layout: flat int lists (``sc`` scalars named S_*, ``grid``, per-instance
``pos``/``ctrl``/``flags``/``dmg``/``bon``, ``zones``, ``stack`` of frame tuples);
``clone`` copies them with slices, card data is shared and immutable.
"""
from __future__ import annotations

from bisect import bisect_left
from itertools import compress
from operator import itemgetter
from typing import Any, Mapping, Sequence

from ..core.match import IllegalAction, Match, OptionSpec, Result, as_action
from ..core.rng import Rng, mix_seed, next64_block
from ..core.text import SEATS, Names, count
from ..core.unseen import allowance_after, guess_cards
from .cards import (ABILITY_TITLES, BLOCK, CARD_ABILITY_DIRS, CARD_ARROW_DIRS, CARD_ARROWS, CARD_ATK, CARD_COST,
                    CARD_DEF, CARD_ELEMENT, CARD_IS_BLOCK, CARD_NAME, CENTRE, DIRECTIONS,
                    FIRESTORM, GROWTH, IN_MAIN, INDEX_OF, MAGNETISM, MAIN_CELLS, N_CELLS,
                    MAX_COPIES, NEIGHBOUR, NORMAL, ORTHO_NEIGHBOURS, OUT_CELLS, POOL, REMOVE, RESURRECTION,
                    SHOCKWAVE, SWAP, cell_name)
from .text import END_BY_CODE, EVENTS

# ---------------------------------------------------------------- action kinds
KEEP, MULLIGAN, SELECT, CELL, CANCEL, PASS, ORDER, FIRE, DONE, CONFLICT, HIT, PULL, PICK, \
    DISCARD, CONCEDE, PLAY = range(16)
ACTION_NAMES = ("keep", "mulligan", "select", "cell", "cancel", "pass", "order", "fire", "done",
                "conflict", "hit", "pull", "pick", "discard", "concede", "play")


def keep():
    return (KEEP,)


def mulligan(mask: int):
    return (MULLIGAN, mask)


def select(inst: int, covered: bool = False):
    return (SELECT, inst, int(bool(covered)))


def cell(c: int):
    return (CELL, c)


def play(inst: int, c: int, covered: bool = False):
    return (PLAY, inst, c, int(bool(covered)))


def fire(direction: int):
    return (FIRE, direction)


def conflict(direction: int):
    return (CONFLICT, direction)


def hit(c: int):
    return (HIT, c)


def pull(c: int):
    return (PULL, c)


def pick(inst: int):
    return (PICK, inst)


def discard(inst: int):
    return (DISCARD, inst)


def cancel():
    return (CANCEL,)


def concede():
    return (CONCEDE,)


A_KEEP, A_CANCEL, A_PASS, A_DONE, A_CONCEDE = (KEEP,), (CANCEL,), (PASS,), (DONE,), (CONCEDE,)
_CELL_ACTS = tuple((CELL, c) for c in range(N_CELLS))
_ORDER_ACTS = tuple((ORDER, c) for c in range(N_CELLS))
N_MAIN, N_OUT = len(MAIN_CELLS), len(OUT_CELLS)
_MULLIGAN_LISTS = tuple(((KEEP,),) + tuple((MULLIGAN, m) for m in range(1, 1 << h)) for h in range(9))
_HIT_ACTS = tuple((HIT, c) for c in range(N_CELLS))
_PULL_ACTS = tuple((PULL, c) for c in range(N_CELLS))
_FIRE_ACTS = tuple((FIRE, d) for d in range(8))
_CONFLICT_ACTS = tuple((CONFLICT, d) for d in range(8))
_MAX_INST = 512
_SELECT_ACTS = tuple(((SELECT, i, 0), (SELECT, i, 1)) for i in range(_MAX_INST))
_PICK_ACTS = tuple((PICK, i) for i in range(_MAX_INST))
_SELECT_ACTIVE = tuple(a for a, _ in _SELECT_ACTS)
_SELECT_COVERED = tuple(c for _, c in _SELECT_ACTS)
_PLAY_COST = tuple(-1 if CARD_IS_BLOCK[ci] else CARD_COST[ci] for ci in range(len(POOL)))
"""_PLAY_COST[card]: the cost to play a monster active; -1 for a Block card (main actions)."""
_DISCARD_ACTS = tuple((DISCARD, i) for i in range(_MAX_INST))
_HIT_OF, _CONFLICT_OF, _ORDER_OF, _PULL_OF, _PICK_OF, _DISCARD_OF = (
    t.__getitem__ for t in (_HIT_ACTS, _CONFLICT_ACTS, _ORDER_ACTS, _PULL_ACTS, _PICK_ACTS, _DISCARD_ACTS))
"""cell/direction/instance -> its action (mapped over lists without a comprehension's frame)"""
_MAIN_OF = itemgetter(*MAIN_CELLS)       # grid -> the main zone's cells, as a tuple
_IS_INST = (0).__le__                    # x -> 0 <= x: an instance, not an empty cell (-1)
_BONUS_CELLS = tuple(c for c in MAIN_CELLS if c != CENTRE)     # where the cell bonuses may lie
_OUT_CELL = tuple(not IN_MAIN[c] for c in range(N_CELLS)).__getitem__   # cell -> in the out zone


# ---------------------------------------------------------------- precomputed arrow tables
def _aims(dirs_of_card, main_only: bool) -> tuple:
    """[card][cell] -> ((direction, target cell, arrow code), ...) for the card's arrows in
    ``dirs_of_card`` that point at a cell of the grid (of the main zone, from the main zone,
    when ``main_only``), in direction order."""
    table = []
    for ci, dirs in enumerate(dirs_of_card):
        per_cell = []
        for c in range(N_CELLS):
            aims = []
            if IN_MAIN[c] or not main_only:
                for d in dirs:
                    t = NEIGHBOUR[c][d]
                    if t >= 0 and (IN_MAIN[t] or not main_only):
                        aims.append((d, t, CARD_ARROWS[ci][d]))
            per_cell.append(tuple(aims))
        table.append(tuple(per_cell))
    return tuple(table)


ABILITY_AIMS = _aims(CARD_ABILITY_DIRS, False)
"""ABILITY_AIMS[card][cell]: the card's ability arrows that point at a cell of the grid."""
MAIN_AIMS = _aims(CARD_ARROW_DIRS, True)
"""MAIN_AIMS[card][cell]: from a main-zone cell, the card's arrows pointing into the main zone
(conflicts and flips happen only there); empty for out-zone cells."""
SPLASH = tuple((t,) + ORTHO_NEIGHBOURS[t] for t in range(N_CELLS))
"""SPLASH[cell]: the cell and the cells orthogonally next to it (Firestorm's reach)."""
FIGHTS_BACK = tuple(tuple(not CARD_IS_BLOCK[ci] and bool(CARD_ARROWS[ci][d]) for d in range(8))
                    for ci in range(len(POOL)))
"""FIGHTS_BACK[card][d]: a monster with an arrow in direction d (attacked from that side: conflict)."""
FLIPPABLE = tuple(tuple(not CARD_IS_BLOCK[ci] and not CARD_ARROWS[ci][d] for d in range(8))
                  for ci in range(len(POOL)))
"""FLIPPABLE[card][d]: a monster without an arrow in direction d (pointed at from that side: flips)."""
FIGHTS_BACK_FROM = tuple(tuple(fb[(d + 4) & 7] for d in range(8)) for fb in FIGHTS_BACK)
"""FIGHTS_BACK_FROM[card][d]: FIGHTS_BACK of the card attacked by an arrow pointing in direction d."""
FLIPPABLE_FROM = tuple(tuple(fl[(d + 4) & 7] for d in range(8)) for fl in FLIPPABLE)
"""FLIPPABLE_FROM[card][d]: FLIPPABLE of the card pointed at by an arrow pointing in direction d."""

# ---------------------------------------------------------------- phases (what the mover decides)
PH_MULLIGAN, PH_MAIN, PH_CELL, PH_ORDER, PH_ABILITY, PH_CONFLICT, PH_HIT, PH_PULL, PH_PICK, \
    PH_DISCARD, PH_OVER, PH_NONE = range(12)
PHASE_NAMES = ("mulligan", "main", "cell", "order", "ability", "conflict", "hit", "pull", "pick",
               "discard", "over", "none")

# turn steps
STEP_SETUP, STEP_REVEAL, STEP_PLAY, STEP_RESOLVE, STEP_END = range(5)

# scalar slots of ``sc``
(S_PHASE, S_MOVER, S_TP, S_TURN, S_FIRST, S_STEP, S_WINNER, S_REASON, S_PASSES, S_SEL, S_SELCOV,
 S_PDIR, S_PLEFT, S_CRED0, S_CRED1, S_TAKEN0, S_TAKEN1, S_MULLS, S_MULLSIZE, S_OPTS, S_RNG,
 S_ACTS, S_MAINCOUNT, S_VIEWER, S_GRIDCOUNT, S_NCOV0, S_NCOV1, S_DIRTY, N_SCALARS) = range(29)

WIN_NONE, WIN_DRAW = -1, 2
REASONS = ("", "the main zone is full", "both players passed with no cards left",
           "six passes in a row", "conceded")
R_NONE, R_FULL, R_PASSED_OUT, R_STALL, R_CONCEDE = range(5)

# per-instance flags
F_COVERED, F_GROWTH, F_MOVED, F_FLIPPED = 1, 2, 4, 8
DIRTY_DAMAGE, DIRTY_MARKS = 1, 2     # S_DIRTY bits: what the end of the turn must reset
_COVER_BITS = F_COVERED | F_GROWTH   # the flags that outlast the turn
_UNCOVERED = ~_COVER_BITS            # flags & _UNCOVERED: the card revealed

# cell bonuses
B_NONE, B_ATK, B_DEF, B_CREDITS, B_DRAW, B_REFUND, B_DOUBLE = range(7)
BONUS_NAMES = ("", "+2 ATK", "+2 DEF", "+10 credits", "draw 1 card", "cost refund", "double score")
N_BONUS_CELLS = 5

# stack frames (flat tuples)
FR_ACT, FR_GROUP = 0, 1
# FR_ACT frame: (FR_ACT, inst, stage, used_mask, conflicted_mask, revived_cost, how)
#   how: bit 0 = a reactivation; bit 1 = it began in the out zone (abilities only, seed)
HOW_RE, HOW_OUT = 1, 2
# FR_GROUP frame: (FR_GROUP, reactivation, inst, inst, ...) — cards waiting to activate; the player orders them
ST_P1, ST_CONFLICT, ST_P2 = 0, 1, 2
_ABILITY_STAGE = (True, False, True)    # stage -> an ability phase (ST_P1, ST_P2), not ST_CONFLICT

# options (bits of S_OPTS)
O_SYNERGY, O_MULLIGAN_VARIANT, O_MAGNET_SELF = 1, 2, 4
_OPTION_BITS = {"color_synergy": O_SYNERGY, "mulligan_variant": O_MULLIGAN_VARIANT,
                "magnetism_self": O_MAGNET_SELF}

OPENING_HAND = 5
HAND_LIMIT = 8
START_CREDITS = 50
INCOME = 5
STALL_PASSES = 6
MAX_ACTIVATIONS_PER_TURN = 200

# zones inside ``zones``: hand p = zones[Z_HAND + p], etc.
Z_HAND, Z_DECK, Z_GRAVE, Z_REMOVED = 0, 2, 4, 6
ZONE_NAMES = ("hand", "hand", "deck", "deck", "graveyard", "graveyard", "removed", "removed")


_DECK_CACHE: dict = {}


def _deck_indices(d) -> tuple:
    key = d.cards if hasattr(d, "cards") else tuple(d)
    got = _DECK_CACHE.get(key)
    if got is None:
        ids = d.card_list() if hasattr(d, "card_list") else list(d)
        got = tuple(INDEX_OF[c] for c in ids)
        if len(_DECK_CACHE) > 64:
            _DECK_CACHE.clear()
        _DECK_CACHE[key] = got
    return got


_DRAW_GROUPS: dict = {}


def _draw_groups(length: int) -> tuple:
    """For a list of ``length`` items: the swap steps of :func:`_shuffle` grouped by the 64-bit
    draw that serves them, as tuples of ``(n, n - 1)``: the radix ``n`` of the step that swaps
    item ``n - 1``.
    A fresh draw is taken when the room left in the current one falls below ``n << 20``; that
    depends only on the length, so the grouping is computed once per length."""
    got = _DRAW_GROUPS.get(length)
    if got is None:
        groups = []
        room = 0
        for i in range(length - 1, 0, -1):
            n = i + 1
            if room < n << 20:
                room = 1 << 64
                groups.append([])
            room //= n
            groups[-1].append((n, n - 1))
        got = _DRAW_GROUPS[length] = tuple(tuple(g) for g in groups)
    return got


def _shuffle(state: int, items: list) -> int:
    """Fisher–Yates shuffle driven by the match RNG (SplitMix64, its draws taken as one
    block); each 64-bit draw serves several swaps (mixed-radix digits). Returns the new RNG
    state."""
    groups = _draw_groups(len(items))
    if not groups:
        return state
    draws, state = next64_block(state, len(groups))
    _permute(items, draws, groups)
    return state


def _permute(items: list, draws, groups: tuple) -> None:
    """The swaps of :func:`_shuffle`, from its draws (one per group of ``_draw_groups``)."""
    for r, radices in zip(draws, groups):
        for n, i in radices:        # swap item i = n - 1 with item j, j the next base-n digit of r
            j = r % n
            r //= n
            x = items[i]
            items[i] = items[j]
            items[j] = x


def _reveal_order(covered: list, flags, cardof, pos) -> None:
    """Sort covered cards as they are revealed: cheapest first (Growth cards are free), then by
    cell. (A function of its own: a lambda in _drive would make its locals closure cells.)"""
    covered.sort(key=lambda i: (0 if flags[i] & F_GROWTH else CARD_COST[cardof[i]], pos[i]))


class EvonsMatch(Match):
    """One Evons match. State: flat int lists (see the slot comments)."""

    __slots__ = (
        "cardof",   # tuple: instance -> pool index (-1 = hidden, in a view)
        "n0",       # instances of seat 0 (ids below n0 are seat 0's)
        "sc",       # scalars, see S_*
        "grid",     # 49 cells -> instance or -1
        "pos",      # instance -> cell or -1
        "ctrl",     # instance -> controlling seat
        "flags",    # instance -> F_* bits
        "dmg",      # instance -> damage taken this turn
        "bon",      # instance -> stat/score bonus it holds (B_ATK, B_DEF, B_DOUBLE) while on that cell
        "cellbonus",  # 49 cells -> unused bonus kind (B_NONE once used)
        "zones",    # [hand0, hand1, deck0, deck1, grave0, grave1, removed0, removed1]; deck top = end
        "stack",    # activation stack: list of frame tuples, top = end
        "pool",     # in a view, per seat: the viewer's own unseen card indices; () for the opponent,
                    # whose deck list is not public: only their count of hidden cards shows); else None
        "_legal",   # cache of legal actions (not state)
        "_free",    # the CELL actions of the empty cells, in cell order; kept in step with ``grid``
                    # by _put/_lift (derived, not state)
        "_free_cells",  # the same empty cells as ints (bisected to find a cell's place in both)
        "_cov",     # bit mask of the covered instances (F_COVERED), kept in step with ``flags``
        "_marked",  # bit mask of the instances carrying this turn's F_MOVED / F_FLIPPED marks
                    # (both derived, not state: the reveal and the end of the turn read them
                    # instead of scanning every instance's flags)
    )

    GAME = "evons"
    TIMEOUT_ACTIONS = (A_KEEP, A_CANCEL, A_PASS, A_DONE)   # a timeout ends the turn (Match.timeout_action)
    _stop_at_turn_end = False   # True in a preview's copy: _drive stops where the next turn would begin
    OPTIONS = (
        OptionSpec("color_synergy", "Color Synergy (testing)",
                   "A Block gives +1 ATK and +1 DEF in conflicts to each orthogonally adjacent "
                   "monster of its owner with the same element."),
        OptionSpec("mulligan_variant", "Mulligan variant (testing)",
                   "Instead of the single mulligan: shuffle your whole hand back and draw one card "
                   "fewer, as often as you like."),
        OptionSpec("magnetism_self", "Magnetism pulls itself (testing)",
                   "Magnetism may pull the acting card itself onto the target cell."),
    )

    # ================================================================ creation
    @classmethod
    def new(cls, decks: Sequence, seed: int, options: Mapping[str, Any] | None = None) -> "EvonsMatch":
        lists = [_deck_indices(d) for d in decks]
        rng = Rng(mix_seed(seed, 0xE7045))
        opts = 0
        for k, v in (options or {}).items():
            if k not in _OPTION_BITS:
                raise ValueError(f"unknown Evons option {k!r}")
            if v:
                opts |= _OPTION_BITS[k]
        m = cls._blank(len(lists[0]), len(lists[0]) + len(lists[1]))
        # The deck is shuffled by shuffling which card each instance id is; the deck then
        # lies in id order (top = highest id). Ids say nothing about cards, and a view masks
        # the card of every deck instance.
        # The draws of both shuffles (as _shuffle takes them) and of the setup come in one block.
        g0, g1 = _draw_groups(len(lists[0])), _draw_groups(len(lists[1]))
        k0, k1 = len(g0), len(g0) + len(g1)
        sc = m.sc
        draws, sc[S_RNG] = next64_block(rng.state, k1 + 1 + 2 * N_BONUS_CELLS)
        cards0, cards1 = list(lists[0]), list(lists[1])
        _permute(cards0, draws[:k0], g0)
        _permute(cards1, draws[k0:k1], g1)
        m.cardof = tuple(cards0 + cards1)
        sc[S_OPTS] = opts
        for q in (0, 1):
            m.zones[Z_DECK + q].extend(m._ids_of(q))
        # rng.randrange(n) = the next draw % n: who goes first, then a cell and a kind per bonus
        draws = draws[k1:]
        sc[S_FIRST] = draws[0] % 2
        cells = list(_BONUS_CELLS)
        kinds = [B_ATK, B_DEF, B_CREDITS, B_DRAW, B_REFUND, B_DOUBLE]
        for k in range(N_BONUS_CELLS):
            c = cells.pop(draws[1 + 2 * k] % len(cells))
            m.cellbonus[c] = kinds.pop(draws[2 + 2 * k] % len(kinds))
        for q in (0, 1):        # the opening hands: as OPENING_HAND times _draw(q, None)
            deck = m.zones[Z_DECK + q]
            m.zones[Z_HAND + q] += deck[:-OPENING_HAND - 1:-1]
            del deck[-OPENING_HAND:]
        sc[S_PHASE] = PH_MULLIGAN
        sc[S_MOVER] = sc[S_FIRST]
        sc[S_TP] = sc[S_FIRST]
        sc[S_MULLSIZE] = OPENING_HAND
        sc[S_STEP] = STEP_SETUP
        m._settle([])
        return m

    @classmethod
    def _blank(cls, n0: int, n: int) -> "EvonsMatch":
        m = cls.__new__(cls)
        m.n0 = n0
        m.cardof = (-1,) * n
        sc = [0] * N_SCALARS
        sc[S_WINNER] = WIN_NONE
        sc[S_SEL] = -1
        sc[S_PDIR] = -1
        sc[S_VIEWER] = -1
        sc[S_CRED0] = sc[S_CRED1] = START_CREDITS
        m.sc = sc
        m.grid = [-1] * N_CELLS
        m._free = list(_CELL_ACTS)
        m._free_cells = list(range(N_CELLS))
        m.pos = [-1] * n
        m.ctrl = [0] * n0 + [1] * (n - n0)     # every card starts with its owner
        m.flags = [0] * n
        m._cov = m._marked = 0
        m.dmg = [0] * n
        m.bon = [0] * n
        m.cellbonus = [0] * N_CELLS
        m.zones = [[], [], [], [], [], [], [], []]
        m.stack = []
        m.pool = None
        m._legal = None
        return m

    def _derive_masks(self) -> None:
        """``_cov`` and ``_marked`` from ``flags`` (after a state is read or built by hand)."""
        cov = marked = 0
        for i, fl in enumerate(self.flags):
            if fl & F_COVERED:
                cov |= 1 << i
            if fl & (F_MOVED | F_FLIPPED):
                marked |= 1 << i
        self._cov, self._marked = cov, marked

    def _ids_of(self, q: int) -> range:
        return range(0, self.n0) if q == 0 else range(self.n0, len(self.cardof))

    def owner(self, inst: int) -> int:
        return 0 if inst < self.n0 else 1

    # ================================================================ public queries
    def to_move(self) -> int | None:
        return None if self.sc[S_WINNER] != WIN_NONE else self.sc[S_MOVER]

    def turn_player(self) -> int:
        return self.sc[S_TP]

    def turn(self) -> int:
        return self.sc[S_TURN]

    def phase(self) -> str:
        return PHASE_NAMES[self.sc[S_PHASE]]

    def options(self) -> dict:
        return {k: bool(self.sc[S_OPTS] & b) for k, b in _OPTION_BITS.items()}

    def credits(self, p: int) -> int:
        return self.sc[S_CRED0 + p]

    def hand(self, p: int) -> list[int]:
        return list(self.zones[Z_HAND + p])

    def deck_size(self, p: int) -> int:
        return len(self.zones[Z_DECK + p])

    def graveyard(self, p: int) -> list[int]:
        return list(self.zones[Z_GRAVE + p])

    def removed(self, p: int) -> list[int]:
        return list(self.zones[Z_REMOVED + p])

    def card(self, inst: int):
        """The card object of an instance, or None if hidden (in a view)."""
        ci = self.cardof[inst]
        return POOL[ci] if ci >= 0 else None

    def at(self, c: int) -> int:
        """Instance on cell ``c`` or -1."""
        return self.grid[c]

    def is_covered(self, inst: int) -> bool:
        return bool(self.flags[inst] & F_COVERED)

    def is_growth_covered(self, inst: int) -> bool:
        return bool(self.flags[inst] & F_GROWTH)

    def controller(self, inst: int) -> int:
        return self.ctrl[inst]

    def cell_bonuses(self) -> dict[int, str]:
        """Unused cell bonuses: cell -> bonus name."""
        return {c: BONUS_NAMES[k] for c, k in enumerate(self.cellbonus) if k}

    def held_bonus(self, inst: int) -> str:
        return BONUS_NAMES[self.bon[inst]]

    def current_atk(self, inst: int) -> int:
        return CARD_ATK[self.cardof[inst]] + (2 if self.bon[inst] == B_ATK else 0)

    def current_def(self, inst: int) -> int:
        return CARD_DEF[self.cardof[inst]] + (2 if self.bon[inst] == B_DEF else 0) - self.dmg[inst]

    def score(self, p: int) -> int:
        ctrl, flags, cardof, bon = self.ctrl, self.flags, self.cardof, self.bon
        s = 0
        # the instances on the main zone's cells, the empty ones (-1) left out in C
        for i in filter(_IS_INST, _MAIN_OF(self.grid)):
            if ctrl[i] == p and not flags[i] & F_COVERED and not CARD_IS_BLOCK[cardof[i]]:
                s += 2 if bon[i] == B_DOUBLE else 1
        return s

    def scores(self) -> tuple[int, int]:
        """``(score(0), score(1))`` in one pass over the main zone."""
        ctrl, flags, cardof, bon = self.ctrl, self.flags, self.cardof, self.bon
        s = [0, 0]
        for i in filter(_IS_INST, _MAIN_OF(self.grid)):
            if not flags[i] & F_COVERED and not CARD_IS_BLOCK[cardof[i]]:
                s[ctrl[i]] += 2 if bon[i] == B_DOUBLE else 1
        return s[0], s[1]

    def acting(self) -> int:
        """The instance whose activation is running (top of the stack), or -1."""
        st = self.stack
        if st and st[-1][0] == FR_ACT:
            return st[-1][1]
        return -1

    def pending_target(self) -> int:
        """During a Firestorm/Magnetism/pick choice: the ability's target cell, else -1."""
        a = self.acting()
        if a < 0 or self.sc[S_PDIR] < 0:
            return -1
        return NEIGHBOUR[self.pos[a]][self.sc[S_PDIR]]

    def decision(self) -> dict:
        """What the player to move is deciding, for the client: ``phase`` (see PHASE_NAMES),
        ``player``, the ``acting`` instance and its ``cell`` (or -1), the ability ``target``
        cell (or -1), Firestorm ``points_left``, the ``selected`` hand card and ``covered``."""
        sc = self.sc
        a = self.acting()
        return {"phase": PHASE_NAMES[sc[S_PHASE]], "player": self.to_move(), "acting": a,
                "cell": self.pos[a] if a >= 0 else -1, "target": self.pending_target(),
                "points_left": sc[S_PLEFT] if sc[S_PHASE] == PH_HIT else 0,
                "selected": sc[S_SEL], "covered": bool(sc[S_SELCOV]) if sc[S_SEL] >= 0 else False}

    def play_targets(self, inst: int, covered: bool = False) -> list[int]:
        """Cells where the card in hand could be played now (empty list if it can't)."""
        if self._play_problem(inst, -1, int(bool(covered))) is not None:
            return []
        return self._empty_cells(CARD_IS_BLOCK[self.cardof[inst]])

    # ================================================================ legality
    def legal_actions(self) -> list:
        """A new list (the caller owns it): the cached one is handed over, then recomputed if
        asked for again before the next action."""
        legal = self._legal
        if legal is None:
            sc = self.sc
            # (a compare whose jump is long is not specialized in 3.11: the rare case jumps)
            if sc[S_PHASE] != PH_MAIN or sc[S_WINNER] != WIN_NONE or sc[S_GRIDCOUNT] >= N_CELLS:
                return self._compute_legal()
            # (the commonest, directly) as _main_actions(sc[S_MOVER]), inlined
            p = sc[S_MOVER]
            out_room = N_OUT - sc[S_GRIDCOUNT] + sc[S_MAINCOUNT]      # empty out-zone cells
            credits = sc[S_CRED0 + p]
            cardof = self.cardof
            play_cost, active, cover = _PLAY_COST, _SELECT_ACTIVE, _SELECT_COVERED   # (locals: cheaper)
            out = []
            covered = []
            for i in self.zones[Z_HAND + p]:
                cost = play_cost[cardof[i]]
                if cost < 0:                        # a Block card
                    if out_room:
                        out.append(active[i])
                else:
                    if cost <= credits:
                        out.append(active[i])
                    covered.append(cover[i])
            out += covered
            out.append(A_PASS)
            return out
        self._legal = None
        return legal

    def _compute_legal(self) -> list:
        sc = self.sc
        if sc[S_WINNER] != WIN_NONE:
            return []
        ph = sc[S_PHASE]
        p = sc[S_MOVER]
        if ph == PH_MAIN:
            return self._main_actions(p)
        if ph == PH_CELL:
            return self._cell_actions()
        if ph == PH_ABILITY:
            f = self.stack[-1]
            out = self._fire_actions(f)
            out.append(A_DONE)
            return out
        if ph == PH_CONFLICT:
            return list(map(_CONFLICT_OF, self._conflicts(self.stack[-1])))
        if ph == PH_ORDER:
            return list(map(_ORDER_OF, map(self.pos.__getitem__, self.stack[-1][2:])))
        if ph == PH_HIT:
            return list(map(_HIT_OF, self._firestorm_cells()))
        if ph == PH_PULL:
            return list(map(_PULL_OF, self._pull_sources()))
        if ph == PH_PICK:
            return list(map(_PICK_OF, self._pick_options()))
        if ph == PH_DISCARD:
            return list(map(_DISCARD_OF, self.zones[Z_HAND + p]))
        if ph == PH_MULLIGAN:
            h = len(self.zones[Z_HAND + p])
            if h == 0:
                return [A_KEEP]
            if sc[S_OPTS] & O_MULLIGAN_VARIANT:
                return [A_KEEP, (MULLIGAN, (1 << h) - 1)]
            if h < len(_MULLIGAN_LISTS):
                return list(_MULLIGAN_LISTS[h])
            return [A_KEEP] + [(MULLIGAN, m) for m in range(1, 1 << h)]
        return []

    def _main_actions(self, p: int) -> list:
        sc = self.sc
        if sc[S_GRIDCOUNT] >= N_CELLS:
            return [A_PASS]
        out_empty = sc[S_GRIDCOUNT] - sc[S_MAINCOUNT] < N_OUT
        credits = sc[S_CRED0 + p]
        cardof = self.cardof
        hand = self.zones[Z_HAND + p]
        # active: a monster you can pay for, or a Block card while the out zone has room;
        # then covered: every monster; then pass
        # (plain loop and out.append: CPython 3.11 specializes list.append called as a method)
        out = []
        covered = []
        for i in hand:
            cost = _PLAY_COST[cardof[i]]
            if cost < 0:                        # a Block card
                if out_empty:
                    out.append(_SELECT_ACTIVE[i])
            else:
                if cost <= credits:
                    out.append(_SELECT_ACTIVE[i])
                covered.append(_SELECT_COVERED[i])
        out += covered
        out.append(A_PASS)
        return out

    def _cell_actions(self) -> list:
        """The CELL actions for the selected card: any empty cell (Block cards: the out zone only)."""
        if CARD_IS_BLOCK[self.cardof[self.sc[S_SEL]]]:
            return list(compress(self._free, map(_OUT_CELL, self._free_cells)))
        return self._free[:]

    def _empty_cells(self, block_card: bool) -> list[int]:
        """Empty cells where a card can be played (Block cards: the out zone only), in order."""
        if block_card:
            return list(filter(_OUT_CELL, self._free_cells))
        return self._free_cells[:]

    def _play_problem(self, inst: int, c: int, covered: int) -> str | None:
        """Why playing ``inst`` (on ``c``; -1 = any cell) is illegal now, or None."""
        sc = self.sc
        if sc[S_PHASE] not in (PH_MAIN, PH_CELL) or sc[S_STEP] != STEP_PLAY:
            return "It is not time to play a card."
        p = sc[S_MOVER]
        if not isinstance(inst, int) or not 0 <= inst < len(self.cardof) or \
                inst not in self.zones[Z_HAND + p]:
            return "That card is not in your hand."
        ci = self.cardof[inst]
        name = CARD_NAME[ci]
        if covered not in (0, 1):
            return "Choose active or covered."
        if CARD_IS_BLOCK[ci] and covered:
            return f"{name} is a Block card: it is played face-up, never covered."
        if not CARD_IS_BLOCK[ci] and not covered and CARD_COST[ci] > sc[S_CRED0 + p]:
            return f"Not enough credits to play {name} active (cost {CARD_COST[ci]}, you have {sc[S_CRED0 + p]})."
        if c == -1:
            if not self._empty_cells(CARD_IS_BLOCK[ci]):
                return "There is no empty cell for that card." if not CARD_IS_BLOCK[ci] else \
                    "Block cards go only into the out zone, and it is full."
            return None
        if not isinstance(c, int) or not 0 <= c < N_CELLS:
            return "That is not a cell of the grid."
        if self.grid[c] >= 0:
            return f"Cell {cell_name(c)} is occupied."
        if CARD_IS_BLOCK[ci] and IN_MAIN[c]:
            return "A Block card can be played from your hand only into the out zone."
        return None

    def why_illegal(self, action) -> str | None:
        if self.sc[S_WINNER] != WIN_NONE:
            return "The game is over."
        action = as_action(action)
        if action is None:
            return "That is not a move."
        if not action:
            return "That is not a move."
        if action == A_CONCEDE:
            return None
        if action == A_CANCEL:
            return None if self.sc[S_PHASE] == PH_CELL else "There is no selected card to take back."
        if action[0] == PLAY:
            if len(action) != 4:
                return "That is not a move."
            if self.sc[S_PHASE] != PH_MAIN:
                return "It is not time to play a card." if self.sc[S_PHASE] != PH_CELL else \
                    "Finish or cancel the card you selected first."
            return self._play_problem(action[1], action[2], action[3])
        if action in self.legal_actions():
            return None
        return self.explain_illegal(action) or "That move is not allowed now."

    def explain_illegal(self, action) -> str | None:
        sc = self.sc
        ph = sc[S_PHASE]
        k = action[0]
        want = {PH_MULLIGAN: "Keep your opening hand or mulligan first.",
                PH_MAIN: "Play a card or pass.",
                PH_CELL: "Choose a cell for the selected card (or cancel).",
                PH_ORDER: "Choose which of your cards activates next.",
                PH_ABILITY: "Fire an ability arrow or end the ability phase.",
                PH_CONFLICT: "Choose the next conflict.",
                PH_HIT: "Choose where the next point of Firestorm damage goes.",
                PH_PULL: "Choose the card Magnetism pulls.",
                PH_PICK: "Choose a card for the ability.",
                PH_DISCARD: "Discard down to 8 cards."}.get(ph, "")
        expected = {PH_MULLIGAN: (KEEP, MULLIGAN), PH_MAIN: (SELECT, PASS), PH_CELL: (CELL, CANCEL),
                    PH_ORDER: (ORDER,), PH_ABILITY: (FIRE, DONE), PH_CONFLICT: (CONFLICT,),
                    PH_HIT: (HIT,), PH_PULL: (PULL,), PH_PICK: (PICK,), PH_DISCARD: (DISCARD,)}
        if k not in expected.get(ph, ()):
            return f"Not now. {want}"
        if k == SELECT and len(action) == 3:
            return self._play_problem(action[1], -1, action[2])
        if k == CELL and len(action) == 2:
            return self._play_problem(sc[S_SEL], action[1], sc[S_SELCOV])
        if k == MULLIGAN:
            return "That mulligan does not match your hand."
        if k == FIRE and len(action) == 2:
            return self._fire_problem(action[1])
        if k == CONFLICT:
            return "There is no pending conflict in that direction."
        if k == HIT:
            return "Firestorm can only hit opponent cards on the target cell or the cells next to it."
        if k == PULL:
            return ("Magnetism pulls a card from a cell orthogonally next to the target "
                    "(not a Block, not a Growth-covered card, not the acting card).")
        if k == PICK:
            return "That card cannot be chosen for this ability."
        if k == DISCARD:
            return "That card is not in your hand."
        if k == ORDER:
            return "That card is not waiting to activate."
        return None

    def _fire_problem(self, d: int) -> str | None:
        if not 0 <= d < 8:
            return "That is not a direction."
        f = self.stack[-1]
        inst = f[1]
        ci = self.cardof[inst]
        ab = CARD_ARROWS[ci][d]
        name = CARD_NAME[ci]
        if ab == 0:
            return f"{name} has no arrow pointing {DIRECTIONS[d]}."
        if ab == NORMAL:
            return f"The {DIRECTIONS[d]} arrow of {name} is a Normal arrow: it has no ability."
        if f[3] >> d & 1:
            return f"The {ABILITY_TITLES[ab]} arrow ({DIRECTIONS[d]}) was already used this activation."
        t = NEIGHBOUR[self.pos[inst]][d]
        if t < 0:
            return f"The {DIRECTIONS[d]} arrow points off the grid."
        return f"{ABILITY_TITLES[ab]} would do nothing on {cell_name(t)} now."

    # ================================================================ abilities: when can they fire
    def _fire_actions(self, f) -> list:
        """The FIRE actions, in direction order, of the acting card's (frame ``f``) ability
        arrows that are unused and would do something now."""
        inst = f[1]
        ci = self.cardof[inst]
        used = f[3]
        grid, flags, cardof = self.grid, self.flags, self.cardof
        out = []
        for d, t, ab in ABILITY_AIMS[ci][self.pos[inst]]:
            if used >> d & 1:
                continue
            o = grid[t]
            # the common cases inline; the rest in _can_fire
            if o < 0:
                if ab == FIRESTORM:     # as _can_fire
                    ok = CARD_ATK[ci] + (2 if self.bon[inst] == B_ATK else 0) > 0 and self._firestorm_can_hit(t)
                else:
                    ok = ab == SWAP or (ab != REMOVE and ab != SHOCKWAVE and self._can_fire(inst, ci, ab, t, f))
            elif flags[o] & F_COVERED or ab == SHOCKWAVE:
                ok = True
            elif ab == REMOVE or ab == SWAP:
                ok = not CARD_IS_BLOCK[cardof[o]]
            elif ab == BLOCK:
                ok = CARD_IS_BLOCK[cardof[o]]
            else:
                ok = ab == FIRESTORM and CARD_ATK[ci] + (2 if self.bon[inst] == B_ATK else 0) > 0 \
                    and self._firestorm_can_hit(t)
            if ok:
                out.append(_FIRE_ACTS[d])
        return out

    def fire_matters(self, action) -> bool:
        """Can ``action``, a FIRE of the acting card in the ability phase, do its player any
        good? False for an arrow whose only effect is to destroy one of that player's own
        cards (Remove on their monster; any arrow but Shockwave into their own covered
        card): the table does not ask about such arrows (the AI's tactics skip them too)."""
        if not action or action[0] != FIRE or self.sc[S_PHASE] != PH_ABILITY or not self.stack:
            return True
        inst = self.stack[-1][1]
        for d, t, ab in ABILITY_AIMS[self.cardof[inst]][self.pos[inst]]:
            if d != action[1]:
                continue
            o = self.grid[t] if t >= 0 else -1
            if o < 0 or self.ctrl[o] != self.sc[S_MOVER]:
                return True
            if self.flags[o] & F_COVERED:
                return ab == SHOCKWAVE
            return not (ab == REMOVE and not CARD_IS_BLOCK[self.cardof[o]])
        return True

    def _can_fire(self, inst: int, ci: int, ab: int, t: int, f) -> bool:
        o = self.grid[t]
        if o >= 0 and self.flags[o] & F_COVERED:
            return True   # any ability arrow destroys a covered card
        if ab == REMOVE:
            return o >= 0 and not CARD_IS_BLOCK[self.cardof[o]]
        if ab == SHOCKWAVE:
            return o >= 0
        if ab == SWAP:
            return o < 0 or not CARD_IS_BLOCK[self.cardof[o]]
        if ab == BLOCK:
            if o >= 0:
                return CARD_IS_BLOCK[self.cardof[o]]
            return self._has_in_hand(True)
        if o >= 0:
            if ab == FIRESTORM:
                return self.current_atk(inst) > 0 and self._firestorm_can_hit(t)
            return False
        if ab == FIRESTORM:
            return self.current_atk(inst) > 0 and self._firestorm_can_hit(t)
        if ab == GROWTH:
            return self._has_in_hand(False)
        if ab == MAGNETISM:
            return bool(self._pull_sources_at(t, inst))
        if ab == RESURRECTION:
            budget = CARD_COST[ci] - f[5]
            cardof = self.cardof
            for g in self.zones[Z_GRAVE + self.sc[S_TP]]:
                gc = cardof[g]
                if not CARD_IS_BLOCK[gc] and CARD_COST[gc] <= budget:
                    return True
            return False
        return False

    def _has_in_hand(self, block: bool) -> bool:
        cardof = self.cardof
        for i in self.zones[Z_HAND + self.sc[S_TP]]:
            if CARD_IS_BLOCK[cardof[i]] == block:
                return True
        return False

    def _firestorm_cells_at(self, t: int) -> list[int]:
        """Cells Firestorm aimed at ``t`` can hit now."""
        opp = 1 - self.sc[S_TP]
        grid, ctrl, flags, cardof = self.grid, self.ctrl, self.flags, self.cardof
        out = []
        for c in SPLASH[t]:
            o = grid[c]
            if o >= 0 and ctrl[o] == opp and (flags[o] & F_COVERED or not CARD_IS_BLOCK[cardof[o]]):
                out.append(c)
        return out

    def _firestorm_can_hit(self, t: int) -> bool:
        """Can Firestorm aimed at ``t`` hit anything now? (as ``_firestorm_cells_at(t)``, without the list)"""
        opp = 1 - self.sc[S_TP]
        grid, ctrl, flags, cardof = self.grid, self.ctrl, self.flags, self.cardof
        for c in SPLASH[t]:
            o = grid[c]
            if o >= 0 and ctrl[o] == opp and (flags[o] & F_COVERED or not CARD_IS_BLOCK[cardof[o]]):
                return True
        return False

    def _firestorm_cells(self) -> list[int]:
        return self._firestorm_cells_at(self.pending_target())

    def _pull_sources_at(self, t: int, acting: int) -> list[int]:
        grid, flags, cardof = self.grid, self.flags, self.cardof
        self_ok = self.sc[S_OPTS] & O_MAGNET_SELF
        out = []
        for c in ORTHO_NEIGHBOURS[t]:
            o = grid[c]
            if o < 0 or flags[o] & F_GROWTH or CARD_IS_BLOCK[cardof[o]]:
                continue
            if o == acting and not self_ok:
                continue
            out.append(c)
        return out

    def _pull_sources(self) -> list[int]:
        return self._pull_sources_at(self.pending_target(), self.acting())

    def _pick_options(self) -> list[int]:
        f = self.stack[-1]
        ab = CARD_ARROWS[self.cardof[f[1]]][self.sc[S_PDIR]]
        tp = self.sc[S_TP]
        cardof = self.cardof
        seen = set()
        out = []
        if ab == RESURRECTION:
            budget = CARD_COST[cardof[f[1]]] - f[5]
            src = self.zones[Z_GRAVE + tp]
        else:
            budget = 1 << 30
            src = self.zones[Z_HAND + tp]
        want_block = ab == BLOCK
        for i in sorted(src):
            ci = cardof[i]
            if ci in seen or CARD_IS_BLOCK[ci] != want_block or CARD_COST[ci] > budget:
                continue
            seen.add(ci)
            out.append(i)
        return out

    def _conflicts(self, f) -> list[int]:
        """Directions of pending conflicts of the acting card (frame ``f``)."""
        if f[6] & HOW_OUT:
            return []
        inst = f[1]
        done = f[4]
        grid, ctrl, flags, cardof = self.grid, self.ctrl, self.flags, self.cardof
        me = ctrl[inst]
        out = []
        for d, t, _ in MAIN_AIMS[cardof[inst]][self.pos[inst]]:
            if done >> d & 1:
                continue
            o = grid[t]
            if o < 0 or ctrl[o] == me or flags[o] & F_COVERED:
                continue
            if FIGHTS_BACK_FROM[cardof[o]][d]:
                out.append(d)
        return out

    def _conflict_stage(self, f, ev: list):
        """The conflict stage of frame ``f`` (on top of the stack), in one pass over the arrows:
        the pending conflicts' directions as :meth:`_conflicts` lists them, if any (a list);
        else phase 2 begins: the frame moves on to it, the card flips what it points at (as
        :meth:`_flips`) and the number flipped is returned (an int)."""
        inst = f[1]
        if f[6] & HOW_OUT:
            self.stack[-1] = (FR_ACT, inst, ST_P2, f[3], f[4], f[5], f[6])
            return 0
        done = f[4]
        grid, ctrl, flags, cardof = self.grid, self.ctrl, self.flags, self.cardof
        me = ctrl[inst]
        out = None
        flips = None
        for d, t, _ in MAIN_AIMS[cardof[inst]][self.pos[inst]]:
            o = grid[t]
            if o < 0 or ctrl[o] == me or flags[o] & F_COVERED:
                continue
            co = cardof[o]
            if FIGHTS_BACK_FROM[co][d]:
                if not done >> d & 1:
                    if out is None:
                        out = [d]
                    else:
                        out.append(d)
            elif out is None and FLIPPABLE_FROM[co][d]:
                if flips is None:
                    flips = [(t, o)]
                else:
                    flips.append((t, o))
        if out is not None:
            return out
        self.stack[-1] = (FR_ACT, inst, ST_P2, f[3], done, f[5], f[6])
        if flips is None:
            return 0
        # as _flips: each target is another card, so flipping one leaves the others' tests as they were
        again = None
        for t, o in flips:
            ctrl[o] = me
            flags[o] |= F_FLIPPED
            self._marked |= 1 << o
            ev.append(("flip", o, t, me))
            if flags[o] & F_MOVED:
                if again is None:
                    again = [o]
                else:
                    again.append(o)
        self.sc[S_DIRTY] |= DIRTY_MARKS
        if again:
            self._trigger(again, ev, re=True)
        return len(flips)

    # ================================================================ applying actions
    def apply(self, action, *, check: bool = True) -> list:
        """As :meth:`Match.apply`; the unchecked path (search, self-play) runs here
        without the extra call through the base class. (Unchecked, the action is only
        indexed, never kept: a list of ints gives what its tuple gives.)"""
        if check:
            return Match.apply(self, action, check=True)
        ev: list = []
        k = action[0]
        sc = self.sc
        # the commonest actions as in _do, inlined (one call less each); CELL's long branch
        # comes last (a compare whose jump is long is not specialized in 3.11)
        if k == SELECT:
            inst = sc[S_SEL] = action[1]
            sc[S_SELCOV] = action[2]
            sc[S_PHASE] = PH_CELL
            # as _cell_actions, inlined
            if CARD_IS_BLOCK[self.cardof[inst]]:
                legal = self._legal = list(compress(self._free, map(_OUT_CELL, self._free_cells)))
            else:
                legal = self._legal = self._free[:]
            if len(legal) != 1:         # (one cell left: taken below, as a forced decision)
                return ev
        elif k == FIRE:                 # as _do, inlined
            self._legal = None
            self._fire(action[1], ev)
            if sc[S_PHASE] == PH_NONE:
                self._drive(ev)
        elif k == DONE:
            # as _do, inlined
            self._legal = None
            st = self.stack
            f = st[-1]
            if f[2] == ST_P1:
                st[-1] = (FR_ACT, f[1], ST_CONFLICT, f[3], f[4], f[5], f[6])
            else:
                st.pop()
                ev.append(("sequence_end", f[1]))
            sc[S_PHASE] = PH_NONE
            self._drive(ev)
        elif k == HIT:                  # as _do, inlined
            self._legal = None
            self._hit(action[1], ev)
            if sc[S_PHASE] == PH_NONE:
                self._drive(ev)
        elif k == PLAY:
            self._legal = None
            self._do((SELECT, action[1], action[3]), ev)
            self._legal = None          # the cell list SELECT cached is not the decision after CELL
            self._do((CELL, action[2]), ev)
        elif k == CONCEDE and len(action) == 1:
            self._finish(ev, R_CONCEDE, winner=1 - sc[S_MOVER])
            self._legal = []
            return ev
        elif k != CELL:
            self._legal = None
            self._do(action, ev)
        else:                           # CELL (last: its branch is long)
            self._legal = None
            # as _play_to(action[1], ev), inlined
            c = action[1]
            p = sc[S_TP]
            inst, covered = sc[S_SEL], sc[S_SELCOV]
            sc[S_SEL] = -1
            sc[S_PASSES] = 0
            sc[S_STEP] = STEP_RESOLVE
            sc[S_PHASE] = PH_NONE
            self.zones[Z_HAND + p].remove(inst)
            ci = self.cardof[inst]
            self.ctrl[inst] = p
            self.grid[c] = inst
            j = bisect_left(self._free_cells, c)
            del self._free_cells[j]
            del self._free[j]
            self.pos[inst] = c
            sc[S_GRIDCOUNT] += 1
            if IN_MAIN[c]:
                sc[S_MAINCOUNT] += 1
            if covered:
                self.flags[inst] = F_COVERED
                self._cov |= 1 << inst
                sc[S_NCOV0 + p] += 1
                ev.append(("play", p, inst, c, 1))
                if sc[S_MAINCOUNT] >= N_MAIN:
                    self._finish(ev, R_FULL)
            else:
                cost = CARD_COST[ci]
                if cost:
                    sc[S_CRED0 + p] -= cost
                    ev.append(("credits", p, -cost, sc[S_CRED0 + p], "play"))
                ev.append(("play", p, inst, c, 0))
                if sc[S_MAINCOUNT] >= N_MAIN:
                    self._finish(ev, R_FULL)
                elif not CARD_IS_BLOCK[ci]:
                    if self.cellbonus[c]:
                        self._cell_bonus(inst, c, cost, ev)
                    if sc[S_ACTS] < MAX_ACTIVATIONS_PER_TURN:
                        sc[S_ACTS] += 1
                        self.stack.append((FR_ACT, inst, ST_P1, 0, 0, 0, 0 if IN_MAIN[c] else HOW_OUT))
                        ev.append(("activate", inst, c, 0))
            if sc[S_PHASE] == PH_NONE:
                self._drive(ev)
        # as _settle, inlined: take the forced decisions, cache the legal list
        while True:
            legal = self._legal
            if legal is None:
                if sc[S_PHASE] == PH_MAIN:
                    return ev       # a main decision with a choice (see _main_decision)
                legal = self._compute_legal()
            if len(legal) == 1 and sc[S_WINNER] == WIN_NONE:
                self._legal = None
                self._do(legal[0], ev)
                continue
            self._legal = legal
            return ev

    def _apply(self, action) -> list:
        return self.apply(action, check=False)

    def _settle(self, ev: list) -> None:
        """Take every decision that has exactly one option, then cache the legal list."""
        while True:
            legal = self._legal
            if legal is None:
                legal = self._compute_legal()
            if len(legal) == 1 and self.sc[S_WINNER] == WIN_NONE:
                self._legal = None
                self._do(legal[0], ev)
                continue
            self._legal = legal
            return

    def _do(self, a, ev: list) -> None:
        sc = self.sc
        k = a[0]
        if k == SELECT:
            sc[S_SEL] = a[1]
            sc[S_SELCOV] = a[2]
            sc[S_PHASE] = PH_CELL
            self._legal = self._cell_actions()
            return
        if k == CELL:
            self._play_to(a[1], ev)
        elif k == FIRE:
            self._fire(a[1], ev)
        elif k == HIT:                  # (the branches in about the order the actions are common)
            self._hit(a[1], ev)
        elif k == DONE:
            f = self.stack[-1]
            if f[2] == ST_P1:
                self.stack[-1] = (FR_ACT, f[1], ST_CONFLICT, f[3], f[4], f[5], f[6])
            else:
                self.stack.pop()
                ev.append(("sequence_end", f[1]))
            sc[S_PHASE] = PH_NONE
        elif k == CANCEL:
            sc[S_SEL] = -1
            sc[S_PHASE] = PH_MAIN
            return
        elif k == PASS:
            self._pass(ev)
        elif k == ORDER:
            inst = self.grid[a[1]]
            f = self.stack[-1]
            self.stack[-1] = (FR_GROUP, f[1]) + tuple(i for i in f[2:] if i != inst)
            sc[S_PHASE] = PH_NONE
            self._push_activation(inst, ev, f[1])
        elif k == CONFLICT:
            self._conflict(a[1], ev)
        elif k == PULL:
            self._pull(a[1], ev)
        elif k == PICK:
            self._pick(a[1], ev)
        elif k == DISCARD:
            p = sc[S_TP]
            self.zones[Z_HAND + p].remove(a[1])
            self.zones[Z_GRAVE + p].append(a[1])
            ev.append(("discard", p, a[1]))
            if len(self.zones[Z_HAND + p]) > HAND_LIMIT:
                return
            sc[S_PHASE] = PH_NONE
            sc[S_STEP] = STEP_RESOLVE       # the turn ends (_drive begins the next)
        elif k == KEEP or k == MULLIGAN:
            self._mulligan(a, ev)
            return
        else:  # pragma: no cover - guarded by why_illegal
            raise IllegalAction("That is not a move.", a)
        if sc[S_PHASE] == PH_NONE:     # no sub-choice pending: run the stack on
            self._drive(ev)

    # ---------------------------------------------------------------- setup and turns
    def _mulligan(self, a, ev: list) -> None:
        sc = self.sc
        p = sc[S_MOVER]
        hand = self.zones[Z_HAND + p]
        if a[0] == KEEP:
            ev.append(("keep", p, len(hand)))
            sc[S_MULLS] += 1
            sc[S_MULLSIZE] = OPENING_HAND
            if sc[S_MULLS] >= 2:
                # the first turn begins: as if the other player's turn had just ended
                sc[S_TP] = 1 - sc[S_FIRST]
                sc[S_STEP] = STEP_RESOLVE
                self._drive(ev)
            else:
                sc[S_MOVER] = 1 - p
            return
        mask = a[1]
        back = [hand[j] for j in range(len(hand)) if mask >> j & 1]
        variant = sc[S_OPTS] & O_MULLIGAN_VARIANT
        for i in back:
            hand.remove(i)
        deck = self.zones[Z_DECK + p]
        deck.extend(back)
        sc[S_RNG] = _shuffle(sc[S_RNG], deck)
        n = len(back)
        if variant:
            sc[S_MULLSIZE] = max(0, sc[S_MULLSIZE] - 1)
            n = sc[S_MULLSIZE]
        if n:                   # as n times _draw(p, None)
            self.zones[Z_HAND + p] += deck[:-n - 1:-1]
            del deck[-n:]
        ev.append(("mulligan", p, len(back), n))
        if not variant:   # the standard mulligan happens once
            self._mulligan((KEEP,), ev)

    def _draw(self, p: int, ev) -> None:
        deck = self.zones[Z_DECK + p]
        if not deck:
            if ev is not None:
                ev.append(("no_draw", p))
            return
        i = deck.pop()
        self.zones[Z_HAND + p].append(i)
        if ev is not None:
            ev.append(("draw", p, i))

    def _credit(self, p: int, delta: int, ev: list, why: str) -> None:
        self.sc[S_CRED0 + p] += delta
        ev.append(("credits", p, delta, self.sc[S_CRED0 + p], why))

    def _cell_bonus(self, inst: int, c: int, paid: int, ev: list) -> None:
        k = self.cellbonus[c]
        if not k:
            return
        self.cellbonus[c] = B_NONE
        p = self.ctrl[inst]
        ev.append(("bonus", p, inst, c, BONUS_NAMES[k]))
        if k in (B_ATK, B_DEF, B_DOUBLE):
            self.bon[inst] = k
        elif k == B_CREDITS:
            self._credit(p, 10, ev, "bonus")
        elif k == B_REFUND:
            if paid // 2:
                self._credit(p, paid // 2, ev, "refund")
        elif k == B_DRAW:
            self._draw(p, ev)

    def _play_to(self, c: int, ev: list) -> None:
        sc = self.sc
        p = sc[S_TP]
        inst, covered = sc[S_SEL], sc[S_SELCOV]
        sc[S_SEL] = -1
        sc[S_PASSES] = 0
        sc[S_STEP] = STEP_RESOLVE
        sc[S_PHASE] = PH_NONE
        self.zones[Z_HAND + p].remove(inst)
        ci = self.cardof[inst]
        self.ctrl[inst] = p
        # as _put(inst, c), inlined
        self.grid[c] = inst
        k = bisect_left(self._free_cells, c)
        del self._free_cells[k]
        del self._free[k]
        self.pos[inst] = c
        sc[S_GRIDCOUNT] += 1
        if IN_MAIN[c]:
            sc[S_MAINCOUNT] += 1
        if covered:
            self.flags[inst] = F_COVERED
            self._cov |= 1 << inst
            sc[S_NCOV0 + p] += 1
            ev.append(("play", p, inst, c, 1))
            if sc[S_MAINCOUNT] >= N_MAIN:   # as _full_check
                self._finish(ev, R_FULL)
            return
        cost = CARD_COST[ci]
        if cost:
            sc[S_CRED0 + p] -= cost
            ev.append(("credits", p, -cost, sc[S_CRED0 + p], "play"))
        ev.append(("play", p, inst, c, 0))
        if sc[S_MAINCOUNT] >= N_MAIN:       # as _full_check: the game ends the instant it is full
            self._finish(ev, R_FULL)
            return
        if CARD_IS_BLOCK[ci]:
            return
        if self.cellbonus[c]:
            self._cell_bonus(inst, c, cost, ev)
        if sc[S_ACTS] < MAX_ACTIVATIONS_PER_TURN:
            sc[S_ACTS] += 1
            # as _push_activation(inst, ev, False), inlined
            self.stack.append((FR_ACT, inst, ST_P1, 0, 0, 0, 0 if IN_MAIN[c] else HOW_OUT))
            ev.append(("activate", inst, c, 0))

    def _pass(self, ev: list) -> None:
        sc = self.sc
        p = sc[S_TP]
        sc[S_PASSES] += 1
        sc[S_STEP] = STEP_RESOLVE
        sc[S_PHASE] = PH_NONE
        ev.append(("pass", p))
        z = self.zones
        if sc[S_PASSES] >= 2 and not (z[Z_HAND] or z[Z_HAND + 1] or z[Z_DECK] or z[Z_DECK + 1]):
            self._finish(ev, R_PASSED_OUT)
        elif sc[S_PASSES] >= STALL_PASSES:
            self._finish(ev, R_STALL)

    # ---------------------------------------------------------------- the stack
    def _drive(self, ev: list) -> None:
        """Run the activation stack until a player must decide."""
        sc = self.sc
        st = self.stack
        quiet = -1      # the acting card when its phase 1 found nothing to fire and nothing changed since
        while True:
            if sc[S_WINNER] != WIN_NONE:    # (tested here: the loop's own test would jump far, unspecialized)
                return
            if not st:
                step = sc[S_STEP]
                if step == STEP_REVEAL:
                    sc[S_STEP] = STEP_PLAY
                    sc[S_PHASE] = PH_MAIN
                    # as _main_decision, inlined
                    if not self.zones[Z_HAND + sc[S_MOVER]]:
                        self._legal = [A_PASS]      # (as _main_actions: nothing to play)
                    elif sc[S_GRIDCOUNT] - sc[S_MAINCOUNT] < N_OUT:
                        self._legal = None
                    else:
                        self._legal = self._main_actions(sc[S_MOVER])
                    return
                if step != STEP_RESOLVE:
                    return
                if len(self.zones[Z_HAND + sc[S_TP]]) > HAND_LIMIT:
                    sc[S_STEP] = STEP_END       # the turn ends once the player discards
                    sc[S_PHASE] = PH_DISCARD
                    return
                dirty = sc[S_DIRTY]
                if dirty:       # damage and this turn's moved/flipped marks end with the turn
                    sc[S_DIRTY] = 0
                    if dirty & DIRTY_DAMAGE:
                        self.dmg = [0] * len(self.dmg)     # off the grid it is 0 already
                    if dirty & DIRTY_MARKS:
                        flags = self.flags
                        bits = self._marked
                        self._marked = 0
                        while bits:
                            low = bits & -bits
                            bits ^= low
                            flags[low.bit_length() - 1] &= _COVER_BITS
                if self._stop_at_turn_end:
                    return                  # (a preview plays on to here only)
                # the next turn begins: income, a card, then every covered card of the
                # player is revealed at once, cheapest first (Growth cards are free)
                p = 1 - sc[S_TP]
                turn = sc[S_TURN] = sc[S_TURN] + 1
                sc[S_TP] = sc[S_MOVER] = p
                sc[S_ACTS] = 0
                sc[S_STEP] = STEP_REVEAL
                ev.append(("turn", p, turn))
                turns_taken = sc[S_TAKEN0 + p]
                sc[S_TAKEN0 + p] = turns_taken + 1
                if turns_taken:     # income from the player's second turn on
                    credits = sc[S_CRED0 + p] = sc[S_CRED0 + p] + INCOME
                    ev.append(("credits", p, INCOME, credits, "income"))
                deck = self.zones[Z_DECK + p]
                if deck:
                    i = deck.pop()
                    self.zones[Z_HAND + p].append(i)
                    ev.append(("draw", p, i))
                else:
                    ev.append(("no_draw", p))
                if sc[S_NCOV0 + p]:
                    flags, cardof, pos, ctrl = self.flags, self.cardof, self.pos, self.ctrl
                    covered = []
                    bits = self._cov                # the covered instances, both players' (a few)
                    while bits:
                        low = bits & -bits
                        bits ^= low
                        i = low.bit_length() - 1
                        if ctrl[i] == p:
                            covered.append(i)
                    if len(covered) > 1:
                        _reveal_order(covered, flags, cardof, pos)
                    revealed = []
                    for i in covered:
                        c = pos[i]
                        cost = 0 if flags[i] & F_GROWTH else CARD_COST[cardof[i]]
                        if cost:            # (free, a Growth card is affordable even below zero)
                            credits = sc[S_CRED0 + p] = sc[S_CRED0 + p] - cost
                            ev.append(("credits", p, -cost, credits, "reveal"))
                            if credits < 0:     # paid, but it could not be afforded
                                ev.append(("unaffordable", p, i, c, cost))
                                self._destroy(i, ev, removed=True)
                                continue
                        flags[i] &= _UNCOVERED
                        self._cov ^= 1 << i
                        sc[S_NCOV0 + p] -= 1
                        ev.append(("reveal", p, i, c, cost))
                        if self.cellbonus[c]:
                            self._cell_bonus(i, c, cost, ev)
                        revealed.append(i)
                    if len(revealed) == 1 and sc[S_ACTS] < MAX_ACTIVATIONS_PER_TURN:
                        # as _trigger(revealed, ev, re=False), inlined
                        sc[S_ACTS] += 1
                        i = revealed[0]
                        c = pos[i]
                        self.stack.append((FR_ACT, i, ST_P1, 0, 0, 0, 0 if IN_MAIN[c] else HOW_OUT))
                        ev.append(("activate", i, c, 0))
                    elif revealed:
                        self._trigger(revealed, ev, re=False)
                if not st:                  # nothing revealed activates: the play step now
                    sc[S_STEP] = STEP_PLAY
                    sc[S_PHASE] = PH_MAIN
                    # as _main_decision, inlined
                    if not self.zones[Z_HAND + sc[S_MOVER]]:
                        self._legal = [A_PASS]      # (as _main_actions: nothing to play)
                    elif sc[S_GRIDCOUNT] - sc[S_MAINCOUNT] < N_OUT:
                        self._legal = None
                    else:
                        self._legal = self._main_actions(sc[S_MOVER])
                    return
                continue
            f = st[-1]
            if f[0] == FR_GROUP:
                quiet = -1
                if len(f) == 2:
                    st.pop()
                    continue
                if len(f) == 3:
                    st.pop()
                    self._push_activation(f[2], ev, f[1])
                    continue
                sc[S_PHASE] = PH_ORDER
                return
            stage = f[2]
            if _ABILITY_STAGE[stage]:       # (not the conflict stage; a table: the compare's jump is far)
                # as legal = self._fire_actions(f), inlined
                inst = f[1]
                cardof = self.cardof
                ci = cardof[inst]
                used = f[3]
                grid, flags = self.grid, self.flags
                legal = []
                for d, t, ab in ABILITY_AIMS[ci][self.pos[inst]]:
                    if used >> d & 1:
                        continue
                    o = grid[t]
                    if o >= 0 and flags[o] & F_COVERED:
                        ok = True       # any ability arrow destroys a covered card
                    elif ab == FIRESTORM:
                        ok = False      # as _firestorm_can_hit(t), inlined
                        if CARD_ATK[ci] + (2 if self.bon[inst] == B_ATK else 0) > 0:
                            opp = 1 - sc[S_TP]
                            ctrl = self.ctrl
                            for c in SPLASH[t]:
                                x = grid[c]
                                if x >= 0 and ctrl[x] == opp and (flags[x] & F_COVERED or not CARD_IS_BLOCK[cardof[x]]):
                                    ok = True
                                    break
                    elif o < 0:
                        if ab == SWAP:
                            ok = True
                        elif ab == GROWTH or ab == BLOCK:     # as _can_fire: a card of that kind in hand
                            want = ab == BLOCK
                            ok = False
                            for i in self.zones[Z_HAND + sc[S_TP]]:
                                if CARD_IS_BLOCK[cardof[i]] == want:
                                    ok = True
                                    break
                        elif ab == REMOVE or ab == SHOCKWAVE:
                            ok = False
                        else:
                            ok = self._can_fire(inst, ci, ab, t, f)
                    elif ab == SHOCKWAVE:
                        ok = True
                    elif ab == REMOVE or ab == SWAP:
                        ok = not CARD_IS_BLOCK[cardof[o]]
                    elif ab == BLOCK:
                        ok = CARD_IS_BLOCK[cardof[o]]
                    else:
                        ok = False
                    if ok:
                        legal.append(_FIRE_ACTS[d])
                if legal:
                    sc[S_PHASE] = PH_ABILITY
                    legal.append(A_DONE)
                    self._legal = legal
                    return
                if stage != ST_P1:
                    st.pop()
                    ev.append(("sequence_end", f[1]))
                    continue
                # phase 1 found nothing to fire: on to the conflicts at once (they read the
                # frame's card and masks, not its stage; the stage is written where it shows)
                if f[6] & HOW_OUT:
                    # a card that began in the out zone has no conflict stage (as
                    # _conflict_stage), and nothing changed: phase 2 finds nothing either
                    st.pop()
                    ev.append(("sequence_end", f[1]))
                    continue
                quiet = f[1]
            # the conflict stage, as _conflict_stage(f, ev), inlined: the pending conflicts,
            # else phase 2 begins and the card flips what it points at
            inst = f[1]
            flips = None
            if not f[6] & HOW_OUT:
                done = f[4]
                grid, ctrl, flags, cardof = self.grid, self.ctrl, self.flags, self.cardof
                me = ctrl[inst]
                out = None
                for d, t, _ in MAIN_AIMS[cardof[inst]][self.pos[inst]]:
                    o = grid[t]
                    if o < 0 or ctrl[o] == me or flags[o] & F_COVERED:
                        continue
                    co = cardof[o]
                    if FIGHTS_BACK_FROM[co][d]:
                        if not done >> d & 1:
                            if out is None:
                                out = [d]
                            else:
                                out.append(d)
                    elif out is None and FLIPPABLE_FROM[co][d]:
                        if flips is None:
                            flips = [(t, o)]
                        else:
                            flips.append((t, o))
                if out is not None:             # conflicts are pending
                    if len(out) > 1:
                        if stage != ST_CONFLICT:
                            st[-1] = (FR_ACT, inst, ST_CONFLICT, f[3], done, f[5], f[6])
                        sc[S_PHASE] = PH_CONFLICT
                        self._legal = list(map(_CONFLICT_OF, out))     # as _compute_legal
                        return
                    quiet = -1
                    # as self._conflict(out[0], ev), inlined: the frame is written in the conflict stage
                    d = out[0]
                    st[-1] = (FR_ACT, inst, ST_CONFLICT, f[3], done | 1 << d, f[5], f[6])
                    sc[S_PHASE] = PH_NONE
                    b = grid[NEIGHBOUR[self.pos[inst]][d]]
                    if sc[S_OPTS] & O_SYNERGY:
                        sa, sb = self._synergy(inst), self._synergy(b)
                    else:
                        sa = sb = 0
                    bon, dmg = self.bon, self.dmg
                    to_b = CARD_ATK[cardof[inst]] + (2 if bon[inst] == B_ATK else 0) + sa - sb
                    if to_b < 0:
                        to_b = 0
                    to_a = CARD_ATK[cardof[b]] + (2 if bon[b] == B_ATK else 0) + sb - sa
                    if to_a < 0:
                        to_a = 0
                    dmg[inst] += to_a
                    dmg[b] += to_b
                    sc[S_DIRTY] |= DIRTY_DAMAGE
                    ev.append(("conflict", inst, b, to_a, to_b, self.pos[inst], self.pos[b]))
                    if CARD_DEF[cardof[b]] + (2 if bon[b] == B_DEF else 0) - dmg[b] <= 0:
                        self._destroy(b, ev)
                    if CARD_DEF[cardof[inst]] + (2 if bon[inst] == B_DEF else 0) - dmg[inst] <= 0:
                        self._destroy(inst, ev)
                    continue
            st[-1] = (FR_ACT, inst, ST_P2, f[3], f[4], f[5], f[6])
            if flips is None:
                if quiet == inst:
                    # nothing happened since phase 1 found no ability to fire: phase 2 finds none
                    st.pop()
                    ev.append(("sequence_end", inst))
                continue
            # as _flips: each target is another card, so flipping one leaves the others' tests as they were
            again = None
            for t, o in flips:
                ctrl[o] = me
                flags[o] |= F_FLIPPED
                self._marked |= 1 << o
                ev.append(("flip", o, t, me))
                if flags[o] & F_MOVED:
                    if again is None:
                        again = [o]
                    else:
                        again.append(o)
            sc[S_DIRTY] |= DIRTY_MARKS
            if again:
                self._trigger(again, ev, re=True)

    def _main_decision(self) -> None:
        """The main phase begins: with a card in hand and room in the out zone the player has
        a choice (any card can be played, a monster covered anywhere, a Block card into the
        out zone; or pass), and the list is made only when asked (a search often looks no
        further than the move that led here); else it is made now, and may be a forced pass."""
        sc = self.sc
        if self.zones[Z_HAND + sc[S_MOVER]] and sc[S_GRIDCOUNT] - sc[S_MAINCOUNT] < N_OUT:
            self._legal = None
        else:
            self._legal = self._main_actions(sc[S_MOVER])

    def _push_activation(self, inst: int, ev: list, re: bool) -> None:
        c = self.pos[inst]
        how = (HOW_RE if re else 0) | (0 if IN_MAIN[c] else HOW_OUT)
        self.stack.append((FR_ACT, inst, ST_P1, 0, 0, 0, how))
        ev.append(("activate", inst, c, int(re)))

    def _trigger(self, insts: list, ev: list, re: bool) -> None:
        sc = self.sc
        room = MAX_ACTIVATIONS_PER_TURN - sc[S_ACTS]
        if room <= 0:
            return
        n = len(insts)
        if n > room:
            insts = insts[:room]
            n = room
        sc[S_ACTS] += n
        if n == 1:
            # as _push_activation(insts[0], ev, re), inlined
            inst = insts[0]
            c = self.pos[inst]
            self.stack.append((FR_ACT, inst, ST_P1, 0, 0, 0, (HOW_RE if re else 0) | (0 if IN_MAIN[c] else HOW_OUT)))
            ev.append(("activate", inst, c, int(re)))
        else:
            self.stack.append((FR_GROUP, int(re)) + tuple(insts))

    # ---------------------------------------------------------------- grid primitives
    def _put(self, inst: int, c: int) -> None:
        self.grid[c] = inst
        k = bisect_left(self._free_cells, c)
        del self._free_cells[k]
        del self._free[k]
        self.pos[inst] = c
        self.sc[S_GRIDCOUNT] += 1
        if IN_MAIN[c]:
            self.sc[S_MAINCOUNT] += 1

    def _lift(self, inst: int) -> int:
        c = self.pos[inst]
        self.grid[c] = -1
        k = bisect_left(self._free_cells, c)
        self._free_cells.insert(k, c)
        self._free.insert(k, _CELL_ACTS[c])
        self.pos[inst] = -1
        self.bon[inst] = B_NONE      # stat bonuses stay only while the card stays on its cell
        self.sc[S_GRIDCOUNT] -= 1
        if IN_MAIN[c]:
            self.sc[S_MAINCOUNT] -= 1
        return c

    def _full_check(self, ev: list) -> bool:
        if self.sc[S_MAINCOUNT] >= N_MAIN:
            self._finish(ev, R_FULL)
            return True
        return False

    def _destroy(self, inst: int, ev: list, removed: bool = False) -> None:
        # as _lift(inst), inlined
        sc = self.sc
        c = self.pos[inst]
        self.grid[c] = -1
        k = bisect_left(self._free_cells, c)
        self._free_cells.insert(k, c)
        self._free.insert(k, _CELL_ACTS[c])
        self.pos[inst] = -1
        self.bon[inst] = B_NONE
        sc[S_GRIDCOUNT] -= 1
        if IN_MAIN[c]:
            sc[S_MAINCOUNT] -= 1
        o = 0 if inst < self.n0 else 1      # the owner
        fl = self.flags[inst]
        if fl:
            if fl & F_COVERED:
                sc[S_NCOV0 + self.ctrl[inst]] -= 1
                self._cov ^= 1 << inst
            if fl & (F_MOVED | F_FLIPPED):
                self._marked ^= 1 << inst
            self.flags[inst] = 0
        self.dmg[inst] = 0
        self.ctrl[inst] = o
        self.zones[(Z_REMOVED if removed else Z_GRAVE) + o].append(inst)
        ev.append(("destroy", inst, c, "removed" if removed else "graveyard"))
        st = self.stack
        for f in st:
            if f[1] == inst if f[0] == FR_ACT else inst in f[2:]:
                break
        else:
            return      # neither acting nor waiting to activate
        new = []        # take the card off the stack
        for f in st:
            if f[0] == FR_ACT:
                if f[1] != inst:
                    new.append(f)
            elif inst in f[2:]:
                new.append((FR_GROUP, f[1]) + tuple(x for x in f[2:] if x != inst))
            else:
                new.append(f)
        st[:] = new

    def _move(self, inst: int, to: int, ev: list) -> bool:
        """Move ``inst`` to cell ``to``. True if that destroyed it: a monster
        whose DEF falls to 0 or below because it left its +DEF cell dies at once."""
        bon = self.bon
        had_def = bon[inst] == B_DEF
        # as frm = self._lift(inst) and self._put(inst, to), inlined
        sc, grid, free, free_cells = self.sc, self.grid, self._free, self._free_cells
        frm = self.pos[inst]
        grid[frm] = -1
        k = bisect_left(free_cells, frm)
        free_cells.insert(k, frm)
        free.insert(k, _CELL_ACTS[frm])
        bon[inst] = B_NONE
        grid[to] = inst
        k = bisect_left(free_cells, to)
        del free_cells[k]
        del free[k]
        self.pos[inst] = to
        if IN_MAIN[frm] != IN_MAIN[to]:     # (the grid's count is unchanged)
            sc[S_MAINCOUNT] += 1 if IN_MAIN[to] else -1
        ev.append(("move", inst, frm, to))
        return had_def and self._lost_def(inst, ev)

    def _lost_def(self, inst: int, ev: list) -> bool:
        if self.current_def(inst) <= 0:
            self._destroy(inst, ev)
            return True
        return False

    def _moved(self, inst: int, ev: list) -> None:
        """``inst`` was moved by another card's ability this turn: maybe reactivate it."""
        if self.flags[inst] & F_COVERED or CARD_IS_BLOCK[self.cardof[inst]]:
            return
        if self.ctrl[inst] == self.sc[S_TP]:
            self._trigger([inst], ev, re=True)
        else:
            self.flags[inst] |= F_MOVED
            self._marked |= 1 << inst
            self.sc[S_DIRTY] |= DIRTY_MARKS

    # ---------------------------------------------------------------- conflicts and flips
    def _synergy(self, inst: int) -> int:
        if not self.sc[S_OPTS] & O_SYNERGY:
            return 0
        el = CARD_ELEMENT[self.cardof[inst]]
        me = self.ctrl[inst]
        n = 0
        for c in ORTHO_NEIGHBOURS[self.pos[inst]]:
            o = self.grid[c]
            if o >= 0 and IN_MAIN[c] and self.ctrl[o] == me and CARD_IS_BLOCK[self.cardof[o]] \
                    and CARD_ELEMENT[self.cardof[o]] == el and not self.flags[o] & F_COVERED:
                n += 1
        return n

    def _conflict(self, d: int, ev: list) -> None:
        f = self.stack[-1]
        a = f[1]
        self.stack[-1] = (FR_ACT, a, ST_CONFLICT, f[3], f[4] | 1 << d, f[5], f[6])
        self.sc[S_PHASE] = PH_NONE
        b = self.grid[NEIGHBOUR[self.pos[a]][d]]
        if self.sc[S_OPTS] & O_SYNERGY:
            sa, sb = self._synergy(a), self._synergy(b)
        else:
            sa = sb = 0
        cardof, bon, dmg = self.cardof, self.bon, self.dmg
        # as current_atk / current_def, inlined
        to_b = CARD_ATK[cardof[a]] + (2 if bon[a] == B_ATK else 0) + sa - sb
        if to_b < 0:
            to_b = 0
        to_a = CARD_ATK[cardof[b]] + (2 if bon[b] == B_ATK else 0) + sb - sa
        if to_a < 0:
            to_a = 0
        dmg[a] += to_a
        dmg[b] += to_b
        self.sc[S_DIRTY] |= DIRTY_DAMAGE
        ev.append(("conflict", a, b, to_a, to_b, self.pos[a], self.pos[b]))
        if CARD_DEF[cardof[b]] + (2 if bon[b] == B_DEF else 0) - dmg[b] <= 0:
            self._destroy(b, ev)
        if CARD_DEF[cardof[a]] + (2 if bon[a] == B_DEF else 0) - dmg[a] <= 0:
            self._destroy(a, ev)

    def _flips(self, a: int, ev: list) -> int:
        """Flip the opponent's monsters ``a`` points at that do not point back; returns how many."""
        grid, ctrl, flags, cardof = self.grid, self.ctrl, self.flags, self.cardof
        me = ctrl[a]
        again = []
        flipped = 0
        for d, t, _ in MAIN_AIMS[cardof[a]][self.pos[a]]:
            o = grid[t]
            if o < 0 or ctrl[o] == me or flags[o] & F_COVERED:
                continue
            if not FLIPPABLE_FROM[cardof[o]][d]:
                continue
            ctrl[o] = me
            flags[o] |= F_FLIPPED
            self._marked |= 1 << o
            self.sc[S_DIRTY] |= DIRTY_MARKS
            ev.append(("flip", o, t, me))
            if flags[o] & F_MOVED:
                again.append(o)
            flipped += 1
        if again:
            self._trigger(again, ev, re=True)
        return flipped

    # ---------------------------------------------------------------- abilities
    def _fire(self, d: int, ev: list) -> None:
        sc = self.sc
        f = self.stack[-1]
        a = f[1]
        self.stack[-1] = f = (FR_ACT, a, f[2], f[3] | 1 << d, f[4], f[5], f[6])
        sc[S_PHASE] = PH_NONE
        ab = CARD_ARROWS[self.cardof[a]][d]
        t = NEIGHBOUR[self.pos[a]][d]
        o = self.grid[t]
        ev.append(("ability", a, d, ABILITY_TITLES[ab], t))
        if o >= 0 and self.flags[o] & F_COVERED:
            self._destroy(o, ev)
            return
        if ab == REMOVE or (ab == BLOCK and o >= 0):
            self._destroy(o, ev)
        elif ab == SHOCKWAVE:
            land = NEIGHBOUR[t][d]
            if land < 0:
                self._destroy(o, ev, removed=True)
                return
            x = self.grid[land]
            if x >= 0:
                self._destroy(x, ev)
            if not self._move(o, land, ev) and not self._full_check(ev):
                self._moved(o, ev)
        elif ab == SWAP:
            c = self.pos[a]
            if o < 0:
                self._move(a, t, ev)
                self._full_check(ev)
            else:
                o_def = self.bon[o] == B_DEF
                self._lift(o)
                self._move(a, t, ev)
                self._put(o, c)
                ev.append(("move", o, t, c))
                if not (o_def and self._lost_def(o, ev)):
                    self._moved(o, ev)
        elif ab == FIRESTORM:
            sc[S_PDIR] = d
            sc[S_PLEFT] = self.current_atk(a)
            sc[S_PHASE] = PH_HIT
            self._legal = list(map(_HIT_OF, self._firestorm_cells_at(t)))   # as _compute_legal
        elif ab == MAGNETISM:
            sc[S_PDIR] = d
            sc[S_PHASE] = PH_PULL
        else:   # BLOCK on an empty cell, GROWTH, RESURRECTION: choose a card
            sc[S_PDIR] = d
            sc[S_PHASE] = PH_PICK

    def _hit(self, c: int, ev: list) -> None:
        sc = self.sc
        o = self.grid[c]
        sc[S_PLEFT] -= 1
        top = self.stack[-1]
        a = top[1]                  # the acting card (its frame is on top while it chooses)
        target = NEIGHBOUR[self.pos[a]][sc[S_PDIR]]
        ev.append(("damage", o, c, 1, a))
        if self.flags[o] & F_COVERED:
            self._destroy(o, ev)
        else:
            dmg = self.dmg
            dmg[o] += 1
            sc[S_DIRTY] |= DIRTY_DAMAGE
            if CARD_DEF[self.cardof[o]] + (2 if self.bon[o] == B_DEF else 0) - dmg[o] <= 0:    # current_def
                self._destroy(o, ev)
        if sc[S_PLEFT] > 0:
            # as cells = self._firestorm_cells_at(target), inlined
            opp = 1 - sc[S_TP]
            grid, ctrl, flags, cardof = self.grid, self.ctrl, self.flags, self.cardof
            cells = []
            for c in SPLASH[target]:
                o = grid[c]
                if o >= 0 and ctrl[o] == opp and (flags[o] & F_COVERED or not CARD_IS_BLOCK[cardof[o]]):
                    cells.append(c)
            if cells:
                st = self.stack
                if st and st[-1] is top:    # the next decision's list, as _compute_legal gives it
                    self._legal = list(map(_HIT_OF, cells))
                return
        sc[S_PLEFT] = 0
        sc[S_PDIR] = -1
        sc[S_PHASE] = PH_NONE

    def _pull(self, c: int, ev: list) -> None:
        sc = self.sc
        t = self.pending_target()
        a = self.acting()
        o = self.grid[c]
        sc[S_PDIR] = -1
        sc[S_PHASE] = PH_NONE
        if self._move(o, t, ev) or self._full_check(ev):
            return
        if o != a:          # the acting card pulling itself does not reactivate (like Swap)
            self._moved(o, ev)

    def _pick(self, inst: int, ev: list) -> None:
        sc = self.sc
        tp = sc[S_TP]
        f = self.stack[-1]
        a = f[1]
        d = sc[S_PDIR]
        ab = CARD_ARROWS[self.cardof[a]][d]
        t = NEIGHBOUR[self.pos[a]][d]
        sc[S_PDIR] = -1
        sc[S_PHASE] = PH_NONE
        self.ctrl[inst] = tp
        if ab == RESURRECTION:
            self.zones[Z_GRAVE + tp].remove(inst)
            self.stack[-1] = (FR_ACT, a, f[2], f[3], f[4], f[5] + CARD_COST[self.cardof[inst]], f[6])
            self._put(inst, t)
            ev.append(("place", inst, t, "resurrected"))
            if not self._full_check(ev):
                self._trigger([inst], ev, re=False)
            return
        self.zones[Z_HAND + tp].remove(inst)
        if ab == GROWTH:
            self.flags[inst] = F_COVERED | F_GROWTH
            self._cov |= 1 << inst
            sc[S_NCOV0 + tp] += 1
            ev.append(("place", inst, t, "growth"))
        else:
            ev.append(("place", inst, t, "block"))
        self._put(inst, t)
        self._full_check(ev)

    # ---------------------------------------------------------------- the end
    def _finish(self, ev: list, reason: int, winner: int | None = None) -> None:
        sc = self.sc
        s0, s1 = self.scores()
        if winner is None:
            winner = 0 if s0 > s1 else 1 if s1 > s0 else WIN_DRAW
        sc[S_WINNER] = winner
        sc[S_REASON] = reason
        sc[S_PHASE] = PH_OVER
        self.stack.clear()
        ev.append(("end", -1 if winner == WIN_DRAW else winner, s0, s1, REASONS[reason]))

    def result(self) -> Result | None:
        w = self.sc[S_WINNER]
        if w == WIN_NONE:
            return None
        reason = END_BY_CODE[self.sc[S_REASON]]
        return Result(None if w == WIN_DRAW else w, reason, {"score": self.scores()})

    # ================================================================ copies, files, views
    def clone(self) -> "EvonsMatch":
        m = EvonsMatch.__new__(EvonsMatch)
        m.cardof = self.cardof
        m.n0 = self.n0
        m.sc = self.sc[:]
        m.grid = self.grid[:]
        m._free = self._free[:]
        m._free_cells = self._free_cells[:]
        m.pos = self.pos[:]
        m.ctrl = self.ctrl[:]
        m.flags = self.flags[:]
        m._cov = self._cov
        m._marked = self._marked
        m.dmg = self.dmg[:]
        m.bon = self.bon[:]
        m.cellbonus = self.cellbonus[:]
        z = self.zones
        m.zones = [z[0][:], z[1][:], z[2][:], z[3][:], z[4][:], z[5][:], z[6][:], z[7][:]]
        m.stack = self.stack[:]
        m.pool = self.pool
        legal = self._legal
        m._legal = None if legal is None else legal[:]     # never share a list that may be handed out
        return m

    def __eq__(self, other) -> bool:
        return (type(other) is type(self) and self.sc == other.sc and self.grid == other.grid
                and self.cardof == other.cardof and self.n0 == other.n0
                and self.zones == other.zones and self.pos == other.pos
                and self.ctrl == other.ctrl and self.flags == other.flags
                and self.dmg == other.dmg and self.bon == other.bon
                and self.cellbonus == other.cellbonus and self.stack == other.stack
                and self.pool == other.pool)

    __hash__ = None

    def to_json(self) -> dict:
        return {
            "game": "evons",
            "cards": [POOL[c].id if c >= 0 else None for c in self.cardof],
            "n0": self.n0,
            "sc": list(self.sc),
            "grid": list(self.grid),
            "pos": list(self.pos),
            "ctrl": list(self.ctrl),
            "flags": list(self.flags),
            "dmg": list(self.dmg),
            "bon": list(self.bon),
            "cellbonus": list(self.cellbonus),
            "zones": [list(z) for z in self.zones],
            "stack": [list(f) for f in self.stack],
            "pool": None if self.pool is None else [[POOL[c].id for c in q] for q in self.pool],
        }

    @classmethod
    def from_json(cls, obj: dict) -> "EvonsMatch":
        cards = obj["cards"]
        m = cls._blank(int(obj["n0"]), len(cards))
        m.cardof = tuple(INDEX_OF[c] if c is not None else -1 for c in cards)
        m.sc = [int(x) for x in obj["sc"]]
        m.grid = [int(x) for x in obj["grid"]]
        m._free_cells = [c for c in range(N_CELLS) if m.grid[c] < 0]
        m._free = [_CELL_ACTS[c] for c in m._free_cells]
        m.pos = [int(x) for x in obj["pos"]]
        m.ctrl = [int(x) for x in obj["ctrl"]]
        m.flags = [int(x) for x in obj["flags"]]
        m._derive_masks()
        m.dmg = [int(x) for x in obj["dmg"]]
        m.bon = [int(x) for x in obj["bon"]]
        m.cellbonus = [int(x) for x in obj["cellbonus"]]
        m.zones = [[int(x) for x in z] for z in obj["zones"]]
        m.stack = [tuple(int(x) for x in f) for f in obj["stack"]]
        pool = obj.get("pool")
        m.pool = None if pool is None else tuple(tuple(INDEX_OF[c] for c in q) for q in pool)
        if len(m.sc) != N_SCALARS or len(m.grid) != N_CELLS or len(m.zones) != 8:
            raise ValueError("not an Evons match state")
        m._legal = None
        return m

    def view(self, player: int) -> "EvonsMatch":
        m = self.clone()
        m._legal = None
        cardof = list(self.cardof)
        hidden: list[list[int]] = [[], []]
        opp = 1 - player
        flags = self.flags
        secret = [i for i in self.grid if i >= 0 and flags[i] & F_COVERED and self.ctrl[i] == opp]
        secret += self.zones[Z_HAND + opp]
        for q in (0, 1):       # decks: the viewer knows their own deck's contents, not its order
            for i in self.zones[Z_DECK + q]:
                if cardof[i] >= 0:
                    hidden[q].append(cardof[i])
                cardof[i] = -1
        for i in secret:
            if cardof[i] >= 0:
                hidden[opp].append(cardof[i])
            cardof[i] = -1
        if self.pool is not None:   # a view of a view keeps what was already hidden
            for q in (0, 1):
                hidden[q].extend(self.pool[q])
        hidden[opp] = []            # deck lists are not public: the opponent's unseen cards are a count
        m.cardof = tuple(cardof)
        m.pool = (tuple(sorted(hidden[0])), tuple(sorted(hidden[1])))
        for q in (0, 1):
            m.zones[Z_DECK + q].sort()
        m.zones[Z_HAND + opp].sort()
        m.sc[S_RNG] = 0
        m.sc[S_VIEWER] = player
        if m.sc[S_PHASE] == PH_CELL and m.sc[S_MOVER] != player:
            # the card the opponent is holding over the board is not shown
            m.sc[S_PHASE] = PH_MAIN
            m.sc[S_SEL] = -1
            m.sc[S_SELCOV] = 0
        return m

    def _fill_hidden(self, seed: int) -> "EvonsMatch":
        state = mix_seed(seed, 0xF111)
        cardof = list(self.cardof)
        if self.pool is not None:      # the deck order comes with the random identities
            for q in (0, 1):
                slots = [i for i in self._ids_of(q) if cardof[i] < 0]
                if len(self.pool[q]) < len(slots):     # the opponent's: guessed from the card pool
                    state = self._guess_cards(q, slots, cardof, state)
                    continue
                cards = list(self.pool[q])
                state = _shuffle(state, cards)
                # a covered card on the grid is never a Block (Blocks are always played
                # face-up): give the covered slots monsters first, the rest in order
                covered = [i for i in slots if self.flags[i] & F_COVERED]
                if covered:
                    monsters = [k for k, ci in enumerate(cards) if not CARD_IS_BLOCK[ci]]
                    taken = set(monsters[:len(covered)])
                    for i, k in zip(covered, monsters):
                        cardof[i] = cards[k]
                    slots = [i for i in slots if not self.flags[i] & F_COVERED]
                    cards = [ci for k, ci in enumerate(cards) if k not in taken]
                for i, ci in zip(slots, cards):
                    cardof[i] = ci
        self._fit_pending_pick(cardof)
        self.cardof = tuple(cardof)
        self.pool = None
        self.sc[S_RNG] = mix_seed(state, 1)
        self.sc[S_VIEWER] = -1
        self._legal = None
        return self

    def _guess_cards(self, q: int, slots: list, cardof: list, state: int) -> int:
        """Fill ``q``'s unseen ``slots`` in ``cardof`` with cards guessed from the card pool within
        the deck rules (at most ``MAX_COPIES`` of a card, counting ``q``'s cards in sight), covered
        cards with monsters; returns the RNG state."""
        box = [state]

        def shuffle(items):
            box[0] = _shuffle(box[0], items)

        seen = [cardof[i] for i in self._ids_of(q) if cardof[i] >= 0]
        left = allowance_after(range(len(POOL)), lambda c: MAX_COPIES, seen)
        covered = [i for i in slots if self.flags[i] & F_COVERED]
        rest = [i for i in slots if not self.flags[i] & F_COVERED]
        monsters = guess_cards(len(covered), {c: k for c, k in left.items() if not CARD_IS_BLOCK[c]}, seen, shuffle)
        for c in monsters:
            left[c] -= 1
        others = guess_cards(len(rest), left, seen, shuffle)
        for i, c in zip(covered + rest, monsters + others):
            cardof[i] = c
        for i in slots:                  # only if the pool ran dry: any monster
            if cardof[i] < 0:
                cardof[i] = next(c for c in range(len(POOL)) if not CARD_IS_BLOCK[c])
        return box[0]

    def _fit_pending_pick(self, cardof: list) -> None:
        """The opponent is choosing a card from their hidden hand for Growth or Block: make sure
        the guessed hand holds one (swap identities with another hidden card of theirs)."""
        sc = self.sc
        if sc[S_PHASE] != PH_PICK or self.pool is None:
            return
        f = self.stack[-1]
        ab = CARD_ARROWS[cardof[f[1]]][sc[S_PDIR]]
        if ab not in (GROWTH, BLOCK):
            return
        q = sc[S_TP]
        hand = sorted(self.zones[Z_HAND + q])
        want_block = ab == BLOCK
        if not hand or any(CARD_IS_BLOCK[cardof[i]] == want_block for i in hand):
            return
        hidden = [i for i in self._ids_of(q) if self.cardof[i] < 0 and i not in hand]
        for j in sorted(hidden):
            if CARD_IS_BLOCK[cardof[j]] == want_block:
                cardof[hand[0]], cardof[j] = cardof[j], cardof[hand[0]]
                return

    # ================================================================ text
    def _name(self, inst: int) -> str:
        ci = self.cardof[inst] if 0 <= inst < len(self.cardof) else -1
        return CARD_NAME[ci] if ci >= 0 else "a hidden card"

    def _cell_desc(self, c: int) -> str:
        o = self.grid[c]
        if o < 0:
            return cell_name(c)
        if self.flags[o] & F_COVERED:
            return f"the covered card on {cell_name(c)}"
        return f"{self._name(o)} on {cell_name(c)}"

    def action_text(self, a) -> str:
        a = tuple(a)
        k = a[0]
        sc = self.sc
        try:
            if k == KEEP:
                return "Keep the opening hand"
            if k == MULLIGAN:
                return f"Mulligan {count(bin(a[1]).count('1'), 'card')}"
            # covered plays and Growth picks never name the card: the log is public
            if k == SELECT:
                if a[2]:
                    return "Choose a card to play covered"
                return f"Choose {self._name(a[1])} to play"
            if k == CELL:
                if sc[S_SELCOV]:
                    return f"Play a card covered on {cell_name(a[1])}"
                return f"Play {self._name(sc[S_SEL])} on {cell_name(a[1])}"
            if k == PLAY:
                if a[3]:
                    return f"Play a card covered on {cell_name(a[2])}"
                return f"Play {self._name(a[1])} on {cell_name(a[2])}"
            if k == CANCEL:
                return "Take the card back"
            if k == PASS:
                return "Pass"
            if k == ORDER:
                return f"Activate {self._cell_desc(a[1])} next"
            if k == FIRE:
                ci = self.cardof[self.acting()]
                t = NEIGHBOUR[self.pos[self.acting()]][a[1]]
                return f"{ABILITY_TITLES[CARD_ARROWS[ci][a[1]]]} ({DIRECTIONS[a[1]]}) at {self._cell_desc(t)}"
            if k == DONE:
                return "End the ability phase"
            if k == CONFLICT:
                t = NEIGHBOUR[self.pos[self.acting()]][a[1]]
                return f"Fight {self._cell_desc(t)}"
            if k == HIT:
                return f"Firestorm: 1 damage to {self._cell_desc(a[1])}"
            if k == PULL:
                return f"Magnetism: pull {self._cell_desc(a[1])}"
            if k == PICK:
                if sc[S_PHASE] == PH_PICK and CARD_ARROWS[self.cardof[self.acting()]][sc[S_PDIR]] == GROWTH:
                    return "Choose the monster Growth puts covered"
                return f"Choose {self._name(a[1])}"
            if k == DISCARD:
                return f"Discard {self._name(a[1])}"
            if k == CONCEDE:
                return "Concede"
        except (IndexError, TypeError):
            pass
        return " ".join(str(x) for x in a)

    EVENTS = EVENTS

    def event_text(self, e, names: Names | None = None) -> str:
        """The log's sentence for ``e``, the seats called as ``names`` says ("You play
        Cliff Giant on B4.", "Shade Stalker on C3 flips to the AI."): a card on the grid
        is named with its cell."""
        P = names if names is not None else SEATS
        n = self._name
        v = self.event(e)
        k = v.kind if e else ""
        try:
            if k == "turn":
                return f"Turn {v.turn}: {P.poss(v.player)} turn."
            if k == "credits":
                verb = "gain" if v.delta >= 0 else "pay"
                return P.does(v.player, verb, f"{abs(v.delta)} credits ({v.why}); now {v.now}.")
            if k == "draw":
                return P.does(v.player, "draw", "a card.")
            if k == "no_draw":
                return P.does(v.player, "have", "no card left to draw.")
            if k == "keep":
                return P.does(v.player, "keep", f"{count(v.n, 'card')}.")
            if k == "mulligan":
                draw = "draw" if P.you(v.player) else "draws"
                return P.does(v.player, "shuffle", f"{count(v.n, 'card')} back and {draw} {v.drawn}.")
            if k == "play":
                if v.covered:
                    return P.does(v.player, "play", f"a card covered on {cell_name(v.cell)}.")
                return P.does(v.player, "play", f"{n(v.inst)} on {cell_name(v.cell)}.")
            if k == "reveal":
                return P.does(v.player, "reveal", f"{n(v.inst)} on {cell_name(v.cell)} (cost {v.cost}).")
            if k == "unaffordable":
                return (f"{P.name(v.player, True)} cannot afford {n(v.inst)} on {cell_name(v.cell)} "
                        f"(cost {v.cost}): it is removed from the game.")
            if k == "bonus":
                return f"{n(v.inst)} takes the {v.what} bonus of {cell_name(v.cell)}."
            if k == "activate":
                verb = "reactivates" if v.again else "activates"
                return f"{n(v.inst)} {verb} on {cell_name(v.cell)}."
            if k == "sequence_end":
                return f"{n(v.inst)} finishes its activation."
            if k == "ability":
                return f"{n(v.inst)} uses {v.title} ({DIRECTIONS[v.direction]}) on {cell_name(v.cell)}."
            if k == "conflict":
                na, nb = n(v.inst), n(v.other)
                if v.cell is not None and v.cell >= 0 and v.other_cell is not None and v.other_cell >= 0:
                    ca, cb = cell_name(v.cell), cell_name(v.other_cell)
                    if na == nb:        # two of a kind: which took what, by their cells
                        return (f"{na} on {ca} fights {nb} on {cb}: the one on {ca} takes {v.damage}, "
                                f"the one on {cb} takes {v.other_damage}.")
                    return f"{na} on {ca} fights {nb} on {cb}: {na} takes {v.damage}, {nb} takes {v.other_damage}."
                return f"{na} fights {nb}: {na} takes {v.damage}, {nb} takes {v.other_damage}."
            if k == "destroy":
                where = "is removed from the game" if v.how == "removed" else "is destroyed"
                return f"{n(v.inst)} on {cell_name(v.cell)} {where}."
            if k == "flip":
                return f"{n(v.inst)} on {cell_name(v.cell)} flips to {P.name(v.player)}."
            if k == "move":
                who = "A covered card" if self.flags[v.inst] & F_COVERED else n(v.inst)
                return f"{who} moves from {cell_name(v.src)} to {cell_name(v.dst)}."
            if k == "damage":
                return f"Firestorm deals {v.n} damage to {n(v.inst)} on {cell_name(v.cell)}."
            if k == "place":
                how = {"growth": "is placed covered by Growth", "block": "is placed by Block",
                       "resurrected": "is resurrected"}[v.how]
                who = "A card" if v.how == "growth" else n(v.inst)
                return f"{who} {how} on {cell_name(v.cell)}."
            if k == "pass":
                return P.does(v.player, "pass") + "."
            if k == "discard":
                return P.does(v.player, "discard", f"{n(v.inst)}.")
            if k == "end":
                if v.winner < 0:
                    return f"The game ends ({v.why}): a draw, {v.score0}–{v.score1}."
                return f"The game ends ({v.why}): {P.does(v.winner, 'win', start=False)}, {v.score0}–{v.score1}."
        except (IndexError, KeyError, TypeError):
            pass
        return " ".join(str(x) for x in e)

    # ================================================================ checks
    def invariant_problems(self) -> list[str]:
        probs = []
        n = len(self.cardof)
        where = [0] * n
        for zi, z in enumerate(self.zones):
            q = zi & 1
            for i in z:
                where[i] += 1
                if self.owner(i) != q:
                    probs.append(f"instance {i} in the wrong player's {ZONE_NAMES[zi]}")
        for c, i in enumerate(self.grid):
            if i >= 0:
                where[i] += 1
                if self.pos[i] != c:
                    probs.append(f"instance {i} on {cell_name(c)} but pos says {self.pos[i]}")
        for i in range(n):
            if where[i] != 1:
                probs.append(f"instance {i} is in {where[i]} places")
            if self.pos[i] >= 0 and self.grid[self.pos[i]] != i:
                probs.append(f"instance {i} pos mismatch")
            if self.pos[i] < 0 and (self.flags[i] or self.dmg[i] or self.bon[i]
                                    or self.ctrl[i] != self.owner(i)):
                probs.append(f"instance {i} off the grid keeps grid state")
        main = sum(1 for c in MAIN_CELLS if self.grid[c] >= 0)
        if main != self.sc[S_MAINCOUNT]:
            probs.append(f"main count {self.sc[S_MAINCOUNT]} != {main}")
        if sum(1 for i in self.grid if i >= 0) != self.sc[S_GRIDCOUNT]:
            probs.append("grid count is wrong")
        if self._free_cells != [c for c in range(N_CELLS) if self.grid[c] < 0] or \
                self._free != [_CELL_ACTS[c] for c in self._free_cells]:
            probs.append("the list of empty cells is out of step with the grid")
        masks = self._cov, self._marked
        self._derive_masks()
        if (self._cov, self._marked) != masks:
            probs.append("the masks of covered and marked cards are out of step with the flags")
            self._cov, self._marked = masks
        for q in (0, 1):
            ncov = sum(1 for i in self.grid if i >= 0 and self.flags[i] & F_COVERED and self.ctrl[i] == q)
            if ncov != self.sc[S_NCOV0 + q]:
                probs.append(f"covered count of player {q + 1} is wrong")
        if self.sc[S_WINNER] == WIN_NONE and main >= N_MAIN:
            probs.append("main zone full but the game goes on")
        for q in (0, 1):
            if len(self.zones[Z_HAND + q]) > HAND_LIMIT + 3:
                probs.append(f"player {q + 1} holds {len(self.zones[Z_HAND + q])} cards")
        return probs
