"""Bad input at the file layer (issue #16): any file name, any file type, any
field; one writer per save; housekeeping that never loses a good file."""
from support.paths import ROOT
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.core.autosave import SaveInUse, find_resumable, in_use, lock_path
from engine.core.deck import Deck, load_deck
from engine.core.files import FileProblem, list_files, load_folder, read_capped_bytes, set_aside
from engine.core.harness import starter_pair
from engine.core.record import MatchRecord, load_record
from engine.core.replays import list_replays, prune_replays, save_replay
from engine.core.sanitize import REPLACEMENT
from engine.core.session import MatchSession

fifo_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")


def _deck_json(name="Good deck", **kw):
    d = starter_pair("evons", 1)[0].to_json()
    d["name"] = name
    d.update(kw)
    return d


def test_set_aside_survives_a_240_character_name(tmp_path):
    p = tmp_path / ("x" * 240 + ".json")
    p.write_text("{")
    moved = set_aside(p)
    assert moved is not None and moved.exists() and not p.exists()
    assert len(os.fsencode(moved.name)) <= 255 and ".damaged-" in moved.name
    assert moved.read_text() == "{"
    again = tmp_path / ("x" * 240 + ".json")
    again.write_text("[")
    assert set_aside(again) not in (None, moved)  # a second one gets its own name


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="needs a file system that allows any bytes")
def test_non_utf8_file_names_are_set_aside_and_named_cleanly(tmp_path):
    raw = os.fsencode(str(tmp_path)) + b"/\xff\xfe.json"
    with open(raw, "wb") as fh:
        fh.write(b"not json")
    got = load_folder(tmp_path, lambda p: load_deck(p))
    assert not got.items and len(got.problems) == 1
    msg, _, moved = got.problems[0]
    assert REPLACEMENT in msg and msg.encode("utf-8")  # printable, writable
    assert moved is not None and os.path.exists(moved)


@fifo_only
def test_readers_refuse_named_pipes_without_waiting(tmp_path):
    pipe = tmp_path / "deck.json"
    os.mkfifo(pipe)
    with pytest.raises(FileProblem, match="named pipe"):
        read_capped_bytes(pipe)
    with pytest.raises(FileProblem):
        load_deck(pipe)
    assert list_files(tmp_path, "*.json") == []
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(FileProblem, match="folder"):
        read_capped_bytes(tmp_path / "dir.json")


def test_deck_text_from_outside_is_cleaned():
    d = Deck.from_json(_deck_json("My \x00 deck\ud800", description="a\x07b\nc"))
    assert d.name == f"My {REPLACEMENT} deck{REPLACEMENT}" and d.description == f"a{REPLACEMENT}b\nc"
    json.dumps(d.to_json(), ensure_ascii=False).encode("utf-8")
    with pytest.raises(FileProblem, match="card id"):
        Deck.from_json(_deck_json(cards={"va\x00l": 1}))


def _record(seed=4, meta=None):
    s = MatchSession.new("evons", starter_pair("evons", seed), seed, meta=meta or {})
    return s.record.to_json()


@pytest.mark.parametrize("meta, field", [
    ({"names": 5}, "meta.names"), ({"names": ["Solo"]}, "meta.names"),
    ({"names": ["", "x"]}, "meta.names"),
    ({"mode": "spectate"}, "meta.mode"), ({"mode": 3}, "meta.mode"),
    ({"mode": "ai", "ai": "godlike"}, "meta.ai"), ({"ai": "search:100000000"}, "meta.ai"),
    ({"ai": {"seat": 2, "level": "easy"}}, "meta.ai.seat"), ({"ai": {"seed": -1}}, "meta.ai.seed"),
    ({"ai": ["easy"]}, "meta.ai"), ({"human": 5}, "meta.human"), ({"human": True}, "meta.human"),
    ({"turns": "many"}, "meta.turns"), ({"finished": 12}, "meta.finished"), ({"clock": []}, "meta.clock"),
])
def test_meta_fields_are_checked_by_type_and_range(meta, field):
    obj = _record()
    obj["meta"] = meta
    with pytest.raises(FileProblem, match=field.replace(".", r"\.")):
        MatchRecord.from_json(obj)


def test_good_meta_is_kept_and_cleaned():
    obj = _record()
    obj["meta"] = {"names": ["Ann\x00", "Bob"], "mode": "ai", "ai": {"seat": 1, "level": "hard", "seed": 9},
                   "human": 0, "extra": {"k\ud800": "v"}}
    rec = MatchRecord.from_json(obj)
    assert rec.meta["names"] == [f"Ann{REPLACEMENT}", "Bob"]
    assert rec.meta["extra"] == {f"k{REPLACEMENT}": "v"}
    assert MatchRecord.from_json(dict(obj, meta={"ai": "search:200"})).meta["ai"] == "search:200"


def test_replays_are_pruned_by_age_not_name(tmp_path):
    rec = MatchSession.from_record(MatchRecord.from_json(_record())).record
    old = tmp_path / "zzz-oldest.json"
    paths = []
    for i in range(4):
        paths.append(save_replay(tmp_path, rec, keep=100))
    copied = tmp_path / "0-copied-in-today.json"
    copied.write_text(paths[0].read_text())
    old.write_text(paths[0].read_text())
    now = time.time()
    for i, p in enumerate(paths):
        os.utime(p, (now - 1000 + i, now - 1000 + i))
    os.utime(old, (now - 5000, now - 5000))
    gone = prune_replays(tmp_path, 4)
    assert set(gone) == {old, paths[0]}
    assert copied.exists()


def _finished_session(tmp_path, seed=6):
    from engine.core.rng import Rng
    s = MatchSession.new("evons", starter_pair("evons", seed), seed, meta={"mode": "hotseat"},
                         autosave_folder=tmp_path / "saves", fsync=False)
    rng = Rng(seed)
    while True:
        la = s.match.legal_actions()
        nxt = s.match.clone()
        a = la[rng.randrange(len(la))]
        nxt.apply(a, check=False)
        if nxt.result() is not None:
            return s, a
        s.apply(a)


def test_a_finished_game_in_an_autosave_is_removed_only_once_its_replay_exists(tmp_path):
    s, last = _finished_session(tmp_path)
    # the program stopped after the last action was saved, before the replay was kept
    s.autosave.append(last)
    save = s.autosave.path
    assert find_resumable(tmp_path / "saves") == [] and save.exists()  # no replay folder: left alone
    reps = tmp_path / "replays"
    assert find_resumable(tmp_path / "saves", replay_folder=reps) == []
    assert not save.exists()
    [kept] = list_replays(reps)
    assert kept.record.actions == s.record.actions + [tuple(last)] and kept.result is not None


def test_abandoned_autosaves_are_pruned_to_the_newest_per_game(tmp_path):
    sessions = [MatchSession.new("evons", starter_pair("evons", k), k, autosave_folder=tmp_path, fsync=False)
                for k in range(8)]
    now = time.time()
    for i, s in enumerate(sessions):
        os.utime(s.autosave.path, (now - 100 + i, now - 100 + i))
    paths = [s.autosave.path for s in sessions]
    del sessions  # the program left those games (their locks go with them)
    got = find_resumable(tmp_path, keep_per_game=5)
    assert [r.path for r in got] == paths[::-1][:5]
    assert [p.exists() for p in paths] == [False] * 3 + [True] * 5


HOLDER = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
from engine.core.session import MatchSession
s = MatchSession.resume(sys.argv[2], fsync=False)
print("holding", flush=True)
time.sleep(60)
"""


def test_one_writer_per_save_a_second_program_cannot_resume_it(tmp_path):
    s = MatchSession.new("evons", starter_pair("evons", 3), 3, autosave_folder=tmp_path, fsync=False)
    s.apply(s.match.legal_actions()[0])
    path = s.autosave.path
    s.autosave.close()
    del s
    p = subprocess.Popen([sys.executable, "-c", HOLDER, str(ROOT), str(path)], stdout=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline().strip() == "holding"
        before = path.read_bytes()  # as the other program rewrote it on resuming
        assert in_use(path)
        with pytest.raises(SaveInUse, match="another Cardhall window"):
            MatchSession.resume(path, fsync=False)
        [info] = find_resumable(tmp_path)
        assert info.in_use and "another window" in info.title()
        assert path.read_bytes() == before
    finally:
        p.kill()
        p.wait()
    # the lock died with the process: this copy can go on with the game now
    assert not in_use(path)
    r = MatchSession.resume(path, fsync=False)
    assert len(r) == 1 and lock_path(path).exists()
    r.autosave.discard()
    assert not path.exists() and not lock_path(path).exists()


def test_validate_deck_names_an_unknown_game_without_a_traceback(tmp_path):
    p = subprocess.run([sys.executable, "-m", "engine", "validate-deck", "chess", str(tmp_path / "x.json")],
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "unknown game 'chess'" in p.stderr and "Traceback" not in p.stderr


def test_deleting_a_symlinked_deck_removes_the_link_not_its_target(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDHALL_HOME", str(tmp_path))
    from client.deckbuilder import library
    d = starter_pair("evons", 1)[0]
    saved = library.save(Deck(d.game, "Mine", d.cards))
    outside = tmp_path / "elsewhere.json"
    outside.write_text(saved.path.read_text())
    link = saved.path.parent / "linked.json"
    link.symlink_to(outside)
    [entry] = [e for e in library.library("evons") if e.path == link]
    assert library.delete(entry.deck) is True
    assert not os.path.lexists(link) and outside.exists()
    assert library.delete(entry.deck) is False  # already gone: says so


def test_atomic_write_never_fails_on_a_lone_surrogate(tmp_path):
    from engine.core.files import atomic_write_json, read_json
    atomic_write_json(tmp_path / "x.json", {"name": "a\ud800b"})
    assert read_json(tmp_path / "x.json") == {"name": f"a{REPLACEMENT}b"}


def test_lock_files_of_saves_that_are_gone_are_tidied(tmp_path):
    s = MatchSession.new("evons", starter_pair("evons", 3), 3, autosave_folder=tmp_path, fsync=False)
    path = s.autosave.path
    assert lock_path(path).exists()
    orphan = tmp_path / ".gone.autosave.lock"
    orphan.write_bytes(b"")
    find_resumable(tmp_path)
    assert not orphan.exists() and lock_path(path).exists()  # the live game's lock stays


def test_a_deck_of_another_game_says_so_in_a_sentence(tmp_path):
    """The deck list's reason for a deck of another game reads as English ("an Everdawn
    deck, not an Evons deck"; it read "a everdawn deck, not a evons deck")."""
    p = tmp_path / "mine.json"
    p.write_text(json.dumps({"format": "cardhall-deck", "version": 1, "game": "everdawn", "name": "Mine",
                             "cards": {"ember_imp": 4}}), encoding="utf-8")
    with pytest.raises(FileProblem) as e:
        load_deck(p, game="evons")
    assert str(e.value) == "mine.json: this is an Everdawn deck, not an Evons deck."
    p.write_text(json.dumps({"format": "cardhall-deck", "version": 1, "game": "chess", "name": "Mine",
                             "cards": {"pawn": 8}}), encoding="utf-8")
    with pytest.raises(FileProblem) as e:
        load_deck(p, game="essveil")
    assert str(e.value) == "mine.json: this is a Chess deck, not an Essveil deck."
