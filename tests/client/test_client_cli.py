"""Command-line modes of the client: --bench prints one JSON line, --demo plays
AI against AI on the real table and saves frames, every scene screenshots."""
from support.paths import ROOT
import json
import os
import subprocess
import sys

import pytest

from engine.games import available_games

def _env(tmp_path):
    return dict(os.environ, CARDHALL_HOME=str(tmp_path))


def test_bench_measures_startup_and_frames(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDHALL_HOME", str(tmp_path))
    from client.devtools import bench
    assert bench.measure_startup(runs=1) > 0
    out = bench.measure_frames(n=20)
    json.dumps(out)
    if available_games():
        assert out["frame_ms_p99"] > 0 and out["busiest_scene"]


@pytest.mark.skipif("essveil" not in available_games(), reason="Essveil engine not installed")
def test_demo_plays_a_whole_game_and_saves_frames(tmp_path):
    frames = tmp_path / "frames"
    out = subprocess.run([sys.executable, "-m", "client", "--demo", "essveil", "--seed", "3", "--frames",
                          str(frames), "--every", "40"], cwd=ROOT, env=_env(tmp_path), capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    line = json.loads(out.stdout.strip().splitlines()[-1])
    assert line["result"] is not None
    assert (frames / "essveil-3-final.png").exists() and line["frames"] >= 2


def test_every_scene_renders_a_screenshot(tmp_path):
    from client.devtools.headless import open_scene
    from client.scenes import SCENES
    from client.devtools.testing import Driver
    d = Driver(tmp_path)
    game = (available_games() or ["everdawn"])[0]
    try:
        for name in SCENES:
            sc = open_scene(d.app, name, game, 2)
            d.step(3)
            assert d.app.scenes.top is sc
            d.screenshot(tmp_path / f"{name}.png")
    finally:
        d.close()
    assert len(list(tmp_path.glob("*.png"))) == len(SCENES)
