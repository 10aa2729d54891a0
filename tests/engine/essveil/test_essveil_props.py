"""Essveil: properties over many games — random games, invariants, clones, views,
illegal actions, golden records, deck rules and the card pool requirements."""
from support.paths import ROOT, TESTS
import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.match import Result
from engine.core import Deck, IllegalAction, load_record
from engine.core.harness import random_game, starter_pair
from engine.essveil import CARDS, SPEC, validate_deck
from engine.essveil.cards import ALL_KEYWORDS
from engine.essveil.match import (
    CONCEDE_ACTION, ESSENCE, HIDDEN, RESERVE, SPENT, VEIL, EssveilMatch,
)
from engine.essveil.testing import state_digest
from engine.games import get_game

GOLDEN = sorted(TESTS.glob("golden/essveil_*.json"))


def replay_prefix(seed, upto):
    decks = starter_pair("essveil", seed)
    m, acts = random_game("essveil", seed, decks=decks)
    m2 = EssveilMatch.new(decks, seed)
    for a in acts[:upto]:
        m2.apply(a, check=False)
    return m2, acts


# ---------------------------------------------------------------- random games
@pytest.mark.slow
def test_200_random_games_checked_after_every_action():
    """JSON round-trip, clone equality and invariants (card and Essence conservation)
    after every action."""
    for seed in range(200):
        random_game("essveil", seed, check=True)


def test_1000_random_games_without_an_exception():
    results = Counter()
    for seed in range(1000, 2000):
        m, _ = random_game("essveil", seed)
        assert m.invariant_problems() == []
        results[m.result().winner] += 1
    assert results[0] > 200 and results[1] > 200


def test_pierce_games_with_checks():
    for seed in range(40):
        random_game("essveil", seed, options={"pierce_the_veil": True}, check=True)


def test_essence_always_sums_to_10_mid_game():
    m, acts = replay_prefix(3, 0)
    for a in acts:
        m.apply(a, check=False)
        for p in (0, 1):
            g = m.g
            assert g[RESERVE[p]] + g[VEIL[p]] + g[SPENT[p]] == ESSENCE


def test_every_listed_action_is_legal_texts_render_and_clones_are_independent():
    """After every action: a clone that plays the action leaves the original untouched."""
    for seed in range(30):
        decks = starter_pair("essveil", seed)
        m, acts = random_game("essveil", seed, decks=decks)
        m = EssveilMatch.new(decks, seed)
        for a in acts:
            for b in m.legal_actions():
                assert m.why_illegal(b) is None
                assert m.action_text(b)
            before = m.to_json()
            c = m.clone()
            c.apply(a)
            assert m.to_json() == before
            for e in m.apply(a):
                assert m.event_text(e) and json.dumps(e)
            assert m == c


# ---------------------------------------------------------------- clones, JSON, views
def test_clone_evolves_independently():
    m, acts = replay_prefix(4, 30)
    c = m.clone()
    before = m.to_json()
    for a in acts[30:60]:
        c.apply(a, check=False)
    assert m.to_json() == before and c != m
    for a in acts[30:60]:
        m.apply(a, check=False)
    assert m == c


def test_json_round_trip_mid_game():
    m, _ = replay_prefix(6, 40)
    back = EssveilMatch.from_json(json.loads(json.dumps(m.to_json())))
    assert back == m and back.legal_actions() == m.legal_actions()


def test_view_hides_the_opponents_hand_deck_order_and_rng():
    m, _ = replay_prefix(8, 25)
    for p in (0, 1):
        v = m.view(p)
        q = 1 - p
        assert v.hands[q] == [HIDDEN] * len(m.hands[q]) and v.hands[p] == m.hands[p]
        assert v.decks[q] == [HIDDEN] * len(m.decks[q])
        assert v.decks[p] == sorted(m.decks[p])
        assert v.rng == 0 and v.boards == m.boards and v.graves == m.graves
        EssveilMatch.from_json(json.loads(json.dumps(v.to_json())))
        if m.to_move() == p:
            assert v.legal_actions() == m.legal_actions()


def test_determinize_is_consistent_with_the_view_and_depends_only_on_it():
    m, acts = replay_prefix(9, 25)
    p = m.to_move()
    q = 1 - p
    d = m.determinize(p, 77)
    assert d.invariant_problems() == []
    assert d.hands[p] == m.hands[p] and d.boards == m.boards and d.graves == m.graves
    assert len(d.hands[q]) == len(m.hands[q]) and len(d.decks[q]) == len(m.decks[q])
    # the opponent's unseen cards are guessed within the deck rules (their list is not public)
    guessed = d._seen(q)
    assert all(guessed.count(c) <= 3 for c in guessed) and min(guessed) > 0
    assert sorted(d.decks[p]) == sorted(m.decks[p])
    # another match with the same view (the opponent's hidden cards in another order,
    # another RNG state) gives the same guess
    other = m.clone()
    hidden = other.hands[q] + other.decks[q]
    hidden = hidden[1:] + hidden[:1]
    other.hands[q] = hidden[:len(m.hands[q])]
    other.decks[q] = hidden[len(m.hands[q]):]
    other.rng ^= 12345
    assert other.view(p) == m.view(p)
    assert other.determinize(p, 77) == d
    assert m.determinize(p, 77) == d
    # the determinized game plays on
    while d.result() is None:
        d.apply(d.legal_actions()[0])


# ---------------------------------------------------------------- illegal actions
ACTIONS = st.one_of(
    st.tuples(st.integers(-1, 11)),
    st.tuples(st.integers(0, 10), st.integers(-2, 40)),
    st.tuples(st.integers(0, 10), st.integers(-2, 40), st.integers(-2, 40)),
    st.lists(st.integers(-3, 40), min_size=0, max_size=5).map(tuple),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 400), step=st.integers(0, 120), action=ACTIONS)
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(seed, step, action):
    m, acts = replay_prefix(seed, step)
    reason = m.why_illegal(action)
    legal = m.legal_actions()
    if reason is None:
        assert action in legal or action == CONCEDE_ACTION
        return
    assert isinstance(reason, str) and reason.endswith(".")
    assert action not in legal
    # the specific explanation never claims an illegal action is fine
    if m.result() is None and action != CONCEDE_ACTION:
        assert m.explain_illegal(action) is not None
    before = m.to_json()
    with pytest.raises(IllegalAction) as exc:
        m.apply(action)
    assert exc.value.reason == reason
    assert m.to_json() == before


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 400), step=st.integers(0, 120))
def test_explanations_agree_with_legal_actions(seed, step):
    """Every near-miss action (right shape, any target) is legal exactly when explain says so."""
    m, _ = replay_prefix(seed, step)
    if m.result() is not None:
        return
    legal = set(m.legal_actions())
    uids = m.boards[0][0::8] + m.boards[1][0::8]
    targets = [0, 1, 2] + uids + [99]
    cands = [(0,), (1,), (2,), (7,), (8,)]
    for h in range(-1, len(m.hands[m.to_move()]) + 1):
        cands += [(3, h, t) for t in targets]
    for u in uids + [99]:
        cands += [(4, u, t) for t in targets] + [(5, u, t) for t in targets] + [(6, u)]
    for a in cands:
        if a in legal:
            assert m.why_illegal(a) is None
        else:
            assert m.explain_illegal(a) is not None, (a, m.to_json())


# ---------------------------------------------------------------- golden games
@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_game_replays_to_its_recorded_result(path):
    rec = load_record(path, game="essveil")
    m = rec.replay()
    assert m.result() == Result.from_json(rec.result)   # (an older file: its sentence is read back)
    assert state_digest(m) == rec.meta["digest"]


def test_there_are_golden_games():
    assert len(GOLDEN) >= 3


# ---------------------------------------------------------------- decks
def deck(cards, name="t"):
    return Deck("essveil", name, tuple(cards.items()))


def legal_cards(n=50):
    ids = [c.id for c in CARDS.values() if c.deckable]
    out = {}
    i = 0
    while sum(out.values()) < n:
        out[ids[i % len(ids)]] = out.get(ids[i % len(ids)], 0) + 1
        i += 1
    return out


def test_deck_of_50_to_60_with_3_copies_is_legal():
    assert validate_deck(deck(legal_cards(50))) == []
    assert validate_deck(deck(legal_cards(60))) == []


def test_deck_size_errors_name_the_rule():
    assert validate_deck(deck(legal_cards(49))) == [
        "Deck: 49 cards; a deck needs at least 50 cards (your 10 Essence cards are not part of the deck)."]
    assert validate_deck(deck(legal_cards(61))) == ["Deck: 61 cards; a deck may have at most 60 cards."]


def test_copy_limit_error_names_the_card():
    cards = legal_cards(50)
    cards["spark"] = 4
    assert "Spark: 4 copies; at most 3 copies of a card." in validate_deck(deck(cards))


def test_tokens_are_not_deckable():
    cards = legal_cards(50)
    cards["wisp"] = 1
    assert "Wisp: tokens are made by effects and can't be put in a deck." in validate_deck(deck(cards))


def test_essence_is_not_a_card_in_the_deck():
    assert "essence" not in CARDS
    cards = legal_cards(50)
    cards["essence"] = 1
    assert "essence: not an Essveil card." in validate_deck(deck(cards))


def test_starter_decks_are_legal_and_have_different_plans():
    decks = SPEC.starter_decks()
    assert len(decks) >= 3
    for d in decks:
        assert validate_deck(d) == [], d.name
    assert len({d.description for d in decks}) == len(decks)


def test_deck_sections_group_by_type():
    d = SPEC.starter_decks()[0]
    titles = [t for t, _ in SPEC.deck_sections(d)]
    assert titles[0] == "Creatures" and sum(n for _, rows in SPEC.deck_sections(d) for _, n in rows) == d.size


def test_validate_deck_command(tmp_path, capsys):
    from engine.core.harness import validate_deck_main
    p = tmp_path / "d.json"
    p.write_text(json.dumps(deck(legal_cards(49)).to_json()))
    assert validate_deck_main(["essveil", str(p)]) == 1
    assert "at least 50" in capsys.readouterr().out
    starter = sorted((ROOT / "decks" / "essveil").glob("*.json"))[0]
    assert validate_deck_main(["essveil", str(starter)]) == 0


# ---------------------------------------------------------------- pool requirements
def test_pool_has_40_distinct_cards_of_every_type_and_costs_0_to_10():
    deckable = [c for c in CARDS.values() if c.deckable]
    assert len(deckable) >= 40
    assert {c.kind for c in CARDS.values()} == {"creature", "spell", "equipment", "token"}
    assert all(0 <= c.cost <= 10 for c in CARDS.values())
    assert min(c.cost for c in deckable) == 0 and max(c.cost for c in deckable) == 10
    assert get_game("essveil") is SPEC


def test_every_keyword_is_on_at_least_two_cards():
    for kw in ALL_KEYWORDS:
        n = sum(1 for c in CARDS.values()
                if kw in c.text or any(k.startswith(kw) for k in c.keywords))
        assert n >= 2, kw


def test_card_fields_for_the_renderer():
    for c in CARDS.values():
        assert c.kind in ("creature", "spell", "equipment", "token")
        assert isinstance(c.keywords, tuple) and isinstance(c.text, str)
        if c.is_creature:
            assert c.endurance >= 1 and c.might >= 0
    assert "Grow 2" in CARDS["elderoak"].keywords


def test_readers_for_the_client_and_masked_draws():
    from engine.essveil.testing import scenario
    m = scenario(hands=(["spark"], ["firebolt"]), graves=(["wisp_caller"], []))
    assert m.hand_ids(0) == ["spark"] and m.view(0).hand_ids(1) == [None]
    assert m.graveyard_ids(0) == ["wisp_caller"] and m.deck_size(1) == 10
    assert EssveilMatch.mask_event(("draw", 1, "firebolt"), 0) == ("draw", 1, "")
    assert EssveilMatch.mask_event(("draw", 0, "spark"), 0) == ("draw", 0, "spark")


@pytest.mark.parametrize("bad", [{}, {"game": "evons"}, {"game": "essveil", "g": [0]},
                                 {"game": "essveil", "g": "x", "decks": [], "hands": [], "graves": [],
                                  "boards": [], "lists": [], "rng": 0}])
def test_from_json_refuses_malformed_states(bad):
    with pytest.raises((ValueError, KeyError)):
        EssveilMatch.from_json(bad)
