"""Text from outside that is too long for its place: a deck named with 60 wide letters and
described with one 500-letter word. The description wraps inside its box (the word was
drawn whole, off the panel and the window) and the deck list shows the name cut with "…"
(pygame-gui clipped it mid-letter under the arrow), and picking that entry still picks the
deck."""
from __future__ import annotations

from support.paths import ROOT
import json

import pygame
import pygame_gui

from client.devtools.testing import Driver
from client.ui.theme import font, wrap_lines

def test_a_word_wider_than_the_line_is_broken_to_fit():
    pygame.font.init()
    f = font(13)
    text = "Big " + "M" * 500 + " end"
    lines = wrap_lines(text, f, 300)
    assert all(f.size(ln)[0] <= 300 for ln in lines), [f.size(ln)[0] for ln in lines]
    assert lines[0] == "Big" and lines[-1].endswith(" end") and "".join(lines[1:]).replace(" end", "") == "M" * 500
    assert wrap_lines("two words", f, 300) == ["two words"]      # ordinary text as before


def test_a_long_deck_name_and_description_in_the_match_setup(tmp_path, monkeypatch):
    deck = json.loads((ROOT / "decks" / "evons" / "ember_quake.json").read_text(encoding="utf-8"))
    deck.update(name="W" * 60, description="M" * 500)
    folder = tmp_path / "data" / "decks" / "evons"
    folder.mkdir(parents=True)
    (folder / "w.json").write_text(json.dumps(deck), encoding="utf-8")
    d = Driver(tmp_path)
    try:
        sc = d.open("setup", game="evons")
        dd = sc.widgets["deck0"]
        labels = [o[0] if isinstance(o, tuple) else o for o in dd.options_list]
        cut = [lab for lab in labels if lab.startswith("WWW")]
        assert len(cut) == 1 and cut[0].endswith("…")
        assert font(sc.s(17)).size(cut[0])[0] <= dd.rect.width - sc.s(44)
        # the player picks the cut entry: the deck is picked
        pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=cut[0], ui_element=dd,
                                             ui_object_id=dd.most_specific_combined_id))
        d.step(3)
        assert sc.decks[sc.pick[0]].deck.name == "W" * 60
        # its description stays inside the panel
        import client.ui.theme as ui
        from support.helpers import Texts
        rec = Texts()
        monkeypatch.setattr(ui, "RECORDER", rec)
        monkeypatch.setattr(ui, "_TEXT_CACHE", None, raising=False)
        monkeypatch.setattr(ui, "_WRAP_CACHE", {})
        sc.draw(d.app.screen)
        widths = [w for t, w, _ in rec.seen if t.startswith("MMM")]
        panel = sc.panel_rect()
        assert widths and max(widths) <= panel.width - sc.s(72), widths
    finally:
        d.close()


LONG = ("W" * 40, "M" * 40)      # the longest player names a record keeps (MAX_PLAYER_NAME)


def _hotseat(d, game):
    import random
    import sys
    sys.path.insert(0, str(ROOT / "tests"))
    from support.helpers import show_table
    from engine.core.harness import starter_pair
    from engine.core.session import MatchSession
    s = MatchSession.new(game, starter_pair(game, 3), 3, None, {"mode": "hotseat", "names": list(LONG)})
    r = random.Random(1)
    for _ in range(40):
        la = s.match.legal_actions()
        s.apply(la[r.randrange(len(la))])
    return show_table(d, game, s, mode="hotseat", human_seats=(0, 1))


def _drawn(monkeypatch, draw):
    import client.ui.theme as ui
    from support.helpers import Texts
    rec = Texts()
    monkeypatch.setattr(ui, "RECORDER", rec)
    monkeypatch.setattr(ui, "_TEXT_CACHE", None, raising=False)
    draw()
    monkeypatch.setattr(ui, "RECORDER", None)
    return rec.seen


def test_long_player_names_stay_in_the_log_the_hand_off_and_the_game_over(tmp_path, monkeypatch):
    from client.table.kit.log import LogEntry
    d = Driver(tmp_path)
    try:
        t = _hotseat(d, "essveil")
        d.step(3)
        if d.scene.name == "handoff":
            ho = d.scene
            seen = _drawn(monkeypatch, lambda: ho.draw(d.app.screen))
            heads = [(txt, w) for txt, w, _ in seen if txt.startswith("Pass to ")]
            assert heads and heads[-1][0].endswith("…") and heads[-1][1] <= ho.panel_rect().width - ho.s(40)
            label = ho.widgets["ready"].text
            assert label.endswith("… — show my cards"), label
            d.key("return")
            d.step(3)
        # every log line fits the log, a name too long for one line broken in pieces
        log = t.log
        e = LogEntry(f"{LONG[0]} casts Spark on {LONG[1]}.")
        width = 200
        lines = log._layout_entry(e, width, 15)
        from client.ui.theme import font
        widths = [sum((font(15, True) if card else font(15)).size(w)[0] for w, card in ln) for ln in lines]
        assert max(widths) <= width, widths
        assert "".join(w for ln in lines for w, _ in ln).replace(" ", "") == e.text.replace(" ", "")
        # the game over names the winner in the panel, " wins!" kept
        t.ending.concede()                  # (the player to move)
        d.step(5)
        assert d.scene.name == "game_over"
        go = d.scene
        seen = _drawn(monkeypatch, lambda: go.draw(d.app.screen))
        heads = [(txt, w) for txt, w, _ in seen if txt.endswith(" wins!")]
        assert heads and heads[-1][0].endswith("… wins!"), heads
        assert heads[-1][1] <= go.panel_rect().width - go.s(40), heads
    finally:
        d.close()


def test_watch_as_a_long_name_is_cut_and_the_tooltip_has_it_whole(tmp_path):
    import random
    from engine.core.harness import starter_pair
    from engine.core.replays import save_replay
    from engine.core.session import MatchSession
    d = Driver(tmp_path)
    try:
        from client.storage import replays_dir
        s = MatchSession.new("essveil", starter_pair("essveil", 3), 3, None, {"mode": "hotseat", "names": list(LONG)})
        r = random.Random(1)
        while s.match.result() is None:
            la = s.match.legal_actions()
            s.apply(la[r.randrange(len(la))])
        s.record.result = s.match.result().to_json()
        save_replay(replays_dir(), s.record)
        sc = d.open("replays")
        b = sc.widgets["watch0"]
        assert b.text.startswith("Watch as WWW") and b.text.endswith("…")
        assert b.font.size(b.text)[0] <= b.rect.width - sc.s(8)
        assert b.tool_tip_text.startswith(f"Watch as {LONG[0]}")
        assert sc.widgets["watch_all"].text == "Watch with every card shown"     # one that fits: as it was
    finally:
        d.close()


def test_the_review_names_a_long_player_once_and_inside_the_window(tmp_path, monkeypatch):
    import random
    from engine.core.harness import starter_pair
    from engine.core.session import MatchSession
    d = Driver(tmp_path)
    try:
        s = MatchSession.new("essveil", starter_pair("essveil", 3), 3, None, {"mode": "hotseat", "names": list(LONG)})
        r = random.Random(1)
        while s.match.result() is None:
            la = s.match.legal_actions()
            s.apply(la[r.randrange(len(la))])
        s.record.result = s.match.result().to_json()
        sc = d.app.scenes.switch("review", record=s.record.copy(), seat=0, game="essveil")
        d.step(2)
        seen = _drawn(monkeypatch, lambda: sc.draw(d.app.screen))
        sub = [(t, w) for t, w, _ in seen if "decisions, scored by the hard AI" in t]
        assert sub and sub[-1][0].endswith("from that player's own view"), sub
        assert "W" not in sub[-1][0].split("'s decisions")[1] and sub[-1][1] <= sc.W - sc.s(60), sub
    finally:
        d.close()


def test_replay_details_keep_the_decks_and_stay_above_the_buttons_at_200_percent(tmp_path, monkeypatch):
    import random
    from client.settings import Settings
    from engine.core.harness import starter_pair
    from engine.core.replays import save_replay
    from engine.core.session import MatchSession
    import client.replays as rp
    st = Settings()
    st.ui_scale, st.animation_speed = 2.0, "instant"
    d = Driver(tmp_path, (1920, 1080), settings=st)
    try:
        from client.storage import replays_dir
        s = MatchSession.new("essveil", starter_pair("essveil", 3), 3, None, {"mode": "hotseat", "names": list(LONG)})
        r = random.Random(1)
        while s.match.result() is None:
            la = s.match.legal_actions()
            s.apply(la[r.randrange(len(la))])
        s.record.result = s.match.result().to_json()
        save_replay(replays_dir(), s.record)
        sc = d.open("replays")
        drawn = []
        real = rp.draw_text

        def spy(surf, text, pos, size, *a, **kw):
            rect = real(surf, text, pos, size, *a, **kw)
            drawn.append((text, rect))
            return rect
        monkeypatch.setattr(rp, "draw_text", spy)
        sc.draw(d.app.screen)
        seats = [(t, rc) for t, rc in drawn if t.endswith((": Deepwater Titans", ": Emberrush"))]
        assert len(seats) == 2 and all("…" in t for t, _ in seats), [t for t, _ in drawn]
        assert max(rc.bottom for _, rc in seats) <= sc.widgets["watch0"].rect.top
    finally:
        d.close()


def test_everdawn_opponents_hand_label_stays_in_the_window_at_200_percent(tmp_path, monkeypatch):
    from client.settings import Settings
    import client.tables.everdawn.draw as ed
    st = Settings()
    st.ui_scale, st.animation_speed = 2.0, "instant"
    d = Driver(tmp_path, (1920, 1080), settings=st)
    try:
        t = _hotseat(d, "everdawn")
        d.step(3)
        if d.scene.name == "handoff":
            d.key("return")
            d.step(3)
        drawn = []
        real = ed.draw_text

        def spy(surf, text, pos, size, *a, **kw):
            rect = real(surf, text, pos, size, *a, **kw)
            drawn.append((text, rect))
            return rect
        monkeypatch.setattr(ed, "draw_text", spy)
        t.draw(d.app.screen)
        label = [(txt, rc) for txt, rc in drawn if "'s hand: " in txt]
        assert label and label[-1][0].endswith("…'s hand: 5") and label[-1][1].left >= 0, label
        # (its action button names itself in fewer words where the long form does not fit)
        texts = [b.text for b in t.chrome.action_widgets]
        assert not any(x.endswith("…") for x in texts), texts
    finally:
        d.close()
