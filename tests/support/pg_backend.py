"""The two storages the server runs on, as pytest fixtures (tests/conftest.py offers them to
every test): a test that asks for ``db_url`` runs on SQLite and on a real PostgreSQL
that the tests start themselves (``initdb`` + ``pg_ctl`` in a temporary folder, once
per session, stopped and deleted at the end). The PostgreSQL runs are skipped only
where PostgreSQL or psycopg is not installed."""
from __future__ import annotations

import itertools

import pytest

from engine.net import pglocal

_count = itertools.count()


@pytest.fixture(scope="session")
def pg_cluster():
    why = pglocal.available()
    if why:
        pytest.skip(why)
    pg = pglocal.LocalPostgres(fsync=True).start()
    try:
        yield pg
    finally:
        pg.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request):
    return request.param


@pytest.fixture
def db_url(backend, tmp_path, request):
    """A fresh, empty database: a SQLite file path or a ``postgresql://`` URL."""
    if backend == "sqlite":
        return str(tmp_path / "server.sqlite3")
    pg = request.getfixturevalue("pg_cluster")
    return pg.new_database(f"t{next(_count)}")
