"""Sentences a native speaker would write: articles, plurals, "you" and names.

One helper for every game's log, prompts and screens (the engine's and the client's):

    a("armour")                  -> "an armour"
    count(1, "creature")         -> "1 creature";   count(3, "move") -> "3 moves"
    count(2, "copy", "copies")   -> "2 copies"
    does("You", "go", "first")   -> "You go first"; does("AI (easy)", "go", "first") -> "AI (easy) goes first"
    possessive("You")            -> "your";          possessive("Mira") -> "Mira's"
    conceded("You")              -> "You conceded"   (the one tense for a concession, log and result)
    Names(("you", "the AI"))     -> how a sentence calls each seat: n.does(0, "draw", "a card")
                                    -> "You draw a card"; n.poss(1) -> "the AI's"; n.name(1, True)
                                    -> "The AI" (events and results are worded from it at draw time:
                                    ``Match.event_text(event, names)``, ``result_text(result, names)``)
    grammar_problems("You has 1 cards")  -> what a careful reader would mark (the layout
                                    check runs it on every text drawn; tests on every engine sentence)

Pure Python (the engine uses it too).
"""
from __future__ import annotations

import re

YOU = "You"

_AN_EXCEPTIONS = ("uni", "use", "usu", "euro", "one", "once", "ufo", "ewe")
_A_EXCEPTIONS = ("hour", "honest", "honour", "honor", "heir")
_IRREGULAR_PLURALS = {"copy": "copies", "ally": "allies", "enemy": "enemies", "life": "lives",
                      "wolf": "wolves", "knife": "knives", "staff": "staves", "child": "children",
                      "foot": "feet", "mouse": "mice", "essence": "essence", "equipment": "equipment"}
# third person -> the form after "you"
_THIRD_TO_BASE = {"is": "are", "was": "were", "has": "have", "does": "do", "goes": "go"}
_NOT_VERBS = {"this", "his", "its", "us", "as", "yes", "plus", "thus", "gas", "bus"}


def article(word: str) -> str:
    """"a" or "an" for ``word`` (by sound for the common exceptions)."""
    w = str(word).strip().lower()
    if not w:
        return "a"
    if w.startswith(_A_EXCEPTIONS):
        return "an"
    if w.startswith(_AN_EXCEPTIONS):
        return "a"
    if w[0].isdigit():
        return "an" if w.startswith(("8", "11", "18")) else "a"
    return "an" if w[0] in "aeiou" else "a"


def a(noun: str) -> str:
    """``noun`` with its indefinite article: "an armour", "a weapon"."""
    return f"{article(noun)} {noun}"


def plural(noun: str, n: int = 2, plural_form: str | None = None) -> str:
    """The form of ``noun`` for ``n`` items ("creature" / "creatures")."""
    if n == 1 or n == -1:
        return noun
    if plural_form:
        return plural_form
    low = noun.lower()
    if low in _IRREGULAR_PLURALS:
        out = _IRREGULAR_PLURALS[low]
        return out[0].upper() + out[1:] if noun[:1].isupper() else out
    if re.search(r"[^aeiou]y$", low):
        return noun[:-1] + "ies"
    if re.search(r"(s|x|z|ch|sh)$", low):
        return noun + "es"
    return noun + "s"


def count(n: int, noun: str, plural_form: str | None = None) -> str:
    """"1 creature", "3 creatures", "0 moves"."""
    return f"{n} {plural(noun, n, plural_form)}"


def join_names(names) -> str:
    """"A", "A and B", "A, B and C" (empty for none)."""
    names = [str(n) for n in names]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def is_you(name: str) -> bool:
    return str(name) == YOU


def third_person(verb: str) -> str:
    """"go" -> "goes", "draw" -> "draws", "have" -> "has"."""
    v = str(verb)
    if v in ("have",):
        return "has"
    if v in ("be", "are"):
        return "is"
    if re.search(r"[^aeiou]y$", v):
        return v[:-1] + "ies"
    if re.search(r"(s|x|z|ch|sh|o)$", v):
        return v + "es"
    return v + "s"


def base_form(verb: str) -> str:
    """"goes" -> "go", "draws" -> "draw", "has" -> "have", "carries" -> "carry"."""
    v = str(verb)
    low = v.lower()
    if low in _THIRD_TO_BASE:
        return _THIRD_TO_BASE[low]
    if low in _NOT_VERBS or not low.endswith("s") or low.endswith("ss"):
        return v
    if re.search(r"[^aeiou]ies$", low):
        return v[:-3] + "y"
    if re.search(r"(sses|xes|zes|ches|shes|oes)$", low):
        return v[:-2]
    return v[:-1]


def does(name: str, verb: str, rest: str = "") -> str:
    """``name`` doing ``verb`` (given in its base form) with the verb agreeing:
    "You go first" / "AI (easy) goes first"."""
    v = verb if is_you(name) else third_person(verb)
    return f"{name} {v}{(' ' + rest) if rest else ''}"


def conceded(name: str, stop: bool = False) -> str:
    """The one sentence for a concession, in the log, the result and online:
    "You conceded" / "AI (easy) conceded" (with a full stop when ``stop``)."""
    return f"{name} conceded{'.' if stop else ''}"


def possessive(name: str, capital: bool = False) -> str:
    """"your" / "Your" for you, else "<name>'s"."""
    if is_you(name):
        return "Your" if capital else "your"
    return f"{name}'" if str(name).endswith("s") and not str(name).endswith(")") else f"{name}'s"


def name_seat(name: str, fallback: str) -> str:
    """A player's name for the screens: the recorded name, or ``fallback`` ("You",
    "Player 2") when the record has none."""
    n = str(name or "").strip()
    return n or fallback


def _capital(label: str) -> str:
    """"the AI" -> "The AI" at the start of a sentence (a player's own name is left as typed)."""
    return label[:1].upper() + label[1:] if label.startswith(("the ", "you")) else label


class Names:
    """How a sentence calls each seat: ``Names(("you", "the AI"))``, ``Names(("Ann", "Bob"))``,
    ``Names()`` ("Player 1", "Player 2": the engine's neutral words, kept in records). A
    label "you" (any case) is the second person: its verbs agree ("you draw") and it owns
    with "your". Every sentence with a player in it is made from one of these at draw time;
    no sentence is renamed after it was written."""

    __slots__ = ("labels",)

    def __init__(self, labels=("Player 1", "Player 2")):
        self.labels = tuple(str(x) for x in labels)

    def __repr__(self) -> str:
        return f"Names({self.labels!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Names) and other.labels == self.labels

    def __hash__(self) -> int:
        return hash(self.labels)

    def you(self, p: int) -> bool:
        """Is seat ``p`` addressed as "you"?"""
        return self.labels[p].lower() == "you"

    def name(self, p: int, start: bool = False) -> str:
        """Seat ``p`` as a subject or object: "you" / "the AI" / "Ann" ("You", "The AI" at
        the ``start`` of a sentence)."""
        if self.you(p):
            return "You" if start else "you"
        return _capital(self.labels[p]) if start else self.labels[p]

    def poss(self, p: int, start: bool = False) -> str:
        """"your" / "the AI's" / "Ann's" ("Your", "The AI's" at the ``start``)."""
        if self.you(p):
            return "Your" if start else "your"
        return possessive(self.name(p, start))

    def does(self, p: int, verb: str, rest: str = "", start: bool = True) -> str:
        """Seat ``p`` doing ``verb`` (its base form), the verb agreeing: "You draw a card",
        "The AI draws a card"."""
        v = verb if self.you(p) else third_person(verb)
        return f"{self.name(p, start)} {v}{(' ' + rest) if rest else ''}"

    def be(self, p: int) -> str:
        return "are" if self.you(p) else "is"

    def have(self, p: int) -> str:
        return "have" if self.you(p) else "has"

    def self_(self, p: int) -> str:
        """"yourself" / "themselves" (a card played on its own player)."""
        return "yourself" if self.you(p) else "themselves"


#: the engine's own words for the seats (logs of the command line, records' plain reason)
SEATS = Names()


# ---------------------------------------------------------------- the grammar lint
# Nouns the program counts: "1 cards" / "3 card" is a mistake with these.
COUNTED = ("card", "creature", "move", "copy", "turn", "point", "problem", "decision", "game",
           "match", "action", "minute", "second", "hour", "day", "round", "step", "cell", "line",
           "champion", "spell", "monster", "guard", "attack", "item", "timeout", "player", "win",
           "loss", "draw", "deck", "tie", "charge", "token", "arrow", "counter", "slot", "lane",
           "replay", "time", "combo", "flip", "stone")
_COUNTED_PL = {plural(n): n for n in COUNTED}
_NUM_NOUN_RX = re.compile(r"(?<![\w.,/+\-−:×])(\d+) ([A-Za-z]+)\b")
_ARTICLE_RX = re.compile(r"(?<![\w'’\-])(a|an|A|An) (?:“|\")?([A-Za-z][\w\-]*)")
_YOU_RX = re.compile(r"\b(You|you) (?:(?:also|now|still|then|only|already|just|never) )?([a-z]+)\b")
_YOU_BAD = {"is", "was", "has", "does", "goes", "wins", "loses", "draws", "plays", "passes", "gets",
            "takes", "makes", "puts", "moves", "casts", "equips", "sets", "attacks", "keeps", "needs",
            "concedes", "chooses", "flips", "places", "summons", "discards", "reveals", "shuffles",
            "banks", "pays", "gains", "deals", "holds", "leaves", "mulligans", "redraws", "returns",
            "beats", "owns", "controls", "sees", "knows", "wants", "starts", "ends", "claims", "answers",
            "reacts", "blocks", "spends", "lose", "win"} - {"lose", "win"}
_ORDINAL_WORDS = {"player", "seat", "lane", "bench", "turn", "round", "level", "line", "game", "match",
                  "step", "row", "column", "slot", "page", "deck", "version", "part", "move", "no.", "#",
                  "point", "pt", "issue", "cell", "stage", "phase", "of", "ply"}
_DOUBLE_SPACE_RX = re.compile(r"\S {2,}\S")
_BULLET_RX = re.compile(r"^\s*(?:[•·\-–*]|\d+[.)])?\s*")
_LONE_S_RX = re.compile(r"\w\((?:s|es)\)")


def grammar_problems(text: str) -> list[str]:
    """What a careful reader would mark in ``text`` (one phrase each): "1 cards" /
    "3 card" for the nouns the program counts, "a" before a vowel sound or "an"
    before a consonant, "You goes" / "You has" / "You is", doubled spaces inside
    a line, a lone "(s)". Empty when the text reads well."""
    s = str(text)
    out: list[str] = []
    for m in _NUM_NOUN_RX.finditer(s):
        n, word = int(m.group(1)), m.group(2)
        before = s[max(0, m.start() - 12):m.start()].split()
        if before and before[-1].lower().strip("(“\"") in _ORDINAL_WORDS:
            continue  # "Player 1 wins", "lane 2 attacks", "Turn 3 move": a name, not a count
        low = word.lower()
        if n == 1 and low in _COUNTED_PL and low not in COUNTED:
            out.append(f"“{m.group(0)}” (one is singular)")
        elif n != 1 and low in COUNTED and low not in _COUNTED_PL and plural(low) != low:
            # "2 turn limit" style compounds ("a 30-turn limit") are written with a hyphen
            nxt = s[m.end():m.end() + 12]
            if not re.match(r" (limit|deck|bank|timer|clock|rule|cap)\b", nxt):
                out.append(f"“{m.group(0)}” (needs the plural)")
    for m in _ARTICLE_RX.finditer(s):
        art, word = m.group(1).lower(), m.group(2)
        if word.isupper() and len(word) > 1:
            continue  # ATK, AI, DEF: read as letters
        if len(word) == 1 and not word.isdigit():
            continue  # "a b c", "plan A"
        if art != article(word):
            out.append(f"“{m.group(0)}” (should be “{article(word)} {word}”)")
    for m in _YOU_RX.finditer(s):
        if s[max(0, m.start() - 3):m.start()].lower() == "of ":
            continue  # "each of you starts"
        if m.group(2) in _YOU_BAD:
            out.append(f"“{m.group(0)}” (“you” takes “{base_form(m.group(2))}”)")
    if "You's" in s or "you's" in s:
        out.append("“You's” (should be “your”)")
    for line in s.split("\n"):
        body = _BULLET_RX.sub("", line)  # indentation and a list bullet are layout, not a gap
        for m in _DOUBLE_SPACE_RX.finditer(body):
            out.append(f"doubled space in “{body[max(0, m.start() - 8):m.end() + 8].strip()}”")
    for m in _LONE_S_RX.finditer(s):
        out.append(f"“{m.group(0)}” (count it: one word or the other)")
    return out
