"""Card art mappings: which drawing each card of a pool shows.

One data file per game beside its card pool, ``engine/<game>/art.toml``::

    [art]
    card_id = "drawing-name"
    card_id = { drawing = "drawing-name", flip = true, tint = "#e8c070", shares = "other_id" }
    card_id = { drawing = "drawing-name", name_break = "Shield-bearer" }

The engine only carries this data (the client draws it); nothing here affects
the rules. ``name_break`` is where a one-word name may go over two lines on a face
(with a hyphen), so that it keeps the size of the two-word names instead of shrinking. ``shares`` marks a drawing that is meant to appear on two cards of
one pool (a token and the card that makes it, say); otherwise every card of a
pool has its own drawing (checked by tests/client/test_card_art.py).
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1]
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,80}$")
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
_BREAK = re.compile(r"^[A-Za-z']{2,40}-[A-Za-z']{2,40}$")


class ArtMapError(ValueError):
    """An art.toml is malformed (a programming error caught by the tests)."""


@dataclass(frozen=True)
class ArtEntry:
    drawing: str
    flip: bool = False
    tint: tuple[int, int, int] | None = None
    shares: str | None = None
    name_break: str | None = None


def mapping_file(game: str) -> Path:
    return ENGINE / game / "art.toml"


def parse(text: str, where: str = "art.toml") -> dict[str, ArtEntry]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ArtMapError(f"{where}: {e}") from None
    table = data.get("art")
    if not isinstance(table, dict):
        raise ArtMapError(f"{where}: no [art] table")
    out: dict[str, ArtEntry] = {}
    for cid, v in table.items():
        if isinstance(v, str):
            v = {"drawing": v}
        if not isinstance(v, dict):
            raise ArtMapError(f"{where}: {cid}: expected a drawing name or a table")
        unknown = set(v) - {"drawing", "flip", "tint", "shares", "name_break"}
        if unknown:
            raise ArtMapError(f"{where}: {cid}: unknown field(s) {sorted(unknown)}")
        name = v.get("drawing")
        if not isinstance(name, str) or not _NAME.match(name):
            raise ArtMapError(f"{where}: {cid}: drawing must be a game-icons name, got {name!r}")
        flip = v.get("flip", False)
        if not isinstance(flip, bool):
            raise ArtMapError(f"{where}: {cid}: flip must be true or false")
        tint = v.get("tint")
        if tint is not None:
            if not isinstance(tint, str) or not _HEX.match(tint):
                raise ArtMapError(f"{where}: {cid}: tint must look like \"#rrggbb\"")
            tint = (int(tint[1:3], 16), int(tint[3:5], 16), int(tint[5:7], 16))
        shares = v.get("shares")
        if shares is not None and not isinstance(shares, str):
            raise ArtMapError(f"{where}: {cid}: shares must be a card id")
        brk = v.get("name_break")
        if brk is not None and (not isinstance(brk, str) or not _BREAK.match(brk)):
            raise ArtMapError(f"{where}: {cid}: name_break must be one word with one hyphen, "
                              f"like \"Shield-bearer\"")
        out[str(cid)] = ArtEntry(name, flip, tint, shares, brk)
    return out


@lru_cache(maxsize=None)
def load(game: str) -> dict[str, ArtEntry]:
    """The mapping of ``game`` (empty when the game has no art.toml)."""
    path = mapping_file(game)
    if not path.is_file():
        return {}
    return parse(path.read_text("utf-8"), f"engine/{game}/art.toml")


def problems(mapping: dict[str, ArtEntry], card_ids, drawings) -> list[str]:
    """What is wrong with ``mapping`` for a pool with ``card_ids``, given the set of
    vendored ``drawings``: cards without a drawing, drawings not vendored, mapped ids
    that are not cards, and two cards showing one drawing without ``shares``."""
    ids = list(card_ids)
    out = []
    for cid in ids:
        e = mapping.get(cid)
        if e is None:
            out.append(f"{cid}: no drawing")
        elif e.drawing not in drawings:
            out.append(f"{cid}: drawing {e.drawing!r} is not vendored")
    for cid in mapping:
        if cid not in set(ids):
            out.append(f"{cid}: mapped but not a card of the pool")
    by_drawing: dict[str, list[str]] = {}
    for cid in ids:
        if cid in mapping:
            by_drawing.setdefault(mapping[cid].drawing, []).append(cid)
    for name, users in by_drawing.items():
        if len(users) < 2:
            continue
        for cid in users:
            others = [u for u in users if u != cid]
            e = mapping[cid]
            if e.shares in others or any(mapping[o].shares == cid for o in others):
                continue
            out.append(f"{cid}: shares drawing {name!r} with {', '.join(others)} without 'shares'")
            break
    return out


@lru_cache(maxsize=None)
def back(game: str) -> str | None:
    """The drawing on the back of ``game``'s cards (``[back] drawing`` in art.toml)."""
    path = mapping_file(game)
    if not path.is_file():
        return None
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise ArtMapError(f"engine/{game}/art.toml: {e}") from None
    name = (data.get("back") or {}).get("drawing")
    if name is not None and (not isinstance(name, str) or not _NAME.match(name)):
        raise ArtMapError(f"engine/{game}/art.toml: [back] drawing must be a game-icons name")
    return name
