"""The Cardhall server: asyncio over plain TCP, one JSON message per line.

    python -m engine serve [--host H] [--port P] [--db PATH]     (also: cardhall-server)

One process serves any number of matches of all three games; the judging is
:class:`engine.net.hall.Hall`, this module only moves lines. Limits per
connection: a line of at most :data:`~engine.net.protocol.MAX_LINE` bytes
(longer: an error and the connection is closed), a token bucket of
:data:`~engine.net.protocol.FLOOD_RATE` messages a second (a flood: an error and
the connection is closed), and a client that does not read its messages is
dropped once 4 MB wait for it. Nothing a client sends can stop the server.
"""
from __future__ import annotations

import argparse
import asyncio
import signal
import sys
import threading
import time

from . import protocol as P
from .hall import Conn, Hall
from .storage import SqliteStorage

MAX_BUFFER = 4 << 20
TICK = 0.25


class TcpConn(Conn):
    def __init__(self, writer, peer: str, now=time.monotonic):
        super().__init__(peer)
        self.writer = writer
        self._now = now
        self._tokens = float(P.FLOOD_BURST)
        self._t = now()

    def send_bytes(self, data: bytes) -> None:
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
            except Exception:  # noqa: BLE001
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


class Server:
    """The asyncio side: accept connections, feed lines to the hall, tick its clocks."""

    def __init__(self, hall: Hall, host: str = "127.0.0.1", port: int = 0, *, tick: float = TICK):
        self.hall = hall
        self.host = host
        self.port = port
        self.tick_every = tick
        self._srv = None
        self._ticker = None
        self.conns: set[TcpConn] = set()

    async def start(self) -> "Server":
        self._srv = await asyncio.start_server(self._client, self.host, self.port, limit=P.MAX_LINE)
        self.port = self._srv.sockets[0].getsockname()[1]
        self._ticker = asyncio.get_running_loop().create_task(self._tick())
        return self

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(self.tick_every)
            try:
                self.hall.tick()
            except Exception as e:  # noqa: BLE001 - keep serving
                self.hall.log(f"tick failed: {type(e).__name__}: {e}")

    async def _client(self, reader, writer) -> None:
        peer = writer.get_extra_info("peername")
        conn = TcpConn(writer, str(peer[0]) if isinstance(peer, tuple) else "?")
        self.conns.add(conn)
        try:
            while not conn.closed:
                try:
                    line = await reader.readline()
                except (asyncio.LimitOverrunError, ValueError):
                    conn.send(P.error(P.E_TOO_LARGE, f"A message may be at most {P.MAX_LINE} bytes."))
                    break
                except (ConnectionError, OSError):
                    break
                if not line:
                    break
                if not conn.allow():
                    conn.send(P.error(P.E_FLOOD, "Too many messages: the connection is closed."))
                    break
                if not line.strip():
                    continue
                self.hall.handle(conn, line)
                if conn.closed:
                    break
                await asyncio.sleep(0)  # one busy client never starves the others
        finally:
            self.conns.discard(conn)
            self.hall.disconnect(conn)
            conn.close()

    async def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
        if self._srv is not None:
            self._srv.close()
            for c in list(self.conns):
                c.close()
            try:
                await asyncio.wait_for(self._srv.wait_closed(), 2)
            except (asyncio.TimeoutError, Exception):  # noqa: BLE001
                pass
        self.hall.close()


async def serve(host: str, port: int, db: str, *, ready=None, stop: asyncio.Event | None = None,
                quiet: bool = False, synchronous: str = "FULL") -> None:
    log = (lambda text: None) if quiet else (lambda text: print(text, file=sys.stderr, flush=True))
    hall = Hall(SqliteStorage(db, synchronous=synchronous), log=log)
    srv = await Server(hall, host, port).start()
    live = sum(1 for t in hall.tables.values() if t.result is None)
    log(f"cardhall server on {host}:{srv.port} (protocol {P.VERSION}), {db}: {live} match(es) in progress")
    if ready is not None:
        ready(srv)
    stop = stop or asyncio.Event()
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


class ServerThread:
    """A server inside another program (the app's "Host"): its own thread and event
    loop. ``port`` is known once :meth:`start` returns; :meth:`stop` ends it."""

    def __init__(self, db: str, host: str = "127.0.0.1", port: int = 0):
        self.db, self.host, self.port = db, host, port
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
        hall = Hall(SqliteStorage(self.db))
        srv = await Server(hall, self.host, self.port).start()
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


def serve_main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine serve",
                                 description="Run a Cardhall server (all three games, live and daily matches).")
    ap.add_argument("--host", default="127.0.0.1",
                    help="address to listen on (default 127.0.0.1; 0.0.0.0 to accept other computers)")
    ap.add_argument("--port", type=int, default=7531, help="TCP port (default 7531; 0 = any free port)")
    ap.add_argument("--db", default="cardhall-server.sqlite3", help="the SQLite file of matches")
    ap.add_argument("--sync", choices=("full", "normal"), default="full",
                    help="SQLite synchronous mode: full (default) syncs every action to disk before the ack; "
                         "normal survives a killed server but not a power cut")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    try:
        asyncio.run(serve(a.host, a.port, a.db, quiet=a.quiet, synchronous=a.sync.upper(),
                          ready=lambda s: print(f"listening {s.port}", flush=True)))
    except KeyboardInterrupt:
        pass
    except OSError as e:
        print(f"cannot serve: {e}", file=sys.stderr)
        return 1
    return 0


def main() -> None:
    sys.exit(serve_main())
