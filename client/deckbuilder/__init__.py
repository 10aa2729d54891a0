"""The deck builder: collection, deck view, drag and drop, live validation,
deck files, text import/export. See :mod:`client.deckbuilder.scene`.

Deck pickers elsewhere (match setup) use :func:`client.deckbuilder.library.list_decks`
(or the same function in :mod:`client.storage`): starter decks and saved legal
decks; drafts and damaged files are left out.
"""
from __future__ import annotations


def __getattr__(name):
    if name == "DeckBuilderScene":
        from client.deckbuilder.scene import DeckBuilderScene
        return DeckBuilderScene
    raise AttributeError(name)
