"""Everdawn: the board read the AI's evaluation makes at every position it scores.

``board_stats`` reads a side's whole board in one pass; it must give exactly what the
clash stats (``_stats``) give creature by creature, and the expert's reading of the
lanes (``tactics._threats``) must be the one it made from ``_stats`` itself: the AI
weighs a kill it can make by these figures, so a wrong one makes it attack into a death."""
from engine.core.harness import starter_pair
from engine.core.rng import Rng, mix_seed
from engine.everdawn import EverdawnMatch
from engine.everdawn import tactics as T
from engine.everdawn.cards import BEATS, MORALE, TYPE
from engine.everdawn.match import CM_ADV, G_CM, G_SET_SRC, LANES, NF, REACH, S0, SLOTS


def _reference_threats(m, att, dfd) -> float:
    """The lanes read creature by creature through ``_stats`` (as the expert first did)."""
    b = m.b
    total = 0.0
    for a in LANES:
        ac = b[S0 + att * 36 + a * NF]
        if ac < 0 or a == b[G_SET_SRC + att]:
            continue
        best = 0.0
        for t in LANES:
            if not REACH[TYPE[ac]][a][t]:
                continue
            dc = b[S0 + dfd * 36 + t * NF]
            if dc < 0:
                best = max(best, m._stats(att, a, True)[0] * 0.8)
                continue
            at, adf = m._stats(att, a, bool(BEATS[TYPE[ac]][TYPE[dc]] or b[G_CM + att * 9 + a * 3 + 2] & CM_ADV))
            cnt, df = m._stats(dfd, t, bool(BEATS[TYPE[dc]][TYPE[ac]] or b[G_CM + dfd * 9 + t * 3 + 2] & CM_ADV))
            kills = at > df
            dies = t != b[G_SET_SRC + dfd] and REACH[TYPE[dc]][t][a] and cnt > adf
            if kills and not dies:
                best = max(best, MORALE[dc] + 10.0)
            elif kills:
                best = max(best, (MORALE[dc] - MORALE[ac]) * 0.5 + 3.0)
        total += best
    return total


def _positions(seeds, every=3):
    for seed in seeds:
        m = EverdawnMatch.new(starter_pair("everdawn", seed), seed)
        rng = Rng(mix_seed(seed, 0xB0A2D))
        n = 0
        while m.result() is None and n < 400:
            acts = m.legal_actions()
            m.apply(acts[rng.randrange(len(acts))])
            n += 1
            if n % every == 0:
                yield m


def test_board_stats_are_the_clash_stats_of_every_creature():
    checked = 0
    for m in _positions(range(1, 13)):
        for p in (0, 1):
            lane, bench, n, ls = m.board_stats(p)
            base = S0 + p * 36
            occupied = [s for s in SLOTS if m.b[base + s * NF] >= 0]
            assert n == len(occupied)
            assert lane == sum(sum(m._stats(p, s, False)) for s in occupied if s < 3)
            assert bench == sum(sum(m._stats(p, s, False)) for s in occupied if s >= 3)
            for s in LANES:
                want = m._stats(p, s, False) if s in occupied else (0, 0)
                assert (ls[2 * s], ls[2 * s + 1]) == want
            assert m.strength(p) == (lane, bench, n)
            checked += 1
    assert checked > 500


def test_the_expert_reads_the_lanes_as_from_each_creatures_stats():
    seen_threat = 0
    for m in _positions(range(20, 32)):
        for att in (0, 1):
            got = T._threats(m, att, 1 - att)
            assert got == _reference_threats(m, att, 1 - att)
            seen_threat += got > 0
    assert seen_threat > 50
