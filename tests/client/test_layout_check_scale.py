"""The layout check's "larger is larger" part: a table whose cards shrink as the
interface size grows is reported (and the tables as they are pass)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def scale_lines(game="essveil"):
    from client.devtools import layoutcheck as L
    lines = L.run(((1280, 720),), (1.0, 2.0), [game], zooms=False,
                  only={f"table[{game}] early"}, out=lambda _l: None)
    return [ln for ln in lines if ln.startswith("scale:")]


def test_tables_cards_do_not_shrink_at_larger_interface_sizes():
    assert scale_lines("essveil") == []
    assert scale_lines("everdawn") == []


def test_a_card_size_made_to_shrink_on_purpose_is_reported(monkeypatch):
    from client.tables.essveil.layout import EssveilLayout
    real = EssveilLayout.layout

    def shrinking(self):
        real(self)
        if self.app.settings.ui_scale > 1.0:       # larger interface size, smaller cards: wrong
            self.cw -= 12
            self.hw -= 12
    monkeypatch.setattr(EssveilLayout, "layout", shrinking)
    lines = scale_lines("essveil")
    assert any("board card" in ln and "at 100 % but" in ln and "at 200 %" in ln for ln in lines), lines
    assert any("hand card" in ln for ln in lines), lines


def test_compare_reports_text_that_shrinks():
    from client.devtools.layoutcheck_scale import compare
    seen = {100: ({"hand card": 100}, {"Lane 1": 16}), 150: ({"hand card": 100}, {"Lane 1": 15})}
    assert compare("t", seen, texts=True) == ["t: text 'Lane 1' 16 px at 100 % but 15 px at 150 %"]
    assert compare("t", seen, texts=False) == []


def test_the_tables_own_words_do_not_shrink_and_a_shrink_made_on_purpose_is_reported(monkeypatch):
    """The text check is on: a table's own words (here a line in Essveil's player panel)
    drawn smaller at a larger interface size are reported by the layout check."""
    from client.devtools import layoutcheck_scale
    from client.tables.essveil.draw import EssveilDraw
    from client.ui.theme import draw_text
    monkeypatch.setattr(layoutcheck_scale, "CHECK_TEXT", True)
    assert scale_lines("essveil") == [] and scale_lines("everdawn") == []
    real = EssveilDraw._draw_info

    def shrinking(self, surf, v, seat):
        real(self, surf, v, seat)
        r = self.info_rect(seat)
        draw_text(surf, "Essence left", (r.left + 4, r.bottom - 30), int(round(18 / self.app.scale)))
    monkeypatch.setattr(EssveilDraw, "_draw_info", shrinking)
    lines = scale_lines("essveil")
    assert any("text 'Essence left'" in ln and "at 100 % but" in ln and "at 200 %" in ln for ln in lines), lines


def test_card_sizes_grow_at_every_interface_step():
    """1280x720: every step 100 -> 125 -> 150 -> 175 -> 200 % draws larger board and hand cards."""
    from client.devtools import layoutcheck as L
    from client.devtools import layoutcheck_scale as S
    seen = {}
    orig = S.note

    def note(app, label, size, screen):
        orig(app, label, size, screen)
        seen.setdefault(label, []).append(S.probe(app.scenes.top))
    try:
        S.note = note
        L.scale_check.note = note
        L.run(((1280, 720),), (1.0, 1.25, 1.5, 1.75, 2.0), ["everdawn", "essveil"], zooms=False,
              only={"table[everdawn] early", "table[essveil] early"}, out=lambda _l: None)
    finally:
        S.note = orig
        L.scale_check.note = orig
    for label, probes in seen.items():
        assert len(probes) == 5, (label, probes)
        for name in ("board card", "hand card"):
            widths = [p[name] for p in probes]
            assert all(a < b for a, b in zip(widths, widths[1:])), (label, name, widths)


def test_evons_words_do_not_shrink_at_larger_interface_sizes(monkeypatch):
    from client.devtools import layoutcheck_scale
    monkeypatch.setattr(layoutcheck_scale, "CHECK_TEXT", True)
    assert scale_lines("evons") == []
