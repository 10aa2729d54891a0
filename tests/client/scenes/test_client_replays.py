"""The Replays screen and the read-only replay mode of every table: the list
(game, decks, result, date), play/pause, step, jump to turn, speed, timeline,
one seat's view (hidden cards stay hidden) or reveal all; damaged replay files
are set aside with a message; a concession is an engine action in the replay.

Replays of Everdawn and Essveil at larger interface sizes (issue #18.3): the
replay folds its log into the Log drawer like the live table, so its cards are as
large as the live table's at every step (they used to get smaller: 110 -> 101 px at
1280x720 200 %), and every replay control sits whole in the side column."""
import json
import pytest
from engine.games import available_games
from support.helpers import game_session, show_table


GAMES = [g for g in ("everdawn", "evons", "essveil") if g in available_games()]
pytestmark = pytest.mark.skipif(not GAMES, reason="no game engine installed yet")


@pytest.fixture
def library(driver):
    from client.replays import make_demo_replays
    from client.storage import replays_dir
    return make_demo_replays(replays_dir(), 2 * len(GAMES), seed=3)


def js(m):
    return json.dumps(m.to_json(), sort_keys=True)


def open_replay(driver, game, how="watch0"):
    driver.open("replays")
    sc = driver.scene
    i = next(i for i, info in enumerate(sc.items) if info.game == game)
    sc.select(i)
    driver.step(1)
    driver.click(how)
    t = driver.scene
    assert t.name == "table" and t.mode == "replay" and t.game == game
    return t


def test_the_list_shows_game_decks_result_and_date(driver, library):
    driver.open("replays")
    sc = driver.scene
    assert len(sc.items) == len(library)
    from client.replays import _outcome, _when
    for info in sc.items:
        assert info.game in GAMES and len(info.deck_names) == 2
        assert info.result is not None and _outcome(info)[0] and _when(info)
        # one style of line for every game: "Player 1 won — Player 2 conceded", no full stop
        # (Everdawn's engine gives whole sentences)
        assert " — " in _outcome(info)[0] and not _outcome(info)[0].endswith("."), _outcome(info)[0]
    driver.click("filter_" + GAMES[0])              # one game only
    assert {i.game for i in driver.scene.items} == {GAMES[0]}
    driver.key("escape")
    assert driver.scene.name == "title"


@pytest.mark.parametrize("game", GAMES)
def test_replay_controls_on_the_games_own_table(driver, library, game):
    t = open_replay(driver, game)
    c = t.replay
    full = c.full
    assert c.index == 0 and not t.legal and t.driver.job is None
    driver.key("right")                             # step forward
    driver.key("right")
    assert c.index == 2 and js(t.match) == js(full.state_at(2))
    driver.key("left")                              # step back
    assert c.index == 1 and js(t.match) == js(full.state_at(1))
    driver.click("rp_step")
    driver.click("rp_back")
    assert c.index == 1
    t.replay.turn_entry.set_text("3")               # jump to turn 3
    driver.click("rp_go")
    assert c.index == full.action_index_of_turn(3) and t.match.turn() >= 3
    driver.key("home")
    driver.click("rp_turn")                         # type a turn number, Enter
    driver.type_text("3")
    driver.key("return")
    assert c.index == full.action_index_of_turn(3)
    driver.key("pagedown")                          # next turn / previous turn
    assert t.match.turn() == full.turn_at(c.index) and c.index == full.action_index_of_turn(4)
    driver.key("pageup")
    assert c.index == full.action_index_of_turn(3)
    driver.key("end")
    assert c.index == c.length and t.match.result() is not None
    assert js(t.match) == js(full.match)
    driver.key("home")
    assert c.index == 0
    speed = c.speed
    driver.click("rp_faster")
    assert c.speed > speed
    driver.key("-")
    driver.key("-")
    assert c.speed < speed
    c.set_speed(8)
    driver.key("space")                             # play: moves go by on their own
    assert c.playing and t.widgets["rp_play"].text == "Pause"
    driver.step(120)
    assert c.index > 3
    driver.click("rp_play")                         # pause
    at = c.index
    driver.step(60)
    assert not c.playing and c.index == at
    r = c.timeline_rect                             # click the timeline at three quarters
    driver.click((r.left + r.width * 3 // 4, r.centery))
    assert abs(c.index - round(0.75 * c.length)) <= 1 and js(t.match) == js(full.state_at(c.index))
    assert driver.app.scenes.find("game_over") is None  # watching never ends in a game-over screen
    driver.key("escape")
    assert driver.scene.name == "replays" and driver.scene.items[driver.scene.selected].path == c.path
    assert not list(driver.home.glob("data/saves/*.autosave"))  # watching saves nothing
    driver.key("escape")                            # opened from the title: back to the title
    assert driver.scene.name == "title"


@pytest.mark.parametrize("game", GAMES)
def test_hidden_cards_stay_hidden_unless_reveal_all(driver, library, game):
    t = open_replay(driver, game, "watch1")
    t.replay.seek(t.replay.length // 2)
    driver.step(2)
    m = t.match
    assert t.viewer == 1 and not t.reveal_all
    assert js(t.view) == js(m.view(1)) and js(t.shown) == js(m.view(1))
    assert js(m.view(1)) != js(m)                   # something really is hidden from seat 1
    driver.key("v")                                 # reveal all
    assert t.reveal_all and js(t.shown) == js(m)
    driver.key("1")                                 # seat 1's view
    assert not t.reveal_all and t.viewer == 0 and js(t.shown) == js(m.view(0))


def test_damaged_replay_files_are_set_aside_with_a_message(driver, library):
    from client.storage import replays_dir
    from engine.core.replays import load_replay
    folder = replays_dir()
    good = json.loads(library[0].read_text())
    wrong_game = dict(good, game="chess")
    unknown_card = json.loads(json.dumps(good))
    cards = unknown_card["decks"][0]["cards"]
    cards["no_such_card_anywhere"] = cards.pop(next(iter(cards)))
    refused = json.loads(json.dumps(good))
    refused["actions"].insert(0, [99, 99, 99])
    bad = {
        "20000101-000000-000001-x.json": library[1].read_bytes()[:200],           # truncated
        "20000101-000000-000002-x.json": json.dumps(dict(good, seed="seven")).encode(),  # mistyped
        "20000101-000000-000003-x.json": json.dumps(wrong_game).encode(),
        "20000101-000000-000004-x.json": json.dumps(unknown_card).encode(),
        "20000101-000000-000005-x.json": b" " * (9 << 20),                         # oversized
    }
    for name, data in bad.items():
        (folder / name).write_bytes(data)
    driver.open("replays")
    sc = driver.scene
    assert len(sc.items) == len(library)            # the good ones still listed
    assert any("5 replay files could not be used and were set aside unchanged" in t.text
               for t in driver.app.toasts)
    for name, data in bad.items():
        assert not (folder / name).exists()
        [moved] = list(folder.glob(name + ".damaged-*"))
        assert moved.read_bytes() == data
    # readable, but it does not replay: found when opened; set aside, the list carries on
    p = folder / "20000101-000000-000006-x.json"
    p.write_text(json.dumps(refused))
    load_replay(p)
    driver.open("replays")
    sc = driver.scene
    i = next(i for i, info in enumerate(sc.items) if info.path == p)
    sc.select(i)
    assert sc.watch(0) is None and driver.scene is sc
    assert not p.exists() and list(folder.glob(p.name + ".damaged-*"))
    assert len(sc.items) == len(library)
    assert any("cannot be shown" in t.text for t in driver.app.toasts)


def test_conceding_while_the_ai_thinks_ends_at_my_next_decision_and_is_recorded(driver):
    from client.scenes.setup import start_match
    from client.storage import replays_dir
    from engine.core.harness import starter_pair
    from engine.core.replays import check_record, load_replay
    game = GAMES[0]
    start_match(driver.app, game, starter_pair(game, 1), mode="ai", ai_level="easy", seed=31)
    driver.step(2)
    t = driver.scene
    human = t.human_seats[0]
    for k in range(50):
        assert driver.until_ai(lambda: t.human_to_move(), 3000)
        legal = t.match.legal_actions()
        t.perform(legal[k % len(legal)])
        driver.step(1)
        if t.driver.job is not None:
            break
    t.ending.concede()                                     # the AI is to move: no CONCEDE from me yet
    assert t.match.result() is None and t.ending.pending is not None
    assert driver.until_ai(lambda: t.match.result() is not None, 3000)
    assert t.match.result().winner == 1 - human
    rec = load_replay(next(replays_dir().glob("*.json")))
    assert tuple(rec.actions[-1]) == t.ending.concede_action() and check_record(rec).ok


@pytest.mark.parametrize("game", GAMES)
def test_concede_is_the_engines_action_on_every_table_and_replays(driver, game):
    from client.scenes.setup import start_match
    from client.storage import replays_dir, saves_dir
    from engine.core.harness import starter_pair
    from engine.core.replays import check_record, load_replay
    start_match(driver.app, game, starter_pair(game, 2), mode="hotseat", seed=12)
    driver.step(3)
    t = driver.app.scenes.find("table")
    if driver.scene.name == "handoff":
        driver.key("return")
    act = t.ending.concede_action()
    assert act is not None and t.match.why_illegal(act) is None and act not in t.match.legal_actions()
    seat = t.viewer
    t.ending.concede()
    driver.step(2)
    assert t.match.result().winner == 1 - seat and driver.scene.name == "game_over"
    rec = load_replay(next(replays_dir().glob("*.json")))
    assert tuple(rec.actions[-1]) == act and check_record(rec).ok
    assert not list(saves_dir().glob("*.autosave"))


@pytest.mark.skipif("everdawn" not in GAMES, reason="Everdawn not installed")
def test_the_log_never_names_a_card_only_the_other_player_saw(driver, library):
    """Everdawn's "tutor" event names a card taken into a hand: in one seat's view
    (replay or play) the opponent's is "a card"; reveal all names it; in hot seat
    the shared log names neither."""
    t = open_replay(driver, "everdawn", "watch0")
    m = t.match
    code = next(c for c in range(1, 200) if "a card" not in m.event_text(("tutor", 1, c)))
    named = m.event_text(("tutor", 1, code))
    assert t.log_event_text(m, ("tutor", 1, code)) != named       # the opponent's: hidden
    assert t.log_event_text(m, ("tutor", 0, code)) == m.event_text(("tutor", 0, code))  # mine: shown
    driver.key("v")
    assert t.log_event_text(m, ("tutor", 1, code)) == named       # reveal all
    t.mode, t.reveal_all = "hotseat", False
    assert "a card" in t.log_event_text(m, ("tutor", 0, code))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_replay_controls_and_undo_buttons_fit_the_window(tmp_path, size):
    from client.replays import make_demo_replays
    from client.scenes.setup import start_match
    from client.storage import replays_dir
    from client.devtools.testing import Driver
    from engine.core.harness import starter_pair
    d = Driver(tmp_path, size=size)
    try:
        make_demo_replays(replays_dir(), 1, seed=2)
        d.open("replays")
        d.click("watch0")
        t = d.scene
        screen = d.pygame.Rect(0, 0, *size)

        def check(names):
            rects = [t.widgets[n].rect for n in names]
            for i, r in enumerate(rects):
                assert screen.contains(r), (names[i], r)
                for j in range(i):
                    assert not r.colliderect(rects[j]), (names[i], names[j])
        check([n for n in t.widgets if n.startswith("rp_")] + ["menu"])
        start_match(d.app, GAMES[0], starter_pair(GAMES[0], 1), mode="ai", ai_level="easy", seed=1)
        d.step(2)
        t = d.scene
        check(["undo", "redo", "menu"])
    finally:
        d.close()


def test_the_replays_heading_counts_in_words(tmp_path):
    """"Your last finished game" for one ("The last 1 finished game" read oddly), and no
    count at all before the first ("The last 0 finished games")."""
    import client.replays as R
    from client.devtools.testing import Driver
    d = Driver(tmp_path)
    try:
        said = []
        orig = R.draw_text

        def spy(surf, text, *a, **k):
            said.append(str(text))
            return orig(surf, text, *a, **k)
        R.draw_text = spy
        try:
            sc = d.open("replays")
            sc.all, sc.items = [], []
            sc.invalidate()
            d.step(2)
            assert "Every game you finish is kept here (up to 50)." in said
            said.clear()
            sc.all = [object()]
            sc.invalidate()
            d.step(2)
            assert any(t.startswith("Your last finished game (up to 50 are kept).") for t in said), said
        finally:
            R.draw_text = orig
    finally:
        d.close()



CONTROLS = ("rp_prev_turn", "rp_back", "rp_play", "rp_step", "rp_next_turn", "rp_slower", "rp_faster",
            "rp_turn", "rp_go", "rp_view0", "rp_view1", "rp_reveal")


def record(game, seed):
    from engine.core.harness import random_game, starter_pair
    from engine.core.record import MatchRecord
    decks = starter_pair(game, seed)
    m, actions = random_game(game, seed, decks, None)
    return MatchRecord(game, tuple(decks), seed, {}, list(actions), m.result().to_json(), {"turns": m.turn()})


def at_scale(d, u, size):
    d.resize(*size)
    d.app.settings.ui_scale = u
    d.app.apply_settings()
    d.step(2)


@pytest.mark.parametrize("game", ["everdawn", "essveil"])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)])
def test_replay_cards_are_as_large_as_the_live_tables_and_grow(driver, game, size):
    from client.devtools import layoutcheck
    from client.replays.controller import ReplayController
    seen = []
    for u in (1.0, 1.5, 2.0):
        at_scale(driver, u, size)
        live = show_table(driver, game, game_session(game, 3), _paused_ai=True).scale_probe()
        ctrl = ReplayController(record(game, 3))
        t = driver.app.scenes.switch("table", **ctrl.table_kwargs(viewer=0, reveal=False))
        driver.step(2)
        for _ in range(20):
            ctrl.step()
            driver.step(1)
        probe = t.scale_probe()
        assert probe == live, (u, probe, live)
        seen.append(probe["board card"])
        if u > 1:
            assert t.log.hidden and driver.widget("log_toggle").visible        # the log in its drawer
            assert t.side.ticker_rect.bottom <= t.actions_rect.top                   # newest lines above the controls
        for name in CONTROLS:
            assert t.actions_rect.contains(driver.widget(name).rect), name
        rec = layoutcheck.Recorder()
        layoutcheck.check_widgets(rec, t, driver.app.size, 8)
        assert not [p for p in rec.problems if "cut" in p or "outside" in p], rec.problems
        driver.click("rp_step")                                                 # the controls still work
        assert ctrl.index == 21
    assert seen[0] < seen[1] < seen[2], seen
