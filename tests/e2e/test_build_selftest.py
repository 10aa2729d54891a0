"""``Cardhall --selftest`` run in-process from the source tree (the frozen build runs it in .ci/run)."""
import io
import os
import subprocess
import sys

import pytest

from client.devtools import selftest


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A CARDHALL_HOME that the selftest must leave alone (it uses its own temporary one)."""
    monkeypatch.setenv("CARDHALL_HOME", str(tmp_path / "player"))
    return tmp_path / "player"


def test_selftest_passes_and_covers_every_scene_and_game(home):
    out = io.StringIO()
    code = selftest.run_selftest(out=out)
    text = out.getvalue()
    assert code == 0, text
    assert "selftest passed" in text and "FAIL" not in text
    from engine.games import available_games
    from client.scenes import SCENES
    for game in available_games():
        assert f"ok    {game}: engine moves" in text
    for name in SCENES:
        assert f"scene {name}" in text
    # the player's folder is untouched and the environment is restored
    assert not home.exists()
    assert os.environ["CARDHALL_HOME"] == str(home)


def test_selftest_prints_what_failed_and_exits_1(home, monkeypatch, tmp_path):
    import engine.core.paths
    monkeypatch.setattr(engine.core.paths, "assets_dir", lambda: tmp_path / "nowhere")
    monkeypatch.setattr(selftest, "scene_list", lambda games: [])
    out = io.StringIO()
    assert selftest.run_selftest(out=out) == 1
    text = out.getvalue()
    assert "FAIL  resources: AssertionError: no fonts in" in text
    assert "selftest FAILED" in text and "resources" in text.splitlines()[-1]


def test_selftest_report_can_go_to_a_file(home, monkeypatch, tmp_path):
    log = tmp_path / "report.txt"
    monkeypatch.setenv("CARDHALL_SELFTEST_LOG", str(log))
    monkeypatch.setattr(selftest, "scene_list", lambda games: [("title", None)])
    out = io.StringIO()
    selftest.run_selftest(out=out)
    assert log.read_text(encoding="utf-8") == out.getvalue()


def test_first_frame_flag_draws_the_title_and_exits(tmp_path):
    env = dict(os.environ, CARDHALL_HOME=str(tmp_path))
    p = subprocess.run([sys.executable, "-m", "client", "--first-frame"], env=env,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("first-frame ")


def test_a_missing_resource_warning_counts_as_a_failure():
    import warnings
    out = io.StringIO()
    rep = selftest._Report(out)
    rep.check("fonts", lambda: warnings.warn("Unable to load resource with path: x.ttf") or "")
    rep.check("fine", lambda: "all there")
    assert rep.failed == ["fonts"]
    assert "FAIL  fonts: AssertionError: Unable to load resource with path: x.ttf" in out.getvalue()
    assert "ok    fine: all there" in out.getvalue()
