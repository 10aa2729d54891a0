"""The layout check (python -m client --layout-check) finds unreadable text, and the
screens it checks have none. The full run (3 window sizes x 3 interface sizes, every
scene) is the command; here a subset keeps the suite fast."""
import pytest

pytest.importorskip("pygame")


def _run(**kw):
    from client.devtools import layoutcheck
    lines = []
    problems = layoutcheck.run(out=lines.append, **kw)
    return problems


def test_tables_and_setup_read_at_1280x720():
    problems = _run(sizes=((1280, 720),), scales=(1.0, 2.0), games=["everdawn", "evons", "essveil"],
                    quick=True, zooms=False,
                    only={"setup[everdawn]", "table[everdawn] early", "table[evons] early",
                          "table[essveil] early", "table[everdawn] busy"})
    assert problems == []


def test_a_label_made_too_long_is_reported(monkeypatch):
    from client.scenes.setup import MatchSetupScene
    monkeypatch.setattr(MatchSetupScene, "deck_tip",
                        lambda self, seat: "A deck description far too long to fit. " * 12)
    problems = _run(sizes=((1280, 720),), scales=(1.0,), games=["everdawn"], quick=True, zooms=False,
                    only={"setup[everdawn]"})
    assert any("cut:" in p and "far too long" in p for p in problems), problems


def test_a_card_name_too_long_for_its_face_is_reported(monkeypatch):
    from engine.games import get_game
    sp = get_game("everdawn")
    card = sp.cards["vale_archer"] if "vale_archer" in sp.cards else next(iter(sp.cards.values()))
    import dataclasses
    monkeypatch.setitem(sp.cards, card.id,
                        dataclasses.replace(card, name="Unreasonablylongnamedarcherofthevale Overlongname"))
    problems = _run(sizes=((1280, 720),), scales=(1.0,), games=["everdawn"], quick=True, zooms=True,
                    only=set())
    assert any("small:" in p and "Unreasonablylong" in p for p in problems), problems


def test_the_command_prints_a_count_and_fails_on_problems(monkeypatch, capsys):
    from client.devtools import layoutcheck
    from client.scenes.setup import MatchSetupScene
    monkeypatch.setattr(MatchSetupScene, "deck_tip", lambda self, seat: "Too long a description. " * 30)
    monkeypatch.setattr(layoutcheck, "QUICK_SCALES", (1.0,))
    monkeypatch.setattr(layoutcheck, "targets",
                        lambda games, quick=False: [("setup[everdawn]", "setup", "everdawn", 1, None)])
    monkeypatch.setattr(layoutcheck, "check_zooms", lambda *a, **k: None)
    code = layoutcheck.main(["--quick", "--game", "everdawn"])
    out = capsys.readouterr().out.strip().splitlines()
    assert code == 1
    assert out[-1].endswith(" problems") and int(out[-1].split()[0]) == len(out) - 1 >= 1


def test_a_seat_chip_made_too_long_is_reported(monkeypatch):
    """The seat chip in the top bar shortens a long name with "…": the check says so."""
    from client.table import scene as table_base
    orig = table_base.TableScene.__init__

    def init(self, *a, **kw):
        orig(self, *a, **kw)
        self.names = ["You", "An opponent with a name far too long for any chip"]
    monkeypatch.setattr(table_base.TableScene, "__init__", init)
    problems = _run(sizes=((1280, 720),), scales=(1.0,), games=["essveil"], quick=True, zooms=False,
                    only={"table[essveil] early"})
    assert any("cut:" in p and "far too long" in p for p in problems), problems


def test_a_list_row_made_too_long_is_reported_unless_built_to_cut(monkeypatch):
    """A deck name too long for the replays panel is reported; the list row beside it
    (built to cut: the panel shows the whole) is not."""
    from engine.core.replays import ReplayInfo
    long = "A deck whose name is far too long for the replays panel"
    monkeypatch.setattr(ReplayInfo, "deck_names", property(lambda self: [long, long]))
    problems = _run(sizes=((1280, 720),), scales=(1.0,), games=["everdawn"], zooms=False, only={"replays"})
    cuts = [p for p in problems if "cut:" in p]
    assert any("far too long" in p for p in cuts), problems
    assert not any(" vs " in p for p in cuts), cuts  # the row's "A vs B" is built to cut


def test_a_sentence_written_badly_on_purpose_is_reported(monkeypatch):
    from client.scenes.setup import MatchSetupScene
    monkeypatch.setattr(MatchSetupScene, "deck_tip", lambda self, seat: "You has a armour and 1 cards(s).")
    problems = _run(sizes=((1280, 720),), scales=(1.0,), games=["everdawn"], quick=True, zooms=False,
                    only={"setup[everdawn]"})
    grammar = [p for p in problems if "grammar:" in p]
    for want in ("You has", "a armour", "1 cards", "(s)"):
        assert any(want in p for p in grammar), (want, problems)


def test_player_1_on_a_table_where_you_play_is_reported(monkeypatch):
    from client.table import scene as table_base
    from client.ui.theme import draw_text
    orig_draw = table_base.TableScene.draw

    def draw(self, surf):
        orig_draw(self, surf)
        draw_text(surf, "Player 1 attacks.", (10, 300), 16)
    monkeypatch.setattr(table_base.TableScene, "draw", draw)
    problems = _run(sizes=((1280, 720),), scales=(1.0,), games=["evons"], quick=True, zooms=False,
                    only={"table[evons] early"})
    assert any("grammar:" in p and "Player 1" in p for p in problems), problems


def test_a_deep_evons_chain_reads_at_every_size():
    """The layout check's chain position (a seeded game's deepest activation chain, cards
    reactivated in the out zone): at 1024x640 "… 7 more below" fell under the choice buttons
    and a hand card's "Leviathan" was 7 px; at 1920x1080 150 % the same line was covered."""
    problems = _run(sizes=((1024, 640), (1920, 1080)), scales=(1.0, 1.5), games=["evons"], zooms=False,
                    only={"table[evons] chain"})
    assert problems == []
