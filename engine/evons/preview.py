"""Evons previews: a card dropped on a cell.

For ``(CELL, cell)`` (a card is selected), ``(PLAY, inst, cell, covered)`` or a
``(SELECT, inst, covered)`` that places the card at once (one cell left) the
drop is played on a guessed copy (:func:`engine.core.preview.simulate`) up to
the end of the player's own sequence: the copy stops where the next turn would
begin (the opponent's reveals there are hidden), or at the player's next
decision (where an ability fires: the player chooses). Read from the events:
which cards conflict (and who is destroyed), which flip, the score after, and —
when the drop fills the last main cell — that the game ends at once, before the
card activates.

``facts``: ``conflicts`` [(attacker inst, defender inst, damage to attacker,
damage to defender)], ``destroyed`` and ``flipped`` [inst], ``scores`` after,
``ends_game``, ``winner`` (when it ends), ``decision`` (the phase the player is
asked next, or None), ``uncertain`` (a covered card took part: its identity is a
guess).

Where the sequence goes on through a decision (where an ability fires, an order, a
Firestorm point...), the figures above are those *before* it, and the preview says so;
every way the decisions can go is then played on (a budget of
:data:`CONTINUATION_BUDGET` decisions, counted, not timed): ``outcomes`` lists the
distinct scores (seat order) the turn can end with and ``outcomes_complete`` whether
every way was played. "Score after" is stated only when it is the one outcome; several
are listed as such ("2–0 or 1–1, depending on where abilities fire"). The Cliff Giant
dropped on B4 that previewed 1–1 and scored 2–0 (its flip came after the ability step)
now reads "Score after: 2–0 … whatever is chosen" or names both.
"""
from __future__ import annotations

from ..core.preview import Preview
from . import match as VM
from .cards import MAIN_CELLS, cell_name


def _stopper(cls):
    """A subclass whose next turn does not begin: the copy stops at the turn's end (its
    phase is then PH_NONE: nobody decides)."""
    class Stopper(cls):
        __slots__ = ()
        _stop_at_turn_end = True
    return Stopper


_STOPPERS: dict = {}

#: decisions played through at most, over all the ways a sequence can go on
CONTINUATION_BUDGET = 200
#: per decision: (what "before ..." names, what the outcome depends on, "whatever ...")
_CHOICE_WORDS = {
    "ability": ("the abilities fire", "where the abilities fire", "wherever the abilities fire"),
    "fire": ("the abilities fire", "where the abilities fire", "wherever the abilities fire"),
    "order": ("the activation order is chosen", "the order cards activate in", "whatever the order"),
    "conflict": ("the conflicts' order is chosen", "the order of the conflicts", "whatever the order"),
    "hit": ("Firestorm's damage is placed", "where Firestorm's damage goes", "wherever Firestorm's damage goes"),
    "pull": ("Magnetism's pull is chosen", "what Magnetism pulls", "whatever Magnetism pulls"),
    "pick": ("the card is picked", "the card picked", "whatever card is picked"),
}
_OTHER_CHOICES = ("the opponent chooses", "the opponent's choices", "whatever the opponent chooses")


def _outcomes(g, st, budget=CONTINUATION_BUDGET):
    """Every score the turn can end with from ``g`` (a copy that stops at the turn's end,
    of class ``st``), whatever each decision on the way: (set of scores, all played?,
    the instances that fought, fell or flipped on the way)."""
    out, nodes, touched, seen = set(), 0, set(), set()
    stack = [g]
    while stack:
        x = stack.pop()
        ph = x.sc[VM.S_PHASE]
        if x.result() is not None or ph == VM.PH_NONE or x.to_move() is None \
                or VM.PHASE_NAMES[ph] == "discard":         # (a discard changes no score)
            out.add(tuple(x.scores()))
            continue
        nodes += 1
        if nodes > budget:
            return out, False, touched
        for a in x.legal_actions():
            y = x.clone()
            y.__class__ = st
            for e in y.apply(a):
                if e[0] == "conflict":
                    touched.update(e[1:3])
                elif e[0] in ("destroy", "flip"):
                    touched.add(e[1])
            key = (tuple(y.sc), tuple(y.grid), tuple(y.ctrl), tuple(y.dmg), tuple(y.flags), tuple(y.bon),
                   tuple(y.stack), tuple(map(len, y.zones)))
            if key not in seen:       # choices made in another order often meet again
                seen.add(key)
                stack.append(y)
    return out, True, touched


def preview(m, action) -> Preview | None:
    if not action:
        return None
    if action[0] == VM.CELL:
        cell = action[1]
        inst = m.decision().get("selected", -1)
    elif action[0] == VM.PLAY:
        inst, cell = action[1], action[2]
    elif action[0] == VM.SELECT:     # a single cell left: the engine places it at once
        inst, cell = action[1], -1
    else:
        return None
    p = m.to_move()
    if p is None or m.why_illegal(tuple(action)) is not None:
        return None
    view = m.view(p)
    try:
        g = m.determinize(p, 0)
    except Exception:  # noqa: BLE001 - a preview must never break the game
        return None
    cls = type(g)
    st = _STOPPERS.get(cls)
    if st is None:
        st = _STOPPERS[cls] = _stopper(cls)
    g.__class__ = st
    try:
        events = g.apply(tuple(action))
        scores = g.scores()
        stopped = g.sc[VM.S_PHASE] == VM.PH_NONE      # at the turn's end
        asked = None if stopped or g.result() is not None else g.to_move()
        decision = g.decision().get("phase") if asked is not None else None
        if decision == "discard":
            decision = None                          # the scores are final by then
        if decision is not None:
            outcomes, complete, later = _outcomes(g, st)
        else:
            outcomes, complete, later = {tuple(scores)}, True, set()
    finally:
        g.__class__ = cls
    res = g.result()
    if cell < 0:
        cell = next((e[3] for e in events if e[0] == "play" and e[2] == inst), -1)
        if cell < 0:
            return None            # only a selection: the cell comes next
    main_before = sum(1 for c in MAIN_CELLS if m.at(c) >= 0)
    fills = cell in MAIN_CELLS and main_before == len(MAIN_CELLS) - 1
    conflicts = [(e[1], e[2], e[3], e[4]) for e in events if e[0] == "conflict"]
    destroyed = [e[1] for e in events if e[0] == "destroy"]
    flipped = [e[1] for e in events if e[0] == "flip"]
    flip_to = {e[1]: e[3] for e in events if e[0] == "flip"}   # the last flip of a card counts
    involved = {x for c in conflicts for x in c[:2]} | set(destroyed) | set(flipped) | later
    uncertain = any(i != inst and view.card(i) is None for i in involved)

    def name(i):
        if i == inst:
            c = view.card(i)
            return c.name if c is not None else "your card"
        c = view.card(i)
        if c is None:
            return "a covered card"
        return c.name

    facts = {"conflicts": conflicts, "destroyed": destroyed, "flipped": flipped, "scores": tuple(scores),
             "ends_game": bool(fills or (res is not None)), "winner": res.winner if res is not None else None,
             "decision": decision, "uncertain": uncertain, "fills_last_cell": fills, "flip_to": flip_to,
             "outcomes": sorted(outcomes), "outcomes_complete": complete}
    before, depending, whatever = (_CHOICE_WORDS.get(decision, ("the next choice", "the choices",
                                                                 "whatever is chosen"))
                                   if asked == p else _OTHER_CHOICES)
    lines = []
    if fills:
        lines.append("Fills the last main cell: the game ends now, before this card activates.")
    if decision is not None and (conflicts or destroyed or flipped):
        lines.append(f"Before {before}:")
    for a, d, ta, td in conflicts:
        lines.append(f"{name(a)} fights {name(d)}: {name(a)} takes {ta}, {name(d)} takes {td}.")
    if destroyed:
        lines.append("Destroyed: " + ", ".join(f"{name(i)} ({cell_name(g.pos[i]) if g.pos[i] >= 0 else 'gone'})"
                                                for i in destroyed[:6]) + ".")
    for who, word in ((p, "you"), (1 - p, "the opponent")):
        won = [i for i in dict.fromkeys(flipped) if flip_to[i] == who]
        if won:
            lines.append(f"Flips to {word}: " + ", ".join(name(i) for i in won[:6]) + ".")
    me, them = scores[p], scores[1 - p]
    now = f"now {m.score(p)}–{m.score(1 - p)}"
    guess = " if the covered card is what it may be" if uncertain else ""
    if res is not None:
        who = "you win" if res.winner == p else "a draw" if res.winner is None else "you lose"
        lines.append(f"Score after: {me}–{them} — {who}{guess}.")
    elif decision is None:
        lines.append(f"Score after: {me}–{them} ({now}){guess}.")
    else:
        ends = [f"{o[p]}–{o[1 - p]}" for o in sorted(outcomes, key=lambda o: (o[1 - p] - o[p], -o[p]))]
        if complete and len(ends) == 1:
            lines.append(f"Score after: {ends[0]} ({now}), {whatever}{guess}.")
        elif complete:
            alts = (", ".join(ends[:-1]) + f" or {ends[-1]}") if len(ends) <= 4 else f"{ends[0]} at best to {ends[-1]} at worst"
            lines.append(f"Score after: {alts}, depending on {depending} ({now}){guess}.")
        else:
            lines.append(f"Score before {before}: {me}–{them} ({now}); {depending} can change it{guess}.")
    if decision in ("fire", "ability") and asked == p:
        lines.append("Then you choose where its ability fires.")
    if uncertain:
        lines.append("A covered card is involved: the outcome depends on what it is.")
    warn = res is not None and res.winner != p
    return Preview(tuple(action), lines, ends_game=facts["ends_game"], warning=warn, facts=facts)


def bench(seeds=range(6), per_position: int = 6) -> str:
    """Figures for the drop preview's cost over the positions of seeded random games:
    ``python -m engine.evons.preview`` (mean and worst time of one preview, and how often
    the decisions after a drop were more than the budget plays through)."""
    import time
    from ..core.harness import starter_pair
    from ..core.rng import Rng
    worst = total = 0.0
    n = over = 0
    for seed in seeds:
        m = VM.EvonsMatch.new(starter_pair("evons", seed), seed)
        rng = Rng(seed)
        for _ in range(500):
            if m.result() is not None:
                break
            for a in [x for x in m.legal_actions() if x[0] == VM.CELL][:per_position]:
                t = time.perf_counter()
                pv = preview(m, a)
                dt = time.perf_counter() - t
                worst, total, n = max(worst, dt), total + dt, n + 1
                over += bool(pv is not None and not pv.facts["outcomes_complete"])
            legal = m.legal_actions()
            m.apply(legal[rng.randrange(len(legal))])
    return (f"{n} drop previews: mean {total / max(1, n) * 1000:.2f} ms, worst {worst * 1000:.1f} ms; "
            f"{over} past the budget of {CONTINUATION_BUDGET} decisions ('Score before ...')")


if __name__ == "__main__":
    print(bench())
