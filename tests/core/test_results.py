"""How a match ended, as a structure (issue #39 point 4): ``Result(winner, reason, details)``
with the reason an enum of the game's (or the shared) ways to end, worded only when
shown, from the names of the screen; files of older versions still load and read well."""
import json

import pytest

from support.paths import TESTS

from engine.core.match import End, Result, event_kind, event_view, reason_text, result_text
from engine.core.record import load_record
from engine.core.replays import check_record
from engine.core.rng import Rng
from engine.core.text import Names, grammar_problems
from engine.essveil.text import EssveilEnd
from engine.everdawn.text import EverdawnEnd
from engine.evons.text import EvonsEnd
from engine.games import get_game
from engine.core.harness import starter_pair

AI = Names(("you", "the AI"))
AI_SECOND = Names(("the AI", "you"))
HOT = Names(("Ann", "James"))
PLAIN = Names()
ALL = (AI, AI_SECOND, HOT, PLAIN)

#: each game's ways to end, with what the screen says of a win of seat 0 against the AI
CASES = [
    (Result(0, EverdawnEnd.MORALE), "You win — the AI's morale is depleted",
     "Ann wins — James' morale is depleted"),
    (Result(1, EverdawnEnd.NO_CREATURES), "The AI wins — you have no creatures left in play",
     "James wins — Ann has no creatures left in play"),
    (Result(None, EverdawnEnd.SUDDEN_DEATH_DRAW),
     "Draw — both players met a win condition at the same time again in Sudden Death", None),
    (Result(None, EverdawnEnd.TURN_LIMIT, {"turns": 200}), "Draw — the duel reached the 200-turn limit", None),
    (Result(0, EvonsEnd.FULL, {"score": (13, 9)}),
     "You win — the main zone is full — you scored 13, the AI 9",
     "Ann wins — the main zone is full — Ann scored 13, James 9"),
    (Result(None, EvonsEnd.STALL, {"score": (4, 4)}), "Draw — six passes in a row — you scored 4, the AI 4", None),
    (Result(1, EvonsEnd.PASSED_OUT, {"score": (2, 5)}),
     "The AI wins — both players passed with no cards left — you scored 2, the AI 5", None),
    (Result(0, EssveilEnd.LIFE), "You win — the AI's Life is reduced to 0", "Ann wins — James' Life is reduced to 0"),
    (Result(None, EssveilEnd.BOTH), "Draw — both players fell to 0 Life at once", None),
    (Result(None, EssveilEnd.TURN_LIMIT), "Draw — the duel reached the 100-turn limit", None),
    (Result(1, End.CONCEDED), "The AI wins — you conceded", "James wins — Ann conceded"),
    (Result(0, End.TIMEOUT, {"times": 3}), "You win — the AI ran out of time 3 times",
     "Ann wins — James ran out of time 3 times"),
    (Result(1, End.TIMEOUT, {"missed": 2}), "The AI wins — you missed 2 moves", None),
    (Result(0, End.LEFT), "You win — the AI left the table", None),
    (Result(None, End.CALLED_OFF), "Draw — the match was called off before it began", None),
]


@pytest.mark.parametrize("r,vs_ai,hot", CASES, ids=[c[0].reason.value for c in CASES])
def test_each_way_to_end_reads_in_each_naming(r, vs_ai, hot):
    assert result_text(r, AI) == vs_ai
    if hot is not None:
        assert result_text(r, HOT) == hot
    for names in ALL:
        said = result_text(r, names)
        assert not grammar_problems(said), (said, grammar_problems(said))
        why = reason_text(r, names)
        assert why[0].isupper() and why.endswith(".") and not grammar_problems(why)
    if r.winner is not None:          # the loser is said from the winner's side too
        assert "you" not in result_text(r, HOT).lower().split()


@pytest.mark.parametrize("r", [c[0] for c in CASES], ids=[c[0].reason.value for c in CASES])
def test_a_result_round_trips_through_json_and_keeps_a_plain_sentence(r):
    obj = json.loads(json.dumps(r.to_json()))
    assert Result.from_json(obj) == r and hash(Result.from_json(obj)) == hash(r)
    assert obj["end"] == r.reason.value
    assert isinstance(obj["reason"], str) and obj["reason"] == r.reason.sentence(r, PLAIN)
    assert "You" not in obj["reason"] and "AI (" not in obj["reason"]     # no screen's names in files


OLD_WORDS = [
    ({"winner": 1, "reason": "Player 1's morale is depleted."}, EverdawnEnd.MORALE, {}),
    ({"winner": 0, "reason": "Player 2 has no creatures left in play."}, EverdawnEnd.NO_CREATURES, {}),
    ({"winner": None, "reason": "the duel reached the 200-turn limit."}, EverdawnEnd.TURN_LIMIT, {"turns": 200}),
    ({"winner": None, "reason": "both players met a win condition at the same time again in Sudden Death."},
     EverdawnEnd.SUDDEN_DEATH_DRAW, {}),
    ({"winner": 0, "reason": "Player 2 conceded."}, End.CONCEDED, {}),
    ({"winner": 0, "reason": "the main zone is full; score 13–9"}, EvonsEnd.FULL, {"score": (13, 9)}),
    ({"winner": None, "reason": "six passes in a row; score 4–4"}, EvonsEnd.STALL, {"score": (4, 4)}),
    ({"winner": 1, "reason": "Player 1 conceded"}, End.CONCEDED, {}),
    ({"winner": 1, "reason": "Life reduced to 0"}, EssveilEnd.LIFE, {}),
    ({"winner": None, "reason": "turn limit reached"}, EssveilEnd.TURN_LIMIT, {}),
    ({"winner": 0, "reason": "conceded"}, End.CONCEDED, {}),
    ({"winner": 1, "reason": "AI (easy) conceded"}, End.CONCEDED, {}),
    ({"winner": 0, "reason": "You ran out of time 3 times"}, End.TIMEOUT, {"times": 3}),
    ({"winner": 0, "reason": "Bo missed 3 moves"}, End.TIMEOUT, {"missed": 3}),
    ({"winner": 1, "reason": "Ann left the table"}, End.LEFT, {}),
    ({"winner": None, "reason": "The match was called off before it began"}, End.CALLED_OFF, {}),
]


@pytest.mark.parametrize("obj,reason,details", OLD_WORDS, ids=[o["reason"] for o, *_ in OLD_WORDS])
def test_an_older_files_sentence_is_read_back_into_its_reason(obj, reason, details):
    r = Result.from_json(obj)
    assert r.reason is reason and dict(r.details) == details and r.winner == obj["winner"]
    said = result_text(r, AI)
    assert not grammar_problems(said) and "Player" not in said


def test_words_no_version_knew_are_kept_as_they_are():
    r = Result.from_json({"winner": None, "reason": "No one joined within 7 days: the match was removed"})
    assert r.reason is End.OTHER
    assert result_text(r, AI) == "Draw — No one joined within 7 days: the match was removed"
    assert Result.from_json(json.loads(json.dumps(r.to_json()))) == r


GOLDEN = sorted(TESTS.glob("golden/*_*.json"))
GOLDEN = [p for p in GOLDEN if p.stem.split("_")[0] in ("everdawn", "evons", "essveil")]


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_old_golden_files_load_check_and_read_well(path):
    """The golden games were written before results had a structure: they load, reproduce,
    and their end reads with the screen's names."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert "end" not in raw["result"]                      # (written by an older version)
    rec = load_record(path)
    chk = check_record(rec)
    assert chk.ok, chk.problems
    old = Result.from_json(rec.result)
    assert old.reason is not End.OTHER and old == chk.match.result()
    said = result_text(old, AI)
    assert said.startswith(("You win — ", "The AI wins — ", "Draw — ")) and "Player" not in said


def _finished(game, seed):
    spec = get_game(game)
    m = spec.match_class.new(starter_pair(game, seed), seed)
    rng = Rng(seed)
    events = []
    while m.result() is None:
        legal = m.legal_actions()
        for e in m.apply(legal[rng.randrange(len(legal))]):
            events.append((e, [m.event_text(e, n) for n in ALL] + [m.event_text(e)]))
    return m, events


@pytest.mark.parametrize("game", ["everdawn", "evons", "essveil"])
def test_every_event_reads_in_each_naming(game):
    """A whole seeded game's log, worded for each way a screen calls the players: against
    the AI nothing says "Player 1" or "AI (easy)", "you" takes its verbs, each sentence
    reads well; the neutral naming is what the engine says alone."""
    m, events = _finished(game, 4)
    assert events
    mine = theirs = 0
    for e, (vs_ai, ai_first, hot, plain, alone) in events:
        assert plain == alone
        for said in (vs_ai, ai_first, hot):
            assert "Player 1" not in said and "Player 2" not in said and "AI (" not in said, said
            assert not grammar_problems(said), (said, grammar_problems(said))
        mine += vs_ai.startswith(("You ", "Your ")) or " your " in vs_ai
        theirs += "the AI" in vs_ai or "The AI" in vs_ai
    assert mine and theirs
    end = m.result()
    assert result_text(end, AI) != result_text(end, AI_SECOND)


@pytest.mark.parametrize("game", ["everdawn", "evons", "essveil"])
def test_events_are_read_by_name(game):
    """Every value an event carries has a name (the client reads none by position)."""
    m, events = _finished(game, 5)
    kinds = type(m).EVENTS
    for e, _ in events:
        v = m.event(e)
        assert e[0] in kinds, e[0]
        assert len(e) <= len(v), f"{e[0]} carries {len(e) - 1} values, names {len(v) - 1}"
        assert v.kind == e[0] and tuple(v)[:len(e)] == tuple(e)
        if "player" in v._fields and v.player is not None:
            assert v.player in (0, 1, -1) or game == "essveil"


def test_the_kind_of_any_event():
    """Shared code tests a kind with ``event_kind``: it works for a game that names no
    fields (its view is the plain event, a list when it came over the network) and for
    no event at all."""
    from support.toy_game import PLAY, ToyMatch
    m = ToyMatch.new(seed=3)
    e = m.apply(next(a for a in m.legal_actions() if a[0] == PLAY))[0]
    assert m.event(e) == e and event_kind(e) == e[0] == "play"
    assert event_kind(["turn", 1, 0]) == "turn" and event_kind(()) is None
    v = event_view(["draw", 1, 7], get_game("evons").match_class.EVENTS)
    assert (v.kind, v.player, v.inst) == ("draw", 1, 7)


def test_shared_code_reaches_a_games_knowledge_through_its_spec(tmp_path, monkeypatch):
    """Each game's rules, words, previews, AI knowledge and lessons are modules of its own
    folder, found through its spec; a game without one (the toy) has none, and a broken
    import inside a game's module is not mistaken for a missing one."""
    import pytest

    from engine.core import gameparts
    from support.toy_game import ToyMatch
    for game in ("everdawn", "evons", "essveil"):
        spec = get_game(game)
        for name in ("text", "preview", "evaluation", "tactics", "advice", "tutorial"):
            mod = spec.part(name)
            assert mod is not None and mod.__name__ == f"engine.{game}.{name}"
    assert gameparts.part(ToyMatch, "tactics") is None
    pkg = tmp_path / "fourthgame"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "tactics.py").write_text("import no_such_module_of_cardhall\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    match_class = type("Match", (), {"__module__": "fourthgame.match"})
    assert gameparts.part(match_class, "preview") is None
    with pytest.raises(ModuleNotFoundError):
        gameparts.part(match_class, "tactics")
