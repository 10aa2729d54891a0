"""Online play: one server judges many matches of all three games.

* :mod:`engine.net.protocol` — the wire format (JSON lines, versioned), limits,
  error codes, join codes and the per-seat filtering of what is sent.
* :mod:`engine.net.pace` — the online clocks (live: 2 minutes a turn + a
  5-minute bank, the third timeout forfeits; daily: 24 hours a move, the second
  miss forfeits), driven by an injectable clock.
* :mod:`engine.net.storage` — the one small storage interface and its SQLite
  implementation (WAL, one transaction per action, written before the ack).
* :mod:`engine.net.hall` — the judge: every match, every seat, every message
  (synchronous, no sockets: tests drive it directly).
* :mod:`engine.net.server` — asyncio over plain TCP, flood and size limits;
  ``python -m engine serve``.
* :mod:`engine.net.lobby` — a community server's lobby: named players with keys,
  open and private matches, quick match, ratings, live pushes to watchers;
  :mod:`engine.net.rating` — Glicko-2; :mod:`engine.net.lobby_client` — the app's side.
* :mod:`engine.net.client` — an asyncio client (tests, bench) and a threaded
  one that reconnects by itself (the app).
* :mod:`engine.net.bench` — ``python -m engine serve-bench``.

Pure Python, standard library only; never imports pygame.
"""
