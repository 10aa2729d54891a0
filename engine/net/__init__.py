"""Online play: one server judges many matches of all three games.

* :mod:`engine.net.protocol` — the wire format (JSON lines, versioned), limits,
  error codes, join codes and the per-seat filtering of what is sent.
* :mod:`engine.net.pace` — the online clocks (live: 2 minutes a turn + a
  5-minute bank, a timeout ends the turn, the third forfeits; daily: 24 hours a
  move, the second miss forfeits), driven by an injectable clock.
* :mod:`engine.net.storage` — the one small storage interface, written once in
  SQL for SQLite (the default) and PostgreSQL (psycopg 3, optional); damaged
  matches are set aside, not loaded.
* :mod:`engine.net.limits` — the fair limits (wrong codes, connections, idle and
  half messages, quotas, waiting matches' expiry, resume pacing).
* :mod:`engine.net.hall` — the judge: every match, every seat, every message
  (synchronous, no sockets: tests drive it directly).
* :mod:`engine.net.lobby` — a community server's lobby: named players with keys,
  open and private matches, quick match, ratings, live pushes to watchers;
  :mod:`engine.net.rating` — Glicko-2; :mod:`engine.net.lobby_client` — the app's side.
* :mod:`engine.net.server` — asyncio over plain TCP, connection limits, group
  commit; ``python -m engine serve`` (``--check`` lists damaged matches).
* :mod:`engine.net.pglocal` — a throwaway PostgreSQL in a temporary folder (tests, bench).
* :mod:`engine.net.client` — an asyncio client (tests, bench) and a threaded
  one that reconnects by itself (the app).
* :mod:`engine.net.bench` — ``python -m engine serve-bench``.

Pure Python, standard library only (psycopg for a PostgreSQL server); never imports pygame.
"""
