"""Engine fuzzing: ``python -m engine fuzz GAME --games N [--seed S] [--ai]``.

Plays seeded random games (and with ``--ai`` one game in four with AI agents
at both seats; every other game with the game's true/false options drawn at
random) and after every action checks:

* the contract invariants (:func:`engine.core.harness.check_invariants`: exact
  JSON round-trip, clone equality, the game's own ``invariant_problems``);
* refusal: a few illegal actions (mutated legal ones, junk) are refused by
  ``apply`` with :class:`IllegalAction` and a reason, and leave the state
  unchanged; every legal action passes ``why_illegal``; an unlisted action
  that ``why_illegal`` accepts (a concede action) applies cleanly on a clone;
* hidden information: for both seats, ``determinize(p, s)`` has the same
  ``view(p)``, depends only on the view, satisfies the invariants and, when
  ``p`` is to move, offers the same legal actions (they must not depend on
  what ``p`` cannot see); a short random rollout from it does not fail;
* clone independence: a clone taken some actions ago has not changed;
* texts: ``action_text`` of legal actions is a non-empty sentence; every event
  is a JSON-able tuple starting with its kind and ``event_text`` gives text;

and after every game that its record replays to the same final state and that
a :class:`~engine.core.session.MatchSession` restores past states (snapshots +
replay, undo + redo) exactly.

Prints one JSON line; exit status 1 if any problem was found. ``--out DIR``
writes each failing game as a match record (``python -m engine replay FILE``
reproduces it).
"""
from __future__ import annotations

import json
import sys
import time

from .core.harness import check_invariants, starter_pair
from .core.match import IllegalAction
from .core.record import MatchRecord, save_record
from .core.rng import Rng, mix_seed


class FuzzFailure(Exception):
    pass


def _junk_actions(m, legal, rng: Rng, n: int):
    """Candidate illegal actions: mutations of legal ones and small junk tuples."""
    legal_set = set(legal)
    out = []
    tries = 0
    while len(out) < n and tries < n * 8:
        tries += 1
        kind = rng.randrange(4)
        if kind == 0 and legal:
            a = list(legal[rng.randrange(len(legal))])
            j = rng.randrange(len(a))
            a[j] += rng.choice((-1, 1, 7, -100, 1000))
        elif kind == 1 and legal:
            a = list(legal[rng.randrange(len(legal))]) + [rng.randrange(5)]
        elif kind == 2:
            a = [rng.randrange(40) - 5 for _ in range(1 + rng.randrange(4))]
        else:
            a = [rng.randrange(1 << 31) - (1 << 30)]
        t = tuple(a)
        if t not in legal_set:
            out.append(t)
    return out


def _check_events(m, events) -> list[str]:
    """Events are tuples (kind: str, JSON values...) with a plain sentence each."""
    probs = []
    if not isinstance(events, list):
        return [f"apply returned {type(events).__name__}, not a list of events"]
    for e in events:
        if not isinstance(e, tuple) or not e or not isinstance(e[0], str):
            probs.append(f"event {e!r} is not a tuple starting with its kind")
            continue
        try:
            json.dumps(list(e))
        except (TypeError, ValueError):
            probs.append(f"event {e[0]!r} is not JSON-able")
        t = m.event_text(e)
        if not isinstance(t, str):
            probs.append(f"event_text({e[0]!r}) gave {type(t).__name__}")
    return probs


def check_position(m, rng: Rng, *, illegal: int = 3, rollout: int = 12) -> list[str]:
    """Every per-action check on one position (the match is left unchanged)."""
    probs = list(check_invariants(m))
    before = m.to_json()
    legal = m.legal_actions()
    over = m.result() is not None
    if over and legal:
        probs.append("the game is over but legal actions are offered")
    if not over and not legal:
        probs.append("no legal action but the game is not over")
    if not over and m.to_move() not in (0, 1):
        probs.append(f"to_move() is {m.to_move()!r} in a running game")
    for a in legal[:3] + ([legal[rng.randrange(len(legal))]] if legal else []):
        r = m.why_illegal(a)
        if r is not None:
            probs.append(f"legal action {list(a)} refused: {r}")
        t = m.action_text(a)
        if not isinstance(t, str) or not t.strip():
            probs.append(f"action_text({list(a)}) gave {t!r}")
    for a in _junk_actions(m, legal, rng, illegal):
        r = m.why_illegal(a)
        if r is None:
            # accepted although not listed (e.g. a concede action): it must apply cleanly
            c = m.clone()
            try:
                c.apply(a)
            except IllegalAction as e:
                probs.append(f"action {list(a)} passes why_illegal but apply refuses it: {e.reason}")
                continue
            except Exception as e:  # noqa: BLE001 - reported as a problem
                probs.append(f"unlisted action {list(a)} passes why_illegal and then fails: "
                             f"{type(e).__name__}: {e}")
                continue
            if c.to_json() == before:
                probs.append(f"unlisted action {list(a)} passes why_illegal but does nothing")
            probs += [f"after unlisted action {list(a)}: {x}" for x in check_invariants(c)]
            continue
        if not isinstance(r, str) or not r.strip():
            probs.append(f"illegal action {list(a)}: why_illegal gave {r!r}")
        try:
            m.apply(a)
            probs.append(f"illegal action {list(a)} was applied")
            return probs  # state changed: further checks meaningless
        except IllegalAction as e:
            if not e.reason:
                probs.append(f"illegal action {list(a)} refused without a reason")
        if m.to_json() != before:
            probs.append(f"refusing {list(a)} changed the state")
            return probs
    for p in (0, 1):
        v = m.view(p)
        s = rng.next64()
        d = m.determinize(p, s)
        if d.view(p).to_json() != v.to_json():
            probs.append(f"determinize({p}) shows seat {p} something else than view({p})")
        d2 = v.determinize(p, s)
        if d2.to_json() != d.to_json():
            probs.append(f"determinize({p}) depends on more than view({p})")
        dp = d.invariant_problems()
        if dp:
            probs.append(f"determinize({p}) breaks invariants: {dp[:2]}")
        if not over and m.to_move() == p:
            if sorted(d.legal_actions()) != sorted(legal):
                probs.append(f"seat {p}'s legal actions depend on hidden information")
        try:
            for _ in range(rollout):
                if d.result() is not None:
                    break
                la = d.legal_actions()
                if not la:
                    probs.append(f"determinize({p}) rollout: no legal action but not over")
                    break
                d.apply(la[rng.randrange(len(la))], check=False)
        except Exception as e:  # noqa: BLE001 - reported as a problem
            probs.append(f"determinize({p}) rollout failed: {type(e).__name__}: {e}")
    if m.to_json() != before:
        probs.append("view/determinize changed the match")
    return probs


def fuzz_game(game: str, seed: int, *, agents=None, decks=None, options=None,
              max_actions: int = 5000, every: int = 1):
    """Play one game, checking after every ``every``-th action.
    Returns (record, problems); problems name the action index."""
    from .games import get_game
    spec = get_game(game)
    decks = decks or starter_pair(game, seed)
    rec = MatchRecord(game, tuple(decks), seed, dict(options or {}), [], None,
                      {"fuzz": True, "agents": [a.name for a in agents] if agents else ["random"] * 2})
    rng = Rng(mix_seed(seed, 0xF022))
    probs: list[str] = []
    try:
        m = spec.match_class.new(decks, seed, options)
        probs += [f"start: {p}" for p in check_position(m, rng)]
        old = None  # (clone, json) taken some actions ago
        while m.result() is None and not probs:
            legal = m.legal_actions()
            if not legal:
                probs.append(f"after {len(rec.actions)} actions: no legal action")
                break
            if agents:
                a = tuple(agents[m.to_move()].choose(m))
            else:
                a = legal[rng.randrange(len(legal))]
            events = m.apply(a)
            rec.actions.append(a)
            n = len(rec.actions)
            probs += [f"after action {n} ({list(a)}): {p}" for p in _check_events(m, events)]
            if n % every == 0 or m.result() is not None:
                probs += [f"after action {n} ({list(a)}): {p}" for p in check_position(m, rng)]
            if old is not None and old[0].to_json() != old[1]:
                probs.append(f"after action {n}: a clone taken earlier has changed")
            if n % 7 == 0:
                old = (m.clone(), m.to_json())
            if n >= max_actions:
                probs.append(f"no end after {max_actions} actions (a loop?)")
        if not probs:
            rec.result = m.result().to_json()
            again = rec.replay()
            if again.to_json() != m.to_json():
                probs.append("replaying the record gives another final state")
            probs += _check_session(rec, m, rng)
    except Exception as e:  # noqa: BLE001 - an engine crash is the finding
        probs.append(f"after action {len(rec.actions)}: {type(e).__name__}: {e}")
    return rec, probs


def _check_session(rec: MatchRecord, final, rng: Rng) -> list[str]:
    """Undo/replay restore (snapshots + clone) gives the states a plain replay gives."""
    from .core.session import MatchSession
    s = MatchSession.from_record(rec, snapshot_every=5)
    probs = []
    if s.match.to_json() != final.to_json():
        probs.append("the session's final state differs from the game's")
    n = len(s)
    for i in {rng.randrange(n + 1) for _ in range(3)}:
        if s.state_at(i).to_json() != rec.replay(upto=i).to_json():
            probs.append(f"the session's state {i} differs from a replay of {i} actions")
    p = s.actor(n - 1) if n else 0
    before = s.match.to_json()
    if n and not (s.undo_to_previous_decision(p) and s.redo() and s.match.to_json() == before):
        probs.append("undo + redo does not restore the final state")
    return probs


def _options_for(game: str, seed: int, i: int) -> dict:
    """Default options for even games; every true/false option drawn at random for odd ones."""
    from .games import get_game
    specs = get_game(game).match_class.OPTIONS
    if i % 2 == 0 or not specs:
        return {}
    r = Rng(mix_seed(seed, 0x0E7))
    return {o.name: bool(r.randrange(2)) for o in specs if isinstance(o.default, bool)}


def fuzz(game: str, games: int, seed: int = 1, *, ai: bool = False, out_dir=None,
         ai_agents: tuple[str, str] = ("greedy", "search:24")) -> dict:
    t0 = time.perf_counter()
    total_actions = 0
    problems = 0
    first = None
    ai_games = 0
    have_ai = False
    if ai:
        try:
            from .ai import make_agent
            have_ai = True
        except ImportError:
            have_ai = False
    for i in range(games):
        s = seed + i
        agents = None
        if have_ai and i % 4 == 3:
            names = ai_agents if (i // 4) % 2 == 0 else ai_agents[::-1]
            agents = [make_agent(names[0], seed=mix_seed(s, 1)), make_agent(names[1], seed=mix_seed(s, 2))]
            ai_games += 1
        rec, probs = fuzz_game(game, s, agents=agents, options=_options_for(game, s, i))
        total_actions += len(rec.actions)
        if probs:
            problems += len(probs)
            if first is None:
                first = f"seed {s}{' (AI)' if agents else ''}: {probs[0]}"
            if out_dir is not None:
                from pathlib import Path
                rec.meta["problems"] = probs[:20]
                save_record(rec, Path(out_dir) / f"fuzz-{game}-{s}.json")
    dt = time.perf_counter() - t0
    res = {"game": game, "games": games, "seed": seed, "ai_games": ai_games,
           "actions": total_actions, "problems": problems,
           "seconds": round(dt, 2), "actions_per_s": round(total_actions / dt, 1) if dt else 0.0}
    if ai and not have_ai:
        res["note"] = "engine.ai not available: random games only"
    if first:
        res["first_problem"] = first
    return res


def fuzz_main(argv) -> int:
    import argparse
    p = argparse.ArgumentParser(prog="python -m engine fuzz",
                                description="random (and AI) games with invariant checks after every action")
    p.add_argument("game")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--ai", action="store_true", help="one game in four played by AI agents")
    p.add_argument("--out", default=None, help="folder for the records of failing games")
    a = p.parse_args(argv)
    from .games import GAME_NAMES
    if a.game not in GAME_NAMES:
        print(json.dumps({"game": a.game, "error": f"unknown game; choose one of {', '.join(GAME_NAMES)}"}))
        return 2
    res = fuzz(a.game, a.games, a.seed, ai=a.ai, out_dir=a.out)
    print(json.dumps(res))
    return 0 if res["problems"] == 0 else 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(fuzz_main(sys.argv[1:]))
