"""Bad input everywhere: every file reader (deck, match record / replay,
autosave) refuses damaged, mistyped, oversized, wrong-game and unknown-card
files with a FileProblem naming the problem — never another exception — and a
folder of files loads with the bad ones set aside unchanged. Writes are
atomic even when the writing process is SIGKILLed."""
from support.paths import ROOT, TESTS
import functools
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from support import toy_game
from engine.core.autosave import Autosave, load_autosave, parse_autosave_bytes
from engine.core.deck import Deck, load_deck, load_deck_folder
from engine.core.files import FileProblem, load_folder, parse_json_bytes, read_json, read_toml
from engine.core.record import MAX_RECORD_BYTES, MatchRecord, load_record
from engine.core.rng import Rng
from engine.core.session import MatchSession

HSET = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="module", autouse=True)
def toy():
    with pytest.MonkeyPatch.context() as mp:
        toy_game.register(mp)
        yield


def _deck_obj(game="toy", cards=None):
    return {"format": "cardhall-deck", "version": 1, "game": game, "name": "Sparks",
            "description": "Low cards.", "cards": cards or {"c1": 3, "c2": 3, "c3": 2, "c4": 2, "c5": 1}}


def _finished_record(seed=3) -> MatchRecord:
    s = MatchSession.new("toy", (toy_game.toy_deck("A"), toy_game.toy_deck("B")), seed)
    r = Rng(seed)
    while s.match.result() is None:
        la = s.match.legal_actions()
        s.apply(la[r.randrange(len(la))])
    return s.record


DECK_BYTES = json.dumps(_deck_obj(), indent=2).encode()
TOY_IDS = set(toy_game.CARDS)


def read_deck_bytes(data: bytes) -> Deck:
    return Deck.from_json(parse_json_bytes(data, "deck.json"), game="toy", known_ids=TOY_IDS)


def read_record_bytes(data: bytes):
    rec = MatchRecord.from_json(parse_json_bytes(data, "r.json"))
    MatchSession.from_record(rec)  # and it must replay or say why not
    return rec


def read_autosave_bytes(data: bytes):
    rec = parse_autosave_bytes(data, "a.autosave")
    MatchSession.from_record(rec)
    return rec


# ------------------------------------------------------------------ damage strategies
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(1 << 70), 1 << 70) | st.floats(allow_nan=False)
    | st.text(max_size=20) | st.sampled_from(["toy", "evons", "c1", "zzz", "cardhall-deck", "cardhall-match"]),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4),
    max_leaves=12)


def _paths(obj, prefix=()):
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, prefix + (i,))


@st.composite
def tree_mutation(draw, obj):
    """A deep copy of ``obj`` with one node replaced (wrong type), removed, or added."""
    obj = json.loads(json.dumps(obj))
    paths = list(_paths(obj))
    path = draw(st.sampled_from(paths[1:] if len(paths) > 1 else paths))
    if not path:
        return draw(json_values)
    parent = obj
    for k in path[:-1]:
        parent = parent[k]
    how = draw(st.sampled_from(["replace", "delete", "add"]))
    key = path[-1]
    if how == "replace":
        parent[key] = draw(json_values)
    elif how == "delete":
        del parent[key]
    elif isinstance(parent, dict):
        parent[draw(st.text(max_size=6))] = draw(json_values)
    else:
        parent.insert(key, draw(json_values))
    return obj


@st.composite
def byte_damage(draw, data: bytes):
    how = draw(st.sampled_from(["truncate", "flip", "insert", "delete"]))
    if how == "truncate":
        return data[:draw(st.integers(0, len(data)))]
    ba = bytearray(data)
    n = draw(st.integers(1, 6))
    for _ in range(n):
        i = draw(st.integers(0, max(0, len(ba) - 1)))
        if how == "flip" and ba:
            ba[i] = draw(st.integers(0, 255))
        elif how == "insert":
            ba[i:i] = draw(st.binary(min_size=1, max_size=8))
        elif ba:
            del ba[i:i + draw(st.integers(1, 20))]
    return bytes(ba)


def _only_file_problem(fn, data):
    try:
        fn(data)
    except FileProblem as e:
        assert str(e).strip(), "a FileProblem must say what is wrong"


# ------------------------------------------------------------------ deck reader
@HSET
@given(st.data())
def test_deck_reader_never_fails_on_damaged_bytes(data):
    _only_file_problem(read_deck_bytes, data.draw(byte_damage(DECK_BYTES)))


@HSET
@given(st.data())
def test_deck_reader_never_fails_on_mistyped_fields(data):
    obj = data.draw(tree_mutation(_deck_obj()))
    _only_file_problem(read_deck_bytes, json.dumps(obj).encode())


@given(st.integers(0, len(DECK_BYTES)))
@settings(max_examples=len(DECK_BYTES) + 1, deadline=None)
def test_deck_truncated_at_any_byte_is_refused(n):
    data = DECK_BYTES[:n]
    if n >= len(DECK_BYTES.rstrip()):
        assert read_deck_bytes(data).size == 11
    else:
        with pytest.raises(FileProblem):
            read_deck_bytes(data)


@pytest.mark.parametrize("obj,msg", [
    (_deck_obj(game="evons"), "not a Toy deck"),
    (_deck_obj(cards={"c1": 2, "dragon": 1}), 'unknown card "dragon"'),
    (_deck_obj(cards={"c1": "2"}), "count"),
    (_deck_obj(cards={"c1": 2.0}), "count"),
    (_deck_obj(cards={"c1": 10 ** 40}), "count"),
    (dict(_deck_obj(), name=["x"]), "name"),
    (dict(_deck_obj(), name="x" * 500), "longer than"),
    (dict(_deck_obj(), game="g" * 5000), "not a game name"),
    (dict(_deck_obj(), version="1"), "version"),
    ([1, 2, 3], "expected a JSON object"),
])
def test_bad_decks_are_refused_with_a_clear_message(obj, msg):
    with pytest.raises(FileProblem, match=msg) as e:
        read_deck_bytes(json.dumps(obj).encode())
    assert len(str(e.value)) < 200


@pytest.mark.parametrize("text,msg", [
    ("1" * 5000, "damaged JSON"),            # int too long to convert
    ('{"a": NaN}', "damaged JSON"),
    ("[" * 100000 + "]" * 100000, "nested too deeply|damaged JSON"),
    ("\x00\x00\x00", "NUL"),
])
def test_json_parser_turns_every_failure_into_a_file_problem(text, msg):
    with pytest.raises(FileProblem, match=msg):
        parse_json_bytes(text.encode(), "x.json")


def test_deck_file_with_bom_and_oversized_deck_file(tmp_path):
    p = tmp_path / "bom.json"
    p.write_bytes(b"\xef\xbb\xbf" + DECK_BYTES)
    assert load_deck(p, game="toy", known_ids=TOY_IDS).name == "Sparks"
    big = tmp_path / "big.json"
    obj = _deck_obj()
    obj["description"] = "x" * 100_000
    big.write_text(json.dumps(obj))
    with pytest.raises(FileProblem, match="too large"):
        load_deck(big)
    d = tmp_path / "dir.json"
    d.mkdir()
    with pytest.raises(FileProblem):
        load_deck(d)


def test_toml_reader_never_fails(tmp_path):
    for i, text in enumerate(["a = [" * 3000, "a = 1" + "0" * 5000, "a = \x00", "[[[", "x = 'ok'"]):
        p = tmp_path / f"{i}.toml"
        p.write_text(text)
        try:
            read_toml(p)
        except FileProblem:
            pass


def test_a_folder_of_decks_loads_and_bad_files_are_set_aside_unchanged(tmp_path):
    good = json.dumps(_deck_obj()).encode()
    files = {
        "good.json": good,
        "truncated.json": good[:40],
        "wrong_game.json": json.dumps(_deck_obj(game="evons")).encode(),
        "unknown_card.json": json.dumps(_deck_obj(cards={"c9": 1})).encode(),
        "huge.json": b" " * 70_000 + good,
        "binary.json": bytes(range(256)),
    }
    for n, b in files.items():
        (tmp_path / n).write_bytes(b)
    got = load_deck_folder(tmp_path, game="toy", known_ids=TOY_IDS)
    assert [d.name for d in got.items] == ["Sparks"]
    assert len(got.problems) == 5
    for msg, orig, moved in got.problems:
        assert orig.name in msg and not orig.exists()
        assert moved.read_bytes() == files[orig.name]
        assert moved.name.startswith(orig.name + ".damaged-")
    assert sorted(p.name for p in tmp_path.glob("*.json")) == ["good.json"]
    # loading again finds only the good deck and sets nothing else aside
    again = load_deck_folder(tmp_path, game="toy", known_ids=TOY_IDS)
    assert len(again.items) == 1 and not again.problems


def test_load_folder_of_a_missing_folder_is_empty(tmp_path):
    got = load_folder(tmp_path / "nope", read_json)
    assert got.items == [] and got.problems == []


# ------------------------------------------------------------------ record / replay reader
@functools.cache
def _rec() -> MatchRecord:
    return _finished_record()


def _rec_bytes() -> bytes:
    return json.dumps(_rec().to_json()).encode()


@HSET
@given(st.data())
def test_record_reader_never_fails_on_damaged_bytes(data):
    _only_file_problem(read_record_bytes, data.draw(byte_damage(_rec_bytes())))


@HSET
@given(st.data())
def test_record_reader_never_fails_on_mistyped_fields(data):
    obj = data.draw(tree_mutation(_rec().to_json()))
    _only_file_problem(read_record_bytes, json.dumps(obj).encode())


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_record_with_mutated_actions_is_refused_or_replays(data):
    obj = json.loads(_rec_bytes())
    i = data.draw(st.integers(0, len(obj["actions"]) - 1))
    obj["actions"][i] = data.draw(st.lists(st.integers(-5, 10), min_size=1, max_size=3))
    _only_file_problem(read_record_bytes, json.dumps(obj).encode())


@pytest.mark.parametrize("change,msg", [
    (lambda o: o.update(game="chess"), "unknown game"),
    (lambda o: o["decks"][1]["cards"].update(c9=1), 'deck 2: unknown card "c9"'),
    (lambda o: o["decks"][0].update(game="evons"), "deck 1: this is an Evons deck"),
    (lambda o: o.update(seed=-1), "seed"),
    (lambda o: o.update(seed=True), "seed"),
    (lambda o: o.update(options={"short": 1}), "wrong type"),
    (lambda o: o.update(options={"turbo": True}), "unknown option"),
    (lambda o: o.update(result={"winner": True, "reason": "x"}), "result"),
    (lambda o: o["actions"].append([1, "2"]), "not a list of whole numbers"),
    (lambda o: o["actions"].append([1 << 40]), "not a list of whole numbers"),
    (lambda o: o.update(actions=[[0]] * 20001), "at most"),
    (lambda o: o.update(version=2), "newer"),
])
def test_bad_records_are_refused_with_a_clear_message(change, msg):
    obj = json.loads(_rec_bytes())
    change(obj)
    with pytest.raises(FileProblem, match=msg):
        read_record_bytes(json.dumps(obj).encode())


def test_record_for_a_game_not_wanted_and_oversized_record(tmp_path):
    p = tmp_path / "r.json"
    p.write_bytes(_rec_bytes())
    assert load_record(p, game="toy").actions == _rec().actions
    with pytest.raises(FileProblem, match="this is a Toy match, not an Evons one"):
        load_record(p, game="evons")
    p.write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    with pytest.raises(FileProblem, match="too large"):
        load_record(p)


def test_record_whose_actions_do_not_reproduce_says_which_action():
    obj = json.loads(_rec_bytes())
    obj["actions"][5] = [99]
    with pytest.raises(FileProblem, match="action 6 .* is refused"):
        read_record_bytes(json.dumps(obj).encode())


# ------------------------------------------------------------------ autosave reader
def _autosave_bytes(tmp: Path) -> bytes:
    rec = _rec().copy()
    acts, rec.actions, rec.result = rec.actions[:20], [], None
    a = Autosave(tmp / "a.autosave", fsync=False)
    a.write_all(rec)
    for x in acts:
        a.append(x)
    return a.path.read_bytes()


@functools.cache
def _auto_bytes() -> bytes:
    with tempfile.TemporaryDirectory() as d:
        return _autosave_bytes(Path(d))


def test_autosave_tolerates_a_torn_last_line_at_every_byte():
    data = _auto_bytes()
    header_end = data.index(b"\n") + 1
    last = 0
    for n in range(len(data) + 1):
        cut = data[:n]
        if n < header_end - 1:
            with pytest.raises(FileProblem):
                parse_autosave_bytes(cut)
            continue
        rec = parse_autosave_bytes(cut)
        assert rec.actions == _rec().actions[:len(rec.actions)]
        assert len(rec.actions) >= last  # a longer prefix never loses actions
        last = len(rec.actions)
    assert last == 20


@HSET
@given(st.data())
def test_autosave_reader_never_fails_on_damaged_bytes(data):
    _only_file_problem(read_autosave_bytes, data.draw(byte_damage(_auto_bytes())))


def test_autosave_with_a_damaged_middle_line_is_refused(tmp_path):
    lines = _autosave_bytes(tmp_path).split(b"\n")
    lines[5] = b"[1,"
    with pytest.raises(FileProblem, match="journal line 6 is damaged"):
        parse_autosave_bytes(b"\n".join(lines))
    lines[5] = b""
    with pytest.raises(FileProblem, match="journal line 6"):
        parse_autosave_bytes(b"\n".join(lines))


# ------------------------------------------------------------------ atomic writes under SIGKILL
WRITER = r"""
import sys
from engine.core.files import atomic_write_json
path, n = sys.argv[1], int(sys.argv[2])
i = int(sys.argv[3])
while True:
    i += 1
    atomic_write_json(path, {"i": i, "data": [i] * n, "n": n}, indent=None)
    if i == int(sys.argv[3]) + 1:
        print("ready", flush=True)
"""


def _check_written(path: Path):
    obj = read_json(path, 64 << 20)
    assert obj["data"] == [obj["i"]] * obj["n"]
    return obj["i"]


def test_sigkill_during_atomic_writes_leaves_the_old_or_the_new_file(tmp_path):
    path = tmp_path / "big.json"
    rng = Rng(11)
    seen = 0
    for round_ in range(4):
        p = subprocess.Popen([sys.executable, "-c", WRITER, str(path), "400000", str(seen)],
                             stdout=subprocess.PIPE, cwd=ROOT, text=True)
        try:
            assert p.stdout.readline().strip() == "ready"
            time.sleep(0.02 + rng.random() * 0.25)
        finally:
            p.kill()  # SIGKILL on POSIX, TerminateProcess on Windows
            p.wait()
        i = _check_written(path)  # intact and complete, old or new
        assert i > seen
        seen = i
    # leftovers are only temporary files, never a half-written target
    others = [f.name for f in tmp_path.iterdir() if f.name != "big.json"]
    assert all(n.startswith(".big.json.") and n.endswith(".tmp") for n in others)


APPENDER = r"""
import sys
sys.path.insert(0, sys.argv[2])
from support import toy_game
toy_game.register_globally()
from engine.core.autosave import Autosave
from engine.core.record import MatchRecord
rec = MatchRecord("toy", (toy_game.toy_deck(), toy_game.toy_deck()), 1, {"short": False}, [], None, {})
a = Autosave(sys.argv[1], fsync=False)
a.write_all(rec)
i = 0
while True:
    i += 1
    a.append((i % 1000, i // 1000) * 30)
    if i == 1:
        print("ready", flush=True)
    if i == 5000:  # stay under the reader's action cap: start over with an atomic rewrite (1 action kept)
        rec.actions[:] = [(1 % 1000, 1 // 1000) * 30]
        a.write_all(rec)
        i = 1
"""


def test_sigkill_during_autosave_appends_loses_at_most_the_action_in_flight(tmp_path):
    path = tmp_path / "j.autosave"
    p = subprocess.Popen([sys.executable, "-c", APPENDER, str(path), str(TESTS)],
                         stdout=subprocess.PIPE, cwd=ROOT, text=True)
    try:
        assert p.stdout.readline().strip() == "ready"
        time.sleep(0.3)
    finally:
        p.kill()  # SIGKILL on POSIX, TerminateProcess on Windows
        p.wait()
    rec = load_autosave(path)
    n = len(rec.actions)
    assert n >= 1
    assert rec.actions == [((i % 1000, i // 1000) * 30) for i in range(1, n + 1)]


# ------------------------------------------------------------------ real engines' records
REAL = toy_game.playable_games()


@functools.cache
def _real_record_bytes(game) -> bytes:
    from engine.core.harness import random_game, starter_pair
    from engine.core.record import MatchRecord as R
    m, acts = random_game(game, 2)
    rec = R(game, starter_pair(game, 2), 2, {}, acts, m.result().to_json(), {})
    return json.dumps(rec.to_json()).encode()


@pytest.mark.parametrize("game", REAL)
@settings(max_examples=60, deadline=None, derandomize=True)  # real engines: reproducible in CI
@given(data=st.data())
def test_real_game_records_with_damaged_actions_are_refused_cleanly(game, data):
    """A mutated action in a real game's record is refused with a reason: the
    engine itself must not fail on it (that would be an engine bug)."""
    obj = json.loads(_real_record_bytes(game))
    i = data.draw(st.integers(0, len(obj["actions"]) - 1))
    a = obj["actions"][i]
    obj["actions"][i] = data.draw(st.one_of(
        st.lists(st.integers(-3, 60), min_size=1, max_size=len(a) + 1),
        st.just([x + 1 for x in a]), st.just(a[:-1] or [0])))
    try:
        read_record_bytes(json.dumps(obj).encode())
    except FileProblem as e:
        assert "made the engine fail" not in str(e), str(e)


def test_stale_temporary_files_of_interrupted_writes_are_cleaned_up(tmp_path):
    from engine.core.autosave import find_resumable
    from engine.core.files import remove_stale_temp_files
    old = tmp_path / ".game.autosave.k2j3h4.tmp"
    young = tmp_path / ".game.autosave.a8s7d6.tmp"
    other = tmp_path / "notes.tmp"
    for p in (old, young, other):
        p.write_text("partial")
    os.utime(old, (time.time() - 7200, time.time() - 7200))
    os.utime(other, (time.time() - 7200, time.time() - 7200))
    assert find_resumable(tmp_path) == []
    assert not old.exists() and young.exists() and other.exists()
    assert remove_stale_temp_files(tmp_path, older_than=-1) == 1 and not young.exists()


def test_oversized_save_and_replay_files_are_refused(tmp_path):
    from engine.core.replays import list_replays
    big = b'{"format":"cardhall-autosave","version":1,"record":{}}\n' + b"[1]\n" * (MAX_RECORD_BYTES // 4 + 1)
    p = tmp_path / "x.autosave"
    p.write_bytes(big)
    with pytest.raises(FileProblem, match="too large"):
        load_autosave(p)
    r = tmp_path / "replays"
    r.mkdir()
    (r / "20260101-000000-000000-toy.json").write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    assert list_replays(r) == []
    assert [x.name.split(".damaged-")[0] for x in r.iterdir()] == ["20260101-000000-000000-toy.json"]


def test_a_save_with_too_many_actions_is_refused_quickly():
    head = _auto_bytes().split(b"\n")[0] + b"\n"
    with pytest.raises(FileProblem, match="more than 20000 actions"):
        parse_autosave_bytes(head + b"[1]\n" * (MAX_RECORD_BYTES // 5))
