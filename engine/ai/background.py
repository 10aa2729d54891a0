"""Ask the AI for a decision without holding up the UI.

    from engine.ai import make_agent
    from engine.ai.background import think

    job = think(make_agent("normal", seed), match)   # returns at once
    ...                                              # every frame:
    if job.done():
        action = job.result()                        # same action as agent.choose(match)
    ...
    job.cancel()                                     # e.g. the player left the match

The decision runs in a daemon thread. The view of the match is taken in the
calling thread when the job starts, so the UI may keep drawing (or even change
its own match object) while the AI thinks. The search hands the GIL back every
few iterations (``time.sleep(0)`` every 1 ms) so a 60 fps pygame loop in the main thread
keeps its frame rate (the UI thread waits at most ~1 ms for the GIL); ``python -m engine.ai.background`` measures that.
Because budgets count iterations, the background decision is identical to the
foreground one.
"""
from __future__ import annotations

import sys
import threading
import time

from .mcts import Cancelled

#: milliseconds between voluntary GIL hand-overs while thinking in the background
YIELD_EVERY = 1.0


class Decision:
    """A decision being computed in the background. Poll with :meth:`done`."""

    def __init__(self, agent, match, *, start: bool = True):
        self.agent = agent
        me, view, seed, key = agent.prepare(match)  # the only look at the match, in the caller's thread
        self.player = me
        self._key = key
        self._args = (view, me, seed)
        self._cancel = threading.Event()
        self._done = threading.Event()
        self._action = None
        self._error: BaseException | None = None
        self.cancelled = False
        self.seconds = 0.0
        self._thread = threading.Thread(target=self._run, name="cardhall-ai", daemon=True)
        if start:
            self._thread.start()

    def _run(self):
        t0 = time.perf_counter()
        try:
            self._action = self.agent.decide(*self._args, cancel=self._cancel, yield_every=YIELD_EVERY,
                                             avoid=self._key[1])
            self.agent.remember(self._key, self._action)
        except Cancelled:
            self.cancelled = True
        except BaseException as e:  # noqa: BLE001 - handed to the caller in result()
            self._error = e
        finally:
            self.seconds = time.perf_counter() - t0
            self._done.set()

    # ------------------------------------------------------------ polling
    def done(self) -> bool:
        """True once the action is ready (or the job was cancelled / failed)."""
        return self._done.is_set()

    def poll(self):
        """The action if ready, else None (raises if the search failed)."""
        if not self._done.is_set():
            return None
        return self.result()

    def result(self, timeout: float | None = None):
        """Wait (up to ``timeout`` s) for the action. None if cancelled or still running."""
        if not self._done.wait(timeout):
            return None
        if self._error is not None:
            raise self._error
        return self._action

    def cancel(self, wait: bool = False) -> None:
        """Stop thinking; the job finishes within a few iterations."""
        self._cancel.set()
        if wait:
            self._done.wait()


def think(agent, match) -> Decision:
    """Start ``agent`` deciding for ``match.to_move()`` in the background."""
    return Decision(agent, match)


class Job:
    """Any AI computation in the background (a hint, a game review):
    ``fn(cancel=event, yield_every=ms, progress=job)`` runs in a daemon thread;
    poll :meth:`done`, read :meth:`result`, stop with :meth:`cancel`.
    ``fn`` may set ``job.fraction`` (0..1) to report progress."""

    def __init__(self, fn, *, start: bool = True):
        self._fn = fn
        self._cancel = threading.Event()
        self._done = threading.Event()
        self._value = None
        self._error: BaseException | None = None
        self.cancelled = False
        self.fraction = 0.0
        self._thread = threading.Thread(target=self._run, name="cardhall-ai-job", daemon=True)
        if start:
            self._thread.start()

    def _run(self):
        try:
            self._value = self._fn(cancel=self._cancel, yield_every=YIELD_EVERY, progress=self)
        except Cancelled:
            self.cancelled = True
        except BaseException as e:  # noqa: BLE001 - handed to the caller in result()
            self._error = e
        finally:
            self._done.set()

    def done(self) -> bool:
        return self._done.is_set()

    def result(self, timeout: float | None = None):
        """Wait (up to ``timeout`` s); the value, None if cancelled or still running."""
        if not self._done.wait(timeout):
            return None
        if self._error is not None:
            raise self._error
        return self._value

    def cancel(self, wait: bool = False) -> None:
        self._cancel.set()
        if wait:
            self._done.wait()


def run(fn) -> Job:
    """Start ``fn`` (see :class:`Job`) in the background."""
    return Job(fn)


# ---------------------------------------------------------------- measurement
def measure_frames(make_match, agent_name: str = "normal", seconds: float = 3.0, work_ms: float = 4.0):
    """Run a fake 60 fps loop (``work_ms`` of Python per frame) while the AI thinks
    in the background; return frame-time percentiles in ms and decisions made."""
    from .agents import make_agent
    agent = make_agent(agent_name, 1) if agent_name else None
    frame = 1 / 60
    times = []
    decisions = 0
    m = make_match()
    job = think(agent, m) if agent else None
    t_end = time.perf_counter() + seconds
    last = time.perf_counter()
    while time.perf_counter() < t_end:
        t0 = time.perf_counter()
        x = 0
        while (time.perf_counter() - t0) * 1000 < work_ms:  # pure-Python "drawing"
            x += 1
        if job is not None and job.done():
            a = job.result()
            m.apply(a)
            decisions += 1
            if m.result() is not None:
                m = make_match()
            job = think(agent, m)
        spare = frame - (time.perf_counter() - last)
        if spare > 0:
            time.sleep(spare)
        now = time.perf_counter()
        times.append((now - last) * 1000)
        last = now
    if job is not None:
        job.cancel(wait=True)
    s = sorted(times)
    return {"frames": len(s), "fps": round(len(s) / seconds, 1),
            "frame_ms_p50": round(s[len(s) // 2], 2), "frame_ms_p95": round(s[int(len(s) * 0.95)], 2),
            "frame_ms_max": round(s[-1], 2), "decisions": decisions}


def main(argv=None) -> int:  # pragma: no cover - measurement helper
    import json
    argv = list(sys.argv[1:] if argv is None else argv)
    from engine.core.harness import starter_pair
    from engine.games import available_games, get_game
    game = argv[0] if argv else available_games()[0]
    level = argv[1] if len(argv) > 1 else "normal"
    cls = get_game(game).match_class
    counter = [0]

    def make_match():
        counter[0] += 1
        return cls.new(starter_pair(game, counter[0]), counter[0], None)

    print(json.dumps({"game": game, "level": "none", **measure_frames(make_match, None)}))
    print(json.dumps({"game": game, "level": level, **measure_frames(make_match, level)}))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
