"""Bad input at the match contract and the sanitising step (issue #16)."""
import pytest

from engine.core.match import IllegalAction
from engine.core.sanitize import REPLACEMENT, clean_file_name, clean_json, clean_name, clean_text
from engine.games import GAME_NAMES, get_game
from engine.core.session import MatchSession


def _match(game, seed=3):
    spec = get_game(game)
    decks = spec.starter_decks()
    return spec.match_class.new((decks[0], decks[-1]), seed)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_apply_refuses_anything_but_a_tuple_of_ints(game):
    m = _match(game)
    before = m.to_json()
    legal = m.legal_actions()[0]
    bad = [5, None, "pass", 3.5, tuple(float(x) for x in legal), tuple(legal) + (0.5,),
           (True,) * len(legal), [str(x) for x in legal], {"a": 1}, ()]
    for a in bad:
        with pytest.raises(IllegalAction):
            m.apply(a)
        assert m.to_json() == before, a
        assert m.why_illegal(a) is not None
    m.apply(list(legal))  # a list of ints is still a move
    assert m.to_json() != before


@pytest.mark.parametrize("game", GAME_NAMES)
def test_session_apply_refuses_non_actions(game):
    spec = get_game(game)
    d = spec.starter_decks()
    s = MatchSession.new(game, (d[0], d[-1]), 5)
    for a in (5, None, tuple(float(x) for x in s.match.legal_actions()[0])):
        with pytest.raises(IllegalAction):
            s.apply(a)
    assert len(s) == 0


def test_clean_text_replaces_controls_and_lone_surrogates():
    assert clean_text("My \x00 deck") == f"My {REPLACEMENT} deck"
    assert clean_text("a\ud800b\udcffc") == f"a{REPLACEMENT}b{REPLACEMENT}c"
    assert clean_text("tab\there\nline") == "tab here line"
    assert clean_text("x\r\ny", newlines=True) == "x\ny"
    assert clean_text("\x1b[31mred\x7f\x85") == f"{REPLACEMENT}[31mred{REPLACEMENT}{REPLACEMENT}"
    assert clean_text("Ünïcødé 🂡 ok") == "Ünïcødé 🂡 ok"
    assert len(clean_text("x" * 10 ** 6, 100)) == 100
    assert clean_text(5) == "5"
    clean_text("\ud800").encode("utf-8")  # writable


def test_clean_name_and_file_name():
    assert clean_name("  a \n\t b  ") == "a b"
    assert len(clean_name("n" * 500)) == 60
    fn = clean_file_name(b"\xff\xfe.autosave")
    assert fn.endswith(".autosave") and REPLACEMENT in fn
    long = clean_file_name("x" * 240 + ".json")
    assert len(long) <= 80 and long.endswith(".json")
    assert clean_json({"k\x00": ["\ud800", 1, {"n": "ok"}]}) == {f"k{REPLACEMENT}": [REPLACEMENT, 1, {"n": "ok"}]}


def test_player_names_from_peers_drop_what_does_not_print():
    from engine.core.sanitize import clean_player_name
    from engine.net.protocol import MAX_NAME, clean_name
    # a right-to-left override would turn the text drawn after the name around
    assert clean_player_name("Eve\u202etxt.exe") == "Evetxt.exe"
    assert clean_player_name("\x00" * 50) == "Player"
    assert clean_player_name("  Ann\u200b \t\n Lee ") == "Ann Lee"
    assert clean_player_name(None, "Guest") == "Guest"
    assert clean_player_name("\ud800x") == "x"
    # the network's cleaner is the same step with its own length cap
    assert clean_name("Bob\u2066" + "b" * 100) == "Bob" + "b" * (MAX_NAME - 3)
