"""Start Cardhall with the online table playing random legal moves for our seat
(one every six frames): a test aid for tests/manual/online_two_apps.sh, never part of
the program. ``python tests/manual/online_autoplay.py SEED [client arguments]``."""
from __future__ import annotations

import os
import random
import sys


def random_mover(seed: int, every: int = 6):
    """A mover for :attr:`client.table.online.OnlineLink.auto_mover`."""
    rng = random.Random(seed)
    wait = [0]

    def mover(table):
        wait[0] += 1
        if wait[0] < every:
            return None
        wait[0] = 0
        legal = table.match.legal_actions()
        return legal[rng.randrange(len(legal))] if legal else None
    return mover


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    seed = int(argv.pop(0)) if argv and argv[0].isdigit() else 1
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    from client.table.online import OnlineLink
    OnlineLink.auto_mover = staticmethod(random_mover(seed))
    from client.cli import main as client_main
    return client_main(argv)


if __name__ == "__main__":
    raise SystemExit(main())
