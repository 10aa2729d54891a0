"""Everdawn deck rules (rulebook, "Building a deck").

* Creature deck: exactly 10 creatures, exactly 1 Champion (Traghrim or High King
  Arenor) and up to 3 copies of each other creature.
* Support deck: exactly 30 cards; weapons, armour and accessories up to 3 copies
  each, spells 1 copy each. Creatures never go in the support deck (they are counted
  in the creature deck, so a deck lists 40 cards in total).
"""
from __future__ import annotations

from engine.core.text import a as a_
from engine.core.text import count

from .cards import CARDS

CREATURE_DECK_SIZE = 10
SUPPORT_DECK_SIZE = 30
MAX_CREATURE_COPIES = 3
MAX_EQUIPMENT_COPIES = 3
MAX_SPELL_COPIES = 1


def validate_deck(deck) -> list[str]:
    problems: list[str] = []
    n_creatures = n_support = 0
    champions: list[str] = []
    for cid, n in deck.cards:
        c = CARDS.get(cid)
        if c is None:
            problems.append(f"{cid}: not an Everdawn card")
            continue
        if c.is_creature:
            n_creatures += n
            if c.champion:
                champions.extend([c.name] * n)
            elif n > MAX_CREATURE_COPIES:
                problems.append(f"{c.name}: {count(n, 'copy')}; at most {count(MAX_CREATURE_COPIES, 'copy')} of a creature")
        elif c.is_spell:
            n_support += n
            if n > MAX_SPELL_COPIES:
                problems.append(f"{c.name}: {count(n, 'copy')}; at most {count(MAX_SPELL_COPIES, 'copy')} of a spell")
        else:
            n_support += n
            if n > MAX_EQUIPMENT_COPIES:
                problems.append(f"{c.name}: {count(n, 'copy')}; at most {count(MAX_EQUIPMENT_COPIES, 'copy')} of {a_(c.kind)}")
    if not champions:
        problems.append("Champion: none; the creature deck needs exactly 1 Champion (Traghrim or High King Arenor)")
    elif len(champions) > 1:
        problems.append(f"{' and '.join(sorted(set(champions)))}: {count(len(champions), 'Champion')}; "
                        "the creature deck allows exactly 1 Champion")
    if n_creatures != CREATURE_DECK_SIZE:
        problems.append(f"Creature deck: {count(n_creatures, 'creature')}; it needs exactly {CREATURE_DECK_SIZE}")
    if n_support != SUPPORT_DECK_SIZE:
        problems.append(f"Support deck: {count(n_support, 'card')}; it needs exactly {SUPPORT_DECK_SIZE}")
    return problems


SECTION_ORDER = (("Champion", lambda c: c.is_creature and c.champion),
                 ("Creatures", lambda c: c.is_creature and not c.champion),
                 ("Weapons", lambda c: c.kind == "weapon"),
                 ("Armour", lambda c: c.kind == "armour"),
                 ("Accessories", lambda c: c.kind == "accessory"),
                 ("Set Phase spells", lambda c: c.is_spell and c.timing == "set"),
                 ("Combat spells", lambda c: c.is_spell and c.timing == "combat"))


def deck_sections(deck) -> list:
    out = []
    for title, pred in SECTION_ORDER:
        rows = [(cid, n) for cid, n in deck.cards if cid in CARDS and pred(CARDS[cid])]
        if rows:
            out.append((title, rows))
    unknown = [(cid, n) for cid, n in deck.cards if cid not in CARDS]
    if unknown:
        out.append(("Unknown", unknown))
    return out
