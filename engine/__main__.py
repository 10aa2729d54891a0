"""Command line: ``python -m engine COMMAND ...``.

Commands are looked up lazily so that each lives beside the code it drives.
"""
from __future__ import annotations

import importlib
import sys

COMMANDS = {
    "selfplay": ("engine.core.harness", "selfplay_main", "random legal self-play: GAME --games N --seed S"),
    "bench": ("engine.core.harness", "bench_main", "engine speed: GAME"),
    "validate-deck": ("engine.core.harness", "validate_deck_main", "check a deck file: GAME PATH"),
    "arena": ("engine.ai.cli", "arena_main", "AI against AI: GAME --agents A,B --games N --seed S"),
    "balance": ("engine.ai.cli", "balance_main", "starter decks round-robin: GAME"),
    "replay": ("engine.replaycli", "replay_main", "check a replay/save file reproduces: FILE"),
    "fuzz": ("engine.fuzz", "fuzz_main", "random and AI games with invariant checks: GAME --games N"),
    "serve": ("engine.net.server", "serve_main", "run a Cardhall server: [--host H] [--port P] [--db PATH]"),
    "serve-bench": ("engine.net.bench", "serve_bench_main", "load benchmark of one server: --matches N"),
}


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help", "help") or argv[0] not in COMMANDS:
        print("usage: python -m engine COMMAND [ARGS]\n\ncommands:")
        for name, (_, _, doc) in COMMANDS.items():
            print(f"  {name:14s} {doc}")
        return 0 if argv and argv[0] in ("-h", "--help", "help") else 2
    mod, fn, _ = COMMANDS[argv[0]]
    return int(getattr(importlib.import_module(mod), fn)(argv[1:]) or 0)


if __name__ == "__main__":
    sys.exit(main())
