"""The bad-input suite, round 3 (issue #44), online part: online.json from outside and
servers that answer the list of our matches with anything — through the real client,
headless. Each case ends with a message and a running program, nothing hangs past a few
seconds and nothing remembered is lost."""
from support.paths import ROOT
import errno
import json
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest


def toasts(d) -> str:
    return "\n".join(t.text for t in d.app.toasts)


def entry(match, server="10.0.0.2:4000", **kw):
    return {"server": server, "match": match, "token": "t-" + match, "game": "everdawn", "seat": 0,
            "pace": "live", "names": ["Me", "Bo"], **kw}


def write_prefs(home, matches, **kw) -> Path:
    p = home / "data" / "online.json"
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps({"name": "Me", "address": "", "matches": matches, **kw}), encoding="utf-8")
    return p


def open_online(d):
    """Title, then Everdawn's menu, then Play online: as a player gets there."""
    d.app.scenes.switch("title")
    d.step(3)
    d.app.scenes.switch("game_menu", game="everdawn")
    d.step(3)
    d.click("online")
    assert d.scene.name == "online"
    d.step(3)
    return d.scene


@pytest.fixture
def drv(tmp_path, watchdog):
    from client.devtools.testing import Driver
    made = []

    def make():
        d = Driver(tmp_path)
        made.append(d)
        return d
    yield make
    for d in made:
        assert d.app.running
        d.close()


# ---------------------------------------------------------------- online.json
@pytest.mark.parametrize("seat", [1.0, 0.0])
def test_a_seat_written_as_a_decimal_leaves_that_entry_out_and_says_so(tmp_path, drv, seat):
    """("seat": 1.0 crashed Play online: list indices must be integers)"""
    p = write_prefs(tmp_path, [entry("good"), entry("decimal", seat=seat)])
    before = p.read_bytes()
    d = drv()
    sc = open_online(d)
    assert [e["match"] for _, e, _ in sc.rows] == ["good"]
    assert "1 of your online matches could not be read and is left out" in toasts(d)
    assert '"seat" must be 0 or 1' in toasts(d)
    [kept] = list(p.parent.glob("online.json.entries-left-out-*"))
    assert kept.read_bytes() == before                        # the file as it was, kept
    assert [e["match"] for e in json.loads(p.read_text())["matches"]] == ["good"]
    d.app.scenes.switch("title")                              # and opening it again says nothing new
    d.step(2)
    d.app.toasts.clear()
    open_online(d)
    assert "could not be read" not in toasts(d) and len(list(p.parent.glob("online.json.*"))) == 1


@pytest.mark.parametrize("content, why", [
    (b'{"name": "Me", "matches": [{"server": "10.0.0.2:4000", "match": "m1", "tok', "damaged JSON"),
    (b'{"name": "Me", "matches": []}' + b" " * (300 * 1024), "too large"),
    (b'{"name": "Me", "matches": {"m1": 1}}', "not a list of online matches"),
])
def test_a_damaged_or_oversized_online_json_is_set_aside_and_said_never_replaced_silently(
        tmp_path, drv, content, why):
    """(a torn online.json or one over 256 KB was replaced by an empty list on the next Join,
    every seat token gone, nothing set aside, no message)"""
    p = tmp_path / "data" / "online.json"
    p.parent.mkdir(parents=True)
    p.write_bytes(content)
    d = drv()
    sc = open_online(d)
    msg = toasts(d)
    assert "Your list of online matches could not be read" in msg and why in msg
    [aside] = list(p.parent.glob("online.json.damaged-*"))
    assert aside.read_bytes() == content and aside.name in msg
    sc.addr_entry.set_text("127.0.0.1:9")                     # a Join writes the list anew ...
    sc.code_entry.set_text("K7QXM-2HRTB")
    d.click("join")
    d.step(2)
    assert aside.read_bytes() == content                      # ... and the old one stays aside
    assert json.loads(p.read_text())["address"] == "127.0.0.1:9"


CHANGE_ELSEWHERE = r"""
import os, sys
sys.path.insert(0, sys.argv[1])
os.environ["CARDHALL_HOME"] = sys.argv[2]
from types import SimpleNamespace
from client.scenes.online_prefs import load_prefs, remember
s = SimpleNamespace(match_id="other-copy", token="tok", seat=0, game="everdawn", pace="daily", names=["Me", "Cy"])
remember(load_prefs(), s, "10.0.0.9:7531")
"""


def test_two_copies_writing_online_json_keep_both_matches(tmp_path, drv):
    """(two copies that each hosted left only the second match in online.json)"""
    p = write_prefs(tmp_path, [entry("mine")])
    d = drv()
    sc = open_online(d)                                        # this copy has read the list
    subprocess.run([sys.executable, "-c", CHANGE_ELSEWHERE, str(ROOT), str(tmp_path)], check=True, timeout=60)
    sc.name_entry.set_text("Ann")
    sc.addr_entry.set_text("127.0.0.1:9")
    sc.code_entry.set_text("K7QXM-2HRTB")
    d.click("join")                                            # this copy writes name and address
    d.step(2)
    got = json.loads(p.read_text())
    assert {e["match"] for e in got["matches"]} == {"mine", "other-copy"}
    assert got["name"] == "Ann" and got["address"] == "127.0.0.1:9"


def test_remembered_matches_that_cannot_be_written_say_so_and_stand_until_they_can(tmp_path, drv, monkeypatch):
    from client.scenes import online_prefs as online
    blocker = tmp_path / "blocked"
    blocker.write_text("a file where the folder should be")
    monkeypatch.setattr(online, "_prefs_path", lambda: blocker / "online.json")
    monkeypatch.setattr(online, "_UNSAVED", [])
    d = drv()
    sc = open_online(d)
    sc.addr_entry.set_text("127.0.0.1:9")
    sc.code_entry.set_text("K7QXM-2HRTB")
    d.click("join")
    d.step(2)
    msg = toasts(d)
    assert "Your list of online matches could not be saved: Cardhall cannot write in" in msg
    assert str(blocker) in msg and "a file is in the way" in msg and d.app.running
    assert online.load_prefs()["address"] == "127.0.0.1:9"    # it stands while the program runs ...
    blocker.unlink()
    online.forget(["nothing"])                                 # ... and the next write that works saves it
    assert json.loads((blocker / "online.json").read_text())["address"] == "127.0.0.1:9"


# ---------------------------------------------------------------- servers that answer anything
class FakeServer:
    """Answers the ``list`` request as ``mode`` says: "reply" (``reply(ids)`` as the matches),
    "trickle" (a byte every 0.3 s), "noise" (lines of noise without end), "raw" (``reply``
    bytes as they are)."""

    def __init__(self, mode, reply=None):
        self.mode, self.reply = mode, reply
        self.asked = 0
        self.stop = threading.Event()
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def address(self):
        return f"127.0.0.1:{self.port}"

    def _accept(self):
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn):
        with conn:
            try:
                conn.settimeout(5)
                buf = b""
                while b"\n" not in buf:
                    buf += conn.recv(4096)
                ids = [m["match"] for m in json.loads(buf)["matches"]]
                self.asked += 1
                if self.mode == "reply":
                    conn.sendall(json.dumps({"v": 1, "t": "list", "re": 1, "matches": self.reply(ids)}).encode()
                                 + b"\n")
                elif self.mode == "raw":
                    conn.sendall(self.reply)
                while self.mode in ("trickle", "noise") and not self.stop.is_set():
                    conn.sendall(b" " if self.mode == "trickle" else b"noise \x00 \xff noise\n" * 50)
                    time.sleep(0.3 if self.mode == "trickle" else 0.01)
            except OSError:
                pass

    def close(self):
        self.stop.set()
        self.sock.close()


def good_item(mid, **kw):
    return {"match": mid, "known": True, "game": "everdawn", "pace": "live", "seat": 0, "names": ["Me", "Bo"],
            "waiting": False, "index": 7, "turn": 3, "to_move": 0, "your_move": True, "time_left": 95.0,
            "result": None, **kw}


BAD_REPLIES = {
    "one_name": lambda ids: [good_item(ids[0], names=["A"])],
    "names_number": lambda ids: [good_item(ids[0], names=5)],
    "names_object": lambda ids: [good_item(ids[0], names={"x": 1})],
    "result_text": lambda ids: [good_item(ids[0], result="x")],
    "waiting_3": lambda ids: [good_item(ids[0], waiting=3, result="x")],
    "seat_text": lambda ids: [good_item(ids[0], seat="0")],
    "not_asked": lambda ids: [good_item("someone-else", result={"winner": 0, "reason": "x"})],
}


@pytest.fixture
def servers():
    made = []

    def make(*a, **kw):
        s = FakeServer(*a, **kw)
        made.append(s)
        return s
    yield make
    for s in made:
        s.close()


def run_until(d, pred, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if pred():
            return True
        d.step()
        time.sleep(0.01)
    return pred()


def test_servers_that_answer_anything_show_it_in_the_row_and_forget_nothing(tmp_path, drv, servers,
                                                                             monkeypatch):
    """(a reply entry with one name, names 5 or {"x":1}, a result "x" crashed the screen;
    {"waiting":3,"result":"x"} made the client delete that match; a slow server kept every
    row at "…" for 28 s and more, Refresh doing nothing meanwhile; a reply that was a JSON
    list showed "'list' object has no attribute 'get'")"""
    from client.scenes import online
    monkeypatch.setattr(online, "LIST_WAIT", 1.5)
    good = servers("reply", lambda ids: [good_item(i) for i in ids])
    bad = {k: servers("reply", f) for k, f in BAD_REPLIES.items()}
    slow = servers("trickle")
    noisy = servers("noise")
    a_list = servers("raw", b"[1, 2]\n")
    rows = [entry("good", good.address)] + [entry(k, s.address) for k, s in bad.items()] + \
        [entry("slow", slow.address), entry("noisy", noisy.address), entry("a_list", a_list.address)]
    p = write_prefs(tmp_path, rows)
    d = drv()
    sc = open_online(d)
    text = {}

    def row(mid):
        return sc.row_summary(next(e for e in sc.prefs["matches"] if e["match"] == mid), sc.summaries.get(mid))
    assert run_until(d, lambda: "good" in sc.summaries, 10)
    assert "slow" not in sc.summaries                          # the slow one holds up nobody
    assert row("good") == "your move (turn 3) · 1:35 left"
    asked = good.asked
    d.key("f5")                                                # Refresh works meanwhile
    assert run_until(d, lambda: good.asked > asked and "good" in sc.summaries, 10)
    assert slow.asked == 1                                     # (the slow one is left to its own time)
    assert run_until(d, lambda: all(r["match"] in sc.summaries for r in rows), 10)
    for r in rows:
        text[r["match"]] = row(r["match"])
    assert text["slow"] == "the server is not answering"
    for k in ("one_name", "names_number", "names_object", "result_text", "waiting_3", "seat_text", "not_asked"):
        assert text[k] == "the server's answer about this match could not be read", (k, text[k])
    for k in ("noisy", "a_list"):
        assert text[k] == "the server's answer could not be read (is it a Cardhall server of this version?)", \
            (k, text[k])
    sc.draw(d.app.screen)
    d.step(3)
    kept = json.loads(p.read_text())["matches"]
    assert [e["match"] for e in kept] == [r["match"] for r in rows]      # none forgotten ...
    assert not any(e.get("over") for e in kept)                         # ... none taken as ended
    assert "object has no attribute" not in " ".join(text.values())


def test_network_errors_are_said_in_words():
    """("server not reachable: 'list' object has no attribute 'get'")"""
    from engine.net.client import NetError, plain_error
    for e in (AttributeError("'list' object has no attribute 'get'"), KeyError("matches"),
              IndexError("list index out of range"), TypeError("string indices must be integers")):
        said = plain_error(e)
        assert "object" not in said and "index" not in said and "could not be read" in said
    assert plain_error(NetError("the server refused: Unknown match.")) == "the server refused: Unknown match."
    assert plain_error(OSError()) == "the connection failed"


def test_what_goes_wrong_off_the_frame_loop_is_said_in_words(tmp_path, drv, monkeypatch):
    """(a failure while joining or hosting showed Python's own message under the Join box)"""
    import engine.core.files as files
    import engine.net.client as net

    def broken(*_a, **_k):
        raise AttributeError("'list' object has no attribute 'get'")
    monkeypatch.setattr(net, "join_match", broken)
    d = drv()
    sc = open_online(d)
    sc.addr_entry.set_text("127.0.0.1:9")
    sc.code_entry.set_text("K7QXM-2HRTB")
    d.click("join")
    assert run_until(d, lambda: sc.job is None, 10)
    said, kind = sc.status
    assert kind == "bad" and "object" not in said and "Something went wrong there" in said

    def read_only(folder):
        raise OSError(errno.EROFS, "Read-only file system", str(folder))
    monkeypatch.setattr(files, "writable_folder", read_only)
    d.click("host")
    assert run_until(d, lambda: sc.job is None, 10)
    said, kind = sc.status
    assert kind == "bad" and said.startswith("The server inside Cardhall cannot start: Cardhall cannot write in ")
    assert "(the disk is read-only)" in said and d.app.running
