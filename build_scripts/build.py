"""Build the Cardhall executable with PyInstaller and measure it.

    python build_scripts/build.py [--onefile | --onedir] [--no-measure] [--runs N]

Produces, under dist/:
  * Linux:   ``dist/Cardhall`` (one file) or ``dist/Cardhall/Cardhall`` (one folder)
  * Windows: ``dist/Cardhall.exe`` or ``dist/Cardhall/Cardhall.exe``
  * macOS:   ``dist/Cardhall.app`` (default, one folder inside the app bundle) or
             ``dist/Cardhall`` with --onefile (a plain executable, no bundle)

Then prints the executable's size and its startup time to the first frame (the
built program is run with ``--first-frame``, which exits right after it has drawn
its first frame), each against its target, and a final JSON line.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
import bundle  # noqa: E402 - found through the path set just above

SIZE_TARGET_MB = 40.0
STARTUP_TARGET_S = 2.0
FIRST_FRAME_MARK = "first-frame"


def default_mode() -> str:
    return "onedir" if sys.platform == "darwin" else "onefile"


def artefact(mode: str, dist: Path) -> tuple[Path, Path]:
    """(what to measure the size of, the executable to run)."""
    exe_name = bundle.APP_NAME + (".exe" if sys.platform.startswith("win") else "")
    if mode == "onefile":
        return dist / exe_name, dist / exe_name
    if sys.platform == "darwin":
        app = dist / f"{bundle.APP_NAME}.app"
        return app, app / "Contents" / "MacOS" / bundle.APP_NAME
    return dist / bundle.APP_NAME, dist / bundle.APP_NAME / exe_name


def tree_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def ensure_icons() -> None:
    needed = [bundle.ICONS / n for n in ("cardhall.png", "cardhall.ico", "cardhall.icns")]
    if not all(p.exists() for p in needed):
        import make_icons
        make_icons.make_icons(bundle.ICONS)


def run_pyinstaller(mode: str, dist: Path, work: Path) -> None:
    # a one-file build leaves dist/Cardhall as a file, a one-folder build as a folder
    for old in (dist / bundle.APP_NAME, dist / (bundle.APP_NAME + ".exe"), dist / f"{bundle.APP_NAME}.app"):
        if old.is_dir() and not old.is_symlink():
            shutil.rmtree(old)
        elif old.exists():
            old.unlink()
    env = dict(os.environ, CARDHALL_BUILD_MODE=mode, PYTHONDONTWRITEBYTECODE="1")
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
           "--distpath", str(dist), "--workpath", str(work), str(HERE / "cardhall.spec")]
    print("$", " ".join(cmd), flush=True)
    subprocess.run(cmd, cwd=ROOT, env=env, check=True)


class _Display:
    """A headless X server for the measurement on Linux without a display, when
    Xvfb is installed; otherwise SDL's dummy video driver."""

    def __init__(self):
        self.proc = None
        self.env: dict[str, str] = {}

    def __enter__(self):
        linux = sys.platform.startswith("linux")
        if not linux or os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
            return self
        xvfb = shutil.which("Xvfb")
        if xvfb:
            r, w = os.pipe()
            self.proc = subprocess.Popen([xvfb, "-displayfd", str(w), "-screen", "0", "1280x720x24",
                                          "-nolisten", "tcp", "-noreset"], pass_fds=(w,),
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            os.close(w)
            with os.fdopen(r) as fh:
                num = fh.readline().strip()
            if num:
                self.env = {"DISPLAY": f":{num}"}
                return self
            self.__exit__()
        self.env = {"SDL_VIDEODRIVER": "dummy"}
        return self

    def describe(self) -> str:
        if "DISPLAY" in self.env:
            return f"Xvfb {self.env['DISPLAY']}"
        if self.env.get("SDL_VIDEODRIVER") == "dummy":
            return "SDL dummy video driver"
        return "the desktop display"

    def __exit__(self, *exc):
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            self.proc = None


def _children_cpu() -> float | None:
    try:
        import resource
    except ImportError:  # Windows
        return None
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def time_first_frame(exe: Path, env: dict[str, str], timeout: float = 60.0) -> tuple[float, float | None]:
    """(wall seconds from launching ``exe --first-frame`` until it reports its first
    frame, CPU seconds the run used — what a machine with a free core would need)."""
    cpu0 = _children_cpu()
    with tempfile.TemporaryDirectory(prefix="cardhall-ff-") as tmp:
        run_env = dict(os.environ, **env, CARDHALL_HOME=os.path.join(tmp, "home"),
                       SDL_AUDIODRIVER="dummy")
        t0 = time.perf_counter()
        p = subprocess.Popen([str(exe), "--first-frame"], cwd=tmp, env=run_env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        seen = None
        assert p.stdout is not None
        for line in p.stdout:
            if line.startswith(FIRST_FRAME_MARK):
                seen = time.perf_counter() - t0
                break
        try:
            _, err = p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            p.kill()
            _, err = p.communicate()
        if p.returncode != 0:
            raise RuntimeError(f"{exe.name} --first-frame failed (exit {p.returncode}):\n{err[-3000:]}")
        if seen is None:  # a windowed Windows build may have no stdout: count until it exited
            seen = time.perf_counter() - t0
    cpu1 = _children_cpu()
    return seen, (cpu1 - cpu0 if cpu0 is not None and cpu1 is not None else None)


def measure(exe: Path, runs: int) -> dict:
    with _Display() as disp:
        runs_ = [time_first_frame(exe, disp.env) for _ in range(runs)]
        where = disp.describe()
    times = [w for w, _ in runs_]
    cpus = [c for _, c in runs_ if c is not None]
    out = {"first_run_s": round(times[0], 3), "median_s": round(statistics.median(times), 3),
           "runs": runs, "display": where}
    if cpus:
        out["cpu_median_s"] = round(statistics.median(cpus), 3)
    if hasattr(os, "getloadavg"):
        out["load_avg"] = round(os.getloadavg()[0], 1)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python build_scripts/build.py", description=__doc__.split("\n\n")[0])
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--onefile", dest="mode", action="store_const", const="onefile",
                   help="a single executable file (default on Windows and Linux)")
    g.add_argument("--onedir", dest="mode", action="store_const", const="onedir",
                   help="a folder with the executable and its files (default on macOS: Cardhall.app)")
    ap.add_argument("--dist", default=str(ROOT / "dist"), help="output folder (default: dist/)")
    ap.add_argument("--no-measure", action="store_true", help="skip the startup measurement")
    ap.add_argument("--runs", type=int, default=3, help="startup runs to time (default 3)")
    a = ap.parse_args(argv)
    mode = a.mode or default_mode()
    dist = Path(a.dist).resolve()

    t0 = time.perf_counter()
    ensure_icons()
    run_pyinstaller(mode, dist, ROOT / "build" / "pyinstaller")
    build_s = time.perf_counter() - t0
    sized, exe = artefact(mode, dist)
    if not exe.exists():
        print(f"build failed: {exe} was not produced", file=sys.stderr)
        return 1
    size_mb = tree_size(sized) / 1e6
    ok = size_mb < SIZE_TARGET_MB if mode == "onefile" else True
    report = {"mode": mode, "path": str(sized), "size_mb": round(size_mb, 1), "build_s": round(build_s, 1)}
    print(f"built {sized}  ({mode}, {build_s:.0f} s)")
    target = f"target < {SIZE_TARGET_MB:.0f} MB" if mode == "onefile" else "one folder; target applies to --onefile"
    print(f"size: {size_mb:.1f} MB  ({target}{'' if ok else ' — OVER'})")
    if not a.no_measure:
        try:
            m = measure(exe, max(1, a.runs))
        except (RuntimeError, OSError) as e:
            print(f"startup measurement failed: {e}", file=sys.stderr)
            return 1
        report["startup"] = m
        fast = m["median_s"] <= STARTUP_TARGET_S
        print(f"startup to first frame: {m['median_s']:.2f} s median of {m['runs']}, "
              f"first run {m['first_run_s']:.2f} s, on {m['display']}  "
              f"(target <= {STARTUP_TARGET_S:.0f} s{'' if fast else ' — OVER'})")
        if "cpu_median_s" in m:
            print(f"  CPU time of a launch: {m['cpu_median_s']:.2f} s (about the wall time on an idle machine); "
                  f"load average {m.get('load_avg', '?')} on {os.cpu_count()} cores")
        ok = ok and fast
    report["targets_met"] = ok
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
