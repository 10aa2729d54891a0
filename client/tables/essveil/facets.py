"""Essveil's cards in the deck builder: its filters, sorts, groups and chart
(:class:`client.deckbuilder.facets.Facets`)."""
from __future__ import annotations

from client.deckbuilder.facets import Facets, _cost_buckets

ESSVEIL_KIND_COLOURS = {"creature": (200, 140, 80), "spell": (120, 140, 230), "equipment": (170, 170, 180),
                        "token": (120, 120, 120)}


def facets(spec) -> Facets:
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
