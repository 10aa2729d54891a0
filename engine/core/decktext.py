"""Decks as plain text, for the clipboard and for sharing by file or chat.

The format is what a player would type::

    Deck: Iron Vanguard
    Game: Everdawn
    # anything after a hash is a comment

    Champion
    1 Traghrim

    Creatures
    2 Iron Vanguard
    3x Karn Berserker

* A line starting with a count (``3 Card Name``, ``3x Card Name``, ``3 x Card Name``)
  adds that many copies; the name is matched without regard to case, and a card id
  (``iron_sword``) works too. A line that is exactly a card's name means one copy.
* Any other line is a section heading (``Creatures``, ``Support deck (30)``); the
  sections are only for people to read: the game decides where each card goes.
* ``Deck:`` / ``Name:``, ``Game:`` and ``Description:`` lines carry the deck's name,
  game and description. Blank lines and ``#`` / ``//`` comments are ignored.

:func:`deck_to_text` writes a deck in the sections its game uses
(``spec.deck_sections``); :func:`parse_deck_text` reads text without knowing the
game; :func:`import_deck_text` resolves names against a game, keeps every valid
line and reports each bad one by its line number. Whether the result is a legal
deck stays the game's business (``spec.validate_deck``): over-limit lines are
found by asking it, never by rules written here.

Pure Python, no pygame.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from .text import a
from .deck import MAX_COPIES_IN_FILE, MAX_DESCRIPTION, MAX_DISTINCT, MAX_NAME, Deck

MAX_TEXT_CHARS = 64 * 1024
MAX_LINES = 2000

_COUNT_RE = re.compile(r"^(\d{1,6})\s*[xX×]?\s+(.+?)\s*$")
_COUNT_TIGHT_RE = re.compile(r"^(\d{1,6})[xX×](\S.*?)\s*$")
_HEADER_RE = re.compile(r"^(deck|name|game|description)\s*:\s*(.*?)\s*$", re.IGNORECASE)


# ---------------------------------------------------------------- writing
def deck_to_text(spec, deck: Deck) -> str:
    """The deck as text: name/game lines, then each section of the game with
    ``count name`` lines. :func:`import_deck_text` reads it back to the same deck."""
    lines = [f"Deck: {deck.name}", f"Game: {spec.title}"]
    if deck.description:
        lines.append(f"Description: {' '.join(deck.description.split())}")
    for title, rows in spec.deck_sections(deck):
        n = sum(c for _, c in rows)
        lines.append("")
        lines.append(f"{title} ({n})")
        for cid, count in rows:
            card = spec.cards.get(cid)
            lines.append(f"{count} {card.name if card is not None else cid}")
    # anything the game's sections left out still goes out (never lose a card)
    listed = {cid for _, rows in spec.deck_sections(deck) for cid, _ in rows}
    rest = [(cid, n) for cid, n in deck.cards if cid not in listed]
    if rest:
        lines.append("")
        lines.append("Other")
        for cid, count in rest:
            card = spec.cards.get(cid)
            lines.append(f"{count} {card.name if card is not None else cid}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- reading
@dataclass
class TextLine:
    """One card line of deck text: ``count`` copies of ``name`` (as written)."""

    lineno: int
    count: int
    name: str
    section: str = ""


@dataclass
class ParsedText:
    name: str = ""
    game: str = ""
    description: str = ""
    lines: list = field(default_factory=list)      # [TextLine]
    problems: list = field(default_factory=list)   # ["line N: ..."]


def _clip(text: str, n: int = 40) -> str:
    text = str(text)
    return text if len(text) <= n else text[: n - 1] + "…"


def parse_deck_text(text: str, *, is_card_name=None) -> ParsedText:
    """Split deck text into header fields and card lines (names not yet resolved).

    ``is_card_name(str) -> bool`` (optional) lets a bare card name count as one copy.
    """
    out = ParsedText()
    if not isinstance(text, str):
        out.problems.append("The text is not text.")
        return out
    if len(text) > MAX_TEXT_CHARS:
        out.problems.append(f"The text is too long ({len(text):,} characters; the limit is {MAX_TEXT_CHARS:,}); "
                            "only the beginning was read.")
        text = text[:MAX_TEXT_CHARS]
    section = ""
    raw_lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if raw_lines and raw_lines[0].startswith("\ufeff"):
        raw_lines[0] = raw_lines[0][1:]
    if len(raw_lines) > MAX_LINES:
        out.problems.append(f"The text has more than {MAX_LINES} lines; only the first {MAX_LINES} were read.")
        raw_lines = raw_lines[:MAX_LINES]
    for i, raw in enumerate(raw_lines, 1):
        line = raw.strip().replace("\t", " ")
        if not line or line.startswith("#") or line.startswith("//"):
            continue
        m = _HEADER_RE.match(line)
        if m:
            key, val = m.group(1).lower(), m.group(2)
            if key in ("deck", "name"):
                out.name = val
            elif key == "game":
                out.game = val
            else:
                out.description = val
            continue
        m = _COUNT_RE.match(line) or _COUNT_TIGHT_RE.match(line)
        if m:
            n = int(m.group(1))
            name = m.group(2).strip()
            if not 1 <= n <= MAX_COPIES_IN_FILE:
                out.problems.append(f"line {i}: “{_clip(line)}” — the count must be a whole number "
                                    f"from 1 to {MAX_COPIES_IN_FILE}; line skipped.")
                continue
            out.lines.append(TextLine(i, n, name, section))
            continue
        if line.lower().startswith(("x ", "× ")) or line[:1].isdigit():
            out.problems.append(f"line {i}: “{_clip(line)}” — expected “3 Card Name”; line skipped.")
            continue
        if is_card_name is not None and is_card_name(line):
            out.lines.append(TextLine(i, 1, line, section))
            continue
        section = re.sub(r"\s*\(\d+\)\s*$", "", line).rstrip(":").strip()
    return out


@dataclass
class ImportResult:
    """What :func:`import_deck_text` made: the deck (valid lines only) and one
    message per problem, each starting with ``line N:`` when it belongs to a line."""

    deck: Deck
    problems: list = field(default_factory=list)
    kept_lines: int = 0
    skipped_lines: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems


_WORD_RE = re.compile(r"[A-Za-z]+")


def _singular(word: str) -> str:
    """``word`` without a plural ending ("copies" -> "copy", "cards" -> "card"),
    only for comparing keys: both sides go through the same function."""
    w = word.lower()
    if len(w) > 3 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 2 and w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


def _norm_key(problem: str) -> str:
    """A validation problem with its numbers blanked and its plurals ignored: the
    same rule broken by a different amount ("1 card" / "3 cards") gives the same key."""
    return _WORD_RE.sub(lambda m: _singular(m.group(0)), re.sub(r"\d+", "#", problem))


def new_problems(spec, before: Deck, after: Deck) -> list[str]:
    """Problems ``after`` has that ``before`` did not have in any amount (numbers
    ignored): the rules a change breaks, in the game's own words."""
    old = {_norm_key(p) for p in spec.validate_deck(before)}
    return [p for p in spec.validate_deck(after) if _norm_key(p) not in old]


def _rule(problem: str) -> str:
    return problem.strip().rstrip(".")


def resolve_card(spec, name: str):
    """The card called ``name`` (any case) or with that id, else None."""
    card = spec.card_by_name(name)
    if card is None:
        key = name.strip()
        card = spec.cards.get(key) or spec.cards.get(key.lower().replace(" ", "_"))
    return card


def suggest(spec, name: str) -> str:
    names = [c.name for c in spec.cards.values()]
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.75)
    if not close:
        lower = {n.casefold(): n for n in names}
        hit = difflib.get_close_matches(name.casefold(), list(lower), n=1, cutoff=0.75)
        close = [lower[hit[0]]] if hit else []
    return f" (did you mean “{close[0]}”?)" if close else ""


def import_deck_text(spec, text: str, *, name: str = "", description: str = "") -> ImportResult:
    """Read deck text for the game ``spec``.

    Every card line that names a card of the game is kept; unknown cards and
    malformed lines are reported by line number and skipped. A line that breaks a
    copy limit (found by asking ``spec.validate_deck`` whether the line adds a
    problem naming that card) keeps as many copies as the game allows and says so.
    """
    parsed = parse_deck_text(text, is_card_name=lambda s: resolve_card(spec, s) is not None)
    problems = list(parsed.problems)
    if parsed.game and parsed.game.strip().casefold() not in (spec.title.casefold(), spec.name.casefold()):
        problems.insert(0, f"This text says it is a deck for {_clip(parsed.game, 30)}, not {spec.title}; "
                           "only cards of this game were kept.")
    deck_name = (parsed.name or name or "Imported deck").strip()[:MAX_NAME] or "Imported deck"
    desc = (parsed.description or description)[:MAX_DESCRIPTION]
    deck = Deck(spec.name, deck_name, (), desc)
    kept = skipped = 0
    for ln in parsed.lines:
        card = resolve_card(spec, ln.name)
        if card is None:
            problems.append(f"line {ln.lineno}: “{_clip(ln.name)}” is not {a(spec.title)} card"
                            f"{suggest(spec, ln.name)}; line skipped.")
            skipped += 1
            continue
        counts = dict(deck.cards)
        if card.id not in counts and len(counts) >= MAX_DISTINCT:
            problems.append(f"line {ln.lineno}: too many different cards; line skipped.")
            skipped += 1
            continue
        have = counts.get(card.id, 0)
        want = min(ln.count, MAX_COPIES_IN_FILE - have)
        # the rules this line would break that name the card (copy limits, tokens...);
        # the most copies that break none is found by bisection (limits are monotone)
        old_keys = {_norm_key(p) for p in spec.validate_deck(deck)}

        def breaks_for(k: int) -> list[str]:
            trial = deck.with_cards(list(deck.cards) + [(card.id, k)])
            return [p for p in spec.validate_deck(trial)
                    if _norm_key(p) not in old_keys and (card.name in p or card.id in p)]

        breaks = breaks_for(want) if want > 0 else []
        n = want
        if breaks:
            lo, hi = 0, want - 1
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if breaks_for(mid):
                    hi = mid - 1
                else:
                    lo = mid
            n = lo
        if breaks:
            if n > 0:
                problems.append(f"line {ln.lineno}: {ln.count} {card.name} — {_rule(breaks[0])}; "
                                f"kept {n}{' more' if have else ''}.")
            else:
                problems.append(f"line {ln.lineno}: {ln.count} {card.name} — {_rule(breaks[0])}; line skipped.")
        elif want <= 0:
            problems.append(f"line {ln.lineno}: {ln.count} {card.name} — the deck already holds "
                            f"{MAX_COPIES_IN_FILE} copies; line skipped.")
        elif want < ln.count:
            problems.append(f"line {ln.lineno}: {ln.count} {card.name} — a deck file holds at most "
                            f"{MAX_COPIES_IN_FILE} copies; kept {want}.")
        if n > 0:
            deck = deck.with_cards(list(deck.cards) + [(card.id, n)])
            kept += 1
        else:
            skipped += 1
    if not parsed.lines and not problems:
        problems.append("No card lines found (expected lines like “3 Card Name”).")
    return ImportResult(deck, sorted(problems, key=_line_of), kept, skipped)


def _line_of(problem: str) -> int:
    m = re.match(r"line (\d+):", problem)
    return int(m.group(1)) if m else 0
