"""The Cardhall wire protocol, version 1: one JSON object per line (UTF-8,
``\\n``-terminated), each at most :data:`MAX_LINE` bytes.

Every message carries ``"v": 1`` and a type ``"t"``; a request may carry an
``"id"`` (a short string or int) that the reply echoes as ``"re"``.

Client → server

=============  ==========================================================  =====================
``t``          fields                                                      reply
=============  ==========================================================  =====================
``hello``      ``name``, ``heartbeat`` (optional: seconds between the      ``welcome``
               pings this program promises, 5-60; silent for three of
               them it is closed and its seats shown away)
``create``     ``game``, ``deck`` (deck JSON), ``name``, ``pace``          ``created`` (``match``,
               (``"live"``/``"daily"``), ``options``                       ``seat``, ``token``,
                                                                           ``code``) + ``state``
``join``       ``code``, ``deck``, ``name``                                ``joined`` + ``state``
``resume``     ``match``, ``token``, ``have`` (actions already received)   catch-up ``update``\\ s
                                                                           or ``state``
``act``        ``match``, ``action`` (list of ints), ``index`` (actions    ``update`` to both seats
               seen)
``concede``    ``match`` (leaving for good is the same: a loss)            ``update``/``end``
``detach``     ``match``: this program leaves the table (to its menu);    ``detached``
               the match and its clock go on, the opponent sees why
``claim``      ``match``: the opponent has been away 2 minutes: win        ``end``
``list``       ``matches``: ``[{"match", "token"}, ...]``                  ``list``
``ping``                                                                   ``pong``
=============  ==========================================================  =====================

Server → client: ``welcome``, ``created``, ``joined``, ``state`` (the whole
position for one seat, with ``turn`` and ``opening``: true while the opening hands
are kept or redrawn, before turn 1 — say so rather than "turn 0"), ``update`` (one action: ``actor``, ``action`` as that
seat may see it, ``events`` filtered for that seat, then the new ``view``,
``legal`` actions when it is that seat's decision, ``clock``, ``result``),
``presence`` (the opponent connected / away, and ``why``: ``left`` the table,
connection ``lost``, or ``silent`` — stopped answering), ``timeout`` (``seat``, ``timeouts``,
``ends_turn``: a live timeout ends that seat's turn — the ``update`` messages of the
decisions the server then makes for it carry ``"auto": true``), ``end`` (also
``why: "expired"`` for a match nobody joined in time, removed from the server),
``list`` (each match's ``turn`` and ``opening``), ``pong`` and ``error`` (``code``,
``message``; see the ``E_*`` codes below). A ``state`` answering a ``resume`` without ``have`` (a
program sitting down again) also has ``history``: the last actions' ``actor``, ``turn`` and
``events`` as that seat's updates had them (at most ``HISTORY_MAX`` actions and
``HISTORY_BYTES``), and ``history_from``, the index of the first. A seat only ever receives ``view(seat)``
(:meth:`engine.core.match.Match.view`: the opponent's hand, both decks' order,
covered cards, the RNG and the opponent's deck list masked — of their unseen cards
only the counts show) and events through the game's own
``event_for`` / ``mask_event``.
"""
from __future__ import annotations

import json
import secrets

from ..core.sanitize import clean_player_name

VERSION = 1
MAX_LINE = 64 * 1024          # bytes per message, newline included
MAX_NAME = 24
MAX_LIST = 50
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0/O, 1/I/L: read aloud safely
CODE_LEN = 10                  # 31^10 ≈ 8e14 codes; 5 wrong tries close the connection
BAD_CODES_PER_CONN = 5
FLOOD_RATE = 50.0              # messages per second allowed on one connection ...
FLOOD_BURST = 200              # ... with this many in a burst

# error codes (the "code" of an "error" message)
E_TOO_LARGE = "too_large"
E_NOT_JSON = "not_json"
E_VERSION = "version"
E_BAD_MESSAGE = "bad_message"
E_UNKNOWN_TYPE = "unknown_type"
E_NOT_IN_MATCH = "not_in_match"
E_NOT_YOUR_TURN = "not_your_turn"
E_STALE = "stale"
E_ILLEGAL = "illegal"
E_OVER = "over"
E_WAITING = "waiting"
E_BAD_CODE = "bad_code"
E_BAD_TOKEN = "bad_token"
E_BAD_DECK = "bad_deck"
E_FLOOD = "flood"
E_NOT_AWAY = "not_away"
E_SERVER = "server"
E_QUOTA = "quota"                  # too many matches waiting / created from one client
E_UNKNOWN_MATCH = "unknown_match"  # resume of a match this server does not have (expired, another server)
E_DAMAGED = "damaged"              # resume of a match whose stored record is damaged (set aside)
E_ELSEWHERE = "elsewhere"
E_TIMEOUT = "timeout"              # silent, or half a message, for too long: the connection is closed
E_BUSY = "busy"                    # too many connections from one address (or in all)          # this connection let go of a seat opened on too many connections


def encode(obj) -> bytes:
    """One message as a line of compact JSON."""
    return (json.dumps(obj, separators=(",", ":"), ensure_ascii=False, check_circular=False) + "\n").encode("utf-8")


def new_code() -> str:
    """A fresh join code from the secrets module (shown as XXXXX-XXXXX)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LEN))


def show_code(code: str) -> str:
    return code[:5] + "-" + code[5:] if len(code) == CODE_LEN else code


def norm_code(text) -> str | None:
    """A typed join code in its canonical form (case, spaces and dashes ignored), or None."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    c = "".join(ch for ch in text.upper() if ch not in " -_\t")
    if len(c) != CODE_LEN or any(ch not in CODE_ALPHABET for ch in c):
        return None
    return c


def new_token() -> str:
    """A seat's secret: whoever holds it plays that seat (and only that seat)."""
    return secrets.token_urlsafe(24)


def clean_name(text, default: str = "Player") -> str:
    """A player name from outside: printable, single line, at most MAX_NAME characters
    (:func:`engine.core.sanitize.clean_player_name`)."""
    return clean_player_name(text, default, MAX_NAME)


def error(code: str, message: str, re=None) -> dict:
    m = {"v": VERSION, "t": "error", "code": code, "message": message}
    if re is not None:
        m["re"] = re
    return m


# ---------------------------------------------------------------- what a seat may see
def events_for(match_cls, events, seat: int) -> list:
    """``events`` as ``seat`` may see them (the game's ``event_for`` or ``mask_event``)."""
    f = getattr(match_cls, "event_for", None) or getattr(match_cls, "mask_event", None)
    out = []
    for e in events:
        if f is not None:
            e = f(tuple(e), seat)
        out.append(list(e))
    return out


def action_for(before, action: tuple, actor: int, seat: int) -> list:
    """The action as ``seat`` may see it: the actor's own action in full; the
    opponent's through the game's own ``action_for`` when it has one (a game whose
    action names a hidden card masks it there, e.g. a card picked from a deck)."""
    if seat == actor:
        return list(action)
    f = getattr(type(before), "action_for", None)
    if f is not None:
        return list(f(before, action, seat))
    return list(action)
