"""Everdawn cards: the immutable card objects and the lookup tables the rules use.

The pool is the single data file ``cards.toml`` beside this module (its fields are
documented at its top). It is loaded once at import into :class:`Card` objects
(frozen, slotted) and into flat tuples indexed by the card's *code* (its position
in the pool), which is what the match state stores.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.files import read_toml

POOL_FILE = Path(__file__).with_name("cards.toml")

COLOURS = {"melee": "red", "range": "green", "magic": "blue", "spell": "purple"}
KINDS = ("creature", "weapon", "armour", "accessory", "spell")
CTYPES = ("melee", "range", "magic")          # creature combat types / equipment colours
EQUIP_KINDS = ("weapon", "armour", "accessory")

# combat type ints (also used in the state tables)
MELEE, RANGE, MAGIC, SPELL_TYPE = 0, 1, 2, 3
CTYPE_CODE = {"melee": MELEE, "range": RANGE, "magic": MAGIC, "spell": SPELL_TYPE}
# kind ints
K_CREATURE, K_WEAPON, K_ARMOUR, K_ACCESSORY, K_SPELL = 0, 1, 2, 3, 4
KIND_CODE = {k: i for i, k in enumerate(KINDS)}

TRIGGERS = ("when_played", "on_death")
TIMINGS = ("set", "combat")
SPELL_TARGETS = ("none", "own_creature", "own_lane", "own_bench23", "empty_bench23",
                 "combat_lane", "attacking_lane", "attacked_lane")
CREATURE_OPS = {"draw", "add_creature", "bench_creature", "set_opponent", "first_attack",
                "first_team_attack", "first_unblockable", "opp_morale", "tutor"}
SPELL_OPS = {"draw", "bench_creature", "round_attack", "guard", "fake_death", "swap_item",
             "relocate", "reforge", "scout", "tutor", "lane_attack", "lane_defense",
             "lane_advantage", "lane_no_counter", "lane_reach_all", "redirect"}
AURAS = ("melee_attack", "team_defense")
ICONS = {"creature": {"sword", "bow", "moon"}, "weapon": {"bow", "sword", "moon"},
         "armour": {"shield"}, "accessory": {"bag"}, "spell": {"stars"}}


@dataclass(frozen=True, slots=True)
class Card:
    """One Everdawn card as printed. ``code`` is its index in :data:`CARDS_BY_CODE`."""

    code: int
    id: str
    name: str
    kind: str                 # creature | weapon | armour | accessory | spell
    ctype: str                # melee | range | magic | spell
    icon: str
    text: str
    flavor: str = ""
    champion: bool = False
    morale: int = 0
    attack: int = 0           # creature: base attack; equipment: +a for any creature
    attack_bonus: int = 0     # creature: advantage bonus; equipment: total for matching type
    defense: int = 0
    defense_bonus: int = 0
    trigger: str = ""         # creatures: when_played | on_death
    timing: str = ""          # spells: set | combat
    target: str = ""          # spells: see cards.toml
    effect: tuple = ()        # ((op, n, kind), ...)
    aura: str = ""
    aura_n: int = 0
    special: str = ""         # equipment code hook: "bane"

    @property
    def is_creature(self) -> bool:
        return self.kind == "creature"

    @property
    def is_equipment(self) -> bool:
        return self.kind in EQUIP_KINDS

    @property
    def is_spell(self) -> bool:
        return self.kind == "spell"

    @property
    def colour(self) -> str:
        """Card colour: red (melee), green (range), blue (magic), purple (spell)."""
        return COLOURS[self.ctype]

    def stat_line(self) -> str:
        """Short stats for logs and the deck builder's list."""
        if self.is_creature:
            return (f"{self.ctype}, morale {self.morale}, attack {self.attack} (+{self.attack_bonus}),"
                    f" defense {self.defense} (+{self.defense_bonus})")
        if self.is_spell:
            return f"{self.timing} spell"
        return f"{self.ctype} {self.kind}"


def _load(path: Path = POOL_FILE) -> tuple[Card, ...]:
    data = read_toml(path, 512 * 1024)
    table = data.get("cards")
    if not isinstance(table, dict) or not table:
        raise ValueError("cards.toml: no [cards.*] tables")
    out: list[Card] = []
    names: set[str] = set()
    for code, (cid, d) in enumerate(table.items()):
        def need(key, typ=str):
            v = d.get(key)
            if not isinstance(v, typ):
                raise ValueError(f"cards.toml: {cid}: field {key!r} missing or wrong type")
            return v
        kind = need("kind")
        if kind not in KINDS:
            raise ValueError(f"cards.toml: {cid}: unknown kind {kind!r}")
        ctype = need("ctype")
        if (kind == "spell") != (ctype == "spell") or ctype not in CTYPE_CODE:
            raise ValueError(f"cards.toml: {cid}: bad ctype {ctype!r}")
        icon = need("icon")
        champion = bool(d.get("champion", False))
        if not champion and icon not in ICONS[kind]:
            raise ValueError(f"cards.toml: {cid}: icon {icon!r} not allowed for {kind}")
        name = need("name")
        if name in names:
            raise ValueError(f"cards.toml: duplicate name {name!r}")
        names.add(name)
        effect = []
        for e in d.get("effect", []):
            op = e.get("op")
            allowed = CREATURE_OPS if kind == "creature" else SPELL_OPS
            if op not in allowed:
                raise ValueError(f"cards.toml: {cid}: unknown op {op!r}")
            effect.append((op, int(e.get("n", 0)), str(e.get("kind", ""))))
        kw = dict(code=code, id=cid, name=name, kind=kind, ctype=ctype, icon=icon,
                  text=need("text"), flavor=str(d.get("flavor", "")), champion=champion,
                  effect=tuple(effect))
        if kind == "creature":
            for f in ("morale", "attack", "attack_bonus", "defense", "defense_bonus"):
                kw[f] = need(f, int)
            kw["trigger"] = need("trigger")
            if kw["trigger"] not in TRIGGERS:
                raise ValueError(f"cards.toml: {cid}: bad trigger")
            kw["aura"] = str(d.get("aura", ""))
            kw["aura_n"] = int(d.get("aura_n", 0))
            if kw["aura"] and kw["aura"] not in AURAS:
                raise ValueError(f"cards.toml: {cid}: bad aura")
        elif kind == "spell":
            kw["timing"] = need("timing")
            kw["target"] = need("target")
            if kw["timing"] not in TIMINGS or kw["target"] not in SPELL_TARGETS:
                raise ValueError(f"cards.toml: {cid}: bad timing/target")
        else:
            for f in ("attack", "attack_bonus", "defense", "defense_bonus"):
                kw[f] = need(f, int)
            kw["special"] = str(d.get("special", ""))
        out.append(Card(**kw))
    return tuple(out)


CARDS_BY_CODE: tuple[Card, ...] = _load()
CARDS: dict[str, Card] = {c.id: c for c in CARDS_BY_CODE}
CODE: dict[str, int] = {c.id: c.code for c in CARDS_BY_CODE}
N_CARDS = len(CARDS_BY_CODE)


def card(x) -> Card:
    """Card by id or code."""
    return CARDS_BY_CODE[x] if isinstance(x, int) else CARDS[x]


# ---------------------------------------------------------------- flat tables by code
KIND = tuple(KIND_CODE[c.kind] for c in CARDS_BY_CODE)
TYPE = tuple(CTYPE_CODE[c.ctype] for c in CARDS_BY_CODE)
MORALE = tuple(c.morale for c in CARDS_BY_CODE)
ATK = tuple(c.attack if c.is_creature else 0 for c in CARDS_BY_CODE)
ATKB = tuple(c.attack_bonus if c.is_creature else 0 for c in CARDS_BY_CODE)
DEF = tuple(c.defense if c.is_creature else 0 for c in CARDS_BY_CODE)
DEFB = tuple(c.defense_bonus if c.is_creature else 0 for c in CARDS_BY_CODE)
CHAMPION = tuple(c.champion for c in CARDS_BY_CODE)
ON_DEATH = tuple(c.is_creature and c.trigger == "on_death" for c in CARDS_BY_CODE)
WHEN_PLAYED = tuple(c.is_creature and c.trigger == "when_played" for c in CARDS_BY_CODE)
IS_COMBAT_SPELL = tuple(c.is_spell and c.timing == "combat" for c in CARDS_BY_CODE)
IS_SET_SPELL = tuple(c.is_spell and c.timing == "set" for c in CARDS_BY_CODE)
# equipment bonus by (code, creature type): "+a, if TYPE +b" -> b in total for TYPE, else a
EQ_ATK = tuple(tuple((c.attack_bonus if TYPE[c.code] == t else c.attack) if c.is_equipment else 0
                     for t in range(3)) for c in CARDS_BY_CODE)
EQ_DEF = tuple(tuple((c.defense_bonus if TYPE[c.code] == t else c.defense) if c.is_equipment else 0
                     for t in range(3)) for c in CARDS_BY_CODE)
IS_BANE = tuple(c.special == "bane" for c in CARDS_BY_CODE)
# first-combat bonuses granted by "When played" primitives
FIRST_ATK = tuple(sum(n for op, n, _ in c.effect if op == "first_attack") for c in CARDS_BY_CODE)
FIRST_TEAM_ATK = tuple(sum(n for op, n, _ in c.effect if op == "first_team_attack") for c in CARDS_BY_CODE)
FIRST_UNBLOCKABLE = tuple(any(op == "first_unblockable" for op, _, _ in c.effect) for c in CARDS_BY_CODE)
HAS_FRESH = tuple(bool(FIRST_ATK[i] or FIRST_TEAM_ATK[i] or FIRST_UNBLOCKABLE[i]) for i in range(N_CARDS))
AURA_MELEE_ATK = tuple(c.aura_n if c.aura == "melee_attack" else 0 for c in CARDS_BY_CODE)
AURA_TEAM_DEF = tuple(c.aura_n if c.aura == "team_defense" else 0 for c in CARDS_BY_CODE)
# type advantage: BEATS[a][b] -> a has advantage over b (range > magic > melee > range)
BEATS = tuple(tuple({(RANGE, MAGIC), (MAGIC, MELEE), (MELEE, RANGE)}.__contains__((a, b)) for b in range(3))
              for a in range(3))


def pool_digest() -> str:
    """A short fingerprint of the pool order (codes in saved states depend on it)."""
    import hashlib
    return hashlib.sha1("|".join(c.id for c in CARDS_BY_CODE).encode()).hexdigest()[:12]


POOL_DIGEST = pool_digest()
