"""Essveil: the duel fuelled by a cycling Essence Veil.

``SPEC`` plugs the game into Cardhall (see :mod:`engine.games`).
"""
from __future__ import annotations

from ..core.deck import Deck
from ..core.text import count
from ..games import GameSpec, game_entry
from .cards import CARDS, Card
from .match import MAX_COPIES, EssveilMatch

MIN_DECK = 50
MAX_DECK = 60

SECTIONS = (("Creatures", "creature"), ("Spells", "spell"), ("Equipment", "equipment"))


def validate_deck(deck: Deck) -> list[str]:
    """Problems with an Essveil deck; each names the card and the rule. Empty = legal."""
    problems = []
    total = 0
    for cid, n in deck.cards:
        card = CARDS.get(cid)
        if card is None:
            problems.append(f"{cid}: not an Essveil card.")
            continue
        total += n
        if card.kind == "token":
            problems.append(f"{card.name}: tokens are made by effects and can't be put in a deck.")
        elif n > MAX_COPIES:
            problems.append(f"{card.name}: {count(n, 'copy')}; at most {count(MAX_COPIES, 'copy')} of a card.")
    if total < MIN_DECK:
        problems.append(f"Deck: {count(total, 'card')}; a deck needs at least {count(MIN_DECK, 'card')} "
                        f"(your 10 Essence cards are not part of the deck).")
    elif total > MAX_DECK:
        problems.append(f"Deck: {count(total, 'card')}; a deck may have at most {count(MAX_DECK, 'card')}.")
    return problems


def deck_sections(deck: Deck) -> list:
    out = []
    for title, kind in SECTIONS:
        rows = [(cid, n) for cid, n in deck.cards if cid in CARDS and CARDS[cid].kind == kind]
        rows.sort(key=lambda r: (CARDS[r[0]].cost, CARDS[r[0]].name))
        if rows:
            out.append((title, rows))
    other = [(cid, n) for cid, n in deck.cards if cid not in CARDS or CARDS[cid].kind == "token"]
    if other:
        out.append(("Not allowed", other))
    return out


_ENTRY = game_entry(__name__)   # game.toml beside this file
SPEC = GameSpec(
    name=_ENTRY["name"],
    title=_ENTRY["title"],
    pitch=_ENTRY["pitch"],
    match_class=EssveilMatch,
    cards=CARDS,
    validate_deck=validate_deck,
    deck_sections=deck_sections,
    extra={"card_class": Card, "min_deck": MIN_DECK, "max_deck": MAX_DECK, "max_copies": MAX_COPIES},
)

__all__ = ["SPEC", "EssveilMatch", "CARDS", "Card", "validate_deck", "deck_sections"]
