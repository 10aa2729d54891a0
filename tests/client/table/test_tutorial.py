"""Learn to play: the lesson files hold up against the engine, and each game's course is
completed through the real table by following its own instructions (drags and clicks
through the headless driver), with wrong moves refused and progress remembered."""
import json

import pytest

from engine.core.tutorial import (LessonError, check_course, check_lesson, load_course, parse_course, resolve,
                                  try_text)

GAMES = [g for g in ("everdawn", "evons", "essveil")
         if __import__("engine.core.tutorial", fromlist=["x"]).lessons_path(g).exists()]


# ---------------------------------------------------------------- the data, engine only
@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_plays_through_the_engine(game):
    c = load_course(game)
    runs = check_course(c)
    assert len(runs) == len(c.lessons) >= 5
    for les in c.lessons:
        taught = [r for r in runs[les.id] if r.step.kind == "move"]
        assert taught, f"lesson {les.id} teaches no move"
        for r in runs[les.id]:
            if r.step.explain:
                assert r.explanation and "{" not in r.explanation


@pytest.mark.parametrize("game", GAMES)
def test_a_taught_move_the_engine_no_longer_allows_fails_the_check(game):
    c = load_course(game)
    les = next(les for les in c.lessons if any(s.kind == "move" for s in les.steps))
    step = next(s for s in les.steps if s.kind == "move")
    step.move = dict(step.move, card="A Card That Does Not Exist")
    with pytest.raises(LessonError, match="not legal there"):
        check_lesson(game, les)


def test_an_explanation_asking_for_a_figure_its_move_lacks_fails_the_check():
    c = load_course("everdawn")
    les = c.lesson("equip")
    les.steps[0].explain = "Its attack is {clash.attack}."
    with pytest.raises(LessonError, match="clash"):
        check_lesson("everdawn", les)


@pytest.mark.parametrize("bad, words", [
    ({}, "'title' is missing"),
    ({"title": "x"}, "no [[lesson]]"),
    ({"title": "x", "lesson": [{"id": "a", "title": "A", "position": {}, "step": [{"text": "t", "move": 3}]}]},
     "a move is a table"),
    ({"title": "x", "lesson": [{"id": "a", "title": "A", "position": {}, "step": [{"text": "t", "oops": 1}]}]},
     "unknown field 'oops'"),
    ({"title": "x", "lesson": [{"id": "a", "title": "A", "position": {}, "step": [{"text": "t {"}]}]},
     "braces"),
    ({"title": "x", "lesson": [{"id": "a", "title": "A", "position": {}, "step": [{"text": "t"}]},
                               {"id": "a", "title": "B", "position": {}, "step": [{"text": "t"}]}]},
     "used twice"),
])
def test_a_broken_lesson_file_is_refused_with_a_clear_message(bad, words):
    with pytest.raises(LessonError) as e:
        parse_course("everdawn", bad, "everdawn.toml")
    assert words in str(e.value) and "everdawn.toml" in str(e.value)


def test_an_unreadable_lesson_file_names_the_file(tmp_path):
    p = tmp_path / "everdawn.toml"
    p.write_text("title = \n", encoding="utf-8")
    with pytest.raises(LessonError, match="everdawn.toml"):
        load_course("everdawn", p)


# ---------------------------------------------------------------- through the UI
def gesture(d, t, action):
    """Make ``action`` the way a player would, where the guidance points: a drag from
    the outlined card to the outlined target, or a click on the outlined spot/button."""
    from client.table.guidance import move_rects
    rects = move_rects(t, action)
    assert rects, f"the table shows no way to make {t.match.action_text(action)}"
    if len(rects) >= 2:
        d.drag(rects[0].center, rects[1].center, steps=3)
    else:
        d.click(rects[0].center)


def wrong_gesture(t, taught):
    """Another legal move of the player with a drag (src, tgt) the table offers, or None."""
    for (src, tgt), a in t.pairs.items():
        if tuple(a) != taught:
            return t.sources[src].rect.center, t.targets[tgt].rect.center
    return None


def play_lesson(d, game, lesson_id, *, try_wrong=False):
    from client.table.tutorial import Coach
    t = d.app.scenes.switch("tutorial", game=game, lesson=lesson_id)
    d.step(2)
    assert isinstance(t.layer, Coach)
    tried_wrong = False
    for _ in range(300):
        if t.layer.state == "done":
            break
        if t.layer.state == "wait" or t.anims.busy:
            d.step()
            continue
        if t.layer.button_text() is not None:
            d.key("space")
            continue
        st = t.layer.step
        if st.kind == "them":
            d.wait_ai()                         # (an AI step thinks in its thread: frames of play, not of thinking)
            d.step(5)
            continue
        taught = resolve(game, t.match, st.move)
        assert taught is not None, f"{st.where}: not legal on the table"
        n = len(t.session)
        if try_wrong and not tried_wrong:
            wrong = wrong_gesture(t, taught)
            if wrong is not None:
                tried_wrong = True
                d.drag(*wrong, steps=3)
                assert len(t.session) == n, "a move the lesson does not teach was played"
                assert t.layer.refusal == try_text(game, st)           # said in the lesson's panel
        gesture(d, t, taught)
        if len(t.session) == n and t.layer.state == "step":
            # the first gesture prepared it (Evons: a click turns a hand card face down)
            gesture(d, t, taught)
        assert len(t.session) > n or t.layer.state != "step", f"{st.where}: the gesture did not play it"
    assert t.layer.state == "done", f"lesson {lesson_id} did not finish (state {t.layer.state}, step {t.layer.k})"
    return t, tried_wrong


@pytest.mark.parametrize("game", GAMES)
def test_the_whole_course_is_completed_through_the_table(driver, game):
    from client.table.tutorial import game_progress, progress_path
    c = load_course(game)
    refused = 0
    for les in c.lessons:
        _t, wrong = play_lesson(driver, game, les.id, try_wrong=True)
        refused += wrong
    assert refused >= 3, "too few lessons let a wrong move be tried"
    assert set(game_progress(game)["done"]) == {les.id for les in c.lessons}
    data = json.loads(progress_path().read_text(encoding="utf-8"))
    assert data["format"] == "cardhall-tutorial" and data["games"][game]["finished"] is True


def test_the_outline_and_arrow_point_at_the_taught_card_and_target(driver):
    from client.table.guidance import move_rects
    t = driver.app.scenes.switch("tutorial", game="everdawn", lesson="triangle")
    driver.step(2)
    driver.key("space")                    # the intro
    driver.key("space")                    # Go to combat (the first step)
    driver.step(3)
    assert t.layer.state == "step" and t.layer.step.move["do"] == "attack"
    a = t.layer.taught_action()
    src, tgt = move_rects(t, a)
    assert src == t.slot_rect(0, 1)        # Vale Archer, lane 2
    assert tgt == t.slot_rect(1, 2)        # Star Oracle, their lane 3


def test_the_explanation_has_the_engine_s_figures(driver):
    t, _ = play_lesson(driver, "everdawn", "triangle")
    # the screen before the last: read what the clash did from the engine's own record
    assert t.layer.state == "done"
    t2 = driver.app.scenes.switch("tutorial", game="everdawn", lesson="triangle", screen=3)
    driver.step(2)
    assert t2.layer.state == "explain"
    assert "Range beats magic: Vale Archer adds its +2, attacking with 6 against defense 2" in t2.layer.explained
    assert "Vale Archer's defense 3" in t2.layer.explained
    assert any("Star Oracle" in ln for ln in t2.layer.what_lines)


def test_skip_goes_to_the_next_lesson_and_lessons_lists_them(driver):
    driver.app.scenes.switch("tutorial", game="everdawn", lesson="lanes")
    driver.step(2)
    driver.click("tut_skip")
    assert driver.scene.name == "tutorial" and driver.scene.layer.lesson.id == "equip"
    driver.click("tut_list")
    assert driver.scene.name == "lessons"
    driver.click("lesson_spell")
    assert driver.scene.name == "tutorial" and driver.scene.layer.lesson.id == "spell"


def test_a_taught_drag_refuses_a_key_for_another_move(driver):
    t = driver.app.scenes.switch("tutorial", game="everdawn", lesson="set")
    driver.step(2)
    driver.key("space")                     # the intro
    assert t.layer.state == "step" and t.layer.step.move["do"] == "set"
    n = len(t.session)
    driver.key("space")                     # Go to combat: a legal move, not this step's
    assert len(t.session) == n and t.match.phase() == "set"
    assert t.layer.refusal == "Try dragging Vale Archer onto Iron Vanguard."


def test_a_lesson_follows_the_window_size(driver):
    from client.table.guidance import move_rects
    driver.app.scenes.switch("tutorial", game="essveil", lesson="guard")
    driver.step(2)
    driver.key("space")
    for w, h in ((1920, 1080), (1280, 720)):
        driver.resize(w, h)
        sc = driver.scene
        assert sc.W == w and sc.layer.panel_box.right <= w and sc.layer.panel_box.bottom <= h
        rects = move_rects(sc, sc.layer.taught_action())
        assert len(rects) == 2 and all(sc.board_rect.colliderect(r) or sc.rect.contains(r) for r in rects)
    gesture(driver, driver.scene, driver.scene.layer.taught_action())
    driver.step(5)
    assert driver.scene.layer.state in ("explain", "step") and len(driver.scene.session) >= 1


def test_conceding_a_lesson_goes_back_to_the_list(driver):
    t = driver.app.scenes.switch("tutorial", game="everdawn", lesson="lanes")
    driver.step(2)
    t.ending.concede()
    driver.step(2)
    assert driver.scene.name == "lessons"


def test_no_undo_or_hint_in_a_lesson(driver):
    t = driver.app.scenes.switch("tutorial", game="everdawn", lesson="lanes")
    driver.step(2)
    assert not {"undo", "redo", "hint"} & set(t.widgets)
    driver.key("space")
    driver.key("space")
    gesture(driver, t, t.layer.taught_action())
    n = len(t.session)
    driver.key("z", ctrl=True)
    assert len(t.session) == n


def test_first_visit_offers_learn_to_play_once(driver):
    sc = driver.app.scenes.switch("game_menu", game="everdawn")
    driver.step(2)
    assert sc.offer and "New to Everdawn?" in sc.offer
    assert "learn" in sc.widgets
    sc = driver.app.scenes.switch("game_menu", game="everdawn")
    driver.step(2)
    assert not sc.offer
    driver.click("learn")
    assert driver.scene.name == "lessons"


def test_a_damaged_progress_file_is_set_aside(driver):
    from client.table.tutorial import game_progress, progress_path, update_progress
    p = progress_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text("{not json", encoding="utf-8")
    assert game_progress("everdawn")["done"] == []
    assert any(x.name.startswith("tutorial.json") and x != p for x in p.parent.iterdir())
    update_progress("everdawn", done="lanes")
    assert game_progress("everdawn")["done"] == ["lanes"]


def test_the_last_lesson_offers_a_real_game_against_easy_with_the_hint_pointed_out(driver):
    c = load_course("everdawn")
    t, _ = play_lesson(driver, "everdawn", c.lessons[-1].id)
    assert t.layer.button_text() == "Play the AI"
    driver.key("space")
    sc = driver.scene
    assert sc.name == "table" and sc.ai_level == "easy" and "hint" in sc.widgets
    assert sc.layer.callout_live()


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_screen_passes_the_layout_check(game):
    """At 1280×720, interface size 100 % and 200 % (``python -m client --layout-check``
    runs them at every size)."""
    from client.devtools import layoutcheck as L
    labels = {t[0] for t in L.tutorial_targets([game])}
    assert len(labels) > 15
    problems = L.run(((1280, 720),), (1.0, 2.0), [game], zooms=False, only=labels, out=lambda _l: None)
    # (a tapped or damaged creature's own badges over its card text at 200 % are the card
    # drawing's, the same on any table: not the lesson layer's, so not asserted here)
    assert [p for p in problems if not p.endswith("in a card face")] == []


def test_a_lesson_may_hand_the_opponent_to_the_easy_ai(driver, monkeypatch):
    """``them = "easy"``: the easy AI plays the opponent's whole turn, then the lesson goes on."""
    import client.table.tutorial as tut
    data = {"title": "t", "lesson": [{
        "id": "ai_turn", "title": "Their turn, played by the AI",
        "position": {"boards": [["wildcub"], ["dune_raider"]], "hands": [[], ["spark", "wisp_caller"]],
                     "veil": [0, 3]},
        "step": [{"text": "End your turn (Space).", "move": {"do": "end"}},
                 {"text": "The easy AI plays.", "them": "easy"},
                 {"text": "Your turn again."}]}]}
    course = parse_course("essveil", data, "essveil.toml")
    assert check_course(course)["ai_turn"][1].actions        # the AI made moves through the engine
    monkeypatch.setitem(tut._COURSES, "essveil", course)
    t, _ = play_lesson(driver, "essveil", "ai_turn")
    assert t.match.to_move() == 0 and t.match.turn() > 5
    assert any(t.session.actor(i) == 1 for i in range(len(t.session)))


def test_a_lesson_whose_position_cannot_be_built_is_refused_with_a_toast(driver, monkeypatch):
    import client.table.tutorial as tut
    data = {"title": "t", "lesson": [{"id": "bad", "title": "Bad", "position": {"board0": ["no_such_card"]},
                                      "step": [{"text": "t"}]}]}
    monkeypatch.setitem(tut._COURSES, "everdawn", parse_course("everdawn", data, "everdawn.toml"))
    driver.app.scenes.switch("lessons", game="everdawn")
    driver.step(2)
    driver.click("lesson_bad")
    assert driver.scene.name == "lessons"
    assert "no_such_card" in driver.app.toasts[-1].text


def test_a_lesson_waiting_for_continue_never_says_the_opponent_is_deciding(driver):
    """Evons, after the taught move: the opponent is to move next, but the lesson waits for
    Continue; the prompt beside the grid says so instead of "Opponent is deciding…"."""
    t = driver.app.scenes.switch("tutorial", game="evons", lesson="grid")
    driver.step(2)
    driver.key("space")                                   # the intro
    gesture(driver, t, t.layer.taught_action())
    assert driver.until(lambda: t.layer.state == "explain" and not t.anims.busy)
    assert t.match.to_move() == 1
    for text in (t.prompt(), *t.prompt_forms()):
        assert "deciding" not in text and "Continue (Space)" in text
    driver.key("space")
    assert t.layer.state == "step" and t.layer.step.kind == "them"    # now they do decide
    assert "deciding" in t.prompt()
    t2, _ = play_lesson(driver, "evons", "end")           # the course's last screen, the game over
    assert t2.layer.state == "done" and "Play the AI (Space)" in t2.prompt()


def test_end_turn_without_attacking_is_refused_as_a_whole_in_a_lesson(driver):
    """Everdawn's E (End turn without attacking) passes several times; in a lesson whose
    step is "Go to combat" it is neither half made nor followed by "Read the lesson first"."""
    t = driver.app.scenes.switch("tutorial", game="everdawn", lesson="triangle")
    driver.step(2)
    driver.key("space")                                   # the intro
    assert t.layer.state == "step" and t.layer.step.move == {"do": "pass"}
    n = len(t.session)
    driver.key("e")
    driver.step(5)
    assert len(t.session) == n and t.layer.state == "step" and t.match.phase() == "set"
    assert t.layer.refusal == "Not yet: press Go to combat (Space) first."
    driver.key("space")                                   # the taught Go to combat still works
    assert driver.until(lambda: t.layer.state == "step" and t.layer.step.move["do"] == "attack")
    assert t.match.phase() == "declare" and t.layer.refusal == ""


def _gold_pixels(surf, rect):
    from client.ui.theme import PAL
    gold = tuple(PAL["gold"][:3])
    r = rect.clip(surf.get_rect())
    return sum(1 for x in range(r.left, r.right) for y in range(r.top, r.bottom)
               if tuple(surf.get_at((x, y))[:3]) == gold)


def test_the_arrow_shows_between_side_by_side_cards_and_never_ends_on_a_neighbour(display):
    """A card dragged onto its neighbour (Everdawn's set, an Evons arrow fired at the next
    cell) still gets an arrow between them; an arrow into a grid cell at its corner ends
    inside that cell, not on the cells around it."""
    import pygame
    from client.table.guidance import _arrow
    def s(x):
        return x
    surf = pygame.Surface((400, 400), pygame.SRCALPHA)
    a, b = pygame.Rect(100, 100, 90, 120), pygame.Rect(195, 100, 90, 120)      # side by side
    _arrow(surf, a, b, s)
    assert _gold_pixels(surf, pygame.Rect(a.centerx, a.centery - 4, b.centerx - a.centerx, 8)) > 40
    surf.fill((0, 0, 0, 0))
    cell, right = pygame.Rect(100, 200, 90, 90), pygame.Rect(190, 200, 90, 90)
    _arrow(surf, pygame.Rect(330, 10, 60, 80), cell, s)                           # from up and to the right
    assert _gold_pixels(surf, cell) > 30
    tip_region = pygame.Rect(right.left, right.top, 25, 25)                         # the neighbour's corner
    assert _gold_pixels(surf, tip_region) < _gold_pixels(surf, cell)
    surf.fill((0, 0, 0, 0))                                  # cells touching at a corner, at a larger size
    _arrow(surf, pygame.Rect(190, 190, 90, 90), pygame.Rect(100, 100, 90, 90), lambda x: round(x * 1.25))
    assert _gold_pixels(surf, pygame.Rect(150, 150, 80, 80)) > 40


@pytest.mark.parametrize("game, lesson, screen", [("everdawn", "triangle", 3), ("evons", "grid", 2),
                                                  ("essveil", "spell", 2)])
def test_the_log_keeps_clear_of_the_lesson_panel(driver, game, lesson, screen):
    """Under the lesson panel the log shows whole lines below the panel's edge (or steps
    aside where there is no room), never lines cut off by the panel."""
    t = driver.app.scenes.switch("tutorial", game=game, lesson=lesson, screen=screen)
    driver.step(3)
    assert t.layer.state == "explain"
    log = t.log.rect
    assert not log.colliderect(t.layer.panel_box)
    assert log.height == 0 or log.top >= t.layer.panel_box.bottom and log.height >= t.s(90)
    t.layer.advance()                                      # a shorter panel: the log takes the room back
    driver.step(3)
    assert not t.log.rect.colliderect(t.layer.panel_box)
    assert t.log.rect.height >= log.height


def test_a_refused_move_is_answered_in_the_panel_never_over_the_pointed_cards(driver):
    """The "Try dragging …" of a refused move shows under the lesson's instruction (where
    the player reads), not as a toast over the board or the hand the arrow points at; the
    taught move then clears it."""
    from client.table.guidance import move_rects
    t = driver.app.scenes.switch("tutorial", game="everdawn", lesson="equip")
    driver.step(2)
    driver.key("space")                                   # the intro
    taught = t.layer.taught_action()
    driver.drag(*wrong_gesture(t, taught), steps=3)
    driver.step(2)
    assert t.layer.refusal == "Try dragging Hunting Bow onto Vale Archer."
    assert not [x for x in driver.app.toasts if x.text == t.layer.refusal]
    hl, bl, ll, _size, al = t.layer.panel_parts
    assert " ".join(al) == t.layer.refusal and bl
    assert not any(t.layer.panel_box.colliderect(r) for r in move_rects(t, taught))
    gesture(driver, t, taught)
    assert driver.until(lambda: t.layer.state == "explain") and t.layer.refusal == ""


def test_the_lesson_panel_holds_its_words_at_interface_size_200(tmp_path):
    """At 1280×720 and interface size 200 % the panel's words fit inside it, never smaller
    than at 100 %, with the move's buttons shown (Evons' column is the tightest: the panel may use
    the room the buttons not shown would take)."""
    from client.devtools.testing import Driver
    from client.settings import Settings
    from client.table import guidance
    st = Settings()
    st.ui_scale, st.animation_speed = 2.0, "instant"
    d = Driver(tmp_path, settings=st)
    try:
        for game, lesson, screen in (("evons", "chain", 2), ("evons", "grid", 1), ("everdawn", "triangle", 2),
                                     ("essveil", "guard", 1)):
            t = d.app.scenes.switch("tutorial", game=game, lesson=lesson, screen=screen)
            d.step(3)
            assert t.layer.state == "step" and t.layer.step.kind == "move"
            header, body, _lines = t.layer.panel_texts()
            size = t.layer.panel_parts[3]
            h, _parts = guidance.panel_layout(t.layer.panel_box, header, body, [], t.s, 0, size, t.layer.refusal)
            assert h <= t.layer.panel_box.height, f"{game} {lesson}: the words run past the panel"
            assert t.s(size) >= 17, f"{game} {lesson}: the words shrank below their 100 % size"
    finally:
        d.close()
