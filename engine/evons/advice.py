"""Evons' words for the hint and the review: what a move leads to in the turn planner's
line (:mod:`engine.ai.advice` plays the line; this reads its events).

"flips C3 and D4 and exposes none (score 9–7 after their reply)", "flips E5; their reply
flips 2 cards of yours back", "destroys Pyre Witch". Lower case, no full stop: the hint puts the words
after the move's estimate."""
from __future__ import annotations

from engine.core.match import event_view
from engine.core.text import count, join_names

from .cards import cell_name
from .text import EVENTS


def _named(events) -> list:
    return [event_view(e, EVENTS) for e in events]


def _flips_to(events, p) -> int:
    return sum(1 for v in _named(events) if v.kind == "flip" and v.player == p)


def _flipped_cells(line, events, p) -> list:
    """The cells of the cards flipped to ``p`` in ``events`` (where they stand at the end
    of the turn)."""
    m = line.turn_end
    out = []
    for v in _named(events):
        if v.kind == "flip" and v.player == p:
            c = m.pos[v.inst] if 0 <= v.inst < len(m.pos) else -1
            out.append(cell_name(c) if c >= 0 else "a card")
    return out


def _destroyed(line, events, q) -> list:
    """Names of ``q``'s cards destroyed in ``events`` (controller as the line began)."""
    m = line.before
    out = []
    for v in _named(events):
        if v.kind == "destroy" and 0 <= v.inst < len(m.ctrl) and m.ctrl[v.inst] == q:
            card = line.reply_end.card(v.inst) if line.reply_end is not None else None
            out.append(getattr(card, "name", None) or "a card")
    return out


def reason(line) -> str:
    p, o = line.player, 1 - line.player
    end = line.reply_end
    if end is not None and end.result() is not None:
        w = end.result().winner
        if w == p:
            return "wins the game"
        if w == o:
            return "loses the game"
    tev, rev = line.turn_events, line.reply_events
    if not line.own_turn:
        back = _flips_to(tev, o)
        return f"they flip {back} of yours this turn" if back else "they flip none of yours this turn"
    cells = _flipped_cells(line, tev, p)
    flips = len(cells)
    gone = _destroyed(line, tev, o)
    head = f"flips {join_names(cells)}" if flips else "flips nothing"
    if gone:
        head += f" and destroys {join_names(gone)}"
    back = _flips_to(rev, o)
    lost = _destroyed(line, rev, p)
    if back or lost:
        tail = f"; their reply flips {count(back, 'card')} of yours back" if back else "; their reply"
        if lost:
            tail += (" and" if back else "") + f" destroys {join_names(lost)}"
    else:
        tail = " and exposes none" if flips else "; their reply flips none of yours"
    score = ""
    if end is not None:
        a, b = end.score(p), end.score(o)
        score = f" (score {a}–{b} after their reply)"
    return head + tail + score
