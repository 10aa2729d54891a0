"""What Cardhall remembers of its online matches: ``online.json`` in the user data folder
(the player's name, the last address, the pace last chosen on Play online and in lobbies, and
each match's server, seat token and names).

Read like every user file: each entry checked (a bad one left out and kept aside), a
damaged or oversized file set aside and said, never silently replaced; written by
read-merge-write under a short lock, so several copies of the program lose nothing.
The online screen lists the matches; a table marks its match over when it ends."""
from __future__ import annotations

import os
import re

DEFAULT_PORT = 7531
MAX_KEPT = 40
#: community servers remembered (client.scenes.lobby)
MAX_SERVERS = 20
# ---------------------------------------------------------------- what we remember
#: online.json's size limit: 40 matches take about 12 KB
MAX_PREFS_BYTES = 256 * 1024
#: what reading or writing online.json had to say (a damaged file kept aside, a folder that
#: refuses): the online screen shows each once
NOTES: list[str] = []
#: changes this copy could not write (the folder refused): made again on the next write, so
#: they stand in this run and reach the file as soon as it can be written
_UNSAVED: list = []
_TEXT_FIELDS = (("server", 200), ("match", 64), ("token", 128), ("game", 32))


def _prefs_path():
    from client.storage import data_dir
    return data_dir() / "online.json"


def _note(text: str) -> None:
    if text not in NOTES:
        NOTES.append(text)


def check_entry(e) -> tuple[dict | None, str | None]:
    """One remembered match, checked like every other user file: ``(entry, None)`` with
    its text cleaned and optional fields that can't be read dropped (names that are not two
    words: the list says "your friend"), or ``(None, why)`` when a field the match cannot do
    without is missing or of the wrong type or range."""
    from engine.core.sanitize import clean_json
    if not isinstance(e, dict):
        return None, "an entry is not a match"
    for key, n in _TEXT_FIELDS:
        v = e.get(key)
        if not isinstance(v, str) or not v.strip() or len(v) > n:
            return None, f'"{key}" must be text of at most {n} characters'
    seat = e.get("seat", 0)
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in (0, 1):
        return None, '"seat" must be 0 or 1'
    out = clean_json({k: v for k, v in e.items() if isinstance(k, str) and len(k) <= 32}, 200)
    out["seat"] = seat
    if not isinstance(out.get("names"), list) or len(out["names"]) != 2 \
            or not all(isinstance(n, str) for n in out["names"]):
        out.pop("names", None)
    if out.get("pace") not in ("live", "daily"):
        out["pace"] = "live"
    for flag in ("hosted", "over", "lobby"):
        if not isinstance(out.get(flag, False), bool):
            out.pop(flag)
    if not isinstance(out.get("code", ""), str):
        out.pop("code")
    return out, None


def _defaults() -> dict:
    return {"name": "Player", "address": "", "matches": [], "servers": [], "lobby_pace": "live", "pace": "live"}


def parse_address(text: str):
    """``host[:port]`` → ``(host, port)``, or None."""
    text = (text or "").strip()
    if not text or len(text) > 200:
        return None
    host, _, port = text.rpartition(":") if text.count(":") == 1 else (text, "", "")
    if not host:
        host, port = text, ""
    try:
        p = int(port) if port else DEFAULT_PORT
    except ValueError:
        return None
    if not 0 < p < 65536:
        return None
    return host, p


def read_servers(obj) -> list[dict]:
    """The ``servers`` of ``online.json``, each checked: ``{"address", "name", "key"}``
    (an entry that cannot be used is left out; its key would be of no use anyway)."""
    from engine.core.sanitize import clean_text
    from engine.net.lobby import KEY_RE
    from engine.net.protocol import clean_name
    out, seen = [], set()
    for e in obj if isinstance(obj, list) else []:
        if not isinstance(e, dict):
            continue
        addr, key, name = e.get("address"), e.get("key"), e.get("name")
        if not isinstance(addr, str) or parse_address(addr) is None or not isinstance(key, str) \
                or not KEY_RE.match(key):
            continue
        addr = clean_text(addr, 200)
        if addr.casefold() in seen:
            continue
        seen.add(addr.casefold())
        out.append({"address": addr, "key": key, "name": clean_name(name, "Player")})
    return out[:MAX_SERVERS]



def _read_prefs(set_aside_bad: bool) -> tuple[dict, bool, bool]:
    """online.json as read now: ``(prefs, writable, clean)``. A file that cannot be read (torn,
    not JSON, over the size limit, not a list of matches) is set aside (renamed, unchanged)
    when ``set_aside_bad`` and said in :data:`NOTES`; ``writable`` is False while such a file
    is still there (it must never be overwritten). Entries that can't be used are left out:
    with ``set_aside_bad`` a copy of the file as it was is kept beside it, and said.
    ``clean`` is False when anything had to be left out or set aside."""
    import time
    from engine.core.files import FileProblem, atomic_write_bytes, read_capped_bytes, read_json, set_aside, \
        unused_path
    from engine.core.sanitize import clean_file_name, clean_text
    from engine.net.protocol import clean_name
    path = _prefs_path()
    if not os.path.lexists(path):
        return _defaults(), True, True
    try:
        obj = read_json(path, MAX_PREFS_BYTES)
        if not isinstance(obj, dict) or not isinstance(obj.get("matches", []), list):
            raise FileProblem(f"{path.name}: not a list of online matches.", path)
    except FileProblem as e:
        if not set_aside_bad:
            return _defaults(), False, False
        moved = set_aside(path, "damaged")
        if moved is None:
            _note(f"Your list of online matches ({path}) cannot be read ({e}) nor moved aside: "
                  f"it is left as it is and nothing new is written to it.")
            return _defaults(), False, False
        _note(f"Your list of online matches could not be read ({e}). It is kept as "
              f"{clean_file_name(moved.name)} beside it (its matches can be opened again by "
              f"joining with their code); a new list is started.")
        return _defaults(), True, False
    good, bad = [], []
    for e in obj.get("matches", []):
        ok, why = check_entry(e)
        if ok is None:
            bad.append(why)
        else:
            good.append(ok)
    if bad and set_aside_bad:
        target = unused_path(path.parent, f"{path.name}.entries-left-out-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            atomic_write_bytes(target, read_capped_bytes(path, MAX_PREFS_BYTES))
            kept = f" The file as it was is kept as {clean_file_name(target.name)}."
        except (OSError, FileProblem):
            kept = " The file is left as it is (no copy of it could be made)."
            set_aside_bad = False       # so it is not rewritten without them
        n = len(bad)
        _note(f"{n} of your online matches could not be read and {'is' if n == 1 else 'are'} left out "
              f"({bad[0]}).{kept}")
    return {"name": clean_name(obj.get("name"), "Player"),
            "address": clean_text(obj.get("address"), 200) if isinstance(obj.get("address"), str) else "",
            "matches": good[-MAX_KEPT:],
            "servers": read_servers(obj.get("servers")),     # community servers (client.scenes.lobby)
            "lobby_pace": "daily" if obj.get("lobby_pace") == "daily" else "live",
            "pace": "daily" if obj.get("pace") == "daily" else "live"}, not bad or set_aside_bad, not bad


def load_prefs(*, set_aside_bad: bool = False) -> dict:
    """What is remembered (name, last address, our matches), read now. Only the online
    screen passes ``set_aside_bad`` (a damaged file is then set aside and said, and a file
    with unreadable entries rewritten without them, a copy kept); other readers change
    nothing on disk."""
    prefs, _, clean = _read_prefs(False)
    if set_aside_bad and not clean:     # set aside / keep a copy, and write the cleaned list, once
        return update_prefs(lambda p: None)
    for change in _UNSAVED:
        change(prefs)
    return prefs


def update_prefs(change) -> dict:
    """Change what is remembered and write it: under a short lock, online.json is read
    as it is now (another running copy may have written it), ``change(prefs)`` made, and
    the result written atomically — so two copies that each host a match both keep theirs.
    A folder that refuses is said in :data:`NOTES` (naming it) and the change is kept for
    the next write. Returns the prefs as they now stand."""
    from engine.core.files import atomic_write_json, file_lock, writable_folder, write_problem
    path = _prefs_path()
    prefs = None
    try:
        writable_folder(path.parent)
        with file_lock(path):
            prefs, writable, _ = _read_prefs(True)
            for c in _UNSAVED + [change]:
                c(prefs)
            prefs["matches"] = prefs["matches"][-MAX_KEPT:]
            if writable:
                atomic_write_json(path, prefs)
                _UNSAVED.clear()
                return prefs
    except OSError as e:
        _note(write_problem(e, path.parent, "Your list of online matches could not be saved") +
              " It is kept while Cardhall runs and written as soon as the folder can be written.")
    if prefs is None:
        prefs, _, _ = _read_prefs(False)
        for c in _UNSAVED + [change]:
            c(prefs)
    _UNSAVED.append(change)
    return prefs


def save_prefs(prefs: dict) -> None:
    """Write ``prefs`` over what is remembered (name, address, community servers and lobby
    pace as this copy has them; its matches merged with those on disk by match id: entries
    of other copies are kept)."""
    mine = {e.get("match"): e for e in prefs.get("matches", [])}

    def change(p):
        for k in ("name", "address", "servers", "lobby_pace", "pace"):
            p[k] = prefs.get(k, p[k])
        p["matches"] = [e for e in p["matches"] if e.get("match") not in mine] + list(mine.values())
    update_prefs(change)


def remember(prefs: dict, session, server: str, **extra) -> dict:
    """Add (or replace) the match of ``session`` on ``server``; returns the prefs as written."""
    entry = {"server": server, "match": session.match_id, "token": session.token, "seat": session.seat,
             "game": session.game, "pace": session.pace, "names": list(session.names), **extra}

    def change(p):
        p["matches"] = [e for e in p["matches"] if e.get("match") != session.match_id][-(MAX_KEPT - 1):]
        p["matches"].append(dict(entry))
    new = update_prefs(change)
    prefs.clear()
    prefs.update(new)
    return new


def forget(ids) -> dict:
    """Drop these matches from the remembered ones (called off before they began)."""
    ids = set(ids)

    def change(p):
        p["matches"] = [e for e in p["matches"] if e.get("match") not in ids]
    return update_prefs(change)


def mark_over(match_id, *more) -> dict | None:
    """Remember that matches of ours have ended (the game menu then no longer points to them)."""
    ids = {match_id, *more}
    if not any(e.get("match") in ids and not e.get("over") for e in load_prefs()["matches"]):
        return None

    def change(p):
        for e in p["matches"]:
            if e.get("match") in ids:
                e["over"] = True
    return update_prefs(change)


def going_on(game: str) -> list[str]:
    """The friends' names of our online matches of ``game`` not known to have ended (as the
    list last saw them), newest first ("" while nobody has joined yet) — for the game
    menu's pointer to Play online."""
    out = []
    for e in reversed(load_prefs()["matches"]):
        if e.get("game") != game or e.get("over"):
            continue
        names, seat = e.get("names"), e.get("seat", 0)
        friend = names[1 - seat] if isinstance(names, list) and len(names) == 2 else ""
        out.append(friend if friend and not re.fullmatch(r"Player [12]", friend) else "")
    return out


