"""``python -m client --demo GAME``: AI against AI on the real table."""
from __future__ import annotations


def run_demo(app, game, seed, frames_dir=None, every=10, level="easy", max_seconds=600.0,
             max_actions=3000) -> int:
    """``python -m client --demo GAME``: AI against AI on the real table; a
    screenshot every ``every`` actions and at the end; one JSON line; exit 0."""
    import json
    import sys
    import time
    from pathlib import Path

    from engine.core.harness import starter_pair
    from engine.core.session import MatchSession

    from client.scenes import scene_class
    decks = starter_pair(game, seed)
    session = MatchSession.new(game, decks, seed, None,
                               {"mode": "watch", "ai": level, "names": ["AI 1", "AI 2"], "ai_seed": seed})
    cls = scene_class("table", game)
    sc = cls(app, game=game, session=session, mode="watch", ai_level=level)
    sc.name = "table"
    app.scenes.switch(sc)
    out = Path(frames_dir) if frames_dir else None
    if out:
        out.mkdir(parents=True, exist_ok=True)
    saved = []
    next_shot = 0
    t_end = time.monotonic() + max_seconds
    while app.running and time.monotonic() < t_end:
        app.step()
        if out and sc.actions_applied >= next_shot and not sc.anims.busy:
            p = out / f"{game}-{seed}-{sc.actions_applied:05d}.png"
            app.screenshot(p)
            saved.append(str(p))
            next_shot = sc.actions_applied + max(1, every)
        if sc.result() is not None and not sc.anims.busy and app.scenes.top is not sc:
            break
        if len(session) >= max_actions:
            print(f"demo: stopped after {max_actions} actions without a result", file=sys.stderr)
            break
        if sc.driver.busy():
            time.sleep(0.001)  # let the AI thread run
    for _ in range(10):
        app.step()
    if out:
        p = out / f"{game}-{seed}-final.png"
        app.screenshot(p)
        saved.append(str(p))
    res = sc.result()
    print(json.dumps({"game": game, "seed": seed, "actions": len(session), "turns": session.match.turn(),
                      "result": res.to_json() if res else None, "frames": len(saved)}))
    return 0 if res is not None else 1
