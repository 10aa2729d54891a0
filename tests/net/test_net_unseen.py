"""What a seat is sent never tells the opponent's deck list: only how many cards the
opponent holds in hand and deck, and the cards it has shown. Two matches the server
plays from the same seed, in which the opponent's decks differ only in a card that
stays in their hand or deck the whole time, send the other seat exactly the same
messages; and the AI, which sees only its view, guesses such cards from the card pool."""
from __future__ import annotations

import dataclasses
import random

import pytest

from engine.core.harness import random_game, starter_pair
from engine.games import get_game
from engine.net import hall as hall_module

from support.net_helpers import GAMES, FakeConn, new_hall, send


def hidden_ids(game: str, m, o: int) -> list[str]:
    """Ids of the cards ``o`` holds where the other seat cannot see them (hand, decks, covered)."""
    if game == "essveil":
        from engine.essveil.cards import C_ID
        return [C_ID[c] for c in m.hands[o] + m.decks[o]]
    if game == "everdawn":
        from engine.everdawn.cards import CARDS_BY_CODE
        return [CARDS_BY_CODE[c].id for c in m.hand[o] + m.sdeck[o] + m.cdeck[o]]
    from engine.evons.cards import POOL
    from engine.evons.match import F_COVERED, Z_DECK, Z_HAND
    inst = list(m.zones[Z_HAND + o]) + list(m.zones[Z_DECK + o])
    inst += [i for i in m.grid if i >= 0 and m.flags[i] & F_COVERED and m.owner(i) == o]
    return [POOL[m.cardof[i]].id for i in inst]


def same_kind(game: str, a, b) -> bool:
    """Whether card ``b`` may stand in a deck for card ``a`` (the same deck rules apply)."""
    if game == "everdawn":
        return a.is_creature == b.is_creature and a.is_spell == b.is_spell and not a.champion and not b.champion
    if game == "essveil":
        return a.kind != "token" and b.kind != "token"
    return a.is_block == b.is_block


SEED = 4242          # the match seed the server is made to draw


def never_shown(game: str, seed: int, n: int):
    """The decks, the first ``n`` random actions (seeded) of a match, and a card of the
    second seat's deck that stays in its hand or deck through all of them."""
    cls = get_game(game).match_class
    decks = starter_pair(game, seed)
    m = cls.new(decks, SEED, None)
    stays = {cid for cid, _ in decks[1].cards}
    rng = random.Random(seed)
    acts = []
    for _ in range(n):
        if m.result() is not None:
            break
        stays &= {cid for cid in stays if hidden_ids(game, m, 1).count(cid) == decks[1].count(cid)}
        a = rng.choice(m.legal_actions())
        acts.append(a)
        m.apply(a)
    stays &= {cid for cid in stays if hidden_ids(game, m, 1).count(cid) == decks[1].count(cid)}
    return decks, acts, sorted(stays)


def other_deck(game: str, deck, x: str):
    """``deck`` with every copy of ``x`` replaced by a card of the same kind not in either deck."""
    spec = get_game(game)
    cards = spec.cards
    for cid in sorted(cards):
        c = cards[cid]
        if deck.count(cid) or not same_kind(game, cards[x], c):
            continue
        # in place: the shuffles then put ``cid`` where ``x`` was
        swapped = dataclasses.replace(deck, cards=tuple((cid if y == x else y, n) for y, n in deck.cards))
        if not spec.validate_deck(swapped):
            return cid, swapped
    raise AssertionError(f"no card can stand in for {x}")


def seat0_messages(tmp_path, monkeypatch, game, decks, acts, name):
    monkeypatch.setattr(hall_module.secrets, "randbits", lambda bits: SEED)
    hall = new_hall(tmp_path / f"{name}.sqlite3")
    a, b = FakeConn("10.0.0.1"), FakeConn("10.0.0.2")
    created = send(hall, a, t="create", game=game, deck=decks[0].to_json(), name="Ann", pace="daily")[0]
    assert created["t"] == "created" and created["seat"] == 0
    assert send(hall, b, t="join", code=created["code"], deck=decks[1].to_json(), name="Bo")[0]["t"] == "joined"
    mid = created["match"]
    t = hall.tables[mid]
    for act in acts:
        p = t.match.to_move()
        out = send(hall, (a, b)[p], t="act", match=mid, action=list(act), index=len(t.actions))
        assert out[-1]["t"] == "update", out
    keep = ("view", "events", "action", "legal", "to_move", "turn", "index")
    return [{k: m.get(k) for k in keep} for m in a.out if m.get("t") in ("state", "update")]


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_is_sent_nothing_of_the_cards_the_opponent_never_showed(tmp_path, monkeypatch, game):
    decks, acts, stays = never_shown(game, 4, 40)
    assert stays, "every card of the opponent's deck was shown: pick another seed"
    x = stays[0]
    y, swapped = other_deck(game, decks[1], x)
    cls = get_game(game).match_class
    # the same seed and actions play the same match with either deck (x only ever hidden)
    mine = seat0_messages(tmp_path, monkeypatch, game, decks, acts, "a")
    theirs = seat0_messages(tmp_path, monkeypatch, game, (decks[0], swapped), acts, "b")
    assert len(mine) > len(acts) // 2
    assert mine == theirs, f"the messages tell {x} from {y}"
    # and the position really differs: the opponent holds x in one, y in the other
    m = cls.new(decks, SEED, None)
    for a in acts:
        m.apply(a)
    assert x in hidden_ids(game, m, 1) and y not in hidden_ids(game, m, 1)


@pytest.mark.parametrize("game", GAMES)
def test_the_ai_guesses_the_opponents_unseen_cards_from_the_card_pool(game):
    """A determinization is a whole legal match the seat cannot tell from the real one,
    with the opponent's unseen cards guessed (not the real deck dealt out again)."""
    cls = get_game(game).match_class
    spec = get_game(game)
    guessed_otherwise = 0
    for seed in (11, 12):
        _, acts = random_game(game, seed)
        for frac in (0.0, 0.3, 0.6):
            m = cls.new(starter_pair(game, seed), seed, None)
            for a in acts[:int(len(acts) * frac)]:
                m.apply(a, check=False)
            for p in (0, 1):
                v = m.view(p)
                real = sorted(hidden_ids(game, m, 1 - p))
                for s in range(4):
                    d = m.determinize(p, s)
                    assert d.invariant_problems() == []
                    assert d.view(p) == v                       # consistent with all the seat saw
                    assert d.result() is not None or d.legal_actions()
                    guess = sorted(hidden_ids(game, d, 1 - p))
                    assert len(guess) == len(real)
                    assert all(cid in spec.cards for cid in guess)
                    guessed_otherwise += guess != real
                    d2 = d.clone()                              # the guess plays on
                    rng = random.Random(s)
                    for _ in range(6):
                        if d2.result() is not None:
                            break
                        d2.apply(rng.choice(d2.legal_actions()))
                        assert d2.invariant_problems() == []
    assert guessed_otherwise > 0


@pytest.mark.parametrize("game", GAMES)
def test_a_short_ai_game_runs_on_views_alone(game):
    from engine.ai.agents import make_agent
    cls = get_game(game).match_class
    m = cls.new(starter_pair(game, 5), 5, None)
    agents = [make_agent("search:40", seed=5), make_agent("expert", seed=6)]
    for _ in range(30):
        if m.result() is not None:
            break
        a = agents[m.to_move()].choose(m)
        assert tuple(a) in [tuple(x) for x in m.legal_actions()]
        m.apply(a)
    assert m.turn() >= 1
