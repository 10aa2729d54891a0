"""One game as the client and the tools see it: the live match, its record,
autosave, undo/redo and random access to every past state (replays).

Playing (against the AI or hot-seat)::

    s = MatchSession.new("evons", (deck_a, deck_b), seed,
                         meta={"mode": "ai", "names": ["You", "AI"],
                               "ai": {"seat": 1, "level": "normal", "seed": ai_seed}},
                         autosave_folder=data / "autosave", replay_folder=data / "replays")
    events = s.apply(action)        # IllegalAction (reason; state unchanged) if refused
    s.save_error                    # None, or a sentence to show if the disk failed
    s.can_undo(0); s.undo_to_previous_decision(0)   # back to seat 0's previous decision
    s.can_redo(); s.redo()          # re-apply the last undone step
    s.replay_path                   # set when the game ended and was kept as a replay

Resuming after a crash or quit (the AI is rebuilt from ``s.meta["ai"]``; agents
are deterministic given view + seed, so it plays on exactly as it would have)::

    saves = find_resumable(data / "autosave")       # engine.core.autosave, newest first
    s = MatchSession.resume(saves[0].path, replay_folder=data / "replays")
    Autosave(saves[0].path).discard()               # if the player declines

Watching a replay (hidden cards: ``view_at(i, seat)``; reveal all: ``player=None``)::

    s = MatchSession.from_record(load_replay(path))  # engine.core.replays
    s.view_at(i, 0); s.step(i) -> (state after, action, events)
    s.turn_starts(); s.action_index_of_turn(5)

States are restored from snapshots (``clone()`` every :attr:`SNAPSHOT_EVERY`
actions) plus replaying the actions after the snapshot, so restoring is exact
and costs at most ``SNAPSHOT_EVERY - 1`` applies. ``match`` is the live match:
read it, never mutate it (use :meth:`state_at` or ``match.clone()``). Call a
session from one thread.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Mapping, Sequence

from .autosave import Autosave, load_autosave
from .files import FileProblem
from .match import Action, Event, IllegalAction, Match, as_action
from .record import DIGEST_KEY, MatchRecord


class _WriteFailed(Exception):
    """A write that failed, with the folder to name and how the message starts."""

    def __init__(self, error: OSError, folder, what: str):
        super().__init__(str(error))
        self.error, self.folder, self.what = error, folder, what


class MatchSession:
    SNAPSHOT_EVERY = 16

    def __init__(self, record: MatchRecord, *, autosave: Autosave | None = None,
                 replay_folder=None, snapshot_every: int | None = None):
        """Set up from ``record`` (replaying its actions; :class:`FileProblem` if
        they do not reproduce). The session owns ``record`` from now on."""
        self.record = record
        self.autosave = autosave
        self.replay_folder = Path(replay_folder) if replay_folder is not None else None
        self.replay_path: Path | None = None  # where the finished game was kept
        self.save_error: str | None = None  # last autosave/replay write failure, for the client
        self._kept: list = []  # the actions of the game last kept as a replay
        self._dirty = False
        self.k = max(1, int(snapshot_every or self.SNAPSHOT_EVERY))
        m = record.new_match()
        self._snaps: dict[int, Match] = {0: m.clone()}
        self._actors: list[int] = []     # who made action i
        self._turns: list[int] = [m.turn()]  # turn() of the state after i actions
        self._redo: list[list[Action]] = []  # undone steps, last undone last
        self._match = m
        actions, record.actions = list(record.with_implied_actions()), []
        for i, a in enumerate(actions):
            try:
                reason = m.why_illegal(a)
                if reason is None:
                    self._push(tuple(a))
            except FileProblem:
                raise
            except Exception as e:  # noqa: BLE001 - engine failure on a file's action
                raise FileProblem(f"action {i + 1} ({list(a)}) made the engine fail "
                                  f"({type(e).__name__}: {e}).") from None
            if reason is not None:
                raise FileProblem(f"action {i + 1} ({list(a)}) is refused: {reason}")
        if m.result() is not None and record.result is None:
            record.result = m.result().to_json()

    # ------------------------------------------------------------ creation
    @classmethod
    def new(cls, game: str, decks: Sequence, seed: int, options: Mapping[str, Any] | None = None,
            meta: Mapping[str, Any] | None = None, *, autosave_folder=None, replay_folder=None,
            fsync: bool = True, snapshot_every: int | None = None) -> "MatchSession":
        """A new game. With ``autosave_folder`` every action is saved at once."""
        from ..games import get_game
        cls_ = get_game(game).match_class
        opts = cls_.default_options()
        opts.update(options or {})
        md = {"started": time.strftime("%Y-%m-%dT%H:%M:%S")}
        md.update(meta or {})
        rec = MatchRecord(game, tuple(decks), int(seed), opts, [], None, md)
        rec.new_match()  # fail before creating any file
        auto = Autosave.start(autosave_folder, rec, fsync=fsync) if autosave_folder is not None else None
        return cls(rec, autosave=auto, replay_folder=replay_folder, snapshot_every=snapshot_every)

    @classmethod
    def from_record(cls, record: MatchRecord, **kw) -> "MatchSession":
        """A session over an existing record (a replay, a bug report); nothing is saved."""
        return cls(record.copy(), **kw)

    @classmethod
    def resume(cls, path, *, replay_folder=None, fsync: bool = True) -> "MatchSession":
        """Continue the autosaved match in ``path`` (see ``find_resumable``).
        Raises :class:`~engine.core.autosave.SaveInUse` (nothing touched) if the
        save is open in another running copy of the program, :class:`FileProblem`
        if it cannot be used."""
        auto = Autosave(path, fsync=fsync)
        auto.lock()  # SaveInUse if another copy of the program has it open
        rec = load_autosave(path)
        s = cls(rec, autosave=auto, replay_folder=replay_folder)
        s._save()  # rewrite: drop a torn tail before appending again
        return s

    # ------------------------------------------------------------ reading
    @property
    def match(self) -> Match:
        """The live match (do not mutate)."""
        return self._match

    @property
    def game(self) -> str:
        return self.record.game

    @property
    def meta(self) -> dict:
        return self.record.meta

    @property
    def actions(self) -> list[Action]:
        return self.record.actions

    def __len__(self) -> int:
        """Actions applied so far (= the index of the current state)."""
        return len(self.record.actions)

    @property
    def index(self) -> int:
        return len(self.record.actions)

    def actor(self, i: int) -> int:
        """The seat that made action ``i`` (0-based)."""
        return self._actors[i]

    def turn_at(self, i: int) -> int:
        """``turn()`` of the state after ``i`` actions."""
        return self._turns[i]

    def state_at(self, i: int) -> Match:
        """A fresh copy of the state after the first ``i`` actions (0 = the start)."""
        n = len(self.record.actions)
        if not 0 <= i <= n:
            raise IndexError(f"state {i} is outside 0..{n}")
        if i == n:
            return self._match.clone()
        base = i - i % self.k
        while base not in self._snaps:
            base -= self.k
        m = self._snaps[base].clone()
        for a in self.record.actions[base:i]:
            m.apply(a, check=False)
        return m

    def view_at(self, i: int, player: int | None) -> Match:
        """State ``i`` as ``player`` sees it (hidden cards masked); ``None`` =
        reveal all (the replay viewer's "reveal all")."""
        m = self.state_at(i)
        return m if player is None else m.view(player)

    def step(self, i: int) -> tuple[Match, Action, list[Event]]:
        """For a replay viewer: ``(state after action i, action i, its events)``;
        the match is a fresh copy. Describe the action with
        ``state_at(i).action_text(action)`` (texts read the state before it)."""
        m = self.state_at(i)
        a = self.record.actions[i]
        ev = m.apply(a, check=False)
        return m, a, ev

    def action_index_of_turn(self, n: int) -> int:
        """The first state index whose turn is ``n`` or later (clamped to the last state)."""
        for i, t in enumerate(self._turns):
            if t >= n:
                return i
        return len(self._turns) - 1

    def turn_starts(self) -> list[tuple[int, int]]:
        """``[(turn, state index where it begins), ...]`` for "jump to turn"."""
        out, last = [], None
        for i, t in enumerate(self._turns):
            if t != last:
                out.append((t, i))
                last = t
        return out

    def decisions(self, player: int) -> list[int]:
        """Indices of the actions ``player`` made."""
        return [i for i, p in enumerate(self._actors) if p == player]

    # ------------------------------------------------------------ playing
    def apply(self, action: Action) -> list[Event]:
        """Apply an action of ``match.to_move()``; raises :class:`IllegalAction`
        (match unchanged) if the engine refuses it. Saved at once when autosaving.
        A new action clears the redo history."""
        a = as_action(action)
        if a is None:
            raise IllegalAction("That is not a move.", None)
        action = a
        reason = self._match.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason, action)
        self._redo.clear()
        ev = self._push(action)
        self._save(action)
        return ev

    def _push(self, action: Action) -> list[Event]:
        m = self._match
        self._actors.append(m.to_move())
        ev = m.apply(action, check=False)
        self.record.actions.append(action)
        n = len(self.record.actions)
        self._turns.append(m.turn())
        if n % self.k == 0:
            self._snaps[n] = m.clone()
        return ev

    def _save(self, action: Action | None = None) -> None:
        """Bring the files up to date: append ``action`` (the fast path), or
        rewrite the whole autosave; keep the replay when the game has ended.
        A failure to write (disk full, no permission) never stops the game: it
        is reported in :attr:`save_error` (naming the folder) and the next save
        rewrites everything."""
        from .files import write_problem
        try:
            if self._match.result() is not None:
                self._finish(action)
            elif self.autosave is not None:
                if action is not None and not self._dirty:
                    self.autosave.append(action)
                else:
                    self.autosave.write_all(self.record)
        except _WriteFailed as e:
            self._dirty = True
            self.save_error = write_problem(e.error, e.folder, e.what)
            return
        except OSError as e:
            self._dirty = True
            folder = self.autosave.path.parent if self.autosave is not None else "its folder"
            self.save_error = write_problem(e, folder, "The game could not be saved")
            return
        self._dirty = False
        self.save_error = None

    def _finish(self, action: Action | None = None) -> None:
        """The game has ended: keep it as a replay, then remove the autosave. When the
        replay cannot be written the autosave is brought up to the last action instead
        (the next start of the program keeps the replay from it, see
        ``find_resumable``), and :class:`_WriteFailed` says which folder refused."""
        from .replays import finish_record, save_replay
        finish_record(self.record, self._match)
        if self.replay_folder is not None:
            if self.record.actions != self._kept or self.replay_path is None \
                    or not self.replay_path.exists():  # undo + redo to the same end: kept already
                try:
                    self.replay_path = save_replay(self.replay_folder, self.record)
                except OSError as e:
                    what = "The finished game could not be kept as a replay"
                    if self._complete_autosave(action):
                        what += " (it stays in the saves and is kept at the next start)"
                    raise _WriteFailed(e, self.replay_folder, what) from None
                self._kept = list(self.record.actions)
            if self.autosave is not None:
                self.autosave.discard()
        elif self.autosave is not None:
            self.autosave.write_all(self.record)

    def _complete_autosave(self, action) -> bool:
        """Every action, the last one too, in the autosave (no replay could be kept).
        True if the autosave now holds the whole game."""
        if self.autosave is None:
            return False
        try:
            if action is not None and not self._dirty:
                self.autosave.append(action)
            else:
                self.autosave.write_all(self.record)
        except OSError:
            return False  # the saves folder refuses too: the message names the replays folder
        self._dirty = False
        return True

    def set_meta(self, key: str, value) -> None:
        """Change ``meta[key]`` (JSON values) and save."""
        self.record.meta[key] = value
        if self._match.result() is None:
            self._save()

    # ------------------------------------------------------------ undo / redo
    def can_undo(self, player: int) -> bool:
        """True if ``player`` has made a decision in this game that can be taken back."""
        return player in self._actors

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo_to_previous_decision(self, player: int) -> bool:
        """Go back to the state just before ``player``'s most recent action
        (taking back the other player's actions since then too). Returns False
        (nothing changes) if ``player`` has made no decision yet."""
        n = len(self._actors)
        i = n - 1
        while i >= 0 and self._actors[i] != player:
            i -= 1
        if i < 0:
            return False
        self._redo.append(self.record.actions[i:])
        self._truncate(i)
        return True

    def redo(self) -> bool:
        """Re-apply the last undone step. False if there is nothing to redo."""
        if not self._redo:
            return False
        step = self._redo.pop()
        for a in step:
            self._push(a)
            self._save(a)
        return True

    def _truncate(self, i: int) -> None:
        was_over = self._match.result() is not None
        self._match = self.state_at(i)
        del self.record.actions[i:]
        del self._actors[i:]
        del self._turns[i + 1:]
        for k in [k for k in self._snaps if k > i]:
            del self._snaps[k]
        if was_over:
            self.record.result = None
            for key in (DIGEST_KEY, "turns", "finished"):
                self.record.meta.pop(key, None)
        self._save()

    def undo_to(self, i: int) -> None:
        """Go back to state ``i`` (hot-seat with both players' agreement, tools)."""
        if not 0 <= i <= len(self._actors):
            raise IndexError(i)
        if i < len(self._actors):
            self._redo.append(self.record.actions[i:])
            self._truncate(i)
