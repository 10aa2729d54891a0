"""The Essveil rules engine (one :class:`EssveilMatch` per duel).

State (flat, cheap to clone)
----------------------------
* ``g``: list of ints — the scalars, indexed by the ``G_*`` constants; each
  player's Life / Reserve / Veil (untapped) / spent (tapped Veil) by
  ``LIFE[p]``, ``RESERVE[p]``, ``VEIL[p]``, ``SPENT[p]``.
  Essence cards are identical, so the Veil cycle is three counters per player:
  Reserve + Veil + spent = 10 always.
* ``decks[p]``: card indices, the top of the deck is the END of the list.
* ``hands[p]``: card indices in hand order (``HIDDEN`` = -1 in a masked view).
* ``graves[p]``: card indices, oldest first.
* ``boards[p]``: one record of ``REC`` ints per creature in play, left to right:
  ``R_UID`` (stable creature id, >= ``FIRST_UID``), ``R_CARD``, ``R_DMG`` (damage
  taken), ``R_MIGHT`` / ``R_END`` (permanent stat changes), ``R_FLAGS`` (``F_*``
  bits), ``R_EQUIP`` (attached Equipment card index, 0 = none), ``R_GKW``
  (keywords given by effects, ``K_*`` bits; no card in the pool gives any yet,
  Silence clears them).
* ``lists``: each seat's deck list at setup (immutable tuples, shared by clones; empty for
  the opponent in a view: deck lists are not public).
* ``rng``: the SplitMix64 state (an int).

Actions (tuples of ints)
------------------------
Targets are one int: ``NO_TARGET`` (0), ``player_target(p)`` (1 + seat) or a
creature's uid (>= 8).

* ``(END,)`` — end your turn (main phase).
* ``(FLOW,)`` / ``(DEEP,)`` — Attune step: Flow (2 Essence + draw) or Deep
  Attune (4 Essence, no draw). On each player's first turn only Flow is legal,
  so it is taken automatically and the turn starts in the main phase.
* ``play(hand_index, target)`` = ``(PLAY, hand_index, target)`` — play a card;
  target is the picked target, a friendly creature for Equipment, or
  ``NO_TARGET`` for cards without a target (and for a targeted card with no legal
  target, which fizzles).
* ``attack(uid, target)`` = ``(ATTACK, uid, target)`` — attack an enemy creature
  or the enemy player.
* ``ability(uid, target)`` = ``(ABILITY, uid, target)`` — use a creature's
  "Tap: ..." ability.
* ``intercept(uid)`` = ``(INTERCEPT, uid)`` — the DEFENDER, during the
  attacker's turn: redirect the declared attack to this untapped Guard.
* ``(LET_THROUGH,)`` — the defender lets the attack through.
* ``(PIERCE,)`` — Pierce the Veil (only with that match option).
* ``(CONCEDE,)`` — the player to move concedes. It is legal at every decision
  (``why_illegal`` accepts it, ``apply`` performs it) but is NOT listed by
  ``legal_actions()``, so random play and search never concede by accident.

The defender's Guard window only opens when the defender has a Guard that may
intercept; otherwise the attack resolves at once.

Reading the state (for the client and tests)
--------------------------------------------
``life(p)``, ``essence(p)`` -> (Reserve, Veil untapped, Veil tapped), ``hand_ids(p)``,
``graveyard_ids(p)``, ``deck_size(p)``, ``creatures(p)`` (one dict per creature, left
to right: uid, card, might, endurance, damage, left, keywords, tapped, sick, aegis,
silenced, equipment, ...), ``creature(uid)``, ``phase()`` ("attune" / "main" /
"guard" / "over"), ``pending_attack()`` -> (attacker uid, target) during the Guard
window, ``first_player()``.

Events: ``(kind, ...)`` tuples; see ``event_text`` for every kind. "draw" events
carry the drawn card's id; ``mask_event(e, viewer)`` hides the opponent's draws.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..core.match import IllegalAction, Match, OptionSpec, Result, as_action
from ..core.rng import MASK64, mix_seed, rng_step
from ..core.text import SEATS, Names
from ..core.unseen import allowance_after, guess_cards
from .cards import (
    C_ABILITY, C_ABILITY_COST, C_ABILITY_TARGET, C_COST, C_EFFECT, C_END, C_GROW, C_ID,
    C_IS_CREATURE, C_KIND, C_KW, C_LAST_RITES, C_LIFE_COST, C_MIGHT, C_NAME, C_ON_PLAY,
    C_TARGET, CARDS_BY_INDEX, E_AEGIS, E_END, E_KW, E_MIGHT, INDEX, K_AEGIS, K_DRAIN, K_GUARD,
    K_SWIFT, K_VEILSTEP, K_VENOM, KIND_CREATURE, KIND_EQUIPMENT, KIND_TOKEN, OP_AEGIS,
    OP_ATTUNE, OP_BUFF, OP_DAMAGE, OP_DESTROY, OP_DRAW, OP_HEAL, OP_REANIMATE, OP_SILENCE,
    OP_SUMMON, OP_TAP, S_EACH, S_EACH_ENEMY, S_EACH_FRIENDLY, S_EACH_OTHER, S_EACH_PLAYER,
    S_OPPONENT, S_SELF, S_TARGET, T_ANY, T_CREATURE, T_ENEMY_ANY, T_ENEMY_CREATURE, T_FRIENDLY_CREATURE, T_NONE,
)
from .text import END_BY_CODE, EVENTS, MAX_TURNS

# ---------------------------------------------------------------- rules numbers
START_LIFE = 20
OPENING_HAND = 5
ESSENCE = 10
FLOW_ESSENCE = 2
DEEP_ESSENCE = 4
FIRST_TURN_ESSENCE = 1
MAX_CREATURES = 7          # per side (our ruling)
PIERCE_LIFE = 3
HIDDEN = -1
MAX_COPIES = 3             # deck rule: at most 3 copies of any card
#: the cards a deck may hold (tokens are made by effects, never in a deck)
DECK_CARDS = tuple(i for i, c in enumerate(CARDS_BY_INDEX) if c.id and C_KIND[i] != KIND_TOKEN)

# ---------------------------------------------------------------- actions
END, FLOW, DEEP, PLAY, ATTACK, ABILITY, INTERCEPT, LET_THROUGH, PIERCE, CONCEDE = range(10)
NO_TARGET = 0
FIRST_UID = 8


def player_target(p: int) -> int:
    return 1 + p


def play(hand_index: int, target: int = NO_TARGET) -> tuple:
    return (PLAY, hand_index, target)


def attack(uid: int, target: int) -> tuple:
    return (ATTACK, uid, target)


def ability(uid: int, target: int = NO_TARGET) -> tuple:
    return (ABILITY, uid, target)


def intercept(uid: int) -> tuple:
    return (INTERCEPT, uid)


ARITY = {END: 1, FLOW: 1, DEEP: 1, PLAY: 3, ATTACK: 3, ABILITY: 3, INTERCEPT: 2, LET_THROUGH: 1,
         PIERCE: 1, CONCEDE: 1}

END_TURN = (END,)
ATTUNE_FLOW = (FLOW,)
ATTUNE_DEEP = (DEEP,)
LET_IT_THROUGH = (LET_THROUGH,)
PIERCE_THE_VEIL = (PIERCE,)
CONCEDE_ACTION = (CONCEDE,)

# ---------------------------------------------------------------- state layout
G_PHASE, G_ACTIVE, G_FIRST, G_TURN, G_WINNER, G_REASON, G_NEXT_UID, G_PIERCE_OPT, \
    G_PIERCE_USED, G_ATTACKER, G_ATK_TARGET = range(11)
G_PLAYERS = 11
P_LIFE, P_RESERVE, P_VEIL, P_SPENT = range(4)
PB = 4
G_LEN = G_PLAYERS + 2 * PB
LIFE = (G_PLAYERS + P_LIFE, G_PLAYERS + PB + P_LIFE)
RESERVE = (G_PLAYERS + P_RESERVE, G_PLAYERS + PB + P_RESERVE)
VEIL = (G_PLAYERS + P_VEIL, G_PLAYERS + PB + P_VEIL)
SPENT = (G_PLAYERS + P_SPENT, G_PLAYERS + PB + P_SPENT)

PH_ATTUNE, PH_MAIN, PH_GUARD, PH_OVER = range(4)
PHASE_NAMES = ("attune", "main", "guard", "over")
NO_WINNER, DRAW = -1, 2
REASONS = ("", "Life reduced to 0", "conceded", "both players fell to 0 Life at once",
           "turn limit reached")
RS_NONE, RS_LIFE, RS_CONCEDE, RS_BOTH, RS_TURN_LIMIT = range(5)

R_UID, R_CARD, R_DMG, R_MIGHT, R_END, R_FLAGS, R_EQUIP, R_GKW = range(8)
REC = 8
F_TAPPED = 1
F_SICK = 2          # arrived this turn (can't attack or tap unless Swift)
F_AEGIS = 4         # an unspent Aegis
F_SILENCED = 8
F_GUARDED = 16      # intercepted this round
F_DOOMED = 32       # destroyed (by an effect or Venom), removed at the next death check


#: how an action names the seats: in the words of the player who makes it
_MOVER = (Names(("you", "the opponent")), Names(("the opponent", "you")))


_KW_ORDER = (("Guard", K_GUARD), ("Swift", K_SWIFT), ("Drain", K_DRAIN), ("Venom", K_VENOM),
             ("Veilstep", K_VEILSTEP))
_KW_NAMES: dict = {}
"""keyword bits -> their names in _KW_ORDER's order (filled as met; a few dozen at most)"""
_CARD_TAIL_NAMES = tuple(tuple(n for n, on in ((f"Grow {C_GROW[c]}", C_GROW[c]), ("On Play", C_ON_PLAY[c]),
                                                 ("Last Rites", C_LAST_RITES[c])) if on)
                         for c in range(len(C_GROW)))
"""card -> the names of its Grow, On Play and Last Rites (shown unless Silenced)"""


class EssveilMatch(Match):
    """One Essveil duel. See the module docstring for the state and actions."""

    # ``dirty`` is transient (not state): set when a creature may have died during an action
    __slots__ = ("g", "decks", "hands", "graves", "boards", "lists", "rng", "dirty")
    GAME = "essveil"
    TIMEOUT_ACTIONS = (LET_IT_THROUGH, ATTUNE_FLOW, END_TURN)   # a timeout ends the turn (Match.timeout_action)
    OPTIONS = (OptionSpec("pierce_the_veil", "Pierce the Veil",
                          "Once per turn in your main phase you may pay 3 Life to Attune 1 "
                          "(never down to 0 Life).", False),)

    # ================================================================ creation
    @classmethod
    def new(cls, decks: Sequence, seed: int, options: Mapping[str, Any] | None = None) -> "EssveilMatch":
        opts = cls.default_options()
        if options:
            for k, v in options.items():
                if k not in opts:
                    raise ValueError(f"unknown Essveil option {k!r}")
                opts[k] = v
        lists = []
        for d in decks:
            ids = d.card_list() if hasattr(d, "card_list") else list(d)
            try:
                lists.append(tuple(INDEX[c] for c in ids))
            except KeyError as e:
                raise ValueError(f"unknown Essveil card {e.args[0]!r}") from None
        if len(lists) != 2:
            raise ValueError("an Essveil match needs two decks")
        m = cls.__new__(cls)
        m.dirty = False
        m.lists = tuple(lists)
        m.rng = mix_seed(seed, 0xE55)
        g = [0] * G_LEN
        g[G_WINNER] = NO_WINNER
        g[G_NEXT_UID] = FIRST_UID
        g[G_PIERCE_OPT] = 1 if opts["pierce_the_veil"] else 0
        for p in (0, 1):
            g[LIFE[p]] = START_LIFE
            g[RESERVE[p]] = ESSENCE
        m.g = g
        m.decks = [list(lists[0]), list(lists[1])]
        for p in (0, 1):
            m._shuffle(m.decks[p])
        m.hands = [[], []]
        m.graves = [[], []]
        m.boards = [[], []]
        first = m._rand(2)
        g[G_FIRST] = first
        g[G_ACTIVE] = 1 - first  # _begin_turn flips it
        ev: list = []
        for p in (first, 1 - first):
            m._draw(p, OPENING_HAND, ev)
        m._begin_turn(ev)
        return m

    def _rand(self, n: int) -> int:
        self.rng, v = rng_step(self.rng)
        return v % n

    def _shuffle(self, items: list) -> None:
        """Fisher–Yates with the match's SplitMix64 (same numbers as ``_rand``, inlined)."""
        st = self.rng
        for i in range(len(items) - 1, 0, -1):
            st = (st + 0x9E3779B97F4A7C15) & MASK64
            z = ((st ^ (st >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.rng = st

    # ================================================================ small queries
    def to_move(self) -> int | None:
        g = self.g
        ph = g[G_PHASE]
        if ph == PH_OVER:
            return None
        if ph == PH_GUARD:
            return 1 - g[G_ACTIVE]
        return g[G_ACTIVE]

    def turn_player(self) -> int:
        return self.g[G_ACTIVE]

    def turn(self) -> int:
        return self.g[G_TURN]

    def phase(self) -> str:
        return PHASE_NAMES[self.g[G_PHASE]]

    def result(self) -> Result | None:
        w = self.g[G_WINNER]
        if w == NO_WINNER:
            return None
        return Result(None if w == DRAW else w, END_BY_CODE[self.g[G_REASON]])

    def life(self, p: int) -> int:
        return self.g[LIFE[p]]

    def essence(self, p: int) -> tuple[int, int, int]:
        """(Reserve, Veil untapped, Veil tapped) of player ``p``."""
        g = self.g
        return g[RESERVE[p]], g[VEIL[p]], g[SPENT[p]]

    def first_player(self) -> int:
        return self.g[G_FIRST]

    def pending_attack(self) -> tuple[int, int] | None:
        """(attacker uid, target) while the defender decides on Guard, else None."""
        if self.g[G_PHASE] != PH_GUARD:
            return None
        return self.g[G_ATTACKER], self.g[G_ATK_TARGET]

    def is_first_turn_of(self, p: int) -> bool:
        t = self.g[G_TURN]
        return t == 1 or (t == 2 and p != self.g[G_FIRST])

    def hand_ids(self, p: int) -> list[str | None]:
        """Card ids in ``p``'s hand, in order (None for a card hidden in a view)."""
        return [C_ID[c] if c >= 0 else None for c in self.hands[p]]

    def graveyard_ids(self, p: int) -> list[str]:
        """Card ids in ``p``'s graveyard, oldest first."""
        return [C_ID[c] for c in self.graves[p]]

    def deck_size(self, p: int) -> int:
        return len(self.decks[p])

    @staticmethod
    def mask_event(event: tuple, viewer: int) -> tuple:
        """The event as ``viewer`` may see it: the card drawn by the other player is hidden."""
        if event[0] == "draw" and event[1] != viewer:
            return ("draw", event[1], "")
        return event

    def creatures(self, p: int) -> list[dict]:
        """Readable snapshot of ``p``'s creatures (for the client, tests and the AI's
        evaluation: each record's fields are read once)."""
        b = self.boards[p]
        out = []
        for off in range(0, len(b), REC):
            card = b[off + R_CARD]
            flags = b[off + R_FLAGS]
            eq = b[off + R_EQUIP]
            end = C_END[card] + b[off + R_END] + E_END[eq]     # as _endurance
            dmg = b[off + R_DMG]
            out.append({
                "uid": b[off + R_UID], "card": C_ID[card],
                "might": C_MIGHT[card] + b[off + R_MIGHT] + E_MIGHT[eq],   # as _might
                "endurance": end, "damage": dmg, "left": end - dmg,
                "keywords": self._keyword_names(b, off),
                "grow": 0 if flags & F_SILENCED else C_GROW[card],
                "tapped": bool(flags & F_TAPPED), "sick": bool(flags & F_SICK),
                "aegis": bool(flags & F_AEGIS),
                "silenced": bool(flags & F_SILENCED),
                "intercepted": bool(flags & F_GUARDED),
                "equipment": C_ID[eq] if eq else None,
            })
        return out

    def creature(self, uid: int) -> dict | None:
        p, off = self._find(uid)
        if p < 0:
            return None
        d = self.creatures(p)[off // REC]
        d["controller"] = p
        return d

    def _keyword_names(self, b, off) -> list[str]:
        """The creature's keywords, then Aegis, then (unless Silenced) Grow, On Play, Last Rites."""
        flags = b[off + R_FLAGS]
        card = b[off + R_CARD]
        silenced = flags & F_SILENCED
        kw = (0 if silenced else C_KW[card]) | b[off + R_GKW] | E_KW[b[off + R_EQUIP]]   # as _kw
        names = _KW_NAMES.get(kw)
        if names is None:
            names = _KW_NAMES[kw] = tuple(n for n, bit in _KW_ORDER if kw & bit)
        names = list(names)
        if flags & F_AEGIS:
            names.append("Aegis")
        if not silenced:
            names += _CARD_TAIL_NAMES[card]
        return names

    # ---------------------------------------------------------------- creature helpers
    def _find(self, uid: int) -> tuple[int, int]:
        """(controller, record offset) of the creature ``uid``, or (-1, -1)."""
        b = self.boards[0]
        uids = b[0::REC]
        if uid in uids:
            return 0, uids.index(uid) * REC
        uids = self.boards[1][0::REC]
        if uid in uids:
            return 1, uids.index(uid) * REC
        return -1, -1

    @staticmethod
    def _might(b: list, off: int) -> int:
        return C_MIGHT[b[off + R_CARD]] + b[off + R_MIGHT] + E_MIGHT[b[off + R_EQUIP]]

    @staticmethod
    def _endurance(b: list, off: int) -> int:
        return C_END[b[off + R_CARD]] + b[off + R_END] + E_END[b[off + R_EQUIP]]

    @staticmethod
    def _kw(b: list, off: int) -> int:
        """Current keyword bits: printed (unless Silenced) + given + Equipment."""
        printed = 0 if b[off + R_FLAGS] & F_SILENCED else C_KW[b[off + R_CARD]]
        return printed | b[off + R_GKW] | E_KW[b[off + R_EQUIP]]

    def _can_act(self, b: list, off: int) -> bool:
        """Untapped and not summoning-sick (or Swift): may attack / use a Tap ability."""
        f = b[off + R_FLAGS]
        if f & F_TAPPED:
            return False
        return not (f & F_SICK) or bool(self._kw(b, off) & K_SWIFT)

    def _uids(self, p: int) -> list[int]:
        b = self.boards[p]
        return b[0::REC]

    def _targets(self, kind: int, p: int) -> list[int]:
        """Legal targets of a target kind for player ``p``'s card or ability."""
        if kind == T_NONE:
            return []
        q = 1 - p
        if kind == T_ANY:
            return [player_target(p), player_target(q)] + self.boards[p][0::REC] + self.boards[q][0::REC]
        if kind == T_CREATURE:
            return self.boards[p][0::REC] + self.boards[q][0::REC]
        if kind == T_ENEMY_CREATURE:
            return self.boards[q][0::REC]
        if kind == T_FRIENDLY_CREATURE:
            return self.boards[p][0::REC]
        if kind == T_ENEMY_ANY:
            return [player_target(q)] + self.boards[q][0::REC]
        return []

    def _bearers(self, p: int) -> list[int]:
        b = self.boards[p]
        return [b[off] for off in range(0, len(b), REC) if not b[off + R_EQUIP]]

    def _guards(self, q: int, target: int) -> list[int]:
        """Defender ``q``'s creatures that may intercept an attack on ``target``."""
        b = self.boards[q]
        out = []
        for off in range(0, len(b), REC):
            if b[off + R_FLAGS] & (F_TAPPED | F_GUARDED | F_DOOMED) or b[off] == target:
                continue
            if self._kw(b, off) & K_GUARD:
                out.append(b[off])
        return out

    # ================================================================ legal actions
    def legal_actions(self) -> list[tuple]:
        g = self.g
        ph = g[G_PHASE]
        if ph == PH_MAIN:
            return self._main_actions()
        if ph == PH_ATTUNE:
            if self.is_first_turn_of(g[G_ACTIVE]):
                return [ATTUNE_FLOW]
            return [ATTUNE_FLOW, ATTUNE_DEEP]
        if ph == PH_GUARD:
            q = 1 - g[G_ACTIVE]
            acts = [(INTERCEPT, u) for u in self._guards(q, g[G_ATK_TARGET])]
            acts.append(LET_IT_THROUGH)
            return acts
        return []

    def _main_actions(self) -> list[tuple]:
        g = self.g
        p = g[G_ACTIVE]
        q = 1 - p
        veil = g[VEIL[p]]
        life = g[LIFE[p]]
        mine = self.boards[p]
        theirs = self.boards[q]
        acts = []
        append = acts.append
        full = len(mine) >= MAX_CREATURES * REC
        tcache: dict = {}  # target kind -> legal targets
        for h, c in enumerate(self.hands[p]):
            if c < 0 or C_COST[c] > veil:
                continue
            lc = C_LIFE_COST[c]
            if lc and life - lc <= 0:
                continue
            kind = C_KIND[c]
            if kind == KIND_EQUIPMENT:
                for off in range(0, len(mine), REC):
                    if not mine[off + R_EQUIP]:
                        append((PLAY, h, mine[off]))
                continue
            if kind == KIND_CREATURE and full:
                continue
            tk = C_TARGET[c]
            if tk == T_NONE:
                append((PLAY, h, NO_TARGET))
                continue
            tl = tcache.get(tk)
            if tl is None:
                tl = tcache[tk] = self._targets(tk, p)
            if tl:
                acts += [(PLAY, h, t) for t in tl]
            else:
                append((PLAY, h, NO_TARGET))
        if mine:
            enemy = None
            for off in range(0, len(mine), REC):
                f = mine[off + R_FLAGS]
                if f & F_TAPPED:
                    continue
                card = mine[off + R_CARD]
                if f & F_SICK and not (((0 if f & F_SILENCED else C_KW[card]) | mine[off + R_GKW]
                                        | E_KW[mine[off + R_EQUIP]]) & K_SWIFT):
                    continue
                u = mine[off]
                if enemy is None:
                    enemy = [player_target(q)] + theirs[0::REC]
                acts += [(ATTACK, u, t) for t in enemy]
                if C_ABILITY[card] is not None and not f & F_SILENCED and C_ABILITY_COST[card] <= veil:
                    tk = C_ABILITY_TARGET[card]
                    if tk == T_NONE:
                        append((ABILITY, u, NO_TARGET))
                    else:
                        tl = tcache.get(tk)
                        if tl is None:
                            tl = tcache[tk] = self._targets(tk, p)
                        for t in tl or (NO_TARGET,):
                            append((ABILITY, u, t))
        if g[G_PIERCE_OPT] and not g[G_PIERCE_USED] and life > PIERCE_LIFE and g[RESERVE[p]] > 0:
            append(PIERCE_THE_VEIL)
        append(END_TURN)
        return acts

    def why_illegal(self, action) -> str | None:
        if self.result() is not None:
            return "The game is over."
        action = as_action(action)
        if action is None:
            return "That is not a move."
        if action == CONCEDE_ACTION:
            return None
        if action in self.legal_actions():
            return None
        return self.explain_illegal(action) or "That move is not allowed now."

    def explain_illegal(self, action) -> str | None:
        g = self.g
        if not action or not all(isinstance(x, int) and not isinstance(x, bool) for x in action):
            return "That is not a move."
        kind = action[0]
        if ARITY.get(kind) != len(action):
            return "That is not a move."
        ph = g[G_PHASE]
        p = self.to_move()
        if p is None:
            return "The game is over."
        if ph == PH_GUARD:
            if kind == INTERCEPT and len(action) == 2:
                return self._why_not_intercept(action[1])
            if kind == LET_THROUGH:
                return None
            return "You must first decide whether a Guard intercepts the attack."
        if ph == PH_ATTUNE:
            if kind == DEEP:
                if self.is_first_turn_of(p):
                    return "Deep Attune is not allowed on your first turn."
                return None
            if kind == FLOW:
                return None
            return "First Attune: choose Flow or Deep Attune."
        # main phase
        if kind in (FLOW, DEEP):
            return "You have already Attuned this turn."
        if kind in (INTERCEPT, LET_THROUGH):
            return "There is no attack to intercept."
        if kind == PLAY and len(action) == 3:
            return self._why_not_play(action[1], action[2])
        if kind == ATTACK and len(action) == 3:
            return self._why_not_attack(action[1], action[2])
        if kind == ABILITY and len(action) == 3:
            return self._why_not_ability(action[1], action[2])
        if kind == PIERCE:
            if not g[G_PIERCE_OPT]:
                return "Pierce the Veil is not enabled in this match."
            if g[G_PIERCE_USED]:
                return "You have already Pierced the Veil this turn."
            if g[LIFE[p]] <= PIERCE_LIFE:
                return f"You can't pay {PIERCE_LIFE} Life: it would bring you to 0."
            if g[RESERVE[p]] <= 0:
                return "Your Reserve is empty."
            return None
        if kind == END and len(action) == 1:
            return None
        return "That is not a move."

    def _why_not_intercept(self, uid: int) -> str | None:
        g = self.g
        q = 1 - g[G_ACTIVE]
        p_, off = self._find(uid)
        if p_ != q:
            return "Only one of your own Guard creatures can intercept."
        b = self.boards[q]
        name = C_NAME[b[off + R_CARD]]
        ap, aoff = self._find(g[G_ATTACKER])
        if ap >= 0 and self._kw(self.boards[ap], aoff) & K_VEILSTEP:
            return "The attacker has Veilstep: its attacks can't be intercepted."
        if not self._kw(b, off) & K_GUARD:
            return f"{name} has no Guard."
        if b[off + R_FLAGS] & F_GUARDED:
            return f"{name} has already intercepted this round."
        if b[off + R_FLAGS] & F_TAPPED:
            return f"{name} is tapped."
        if uid == g[G_ATK_TARGET]:
            return f"{name} is already the target of this attack."
        return None

    def _target_problem(self, tk: int, p: int, target: int) -> str | None:
        legal = self._targets(tk, p)
        if target in legal:
            return None
        if target == NO_TARGET:
            if legal:
                return "Choose a target for this card."
            return None
        if tk == T_NONE:
            return "This card doesn't take a target."
        words = {T_ANY: "a creature or a player", T_CREATURE: "a creature",
                 T_ENEMY_CREATURE: "an enemy creature", T_FRIENDLY_CREATURE: "one of your creatures",
                 T_ENEMY_ANY: "an enemy creature or the enemy player"}[tk]
        return f"That is not a legal target: choose {words}."

    def _why_not_play(self, h: int, target: int) -> str | None:
        g = self.g
        p = g[G_ACTIVE]
        hand = self.hands[p]
        if not 0 <= h < len(hand):
            return "There is no such card in your hand."
        c = hand[h]
        if c < 0:
            return "That card is hidden."
        name = C_NAME[c]
        cost = C_COST[c]
        if cost > g[VEIL[p]]:
            return f"Not enough Essence for {name} (cost {cost}, you have {g[VEIL[p]]} untapped)."
        lc = C_LIFE_COST[c]
        if lc and g[LIFE[p]] - lc <= 0:
            return f"You can't pay {lc} Life for {name}: it would bring you to 0."
        kind = C_KIND[c]
        if kind == KIND_EQUIPMENT:
            tp, off = self._find(target)
            if tp != p:
                return f"{name} must be attached to one of your creatures."
            b = self.boards[p]
            if b[off + R_EQUIP]:
                return f"{C_NAME[b[off + R_CARD]]} already has Equipment ({C_NAME[b[off + R_EQUIP]]})."
            return None
        if kind == KIND_CREATURE and len(self.boards[p]) >= MAX_CREATURES * REC:
            return f"Your side is full ({MAX_CREATURES} creatures)."
        return self._target_problem(C_TARGET[c], p, target)

    def _why_not_attack(self, uid: int, target: int) -> str | None:
        g = self.g
        p = g[G_ACTIVE]
        tp, off = self._find(uid)
        if tp != p:
            return "You can only attack with your own creatures."
        b = self.boards[p]
        name = C_NAME[b[off + R_CARD]]
        f = b[off + R_FLAGS]
        if f & F_TAPPED:
            return f"{name} is tapped."
        if f & F_SICK and not self._kw(b, off) & K_SWIFT:
            return f"{name} arrived this turn and can't attack yet (it has no Swift)."
        if target == player_target(p):
            return "You can't attack yourself."
        if target == player_target(1 - p):
            return None
        tq, _ = self._find(target)
        if tq == p:
            return "You can't attack your own creature."
        if tq < 0:
            return "Attack an enemy creature or the enemy player."
        return None

    def _why_not_ability(self, uid: int, target: int) -> str | None:
        g = self.g
        p = g[G_ACTIVE]
        tp, off = self._find(uid)
        if tp != p:
            return "You can only use abilities of your own creatures."
        b = self.boards[p]
        card = b[off + R_CARD]
        name = C_NAME[card]
        if C_ABILITY[card] is None:
            return f"{name} has no ability."
        f = b[off + R_FLAGS]
        if f & F_SILENCED:
            return f"{name} is Silenced and has lost its ability."
        if f & F_TAPPED:
            return f"{name} is tapped."
        if f & F_SICK and not self._kw(b, off) & K_SWIFT:
            return f"{name} arrived this turn and can't tap yet."
        cost = C_ABILITY_COST[card]
        if cost > g[VEIL[p]]:
            return f"Not enough Essence (cost {cost}, you have {g[VEIL[p]]} untapped)."
        return self._target_problem(C_ABILITY_TARGET[card], p, target)

    # ================================================================ applying
    def _apply(self, action) -> list:
        return self.apply(action, check=False)

    def apply(self, action, *, check: bool = True) -> list:
        """As :meth:`Match.apply`; the unchecked path (search, self-play) runs here
        without the extra call through the base class."""
        if check or action.__class__ is not tuple:
            return Match.apply(self, action, check=check)
        g = self.g
        ev: list = []
        self.dirty = False
        kind = action[0]
        if kind == CONCEDE:
            p = self.to_move()
            ev.append(("concede", p))
            self._finish(1 - p, RS_CONCEDE, ev)
            return ev
        if kind == PLAY:
            self._do_play(action[1], action[2], ev)
        elif kind == ATTACK:
            self._do_attack(action[1], action[2], ev)
        elif kind == END:
            ev.append(("end", g[G_ACTIVE]))
            self._begin_turn(ev)
        elif kind == INTERCEPT:
            q = 1 - g[G_ACTIVE]
            b = self.boards[q]
            _, off = self._find(action[1])
            b[off + R_FLAGS] |= F_TAPPED | F_GUARDED
            ev.append(("intercept", q, action[1], C_ID[b[off + R_CARD]], g[G_ATTACKER]))
            g[G_ATK_TARGET] = action[1]
            self._resolve_attack(ev)
        elif kind == LET_THROUGH:
            ev.append(("let_through", 1 - g[G_ACTIVE]))
            self._resolve_attack(ev)
        elif kind == ABILITY:
            self._do_ability(action[1], action[2], ev)
        elif kind == FLOW or kind == DEEP:
            self._attune_step(kind == DEEP, ev)
        elif kind == PIERCE:
            p = g[G_ACTIVE]
            g[G_PIERCE_USED] = 1
            g[LIFE[p]] -= PIERCE_LIFE
            ev.append(("pay", p, 0, PIERCE_LIFE, g[LIFE[p]]))
            self._attune(p, 1, "pierce", ev)
        else:
            raise IllegalAction("That is not a move.", action)
        return ev

    # ---------------------------------------------------------------- turn structure
    def _begin_turn(self, ev: list) -> None:
        g = self.g
        p = 1 - g[G_ACTIVE]
        g[G_ACTIVE] = p
        g[G_TURN] += 1
        if g[G_TURN] > MAX_TURNS:
            self._finish(DRAW, RS_TURN_LIMIT, ev)
            return
        g[G_PIERCE_USED] = 0
        ev.append(("turn", p, g[G_TURN]))
        # Refresh: untap creatures, end summoning sickness and Guard use, spent Essence -> Reserve
        back = g[SPENT[p]]
        g[SPENT[p]] = 0
        g[RESERVE[p]] += back
        ev.append(("refresh", p, back))
        # ... then Grow X (start of the turn, after Refresh)
        b = self.boards[p]
        for off in range(0, len(b), REC):
            f = b[off + R_FLAGS] & ~(F_TAPPED | F_SICK | F_GUARDED)
            b[off + R_FLAGS] = f
            card = b[off + R_CARD]
            x = C_GROW[card]
            if x and not f & F_SILENCED:
                b[off + R_MIGHT] += x
                b[off + R_END] += x
                ev.append(("grow", p, b[off], C_ID[card], x))
        t = g[G_TURN]
        if t == 1 or (t == 2 and p != g[G_FIRST]):  # first turn: only Flow, taken at once
            self._attune_step(False, ev)
        else:
            g[G_PHASE] = PH_ATTUNE

    def _attune_step(self, deep: bool, ev: list) -> None:
        g = self.g
        p = g[G_ACTIVE]
        if deep:
            self._attune(p, DEEP_ESSENCE, "deep", ev)
        else:
            self._attune(p, FIRST_TURN_ESSENCE if g[G_TURN] == 1 else FLOW_ESSENCE, "flow", ev)
            self._draw(p, 1, ev)
        g[G_PHASE] = PH_MAIN

    def _attune(self, p: int, n: int, how: str, ev: list) -> None:
        g = self.g
        n = min(n, g[RESERVE[p]])
        g[RESERVE[p]] -= n
        g[VEIL[p]] += n
        ev.append(("attune", p, n, how))

    def _draw(self, p: int, n: int, ev: list) -> None:
        deck = self.decks[p]
        hand = self.hands[p]
        for _ in range(n):
            if not deck:
                ev.append(("no_draw", p))
                return
            c = deck.pop()
            hand.append(c)
            ev.append(("draw", p, C_ID[c] if c >= 0 else ""))

    def _finish(self, winner: int, reason: int, ev: list) -> None:
        g = self.g
        g[G_WINNER] = winner
        g[G_REASON] = reason
        g[G_PHASE] = PH_OVER
        ev.append(("game_over", -1 if winner == DRAW else winner, REASONS[reason]))

    def _check_life(self, ev: list) -> bool:
        """Life <= 0 loses at once (both at once: a draw). True if the game ended."""
        g = self.g
        if g[G_PHASE] == PH_OVER:
            return True
        d0 = g[LIFE[0]] <= 0
        d1 = g[LIFE[1]] <= 0
        if not (d0 or d1):
            return False
        if d0 and d1:
            self._finish(DRAW, RS_BOTH, ev)
        else:
            self._finish(1 if d0 else 0, RS_LIFE, ev)
        return True

    # ---------------------------------------------------------------- playing cards
    def _do_play(self, h: int, target: int, ev: list) -> None:
        g = self.g
        p = g[G_ACTIVE]
        c = self.hands[p].pop(h)
        cost = C_COST[c]
        lc = C_LIFE_COST[c]
        g[VEIL[p]] -= cost
        g[SPENT[p]] += cost
        if lc:
            g[LIFE[p]] -= lc
        ev.append(("play", p, C_ID[c], target) + self._target_facts(target))
        if cost or lc:
            ev.append(("pay", p, cost, lc, g[LIFE[p]]))
        kind = C_KIND[c]
        if kind == KIND_CREATURE:
            uid = self._enter(p, c, ev)
            ops = C_ON_PLAY[c]
            if ops:
                if C_TARGET[c] != T_NONE and target == NO_TARGET:
                    ev.append(("fizzle", p, C_ID[c]))
                else:
                    self._run(ops, p, uid, target, ev)
        elif kind == KIND_EQUIPMENT:
            b = self.boards[p]
            _, off = self._find(target)
            b[off + R_EQUIP] = c
            ev.append(("equip", p, C_ID[c], target, C_ID[b[off + R_CARD]]))
            if E_AEGIS[c]:
                self._give_aegis(b, off, ev)
        else:  # spell: resolve, then to the graveyard (played even if it fizzles)
            if C_TARGET[c] != T_NONE and target == NO_TARGET:
                ev.append(("fizzle", p, C_ID[c]))
            else:
                self._run(C_EFFECT[c], p, 0, target, ev)
            self.graves[p].append(c)
        self._after_effects(ev)

    def _target_facts(self, target: int) -> tuple:
        """What a play or ability event says of its target creature beyond its id: (card id,
        controller), so the story can name it after it is gone; () for a player or no target."""
        if target < FIRST_UID:
            return ()
        q, off = self._find(target)
        return (C_ID[self.boards[q][off + R_CARD]], q) if q >= 0 else ()

    def _do_ability(self, uid: int, target: int, ev: list) -> None:
        g = self.g
        p = g[G_ACTIVE]
        b = self.boards[p]
        _, off = self._find(uid)
        card = b[off + R_CARD]
        cost = C_ABILITY_COST[card]
        b[off + R_FLAGS] |= F_TAPPED
        g[VEIL[p]] -= cost
        g[SPENT[p]] += cost
        ev.append(("ability", p, uid, C_ID[card], target) + self._target_facts(target))
        if C_ABILITY_TARGET[card] != T_NONE and target == NO_TARGET:
            ev.append(("fizzle", p, C_ID[card]))
        else:
            self._run(C_ABILITY[card].effect, p, uid, target, ev)
        self._after_effects(ev)

    def _after_effects(self, ev: list) -> None:
        if not self._check_life(ev) and self.dirty:
            self._deaths(ev)

    def _enter(self, p: int, card: int, ev: list) -> int:
        """Put a creature (card or token) into play on ``p``'s side. Returns its uid (0 if full)."""
        b = self.boards[p]
        if len(b) >= MAX_CREATURES * REC:
            ev.append(("no_room", p, C_ID[card]))
            return 0
        g = self.g
        uid = g[G_NEXT_UID]
        g[G_NEXT_UID] = uid + 1
        flags = F_SICK | (F_AEGIS if C_KW[card] & K_AEGIS else 0)
        b.extend((uid, card, 0, 0, 0, flags, 0, 0))
        ev.append(("enter", p, uid, C_ID[card]))
        return uid

    def _give_aegis(self, b: list, off: int, ev: list) -> None:
        if b[off + R_FLAGS] & F_AEGIS:
            ev.append(("aegis_stands", b[off], C_ID[b[off + R_CARD]]))
            return
        b[off + R_FLAGS] |= F_AEGIS
        ev.append(("aegis", b[off], C_ID[b[off + R_CARD]]))

    # ---------------------------------------------------------------- the effect library
    def _selected(self, to: int, p: int, src: int, target: int) -> list[tuple[int, int]]:
        """Creatures an op applies to, as (controller, uid)."""
        if to == S_TARGET:
            if target >= FIRST_UID:
                tp, _ = self._find(target)
                return [(tp, target)] if tp >= 0 else []
            return []
        if to == S_SELF:
            return [(p, src)] if src else []
        q = 1 - p
        if to == S_EACH_ENEMY:
            return [(q, u) for u in self.boards[q][0::REC]]
        if to == S_EACH_FRIENDLY:
            return [(p, u) for u in self.boards[p][0::REC]]
        if to == S_EACH or to == S_EACH_OTHER:
            out = [(p, u) for u in self.boards[p][0::REC]] + [(q, u) for u in self.boards[q][0::REC]]
            if to == S_EACH_OTHER:
                out = [x for x in out if x[1] != src]
            return out
        return []

    def _run(self, ops: tuple, p: int, src: int, target: int, ev: list) -> None:
        """Run effect ops for player ``p`` (``src``: the creature whose effect it is, or 0)."""
        for o in ops:
            op = o.op
            if op == OP_DAMAGE:
                venom = False
                if src:
                    sp, soff = self._find(src)
                    venom = sp >= 0 and bool(self._kw(self.boards[sp], soff) & K_VENOM)
                if o.to == S_EACH_PLAYER:
                    self._hit_player(p, o.n, ev)
                    self._hit_player(1 - p, o.n, ev)
                elif o.to == S_OPPONENT or (o.to == S_TARGET and target in (1, 2)):
                    victim = 1 - p if o.to == S_OPPONENT else target - 1
                    self._hit_player(victim, o.n, ev)
                else:
                    for cp, u in self._selected(o.to, p, src, target):
                        _, off = self._find(u)
                        self._hit_creature(cp, off, o.n, venom, ev)
            elif op == OP_DRAW:
                self._draw(p, o.n, ev)
            elif op == OP_HEAL:
                self._heal(p, o.n, ev)
            elif op == OP_ATTUNE:
                self._attune(p, o.n, "effect", ev)
            elif op == OP_SUMMON:
                tok = INDEX[o.token]
                for _ in range(o.n):
                    self._enter(p, tok, ev)
            elif op == OP_REANIMATE:
                grave = self.graves[p]
                for i in range(len(grave) - 1, -1, -1):
                    if C_KIND[grave[i]] == KIND_CREATURE:
                        if len(self.boards[p]) >= MAX_CREATURES * REC:
                            ev.append(("no_room", p, C_ID[grave[i]]))
                        else:
                            c = grave.pop(i)
                            ev.append(("reanimate", p, C_ID[c]))
                            self._enter(p, c, ev)
                        break
                else:
                    ev.append(("fizzle", p, ""))
            else:
                for cp, u in self._selected(o.to, p, src, target):
                    b = self.boards[cp]
                    _, off = self._find(u)
                    cid = C_ID[b[off + R_CARD]]
                    if op == OP_BUFF:
                        b[off + R_MIGHT] += o.might
                        b[off + R_END] += o.endurance
                        ev.append(("buff", u, cid, o.might, o.endurance))
                    elif op == OP_AEGIS:
                        self._give_aegis(b, off, ev)
                    elif op == OP_SILENCE:
                        # an unspent Aegis goes, unless the creature's Equipment gives it
                        # ("Equipment bonuses remain", keywords included)
                        keep = F_AEGIS if E_AEGIS[b[off + R_EQUIP]] else 0
                        b[off + R_FLAGS] = (b[off + R_FLAGS] | F_SILENCED) & ~(F_AEGIS & ~keep)
                        b[off + R_GKW] = 0
                        ev.append(("silence", u, cid))
                    elif op == OP_DESTROY:
                        b[off + R_FLAGS] |= F_DOOMED
                        self.dirty = True
                        ev.append(("destroy", u, cid))
                    elif op == OP_TAP:
                        b[off + R_FLAGS] |= F_TAPPED
                        ev.append(("tap", u, cid))

    def _hit_player(self, q: int, n: int, ev: list) -> None:
        g = self.g
        g[LIFE[q]] -= n
        ev.append(("damage", player_target(q), "", n, g[LIFE[q]]))

    def _heal(self, p: int, n: int, ev: list) -> None:
        g = self.g
        g[LIFE[p]] += n
        ev.append(("heal", p, n, g[LIFE[p]]))

    def _hit_creature(self, cp: int, off: int, n: int, venom: bool, ev: list) -> int:
        """Deal ``n`` damage to a creature; returns the damage actually dealt (after Aegis)."""
        if n <= 0:
            return 0
        b = self.boards[cp]
        uid = b[off]
        cid = C_ID[b[off + R_CARD]]
        if b[off + R_FLAGS] & F_AEGIS:
            b[off + R_FLAGS] &= ~F_AEGIS
            ev.append(("aegis_spent", uid, cid, n))
            return 0
        b[off + R_DMG] += n
        self.dirty = True
        ev.append(("damage", uid, cid, n, self._endurance(b, off) - b[off + R_DMG]))
        if venom:
            b[off + R_FLAGS] |= F_DOOMED
            ev.append(("venom", uid, cid))
        return n

    # ---------------------------------------------------------------- deaths
    def _deaths(self, ev: list) -> None:
        """Remove every dead creature at once, then Last Rites (active player's first); repeat."""
        g = self.g
        while g[G_PHASE] != PH_OVER:
            dead = []
            a = g[G_ACTIVE]
            for p in (a, 1 - a):
                b = self.boards[p]
                off = 0
                while off < len(b):
                    if b[off + R_FLAGS] & F_DOOMED or self._endurance(b, off) - b[off + R_DMG] <= 0:
                        dead.append((p, b[off:off + REC]))
                        del b[off:off + REC]
                    else:
                        off += REC
            if not dead:
                return
            for p, rec in dead:
                card = rec[R_CARD]
                if C_KIND[card] == KIND_TOKEN:
                    ev.append(("vanish", p, rec[R_UID], C_ID[card]))
                else:
                    self.graves[p].append(card)
                    ev.append(("die", p, rec[R_UID], C_ID[card]))
                eq = rec[R_EQUIP]
                if eq:
                    self.graves[p].append(eq)
                    ev.append(("equipment_destroyed", p, C_ID[eq], rec[R_UID]))
            for p, rec in dead:
                card = rec[R_CARD]
                ops = C_LAST_RITES[card]
                if ops and not rec[R_FLAGS] & F_SILENCED:
                    ev.append(("last_rites", p, rec[R_UID], C_ID[card]))
                    self._run(ops, p, 0, NO_TARGET, ev)
                    if self._check_life(ev):
                        return

    # ---------------------------------------------------------------- combat
    def _do_attack(self, uid: int, target: int, ev: list) -> None:
        g = self.g
        p = g[G_ACTIVE]
        q = 1 - p
        b = self.boards[p]
        _, off = self._find(uid)
        b[off + R_FLAGS] |= F_TAPPED
        tcard = ""
        if target >= FIRST_UID:
            _, toff = self._find(target)
            tcard = C_ID[self.boards[q][toff + R_CARD]]
        ev.append(("attack", p, uid, C_ID[b[off + R_CARD]], target, tcard))
        g[G_ATTACKER] = uid
        g[G_ATK_TARGET] = target
        if not self._kw(b, off) & K_VEILSTEP and self._guards(q, target):
            g[G_PHASE] = PH_GUARD
            return
        self._resolve_attack(ev)

    def _resolve_attack(self, ev: list) -> None:
        g = self.g
        g[G_PHASE] = PH_MAIN
        p = g[G_ACTIVE]
        q = 1 - p
        uid, target = g[G_ATTACKER], g[G_ATK_TARGET]
        g[G_ATTACKER] = g[G_ATK_TARGET] = 0
        b = self.boards[p]
        _, off = self._find(uid)
        akw = self._kw(b, off)
        am = self._might(b, off)
        if target == player_target(q):
            if am > 0:
                self._hit_player(q, am, ev)
                if akw & K_DRAIN:
                    self._heal(p, am, ev)
        else:
            d = self.boards[q]
            _, doff = self._find(target)
            dkw = self._kw(d, doff)
            dm = self._might(d, doff)
            ev.append(("fight", uid, target, C_ID[b[off + R_CARD]], C_ID[d[doff + R_CARD]]))
            # simultaneous: both amounts were fixed above
            dealt = self._hit_creature(q, doff, am, bool(akw & K_VENOM), ev)
            taken = self._hit_creature(p, off, dm, bool(dkw & K_VENOM), ev)
            if dealt and akw & K_DRAIN:
                self._heal(p, dealt, ev)
            if taken and dkw & K_DRAIN:
                self._heal(q, taken, ev)
        self._after_effects(ev)

    # ================================================================ hidden information
    def view(self, player: int) -> "EssveilMatch":
        """Masks the opponent's hand and deck (as ``HIDDEN``: only their sizes show) and
        deck list (``lists`` is empty for them: deck lists are not public), the order of
        your own deck (shown sorted) and the RNG. ``_fill_hidden`` guesses the unseen
        cards from the card pool within the deck rules (:mod:`engine.core.unseen`)."""
        v = self.clone()
        q = 1 - player
        v.hands[q] = [HIDDEN] * len(self.hands[q])
        v.decks[q] = [HIDDEN] * len(self.decks[q])
        v.decks[player] = sorted(self.decks[player])
        lists = list(self.lists)
        lists[q] = ()
        v.lists = tuple(lists)
        v.rng = 0
        return v

    def _seen(self, p: int) -> list[int]:
        """``p``'s deck cards in sight: graveyard, visible hand and deck, in play (tokens aside)."""
        seen = list(self.graves[p]) + [c for c in self.hands[p] if c >= 0] + \
            [c for c in self.decks[p] if c >= 0]
        b = self.boards[p]
        for off in range(0, len(b), REC):
            if C_KIND[b[off + R_CARD]] != KIND_TOKEN:
                seen.append(b[off + R_CARD])
            if b[off + R_EQUIP]:
                seen.append(b[off + R_EQUIP])
        return seen

    def _unseen(self, p: int, n: int) -> list[int]:
        """``n`` cards for ``p``'s masked places: the rest of ``p``'s deck list when it is
        known (your own), else a guess from the card pool within the deck rules."""
        seen = self._seen(p)
        if not self.lists[p]:
            return guess_cards(n, allowance_after(DECK_CARDS, lambda c: MAX_COPIES, seen), seen, self._shuffle)
        counts: dict[int, int] = {}
        for c in self.lists[p]:
            counts[c] = counts.get(c, 0) + 1
        for c in seen:
            if counts.get(c, 0) > 0:
                counts[c] -= 1
        out = []
        for c in sorted(counts):
            out.extend([c] * counts[c])
        self._shuffle(out)
        return out

    def _fill_hidden(self, seed: int) -> "EssveilMatch":
        self.rng = mix_seed(seed, 0xD17)
        lists = list(self.lists)
        for p in (0, 1):
            hand, deck = self.hands[p], self.decks[p]
            n = hand.count(HIDDEN) + deck.count(HIDDEN)
            if n:
                pool = self._unseen(p, n)
                for zone in (hand, deck):
                    for i, c in enumerate(zone):
                        if c == HIDDEN:
                            zone[i] = pool.pop() if pool else DECK_CARDS[0]
            if not lists[p]:     # the guessed deck list: what the guess holds
                lists[p] = tuple(sorted(self._seen(p)))
            self._shuffle(deck)
        self.lists = tuple(lists)
        self.rng = mix_seed(seed, 0xD18)
        return self

    # ================================================================ copies and files
    def clone(self) -> "EssveilMatch":
        m = EssveilMatch.__new__(EssveilMatch)
        m.g = self.g[:]
        d, h, gr, b = self.decks, self.hands, self.graves, self.boards
        m.decks = [d[0][:], d[1][:]]
        m.hands = [h[0][:], h[1][:]]
        m.graves = [gr[0][:], gr[1][:]]
        m.boards = [b[0][:], b[1][:]]
        m.lists = self.lists
        m.rng = self.rng
        m.dirty = False
        return m

    def __eq__(self, other) -> bool:
        return (type(other) is type(self) and self.g == other.g and self.boards == other.boards
                and self.hands == other.hands and self.decks == other.decks
                and self.graves == other.graves and self.rng == other.rng
                and self.lists == other.lists)

    __hash__ = None

    def to_json(self) -> dict:
        return {"game": self.GAME, "g": list(self.g), "decks": [list(x) for x in self.decks],
                "hands": [list(x) for x in self.hands], "graves": [list(x) for x in self.graves],
                "boards": [list(x) for x in self.boards], "lists": [list(x) for x in self.lists],
                "rng": self.rng}

    @classmethod
    def from_json(cls, obj: dict) -> "EssveilMatch":
        """The match from :meth:`to_json`'s form. Anything else — not an object,
        a missing or mistyped field, a board record that is not ``REC`` ints of a
        creature in play — raises ``ValueError`` naming what is wrong."""
        def bad(what: str):
            return ValueError(f"malformed Essveil state: {what}")

        def ints(x, what):
            if not isinstance(x, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in x):
                raise bad(f"{what} must be a list of whole numbers")
            return list(x)

        if not isinstance(obj, dict):
            raise ValueError("not an Essveil state (expected a JSON object)")
        if obj.get("game") != cls.GAME:
            raise ValueError("not an Essveil state")
        for key in ("decks", "hands", "graves", "boards", "lists"):
            if not isinstance(obj.get(key), list) or len(obj[key]) != 2:
                raise bad(f'"{key}" must hold one list per player')
        m = cls.__new__(cls)
        m.g = ints(obj.get("g"), '"g"')
        if len(m.g) != G_LEN:
            raise bad(f'"g" must hold {G_LEN} numbers')
        m.decks = [ints(x, '"decks"') for x in obj["decks"]]
        m.hands = [ints(x, '"hands"') for x in obj["hands"]]
        m.graves = [ints(x, '"graves"') for x in obj["graves"]]
        m.boards = [ints(x, '"boards"') for x in obj["boards"]]
        m.lists = tuple(tuple(ints(x, '"lists"')) for x in obj["lists"])
        rng = obj.get("rng")
        if not isinstance(rng, int) or isinstance(rng, bool) or not 0 <= rng <= MASK64:
            raise bad('"rng" must be a whole number from 0 to 2^64-1')
        m.rng = rng
        m.dirty = False
        n = len(CARDS_BY_INDEX)
        for zone in m.decks + m.hands + m.graves + [list(x) for x in m.lists]:
            if any(not (HIDDEN <= c < n) for c in zone):
                raise ValueError("unknown card in Essveil state")
        uids = set()
        for p, board in enumerate(m.boards):
            if len(board) % REC or len(board) > REC * MAX_CREATURES:
                raise bad(f"board {p + 1} must be up to {MAX_CREATURES} records of {REC} numbers")
            for off in range(0, len(board), REC):
                uid, card, eq = board[off + R_UID], board[off + R_CARD], board[off + R_EQUIP]
                if uid < FIRST_UID or uid in uids:
                    raise bad(f"board {p + 1} has a bad creature id ({uid})")
                uids.add(uid)
                if not (0 < card < n and C_IS_CREATURE[card]):
                    raise bad(f"board {p + 1} holds a card that is not a creature ({card})")
                if not (eq == 0 or 0 < eq < n and C_KIND[eq] == KIND_EQUIPMENT):
                    raise bad(f"board {p + 1}: a creature's equipment is not an Equipment card ({eq})")
                if board[off + R_FLAGS] < 0 or board[off + R_DMG] < 0 or board[off + R_GKW] < 0:
                    raise bad(f"board {p + 1} has negative flags, damage or keywords")
        return m

    # ================================================================ text
    def _thing(self, t: int, names: Names = SEATS) -> str:
        if t == NO_TARGET:
            return "no target"
        if t in (1, 2):
            return names.name(t - 1)
        p, off = self._find(t)
        if p < 0:
            return "a creature that is gone"
        return C_NAME[self.boards[p][off + R_CARD]]

    def _whose_thing(self, t: int, facts: tuple = (), names: Names = SEATS) -> str:
        """As :meth:`_thing`, a creature named with its controller ("your Hushmage", "the
        AI's Hushmage"): a card played or an ability used on a creature may aim at either
        side, and both sides may hold a creature of that name. ``facts`` = the event's
        (card id, controller) of the target, which name it even once it has left play."""
        if t == NO_TARGET or t in (1, 2):
            return self._thing(t, names)
        if len(facts) == 2 and facts[0] in CARD_NAMES and facts[1] in (0, 1):
            return f"{names.poss(facts[1])} {CARD_NAMES[facts[0]]}"
        p, off = self._find(t)
        if p < 0:
            return "a creature that is gone"
        return f"{names.poss(p)} {C_NAME[self.boards[p][off + R_CARD]]}"

    def _whose_uid(self, uid: int, cid: str, names: Names, start: bool = False, owner: int = -1) -> str:
        """A creature of an event by its card, with its controller (``owner`` when the
        event says it, else while it is in play: "the AI's Dune Raider"), else by its card
        alone (it has left play since)."""
        name = CARD_NAMES.get(cid, "a card")
        p = owner if owner in (0, 1) else (
            self._find(uid)[0] if isinstance(uid, int) and uid >= FIRST_UID else -1)
        if p < 0:
            return name[:1].upper() + name[1:] if start else name
        return f"{names.poss(p, start)} {name}"

    def action_text(self, action) -> str:
        action = tuple(action)
        k = action[0] if action else -1
        p = self.to_move()
        mv = _MOVER[p] if p in (0, 1) else SEATS
        if k == END:
            return "End turn"
        if k == FLOW:
            return "Attune: Flow (Essence + draw)"
        if k == DEEP:
            return "Attune: Deep Attune (4 Essence, no draw)"
        if k == PLAY and len(action) == 3:
            hand = self.hands[p] if p is not None else []
            h = action[1]
            name = C_NAME[hand[h]] if 0 <= h < len(hand) and hand[h] >= 0 else "a card"
            if action[2] == NO_TARGET:
                return f"Play {name}"
            if action[2] in (1, 2) and action[2] - 1 == p:
                return f"Play {name} on yourself"
            return f"Play {name} on {self._whose_thing(action[2], (), mv)}"
        if k == ATTACK and len(action) == 3:
            return f"{self._thing(action[1])} attacks {self._thing(action[2], mv)}"
        if k == ABILITY and len(action) == 3:
            if action[2] == NO_TARGET:
                return f"Use {self._thing(action[1])}'s ability"
            return f"Use {self._thing(action[1])}'s ability on {self._whose_thing(action[2], (), mv)}"
        if k == INTERCEPT and len(action) == 2:
            return f"Intercept with {self._thing(action[1])}"
        if k == LET_THROUGH:
            return "Let the attack through"
        if k == PIERCE:
            return f"Pierce the Veil (pay {PIERCE_LIFE} Life, Attune 1)"
        if k == CONCEDE:
            return "Concede"
        return super().action_text(action)

    EVENTS = EVENTS

    def event_text(self, e, names: Names | None = None) -> str:
        """The log's sentence for ``e``, the seats called as ``names`` says ("You play
        Spark on the AI's Hushmage.", "The AI's Dune Raider takes 3 damage (1 Endurance
        left)."): a creature in play is named with its controller."""
        n = names if names is not None else SEATS
        v = self.event(e)
        k = v.kind if e else ""

        def card(cid):
            return CARD_NAMES.get(cid, "a card")

        def who(uid, cid, start=False, owner=-1):
            return self._whose_uid(uid, cid, n, start, owner)

        def tgt(t, cid=""):
            if t in (1, 2):
                return n.name(t - 1)
            if cid:      # (an attack's target is the other side's)
                return f"{n.poss(1 - v.player)} {card(cid)}"
            return "no target" if t == NO_TARGET else self._whose_thing(t, (), n)

        try:
            if k == "turn":
                return f"Turn {v.turn}: {n.poss(v.player)} turn."
            if k == "refresh":
                if not v.back:        # (nothing was spent: no "0 spent Essence returns")
                    return n.does(v.player, "refresh") + ": creatures untap."
                return n.does(v.player, "refresh") + f": creatures untap, {v.back} spent Essence returns to the Reserve."
            if k == "grow":
                return f"{who(v.uid, v.card, True)} grows +{v.n}/+{v.n}."
            if k == "attune":
                if v.how == "effect":    # a card's: the line before names it ("You play Deep Channel.")
                    return n.does(v.player, "attune", f"{v.n} Essence.")
                how = {"flow": "Flow", "deep": "Deep Attune", "pierce": "Pierce the Veil"}.get(v.how, v.how)
                return n.does(v.player, "attune", f"{v.n} Essence ({how}).")
            if k == "draw":
                return n.does(v.player, "draw", "a card.")
            if k == "no_draw":
                return f"{n.poss(v.player, True)} deck is empty: no card drawn."
            if k == "play":
                if v.target == NO_TARGET:
                    return n.does(v.player, "play", f"{card(v.card)}.")
                if v.target in (1, 2) and v.target - 1 == v.player:     # on the player who plays it
                    return n.does(v.player, "play", f"{card(v.card)} on {n.self_(v.player)}.")
                facts = tuple(e[4:6])
                return n.does(v.player, "play", f"{card(v.card)} on {self._whose_thing(v.target, facts, n)}.")
            if k == "pay":
                parts = []
                if v.essence:
                    parts.append(f"{v.essence} Essence")
                if v.life:
                    parts.append(f"{v.life} Life (now {v.now})")
                return n.does(v.player, "pay", f"{' and '.join(parts) or 'nothing'}.")
            if k == "enter":
                return f"{card(v.card)} enters play for {n.name(v.player)}."
            if k == "no_room":
                return f"{n.poss(v.player, True)} side is full: {card(v.card)} does not enter play."
            if k == "equip":
                return f"{card(v.item)} is attached to {n.poss(v.player)} {card(v.card)}."
            if k == "fizzle":
                return f"{card(v.card) if v.card else 'The effect'} has no legal target and fizzles."
            if k == "ability":
                if v.target == NO_TARGET:
                    return f"{who(v.uid, v.card, True)} uses its ability."
                return f"{who(v.uid, v.card, True)} uses its ability on {self._whose_thing(v.target, tuple(e[5:7]), n)}."
            if k == "attack":
                return f"{who(v.uid, v.card, True, v.player)} attacks {tgt(v.target, v.target_card)}."
            if k == "intercept":
                return f"{who(v.uid, v.card, True, v.player)} intercepts the attack (Guard)."
            if k == "let_through":
                return n.does(v.player, "let", "the attack through.")
            if k == "fight":
                if v.target_card is not None:
                    # (a fight is between two sides: one found in play names the other's)
                    a, b = self._find(v.uid)[0], self._find(v.target)[0]
                    a = a if a >= 0 else (1 - b if b >= 0 else -1)
                    b = b if b >= 0 else (1 - a if a >= 0 else -1)
                    return f"{who(v.uid, v.card, True, a)} and {who(v.target, v.target_card, False, b)} fight."
                return "The creatures fight."
            if k == "damage":
                if v.target in (1, 2):
                    return n.does(v.target - 1, "take", f"{v.n} damage (Life {v.left}).")
                return f"{who(v.target, v.card, True)} takes {v.n} damage ({max(v.left, 0)} Endurance left)."
            if k == "aegis_spent":
                return f"{who(v.uid, v.card, True)}'s Aegis prevents {v.n} damage and is spent."
            if k == "aegis":
                return f"{who(v.uid, v.card, True)} gains Aegis."
            if k == "aegis_stands":
                return f"{who(v.uid, v.card, True)} already has Aegis (it doesn't stack)."
            if k == "venom":
                return f"Venom destroys {who(v.uid, v.card)}."
            if k == "heal":
                return n.does(v.player, "gain", f"{v.n} Life (Life {v.life}).")
            if k == "buff":
                return f"{who(v.uid, v.card, True)} gets +{v.might}/+{v.endurance}."
            if k == "silence":
                return f"{who(v.uid, v.card, True)} is Silenced."
            if k == "destroy":
                return f"{who(v.uid, v.card, True)} is destroyed."
            if k == "tap":
                return f"{who(v.uid, v.card, True)} is tapped."
            if k == "die":
                return f"{card(v.card)} goes to {n.poss(v.player)} graveyard."
            if k == "vanish":
                return f"{n.poss(v.player, True)} {card(v.card)} vanishes (token)."
            if k == "equipment_destroyed":
                return f"{card(v.card)} is destroyed with its bearer."
            if k == "last_rites":
                return f"{n.poss(v.player, True)} {card(v.card)}'s Last Rites trigger."
            if k == "reanimate":
                return f"{card(v.card)} returns from the graveyard for {n.name(v.player)}."
            if k == "end":
                return n.does(v.player, "end", "the turn.")
            if k == "concede":
                return f"{n.name(v.player, True)} conceded."
            if k == "game_over":
                w = None if v.winner == -1 else v.winner
                r = self.result()
                if r is None or r.winner != w:
                    r = Result(w, END_BY_CODE.get(REASONS.index(v.reason) if v.reason in REASONS else RS_LIFE))
                why = r.reason.sentence(r, n)
                if w is None:
                    return f"The game is a draw: {why}."
                return f"{n.does(w, 'win')}: {why}."
        except (IndexError, KeyError, TypeError, ValueError):
            pass
        return super().event_text(e, n)

    # ================================================================ checks
    def invariant_problems(self) -> list[str]:
        g = self.g
        probs = []
        if len(g) != G_LEN:
            return ["state length"]
        for p in (0, 1):
            r, v, s = g[RESERVE[p]], g[VEIL[p]], g[SPENT[p]]
            if min(r, v, s) < 0 or r + v + s != ESSENCE:
                probs.append(f"player {p}: Essence Reserve {r} + Veil {v} + tapped {s} != {ESSENCE}")
            b = self.boards[p]
            if len(b) % REC or len(b) > MAX_CREATURES * REC:
                probs.append(f"player {p}: bad board")
                continue
            zones = self.decks[p] + self.hands[p] + self.graves[p]
            if HIDDEN in zones:
                continue
            for off in range(0, len(b), REC):
                c = b[off + R_CARD]
                if not C_IS_CREATURE[c]:
                    probs.append(f"player {p}: non-creature {C_ID[c]} in play")
                if C_KIND[c] != KIND_TOKEN:
                    zones.append(c)
                if b[off + R_EQUIP]:
                    if C_KIND[b[off + R_EQUIP]] != KIND_EQUIPMENT:
                        probs.append(f"player {p}: attached non-equipment")
                    zones.append(b[off + R_EQUIP])
                if self._endurance(b, off) - b[off + R_DMG] <= 0 and g[G_PHASE] != PH_OVER:
                    probs.append(f"player {p}: dead creature {C_ID[c]} still in play")
            if self.lists[p] and sorted(zones) != sorted(self.lists[p]):   # empty: not known to a view
                probs.append(f"player {p}: cards not conserved")
        uids = self.boards[0][0::REC] + self.boards[1][0::REC]
        if len(set(uids)) != len(uids) or any(u < FIRST_UID or u >= g[G_NEXT_UID] for u in uids):
            probs.append("creature ids not unique")
        if g[G_PHASE] == PH_OVER and g[G_WINNER] == NO_WINNER:
            probs.append("over without a result")
        if g[G_PHASE] != PH_OVER and g[G_WINNER] != NO_WINNER:
            probs.append("result but not over")
        if g[G_PHASE] == PH_GUARD and self._find(g[G_ATTACKER])[0] != g[G_ACTIVE]:
            probs.append("pending attack without attacker")
        return probs


CARD_NAMES = {c.id: c.name for c in CARDS_BY_INDEX if c.id}
