"""Every card in play shows its current state: seeded random games of each game are
played through the table, and at every step each creature's (or grid card's) face is
checked — the values the drawing code is given equal what the engine says the card is
now (Essveil: Might, Endurance left, keywords, Silence; Everdawn: attack and defense;
Evons: ATK and DEF left) — and so is the card the hover zoom would show there."""
import random


from client.cards.state import InPlay
from support.helpers import ai_table, game_session

HUMAN = 0


def _watch(monkeypatch, module, names, table):
    """Record the faces ``face_of`` hands out this frame and the ones drawn."""
    made, drawn = {}, set()
    real_face = table.face_of

    def face_of(v, *ref):
        f = real_face(v, *ref)
        made[ref] = f
        return f
    monkeypatch.setattr(table, "face_of", face_of)
    for name in names:
        real = getattr(module, name)

        def wrap(game_or_card, *a, _real=real, **k):
            for x in (game_or_card,) + a[:1]:
                if isinstance(x, InPlay):
                    drawn.add(id(x))
            return _real(game_or_card, *a, **k)
        monkeypatch.setattr(module, name, wrap)
    return made, drawn


def _play(d, t, session, rng, check, steps):
    checked = 0
    for _ in range(steps):
        m = session.match
        if m.result() is not None:
            break
        legal = m.legal_actions()
        a = legal[rng.randrange(len(legal))]
        t.perform(a, by_ai=m.to_move() != HUMAN)
        d.step(2)
        checked += check()
    return checked


def test_essveil_faces_and_zooms_show_each_creature_as_it_is_now(driver, monkeypatch):
    import client.tables.essveil.draw as ED
    seen = set()
    total = 0
    for seed in (2, 5):
        s = game_session("essveil", seed, human=HUMAN)
        t = ai_table(driver, "essveil", s, human=HUMAN, paused=True)
        made, drawn = _watch(monkeypatch, ED, ("card_surface",), t)

        def check():
            v = t.shown
            n = 0
            rects = t.unit_rects(v)
            for seat in (0, 1):
                for c in v.creatures(seat):
                    face = made.get((c["uid"],))
                    assert face is not None and id(face) in drawn, c
                    shown = face.shown()
                    assert (shown["might"], shown["endurance"]) == (c["might"], c["left"])
                    assert list(shown["keywords"]) == list(c["keywords"])
                    assert face.state.silenced == c["silenced"]
                    if c["silenced"]:
                        printed = face.card.keywords
                        assert not [k for k in printed if k in shown["keywords"] and k not in
                                    [g for g, _src in face.state.gained]]
                        assert face.text.startswith("Silenced.")
                        seen.add("silenced")
                    if c["damage"]:
                        seen.add("damaged")
                    if (c["might"], c["endurance"]) != (face.card.might, face.card.endurance):
                        seen.add("changed")
                        assert "(printed " in face.state.lines()[0]
                    if c["equipment"]:
                        seen.add("equipped")
                    zoom = t.card_at(rects[c["uid"]].center)
                    assert isinstance(zoom, InPlay) and zoom.shown() == shown
                    n += 1
            made.clear()
            drawn.clear()
            return n
        total += _play(driver, t, s, random.Random(seed), check, 160)
    assert total >= 100
    assert {"damaged", "changed", "equipped"} <= seen, seen


def test_everdawn_faces_and_zooms_show_attack_and_defense_now(driver, monkeypatch):
    import client.tables.everdawn.draw as ED
    from engine.everdawn import match as EM
    seen = set()
    total = 0
    for seed in (1, 4):
        s = game_session("everdawn", seed, human=HUMAN)
        t = ai_table(driver, "everdawn", s, human=HUMAN, paused=True)
        made, drawn = _watch(monkeypatch, ED, ("card_surface",), t)

        def check():
            v = t.shown
            n = 0
            for seat in (0, 1):
                src, _tgt = v.set_info(seat)
                for sl in EM.SLOTS:
                    code = v.creature_at(seat, sl)
                    if code < 0 or (seat, sl) in t.hidden_slots:
                        continue
                    face = made.get((seat, sl))
                    assert face is not None and id(face) in drawn, (seat, sl)
                    atk, dfn = v.stats(seat, sl)
                    assert (face.attack, face.defense) == (atk, dfn)
                    assert face.shown() == {"attack": atk, "defense": dfn}
                    if (atk, dfn) != (face.card.attack, face.card.defense):
                        seen.add("changed")
                        assert f"{atk}/{dfn} (printed {face.card.attack}/{face.card.defense})" in face.state.lines()[0]
                    if sl == src:
                        seen.add("set")
                        assert any(x.startswith("Set") for x in face.state.notes)
                    at = t.slot_rect(seat, sl).center
                    over = [rr for rr, _a, c in t.choice_spots if c is not None] + \
                        t.hand_rects(len(v.hand[t.viewer]))
                    if not any(rr.collidepoint(at) for rr in over):     # (a choice's card lies on top)
                        zoom = t.card_at(at)
                        assert isinstance(zoom, InPlay) and zoom.shown() == face.shown()
                    n += 1
            made.clear()
            drawn.clear()
            return n
        total += _play(driver, t, s, random.Random(seed), check, 100)
    assert total >= 100
    assert {"changed", "set"} <= seen, seen


def test_evons_tiles_and_zooms_show_atk_and_def_left(driver, monkeypatch):
    import client.tables.evons.draw as VD
    seen = set()
    total = 0
    for seed in (3,):
        s = game_session("evons", seed, human=HUMAN)
        t = ai_table(driver, "evons", s, human=HUMAN, paused=True)
        made, drawn = _watch(monkeypatch, VD, ("render_tile",), t)

        def check():
            v = t.shown
            n = 0
            for c in range(49):
                inst = v.at(c)
                if inst < 0 or v.is_covered(inst) or v.card(inst) is None or v.card(inst).is_block:
                    continue
                face = made.get((inst,))
                assert face is not None and id(face) in drawn, c
                assert (face.atk, face.defense) == (v.current_atk(inst), v.current_def(inst))
                if v.dmg[inst]:
                    seen.add("damaged")
                    assert f"Damage {v.dmg[inst]}" in " ".join(face.state.lines())
                if v.current_atk(inst) != face.card.atk:
                    seen.add("bonus")
                zoom = t.card_at(t.cell_rect(c).center)
                assert isinstance(zoom, InPlay) and zoom.shown() == face.shown()
                n += 1
            made.clear()
            drawn.clear()
            return n
        total += _play(driver, t, s, random.Random(seed), check, 180)
    assert total >= 100
    assert {"damaged"} <= seen, seen
