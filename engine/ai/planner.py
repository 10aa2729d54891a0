"""The turn planner (agent ``planner``): plans its whole turn, then checks the reply.

From its own view only (``view.determinize(me, seed)``), at the first decision of
its turn the planner

1. runs a **beam search** over sequences of its own actions within the turn on one
   determinization: every useful action of every kept position is applied to a
   clone (exact: the engines' own ``apply`` resolves Everdawn clashes, Essveil
   fights, Evons flips and conflicts); the opponent's decisions inside the turn
   (Everdawn's defender spells, Essveil's Guard) are the expert's. The ``width``
   best positions by the game's evaluation are kept at every step; a position
   where the turn has passed to the opponent is a finished plan. Choices that shape
   later turns are planned both ways like any other action (Essveil Flow or Deep
   Attune, Evons covered or active: both are legal actions of the beam).
2. takes the best finished plans (``finals`` by the evaluation, plus the best of
   each different first action) and scores each **after the opponent's reply
   turn**, estimated on ``dets`` determinizations: the plan is replayed on each
   (stopping where a hidden card makes a step illegal), the opponent then plays
   its turn with the game's expert (``engine.<game>.tactics.expert``) and the position
   at the start of the planner's next turn is evaluated. The plan with the best
   mean wins.
3. plays the plan's first action, and the next ones while the views it meets are
   the views the plan expected (a reveal or a reply it did not foresee: it plans
   again from there).

Never chosen while another action exists: the game's pointless plays
(``tactics.useful``), its self-harming plays (``engine.<game>.tactics.harmful``: a weapon
on a set creature, Berries that trade morale at a loss, tapping the last Guard at
low Life without lethal, ending the turn with Essence and a playable card while
behind) and, in Everdawn, a slide that takes a creature back to a lane it stood in
this turn. Decisions in the opponent's turn (a defender's spell, a Guard's
intercept) are scored the same way: each option played out to the start of the
planner's next turn on the determinizations.

The ``hard`` level may add (settings ``top``, ``plans``, ``redecide``, ``turn_budget``;
see ``DEFAULTS``): beside the beam's plans, the best first actions with the expert
finishing the turn, as the playout search before the planner did, all scored the same
way; and a fresh plan at every decision of its turn, so what each step revealed is used.

Budgets count iterations (``apply`` calls of the search), never seconds: the same
view + seed gives the same plan.
"""
from __future__ import annotations

import time

from engine.core.rng import Rng, mix_seed

from .base import Agent, ruled, view_digest, without
from .mcts import Cancelled
from .evaluation import terminal_value
from .tactics import get_tactics, useful

#: decisions the planner leaves to the expert (opening hands)


def _freeze(x):
    if isinstance(x, (list, tuple)):
        t = tuple(x)
        try:                    # a flat list of plain values (a board): itself as a tuple
            hash(t)
        except TypeError:
            return tuple(_freeze(y) for y in x)
        else:
            return t
    if isinstance(x, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in x.items()))
    try:
        hash(x)
    except TypeError:           # another object (a game's own random state): its fields
        slots = getattr(type(x), "__slots__", ())
        fields = vars(x) if hasattr(x, "__dict__") else {k: getattr(x, k, None) for k in slots}
        return (type(x).__name__, _freeze(fields))
    return x


_SIG_FIELDS: dict = {}


def signature(m):
    """A hashable picture of a match's whole state (equal states, equal pictures)."""
    cls = type(m)
    names = _SIG_FIELDS.get(cls)
    if names is None:
        names = []
        for k in cls.__mro__:
            for n in getattr(k, "__slots__", ()):
                if not n.startswith("_") and n not in ("orig", "lists", "hidden", "viewer", "dirty", "cardof"):
                    names.append(n)
        _SIG_FIELDS[cls] = names = tuple(names)
    return tuple(_freeze(getattr(m, n, None)) for n in names)


class Budget:
    """Iterations spent and left; while spending, it honours ``cancel`` (raises
    :class:`~engine.ai.mcts.Cancelled`) and hands the GIL back every ``yield_every`` ms
    (a thinking AI in the background keeps the table's frame rate). Neither changes
    what is decided: that counts iterations only."""
    __slots__ = ("left", "used", "cancel", "yield_s", "next_t")

    def __init__(self, n: int, cancel=None, yield_every: float = 0):
        self.left = n
        self.used = 0
        self.cancel = cancel
        self.yield_s = yield_every / 1000.0
        self.next_t = 0.0

    def spend(self, n: int = 1) -> None:
        self.left -= n
        self.used += n
        if self.cancel is not None or self.yield_s:
            self._pause()

    def _pause(self) -> None:
        if self.cancel is not None and self.cancel.is_set():
            raise Cancelled()
        if self.yield_s:
            t = time.perf_counter()
            if t >= self.next_t:
                time.sleep(0)
                self.next_t = t + self.yield_s


#: The planner's settings (``make_agent("planner", seed, **overrides)`` changes them):
#: ``width`` positions kept at each step of the beam, ``finals`` finished plans scored
#: after the reply (plus the best plan of each other first action, up to twice as many),
#: ``dets`` determinizations the replies are played on, ``budget`` iterations of the
#: beam, ``max_steps`` its depth, ``extra`` rounds the expert plays on after the reply
#: before the evaluation. Per game (the game tactics' ``PLANNER["settings"]``), measured with the arena against
#: the expert, 40 duplicate games each: in Essveil one extra round took the score from
#: 70% to 90%; in Everdawn it did not help (62% on seeds 9001-9020; without it 71%, and
#: 72.5% on 6 determinizations, on seeds 100-119) and slowed a turn; in Evons it made a
#: decision about ten times slower.
#: In its own turn's main phase (the game tactics' ``PLANNER["capped_phase"]``) the same action with the same hand at
#: most this many times a turn: a guard against a turn that never ends because each repeat
#: of an action scores better than the last (Everdawn's Rallying Cry once drew itself back
#: from an empty support deck; the engine now sends a spell down only once it has resolved).
REPEAT_CAP = 3


def _hand(m, p) -> tuple:
    h = getattr(m, "hand", None)
    if isinstance(h, list):
        return tuple(sorted(h[p]))
    h = getattr(m, "hands", None)
    if isinstance(h, list):
        return tuple(sorted(h[p]))
    return ()


def _planner_knowledge(game: str) -> dict:
    """The game's settings for the planner (``PLANNER`` in its tactics module): its
    ``settings`` (width, guesses…), ``capped_phase`` and ``setup_kinds`` (actions of the
    opening, left to the expert)."""
    return getattr(get_tactics(game), "PLANNER", {})


def game_settings(game: str, level: str | None = None) -> dict:
    """The game's own planner settings (``PLANNER["settings"]``), or with ``level``
    its changes to that level's (``PLANNER["levels"][level]``)."""
    k = _planner_knowledge(game)
    if level is None:
        return dict(k.get("settings", {}))
    return dict(k.get("levels", {}).get(level, {}))


def repeat_key(m, a):
    """What the repeat cap counts (None: not counted): the action and the hand, in the
    acting player's own turn, in the game's capped phase."""
    capped = _planner_knowledge(m.GAME).get("capped_phase")
    if capped is None:
        return None
    p = m.to_move()
    if m.turn_player() != p or m.phase() != capped:
        return None
    return (a, _hand(m, p))


#: ``reply_width`` > 0: the opponent's reply turn is a beam search of that width (its
#: positions scored for the opponent, at most ``reply_cap`` of them) instead of the
#: expert's single line (measured in Essveil: 30 of 60 against the planner; off).
#: The ``hard`` level's additions (off for the planner itself): ``top`` > 0 scores, beside
#: the beam's plans (the ``plans`` best of them by the evaluation; 0: all), each of the
#: ``top`` best first actions by the evaluation one action ahead with the expert finishing
#: the turn, as the playout search of the levels before the planner did; ``redecide``
#: plans afresh at every decision of its own turn instead of following the plan, until
#: the turn's plans have spent ``turn_budget`` iterations (0: no limit); after that it
#: follows its last plan as far as that plan goes (a long turn stays within its time).
DEFAULTS = {"width": 6, "finals": 6, "dets": 3, "budget": 6000, "max_steps": 60, "extra": 1,
            "reply_width": 0, "reply_cap": 400, "top": 0, "plans": 0, "redecide": False,
            "turn_budget": 0}
_KEYS = tuple(DEFAULTS)


class PlannerAgent(Agent):
    """See the module docstring. ``width``: positions kept at each step of the beam;
    ``finals``: finished plans scored after the reply; ``dets``: determinizations the
    replies are estimated on; ``budget``: iterations for the beam (the replies cost
    about ``finals`` x ``dets`` short playouts on top)."""

    name = "planner"

    def __init__(self, seed: int = 0, evaluate=None, **settings):
        super().__init__(seed, evaluate)
        unknown = set(settings) - set(DEFAULTS)
        if unknown:
            raise TypeError(f"unknown planner settings: {', '.join(sorted(unknown))}")
        self.settings = settings
        for k in _KEYS:
            setattr(self, k, DEFAULTS[k])
        self._plan: dict[int, tuple] = {}     # view digest -> the planned action from that view
        self._turn = None                     # (me, turn) the slide history below is for
        self._places: set = set()             # Everdawn: (creature, lane) stood in this turn
        self._counts: dict = {}               # (phase, action) -> times chosen this turn
        self._turn_used = 0                   # iterations the plans of this turn spent
        self.last_plan = None                 # (actions, value) of the last plan made

    # ------------------------------------------------------------------ agent
    def decide(self, view, me, seed, cancel=None, yield_every=0, avoid=()):
        """The action from ``view``: the next step of the plan if this is a view the plan
        expected, else a new plan. ``choose`` and the background (``background.think``)
        both come here, so both decide the same."""
        act = ruled(view)
        if act is not None:
            return act
        self._follow_turn(view, me)
        fresh = self.redecide and not (self.turn_budget and self._turn_used >= self.turn_budget)
        planned = None if fresh else self._plan.get(view_digest(view))
        if (planned is not None and planned not in avoid and view.why_illegal(planned) is None
                and self._counts.get(repeat_key(view, planned), 0) < REPEAT_CAP):
            action = planned
            self.moves += 1
            self.last_iterations = 0
        else:
            self.moves += 1
            budget = Budget(0, cancel, yield_every)
            t0 = time.perf_counter()
            action = self.plan(view, me, seed, avoid, budget)
            self.search_seconds += time.perf_counter() - t0
            self.iterations += budget.used
            self._turn_used += budget.used
            self.last_iterations = budget.used
        self._note_slide(view, action)
        k = repeat_key(view, action)
        if k is not None:
            self._counts[k] = self._counts.get(k, 0) + 1
        return action

    def _follow_turn(self, view, me):
        t = get_tactics(view.GAME)
        k = (me, view.turn())
        if self._turn != k:
            self._turn = k
            self._places = set(t.lane_places(view, me)) if hasattr(t, "lane_places") else set()
            self._counts = {}
            self._turn_used = 0
            self._plan.clear()

    def _note_slide(self, view, action):
        t = get_tactics(view.GAME)
        if hasattr(t, "slide_place"):
            place = t.slide_place(view, action)
            if place is not None:
                self._places.add(place)

    # ------------------------------------------------------------------ helpers
    def _setup(self, view, me, seed):
        game = view.GAME
        conf = dict(DEFAULTS)
        conf.update(game_settings(game))
        conf.update(self.settings)
        for k in _KEYS:
            setattr(self, k, conf[k])
        self.t = get_tactics(game)
        # the game's own scoring of a plan's end (its planner_evaluate), else the expert's
        self.static = (getattr(self.t, "planner_evaluate", None) or getattr(self.t, "expert_evaluate", None)
                       or self.evaluator(game))
        self.final = self.static
        self.continues = getattr(self.t, "continues", None)
        self.harmful = getattr(self.t, "harmful", None)
        self.slide_place = getattr(self.t, "slide_place", None)
        # the game's own exact picture of a state (its ``state_key``), else the generic one
        self.key = getattr(self.t, "state_key", None) or signature
        self.rng = Rng(mix_seed(seed, 0x91A7))

    def options(self, s, places, avoid=(), counts=None):
        """The actions worth trying for the player to move in ``s``."""
        acts = s.legal_actions()
        if avoid:
            acts = without(acts, avoid)
        if counts and len(acts) > 1:
            acts = [a for a in acts if counts.get(repeat_key(s, a), 0) < REPEAT_CAP] or acts
        if len(acts) <= 1:
            return acts
        acts = useful(s, acts)
        if self.slide_place is not None:
            acts = [a for a in acts if self.slide_place(s, a) not in places] or acts
        if self.harmful is not None and len(acts) > 1:
            keep = [a for a in acts if not self.harmful(s, a, acts)]
            acts = keep or acts
        return acts

    def policy(self, s, budget):
        """The expert's move for whoever is to move in ``s`` (applied)."""
        who = s.to_move()
        acts = s.legal_actions()
        a = acts[0] if len(acts) == 1 else self.t.expert(s, who, acts, self.rng)
        s.apply(a, check=False)
        budget.spend()

    def mine(self, s, me, turn) -> bool:
        return s.result() is None and s.turn() == turn and s.turn_player() == me

    def advance(self, s, me, turn, budget) -> None:
        """Play the opponent's decisions inside ``me``'s turn (the expert's)."""
        n = 0
        while self.mine(s, me, turn) and s.to_move() != me and n < 60:
            self.policy(s, budget)
            n += 1

    def reply(self, s, me, budget) -> float:
        """From the end of ``me``'s turn: the opponent's turn played by the expert (and
        ``me``'s decisions in it), up to the start of ``me``'s next turn, then ``extra``
        more rounds (``me``'s turn and the opponent's) by the expert; scored."""
        for k in range(1 + self.extra):
            if k:
                n = 0
                while s.result() is None and s.turn_player() == me and n < 300:
                    self.policy(s, budget)
                    n += 1
            if self.reply_width and not k:
                s = self.opponent_turn(s, me, budget)
            n = 0
            while s.result() is None and s.turn_player() != me and n < 300:
                self.policy(s, budget)
                n += 1
        v = terminal_value(s, me)
        # a game won or lost outweighs any evaluation (which may pass ±1), as in the beam:
        # a plan that wins now is never put behind one that only looks good
        return self.final(s, me) if v is None else v * 1000.0

    def opponent_turn(self, s, me, budget):
        """The opponent's reply turn as its own beam search (``reply_width`` positions
        kept a step, scored by the evaluation for the opponent; ``me``'s decisions inside
        it by the expert), instead of the expert's single line: the reply a planner would
        find. Returns the position at the end of the best reply found."""
        if s.result() is not None or s.turn_player() == me:
            return s
        opp = s.turn_player()
        turn = s.turn()
        self.advance(s, opp, turn, budget)
        if not self.mine(s, opp, turn):
            return s
        beam = [s]
        best, best_v = None, -1e18
        seen = set()
        for _ in range(self.max_steps):
            cand = []
            for st in beam:
                acts = self.options(st, frozenset())
                for a in acts:
                    for _taken, c in self.expand(st, a, opp):
                        budget.spend()
                        self.advance(c, opp, turn, budget)
                        sig = self.key(c)
                        if sig in seen:
                            continue
                        seen.add(sig)
                        v = terminal_value(c, opp)
                        v = self.static(c, opp) if v is None else v * 1000.0
                        if not self.mine(c, opp, turn):
                            if v > best_v:
                                best, best_v = c, v
                        else:
                            cand.append((v, len(cand), c))
            if not cand:
                break
            cand.sort(key=lambda x: (-x[0], x[1]))
            beam = [c for _, _, c in cand[:self.reply_width]]
            if len(seen) > self.reply_cap:
                break
        if best is None or beam and self.mine(beam[0], opp, turn):
            # finish the kept positions by the expert where the beam stopped short
            for st in beam[:1] if best is not None else beam:
                c = st.clone()
                n = 0
                while self.mine(c, opp, turn) and n < 200:
                    self.policy(c, budget)
                    n += 1
                v = terminal_value(c, opp)
                v = self.static(c, opp) if v is None else v * 1000.0
                if v > best_v:
                    best, best_v = c, v
        return best if best is not None else s

    # ------------------------------------------------------------------ the plan
    def plan(self, view, me, seed, avoid, budget):
        self._setup(view, me, seed)
        budget.left = self.budget
        dets = [view.determinize(me, mix_seed(seed, 0xD0, i)) for i in range(max(1, self.dets))]
        d0 = dets[0]
        root = self.options(d0, self._places, avoid, self._counts)
        if len(root) == 1:
            return root[0]
        setup = _planner_knowledge(view.GAME).get("setup_kinds")
        if setup and root[0][0] in setup:
            return self.t.expert(d0, me, root, self.rng)
        turn = d0.turn()
        if d0.turn_player() != me:
            return self.react(dets, me, root, budget)
        plans = self.beam(d0, me, turn, root, budget)
        if self.plans:
            plans = plans[:self.plans]
        if self.top:
            plans = plans + self.first_actions(d0, me, turn, root, budget, {p for p, _ in plans})
        if not plans:
            return root[0]
        best, best_v = None, -1e18
        for path, end_state in plans:
            total = 0.0
            for i, d in enumerate(dets):
                if i == 0:
                    s = end_state.clone()
                else:
                    s = self.replay(d, me, turn, path, budget)
                total += self.reply(s, me, budget)
            v = total / len(dets)
            if v > best_v + 1e-12:
                best, best_v = path, v
        self.last_plan = (best, best_v)
        self._remember_plan(d0, me, turn, best, view)
        return best[0]

    def first_actions(self, d0, me, turn, root, budget, have):
        """The ``top`` best first actions by the evaluation one action ahead (the
        opponent's decisions inside the turn by the expert), each as a plan the expert
        finishes: [(actions, position at the end of the turn)], those in ``have`` left out."""
        scored = []
        for i, a in enumerate(root):
            c = d0.clone()
            c.apply(a, check=False)
            budget.spend()
            self.advance(c, me, turn, budget)
            v = terminal_value(c, me)
            scored.append((-(self.static(c, me) if v is None else v * 1000.0), i, a))
        scored.sort()
        out = []
        for _, _, a in scored[:self.top]:
            if (a,) not in have:
                out.append(((a,), self.replay(d0, me, turn, (a,), budget)))
        return out

    def react(self, dets, me, root, budget):
        """A decision in the opponent's turn: each option played out to ``me``'s next turn."""
        best, best_v = root[0], -1e18
        for a in root:
            total = 0.0
            for d in dets:
                s = d.clone()
                if s.why_illegal(a) is not None:
                    continue
                s.apply(a, check=False)
                budget.spend()
                total += self.reply(s, me, budget)
            v = total / len(dets)
            if v > best_v + 1e-12:
                best, best_v = a, v
        return best

    def expand(self, s, a, me):
        """The positions ``a`` leads to: one, or (a move made in two steps, Evons' card
        then its cell) one per way of finishing it. Yields (actions, position)."""
        c = s.clone()
        c.apply(a, check=False)
        if self.continues is not None and c.result() is None and c.to_move() == me and self.continues(c):
            for b in c.legal_actions():
                cc = c.clone()
                cc.apply(b, check=False)
                yield (a, b), cc
            return
        yield (a,), c

    def beam(self, d0, me, turn, root, budget):
        """Finished plans [(actions, position at the end of the turn)] worth a reply."""
        static = self.static
        beam = [((), d0, frozenset(self._places), root, dict(self._counts))]
        finished = []          # (static value, order, path, state)
        seen = set()
        order = 0
        steps = 0
        while beam and steps < self.max_steps:
            steps += 1
            cand = []
            for path, s, places, acts, counts in beam:
                if acts is None:
                    acts = self.options(s, places, (), counts)
                for a in acts:
                    if budget.left <= 0 and (cand or finished):
                        break
                    sp = self.slide_place(s, a) if self.slide_place is not None else None
                    pl = places | {sp} if sp is not None else places
                    rk = repeat_key(s, a)
                    cn = counts if rk is None else {**counts, rk: counts.get(rk, 0) + 1}
                    for taken, c in self.expand(s, a, me):
                        budget.spend(len(taken))
                        self.advance(c, me, turn, budget)
                        sig = self.key(c)
                        if sig in seen:
                            continue
                        seen.add(sig)
                        order += 1
                        v = terminal_value(c, me)
                        if v is None:
                            v = static(c, me)
                        else:
                            v *= 1000.0
                        if not self.mine(c, me, turn):
                            finished.append((v, order, path + taken, c))
                        else:
                            cand.append((v, order, path + taken, c, pl, cn))
            cand.sort(key=lambda x: (-x[0], x[1]))
            beam = [(p, c, pl, None, cn) for _, _, p, c, pl, cn in cand[:self.width]]
            if budget.left <= 0:
                # out of budget: finish the kept positions with the expert
                for _, _, p, c, pl, cn in cand[:self.width]:
                    c2 = c.clone()
                    extra = []
                    n = 0
                    while self.mine(c2, me, turn) and n < 80:
                        if c2.to_move() == me:
                            acts = self.options(c2, pl, (), cn)
                            x = acts[0] if len(acts) == 1 else self.t.expert(c2, me, acts, self.rng)
                            c2.apply(x, check=False)
                            budget.spend()
                            extra.append(x)
                        else:
                            self.policy(c2, budget)
                        n += 1
                    order += 1
                    v = terminal_value(c2, me)
                    finished.append((static(c2, me) if v is None else v * 1000.0, order, p + tuple(extra), c2))
                break
        finished.sort(key=lambda x: (-x[0], x[1]))
        chosen = finished[:self.finals]
        firsts = {f[2][0] for f in chosen}
        for f in finished[self.finals:]:
            if f[2][0] not in firsts:
                firsts.add(f[2][0])
                chosen.append(f)
                if len(chosen) >= 2 * self.finals:
                    break
        return [(f[2], f[3]) for f in chosen]

    def replay(self, d, me, turn, path, budget):
        """``path`` (``me``'s actions) on another determinization, the opponent's decisions
        inside the turn by the expert; where a step is not legal there (a hidden card
        decided otherwise) the expert finishes the turn."""
        s = d.clone()
        i = 0
        n = 0
        while self.mine(s, me, turn) and n < 200:
            n += 1
            if s.to_move() != me:
                self.policy(s, budget)
                continue
            if i < len(path) and s.why_illegal(path[i]) is None:
                s.apply(path[i], check=False)
                budget.spend()
                i += 1
                continue
            i = len(path)
            self.policy(s, budget)
        return s

    def _remember_plan(self, d0, me, turn, path, view):
        """The views the plan expects to meet (on the determinization it was made on),
        each with its next planned action."""
        self._plan.clear()
        s = d0.clone()
        k = 0
        n = 0
        while self.mine(s, me, turn) and k < len(path) and n < 200:
            n += 1
            if s.to_move() != me:
                self.policy(s, Budget(0))
                continue
            if k > 0:
                self._plan[view_digest(s.view(me))] = path[k]
            s.apply(path[k], check=False)
            k += 1


__all__ = ["PlannerAgent", "DEFAULTS", "game_settings", "signature"]
