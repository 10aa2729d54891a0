"""``python -m engine replay FILE``: check that a replay, save or bug-report
file reproduces, and print how the game ends.

FILE may be a match record (replay / bug report, ``.json``) or an autosave
journal (``.autosave``). Every action is replayed through the engine; the
recorded result and, when present, the final-state digest must match.
Exit status 0 when it reproduces, 1 (with the reason) when it does not or the
file cannot be used. ``--log`` also prints every action and its events.
"""
from __future__ import annotations

import sys
from pathlib import Path

from .core.files import FileProblem, read_capped_bytes
from .core.record import MAX_RECORD_BYTES, MatchRecord


def load_any(path) -> MatchRecord:
    """A match record from a replay/record file or an autosave journal."""
    from .core.autosave import AUTOSAVE_FORMAT, parse_autosave_bytes
    from .core.files import parse_json_bytes
    path = Path(path)
    data = read_capped_bytes(path, MAX_RECORD_BYTES)
    if data.lstrip(b"\xef\xbb\xbf").startswith(b'{"format":"%s"' % AUTOSAVE_FORMAT.encode()):
        return parse_autosave_bytes(data, path.name, path)
    try:
        obj = parse_json_bytes(data, path.name)
    except FileProblem as e:
        raise FileProblem(str(e), path) from None
    return MatchRecord.from_json(obj, path=path)


def replay_file(path) -> tuple[int, list[str]]:
    """(exit status, lines to print)."""
    from .core.replays import check_record
    name = Path(path).name
    try:
        rec = load_any(path)
    except FileProblem as e:
        return 1, [f"cannot use {name}: {e}"]
    chk = check_record(rec)
    n = len(rec.actions)
    if chk.match is None:
        return 1, [f"does NOT reproduce: {p}" for p in chk.problems]
    m = chk.match
    names = rec.meta.get("names")
    if not (isinstance(names, list) and len(names) == 2 and all(isinstance(x, str) for x in names)):
        names = ["Player 1", "Player 2"]
    r = m.result()
    head = f"{rec.game}, seed {rec.seed}, {rec.decks[0].name} vs {rec.decks[1].name}: {n} actions, turn {m.turn()}."
    if not chk.ok:
        return 1, [head] + [f"does NOT reproduce: {p}" for p in chk.problems]
    if r is None:
        return 0, [head, f"reproduces; the game is not finished ({names[m.to_move()]} to move)."]
    return 0, [head, f"reproduces: {r.text(names)}"]


def game_log(rec: MatchRecord, upto: int | None = None) -> list[str]:
    """The game as text: every action (read in the state before it) and its events."""
    m = rec.new_match()
    names = ["Player 1", "Player 2"]
    out = []
    for i, a in enumerate(rec.actions[:upto]):
        who, turn = m.to_move(), m.turn()
        text = m.action_text(a)
        if m.why_illegal(a) is not None:
            out.append(f"{i + 1:4d}. [turn {m.turn()}] {names[who] if who in (0, 1) else '?'}: "
                       f"{list(a)} (refused)")
            break
        ev = m.apply(a, check=False)
        out.append(f"{i + 1:4d}. [turn {turn}] {names[who]}: {text}")
        out.extend(f"        {m.event_text(e)}" for e in ev)
    return out


def replay_main(argv) -> int:
    import argparse
    p = argparse.ArgumentParser(prog="python -m engine replay",
                                description="check that a replay/save file reproduces and print the result")
    p.add_argument("file")
    p.add_argument("--log", action="store_true", help="also print every action and event")
    a = p.parse_args(argv)
    code, lines = replay_file(a.file)
    if a.log:
        try:
            log = game_log(load_any(a.file))
        except FileProblem:
            log = []
        except Exception as e:  # noqa: BLE001 - the log is a help; the check above decides
            log = [f"(the log stops: {type(e).__name__}: {e})"]
        lines = log + lines
    for line in lines:
        print(line)
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(replay_main(sys.argv[1:]))
