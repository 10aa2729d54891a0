"""Text fitted to a place (client.ui.theme.fit_text / fit_font) says when even its smallest
size is too wide, and the layout check reports such text where it is drawn (it spills
over whatever is beside it), but not when the caller shortens it instead."""
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pytest.importorskip("pygame")

LONG = "A label far too long for the little room it is given"


@pytest.fixture
def recorder():
    import pygame
    pygame.font.init()
    from client.devtools import layoutcheck
    from client.ui import theme as ui
    from client import cards as cards_mod
    rec = layoutcheck.Recorder()
    layoutcheck._drop_caches(ui, cards_mod)
    ui.RECORDER = rec
    yield rec
    ui.RECORDER = None
    layoutcheck._drop_caches(ui, cards_mod)


def test_fit_text_says_whether_the_text_fits():
    import pygame
    pygame.font.init()
    from client.ui.theme import fit_font, fit_text
    f, fits = fit_text("Flow", 200, 20)
    assert fits and f.ch_size == 20
    f, fits = fit_text(LONG, 60, 20, min_size=9)
    assert not fits and f.ch_size == 9 and f.size(LONG)[0] > 60
    assert fit_font(LONG, 60, 20, min_size=9).ch_size == 9


def test_the_layout_check_reports_text_drawn_wider_than_its_room(recorder):
    from client.ui.theme import fit_font
    screen = recorder.surface((400, 100))
    screen.label = "a test panel"
    f = fit_font(LONG, 60, 20, min_size=9)
    screen.blit(f.render(LONG, True, (255, 255, 255)), (10, 10))
    recorder.verify(screen, "a test panel", 9)
    assert any(p.startswith("too wide:") and "far too long" in p for p in recorder.problems), recorder.problems


def test_text_that_fits_or_is_shortened_instead_is_not_reported(recorder):
    from client.ui.theme import ellipsize, fit_font, fit_text
    screen = recorder.surface((400, 100))
    screen.label = "a test panel"
    f = fit_font("Deep Attune", 200, 20)
    screen.blit(f.render("Deep Attune", True, (255, 255, 255)), (10, 10))
    f, fits = fit_text(LONG, 60, 20, min_size=9)
    assert not fits
    short = ellipsize(LONG, f, 60, where="test", designed=True)
    screen.blit(f.render(short, True, (255, 255, 255)), (10, 50))
    recorder.verify(screen, "a test panel", 9)
    assert not any(p.startswith("too wide:") for p in recorder.problems), recorder.problems


@pytest.mark.parametrize("game", ["everdawn", "evons", "essveil"])
def test_a_long_player_name_is_shortened_in_its_panel_not_drawn_over_the_edge(driver, monkeypatch, game):
    """A name of the longest allowed length (60 characters, wide letters): the player's
    panel shows it shortened with "…", the layout check finds nothing too wide."""
    from client.devtools import layoutcheck
    from client.table import scene as table_base
    from engine.core.sanitize import MAX_NAME
    from support.helpers import game_session, show_table
    long = ("Wilhelmina " * 6)[:MAX_NAME]
    orig = table_base.TableScene.__init__

    def init(self, *a, **kw):
        orig(self, *a, **kw)
        self.names = [long, "AI (easy)"]
    monkeypatch.setattr(table_base.TableScene, "__init__", init)
    for ui_scale in (1.0, 2.0):
        driver.app.settings.ui_scale = ui_scale
        driver.app.apply_settings()
        show_table(driver, game, game_session(game, 1, human=0), mode="ai", human_seats=(0,), ai_level="easy",
                   _paused_ai=True)
        problems = layoutcheck.check_screen(driver.app, f"{game} table")
        assert not [p for p in problems if "too wide:" in p or "outside:" in p], problems
        assert any("cut:" in p and "player panel" in p for p in problems), problems
