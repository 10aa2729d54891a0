"""A tiny hidden-hand card game on the match contract, for testing the AI without
the real engines.

"Three Lanes": each player has a 12-card deck (values 1..6, twice each), shuffled,
and a hand of 3. On your turn you pick a card from your hand (action
``(0, value)``) and then a lane for it (``(1, lane)``) — a two-step decision —
or, instead of picking a card, you may ``(2,)`` "burn": discard your lowest card
and draw two (only while your deck holds two or more). Each card adds its value
to your total in that lane; then you draw one card. After 12 turns (or when both
hands are empty) the player who leads in more lanes wins.

Hidden information: the opponent's hand and the order of both decks (and the
RNG). ``view(p)`` masks them as ``-1``; ``determinize`` deals the unseen cards
back at random from what ``p`` does not see.
"""
from __future__ import annotations

from engine.core.match import IllegalAction, Match, Result
from engine.core.rng import Rng, mix_seed

DECK = [v for v in range(1, 7) for _ in range(2)]
HAND = 3
LANES = 3
MAX_TURNS = 12
HIDDEN = -1


class ToyMatch(Match):
    __slots__ = ("hands", "decks", "lanes", "active", "picked", "turn_no", "rng", "done", "first", "gone")

    GAME = "toy"

    @classmethod
    def new(cls, decks=None, seed: int = 0, options=None) -> "ToyMatch":
        m = cls.__new__(cls)
        m.rng = Rng(mix_seed(seed, 77))
        m.decks = [list(DECK), list(DECK)]
        for d in m.decks:
            m.rng.shuffle(d)
        m.hands = [[], []]
        for p in (0, 1):
            for _ in range(HAND):
                m.hands[p].append(m.decks[p].pop())
        m.lanes = [[0] * LANES, [0] * LANES]
        m.gone = [[], []]  # cards picked, played or burned: public
        m.first = m.rng.randrange(2)
        m.active = m.first
        m.picked = 0
        m.turn_no = 1
        m.done = None
        return m

    # ------------------------------------------------------------ decisions
    def to_move(self):
        return None if self.done is not None else self.active

    def turn_player(self) -> int:
        return self.active

    def turn(self) -> int:
        return self.turn_no

    def legal_actions(self):
        if self.done is not None:
            return []
        if self.picked:
            return [(1, lane) for lane in range(LANES)]
        acts = [(0, v) for v in sorted(set(self.hands[self.active]))]
        if len(self.decks[self.active]) >= 2 and self.hands[self.active]:
            acts.append((2,))
        return acts

    def _apply(self, action):
        p = self.active
        if action[0] == 0:
            self.hands[p].remove(action[1])
            self.gone[p].append(action[1])
            self.picked = action[1]
            return [("pick", p, action[1])]
        if action[0] == 1:
            self.lanes[p][action[1]] += self.picked
            ev = [("play", p, self.picked, action[1])]
            self.picked = 0
        elif action[0] == 2:
            low = min(self.hands[p])
            self.hands[p].remove(low)
            self.gone[p].append(low)
            self.hands[p].append(self.decks[p].pop())
            ev = [("burn", p)]
        else:
            raise IllegalAction("unknown action", action)
        if self.decks[p]:
            self.hands[p].append(self.decks[p].pop())
        self.active = 1 - p
        self.turn_no += 1
        if self.turn_no > MAX_TURNS or not (self.hands[0] or self.hands[1]):
            won = [sum(1 for i in range(LANES) if self.lanes[q][i] > self.lanes[1 - q][i]) for q in (0, 1)]
            if won[0] == won[1]:
                self.done = Result(None, "lanes tied")
            else:
                self.done = Result(0 if won[0] > won[1] else 1, "more lanes")
        elif not self.hands[self.active]:
            self.active = 1 - self.active
        return ev

    def result(self):
        return self.done

    # ------------------------------------------------------------ hidden information
    def view(self, player: int) -> "ToyMatch":
        v = self.clone()
        o = 1 - player
        v.hands[o] = [HIDDEN] * len(self.hands[o])
        v.decks = [[HIDDEN] * len(self.decks[0]), [HIDDEN] * len(self.decks[1])]
        v.rng = Rng(0)
        return v

    def _fill_hidden(self, seed: int) -> "ToyMatch":
        rng = Rng(mix_seed(seed, 0xD37))
        for q in (0, 1):
            seen = [c for c in self.hands[q] if c != HIDDEN]
            pool = list(DECK)
            for c in seen + self.gone[q]:
                pool.remove(c)
            rng.shuffle(pool)
            n_hidden_hand = sum(1 for c in self.hands[q] if c == HIDDEN)
            self.hands[q] = seen + [pool.pop() for _ in range(n_hidden_hand)]
            self.decks[q] = [pool.pop() for _ in range(len(self.decks[q]))]
        self.rng = Rng(mix_seed(seed, 0xD38))
        return self

    # ------------------------------------------------------------ copies
    def clone(self) -> "ToyMatch":
        m = ToyMatch.__new__(ToyMatch)
        m.hands = [self.hands[0][:], self.hands[1][:]]
        m.decks = [self.decks[0][:], self.decks[1][:]]
        m.lanes = [self.lanes[0][:], self.lanes[1][:]]
        m.gone = [self.gone[0][:], self.gone[1][:]]
        m.active, m.picked, m.turn_no, m.done, m.first = self.active, self.picked, self.turn_no, self.done, self.first
        m.rng = self.rng.clone()
        return m

    def to_json(self) -> dict:
        return {"hands": self.hands, "decks": self.decks, "lanes": self.lanes, "gone": self.gone, "active": self.active,
                "picked": self.picked, "turn": self.turn_no, "rng": self.rng.state, "first": self.first,
                "done": None if self.done is None else self.done.to_json()}

    @classmethod
    def from_json(cls, obj) -> "ToyMatch":
        m = cls.__new__(cls)
        m.hands = [list(h) for h in obj["hands"]]
        m.decks = [list(d) for d in obj["decks"]]
        m.lanes = [list(x) for x in obj["lanes"]]
        m.gone = [list(x) for x in obj["gone"]]
        m.active, m.picked, m.turn_no, m.first = obj["active"], obj["picked"], obj["turn"], obj["first"]
        m.rng = Rng(obj["rng"])
        m.done = None if obj["done"] is None else Result.from_json(obj["done"])
        return m

    # ------------------------------------------------------------ helpers for the evaluation
    def lane_totals(self, player: int) -> list[int]:
        return list(self.lanes[player])


def toy_eval(m: ToyMatch, player: int) -> float:
    """Score in [-1, 1] for ``player``: lanes led, softened by the margin."""
    r = m.result()
    if r is not None:
        return 0.0 if r.winner is None else (1.0 if r.winner == player else -1.0)
    mine, theirs = m.lanes[player], m.lanes[1 - player]
    s = 0.0
    for i in range(LANES):
        d = mine[i] - theirs[i]
        s += max(-1.0, min(1.0, d / 6.0))
    if m.picked:  # a card in mid-play counts as nearly played
        s += (m.picked / 12.0) * (1 if m.active == player else -1)
    return max(-1.0, min(1.0, s / LANES))
