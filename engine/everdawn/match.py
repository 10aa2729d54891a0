"""Everdawn rules engine on the shared match contract (:mod:`engine.core.match`).

Rules sources: ``shared/seeds/000_…`` (rulebook + official rulings) and
``shared/rules/everdawn.md``; the player-facing rules page is
``assets/rules/everdawn.md`` and states every choice made here.

Board positions ("slots")
-------------------------
Each player has six creature slots: ``0, 1, 2`` are lanes 1–3 and ``3, 4, 5`` are
bench 1–3 (bench 1 = slot 3 is the Champion slot). Lane *i* faces the opponent's
lane *i*. Helpers: ``LANES``, ``BENCH``, ``CHAMPION_SLOT``, ``slot_name(s)``.

Actions (tuples of small ints; build them with the helpers below)
-----------------------------------------------------------------
=====================  ==========================  =========================================
constant               tuple                       meaning
=====================  ==========================  =========================================
``PASS``               ``(0,)``                    end the Set Phase / finish declaring attacks
                                                   (declaring also ends by itself once every
                                                   creature able to attack has declared) / pass
                                                   a combat spell window
``MOVE``               ``(1, from_slot, to_lane)`` bench → empty lane, or slide a lane creature
                                                   into an adjacent empty lane (only after one
                                                   of yours was destroyed since your last turn)
``EQUIP``              ``(2, hand_i, slot)``       equip the hand card on your creature
``SET``                ``(3, src_slot, tgt_slot)`` set a lane creature to give its bonuses to
                                                   another of your lane creatures
``CAST``               ``(4, hand_i, target)``     cast a spell. Set Phase spells: target is a
                                                   slot 0–5 or ``NO_TARGET`` (6) as the card's
                                                   ``target`` says; combat spells: target is
                                                   the lane 0–2 the spell is cast into
``ATTACK``             ``(5, from_lane, to_lane)`` declare an attack (Combat Phase)
``ORDER``              ``(6, from_lane)``          defender: take the attack from the
                                                   opponent's lane ``from_lane`` next
``CHOOSE``             ``(7, value)``              answer a pending choice (see ``pending()``)
``REDRAW``             ``(8,)``                    "Nothing playable?": hand to the bottom of the
                                                   support deck, draw as many
``CONCEDE``            ``(9,)``                    concede (a loss). Accepted from the player to
                                                   move at ANY decision; deliberately NOT listed
                                                   by ``legal_actions()`` so that random and
                                                   search players never pick it
=====================  ==========================  =========================================

Hand indexes refer to ``hand(player)`` at the moment of the action. A choice's
meaning (``pending()`` returns ``(kind, player, a, b)``):

* ``CH_PLACE``: where the creature ``a`` from the top of the creature deck goes —
  value = slot (an empty bench slot 2/3, or an empty lane unless ``b`` = bench only)
* ``CH_SET_OPP``: value = the opposing lane to set
* ``CH_SWAP_ITEM``: Training Camp, creature in slot ``a``: value = item kind to take off
  (1 weapon, 2 armour, 3 accessory)
* ``CH_SWAP_HAND``: Training Camp: value = hand index of the item to put on
* ``CH_RELOCATE``: Road Sanctuary, creature in slot ``a``: value = destination slot
* ``CH_REFORGE``: Reforge, bench slot ``a``: value = card code taken from the creature deck
* ``CH_SCOUT``: Scouting Report: value = 0 for the top card, 1 the next, …
* ``CH_SCOUT_ORDER``: Scouting Report, the cards looked at and not taken go back on top
  in the order their owner chooses: ``a`` cards are still to be placed, ``b`` are placed
  already (they are the top ``b`` cards); value = 0 for the first of the cards still to be
  placed (as they lie now), 1 the next, …: that card goes directly under the placed ones.
  Asked while two or more different cards are left; the last one goes under the others.
* ``CH_BOTTOM_CREATURES`` / ``CH_BOTTOM_SUPPORT``: two or more different cards went to the
  bottom of that deck at once (the creatures destroyed in one combat, a fallen creature's
  equipment, a Bane accessory spent in that combat): their owner orders them, from the
  very bottom up. ``a`` cards are still to be placed, ``b`` are placed already (they are
  the bottom ``b`` cards); value = 0 for the first of the cards still to be placed (as
  they lie now, from the bottom up), 1 the next, …: that card goes directly above the
  placed ones. Asked while two or more different cards are left. ``ruled_choice()`` gives
  the choice by the AI's rule (the client's automatic answer): the weakest card lowest.
* ``CH_REDIRECT_ATTACK``: Resting Fortress on lane ``a``: value = the attacker's lane
* ``CH_REDIRECT_LANE``: Resting Fortress, attacker lane ``a``: value = the new target lane

Events (tuples; ``event_text`` gives a sentence)
------------------------------------------------
``("turn", turn, player)``, ``("setup", player, [lane codes], [bench codes])``,
``("phase", "set"|"combat"|"end", player)``, ``("move", p, from_slot, to_slot, code)``,
``("equip", p, item_code, slot, creature_code)``,
``("set", p, src_slot, tgt_slot, src_code, tgt_code)`` (tgt_slot and tgt_code -1: set by a card),
``("set_ends", p, slot, code)``, ``("cast", p, spell_code, target)``,
``("trigger", p, code, "when_played"|"on_death")``, ``("attack", p, from_lane, to_lane, code, defender_code)`` (-1: an open lane),
``("redirect", p_defender, attacker_lane, old_lane, new_lane)``,
``("clash", p_att, att_lane, def_lane, att_code, def_code, attack, defense, counter, att_defense,
def_destroyed, att_destroyed)`` (counter = -1 when there is no counterattack),
``("open_hit", p_att, att_lane, def_lane, code, damage)``, ``("miss", p_att, att_lane, def_lane, code)``,
``("destroyed", p, slot, code)``, ``("treated_dead", p, slot, code)`` then ``("revive", p, slot, code)``
(Lithriel's Berries),
``("morale", p, delta, new_value, cause)`` with cause "death" | "open_lane" | "effect" |
"sudden_death", ``("draw", p, n)``, ``("tutor", p, code)``, ``("place", p, slot, code)``,
``("to_deck", p, code)`` (a card goes to the bottom of its deck), ``("bottom_order", p, deck, placed_before)``
(deck 0 creature / 1 support: a card of a group gone down at once placed above the ``placed_before``
lowest), ``("to_hand", p, code)``,
``("lane_bonus", p, lane, what, code)`` (lane -1 and no code: every lane), ``("scout_order", p, placed_before)`` (a card looked at put
back on top), ``("redraw", p, n)``, ``("sudden_death",)``,
``("concede", p)``, ``("game_over", winner (-1 draw), reason)``.

Events are for animation and the log. ``"tutor"`` names a card taken from a deck into the
hand (tutoring creatures, Supply Wagon, Scouting Report): only its owner may see it, so show
players ``event_for(e, viewer)``. Draws are counts only (diff ``hand_of(p)`` to animate your
own new cards).

State
-----
``self.b`` is one flat list of ints (named indexes ``G_*`` and the slot block, read
through helpers); hands and decks are plain lists of card codes (decks are listed
bottom → top, so the top card is ``deck[-1]``); ``self.q`` is the queue of
pending effect primitives (4 ints each). Cards are immutable shared data
(:mod:`engine.everdawn.cards`). ``clone()`` copies a handful of lists.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from ..core.match import End, IllegalAction, Match, Result, as_action
from ..core.rng import Rng, mix_seed
from ..core.text import a as a_
from ..core.text import SEATS, Names, count
from ..core.unseen import allowance_after, guess_cards
from . import cards as C
from .deckrules import MAX_CREATURE_COPIES, MAX_EQUIPMENT_COPIES, MAX_SPELL_COPIES
from .text import END_BY_CODE, EVENTS, MAX_TURNS
from .cards import (ATK, ATKB, BEATS, CARDS_BY_CODE, CHAMPION, DEF, DEFB, EQ_ATK, EQ_DEF, HAS_FRESH,
                    IS_BANE, IS_COMBAT_SPELL, IS_SET_SPELL, K_ACCESSORY, K_ARMOUR, K_CREATURE,
                    K_SPELL, K_WEAPON, KIND, MELEE, MORALE, ON_DEATH, RANGE, TYPE,
                    WHEN_PLAYED)

# ---------------------------------------------------------------- actions
PASS, MOVE, EQUIP, SET, CAST, ATTACK, ORDER, CHOOSE, REDRAW, CONCEDE = range(10)
NO_TARGET = 6
LANES = (0, 1, 2)
BENCH = (3, 4, 5)
CHAMPION_SLOT = 3
SLOTS = (0, 1, 2, 3, 4, 5)


def pass_(): return (PASS,)
def move(from_slot, to_lane): return (MOVE, from_slot, to_lane)
def equip(hand_i, slot): return (EQUIP, hand_i, slot)
def set_(src_slot, tgt_slot): return (SET, src_slot, tgt_slot)
def cast(hand_i, target=NO_TARGET): return (CAST, hand_i, target)
def attack(from_lane, to_lane): return (ATTACK, from_lane, to_lane)
def order(from_lane): return (ORDER, from_lane)
def choose(value): return (CHOOSE, value)
def redraw(): return (REDRAW,)
def concede(): return (CONCEDE,)


def slot_name(s: int) -> str:
    return f"lane {s + 1}" if s < 3 else f"bench {s - 2}"


# ---------------------------------------------------------------- phases, choices, reasons
PH_SET, PH_DECLARE, PH_DEF_SPELLS, PH_ATK_SPELLS, PH_ORDER, PH_CHOICE, PH_OVER = range(7)
PHASE_NAMES = ("set", "declare", "defender_spells", "attacker_spells", "order", "choice", "over")
(CH_NONE, CH_PLACE, CH_SET_OPP, CH_SWAP_ITEM, CH_SWAP_HAND, CH_RELOCATE, CH_REFORGE, CH_SCOUT,
 CH_REDIRECT_ATTACK, CH_REDIRECT_LANE, CH_SCOUT_ORDER, CH_BOTTOM_CREATURES, CH_BOTTOM_SUPPORT) = range(13)
#: the decisions that order cards gone to the bottom of a deck at once, by deck (0 creature, 1 support)
CH_BOTTOM = (CH_BOTTOM_CREATURES, CH_BOTTOM_SUPPORT)
R_SET, R_DEF, R_ATK, R_END = range(4)       # where play resumes once the effect queue is empty
WIN_NONE, WIN_MORALE, WIN_CREATURES, WIN_CONCEDE, WIN_SD_DRAW, WIN_TURN_LIMIT = range(6)
DRAW = 2                                      # G_WINNER value for a draw

# ---------------------------------------------------------------- flat state layout
G_PHASE, G_TURN, G_ACTIVE, G_FIRST, G_WINNER, G_REASON, G_SUDDEN = range(7)
G_SETUP = 7          # 2: has this player set up yet
G_MORALE = 9         # 2
G_LOST = 11          # 2: one of this player's creatures was destroyed since their last turn began
G_SLIDE_OK = 13      # the active player may slide this turn
G_SET_SRC = 14       # 2: slot of this player's set creature, -1 none
G_SET_TGT = 16       # 2: slot receiving its bonuses, -1 none (Dawn Seers' set gives none)
G_REDRAW_OK = 18     # "Nothing playable?" still possible (nothing done yet this Set Phase)
G_LANE_USED = 19     # 2: bitmask of lanes this player has cast a combat spell into this turn
G_ROUND_ATK = 21     # active player's lane creatures: + attack for the rest of this round
G_RESUME = 22
G_PEND = 23          # 4: kind, player, a, b
G_ATK_T = 27         # 3: target lane of the attack from the active player's lane i, -1 none
G_ATK_RANK = 30      # 3: order in which the defender takes the attack (-1 not ordered yet)
G_NRANK = 33
G_CM = 34            # 18: per player, per lane: combat attack mod, defense mod, flags
S0 = 52              # slot block: per player, per slot, NF fields
NF = 6
SF_CODE, SF_WEAPON, SF_ARMOUR, SF_ACC, SF_FLAGS, SF_TDEF = range(6)   # SF_WEAPON..SF_ACC == kind code
N_STATE = S0 + 2 * 6 * NF

F_PLAYED, F_EQUIPPED, F_FRESH = 1, 2, 4
CM_ADV, CM_NOCOUNTER, CM_REACH_ALL = 1, 2, 4

# queue primitives (op, player, n, x)
(Q_DRAW, Q_ADD, Q_BENCH, Q_SET_OPP, Q_OPP_MORALE, Q_TUTOR, Q_ROUND_ATK, Q_GUARD, Q_FAKE_DEATH,
 Q_SWAP, Q_RELOCATE, Q_REFORGE, Q_SCOUT, Q_LANE_ATK, Q_LANE_DEF, Q_LANE_ADV, Q_LANE_NOCOUNTER,
 Q_LANE_REACH, Q_REDIRECT, Q_BOTTOM, Q_SPENT) = range(21)
_OP = {"draw": Q_DRAW, "add_creature": Q_ADD, "bench_creature": Q_BENCH, "set_opponent": Q_SET_OPP,
       "opp_morale": Q_OPP_MORALE, "tutor": Q_TUTOR, "round_attack": Q_ROUND_ATK, "guard": Q_GUARD,
       "fake_death": Q_FAKE_DEATH, "swap_item": Q_SWAP, "relocate": Q_RELOCATE, "reforge": Q_REFORGE,
       "scout": Q_SCOUT, "lane_attack": Q_LANE_ATK, "lane_defense": Q_LANE_DEF,
       "lane_advantage": Q_LANE_ADV, "lane_no_counter": Q_LANE_NOCOUNTER,
       "lane_reach_all": Q_LANE_REACH, "redirect": Q_REDIRECT}
_TUTOR_KIND = {"weapon": K_WEAPON, "armour": K_ARMOUR, "accessory": K_ACCESSORY, "spell": K_SPELL,
               "creature": K_CREATURE}
# per card code: the queue entries its effect produces, as (op, n) pairs (x is filled in by the trigger)
EFFECT_OPS = tuple(tuple((_OP[op], (_TUTOR_KIND[kind] if op == "tutor" else n))
                         for op, n, kind in c.effect if op not in ("first_attack", "first_team_attack",
                                                                   "first_unblockable"))
                   for c in CARDS_BY_CODE)
T_NONE, T_OWN_CREATURE, T_OWN_LANE, T_OWN_BENCH23, T_EMPTY_BENCH23, T_COMBAT_LANE, T_ATTACKING, T_ATTACKED = range(8)
TARGET = tuple(C.SPELL_TARGETS.index(c.target) if c.is_spell else -1 for c in CARDS_BY_CODE)
IS_SWAP = tuple(any(op == "swap_item" for op, _, _ in c.effect) for c in CARDS_BY_CODE)
IS_RELOCATE = tuple(any(op == "relocate" for op, _, _ in c.effect) for c in CARDS_BY_CODE)
IS_REFORGE = tuple(any(op == "reforge" for op, _, _ in c.effect) for c in CARDS_BY_CODE)
# quick target masks for the common Set Phase spells (the rest go through _spell_target_mask)
ST_OTHER, ST_NONE, ST_OCC, ST_LANES, ST_EMPTY23 = range(5)
SIMPLE_TARGET = tuple(
    ST_NONE if TARGET[i] == T_NONE else
    ST_OCC if TARGET[i] == T_OWN_CREATURE and not IS_SWAP[i] else
    ST_LANES if TARGET[i] == T_OWN_LANE and not IS_RELOCATE[i] else
    ST_EMPTY23 if TARGET[i] == T_EMPTY_BENCH23 else ST_OTHER
    for i in range(C.N_CARDS))
# what a hand card can do in the Set Phase: 1-3 equip (its item kind), 4 Set Phase spell, 0 nothing
HAND_CLASS = tuple(KIND[i] if K_WEAPON <= KIND[i] <= K_ACCESSORY else 4 if IS_SET_SPELL[i] else 0
                   for i in range(C.N_CARDS))
# HAND_CODE: the same, with Set Phase spells split by their kind of target (HC_*)
HC_NO_TARGET, HC_OCCUPIED, HC_LANES, HC_EMPTY23, HC_OTHER = range(4, 9)
HAND_CODE = tuple(HAND_CLASS[i] if HAND_CLASS[i] != 4 else
                  {ST_NONE: HC_NO_TARGET, ST_OCC: HC_OCCUPIED, ST_LANES: HC_LANES, ST_EMPTY23: HC_EMPTY23,
                   ST_OTHER: HC_OTHER}[SIMPLE_TARGET[i]] for i in range(C.N_CARDS))
IS_EQUIP = tuple(K_WEAPON <= k <= K_ACCESSORY for k in KIND)
COMBAT_NO_ATTACK_NEEDED = tuple(IS_COMBAT_SPELL[i] and TARGET[i] != T_ATTACKED for i in range(C.N_CARDS))
REACH = tuple(tuple(tuple(  # REACH[type][from_lane][to_lane]
    (abs(a - b) == 0) if t == MELEE else (abs(a - b) <= 1) if t == RANGE else True
    for b in range(3)) for a in range(3)) for t in range(3))
PAURA_MELEE = C.AURA_MELEE_ATK + (0,)          # padded: index -1 (empty) reads 0
PAURA_DEF = C.AURA_TEAM_DEF + (0,)
PEQ_ATK = EQ_ATK + ((0, 0, 0),)
PEQ_DEF = EQ_DEF + ((0, 0, 0),)
PFIRST_TEAM = C.FIRST_TEAM_ATK + (0,)
_NO_LANES = (0, 0, 0, 0, 0, 0)     # board_stats' lane stats of a side with no creature
FIRST_ATK = C.FIRST_ATK
FIRST_UNBLOCK = C.FIRST_UNBLOCKABLE
KIND_WORD = {K_WEAPON: "weapon", K_ARMOUR: "armour", K_ACCESSORY: "accessory"}
PLAYERS = ("Player 1", "Player 2")
MAX_HAND_TABLE = 32
PASS_ACT = (PASS,)
BIT = (1, 2, 4, 8, 16, 32, 64)
REDRAW_ACT = (REDRAW,)
MASK_SLOTS = tuple(tuple(s for s in range(7) if mask >> s & 1) for mask in range(128))
CAST_BY_MASK = tuple(tuple(tuple((CAST, h, t) for t in MASK_SLOTS[mask]) for mask in range(128))
                     for h in range(MAX_HAND_TABLE))
# EQUIP_BY_MASK[hand_i][slot mask] -> the EQUIP actions of that hand card on those slots
EQUIP_BY_MASK = tuple(tuple(tuple((EQUIP, h, s) for s in MASK_SLOTS[mask]) for mask in range(64))
                      for h in range(MAX_HAND_TABLE))
# BENCH_MOVES[bench mask][lane mask]: every bench creature into every empty lane
BENCH_MOVES = tuple(tuple(tuple((MOVE, 3 + s, t) for s in range(3) if bm >> s & 1
                                for t in range(3) if not lm >> t & 1) for lm in range(8)) for bm in range(8))
# SLIDE_MOVES[lane mask]: lane creatures into an adjacent empty lane
SLIDE_MOVES = tuple(tuple((MOVE, s, t) for s in range(3) if lm >> s & 1
                          for t in (s - 1, s + 1) if 0 <= t < 3 and not lm >> t & 1) for lm in range(8))
ZERO6 = [0] * 6
ZERO18 = [0] * 18
RESET_ATTACKS = [-1, -1, -1, -1, -1, -1, 0]          # G_ATK_T x3, G_ATK_RANK x3, G_NRANK
MASK_LANES = tuple(tuple(lane for lane in range(3) if mask >> lane & 1) for mask in range(8))
ATTACK_ACTS = tuple(tuple(tuple((ATTACK, a, t) for t in range(3) if REACH[ty][a][t]) for a in range(3))
                    for ty in range(3))
SET_ACTS = tuple(tuple((SET, s, t) for s in range(3) for t in range(3)
                       if s != t and mask >> s & 1 and mask >> t & 1) for mask in range(8))


def _si(p: int, s: int) -> int:
    """Index of slot ``s`` of player ``p`` in the flat state."""
    return S0 + (p * 6 + s) * NF


#: "When played" effects that no later event tells (they act in the creature's first combat)
_FIRST_COMBAT_WORDS = {
    "first_attack": "+{n} attack in its first combat phase",
    "first_team_attack": "its owner's other creatures in lanes get +{n} attack in its first combat phase",
    "first_unblockable": "its attacks can't be counterattacked in its first combat phase",
}


def _worth(code: int) -> int:
    """A card's rough worth for the ordering rule (:meth:`EverdawnMatch.ruled_choice`)."""
    if code < 0:
        return 0
    c = CARDS_BY_CODE[code]
    if c.kind == "creature":
        return c.attack + c.defense + c.attack_bonus + c.defense_bonus + (20 if c.champion else 0)
    if c.kind == "spell":
        return 6
    return c.attack + c.defense + c.attack_bonus + c.defense_bonus


def _name(code: int) -> str:
    return CARDS_BY_CODE[code].name if code >= 0 else "a hidden card"


def _pair_names(p: int, attacker: int, defender: int, names: Names = SEATS) -> tuple:
    """The attacker (``p``'s) and the defender with their owners, so that they cannot be
    confused even in a mirror match ("your High King Arenor", "the AI's High King Arenor");
    the first one starts a sentence."""
    return f"{names.poss(p, True)} {_name(attacker)}", f"{names.poss(1 - p)} {_name(defender)}"


_DECK_CACHE: dict = {}
_MASK64 = (1 << 64) - 1


def _shuffle(rng: Rng, items: list) -> None:
    """Uniform Fisher-Yates shuffle driven by the match RNG (SplitMix64). Each 64-bit draw is
    spent as a mixed-radix number over several swaps (a fresh draw is taken while at least 2^24
    times the next range remains, so the bias is below 2^-24)."""
    s = rng.state
    z = room = 0
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        if room < n << 24:
            s = (s + 0x9E3779B97F4A7C15) & _MASK64
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            z ^= z >> 31
            room = 1 << 64
        j = z % n
        z //= n
        room //= n
        items[i], items[j] = items[j], items[i]
    rng.state = s


def _deck_codes(deck, seat: int) -> tuple:
    """(creature codes, support codes, sorted all codes) of a legal deck; cached per deck."""
    got = _DECK_CACHE.get(deck)
    if got is None:
        from .deckrules import validate_deck
        probs = validate_deck(deck)
        if probs:
            raise ValueError(f"{PLAYERS[seat]}'s deck is not legal: " + "; ".join(probs))
        codes = [C.CODE[cid] for cid in deck.card_list()]
        got = ([c for c in codes if KIND[c] == K_CREATURE], [c for c in codes if KIND[c] != K_CREATURE],
               tuple(sorted(codes)))
        if len(_DECK_CACHE) > 512:
            _DECK_CACHE.clear()
        _DECK_CACHE[deck] = got
    return got


SUPPORT_CODES = tuple(c for c in range(C.N_CARDS) if KIND[c] != K_CREATURE)
CREATURE_CODES = tuple(c for c in range(C.N_CARDS) if KIND[c] == K_CREATURE)
CHAMPION_CODES = tuple(c for c in CREATURE_CODES if CHAMPION[c])


def _support_copies(c: int) -> int:
    return MAX_SPELL_COPIES if KIND[c] == K_SPELL else MAX_EQUIPMENT_COPIES


def _creature_copies(c: int) -> int:
    return 0 if CHAMPION[c] else MAX_CREATURE_COPIES


class EverdawnMatch(Match):
    __slots__ = ("b", "hand", "sdeck", "cdeck", "q", "rng", "orig", "hidden", "viewer",
                 "_sa_out", "_sa")
    # (_sa_out, _sa: derived, not state) the Set Phase's slot masks [occupied, weapon, armour,
    # accessory] (-1: not worked out) as _set_actions found them (_sa_out), and the same
    # carried over an action that leaves them as they were, or changes them in a known way
    # (_sa, set only by apply: an EQUIP or a SET), read once by the next _set_actions

    GAME = "everdawn"
    TIMEOUT_ACTIONS = ((PASS,),)   # a timeout ends the turn (Match.timeout_action)
    OPTIONS = ()

    # ================================================================ creation
    @classmethod
    def new(cls, decks: Sequence, seed: int, options: Mapping | None = None) -> "EverdawnMatch":
        lists = [_deck_codes(d, i) for i, d in enumerate(decks)]
        m = cls._blank()
        rng = Rng(mix_seed(seed, 0xED))
        m.orig = (lists[0][2], lists[1][2])
        for p in (0, 1):
            cre = lists[p][0][:]
            sup = lists[p][1][:]
            _shuffle(rng, cre)
            _shuffle(rng, sup)
            m.cdeck[p] = cre
            m.sdeck[p] = sup
        first = rng.randrange(2)          # the coin flip
        m.rng = rng.state
        b = m.b
        b[G_FIRST] = first
        b[G_MORALE] = b[G_MORALE + 1] = 100
        ev: list = []
        m._start_turn(first, ev)
        return m

    @classmethod
    def _blank(cls) -> "EverdawnMatch":
        m = cls.__new__(cls)
        b = [0] * N_STATE
        for i in (G_SET_SRC, G_SET_SRC + 1, G_SET_TGT, G_SET_TGT + 1, G_WINNER,
                  G_ATK_T, G_ATK_T + 1, G_ATK_T + 2, G_ATK_RANK, G_ATK_RANK + 1, G_ATK_RANK + 2):
            b[i] = -1
        for p in (0, 1):
            for s in SLOTS:
                i = (S0 + p * 36 + s * NF)
                b[i] = b[i + 1] = b[i + 2] = b[i + 3] = -1
        m.b = b
        m.hand = [[], []]
        m.sdeck = [[], []]
        m.cdeck = [[], []]
        m.q = []
        m.rng = 0
        m._sa_out = m._sa = None
        m.orig = ((), ())
        m.hidden = None
        m.viewer = -1
        return m

    # ================================================================ read helpers (client, AI, tests)
    def to_move(self) -> int | None:
        b = self.b
        ph = b[G_PHASE]
        if ph == PH_SET or ph == PH_DECLARE or ph == PH_ATK_SPELLS:
            return b[G_ACTIVE]
        if ph == PH_DEF_SPELLS or ph == PH_ORDER:
            return 1 - b[G_ACTIVE]
        if ph == PH_CHOICE:
            return b[G_PEND + 1]
        return None

    def turn_player(self) -> int:
        return self.b[G_ACTIVE]

    def turn(self) -> int:
        return self.b[G_TURN]

    def phase(self) -> str:
        return PHASE_NAMES[self.b[G_PHASE]]

    def first_player(self) -> int:
        return self.b[G_FIRST]

    def morale(self, p: int) -> int:
        return self.b[G_MORALE + p]

    def sudden_death(self) -> bool:
        return bool(self.b[G_SUDDEN])

    def is_set_up(self, p: int) -> bool:
        return bool(self.b[G_SETUP + p])

    def creature_at(self, p: int, slot: int) -> int:
        """Card code of the creature in ``slot`` of player ``p``, -1 if empty."""
        return self.b[(S0 + p * 36 + slot * NF)]

    def items_at(self, p: int, slot: int) -> tuple[int, int, int]:
        """(weapon, armour, accessory) codes on that creature, -1 for none."""
        i = (S0 + p * 36 + slot * NF)
        return self.b[i + 1], self.b[i + 2], self.b[i + 3]

    def slot_flags(self, p: int, slot: int) -> int:
        return self.b[(S0 + p * 36 + slot * NF) + SF_FLAGS]

    def set_info(self, p: int) -> tuple[int, int]:
        """(set creature's slot, slot receiving its bonuses) of player ``p``; -1 for none."""
        return self.b[G_SET_SRC + p], self.b[G_SET_TGT + p]

    def creatures_in_play(self, p: int) -> int:
        b = self.b
        base = (S0 + p * 36)
        return sum(1 for s in SLOTS if b[base + s * NF] >= 0)

    def attacks(self) -> list[tuple[int, int]]:
        """Declared attacks of the active player: [(from_lane, to_lane), ...]."""
        b = self.b
        return [(a, b[G_ATK_T + a]) for a in LANES if b[G_ATK_T + a] >= 0]

    def lane_mods(self, p: int, lane: int) -> tuple[int, int, int]:
        """This combat's spell effects on player ``p``'s lane: (attack +, defense +, CM_* flags)."""
        i = G_CM + p * 9 + lane * 3
        return self.b[i], self.b[i + 1], self.b[i + 2]

    def resume_point(self) -> int:
        """During a choice: where play goes on afterwards (R_SET, R_DEF, R_ATK or R_END)."""
        return self.b[G_RESUME]

    def pending(self) -> tuple[int, int, int, int]:
        """The pending choice (kind, player, a, b); kind CH_NONE when there is none."""
        b = self.b
        if b[G_PHASE] != PH_CHOICE:
            return (CH_NONE, -1, -1, -1)
        return (b[G_PEND], b[G_PEND + 1], b[G_PEND + 2], b[G_PEND + 3])

    def prompt(self) -> str:
        """What the player to move is asked now, as a sentence for the client's status line."""
        b = self.b
        ph = b[G_PHASE]
        if ph == PH_OVER:
            r = self.result()
            return r.text() if r else ""
        if ph == PH_SET:
            return "Set Phase: move, equip, set or cast Set Phase spells, then end the Set Phase."
        if ph == PH_DECLARE:
            return "Declare attacks, then finish declaring."
        if ph == PH_DEF_SPELLS:
            return "You are attacked: cast combat spells, or pass."
        if ph == PH_ATK_SPELLS:
            return "Cast combat spells, or pass to resolve the combat."
        if ph == PH_ORDER:
            t = self._order_lane()
            return (f"Several attacks target your {_name(b[S0 + (1 - b[G_ACTIVE]) * 36 + t * NF])}: "
                    "choose which one it takes next.")
        kind, p, x, y = self.pending()
        return {
            CH_PLACE: f"Choose where {_name(x)} goes.",
            CH_SET_OPP: "Choose an opposing creature to set.",
            CH_SWAP_ITEM: "Training Camp: choose the item to take off.",
            CH_SWAP_HAND: "Training Camp: choose the item from your hand to put on.",
            CH_RELOCATE: "Road Sanctuary: choose where to move the creature.",
            CH_REFORGE: "Reforge: choose a creature from your creature deck.",
            CH_SCOUT: "Scouting Report: choose the card to take.",
            CH_SCOUT_ORDER: ("Scouting Report: choose the card to put back on top." if y == 0 else
                             "Scouting Report: choose the card to put under it."),
            CH_REDIRECT_ATTACK: "Resting Fortress: choose the attack to redirect.",
            CH_REDIRECT_LANE: "Resting Fortress: choose the lane to redirect it to.",
            CH_BOTTOM_CREATURES: ("Defeated cards: choose the creature to put at the very bottom of your "
                                  "creature deck." if y == 0 else "Defeated cards: choose the creature to put "
                                  "above it at the bottom of your creature deck."),
            CH_BOTTOM_SUPPORT: ("Returned cards: choose the card to put at the very bottom of your support deck."
                                if y == 0 else "Returned cards: choose the card to put above it at the bottom "
                                "of your support deck."),
        }.get(kind, "")

    @staticmethod
    def implied_actions(m: "EverdawnMatch", actions) -> list | None:
        """A record made before the owner ordered returned cards: the answers that keep
        the order the engine then fixed (the cards as they lie: value 0), inserted where
        the decision now comes and the record goes on with another action. None when the
        actions don't replay; the same list object when nothing was inserted."""
        out, added = [], False
        for a in actions:
            a = tuple(a)
            while m.b[G_PHASE] == PH_CHOICE and m.b[G_PEND] in CH_BOTTOM and a[0] != CHOOSE:
                m.apply((CHOOSE, 0))
                out.append((CHOOSE, 0))
                added = True
            if m.why_illegal(a) is not None:
                return None
            m.apply(a, check=False)
            out.append(a)
        return out if added else actions

    def ruled_choice(self) -> tuple | None:
        """The answer to a pending choice that is made by a fixed rule rather than by search
        (the AI's, and the client's automatic answer unless the player orders the cards):
        ordering cards gone to the bottom of a deck at once, the weakest goes lowest, so
        the strongest comes back first. None for any other decision."""
        kind, p, x, y = self.pending()
        if kind not in CH_BOTTOM:
            return None
        d = self.cdeck[p] if kind == CH_BOTTOM_CREATURES else self.sdeck[p]
        opts = self._choice_options()
        if not opts:
            return None
        return (CHOOSE, min(opts, key=lambda v: (_worth(d[y + v]), d[y + v])))

    def hand_of(self, p: int) -> list[int]:
        return list(self.hand[p])

    def stats(self, p: int, slot: int, opp_code: int = -2) -> tuple[int, int]:
        """(attack, defense) the creature would have now; ``opp_code`` -2 = no clash
        (no advantage), -1 = open lane (advantage), else against that creature."""
        b = self.b
        code = b[(S0 + p * 36 + slot * NF)]
        if code < 0:
            return (0, 0)
        adv = False
        if opp_code == -1:
            adv = True
        elif opp_code >= 0:
            adv = BEATS[TYPE[code]][TYPE[opp_code]]
        if slot < 3 and b[(G_CM + p * 9 + slot * 3) + 2] & CM_ADV and opp_code != -2:
            adv = True
        return self._stats(p, slot, adv)

    def strength(self, p: int) -> tuple[int, int, int]:
        """(attack + defense of ``p``'s lane creatures, the same for the bench, creatures in
        play), with the stats outside a clash as :meth:`stats` gives them (one call for the AI's
        evaluation): the first three of :meth:`board_stats`."""
        return self.board_stats(p)[:3]

    def board_stats(self, p: int) -> tuple:
        """(lane strength, bench strength, creatures in play, lane stats) of ``p``: the
        strengths as :meth:`strength` gives them, and the lane stats as a sequence (attack 0,
        defense 0, attack 1, defense 1, attack 2, defense 2) of each lane creature's
        ``_stats(p, lane, False)`` (0, 0 for an empty lane); callers only read it. One pass over the board, with
        what every slot shares (auras, first-combat bonuses, the round's attack) read once:
        the AI's evaluation reads both sides' lanes at every position it scores."""
        b = self.b
        base = S0 + p * 36
        c0, c1, c2, c3, c4, c5 = b[base], b[base + 6], b[base + 12], b[base + 18], b[base + 24], b[base + 30]
        n = (c0 >= 0) + (c1 >= 0) + (c2 >= 0) + (c3 >= 0) + (c4 >= 0) + (c5 >= 0)
        if not n:
            return 0, 0, 0, _NO_LANES
        a = PAURA_DEF
        aura_def = a[c0] + a[c1] + a[c2] + a[c3] + a[c4] + a[c5]
        m = PAURA_MELEE
        aura_melee = m[c0] + m[c1] + m[c2]
        active = p == b[G_ACTIVE]
        if active:
            round_atk = b[G_ROUND_ATK]
            f = PFIRST_TEAM
            ft0 = f[c0] if b[base + 4] & F_FRESH else 0
            ft1 = f[c1] if b[base + 10] & F_FRESH else 0
            ft2 = f[c2] if b[base + 16] & F_FRESH else 0
            first_team = (ft1 + ft2, ft0 + ft2, ft0 + ft1)
        set_tgt = b[G_SET_TGT + p]
        cm = G_CM + p * 9
        lane = bench = 0
        ls = [0, 0, 0, 0, 0, 0]
        for s in SLOTS:
            i = base + s * 6
            code = b[i]
            if code < 0:
                continue
            # as _stats(p, s, False)
            ty = TYPE[code]
            w, ar, ac = b[i + 1], b[i + 2], b[i + 3]
            atk = ATK[code] + PEQ_ATK[w][ty] + PEQ_ATK[ar][ty] + PEQ_ATK[ac][ty]
            dfn = DEF[code] + b[i + 5] + PEQ_DEF[w][ty] + PEQ_DEF[ar][ty] + PEQ_DEF[ac][ty]
            if set_tgt == s:
                src = b[base + b[G_SET_SRC + p] * 6]
                atk += ATKB[src]
                dfn += DEFB[src]
            dfn += aura_def - a[code]
            if active and b[i + 4] & F_FRESH:
                atk += FIRST_ATK[code]
            if s < 3:
                if ty == MELEE:
                    atk += aura_melee - m[code]
                if active:
                    atk += round_atk + first_team[s]
                k = cm + s * 3
                atk += b[k]
                dfn += b[k + 1]
                ls[2 * s] = atk
                ls[2 * s + 1] = dfn
                lane += atk + dfn
            else:
                bench += atk + dfn
        return lane, bench, n, ls

    # ================================================================ stats in a clash
    # The tables used below have one extra entry at the end, so that the empty code -1
    # reads 0: sums over slots need no branches.
    def _stats(self, p: int, slot: int, adv: bool) -> tuple[int, int]:
        """(attack, defense) of player ``p``'s creature in ``slot`` for one clash:
        base + set bonus + equipment ("+a, if TYPE +b": b in total for TYPE) + champion auras
        + this round's and this combat's spell bonuses + "first combat phase" bonuses
        (+ both printed bonuses with type advantage)."""
        # hot path (combat, evaluation): literal slot offsets (NF = 6 ints per slot: code, three
        # items, flags, temporary defense)
        b = self.b
        base = S0 + p * 36
        i = base + slot * 6
        code = b[i]
        ty = TYPE[code]
        w, ar, ac = b[i + 1], b[i + 2], b[i + 3]
        atk = ATK[code] + PEQ_ATK[w][ty] + PEQ_ATK[ar][ty] + PEQ_ATK[ac][ty]
        dfn = DEF[code] + b[i + 5] + PEQ_DEF[w][ty] + PEQ_DEF[ar][ty] + PEQ_DEF[ac][ty]
        if b[G_SET_TGT + p] == slot:                      # a set creature's printed bonuses
            src = b[base + b[G_SET_SRC + p] * 6]
            atk += ATKB[src]
            dfn += DEFB[src]
        a = PAURA_DEF                                     # Arenor: every other creature in play
        dfn += (a[b[base]] + a[b[base + 6]] + a[b[base + 12]] + a[b[base + 18]]
                + a[b[base + 24]] + a[b[base + 30]] - a[code])
        active = p == b[G_ACTIVE]
        if slot < 3:
            if ty == MELEE:                               # Traghrim: other melee lane creatures
                a = PAURA_MELEE
                atk += a[b[base]] + a[b[base + 6]] + a[b[base + 12]] - a[code]
            if active:
                atk += b[G_ROUND_ATK]
                # Beastmaster-like first-combat bonuses of the other lane creatures
                if slot != 0 and b[base + 4] & F_FRESH:
                    atk += PFIRST_TEAM[b[base]]
                if slot != 1 and b[base + 10] & F_FRESH:
                    atk += PFIRST_TEAM[b[base + 6]]
                if slot != 2 and b[base + 16] & F_FRESH:
                    atk += PFIRST_TEAM[b[base + 12]]
            cm = G_CM + p * 9 + slot * 3                  # this combat's spells on the lane
            atk += b[cm]
            dfn += b[cm + 1]
        if active and b[i + 4] & F_FRESH:
            atk += FIRST_ATK[code]
        if adv:
            atk += ATKB[code]
            dfn += DEFB[code]
        return atk, dfn

    # ================================================================ legal actions
    def legal_actions(self) -> list[tuple]:
        b = self.b
        ph = b[G_PHASE]
        if ph == PH_SET:
            return self._set_actions()
        if ph == PH_DECLARE:
            return self._declare_actions()
        if ph == PH_DEF_SPELLS or ph == PH_ATK_SPELLS:
            p = b[G_ACTIVE] if ph == PH_ATK_SPELLS else 1 - b[G_ACTIVE]
            out = [(PASS,)]
            hand = self.hand[p]
            masks = self._combat_lane_masks(p)
            for h in range(len(hand)):
                c = hand[h]
                if IS_COMBAT_SPELL[c]:
                    for lane in MASK_LANES[masks[TARGET[c]]]:
                        out.append((CAST, h, lane))
            return out
        if ph == PH_ORDER:
            t = self._order_lane()
            return [(ORDER, a) for a in LANES if b[G_ATK_T + a] == t and b[G_ATK_RANK + a] < 0]
        if ph == PH_CHOICE:
            return [(CHOOSE, v) for v in self._choice_options()]
        return []

    def _set_actions(self) -> list[tuple]:
        # hot path: literal slot offsets (NF = 6 ints per slot; +1..+3 items, +4 flags)
        b = self.b
        p = b[G_ACTIVE]
        base = S0 + p * 36
        free = self._sa                                # masks carried over the last action
        if free is not None:
            self._sa = None
            occ = free[0]
        else:
            occ = 0                                    # occupied slots (an if per slot: cheapest)
            if b[base] >= 0: occ = 1
            if b[base + 6] >= 0: occ |= 2
            if b[base + 12] >= 0: occ |= 4
            if b[base + 18] >= 0: occ |= 8
            if b[base + 24] >= 0: occ |= 16
            if b[base + 30] >= 0: occ |= 32
            free = [occ, -1, -1, -1]
        self._sa_out = free
        lane_mask = occ & 7
        out = [PASS_ACT]
        if lane_mask != 7:
            if occ > 7:
                out += BENCH_MOVES[occ >> 3][lane_mask]
            if b[G_SLIDE_OK]:
                out += SLIDE_MOVES[lane_mask]
        n_moves = len(out)
        hand = self.hand[p]
        h = 0
        for c in hand:
            k = HAND_CODE[c]
            if k:
                if k < 4:                              # equipment of kind k (1 weapon, 2 armour, 3 accessory)
                    fk = free[k]
                    if fk < 0:                         # slots whose creature can take a kind-k item now:
                        j = base + k                   # occupied, that item slot free, not equipped this turn
                        fk = 0
                        if occ & 1 and b[j] < 0 and not b[base + 4] & 2: fk = 1
                        if occ & 2 and b[j + 6] < 0 and not b[base + 10] & 2: fk |= 2
                        if occ & 4 and b[j + 12] < 0 and not b[base + 16] & 2: fk |= 4
                        if occ & 8 and b[j + 18] < 0 and not b[base + 22] & 2: fk |= 8
                        if occ & 16 and b[j + 24] < 0 and not b[base + 28] & 2: fk |= 16
                        if occ & 32 and b[j + 30] < 0 and not b[base + 34] & 2: fk |= 32
                        free[k] = fk
                    if h < MAX_HAND_TABLE:
                        out += EQUIP_BY_MASK[h][fk]
                    else:
                        out += [(EQUIP, h, s) for s in MASK_SLOTS[fk]]
                else:                                  # a Set Phase spell, by its kind of target
                    if k == HC_NO_TARGET:
                        tm = 64                        # 1 << NO_TARGET
                    elif k == HC_OCCUPIED:
                        tm = occ
                    elif k == HC_LANES:
                        tm = lane_mask
                    elif k == HC_EMPTY23:
                        tm = (~occ & 0b110000) if self.cdeck[p] else 0
                    else:
                        tm = self._spell_target_mask(p, h, occ)
                    if h < MAX_HAND_TABLE:
                        out += CAST_BY_MASK[h][tm]
                    else:
                        out += [(CAST, h, t) for t in MASK_SLOTS[tm]]
            h += 1
        # "Nothing playable?": no card in the hand gave an action above (equipment with a free
        # slot, a Set Phase spell with a target), and none is a combat spell castable later this
        # turn (one that needs no attack on its lane, while a lane creature can fight)
        redraw = (b[G_REDRAW_OK] and h >= 5 and len(out) == n_moves
                  and not (lane_mask and any(COMBAT_NO_ATTACK_NEEDED[c] for c in hand)))
        if b[G_SET_SRC + p] < 0:
            out += SET_ACTS[lane_mask]
        if redraw:
            out.append(REDRAW_ACT)
        return out

    def _set_spell_targets(self, p: int, h: int) -> tuple[int, ...]:
        """Legal targets of the Set Phase spell in hand position ``h`` of player ``p``."""
        return MASK_SLOTS[self._spell_target_mask(p, h)]

    def _spell_target_mask(self, p: int, h: int, occ: int = -1) -> int:
        """Bitmask of the legal targets (slots 0-5, bit 6 = NO_TARGET) of the Set Phase spell
        in hand position ``h`` of player ``p``."""
        b = self.b
        c = self.hand[p][h]
        tg = TARGET[c]
        if tg == T_NONE:
            return 1 << NO_TARGET
        base = S0 + p * 36
        if occ < 0:
            occ = 0
            for s in SLOTS:
                if b[base + s * NF] >= 0:
                    occ |= 1 << s
        if tg == T_OWN_CREATURE:
            if IS_SWAP[c]:
                # a creature with an item can swap it as soon as the hand holds any other item:
                # that item either matches an item kind it carries or goes into a free slot
                for x in self.hand[p]:       # (the spell at h is not an item)
                    if IS_EQUIP[x]:
                        break
                else:
                    return 0
                m = 0
                for s in MASK_SLOTS[occ]:
                    i = base + s * NF
                    if b[i + 1] >= 0 or b[i + 2] >= 0 or b[i + 3] >= 0:
                        m |= 1 << s
                return m
            return occ
        if tg == T_OWN_LANE:
            lanes = occ & 7
            if IS_RELOCATE[c] and lanes:
                if lanes != 7 or occ & 0b110000 != 0b110000:
                    return lanes             # an empty lane or bench 2/3 is free
                m = 0                        # only bench 1 may be free: Champions only
                if not occ & 0b1000:
                    for s in LANES:
                        if CHAMPION[b[base + s * NF]]:
                            m |= 1 << s
                return m
            return lanes
        if tg == T_OWN_BENCH23:
            m = 0
            for s in (4, 5):
                code = b[base + s * NF]
                if code >= 0 and not CHAMPION[code]:
                    m |= 1 << s
            if m and IS_REFORGE[c]:
                deck = self.cdeck[p]
                if not (len(deck) >= 2 or (deck and not CHAMPION[deck[0]])):
                    return 0
            return m
        if tg == T_EMPTY_BENCH23:
            if not self.cdeck[p]:
                return 0
            return ~occ & 0b110000
        return 0

    def _swap_kinds(self, p: int, slot: int, skip_h: int = -1) -> list[int]:
        """Training Camp: item kinds on the creature that can be swapped for a hand item."""
        b = self.b
        i = (S0 + p * 36 + slot * NF)
        out = []
        hand = self.hand[p]
        for k in (K_WEAPON, K_ARMOUR, K_ACCESSORY):
            if b[i + k] < 0:
                continue
            for h, c in enumerate(hand):
                if h == skip_h:
                    continue
                kc = KIND[c]
                if K_WEAPON <= kc <= K_ACCESSORY and (kc == k or b[i + kc] < 0):
                    out.append(k)
                    break
        return out

    def _relocate_dests(self, p: int, slot: int) -> list[int]:
        b = self.b
        base = (S0 + p * 36)
        champ = CHAMPION[b[base + slot * NF]]
        out = [s for s in LANES if s != slot and b[base + s * NF] < 0]
        for s in BENCH:
            if b[base + s * NF] < 0 and (s != CHAMPION_SLOT or champ):
                out.append(s)
        return out

    def _can_attack(self, p: int, lane: int) -> bool:
        b = self.b
        return b[S0 + p * 36 + lane * NF] >= 0 and b[G_SET_SRC + p] != lane and b[G_ATK_T + lane] < 0

    def _attackers_left(self, p: int) -> bool:
        """Can any of ``p``'s lane creatures still declare an attack (in a lane, not set, not declared)?"""
        b = self.b
        base = S0 + p * 36
        src = b[G_SET_SRC + p]
        return ((b[base] >= 0 and src != 0 and b[G_ATK_T] < 0)
                or (b[base + NF] >= 0 and src != 1 and b[G_ATK_T + 1] < 0)
                or (b[base + 2 * NF] >= 0 and src != 2 and b[G_ATK_T + 2] < 0))

    def _declare_actions(self) -> list[tuple]:
        b = self.b
        p = b[G_ACTIVE]
        base = S0 + p * 36
        out = [(PASS,)]
        src = b[G_SET_SRC + p]
        for a in LANES:
            c = b[base + a * NF]
            if c >= 0 and src != a and b[G_ATK_T + a] < 0:
                out += ATTACK_ACTS[TYPE[c]][a]
        return out

    def _combat_lane_masks(self, p: int) -> tuple:
        """Per spell target kind, the bitmask of lanes player ``p`` may cast a combat spell into now."""
        b = self.b
        free = ~b[G_LANE_USED + p] & 7
        base = S0 + p * 36
        present = (b[base] >= 0) | (b[base + NF] >= 0) << 1 | (b[base + 2 * NF] >= 0) << 2
        if p == b[G_ACTIVE]:
            attacking = (b[G_ATK_T] >= 0) | (b[G_ATK_T + 1] >= 0) << 1 | (b[G_ATK_T + 2] >= 0) << 2
            m = free & present & attacking
            return (0, 0, 0, 0, 0, m, m, 0)
        attacked = 0
        for a in LANES:
            t = b[G_ATK_T + a]
            if t >= 0:
                attacked |= 1 << t
        return (0, 0, 0, 0, 0, free & present & attacked, 0, free & attacked)

    def _any_combat_spell(self, p: int) -> bool:
        masks = None
        for c in self.hand[p]:
            if IS_COMBAT_SPELL[c]:
                if masks is None:
                    masks = self._combat_lane_masks(p)
                if masks[TARGET[c]]:
                    return True
        return False

    def _order_lane(self) -> int:
        """Lowest lane whose defender must still order two or more attacks, else -1."""
        b = self.b
        t0, t1, t2 = b[G_ATK_T], b[G_ATK_T + 1], b[G_ATK_T + 2]
        if (t0 < 0 or t0 != t1 and t0 != t2) and (t1 < 0 or t1 != t2):
            return -1                                  # no lane is attacked twice
        d = 1 - b[G_ACTIVE]
        for t in LANES:
            if b[(S0 + d * 36 + t * NF)] < 0:
                continue
            n = 0
            for a in LANES:
                if b[G_ATK_T + a] == t and b[G_ATK_RANK + a] < 0:
                    n += 1
            if n >= 2:
                return t
        return -1

    def _choice_options(self) -> list[int]:
        b = self.b
        kind, p, x, y = b[G_PEND], b[G_PEND + 1], b[G_PEND + 2], b[G_PEND + 3]
        base = (S0 + p * 36)
        if kind == CH_PLACE:
            out = [s for s in (4, 5) if b[base + s * NF] < 0]
            if not y:
                out += [s for s in LANES if b[base + s * NF] < 0]
            return out
        if kind == CH_SET_OPP:
            o = 1 - p
            ob = (S0 + o * 36)
            return [s for s in LANES if b[ob + s * NF] >= 0 and b[G_SET_SRC + o] != s]
        if kind == CH_SWAP_ITEM:
            return self._swap_kinds(p, x)
        if kind == CH_SWAP_HAND:
            i = base + x * NF
            out = []
            for h, c in enumerate(self.hand[p]):
                kc = KIND[c]
                if K_WEAPON <= kc <= K_ACCESSORY and (kc == y or b[i + kc] < 0):
                    out.append(h)
            return out
        if kind == CH_RELOCATE:
            return self._relocate_dests(p, x)
        if kind == CH_REFORGE:
            return sorted({c for c in self.cdeck[p] if c >= 0 and not CHAMPION[c]})
        if kind == CH_SCOUT:
            return list(range(min(x, len(self.sdeck[p]))))
        if kind == CH_SCOUT_ORDER:
            d = self.sdeck[p]
            top = len(d) - 1 - y
            out, seen = [], set()
            for v in range(x):  # one option per different card (two equal cards: no choice)
                c = d[top - v]
                if c not in seen:
                    seen.add(c)
                    out.append(v)
            return out
        if kind == CH_BOTTOM_CREATURES or kind == CH_BOTTOM_SUPPORT:
            d = self.cdeck[p] if kind == CH_BOTTOM_CREATURES else self.sdeck[p]
            out, seen = [], set()
            for v in range(min(x, len(d) - y)):  # one option per different card
                c = d[y + v]
                if c not in seen:
                    seen.add(c)
                    out.append(v)
            return out
        if kind == CH_REDIRECT_ATTACK:
            return [a for a in LANES if b[G_ATK_T + a] == x]
        if kind == CH_REDIRECT_LANE:
            cur = b[G_ATK_T + x]
            return [t for t in LANES if t != cur]
        return []

    # ================================================================ illegal-action reasons
    def why_illegal(self, action) -> str | None:
        if self.result() is not None:
            return "The game is over."
        action = as_action(action)
        if action is None:
            return "That is not a move."
        if action == (CONCEDE,):
            return None
        return super().why_illegal(action)

    def explain_illegal(self, action) -> str | None:
        b = self.b
        if not action or not all(isinstance(x, int) for x in action):
            return "That is not a move."
        kind = action[0]
        ph = b[G_PHASE]
        p = self.to_move()
        n_args = {PASS: 0, MOVE: 2, EQUIP: 2, SET: 2, CAST: 2, ATTACK: 2, ORDER: 1, CHOOSE: 1,
                  REDRAW: 0, CONCEDE: 0}
        if kind not in n_args or len(action) != 1 + n_args[kind]:
            return "That is not a move."
        if ph == PH_CHOICE and kind != CHOOSE:
            return "First finish the choice in progress."
        if kind == CHOOSE:
            return "There is nothing to choose now." if ph != PH_CHOICE else "That is not one of the options."
        if kind == PASS:
            return "You can't pass now."
        set_kinds = (MOVE, EQUIP, SET, REDRAW)
        if kind in set_kinds and ph != PH_SET:
            return "Creatures are moved, equipped and set only in your Set Phase."
        base = (S0 + p * 36)
        hand = self.hand[p]
        if kind == MOVE:
            s, t = action[1], action[2]
            if not (0 <= s < 6 and 0 <= t < 3):
                return "Pick one of your creatures and one of your lanes."
            if b[base + s * NF] < 0:
                return f"You have no creature in {slot_name(s)}."
            if b[base + t * NF] >= 0:
                return f"Lane {t + 1} is occupied."
            if s < 3:
                if abs(s - t) != 1:
                    return "A creature can only slide into an adjacent lane."
                if not b[G_SLIDE_OK]:
                    return "You can slide only after one of your creatures was destroyed since your last turn."
            return None
        if kind == EQUIP:
            h, s = action[1], action[2]
            if not 0 <= h < len(hand):
                return "There is no such card in your hand."
            c = hand[h]
            if not IS_EQUIP[c]:
                return f"{_name(c)} is not equipment."
            if not 0 <= s < 6 or b[base + s * NF] < 0:
                return "Equip a creature of yours that is in play."
            i = base + s * NF
            if b[i + SF_FLAGS] & F_EQUIPPED:
                return f"{_name(b[i])} was already equipped this turn (one item per creature per turn)."
            if b[i + KIND[c]] >= 0:
                return f"{_name(b[i])} already carries {a_(KIND_WORD[KIND[c]])} ({_name(b[i + KIND[c]])})."
            return None
        if kind == SET:
            s, t = action[1], action[2]
            if b[G_SET_SRC + p] >= 0:
                return "Only one of your creatures can be set at a time."
            if not (0 <= s < 3 and 0 <= t < 3):
                return "Set a creature in a lane onto another creature in a lane."
            if s == t:
                return "A creature can't be set onto itself."
            if b[base + s * NF] < 0 or b[base + t * NF] < 0:
                return "Both lanes need one of your creatures."
            return None
        if kind == REDRAW:
            if not b[G_REDRAW_OK]:
                return "You can redraw only at the very start of your Set Phase."
            if len(hand) < 5:
                return "You can redraw only while holding 5 or more cards."
            return "You can redraw only when no card in your hand can be played."
        if kind == CAST:
            h, t = action[1], action[2]
            if not 0 <= h < len(hand):
                return "There is no such card in your hand."
            c = hand[h]
            if KIND[c] != K_SPELL:
                return f"{_name(c)} is not a spell."
            if IS_SET_SPELL[c]:
                if ph != PH_SET:
                    return f"{_name(c)} is a Set Phase spell."
                return self._set_spell_reason(p, c, t)
            if ph not in (PH_DEF_SPELLS, PH_ATK_SPELLS):
                return f"{_name(c)} is a combat spell: cast it after attacks are declared."
            if not 0 <= t < 3:
                return "Cast a combat spell into one of your lanes."
            if b[G_LANE_USED + p] >> t & 1:
                return f"You already cast a combat spell into lane {t + 1} this turn."
            if TARGET[c] == T_ATTACKED:
                if p == b[G_ACTIVE]:
                    return f"Only the defending player can cast {_name(c)}."
                return f"No attack is aimed at your lane {t + 1}."
            if TARGET[c] == T_ATTACKING:
                return f"Your creature in lane {t + 1} is not attacking."
            return f"Your creature in lane {t + 1} is not in a clash this combat."
        if kind == ATTACK:
            if ph != PH_DECLARE:
                return "Attacks are declared at the start of your Combat Phase."
            a, t = action[1], action[2]
            if not (0 <= a < 3 and 0 <= t < 3):
                return "Attack from one of your lanes into one of the opponent's lanes."
            c = b[base + a * NF]
            if c < 0:
                return f"You have no creature in lane {a + 1}."
            if b[G_SET_SRC + p] == a:
                return f"{_name(c)} is set and can't attack this turn."
            if b[G_ATK_T + a] >= 0:
                return f"{_name(c)} has already declared an attack."
            return f"{_name(c)} ({CARDS_BY_CODE[c].ctype}) can't reach lane {t + 1} from lane {a + 1}."
        if kind == ORDER:
            if ph != PH_ORDER:
                return "There are no attacks to order now."
            return "Pick one of the attacks on your creature that isn't ordered yet."
        return None

    def _set_spell_reason(self, p: int, c: int, t: int) -> str:
        b = self.b
        name = _name(c)
        tg = TARGET[c]
        code = b[S0 + p * 36 + t * NF] if 0 <= t < 6 else -1
        if tg == T_NONE:
            return f"{name} has no target: cast it on the table."
        if tg == T_EMPTY_BENCH23:
            if t not in (4, 5):
                return f"Cast {name} on an empty bench slot 2 or 3."
            if code >= 0:
                return f"Bench {t - 2} is occupied."
            return "Your creature deck is empty."
        if not 0 <= t < 6 or code < 0:
            return f"Cast {name} on one of your creatures."
        if tg == T_OWN_LANE and t >= 3:
            return f"Cast {name} on one of your creatures in a lane."
        if tg == T_OWN_BENCH23:
            if t not in (4, 5):
                return f"Cast {name} on your creature on bench 2 or 3."
            if CHAMPION[code]:
                return f"{name} can't swap out your Champion."
            return "Your creature deck has no non-Champion creature to swap in."
        if IS_SWAP[c]:
            return f"{_name(code)} has no item that an item in your hand could replace."
        if IS_RELOCATE[c]:
            return f"There is no empty lane or bench slot to move {_name(code)} to."
        return f"{name} can't be cast on that target now."

    # ================================================================ apply
    def _apply(self, action) -> list:
        return self.apply(action, check=False)

    def apply(self, action, *, check: bool = True) -> list:
        """As :meth:`Match.apply`; the unchecked path (search, self-play) runs here
        without the extra call through the base class."""
        if check or action.__class__ is not tuple:
            return Match.apply(self, action, check=check)
        ev: list = []
        b = self.b
        kind = action[0]
        sa = self._sa_out       # (the masks of this state, if _set_actions was asked for them)
        self._sa_out = self._sa = None
        if kind == CONCEDE:
            p = self.to_move()
            ev.append(("concede", p))
            self._finish(1 - p, WIN_CONCEDE, ev)
            return ev
        ph = b[G_PHASE]
        if ph == PH_SET:
            p = b[G_ACTIVE]
            if kind == PASS:
                self._end_set_phase(ev)
                return ev
            b[G_REDRAW_OK] = 0
            if kind == MOVE:
                s, t = action[1], action[2]
                if sa is None or (s >= 3 and WHEN_PLAYED[b[S0 + p * 36 + s * NF]]
                                  and not b[S0 + p * 36 + s * NF + SF_FLAGS] & F_PLAYED):
                    self._do_move(p, s, t, ev)      # (a "When played" effect may change the slots)
                    return ev
                self._do_move(p, s, t, ev)
                # the creature takes its items and flags along: its bit moves from s to t
                bs, bt = 1 << s, 1 << t
                carried = [(sa[0] ^ bs) | bt]
                for fk in sa[1:]:
                    carried.append(fk if fk < 0 else (fk ^ bs) | bt if fk & bs else fk)
                self._sa = carried
                return ev
            elif kind == EQUIP:
                h, s = action[1], action[2]
                c = self.hand[p].pop(h)
                i = (S0 + p * 36 + s * NF)
                b[i + KIND[c]] = c
                b[i + SF_FLAGS] |= F_EQUIPPED
                ev.append(("equip", p, c, s, b[i]))
                if sa is not None:      # the slots stay; no more items on slot s this turn
                    no = ~(1 << s)      # (a mask not yet worked out stays negative)
                    self._sa = [sa[0], sa[1] & no, sa[2] & no, sa[3] & no]
                return ev
            elif kind == SET:
                s, t = action[1], action[2]
                b[G_SET_SRC + p] = s
                b[G_SET_TGT + p] = t
                ev.append(("set", p, s, t, b[S0 + p * 36 + s * NF], b[S0 + p * 36 + t * NF]))
                self._sa = sa           # nothing on the slots changed
                return ev
            elif kind == CAST:
                self._cast(p, action[1], action[2], ev, R_SET)
            elif kind == REDRAW:
                hand = self.hand[p]
                n = len(hand)
                deck = self.sdeck[p]
                deck[0:0] = reversed(hand)
                self.hand[p] = []
                ev.append(("redraw", p, n))
                self._draw(p, n, ev)
            return ev
        if ph == PH_DECLARE:
            if kind == ATTACK:
                p = b[G_ACTIVE]
                a, t = action[1], action[2]
                b[G_ATK_T + a] = t
                ev.append(("attack", p, a, t, b[S0 + p * 36 + a * NF], b[S0 + (1 - p) * 36 + t * NF]))
                if self._attackers_left(p):
                    return ev                      # more attacks can still be declared
            if b[G_ATK_T] >= 0 or b[G_ATK_T + 1] >= 0 or b[G_ATK_T + 2] >= 0:   # declaring is over
                self._open_window(R_DEF, ev)
            else:
                self._end_combat(ev, [])
            return ev
        if ph == PH_DEF_SPELLS or ph == PH_ATK_SPELLS:
            which = R_DEF if ph == PH_DEF_SPELLS else R_ATK
            if kind == PASS:
                self._open_window(R_ATK if which == R_DEF else R_END, ev)
            else:
                p = b[G_ACTIVE] if which == R_ATK else 1 - b[G_ACTIVE]
                self._cast(p, action[1], action[2], ev, which)
            return ev
        if ph == PH_ORDER:
            a = action[1]
            b[G_ATK_RANK + a] = b[G_NRANK]
            b[G_NRANK] += 1
            self._after_order(ev)
            return ev
        if ph == PH_CHOICE:
            self._resolve_choice(action[1], ev)
            self._run_queue(ev)
            return ev
        raise IllegalAction("The game is over.", action)

    # ---------------------------------------------------------------- turn structure
    def _start_turn(self, p: int, ev: list) -> None:
        b = self.b
        b[G_TURN] += 1
        b[G_ACTIVE] = p
        if b[G_TURN] > MAX_TURNS:
            self._finish(DRAW, WIN_TURN_LIMIT, ev)
            return
        ev.append(("turn", b[G_TURN], p))
        if not b[G_SETUP + p]:
            self._setup(p, ev)
        # a set (own or Dawn Seers') wears off at the start of its owner's next turn
        if b[G_SET_SRC + p] >= 0:
            ev.append(("set_ends", p, b[G_SET_SRC + p], b[S0 + p * 36 + b[G_SET_SRC + p] * NF]))
        b[G_SET_SRC + p] = b[G_SET_TGT + p] = -1
        base = S0 + p * 36
        for i in range(base + SF_FLAGS, base + 36, NF):     # each slot's flags
            b[i] &= ~F_EQUIPPED
        b[base + SF_TDEF:base + 36:NF] = ZERO6
        b[G_SLIDE_OK] = b[G_LOST + p]
        b[G_LOST + p] = 0
        b[G_REDRAW_OK] = 1
        b[G_LANE_USED] = b[G_LANE_USED + 1] = 0
        b[G_ROUND_ATK] = 0
        b[G_ATK_T:G_NRANK + 1] = RESET_ATTACKS
        b[G_CM:G_CM + 18] = ZERO18
        b[G_PHASE] = PH_SET
        ev.append(("phase", "set", p))

    def _setup(self, p: int, ev: list) -> None:
        """Champion to bench 1, three creatures into lanes 1-3, two into bench 2-3, 5 support cards."""
        b = self.b
        deck = self.cdeck[p]
        champ = next((c for c in deck if c >= 0 and CHAMPION[c]), -1)
        if champ >= 0:
            deck.remove(champ)
            b[(S0 + p * 36 + CHAMPION_SLOT * NF)] = champ
        for s in (0, 1, 2, 4, 5):
            if deck:
                i = (S0 + p * 36 + s * NF)
                b[i] = deck.pop()
                b[i + SF_FLAGS] = F_PLAYED if s < 3 else 0   # drawn into a lane, not "played"
        b[G_SETUP + p] = 1
        ev.append(("setup", p, [b[(S0 + p * 36 + s * NF)] for s in LANES], [b[(S0 + p * 36 + s * NF)] for s in BENCH]))
        self._draw(p, 5, ev)

    def _end_set_phase(self, ev: list) -> None:
        b = self.b
        p = b[G_ACTIVE]
        if b[G_TURN] == 1:                      # the first player skips combat on the first turn
            self._end_phase(ev)
            return
        if not self._attackers_left(p):
            self._end_combat(ev, [])
            return
        b[G_PHASE] = PH_DECLARE
        ev.append(("phase", "combat", p))

    def _open_window(self, which: int, ev: list) -> None:
        """Go to the defender's (R_DEF) or attacker's (R_ATK) spell window, skipping a window in
        which nothing can be cast; R_END = both windows are over."""
        b = self.b
        if which == R_DEF:
            if self._any_combat_spell(1 - b[G_ACTIVE]):
                b[G_PHASE] = PH_DEF_SPELLS
                return
            which = R_ATK
        if which == R_ATK:
            if self._any_combat_spell(b[G_ACTIVE]):
                b[G_PHASE] = PH_ATK_SPELLS
                return
        self._after_order(ev)

    def _after_order(self, ev: list) -> None:
        b = self.b
        t = self._order_lane()
        if t >= 0:
            n = sum(1 for a in LANES if b[G_ATK_T + a] == t and b[G_ATK_RANK + a] < 0)
            if n >= 2:
                b[G_PHASE] = PH_ORDER
                return
        self._resolve_combat(ev)

    def _resolve_combat(self, ev: list) -> None:
        """All attacks and counterattacks resolve simultaneously: every clash is computed on the
        board as it stands, and the fallen leave play afterwards (so a creature that dies still
        lands its blow, and no aura or set bonus vanishes mid-combat). Attacks on one creature
        come one at a time in the defender's order; once it falls, the remaining attacks into
        that lane hit nothing."""
        b = self.b
        p = b[G_ACTIVE]
        d = 1 - p
        deaths: list = []
        dead_att = []
        sizes = [len(self.cdeck[p]), len(self.sdeck[p]), len(self.cdeck[d]), len(self.sdeck[d])]
        attackers_of = ([], [], [])                # target lane -> attacking lanes, in lane order
        for a in LANES:
            t = b[G_ATK_T + a]
            if t >= 0:
                attackers_of[t].append(a)
        for t in LANES:
            atts = attackers_of[t]
            if not atts:
                continue
            if len(atts) > 1:
                atts.sort(key=lambda a: (b[G_ATK_RANK + a] if b[G_ATK_RANK + a] >= 0 else 9, a))
            di = (S0 + d * 36 + t * NF)
            fell = False
            for a in atts:
                ai = (S0 + p * 36 + a * NF)
                acode = b[ai]
                if acode < 0:
                    continue
                dcode = b[di]
                if fell:
                    ev.append(("miss", p, a, t, acode))
                    continue
                if dcode < 0:
                    dmg = self._stats(p, a, True)[0]
                    ev.append(("open_hit", p, a, t, acode, dmg))
                    self._lose_morale(d, dmg, "open_lane", ev)
                    continue
                aty, dty = TYPE[acode], TYPE[dcode]
                a_adv = BEATS[aty][dty] or bool(b[(G_CM + p * 9 + a * 3) + 2] & CM_ADV)
                d_adv = BEATS[dty][aty] or bool(b[(G_CM + d * 9 + t * 3) + 2] & CM_ADV)
                att, adef = self._stats(p, a, a_adv)
                cnt, dfn = self._stats(d, t, d_adv)
                bane = b[ai + SF_ACC] >= 0 and IS_BANE[b[ai + SF_ACC]]
                can_counter = (b[G_SET_SRC + d] != t
                               and (REACH[dty][t][a] or b[(G_CM + d * 9 + t * 3) + 2] & CM_REACH_ALL)
                               and not b[(G_CM + p * 9 + a * 3) + 2] & CM_NOCOUNTER
                               and not (b[ai + SF_FLAGS] & F_FRESH and FIRST_UNBLOCK[acode])
                               and not bane)
                if not can_counter:
                    cnt = -1
                d_dies = att > dfn
                a_dies = can_counter and cnt > adef
                ev.append(("clash", p, a, t, acode, dcode, att, dfn, cnt, adef, int(d_dies), int(a_dies)))
                if bane:
                    bc = b[ai + SF_ACC]
                    b[ai + SF_ACC] = -1
                    self.sdeck[p].insert(0, bc)
                    ev.append(("to_deck", p, bc))
                if d_dies:
                    fell = True
                    deaths.append((d, t, dcode))
                if a_dies:
                    dead_att.append((p, a, acode))
        for owner, slot, _ in dead_att + deaths:
            self._destroy(owner, slot, ev)
        # On death: the active player's first, then the opponent's; lane order within a player
        deaths = dead_att + deaths
        deaths.sort(key=lambda x: (x[0] != p, x[1]))
        # the cards gone to the bottom of a deck at once: their owner orders them (the active
        # player first), before any "On death" effect draws
        went = (len(self.cdeck[p]) - sizes[0], len(self.sdeck[p]) - sizes[1],
                len(self.cdeck[d]) - sizes[2], len(self.sdeck[d]) - sizes[3])
        self._end_combat(ev, deaths, went)

    def _end_combat(self, ev: list, deaths: list, went=(0, 0, 0, 0)) -> None:
        b = self.b
        p = b[G_ACTIVE]
        base = (S0 + p * 36)
        for i in range(base + SF_FLAGS, base + 36, NF):   # "first combat phase" bonuses are used up
            b[i] &= ~F_FRESH
        ev.append(("phase", "end", p))
        if self._check_win(ev):                    # right after combat resolves
            return
        q = self.q
        for k, n in enumerate(went):
            if n >= 2:
                q += (Q_BOTTOM, p if k < 2 else 1 - p, n, k % 2)
        for owner, slot, code in deaths:
            if ON_DEATH[code]:
                ev.append(("trigger", owner, code, "on_death"))
                for op, n in EFFECT_OPS[code]:
                    q += (op, owner, n, -1)
        b[G_RESUME] = R_END
        self._run_queue(ev)

    def _end_phase(self, ev: list) -> None:
        b = self.b
        ev.append(("phase", "end", b[G_ACTIVE]))
        b[G_RESUME] = R_END
        self._run_queue(ev)

    def _turn_over(self, ev: list) -> None:
        """After "On death" effects and the second win check: draw, then the next turn."""
        b = self.b
        p = b[G_ACTIVE]
        n = len(self.hand[p])
        self._draw(p, 5 - n if n < 5 else 1, ev)
        b[G_ROUND_ATK] = 0
        self._start_turn(1 - p, ev)

    # ---------------------------------------------------------------- win, draw, sudden death
    def _loses(self, p: int) -> int:
        b = self.b
        if not b[G_SETUP + p]:
            return WIN_NONE
        if b[G_MORALE + p] <= 0:
            return WIN_MORALE
        base = S0 + p * 36
        if max(b[base:base + 36:NF]) >= 0:
            return WIN_NONE
        return WIN_CREATURES

    def _check_win(self, ev: list) -> bool:
        """Check both players; returns True when play must stop (game over or Sudden Death began)."""
        b = self.b
        # both still have morale and a creature in play (slot 0 first: it is nearly always filled)
        if (b[G_MORALE] > 0 and b[G_MORALE + 1] > 0
                and (b[S0] >= 0 or max(b[S0:S0 + 36:NF]) >= 0)
                and (b[S0 + 36] >= 0 or max(b[S0 + 36:S0 + 72:NF]) >= 0)):
            return False
        l0, l1 = self._loses(0), self._loses(1)
        if not l0 and not l1:
            return False
        if l0 and l1:
            if self.b[G_SUDDEN]:
                self._finish(DRAW, WIN_SD_DRAW, ev)
            else:
                self._sudden_death(ev)
            return True
        self._finish(1 if l0 else 0, l0 or l1, ev)
        return True

    def _finish(self, winner: int, reason: int, ev: list) -> None:
        b = self.b
        b[G_WINNER] = winner
        b[G_REASON] = reason
        b[G_PHASE] = PH_OVER
        self._clear_queue()
        ev.append(("game_over", -1 if winner == DRAW else winner, self._reason_text()))

    def _sudden_death(self, ev: list) -> None:
        b = self.b
        ev.append(("sudden_death",))
        self._clear_queue()
        b[G_SUDDEN] = 1
        for p in (0, 1):
            base = (S0 + p * 36)
            for s in LANES:                    # "every creature on the field": the lanes
                i = base + s * NF
                if b[i] >= 0:
                    self._remove_creature(p, s, ev)
                b[i + SF_FLAGS] = 0
                b[i + SF_TDEF] = 0
            hand = self.hand[p]
            self.sdeck[p][0:0] = reversed(hand)
            self.hand[p] = []
            b[G_SET_SRC + p] = b[G_SET_TGT + p] = -1
            b[G_LOST + p] = 0
            old = b[G_MORALE + p]
            b[G_MORALE + p] = 1
            ev.append(("morale", p, 1 - old, 1, "sudden_death"))
            deck = self.cdeck[p]
            if deck:
                i = (S0 + p * 36 + 1 * NF)
                b[i] = deck.pop()
                b[i + SF_FLAGS] = F_PLAYED
                ev.append(("place", p, 1, b[i]))
            self._draw(p, 5, ev)
        self._start_turn(1 - b[G_FIRST], ev)

    def result(self) -> Result | None:
        w = self.b[G_WINNER]
        if w < 0:
            return None
        return Result(None if w == DRAW else w, self._end_reason(), self._end_details())

    def _end_reason(self):
        return END_BY_CODE.get(self.b[G_REASON], End.OTHER)

    def _end_details(self) -> dict:
        return {"turns": MAX_TURNS} if self.b[G_REASON] == WIN_TURN_LIMIT else {}

    def _reason_text(self) -> str:
        """Why the duel ended in the engine's words ("Player 2's morale is depleted."),
        kept in the ``game_over`` event."""
        w = self.b[G_WINNER]
        r = Result(None if w == DRAW else w, self._end_reason(), self._end_details())
        return r.reason.sentence(r, SEATS)

    # ---------------------------------------------------------------- primitives on the board
    def _draw(self, p: int, n: int, ev: list) -> None:
        deck = self.sdeck[p]
        hand = self.hand[p]
        k = 0
        while k < n and deck:
            hand.append(deck.pop())
            k += 1
        if k:
            ev.append(("draw", p, k))

    def _lose_morale(self, p: int, n: int, cause: str, ev: list) -> None:
        b = self.b
        b[G_MORALE + p] -= n
        ev.append(("morale", p, -n, b[G_MORALE + p], cause))

    def _clear_set_refs(self, p: int, s: int, ev: list) -> None:
        b = self.b
        if b[G_SET_SRC + p] == s or b[G_SET_TGT + p] == s:
            ev.append(("set_ends", p, b[G_SET_SRC + p], b[S0 + p * 36 + b[G_SET_SRC + p] * NF]))
            b[G_SET_SRC + p] = b[G_SET_TGT + p] = -1

    def _strip_items(self, p: int, s: int, ev: list, order: bool = False) -> int:
        """The creature's items to the bottom of the support deck; with ``order``, two or more
        different ones are then ordered by their owner (queued first)."""
        b = self.b
        i = (S0 + p * 36 + s * NF)
        n = 0
        for k in (1, 2, 3):
            e = b[i + k]
            if e >= 0:
                self.sdeck[p].insert(0, e)
                b[i + k] = -1
                ev.append(("to_deck", p, e))
                n += 1
        if order and n >= 2:
            self.q[0:0] = (Q_BOTTOM, p, n, 1)
        return n

    def _remove_creature(self, p: int, s: int, ev: list, order: bool = False) -> None:
        """Creature to the bottom of its creature deck, its equipment to the bottom of the support deck."""
        b = self.b
        i = (S0 + p * 36 + s * NF)
        code = b[i]
        self._strip_items(p, s, ev, order)
        self._clear_set_refs(p, s, ev)
        self.cdeck[p].insert(0, code)
        b[i] = -1
        b[i + SF_FLAGS] = 0
        b[i + SF_TDEF] = 0
        ev.append(("to_deck", p, code))

    def _destroy(self, p: int, s: int, ev: list) -> None:
        b = self.b
        code = b[(S0 + p * 36 + s * NF)]
        ev.append(("destroyed", p, s, code))
        self._remove_creature(p, s, ev)
        b[G_LOST + p] = 1
        self._lose_morale(p, MORALE[code], "death", ev)

    def _move_slot(self, p: int, s: int, t: int, ev: list) -> None:
        """Move player ``p``'s creature from slot ``s`` to the empty slot ``t``. A set
        creature, or the one it backs, that leaves its lane ends the set (rules page:
        "If either creature leaves its lane, the set ends")."""
        b = self.b
        if s < 3:
            self._clear_set_refs(p, s, ev)
        i, j = (S0 + p * 36 + s * NF), (S0 + p * 36 + t * NF)
        b[j:j + NF] = b[i:i + NF]
        b[i] = b[i + 1] = b[i + 2] = b[i + 3] = -1
        b[i + SF_FLAGS] = b[i + SF_TDEF] = 0

    def _do_move(self, p: int, s: int, t: int, ev: list) -> None:
        code = self.b[(S0 + p * 36 + s * NF)]
        self._move_slot(p, s, t, ev)
        ev.append(("move", p, s, t, code))
        if s >= 3:
            self._enter_lane(p, t, ev)
            self.b[G_RESUME] = R_SET
            self._run_queue(ev)

    def _enter_lane(self, p: int, s: int, ev: list) -> None:
        """A creature enters a lane: its "When played" effect triggers the first time only."""
        b = self.b
        i = (S0 + p * 36 + s * NF)
        if b[i + SF_FLAGS] & F_PLAYED:
            return
        code = b[i]
        b[i + SF_FLAGS] |= F_PLAYED
        if HAS_FRESH[code]:
            b[i + SF_FLAGS] |= F_FRESH
        if WHEN_PLAYED[code]:
            ev.append(("trigger", p, code, "when_played"))
            ops = []
            for op, n in EFFECT_OPS[code]:
                ops += (op, p, n, -1)
            self.q[0:0] = ops

    def _place_from_deck(self, p: int, s: int, ev: list) -> None:
        """Top creature of the creature deck into slot ``s`` (bench or lane)."""
        b = self.b
        deck = self.cdeck[p]
        if not deck or b[(S0 + p * 36 + s * NF)] >= 0:
            return
        i = (S0 + p * 36 + s * NF)
        b[i] = deck.pop()
        b[i + SF_FLAGS] = 0
        b[i + SF_TDEF] = 0
        ev.append(("place", p, s, b[i]))
        if s < 3:
            self._enter_lane(p, s, ev)

    # ---------------------------------------------------------------- spells
    def _cast(self, p: int, h: int, target: int, ev: list, resume: int) -> None:
        b = self.b
        c = self.hand[p].pop(h)
        ev.append(("cast", p, c, target))
        if IS_COMBAT_SPELL[c]:
            b[G_LANE_USED + p] |= 1 << target
        ops = []
        for op, n in EFFECT_OPS[c]:
            ops += (op, p, n, target)
        # the spell goes to the bottom of the support deck once it has resolved: its own
        # "draw 1" can't draw it back (Rallying Cry from an empty support deck draws nothing)
        ops += (Q_SPENT, p, c, 0)
        self.q[0:0] = ops
        b[G_RESUME] = resume
        self._run_queue(ev)

    # ---------------------------------------------------------------- the effect queue
    def _run_queue(self, ev: list) -> None:
        """Resolve pending choices and queued primitives in order; stop at a real choice
        (two or more options; a forced choice is made automatically, an impossible one is
        skipped); once everything is resolved, check the win conditions and resume play."""
        b = self.b
        q = self.q
        while True:
            if b[G_WINNER] >= 0:
                return
            if b[G_PEND] != CH_NONE:
                opts = self._choice_options()
                if not opts:
                    b[G_PEND] = CH_NONE
                    continue
                if len(opts) == 1:
                    self._resolve_choice(opts[0], ev)
                    continue
                b[G_PHASE] = PH_CHOICE
                return
            if not q:
                break
            op, p, n, x = q[0], q[1], q[2], q[3]
            del q[0:4]
            self._do_op(op, p, n, x, ev)
        if self._check_win(ev):
            return
        r = b[G_RESUME]
        if r == R_SET:
            b[G_PHASE] = PH_SET
        elif r == R_DEF or r == R_ATK:
            self._open_window(r, ev)
        else:
            self._turn_over(ev)

    def _ask(self, kind: int, p: int, a: int = -1, bb: int = -1) -> bool:
        b = self.b
        b[G_PEND] = kind
        b[G_PEND + 1] = p
        b[G_PEND + 2] = a
        b[G_PEND + 3] = bb
        return True

    def _do_op(self, op: int, p: int, n: int, x: int, ev: list) -> bool:
        """Run one primitive. Returns True when it needs a choice (set in G_PEND)."""
        b = self.b
        if op == Q_DRAW:
            self._draw(p, n, ev)
        elif op == Q_BOTTOM:
            d = self.cdeck[p] if x == 0 else self.sdeck[p]
            n = min(n, len(d))
            if n >= 2 and len(set(d[:n])) >= 2:
                return self._ask(CH_BOTTOM[x], p, n, 0)
        elif op == Q_ADD:
            if self.cdeck[p]:
                return self._ask(CH_PLACE, p, self.cdeck[p][-1], 0)
        elif op == Q_BENCH:
            if self.cdeck[p]:
                if x in (4, 5) and b[(S0 + p * 36 + x * NF)] < 0:
                    self._place_from_deck(p, x, ev)
                else:
                    return self._ask(CH_PLACE, p, self.cdeck[p][-1], 1)
        elif op == Q_SET_OPP:
            if b[G_SETUP + 1 - p]:
                return self._ask(CH_SET_OPP, p)
        elif op == Q_OPP_MORALE:
            if b[G_SETUP + 1 - p]:
                self._lose_morale(1 - p, n, "effect", ev)
        elif op == Q_TUTOR:
            deck = self.sdeck[p]
            for j in range(len(deck) - 1, -1, -1):
                if deck[j] >= 0 and KIND[deck[j]] == n:
                    c = deck.pop(j)
                    self.hand[p].append(c)
                    ev.append(("tutor", p, c))
                    break
        elif op == Q_ROUND_ATK:
            b[G_ROUND_ATK] += n
            ev.append(("lane_bonus", p, -1, f"+{n} attack this round"))
        elif op == Q_GUARD:
            if b[(S0 + p * 36 + x * NF)] >= 0:
                b[(S0 + p * 36 + x * NF) + SF_TDEF] += n
        elif op == Q_FAKE_DEATH:
            i = (S0 + p * 36 + x * NF)
            code = b[i]
            if code >= 0:
                ev.append(("treated_dead", p, x, code))
                gone = self._strip_items(p, x, ev)
                self._clear_set_refs(p, x, ev)
                self._lose_morale(p, MORALE[code], "death", ev)
                ops = []
                if gone >= 2:            # its items, gone down at once: ordered before "On death" draws
                    ops += (Q_BOTTOM, p, gone, 1)
                if ON_DEATH[code]:
                    ev.append(("trigger", p, code, "on_death"))
                    for op2, n2 in EFFECT_OPS[code]:
                        ops += (op2, p, n2, -1)
                self.q[0:0] = ops
                ev.append(("revive", p, x, code))
        elif op == Q_SWAP:
            return self._ask(CH_SWAP_ITEM, p, x)
        elif op == Q_RELOCATE:
            return self._ask(CH_RELOCATE, p, x)
        elif op == Q_REFORGE:
            return self._ask(CH_REFORGE, p, x)
        elif op == Q_SCOUT:
            return self._ask(CH_SCOUT, p, n)
        elif op == Q_LANE_ATK:
            b[(G_CM + p * 9 + x * 3)] += n
            ev.append(("lane_bonus", p, x, f"+{n} attack", b[S0 + p * 36 + x * NF]))
        elif op == Q_LANE_DEF:
            b[(G_CM + p * 9 + x * 3) + 1] += n
            ev.append(("lane_bonus", p, x, f"+{n} defense", b[S0 + p * 36 + x * NF]))
        elif op == Q_LANE_ADV:
            b[(G_CM + p * 9 + x * 3) + 2] |= CM_ADV
            ev.append(("lane_bonus", p, x, "type advantage", b[S0 + p * 36 + x * NF]))
        elif op == Q_LANE_NOCOUNTER:
            b[(G_CM + p * 9 + x * 3) + 2] |= CM_NOCOUNTER
            ev.append(("lane_bonus", p, x, "can't be counterattacked", b[S0 + p * 36 + x * NF]))
        elif op == Q_LANE_REACH:
            b[(G_CM + p * 9 + x * 3) + 2] |= CM_REACH_ALL
            ev.append(("lane_bonus", p, x, "counterattacks any lane", b[S0 + p * 36 + x * NF]))
        elif op == Q_REDIRECT:
            return self._ask(CH_REDIRECT_ATTACK, p, x)
        elif op == Q_SPENT:
            self.sdeck[p].insert(0, n)        # spent spells go to the bottom of the support deck
        return False

    def _clear_queue(self) -> None:
        """Drop the pending effects (the duel ended or went to Sudden Death); a spell still
        resolving goes to the bottom of its owner's support deck all the same."""
        q = self.q
        for i in range(0, len(q) - 3, 4):
            if q[i] == Q_SPENT:
                self.sdeck[q[i + 1]].insert(0, q[i + 2])
        del q[:]

    def _resolve_choice(self, v: int, ev: list) -> None:
        b = self.b
        kind, p, x, y = b[G_PEND], b[G_PEND + 1], b[G_PEND + 2], b[G_PEND + 3]
        b[G_PEND] = CH_NONE
        if kind == CH_PLACE:
            self._place_from_deck(p, v, ev)
        elif kind == CH_SET_OPP:
            o = 1 - p
            if b[G_SET_SRC + o] >= 0:
                ev.append(("set_ends", o, b[G_SET_SRC + o], b[S0 + o * 36 + b[G_SET_SRC + o] * NF]))
            b[G_SET_SRC + o] = v
            b[G_SET_TGT + o] = -1
            ev.append(("set", o, v, -1, b[S0 + o * 36 + v * NF], -1))
        elif kind == CH_SWAP_ITEM:
            self._ask(CH_SWAP_HAND, p, x, v)
        elif kind == CH_SWAP_HAND:
            i = (S0 + p * 36 + x * NF)
            old = b[i + y]
            new = self.hand[p].pop(v)
            b[i + y] = -1
            b[i + KIND[new]] = new
            self.hand[p].append(old)
            ev.append(("to_hand", p, old))
            ev.append(("equip", p, new, x, b[i]))
        elif kind == CH_RELOCATE:
            code = b[(S0 + p * 36 + x * NF)]
            if v >= 3:
                self._clear_set_refs(p, x, ev)
            self._move_slot(p, x, v, ev)
            ev.append(("move", p, x, v, code))
        elif kind == CH_REFORGE:
            deck = self.cdeck[p]
            # take the chosen card nearest the top
            j = len(deck) - 1 - deck[::-1].index(v)
            deck.pop(j)
            self._remove_creature(p, x, ev, order=True)
            i = (S0 + p * 36 + x * NF)
            b[i] = v
            b[i + SF_FLAGS] = 0
            ev.append(("place", p, x, v))
        elif kind == CH_SCOUT:
            d = self.sdeck[p]
            c = d.pop(len(d) - 1 - v)
            self.hand[p].append(c)
            ev.append(("tutor", p, c))
            rest = min(x, len(d) + 1) - 1  # the looked-at cards left on top
            if rest >= 2:
                self._ask(CH_SCOUT_ORDER, p, rest, 0)
        elif kind == CH_SCOUT_ORDER:
            d = self.sdeck[p]
            top = len(d) - 1 - y  # the first card still to be placed
            c = d.pop(top - v)
            d.insert(top, c)
            ev.append(("scout_order", p, y))
            if x - 1 >= 2:
                self._ask(CH_SCOUT_ORDER, p, x - 1, y + 1)
        elif kind == CH_BOTTOM_CREATURES or kind == CH_BOTTOM_SUPPORT:
            which = 0 if kind == CH_BOTTOM_CREATURES else 1
            d = self.cdeck[p] if which == 0 else self.sdeck[p]
            c = d.pop(y + v)
            d.insert(y, c)
            ev.append(("bottom_order", p, which, y))
            if x - 1 >= 2:
                self._ask(kind, p, x - 1, y + 1)
        elif kind == CH_REDIRECT_ATTACK:
            self._ask(CH_REDIRECT_LANE, p, v)
        elif kind == CH_REDIRECT_LANE:
            old = b[G_ATK_T + x]
            b[G_ATK_T + x] = v
            ev.append(("redirect", p, x, old, v))

    # ================================================================ copies, JSON, equality
    def clone(self) -> "EverdawnMatch":
        m = EverdawnMatch.__new__(EverdawnMatch)
        m.b = self.b[:]
        h, s, c = self.hand, self.sdeck, self.cdeck
        m.hand = [h[0][:], h[1][:]]
        m.sdeck = [s[0][:], s[1][:]]
        m.cdeck = [c[0][:], c[1][:]]
        m.q = self.q[:]
        m.rng = self.rng
        m.orig = self.orig
        hid = self.hidden
        m.hidden = None if hid is None else [x[:] for x in hid]
        m.viewer = self.viewer
        m._sa_out = m._sa = None
        return m

    def __eq__(self, other) -> bool:
        return (type(other) is type(self) and self.b == other.b and self.hand == other.hand
                and self.sdeck == other.sdeck and self.cdeck == other.cdeck and self.q == other.q
                and self.rng == other.rng and self.hidden == other.hidden
                and self.viewer == other.viewer and self.orig == other.orig)

    __hash__ = None

    def to_json(self) -> dict:
        return {"pool": C.POOL_DIGEST, "b": self.b[:], "hand": [x[:] for x in self.hand],
                "sdeck": [x[:] for x in self.sdeck], "cdeck": [x[:] for x in self.cdeck],
                "q": self.q[:], "rng": self.rng, "orig": [list(x) for x in self.orig],
                "hidden": None if self.hidden is None else [x[:] for x in self.hidden],
                "viewer": self.viewer}

    @classmethod
    def from_json(cls, obj: dict) -> "EverdawnMatch":
        if not isinstance(obj, dict) or obj.get("pool") != C.POOL_DIGEST:
            raise ValueError("this Everdawn state was saved with a different card pool")

        def ints(x, n=None):
            if not isinstance(x, list) or not all(type(v) is int for v in x) or (n is not None and len(x) != n):
                raise ValueError("damaged Everdawn state")
            return list(x)

        m = cls._blank()
        m.b = ints(obj["b"], N_STATE)
        m.hand = [ints(x) for x in obj["hand"]]
        m.sdeck = [ints(x) for x in obj["sdeck"]]
        m.cdeck = [ints(x) for x in obj["cdeck"]]
        for zone in (m.hand, m.sdeck, m.cdeck):
            if len(zone) != 2 or any(not -1 <= v < C.N_CARDS for x in zone for v in x):
                raise ValueError("damaged Everdawn state")
        m.q = ints(obj["q"])
        rng = obj.get("rng")
        if type(rng) is not int:
            raise ValueError("damaged Everdawn state")
        m.rng = rng
        m.orig = tuple(tuple(ints(x)) for x in obj["orig"])
        hid = obj.get("hidden")
        m.hidden = None if hid is None else [ints(x) for x in hid]
        m.viewer = int(obj.get("viewer", -1))
        return m

    # ================================================================ hidden information
    def view(self, player: int) -> "EverdawnMatch":
        """Masks the opponent's hand and decks (as -1: only their sizes show) and deck list
        (``orig`` is empty for them: deck lists are not public), and the order of your own decks
        (shown sorted, except the top cards you are looking at during your own pending Scouting
        Report or creature placement). ``hidden`` is ``[[], [], own support top kept, own
        creature top kept]`` (the first two places, once the opponent's cards, stay empty);
        ``_fill_hidden`` guesses the opponent's cards from the card pool within the deck rules."""
        if self.hidden is not None:
            if self.viewer != player:
                raise ValueError("a view can only be viewed again by the same player")
            return self.clone()
        m = self.clone()
        b = m.b
        o = 1 - player
        keep_s = keep_c = low_s = low_c = 0
        if b[G_PHASE] == PH_CHOICE:
            if b[G_PEND + 1] == player:
                if b[G_PEND] == CH_BOTTOM_CREATURES:     # the cards gone down at once, as they lie
                    low_c = min(b[G_PEND + 2] + b[G_PEND + 3], len(m.cdeck[player]))
                elif b[G_PEND] == CH_BOTTOM_SUPPORT:
                    low_s = min(b[G_PEND + 2] + b[G_PEND + 3], len(m.sdeck[player]))
                elif b[G_PEND] == CH_SCOUT:
                    keep_s = min(b[G_PEND + 2], len(m.sdeck[player]))
                elif b[G_PEND] == CH_SCOUT_ORDER:
                    keep_s = min(b[G_PEND + 2] + b[G_PEND + 3], len(m.sdeck[player]))
                elif b[G_PEND] == CH_PLACE:
                    keep_c = min(1, len(m.cdeck[player]))
            elif b[G_PEND] == CH_PLACE:
                b[G_PEND + 2] = -1                     # the opponent's card is not revealed yet
        m.hidden = [[], [], [keep_s, low_s], [keep_c, low_c]]
        orig = list(m.orig)
        orig[o] = ()
        m.orig = tuple(orig)
        m.hand[o] = [-1] * len(m.hand[o])
        m.sdeck[o] = [-1] * len(m.sdeck[o])
        m.cdeck[o] = [-1] * len(m.cdeck[o])
        sd, cd = m.sdeck[player], m.cdeck[player]
        m.sdeck[player] = sd[:low_s] + sorted(sd[low_s:len(sd) - keep_s]) + sd[len(sd) - keep_s:]
        m.cdeck[player] = cd[:low_c] + sorted(cd[low_c:len(cd) - keep_c]) + cd[len(cd) - keep_c:]
        m.rng = 0
        m.viewer = player
        return m

    def _fill_hidden(self, seed: int) -> "EverdawnMatch":
        if self.hidden is None:
            return self
        r = Rng(mix_seed(seed, 0xF111))
        p = self.viewer
        o = 1 - p
        keep_s, keep_c = self.hidden[2][0], self.hidden[3][0]
        low_s = self.hidden[2][1] if len(self.hidden[2]) > 1 else 0
        low_c = self.hidden[3][1] if len(self.hidden[3]) > 1 else 0
        for deck, keep, low in ((self.sdeck[p], keep_s, low_s), (self.cdeck[p], keep_c, low_c)):
            rest = deck[low:len(deck) - keep]
            r.shuffle(rest)
            deck[low:len(deck) - keep] = rest
        nh = len(self.hand[o])
        sup, cre = self._guess_decks(o, nh + len(self.sdeck[o]), len(self.cdeck[o]), r)
        self.hand[o] = sup[:nh]
        self.sdeck[o] = sup[nh:]
        self.cdeck[o] = cre
        orig = list(self.orig)
        orig[o] = tuple(sorted(self._board_cards(o) + self._resolving(o) + self.hand[o] + self.sdeck[o] + cre))
        self.orig = tuple(orig)
        b = self.b
        if b[G_PHASE] == PH_CHOICE and b[G_PEND + 1] == o:
            kind = b[G_PEND]
            if kind == CH_PLACE and b[G_PEND + 2] < 0 and cre:
                b[G_PEND + 2] = cre[-1]
            elif kind in (CH_SWAP_ITEM, CH_SWAP_HAND):
                self._fit_swap_hand(o)
        self.hidden = None
        self.viewer = -1
        self.rng = r.state
        return self

    def _board_cards(self, p: int) -> list[int]:
        """The cards ``p`` has in play: creatures and their equipment."""
        b = self.b
        out = []
        for s in SLOTS:
            i = S0 + p * 36 + s * NF
            for k in (0, 1, 2, 3):
                if b[i + k] >= 0:
                    out.append(b[i + k])
        return out

    def _resolving(self, p: int) -> list[int]:
        """``p``'s spells cast and still resolving (they go to the bottom of the deck after)."""
        q = self.q
        return [q[i + 2] for i in range(0, len(q) - 3, 4) if q[i] == Q_SPENT and q[i + 1] == p]

    def _guess_decks(self, o: int, n_support: int, n_creatures: int, r: Rng) -> tuple[list, list]:
        """``o``'s unseen support cards (hand and deck) and creature deck, guessed from the card
        pool within the deck rules given the cards ``o`` has in play or resolving (one Champion in all)."""
        seen = self._board_cards(o) + self._resolving(o)
        sup_seen = [c for c in seen if KIND[c] != K_CREATURE]
        cre_seen = [c for c in seen if KIND[c] == K_CREATURE]
        sup = guess_cards(n_support, allowance_after(SUPPORT_CODES, _support_copies, sup_seen), sup_seen, r.shuffle)
        cre = []
        if n_creatures and not any(CHAMPION[c] for c in cre_seen):
            cre.append(CHAMPION_CODES[r.randrange(len(CHAMPION_CODES))])
        cre += guess_cards(n_creatures - len(cre), allowance_after(CREATURE_CODES, _creature_copies, cre_seen),
                           cre_seen, r.shuffle)
        r.shuffle(cre)
        return sup, cre

    def _fit_swap_hand(self, o: int) -> None:
        """Determinization during the opponent's pending Training Camp: the guessed hand must hold
        items that fit (the real one did, or the choice would not be pending), so swap fitting
        items in from the guessed deck until it holds two (or the deck has none left)."""
        b = self.b
        x, y = b[G_PEND + 2], b[G_PEND + 3]
        i = S0 + o * 36 + x * NF

        def fits(c):
            k = KIND[c]
            if not K_WEAPON <= k <= K_ACCESSORY:
                return False
            return b[G_PEND] == CH_SWAP_ITEM or k == y or b[i + k] < 0

        hand, deck = self.hand[o], self.sdeck[o]
        need = 2 - sum(1 for c in hand if fits(c))
        for j in range(len(deck) - 1, -1, -1):
            if need <= 0:
                break
            if fits(deck[j]):
                h = next((n for n, c in enumerate(hand) if not fits(c)), None)
                if h is None:
                    break
                hand[h], deck[j] = deck[j], hand[h]
                need -= 1

    # ================================================================ checks
    def invariant_problems(self) -> list[str]:
        probs = []
        b = self.b
        for p in (0, 1):
            zone_cards = list(self.hand[p]) + list(self.sdeck[p]) + list(self.cdeck[p])
            zone_cards += self._resolving(p)
            for s in SLOTS:
                i = (S0 + p * 36 + s * NF)
                code = b[i]
                if code >= 0:
                    zone_cards.append(code)
                    if KIND[code] != K_CREATURE:
                        probs.append(f"{PLAYERS[p]} {slot_name(s)} holds a non-creature")
                    if s == CHAMPION_SLOT and not CHAMPION[code]:
                        probs.append(f"{PLAYERS[p]} bench 1 holds a non-Champion")
                for k in (1, 2, 3):
                    e = b[i + k]
                    if e >= 0:
                        zone_cards.append(e)
                        if code < 0:
                            probs.append(f"{PLAYERS[p]} {slot_name(s)}: equipment without a creature")
                        if KIND[e] != k:
                            probs.append(f"{PLAYERS[p]} {slot_name(s)}: item in the wrong slot")
            if any(KIND[c] == K_CREATURE for c in self.hand[p] + self.sdeck[p] if c >= 0):
                probs.append(f"{PLAYERS[p]}: a creature in the hand or support deck")
            if any(c >= 0 and KIND[c] != K_CREATURE for c in self.cdeck[p]):
                probs.append(f"{PLAYERS[p]}: a support card in the creature deck")
            if self.hidden is None:
                if tuple(sorted(zone_cards)) != self.orig[p]:
                    probs.append(f"{PLAYERS[p]}: cards lost or duplicated")
            src, tgt = b[G_SET_SRC + p], b[G_SET_TGT + p]
            if src >= 0 and (src > 2 or b[(S0 + p * 36 + src * NF)] < 0):
                probs.append(f"{PLAYERS[p]}: set creature missing")
            if tgt >= 0 and (src < 0 or tgt > 2 or b[(S0 + p * 36 + tgt * NF)] < 0 or tgt == src):
                probs.append(f"{PLAYERS[p]}: set target invalid")
            if b[G_MORALE + p] > 100:
                probs.append(f"{PLAYERS[p]}: morale above 100")
        if len(self.q) % 4:
            probs.append("effect queue damaged")
        if (b[G_PHASE] == PH_OVER) != (b[G_WINNER] >= 0):
            probs.append("phase and result disagree")
        if b[G_PHASE] != PH_OVER and not self.legal_actions():
            probs.append("no legal action")
        return probs

    # ================================================================ text
    def action_text(self, action) -> str:
        b = self.b
        a = tuple(action)
        kind = a[0] if a else -1
        p = self.to_move()
        ph = b[G_PHASE]
        try:
            if kind == PASS:
                return {PH_SET: "End the Set Phase", PH_DECLARE: "Finish declaring attacks"}.get(
                    ph, "Pass (no more combat spells)")
            if kind == MOVE:
                return f"Move {_name(b[(S0 + p * 36 + (a[1]) * NF)])} from {slot_name(a[1])} to lane {a[2] + 1}"
            if kind == EQUIP:
                return f"Equip {_name(self.hand[p][a[1]])} on {_name(b[(S0 + p * 36 + (a[2]) * NF)])}"
            if kind == SET:
                x, y = _name(b[(S0 + p * 36 + (a[1]) * NF)]), _name(b[(S0 + p * 36 + (a[2]) * NF)])
                if x == y:      # two of one card: which is which
                    return f"Set {x} (lane {a[1] + 1}) on {y} (lane {a[2] + 1})"
                return f"Set {x} on {y}"
            if kind == CAST:
                c = self.hand[p][a[1]]
                if a[2] == NO_TARGET:
                    return f"Cast {_name(c)}"
                if IS_COMBAT_SPELL[c]:
                    return f"Cast {_name(c)} into lane {a[2] + 1}"
                code = b[(S0 + p * 36 + (a[2]) * NF)]
                return f"Cast {_name(c)} on {_name(code) if code >= 0 else slot_name(a[2])}"
            if kind == ATTACK:
                return f"{_name(b[(S0 + p * 36 + (a[1]) * NF)])} attacks lane {a[2] + 1}"
            if kind == ORDER:
                return f"Take the attack of {_name(b[(S0 + (1 - p) * 36 + (a[1]) * NF)])} next"
            if kind == REDRAW:
                return "Nothing playable: redraw the hand"
            if kind == CONCEDE:
                return "Concede"
            if kind == CHOOSE:
                k, pp, x, y = self.pending()
                v = a[1]
                if k == CH_PLACE:
                    return f"Put {_name(x)} in {slot_name(v)}"
                if k == CH_SET_OPP:
                    return f"Set the opposing {_name(b[(S0 + (1 - pp) * 36 + v * NF)])} (lane {v + 1})"
                if k == CH_SWAP_ITEM:
                    return f"Take off {_name(b[(S0 + pp * 36 + x * NF) + v])}"
                if k == CH_SWAP_HAND:
                    return f"Put on {_name(self.hand[pp][v])}"
                if k == CH_RELOCATE:
                    return f"Move it to {slot_name(v)}"
                if k == CH_REFORGE:
                    return f"Take {_name(v)} from the creature deck"
                if k == CH_SCOUT:
                    return f"Take {_name(self.sdeck[pp][-1 - v])}"
                if k == CH_SCOUT_ORDER:
                    c = self.sdeck[pp][-1 - y - v]
                    return f"Put {_name(c)} on top" if y == 0 else f"Put {_name(c)} next"
                if k in CH_BOTTOM:
                    d = self.cdeck[pp] if k == CH_BOTTOM_CREATURES else self.sdeck[pp]
                    c = d[y + v] if y + v < len(d) else -1
                    return f"Put {_name(c)} at the bottom" if y == 0 else f"Put {_name(c)} above it"
                if k == CH_REDIRECT_ATTACK:
                    return f"Redirect the attack of {_name(b[(S0 + (1 - pp) * 36 + v * NF)])}"
                if k == CH_REDIRECT_LANE:
                    return f"Redirect it to lane {v + 1}"
        except (IndexError, KeyError, TypeError):
            pass
        return " ".join(str(x) for x in a)

    def action_for(self, action: tuple, viewer: int) -> tuple:
        """The opponent's ``action`` (read before it is applied) as ``viewer`` may see it:
        Reforge picks a card from the creature deck by its code, which becomes -1."""
        a = tuple(action)
        if a and a[0] == CHOOSE:
            try:
                if self.pending()[0] == CH_REFORGE:
                    return (CHOOSE, -1)
            except Exception:  # noqa: BLE001 - the plain action is no secret then
                pass
        return a

    @staticmethod
    def event_for(e: tuple, viewer: int) -> tuple:
        """The event as ``viewer`` may see it: a card tutored by the opponent becomes -1."""
        if e[0] == "tutor" and e[1] != viewer:
            return ("tutor", e[1], -1)
        return e

    EVENTS = EVENTS

    def event_text(self, e, names: Names | None = None) -> str:
        """The log's sentence for ``e``, the seats called as ``names`` says ("You cast
        Shield Wall.", "The AI's Storm Caller in lane 2 is destroyed."): every card in
        play is named with its owner and its lane or bench slot."""
        n = names if names is not None else SEATS
        v = self.event(e)
        k = v.kind if e else ""
        try:
            if k == "turn":
                return f"Turn {v.turn}: {n.poss(v.player)} turn."
            if k == "scout_order":
                return n.does(v.player, "put", "a card looked at back on top of the support deck.")
            if k == "bottom_order":
                deck = "creature deck" if v.deck == 0 else "support deck"
                return (n.does(v.player, "put", f"a returned card at the very bottom of the {deck}.") if v.placed == 0
                        else n.does(v.player, "put", f"a returned card above it at the bottom of the {deck}."))
            if k == "setup":
                return n.does(v.player, "set", "up: " + ", ".join(_name(c) for c in v.lanes if c >= 0) + " in the lanes.")
            if k == "phase":
                what = {"set": "Set Phase", "combat": "Combat Phase", "end": "End Phase"}[v.phase]
                return f"{n.poss(v.player, True)} {what}."
            if k == "move":
                return n.does(v.player, "move", f"{_name(v.card)} from {slot_name(v.src)} to {slot_name(v.dst)}.")
            if k == "equip":
                return n.does(v.player, "equip", f"{_name(v.item)} on {_name(v.card)} ({slot_name(v.slot)}).")
            if k == "set":
                named = v.card is not None and v.card >= 0
                if v.target_slot < 0:
                    what = _name(v.card) if named else "creature"
                    return f"{n.poss(v.player, True)} {what} in {slot_name(v.slot)} is set."
                if named and v.target is not None and v.target >= 0:
                    return n.does(v.player, "set", f"{_name(v.card)} ({slot_name(v.slot)}) on "
                                                   f"{_name(v.target)} ({slot_name(v.target_slot)}).")
                return n.does(v.player, "set", f"the creature in {slot_name(v.slot)} on the one in "
                                               f"{slot_name(v.target_slot)}.")
            if k == "set_ends":
                if v.card is not None and v.card >= 0:
                    return f"{n.poss(v.player, True)} {_name(v.card)} is no longer set."
                return f"{n.poss(v.player, True)} set creature is no longer set."
            if k == "cast":
                return n.does(v.player, "cast", f"{_name(v.spell)}.")
            if k == "trigger":
                what = "When played" if v.when == "when_played" else "On death"
                told = _FIRST_COMBAT_WORDS.get(CARDS_BY_CODE[v.card].effect[0][0]) if v.card >= 0 else None
                if told:        # (the others' effects are told by the events that follow)
                    return f"{_name(v.card)}: {what} — {told.format(n=CARDS_BY_CODE[v.card].effect[0][1])}."
                return f"{_name(v.card)}: {what}."
            if k == "attack":
                if v.defender is not None:
                    if v.defender >= 0:
                        a, d = _pair_names(v.player, v.card, v.defender, n)
                        return f"{a} (lane {v.lane + 1}) attacks {d} (lane {v.target_lane + 1})."
                    return (f"{n.poss(v.player, True)} {_name(v.card)} (lane {v.lane + 1}) attacks "
                            f"{n.poss(1 - v.player)} open lane {v.target_lane + 1}.")
                return f"{n.poss(v.player, True)} {_name(v.card)} in lane {v.lane + 1} attacks lane {v.target_lane + 1}."
            if k == "redirect":
                # the defender's Resting Fortress: the attack of the creature in the attacker's lane
                att = 1 - v.player
                src = f"{n.poss(att)} attack from {'their' if not n.you(att) else 'your'} lane {v.lane + 1}"
                if v.old_lane == v.new_lane:
                    return f"Resting Fortress leaves {src} on lane {v.new_lane + 1}."
                return (f"Resting Fortress redirects {src}: into {n.poss(v.player)} lane {v.new_lane + 1} "
                        f"instead of lane {v.old_lane + 1}.")
            if k == "clash":
                a, d = _pair_names(v.player, v.card, v.defender, n)
                s = (f"{a} (lane {v.lane + 1}) attacks {d} (lane {v.target_lane + 1}): "
                     f"{v.attack} against defense {v.defense}")
                s += ", destroying it" if v.destroyed else ", which holds"
                if v.counter >= 0:
                    s += f"; the counterattack deals {v.counter} against defense {v.card_defense}"
                    s += " and destroys the attacker" if v.attacker_destroyed else ""
                else:
                    s += "; no counterattack"
                return s + "."
            if k == "open_hit":
                return (f"{n.poss(v.player, True)} {_name(v.card)} attacks the open lane {v.target_lane + 1}: "
                        f"{n.does(1 - v.player, 'lose', f'{v.damage} morale', start=False)}.")
            if k == "miss":
                return f"{n.poss(v.player, True)} {_name(v.card)}'s attack into lane {v.target_lane + 1} hits nothing."
            if k == "destroyed":
                return f"{n.poss(v.player, True)} {_name(v.card)} in {slot_name(v.slot)} is destroyed."
            if k == "treated_dead":
                return f"{n.poss(v.player, True)} {_name(v.card)} in {slot_name(v.slot)} is treated as dead."
            if k == "revive":
                return f"{n.poss(v.player, True)} {_name(v.card)} revives in {slot_name(v.slot)}."
            if k == "morale":
                return f"{n.poss(v.player, True)} morale: {v.value} ({v.delta:+d})."
            if k == "draw":
                return n.does(v.player, "draw", f"{count(v.n, 'support card')}.")
            if k == "tutor":
                what = _name(v.card) if v.card >= 0 else "a card"
                return n.does(v.player, "take", f"{what} from the support deck into the hand.")
            if k == "place":
                return n.does(v.player, "put", f"{_name(v.card)} into {slot_name(v.slot)}.")
            if k == "to_deck":
                return f"{_name(v.card)} goes to the bottom of {n.poss(v.player)} deck."
            if k == "to_hand":
                return f"{_name(v.card)} goes to {n.poss(v.player)} hand."
            if k == "lane_bonus":
                if v.lane < 0:
                    return f"{n.poss(v.player, True)} creatures in every lane: {v.what}."
                if v.card is not None and v.card >= 0:
                    return f"{n.poss(v.player, True)} {_name(v.card)} (lane {v.lane + 1}): {v.what}."
                return f"{n.poss(v.player, True)} creature in lane {v.lane + 1}: {v.what}."
            if k == "redraw":
                return n.does(v.player, "have", f"nothing playable and {'redraw' if n.you(v.player) else 'redraws'} "
                                                f"{count(v.n, 'card')}.")
            if k == "sudden_death":
                return "Both players fall at once: Sudden Death!"
            if k == "concede":
                return f"{n.name(v.player, True)} conceded."
            if k == "game_over":
                w = None if v.winner < 0 else v.winner
                r = self.result()
                if r is None or r.winner != w:
                    r = Result(w, self._end_reason(), self._end_details())
                why = r.reason.sentence(r, n)
                return ("Draw — " if w is None else f"{n.does(w, 'win')} — ") + why
        except (IndexError, KeyError, TypeError):
            pass
        return " ".join(str(x) for x in e)
