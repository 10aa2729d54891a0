"""Resume at the client level: a headless Cardhall playing a game against the AI
is killed (SIGKILL) in mid-game; the next start offers "Resume" on the title and
in the game's menu, and restores the identical position with the same AI level
and seed — for every game. A finished game clears the autosave and lands in the
replay library."""
from support.paths import ROOT
import json
import os
import subprocess
import sys
import textwrap

import pytest


from engine.games import available_games

GAMES = [g for g in ("everdawn", "evons", "essveil") if g in available_games()]
pytestmark = pytest.mark.skipif(not GAMES, reason="no game engine installed yet")
# The child: a real client (dummy video) starts a game vs the AI from the setup
# code path, the human plays seeded moves, the AI answers in the background, and
# after every applied action the child prints the action count and state digest.
CHILD = textwrap.dedent("""
    import json, sys, time
    from client.devtools.testing import Driver
    from client.scenes.setup import start_match
    from engine.core.harness import starter_pair
    from engine.core.record import state_digest
    game, mode, stop = sys.argv[1], sys.argv[2], int(sys.argv[3])
    d = Driver(sys.argv[4])
    start_match(d.app, game, starter_pair(game, 7), mode=mode, ai_level="easy", seed=1234)
    d.step(2)
    t = d.app.scenes.find("table")
    s = t.session
    seen, k = 0, 0
    while True:
        if len(s) != seen:
            seen = len(s)
            print(json.dumps({"n": seen, "digest": state_digest(s.match), "meta": s.meta}), flush=True)
        if seen >= stop or s.match.result() is not None:
            print("WAITING", flush=True)
            while True:            # the parent kills us here, mid-game (the AI thread may be thinking)
                time.sleep(0.05)
        if d.scene is not t and d.scene.name == "handoff":
            d.key("return")
        if t.human_to_move() and not t.busy():
            legal = s.match.legal_actions()
            t.perform(legal[(k * 7) % len(legal)])
            k += 1
        d.step(1)
""")


def run_and_kill(tmp_path, game, mode, stop, *, at_once=False):
    """Run the child until it reports ``stop`` actions, then SIGKILL it: while it
    idles (default) or at once, whatever it is doing (``at_once``: it may be in
    the middle of saving the next action)."""
    env = dict(os.environ, CARDHALL_HOME=str(tmp_path),
               PYTHONPATH=str(ROOT))
    p = subprocess.Popen([sys.executable, "-c", CHILD, game, mode, str(stop), str(tmp_path)], cwd=ROOT, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    reports = []
    try:
        for line in p.stdout:
            if line.startswith("WAITING"):
                break
            reports.append(json.loads(line))
            if at_once and reports[-1]["n"] >= stop:
                break
    finally:
        p.kill()  # SIGKILL on POSIX: no clean-up runs
        p.wait(30)
    for line in p.stdout.read().splitlines():  # whatever it printed before dying
        if line.startswith("{"):
            reports.append(json.loads(line))
    if not reports:
        pytest.fail("the child reported nothing: " + p.stderr.read()[-2000:])
    return reports


@pytest.fixture
def driver(driver):
    driver.app.settings.ai_difficulty = "hard"  # must NOT be used: the save's level wins
    return driver


@pytest.mark.parametrize("game", GAMES)
def test_a_killed_game_resumes_from_the_title_to_the_identical_state(tmp_path, driver, game):
    from engine.core.record import state_digest
    reports = run_and_kill(tmp_path, game, "ai", 14)
    last = reports[-1]
    driver.open("title")
    assert driver.until(lambda: "resume" in driver.scene.widgets, 30)
    driver.click("resume")
    t = driver.scene
    assert t.name == "table" and t.game == game and t.mode == "ai"
    s = t.session
    # the resumed game is the saved one; the AI (to move after resuming) may already
    # have answered by the time we look, so compare the position at the saved length
    assert len(s) >= last["n"] and state_digest(s.state_at(last["n"])) == last["digest"]
    assert all(s.actor(i) != t.human_seats[0] for i in range(last["n"], len(s)))
    # the AI plays on as it would have: same level and seed as in the save
    # meta["ai"] is in the engine's {"seat", "level", "seed"} form (ResumeInfo.title() reads it)
    saved_ai = last["meta"]["ai"]
    ai_seat = 1 - t.human_seats[0]
    assert saved_ai["seat"] == ai_seat and saved_ai["level"] == "easy"
    assert t.ai_level == "easy" and s.meta["ai"]["seed"] == saved_ai["seed"]
    from engine.ai import make_agent
    assert t.driver.agent_for(ai_seat).seed == make_agent("easy", saved_ai["seed"] + ai_seat).seed
    if s.state_at(last["n"]).to_move() == ai_seat:  # the AI's very next decision is the uninterrupted one
        want = make_agent("easy", saved_ai["seed"] + ai_seat).choose(s.state_at(last["n"]))
        assert driver.until_ai(lambda: len(s) > last["n"], 3000)
        assert tuple(s.actions[last["n"]]) == tuple(want)


def test_a_killed_hotseat_game_resumes_from_the_game_menu_behind_the_pass_screen(tmp_path, driver):
    from engine.core.record import state_digest
    game = GAMES[-1]
    reports = run_and_kill(tmp_path, game, "hotseat", 9, at_once=True)
    driver.open("game_menu", game=game)
    assert "resume" in driver.scene.widgets
    driver.click("resume")
    driver.step(3)
    t = driver.app.scenes.find("table")
    s = t.session
    # killed at any moment: the resumed game is one the child reached (at most the action in flight lost)
    assert t.mode == "hotseat" and len(s) >= 9
    by_n = {r["n"]: r["digest"] for r in reports}
    top = max(by_n)
    if len(s) in by_n:
        assert state_digest(s.match) == by_n[len(s)]
    else:  # saved, but killed before it could report it
        assert len(s) == top + 1 and state_digest(s.state_at(top)) == by_n[top]
    if s.match.to_move() != t.viewer:  # hands stay hidden until the right player is at the screen
        assert driver.scene.name == "handoff"


def test_a_finished_game_clears_the_autosave_and_is_added_to_the_replays(tmp_path, driver):
    from client.scenes.setup import start_match
    from client.storage import replays_dir, saves_dir
    from engine.core.harness import starter_pair
    from engine.core.replays import check_record, load_replay
    game = GAMES[0]
    start_match(driver.app, game, starter_pair(game, 2), mode="ai", ai_level="easy", seed=77)
    driver.step(2)
    t = driver.scene
    assert list(saves_dir().glob("*.autosave"))
    assert driver.until_ai(lambda: t.human_to_move(), 3000)
    driver.key("escape")                            # pause -> concede -> yes
    driver.click("concede")
    driver.click("yes")
    assert driver.until(lambda: driver.scene.name == "game_over", 30)
    assert not list(saves_dir().glob("*.autosave"))
    [rp] = list(replays_dir().glob("*.json"))
    rec = load_replay(rp)
    assert rec.result["winner"] == 1 - t.human_seats[0]
    assert check_record(rec).ok                     # the concession is an engine action: it replays
    assert tuple(rec.actions[-1]) == t.ending.concede_action()
    driver.open("title")
    assert driver.until(lambda: not driver.scene.pending, 10)
    assert "resume" not in driver.scene.widgets     # nothing left to resume


def test_a_damaged_save_is_set_aside_with_a_message_and_the_title_carries_on(tmp_path, driver):
    from client.storage import saves_dir
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    bad = {
        "truncated.autosave": b'{"format": "cardhall-autosave", "version": 1, "rec',
        "mistyped.autosave": json.dumps({"format": "cardhall-autosave", "version": "one"}).encode(),
        "wronggame.autosave": json.dumps({"format": "cardhall-autosave", "version": 1, "record": {
            "format": "cardhall-match", "version": 1, "game": "chess", "seed": 1, "decks": [],
            "actions": []}}).encode(),
        "huge.autosave": b"[" * (9 << 20),
    }
    # a real save, then damaged in ways only the game knows: an unknown card, a refused move
    from engine.core.autosave import AUTOSAVE_FORMAT
    from engine.core.harness import starter_pair
    from engine.core.session import MatchSession
    game = GAMES[0]
    s = MatchSession.new(game, starter_pair(game, 1), 5, None, {"mode": "hotseat"}, autosave_folder=tmp_path)
    for _ in range(3):
        s.apply(s.match.legal_actions()[0])
    head = json.loads(s.autosave.path.read_text().splitlines()[0])
    assert head["format"] == AUTOSAVE_FORMAT
    rec = head["record"]
    rec["actions"] = [list(a) for a in s.actions]
    unknown = json.loads(json.dumps(head))
    cards = unknown["record"]["decks"][1]["cards"]
    cards["not_a_card_of_this_game"] = cards.pop(next(iter(cards)))
    refused = json.loads(json.dumps(head))
    refused["record"]["actions"].append([97, 97])
    bad["unknowncard.autosave"] = json.dumps(unknown).encode()
    bad["refused.autosave"] = json.dumps(refused).encode() + b"\n"
    for name, data in bad.items():
        (folder / name).write_bytes(data)
    (folder / "good.autosave").write_text(json.dumps(head) + "\n")  # the undamaged one still resumes
    driver.open("title")
    assert driver.until(lambda: not driver.scene.pending, 10)
    assert "resume" in driver.scene.widgets and driver.scene.resume_info.path.name == "good.autosave"
    texts = " ".join(t.text for t in driver.app.toasts)
    assert "6 saved games could not be used and were set aside unchanged" in texts
    for name, data in bad.items():                  # renamed, byte for byte the same
        assert not (folder / name).exists()
        [moved] = list(folder.glob(name + ".damaged-*"))
        assert moved.read_bytes() == data


def test_a_save_that_fails_is_shown_and_the_game_goes_on(tmp_path, driver):
    from client.scenes.setup import start_match
    from engine.core.harness import starter_pair
    game = GAMES[0]
    start_match(driver.app, game, starter_pair(game, 1), mode="ai", ai_level="easy", seed=3)
    driver.step(2)
    t = driver.scene
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    t.session.autosave.path = blocker / "game.autosave"  # every write now fails
    assert driver.until_ai(lambda: t.human_to_move(), 3000)
    n = len(t.session)
    assert t.perform(t.match.legal_actions()[0])
    driver.step(2)
    assert len(t.session) == n + 1                  # the move stands
    assert any("could not be saved" in x.text for x in driver.app.toasts)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_resume_button_says_its_whole_line(tmp_path, size):
    """The title's Resume button names the game, how it is played and the turn, whole
    (it once ended "(tu…" at the larger interface sizes)."""
    from client.devtools.testing import Driver
    from client.storage import saves_dir
    from engine.core.harness import starter_pair
    from engine.core.session import MatchSession
    import pathlib
    home = tmp_path / "home"
    home.mkdir()
    pathlib.Path(home, "settings.json").write_text(json.dumps({"ui_scale": 2.0, "sound": False}))
    d = Driver(home, size=size)
    try:
        game = GAMES[0]
        folder = saves_dir()
        s = MatchSession.new(game, starter_pair(game, 1), 5, None, {"mode": "hotseat"}, autosave_folder=folder)
        for _ in range(40):
            s.apply(s.match.legal_actions()[0])
        d.open("title")
        assert d.until(lambda: "resume" in d.scene.widgets, 30)
        text = d.scene.widgets["resume"].text
        assert text == f"Resume {game.capitalize()} in hot seat, turn {s.match.turn()}"
        assert "…" not in text
    finally:
        d.close()
