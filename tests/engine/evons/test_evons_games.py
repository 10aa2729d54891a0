"""Seeded Evons games: the same games whatever the engine's speed-ups; guesses at hidden cards.

Seeded random Evons games stay the same games, action by action, whatever the engine's
speed work changes (issue #21 point 4).

The digests below were recorded before the sixth speed stop (2026-12-02, at 8a3d9df) from
``harness.random_game`` itself (the bench's loop and its random numbers): every action of
300 seeded games on the starter decks and 90 with the rules in testing, each game's winner,
reason and turns; then every event list and the final state (JSON) of 60 of them, replayed
through ``apply``. A faster engine, RNG or self-play loop must give exactly these games.
Re-recorded on 2026-12-02 for the seventh stop's starter decks (Ember Quake: a Granite Bear
for each Stone Wall; Verdant Tide: a Stone Wall for each Moss Tortoise); a change of the
starter decks re-records both digests (print ``_digest(_games())`` and ``_digest(_events())``).

A guess at hidden cards must never contradict what a player knows."""
import hashlib
import json
from engine.core.harness import random_game, starter_pair
from engine.evons.match import EvonsMatch
from engine.evons.text import WHY
from engine.core.record import MatchRecord
from engine.evons.cards import CARD_IS_BLOCK
from engine.fuzz import _options_for, fuzz_game


OPTIONS = ({"color_synergy": True}, {"mulligan_variant": True}, {"magnetism_self": True})

ACTIONS_DIGEST = "fbeef03857863bfe6fa421d2"
EVENTS_DIGEST = "08b12176ff39941bce32b9ea"  # 2026-12-04: conflicts carry their cells (the old digest is this one less them)


def _digest(items) -> str:
    h = hashlib.sha256()
    for x in items:
        h.update(json.dumps(x, separators=(",", ":"), default=list).encode())
    return h.hexdigest()[:24]


def _games():
    for seed in range(1, 301):
        m, acts = random_game("evons", seed)
        r = m.result()       # (the reason in the words it had when the digest was recorded)
        yield [acts, r.winner, f"{WHY[r.reason]}; score {r.details['score'][0]}–{r.details['score'][1]}", m.turn()]
    for seed in range(1, 91):
        m, acts = random_game("evons", seed, options=OPTIONS[seed % 3])
        yield [acts, m.result().winner, m.turn()]


def _events():
    for seed in range(1, 61):
        opts = OPTIONS[seed % 3] if seed % 2 else None
        _, acts = random_game("evons", seed, options=opts)
        m = EvonsMatch.new(starter_pair("evons", seed), seed, opts)
        yield [m.apply(a, check=False) for a in acts]
        yield m.to_json()


def test_random_games_are_the_recorded_games():
    assert _digest(_games()) == ACTIONS_DIGEST


def test_random_games_have_the_recorded_events_and_end_states():
    assert _digest(_events()) == EVENTS_DIGEST



def test_covered_cards_are_guessed_as_monsters_never_blocks():
    """Blocks are always played face-up, so a covered card in a guess is always a monster
    (otherwise Magnetism would be offered or not depending on hidden cards)."""
    seed0, i = 7000, 23  # found by `python -m engine fuzz evons --games 40 --seed 7000`
    rec, probs = fuzz_game("evons", seed0 + i, options=_options_for("evons", seed0, i))
    assert probs == []
    m = MatchRecord(rec.game, rec.decks, rec.seed, rec.options, rec.actions[:29]).replay()
    me = m.to_move()
    covered = [i for i in range(len(m.cardof)) if m.pos[i] >= 0 and m.is_covered(i)]
    assert covered
    for k in range(60):
        d = m.determinize(me, k)
        assert not any(CARD_IS_BLOCK[d.cardof[i]] for i in covered)
        assert sorted(d.legal_actions()) == sorted(m.legal_actions())
