"""Guessing an opponent's unseen cards the way a player would.

A player's view of a match holds how many cards the opponent has in hand and deck,
never which (deck lists are not public in any of the games). A determinization
(:meth:`engine.core.match.Match.determinize`) must still fill those places with
cards: each game draws them from its card pool within its deck rules (the copies
still allowed once the opponent's seen cards are counted), a card the opponent has
already shown being likelier than one never seen (decks hold several copies of the
cards they are built around).
"""
from __future__ import annotations

from typing import Callable, Iterable, Mapping

#: how many times likelier another copy of a card the opponent has shown is
SHOWN_WEIGHT = 3


def guess_cards(n: int, allowance: Mapping[int, int], shown: Iterable[int],
                shuffle: Callable[[list], None]) -> list[int]:
    """``n`` cards (fewer only when the allowances run out), drawn without replacement:
    card ``c`` at most ``allowance[c]`` times, each remaining copy of a shown card
    :data:`SHOWN_WEIGHT` times as likely as a copy of another. ``shuffle`` shuffles a
    list in place with the match's seeded generator (the only randomness used)."""
    if n <= 0:
        return []
    shown = set(shown)
    bag: list[int] = []
    for c in sorted(allowance):
        k = allowance[c]
        if k > 0:
            bag.extend([c] * (k * (SHOWN_WEIGHT if c in shown else 1)))
    shuffle(bag)
    left = dict(allowance)
    out: list[int] = []
    for c in bag:
        if left[c] > 0:
            left[c] -= 1
            out.append(c)
            if len(out) == n:
                break
    return out


def allowance_after(pool: Iterable[int], max_copies: Callable[[int], int], seen: Iterable[int]) -> dict[int, int]:
    """Card -> copies a legal deck may still hold, given the cards already ``seen``."""
    left = {c: max_copies(c) for c in pool}
    for c in seen:
        if c in left:
            left[c] = max(0, left[c] - 1)
    return left
