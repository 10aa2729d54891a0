"""One sanitising step for every string that comes from outside the program.

Text read from a file, a file *name*, the clipboard or (later) a network peer
can hold anything: NUL and other control characters, lone UTF-16 surrogates
(JSON ``"\\ud800"``, or a file name that is not valid UTF-8, which Python
decodes with ``surrogateescape``), or megabytes of it. The font renderer raises
on NUL and surrogates, and UTF-8 writers raise ``UnicodeEncodeError`` on
surrogates, so such text is cleaned *once*, where it enters (deck and record
readers, file names in messages, paste) and again, cheaply, right before it is
drawn (:mod:`client.ui.theme`):

* :func:`clean_text` — control characters (C0, DEL, C1) and unpaired
  surrogates become U+FFFD (the replacement character, which the bundled
  fonts draw as a visible mark); tabs become spaces; newlines are kept only
  when asked. Optionally length-capped.
* :func:`clean_name` — one line: also collapses runs of white space and caps
  the length (deck names, player names, file names in lists).
* :func:`clean_player_name` — a name another person chose (network peers):
  like :func:`clean_name`, but characters that don't print (controls,
  surrogates, zero-width and bidirectional overrides) are *dropped*, so a name
  can't hide or reorder what is drawn around it; empty becomes ``default``.
* :func:`clean_file_name` — a file name as it may be shown to the player.
* :func:`clean_json` — every string (keys too) in parsed JSON data.

Nothing here raises on any ``str``; non-strings are turned into text first.
"""
from __future__ import annotations

import os
import re

REPLACEMENT = "\ufffd"
#: default cap for names (decks, players, files shown in a list)
MAX_NAME = 60
#: default cap for a single piece of free text from outside (a description, a message)
MAX_TEXT = 4000

# C0 controls except \t \n (handled apart), DEL, C1 controls, and every surrogate
# code point (a well-formed str never holds a *paired* surrogate: Python stores
# astral characters as one code point, so any surrogate in a str is unpaired).
_BAD = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
_BAD_OR_NL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\ud800-\udfff]")
_WS = re.compile(r"\s+")


def _cut(s: str, max_len: int | None) -> str:
    if max_len is not None and len(s) > max_len:
        return s[: max(0, max_len - 1)] + "…" if max_len > 1 else s[:max_len]
    return s


def clean_text(text, max_len: int | None = None, *, newlines: bool = False) -> str:
    """``text`` with control characters and unpaired surrogates replaced by
    U+FFFD, tabs as spaces (and, unless ``newlines``, line breaks too); cut to
    ``max_len`` characters (ending in "…") when given."""
    if not isinstance(text, str):
        text = str(text)
    if max_len is not None and len(text) > max_len * 4 + 16:
        text = text[: max_len * 4 + 16]  # never scan megabytes for a short result
    if "\t" in text:
        text = text.replace("\t", " ")
    if newlines:
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        if _BAD.search(text):
            text = _BAD.sub(REPLACEMENT, text)
    else:
        if "\n" in text or "\r" in text:
            text = text.replace("\r\n", " ").replace("\n", " ").replace("\r", " ")
        if _BAD_OR_NL.search(text):
            text = _BAD_OR_NL.sub(REPLACEMENT, text)
    return _cut(text, max_len)


def is_clean(text: str, *, newlines: bool = False) -> bool:
    """True if :func:`clean_text` would leave ``text`` unchanged (length aside)."""
    return isinstance(text, str) and "\t" not in text and \
        not (_BAD if newlines else _BAD_OR_NL).search(text) and not (newlines and "\r" in text)


def clean_name(text, max_len: int = MAX_NAME) -> str:
    """One line of text fit to show as a name: cleaned, white space collapsed,
    stripped, at most ``max_len`` characters."""
    return _cut(_WS.sub(" ", clean_text(text, max_len * 4 + 16)).strip(), max_len)


def clean_player_name(text, default: str = "Player", max_len: int = MAX_NAME) -> str:
    """A name someone else chose, fit to show to this player: printable, one
    line, at most ``max_len`` characters; ``default`` when nothing is left."""
    if not isinstance(text, str):
        return default
    if len(text) > max_len * 4 + 16:
        text = text[: max_len * 4 + 16]
    # str.isprintable is False for controls, surrogates and format characters
    # (zero-width, bidirectional overrides and isolates, the BOM)
    text = "".join(ch if ch.isprintable() else " " if ch.isspace() else "" for ch in text)
    out = _WS.sub(" ", text).strip()[:max_len].strip()
    return out or default


def clean_file_name(name, max_len: int = 80) -> str:
    """A file name (``str``, ``bytes`` or a path) as it may be shown: bytes that
    are not UTF-8 (``surrogateescape``) and control characters become U+FFFD,
    long names are cut in the middle so the suffix stays visible."""
    if isinstance(name, bytes):
        name = os.fsdecode(name)
    elif not isinstance(name, str):
        name = getattr(name, "name", None) or str(name)
    s = clean_text(name)
    if len(s) > max_len:
        keep = max_len - 1
        s = s[: keep - keep // 3] + "…" + s[len(s) - keep // 3:]
    return s


def clean_json(obj, max_len: int | None = None, *, depth: int = 0):
    """A copy of parsed JSON data with every string (keys too) passed through
    :func:`clean_text` (newlines kept); other values unchanged."""
    if isinstance(obj, str):
        return clean_text(obj, max_len, newlines=True)
    if depth > 64:
        return None
    if isinstance(obj, list):
        return [clean_json(x, max_len, depth=depth + 1) for x in obj]
    if isinstance(obj, dict):
        return {clean_text(k, max_len, newlines=True): clean_json(v, max_len, depth=depth + 1)
                for k, v in obj.items()}
    return obj
