"""Learn to play: one game's lessons, each replayable, the ones done ticked."""
from __future__ import annotations

import pygame

from client.scenes import gamesinfo
from client.ui.theme import GAME_ACCENT, PAL, draw_wrapped, fit_line, shade
from client.scenes.base import Scene
from client.ui.backdrop import draw_background


class LessonsScene(Scene):
    def enter(self):
        from client.table.tutorial import course, game_progress
        from engine.core.tutorial import LessonError
        self.game = self.kwargs.get("game") or gamesinfo.default_game()
        try:
            self.course = course(self.game)
            self.problem = ""
        except LessonError as e:
            self.course = None
            self.problem = f"The lessons cannot be opened: {e}"
        self.done = set(game_progress(self.game)["done"])
        super().enter()

    def build(self):
        s = self.s
        self.rows = []
        left, top = s(80), s(150)
        bw = min(s(560), self.W - 2 * left)
        bh, gap = s(40), s(8)
        n = len(self.course.lessons) if self.course else 0
        room = self.H - top - s(100)
        bh = max(s(30), min(bh, (room - (n - 1) * gap) // max(1, n)))
        y = top
        if self.course:
            nxt = next((i for i, les in enumerate(self.course.lessons) if les.id not in self.done), 0)
            for i, les in enumerate(self.course.lessons):
                tick = " (done)" if les.id in self.done else ""
                key = str(i + 1) if i < 9 else None
                self.button((left, y, bw, bh), f"{i + 1}. {les.title}{tick}",
                            (lambda lid=les.id: self.play(lid)), key=key,
                            tip=les.intro or les.title, name=f"lesson_{les.id}",
                            cls="@primary" if i == nxt and les.id not in self.done else None)
                self.rows.append(pygame.Rect(left, y, bw, bh))
                y += bh + gap
        fy = self.H - s(70)
        self.button((left, fy, s(200), s(44)), "Back", lambda: self.go("game_menu", game=self.game),
                    key="escape", tip="Back to the game's menu", name="back")
        if self.course:
            self.button((left + s(216), fy, s(300), s(44)), "Play a real game (easy AI)", self.real_game,
                        key="g", tip="Starter decks against the easy AI, with the Hint button pointed out",
                        name="first_game")

    def play(self, lesson_id):
        from client.table.tutorial import open_lesson
        open_lesson(self.app, self.game, lesson_id)

    def real_game(self):
        from client.table.tutorial import start_first_game
        start_first_game(self.app, self.game)

    def draw(self, surf):
        s = self.s
        draw_background(surf)
        acc = GAME_ACCENT.get(self.game, PAL["gold"])
        title = self.course.title if self.course else f"Learn to play {gamesinfo.title(self.game)}"
        f, text = fit_line(title, self.W - s(160), s(44), title=True)
        surf.blit(f.render(text, True, shade(acc, 1.2)), (s(80), s(50)))
        if self.problem:
            draw_wrapped(surf, self.problem, pygame.Rect(s(80), s(150), self.W - s(160), s(120)), s(18), PAL["bad"])
        elif self.course:
            n = len(self.course.lessons)
            d = sum(1 for les in self.course.lessons if les.id in self.done)
            mins = f" About {self.course.minutes} minutes in all." if self.course.minutes else ""
            draw_wrapped(surf, f"{d} of {n} lessons done. Pick any lesson to play it (again).{mins}",
                         pygame.Rect(s(80), s(108), self.W - s(160), s(34)), s(17), PAL["muted"], italic=True)
            self.draw_next(surf)
        self.draw_ui(surf)

    def draw_next(self, surf):
        """Beside the list: the lesson to play next (or the last one), what it teaches."""
        from client.ui.theme import panel
        s = self.s
        if not self.rows:
            return
        left = self.rows[0].right + s(40)
        w = self.W - left - s(60)
        if w < s(260):
            return
        ls = self.course.lessons
        i = next((k for k, les in enumerate(ls) if les.id not in self.done), len(ls) - 1)
        les = ls[i]
        box = pygame.Rect(left, self.rows[0].top, w, self.rows[-1].bottom - self.rows[0].top)
        panel(surf, box, border=PAL["line"], radius=s(10))
        head = "Next" if les.id not in self.done else "All done. The last lesson"
        draw_wrapped(surf, f"{head}: {i + 1}. {les.title}", pygame.Rect(box.left + s(18), box.top + s(16),
                                                                      w - s(36), s(56)), s(20), PAL["gold"],
                     bold=True)
        draw_wrapped(surf, les.intro or les.summary, pygame.Rect(box.left + s(18), box.top + s(80), w - s(36),
                                                                  box.height - s(96)), s(17), PAL["text"])
