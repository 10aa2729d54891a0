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
    except Exception:  # noqa: BLE001
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
        decision = g.decision().get("phase") if not stopped and g.result() is None and g.to_move() == p \
            else None
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
    involved = {x for c in conflicts for x in c[:2]} | set(destroyed) | set(flipped)
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
             "decision": decision, "uncertain": uncertain, "fills_last_cell": fills, "flip_to": flip_to}
    lines = []
    if fills:
        lines.append("Fills the last main cell: the game ends now, before this card activates.")
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
    if res is not None:
        who = "you win" if res.winner == p else "a draw" if res.winner is None else "you lose"
        lines.append(f"Score after: {me}–{them} — {who}.")
    else:
        lines.append(f"Score after: {me}–{them} (now {m.score(p)}–{m.score(1 - p)}).")
    if decision in ("fire", "ability"):
        lines.append("Then you choose where its ability fires.")
    if uncertain:
        lines.append("A covered card is involved: the outcome depends on what it is.")
    warn = res is not None and res.winner != p
    return Preview(tuple(action), lines, ends_game=facts["ends_game"], warning=warn, facts=facts)
