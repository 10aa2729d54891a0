"""A guess at hidden cards must never contradict what a player knows."""
from engine.core.record import MatchRecord
from engine.evons.cards import CARD_IS_BLOCK
from engine.fuzz import _options_for, fuzz_game


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
