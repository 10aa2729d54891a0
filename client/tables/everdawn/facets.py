"""Everdawn's cards in the deck builder: its filters, sorts, groups and chart
(:class:`client.deckbuilder.facets.Facets`)."""
from __future__ import annotations

from client.deckbuilder.facets import Facets

EVERDAWN_CTYPE_COLOURS = {"melee": (214, 84, 70), "range": (90, 178, 92), "magic": (86, 132, 222),
                          "spell": (160, 100, 210)}


def facets(spec) -> Facets:
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
