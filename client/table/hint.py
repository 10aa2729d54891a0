"""The "Hint" button (key H) of a table against the AI.

Asks the hard level, in the background, what it would do from the player's
own view (:func:`engine.ai.review.hint`), then outlines that move on the board
(the card or creature and where it goes, or the action button) and shows one
line: the move, its win estimate and why (what the planner's line for it shows,
in the game's words: "kills Hill Brute and survives"), then the best alternative's.
The hint is dropped as soon as the position changes.

A table keeps one :class:`HintControl` (``table.hints``) and calls
``update()`` every frame and ``draw(surf)`` after its board.
"""
from __future__ import annotations

import pygame

from client.ui.theme import PAL, draw_text, ellipsize, font, panel, wrap_lines

#: iterations of the search behind a hint (None = the analysis budget the review uses)
HINT_ITERATIONS = None


class HintControl:
    def __init__(self, table):
        self.table = table
        self.job = None
        self.hint = None
        self.at = -1          # session length the hint (or the job) belongs to
        self.message = ""
        self._rects_for, self._rects = None, []

    # ------------------------------------------------------------ state
    @property
    def available(self) -> bool:
        t = self.table
        return t.mode == "ai" and t.session is not None and t.human_to_move()

    @property
    def thinking(self) -> bool:
        return self.job is not None

    def request(self):
        """Start thinking about a hint for the human to move (the H key)."""
        t = self.table
        if not self.available:
            t.app.toast("A hint is for your own decisions against the AI.", "info")
            return
        if self.hint is not None and self.at == len(t.session):
            return
        self.cancel()
        from engine.ai.background import run
        from engine.ai.review import hint
        m = t.match.clone()
        seat = m.to_move()

        def work(cancel, yield_every, progress):
            # the analysis the review of this position reads too (seeded by the position)
            return hint(m, seat, iterations=HINT_ITERATIONS, cancel=cancel, yield_every=yield_every)

        self.at = len(t.session)
        self.message = "Thinking about a hint…"
        self.job = run(work)

    def show_review(self, mv):
        """A reviewed decision opened in the replay (``mv``: an
        :class:`engine.ai.review.ReviewedMove`): hard's move outlined on the board as a
        hint's is, the review's line for it over the log, until the replay moves on."""
        from types import SimpleNamespace
        t = self.table
        self.cancel()
        self.hint = SimpleNamespace(action=tuple(mv.best_action), follow=mv.best_follow)
        said = f"Review, turn {mv.turn}: hard plays {mv.best_text} — {round(100 * mv.before)}%"
        said += f": {mv.why}." if mv.why else "."
        said += f" You played {mv.text} — {round(100 * mv.after)}%"
        said += f": {mv.played_why}" if mv.played_why else ""
        self.message = said
        self.at = len(t.session)
        t.invalidate()

    def cancel(self):
        if self.job is not None:
            self.job.cancel()
            self.job = None
        self.hint = None
        self.message = ""

    def update(self):
        t = self.table
        if t.session is None:
            return
        if self.at != len(t.session) and (self.job is not None or self.hint is not None):
            self.cancel()                       # the position moved on
            t.invalidate()
            return
        if self.job is not None and self.job.done():
            job, self.job = self.job, None
            try:
                self.hint = job.result()
            except Exception as e:  # noqa: BLE001 - a hint must never break the game
                self.hint = None
                self.message = f"No hint: {e}"
                return
            # (a move's words are the mover's own: "Play Spark on the opponent's Hushmage")
            self.message = self.hint.reason if self.hint is not None else ""
            t.invalidate()

    # ------------------------------------------------------------ where the move is
    def rects(self) -> list:
        """Screen rectangles of the hinted move (source and target, or its button): found
        as Learn to play finds a taught move (:func:`client.table.guidance.move_rects`)."""
        h, t = self.hint, self.table
        if h is None:
            return []
        # found once per hint, position and layout (a replay's outline builds the drag
        # sources it reads: not again on every frame drawn)
        key = (h, t.sources, t.targets, len(t.session) if t.session is not None else -1, t.viewer, t.W, t.H,
               t.app.scale, t.hand_scroll.offset)
        if self._rects_for is None or any(a is not b and a != b for a, b in zip(self._rects_for, key)):
            self._rects_for, self._rects = key, self._find_rects(h, t)
        return list(self._rects)

    def _find_rects(self, h, t) -> list:
        from client.table.guidance import move_rects
        action = tuple(h.action)
        if h.follow is not None:        # a move asked as two decisions: both its ends
            keys = t.two_step_keys(action, tuple(h.follow))
            if keys:
                ends = [t.outline_sources().get(keys[0]), t.targets.get(keys[1])]
                got = [x.rect for x in ends if x is not None]
                if got:
                    return got
        return move_rects(t, action)

    # ------------------------------------------------------------ drawing
    def draw(self, surf):
        if not self.message:
            return
        t = self.table
        s = t.s
        for r in self.rects():
            pygame.draw.rect(surf, PAL["gold"], pygame.Rect(r).inflate(s(8), s(8)), max(2, s(3)),
                             border_radius=s(8))
        # the line goes over the top of the game log (the board stays uncovered)
        area = t.callout_rect() or t.board_rect      # the log's face, or a wider place the table offers
        # the whole line, a size or two smaller where it is long (the reason after the
        # estimates is the game's preview of the move): the largest size that says it all
        # in six lines the area holds; never cut mid-sentence while the smallest can
        for size in (s(16), s(15), s(14), s(13)):
            f = font(size, True)
            lines = wrap_lines(self.message, f, area.width - s(24))
            step = f.get_linesize() + s(2)
            room = max(1, (area.height - s(16)) // step)
            if len(lines) <= min(6, room):
                break
        if len(lines) > room:       # (a replay's short log): the last line shown ends in "…"
            lines = lines[:room]
            lines[-1] = ellipsize(lines[-1] + " …", f, area.width - s(24), where="hint callout", designed=True)
        box = pygame.Rect(area.left, area.top, area.width, s(16) + len(lines) * step)
        panel(surf, box, border=PAL["gold"], radius=s(8))
        y = box.top + s(8)
        for ln in lines:
            draw_text(surf, ln, (box.left + s(12), y), size, PAL["gold"], bold=True)
            y += step
