"""Evons cards: the pool (loaded once from ``cards.toml``), the board geometry and
the deck rules.

Card objects are immutable (:class:`EvonsCard`). The rules code never looks at
them on hot paths: it uses the parallel tuples ``CARD_COST``, ``CARD_ATK``,
``CARD_DEF``, ``CARD_ELEMENT``, ``CARD_IS_BLOCK`` and ``CARD_ARROWS`` indexed by
the card's pool index (``card.index``).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.files import read_toml
from ..core.text import count

# ---------------------------------------------------------------- board geometry
SIZE = 7
N_CELLS = SIZE * SIZE
COLUMNS = ("X", "A", "B", "C", "D", "E", "Y")
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
DIR_NAMES = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")
DIR_STEP = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))  # (row, col)
ORTHO_DIRS = (0, 2, 4, 6)


def opposite(d: int) -> int:
    return (d + 4) & 7


def cell_of(col: int, row: int) -> int:
    """Cell index of column 0..6 (X..Y) and row 0..6."""
    return row * SIZE + col


def cell_name(cell: int) -> str:
    return f"{COLUMNS[cell % SIZE]}{cell // SIZE}"


def parse_cell(name: str) -> int:
    name = name.strip().upper()
    return cell_of(COLUMNS.index(name[0]), int(name[1:]))


def _neighbour(cell: int, d: int) -> int:
    r, c = divmod(cell, SIZE)
    dr, dc = DIR_STEP[d]
    r, c = r + dr, c + dc
    return r * SIZE + c if 0 <= r < SIZE and 0 <= c < SIZE else -1


NEIGHBOUR = tuple(tuple(_neighbour(c, d) for d in range(8)) for c in range(N_CELLS))
"""NEIGHBOUR[cell][direction] -> neighbouring cell, or -1 off the grid."""
ORTHO_NEIGHBOURS = tuple(tuple(n for n in (NEIGHBOUR[c][d] for d in ORTHO_DIRS) if n >= 0)
                         for c in range(N_CELLS))
IN_MAIN = tuple(1 <= c % SIZE <= 5 and 1 <= c // SIZE <= 5 for c in range(N_CELLS))
MAIN_CELLS = tuple(c for c in range(N_CELLS) if IN_MAIN[c])
OUT_CELLS = tuple(c for c in range(N_CELLS) if not IN_MAIN[c])
CENTRE = cell_of(3, 3)

# ---------------------------------------------------------------- elements and arrows
ELEMENTS = ("fire", "nature", "electric", "darkness", "earth", "water")

NO_ARROW, NORMAL, REMOVE, BLOCK, FIRESTORM, GROWTH, MAGNETISM, RESURRECTION, SHOCKWAVE, SWAP = range(10)
ABILITY_NAMES = ("", "normal", "remove", "block", "firestorm", "growth", "magnetism",
                 "resurrection", "shockwave", "swap")
ABILITY_TITLES = ("", "Normal", "Remove", "Block", "Firestorm", "Growth", "Magnetism",
                  "Resurrection", "Shockwave", "Swap")
ELEMENT_ABILITY = {"fire": FIRESTORM, "nature": GROWTH, "electric": MAGNETISM,
                   "darkness": RESURRECTION, "earth": SHOCKWAVE, "water": SWAP}
OPEN_ABILITIES = (NORMAL, REMOVE, BLOCK)

ABILITY_TEXT = {
    REMOVE: "destroy the monster on the target cell (either side, face-up or covered)",
    BLOCK: "on an empty target, place a Block card from your hand there face-up; "
           "on a Block, send that Block to the graveyard",
    FIRESTORM: "deal damage equal to this card's ATK, split as you choose among opponent cards "
               "on the target cell and the cells orthogonally next to it",
    GROWTH: "on an empty target, put a monster from your hand there covered; it is never paid for",
    MAGNETISM: "on an empty target, pull a card from a cell orthogonally next to it onto it "
               "(never a Block, a Growth-covered card or this card)",
    RESURRECTION: "on an empty target, revive a monster from your graveyard there "
                  "(total revived cost this activation at most this card's cost); it activates",
    SHOCKWAVE: "push the card on the target cell one cell further; whatever is on the landing "
               "cell is destroyed; pushed off the grid, it is removed from the game",
    SWAP: "this card and the monster on the target cell exchange cells; "
          "on an empty target this card moves there",
}


@dataclass(frozen=True, slots=True)
class EvonsCard:
    """One card of the pool. ``defense`` is the TOML field ``def``.

    ``arrows`` has 8 entries in :data:`DIRECTIONS` order: ``""`` for no arrow,
    else ``"normal"`` or an ability name. ``arrow_codes`` is the same with ints.
    """

    index: int
    id: str
    name: str
    kind: str          # "monster" or "block"
    element: str
    cost: int
    atk: int
    defense: int
    arrows: tuple
    arrow_codes: tuple
    text: str

    @property
    def is_block(self) -> bool:
        return self.kind == "block"

    def arrow_map(self) -> dict:
        """{direction: arrow type} for the arrows the card has."""
        return {DIRECTIONS[d]: a for d, a in enumerate(self.arrows) if a}


def _card_text(kind, element, cost, atk, df, codes) -> str:
    if kind == "block":
        return (f"Block card ({element}). No cost, stats or arrows; never scores or fights. "
                "Play it from your hand only into the out zone; it reaches the main zone only "
                "through a Block ability.")
    parts = []
    normals = [DIRECTIONS[d] for d in range(8) if codes[d] == NORMAL]
    if normals:
        parts.append("Normal arrows: " + ", ".join(normals) + ".")
    by_ability: dict[int, list[str]] = {}
    for d in range(8):
        if codes[d] > NORMAL:
            by_ability.setdefault(codes[d], []).append(DIRECTIONS[d])
    for ab, dirs in by_ability.items():
        parts.append(f"{ABILITY_TITLES[ab]} ({', '.join(dirs)}): {ABILITY_TEXT[ab]}.")
    if not parts:
        parts.append("No arrows.")
    return " ".join(parts)


class PoolError(ValueError):
    pass


def load_pool(path: Path | None = None) -> tuple[EvonsCard, ...]:
    path = path or Path(__file__).with_name("cards.toml")
    raw = read_toml(path, 1 << 20).get("card", [])    # capped read, as every game's pool
    cards = []
    seen = set()
    for i, c in enumerate(raw):
        cid = c["id"]
        if cid in seen:
            raise PoolError(f"duplicate card id {cid}")
        seen.add(cid)
        kind = c["kind"]
        element = c["element"]
        if kind not in ("monster", "block") or element not in ELEMENTS:
            raise PoolError(f"{cid}: bad kind or element")
        codes = [NO_ARROW] * 8
        if kind == "monster":
            cost, atk, df = int(c["cost"]), int(c["atk"]), int(c["def"])
            for dname, aname in c.get("arrows", {}).items():
                d = DIRECTIONS.index(dname)
                code = ABILITY_NAMES.index(aname)
                if code == NO_ARROW:
                    raise PoolError(f"{cid}: bad arrow {aname}")
                if code not in OPEN_ABILITIES and ELEMENT_ABILITY[element] != code:
                    raise PoolError(f"{cid}: a {element} card cannot carry {aname}")
                codes[d] = code
            if cost < 0 or atk < 0 or df < 1:
                raise PoolError(f"{cid}: bad stats")
        else:
            cost = atk = df = 0
            if c.get("arrows"):
                raise PoolError(f"{cid}: Block cards have no arrows")
        codes = tuple(codes)
        cards.append(EvonsCard(
            index=i, id=cid, name=c["name"], kind=kind, element=element, cost=cost, atk=atk,
            defense=df, arrows=tuple(ABILITY_NAMES[x] for x in codes), arrow_codes=codes,
            text=_card_text(kind, element, cost, atk, df, codes)))
    return tuple(cards)


POOL: tuple[EvonsCard, ...] = load_pool()
CARDS: dict[str, EvonsCard] = {c.id: c for c in POOL}
INDEX_OF: dict[str, int] = {c.id: c.index for c in POOL}

CARD_COST = tuple(c.cost for c in POOL)
CARD_ATK = tuple(c.atk for c in POOL)
CARD_DEF = tuple(c.defense for c in POOL)
CARD_ELEMENT = tuple(ELEMENTS.index(c.element) for c in POOL)
CARD_IS_BLOCK = tuple(c.kind == "block" for c in POOL)
CARD_ARROWS = tuple(c.arrow_codes for c in POOL)
CARD_ARROW_DIRS = tuple(tuple(d for d in range(8) if c.arrow_codes[d]) for c in POOL)
CARD_ABILITY_DIRS = tuple(tuple(d for d in range(8) if c.arrow_codes[d] > NORMAL) for c in POOL)
CARD_NAME = tuple(c.name for c in POOL)

# ---------------------------------------------------------------- deck rules
DECK_SIZE = 60
MAX_COPIES = 4


def validate_deck(deck) -> list[str]:
    problems = []
    for cid, n in deck.cards:
        card = CARDS.get(cid)
        if card is None:
            problems.append(f"{cid}: not an Evons card.")
        elif n > MAX_COPIES:
            problems.append(f"{card.name}: {count(n, 'copy')}; at most {count(MAX_COPIES, 'copy')} of any card.")
    size = deck.size
    if size != DECK_SIZE:
        problems.append(f"The deck has {count(size, 'card')}; an Evons deck has exactly {count(DECK_SIZE, 'card')}.")
    return problems


def deck_sections(deck) -> list:
    monsters = {e: [] for e in ELEMENTS}
    blocks = []
    for cid, n in deck.cards:
        card = CARDS.get(cid)
        if card is None:
            continue
        (blocks if card.is_block else monsters[card.element]).append((cid, n))
    out = [(f"{e.capitalize()} monsters", sorted(v, key=lambda x: (CARDS[x[0]].cost, x[0])))
           for e, v in monsters.items() if v]
    if blocks:
        out.append(("Block cards", blocks))
    return out
