"""The engines' fast paths give what the plain rules give.

``apply(check=False)`` (search and self-play) takes shortcuts: Evons keeps the next
decision's legal list as it goes and runs its commonest actions inline. These tests play
seeded random games and check, at every decision, that the shortcut and the plain path
agree: the kept list is the one the rules list afresh, a checked apply, an unchecked one,
one on a clone and one on a match read back from JSON give the same events and the same
state, and the self-play loop stops exactly when the match is over.
"""
import json

import pytest

from engine.core.harness import random_game, starter_pair
from engine.core.rng import Rng
from engine.games import get_game

GAMES = ("everdawn", "evons", "essveil")


def _options(cls, seed):
    if cls.OPTIONS and seed % 2:
        return {o.name: True for o in cls.OPTIONS}
    return None


@pytest.mark.parametrize("game", GAMES)
def test_unchecked_checked_clone_and_json_apply_agree_at_every_decision(game):
    cls = get_game(game).match_class
    for seed in range(1, 13):
        m = cls.new(starter_pair(game, seed), seed, _options(cls, seed))
        rng = Rng(seed * 31 + 7)
        steps = 0
        while m.result() is None:
            legal = m.legal_actions()
            assert legal, f"{game} seed {seed}: no legal action in a live game"
            a = legal[rng.randrange(len(legal))]
            checked = m.clone()
            from_json = cls.from_json(json.loads(json.dumps(m.to_json())))
            ev = m.apply(a, check=False)
            assert checked.apply(list(a)) == ev
            assert from_json.apply(a, check=False) == ev
            assert checked == m and from_json == m
            steps += 1
        assert m.legal_actions() == [], f"{game} seed {seed}: legal actions after the end"
        assert steps > 10


def test_evons_kept_legal_list_is_the_rules_list():
    """After every action Evons keeps the next decision's list (a Firestorm's next hit, the
    cells for a selected card, the main phase's plays...): it is exactly what the rules list
    from scratch, with and without the rules in testing."""
    from engine.evons.match import EvonsMatch
    kinds = set()
    for seed in range(1, 41):
        opts = _options(EvonsMatch, seed)
        m = EvonsMatch.new(starter_pair("evons", seed), seed, opts)
        rng = Rng(seed)
        while m.result() is None:
            kept = m._legal
            fresh = m._compute_legal()
            if kept is not None:
                assert kept == fresh, (seed, m.phase())
                kinds.add(m.phase())
            legal = m.legal_actions()
            m.apply(legal[rng.randrange(len(legal))], check=False)
    assert {"main", "cell", "ability", "hit"} <= kinds


def test_everdawn_carried_set_phase_masks_give_the_rules_list():
    """Everdawn carries its Set Phase slot masks over an EQUIP, a SET or a quiet MOVE
    instead of reading the six slots again: at every decision the list is exactly what a
    fresh copy of the match (which has nothing carried) lists."""
    from engine.everdawn.match import EverdawnMatch
    carried = 0
    for seed in range(1, 61):
        m = EverdawnMatch.new(starter_pair("everdawn", seed), seed, None)
        rng = Rng(seed * 13 + 5)
        while m.result() is None:
            if m._sa is not None:
                carried += 1
            fresh = m.clone().legal_actions()
            legal = m.legal_actions()
            assert legal == fresh, (seed, m.b[0])
            m.apply(legal[rng.randrange(len(legal))], check=False)
    assert carried > 500


@pytest.mark.parametrize("game", GAMES)
def test_self_play_loop_ends_with_the_match(game):
    for seed in range(5):
        m, actions = random_game(game, seed)
        assert m.result() is not None and m.legal_actions() == []
        # the same actions replayed through the checked path reach the same end
        cls = get_game(game).match_class
        r = cls.new(starter_pair(game, seed), seed, None)
        for a in actions:
            r.apply(a)
        assert r == m


def test_evons_one_pass_conflict_stage_is_conflicts_then_flips():
    """The conflict stage in one pass over the arrows gives what listing the conflicts and,
    when there are none, beginning phase 2 and flipping gives: the same conflicts, the same
    flips and events, the same state."""
    from engine.evons.match import FR_ACT, HOW_OUT, ST_P2, EvonsMatch
    checked = flips_seen = conflicts_seen = 0
    for seed in range(1, 61):
        m = EvonsMatch.new(starter_pair("evons", seed), seed, _options(EvonsMatch, seed))
        rng = Rng(seed + 5)
        while m.result() is None:
            st = m.stack
            if st and st[-1][0] == FR_ACT:
                f = st[-1]
                a, b = m.clone(), m.clone()
                ev_a, ev_b = [], []
                got = a._conflict_stage(f, ev_a)
                want = b._conflicts(f)
                if want:
                    assert got == want
                    conflicts_seen += 1
                else:
                    b.stack[-1] = (FR_ACT, f[1], ST_P2, f[3], f[4], f[5], f[6])
                    n = b._flips(f[1], ev_b) if not f[6] & HOW_OUT else 0
                    assert got == n and ev_a == ev_b and a == b
                    flips_seen += n > 0
                checked += 1
            legal = m.legal_actions()
            m.apply(legal[rng.randrange(len(legal))], check=False)
    assert checked > 100 and flips_seen > 5 and conflicts_seen > 5


def test_essveil_creature_snapshot_reads_as_the_rules_say():
    """creatures() (the client's and the AI's view of a board) gives, for every creature of
    random games, Might and Endurance as the rules compute them and the keyword names in
    their order: keywords, Aegis, then (unless Silenced) Grow, On Play, Last Rites."""
    from engine.essveil import match as E
    seen = set()
    for seed in range(1, 25):
        m = E.EssveilMatch.new(starter_pair("essveil", seed), seed, None)
        rng = Rng(seed)
        while m.result() is None:
            for p in (0, 1):
                b = m.boards[p]
                for k, c in enumerate(m.creatures(p)):
                    off = k * E.REC
                    kw = m._kw(b, off)
                    want = [n for n, bit in (("Guard", E.K_GUARD), ("Swift", E.K_SWIFT), ("Drain", E.K_DRAIN),
                                             ("Venom", E.K_VENOM), ("Veilstep", E.K_VEILSTEP)) if kw & bit]
                    if b[off + E.R_FLAGS] & E.F_AEGIS:
                        want.append("Aegis")
                    card = b[off + E.R_CARD]
                    if not b[off + E.R_FLAGS] & E.F_SILENCED:
                        if E.C_GROW[card]:
                            want.append(f"Grow {E.C_GROW[card]}")
                        if E.C_ON_PLAY[card]:
                            want.append("On Play")
                        if E.C_LAST_RITES[card]:
                            want.append("Last Rites")
                    assert c["keywords"] == want
                    assert c["might"] == m._might(b, off) and c["endurance"] == m._endurance(b, off)
                    assert c["left"] == c["endurance"] - c["damage"]
                    seen.update(want)
            legal = m.legal_actions()
            m.apply(legal[rng.randrange(len(legal))], check=False)
    assert len(seen) >= 5


def test_everdawn_strength_is_the_sum_of_the_creatures_stats():
    """strength(p) (the AI's evaluation of a board, in one pass) equals the stats of each
    creature outside a clash summed per lane and bench, at every decision of random games
    (auras, set bonuses, first-combat bonuses and combat spells included)."""
    from engine.everdawn.match import S0, EverdawnMatch
    nonzero = 0
    for seed in range(1, 31):
        m = EverdawnMatch.new(starter_pair("everdawn", seed), seed, None)
        rng = Rng(seed)
        while m.result() is None:
            for p in (0, 1):
                lane = bench = n = 0
                for s in range(6):
                    if m.b[S0 + p * 36 + s * 6] >= 0:
                        a, d = m._stats(p, s, False)
                        n += 1
                        if s < 3:
                            lane += a + d
                        else:
                            bench += a + d
                assert m.strength(p) == (lane, bench, n)
                nonzero += n > 0
            legal = m.legal_actions()
            m.apply(legal[rng.randrange(len(legal))], check=False)
    assert nonzero > 1000


def test_essveil_evaluation_reads_the_records_as_the_readable_snapshot_scores():
    """The AI's Essveil evaluation (reading the creature records directly) gives, to the
    last bit, the score of the readable form: creatures() dicts, life(), essence()."""
    import math

    from engine.essveil import evaluation as E
    from engine.ai.evaluation import terminal_value
    from engine.essveil.match import EssveilMatch

    def board(m, p):
        v = 0.0
        for c in m.creatures(p):
            v += 1.0 + c["might"] * 1.0 + c["left"] * 0.7 + c["grow"] * 1.5
            for k in c["keywords"]:
                v += E._KW_VALUE.get(k, 0.0)
        return v

    def readable(m, p):
        v = terminal_value(m, p)
        if v is not None:
            return v
        o = 1 - p
        x = (E._life_value_of(m.life(p)) - E._life_value_of(m.life(o))) * 0.09
        x += (board(m, p) - board(m, o)) * 0.035
        x += (min(len(m.hands[p]), 8) - min(len(m.hands[o]), 8)) * 0.06
        x += (m.essence(p)[1] - m.essence(o)[1]) * 0.015
        return math.tanh(x)

    checked = 0
    for seed in range(1, 31):
        m = EssveilMatch.new(starter_pair("essveil", seed), seed, None)
        rng = Rng(seed + 11)
        while True:
            for p in (0, 1):
                assert E.evaluate(m, p) == readable(m, p)
                assert E._board(m, p) == board(m, p)
                checked += 1
            legal = m.legal_actions()
            if not legal:
                break
            m.apply(legal[rng.randrange(len(legal))], check=False)
    assert checked > 2000
