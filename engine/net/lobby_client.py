"""The app's side of a community server's lobby (:mod:`engine.net.lobby`).

* :func:`read_lobby` — a ``lobby`` message checked field by field (what a foreign
  or broken server sends cannot reach the screen: ValueError).
* :class:`LobbyWatch` — a connection that keeps itself up (:class:`~engine.net.client.Link`),
  says who we are after each (re)connection and keeps the latest lobby the server pushed.
* :func:`lobby_create`, :func:`lobby_join`, :func:`quick_match` — a match made through
  the lobby, as a :class:`~engine.net.client.RemoteSession` like a hosted or joined one.
"""
from __future__ import annotations

import queue
import time

from ..games import GAME_NAMES
from . import protocol as P
from .client import Link, _int, _num, _open, _result, error_words

MAX_ROWS = 200
_PACES = ("live", "daily")


def _mid(x) -> str:
    if not isinstance(x, str) or not 1 <= len(x) <= 64 or not x.isalnum():
        raise ValueError("a match id")
    return x


def _game(x) -> str:
    if x not in GAME_NAMES:
        raise ValueError("a game of this Cardhall")
    return x


def _pace(x) -> str:
    if x not in _PACES:
        raise ValueError("a pace")
    return x


def _rating(x) -> int:
    return int(round(_num(x, -10_000, 10_000)))


def _name(x) -> str:
    if not isinstance(x, str):
        raise ValueError("a name")
    return P.clean_name(x, "?")


def read_lobby(m: dict) -> dict:
    """The lobby in ``m`` as the screen may show it, or ValueError & co."""
    you = m["you"]
    if not isinstance(you, dict) or not isinstance(you.get("ratings"), dict):
        raise ValueError("who we are")
    ratings = {}
    for g in GAME_NAMES:
        r = you["ratings"].get(g)
        ratings[g] = {"rating": 1500, "rd": 350, "games": 0} if r is None else {
            "rating": _rating(r["rating"]), "rd": _rating(r["rd"]), "games": _int(r["games"], 0, 10_000_000)}
    opened, mine = m["open"], m["mine"]
    if not isinstance(opened, list) or not isinstance(mine, list) or len(opened) > MAX_ROWS or len(mine) > MAX_ROWS:
        raise ValueError("lists of matches")
    out_open = []
    for x in opened:
        out_open.append({"match": _mid(x["match"]), "game": _game(x["game"]), "pace": _pace(x["pace"]),
                         "host": _name(x["host"]), "rating": _rating(x["rating"]),
                         "games": _int(x["games"], 0, 10_000_000), "yours": x.get("yours") is True})
    out_mine = []
    for x in mine:
        names = x["names"]
        if not isinstance(names, list) or len(names) != 2:
            raise ValueError("two names")
        rs = x.get("ratings") or [None, None]
        if not isinstance(rs, list) or len(rs) != 2:
            raise ValueError("two ratings")
        to_move = x.get("to_move")
        left = x.get("time_left")
        out_mine.append({"match": _mid(x["match"]), "game": _game(x["game"]), "pace": _pace(x["pace"]),
                         "seat": _int(x["seat"], 0, 1), "names": [_name(n) for n in names],
                         "ratings": [None if r is None else _rating(r) for r in rs],
                         "waiting": x.get("waiting") is True, "private": x.get("private") is True,
                         "to_move": None if to_move is None else _int(to_move, 0, 1),
                         "your_move": x.get("your_move") is True,
                         "turn": _int(x.get("turn", 0), 0, 1_000_000),
                         "time_left": None if left is None else _num(left, 0.0, 1e9),
                         "result": _result(x.get("result"))})
    return {"name": _name(you["name"]), "ratings": ratings, "open": out_open, "mine": out_mine}


class LobbyWatch:
    """The lobby of one server, kept up to date by the server's pushes.

    ``lobby`` is the last one read (None before the first); ``error`` the server's last
    refusal (a taken name) in words; ``connected`` whether the link is up."""

    def __init__(self, host: str, port: int, player: dict):
        self.host, self.port = host, int(port)
        self.player = dict(player)
        self.lobby: dict | None = None
        self.error: str | None = None
        self.unreadable = 0
        self.at = time.monotonic()         # when the lobby was read (time left counts down from it)
        self.link = Link(host, port, on_connect=self._hello)
        self.link.start()

    def _hello(self):
        return [{"t": "hello", "name": self.player.get("name", "Player")},
                {"t": "lobby", "player": self.player, "id": "lobby"}]

    @property
    def connected(self) -> bool:
        return self.link.connected

    @property
    def why_not(self) -> str | None:
        """Why there is no connection, in words (None while connected or not yet tried)."""
        return None if self.link.connected else self.link.last_error

    def rename(self, name: str) -> None:
        """Ask to be called ``name`` here (the answer is the next lobby, or an error)."""
        self.player["name"] = name
        self.error = None
        self.link.send({"t": "lobby", "player": self.player, "id": "lobby"})

    def poll(self) -> bool:
        """Take in what the server sent: True if anything changed."""
        changed = False
        while True:
            try:
                m = self.link.inbox.get_nowait()
            except queue.Empty:
                return changed
            t = m.get("t")
            if t == "_link":
                changed = True
            elif t == "lobby":
                try:
                    self.lobby = read_lobby(m)
                    self.at = time.monotonic()
                    self.error = None
                except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError):
                    self.unreadable += 1
                    continue
                changed = True
            elif t == "error" and (m.get("re") == "lobby" or m.get("code") == P.E_BUSY):
                self.error = error_words(m, "The server refused.")
                changed = True

    def close(self) -> None:
        self.link.close()


def lobby_create(host, port, player: dict, game: str, deck, pace: str = "live", *, open_: bool = True,
                 options=None, **kw):
    """A match of ours on the server, listed for all (``open_``) or private (its code
    is ``session.code``): the session waits for an opponent."""
    return _open(host, port, {"t": "lobby_create", "player": player, "game": game, "pace": pace,
                              "deck": deck.to_json(), "open": bool(open_), "options": options or {}},
                 player["name"], **kw)


def lobby_join(host, port, player: dict, deck, *, match: str | None = None, code: str | None = None, **kw):
    """Join a listed match (``match``) or a private one (``code``)."""
    first = {"t": "lobby_join", "player": player, "deck": deck.to_json()}
    first.update({"match": match} if match is not None else {"code": code})
    return _open(host, port, first, player["name"], **kw)


def quick_match(host, port, player: dict, game: str, deck, pace: str = "live", **kw):
    """Paired by rating for the same game and pace (:mod:`engine.net.lobby`), else waiting
    for the next one (``session.waiting``)."""
    return _open(host, port, {"t": "quick", "player": player, "game": game, "pace": pace,
                              "deck": deck.to_json()}, player["name"], **kw)


__all__ = ["LobbyWatch", "lobby_create", "lobby_join", "quick_match", "read_lobby"]
