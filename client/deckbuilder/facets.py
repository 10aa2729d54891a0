"""How each game's cards are filtered, sorted, grouped and charted in the deck
builder. Pure data about the cards (no rules: legality is the engine's).

A :class:`Facets` gives, for one game:

* ``filters``: ``[(key, label, [(option label, predicate), ...]), ...]`` — card
  type, cost (Everdawn has no cost: its creatures' morale), element / combat type
  (games that have one) and keyword;
* ``sorts``: ``[(label, key function), ...]``;
* ``groups(counts)``: the deck view's groups ``[(heading, [(section, [(cid, n)])])]``;
* ``chart(counts)``: ``(title, [(label, a, colour, b)], (a legend, b legend))`` for the
  small stacked bar chart;
* ``cost(card)`` / ``colour(card)`` for the deck rows.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

ALL = None  # the "no filter" option's predicate

EVERDAWN_CTYPE_COLOURS = {"melee": (214, 84, 70), "range": (90, 178, 92), "magic": (86, 132, 222),
                          "spell": (160, 100, 210)}
EVONS_ELEMENT_COLOURS = {"fire": (226, 96, 60), "nature": (96, 184, 84), "electric": (230, 200, 70),
                         "darkness": (150, 100, 200), "earth": (176, 130, 80), "water": (70, 150, 230)}
ESSVEIL_KIND_COLOURS = {"creature": (200, 140, 80), "spell": (120, 140, 230), "equipment": (170, 170, 180),
                        "token": (120, 120, 120)}


@dataclass
class Facets:
    game: str
    filters: list = field(default_factory=list)
    sorts: list = field(default_factory=list)
    cost_label: str = "Cost"
    cost: Callable = lambda c: None
    colour: Callable = lambda c: (150, 150, 160)
    type_label: Callable = lambda c: c.kind.capitalize()
    groups: Callable = None
    chart: Callable = None
    text_of: Callable = None

    def search_text(self, card) -> str:
        extra = self.text_of(card) if self.text_of else ""
        return f"{card.name}\n{card.text}\n{getattr(card, 'flavor', '')}\n{extra}".casefold()


def _opts(values, pred_of, label_of=str):
    return [(label_of(v), pred_of(v)) for v in values]


def _cost_buckets(values, top):
    """Cost options: each value up to ``top``, then ``top+``."""
    vals = sorted(set(values))
    out = [(str(v), (lambda c, v=v: c.cost == v)) for v in vals if v < top]
    if any(v >= top for v in vals):
        out.append((f"{top}+", lambda c: c.cost >= top))
    return out


# ---------------------------------------------------------------- Everdawn
def _everdawn(spec) -> Facets:
    cards = list(spec.cards.values())

    def ctype_word(c):
        return c.ctype.capitalize()

    def type_label(c):
        if c.is_creature:
            return f"{'Champion' if c.champion else 'Creature'} — {ctype_word(c)}"
        if c.is_spell:
            return "Set Phase spell" if c.timing == "set" else "Combat spell"
        return f"{c.kind.capitalize()} — {ctype_word(c)}"

    types = [("Champion", lambda c: c.is_creature and c.champion),
             ("Creature", lambda c: c.is_creature and not c.champion),
             ("Weapon", lambda c: c.kind == "weapon"),
             ("Armour", lambda c: c.kind == "armour"),
             ("Accessory", lambda c: c.kind == "accessory"),
             ("Spell", lambda c: c.is_spell)]
    morale = sorted({c.morale for c in cards if c.is_creature})
    costs = [(f"Morale {m}", (lambda c, m=m: c.is_creature and c.morale == m)) for m in morale]
    ctypes = [("Melee", lambda c: c.ctype == "melee"), ("Range", lambda c: c.ctype == "range"),
              ("Magic", lambda c: c.ctype == "magic"), ("Spell", lambda c: c.ctype == "spell")]
    keywords = [("When played", lambda c: c.is_creature and c.trigger == "when_played"),
                ("On death", lambda c: c.is_creature and c.trigger == "on_death"),
                ("Set Phase", lambda c: c.is_spell and c.timing == "set"),
                ("Combat Phase", lambda c: c.is_spell and c.timing == "combat"),
                ("Draw", lambda c: any(op == "draw" for op, _, _ in c.effect)),
                ("Search deck", lambda c: any(op == "tutor" for op, _, _ in c.effect)),
                ("Aura", lambda c: bool(c.aura))]
    kind_order = {"creature": 0, "weapon": 1, "armour": 2, "accessory": 3, "spell": 4}

    def pool_key(c):
        return (kind_order[c.kind], not c.champion, c.code)

    sorts = [("Type", pool_key),
             ("Name", lambda c: c.name.casefold()),
             ("Morale", lambda c: (not c.is_creature, -c.morale, c.name)),
             ("Attack", lambda c: (-(c.attack_bonus if c.is_equipment else c.attack), c.name)),
             ("Defense", lambda c: (-(c.defense_bonus if c.is_equipment else c.defense), c.name))]

    def groups(counts):
        C = spec.cards
        rows = [(cid, n) for cid, n in counts.items() if n > 0 and cid in C]
        rows.sort(key=lambda r: pool_key(C[r[0]]))
        champ = [r for r in rows if C[r[0]].is_creature and C[r[0]].champion]
        crea = [r for r in rows if C[r[0]].is_creature and not C[r[0]].champion]
        sup = {k: [r for r in rows if C[r[0]].kind == k] for k in ("weapon", "armour", "accessory", "spell")}
        ncrea = sum(n for _, n in champ + crea)
        nsup = sum(n for rs in sup.values() for _, n in rs)
        return [(f"Creature deck {ncrea}/10", [("", champ), ("Creatures", crea)]),
                (f"Support deck {nsup}/30", [("Weapons", sup["weapon"]), ("Armour", sup["armour"]),
                                              ("Accessories", sup["accessory"]), ("Spells", sup["spell"])])]

    def chart(counts):
        C = spec.cards
        bars = []
        for t in ("melee", "range", "magic"):
            cre = sum(n for cid, n in counts.items() if cid in C and C[cid].is_creature and C[cid].ctype == t)
            eq = sum(n for cid, n in counts.items() if cid in C and C[cid].is_equipment and C[cid].ctype == t)
            bars.append((t.capitalize(), cre, EVERDAWN_CTYPE_COLOURS[t], eq))
        sp = sum(n for cid, n in counts.items() if cid in C and C[cid].is_spell)
        bars.append(("Spell", 0, EVERDAWN_CTYPE_COLOURS["spell"], sp))
        return ("Combat types", bars, ("creatures", "equipment and spells"))

    return Facets("everdawn",
                  filters=[("type", "All types", types), ("cost", "Any morale", costs),
                           ("element", "All combat types", ctypes), ("keyword", "Any keyword", keywords)],
                  sorts=sorts, cost_label="Morale",
                  cost=lambda c: c.morale if c.is_creature else None,
                  colour=lambda c: EVERDAWN_CTYPE_COLOURS.get(c.ctype, (150, 150, 160)),
                  type_label=type_label, groups=groups, chart=chart,
                  text_of=lambda c: f"{type_label(c)} {c.kind} {c.ctype}")


# ---------------------------------------------------------------- Evons
def _evons(spec) -> Facets:
    from engine.evons.cards import ABILITY_TITLES, ELEMENTS
    cards = list(spec.cards.values())
    types = [("Monster", lambda c: c.kind == "monster"), ("Block card", lambda c: c.kind == "block")]
    costs = _cost_buckets([c.cost for c in cards if c.kind == "monster"], 11)
    elements = [(e.capitalize(), (lambda c, e=e: c.element == e)) for e in ELEMENTS]
    abilities = sorted({a for c in cards for a in c.arrows if a and a != "normal"})
    keywords = [(ABILITY_TITLES[ABILITY_NAMES_INDEX[a]] if a in ABILITY_NAMES_INDEX else a.capitalize(),
                 (lambda c, a=a: a in c.arrows)) for a in abilities]
    keywords.append(("Normal arrows only", lambda c: c.kind == "monster" and
                     all(a in ("", "normal") for a in c.arrows)))

    def pool_key(c):
        return (c.kind != "monster", ELEMENTS.index(c.element), c.cost, c.index)

    sorts = [("Cost", lambda c: (c.kind != "monster", c.cost, c.name)),
             ("Element", pool_key),
             ("Name", lambda c: c.name.casefold()),
             ("Attack", lambda c: (-c.atk, c.cost, c.name)),
             ("Arrows", lambda c: (-sum(1 for a in c.arrows if a), c.cost, c.name))]

    def groups(counts):
        C = spec.cards
        rows = [(cid, n) for cid, n in counts.items() if n > 0 and cid in C]
        mons = sorted([r for r in rows if C[r[0]].kind == "monster"], key=lambda r: (C[r[0]].cost, C[r[0]].name))
        blocks = sorted([r for r in rows if C[r[0]].kind == "block"], key=lambda r: C[r[0]].name)
        nm = sum(n for _, n in mons)
        nb = sum(n for _, n in blocks)
        out = []
        if mons:
            out.append((f"Monsters ({nm})", [("", mons)]))
        if blocks:
            out.append((f"Block cards ({nb})", [("", blocks)]))
        return out

    def chart(counts):
        C = spec.cards
        buckets = _cost_buckets([c.cost for c in cards if c.kind == "monster"], 11)
        bars = []
        for label, pred in buckets:
            n = sum(k for cid, k in counts.items() if cid in C and C[cid].kind == "monster" and pred(C[cid]))
            bars.append((label, n, (60, 184, 176), 0))
        nb = sum(k for cid, k in counts.items() if cid in C and C[cid].kind == "block")
        bars.append(("Blk", 0, (150, 150, 160), nb))
        return ("Cost curve", bars, ("monsters", "Block cards"))

    return Facets("evons",
                  filters=[("type", "All types", types), ("cost", "Any cost", costs),
                           ("element", "All elements", elements), ("keyword", "Any ability", keywords)],
                  sorts=sorts, cost_label="Cost",
                  cost=lambda c: c.cost if c.kind == "monster" else None,
                  colour=lambda c: EVONS_ELEMENT_COLOURS.get(c.element, (150, 150, 160)),
                  type_label=lambda c: f"{c.element.capitalize()} {'monster' if c.kind == 'monster' else 'Block card'}",
                  groups=groups, chart=chart,
                  text_of=lambda c: f"{c.element} {c.kind} " + " ".join(a for a in c.arrows if a))


ABILITY_NAMES_INDEX = {"normal": 1, "remove": 2, "block": 3, "firestorm": 4, "growth": 5, "magnetism": 6,
                       "resurrection": 7, "shockwave": 8, "swap": 9}


# ---------------------------------------------------------------- Essveil
def _essveil(spec) -> Facets:
    cards = list(spec.cards.values())
    types = [("Creature", lambda c: c.kind == "creature"), ("Spell", lambda c: c.kind == "spell"),
             ("Equipment", lambda c: c.kind == "equipment"), ("Token", lambda c: c.kind == "token")]
    costs = _cost_buckets([c.cost for c in cards if c.kind != "token"], 7)
    words = []
    for c in cards:
        for k in c.keywords:
            w = "Grow" if k.startswith("Grow") else k
            if w not in words:
                words.append(w)
    order = ("Guard", "Swift", "Drain", "Venom", "Grow", "Aegis", "Veilstep", "Silence", "On Play", "Last Rites")
    words.sort(key=lambda w: order.index(w) if w in order else 99)
    keywords = [(w, (lambda c, w=w: any(k == w or k.startswith(w + " ") for k in c.keywords))) for w in words]
    keywords.append(("Tap ability", lambda c: c.ability is not None))
    keywords.append(("Life cost", lambda c: c.life_cost > 0))
    kind_order = {"creature": 0, "spell": 1, "equipment": 2, "token": 3}

    sorts = [("Cost", lambda c: (c.kind == "token", c.cost, kind_order[c.kind], c.name)),
             ("Type", lambda c: (kind_order[c.kind], c.cost, c.name)),
             ("Name", lambda c: c.name.casefold()),
             ("Might", lambda c: (-c.might, c.cost, c.name)),
             ("Endurance", lambda c: (-c.endurance, c.cost, c.name))]

    def groups(counts):
        C = spec.cards
        rows = [(cid, n) for cid, n in counts.items() if n > 0 and cid in C]
        out = []
        for kind, title in (("creature", "Creatures"), ("spell", "Spells"), ("equipment", "Equipment"),
                            ("token", "Tokens (not allowed)")):
            rs = sorted([r for r in rows if C[r[0]].kind == kind], key=lambda r: (C[r[0]].cost, C[r[0]].name))
            if not rs:
                continue
            out.append((f"{title} ({sum(n for _, n in rs)})", [("", rs)]))
        return out

    def chart(counts):
        C = spec.cards
        bars = []
        for label, pred in _cost_buckets([c.cost for c in cards if c.kind != "token"], 7):
            cre = sum(n for cid, n in counts.items() if cid in C and C[cid].kind == "creature" and pred(C[cid]))
            oth = sum(n for cid, n in counts.items() if cid in C and C[cid].kind in ("spell", "equipment")
                      and pred(C[cid]))
            bars.append((label, cre, ESSVEIL_KIND_COLOURS["creature"], oth))
        return ("Cost curve", bars, ("creatures", "spells and equipment"))

    return Facets("essveil",
                  filters=[("type", "All types", types), ("cost", "Any cost", costs),
                           ("keyword", "Any keyword", keywords)],
                  sorts=sorts, cost_label="Cost",
                  cost=lambda c: c.cost if c.kind != "token" else None,
                  colour=lambda c: ESSVEIL_KIND_COLOURS.get(c.kind, (150, 150, 160)),
                  type_label=lambda c: c.kind.capitalize(),
                  groups=groups, chart=chart,
                  text_of=lambda c: f"{c.kind} " + " ".join(c.keywords))


def _generic(spec) -> Facets:
    kinds = sorted({c.kind for c in spec.cards.values()})
    types = [(k.capitalize(), (lambda c, k=k: c.kind == k)) for k in kinds]

    def groups(counts):
        secs = []
        for k in kinds:
            rs = [(cid, n) for cid, n in counts.items() if cid in spec.cards and spec.cards[cid].kind == k]
            if rs:
                secs.append((k.capitalize(), rs))
        return [(f"Deck ({sum(counts.values())})", secs)]

    return Facets(spec.name, filters=[("type", "All types", types)],
                  sorts=[("Name", lambda c: c.name.casefold())], groups=groups,
                  chart=lambda counts: ("Cards", [], ()))


_CACHE: dict = {}


def facets_for(spec) -> Facets:
    f = _CACHE.get(spec.name)
    if f is None:
        maker = {"everdawn": _everdawn, "evons": _evons, "essveil": _essveil}.get(spec.name, _generic)
        f = _CACHE[spec.name] = maker(spec)
    return f


def apply_filters(facets: Facets, cards, choices: dict, search: str, sort_index: int = 0):
    """The cards that pass every chosen filter and contain every word of ``search``
    (name, rules text, type words), in the chosen sort order."""
    words = search.casefold().split()
    preds = []
    for key, _label, options in facets.filters:
        i = choices.get(key)
        if i is not None and 0 <= i < len(options):
            preds.append(options[i][1])
    out = []
    for c in cards:
        if preds and not all(p(c) for p in preds):
            continue
        if words:
            hay = facets.search_text(c)
            if not all(w in hay for w in words):
                continue
        out.append(c)
    if facets.sorts:
        key = facets.sorts[max(0, min(sort_index, len(facets.sorts) - 1))][1]
        out.sort(key=key)
    return out
