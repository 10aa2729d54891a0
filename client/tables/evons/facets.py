"""Evons's cards in the deck builder: its filters, sorts, groups and chart
(:class:`client.deckbuilder.facets.Facets`)."""
from __future__ import annotations

from client.deckbuilder.facets import Facets, _cost_buckets

EVONS_ELEMENT_COLOURS = {"fire": (226, 96, 60), "nature": (96, 184, 84), "electric": (230, 200, 70),
                         "darkness": (150, 100, 200), "earth": (176, 130, 80), "water": (70, 150, 230)}


def facets(spec) -> Facets:
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
