"""Each engine's description of a card in play (``engine/<game>/state.py``): the cases
players met — an Ember Sprite wearing Phase Cloak is 3/2 "Swift. Veilstep.", a Dune
Raider after Wild Growth is 5/4, a silenced Bastion Golem has no Guard and no Aegis, a
spent Aegis is gone from the text; an Everdawn set creature keeps its defense — and the
zoom's sentences put the printed values beside the current ones."""
from engine.essveil import match as SM
from engine.essveil.state import card_state as essveil_state
from engine.essveil.testing import scenario as essveil_scenario
from engine.everdawn import match as EM
from engine.everdawn.state import card_state as everdawn_state
from engine.everdawn.testing import scenario as everdawn_scenario


def _essveil(*board):
    m = essveil_scenario(boards=(list(board), []))
    return m, [essveil_state(m, c["uid"]) for c in m.creatures(0)]


def test_equipment_and_spells_show_in_the_numbers_keywords_and_text():
    _m, (sprite, raider) = _essveil({"card": "ember_sprite", "equip": "phase_cloak"}, "dune_raider")
    assert (sprite.stat("Might").now, sprite.stat("Endurance").now) == (3, 2)
    assert sprite.keywords == ("Swift", "Veilstep") and sprite.text == "Swift. Veilstep."
    assert sprite.gained == (("Veilstep", "Phase Cloak"),)
    assert sprite.lines()[:2] == ["Might/Endurance 3/2 (printed 2/1)", "Might 3: printed 2, +1 from Phase Cloak."]
    m = essveil_scenario(boards=(["dune_raider"], []), hands=(["wild_growth"], []))
    uid = m.creatures(0)[0]["uid"]
    m.apply(SM.play(0, uid))
    raider = essveil_state(m, uid)
    assert raider.summary() == "Might/Endurance 5/4 (printed 3/2)"


def test_silence_and_a_spent_aegis_leave_the_face():
    _m, (golem, spent) = _essveil({"card": "bastion_golem", "silenced": True},
                                  {"card": "bastion_golem", "aegis": False, "damage": 3})
    assert golem.keywords == () and golem.silenced and golem.text == "Silenced."
    assert "Silenced: Guard, Aegis." in golem.lines()
    assert spent.keywords == ("Guard",) and spent.text == "Guard." and spent.spent == ("Aegis",)
    assert spent.left == 6 and "Damage 3, 6 left." in spent.lines() and "Aegis spent." in spent.lines()
    _m, (plain,) = _essveil("bastion_golem")
    assert plain.text is None and not plain.changed and plain.lines() == []


def test_an_everdawn_set_creature_keeps_its_defense_and_says_what_it_gives():
    m = everdawn_scenario(["vale_archer", ("oathsworn_knight", "plate_armour"), None, "high_king_arenor"],
                          ["dawn_seers"])
    m.apply((EM.SET, 1, 0))                                    # the knight is set on lane 1
    st = everdawn_state(m, (0, 1))
    atk, dfn = m.stats(0, 1)
    assert (st.stat("Attack").now, st.stat("Defense").now) == (atk, dfn) and dfn > 5
    assert any(n.startswith("Set: gives +2/+2 to Vale Archer in lane 1") for n in st.notes)
    assert ("(printed 4/5)" in st.lines()[0]) and any("High King Arenor" in x for x in st.lines())
    archer = everdawn_state(m, (0, 0))
    assert any("from set Oathsworn Knight" in x for x in archer.lines())


def test_an_evons_flipped_card_says_who_controls_it_in_the_screens_words():
    """The zoom of a card a flip took: who controls it now and whose card it is, in the
    words of the screen ("You control it now (the AI's card)"), never "Player 2"."""
    from engine.core.harness import random_game
    from engine.core.text import Names
    from engine.evons.match import EvonsMatch
    from engine.evons.state import card_state as evons_state
    found = None
    for seed in range(1, 30):
        m0, acts = random_game("evons", seed)
        m = EvonsMatch.from_json(m0.to_json())
        for inst in range(len(m.pos)):
            st = evons_state(m, inst)
            if st is not None and st.owner >= 0:
                found = st
                break
        if found:
            break
    assert found is not None, "no flipped card in 30 random games"
    c, o = found.controller, found.owner
    names = ["", ""]
    names[c], names[o] = "you", "the AI"
    line = [x for x in found.lines(Names(names)) if x.startswith("Flipped")]
    assert line == ["Flipped: You control it now (the AI's card)."]
    assert [x for x in found.lines() if x.startswith("Flipped")] == \
        [f"Flipped: Player {c + 1} controls it now (Player {o + 1}'s card)."]
