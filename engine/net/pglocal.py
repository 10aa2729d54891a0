"""A throwaway PostgreSQL server in a temporary folder, for the tests and the load bench.

    with LocalPostgres() as pg:        # initdb + pg_ctl start; stopped and deleted on exit
        storage = PostgresStorage(pg.url)

It needs PostgreSQL's ``initdb`` and ``pg_ctl`` (on ``PATH`` or in
``/usr/lib/postgresql/<version>/bin``, as Debian installs them) and, for a
``postgresql://`` storage, psycopg 3. :func:`available` says why not when it cannot
run. It listens on a unix socket in its own folder and on a free port of
127.0.0.1 only, trusts local connections (it is a test server: nothing else can
reach it), and runs ``fsync=on`` like a real one unless told otherwise. PostgreSQL
refuses to run as root: as root it runs as the ``postgres`` user (or ``nobody``),
which owns the folder.
"""
from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path


def _find(tool: str) -> str | None:
    p = shutil.which(tool)
    if p:
        return p
    for d in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.path.exists(os.path.join(d, tool)):
            return os.path.join(d, tool)
    return None


def _run_as() -> str | None:
    """The user PostgreSQL runs as when we are root (it refuses root), else None."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return None
    import pwd
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    return None


def available() -> str | None:
    """None when a local PostgreSQL can be started here, else why not."""
    try:
        import psycopg  # noqa: F401 - only asked whether it imports
    except ImportError:
        return "psycopg 3 is not installed (pip install 'psycopg[binary]')"
    if not _find("initdb") or not _find("pg_ctl"):
        return "PostgreSQL's initdb/pg_ctl are not installed (apt-get install postgresql)"
    if hasattr(os, "geteuid") and os.geteuid() == 0 and _run_as() is None:
        return "running as root and no postgres/nobody user to run PostgreSQL as"
    return None


def _free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class LocalPostgres:
    """One PostgreSQL cluster in a temporary folder (``url`` once started)."""

    def __init__(self, *, fsync: bool = True, timeout: float = 60.0):
        self.fsync = fsync
        self.timeout = timeout
        self.dir: str | None = None
        self.port: int | None = None
        self.user = _run_as()
        self._started = False

    def _cmd(self, args: list[str]) -> list[str]:
        if self.user:
            return ["runuser", "-u", self.user, "--"] + args
        return args

    def start(self) -> "LocalPostgres":
        why = available()
        if why:
            raise RuntimeError(why)
        self.dir = tempfile.mkdtemp(prefix="cardhall-pg-")
        data = os.path.join(self.dir, "data")
        os.makedirs(data)
        if self.user:
            import pwd
            pw = pwd.getpwnam(self.user)
            os.chmod(self.dir, 0o755)
            for p in (self.dir, data):
                os.chown(p, pw.pw_uid, pw.pw_gid)
        try:
            subprocess.run(self._cmd([_find("initdb"), "-D", data, "-U", "cardhall", "-A", "trust",
                                      "-E", "UTF8", "--no-locale", "--no-sync"]),
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=self.timeout)
            self.port = _free_port()
            opts = (f"-c listen_addresses=127.0.0.1 -p {self.port} -c unix_socket_directories={self.dir} "
                    f"-c fsync={'on' if self.fsync else 'off'} -c max_connections=50 -c shared_buffers=32MB")
            subprocess.run(self._cmd([_find("pg_ctl"), "-D", data, "-o", opts, "-l",
                                      os.path.join(self.dir, "log.txt"), "-w", "-t", str(int(self.timeout)),
                                      "start"]),
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=self.timeout + 5)
            self._started = True
        except BaseException:
            self.stop()
            raise
        return self

    @property
    def url(self) -> str:
        return f"postgresql://cardhall@127.0.0.1:{self.port}/postgres"

    def new_database(self, name: str) -> str:
        """A fresh empty database in this cluster: its URL."""
        import psycopg
        with psycopg.connect(self.url, autocommit=True) as con:
            con.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql://cardhall@127.0.0.1:{self.port}/{name}"

    def kill_connections(self) -> None:
        """Every other connection to this cluster is ended (as if their process died)."""
        import psycopg
        with psycopg.connect(self.url, autocommit=True) as con:
            con.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                        "WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'")

    def stop(self) -> None:
        if self.dir is None:
            return
        if self._started:
            try:
                subprocess.run(self._cmd([_find("pg_ctl"), "-D", os.path.join(self.dir, "data"), "-m", "immediate",
                                          "-w", "-t", "20", "stop"]),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=30)
            except (subprocess.SubprocessError, OSError):
                pass
            self._started = False
        shutil.rmtree(self.dir, ignore_errors=True)
        self.dir = None

    def __enter__(self) -> "LocalPostgres":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


if __name__ == "__main__":   # a quick check: start, connect, stop
    t0 = time.perf_counter()
    with LocalPostgres() as pg:
        import psycopg
        with psycopg.connect(pg.url) as c:
            print(c.execute("SELECT version()").fetchone()[0], Path(pg.dir).exists())
    print(f"{time.perf_counter() - t0:.1f} s")
