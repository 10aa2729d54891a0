"""Hint (key H) and Review through the real event loop, in all three games.

Small search budgets keep these fast; what is checked is what a player sees:
the hint names a legal move with its win estimate and outlines it on the board;
the review lists the marked decisions, draws the graph, and a marked decision
opens the replay at that position.

A hint's line ends with what the move does (the game's preview), so it can be long:
the table draws all of it, a size smaller where needed, never cut mid-sentence."""
import pytest
from support.helpers import ai_table, game_session, texts_drawn


GAMES = ["everdawn", "evons", "essveil"]


@pytest.fixture
def small_budgets(monkeypatch):
    import client.table.hint
    import client.scenes.review
    monkeypatch.setattr(client.table.hint, "HINT_ITERATIONS", 60)
    monkeypatch.setattr(client.scenes.review, "REVIEW_ITERATIONS", 24)
    client.scenes.review._CACHE.clear()


def _human_to_move_session(game, seed=4):
    from engine.ai import make_agent
    s = game_session(game, seed, human=0)
    ai = make_agent("easy", 1)
    for _ in range(60):
        m = s.match
        if m.to_move() == 0 and len(m.legal_actions()) > 1 and len(s) >= 6:
            break
        s.apply(ai.choose(m))
    assert s.match.to_move() == 0
    return s


@pytest.mark.parametrize("game", GAMES)
def test_hint_key_shows_the_hard_move_with_its_estimate_and_outlines_it(plain_driver, small_budgets, game):
    d = plain_driver
    s = _human_to_move_session(game)
    t = ai_table(d, game, s, paused=True)
    assert "hint" in t.widgets
    d.key("h")
    assert t.hints.thinking or t.hints.hint is not None     # thinking (or already done)
    if t.hints.job is not None:
        t.hints.job.result(timeout=120)
    assert d.until(lambda: t.hints.hint is not None, 60)
    h = t.hints.hint
    assert h.player == 0
    assert tuple(h.action) in [tuple(a) for a in s.match.legal_actions()]
    assert t.hints.message.startswith("Hint: ") and "win estimate" in t.hints.message
    assert t.hints.rects(), "the hinted move is outlined on the board or its button"
    d.step(2)
    # the hint goes away once the position changes
    s_len = len(s)
    t.perform(tuple(h.action) if game != "evons" or h.follow is None else tuple(h.action))
    d.step(3)
    assert len(s) > s_len and t.hints.hint is None and not t.hints.message


def _reviewed(d, rv):
    """The review's first look, then the searched review that replaces it (both made in the
    background; the window stays live)."""
    assert rv.job is not None or rv.result is not None
    for _ in range(2):                  # the first look, then the searched review
        if rv.job is not None:
            rv.job.result(timeout=300)
        d.step(2)
    assert d.until(lambda: rv.result is not None and not rv.result.quick, 60), rv.error
    assert rv.job is None
    return rv.result


def test_the_review_shows_a_first_look_at_once_and_the_searched_review_replaces_it(plain_driver, monkeypatch):
    """Review of a whole game at the full budget took minutes (Evons about 150 s): a quick
    pass is shown at once, marked as a first look, and the searched review made behind it
    takes its place when done."""
    import client.scenes.review as R
    from engine.ai.review import review
    d = plain_driver
    s = _finished_record("essveil")
    R._CACHE.clear()
    gate = __import__("threading").Event()
    made = []

    def slow_review(session, seat, **kw):
        if not kw.get("quick"):
            assert gate.wait(60)            # the searched review: held until the first look was seen
        made.append(kw.get("quick"))
        return review(session, seat, **{**kw, "iterations": 24})
    monkeypatch.setattr("engine.ai.review.review", slow_review)
    d.app.scenes.push("review", record=s.record.copy(), seat=0)
    d.step(2)
    rv = d.scene
    if rv.result is None:               # the first look's job (the searched one waits for it)
        rv.job.result(timeout=60)
    assert d.until(lambda: rv.result is not None, 60), rv.error
    first = rv.result
    assert first.quick and first.moves and rv.refining
    d.step(2)
    assert rv.footer_text().startswith("A first look: the hard AI is checking each decision (")
    assert "at a first look" in first.summary() and "as good as the hard AI" not in first.summary()
    gate.set()
    rv.job.result(timeout=120)
    assert d.until(lambda: rv.result is not first and rv.result is not None, 120), rv.error
    assert not rv.result.quick and not rv.refining and made == [True, False]
    assert [m.index for m in rv.result.moves] == [m.index for m in first.moves]


def _finished_record(game, seed=3):
    from engine.ai import make_agent
    s = game_session(game, seed, human=0)
    agents = [make_agent("easy", 1), make_agent("greedy", 2)]
    for _ in range(2000):
        m = s.match
        if m.result() is not None:
            break
        s.apply(agents[m.to_move()].choose(m))
    assert s.match.result() is not None
    return s


@pytest.mark.parametrize("game", GAMES)
def test_review_after_a_game_marks_decisions_and_jumps_to_the_replay(plain_driver, small_budgets, game):
    d = plain_driver
    s = _finished_record(game)
    t = ai_table(d, game, s, paused=True)
    assert d.until(lambda: d.scene.name == "game_over", 120)
    d.click("review")
    d.step(2)
    rv = d.scene
    assert rv.name == "review"
    r = _reviewed(d, rv)
    assert r.moves and all(0.0 <= m.after <= 1.0 for m in r.moves)
    assert len(r.graph()) == len(r.moves)
    assert all(m.index in s.decisions(0) for m in r.moves)
    d.step(2)
    marked = r.marked()
    listed = [k for k in range(8) if f"mark{k}" in rv.widgets]
    if len(marked) > len(listed):   # where the others are: the graph's points
        other = len(marked) - len(listed)
        assert ("the other one is a marked point" if other == 1 else
                f"the other {other} are the marked points") in rv.footer_text()
    else:
        assert rv.footer_text().startswith("Click a marked decision")
    if marked:
        assert "mark0" in rv.widgets
        d.key("1")
        d.step(3)
        assert d.scene.name == "table" and d.scene.mode == "replay"
        assert d.scene.replay.index == marked[0].index
        replay = d.scene
        d.click("Back")                 # back from a reviewed decision: to the review
        d.step(2)
        assert d.scene.name == "review" and d.scene.result is r
        d.key("escape")                 # the review's Back: the replay where it was
        d.step(2)
        assert d.scene is replay and replay.replay.index == marked[0].index
        d.click("Back")                 # and now Back leaves the replay for the list
        d.step(2)
        assert d.scene.name == "replays"
    del t


def test_review_from_the_replay_viewer_seeks_the_viewer(plain_driver, small_budgets):
    from client.replays.controller import ReplayController
    d = plain_driver
    s = _finished_record("essveil", 5)
    ctrl = ReplayController(s.record.copy())
    d.app.scenes.switch("table", **ctrl.table_kwargs(viewer=0))
    d.step(2)
    d.click("review")
    d.step(2)
    rv = d.scene
    assert rv.name == "review" and rv.controller is ctrl
    _reviewed(d, rv)
    d.step(2)
    marked = rv.result.marked()
    if marked:
        d.key("1")
        d.step(3)
        assert d.scene.name == "table" and ctrl.index == marked[0].index


def test_review_says_where_the_decisions_not_listed_are(plain_driver, small_budgets, monkeypatch):
    """The list holds the decisions that lost most (8 at most); the footer says the others
    are the marked points on the graph, in words that agree with the numbers."""
    import client.scenes.review as R
    d = plain_driver
    s = _finished_record("everdawn")
    ai_table(d, "everdawn", s, paused=True)
    assert d.until(lambda: d.scene.name == "game_over", 120)
    d.click("review")
    d.step(2)
    rv = d.scene
    _reviewed(d, rv)
    n = len(rv.result.marked())
    assert n >= 3, n
    monkeypatch.setattr(R, "MAX_LISTED", 1)
    rv.rebuild()
    assert rv.footer_text().startswith("The decision that lost most is listed; the other ")
    assert f"the other {n - 1} are the marked points on the graph" in rv.footer_text()
    two = rv.result.marked()[:2]
    monkeypatch.setattr(rv.result, "marked", lambda: two)
    rv.rebuild()
    assert rv.footer_text().startswith("The decision that lost most is listed; the other one is a marked point")


def test_a_review_of_one_decision_shows_its_point(plain_driver):
    """A match over after one decision with a choice (an online friend conceded at once):
    the graph shows that decision's point and names its turn once (a line needs two
    points, and the graph was left empty with "turn 0 … turn 0")."""
    import pygame

    from client.ui.theme import PAL
    from engine.ai.review import Review, ReviewedMove
    d = plain_driver
    d.open("review", game="essveil")
    rv = d.scene
    _reviewed(d, rv)
    mv = rv.result.moves[0]
    rv.result = Review(0, [ReviewedMove(mv.index, 3, mv.action, mv.text, mv.action, mv.text, 0.7, 0.7)])
    rv.rebuild()
    d.step(2)
    inner = rv.plot_rect()
    x, y = inner.left + inner.width // 2, inner.bottom - int(inner.height * 0.7)
    got = d.app.screen.get_at((x, y))[:3]
    assert all(abs(a - b) <= 24 for a, b in zip(got, PAL["gold"][:3])), (got, PAL["gold"])
    texts = []
    import client.scenes.review as R
    orig = R.draw_text

    def spy(surf, text, *a, **k):
        texts.append(str(text))
        return orig(surf, text, *a, **k)
    R.draw_text = spy
    try:
        rv._draw_graph(pygame.Surface(d.app.screen.get_size()), rv.graph_rect())
    finally:
        R.draw_text = orig
    assert texts.count("turn 3") == 1, texts


def test_the_graph_calls_the_decisions_before_turn_1_the_opening():
    """Evons' opening hands are decided before turn 1: the axis said "turn 0"."""
    from client.scenes.review import _turn_words
    assert _turn_words(0) == "the opening" and _turn_words(1) == "turn 1" and _turn_words(23) == "turn 23"


#: the words of a real review's better move (an Evons review's, among the longest)
BEST_WORDS = ("flips B3 and destroys Spark Mite and Ash Phoenix; their reply flips 1 card of yours back and "
              "destroys Coil Sentry (score 7–6 after their reply)")


@pytest.mark.parametrize("game", GAMES)
def test_a_reviewed_decision_opens_with_hards_move_drawn_on_the_board(plain_driver, small_budgets, game,
                                                                      monkeypatch):
    """A marked decision opened from the review: the replay stands at it with hard's move
    outlined on the board and the review's words for both moves over the log (hard's move
    and its reason whole, as long as a real review's: Evons' short replay log cut them); a
    step on takes them away, a step back shows them again."""
    import pygame

    from engine.ai.review import Review, ReviewedMove
    d = plain_driver
    s = _finished_record(game)
    ai_table(d, game, s, paused=True)
    assert d.until(lambda: d.scene.name == "game_over", 120)
    d.click("review")
    d.step(2)
    rv = d.scene
    r = _reviewed(d, rv)
    # the decision a player would open, hard's move there a card taken to a place (an
    # Everdawn set, move or equip; an Essveil attack or card played on a target; an Evons
    # card and its cell), marked a blunder
    from client.table.guidance import move_rects
    drawn = {"everdawn": ("Set ", "Move ", "Equip "), "essveil": ("Play ", " attacks "), "evons": ("Choose ",)}[game]
    chosen = None
    for mv in r.moves:
        m = s.state_at(mv.index)
        for alt in m.legal_actions():
            said = m.action_text(alt)
            if tuple(alt) == tuple(mv.action) or not any(said.startswith(w) or (w.startswith(" ") and w in said)
                                                         for w in drawn):
                continue
            follow = None
            if game == "evons":                    # the card, then its cell
                after = m.clone()
                after.apply(alt)
                follow = tuple(after.legal_actions()[0])
            chosen = ReviewedMove(mv.index, mv.turn, tuple(mv.action), mv.text, tuple(alt), said,
                                  0.7, 0.3, "blunder", BEST_WORDS, "the move played's words",
                                  best_follow=follow)
            break
        if chosen is not None:
            break
    assert chosen is not None
    rv.result = Review(0, [chosen], r.iterations)
    rv.rebuild()
    d.step(2)
    d.key("1")
    d.step(4)
    t = d.scene
    assert t.name == "table" and t.mode == "replay" and t.replay.index == chosen.index
    assert d.until(lambda: t.hints.message.startswith("Review, turn "), 10), t.hints.message
    assert f"hard plays {chosen.best_text} — 70%: {BEST_WORDS}." in t.hints.message
    shown = " ".join(texts_drawn(d, t, monkeypatch, 2))
    assert f"{chosen.best_text} — 70%: {BEST_WORDS}." in shown, shown
    assert f"You played {chosen.text} — 30%: the move played's words" in t.hints.message
    rects = t.hints.rects()
    assert len(rects) == 2 and all(isinstance(x, pygame.Rect) and x.colliderect(t.board_rect) or
                                   x.colliderect(t.hand_area) for x in rects), rects
    if chosen.best_follow is None:
        assert rects == move_rects(t, chosen.best_action)
    t.replay.seek(chosen.index + 1)
    d.step(3)
    assert t.hints.message == "" and t.hints.hint is None
    t.replay.seek(chosen.index)
    d.step(3)
    assert t.hints.message.startswith("Review, turn ")



@pytest.mark.parametrize("ui_scale", [1.0, 2.0])
@pytest.mark.parametrize("game", ["evons", "essveil"])
def test_a_long_hint_is_drawn_whole(plain_driver, game, ui_scale, monkeypatch):
    """Every word of a long hint is drawn, at 100 % and at 200 % in a 1280×720 window
    (where the log folds into a strip whose ticker holds a line or two)."""
    import client.table.hint as H
    plain_driver.app.settings.ui_scale = ui_scale
    plain_driver.app.apply_settings()
    t = ai_table(plain_driver, game, game_session(game, 4, human=0), paused=True)
    assert t.side.compact == (ui_scale > 1)
    t.hints.message = ("Hint: Play Static Lynx on D3 — win estimate 72%; next best: Play Void Wyrm on B3, "
                       "67%. Score after: 3–0 or 1–2, depending on where the abilities fire (now 0–2). "
                       "Then you choose where its ability fires.")
    drawn = []
    monkeypatch.setattr(H, "draw_text", lambda surf, text, *a, **k: drawn.append(text))
    t.hints.draw(plain_driver.app.screen)
    assert " ".join(drawn).split() == t.hints.message.split()
