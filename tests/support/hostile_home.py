"""A Cardhall home (``CARDHALL_HOME``) full of damaged, hostile and oddly named
files in every user folder, for the bad-input suite (tests/client/test_bad_input_client.py).

``plant(home)`` writes them and returns a :class:`Planted` that knows, for every
file, what it held — so a test can check afterwards that nothing good was lost
and nothing bad was silently overwritten: each planted file is still where it
was, or set aside beside it (``NAME.damaged-TIME``) with the same bytes, or it
was one the program is meant to tidy away (stale temporary files).
"""
from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

GAMES = ("everdawn", "evons", "essveil")
CAN_FIFO = hasattr(os, "mkfifo")
# a file system that takes any bytes in a name (not NTFS / APFS)
ANY_BYTES = sys.platform.startswith("linux")
LONG = "x" * 236  # + ".json" = 241 characters; set aside it would pass 255 bytes


def _fsname(folder: Path, raw: bytes) -> Path:
    """``folder/raw`` for a name that is not valid UTF-8 (surrogateescape)."""
    return Path(os.fsdecode(os.fsencode(str(folder)) + b"/" + raw))


@dataclass
class Planted:
    home: Path
    good: dict = field(default_factory=dict)      # path -> bytes: must survive unchanged
    bad: dict = field(default_factory=dict)       # path -> bytes: kept, here or set aside
    tidy: list = field(default_factory=list)      # paths the program should remove (stale temp files)
    special: list = field(default_factory=list)   # pipes / folders / links: must still exist somewhere

    def lost(self) -> list[str]:
        """Every planted file whose content can no longer be found (empty = nothing lost)."""
        out = []
        for p, data in self.good.items():
            try:
                if p.read_bytes() != data:
                    out.append(f"good file changed: {p.name!r}")
            except OSError:
                out.append(f"good file lost: {p.name!r}")
        for p, data in self.bad.items():
            if os.path.lexists(p):
                try:
                    same = p.read_bytes() == data
                except OSError:
                    same = False
                if not same:
                    out.append(f"bad file overwritten: {p.name!r}")
                continue
            moved = [q for q in p.parent.iterdir() if q.name.startswith(p.name[:200]) and q != p]
            if not any(q.is_file() and q.read_bytes() == data for q in moved):
                out.append(f"bad file lost (not set aside): {p.name!r}")
        for p in self.special:
            if not os.path.lexists(p) and not [q for q in p.parent.iterdir()
                                               if q.name.startswith(p.name[:200]) and q != p]:
                out.append(f"special file lost: {p.name!r}")
        return out

    def untidy(self) -> list[str]:
        return [p.name for p in self.tidy if os.path.lexists(p)]


def _deck(game: str, name="Good deck", **kw) -> dict:
    from engine.games import get_game
    d = get_game(game).starter_decks()[0].to_json()
    d["name"] = name
    d.update(kw)
    return d


def _record(game: str, seed: int, meta: dict, *, finish: bool) -> dict:
    """A real match record of ``game``: finished (a replay) or a few moves in."""
    from engine.core.harness import starter_pair
    from engine.core.replays import finish_record
    from engine.core.rng import Rng
    from engine.core.session import MatchSession
    decks = starter_pair(game, seed)
    s = MatchSession.new(game, decks, seed, meta=meta)
    rng = Rng(seed)
    n = 0
    while s.match.result() is None and (finish or n < 6):
        la = s.match.legal_actions()
        s.apply(la[rng.randrange(len(la))])
        n += 1
    if finish:
        finish_record(s.record, s.match)
    return s.record.to_json()


def _autosave_bytes(rec: dict) -> bytes:
    head = {"format": "cardhall-autosave", "version": 1, "record": rec}
    return (json.dumps(head, ensure_ascii=True, separators=(",", ":")) + "\n").encode()


HOSTILE_META = {
    "names5": {"names": 5},
    "solo": {"names": ["Solo"]},
    "search": {"mode": "ai", "ai": "search:100000000"},
    "godlike": {"mode": "ai", "ai": {"seat": 1, "level": "godlike", "seed": 3}},
    "mode": {"mode": "spectate"},
}


def plant(home, *, game_saves=("evons",), pipes: bool = True) -> Planted:
    """Fill ``home`` (a CARDHALL_HOME) with hostile files; see the module docstring."""
    home = Path(home)
    pl = Planted(home)
    config, data = home / "config", home / "data"
    old = time.time() - 3 * 3600

    def put(path: Path, content, kind="bad"):
        path.parent.mkdir(parents=True, exist_ok=True)
        b = content if isinstance(content, bytes) else (
            json.dumps(content, ensure_ascii=True) if not isinstance(content, str) else content).encode()
        with open(path, "wb") as fh:
            fh.write(b)
        (pl.good if kind == "good" else pl.bad)[path] = b
        return path

    def stale(folder: Path, name: str):
        p = folder / name
        folder.mkdir(parents=True, exist_ok=True)
        p.write_bytes(b"half a write")
        os.utime(p, (old, old))
        pl.tidy.append(p)

    def pipe(path: Path):
        if pipes and CAN_FIFO:
            path.parent.mkdir(parents=True, exist_ok=True)
            os.mkfifo(path)
            pl.special.append(path)

    # ---------------------------------------------------------------- settings folder
    config.mkdir(parents=True, exist_ok=True)
    stale(config, ".settings.json.k3j4h5g6.tmp")
    # ---------------------------------------------------------------- decks of every game
    for g in GAMES:
        folder = data / "decks" / g
        put(folder / "good.json", _deck(g, "Kept safe"), "good")
        put(folder / "nul_name.json", _deck(g, "My \u0000 deck", description="bell\u0007 and \u001b[31m"), "good")
        put(folder / "surrogate.json", json.dumps(_deck(g, "Lone \ud800 half")), "good")
        put(folder / "names_bidi.json", _deck(g, "\u202eevil\u202c " + "é" * 20), "good")
        put(folder / (LONG + ".json"), b'{"format": "cardhall-deck", "ver')
        put(folder / "wrong_game.json", _deck("evons" if g != "evons" else "essveil"))
        put(folder / "not_object.json", b"[1, 2, 3]")
        put(folder / "deep.json", b"[" * 50000)
        put(folder / "huge.json", b" " * (70 * 1024))
        put(folder / "name_type.json", _deck(g, 5))
        put(folder / "counts.json", _deck(g, cards={"x": 1.5}))
        put(folder / "bom.json", b"\xef\xbb\xbf" + json.dumps(_deck(g, "With BOM")).encode(), "good")
        if ANY_BYTES:
            put(_fsname(folder, b"\xff\xfe-raw.json"), b"\x00\x01\x02 not json")
            put(_fsname(folder, b"caf\xe9.json"), _deck(g, "Latin-1 named file"), "good")
        pipe(folder / "pipe.json")
        (folder / "folder.json").mkdir()
        pl.special.append(folder / "folder.json")
        target = home / f"outside-{g}.json"
        target.write_text(json.dumps(_deck(g, "Linked from outside")))
        try:  # Windows allows links only with developer mode
            (folder / "link.json").symlink_to(target)
            (folder / "dangling.json").symlink_to(home / "nowhere.json")
            pl.special += [folder / "link.json", folder / "dangling.json"]
        except (OSError, NotImplementedError):
            pass
        stale(folder, ".good.json.a1b2c3d4.tmp")
    # ---------------------------------------------------------------- saves
    saves = data / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    stale(saves, ".x.autosave.zz99yy88.tmp")
    for g in game_saves:
        good = _record(g, 41, {"mode": "hotseat", "names": ["Ann\u0000", "B\ud800b"]}, finish=False)
        put(saves / f"{g}-good.autosave", _autosave_bytes(good))  # resumed: rewritten, so "bad" (kept)
        pl.bad.pop(saves / f"{g}-good.autosave")
        for k, meta in HOSTILE_META.items():
            rec = json.loads(json.dumps(good))
            rec["meta"] = meta
            put(saves / f"{g}-{k}.autosave", _autosave_bytes(rec))
    put(saves / (LONG[:230] + ".autosave"), b"{torn")
    put(saves / "empty.autosave", b"")
    if ANY_BYTES:
        put(_fsname(saves, b"\xff.autosave"), b"\xff\xfe\xfd")
    pipe(saves / "pipe.autosave")
    # ---------------------------------------------------------------- replays
    reps = data / "replays"
    reps.mkdir(parents=True, exist_ok=True)
    stale(reps, ".r.json.qq11ww22.tmp")
    fine = _record("everdawn", 7, {"mode": "ai", "human": 0, "ai": "easy",
                                   "names": ["\u0000You", "AI \udcff"]}, finish=True)
    fine["decks"][0]["name"] = "Deck \u0007 with bell"
    put(reps / "20200101-000000-000001-everdawn.json", json.dumps(fine), "good")
    for k, meta in HOSTILE_META.items():
        put(reps / f"20200101-000000-00001{len(k)}-{k}.json", json.dumps(dict(fine, meta=meta)))
    put(reps / (LONG + ".json"), b"nope")
    if ANY_BYTES:
        put(_fsname(reps, b"\xfe\xff.json"), b"{}")
    pipe(reps / "pipe.json")
    # ---------------------------------------------------------------- online play's memory
    put(data / "online.json", json.dumps({
        "name": "\u0000Host\ud800", "address": "127.0.0.1:\u0000\ud800",
        "matches": [{"server": "127.0.0.1:9", "match": "m\ud800", "token": "t\u0000", "game": "evons",
                     "seat": "x", "pace": 5, "names": ["\u0000", 5]},
                    {"server": 5}, "junk"]}))
    # ---------------------------------------------------------------- exports (deck text import)
    ex = data / "exports"
    put(ex / "huge.txt", b"3 Vale Archer\n" * 20000)
    put(ex / "binary.txt", b"\xff\xfe\x00\x00 garbage")
    pipe(ex / "pipe.txt")
    return pl
