"""The Everdawn and Evons tables speak English a native speaker would write: every
text they draw (status line, prompts, banners, the hand-off screens, the log, the
action buttons and their tooltips, toasts) is built with engine/core/text.py, so
"1 cards", "a armour", "You goes" never appear. Checked on what is really drawn
in real positions: a game against the AI ("You") and a hot-seat game with names."""
import random
import re

import pytest


from engine.core.harness import starter_pair
from engine.core.session import MatchSession
from engine.core.text import article
from support.helpers import show_table

NOUNS = "card|creature|attack|point|target|move|mulligan|turn|spell|item|credit|action|time"
ONE_PLURAL = re.compile(rf"(?<![Ll]ane )(?<![\d.,/+−-])\b1 ({NOUNS})s\b")
MANY_SINGULAR = re.compile(rf"(?<![Ll]ane )(?<![Tt]urn )(?<![\d.,/+−-])\b(0|[2-9]|\d\d+) ({NOUNS})\b(?!s)")
ARTICLE = re.compile(r"\b(a|an|A|An) ([A-Za-z][a-z]+)\b")


def problems(text):
    out = []
    if ONE_PLURAL.search(text):
        out.append(ONE_PLURAL.search(text).group(0))
    if MANY_SINGULAR.search(text):
        out.append(MANY_SINGULAR.search(text).group(0))
    if "(s)" in text:
        out.append("(s)")
    for m in ARTICLE.finditer(text):
        if article(m.group(2)) != m.group(1).lower():
            out.append(m.group(0))
    if "You's" in text or re.search(r"\bYou (is|was|has|[a-z]+[^s]s)\b(?<!\bYou pass)", text):
        out.append("You + verb")
    if re.search(r"\bYou\b[^.;:!?]*\band (draws|shuffles|plays|keeps|gains|pays)\b", text):
        out.append("You ... and <verb>s")
    try:                                   # and the shared checker the layout check uses
        from engine.core.text import grammar_problems
    except ImportError:
        return out
    return out + grammar_problems(text)


def test_the_checker_catches_what_it_should():
    for bad in ("You goes first", "Draw 1 cards", "equip a armour", "You shuffle 3 cards back and draws 3.",
                "Mulligan 2 card(s)", "2 attack on you"):
        assert problems(bad), bad
    for good in ("You go first", "1 card, 3 cards", "an armour", "Storm Caller in lane 1 attacks lane 3.",
                 "Turn 1 · AI (easy)'s turn", "You shuffle 3 cards back and draw 3."):
        assert not problems(good), good


class TextSpy:
    """The layout check's hook (client.ui.theme.RECORDER): every text drawn."""

    def __init__(self):
        self.texts = set()

    def rendered(self, fnt, img, text):
        self.texts.add(text)

    def surface(self, size, flags=0):
        import pygame
        return pygame.Surface(size, flags)

    def sentence(self, text):
        self.texts.add(text)

    def __getattr__(self, name):      # the rest of the recorder's interface: nothing to do
        return lambda *a, **kw: None


def play_and_read(driver, game, mode, seed, actions):
    """Play ``actions`` random decisions through the table (the AI answering in its
    turns), at fast animation speed so banners and card shows are drawn; every
    text seen on screen, in the log and the buttons."""
    from client import cards as cards_mod
    from client.ui import theme as ui
    import client.devtools.layoutcheck as lc
    driver.app.settings.animation_speed = "fast"
    if mode == "hotseat":
        meta = {"mode": "hotseat", "names": ["Mira", "Jonas"]}
        kw = dict(mode="hotseat", human_seats=(0, 1))
    else:
        meta = {"mode": "ai", "ai": "easy", "human": 0, "names": ["You", "AI (easy)"]}
        kw = dict(mode="ai", human_seats=(0,), ai_level="easy")
    s = MatchSession.new(game, starter_pair(game, seed), seed, None, meta)
    spy = TextSpy()
    lc._drop_caches(ui, cards_mod)          # cached words were drawn before the spy listened
    ui.RECORDER = spy
    seen = set()
    try:
        t = show_table(driver, game, s, **kw)
        rng = random.Random(seed)
        done = 0
        for _ in range(actions * 30):
            if done >= actions or t.match.result() is not None:
                break
            sc = driver.scene
            if sc is not t:                        # a hand-off screen (or the short return)
                seen.update(v for v in getattr(sc, "kwargs", {}).values() if isinstance(v, str))
                seen.update(w.text for w in getattr(sc, "widgets", {}).values() if getattr(w, "text", None))
                driver.key("return")
                continue
            if t.anims.busy or not t.human_to_move():
                driver.until_ai(lambda: False, 2)   # two frames, the AI's thinking waited for
                continue
            seen.update((t.status_text(), t.prompt()))
            for b in t.chrome.action_widgets:
                seen.add(b.text)
                seen.add(str(getattr(b, "tool_tip_text", "") or ""))
            legal = [a for a in t.legal if "concede" not in str(t.match.action_text(a)).lower()] or t.legal
            t.perform(legal[rng.randrange(len(legal))])
            done += 1
            driver.step(2)
        driver.until(lambda: not t.anims.busy, 600)
        seen.update(e.text for e in t.log.entries)
        seen.update(x.text for x in driver.app.toasts)
    finally:
        ui.RECORDER = None
        lc._drop_caches(ui, cards_mod)
    return seen | spy.texts, t


@pytest.mark.parametrize("game", ["everdawn", "evons"])
@pytest.mark.parametrize("mode", ["ai", "hotseat"])
def test_every_sentence_on_the_table_reads_as_english(driver, game, mode):
    seen, t = play_and_read(driver, game, mode, 8, 50)
    names = ("You", "AI (easy)") if mode == "ai" else ("Mira", "Jonas")
    assert any(names[0] in x for x in seen) and any(names[1] in x for x in seen)
    if mode == "hotseat":
        assert not any(re.search(r"\bPlayer [12]\b", x) for x in seen)   # the names, everywhere
        assert "Mira's turn" in seen or "Jonas's turn" in seen           # the turn banner
    else:
        assert "Your turn" in seen
    if game == "everdawn":   # the other player's cast / equip shown large, the verb agreeing
        other = "AI \\(easy\\)" if mode == "ai" else "(?:Mira|Jonas)"
        assert any(re.match(rf"{other} (casts|equips) ", x) for x in seen)
    bad = {x: problems(x) for x in seen if problems(x)}
    assert not bad, bad


def test_evons_mulligan_is_logged_with_plurals_and_you(driver):
    from engine.evons import match as VM
    for mode, name, want in (("ai", "You", "You shuffle 2 cards back and draw 2."),
                             ("hotseat", "Mira", "Mira shuffles 1 card back and draws 1.")):
        meta = ({"mode": "ai", "ai": "easy", "human": 0, "names": ["You", "AI (easy)"]} if mode == "ai"
                else {"mode": "hotseat", "names": ["Mira", "Jonas"]})
        kw = dict(mode="ai", human_seats=(0,), ai_level="easy", _paused_ai=True) if mode == "ai" \
            else dict(mode="hotseat", human_seats=(0, 1))
        for seed in range(1, 20):
            s = MatchSession.new("evons", starter_pair("evons", seed), seed, None, meta)
            if s.match.to_move() == 0:
                break
        t = show_table(driver, "evons", s, **kw)
        if driver.scene is not t:
            driver.key("return")
        n = 2 if mode == "ai" else 1
        assert t.perform((VM.MULLIGAN, (1 << n) - 1))
        driver.until(lambda: not t.anims.busy, 300)
        assert want in [e.text for e in t.log.entries], [e.text for e in t.log.entries]
