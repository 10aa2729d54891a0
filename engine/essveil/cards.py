"""The Essveil card pool: loads ``cards.toml`` once into immutable :class:`Card`
objects, generates each card's player-facing text from its data (so text and
code cannot drift apart) and builds the flat per-card tables the rules engine
reads on its hot paths.

Card indices: ``CARDS_BY_INDEX[0]`` is a blank placeholder (index 0 means "no
card", e.g. no Equipment); real cards start at 1 in file order.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.files import read_toml

POOL_FILE = Path(__file__).with_name("cards.toml")

KINDS = ("creature", "spell", "equipment", "token")
KIND_CREATURE, KIND_SPELL, KIND_EQUIPMENT, KIND_TOKEN = range(4)

# keyword bits (Grow X is kept as a number, On Play / Last Rites as effect lists)
K_GUARD = 1
K_SWIFT = 2
K_DRAIN = 4
K_VENOM = 8
K_AEGIS = 16
K_VEILSTEP = 32
KEYWORD_BITS = {"Guard": K_GUARD, "Swift": K_SWIFT, "Drain": K_DRAIN, "Venom": K_VENOM,
                "Aegis": K_AEGIS, "Veilstep": K_VEILSTEP}
KEYWORD_ORDER = ("Guard", "Swift", "Drain", "Venom", "Aegis", "Veilstep")
ALL_KEYWORDS = ("Guard", "Swift", "Drain", "Venom", "Grow", "Aegis", "Veilstep", "Silence",
                "On Play", "Last Rites")

# target kinds (what the player picks when playing a card / using an ability)
TARGETS = ("none", "any", "creature", "enemy_creature", "friendly_creature", "enemy_any")
T_NONE, T_ANY, T_CREATURE, T_ENEMY_CREATURE, T_FRIENDLY_CREATURE, T_ENEMY_ANY = range(6)
TARGET_WORDS = {
    "any": "any target",
    "creature": "a creature",
    "enemy_creature": "an enemy creature",
    "friendly_creature": "a friendly creature",
    "enemy_any": "an enemy creature or the enemy player",
}

# effect ops
OPS = ("damage", "heal", "draw", "attune", "summon", "buff", "aegis", "silence", "destroy", "tap",
       "reanimate")
(OP_DAMAGE, OP_HEAL, OP_DRAW, OP_ATTUNE, OP_SUMMON, OP_BUFF, OP_AEGIS, OP_SILENCE, OP_DESTROY,
 OP_TAP, OP_REANIMATE) = range(len(OPS))
OPS_WITH_TO = {"damage", "buff", "aegis", "silence", "destroy", "tap"}
SELECTORS = ("target", "self", "opponent", "each_enemy_creature", "each_friendly_creature",
             "each_creature", "each_other_creature", "each_player")
(S_TARGET, S_SELF, S_OPPONENT, S_EACH_ENEMY, S_EACH_FRIENDLY, S_EACH, S_EACH_OTHER,
 S_EACH_PLAYER) = range(len(SELECTORS))

NUMBER_WORDS = {1: "a", 2: "two", 3: "three", 4: "four"}


class PoolError(ValueError):
    """cards.toml is malformed (a programming error caught at import and by tests)."""


@dataclass(frozen=True, slots=True)
class Op:
    """One effect step, e.g. ``Op(OP_DAMAGE, S_TARGET, 2)``."""

    op: int
    to: int = S_TARGET
    n: int = 0
    might: int = 0
    endurance: int = 0
    token: str = ""


@dataclass(frozen=True, slots=True)
class Ability:
    """``Tap, pay cost Essence: effect`` on a creature."""

    cost: int
    target: str
    effect: tuple


@dataclass(frozen=True, slots=True)
class Bonus:
    """What an Equipment gives its bearer."""

    might: int
    endurance: int
    keywords: tuple


@dataclass(frozen=True, slots=True)
class Card:
    """One Essveil card. ``keywords`` lists the printed keywords for display,
    with Grow's X (e.g. ``("Guard", "Grow 2", "On Play")``)."""

    index: int
    id: str
    name: str
    kind: str
    cost: int
    text: str
    might: int = 0
    endurance: int = 0
    keywords: tuple = ()
    life_cost: int = 0
    target: str = "none"
    grow: int = 0
    effect: tuple = ()
    on_play: tuple = ()
    last_rites: tuple = ()
    ability: Ability | None = None
    bonus: Bonus | None = None
    flavor: str = ""

    @property
    def deckable(self) -> bool:
        return self.kind != "token"

    @property
    def is_creature(self) -> bool:
        return self.kind in ("creature", "token")


# ---------------------------------------------------------------- text generation
def _sel_text(to: int, target: str) -> str:
    if to == S_TARGET:
        return TARGET_WORDS.get(target, "the target")
    return {S_SELF: "this creature", S_OPPONENT: "the enemy player",
            S_EACH_ENEMY: "each enemy creature", S_EACH_FRIENDLY: "each friendly creature",
            S_EACH: "each creature", S_EACH_OTHER: "each other creature",
            S_EACH_PLAYER: "each player"}[to]


def _op_text(o: Op, target: str, names: dict) -> str:
    op = OPS[o.op]
    sel = _sel_text(o.to, target)
    if op == "damage":
        return f"Deal {o.n} damage to {sel}."
    if op == "heal":
        return f"You gain {o.n} Life."
    if op == "draw":
        return "Draw a card." if o.n == 1 else f"Draw {o.n} cards."
    if op == "attune":
        return f"Attune {o.n}."
    if op == "summon":
        tok = names[o.token]
        stats = f"{tok.might}/{tok.endurance}"
        extra = ""
        kws = [k for k in tok.keywords if k not in ("On Play", "Last Rites")]
        if kws:
            extra = " " + ", ".join(kws)
        if tok.last_rites:
            extra += ", Last Rites: " + " ".join(_op_text(x, "none", names) for x in tok.last_rites).rstrip(".")
        what = f"{stats}{extra}"
        if o.n == 1:
            return f"Summon a {tok.name} ({what})."
        return f"Summon {NUMBER_WORDS.get(o.n, o.n)} {tok.name}s ({what})."
    if op == "buff":
        return f"Give {sel} +{o.might}/+{o.endurance}."
    if op == "aegis":
        return f"Give {sel} Aegis."
    if op == "silence":
        return f"Silence {sel}."
    if op == "destroy":
        return f"Destroy {sel}."
    if op == "tap":
        return f"Tap {sel}."
    if op == "reanimate":
        return ("Return the last creature card put into your graveyard to play "
                "(its On Play does not trigger).")
    raise PoolError(op)


def _effect_text(ops: tuple, target: str, names: dict) -> str:
    return " ".join(_op_text(o, target, names) for o in ops)


def card_text(c: Card, names: dict) -> str:
    parts = []
    if c.kind in ("creature", "token"):
        kws = [k for k in c.keywords if k not in ("On Play", "Last Rites")]
        if kws:
            parts.append(". ".join(kws) + ".")
        if c.on_play:
            parts.append("On Play: " + _effect_text(c.on_play, c.target, names))
        if c.ability is not None:
            cost = "Tap" if not c.ability.cost else f"Tap, pay {c.ability.cost} Essence"
            parts.append(f"{cost}: " + _effect_text(c.ability.effect, c.ability.target, names))
        if c.last_rites:
            parts.append("Last Rites: " + _effect_text(c.last_rites, "none", names))
    elif c.kind == "spell":
        parts.append(_effect_text(c.effect, c.target, names))
    elif c.kind == "equipment":
        b = c.bonus
        s = f"Equipped creature gets +{b.might}/+{b.endurance}"
        kw = [k for k in b.keywords if k != "Aegis"]
        if kw:
            s += " and has " + " and ".join(kw)
        s += "."
        if "Aegis" in b.keywords:
            s += " It gains Aegis when this is attached."
        parts.append(s)
    if c.life_cost:
        parts.insert(0, f"As you play this, pay {c.life_cost} Life.")
    return " ".join(parts)


# ---------------------------------------------------------------- loading
def _int(d: dict, key: str, cid: str, default=0, lo=0, hi=99) -> int:
    v = d.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise PoolError(f"{cid}: {key} must be a whole number {lo}..{hi}")
    return v


def _ops(raw, cid: str) -> tuple:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise PoolError(f"{cid}: effects must be lists of ops")
    out = []
    for r in raw:
        if not isinstance(r, dict) or r.get("op") not in OPS:
            raise PoolError(f"{cid}: unknown op {r!r}")
        op = r["op"]
        to = r.get("to", "target")
        if to not in SELECTORS:
            raise PoolError(f"{cid}: unknown selector {to!r}")
        out.append(Op(OPS.index(op), SELECTORS.index(to), _int(r, "n", cid, 0, 0, 20),
                      _int(r, "might", cid, 0, 0, 20), _int(r, "endurance", cid, 0, 0, 20),
                      str(r.get("token", ""))))
    return tuple(out)


def _keywords(raw, cid: str) -> tuple[tuple, int]:
    kws, grow = [], 0
    for k in raw or ():
        if isinstance(k, str) and k.startswith("Grow "):
            try:
                grow = int(k[5:])
            except ValueError:
                raise PoolError(f"{cid}: bad keyword {k!r}") from None
            if not 1 <= grow <= 3:
                raise PoolError(f"{cid}: Grow X must be 1..3")
        elif k not in KEYWORD_BITS:
            raise PoolError(f"{cid}: unknown keyword {k!r}")
        kws.append(k)
    return tuple(kws), grow


def load_pool(path=POOL_FILE) -> dict[str, Card]:
    data = read_toml(path, 256 * 1024)
    raw_cards = data.get("card")
    if not isinstance(raw_cards, list):
        raise PoolError("cards.toml has no [[card]] tables")
    drafts = []
    seen = set()
    for i, r in enumerate(raw_cards, start=1):
        cid = r.get("id")
        if not isinstance(cid, str) or not cid or cid in seen:
            raise PoolError(f"card #{i}: missing or duplicate id {cid!r}")
        seen.add(cid)
        kind = r.get("kind")
        if kind not in KINDS:
            raise PoolError(f"{cid}: unknown kind {kind!r}")
        target = r.get("target", "none")
        if target not in TARGETS:
            raise PoolError(f"{cid}: unknown target {target!r}")
        kws, grow = _keywords(r.get("keywords"), cid)
        on_play = _ops(r.get("on_play"), cid)
        last_rites = _ops(r.get("last_rites"), cid)
        disp = kws + (("On Play",) if on_play else ()) + (("Last Rites",) if last_rites else ())
        ability = None
        if "ability" in r:
            a = r["ability"]
            at = a.get("target", "none")
            if at not in TARGETS:
                raise PoolError(f"{cid}: unknown ability target {at!r}")
            ability = Ability(_int(a, "cost", cid, 0, 0, 10), at, _ops(a.get("effect"), cid))
        bonus = None
        if kind == "equipment":
            b = r.get("bonus", {})
            bk, _ = _keywords(b.get("keywords"), cid)
            bonus = Bonus(_int(b, "might", cid), _int(b, "endurance", cid), bk)
        card = Card(
            index=i, id=cid, name=str(r.get("name", cid)), kind=kind,
            cost=_int(r, "cost", cid, 0, 0, 10), text="",
            might=_int(r, "might", cid), endurance=_int(r, "endurance", cid),
            keywords=disp, life_cost=_int(r, "life_cost", cid, 0, 0, 19), target=target, grow=grow,
            effect=_ops(r.get("effect"), cid), on_play=on_play, last_rites=last_rites,
            ability=ability, bonus=bonus, flavor=str(r.get("flavor", "")))
        drafts.append((card, r.get("text")))
    by_id = {c.id: c for c, _ in drafts}
    for c, _ in drafts:
        for o in c.effect + c.on_play + c.last_rites + (c.ability.effect if c.ability else ()):
            if o.op == OP_SUMMON and (o.token not in by_id or by_id[o.token].kind != "token"):
                raise PoolError(f"{c.id}: summons unknown token {o.token!r}")
        if c.is_creature and c.endurance < 1:
            raise PoolError(f"{c.id}: a creature needs endurance >= 1")
    out = {}
    for c, text in drafts:
        t = text if isinstance(text, str) and text else card_text(c, by_id)
        out[c.id] = Card(**{f: getattr(c, f) for f in Card.__slots__ if f != "text"}, text=t)
    return out


CARDS: dict[str, Card] = load_pool()
BLANK = Card(index=0, id="", name="(none)", kind="spell", cost=0, text="")
CARDS_BY_INDEX: tuple[Card, ...] = (BLANK,) + tuple(CARDS.values())
INDEX: dict[str, int] = {c.id: c.index for c in CARDS.values()}

# ---------------------------------------------------------------- flat tables for the engine
def _kw_bits(names) -> int:
    bits = 0
    for k in names:
        bits |= KEYWORD_BITS.get(k, 0)
    return bits


C_KIND = tuple(KINDS.index(c.kind) for c in CARDS_BY_INDEX)
C_IS_CREATURE = tuple(c.is_creature for c in CARDS_BY_INDEX)
C_COST = tuple(c.cost for c in CARDS_BY_INDEX)
C_LIFE_COST = tuple(c.life_cost for c in CARDS_BY_INDEX)
C_MIGHT = tuple(c.might for c in CARDS_BY_INDEX)
C_END = tuple(c.endurance for c in CARDS_BY_INDEX)
C_KW = tuple(_kw_bits(c.keywords) for c in CARDS_BY_INDEX)
C_GROW = tuple(c.grow for c in CARDS_BY_INDEX)
C_TARGET = tuple(TARGETS.index(c.target) for c in CARDS_BY_INDEX)
C_EFFECT = tuple(c.effect for c in CARDS_BY_INDEX)
C_ON_PLAY = tuple(c.on_play for c in CARDS_BY_INDEX)
C_LAST_RITES = tuple(c.last_rites for c in CARDS_BY_INDEX)
C_ABILITY = tuple(c.ability for c in CARDS_BY_INDEX)
C_ABILITY_TARGET = tuple(TARGETS.index(c.ability.target) if c.ability else 0 for c in CARDS_BY_INDEX)
C_ABILITY_COST = tuple(c.ability.cost if c.ability else 0 for c in CARDS_BY_INDEX)
# equipment bonuses (index 0 = no equipment: all zero)
E_MIGHT = tuple(c.bonus.might if c.bonus else 0 for c in CARDS_BY_INDEX)
E_END = tuple(c.bonus.endurance if c.bonus else 0 for c in CARDS_BY_INDEX)
E_KW = tuple(_kw_bits(k for k in c.bonus.keywords if k != "Aegis") if c.bonus else 0 for c in CARDS_BY_INDEX)
E_AEGIS = tuple(bool(c.bonus and "Aegis" in c.bonus.keywords) for c in CARDS_BY_INDEX)
C_NAME = tuple(c.name for c in CARDS_BY_INDEX)
C_ID = tuple(c.id for c in CARDS_BY_INDEX)
