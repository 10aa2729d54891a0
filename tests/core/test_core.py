"""The shared pieces: seeded RNG, atomic files, deck files and match records."""
import json
import os

import pytest

from engine.core import Deck, FileProblem, Rng, atomic_write_json, load_deck, read_json, set_aside
from engine.core.rng import mix_seed


def test_rng_same_seed_same_sequence_and_clone_is_independent():
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = a.clone()
    x = a.randrange(1000)
    assert c.randrange(1000) == x
    assert Rng(1).next64() != Rng(2).next64()
    assert mix_seed(1, 2) != mix_seed(2, 1)


def test_rng_block_of_draws_is_the_same_stream():
    from engine.core.rng import next64_block
    for seed, k in ((0, 1), (42, 64), ((1 << 64) - 1, 7), (mix_seed(5), 200)):
        r = Rng(seed)
        values, state = next64_block(Rng(seed).state, k)
        assert list(values) == [r.next64() for _ in range(k)] and state == r.state


def test_rng_stream_of_blocks_is_the_same_stream():
    from itertools import chain, islice
    from engine.core.rng import blocks64
    for seed, k in ((0, 1), (42, 64), ((1 << 64) - 1, 7), (mix_seed(5), 3)):
        r = Rng(seed)
        values = list(islice(chain.from_iterable(blocks64(Rng(seed).state, k)), 5 * k + 2))
        assert values == [r.next64() for _ in range(5 * k + 2)]


def test_rng_shuffle_is_a_permutation():
    items = list(range(50))
    Rng(7).shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))


def test_atomic_write_replaces_whole_file(tmp_path):
    p = tmp_path / "x.json"
    atomic_write_json(p, {"a": 1})
    atomic_write_json(p, {"a": 2})
    assert read_json(p) == {"a": 2}
    assert [f.name for f in tmp_path.iterdir()] == ["x.json"]  # no temp files left


def test_oversized_and_damaged_files_are_refused_with_a_reason(tmp_path):
    p = tmp_path / "big.json"
    p.write_text("[" + "1," * 1000 + "1]")
    with pytest.raises(FileProblem, match="too large"):
        read_json(p, max_bytes=100)
    q = tmp_path / "bad.json"
    q.write_text('{"a": ')
    with pytest.raises(FileProblem, match="damaged JSON"):
        read_json(q)


def test_set_aside_keeps_the_file_unchanged(tmp_path):
    p = tmp_path / "deck.json"
    p.write_text("garbage")
    moved = set_aside(p)
    assert not p.exists() and moved.read_text() == "garbage"


def _deck_json(**over):
    d = {"format": "cardhall-deck", "version": 1, "game": "evons", "name": "Test",
         "description": "", "cards": {"a": 2, "b": 1}}
    d.update(over)
    return d


def test_deck_round_trip(tmp_path):
    d = Deck.from_json(_deck_json())
    assert d.size == 3 and d.card_list() == ["a", "a", "b"]
    p = tmp_path / "d.json"
    p.write_text(json.dumps(d.to_json()))
    assert load_deck(p) == d


@pytest.mark.parametrize("over,msg", [
    ({"format": "other"}, "not a Cardhall deck"),
    ({"game": "everdawn"}, "not an Evons deck"),
    ({"name": ""}, "name"),
    ({"cards": {"a": 0}}, "count"),
    ({"cards": {"a": True}}, "count"),
    ({"cards": {"zzz": 1}}, "unknown card"),
    ({"cards": []}, "cards"),
    ({"version": 99}, "newer"),
])
def test_bad_deck_files_name_the_problem(over, msg):
    with pytest.raises(FileProblem, match=msg):
        Deck.from_json(_deck_json(**over), game="evons", known_ids={"a", "b"})
