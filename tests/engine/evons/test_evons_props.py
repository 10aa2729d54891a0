"""Evons engine properties: random games, JSON round-trip, clones, hidden information,
illegal actions, golden recorded games and the commands."""
from support.paths import ROOT, TESTS
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.match import Result
from engine.evons.text import WHY
from engine.core.harness import check_invariants, random_game, selfplay, validate_deck_file
from engine.core.match import IllegalAction
from engine.core.record import load_record, recorded_digest
from engine.core.rng import Rng
from engine.evons.match import CONCEDE, EvonsMatch
from engine.evons.testing import state_digest

GOLDEN = sorted((TESTS / "golden").glob("evons_*.json"))
ALL_OPTIONS = {"color_synergy": True, "mulligan_variant": True, "magnetism_self": True}


@pytest.mark.slow
def test_1000_random_games_without_exception_checked_every_action_on_some():
    """1,000 seeded random games; JSON round-trip, clone equality and card conservation are
    checked after every action on 50 of them (with and without the rules in testing)."""
    ends = set()
    for seed in range(1000):
        check = seed < 50
        opts = ALL_OPTIONS if seed % 5 == 0 else None
        m, actions = random_game("evons", seed, options=opts, check=check)
        assert m.result() is not None and m.legal_actions() == []
        if not check:
            assert m.invariant_problems() == []
        ends.add(WHY[m.result().reason])
    assert "the main zone is full" in ends


def test_clone_is_independent():
    m, actions = random_game("evons", 3)
    from engine.core.harness import starter_pair
    a = EvonsMatch.new(starter_pair("evons", 3), 3)
    for act in actions[:40]:
        a.apply(act)
    snapshot = a.to_json()
    b = a.clone()
    assert b == a
    rng = Rng(9)
    while not b.is_over():
        legal = b.legal_actions()
        b.apply(legal[rng.randrange(len(legal))])
    assert a.to_json() == snapshot and a != b


def _midgame(seed, n=None):
    from engine.core.harness import starter_pair
    m = EvonsMatch.new(starter_pair("evons", seed), seed)
    rng = Rng(seed)
    steps = n if n is not None else 30 + seed % 60
    for _ in range(steps):
        if m.is_over():
            break
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
    return m


def test_view_hides_opponent_hand_covered_cards_deck_order_and_rng():
    for seed in range(20):
        m = _midgame(seed)
        if m.is_over():
            continue
        p = m.to_move()
        v = m.view(p)
        opp = 1 - p
        assert all(v.card(i) is None for i in v.hand(opp))
        assert all(v.card(i) is not None for i in v.hand(p))
        for c, i in enumerate(m.grid):
            if i >= 0 and m.is_covered(i):
                assert (v.card(i) is None) == (m.controller(i) == opp)
            elif i >= 0:
                assert v.card(i) is not None
        assert v.zones[2 + p] == sorted(m.zones[2 + p])      # own deck: contents, not order
        assert all(v.card(i) is None for i in v.zones[2 + p] + v.zones[2 + opp])
        assert list(v.pool[p]) == sorted(m.cardof[i] for i in m.zones[2 + p])
        assert v.sc[20] == 0                                # RNG state masked
        json.dumps(v.to_json())
        assert EvonsMatch.from_json(v.to_json()) == v
        assert v.legal_actions() == m.legal_actions()        # the viewer can still decide


def test_determinize_is_consistent_with_the_view_and_depends_only_on_it():
    for seed in range(15):
        m = _midgame(seed)
        if m.is_over():
            continue
        p = m.to_move()
        d = m.determinize(p, 77)
        assert d.invariant_problems() == []
        assert d.view(p) == m.view(p)                        # looks the same to p
        other = m.determinize(p, 5)                          # another world with the same view
        assert other.determinize(p, 77) == d                 # depends only on view + seed
        # the determinized world plays on
        rng = Rng(seed)
        while not d.is_over():
            legal = d.legal_actions()
            d.apply(legal[rng.randrange(len(legal))])


_positions = [_midgame(s) for s in range(12)]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(_positions) - 1),
       st.lists(st.integers(-3, 60), min_size=1, max_size=4))
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(k, action):
    m = _positions[k].clone()
    action = tuple(action)
    if action == (CONCEDE,):
        return
    before = m.to_json()
    reason = m.why_illegal(action)
    if reason is None:
        m.apply(action)
        return
    assert isinstance(reason, str) and reason.endswith((".", ")"))
    with pytest.raises(IllegalAction):
        m.apply(action)
    assert m.to_json() == before


def test_every_refusal_of_a_legal_looking_play_names_the_problem():
    m = _midgame(4, 2)   # after both mulligan decisions: the first main decision
    while m.phase() != "main":
        m.apply(m.legal_actions()[0])
    p = m.to_move()
    inst = m.hand(p)[0]
    assert m.why_illegal((15, inst, 99, 0)) == "That is not a cell of the grid."
    assert m.why_illegal((15, 10_000, 3, 0)) == "That card is not in your hand."
    assert m.why_illegal((7, 0)).startswith("Not now.")


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_games_replay_to_the_recorded_result(path):
    rec = load_record(path, game="evons")
    m = rec.replay()
    assert m.result() == Result.from_json(rec.result)   # (an older file: its sentence is read back)
    assert state_digest(m) == recorded_digest(rec.meta)
    assert check_invariants(m) == []


def test_commands_selfplay_and_validate_deck():
    out = selfplay("evons", 10, 1)
    assert out["errors"] == 0 and out["games"] == 10
    root = ROOT / "decks" / "evons"
    for p in sorted(root.glob("*.json")):
        assert validate_deck_file("evons", str(p)) == []


def test_text_for_every_action_and_event_of_a_game():
    from engine.core.harness import starter_pair
    m = EvonsMatch.new(starter_pair("evons", 8), 8)
    rng = Rng(8)
    while not m.is_over():
        legal = m.legal_actions()
        a = legal[rng.randrange(len(legal))]
        assert m.action_text(a)
        for e in m.apply(a):
            text = m.event_text(e)
            assert text and not text.startswith(e[0] + " ")


def test_determinize_while_the_opponent_picks_from_a_hidden_hand():
    """The opponent fired Growth and is choosing the monster from their hand: every guessed
    hand still holds a monster, so the guessed world can go on."""
    from engine.evons.testing import play_card, scenario
    m = scenario(hand0=["sproutling", "ember_imp", "stone_wall", "cinder_fox"],
                 deck0=["stone_wall"] * 8 + ["ember_imp"], deck1=["gloom_bat"] * 4)
    play_card(m, "sproutling", "C3")
    m.apply((7, 5))                          # FIRE south-west: Growth
    assert m.phase() == "pick"
    for s in range(40):
        d = m.determinize(1, s)
        assert d.view(1) == m.view(1) and d.legal_actions()
        assert d.invariant_problems() == []


def test_view_does_not_show_the_card_the_opponent_is_holding():
    from engine.evons.testing import find, scenario
    m = scenario(hand0=["ember_imp"], deck0=["gloom_bat"] * 3, deck1=["gloom_bat"] * 3)
    m.apply((2, find(m, "ember_imp"), 1))    # SELECT covered
    assert m.phase() == "cell"
    v = m.view(1)
    assert v.phase() == "main" and v.decision()["selected"] == -1
    assert m.view(0).phase() == "cell"
    d = m.determinize(1, 3)
    assert d.legal_actions() and d.view(1) == v


def test_action_texts_never_name_a_covered_card():
    from engine.evons.testing import find, scenario
    m = scenario(hand0=["inferno_titan", "sproutling", "ember_imp"], deck0=["gloom_bat"] * 3,
                 deck1=["gloom_bat"] * 3)
    t = find(m, "inferno_titan")
    assert "Inferno" not in m.action_text((2, t, 1)) and "Inferno" in m.action_text((2, t, 0))
    assert "Inferno" not in m.action_text((15, t, 10, 1))
    m.apply((2, t, 1))
    assert "Inferno" not in m.action_text((3, 10))
