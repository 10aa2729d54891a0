"""The Cardhall server: asyncio over plain TCP, one JSON message per line.

    python -m engine serve [--host H] [--port P] [--db PATH | postgresql://…] [--check]
                                                                      (also: cardhall-server)

One process serves any number of matches of all three games; the judging is
:class:`engine.net.hall.Hall`, this module only moves lines and keeps the
connection limits (:class:`engine.net.limits.Limits`): a line of at most
:data:`~engine.net.protocol.MAX_LINE` bytes (longer: an error and the connection
is closed), a token bucket of :data:`~engine.net.protocol.FLOOD_RATE` messages a
second (a flood: an error and the connection is closed), a cap on connections
per address and in all, a connection that says nothing or leaves half a message
unfinished is closed, and a client that does not read its messages is dropped
once 4 MB wait for it. Nothing a client sends can stop the server.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import signal
import sys
import threading
import time

from . import protocol as P
from .hall import Conn, Hall, check_storage
from .limits import Limits
from .storage import _hide_password, open_storage

MAX_BUFFER = 4 << 20
TICK = 0.25
SWEEP = 1.0        # how often silent and half-finished connections are looked for (seconds)
#: Python's full garbage collection walks every object the server holds: with 2,000 live
#: matches one walk stalls every table for 100-400 ms. What has lived a while (the matches,
#: the hall) is moved out of its reach every FREEZE_EVERY seconds, and once every
#: FULL_GC_EVERY seconds everything is collected in one go (a cycle that died among the
#: frozen objects is freed then), so stalls are rare instead of every few seconds.
FREEZE_EVERY = 10.0
FULL_GC_EVERY = 900.0


#: seconds a refused connection is kept open at most for its refusal to be read
REFUSAL_LINGER = 2.0


async def _linger(reader, writer, seconds: float = 0.5) -> None:
    """Let a refusal reach the other side before closing: end our writing and read (and
    drop) what it still sends for a moment. Closed at once, a socket with unread input
    resets the connection, and the reset can discard the refusal before it is read."""
    try:
        await asyncio.wait_for(writer.drain(), seconds)
        if writer.can_write_eof():
            writer.write_eof()

        async def until_eof():
            while await reader.read(4096):
                pass
        await asyncio.wait_for(until_eof(), seconds)
    except (asyncio.TimeoutError, ConnectionError, OSError):
        pass


class TcpConn(Conn):
    def __init__(self, writer, peer: str, now=time.monotonic):
        super().__init__(peer)
        self.writer = writer
        self._now = now
        self._tokens = float(P.FLOOD_BURST)
        self._t = now()
        self.opened = self._t
        self.last_seen: float | None = None   # when its last message came (monotonic)
        self.partial_since: float | None = None  # when the unfinished line began

    srv = None   # the Server, when it holds messages back for a group commit

    def send_bytes(self, data: bytes) -> None:
        if self.closed:
            return
        srv = self.srv
        if srv is not None and (srv.held or srv.storage.dirty or srv.committing is not None):
            srv.hold(self, data)       # sent once the writes before it are durable
            return
        self.write_now(data)

    def send(self, msg: dict) -> None:
        srv = self.srv
        if msg.get("t") == "pong" and srv is not None and self.n_held == 0:
            self.write_now(P.encode(msg))   # a pong tells nothing of any write: never waits for one
            return
        self.send_bytes(P.encode(msg))

    n_held = 0      # messages of this connection held back for a commit

    def write_now(self, data: bytes) -> None:
        if self.closed:
            return
        try:
            self.writer.write(data)
            if self.writer.transport.get_write_buffer_size() > MAX_BUFFER:
                self.close()
        except Exception:  # noqa: BLE001 - a broken socket just ends this connection
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            try:
                self.writer.close()
            except Exception:  # noqa: BLE001 - the peer may already be gone
                pass

    def allow(self) -> bool:
        """Token bucket: False when the client sends faster than the flood limit."""
        t = self._now()
        self._tokens = min(float(P.FLOOD_BURST), self._tokens + (t - self._t) * P.FLOOD_RATE)
        self._t = t
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True

    def overdue(self, now: float, lim: Limits) -> str | None:
        """Why this connection is to be closed now (silent or half a message too long), or None."""
        if self.partial_since is not None and now - self.partial_since > lim.half_message:
            return "half"
        if self.last_seen is None:
            return "idle" if now - self.opened > lim.idle_fresh else None
        quiet = now - self.last_seen
        if self.heartbeat is not None:
            limit = 3 * self.heartbeat + 5
        elif self.attached:
            limit = lim.idle_seated
        else:
            limit = lim.idle
        return "idle" if quiet > limit else None


class Server:
    """The asyncio side: accept connections, feed lines to the hall, tick its clocks,
    close connections that are silent or leave half a message."""

    def __init__(self, hall: Hall, host: str = "127.0.0.1", port: int = 0, *, tick: float = TICK,
                 now=time.monotonic, group_commit: bool = False, on_fatal=None, freeze_gc: bool = False):
        self.hall = hall
        self.freeze_gc = freeze_gc      # a server process of its own (see FREEZE_EVERY)
        self.storage = hall.storage
        self.group_commit = group_commit
        self.on_fatal = on_fatal
        self.held: list = []
        self.committing = None          # the messages held behind the commit under way
        self._flush_at = None
        self.commits = 0
        self.host = host
        self.port = port
        self.tick_every = tick
        self.limits = hall.limits
        self._now = now
        self._srv = None
        self._tasks: list = []
        self.conns: set[TcpConn] = set()
        self.per_peer: dict[str, int] = {}
        self.closed_for = {"idle": 0, "half": 0, "cap": 0}

    # ------------------------------------------------------------ group commit
    def hold(self, conn, data: bytes) -> None:
        self.held.append((conn, data))
        conn.n_held += 1
        self._schedule_flush()

    def _schedule_flush(self) -> None:
        if self._flush_at is None and self.group_commit and self.committing is None:
            self._flush_at = asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        """Commit every write of this turn of the loop (one sync for all of them) on the
        storage's writer thread — the loop serves everyone meanwhile — then send what was
        held back behind them, in order. Writes and messages of the turns while it syncs
        wait for the next commit, which starts as soon as this one ends."""
        self._flush_at = None
        if self.committing is not None:
            return                      # the next commit starts when this one ends (_committed)
        batch, self.held = self.held, []
        try:
            fut = self.storage.commit_async()
        except Exception as e:  # noqa: BLE001 - nothing not durable may be sent: stop
            self._fatal(e)
            return
        if fut is None:
            self._release(batch)
            return
        self.committing = batch
        loop = asyncio.get_running_loop()
        def done(f):
            try:
                loop.call_soon_threadsafe(self._committed, f)
            except RuntimeError:        # the loop has closed (the server stopped): nothing to send
                pass
        fut.add_done_callback(done)

    def _committed(self, fut) -> None:
        batch, self.committing = self.committing, None
        try:
            self.storage.settle(fut)
            self.commits += 1
        except Exception as e:  # noqa: BLE001 - nothing not durable may be sent: stop
            self._fatal(e)
            return
        self._release(batch or [])
        if self.held or self.storage.dirty:
            self._schedule_flush()

    @staticmethod
    def _release(batch) -> None:
        for conn, data in batch:
            conn.n_held -= 1
            conn.write_now(data)

    def _fatal(self, e) -> None:
        self.hall.log(f"the database refused a commit ({type(e).__name__}: {e}): the server stops; "
                      "started again it resumes every match from the database")
        self.held = []
        self.committing = None
        for c in list(self.conns):
            c.close()
        if self.on_fatal is not None:
            self.on_fatal(e)

    def _after_hall(self) -> None:
        if self.group_commit and self.storage.dirty:
            self._schedule_flush()

    async def start(self) -> "Server":
        if self.group_commit:
            self.storage.batch = True
        self._srv = await asyncio.start_server(self._client, self.host, self.port, limit=P.MAX_LINE)
        self.port = self._srv.sockets[0].getsockname()[1]
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._tick()), loop.create_task(self._sweep())]
        if self.freeze_gc:
            self._tasks.append(loop.create_task(self._keep_gc()))
        return self

    async def _keep_gc(self) -> None:
        gc.freeze()
        since_full = 0.0
        while True:
            await asyncio.sleep(FREEZE_EVERY)
            since_full += FREEZE_EVERY
            if since_full >= FULL_GC_EVERY:
                since_full = 0.0
                gc.unfreeze()
                gc.collect()
            gc.freeze()

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(self.tick_every)
            try:
                self.hall.tick()
            except Exception as e:  # noqa: BLE001 - keep serving
                self.hall.log(f"tick failed: {type(e).__name__}: {e}")
            self._after_hall()

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(SWEEP)
            now = self._now()
            for c in list(self.conns):
                why = c.overdue(now, self.limits)
                if why is None:
                    continue
                self.closed_for[why] += 1
                try:
                    c.send(P.error(P.E_TIMEOUT, "Half a message for too long: the connection is closed."
                                   if why == "half" else "Nothing heard for too long: the connection is closed."))
                    # a program that stopped answering has been away since it was last heard from
                    since = None if c.last_seen is None else self.hall.now() - (now - c.last_seen)
                    self.hall.disconnect(c, since=since)
                except Exception as e:  # noqa: BLE001 - one bad sweep must not stop the server
                    self.hall.log(f"sweep failed: {type(e).__name__}: {e}")
                c.close()

    async def _client(self, reader, writer) -> None:
        peer = writer.get_extra_info("peername")
        conn = TcpConn(writer, str(peer[0]) if isinstance(peer, tuple) else "?", now=self._now)
        conn.srv = self if self.group_commit else None
        lim = self.limits
        if len(self.conns) >= lim.conns_total or self.per_peer.get(conn.peer, 0) >= lim.conns_per_peer:
            self.closed_for["cap"] += 1
            conn.send(P.error(P.E_BUSY, "Too many connections from your address (or to this server): "
                              "close another Cardhall and try again."))
            # (longer than a drain: a program slow to read, on a loaded machine, still reads
            # the refusal before the close; a Cardhall closes as soon as it has read it)
            await _linger(reader, writer, REFUSAL_LINGER)
            conn.close()
            return
        self.conns.add(conn)
        self.per_peer[conn.peer] = self.per_peer.get(conn.peer, 0) + 1
        buf = b""
        try:
            while not conn.closed:
                try:
                    data = await reader.read(P.MAX_LINE)
                except (ConnectionError, OSError):
                    break
                if not data:
                    break
                buf += data
                lines = buf.split(b"\n")
                buf = lines.pop()
                if len(buf) >= P.MAX_LINE:
                    lines.append(buf)   # too long, newline or not: refused below
                    buf = b""
                conn.partial_since = (conn.partial_since or self._now()) if buf else None
                for line in lines:
                    if len(line) + 1 > P.MAX_LINE:
                        conn.send(P.error(P.E_TOO_LARGE, f"A message may be at most {P.MAX_LINE} bytes."))
                        conn.close()
                        break
                    if not conn.allow():
                        conn.send(P.error(P.E_FLOOD, "Too many messages: the connection is closed."))
                        conn.close()
                        break
                    conn.last_seen = self._now()
                    if not line.strip():
                        continue
                    self.hall.handle(conn, line + b"\n")
                    self._after_hall()
                    if conn.closed:
                        break
                    await asyncio.sleep(0)  # one busy client never starves the others
        finally:
            self.conns.discard(conn)
            n = self.per_peer.get(conn.peer, 1) - 1
            if n > 0:
                self.per_peer[conn.peer] = n
            else:
                self.per_peer.pop(conn.peer, None)
            self.hall.disconnect(conn)
            self._after_hall()
            conn.close()

    async def stop(self) -> None:
        if self.freeze_gc:
            gc.unfreeze()
        for t in self._tasks:
            t.cancel()
        if self._flush_at is not None:
            self._flush_at.cancel()
            self._flush()
        if self._srv is not None:
            self._srv.close()
            for c in list(self.conns):
                c.close()
            try:
                await asyncio.wait_for(self._srv.wait_closed(), 2)
            except (asyncio.TimeoutError, Exception):  # noqa: BLE001 - stopping: the listener may already be gone
                pass
        self.hall.close()


async def serve(host: str, port: int, db: str, *, ready=None, stop: asyncio.Event | None = None,
                quiet: bool = False, synchronous: str = "FULL", limits: Limits | None = None) -> None:
    log = (lambda text: None) if quiet else (lambda text: print(text, file=sys.stderr, flush=True))
    storage = open_storage(db, synchronous=synchronous)
    hall = Hall(storage, log=log, limits=limits)
    stop = stop or asyncio.Event()
    failed = []
    srv = await Server(hall, host, port, group_commit=True, freeze_gc=True,
                       on_fatal=lambda e: (failed.append(e), stop.set())).start()
    live = sum(1 for t in hall.tables.values() if t.result is None)
    log(f"cardhall server on {host}:{srv.port} (protocol {P.VERSION}), {getattr(storage, 'name', db)}: "
        f"{live} match(es) in progress, {len(hall.aside)} set aside")
    if ready is not None:
        ready(srv)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError, ValueError):
            pass
    try:
        await stop.wait()
    finally:
        await srv.stop()
    if failed:
        raise RuntimeError(f"the database failed: {failed[0]}")


class ServerThread:
    """A server inside another program (the app's "Host"): its own thread and event
    loop. ``port`` is known once :meth:`start` returns; :meth:`stop` ends it."""

    def __init__(self, db: str, host: str = "127.0.0.1", port: int = 0, *, limits: Limits | None = None):
        self.db, self.host, self.port = db, host, port
        self.limits = limits
        self.server: Server | None = None
        self.error: str | None = None
        self._loop = None
        self._stop = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="cardhall-server", daemon=True)

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as e:  # noqa: BLE001 - reported to the app
            self.error = f"{type(e).__name__}: {e}"
        finally:
            self._ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        hall = Hall(open_storage(self.db), limits=self.limits)
        srv = self.server = await Server(hall, self.host, self.port).start()
        self.port = srv.port
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            await srv.stop()

    def start(self, timeout: float = 10.0) -> "ServerThread":
        self._thread.start()
        self._ready.wait(timeout)
        if self.error:
            raise OSError(self.error)
        return self

    @property
    def running(self) -> bool:
        return self._thread.is_alive() and self.error is None

    def stop(self) -> None:
        if self._loop is not None and self._stop is not None:
            try:
                self._loop.call_soon_threadsafe(self._stop.set)
            except RuntimeError:
                pass
        self._thread.join(5)


def parse_limits(items) -> Limits:
    """``["name=value", ...]`` as :class:`Limits` (ValueError with a sentence when wrong)."""
    import dataclasses
    fields = {f.name: f for f in dataclasses.fields(Limits)}
    kw = {}
    for item in items:
        name, sep, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or name not in fields:
            raise ValueError(f"--limit {item!r}: the limits are " + ", ".join(sorted(fields)))
        kind = int if isinstance(getattr(Limits, name), int) else float
        try:
            v = kind(value)
        except ValueError:
            raise ValueError(f"--limit {item!r}: {name} is a number") from None
        if v < 0:
            raise ValueError(f"--limit {item!r}: {name} cannot be negative")
        kw[name] = v
    return Limits(**kw)


def check_main(db: str) -> int:
    """``serve --check``: read every stored match as the server would, change nothing,
    list the damaged ones; exit 1 if there are any."""
    try:
        storage = open_storage(db)
    except Exception as e:  # noqa: BLE001 - any failure to open is told to the operator
        print(f"cannot open {_hide_password(db)}: {type(e).__name__}: {e}", file=sys.stderr)
        return 2
    try:
        ok, bad = check_storage(storage)
    finally:
        storage.close()
    print(f"{ok} match(es) load; {len(bad)} damaged" + (":" if bad else "."))
    for d in bad:
        when = "" if d.when is None else time.strftime(" (set aside %Y-%m-%d %H:%M)", time.localtime(d.when))
        print(f"  {d.id}{when}: {d.reason}")
    return 1 if bad else 0


def serve_main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine serve",
                                 description="Run a Cardhall server (all three games, live and daily matches).")
    ap.add_argument("--host", default="127.0.0.1",
                    help="address to listen on (default 127.0.0.1; 0.0.0.0 to accept other computers)")
    ap.add_argument("--port", type=int, default=7531, help="TCP port (default 7531; 0 = any free port)")
    ap.add_argument("--db", default="cardhall-server.sqlite3",
                    help="where the matches are kept: a SQLite file (default cardhall-server.sqlite3) or "
                         "postgresql://user:password@host:port/database (needs psycopg 3)")
    ap.add_argument("--sync", choices=("full", "normal"), default="full",
                    help="full (default) has every action on disk before the ack; normal (SQLite "
                         "synchronous=NORMAL, PostgreSQL synchronous_commit=off) survives a killed server "
                         "but may lose the last actions in a power cut")
    ap.add_argument("--check", action="store_true",
                    help="do not serve: read every stored match, list the damaged ones (exit 1 if any)")
    ap.add_argument("--limit", action="append", default=[], metavar="NAME=VALUE",
                    help="change one fair limit (the fields of engine/net/limits.py), e.g. "
                         "--limit conns_per_peer=64 --limit waiting_live=3600; may be repeated")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    if a.check:
        return check_main(a.db)
    try:
        limits = parse_limits(a.limit)
    except ValueError as e:
        ap.error(str(e))
    try:
        asyncio.run(serve(a.host, a.port, a.db, quiet=a.quiet, synchronous=a.sync.upper(), limits=limits,
                          ready=lambda s: print(f"listening {s.port}", flush=True)))
    except KeyboardInterrupt:
        pass
    except OSError as e:
        print(f"cannot serve: {e}", file=sys.stderr)
        return 1
    except Exception as e:  # noqa: BLE001 - a database that cannot be opened (newer schema, no psycopg, refused)
        print(f"cannot serve: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    return 0


def main() -> None:
    sys.exit(serve_main())
