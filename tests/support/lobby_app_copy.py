"""One copy of the app, driven through its window (dummy video driver), that finds an
opponent through a community server's lobby and plays the match out with random legal
moves: ``tests/e2e/test_lobby_two_apps.py`` starts two of these against one standalone
server. Prints ``code XXXXXXXXXX`` (a private match's code, for the other copy) and at
the end ``done {json}``: the result as this copy's table has it and its new rating.

    python tests/support/lobby_app_copy.py HOME PORT NAME GAME quick|private|join[:CODE] SEED
"""
from __future__ import annotations

import json
import random
import sys
import time


def until(d, pred, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if pred():
            return True
        d.step()
        time.sleep(0.005)
    raise SystemExit(f"gave up waiting ({seconds} s): {getattr(d.scene, 'status', '')}")


def typed(d, widget, text):
    d.click(widget)
    d.key("a", ctrl=True)
    d.key("backspace")
    d.type_text(text)


def main(home, port, name, game, mode, seed) -> int:
    from client.devtools.testing import Driver
    d = Driver(home)
    d.app.settings.animation_speed = "instant"
    d.open("game_menu", game=game)
    d.click("online")
    d.click("community")
    typed(d, "name", name)
    typed(d, "address", f"127.0.0.1:{port}")
    d.click("add_server")
    sc = d.scene
    until(d, lambda: sc.lobby is not None, 30)
    if mode == "quick":
        d.click("quick")
    elif mode == "private":
        d.click("create_private")
        until(d, lambda: sc.waiting_code is not None, 30)
        print("code", sc.session.code, flush=True)
    else:
        typed(d, "code", mode.split(":", 1)[1])
        d.click("join_code")
    until(d, lambda: d.scene.name == "table", 120)
    t = d.scene
    rng = random.Random(int(seed))
    end = time.monotonic() + 240
    while time.monotonic() < end:
        d.step()
        if t.result() is not None and not t.anims.busy and not t.session.pending:
            break
        if t.human_to_move() and not t.busy() and t.session.connected:
            legal = t.match.legal_actions()
            t.perform(legal[rng.randrange(len(legal))])
        time.sleep(0.001)
    res = t.result()
    if res is None:
        raise SystemExit("the match did not end")
    d.app.scenes.switch("lobby", game=game, server=f"127.0.0.1:{port}")
    lb = d.scene
    until(d, lambda: lb.lobby is not None and lb.lobby["ratings"][game]["games"] == 1, 30)
    final = t.session.final          # as the server said it (the table words it for its seat)
    assert final is not None and final.winner == res.winner
    print("done", json.dumps({"winner": final.winner, "reason": final.reason, "seat": t.session.seat,
                              "names": list(t.session.names), "actions": len(t.session),
                              "rating": lb.lobby["ratings"][game]["rating"]}), flush=True)
    d.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:7]))
