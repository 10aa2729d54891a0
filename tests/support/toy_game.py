"""The tests' toy game, registered as any game is: a tiny hidden-hand card game on the
match contract, for testing sessions, autosave, replays, files, the fuzzer and the AI
without the real engines.

"Toy" (game id ``"toy"``): each player has a deck of cards worth 1..5 points and a hand
of three. The turn player draws two cards, may play up to two cards (score their value)
and may roll once (0..2 points from the match RNG), then ends the turn. After each play
the other player may *counter* by discarding a card of equal or higher value (the play scores nothing) or
pass: a reaction decision inside the opponent's turn, so a play is a decision of two
steps by two players. First to 15 points wins; after turn 30 the higher score wins (or a
draw). The option "short" wins at 8 points.

Actions: (PLAY, value), (END,), (ROLL,), (COUNTER, value), (PASS,).
Hidden: the opponent's hand, both decks' order, the RNG. ``view(p)`` masks them;
``determinize`` deals the unseen cards back at random from what ``p`` does not see.

What a real game registers, this one registers too: its :class:`engine.games.GameSpec`
(cards, deck rules, starter decks) and its AI evaluation (:func:`evaluate`).
``register(monkeypatch)`` makes it known for one test, ``register_globally()`` for the
rest of a process (a test's subprocess).
"""
from __future__ import annotations

from engine.core.deck import Deck
from engine.core.match import EndReason, Match, OptionSpec, Result, register_end_reasons
from engine.core.rng import Rng

GAME = "toy"


class ToyEnd(EndReason):
    """How a toy game ends (beside the shared ways: a concession...)."""
    TARGET = "toy.target"           # the winner reached the target score
    TIME = "toy.time"               # turn 30 passed: the higher score wins


def _end_sentence(result, names) -> str:
    return "the target score is reached" if result.reason is ToyEnd.TARGET else "the last turn passed"


register_end_reasons(ToyEnd, _end_sentence)

PLAY, END, ROLL, COUNTER, PASS = 0, 1, 2, 3, 4
WIN_SCORE = 15
LAST_TURN = 30
CARDS = {f"c{v}": v for v in range(1, 6)}


class ToyCard:
    __slots__ = ("id", "name", "kind", "text", "value")

    def __init__(self, cid, value):
        self.id, self.name, self.kind, self.value = cid, f"Card {value}", "card", value
        self.text = f"Worth {value} points."


TOY_CARDS = {cid: ToyCard(cid, v) for cid, v in CARDS.items()}


class ToyMatch(Match):
    __slots__ = ("decklists", "deck", "hand", "pile", "score", "turn_no", "tp", "plays", "rolled",
                 "pending", "rng", "over", "hidden", "_win")
    GAME = GAME
    OPTIONS = (OptionSpec("short", "Short game", "Win at 8 points.", False),)

    @classmethod
    def new(cls, decks=None, seed=0, options=None):
        """A new game; ``decks`` None deals two copies of :func:`toy_deck`."""
        opts = cls.default_options()
        opts.update(options or {})
        decks = decks or (toy_deck(), toy_deck())
        m = cls.__new__(cls)
        m.decklists = tuple(tuple(sorted(CARDS[c] for c in d.card_list())) for d in decks)
        m.rng = Rng(seed)
        m.deck = [list(m.decklists[0]), list(m.decklists[1])]
        for d in m.deck:
            m.rng.shuffle(d)
        m.hand = [[], []]
        m.pile = [[], []]
        for p in (0, 1):
            for _ in range(3):
                m._draw(p)
        m.score = [0, 0]
        m.turn_no = 1
        m.tp = m.rng.randrange(2)
        m.plays = 0
        m.rolled = False
        m.pending = 0  # value of a play awaiting the opponent's reaction
        m.over = None
        m.hidden = -1
        m._win = 8 if opts["short"] else WIN_SCORE
        m._draw_two(m.tp)
        return m

    def _draw(self, p):
        if self.deck[p]:
            self.hand[p].append(self.deck[p].pop())

    def _draw_two(self, p):
        self._draw(p)
        self._draw(p)

    # -------------------------------------------------------------- decisions
    def to_move(self):
        if self.over is not None:
            return None
        return 1 - self.tp if self.pending else self.tp

    def turn_player(self):
        return self.tp

    def turn(self):
        return self.turn_no

    def legal_actions(self):
        if self.over is not None:
            return []
        if self.pending:
            o = 1 - self.tp
            return [(PASS,)] + [(COUNTER, v) for v in sorted(set(self.hand[o])) if v >= self.pending]
        out = [(END,)]
        if not self.rolled:
            out.append((ROLL,))
        if self.plays < 2:
            out += [(PLAY, v) for v in sorted(set(self.hand[self.tp]))]
        return out

    def explain_illegal(self, action):
        if action and action[0] == PLAY and self.plays >= 2:
            return "You already played two cards this turn."
        return None

    def _apply(self, a):
        ev = []
        k = a[0]
        if k == PLAY:
            self.hand[self.tp].remove(a[1])
            self.pile[self.tp].append(a[1])
            self.plays += 1
            self.pending = a[1]
            ev.append(("play", self.tp, a[1]))
        elif k == PASS:
            self.score[self.tp] += self.pending
            ev.append(("score", self.tp, self.pending))
            self.pending = 0
        elif k == COUNTER:
            o = 1 - self.tp
            self.hand[o].remove(a[1])
            self.pile[o].append(a[1])
            ev.append(("counter", o, a[1]))
            self.pending = 0
        elif k == ROLL:
            n = self.rng.randrange(3)
            self.score[self.tp] += n
            self.rolled = True
            ev.append(("roll", self.tp, n))
        elif k == END:
            self.tp = 1 - self.tp
            self.turn_no += 1
            self.plays = 0
            self.rolled = False
            self._draw_two(self.tp)
            ev.append(("turn", self.tp))
        self._check_end()
        return ev

    def _check_end(self):
        for p in (0, 1):
            if self.score[p] >= self._win:
                self.over = (p, ToyEnd.TARGET)
                return
        if self.turn_no > LAST_TURN:
            a, b = self.score
            self.over = (None if a == b else int(b > a), ToyEnd.TIME)

    def result(self):
        return None if self.over is None else Result(self.over[0], self.over[1])

    # -------------------------------------------------------------- hidden information
    def view(self, player):
        v = self.clone()
        o = 1 - player
        v.hand[o] = [0] * len(v.hand[o])
        v.deck[o] = [0] * len(v.deck[o])
        v.deck[player] = sorted(v.deck[player])
        v.rng = Rng(0)
        v.hidden = player
        return v

    def _fill_hidden(self, seed):
        p = self.hidden
        o = 1 - p
        rng = Rng(seed)
        unseen = list(self.decklists[o])
        for c in self.pile[o]:
            unseen.remove(c)
        rng.shuffle(unseen)
        nh = len(self.hand[o])
        self.hand[o] = sorted(unseen[:nh])
        self.deck[o] = unseen[nh:]
        rng.shuffle(self.deck[p])
        self.rng = Rng(rng.next64())
        self.hidden = -1
        return self

    # -------------------------------------------------------------- copies
    def clone(self):
        m = object.__new__(type(self))
        m.decklists = self.decklists
        m.deck = [self.deck[0][:], self.deck[1][:]]
        m.hand = [self.hand[0][:], self.hand[1][:]]
        m.pile = [self.pile[0][:], self.pile[1][:]]
        m.score = self.score[:]
        m.turn_no, m.tp, m.plays, m.rolled = self.turn_no, self.tp, self.plays, self.rolled
        m.pending, m.over, m.hidden = self.pending, self.over, self.hidden
        m.rng = self.rng.clone()
        m._win = self._win
        return m

    def to_json(self):
        return {"decklists": [list(d) for d in self.decklists], "deck": [d[:] for d in self.deck],
                "hand": [h[:] for h in self.hand], "pile": [p[:] for p in self.pile],
                "score": self.score[:], "turn": self.turn_no, "tp": self.tp, "plays": self.plays,
                "rolled": self.rolled, "pending": self.pending,
                "over": None if self.over is None else [self.over[0], self.over[1].value], "hidden": self.hidden,
                "rng": self.rng.state, "win": self._win}

    @classmethod
    def from_json(cls, o):
        m = cls.__new__(cls)
        m.decklists = tuple(tuple(d) for d in o["decklists"])
        m.deck = [list(d) for d in o["deck"]]
        m.hand = [list(h) for h in o["hand"]]
        m.pile = [list(p) for p in o["pile"]]
        m.score = list(o["score"])
        m.turn_no, m.tp, m.plays, m.rolled = o["turn"], o["tp"], o["plays"], o["rolled"]
        m.pending, m.hidden = o["pending"], o["hidden"]
        m.over = None if o["over"] is None else (o["over"][0], ToyEnd(o["over"][1]))
        m.rng = Rng(o["rng"])
        m._win = o["win"]
        return m

    def invariant_problems(self):
        out = []
        for p in (0, 1):
            if self.hidden == -1 and sorted(self.deck[p] + self.hand[p] + self.pile[p]) != list(self.decklists[p]):
                out.append(f"player {p}: cards not conserved")
        return out


def toy_deck(name="Toy", cards=None) -> Deck:
    cards = cards or {"c1": 3, "c2": 3, "c3": 2, "c4": 2, "c5": 1}
    return Deck(GAME, name, tuple(cards.items()))


def evaluate(m: ToyMatch, player: int) -> float:
    """The AI's evaluation, in [-1, 1] for ``player``: the score lead against the target,
    the cards in hand at a fifth of their value, a play awaiting its reaction at half its
    value for the turn player."""
    r = m.result()
    if r is not None:
        return 0.0 if r.winner is None else (1.0 if r.winner == player else -1.0)
    lead = m.score[player] - m.score[1 - player] + (sum(m.hand[player]) - sum(m.hand[1 - player])) / 5
    if m.pending:
        lead += m.pending / 2 * (1 if m.tp == player else -1)
    return max(-1.0, min(1.0, lead / m._win))


def _validate(deck):
    return [] if deck.size >= 5 else ["A toy deck needs at least 5 cards."]


def make_spec():
    from engine.games import GameSpec

    class ToySpec(GameSpec):
        def starter_decks(self):
            return [toy_deck("Low", {"c1": 4, "c2": 4, "c3": 3}), toy_deck("High", {"c3": 3, "c4": 3, "c5": 3}),
                    toy_deck()]

    return ToySpec(GAME, "Toy", "A tiny test game.", ToyMatch, TOY_CARDS, _validate,
                   lambda d: [("Cards", list(d.cards))])


SPEC = None


def register(monkeypatch, match_class=None):
    """Make "toy" a known game, with its evaluation, for the duration of one test;
    ``match_class``: play it with that class (an engine broken on purpose)."""
    global SPEC
    import dataclasses

    import engine.games as games
    from engine.ai import evaluation
    SPEC = SPEC or make_spec()
    monkeypatch.setattr(games, "GAME_NAMES", games.GAME_NAMES)          # all put back after the test
    monkeypatch.setattr(games, "_REGISTERED", dict(games._REGISTERED))
    monkeypatch.setattr(evaluation, "_REGISTRY", dict(evaluation._REGISTRY))
    games.register(SPEC if match_class is None else dataclasses.replace(SPEC, match_class=match_class))
    evaluation.register_evaluator(GAME, evaluate)


def register_globally():
    """Make "toy" a known game for the rest of this process (a child process of a test)."""
    global SPEC
    import engine.games as games
    from engine.ai.evaluation import register_evaluator
    SPEC = SPEC or make_spec()
    games.register(SPEC)
    register_evaluator(GAME, evaluate)


def playable_games() -> list[str]:
    """The real games: every registered game but the toy."""
    from engine.games import GAME_NAMES
    return [g for g in GAME_NAMES if g != GAME]
