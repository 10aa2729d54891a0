"""What a card in play is now: one small named structure per game.

Each game's ``engine/<game>/state.py`` has ``card_state(view, ref)`` -> :class:`CardState`
(or None when ``ref`` is not a card in play that the view may see). It is read from the
match (or a player's ``view``) and is the only source of what a card on the table shows:
its face (current numbers and keywords), its zoom (the current values beside the printed
ones, what was gained and lost and from what) and the previews' names for it. The client
draws these values and these sentences; it works none of them out itself.

``stats`` holds one :class:`Stat` per number on the face (Essveil: Might, Endurance;
Everdawn: Attack, Defence; Evons: ATK, DEF), each with the printed value and the named
parts that make up the difference. ``keywords`` are the keywords the card has now, in the
order its face draws them; ``gained`` / ``lost`` say which differ from the printed ones and
why (``("Veilstep", "Phase Cloak")``, ``("Guard", "Silenced")``).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Stat:
    """One number on a face: ``now`` (what the rules use), ``printed`` (on the card) and
    ``parts``: ``((amount, "from what"), ...)`` adding up to ``now - printed`` (damage
    is not a part: :attr:`CardState.damage` says it)."""

    name: str
    now: int
    printed: int
    parts: tuple = ()

    @property
    def changed(self) -> bool:
        return self.now != self.printed


@dataclass(frozen=True, slots=True)
class CardState:
    """A card in play as the rules see it now (see the module's docstring)."""

    card: str                       # the card's id
    controller: int
    stats: tuple = ()               # (Stat, ...)
    damage: int = 0
    #: what the face's last number shows now ("left": Endurance or DEF minus damage)
    left: int | None = None
    keywords: tuple = ()            # the keywords it has now, in the face's order
    printed_keywords: tuple = ()
    gained: tuple = ()              # ((keyword, from what), ...)
    lost: tuple = ()                # ((keyword, why), ...)
    silenced: bool = False
    spent: tuple = ()               # once-only things used up: ("Aegis",), ("first-combat bonus",)
    equipment: tuple = ()           # ids of the cards attached
    text: str | None = None         # the rules text it has now (None: as printed)
    notes: tuple = ()               # other sentences worth a glance ("Set: gives +2/+1 to lane 2.")
    owner: int = -1                 # the seat whose card it is, when another controls it (a flip)

    def stat(self, name: str) -> Stat | None:
        for s in self.stats:
            if s.name == name:
                return s
        return None

    @property
    def changed(self) -> bool:
        """Anything differs from the printed card (the zoom then lists it)."""
        return bool(self.damage or self.gained or self.lost or self.silenced or self.spent or self.notes
                    or self.owner >= 0
                    or self.equipment or any(s.changed for s in self.stats))

    def summary(self) -> str:
        """"Might/Endurance 3/2 (printed 2/1)" — the face's numbers now, the printed ones
        beside when they differ."""
        if not self.stats:
            return ""
        names = "/".join(s.name for s in self.stats)
        now = "/".join(str(s.now) for s in self.stats)
        printed = "/".join(str(s.printed) for s in self.stats)
        return f"{names} {now}" if now == printed else f"{names} {now} (printed {printed})"

    def lines(self, names=None) -> list[str]:
        """The zoom's sentences, most telling first; ``names`` (a
        :class:`engine.core.text.Names`) says how to call the seats."""
        out = []
        if self.stats and any(s.changed for s in self.stats):
            out.append(self.summary())
            for s in self.stats:
                if s.changed and s.parts:
                    out.append(f"{s.name} {s.now}: printed {s.printed}, "
                               + ", ".join(f"{_signed(n)} from {w}" for n, w in s.parts) + ".")
        if self.damage:
            left = f", {self.left} left" if self.left is not None else ""
            out.append(f"Damage {self.damage}{left}.")
        if self.silenced:
            lost = [k for k, why in self.lost if why == "Silenced"]
            out.append("Silenced: " + (", ".join(lost) if lost else "no card text") + ".")
        for k, why in self.lost:
            if why != "Silenced":
                out.append(f"{k} {why}.")
        for k, src in self.gained:
            out.append(f"{k} from {src}.")
        if self.owner >= 0 and self.owner != self.controller:
            from .text import SEATS
            n = names or SEATS
            out.append(f"Flipped: {n.does(self.controller, 'control', 'it now')} ({n.poss(self.owner)} card).")
        out.extend(self.notes)
        return out


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"
