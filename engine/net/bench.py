"""Random players over the network: the load benchmark and the tests' players.

    python -m engine serve-bench --matches N [--game G] [--seconds S] [--seed S]

starts one server process on 127.0.0.1 (a subprocess, its own SQLite file in
a temporary folder), opens N matches (games in turn: Everdawn, Evons, Essveil;
a finished match is followed by a new one), lets random legal players play
them all at once for S seconds, and prints actions per second and the action
round trip p50/p99 (``act`` sent → its stored, acknowledged ``update``), then
one JSON line. The clients run in this process, on the same machine.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ..core.harness import starter_pair
from .client import AsyncClient, SeatState

GAMES = ("everdawn", "evons", "essveil")


async def open_match(host, port, game, seed, *, pace="live", names=("Ann", "Bo"), decks=None):
    """Two connected clients seated in a new match: ``(clients, states)``."""
    decks = decks or starter_pair(game, seed)
    a = await AsyncClient(names[0]).connect(host, port)
    b = await AsyncClient(names[1]).connect(host, port)
    sa, sb = SeatState(), SeatState()
    r = await a.request({"t": "create", "game": game, "deck": decks[0].to_json(), "name": names[0], "pace": pace})
    if r is None or r.get("t") != "created":
        raise RuntimeError(f"create failed: {r}")
    sa.feed(r)
    r2 = await b.request({"t": "join", "code": r["code"], "deck": decks[1].to_json(), "name": names[1]})
    if r2 is None or r2.get("t") != "joined":
        raise RuntimeError(f"join failed: {r2}")
    sb.feed(r2)
    return (a, b), (sa, sb), r["code"]


async def drain(client: AsyncClient, state: SeatState, timeout: float = 0.0) -> None:
    """Fold every message already received into ``state`` (waiting ``timeout`` for the first)."""
    while True:
        try:
            m = await client.next(timeout)
        except asyncio.TimeoutError:
            return
        if m is None:
            return
        state.feed(m)
        timeout = 0.0


async def play_seat(c: AsyncClient, s: SeatState, rng, *, rtts=None, stop_at=None, choose=None,
                    max_actions: int = 6000, idle: float = 30.0) -> int:
    """One seat's random legal play until the match ends (or ``stop_at`` actions)."""
    sent = 0
    while s.result is None and sent < max_actions and (stop_at is None or s.index < stop_at):
        if not s.my_move:
            m = await c.next(idle)
            if m is None:
                raise RuntimeError("the server closed the connection")
            s.feed(m)
            continue
        a = choose(s) if choose else s.legal[rng.randrange(len(s.legal))]
        t0 = time.perf_counter()
        r = await c.request({"t": "act", "match": s.match, "action": a, "index": s.index}, timeout=idle)
        if rtts is not None:
            rtts.append(time.perf_counter() - t0)
        if r is None:
            raise RuntimeError("the server closed the connection")
        if r.get("t") == "error":
            raise RuntimeError(f"refused: {r}")
        s.feed(r)
        sent += 1
    return sent


async def play_out(clients, states, seed: int, *, rtts=None, stop_at=None, choose=None,
                   max_actions: int = 6000) -> int:
    """Both seats play random legal moves at once until the match ends: actions sent."""
    rng = [__import__("random").Random(seed * 2 + i) for i in (0, 1)]
    n = await asyncio.gather(*(play_seat(c, s, r, rtts=rtts, stop_at=stop_at, choose=choose,
                                         max_actions=max_actions)
                               for c, s, r in zip(clients, states, rng)))
    return sum(n)


def start_server_process(db: str, *, port: int = 0, extra_env=None, sync: str = "full"):
    """``python -m engine serve`` on 127.0.0.1 in a subprocess: ``(process, port)``."""
    env = dict(os.environ)
    env.update(extra_env or {})
    root = Path(__file__).resolve().parents[2]
    env["PYTHONPATH"] = str(root) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    p = subprocess.Popen([sys.executable, "-m", "engine", "serve", "--host", "127.0.0.1", "--port", str(port),
                          "--db", db, "--quiet", "--sync", sync], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                         cwd=str(root))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = p.stdout.readline().decode()
        if line.startswith("listening"):
            return p, int(line.split()[1])
        if not line and p.poll() is not None:
            break
    p.kill()
    raise RuntimeError("the server did not start: " + p.stderr.read().decode()[-500:])


async def _bench(port: int, n: int, seconds: float, seed: int, games) -> dict:
    rtts: list = []
    done = [0]
    opened = [0]

    async def one(i):
        g = games[i % len(games)]
        k = 0
        while True:
            clients, states, _ = await open_match("127.0.0.1", port, g, seed + i * 1000 + k)
            opened[0] += 1
            try:
                await play_out(clients, states, seed + i, rtts=rtts)
                done[0] += 1
            finally:
                for c in clients:
                    await c.close()
            k += 1

    tasks = [asyncio.ensure_future(one(i)) for i in range(n)]
    # the clock starts once every match is open (the handshakes are not actions)
    for _ in range(int(600 / 0.05)):
        if opened[0] >= n or all(t.done() for t in tasks):
            break
        await asyncio.sleep(0.05)
    del rtts[:]
    t0 = time.perf_counter()
    await asyncio.sleep(seconds)
    count = len(rtts)
    el = time.perf_counter() - t0
    sample = sorted(rtts[:count])
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    failed = [t for t in tasks if t.done() and not t.cancelled() and t.exception() is not None]

    def pct(q):
        return round(sample[min(len(sample) - 1, int(q * len(sample)))] * 1000, 2) if sample else None
    return {"matches": n, "seconds": round(el, 1), "actions": count, "finished_games": done[0],
            "actions_per_s": round(count / el, 1), "rtt_p50_ms": pct(0.5), "rtt_p99_ms": pct(0.99),
            "failed_matches": len(failed)}


def serve_bench_main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine serve-bench")
    ap.add_argument("--matches", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=20.0, help="how long to play (default 20)")
    ap.add_argument("--game", choices=GAMES, default=None, help="one game only (default: all three in turn)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sync", choices=("full", "normal"), default="full",
                    help="the server's SQLite synchronous mode (default full, as `serve`)")
    a = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as d:
        proc, port = start_server_process(str(Path(d) / "bench.sqlite3"), sync=a.sync)
        try:
            out = asyncio.run(_bench(port, max(1, a.matches), a.seconds, a.seed,
                                     (a.game,) if a.game else GAMES))
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    print(f"{out['matches']} concurrent matches on one server (loopback, {out['seconds']} s): "
          f"{out['actions_per_s']} actions/s, round trip p50 {out['rtt_p50_ms']} ms, p99 {out['rtt_p99_ms']} ms "
          f"({out['actions']} actions, {out['finished_games']} games finished, SQLite synchronous={a.sync})")
    print(json.dumps(out))
    return 0
