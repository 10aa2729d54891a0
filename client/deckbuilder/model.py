"""The deck being edited, without any drawing: counts, undo, and the engine's
verdicts (legal / problems / whether one more copy may be added).

The rules are never written here: :meth:`DeckModel.try_add` builds the deck with
the card added, asks ``spec.validate_deck`` and refuses the addition when it
breaks a rule the deck did not break before (a copy limit, a deck size maximum,
a second Champion, a token), quoting the engine's message.
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.core.deck import MAX_COPIES_IN_FILE, Deck
from engine.core.decktext import new_problems

_COPIES_RX = re.compile(r"^\d+ cop(?:y|ies); (at most .*)$")


def refusal_words(name: str, problem: str) -> str:
    """The engine's deck problem as the reason a card can't be added, after "Can't add
    <name>: " — without the name again, and the limit rather than the count it would
    reach ("Cinder Fox: 5 copies; at most 4 copies of any card." -> "at most 4 copies
    of any card.")."""
    text = str(problem)
    if text.startswith(f"{name}: "):
        text = text[len(name) + 2:]
    m = _COPIES_RX.match(text)
    return m.group(1) if m else text


class DeckModel:
    def __init__(self, spec, deck: Deck | None = None):
        self.spec = spec
        self.game = spec.name
        deck = deck or Deck(spec.name, "New deck", ())
        self.name = deck.name
        self.description = deck.description
        self.path: Path | None = Path(deck.path) if deck.path else None
        self.read_only = deck.read_only
        self.counts: dict[str, int] = {cid: n for cid, n in deck.cards if n > 0}
        self.undo_stack: list[dict] = []
        self.redo_stack: list[dict] = []
        self.revision = 0
        self.dirty = False
        self._cache_rev = -1
        self._problems: list[str] = []
        self._addable: dict[str, str | None] = {}
        #: the deck as its file held it when this copy last read or wrote it (None: no file
        #: yet): what another running copy changed since is told from it (see DeckFiles.save_now)
        self.base = self.snapshot() if self.path is not None else None

    # ------------------------------------------------------------ views
    def deck(self) -> Deck:
        return Deck(self.game, self.name, tuple((c, n) for c, n in self.counts.items() if n > 0),
                    self.description, self.path, self.read_only)

    @property
    def size(self) -> int:
        return sum(self.counts.values())

    def count(self, cid: str) -> int:
        return self.counts.get(cid, 0)

    def _refresh(self):
        if self._cache_rev != self.revision:
            self._problems = list(self.spec.validate_deck(self.deck()))
            self._addable = {}
            self._cache_rev = self.revision

    @property
    def problems(self) -> list[str]:
        self._refresh()
        return self._problems

    @property
    def legal(self) -> bool:
        return not self.problems

    def add_refusal(self, cid: str) -> str | None:
        """Why one more copy of ``cid`` may not be added (the engine's words), or None."""
        self._refresh()
        if cid in self._addable:
            return self._addable[cid]
        why = None
        if self.count(cid) >= MAX_COPIES_IN_FILE:
            why = f"a deck file holds at most {MAX_COPIES_IN_FILE} copies of a card"
        else:
            before = self.deck()
            after = before.with_cards(list(before.cards) + [(cid, 1)])
            broken = new_problems(self.spec, before, after)
            if broken:
                card = self.spec.cards.get(cid)
                name = getattr(card, "name", cid)
                mine = [p for p in broken if name in p or cid in p]
                why = refusal_words(name, (mine or broken)[0])
        self._addable[cid] = why
        return why

    # ------------------------------------------------------------ changes
    def _snapshot(self):
        self.undo_stack.append(dict(self.counts))
        del self.undo_stack[:-200]
        self.redo_stack.clear()

    def _changed(self):
        self.revision += 1
        self.dirty = True

    def try_add(self, cid: str, n: int = 1) -> tuple[bool, str | None]:
        """Add ``n`` copies one by one; stops at the first refused copy.
        Returns (added anything, refusal message or None)."""
        if self.read_only:
            return False, "starter decks are read-only"
        added = 0
        why = None
        for _ in range(n):
            why = self.add_refusal(cid)
            if why:
                break
            if added == 0:
                self._snapshot()
            self.counts[cid] = self.count(cid) + 1
            self._changed()
            added += 1
        return added > 0, why

    def remove(self, cid: str, n: int = 1) -> bool:
        if self.read_only or self.count(cid) <= 0:
            return False
        self._snapshot()
        left = self.count(cid) - n
        if left > 0:
            self.counts[cid] = left
        else:
            del self.counts[cid]
        self._changed()
        return True

    def clear(self):
        if self.counts and not self.read_only:
            self._snapshot()
            self.counts.clear()
            self._changed()

    def replace_cards(self, cards):
        self._snapshot()
        self.counts = {c: n for c, n in cards if n > 0}
        self._changed()

    def undo(self) -> bool:
        if not self.undo_stack:
            return False
        self.redo_stack.append(dict(self.counts))
        self.counts = self.undo_stack.pop()
        self._changed()
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        self.undo_stack.append(dict(self.counts))
        self.counts = self.redo_stack.pop()
        self._changed()
        return True

    def snapshot(self) -> tuple:
        """(cards, name, description) as they are now, to compare with the file's."""
        return ({c: n for c, n in self.counts.items() if n > 0}, self.name, self.description)

    def adopt(self, deck: Deck):
        """After a save: take over the saved deck's name/path (the cards are the same)."""
        self.name = deck.name
        self.path = Path(deck.path) if deck.path else None
        self.read_only = deck.read_only
        self.dirty = False
        self.revision += 1
        self.base = self.snapshot()

    def merge(self, theirs: Deck) -> bool:
        """Take in what another running copy of the program saved to this deck's file
        since :attr:`base` (three-way: each card's count moves by their change and ours;
        a name or description only they changed becomes theirs). True if anything came in."""
        if self.base is None:
            return False
        b_cards, b_name, b_desc = self.base
        t_cards = {c: n for c, n in theirs.cards if n > 0}
        if (t_cards, theirs.name, theirs.description) == self.base:
            return False
        ours = dict(self.counts)
        before = self.snapshot()
        merged = {}
        for cid in list(t_cards) + [c for c in ours if c not in t_cards]:
            n = t_cards.get(cid, 0) + ours.get(cid, 0) - b_cards.get(cid, 0)
            if n > 0:
                merged[cid] = min(n, MAX_COPIES_IN_FILE)
        self.base = (t_cards, theirs.name, theirs.description)
        name = theirs.name if self.name == b_name else self.name
        desc = theirs.description if self.description == b_desc else self.description
        if (merged, name, desc) == before:
            return False          # the same change made in both, or nothing that shows
        self.undo_stack.append(dict(self.counts))
        self.redo_stack.clear()
        self.counts, self.name, self.description = merged, name, desc
        self._changed()
        return True
