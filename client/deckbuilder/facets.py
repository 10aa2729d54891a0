"""How a game's cards are filtered, sorted, grouped and charted in the deck builder.
Pure data about the cards (no rules: legality is the engine's). Each game gives its own
in ``client/tables/<game>/facets.py`` (``facets(spec) -> Facets``); a game without one
gets the plain kind-by-kind facets here.

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
        from client.tables import game_module
        mod = game_module(spec.name, "facets")          # client/tables/<game>/facets.py
        maker = mod.facets if mod is not None else _generic
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
