"""Small things players asked for (issue 18): the rules from the in-match menu, setup
screens that remember, toasts that keep clear of dialogs."""
import pytest

pytest.importorskip("pygame")


@pytest.fixture
def drv(tmp_path):
    from client.devtools.testing import Driver
    d = Driver(tmp_path)
    yield d
    d.close()


def test_rules_page_from_the_in_match_menu_and_back(drv):
    drv.open("table", game="everdawn")
    drv.key("escape")
    assert drv.scene.name == "pause"
    drv.click("rules")
    assert drv.scene.name == "rules" and drv.scene.game == "everdawn"
    drv.key("escape")
    assert drv.scene.name == "pause"  # back in the match's menu, the match still below
    assert drv.app.scenes.stack[0].name == "table"


def test_setup_remembers_the_last_decks_level_and_options_per_game(drv):
    sc = drv.app.scenes.switch("setup", game="evons")
    drv.step(2)
    assert len(sc.decks) >= 2
    sc.set_pick(0, 1)
    sc.set_pick(1, 0)
    sc.set_level("hard")
    bool_opts = [o.name for o in sc.option_specs if isinstance(o.default, bool)]
    for name in bool_opts[:1]:
        sc.toggle(name)
    chosen = dict(sc.options)
    sc.start()
    drv.step(2)
    assert drv.scene.name == "table"
    again = drv.app.scenes.switch("setup", game="evons")
    drv.step(2)
    assert again.pick == [1, 0] and again.level == "hard" and again.options == chosen
    other = drv.app.scenes.switch("setup", game="everdawn")  # per game: Everdawn keeps its own defaults
    drv.step(2)
    assert other.level == drv.app.settings.ai_difficulty


def test_a_decks_size_is_never_broken_over_two_lines(drv):
    """The deck's description ends "(40 cards)": wrapped at any width, the number and
    "cards" stay on one line (at 1280x720 "(40" once ended a line and "cards)" began the next)."""
    from client.ui.theme import font, wrap_lines
    sc = drv.app.scenes.switch("setup", game="everdawn")
    drv.step(2)
    tip = sc.deck_tip(0)
    assert tip.endswith(" (40\u00a0cards)")
    f = font(13)
    for width in range(120, 900, 7):
        lines = wrap_lines(tip, f, width)
        assert not any(line.endswith("(40") for line in lines)
        assert any(line.endswith("(40\u00a0cards)") for line in lines)


def test_a_damaged_setup_memory_is_ignored(drv):
    from client.scenes.setup import _memory_path
    p = _memory_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text('{"format": "cardhall-setup", "games": {"evons": {"ai": {"decks": [7, null], "level": "godlike"}}}}')
    sc = drv.app.scenes.switch("setup", game="evons")
    drv.step(2)
    assert sc.level == drv.app.settings.ai_difficulty and sc.pick[0] == 0


def _toast_rect(d):
    d.app.toast("A message that must not hide anything important", "good", 30)
    d.app.draw(d.app.screen)
    r = d.app.toast_rects[-1]
    return r.top, r.bottom


def test_toasts_keep_clear_of_a_dialog_and_the_deck_builder_bar(drv):
    drv.open("table", game="everdawn")
    drv.key("escape")
    pause = drv.scene
    panel = pause.panel_rect()
    drv.step(3)
    top, bottom = _toast_rect(drv)
    assert bottom < panel.top
    drv.open("deckbuilder", game="everdawn")
    drv.step(3)
    bar = drv.scene.L["status"]
    top, bottom = _toast_rect(drv)
    assert bottom < bar.top


@pytest.mark.parametrize("game", ["everdawn", "essveil"])
def test_a_decks_two_line_description_keeps_clear_of_the_next_row(drv, game):
    """Under each deck list its description may take two lines; they end well above the
    next row's label (at 1280x720 they once ended 6 px above "Difficulty")."""
    from client.ui.theme import font, wrap_lines
    sc = drv.app.scenes.switch("setup", game=game)
    drv.step(2)
    assert not sc.compact
    f = font(sc.s(13))
    lh = int(f.get_linesize() * 1.15)
    for seat in (0, 1):
        lab, tip, rr, below = sc.rows[seat]
        assert below
        lines = wrap_lines(tip(), f, rr.width)
        bottom = rr.bottom + sc.s(2) + min(2, len(lines)) * lh
        nxt = sc.rows[seat + 1][2]
        assert nxt.top - bottom >= sc.s(12), (game, seat, nxt.top - bottom)
