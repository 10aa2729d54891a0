"""Everdawn: whole seeded games, the contract's invariants, hidden information and golden games."""
from support.paths import TESTS
import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.match import Result
from engine.core import Deck, IllegalAction, load_record
from engine.core.harness import check_invariants, starter_pair
from engine.core.rng import Rng, mix_seed
from engine.everdawn import EverdawnMatch
from engine.everdawn import match as M
from engine.everdawn.cards import CARDS_BY_CODE
from engine.everdawn.deckrules import validate_deck
from engine.everdawn.testing import state_digest

GOLDEN = sorted((TESTS / "golden").glob("everdawn_*.json"))
MORALE_CAUSES = {"death", "open_lane", "effect", "sudden_death"}


def play_random(seed, full_checks=False, every=1):
    """One uniformly random game; checks after every action (cheap ones always, the contract's
    JSON/clone checks when ``full_checks``). Returns the final match and its action count."""
    decks = starter_pair("everdawn", seed)
    m = EverdawnMatch.new(decks, seed)
    rng = Rng(mix_seed(seed, 0xA11CE))
    n = 0
    while m.result() is None:
        legal = m.legal_actions()
        assert legal, f"seed {seed}: no legal action"
        a = legal[rng.randrange(len(legal))]
        before = (m.morale(0), m.morale(1))
        if full_checks:
            c, c2 = m.clone(), m.clone()
        ev = m.apply(a, check=False)
        n += 1
        if full_checks:                   # the clone did not move with the original, and evolves alike
            assert c == c2 and c != m
            c.apply(a, check=False)
            assert c == m
        # morale moves only through deaths, open-lane hits, card effects and Sudden Death
        deltas = [0, 0]
        for e in ev:
            if e[0] == "morale":
                assert e[4] in MORALE_CAUSES
                deltas[e[1]] += e[2]
        assert (before[0] + deltas[0], before[1] + deltas[1]) == (m.morale(0), m.morale(1)), ev
        if full_checks and n % every == 0:
            probs = check_invariants(m)
            assert not probs, f"seed {seed} action {n}: {probs}"
        else:
            probs = m.invariant_problems()
            assert not probs, f"seed {seed} action {n}: {probs}"
        assert n < 5000
    return m, n


@pytest.mark.slow
def test_1000_seeded_random_games_end_without_errors():
    """Issue: 1,000 seeded random games end without an exception; after every action the JSON
    round-trip and a clone are equal, a clone taken before the action stayed put and then evolves
    the same way, every card is in exactly one zone, and morale moves only through deaths,
    open-lane hits, card effects and Sudden Death (JSON/clone checks on every action of 250
    games, on every 7th action of the other 750; card and morale checks on every action)."""
    results = {0: 0, 1: 0, None: 0}
    for seed in range(1000):
        m, _ = play_random(seed, full_checks=True, every=1 if seed < 250 else 7)
        results[m.result().winner] += 1
    assert results[0] > 200 and results[1] > 200


def test_clone_evolves_independently():
    m = EverdawnMatch.new(starter_pair("everdawn", 4), 4)
    rng = Rng(9)
    for _ in range(40):
        if m.result():
            break
        c = m.clone()
        j = json.dumps(m.to_json())
        legal = c.legal_actions()
        c.apply(legal[rng.randrange(len(legal))])
        assert json.dumps(m.to_json()) == j           # the original did not move
        m.apply(legal[rng.randrange(len(legal))])


def test_view_hides_what_the_player_cannot_see_and_determinize_is_consistent():
    m = EverdawnMatch.new(starter_pair("everdawn", 6), 6)
    rng = Rng(2)
    for _ in range(30):
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
    for p in (0, 1):
        v = m.view(p)
        o = 1 - p
        assert v.hand[o] == [-1] * len(m.hand[o]) and v.hand[p] == m.hand[p]
        assert v.sdeck[o] == [-1] * len(m.sdeck[o]) and v.cdeck[o] == [-1] * len(m.cdeck[o])
        assert v.sdeck[p] == sorted(m.sdeck[p]) and v.rng == 0
        assert v.b == m.b                                  # the board is public
        d = m.determinize(p, 5)
        assert d.view(p) == v and not d.invariant_problems()
        # the opponent's cards are guessed within the deck rules (their list is not public)
        assert len(d.hand[o]) == len(m.hand[o]) and len(d.sdeck[o]) == len(m.sdeck[o])
        assert v.orig[o] == () and v.hidden[:2] == [[], []] and v.orig[p] == m.orig[p]
        assert not validate_deck(Deck("everdawn", "guess", tuple(Counter(
            CARDS_BY_CODE[c].id for c in d.orig[o]).items())))
        # depends only on the view and the seed
        other = m.determinize(p, 77)
        assert other.determinize(p, 5) == d
        assert v.determinize(p, 5) == d
        if m.to_move() == p:
            assert v.legal_actions() == m.legal_actions()
        back = EverdawnMatch.from_json(json.loads(json.dumps(v.to_json())))
        assert back == v


def test_second_players_cards_are_hidden_before_their_setup():
    m = EverdawnMatch.new(starter_pair("everdawn", 1), 1)
    f = m.first_player()
    v = m.view(f)
    assert set(v.cdeck[1 - f]) == {-1} and len(v.cdeck[1 - f]) == 10 and v.orig[1 - f] == ()
    d = v.determinize(f, 3)
    d.apply((M.PASS,))
    assert d.creatures_in_play(1 - f) == 6 and not d.invariant_problems()


actions_st = st.one_of(
    st.tuples(st.integers(0, 9)),
    st.tuples(st.integers(0, 9), st.integers(-2, 8)),
    st.tuples(st.integers(0, 9), st.integers(-2, 8), st.integers(-2, 8)),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120), action=actions_st)
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(seed, steps, action):
    m = EverdawnMatch.new(starter_pair("everdawn", seed), seed)
    rng = Rng(seed)
    for _ in range(steps):
        if m.result():
            break
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))], check=False)
    if m.result():
        return
    legal = m.legal_actions()
    if action in legal or action == (M.CONCEDE,):
        return
    before = m.clone()
    reason = m.why_illegal(action)
    assert isinstance(reason, str) and reason.endswith(".") and len(reason) > 8
    with pytest.raises(IllegalAction) as e:
        m.apply(action)
    assert e.value.reason == reason
    assert m == before


def test_every_legal_action_has_text_and_events_have_sentences():
    m = EverdawnMatch.new(starter_pair("everdawn", 8), 8)
    rng = Rng(8)
    while m.result() is None:
        legal = m.legal_actions()
        for a in legal:
            t = m.action_text(a)
            assert t and not t[0].isdigit(), (a, t)
        assert m.prompt().endswith(".")
        a = legal[rng.randrange(len(legal))]
        for e in m.apply(a):
            s = m.event_text(e)
            assert s.endswith((".", "!")) and not s.startswith(e[0] + " "), (e, s)


@pytest.mark.parametrize("path", GOLDEN, ids=[p.name for p in GOLDEN])
def test_golden_games_replay_exactly(path):
    rec = load_record(path, game="everdawn")
    m = rec.replay()
    assert m.result() == Result.from_json(rec.result)   # (an older file: its sentence is read back)
    assert state_digest(m) == rec.meta["final_digest"]


def test_golden_games_exist():
    assert len(GOLDEN) >= 3


def test_view_keeps_the_cards_you_are_looking_at_and_hides_the_opponents():
    from engine.everdawn.testing import scenario
    m = scenario(["vale_archer"], ["dawn_seers"], hand0=["scouting_report"],
                 sdeck0=["chainmail", "iron_sword", "war_axe", "greatsword", "mage_robes"])
    m.apply((M.CAST, 0, M.NO_TARGET))
    top3 = m.sdeck[0][-3:]
    for seed in range(5):
        d = m.determinize(0, seed)
        assert d.sdeck[0][-3:] == top3 and d.legal_actions() == m.legal_actions()
    m = scenario([None, "vale_archer", None, "traghrim"], ["dawn_seers"], cdeck0=["skirmisher", "falconer"])
    m.apply((M.MOVE, 3, 0))
    assert m.pending()[0] == M.CH_PLACE and m.pending()[2] >= 0
    v = m.view(1)
    assert v.pending()[2] == -1                    # the opponent doesn't see the card yet
    d = v._fill_hidden(3)
    assert d.pending()[2] == d.cdeck[0][-1] and not d.invariant_problems()
    d0 = m.determinize(0, 4)
    assert d0.cdeck[0][-1] == m.cdeck[0][-1]       # the chooser knows which card it is


def test_determinization_during_the_opponents_training_camp_keeps_a_fitting_item():
    """The opponent is choosing which hand item Training Camp puts on: every determinization of
    the other player's view must still give them items to choose from."""
    from engine.everdawn.testing import scenario
    m = scenario([("vale_archer", "hunting_bow")], ["dawn_seers"],
                 hand0=["training_camp", "elven_longbow", "lucky_charm", "chainmail"],
                 sdeck0=["a_pirates_life", "reforge", "call_to_arms", "stone_skin", "rallying_cry"])
    m.apply((M.CAST, 0, 0))
    assert m.pending()[0] == M.CH_SWAP_HAND and len(m.legal_actions()) == 3
    for seed in range(20):
        d = m.determinize(1, seed)
        assert len(d.legal_actions()) >= 2 and not d.invariant_problems()


def _reference_set_actions(m):
    """The Set Phase actions written plainly from the rules (the engine builds them from tables)."""
    from engine.everdawn.cards import CARDS_BY_CODE
    p = m.to_move()
    out = {(M.PASS,)}
    cre = {s: m.creature_at(p, s) for s in range(6) if m.creature_at(p, s) >= 0}
    empty_lanes = [t for t in range(3) if t not in cre]
    for s in (3, 4, 5):
        if s in cre:
            out |= {(M.MOVE, s, t) for t in empty_lanes}
    if m.b[M.G_SLIDE_OK]:
        out |= {(M.MOVE, s, t) for s in range(3) if s in cre for t in empty_lanes if abs(s - t) == 1}
    hand = m.hand[p]
    for h, c in enumerate(hand):
        card = CARDS_BY_CODE[c]
        if card.is_equipment:
            k = ("weapon", "armour", "accessory").index(card.kind)
            for s in cre:
                if m.items_at(p, s)[k] < 0 and not m.slot_flags(p, s) & M.F_EQUIPPED:
                    out.add((M.EQUIP, h, s))
        elif card.is_spell and card.timing == "set":
            others = [CARDS_BY_CODE[x] for j, x in enumerate(hand) if j != h]
            for t in list(range(6)) + [M.NO_TARGET]:
                code = m.creature_at(p, t) if t < 6 else -1
                ok = False
                if card.target == "none":
                    ok = t == M.NO_TARGET
                elif card.target == "own_creature":
                    ok = code >= 0
                    if ok and card.id == "training_camp":
                        ok = any(x >= 0 for x in m.items_at(p, t)) and any(o.is_equipment for o in others)
                elif card.target == "own_lane":
                    ok = t < 3 and code >= 0
                    if ok and card.id == "road_sanctuary":
                        ok = bool(empty_lanes) or any(m.creature_at(p, s) < 0 for s in (4, 5)) or (
                            CARDS_BY_CODE[code].champion and m.creature_at(p, 3) < 0)
                elif card.target == "own_bench23":
                    ok = t in (4, 5) and code >= 0 and not CARDS_BY_CODE[code].champion and any(
                        not CARDS_BY_CODE[x].champion for x in m.cdeck[p])
                elif card.target == "empty_bench23":
                    ok = t in (4, 5) and code < 0 and bool(m.cdeck[p])
                if ok:
                    out.add((M.CAST, h, t))
    src, _ = m.set_info(p)
    if src < 0:
        lanes = [s for s in range(3) if s in cre]
        out |= {(M.SET, s, t) for s in lanes for t in lanes if s != t}
    return out


def test_set_phase_actions_match_a_plain_reading_of_the_rules():
    checked = 0
    for seed in range(120):
        m = EverdawnMatch.new(starter_pair("everdawn", seed), seed)
        rng = Rng(mix_seed(seed, 5))
        while m.result() is None:
            legal = m.legal_actions()
            if m.phase() == "set":
                got = set(legal) - {(M.REDRAW,)}
                assert got == _reference_set_actions(m) and len(got) == len(legal) - ((M.REDRAW,) in legal)
                checked += 1
            m.apply(legal[rng.randrange(len(legal))], check=False)
    assert checked > 5000


def test_tutored_cards_are_shown_only_to_their_owner():
    from engine.everdawn.testing import scenario
    m = scenario(["vale_archer"], ["dawn_seers"], hand0=["supply_wagon"], sdeck0=["chainmail", "iron_sword"])
    ev = m.apply((M.CAST, 0, M.NO_TARGET))
    tut = [e for e in ev if e[0] == "tutor"][0]
    assert EverdawnMatch.event_for(tut, 0) == tut
    assert EverdawnMatch.event_for(tut, 1) == ("tutor", 0, -1)
    assert "a card" in m.event_text(EverdawnMatch.event_for(tut, 1))
