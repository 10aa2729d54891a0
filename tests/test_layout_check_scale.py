"""The layout check's "larger is larger" part: a table whose cards shrink as the
interface size grows is reported (and the tables as they are pass)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def scale_lines(game="essveil"):
    from client import layoutcheck as L
    lines = L.run(((1280, 720),), (1.0, 2.0), [game], zooms=False,
                  only={f"table[{game}] early"}, out=lambda _l: None)
    return [ln for ln in lines if ln.startswith("scale:")]


def test_tables_cards_do_not_shrink_at_larger_interface_sizes():
    assert scale_lines("essveil") == []
    assert scale_lines("everdawn") == []


def test_a_card_size_made_to_shrink_on_purpose_is_reported(monkeypatch):
    from client.tables.essveil_layout import EssveilLayout
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
    from client.layoutcheck_scale import compare
    seen = {100: ({"hand card": 100}, {"Lane 1": 16}), 150: ({"hand card": 100}, {"Lane 1": 15})}
    assert compare("t", seen, texts=True) == ["t: text 'Lane 1' 16 px at 100 % but 15 px at 150 %"]
    assert compare("t", seen, texts=False) == []
