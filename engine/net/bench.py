"""Players over the network: the load benchmark and the tests' players.

    python -m engine serve-bench --matches N [--think 2-8 | --no-think] [--seconds S]
                                 [--waiting W] [--idle I] [--resumes R] [--flood resume|create]
                                 [--db sqlite|postgresql] [--game G] [--seed S] [--sync full|normal]
                                 [--profile FILE]

starts one server process on 127.0.0.1 (a subprocess; its own SQLite file, or its own
throwaway PostgreSQL, in a temporary folder that is always deleted), then models players:

* N live matches played by random legal players who *think* before each decision
  (seeded, uniform in ``--think`` seconds, default 2–8; ``--no-think`` answers at once
  and measures throughput); a finished match is followed by a new one;
* each player leaves and comes back now and then (``--resumes``: reconnections per
  player per minute): a new connection and a ``resume`` of its seat;
* W daily matches created and left waiting for an opponent (the server's memory is
  read before and after: memory per 1,000 waiting matches);
* I idle sockets that say hello and nothing more;
* lobby traffic, if the server has a lobby (a ``lobby`` request now and then);
* optionally a flood: one seated player resuming its seat from 12 connections as
  fast as it is answered, or 10 connections creating matches as fast as they can.

It measures actions per second, the action round trip (``act`` sent → its stored,
acknowledged ``update``) and the *others'* round trip — 20 seated players who ping
every half second — p50/p99, prints them and one JSON line. Bounded: it ends after
the set-up (at most 10 minutes) and S seconds, whatever happens. The clients run in
this process, on the same machine as the server.
"""
from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import signal
import socket
import gc
import subprocess
import sys
import tempfile
import time
import weakref
from pathlib import Path

from ..core.harness import starter_pair
from .client import AsyncClient, SeatState
from . import protocol as P

from ..games import GAME_NAMES as GAMES
#: the game of the waiting matches and the flood's match (any game does)
SOME_GAME = GAMES[0]


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


def start_server_process(db: str, *, port: int = 0, extra_env=None, sync: str = "full", extra_args=(),
                         log_path: str | None = None, profile: str | None = None):
    """``python -m engine serve`` on 127.0.0.1 in a subprocess: ``(process, port)`` (its
    errors go to ``log_path`` when given, else to a pipe read if it fails to start);
    ``profile``: run it under cProfile, its figures written to that file when it stops."""
    env = dict(os.environ)
    env.update(extra_env or {})
    root = Path(__file__).resolve().parents[2]
    env["PYTHONPATH"] = str(root) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    prof = ["-m", "cProfile", "-o", str(profile)] if profile else []
    p = subprocess.Popen([sys.executable, *prof, "-m", "engine", "serve", "--host", "127.0.0.1", "--port", str(port),
                          "--db", db, "--quiet", "--sync", sync, *extra_args], stdout=subprocess.PIPE,
                         stderr=open(log_path, "ab") if log_path else subprocess.PIPE, env=env, cwd=str(root))
    import queue
    import threading
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in iter(p.stdout.readline, b"")] + [lines.put(b"")],
                     daemon=True).start()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=max(0.1, deadline - time.monotonic())).decode()
        except queue.Empty:
            break
        if line.startswith("listening"):
            return p, int(line.split()[1])
        if not line and p.poll() is not None:
            break
    p.kill()
    err = Path(log_path).read_text(errors="replace") if log_path else p.stderr.read().decode()
    raise RuntimeError("the server did not start: " + err[-500:])




# ====================================================================== the load bench
OPEN_LIMITS = ("conns_per_peer=1000000", "conns_total=1000000", "waiting_per_conn=1000000",
               "waiting_per_peer=1000000", "creates_per_peer=1000000")
# used only where the players cannot each have their own loopback address (not Linux)


def _can_bind(addr: str) -> bool:
    try:
        s = socket.socket()
        s.bind((addr, 0))
        s.close()
        return True
    except OSError:
        return False


class Addresses:
    """Each modelled player's own source address on loopback (127.1.x.y on Linux, where the
    whole 127/8 is the machine), so the server's per-address limits see them as the
    different players they are; elsewhere everyone is 127.0.0.1 and the bench lifts them."""

    def __init__(self):
        self.own = _can_bind("127.1.0.1")
        self.n = 0

    def next(self) -> str | None:
        if not self.own:
            return None
        self.n += 1
        return f"127.{1 + self.n // 65000}.{(self.n % 65000) // 250}.{1 + self.n % 250}"


class BenchClient:
    """A light client for many players in one process (it keeps no history)."""

    every: "weakref.WeakSet" = None   # every open one, closed at the bench's end

    def __init__(self, name: str = "Bench", src: str | None = None):
        self.name, self.src = name, src
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.backlog: list[dict] = []
        self.closed = False
        self._ids = itertools.count(1)
        self._task = None
        self.writer = None

    async def connect(self, host: str, port: int) -> "BenchClient":
        kw = {"local_addr": (self.src, 0)} if self.src else {}
        self.reader, self.writer = await asyncio.open_connection(host, port, limit=4 * P.MAX_LINE, **kw)
        self._task = asyncio.get_running_loop().create_task(self._read())
        if BenchClient.every is None:
            BenchClient.every = weakref.WeakSet()
        BenchClient.every.add(self)
        return self

    @classmethod
    def abort_all(cls) -> None:
        for c in list(cls.every or ()):
            if c.writer is not None:
                c.writer.transport.abort()

    async def _read(self) -> None:
        try:
            while True:
                line = await self.reader.readline()
                if not line:
                    break
                await self.inbox.put(json.loads(line))
        except (ConnectionError, OSError, asyncio.IncompleteReadError, ValueError):
            pass
        finally:
            self.closed = True
            self.inbox.put_nowait(None)

    async def send(self, msg: dict) -> bool:
        if self.closed:
            return False
        try:
            self.writer.write(P.encode(dict(msg, v=P.VERSION)))
            await self.writer.drain()
            return True
        except (ConnectionError, OSError):
            return False

    async def next(self, timeout: float = 10.0):
        if self.backlog:
            return self.backlog.pop(0)
        return await asyncio.wait_for(self.inbox.get(), timeout)

    async def request(self, msg: dict, timeout: float = 10.0):
        rid = next(self._ids)
        if not await self.send(dict(msg, id=rid)):
            return None
        while True:
            m = await asyncio.wait_for(self.inbox.get(), timeout)
            if m is None:
                self.inbox.put_nowait(None)
                return None
            if m.get("re") == rid:
                return m
            self.backlog.append(m)

    async def close(self) -> None:
        if self.writer is not None:
            try:
                self.writer.close()
            except Exception:  # noqa: BLE001 - the bench's own socket may already be gone
                pass
        if self._task is not None:
            self._task.cancel()


async def bench_match(port: int, game: str, seed: int, addrs: Addresses, *, pace: str = "live"):
    """Two bench players seated in a new match: ``(clients, states)``."""
    decks = starter_pair(game, seed)
    a = await BenchClient("Ann", addrs.next()).connect("127.0.0.1", port)
    b = await BenchClient("Bo", addrs.next()).connect("127.0.0.1", port)
    sa, sb = SeatState(), SeatState()
    r = await a.request({"t": "create", "game": game, "deck": decks[0].to_json(), "name": "Ann", "pace": pace},
                        timeout=120)
    if r is None or r.get("t") != "created":
        raise RuntimeError(f"create failed: {r}")
    sa.feed(r)
    r2 = await b.request({"t": "join", "code": r["code"], "deck": decks[1].to_json(), "name": "Bo"}, timeout=120)
    if r2 is None or r2.get("t") != "joined":
        raise RuntimeError(f"join failed: {r2}")
    sb.feed(r2)
    for c, s in ((a, sa), (b, sb)):
        for m in c.backlog:
            s.feed(m)
        c.backlog.clear()
    return (a, b), (sa, sb)


async def _freeze_now_and_then(every: float = 10.0) -> None:
    while True:
        await asyncio.sleep(every)
        gc.freeze()


def rss_kb(pid: int) -> int | None:
    """A process's resident memory (KiB), on Linux; None elsewhere."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def _pct(xs, q):
    if not xs:
        return None
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(q * len(xs)))] * 1000, 1)


class _Bench:
    def __init__(self, port: int, a, games, addrs: Addresses):
        self.port, self.a, self.games, self.addrs = port, a, games, addrs
        self.rtts: list[float] = []       # act -> its update
        self.pings: list[float] = []      # the others' round trip
        self.measuring = False
        self.actions = 0
        self.finished = 0
        self.resumes = 0
        self.refused_resumes = 0
        self.lobby = None                 # True once the server answered a lobby request
        self.failures: list[str] = []
        self.idle_closed = 0
        self.flood_sent = 0
        self.errors = 0

    async def connect(self, name="Bench", src=None):
        return await BenchClient(name, src or self.addrs.next()).connect("127.0.0.1", self.port)

    # -------------------------------------------------------------- players
    async def seat(self, c, s: SeatState, rng: random.Random) -> None:
        a = self.a
        think = None if a.no_think else (a.think_lo, a.think_hi)
        leave_p = a.resumes / 60.0        # reconnections per player per second of play
        while s.result is None:
            if not s.my_move:
                try:
                    m = await c.next(180)
                except asyncio.TimeoutError:
                    m = None
                if m is None:
                    c, ok = await self.come_back(c, s)
                    if not ok:
                        return
                    continue
                s.feed(m)
                continue
            if think is not None:
                wait = rng.uniform(*think)
                await asyncio.sleep(wait)
                if leave_p and rng.random() < min(1.0, leave_p * wait):
                    await c.close()
                    c, ok = await self.come_back(c, s)
                    if not ok:
                        return
                    continue
            action = s.legal[rng.randrange(len(s.legal))]
            t0 = time.perf_counter()
            try:
                r = await c.request({"t": "act", "match": s.match, "action": action, "index": s.index}, timeout=120)
            except asyncio.TimeoutError:
                r = None
            dt = time.perf_counter() - t0
            if r is None:
                c, ok = await self.come_back(c, s)
                if not ok:
                    return
                continue
            if r.get("t") == "error":
                # the match moved on without us (a server timeout decided, a resume raced):
                # take what came meanwhile, and if still out of step, sit down again
                for m in c.backlog:
                    s.feed(m)
                c.backlog.clear()
                if r.get("code") != "stale":
                    self.errors += 1
                    await c.close()
                    c, ok = await self.come_back(c, s)
                    if not ok:
                        return
                continue
            if self.measuring:
                self.rtts.append(dt)
                self.actions += 1
            s.feed(r)
        await c.close()

    async def come_back(self, old, s: SeatState):
        """The player's program reconnects and resumes its seat (as the app does)."""
        for _ in range(10):
            try:
                c = await self.connect()
            except OSError:
                await asyncio.sleep(0.5)
                continue
            try:
                r = await c.request({"t": "resume", "match": s.match, "token": s.token, "have": s.index}, timeout=60)
            except asyncio.TimeoutError:
                r = None
            if r is None:
                await c.close()
                await asyncio.sleep(0.5)
                continue
            if r.get("t") == "error":
                self.refused_resumes += 1
                await c.close()
                await asyncio.sleep(1.5)
                continue
            self.resumes += 1
            for m in [m for m in c.backlog] + [r]:
                s.feed(m)
            c.backlog.clear()
            return c, True
        return old, False

    async def match_loop(self, i: int, opened: list, gate: asyncio.Semaphore) -> None:
        g = self.games[i % len(self.games)]
        k = 0
        while True:
            async with gate:     # matches are opened a few at a time (as players arrive), not all at once
                clients, states = await bench_match(self.port, g, self.a.seed + i * 1000 + k, self.addrs)
            if k == 0:
                opened[0] += 1
            rngs = [random.Random((self.a.seed + i) * 7919 + k * 2 + j) for j in (0, 1)]
            await asyncio.gather(*(self.seat(c, st, r) for c, st, r in zip(clients, states, rngs)))
            self.finished += 1
            k += 1

    # -------------------------------------------------------------- the others' round trip
    async def pinger(self, c) -> None:
        while True:
            t0 = time.perf_counter()
            r = await c.request({"t": "ping"}, timeout=60)
            if r is None:
                return
            if self.measuring:
                self.pings.append(time.perf_counter() - t0)
            await asyncio.sleep(0.5)

    async def lobby_loop(self, rng) -> None:
        c = await self.connect("Lobby")
        while True:
            r = await c.request({"t": "lobby"}, timeout=60)
            if r is None:
                return
            if r.get("t") == "error" and r.get("code") == P.E_UNKNOWN_TYPE:
                self.lobby = False
                await c.close()
                return
            self.lobby = True
            await asyncio.sleep(rng.uniform(1, 5))

    async def idle_socket(self) -> None:
        c = await self.connect("Idle")
        await c.request({"t": "hello", "name": "Idle"})
        m = await c.next(10 ** 6)
        while m is not None:
            m = await c.next(10 ** 6)
        self.idle_closed += 1

    # -------------------------------------------------------------- floods
    def start_flood(self, kind: str):
        """The flood runs in its own process (its own address, 127.9.9.9 where possible),
        so its client work does not slow this process's measuring."""
        args = [sys.executable, "-m", "engine.net.bench", "--flood-worker", kind, "--port", str(self.port)]
        if kind == "resume":
            args += ["--match", self.flood_seat.match, "--token", self.flood_seat.token]
        root = Path(__file__).resolve().parents[2]
        env = dict(os.environ)
        env["PYTHONPATH"] = str(root) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=str(root))


async def _flood_worker(kind: str, port: int, match: str | None, token: str | None, src: str | None) -> None:
    """A flooder that never gives up: 12 connections resuming one seat (or 10 creating
    matches) as fast as they are answered, each reconnecting when the server closes it.
    Prints how many requests it sent and how many connections the server closed."""
    deck = starter_pair(SOME_GAME, 1)[0].to_json()
    sent = [0, 0]

    async def one():
        while True:
            try:
                c = await BenchClient("Flood", src).connect("127.0.0.1", port)
            except OSError:
                await asyncio.sleep(0.05)
                continue
            while True:
                msg = {"t": "resume", "match": match, "token": token} if kind == "resume" else \
                    {"t": "create", "game": SOME_GAME, "deck": deck, "pace": "daily"}
                try:
                    r = await c.request(msg, timeout=30)
                except asyncio.TimeoutError:
                    r = None
                sent[0] += 1
                if r is None:
                    sent[1] += 1
                    break
                c.backlog.clear()
            await c.close()

    tasks = [asyncio.ensure_future(one()) for _ in range(12 if kind == "resume" else 10)]
    try:
        while True:
            await asyncio.sleep(1)
            print(json.dumps({"sent": sent[0], "closed": sent[1]}), flush=True)
    finally:
        for t in tasks:
            t.cancel()


async def _waiting(port: int, n: int, addrs: Addresses) -> int:
    """``n`` daily matches created and left waiting, each host on its own address (five
    matches a connection, the server's quota), the connections then closed."""
    deck = starter_pair(SOME_GAME, 1)[0].to_json()
    made = 0
    per = 5 if addrs.own else 50

    async def host(k):
        c = await BenchClient("Host", addrs.next()).connect("127.0.0.1", port)
        got = 0
        for _ in range(k):
            r = await c.request({"t": "create", "game": SOME_GAME, "deck": deck, "pace": "daily", "name": "Host"},
                                timeout=120)
            got += r is not None and r.get("t") == "created"
        await c.close()
        return got
    for start in range(0, n, per * 20):
        ks = [min(per, n - x) for x in range(start, min(n, start + per * 20), per)]
        made += sum(await asyncio.gather(*(host(k) for k in ks)))
    return made


async def _run(port: int, pid: int, a, games, addrs: Addresses) -> dict:
    b = _Bench(port, a, games, addrs)
    tasks = []
    flood = None
    out: dict = {"matches": a.matches, "think": None if a.no_think else [a.think_lo, a.think_hi],
                 "waiting": a.waiting, "idle": a.idle, "resumes_per_min": a.resumes, "flood": a.flood,
                 "db": a.db, "sync": a.sync, "own_addresses": addrs.own}
    try:
        if a.waiting:
            warm = min(100, max(1, a.waiting // 10))    # the first ones warm the server up (not counted)
            made = await asyncio.wait_for(_waiting(port, warm, addrs), 600)
            await asyncio.sleep(1.0)
            mem0 = rss_kb(pid)
            made = await asyncio.wait_for(_waiting(port, a.waiting - warm, addrs), 600)
            await asyncio.sleep(1.0)
            mem1 = rss_kb(pid)
            out["waiting_made"] = made + warm
            if mem0 is not None and mem1 is not None and made:
                out["mb_per_1000_waiting"] = round((mem1 - mem0) / 1024 / made * 1000, 2)
        opened = [0]
        gate = asyncio.Semaphore(16)
        tasks += [asyncio.ensure_future(b.match_loop(i, opened, gate)) for i in range(a.matches)]
        tasks += [asyncio.ensure_future(b.idle_socket()) for _ in range(a.idle)]
        tasks.append(asyncio.ensure_future(b.lobby_loop(random.Random(a.seed))))
        print("... server started; opening matches", file=sys.stderr, flush=True)
        probes = []
        for i in range(10):   # 20 seated players who only ping: the others' round trip
            clients, _states = await bench_match(port, GAMES[i % 3], 500 + i, addrs, pace="daily")
            probes += clients
        tasks += [asyncio.ensure_future(b.pinger(c)) for c in probes]
        # the clock starts once every match is open (the handshakes are not actions)
        t_open = time.perf_counter()
        for i in range(int(600 / 0.05)):
            if opened[0] >= a.matches or all(t.done() for t in tasks[:a.matches]):
                break
            if i % 200 == 199:
                print(f"... {opened[0]} of {a.matches} matches open", file=sys.stderr, flush=True)
            await asyncio.sleep(0.05)
        out["open_s"] = round(time.perf_counter() - t_open, 1)
        broken = [t for t in tasks[:a.matches] if t.done() and not t.cancelled() and t.exception() is not None]
        if broken:
            print(f"... {len(broken)} match(es) could not be opened: {broken[0].exception()!r}"[:300],
                  file=sys.stderr, flush=True)
        if a.flood != "none":
            if a.flood == "resume":
                _c, states = await bench_match(port, SOME_GAME, 99, addrs)
                b.flood_seat = states[0]
            flood = b.start_flood(a.flood)
        await asyncio.sleep(min(5.0, a.seconds / 4))     # warm-up: the first thinking is done
        # the players stand for many machines: this one process's garbage collection walking
        # all of them at once would be counted as the server's delay (see server.FREEZE_EVERY)
        gc.freeze()
        keeper = asyncio.ensure_future(_freeze_now_and_then())
        tasks.append(keeper)
        b.measuring = True
        t0 = time.perf_counter()
        await asyncio.sleep(a.seconds)
        b.measuring = False
        keeper.cancel()
        gc.unfreeze()
        el = time.perf_counter() - t0
        mem2 = rss_kb(pid)
        out.update({"seconds": round(el, 1), "actions": b.actions, "actions_per_s": round(b.actions / el, 1),
                    "act_p50_ms": _pct(b.rtts, 0.5), "act_p99_ms": _pct(b.rtts, 0.99),
                    "others_ping_p50_ms": _pct(b.pings, 0.5), "others_ping_p99_ms": _pct(b.pings, 0.99),
                    "pings": len(b.pings), "finished_games": b.finished, "resumes": b.resumes,
                    "refused_resumes": b.refused_resumes, "idle_closed_by_server": b.idle_closed,
                    "refused_actions": b.errors, "lobby": b.lobby, "server_rss_mb": None if mem2 is None else round(mem2 / 1024, 1)})
        failed = [t for t in tasks[:a.matches] if t.done() and not t.cancelled() and t.exception() is not None]
        out["failed_matches"] = len(failed)
        if failed:
            out["first_failure"] = repr(failed[0].exception())[:200]
    finally:
        if flood is not None:
            flood.kill()
            last = [x for x in flood.communicate(timeout=10)[0].decode().splitlines() if x.startswith("{")]
            if last:
                f = json.loads(last[-1])
                b.flood_sent, out["flood_closed_by_server"] = f["sent"], f["closed"]
        out["flood_requests"] = b.flood_sent
        for t in tasks:
            t.cancel()
        if tasks:   # a cancellation lost inside wait_for (Python 3.11) must not keep the bench waiting
            await asyncio.wait(tasks, timeout=5)
    return out


def _think(text: str) -> tuple[float, float]:
    lo, _, hi = text.partition("-")
    lo, hi = float(lo), float(hi or lo)
    if not 0 <= lo <= hi <= 60:
        raise argparse.ArgumentTypeError("think times are MIN-MAX seconds, 0 <= MIN <= MAX <= 60")
    return lo, hi


def serve_bench_main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine serve-bench",
                                 description="Load benchmark of one Cardhall server on loopback, with modelled "
                                             "players. Always ends by itself and deletes its folder.")
    ap.add_argument("--matches", type=int, default=200, help="live matches played at once (default 200)")
    ap.add_argument("--seconds", type=float, default=20.0, help="how long to measure (default 20)")
    ap.add_argument("--think", type=_think, default=(2.0, 8.0), metavar="MIN-MAX",
                    help="seconds a player thinks before each decision, seeded (default 2-8)")
    ap.add_argument("--no-think", action="store_true", help="players answer at once (throughput)")
    ap.add_argument("--resumes", type=float, default=0.5,
                    help="reconnections + resumes per player per minute of play (default 0.5; 0: none)")
    ap.add_argument("--waiting", type=int, default=1000, help="daily matches left waiting for an opponent "
                    "(default 1000; memory per 1,000 is measured)")
    ap.add_argument("--idle", type=int, default=100, help="idle sockets (default 100)")
    ap.add_argument("--flood", choices=("none", "resume", "create"), default="none",
                    help="a resume flood (one seat from 12 connections) or a create flood (10 connections)")
    ap.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite",
                    help="the server's storage (postgresql: a throwaway cluster in the bench's folder)")
    ap.add_argument("--game", choices=GAMES, default=None, help="one game only (default: all three in turn)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sync", choices=("full", "normal"), default="full",
                    help="the server's synchronous mode (default full, as `serve`)")
    ap.add_argument("--profile", metavar="FILE", help="run the server under cProfile and write its figures to "
                    "FILE when it stops (read them with python -m pstats FILE)")
    ap.add_argument("--flood-worker", choices=("resume", "create"), help=argparse.SUPPRESS)
    ap.add_argument("--port", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--match", help=argparse.SUPPRESS)
    ap.add_argument("--token", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))   # stopped from outside: still clean up
    if a.flood_worker:      # the flood's own process (started by the bench, killed by it)
        src = "127.9.9.9" if _can_bind("127.9.9.9") else None
        try:
            asyncio.run(asyncio.wait_for(_flood_worker(a.flood_worker, a.port, a.match, a.token, src), 1800))
        except (asyncio.TimeoutError, KeyboardInterrupt):
            pass
        return 0
    a.think_lo, a.think_hi = a.think
    a.matches = max(1, a.matches)
    games = (a.game,) if a.game else GAMES
    pg = proc = None
    start = time.monotonic()
    # a hard bound whatever happens (even a stalled loop): stop this process, cleaning up
    import threading
    watchdog = threading.Timer(600 + a.seconds + 120, lambda: os.kill(os.getpid(), signal.SIGTERM))
    watchdog.daemon = True
    watchdog.start()
    with tempfile.TemporaryDirectory(prefix="cardhall-serve-bench-") as d:
        try:
            if a.db == "postgresql":
                from .pglocal import LocalPostgres
                pg = LocalPostgres().start()
                db = pg.url
            else:
                db = str(Path(d) / "bench.sqlite3")
            addrs = Addresses()
            extra = [] if addrs.own else [x for lim in OPEN_LIMITS for x in ("--limit", lim)]
            proc, port = start_server_process(db, sync=a.sync, extra_args=extra, log_path=str(Path(d) / "server.log"),
                                              profile=os.path.abspath(a.profile) if a.profile else None)
            budget = 600 + a.seconds + 60     # set-up, measuring, closing: then it ends whatever happens
            loop = asyncio.new_event_loop()
            try:
                out = loop.run_until_complete(asyncio.wait_for(_run(port, proc.pid, a, games, addrs), budget))
            finally:
                # players still between two awaits are dropped with the loop, quietly
                loop.set_exception_handler(lambda _loop, _ctx: None)
                BenchClient.abort_all()
                loop.run_until_complete(asyncio.sleep(0.2))
                loop.close()
        except asyncio.TimeoutError as e:
            import traceback
            traceback.print_exception(e, limit=4, file=sys.stderr)
            print(f"the bench did not finish within its bound ({time.monotonic() - start:.0f} s): stopped",
                  file=sys.stderr)
            return 1
        finally:
            if proc is not None:
                proc.terminate()
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(10)
            if pg is not None:
                pg.stop()
    think = "no thinking" if a.no_think else f"thinking {a.think_lo:g}-{a.think_hi:g} s"
    print(f"{out['matches']} live matches ({think}) + {out.get('waiting_made', 0)} waiting daily + {a.idle} idle "
          f"sockets on one server ({a.db}, sync {a.sync}, loopback, {out['seconds']} s"
          f"{', ' + a.flood + ' flood' if a.flood != 'none' else ''}): "
          f"{out['actions_per_s']} actions/s, act round trip p50 {out['act_p50_ms']} ms, p99 {out['act_p99_ms']} ms; "
          f"others' ping p50 {out['others_ping_p50_ms']} ms, p99 {out['others_ping_p99_ms']} ms; "
          f"{out.get('mb_per_1000_waiting')} MB per 1,000 waiting matches; "
          f"{out['resumes']} resumes, {out['finished_games']} games finished, {out['failed_matches']} failed")
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(serve_bench_main())
