"""The demo command plays AI against AI on the real Everdawn table and saves frames."""
from support.paths import ROOT
import json
import os
import subprocess
import sys

def test_demo_command_plays_a_whole_game_and_saves_frames(tmp_path):
    env = dict(os.environ, CARDHALL_HOME=str(tmp_path / "home"))
    env.pop("DISPLAY", None)
    out = tmp_path / "frames"
    p = subprocess.run([sys.executable, "-m", "client", "--demo", "everdawn", "--seed", "4", "--frames", str(out),
                        "--every", "60", "--size", "1280x720"], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0, p.stderr
    info = json.loads(p.stdout.strip().splitlines()[-1])
    assert info["game"] == "everdawn" and info["result"] is not None
    pngs = sorted(out.glob("everdawn-4-*.png"))
    assert (out / "everdawn-4-final.png").exists()
    assert len(pngs) == info["frames"] >= 2


def test_run_demo_function(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDHALL_HOME", str(tmp_path / "home"))
    from client.devtools.demo import run_demo
    assert run_demo("everdawn", seed=2, frames=tmp_path / "f", every=1000, size=(960, 600)) == 0
    assert (tmp_path / "f" / "everdawn-2-final.png").exists()
