"""Players' names in a game's table: engine sentences say "Player 1", the screen says
the names (and "You" reads as English)."""
from __future__ import annotations

import re

from engine.core.match import Result

_PLAYER_RX = re.compile(r"Player ([12])")


class NamedSeats:
    """Mixin for a game's table (``class Table(NamedSeats, TableScene)``): engine sentences
    say "Player 1"; the log, the result and :meth:`named` show the players' names, and
    "You <verb>s" reads as English. A table lists its verbs in ``YOU_VERBS`` and may
    override :meth:`named_you` (more "You" fixes), :meth:`log_text` (what the log shows)
    and :meth:`result_reason` (the result's sentence)."""

    YOU_VERBS: dict = {}
    _YOU_RX = None
    _log_wrapped = False

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if "YOU_VERBS" in cls.__dict__:
            cls._YOU_RX = re.compile(r"\bYou (" + "|".join(cls.YOU_VERBS) + r")\b")

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self._wrap_log()

    def named(self, text: str) -> str:
        """Engine sentences say "Player 1"; show the players' names (and "You" reads as English)."""
        out = _PLAYER_RX.sub(lambda m: self.names[int(m.group(1)) - 1], str(text))
        if "You" in out:
            out = self.named_you(out)
        return out

    def you_verbs(self, out: str) -> str:
        """"You draws" -> "You draw": the table's ``YOU_VERBS`` first, then every other
        verb through the shared sentence helper (engine/core/text.py)."""
        from engine.core.text import you_agree
        if self._YOU_RX is not None:
            out = self._YOU_RX.sub(lambda m: "You " + self.YOU_VERBS[m.group(1)], out)
        return you_agree(out)

    def named_you(self, out: str) -> str:
        return self.you_verbs(out)

    def poss(self, seat) -> str:
        """"Your" / "AI (easy)'s"."""
        return "Your" if self.names[seat] == "You" else f"{self.names[seat]}'s"

    def row(self, seat):
        return "me" if seat == self.viewer else "opp"

    def log_text(self, text) -> str:
        return self.named(text)

    def _wrap_log(self):
        if self._log_wrapped:
            return
        self._log_wrapped = True
        add = self.log.add

        def named_add(text, **kw):
            add(self.log_text(text), **kw)
        self.log.add = named_add

    def _log_start(self):
        self._wrap_log()
        super()._log_start()

    def result(self):
        r = super().result()
        if r is None:
            return None
        return Result(r.winner, self.result_reason(r))

    def result_reason(self, r) -> str:
        return self.named(r.reason)
