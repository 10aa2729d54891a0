"""What a player sees of the other seat's absence (issue #41's small items): a player who
quits to the menu "left the table" (the app says so to the server before it closes), one
whose program stopped talking is away too, and the app pings from its frame loop, so a
frozen program does not keep its green dot."""
import time

from engine.core.harness import starter_pair
from engine.net.client import HEARTBEAT, host_match, join_match
from engine.net.server import ServerThread


def _until(pred, sessions, seconds=10.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for s in sessions:
            s.poll()
        if pred():
            return True
        time.sleep(0.02)
    return False


def test_quitting_to_the_menu_tells_the_opponent_you_left_not_that_you_were_cut_off(tmp_path):
    srv = ServerThread(str(tmp_path / "server.sqlite3")).start()
    decks = starter_pair("essveil", 5)
    try:
        host = host_match("127.0.0.1", srv.port, "essveil", decks[0], "Ann")
        guest = join_match("127.0.0.1", srv.port, host.code, decks[1], "Bo")
        assert _until(lambda: not host.waiting, [host, guest])
        assert host.opponent.get("connected", True)
        guest.detach()
        guest.close()
        assert _until(lambda: not host.opponent.get("connected", True), [host])
        assert host.opponent["why"] == "left"
        host.close()
    finally:
        srv.stop()


def test_the_app_promises_a_heartbeat_and_pings_from_its_frame_loop(tmp_path, monkeypatch):
    sent = []
    srv = ServerThread(str(tmp_path / "server.sqlite3")).start()
    decks = starter_pair("evons", 5)
    try:
        host = host_match("127.0.0.1", srv.port, "evons", decks[0], "Ann")
        real_send = host.link.send
        monkeypatch.setattr(host.link, "send", lambda m: sent.append(m.get("t")) or real_send(m))
        assert "heartbeat" in host._on_connect()[0] and host._on_connect()[0]["heartbeat"] == HEARTBEAT
        host._pinged -= HEARTBEAT           # half a heartbeat has passed since the last ping
        host.poll()
        assert sent == ["ping"]
        host.poll()                         # not again before the next half
        assert sent == ["ping"]
        host.close()
    finally:
        srv.stop()
