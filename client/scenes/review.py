"""Game review: each of a player's decisions scored by the hard AI, like a chess
program's review.

Opened (pushed over the current screen) from the game-over panel and from the
replay viewer with a :class:`~engine.core.record.MatchRecord` and the seat to
review. The review runs in the background (:func:`engine.ai.review.review`,
from that player's own view only) with a progress bar; then the screen shows

* a graph of the win estimate over the game (after each decision): the line is the
  estimate smoothed over a few decisions (``Review.curve``), each decision's own
  figure a point beside it, the worst decisions marked in red (blunder), orange
  (mistake) and yellow (inaccuracy);
* the marked decisions, worst first, each with the estimate before and after
  and the move the hard level preferred — click one (or its point on the
  graph, or keys 1–8) to open the replay at that decision;
* a summary line (decisions reviewed, how many as good as the hard AI's, marks).

A first look is shown at once (``review(..., quick=True)``: every decision scored one ply
deep, a few milliseconds each), marked "First look" with the progress of the searched
review made behind it, which replaces it when done (marks, estimates and reasons).
Reviews are kept in memory per game and seat, so reopening is instant (a first look
reopened resumes the searched review).
"""
from __future__ import annotations

import pygame

from engine.core.text import possessive

from client.ui.theme import PAL, draw_text, draw_wrapped, ellipsize, fit_named, font, panel
from client.scenes.base import Scene

#: iterations per decision (None: the game's analysis budget, engine.ai.review.analysis_budget);
#: tests lower it
REVIEW_ITERATIONS = None
#: worker processes for the searched review (None: one a core, engine.ai.review.review_jobs)
REVIEW_JOBS = None
MARK_COLOURS = {"blunder": PAL["bad"], "mistake": (236, 150, 70), "inaccuracy": (230, 206, 96)}
_CACHE: dict = {}
MAX_LISTED = 8


def _key(record, seat):
    return (record.game, record.seed, tuple(tuple(a) for a in record.actions), seat)


class ReviewScene(Scene):
    name = "review"

    @classmethod
    def demo_kwargs(cls, app, game, seed):
        """For screenshots: a short AI game, reviewed at a small budget (instant)."""
        from engine.ai import make_agent
        from engine.ai.review import review
        from engine.core.harness import starter_pair
        from engine.core.session import MatchSession
        s = MatchSession.new(game, starter_pair(game, seed), seed, None,
                             {"mode": "ai", "human": 0, "names": ["You", "AI (hard)"]})
        agents = [make_agent("easy", seed), make_agent("greedy", seed + 1)]
        for _ in range(160):
            m = s.match
            if m.result() is not None:
                break
            s.apply(agents[m.to_move()].choose(m))
        rec = s.record.copy()
        _CACHE[_key(rec, 0)] = review(s, 0, seed=seed, iterations=30, limit=30)
        return {"record": rec, "seat": 0}

    def __init__(self, app, **kw):
        super().__init__(app, **kw)
        self.record = kw["record"]
        self.seat = int(kw.get("seat", 0) or 0)
        self.controller = kw.get("controller")      # the replay viewer we came from, if any
        self.names = list(self.record.meta.get("names") or ["Player 1", "Player 2"])
        self.job = None
        self.result = _CACHE.get(_key(self.record, self.seat))
        self.error = ""
        self.point_rects: list = []
        self._last_fraction = -1.0

    # ------------------------------------------------------------ life cycle
    def enter(self):
        super().enter()
        if self.result is None or self.result.quick:
            self.start()

    @property
    def refining(self) -> bool:
        """The quick pass is shown and the searched review is being made."""
        return self.job is not None and self.result is not None and self.result.quick

    def leave(self):
        self.stop()
        super().leave()

    def start(self):
        from engine.ai.background import run
        from engine.ai.review import review, review_jobs
        from engine.core.session import MatchSession
        self.stop()
        self.error = ""
        try:
            session = MatchSession.from_record(self.record)
        except Exception as e:  # noqa: BLE001 - a record that does not reproduce
            self.error = f"This game cannot be reviewed: {e}"
            return
        seat = self.seat
        iters = REVIEW_ITERATIONS
        jobs = REVIEW_JOBS or review_jobs()
        quick = self.result is None

        def work(cancel, yield_every, progress):
            # no seed of its own: a position's analysis is seeded by the position, so the
            # review reads what the hint read there; first the quick pass (one ply, shown
            # at once), then the searched review that replaces it, its positions analysed in
            # worker processes (a core each)
            return review(session, seat, iterations=iters, cancel=cancel, yield_every=yield_every,
                          progress=progress, quick=quick, jobs=1 if quick else jobs)

        self.job = run(work)

    def stop(self):
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def set_seat(self, seat):
        if seat == self.seat:
            return
        self.stop()
        self.seat = seat
        self.result = _CACHE.get(_key(self.record, seat))
        if self.result is None or self.result.quick:
            self.start()
        self.rebuild()

    # ------------------------------------------------------------ geometry
    def graph_rect(self):
        s = self.s
        return pygame.Rect(s(30), s(110), int(self.W * 0.58) - s(30), self.H - s(200))

    def plot_rect(self):
        """Where the curve is drawn inside the graph: below its caption (a point at 100 %
        never sits under its words), room on the left for the 0/50/100 % labels."""
        g, s = self.graph_rect(), self.s
        return pygame.Rect(g.left + s(50), g.top + s(44), g.width - s(70), g.height - s(74))

    def list_rect(self):
        g = self.graph_rect()
        s = self.s
        return pygame.Rect(g.right + s(24), g.top, self.W - g.right - s(54), g.height)

    def build(self):
        s = self.s
        self.button((self.W - s(130), s(20), s(110), s(40)), "Back", self.close, key="escape",
                    tip="Back to where you were", name="back", cls="@small")
        for i, label in ((0, self.names[0]), (1, self.names[1])):
            self.button((self.W - s(130) - s(180) * (2 - i), s(20), s(170), s(40)),
                        ellipsize(label, font(s(16)), s(150), where="seat button"), (lambda i=i: self.set_seat(i)),
                        tip=f"Review {possessive(label)} decisions", name=f"seat{i}",
                        cls="@toggle_on" if i == self.seat else "@toggle")   # one size, the chosen one gold
        if self.result is None:
            return
        r = self.list_rect()
        y = r.top + s(44)
        bh = s(74)          # three lines: the decision, the estimates and hard's move, why
        for k, mv in enumerate(self.result.marked()[:MAX_LISTED]):
            if y + bh > r.bottom:
                break
            self.button((r.left, y, r.width, bh), "", (lambda mv=mv: self.jump(mv)), key=str(k + 1),
                        tip=f"{mv.line()}<br>Open the replay at this decision", name=f"mark{k}")
            y += bh + s(6)

    # ------------------------------------------------------------ actions
    def jump(self, mv):
        """Open the replay at the position where ``mv`` was decided."""
        ctrl = self.controller
        if ctrl is not None:
            ctrl.pause()
            ctrl.seek(mv.index)
            ctrl.review = {"record": self.record, "seat": self.seat, "move": mv}   # Back returns here
            self.close()
            return
        from client.replays.controller import ReplayController
        try:
            ctrl = ReplayController(self.record)
        except Exception as e:  # noqa: BLE001 - a damaged record is told, not crashed on
            self.app.toast(f"The replay cannot be shown: {e}", "error", 6)
            return
        ctrl.return_kwargs = {"game": self.record.game}
        ctrl.review = {"record": self.record, "seat": self.seat, "move": mv}   # Back returns here
        ctrl.seek(mv.index)
        self.app.scenes.switch("table", **ctrl.table_kwargs(viewer=self.seat))

    def wake_in(self):
        best = super().wake_in()
        if self.job is not None:          # poll the review (and move its progress bar)
            best = 0.1 if best is None else min(best, 0.1)
        return best

    def handle_event(self, ev):
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.result is not None:
            for rect, mv in self.point_rects:
                if rect.collidepoint(ev.pos):
                    self.jump(mv)
                    return

    def update(self, dt):
        super().update(dt)
        if self.job is not None:
            if self.job.done():
                job, self.job = self.job, None
                try:
                    res = job.result()
                except Exception as e:  # noqa: BLE001 - show, don't crash
                    self.error = f"The review failed: {e}"
                    return
                if res is not None:
                    self.result = res
                    _CACHE[_key(self.record, self.seat)] = res
                    if res.quick:           # shown at once; the searched review follows
                        self.start()
                    self.rebuild()
                    _dirty(self)
            elif abs(self.job.fraction - self._last_fraction) > 0.005:
                self._last_fraction = self.job.fraction
                _dirty(self)

    def footer_text(self) -> str:
        """How to open the replay at a decision; where the list holds only the worst, where
        the others are (each marked decision is a point on the graph). On a first look: that
        it is one, and how far the hard AI's check behind it has come."""
        if self.result is not None and self.result.quick:
            if self.job is None:
                return "A first look only: the hard AI's check of each decision was stopped."
            return (f"A first look: the hard AI is checking each decision ({round(self.job.fraction * 100)}%); "
                    "the graph updates and the list fills when it is done.")
        marked = len(self.result.marked()) if self.result is not None else 0
        listed = sum(1 for k in range(MAX_LISTED) if self.widgets.get(f"mark{k}") is not None)
        if marked > listed:
            other = marked - listed
            head = "The decision that lost most is listed" if listed == 1 else \
                f"The {listed} that lost most are listed"
            rest = "the other one is a marked point on the graph" if other == 1 else \
                f"the other {other} are the marked points on the graph"
            return f"{head}; {rest}. Click one to open the replay there."
        return "Click a marked decision (or its point) to open the replay there."

    # ------------------------------------------------------------ drawing
    def draw(self, surf):
        s = self.s
        surf.fill(PAL["bg"])
        from client.scenes import gamesinfo
        title = f"Game review — {gamesinfo.title(self.record.game)}"
        draw_text(surf, title, (s(30), s(24)), s(30), PAL["gold"], title=True)
        who = self.names[self.seat] if self.seat < len(self.names) else f"Player {self.seat + 1}"
        # the name once, cut with "…" where it is too long for the line (the words stay)
        view = "your own view" if possessive(who) == "your" else "that player's own view"

        def form(name):
            return f"{possessive(name, capital=True)} decisions, scored by the hard AI from {view}"
        f, sub = fit_named(who, form, self.W - s(60), s(17), min_size=s(13), where="review subtitle")
        draw_text(surf, sub, (s(30), s(66)), f.ch_size, PAL["muted"])
        g = self.graph_rect()
        panel(surf, g, colour=PAL["panel"], border=PAL["line"], radius=s(10))
        lr = self.list_rect()
        panel(surf, lr, colour=PAL["panel"], border=PAL["line"], radius=s(10))
        if self.error:
            draw_text(surf, self.error, g.center, s(18), PAL["bad"], anchor="center")
        elif self.result is None:
            self._draw_progress(surf, g)
        else:
            self._draw_graph(surf, g)
            self._draw_list(surf, lr)
            # (a long game's counts: a little smaller, never past the window's edge)
            summary, width, size = self.result.summary(), self.W - s(60), s(18)
            while size > s(14) and font(size).size(summary)[0] > width:
                size -= 1
            draw_text(surf, ellipsize(summary, font(size), width, where="review summary"),
                      (s(30), g.bottom + s(18)), size, PAL["text"])
            draw_wrapped(surf, self.footer_text(), pygame.Rect(s(30), g.bottom + s(44), self.W - s(60),
                                                               self.H - g.bottom - s(46)),
                         s(15), PAL["gold"] if self.result.quick else PAL["dim"], line_gap=1.0, max_lines=2)
        self.draw_ui(surf)
        if self.result is not None:
            self._draw_list_text(surf)

    def _draw_progress(self, surf, g):
        s = self.s
        frac = self.job.fraction if self.job is not None else 0.0
        bar = pygame.Rect(0, 0, g.width - s(120), s(22))
        bar.center = g.center
        pygame.draw.rect(surf, PAL["bg2"], bar, border_radius=s(6))
        fill = bar.copy()
        fill.width = max(s(12), int(bar.width * frac))     # at least its two rounded ends (no sliver)
        pygame.draw.rect(surf, PAL["gold"], fill, border_radius=s(6))
        draw_text(surf, f"Reviewing the game… {round(frac * 100)}%", (bar.centerx, bar.top - s(26)),
                  s(20), PAL["text"], anchor="center")

    def _draw_graph(self, surf, g):
        s = self.s
        moves = self.result.moves
        inner = self.plot_rect()
        # axes: 0, 50, 100%
        for frac, label in ((0.0, "0%"), (0.5, "50%"), (1.0, "100%")):
            y = inner.bottom - int(inner.height * frac)
            pygame.draw.line(surf, PAL["line"] if frac != 0.5 else PAL["dim"], (inner.left, y), (inner.right, y), 1)
            draw_text(surf, label, (inner.left - s(8), y), s(14), PAL["dim"], anchor="midright")
        room = g.right - s(16) - inner.left
        caption = next((t for t in CAPTIONS if font(s(15)).size(t)[0] <= room), CAPTIONS[-1])
        draw_text(surf, ellipsize(caption, font(s(15)), room, where="review graph caption"),
                  (inner.left, g.top + s(10)), s(15), PAL["muted"])
        self.point_rects = []
        if not moves:
            draw_text(surf, "No decisions with a choice to review.", inner.center, s(18), PAL["muted"],
                      anchor="center")
            return
        n = len(moves)
        pts, line = [], []
        curve = [v for _, v in self.result.curve()]
        for k, mv in enumerate(moves):
            x = inner.left + (int(inner.width * k / (n - 1)) if n > 1 else inner.width // 2)
            pts.append((x, inner.bottom - int(inner.height * mv.after)))
            line.append((x, inner.bottom - int(inner.height * curve[k])))
        # the line is the smoothed estimate (one decision's search is noisy); each decision's
        # own figure is a small point beside it, a marked one a larger point in its colour
        if len(line) >= 2:
            pygame.draw.lines(surf, PAL["gold"], False, line, max(2, s(2)))
        elif pts and not moves[0].mark:     # one decision: its point (a line needs two)
            pygame.draw.circle(surf, PAL["gold"], pts[0], s(5))
        if len(pts) >= 2:
            for (x, y), mv in zip(pts, moves):
                if not mv.mark:
                    pygame.draw.circle(surf, PAL["muted"], (x, y), max(2, s(2)))
        for (x, y), mv in zip(pts, moves):
            if mv.mark:
                col = MARK_COLOURS[mv.mark]
                pygame.draw.circle(surf, col, (x, y), s(6))
                pygame.draw.circle(surf, PAL["bg"], (x, y), s(6), 1)
                self.point_rects.append((pygame.Rect(x - s(9), y - s(9), s(18), s(18)), mv))
        first, last = moves[0].turn, moves[-1].turn
        if first == last:       # one turn: said once, under its point
            draw_text(surf, _turn_words(first), (pts[0][0], inner.bottom + s(8)), s(14), PAL["dim"],
                      anchor="midtop")
            return
        draw_text(surf, _turn_words(first), (inner.left, inner.bottom + s(8)), s(14), PAL["dim"])
        draw_text(surf, _turn_words(last), (inner.right, inner.bottom + s(8)), s(14), PAL["dim"], anchor="topright")

    def _draw_list(self, surf, r):
        s = self.s
        marked = self.result.marked()
        if self.result.quick:
            head = "The decisions that lost most come with the hard AI's check"
        else:
            head = "Decisions that lost the most" if marked else "No decision lost 5 points or more — well played."
        # the panel's width, on two lines if need be (never past its edge)
        draw_wrapped(surf, head, pygame.Rect(r.left + s(14), r.top + s(10), r.width - s(28), s(48)), s(18),
                     PAL["text"], bold=True)

    def _draw_list_text(self, surf):
        """Text on top of the (empty-labelled) mark buttons: three lines each (the third why
        the hard AI prefers its move, from the planner's line for it; the tooltip has the
        whole decision, with what the move played led to)."""
        s = self.s
        for k, mv in enumerate(self.result.marked()[:MAX_LISTED]):
            b = self.widgets.get(f"mark{k}")
            if b is None:
                continue
            r = b.rect
            col = MARK_COLOURS[mv.mark]
            pygame.draw.circle(surf, col, (r.left + s(16), r.top + s(16)), s(6))
            # the engine's words name "Player 1" / "Player 2": the names the rest says
            line1 = f"{k + 1}. Turn {mv.turn} ({mv.mark}): {mv.text}"
            who = "first look" if self.result.quick else "hard"     # whose best move it is
            line2 = (f"{round(mv.before * 100)}% best, {round(mv.after * 100)}% played — {who}: "
                     f"{mv.best_text}")
            rows = [(line1, r.top + s(6), True, PAL["text"], s(15)),
                    (line2, r.top + s(29), False, PAL["muted"], s(14))]
            if mv.why:
                rows.append((f"Why: {mv.why}", r.top + s(50), False, PAL["dim"], s(13)))
            for text, y, bold, colour, size in rows:
                room = r.width - s(40)
                # a size or two smaller rather than cut ("hard: Attune: Deep Attune (4 Essence, no
                # draw)"); past that the row's tooltip holds the whole decision: built to cut
                floor = max(11, size - s(2))
                while size > floor and font(size, bold).size(text)[0] > room:
                    size -= 1
                text = _cut_at_word(text, ellipsize(text, font(size, bold), room, where="review row",
                                                    designed=True))
                draw_text(surf, text, (r.left + s(30), y), size, colour, bold=bold)


#: the graph's caption, and shorter forms of it for a narrow graph
CAPTIONS = ("win estimate after each decision: the line smoothed, a point each decision's own",
            "win estimate: the line smoothed, a point each decision's",
            "win estimate, smoothed")


def _turn_words(turn: int) -> str:
    """A point on the graph's axis: "turn 5"; the decisions before turn 1 (Evons' opening
    hands) are "the opening"."""
    return f"turn {turn}" if turn >= 1 else "the opening"


def _cut_at_word(full: str, shown: str) -> str:
    """``shown`` (``full`` cut with "…") cut back to a whole word: "flips 2 card…" would
    read as a mistake."""
    if shown == full or not shown.endswith("…"):
        return shown
    head = shown[:-1]
    if len(head) < len(full) and not full[len(head)].isspace() and " " in head:
        head = head.rsplit(" ", 1)[0]
    return head.rstrip(" ,;:—") + "…"


def _dirty(scene) -> None:
    for name in ("mark_dirty", "invalidate", "dirty"):
        f = getattr(scene, name, None)
        if callable(f):
            f()
            return
