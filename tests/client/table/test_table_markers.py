"""What the Everdawn and Evons tables draw over cards and beside a drop never
covers what a player reads: on an Everdawn creature the fighting numbers, the
ATTACKING marker and a set bonus's badge share the card's art without overlap
(never over its name or numbers), attack arrows run from card edge to card edge;
the Evons drop's cost stays clear of the move preview; the hot-seat short return
says in words what was answered."""
import random

import pygame


from engine.core.harness import starter_pair
from engine.core.session import MatchSession
from engine.everdawn import match as EM
from support.helpers import HOTSEAT_META, ai_table, game_session, hotseat_table

HUMAN = 0


def everdawn_declared(seeds=range(1, 60)):
    """A session where the human has declared attacks (one attacker with a set bonus
    or changed numbers when the seeds give one)."""
    best = None
    for seed in seeds:
        s = game_session("everdawn", seed, human=HUMAN)
        rng = random.Random(seed)
        for _ in range(300):
            m = s.match
            if m.result() is not None:
                break
            legal = m.legal_actions()
            if m.to_move() == HUMAN and m.phase() == "declare" and m.attacks():
                src, tgt = m.set_info(HUMAN)
                lanes = {a for a, _t in m.attacks()}
                if tgt in lanes:
                    return s
                best = best or s
                break
            a = legal[rng.randrange(len(legal))]
            if a[0] == EM.CONCEDE:
                a = legal[0]
            s.apply(a)
    assert best is not None
    return best


def test_markers_on_an_everdawn_card_never_overlap_or_leave_its_art(driver, monkeypatch):
    import client.tables.everdawn.draw as ED
    from client.tables.everdawn.face import art_rect
    s = everdawn_declared()
    t = ai_table(driver, "everdawn", s, human=HUMAN, paused=True)
    drawn = []
    real_pill, real_stats = ED.pill, ED.EverdawnDraw._draw_stats_pill
    monkeypatch.setattr(ED, "pill", lambda surf, text, *a, **k: drawn.append((text, real_pill(surf, text, *a, **k)))
                        or drawn[-1][1])

    def stats(self, *a, **k):
        r = real_stats(self, *a, **k)
        if r is not None:
            drawn.append(("stats", r))
        return r
    monkeypatch.setattr(ED.EverdawnDraw, "_draw_stats_pill", stats)
    arrows = []
    real_arrow = ED.draw_arrow
    monkeypatch.setattr(ED, "draw_arrow", lambda surf, a, b, *x, **k: (arrows.append((a, b)),
                                                                          real_arrow(surf, a, b, *x, **k))[1])
    for size in ((1280, 720), (1920, 1080)):
        driver.resize(*size)
        driver.step(2)
        drawn.clear()
        arrows.clear()
        driver.app.draw(pygame.display.get_surface())       # one whole frame
        v = t.shown
        attackers = {a for a, _t in v.attacks()}
        seen_attacking = 0
        for sl in EM.LANES:
            code = v.creature_at(HUMAN, sl)
            if code < 0:
                continue
            rr = t.slot_rect(HUMAN, sl)
            art = art_rect(EM_card(code), rr.width).move(rr.topleft)
            mine = [(txt, r) for txt, r in drawn if rr.contains(r) or rr.colliderect(r) and r.width < rr.width]
            if sl in attackers:
                assert any(txt == "ATTACKING" for txt, _r in mine), (size, sl)
                seen_attacking += 1
            for i, (ta, ra) in enumerate(mine):
                assert art.inflate(2, 2).contains(ra), (size, ta, ra, art)       # never over name or numbers
                for tb, rb in mine[i + 1:]:
                    assert not ra.colliderect(rb), (size, ta, tb)
        assert seen_attacking
        # arrows: from an attacker's top edge to the target's bottom edge, across the band
        for (ax, ay), (bx, by) in arrows:
            if ay > by:             # the human's attacks go up the screen
                assert any(abs(ay - t.slot_rect(HUMAN, a).top) <= t.s(3) for a in attackers)
                assert any(abs(by - t.slot_rect(1 - HUMAN, x).bottom) <= t.s(3) for _a, x in v.attacks())


def EM_card(code):
    from engine.everdawn.cards import CARDS_BY_CODE
    return CARDS_BY_CODE[code]


def test_evons_drop_cost_is_drawn_clear_of_the_move_preview(driver, monkeypatch):
    from engine.core.rng import Rng
    from engine.evons.cards import MAIN_CELLS
    import client.tables.evons.draw as VD
    found = None
    for seed in range(1, 30):
        s = game_session("evons", seed, human=0)
        rng = Rng(seed)
        for i in range(400):
            m = s.match
            if m.result() is not None:
                break
            legal = m.legal_actions()
            if m.to_move() == 0 and i > 20 and sum(1 for c in MAIN_CELLS if m.at(c) < 0) == 1 \
                    and any(a[0] == 2 for a in legal):
                found = s
                break
            s.apply(legal[rng.randrange(len(legal))])
        if found:
            break
    assert found
    for scale in (1.0, 2.0):
        driver.app.settings.ui_scale = scale
        driver.app.apply_settings() if hasattr(driver.app, "apply_settings") else None
        t = ai_table(driver, "evons", found, paused=True)
        cell = next(c for c in MAIN_CELLS if found.match.at(c) < 0)
        src, tk = next(k for k in t.pairs if k[0][0] == "hand" and k[1] == ("cell", cell))
        pills = []
        real = VD.pill
        monkeypatch.setattr(VD, "pill", lambda surf, text, *a, **k: (pills.append((text, real(surf, text, *a, **k))),
                                                                      pills[-1][1])[1])
        driver.drag(t.sources[src].rect.center, t.targets[tk].rect.center, release=False)
        driver.step(1)                       # the very first frame over the target already places it clear
        cost = [r for text, r in pills if text.startswith(("ACTIVE:", "COVERED:"))]
        assert cost and t.aids.preview_rect is not None
        assert not cost[-1].colliderect(t.aids.preview_rect), (scale, cost[-1], t.aids.preview_rect)
        assert not cost[-1].colliderect(t.targets[tk].rect)
        driver.post(pygame.MOUSEBUTTONUP, pos=(3, 3), button=3, touch=False)
        driver.key("escape")
        driver.step(2)
        if driver.scene is not t:
            driver.key("escape")
        monkeypatch.setattr(VD, "pill", real)


def test_everdawn_short_return_says_what_was_answered(driver):
    found = None
    for seed in range(1, 40):
        s = MatchSession.new("everdawn", starter_pair("everdawn", seed), seed, None, dict(HOTSEAT_META))
        rng = random.Random(seed)
        for _ in range(400):
            m = s.match
            if m.result() is not None:
                break
            legal = m.legal_actions()
            if m.phase() == "declare" and (EM.PASS,) in legal:
                c = m.clone()
                c.apply((EM.PASS,))
                if c.phase() == "defender_spells" and c.to_move() == 1 - m.turn_player():
                    c.apply((EM.PASS,))
                    if c.to_move() == m.turn_player() and c.phase() != "choice":
                        found = s
                        break
            a = legal[rng.randrange(len(legal))]
            s.apply(a if a[0] != EM.CONCEDE else legal[0])
        if found:
            break
    assert found
    t = hotseat_table(driver, "everdawn", found, steps=0)
    driver.until(lambda: t.handoff.pending or t.viewer == t.match.to_move(), 120)
    if driver.scene.name == "handoff":
        driver.key("return")
    attacker = t.viewer
    assert t.perform((EM.PASS,))
    driver.until(lambda: driver.scene.name == "handoff", 600)
    driver.key("return")
    assert t.perform((EM.PASS,))            # the defender casts nothing
    driver.step(5)
    ret = driver.scene
    assert ret.name == "handoff_return"
    assert ret.kwargs["reason"] == (f"{t.names[1 - attacker]} has answered (cast no combat spell): "
                                    f"pass back to {t.names[attacker]}.")
