"""Setup shared by the table tests: sessions against the easy AI or in hot seat,
and a game's own Table put on screen (the ``driver`` fixture is in conftest.py)."""
import importlib

AI_NAMES = ("You", "AI (easy)")
HOTSEAT_META = {"mode": "hotseat", "names": ["Player 1", "Player 2"]}


def ai_meta(human=None, names=AI_NAMES):
    """Session meta of a game against the easy AI (``human`` omitted when None)."""
    meta = {"mode": "ai", "ai": "easy"}
    if human is not None:
        meta["human"] = human
    meta["names"] = list(names)
    return meta


def game_session(game, seed, *, options=None, human=None, hotseat=False):
    """A fresh session of ``game`` with the starter decks of ``seed``."""
    from engine.core.harness import starter_pair
    from engine.core.session import MatchSession
    meta = dict(HOTSEAT_META) if hotseat else ai_meta(human)
    return MatchSession.new(game, starter_pair(game, seed), seed, options, meta)


def show_table(d, game, session, *, steps=2, **kw):
    """The game's own Table on ``session``, switched to and run ``steps`` frames."""
    Table = importlib.import_module(f"client.tables.{game}.table").Table
    t = Table(d.app, game=game, session=session, **kw)
    t.name = "table"
    d.app.scenes.switch(t)
    if steps:
        d.step(steps)
    return t


def ai_table(d, game, session, *, human=0, paused=None, steps=2, **kw):
    """``show_table`` against the easy AI; ``paused`` (when given) holds the AI."""
    if paused is not None:
        kw["_paused_ai"] = paused
    return show_table(d, game, session, steps=steps, mode="ai", human_seats=(human,), ai_level="easy", **kw)


def hotseat_table(d, game, session, *, steps=2, opening=False):
    """``show_table`` in hot seat. The pass screen every hot-seat game opens with is
    dismissed when it is for the player the table shows already (unless ``opening``)."""
    t = show_table(d, game, session, steps=steps, mode="hotseat", human_seats=(0, 1))
    if steps and not opening and d.scene is not t and getattr(d.scene, "name", "") == "handoff" \
            and d.scene.kwargs.get("seat") == t.viewer:
        d.click("ready")
        d.step(steps)
    return t


def last_toast(d):
    return d.app.toasts[-1].text if d.app.toasts else ""


class StillThinking:
    """An AI job that is still thinking."""

    def __init__(self, player):
        self.player = player

    def done(self):
        return False

    def cancel(self):
        pass


def thinking_calls(d, t, module, player):
    """One frame with ``player``'s AI still thinking: [(rect, args)] of each call of
    ``module.draw_thinking`` (the table module that draws the sign)."""
    import pygame
    t.driver.job = StillThinking(player)
    calls = []
    orig = module.draw_thinking
    module.draw_thinking = lambda surf, r, *a, **k: (calls.append((pygame.Rect(r), a)), orig(surf, r, *a, **k))
    try:
        d.step(1)
    finally:
        module.draw_thinking = orig
        t.driver.job = None
    return calls


class Texts:
    """Every text the client renders while it is set as ``client.ui.theme.RECORDER``
    (``seen``: text, width in px, font height; a shortened text as "CUT " + the whole)."""

    def __init__(self):
        self.seen = []      # (text, width in px, font height)

    def rendered(self, font, img, text):
        self.seen.append((text, img.get_width(), font.get_height()))

    def surface(self, size, flags=0):
        import pygame
        return pygame.Surface(size, flags)

    def cut(self, full, shown, where, designed=False):
        self.seen.append(("CUT " + full, 0, 0))

    def panel(self, surface, rect):
        pass

    def sentence(self, text):
        pass


def texts_drawn(driver, scene, monkeypatch, steps: int = 1) -> list:
    """The texts ``scene`` renders when it is drawn anew (``steps`` frames of ``driver``),
    every one rendered afresh (no text cache) so that each is seen."""
    from client.ui import theme as ui
    rec = Texts()
    monkeypatch.setattr(ui, "RECORDER", rec)
    monkeypatch.setattr(ui, "_TEXT_CACHE", None)
    scene.invalidate()
    driver.step(steps)
    monkeypatch.setattr(ui, "RECORDER", None)
    return [x[0] for x in rec.seen]


def session_where(game, wanted, *, seeds=range(1, 30), moves=400, human=0, rng_class=None):
    """The first session of ``game`` (starter decks of each seed in ``seeds``, random moves
    from that seed's RNG, at most ``moves`` a game) whose match satisfies ``wanted(m)``
    with ``human`` to move; AssertionError when none does. ``rng_class``: the RNG made
    from each seed (the engine's :class:`~engine.core.rng.Rng` unless given)."""
    from engine.core.rng import Rng
    for seed in seeds:
        s = game_session(game, seed, human=human)
        rng = (rng_class or Rng)(seed)
        for _ in range(moves):
            m = s.match
            if m.result() is not None:
                break
            if m.to_move() == human and wanted(m):
                return s
            legal = m.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    raise AssertionError(f"no {game} position found for {getattr(wanted, '__name__', 'the test')}")
