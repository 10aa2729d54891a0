"""Play online in the app (SDL dummy driver, loopback only): the game menu's
"Play online" hosts a match through the server inside the app, a friend (a
headless session) joins with the code, and the game's own table plays the
whole match through the server; a dropped connection rejoins by itself."""
from __future__ import annotations

import random
import time

import pytest

from engine.core.harness import starter_pair
from engine.net.client import drive, join_match

from support.net_helpers import GAMES


def until(d, pred, seconds=30.0):
    """Step the window until ``pred()`` holds or ``seconds`` of real time pass (the
    server and the links run in their own threads: frames alone are no measure)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if pred():
            return True
        d.step()
        time.sleep(0.005)
    return pred()


@pytest.fixture
def hosting(monkeypatch):
    monkeypatch.setenv("CARDHALL_HOST_BIND", "127.0.0.1")
    monkeypatch.setenv("CARDHALL_HOST_PORT", "0")


def _host_from_menu(d, game):
    d.open("game_menu", game=game)
    d.click("online")
    sc = d.scene
    assert sc.name == "online"
    d.click("host")
    assert until(d, lambda: getattr(d.scene, "session", None) is not None), d.scene.status
    return d.scene


def _host_and_join(d, game, seed=4, name="Bo"):
    """Host a match from the menu and have a headless friend (``name``) join it with the
    second starter deck of ``starter_pair(game, seed)``: (the hosting scene, the friend)."""
    sc = _host_from_menu(d, game)
    guest = join_match("127.0.0.1", d.app.online_server.port, sc.session.code, starter_pair(game, seed)[1], name)
    return sc, guest


def _play_to_end(d, guest, rng, *, drop_at=None, max_seconds=240.0):
    """Both sides play random moves until the match is over: bounded by time, since
    the frames run as fast as the machine allows while a reconnection takes real time."""
    dropped = False
    deadline = time.monotonic() + max_seconds
    while time.monotonic() < deadline:
        t = next(s for s in d.app.scenes.stack if s.name == "table")
        if t.ending.over_shown or d.app.scenes.top.name == "game_over":
            for _ in range(2000):      # the friend's side hears of the end too (bounded)
                drive([guest], rng)
                if guest.final is not None and not guest.pending:
                    break
                d.step()
                time.sleep(0.005)
            return t, dropped
        d.step()
        t = next(s for s in d.app.scenes.stack if s.name == "table")
        if drop_at is not None and not dropped and len(t.session) >= drop_at:
            t.session.link.drop()
            dropped = True
        if t.human_to_move() and not t.busy() and t.session.connected:
            legal = t.match.legal_actions()
            t.perform(legal[rng.randrange(len(legal))])
        drive([guest], rng)
        if t.result() is not None and not t.anims.busy and not guest.pending and guest.final is not None:
            d.step(3)
            return t, dropped
        time.sleep(0.0005)     # let the network threads run between frames
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("game", GAMES)
def test_host_in_the_app_friend_joins_and_the_table_plays_a_whole_match(driver, hosting, game):
    d = driver
    sc = _host_from_menu(d, game)
    code = sc.session.code
    port = d.app.online_server.port
    assert code and sc.server_text.endswith(f":{port}")
    guest = join_match("127.0.0.1", port, code, starter_pair(game, 4)[1], "Bo")
    try:
        assert until(d, lambda: d.scene.name == "table")
        t = d.scene
        assert t.mode == "online" and t.names[1] == "Bo" and t.names[0] == "You"
        from client.scenes import scene_class
        from client.table.online import OnlineLink
        assert type(t) is scene_class("table", game) and isinstance(t.layer, OnlineLink)   # the game's own
        assert t.layer.connection_text() == "Bo is connected"
        d.step(3)       # nothing went out of step: the log does not say it is back in step
        assert not [e.text for e in t.log.entries if "in step" in e.text], [e.text for e in t.log.entries]
        assert not guest.resynced       # nor on the friend's side: joining is no jump
        from client.scenes.game_menu import online_note
        assert online_note(game) == "Your online match with Bo goes on: Play online to sit down again."
        t, _ = _play_to_end(d, guest, random.Random(1), drop_at=6 if game == "evons" else None)
        res = t.result()
        assert res is not None and t.session.final == guest.final and res.winner == guest.final.winner
        assert online_note(game) == ""          # over: the game menu no longer points to it
        assert t.session.applied == guest.applied
        assert t.match.to_json() == t.session.match.to_json()
    finally:
        guest.close()
        d.app.online_server.stop()


def test_a_dropped_connection_rejoins_by_itself_and_continues_exactly(driver, hosting):
    d = driver
    sc, guest = _host_and_join(d, "essveil", 2)
    try:
        assert until(d, lambda: d.scene.name == "table")
        rng = random.Random(3)
        t = d.scene
        for _ in range(3000):
            d.step()
            if len(t.session) >= 10:
                break
            if t.human_to_move() and not t.busy():
                legal = t.match.legal_actions()
                t.perform(legal[rng.randrange(len(legal))])
            drive([guest], rng)
        guest.link.drop()                   # the friend's line drops ...
        t.session.link.drop()               # ... and so does ours
        assert until(d, lambda: not t.session.connected or t.session.link.attempts > 1)
        assert until(d, lambda: t.session.connected and guest.connected)
        t, _ = _play_to_end(d, guest, rng)
        assert t.session.final == guest.final and t.result().winner == guest.final.winner
        assert t.session.applied == guest.applied
    finally:
        guest.close()
        d.app.online_server.stop()


def test_quit_to_menu_then_open_the_match_again_from_your_matches(driver, hosting):
    d = driver
    sc = _host_from_menu(d, "everdawn")
    port = d.app.online_server.port
    guest = join_match("127.0.0.1", port, sc.session.code, starter_pair("everdawn", 1)[1], "Bo")
    try:
        assert until(d, lambda: d.scene.name == "table")
        rng = random.Random(2)
        t = d.scene
        for _ in range(3000):
            d.step()
            if len(t.session) >= 8 and not t.busy():
                break
            if t.human_to_move() and not t.busy():
                legal = t.match.legal_actions()
                t.perform(legal[rng.randrange(len(legal))])
            drive([guest], rng)
        at = len(t.session)
        d.app.scenes.switch("game_menu", game="everdawn")     # Quit to menu: the table's connection closes
        assert until(d, lambda: (guest.poll() or True) and not guest.opponent.get("connected", True))
        d.click("online")
        on = d.scene
        assert until(d, lambda: on.summaries)
        info = next(iter(on.summaries.values()))
        assert info["index"] >= at and info["names"][1] == "Bo"
        d.click(f"open_{info['match']}")
        assert until(d, lambda: d.scene.name == "table")
        t2 = d.scene
        drive([guest], rng)
        assert len(t2.session) == info["index"]
        assert until(d, lambda: (guest.poll() or True) and guest.opponent.get("connected"))
        t2, _ = _play_to_end(d, guest, rng)
        assert t2.session.final == guest.final and t2.result().winner == guest.final.winner
    finally:
        guest.close()
        d.app.online_server.stop()


def test_the_online_table_never_plays_by_itself_whatever_the_environment(driver, hosting, monkeypatch):
    """The old test aid's variable does nothing: our seat waits for the player; only a
    mover a test harness installs (tests/manual/online_autoplay.py) plays for it."""
    monkeypatch.setenv("CARDHALL_ONLINE_AUTOPLAY", "7")
    d = driver
    sc, guest = _host_and_join(d, "essveil", 2)
    try:
        assert until(d, lambda: d.scene.name == "table")
        t = d.scene
        rng = random.Random(5)
        assert until(d, lambda: (drive([guest], rng) or True) and t.human_to_move() and not t.busy())
        at = len(t.session)
        for _ in range(300):                       # many frames and over a second: nothing is played
            d.step()
            time.sleep(0.004)
        assert len(t.session) == at and t.human_to_move()
        from tests.manual.online_autoplay import random_mover
        t.layer.auto_mover = random_mover(9, every=1)    # the harness's hook does play
        assert until(d, lambda: len(t.session) > at)
    finally:
        guest.close()
        d.app.online_server.stop()


def test_the_hosted_match_row_says_it_waits_for_your_friend(driver, hosting, monkeypatch):
    """Just after hosting, the match's row under "Your matches on servers" read
    "vs … · live · 127.0.0.1:7531   …" until Refresh list was pressed."""
    from client.ui import theme as ui
    from support.helpers import Texts
    d = driver
    sc = _host_from_menu(d, "essveil")
    rec = Texts()
    monkeypatch.setattr(ui, "RECORDER", rec)
    if ui._TEXT_CACHE is not None:
        monkeypatch.setattr(ui, "_TEXT_CACHE", None)     # every text rendered anew, so it is seen
    sc.invalidate()
    d.step(2)
    monkeypatch.setattr(ui, "RECORDER", None)
    try:
        texts = [t for t, _, _ in rec.seen]
        row = [t for t in texts if t.startswith("vs ")]
        assert row and row[0].startswith("vs your friend · live · 127.0.0.1:"), texts
        assert "waiting for the other player to join" in texts, texts
        assert "…" not in texts
    finally:
        d.app.online_server.stop()


@pytest.mark.parametrize("game", GAMES)
def test_the_online_log_tells_the_opening_and_hovering_the_board_is_safe(driver, hosting, game):
    """Online, the table's log opens as it does against the AI (who sits down, then the
    first turn and what the engine did while creating the match), and pointing at every
    part of the board shows cards without asking the network session for history it
    does not keep (Everdawn's "placed at set-up" note once did, and crashed)."""
    d = driver
    sc, guest = _host_and_join(d, game)
    try:
        assert until(d, lambda: d.scene.name == "table")
        t = d.scene
        d.step(3)
        texts = [e.text for e in t.log.entries]
        assert texts[0] == "You and Bo sit down to " + game.capitalize() + "."
        want = t.opening_events(t.match)
        assert len(texts) >= 1 + len(want), texts
        if want:
            assert any("Turn 1" in x or "turn 1" in x.lower() for x in texts[1:1 + len(want)]), texts
        W, H = d.app.screen.get_size()

        def sweep():
            for x in range(5, W, 37):
                for y in range(5, H, 29):
                    d.move((x, y))
            d.step(2)
            assert d.scene is t

        sweep()
        rng = random.Random(3)          # a few moves each, then the board is pointed at again
        deadline = time.monotonic() + 60
        while len(t.session) < 8 and t.result() is None and time.monotonic() < deadline:
            d.step()
            if t.human_to_move() and not t.busy() and t.session.connected:
                legal = t.match.legal_actions()
                t.perform(legal[rng.randrange(len(legal))])
            drive([guest], rng)
            time.sleep(0.0005)
        assert len(t.session) >= 8 or t.result() is not None
        sweep()
        # the table's shortcuts (hint, undo, redo, log, the game's own keys) ask nothing of a
        # history the network session does not keep
        for name, kw in (("h", {}), ("z", {"ctrl": True}), ("y", {"ctrl": True}), ("l", {}), ("c", {}),
                         ("m", {}), ("tab", {}), ("1", {}), ("space", {})):
            d.key(name, **kw)
            assert d.app.scenes.stack[0] is t, name
    finally:
        guest.close()
        d.app.online_server.stop()


def test_everdawn_online_marks_placed_creatures_as_the_local_table_would(driver, hosting):
    """Everdawn's "placed at set-up, not played" note online: the server keeps the history,
    so the table follows each update's events; at every point of a whole match the marked
    lanes are those a local table reads from the full record."""
    from engine.core.session import MatchSession
    from client.tables.everdawn.anims import track_placed
    d = driver
    sc = _host_from_menu(d, "everdawn")
    guest = join_match("127.0.0.1", d.app.online_server.port, sc.session.code,
                       starter_pair("everdawn", 4)[1], "Bo")
    try:
        assert until(d, lambda: d.scene.name == "table")
        t = d.scene
        seen = {0: set(t.placed_slots())}
        assert seen[0], "the first player's set-up creatures are marked"
        rng = random.Random(5)
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            d.step()
            seen.setdefault(len(t.session), set(t.placed_slots()))
            if t.result() is not None and not t.anims.busy and guest.final is not None and not guest.pending:
                break
            if t.human_to_move() and not t.busy() and t.session.connected:
                legal = t.match.legal_actions()
                t.perform(legal[rng.randrange(len(legal))])
            drive([guest], rng)
            time.sleep(0.0005)
        assert t.result() is not None, "the match ended"
        # the engine's words name the players as this screen does ("Player 1" is nobody here)
        assert "Player 1" not in t.result().reason and "Player 2" not in t.result().reason, t.result()
        assert until(d, lambda: len(t.session.record.actions) > 0, 30), "the server's record came"
        full = MatchSession.from_record(t.session.record)
        m = full.state_at(0)
        truth = set()
        for p in (0, 1):
            if m.is_set_up(p):
                truth |= {(p, sl) for sl in (0, 1, 2) if m.creature_at(p, sl) >= 0}
        want = {0: set(truth)}
        for i, a in enumerate(full.record.actions):
            track_placed(truth, m.apply(tuple(a), check=False))
            want[i + 1] = set(truth)
        assert len(seen) > 20
        for n, marks in seen.items():
            assert marks == want[n], (n, marks, want[n])
    finally:
        guest.close()
        d.app.online_server.stop()


def test_a_hosted_match_remembers_the_friend_who_joined(driver, hosting):
    """The list of your matches names the friend once they have joined ("vs Bo"), also
    after the host's own server has stopped (it read "vs your friend", the name the
    entry had when the match was hosted)."""
    from client.scenes.online_prefs import load_prefs
    d = driver
    sc = _host_from_menu(d, "essveil")
    mid = sc.session.match_id
    guest = join_match("127.0.0.1", d.app.online_server.port, sc.session.code, starter_pair("essveil", 4)[1], "Bo")
    try:
        assert until(d, lambda: d.scene.name == "table")
        entry = next(e for e in load_prefs()["matches"] if e["match"] == mid)
        assert entry["names"][1 - entry["seat"]] == "Bo"
    finally:
        guest.close()
        d.app.online_server.stop()
    d.open("online", game="essveil")
    d.step(3)
    texts = []
    orig = None
    import client.scenes.online as online_mod
    orig = online_mod.draw_text

    def spy(surf, text, *a, **k):
        texts.append(str(text))
        return orig(surf, text, *a, **k)
    online_mod.draw_text = spy
    try:
        d.scene.invalidate()
        d.step(2)
    finally:
        online_mod.draw_text = orig
    assert any(t.startswith("vs Bo") for t in texts), texts


def test_the_menu_over_an_online_match_says_it_goes_on(driver, hosting):
    """Esc over an online table does not say "Paused": nothing stops there, the clock runs
    on the server; over a game against the AI it is a pause."""
    d = driver
    sc, guest = _host_and_join(d, "essveil")
    try:
        assert until(d, lambda: d.scene.name == "table")
        d.key("escape")
        assert d.scene.name == "pause"
        assert d.scene.heading == "Match menu"
        assert "on the server" in d.scene.widgets["quit"].tool_tip_text
    finally:
        guest.close()
        d.app.online_server.stop()
    d.open("table", game="essveil")
    d.key("escape")
    assert d.scene.name == "pause" and d.scene.heading == "Paused"


def test_a_concession_online_reads_as_this_screen_names_the_players(driver, hosting):
    """The server words a concession with its own names ("Ann conceded"); on the conceding
    player's screen it is "You conceded", told once, and the game-over line says so."""
    d = driver
    sc, guest = _host_and_join(d, "evons")
    try:
        assert until(d, lambda: d.scene.name == "table")
        t = d.scene
        server_name = t.session.names[t.session.seat]
        assert server_name != "You"
        t.ending.concede()
        assert until(d, lambda: t.result() is not None and d.app.scenes.top.name == "game_over", 30)
        d.step(3)
        assert t.layer.reason_words(t.result()) == "You conceded", t.result()
        texts = [e.text for e in t.log.entries]
        assert texts.count("You conceded.") == 1, texts
        assert not any(server_name + " conceded" in x for x in texts), texts
        assert t.ending.result_text(t.result()) == "Bo wins — you conceded"
    finally:
        guest.close()
        d.app.online_server.stop()


def test_a_refused_join_code_stays_to_be_corrected_and_is_told_under_join(driver, hosting):
    """A mistyped join code: the message stands under the Join box (not under Host), and
    the code typed is still in its field to be corrected (it was wiped)."""
    from client.ui.theme import PAL
    d = driver
    sc = _host_from_menu(d, "essveil")
    port = d.app.online_server.port
    try:
        sc.cancel_host()
        d.step(2)
        sc.widgets["address"].set_text(f"127.0.0.1:{port}")
        sc.widgets["code"].set_text("AAAAA-BBBBB")
        sc.join()
        assert until(d, lambda: sc.job is None and sc.status[1] == "bad", 30), sc.status
        d.step(3)
        assert sc.widgets["code"].get_text() == "AAAAA-BBBBB"
        assert sc.widgets["address"].get_text() == f"127.0.0.1:{port}"
        s, scr = sc.s, d.app.screen
        top, bottom = sc.list_top - s(20), sc.list_top - s(2)

        def reds(x0, x1):
            bad = PAL["bad"][:3]
            return sum(1 for x in range(x0, x1, 2) for y in range(top, bottom, 2)
                       if all(abs(a - b) <= 40 for a, b in zip(scr.get_at((x, y))[:3], bad)))
        assert reds(sc.join_box.centerx, sc.join_box.right) > 0
        assert reds(sc.host_box.left, sc.host_box.centerx) == 0
    finally:
        d.app.online_server.stop()


def test_a_long_loss_of_the_server_says_how_long_and_that_the_match_waits(driver, hosting):
    """While the server is out of reach the banner says "reconnecting"; after a while it
    says for how long, over the board and not across it, and the log says once that the
    match goes on when the server is back (a friend's Cardhall, which hosts it, may just be
    closed)."""
    from client.ui.theme import font
    d = driver
    sc, guest = _host_and_join(d, "evons")
    try:
        assert until(d, lambda: d.scene.name == "table")
        t = d.scene
        assert t.layer.lost_text() == "Connection lost — reconnecting…"
        t.session.link.connected = False        # as the link marks it when the server goes
        d.step(2)
        assert t.layer.lost_text() == "Connection lost — reconnecting…"
        t.layer._lost_at = t.t - 42
        text = t.layer.lost_text()
        assert text.startswith("No answer from the server for 0:42") and "still trying" in text, text
        assert font(t.s(17), True).size(text)[0] <= t.board_rect.width * 0.62
        d.step(2)
        told = [e.text for e in t.log.entries if "Nothing is lost" in e.text]
        assert len(told) == 1, [e.text for e in t.log.entries]
        d.step(5)
        assert len([e for e in t.log.entries if "Nothing is lost" in e.text]) == 1     # told once
        t.session.link.connected = True
        d.step(2)
        assert t.layer._lost_at is None
    finally:
        guest.close()
        d.app.online_server.stop()


def test_a_match_called_off_before_it_began_leaves_the_list(driver, hosting):
    """"Call it off" takes the match out of your matches (it showed "waiting for the
    other player to join" still, then "over: draw — called off"); one called off
    elsewhere (an older entry) goes when the server says so."""
    from client.scenes.online_prefs import load_prefs
    d = driver
    sc = _host_from_menu(d, "essveil")
    try:
        first = sc.session.match_id
        sc.cancel_host()
        d.step(2)
        assert first not in [e["match"] for e in load_prefs()["matches"]]
        assert first not in [e["match"] for _, e, _ in sc.rows]
        d.click("host")                 # a second one, called off behind the list's back
        assert until(d, lambda: getattr(d.scene, "session", None) is not None)
        second = sc.session.match_id
        # the list asked when hosting began has answered (else on a loaded machine its
        # answer could come after the concession below and already drop the match)
        assert until(d, lambda: all(j.done for j in sc._list_jobs.values()), 20)
        d.step(2)
        sc.session.concede()
        until(d, lambda: sc.session.final is not None, 10)
        sc.session.close()
        sc.session = None
        sc.rebuild()
        assert second in [e["match"] for e in load_prefs()["matches"]]
        sc.refresh_list()
        assert until(d, lambda: second not in [e["match"] for e in load_prefs()["matches"]], 20)
        d.step(2)
        assert second not in [e["match"] for _, e, _ in sc.rows]
    finally:
        d.app.online_server.stop()


def test_a_friend_who_calls_themselves_you_is_shown_in_quotes(driver, hosting):
    """A friend named "You" online: on this screen they are “You” (in quotes), so that the
    log, the seat chips and the result never read as if this player did what they did."""
    d = driver
    sc, guest = _host_and_join(d, "essveil", 4, "You")
    try:
        assert until(d, lambda: d.scene.name == "table")
        t = d.scene
        assert t.names == ["You", "\u201cYou\u201d"]
        guest.concede()
        assert until(d, lambda: t.result() is not None, 30)
        d.step(3)
        assert t.layer.reason_words(t.result()) == "\u201cYou\u201d conceded" and t.result().winner == 0
    finally:
        guest.close()
        d.app.online_server.stop()


def test_a_daily_match_shows_a_day_a_move_and_misses_as_live_shows_timeouts(driver, hosting):
    """Daily pace: the top bar counts down 24 hours and counts missed moves the way the live
    clock counts timeouts ("missed 0/2": the second loses, as "timeouts 3/3" does)."""
    d = driver
    d.open("game_menu", game="evons")
    d.click("online")
    sc = d.scene
    sc.pace = "daily"
    d.click("host")
    assert until(d, lambda: getattr(d.scene, "session", None) is not None)
    guest = join_match("127.0.0.1", d.app.online_server.port, sc.session.code, starter_pair("evons", 4)[1], "Bo")
    try:
        assert until(d, lambda: d.scene.name == "table")
        t = d.scene
        assert until(d, lambda: t.driver.clock_text() is not None, 10)
        text, urgent = t.driver.clock_text()
        assert text.endswith("to move · missed 0/2") and ": 2" in text and not urgent, text
    finally:
        guest.close()
        d.app.online_server.stop()


@pytest.mark.parametrize("game", GAMES)
def test_opening_the_match_again_in_a_new_table_tells_the_story_so_far(driver, hosting, game):
    """Quit to the menu mid-match, open it again from Your matches: the log tells the last
    actions as the live log told them, then "Game resumed" — not a bare "Game resumed at
    turn N" with everything before it gone."""
    d = driver
    sc = _host_from_menu(d, game)
    port = d.app.online_server.port
    guest = join_match("127.0.0.1", port, sc.session.code, starter_pair(game, 1)[1], "Bo")
    try:
        assert until(d, lambda: d.scene.name == "table")
        rng = random.Random(4)
        t = d.scene
        def told_lines():
            return sum(1 for e in t.log.entries if e.kind != "info")
        for _ in range(3000):
            d.step()
            # enough of a story: actions whose lines add up (some actions, a kept hand, a
            # pass, tell nothing: a count of actions alone left 5 lines on some paths)
            if len(t.session) >= 12 and told_lines() >= 16 and not t.busy() and not t.anims.busy:
                break
            if t.human_to_move() and not t.busy():
                legal = t.match.legal_actions()
                t.perform(legal[rng.randrange(len(legal))])
            drive([guest], rng)
        # the guest's last move may still be on its way: the live log is read once both
        # programs have shown every action the server has judged
        def settled():
            guest.poll()
            while guest.pending:             # the guest shows what it received, moves no more
                guest.apply(guest.pending[0]["action"])
            return (not guest.waiting and t.session.received == guest.received
                    and not t.session.pending and not t.busy() and not t.anims.busy)
        assert until(d, settled)
        d.step(5)
        # (a new turn's heading the live log has told after the last action is not part of
        # the story the server retells: the comparison ends at the last action's lines)
        live_entries = [e for e in t.log.entries if e.kind != "info"]
        while live_entries and live_entries[-1].kind == "turn":
            live_entries.pop()
        live = [e.text for e in live_entries]
        d.app.scenes.switch("game_menu", game=game)
        assert until(d, lambda: (guest.poll() or True) and not guest.opponent.get("connected", True))
        d.click("online")
        on = d.scene
        assert until(d, lambda: on.summaries)
        info = next(iter(on.summaries.values()))
        d.click(f"open_{info['match']}")
        assert until(d, lambda: d.scene.name == "table")
        t2 = d.scene
        texts = [e.text for e in t2.log.entries]
        assert texts[0] == f"You and Bo sit down to {game.capitalize()}."
        end = next(i for i, x in enumerate(texts) if x.startswith("Game resumed at turn"))
        told_entries = [e for e in t2.log.entries[1:end]]
        while told_entries and told_entries[-1].kind == "turn":
            told_entries.pop()
        told = [e.text for e in told_entries]
        assert len(told) >= 12 and len(live) >= len(told)
        for a, b in zip(told, live[-len(told):]):
            # as told live, but for one thing: a creature that has left play since is named
            # by its card alone ("Shield-Bearer takes 2 damage"), its owner no longer known
            # to the reopened table ("Your Shield-Bearer takes 2 damage" live)
            assert a == b or (b.split(" ", 1)[0] in ("Your", "Bo's") and a == b.split(" ", 1)[1]), (a, b)
        assert any(e.kind == "turn" for e in t2.log.entries[1:end])
    finally:
        guest.close()
        d.app.online_server.stop()


def test_the_clock_holds_while_the_server_is_out_of_reach(driver, hosting):
    """During an outage the clock counted down, then jumped back when the server answered
    again (it does not charge the time it could not be reached): now it holds where the
    server last left it, says so, and runs again from the server's word."""
    d = driver
    sc, guest = _host_and_join(d, "evons")
    try:
        assert until(d, lambda: d.scene.name == "table")
        t = d.scene
        assert until(d, lambda: t.driver.clock_text() is not None, 10)
        s = t.session
        s.link.connected = False                # as the link marks it when the server goes
        d.step(1)
        held = t.driver.clock_text()
        assert "reconnecting" in held[0] and not held[1], held
        left = s.clock_now()["left"][s.clock["mover"]]
        time.sleep(1.2)
        d.step(2)
        assert t.driver.clock_text() == held and s.clock_now()["left"][s.clock["mover"]] == left
        s.link.connected = True
        d.step(1)
        assert t.driver.clock_text() == held           # still the last word until the server speaks
        s.link.send({"t": "resume", "match": s.match_id, "token": s.token, "have": s.received})
        assert until(d, lambda: "reconnecting" not in (t.driver.clock_text() or ("reconnecting",))[0], 10)
        assert t.driver.clock_text()[0].startswith("You: ") or "+ bank" in t.driver.clock_text()[0]
    finally:
        guest.close()
        d.app.online_server.stop()


def test_waiting_for_your_friend_stays_clear_of_the_tooltip(driver, hosting):
    """Hovering "Call it off" showed its tooltip over "Waiting for your friend to join…"."""
    d = driver
    sc = _host_from_menu(d, "essveil")
    try:
        d.step(3)
        assert sc.waiting_rect is not None
        btn = d.widget("cancel_host")
        d.move(btn.rect.center)
        d.step(90)
        assert btn.tool_tip is not None
        assert not btn.tool_tip.rect.colliderect(sc.waiting_rect), (btn.tool_tip.rect, sc.waiting_rect)
        assert sc.host_box.contains(sc.waiting_rect)
    finally:
        d.app.online_server.stop()


def test_the_pace_chosen_on_play_online_is_remembered(driver):
    d = driver
    d.open("game_menu", game="evons")
    d.click("online")
    assert d.scene.pace == "live"
    d.scene.set_pace("daily")
    d.open("game_menu", game="evons")
    d.click("online")
    assert d.scene.name == "online" and d.scene.pace == "daily"
    from client.scenes.online_prefs import load_prefs
    assert load_prefs()["pace"] == "daily"


def test_rematch_after_a_lobby_match_goes_back_to_that_servers_lobby(driver, hosting, monkeypatch):
    d = driver
    sc, guest = _host_and_join(d, "evons")
    try:
        assert until(d, lambda: d.scene.name == "table")
        t = d.scene
        went = []
        monkeypatch.setattr(type(t), "go", lambda self, name, **kw: went.append((name, kw)))
        t.ending.rematch()
        assert went[-1] == ("online", {"game": "evons"})        # a friend's match: Play online
        from client.scenes.online_prefs import update_prefs

        def as_lobby(p):
            for e in p["matches"]:
                if e["match"] == t.session.match_id:
                    e["lobby"] = True
                    e["server"] = "cards.example.org:7531"
        update_prefs(as_lobby)
        t.ending.rematch()
        assert went[-1] == ("lobby", {"game": "evons", "server": "cards.example.org:7531"})
    finally:
        guest.close()
        d.app.online_server.stop()


def test_server_refusals_are_told_in_a_players_words(driver, hosting):
    """quota, unknown_match, elsewhere, damaged, busy: the table and the screens say what it
    means for the player, not the server's wording."""
    from engine.net import protocol as P
    from engine.net.client import ERROR_WORDS, NetError, resume_match
    from engine.net.limits import Limits
    from engine.net.server import ServerThread
    d = driver
    sc, guest = _host_and_join(d, "evons")
    try:
        assert until(d, lambda: d.scene.name == "table")
        t = d.scene
        toasts = []
        real = d.app.toast
        d.app.toast = lambda text, kind="info", secs=3: (toasts.append(text), real(text, kind, secs))
        for code in (P.E_QUOTA, P.E_UNKNOWN_MATCH, P.E_ELSEWHERE, P.E_DAMAGED, P.E_BUSY):
            t.session.link.inbox.put({"v": 1, "t": "error", "code": code, "message": f"{code} internals",
                                      "match": t.session.match_id})
        d.step(3)
        for code in (P.E_QUOTA, P.E_UNKNOWN_MATCH, P.E_ELSEWHERE, P.E_DAMAGED, P.E_BUSY):
            assert ERROR_WORDS[code] in toasts, (code, toasts)
        assert not any("internals" in x for x in toasts)
        # a match the server does not know, opened from the app
        with pytest.raises(NetError) as e:
            resume_match("127.0.0.1", d.app.online_server.port, "0123456789abcdef", "x" * 32, "Ann")
        assert str(e.value) == ERROR_WORDS[P.E_UNKNOWN_MATCH]
    finally:
        guest.close()
        d.app.online_server.stop()
    full = ServerThread(":memory:", limits=Limits(conns_per_peer=0)).start()
    try:
        with pytest.raises(NetError) as e:
            resume_match("127.0.0.1", full.port, "0123456789abcdef", "x" * 32, "Ann", timeout=15)
        assert str(e.value) == ERROR_WORDS[P.E_BUSY]
    finally:
        full.stop()


def test_the_clock_names_the_next_player_once_the_last_turn_is_shown(driver, hosting):
    """The server's clock turns to the next player the moment the last decision lands;
    while the table still shows that turn playing out, the clock stays with its player."""
    d = driver
    sc, guest = _host_and_join(d, "evons")
    try:
        assert until(d, lambda: d.scene.name == "table")
        t = d.scene
        assert until(d, lambda: t.driver.clock_text() is not None, 10)
        s = t.session
        now = dict(s.clock_now())
        p = now["mover"]
        before = t.driver.clock_text()
        assert before[0].startswith("You: " if p == s.seat else f"{t.names[p]}: ")
        turned = dict(now, mover=1 - p)
        s.clock_now = lambda: turned
        t.anims.items.append(object())          # the last turn still playing out on the table
        try:
            assert t.driver.clock_text() == before
        finally:
            t.anims.items.clear()
        after = t.driver.clock_text()
        assert after[0].startswith("You: " if 1 - p == s.seat else f"{t.names[1 - p]}: "), after
    finally:
        guest.close()
