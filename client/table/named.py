"""How the screens call each seat: "you" for a player at this screen, "the AI" for the
AI, the players' names in hot seat and online. The engine words every sentence with a
player in it from these names when it is drawn (``Match.event_text(event, names)``,
:func:`engine.core.match.result_text`); nothing is renamed after it was written."""
from __future__ import annotations

from engine.core.text import Names, is_you


def seat_names(names, mode: str = "", human_seats=()) -> Names:
    """The :class:`Names` of a table or a record: a seat named "You" is "you"; against
    the AI the other seat is "the AI" ("the AI's Arenor"); otherwise the players' names."""
    out = []
    for seat in (0, 1):
        n = str(names[seat]) if seat < len(names) else f"Player {seat + 1}"
        if is_you(n):
            out.append("you")
        elif mode == "ai" and seat not in tuple(human_seats or ()) and human_seats:
            out.append("the AI")
        else:
            out.append(n)
    return Names(out)


class NamedSeats:
    """Mixin for a game's table (``class Table(NamedSeats, TableScene)``): the log's lines
    pass through :meth:`log_text` (a table may merge or finish them there: Evons' one
    line per Firestorm); :meth:`poss` and :meth:`row` name a seat for the table's own
    words. The seats' names in sentences are :meth:`seat_names` (the table framework's)."""

    _log_wrapped = False

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self._wrap_log()

    def poss(self, seat) -> str:
        """"Your" / "AI (easy)'s" (the table's labels: the header and the panels)."""
        return "Your" if is_you(self.names[seat]) else f"{self.names[seat]}'s"

    def row(self, seat):
        return "me" if seat == self.viewer else "opp"

    def log_text(self, text) -> str:
        """What the log adds for an engine sentence (a table may change or merge it)."""
        return text

    def _wrap_log(self):
        if self._log_wrapped:
            return
        self._log_wrapped = True
        add = self.log.add

        def table_add(text, **kw):
            add(self.log_text(text), **kw)
        self.log.add = table_add

    def _log_start(self):
        self._wrap_log()
        super()._log_start()
